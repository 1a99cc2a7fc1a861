import Dispatch
import FluxCore
import FluxCoreTesting
import TestSupport
import Testing

/// `ObservedProperty` tracks fields.
///
/// A reader of one field is invalidated when that field changes, and not by another field or an equal value.
/// Each case also reads the field through `value`, as a screen did before
/// fields could be read on their own, and shows that reader invalidated by
/// every change.
@MainActor
@Suite struct ObservedFieldsTests {
  struct Profile: Equatable, Sendable {
    var name = "Ada"
    var lastSeen = 0
    var address = Address()
    /// A computed field: tracked through its key path, not where it is stored.
    var initial: String { String(name.prefix(1)) }
  }

  struct Address: Equatable, Sendable {
    var city = "London"
  }

  /// A state that is not `Equatable`: only its fields can be compared.
  struct Session: Sendable {
    var user = "Ada"
    var ticks = 0
  }

  /// Readers of `name`, of `lastSeen`, of a nested field, of the whole
  /// value, and of `name` through the whole value (the old way); one change.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  func invalidations(after change: (inout Profile) -> Void) async -> [String: Int] {
    let state = Variable(Profile())
    let profile = ObservedProperty(state.asProperty())
    let readers = [
      "name": InvalidationCounter { _ = profile.name },
      "lastSeen": InvalidationCounter { _ = profile.lastSeen },
      "city": InvalidationCounter { _ = profile.address.city },
      "value": InvalidationCounter { _ = profile.value },
      "value.name": InvalidationCounter { _ = profile.value.name },
    ]

    state.update(change)
    await mainTurns()

    return readers.mapValues(\.invalidations)
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aChangeOfAnotherFieldInvalidatesNoReaderOfThisOne() async {
    let counts = await invalidations { $0.lastSeen = 1 }

    #expect(counts == ["name": 0, "lastSeen": 1, "city": 0, "value": 1, "value.name": 1])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aChangeOfAFieldInvalidatesItsReaders() async {
    let counts = await invalidations { $0.name = "Grace" }

    #expect(counts == ["name": 1, "lastSeen": 0, "city": 0, "value": 1, "value.name": 1])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aNestedFieldIsAFieldOfItsOwn() async {
    let counts = await invalidations { $0.address.city = "Paris" }

    #expect(counts == ["name": 0, "lastSeen": 0, "city": 1, "value": 1, "value.name": 1])
  }

  /// Each change is compared with the field's value at the change before,
  /// not at the first read: a field that changes, stays, and changes back
  /// invalidates its readers at the first and the third change only; a
  /// computed field, the same.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func successiveChangesAreEachComparedWithTheFieldsLastValue() async {
    let state = Variable(Profile())
    let profile = ObservedProperty(state.asProperty())
    let name = InvalidationCounter { _ = profile.name }
    let initial = InvalidationCounter { _ = profile.initial }
    var seen: [[Int]] = []

    for change in [{ $0.name = "Grace" }, { $0.lastSeen = 1 }, { $0.name = "Ada" }]
      as [(inout Profile) -> Void]
    {
      state.update(change)
      await mainTurns()
      seen.append([name.invalidations, initial.invalidations])
    }

    #expect(seen == [[1, 1], [1, 1], [2, 2]])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func anEqualValueInvalidatesNobody() async {
    let counts = await invalidations { $0.name = "Ada" }

    #expect(counts == ["name": 0, "lastSeen": 0, "city": 0, "value": 0, "value.name": 0])
  }

  /// Of a state that is not `Equatable`, every write invalidates readers of
  /// the whole value, and a field's readers only when the field changed.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func ofAStateThatIsNotEquatableFieldsAreStillCompared() async {
    let state = Variable(Session())
    let session = ObservedProperty(state.asProperty())
    let user = InvalidationCounter { _ = session.user }
    let whole = InvalidationCounter { _ = session.value }

    state.update { $0.ticks += 1 }
    await mainTurns()

    #expect(user.invalidations == 0)
    #expect(whole.invalidations == 1)
  }

  /// A burst of writes from another thread reaches a field's reader once,
  /// with the latest value, and no other field's reader.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aBurstFromAnotherThreadInvalidatesAFieldsReaderOnceWithTheLatestValue() async {
    let state = Variable(Profile())
    let profile = ObservedProperty(state.asProperty())
    var seen: [Int] = []
    let lastSeen = InvalidationCounter { seen.append(profile.lastSeen) }
    let name = InvalidationCounter { _ = profile.name }

    // The main actor waits while the burst runs, so no turn comes between.
    let done = DispatchSemaphore(value: 0)
    startThread {
      for tick in 1...1_000 { state.update { $0.lastSeen = tick } }
      done.signal()
    }
    done.wait()
    await mainTurns()

    #expect(lastSeen.invalidations == 1)
    #expect(seen.last == 1_000)
    #expect(name.invalidations == 0)
  }
}
