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
/// difference of the state. With ``Exhaustivity/off``, only what is asserted
/// is checked. Failures go to the framework that runs the test: Swift
/// Testing or XCTest.
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
  private let record: Lock<StoreTesterRecord<State>>
  private let arrivals: ConditionWaiters
  /// The dispatcher's subjects: their names, and their delivery barriers.
  private let subjects: [ObjectIdentifier: (name: String, deliveries: any DeliveryWaiting)]
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
    for child in Mirror(reflecting: dispatcher).children {
      guard let subject = child.value as? any DeliveryWaiting else { continue }
      subjects[ObjectIdentifier(subject)] = ("\(Dispatcher.self).\(child.label ?? "?")", subject)
    }
    self.subjects = subjects
    observation = DispatchLog.observe(dispatcher) { [arrivals] sent in
      // Before the action is delivered: the state after the one before it.
      let stateBefore = state()
      record.withLock { record in
        record.append(
          ReceivedAction(
            subject: sent.subject ?? ObjectIdentifier(Dispatcher.self),
            description: sent.description, value: sent.value),
          stateBefore: stateBefore)
      }
      arrivals.stateChanged()
    }
  }

  deinit {
    observation.dispose()
    let (isFinished, leftOver) = record.withLock { ($0.isFinished, $0) }
    guard !isFinished, leftOver.exhaustivity == .on else { return }
    reportLeftOver(leftOver, stateNow: readState(), at: site)
  }

  /// Whether everything must be asserted; see ``Exhaustivity``.
  public var exhaustivity: Exhaustivity {
    get { record.withLock { $0.exhaustivity } }
    set { record.withLock { $0.exhaustivity = newValue } }
  }

  /// The state as the test has asserted it so far: the state the next
  /// mutation applies to.
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

  /// Waits until every action sent so far has been delivered.
  func waitForDeliveries() async {
    for (_, subject) in subjects { await subject.deliveries.waitUntilDelivered() }
  }

  /// Waits, at most `timeout`, until an unasserted action satisfies
  /// `isWanted`; returns its index among the unasserted actions.
  func waitForAction(
    timeout: Duration?,
    where isWanted: @escaping (ReceivedAction<State>) -> Bool,
    isolation: isolated (any Actor)? = #isolation
  ) async -> Int? {
    var index: Int?
    _ = await arrivals.wait(
      until: {
        index = record.withLock { $0.received.firstIndex(where: isWanted) }
        return index != nil
      }, timeout: timeout ?? self.timeout)
    return index
  }

  /// Takes the unasserted actions up to `index`, and the state after the
  /// last of them; `stateNow` stands in for it if no action came after.
  func take(through index: Int, stateNow: State) -> (
    taken: [ReceivedAction<State>], before: State, after: State
  ) {
    record.withLock { record in
      let taken = Array(record.received[...index])
      record.received.removeFirst(index + 1)
      let before = record.asserted
      let after = taken[index].stateAfter ?? stateNow
      record.asserted = after
      return (taken, before, after)
    }
  }

  /// Reads the store's state now.
  func currentState() -> State {
    readState()
  }

  /// The unasserted actions and the exhaustivity, for reports.
  var pending: StoreTesterRecord<State> {
    record.withLock { $0 }
  }

  /// Marks the test finished: nothing more is reported when the tester is
  /// freed.
  func markFinished(stateNow: State) {
    record.withLock { record in
      record.isFinished = true
      record.received = []
      record.asserted = stateNow
    }
  }
}
