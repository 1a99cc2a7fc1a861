import FluxCore
import FluxCoreTesting
import Foundation
import TestSupport

/// Runs operations against FluxCore and against the reference model in
/// lockstep, and returns every difference between them.
final class ModelRunner: Sendable {

  final class CountingStore: Store, @unchecked Sendable {
    let last = Variable(0)
    let sum = Variable(0)

    init(_ source: DispatchSubject<Int>) {
      super.init()
      bind(source, to: last)
      bind(source, to: sum) { total, value in total + value }
    }
  }

  /// Two subjects with the delivery budgets the tests need.
  ///
  /// Subject 0 is used from the test thread only, with a budget of 0, so
  /// that a call that does not deliver everything it caused shows at once.
  /// Subject 1, dispatched to from several threads, has a small budget, so
  /// that calls hand deliveries over often.
  let subjects = [DispatchSubject<Int>(deliveryBudget: 0), DispatchSubject<Int>(deliveryBudget: 2)]
  let variable = Variable(0)
  let taps = [TestRecorder<Int>(), TestRecorder<Int>()]
  /// How many events of each subject each thread has delivered.
  let deliveriesByThread = [ThreadTally(), ThreadTally()]
  private let tapTokens: [any Disposable]
  let store: CountingStore
  private let probes = Lock<[Int: ModelProbe]>([:])
  private let violations = Lock<[String]>([])

  init() {
    tapTokens = (0..<2).map { [subjects, taps, deliveriesByThread] index in
      subjects[index].subscribe { value in
        deliveriesByThread[index].increment()
        taps[index].handler(value)
      }
    }
    store = CountingStore(subjects[0])
  }

  func violate(_ message: String) {
    violations.withLock { $0.append(message) }
  }

  private func register(_ probe: ModelProbe) {
    probes.withLock { $0[probe.id] = probe }
  }

  private func probe(_ id: Int) -> ModelProbe? {
    probes.withLock { $0[id] }
  }

  // MARK: The library side

  func subscribe(id: Int, subject: Int, chain: [ChainStep], behavior: Behavior) {
    var source = subjects[subject].asObservable()
    for step in chain {
      switch step {
      case .map(let add): source = source.map { $0 &+ add }
      case .filter(let divisor): source = source.filter { $0 % divisor == 0 }
      case .skip(let count): source = source.skip(count)
      case .take(let count): source = source.take(count)
      case .distinct: source = source.distinctUntilChanged()
      case .distinctWithin(let within):
        source = source.distinctUntilChanged { abs($0 - $1) <= within }
      case .scan(let initial): source = source.scan(initial) { $0 &+ $1 }
      case .startWith(let value): source = source.startWith(value)
      case .addLatestOfVariable: source = source.withLatestFrom(variable) { $0 &+ $1 }
      }
    }
    attach(ModelProbe(id: id), to: source, subject: subject, behavior: behavior)
  }

  func subscribeVariable(id: Int, replay: Bool, behavior: Behavior) {
    let source = replay ? variable.asObservable() : variable.changed
    attach(ModelProbe(id: id), to: source, subject: nil, behavior: behavior)
  }

  private func attach(
    _ probe: ModelProbe, to source: Observable<Int>, subject: Int?, behavior: Behavior
  ) {
    register(probe)
    let token = source.subscribe { [self] value in
      let (count, overlapped) = probe.enter(value)
      if overlapped { violate("#\(probe.id): handler entered while already running") }
      switch behavior {
      case .plain:
        break
      case .disposeSelf(let after):
        if count == after { probe.dispose() }
      case .redispatch(let times, let add):
        if count <= times, let subject { subjects[subject].dispatch(value + add) }
      case .subscribeAnother(let id):
        if count == 1, let subject {
          self.subscribe(id: id, subject: subject, chain: [], behavior: .plain)
        }
      case .disposeOther(let id):
        if count == 1 { dispose(id: id) }
      }
      probe.leave()
    }
    probe.hold(token)
  }

