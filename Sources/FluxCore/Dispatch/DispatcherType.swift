/// A class that groups the subjects of one feature: one ``DispatchSubject``
/// per concern (items, loading, error, …).
///
/// ```swift
/// final class SearchDispatcher: DispatcherType {
///   static let shared = SearchDispatcher()
///   let items = DispatchSubject<[Item]>()
///   let loading = DispatchSubject<Bool>()
///   let error = DispatchSubject<SearchError>()
/// }
/// ```
///
/// Nobody uses a dispatcher directly. Action creators hold an
/// ``AnyObserverDispatcher`` (send only) and stores hold an
/// ``AnyObservableDispatcher`` (receive only), so data can flow one way only.
/// Declare subjects with `let`: the views reach them through key paths, and a
/// `let` of a Sendable type keeps the dispatcher Sendable without effort.
public protocol DispatcherType: AnyObject, Sendable {
  /// The instance that the dispatcher views use when none is given: the app's
  /// one dispatcher for this feature. Tests can create their own instances.
  static var shared: Self { get }
}
