import FluxCore

/// Tests a store exhaustively: every action sent through one dispatcher,
/// and every change of the store's state, asserted in order.
///
/// Give it the dispatcher and a snapshot of the state, drive the feature as
/// a user would, and assert what happened, one action at a time, with the
/// state change each caused written as a mutation of the state before it:
///
/// ```swift
/// @Test func searching() async {
///   let dispatcher = SearchDispatcher()
///   let store = SearchStore(dispatcher: .init(dispatcher))
///   let tester = StoreTester(dispatcher) { store.results.value }
///   let actions = SearchActionCreator(api: api, dispatcher: .init(dispatcher))
///
///   actions.search(query: "json")
///   await tester.receive(\.request, SearchRequest(query: "json")) { $0 = .loading(previous: nil) }
///   await tester.receive(\.loading, true)
///   await tester.receive(\.items, firstPage) { $0 = .loaded(firstPage.items) }
///   await tester.receive(\.loading, false)
///   await tester.finish()
/// }
/// ```
///
/// A test that leaves an action, or a change of the state, unasserted
/// fails when it calls ``finish(timeout:fileID:filePath:line:column:)`` (or,
/// without it, when the tester is freed), with the action or a line-by-line
/// difference of the state; so does an action sent after `finish` while the
/// tester lives. Work that may still send actions, such as an action
/// creator's task, is waited for with
/// ``finish(waitingFor:timeout:fileID:filePath:line:column:)``. With
/// ``Exhaustivity/off``, only what is asserted is checked. Failures go to
/// the framework that runs the test, from whatever thread they are found
/// on: Swift Testing or XCTest.
///
/// > Important: The tester sees the actions sent through views of the
/// > dispatcher (`AnyObserverDispatcher`), as `DispatchLog` does, and
/// > only those: not what is dispatched to a subject directly. It takes the
/// > state after an action just before the next action is sent, or, for the
/// > last one, once everything sent has been delivered; so it attributes to
/// > each action what happened until the next. Send actions from one thread
/// > or actor at a time, as action creators do.
public final class StoreTester<Dispatcher: DispatcherType, State: Equatable & Sendable>: Sendable {
  private let dispatcher: Dispatcher
  private let readState: @Sendable () -> State
  let record: Lock<StoreTesterRecord<State>>
  let arrivals: ConditionWaiters
  /// The dispatcher's subjects: their names, and their delivery barriers.
  let subjects: [ObjectIdentifier: (name: String, deliveries: any DeliveryWaiting)]
  private let observation: any Disposable
  let timeout: Duration
  private let site: CallSite

  /// Starts recording the actions sent through views of `dispatcher`, with
  /// `state` as the state they change.
  ///
  /// Make the tester after the store, so that the state it starts from is
  /// the store's initial state.
  ///
  /// - Parameters:
  ///   - dispatcher: The dispatcher whose actions to check.
  ///   - exhaustivity: Whether to check everything or only what is asserted.
  ///   - timeout: How long each wait for an action may take before it fails.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  ///   - state: Returns the store's state now: an `Equatable` snapshot of
  ///     the properties the test checks.
  public init(
    _ dispatcher: Dispatcher,
    exhaustivity: Exhaustivity = .on,
    timeout: Duration = .seconds(5),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    state: @escaping @Sendable () -> State
  ) {
    self.dispatcher = dispatcher
    readState = state
    self.timeout = timeout
    site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let record = Lock(StoreTesterRecord(asserted: state(), exhaustivity: exhaustivity))
    self.record = record
    let arrivals = ConditionWaiters()
    self.arrivals = arrivals
    var subjects: [ObjectIdentifier: (name: String, deliveries: any DeliveryWaiting)] = [:]
    for child in Mirror(reflecting: dispatcher).childrenWithSuperclasses {
      guard let subject = child.value as? any DeliveryWaiting else { continue }
      subjects[ObjectIdentifier(subject)] = ("\(Dispatcher.self).\(child.label ?? "?")", subject)
    }
    self.subjects = subjects
    observation = DispatchLog.observe(
      dispatcher,
      around: { [arrivals] sent in
        // Before the action is delivered: the state after the one before it.
        let stateBefore = state()
        let subject = sent.subject ?? ObjectIdentifier(Dispatcher.self)
        let action = ReceivedAction<State>(
          subject: subject, description: sent.description, value: sent.value)
        let finishedAt = record.withLock { $0.append(action, stateBefore: stateBefore) }
        arrivals.stateChanged()
        // On the dispatching thread, whichever it is.
        if let finishedAt { reportFailure(Self.sentAfterFinish(sent.description), at: finishedAt) }
        // Once `dispatch` has returned, the action is delivered or queued in
        // the subject, where a wait for its delivery finds it.
        return {
          record.withLock { $0.dispatchReturned(to: subject) }
          arrivals.stateChanged()
        }
      })
  }