  func dispose(id: Int) {
    probe(id)?.dispose()
  }

  /// Dispatches distinct values from several threads at once; returns the
  /// order the subject delivered them in, after checking it.
  func dispatchConcurrently(subject: Int, threads: Int, perThread: Int, churn: Bool, base: Int)
    -> [Int]
  {
    let start = taps[subject].count
    let finished = Counter()
    let churned = TestRecorder<[Int]>()
    runOnThreads(threads + (churn ? 1 : 0)) { [self] thread in
      if thread == threads {
        // Short-lived subscriptions come and go while the others dispatch
        // (at most 200, so that churn cannot starve the dispatchers).
        var rounds = 0
        repeat {
          let seen = TestRecorder<Int>()
          let token = subjects[subject].subscribe(seen.handler)
          token.dispose()
          churned.handler(seen.values)
          rounds += 1
        } while finished.value < threads && rounds < 200
        return
      }
      // Guarantee 8: a call delivers on its own thread its own event, and
      // at most `deliveryBudget` others (these handlers dispatch nothing).
      let limit = 1 + subjects[subject].deliveryBudget
      for index in 0..<perThread {
        let before = deliveriesByThread[subject].count
        subjects[subject].dispatch(base + thread * 10_000 + index)
        let delivered = deliveriesByThread[subject].count - before
        if delivered > limit {
          violate(
            "S\(subject): one dispatch call delivered \(delivered) events, more than \(limit)")
        }
      }
      finished.increment()
    }
    expectDelivered(subjects[subject])
    let order = Array(taps[subject].values[start...])
    let expected = (0..<threads).flatMap { thread in
      (0..<perThread).map { base + thread * 10_000 + $0 }
    }
    if order.sorted() != expected.sorted() {
      violate(
        "S\(subject): concurrent dispatch delivered \(order.count) of \(expected.count), or some twice"
      )
    }
    for thread in 0..<threads {
      let own = order.filter { ($0 - base) / 10_000 == thread }
      if own != (0..<perThread).map({ base + thread * 10_000 + $0 }) {
        violate("S\(subject): thread \(thread)'s events out of order: \(own)")
      }
    }
    // Concurrent values are unique; earlier sequential ones may repeat.
    let position = Dictionary(
      taps[subject].values.enumerated().map { ($1, $0) }, uniquingKeysWith: { $1 })
    for seen in churned.values where !seen.isEmpty {
      let positions = seen.compactMap { position[$0] }
      if positions != Array(positions[0]..<positions[0] + seen.count) {
        violate("S\(subject): a short-lived subscription saw a gap or a repeat: \(seen)")
      }
    }
    return order
  }

  func updateVariableConcurrently(threads: Int, perThread: Int, readers: Bool) {
    let finished = Counter()
    runOnThreads(threads + (readers ? 1 : 0)) { [self] thread in
      if thread == threads { return readVariable(until: finished, threads: threads) }
      for _ in 0..<perThread { variable.update { $0 += 1 } }
      finished.increment()
    }
    expectDelivered(variable)
  }

  /// A store that folds +1 actions into the variable, reading the state
  /// with `withLatestFrom` as Flux-with-RxSwift stores do.
  final class AccumulatingStore: Store, @unchecked Sendable {
    let adds = DispatchSubject<Int>()
    private let zero = Variable(0)

    init(into state: Variable<Int>, through read: StateRead) {
      super.init()
      switch read {
      case .variable:
        bind(adds.withLatestFrom(state) { $1 + $0 }, to: state)
      case .property:
        bind(adds.withLatestFrom(state.asProperty()) { $1 + $0 }, to: state)
      case .derived:
        let derived = Property(derivedFrom: state.asProperty()) { $0 }
        bind(adds.withLatestFrom(derived) { $1 + $0 }, to: state)
      case .combined:
        let sum = Observable.combineLatest(state, zero) { $0 + $1 }
        bind(adds.withLatestFrom(sum) { $1 + $0 }, to: state)
      }
    }
  }

