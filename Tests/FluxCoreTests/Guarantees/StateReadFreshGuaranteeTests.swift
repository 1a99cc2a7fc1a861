import Dispatch
import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

/// Guarantee 9: reading a state gives the latest value set, and so does
/// everything that reads state when an event arrives, even while another
/// thread is still delivering that state: `value`, a derived property,
/// `withLatestFrom` of a state, and the value replayed to a new subscriber.
final class StateReadFreshGuaranteeTests: XCTestCase {
  func testAVariableIsReadFreshWhileAnotherThreadDeliversIt() throws {
    let state = Variable(0)
    let held = try XCTUnwrap(HeldDelivery(of: state, setting: 1))

    state.value = 2  // queued behind the held delivery

    XCTAssertEqual(state.value, 2)
    XCTAssertEqual(state.asProperty().value, 2)
    XCTAssertTrue(held.release())
  }

  func testADerivedPropertyIsReadFreshWhileItsSourceIsBeingDelivered() throws {
    let state = Variable(0)
    let other = Variable(5)
    let tenfold = Property(derivedFrom: state.asProperty()) { $0 * 10 }
    let sum = Property(derivedFrom: state.asProperty(), other.asProperty()) { $0 + $1 }
    let held = try XCTUnwrap(HeldDelivery(of: state, setting: 1))

    state.value = 2

    XCTAssertEqual(tenfold.value, 20)
    XCTAssertEqual(sum.value, 7)
    XCTAssertTrue(held.release())
  }

  func testWithLatestFromReadsTheStateNowNotACopyWaitingToBeDelivered() throws {
    let state = Variable(0)
    let taps = DispatchSubject<Int>()
    let read = TestRecorder(taps.withLatestFrom(state) { tap, state in tap * 100 + state })
    let held = try XCTUnwrap(HeldDelivery(of: state, setting: 1))

    state.value = 2
    taps.dispatch(1)

    XCTAssertEqual(read.values, [102])
    XCTAssertTrue(held.release())
    read.dispose()
  }

  func testWithLatestFromOfAStateNeverDropsATriggerWhileTheStateIsBeingDelivered() throws {
    let state = Variable([String]())
    let property = state.asProperty()
    let taps = DispatchSubject<Void>()
    let held = try XCTUnwrap(HeldDelivery(of: state, setting: ["a"]))
    let chosen = TestRecorder(taps.withLatestFrom(property))  // subscribed while held

    state.value = ["a", "b"]
    taps.dispatch(())

    XCTAssertEqual(chosen.values, [["a", "b"]])
    XCTAssertTrue(held.release())
    chosen.dispose()
  }

  func testStatesMadeByOperatorsAreReadFreshByWithLatestFrom() throws {
    let state = Variable(1)
    let other = Variable(10)
    let taps = DispatchSubject<Int>()
    let derived = Property(derivedFrom: state.asProperty()) { $0 * 2 }
    let sources: [Observable<Int>] = [
      state.asObservable(), state.map { $0 + 1 }, state.distinctUntilChanged(),
      derived.asObservable(), Observable.combineLatest(state, other) { $0 + $1 },
      state.compactMap { $0 + 2 }, state.filter { $0 > 0 }, state.do(onNext: { _ in }),
      Observable.combineLatest(state, other, other, other) { $0 + $1 + $2 + $3 },
    ]
    let recorders = sources.map { TestRecorder(taps.withLatestFrom($0)) }
    let held = try XCTUnwrap(HeldDelivery(of: state, setting: 2))

    state.value = 3
    taps.dispatch(0)

    XCTAssertEqual(recorders.map(\.values), [[3], [4], [3], [6], [13], [5], [3], [3], [33]])
    XCTAssertTrue(held.release())
    for recorder in recorders { recorder.dispose() }
  }