  deinit {
    observation.dispose()
    let leftOver = record.withLock { $0 }
    guard leftOver.finishedAt == nil, leftOver.exhaustivity == .on else { return }
    reportLeftOver(leftOver, stateNow: readState(), at: site)
  }

  /// Whether everything must be asserted; see ``Exhaustivity``.
  public var exhaustivity: Exhaustivity {
    get { record.withLock { $0.exhaustivity } }
    set { record.withLock { $0.exhaustivity = newValue } }
  }

  /// The state as the test has asserted it so far: the state the next
  /// mutation applies to.
  ///
  /// Inside the mutation given to `receive`, it is the state before the
  /// action, as the mutation's argument starts out; once `receive`
  /// returns, the state after it.
  public var state: State {
    record.withLock { $0.asserted }
  }

  /// The name of the subject at `keyPath`, as in `SearchDispatcher.items`.
  func name<Element>(of keyPath: KeyPath<Dispatcher, DispatchSubject<Element>>) -> String {
    subjects[ObjectIdentifier(dispatcher[keyPath: keyPath])]?.name ?? "\(keyPath)"
  }

  /// The identity of the subject at `keyPath`.
  func identity<Element>(of keyPath: KeyPath<Dispatcher, DispatchSubject<Element>>)
    -> ObjectIdentifier
  {
    ObjectIdentifier(dispatcher[keyPath: keyPath])
  }

  /// Takes the unasserted actions up to `index`, with the state the test
  /// had asserted before them and the state after the last of them.
  ///
  /// `stateNow` stands in for the state after if no action came after.
  /// The asserted state stays as it was until ``accept(_:)``, so that a
  /// mutation sees the state before the action.
  func take(through index: Int, stateNow: State) -> (
    taken: [ReceivedAction<State>], before: State, after: State
  ) {
    record.withLock { record in
      let taken = Array(record.received[...index])
      record.received.removeFirst(index + 1)
      return (taken, record.asserted, taken[index].stateAfter ?? stateNow)
    }
  }

  /// Makes `state` the state the test has asserted.
  func accept(_ state: State) {
    record.withLock { $0.asserted = state }
  }

  /// Reads the store's state now.
  func currentState() -> State {
    readState()
  }

  /// The unasserted actions and the exhaustivity, for reports.
  var pending: StoreTesterRecord<State> {
    record.withLock { $0 }
  }

  /// Marks the test finished at `site`, and returns what it left
  /// unasserted: nothing more is reported when the tester is freed, and an
  /// action sent from now on is reported at `site`.
  func markFinished(stateNow: State, at site: CallSite) -> StoreTesterRecord<State> {
    record.withLock { record in
      defer {
        record.finishedAt = site
        record.received = []
        record.asserted = stateNow
      }
      return record
    }
  }

  /// The failure for an action sent after `finish`.
  static func sentAfterFinish(_ action: String) -> String {
    "\(action) was sent after finish(): the test ended while work was still sending actions; "
      + "wait for it (finish(waitingFor:)), or receive the action before finish()"
  }
}