  func accumulateConcurrently(threads: Int, perThread: Int, through read: StateRead, readers: Bool)
  {
    let store = AccumulatingStore(into: variable, through: read)
    let start = variable.value
    let finished = Counter()
    runOnThreads(threads + (readers ? 1 : 0)) { [self] thread in
      if thread == threads { return readVariable(until: finished, threads: threads) }
      for _ in 0..<perThread { store.adds.dispatch(1) }
      finished.increment()
    }
    expectDelivered(store.adds)
    expectDelivered(variable)
    if variable.value != start + threads * perThread {
      violate(
        "V: \(threads * perThread) actions folded through withLatestFrom(\(read)) moved V from \(start) to \(variable.value): updates lost"
      )
    }
  }

  /// What a view thread does while others change the variable.
  ///
  /// It reads it, subscribes (the replay must be there when `subscribe`
  /// returns, never older than what was read before), reads again, and
  /// disposes. The others add 1 at a time, so the values only go up, one by
  /// one.
  private func readVariable(until finished: Counter, threads: Int) {
    var rounds = 0
    var lastRead = variable.value
    repeat {
      let before = variable.value
      let seen = TestRecorder<Int>()
      let token = variable.subscribe(seen.handler)
      let values = seen.values
      let after = variable.value
      token.dispose()
      if before < lastRead || after < before {
        violate("V read \(lastRead), then \(before), then \(after): a read went back")
      }
      guard let replayed = values.first else {
        violate("V: a subscription got no value before subscribe returned")
        return
      }
      if replayed < before {
        violate("V replayed \(replayed) after reading \(before): an older value")
      }
      if values != Array(replayed..<replayed + values.count) {
        violate("V: a subscription saw a gap, a repeat or a step back: \(values)")
      }
      lastRead = after
      rounds += 1
    } while finished.value < threads && rounds < 200
  }

  // MARK: Running

  /// Runs `operations` against the library and the reference model.
  ///
  /// - Parameters:
  ///   - operations: What to run, in order.
  ///   - interfere: Runs on the library side only, after the operations: for
  ///     checking that the comparison notices a difference.
  /// - Returns: The differences from the reference model; empty if none.
  static func run(
    _ operations: [ModelOperation], interfere: ((ModelRunner) -> Void)? = nil
  ) -> [String] {
    let runner = ModelRunner()
    let model = [ReferenceSubject(index: 0), ReferenceSubject(index: 1)]
    let modelVariable = ReferenceSubject(index: 2, latest: 0)
    var modelSubscriptions: [Int: (ReferenceSubject, ReferenceSubject.Subscription)] = [:]
    for subject in model + [modelVariable] {
      subject.latestOfVariable = { modelVariable.latest! }
      subject.onSubscribeAnother = { id, owner in
        modelSubscriptions[id] = (owner, owner.subscribe(id: id, chain: [], behavior: .plain))
      }
      subject.onDisposeOther = { id in
        if let (owner, subscription) = modelSubscriptions[id] { owner.release(subscription) }
      }
    }

    for (index, operation) in operations.enumerated() {
      defer {
        // Guarantee 8: on one thread, every call delivers everything itself.
        let idle = runner.subjects.allSatisfy(\.isIdle) && runner.variable.isIdle
        let behind = zip(runner.taps, model).contains { $0.count != $1.delivered.count }
        if !idle || behind {
          runner.violate("after operation \(index + 1), deliveries were left for another thread")
        }
      }
      switch operation {
      case .subscribe(let id, let subject, let chain, let behavior):
        runner.subscribe(id: id, subject: subject, chain: chain, behavior: behavior)
        model[subject].subscribe(id: id, chain: chain, behavior: behavior) {
          modelSubscriptions[id] = (model[subject], $0)
        }
      case .dispose(let id):
        runner.dispose(id: id)
        if let (owner, subscription) = modelSubscriptions[id] { owner.release(subscription) }
      case .dispatch(let subject, let value):
        runner.subjects[subject].dispatch(value)
        model[subject].dispatch(value)
      case .dispatchConcurrently(let subject, let threads, let perThread, let churn):
        let order = runner.dispatchConcurrently(
          subject: subject, threads: threads, perThread: perThread, churn: churn,
          base: 1_000_000 * (index + 1))
        order.forEach(model[subject].dispatch)
      case .subscribeVariable(let id, let replay, let behavior):
        runner.subscribeVariable(id: id, replay: replay, behavior: behavior)
        modelSubscriptions[id] = (
          modelVariable,
          modelVariable.subscribe(id: id, chain: [], behavior: behavior, replay: replay)
        )
      case .setVariable(let value):
        runner.variable.value = value
        modelVariable.set(value)
      case .updateVariable(let add):
        runner.variable.update { $0 += add }
        modelVariable.set(modelVariable.latest! + add)
      case .updateVariableConcurrently(let threads, let perThread, let readers):
        runner.updateVariableConcurrently(threads: threads, perThread: perThread, readers: readers)
        for _ in 0..<threads * perThread { modelVariable.set(modelVariable.latest! + 1) }
      case .accumulateConcurrently(let threads, let perThread, let through, let readers):
        runner.accumulateConcurrently(
          threads: threads, perThread: perThread, through: through, readers: readers)
        for _ in 0..<threads * perThread { modelVariable.set(modelVariable.latest! + 1) }
      }
    }
    interfere?(runner)
    return runner.compare(with: model, variable: modelVariable, subscriptions: modelSubscriptions)
  }