  /// A `compactMap` or `filter` of a state may have no value, and is read fresh.
  ///
  /// RxSwift's `ReplaySubject(bufferSize: 1)`, a state with no value until
  /// its first, as FluxCore writes it: a `Variable<T?>` read through
  /// `compactMap`. `withLatestFrom` of it delivers nothing while it has no
  /// value, and then reads it fresh; a `filter` of a state has a value only
  /// while its value passes, never an older one that did.
  func testACompactMapOrFilterOfAStateHasNoValueWhileNothingPassesThenIsReadFresh() throws {
    let session = Variable<String?>(nil)
    let count = Variable(0)
    let taps = DispatchSubject<Int>()
    let signedIn = TestRecorder(taps.withLatestFrom(session.compactMap { $0 }) { "\($0) \($1)" })
    let even = TestRecorder(taps.withLatestFrom(count.filter { $0 % 2 == 0 }) { $0 * 100 + $1 })

    taps.dispatch(1)  // no session yet; 0 is even
    session.value = "ada"
    count.value = 1
    taps.dispatch(2)  // 1 is odd: nothing, not the 0 that passed before
    let held = try XCTUnwrap(HeldDelivery(of: session, setting: "ada"))
    session.value = "grace"  // queued behind the held delivery
    count.value = 2
    taps.dispatch(3)

    XCTAssertEqual(signedIn.values, ["2 ada", "3 grace"])
    XCTAssertEqual(even.values, [100, 302])
    XCTAssertTrue(held.release())
    signedIn.dispose()
    even.dispose()
  }

  func testWithLatestFromOfAnEventStreamWaitsForItsFirstEvent() {
    let events = DispatchSubject<Int>()
    let taps = DispatchSubject<Void>()
    let read = TestRecorder(taps.withLatestFrom(events))

    taps.dispatch(())
    events.dispatch(4)
    taps.dispatch(())

    XCTAssertEqual(read.values, [4])
    read.dispose()
  }

  func testAReplayIsTheLatestValueAndArrivesBeforeSubscribeReturns() throws {
    let state = Variable(0)
    let held = try XCTUnwrap(HeldDelivery(of: state, setting: 1))
    state.value = 2
    let before = state.value

    let seen = TestRecorder(state)
    let atOnce = seen.values

    XCTAssertEqual(before, 2)
    XCTAssertEqual(atOnce, [2])
    XCTAssertTrue(held.release())
    state.value = 3
    XCTAssertEqual(seen.values, [2, 3])  // not 2 again: it started after it
    seen.dispose()
  }

  func testAChangeThatArrivesWhileTheReplayRunsWaitsForItThenArrivesInOrder() throws {
    let state = Variable(0)
    let held = try XCTUnwrap(HeldDelivery(of: state, setting: 1))
    state.value = 2
    let log = TestRecorder<String>()
    let calls = TestAtomic(0)
    let gateWaits = TestRecorder<Bool>()

    let token = state.subscribe { value in
      if calls.add(1, ordering: .sequentiallyConsistent).newValue > 1 {
        log.handler("entered twice")
      }
      log.handler("got \(value)")
      if value == 2 {
        // The worker delivers what was queued and gives the role back; then
        // this thread changes the state, delivers the change itself, and
        // reaches this subscriber while its replay is still running.
        XCTAssertTrue(held.releaseAndWaitForTheSetter())
        state.value = 3
        // A wait for delivery counts the change held at the gate: it has
        // not arrived yet.
        gateWaits.handler(state.waitUntilDelivered(timeout: .zero))
        log.handler("replay returns")
      }
      calls.subtract(1, ordering: .sequentiallyConsistent)
    }
    let atReturn = log.values

    XCTAssertEqual(atReturn, ["got 2", "replay returns", "got 3"])
    XCTAssertEqual(gateWaits.values, [false])
    XCTAssertTrue(state.waitUntilDelivered(timeout: .seconds(10)))
    token.dispose()
  }

  func testWhileAnotherThreadFloodsSubscribeReturnsWithTheReplayAloneAndNothingIsLost() throws {
    let state = Variable(0)
    let held = try XCTUnwrap(HeldDelivery(of: state, setting: 1))
    let flooded = DispatchGroup()
    flooded.enter()
    DispatchQueue.global().async {
      for value in 2...1_000 { state.value = value }  // queued behind the held delivery
      flooded.leave()
    }
    XCTAssertEqual(flooded.wait(timeout: .now() + 10), .success)
    let seen = TestRecorder<Int>()

    let token = state.subscribe(seen.handler)
    let atReturn = seen.values
    XCTAssertTrue(held.release())

    XCTAssertEqual(atReturn, [1_000])
    XCTAssertEqual(seen.values, [1_000])  // it started after every change it saw replayed
    state.value = 1_001
    XCTAssertEqual(seen.values, [1_000, 1_001])
    token.dispose()
  }

