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
/// together with everything else that action changed, so two
/// `ObservedProperty` objects of two stores never show one store's new
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
/// > ``value`` holds the property's value as soon as the initializer
/// > returns (as of the last finished action, if one is half-delivered on
/// > another thread). A change the main actor makes itself is here when its
/// > `dispatch` or setter returns; one from another thread arrives on a
/// > later turn of the main actor.
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
  /// changed between two values, and the name the registrar tracks it by
  /// (made once: a key path with an argument is an allocation).
  private var fields: [AnyKeyPath: Field] = [:]
  private let subscription = DisposableSlot()
  /// The name the registrar tracks ``value`` by, made once: in a generic
  /// class a key path literal is made anew, an allocation, at each use.
  private let valueName: KeyPath<ObservedProperty, Value> = \.value

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
    // As of the last finished action: a view made while an action is in
    // progress shows the state from before it (guarantee 10), and the views
    // already on screen show the actions finished so far.
    MainActorOutbox.catchUp()
    storage = StateStamp.readingCommitted { property.value }
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
    registrar.access(self, keyPath: valueName)
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
  public subscript<Member: Equatable>(dynamicMember keyPath: KeyPath<Value, Member>) -> Member {
    let name: KeyPath<ObservedProperty, Int>
    if let field = fields[keyPath] {
      name = field.name
    } else {
      // Named by a number, not by the key path: the registrar hashes the
      // name at every access, and an Int hashes in a few instructions.
      name = \.[field: fields.count]
      fields[keyPath] = Field(name: name, changes: Self.changeTest(of: keyPath, from: storage))
    }
    registrar.access(self, keyPath: name)
    return storage[keyPath: keyPath]
  }

  /// A field some reader has read.
  private struct Field {
    /// The name under which the registrar tracks it.
    let name: KeyPath<ObservedProperty, Int>
    /// Whether it differs in a new value from the last one it was tested
    /// with; keeps the new one.
    let changes: (Value) -> Bool
  }

  /// The test of one field, starting from its value in `value`.
  ///
  /// It keeps the field's last value, so a change reads each field once. A
  /// stored property is read where it lies in the value: projecting a key
  /// path is generic code, several hundred nanoseconds, and a change tests
  /// every field read.
  private static func changeTest<Member: Equatable>(
    of keyPath: KeyPath<Value, Member>, from value: Value
  ) -> (Value) -> Bool {
    let read: (Value) -> Member
    if let offset = MemoryLayout<Value>.offset(of: keyPath) {
      read = { value in
        withUnsafeBytes(of: value) { $0.load(fromByteOffset: offset, as: Member.self) }
      }
    } else {
      read = { $0[keyPath: keyPath] }
    }
    var last = read(value)
    return { value in
      let new = read(value)
      guard new != last else { return false }
      last = new
      return true
    }
  }

  /// The name under which the registrar tracks one field: its number, in
  /// the order fields were first read.
  private subscript(field number: Int) -> Int { 0 }

  private func receive(_ value: Value) {
    let wholeChanged = !(isDuplicate?(storage, value) ?? false)
    guard wholeChanged else { return }
    let changed = fields.values.compactMap { $0.changes(value) ? $0.name : nil }
    registrar.willSet(self, keyPath: valueName)
    for name in changed { registrar.willSet(self, keyPath: name) }
    storage = value
    for name in changed { registrar.didSet(self, keyPath: name) }
    registrar.didSet(self, keyPath: valueName)
  }
}