  private func compare(
    with model: [ReferenceSubject], variable modelVariable: ReferenceSubject,
    subscriptions: [Int: (ReferenceSubject, ReferenceSubject.Subscription)]
  ) -> [String] {
    for (index, tap) in taps.enumerated() where tap.values != model[index].delivered {
      violate("S\(index) delivered \(tap.values), the model \(model[index].delivered)")
    }
    for (id, (_, expected)) in subscriptions.sorted(by: { $0.key < $1.key }) {
      let actual = probe(id)?.recorded ?? []
      if actual != expected.outputs {
        violate("#\(id) received \(actual), the model \(expected.outputs)")
      }
    }
    if variable.value != modelVariable.latest {
      violate("V is \(variable.value), the model \(modelVariable.latest!)")
    }
    let events = model[0].delivered
    if store.last.value != (events.last ?? 0) || store.sum.value != events.reduce(0, +) {
      violate(
        "the store holds \(store.last.value), \(store.sum.value); the model \(events.last ?? 0), \(events.reduce(0, +))"
      )
    }
    // Leak accounting: every subscription the model still has is live, and
    // no other (a `take` that finished, say, has ended its subscription; a
    // store that folded actions into V is gone with its bindings).
    let expectedLive = [
      3 + model[0].subscribers.count, 1 + model[1].subscribers.count,
      modelVariable.subscribers.count,
    ]
    let live = [
      subjects[0].subscriptionCount, subjects[1].subscriptionCount, variable.subscriptionCount,
    ]
    if live != expectedLive {
      violate("live subscriptions \(live), the model \(expectedLive)")
    }
    // Once every probe is disposed, only the taps and the store's bindings
    // remain.
    let all = probes.withLock { Array($0.values) }
    for subscription in all { subscription.dispose() }
    let counts = [
      subjects[0].subscriptionCount, subjects[1].subscriptionCount, variable.subscriptionCount,
    ]
    if counts != [3, 1, 0] {
      violate("subscription counts after disposing everything: \(counts), expected [3, 1, 0]")
    }
    return violations.withLock { $0 }
  }
}
