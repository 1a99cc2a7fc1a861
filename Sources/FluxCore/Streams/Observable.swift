/// A type-erased, subscribe-only observable.
///
/// Operators return `Observable`, and a store exposes its streams as
/// `Observable` so that its readers can subscribe but never send. Create one
/// from any ``ObservableType`` with ``ObservableType/asObservable()``, or from a
/// subscribe function:
///
/// ```swift
/// let ticks = Observable<Int> { onNext in
///   let timer = Ticker(every: .seconds(1), onTick: onNext)
///   return AnyDisposable { timer.stop() }
/// }
/// ```
///
/// An `Observable` made by an operator holds its source strongly, so a chain
/// built from temporaries (`subject.map { … }.filter { … }`) stays alive for as
/// long as it has subscribers and is freed once they are disposed.
public struct Observable<Element: Sendable>: ObservableType {
  @usableFromInline
  let subscribeHandler: @Sendable (@escaping @Sendable (Element) -> Void) -> any Disposable

  /// Whether this observable delivers state or events; see
  /// ``ObservableType/preferredDeliveryMode``.
  public let preferredDeliveryMode: DeliveryMode

  /// How to read the current value, when this observable is a state or is
  /// made from states (see StateReading.swift).
  @usableFromInline
  let stateReader: (@Sendable () -> Element?)?

  /// Creates an observable from a subscribe function.
  ///
  /// - Parameters:
  ///   - preferredDeliveryMode: ``DeliveryMode/latestValue`` if it delivers
  ///     state, ``DeliveryMode/everyValue`` (the default) if events.
  ///   - subscribe: Called once per subscription with that subscription's
  ///     handler. It must call the handler serially and return a disposable
  ///     that stops the calls.
  @inlinable
  public init(
    preferredDeliveryMode: DeliveryMode = .everyValue,
    _ subscribe: @escaping @Sendable (@escaping @Sendable (Element) -> Void) -> any Disposable
  ) {
    self.init(preferredDeliveryMode: preferredDeliveryMode, stateReader: nil, subscribe)
  }

  /// Creates an observable from a subscribe function that can be read as a
  /// state with `stateReader`.
  @inlinable
  init(
    preferredDeliveryMode: DeliveryMode,
    stateReader: (@Sendable () -> Element?)?,
    _ subscribe: @escaping @Sendable (@escaping @Sendable (Element) -> Void) -> any Disposable
  ) {
    self.preferredDeliveryMode = preferredDeliveryMode
    self.stateReader = stateReader
    subscribeHandler = subscribe
  }

  /// Calls `onNext` with every value from now on, until the returned
  /// disposable is disposed.
  ///
  /// - Parameter onNext: The handler.
  /// - Returns: A disposable that ends the subscription.
  @inlinable
  public func subscribe(_ onNext: @escaping @Sendable (Element) -> Void) -> any Disposable {
    subscribeHandler(onNext)
  }

  /// Returns `self`: an `Observable` is already type-erased.
  @inlinable
  public func asObservable() -> Observable<Element> {
    self
  }
}

extension Observable: StateReading {}
