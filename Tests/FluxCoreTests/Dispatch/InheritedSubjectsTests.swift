import FluxCore
import FluxCoreTesting
import Testing

/// What apps share between dispatchers: a base class with the subjects
/// every feature has.
class AppDispatcher: @unchecked Sendable {
  // Safe: every stored property is a `let` of a Sendable type.
  let failed = DispatchSubject<String>()
}

/// A feature's dispatcher, which inherits `failed`, and forwards one subject
/// it does not store.
final class ProfileDispatcher: AppDispatcher, DispatcherType, @unchecked Sendable {
  // Safe: every stored property is a `let` of a Sendable type.
  static let shared = ProfileDispatcher()
  let renamed = DispatchSubject<String>()
  private let storage = Storage()
  /// A subject reached through a computed property: no stored property of
  /// the dispatcher holds it, so nothing can name it.
  var forwarded: DispatchSubject<Int> { storage.forwarded }

  final class Storage: Sendable {
    let forwarded = DispatchSubject<Int>()
  }
}

/// The profile's state, for the store tester.
final class ProfileStore: Store, @unchecked Sendable {
  // Safe: every stored property is a `let` of a Sendable type.
  let name = Variable("")
  let failure = Variable<String?>(nil)

  init(_ dispatcher: AnyObservableDispatcher<ProfileDispatcher>) {
    super.init()
    bind(dispatcher.renamed, to: name)
    bind(dispatcher.failed.map { Optional($0) }, to: failure)
  }

  var state: ProfileState { ProfileState(name: name.value, failure: failure.value) }
}

struct ProfileState: Equatable, Sendable {
  var name = ""
  var failure: String?
}

/// Subjects a dispatcher inherits from its superclass are its subjects to
/// every tool scoped to it: the log, its labels and the store tester; and an
/// action sent through its view to a subject no stored property holds is
/// still seen, not lost.
@Suite struct InheritedSubjectsTests {
  @Test func aLogOfADispatcherSeesTheActionsOfTheSubjectsItInherits() {
    let dispatcher = ProfileDispatcher()
    let actions = AnyObserverDispatcher(dispatcher)
    let log = TestRecorder<String>()
    let observation = DispatchLog.observe(dispatcher) { log.handler("\($0)") }

    actions.renamed.dispatch("Ada")
    actions.failed.dispatch("offline")
    observation.dispose()

    assertValues(
      log, equal: ["ProfileDispatcher.renamed ← Ada", "ProfileDispatcher.failed ← offline"])
  }

  @Test func anActionToASubjectNoStoredPropertyHoldsIsLoggedNotLost() {
    let dispatcher = ProfileDispatcher()
    let log = TestRecorder<String>()
    let observation = DispatchLog.observe(dispatcher) { log.handler("\($0.value)") }

    AnyObserverDispatcher(dispatcher).forwarded.dispatch(7)
    AnyObserverDispatcher(ProfileDispatcher()).forwarded.dispatch(8)  // another dispatcher's
    observation.dispose()

    assertValues(log, equal: ["7"])
  }

  @Test func theStoreTesterAssertsActionsSentToInheritedSubjects() async {
    let dispatcher = ProfileDispatcher()
    let store = ProfileStore(AnyObservableDispatcher(dispatcher))
    let tester = StoreTester(dispatcher) { store.state }
    let actions = AnyObserverDispatcher(dispatcher)

    actions.renamed.dispatch("Ada")
    actions.failed.dispatch("offline")

    await tester.receive(\.renamed, "Ada") { $0.name = "Ada" }
    await tester.receive(\.failed, "offline") { $0.failure = "offline" }
    await tester.finish()
  }

  /// Left unasserted, an action to an inherited subject fails the test at
  /// `finish()`, as any other.
  @Test func theStoreTesterFailsForAnInheritedSubjectsActionLeftUnasserted() async {
    let dispatcher = ProfileDispatcher()
    let store = ProfileStore(AnyObservableDispatcher(dispatcher))
    let tester = StoreTester(dispatcher) { store.state }

    AnyObserverDispatcher(dispatcher).failed.dispatch("offline")

    await withKnownIssue {
      await tester.finish()
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains(
          "1 action was received but not asserted:\n  ProfileDispatcher.failed ← offline")
      }
    }
  }
}
