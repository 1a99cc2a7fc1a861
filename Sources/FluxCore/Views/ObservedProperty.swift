import Observation

/// A store's ``Property``, readable from SwiftUI and any code that uses the
/// `Observation` module, field by field.
///
/// Reading inside `withObservationTracking` (as a SwiftUI `body` does)
/// registers a dependency on what was read, and only on that: ``value`` is
/// the whole value, and a field read through dynamic member lookup is that
/// field alone, invalidated only when the field's value changes (`==`).
///
/// ```swift
/// struct ProfileHeader: View {
///   let profile: ObservedProperty<Profile>  // made once, by the screen's owner
///
///   var body: some View {
///     Text(profile.name)  // not redrawn when `profile.lastSeen` changes
///   }
/// }
/// ```
///
/// Changes arrive latest-only: a burst of writes to the store's property
/// costs one main-queue hop and one change, with the newest state, so a
/// view never renders a state that a later write of the same burst
/// replaced. They arrive once the action that made them has been delivered,
/// in the same main-actor turn as everything else that action changed, so
/// two `ObservedProperty` objects of two stores never show one store's new
/// state beside the other's old one (guarantee 10). When `Value` is
/// `Equatable`, a write of an equal value notifies nobody; otherwise every
/// write invalidates readers of ``value``, and readers of fields only when
/// their field changed.
///
/// A field named `value` is reached as `observed.value.value`: the member
/// ``value`` is the whole value. Comparing the fields read so far is the
/// cost of a change: one `==` per field that some reader has read.
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
@dynamicMemberLookup
public final class ObservedProperty<Value: Sendable>: Observation.Observable {
  private let registrar = ObservationRegistrar()
  private var storage: Value
  private let isDuplicate: (@Sendable (Value, Value) -> Bool)?
  /// The fields some reader has read, each with how to tell that it
  /// changed between two values.
  private var fields: [AnyKeyPath: (Value, Value) -> Bool] = [:]
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
  /// registers a dependency on all of it.
  public var value: Value {
    registrar.access(self, keyPath: \.value)
    return storage
  }

  /// One field of the store's value: a dependency on that field only,
  /// invalidated when the field's value changes (`==`), whatever else
  /// changes.
  ///
  /// ```swift
  /// Text(profile.name)        // profile: ObservedProperty<Profile>
  /// Text(profile.address.city)
  /// ```
  ///
  /// - Parameter keyPath: The field, a key path into `Value`.
  /// - Returns: The field's value, as of the latest main-actor turn that
  ///   changed it.
  public subscript<Field: Equatable>(dynamicMember keyPath: KeyPath<Value, Field>) -> Field {
    if fields[keyPath] == nil {
      fields[keyPath] = { $0[keyPath: keyPath] != $1[keyPath: keyPath] }
    }
    registrar.access(self, keyPath: \.[field: keyPath])
    return storage[keyPath: keyPath]
  }

  /// The name under which the registrar tracks one field.
  private subscript(field field: AnyKeyPath) -> Int { 0 }

  private func receive(_ value: Value) {
    let wholeChanged = !(isDuplicate?(storage, value) ?? false)
    guard wholeChanged else { return }
    let changed = fields.compactMap { field, differ in differ(storage, value) ? field : nil }
    registrar.willSet(self, keyPath: \.value)
    for field in changed { registrar.willSet(self, keyPath: \.[field: field]) }
    storage = value
    for field in changed { registrar.didSet(self, keyPath: \.[field: field]) }
    registrar.didSet(self, keyPath: \.value)
  }
}