  /// The accumulate pattern of Flux-with-RxSwift stores, ported from a real
  /// app as written.
  ///
  /// Answers arrive on worker threads (as URLSession's do)
  /// while a view thread subscribes to the state, reads it and disposes, as
  /// a table view does. Not one page may be lost.
  func testTheAccumulatePatternKeepsEveryUpdateWhileAViewSubscribesOnAnotherThread() {
    for through in UsersStore.StateRead.allCases {
      let dispatcher = UsersDispatcher()
      let store = UsersStore(dispatcher: AnyObservableDispatcher(dispatcher), through: through)
      let answers = AnyObserverDispatcher(dispatcher)
      let answered = Counter()
      let workers = 4
      let pages = 400

      runOnThreads(workers + 1) { thread in
        guard thread < workers else {
          // The view: subscribe, draw, read, dispose, until the answers are in.
          repeat {
            let drawn = Counter()
            let token = store.users.subscribe { users in
              drawn.increment(by: users.reduce(0) { $0 &+ $1.id })  // draw the rows
            }
            _ = store.users.value.count
            token.dispose()
          } while answered.value < workers
          return
        }
        for page in 0..<pages {
          answers.addUsers.dispatch([User(id: thread * pages + page)])
        }
        answered.increment()
      }

      XCTAssertTrue(dispatcher.addUsers.waitUntilDelivered(timeout: .seconds(30)))
      let ids = store.users.value.map(\.id)
      XCTAssertEqual(ids.count, workers * pages, "through \(through)")
      XCTAssertEqual(Set(ids), Set(0..<workers * pages), "through \(through)")
    }
  }
}

/// The users of the ported app's search screen.
struct User: Equatable, Sendable {
  let id: Int
}

/// The ported app's dispatcher: pages of users, as its API answers them.
final class UsersDispatcher: DispatcherType {
  static let shared = UsersDispatcher()
  let addUsers = DispatchSubject<[User]>()
}

/// The ported app's store: each page is appended to the users it holds,
/// read with `withLatestFrom`, as the app's RxSwift store did.
final class UsersStore: Store, @unchecked Sendable {
  /// How the store reads its own state when a page arrives.
  enum StateRead: CaseIterable {
    /// `withLatestFrom(_users)`, as the app wrote it.
    case variable
    /// Through a property derived from the state.
    case derivedProperty
    /// Through `combineLatest` of the state and a filter.
    case combineLatest
    /// Through `compactMap` of the state, as an app that ports
    /// `ReplaySubject(bufferSize: 1)` to a `Variable<T?>` reads it.
    case compactMap
    /// Through `filter` of the state.
    case filter
  }

  let users: Property<[User]>
  private let _users = Variable<[User]>([])
  private let _filter = Variable("")

  init(dispatcher: AnyObservableDispatcher<UsersDispatcher>, through read: StateRead) {
    users = _users.asProperty()
    super.init()
    let pages = dispatcher.addUsers
    switch read {
    case .variable:
      bind(pages.withLatestFrom(_users) { $1 + $0 }, to: _users)
    case .derivedProperty:
      let current = Property(derivedFrom: users) { $0 }
      bind(pages.withLatestFrom(current) { $1 + $0 }, to: _users)
    case .combineLatest:
      let shown = Observable.combineLatest(_users, _filter) { users, _ in users }
      bind(pages.withLatestFrom(shown) { $1 + $0 }, to: _users)
    case .compactMap:
      let loaded = _users.compactMap { Optional($0) }
      bind(pages.withLatestFrom(loaded) { $1 + $0 }, to: _users)
    case .filter:
      let valid = _users.filter { _ in true }
      bind(pages.withLatestFrom(valid) { $1 + $0 }, to: _users)
    }
  }
}
