import Observation

/// A store's ``Property``, readable from SwiftUI and any code that uses the
/// `Observation` module: reading ``value`` inside `withObservationTracking`
/// (as a SwiftUI `body` does) registers the dependency, and a change of the
/// store's property reaches it on the main actor.
///
/// ```swift
/// struct ResultsView: View {
///   @State private var results = ObservedProperty(store.results)
///
///   var body: some View {
///     List(results.value.value ?? []) { item in Text(item.title) }
///   }
/// }
/// ```
///
/// Changes arrive latest-only: a burst of writes to the store's property
/// costs one main-queue hop and one change of ``value``, with the newest
/// state, so a view never renders a state that a later write of the same
/// burst replaced. They arrive once the action that made them has been
/// delivered, in the same main-actor turn as everything else that action
/// changed, so two `ObservedProperty` objects of two stores never show one
/// store's new state beside the other's old one (guarantee 10). When `Value` is `Equatable`, a write of an equal value
/// changes nothing and notifies nobody.
///
/// > Important: The object holds one subscription to the store's property
/// > and ends it when it is freed: keep it for as long as the view shows it.
/// > ``value`` holds the property's current value as soon as the initializer
/// > returns; later changes arrive on a later turn of the main actor.
///
/// The `Observation` module needs macOS 14, iOS 17, tvOS 17 or watchOS 10;
/// on older systems, observe the property with
/// ``ObservableType/observeOnMainActor(_:)`` or
/// ``ObservableType/assign(to:on:)``.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
public final class ObservedProperty<Value: Sendable>: Observation.Observable {
  private let registrar = ObservationRegistrar()
  private var storage: Value
  private let isDuplicate: (@Sendable (Value, Value) -> Bool)?
  private let subscription = DisposableSlot()

  /// Observes `property` on the main actor.
  ///
  /// - Parameter property: A store's property.
  public convenience init(_ property: Property<Value>) {
    self.init(property, isDuplicate: nil)
  }

  /// Observes `property` on the main actor, ignoring writes of a value equal
  /// to the current one.
  ///
  /// - Parameter property: A store's property.
  public convenience init(_ property: Property<Value>) where Value: Equatable {
    self.init(property, isDuplicate: { $0 == $1 })
  }

  private init(_ property: Property<Value>, isDuplicate: (@Sendable (Value, Value) -> Bool)?) {
    storage = property.value
    self.isDuplicate = isDuplicate
    subscription.fill(
      with: property.observeOnMainActor(receiving: .latestValue) {
        [weak self] value in self?.receive(value)
      })
  }

  deinit {
    subscription.dispose()
  }

  /// The store's value, as of the latest main-actor turn that brought a
  /// change.
  ///
  /// Reading it inside `withObservationTracking` (or a SwiftUI `body`)
  /// registers a dependency on it.
  public var value: Value {
    registrar.access(self, keyPath: \.value)
    return storage
  }

  private func receive(_ value: Value) {
    if let isDuplicate, isDuplicate(storage, value) { return }
    registrar.withMutation(of: self, keyPath: \.value) {
      storage = value
    }
  }
}
