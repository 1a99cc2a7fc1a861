import CAllocationCounter
import FluxCore
import OpenCombine

/// A one-off measurement that is counted, not timed.
struct Count: Codable {
  let measurement: String
  let contender: String
  let value: Double
}

/// Heap bytes per live subscription, over `count` subscriptions: what the
/// library holds for each. The handlers are closure literals that capture
/// nothing, so that no closure context (the app's memory) is counted; the
/// tokens go into an array reserved beforehand, so their storage is not
/// counted either.
func bytesPerSubscription(count: Int) -> [Count] {
  func measure(_ subscribe: () -> Void) -> Double {
    let before = allocation_counter_heap_bytes_in_use()
    for _ in 0..<count { subscribe() }
    let after = allocation_counter_heap_bytes_in_use()
    return Double(after - before) / Double(count)
  }

  let subject = DispatchSubject<Int>()
  subject.subscribe { _ in }.dispose()
  var tokens: [any Disposable] = []
  tokens.reserveCapacity(count)
  let flux = measure {
    tokens.append(subject.subscribe { _ in })
  }
  // Delivering once builds the snapshot, which is part of what a live
  // subscription costs in an app that dispatches.
  let withSnapshot =
    flux
    + {
      let before = allocation_counter_heap_bytes_in_use()
      subject.dispatch(0)
      return Double(allocation_counter_heap_bytes_in_use() - before) / Double(count)
    }()

  let passthrough = PassthroughSubject<Int, Never>()
  passthrough.sink { _ in }.cancel()
  var cancellables: [AnyCancellable] = []
  cancellables.reserveCapacity(count)
  let combine = measure {
    cancellables.append(passthrough.sink { _ in })
  }
  withExtendedLifetime((tokens, cancellables)) {}

  let name = "heap bytes per live subscription (\(count.formatted()))"
  return [
    Count(measurement: name, contender: "FluxCore", value: withSnapshot),
    Count(measurement: name, contender: "OpenCombine", value: combine),
  ]
}

/// Heap bytes per live subscription kept the way apps keep them: `count`
/// subscriptions whose handlers capture state, in a `DisposeBag` (OpenCombine:
/// `store(in:)` a `Set<AnyCancellable>`), measured from outside: everything
/// the heap grows by, the handlers' contexts included. The yardstick appends
/// the same closures to an array.
func bytesPerSubscriptionInABag(count: Int) -> [Count] {
  func measure(_ body: () -> Void) -> Double {
    let before = allocation_counter_heap_bytes_in_use()
    body()
    let after = allocation_counter_heap_bytes_in_use()
    return Double(after - before) / Double(count)
  }
  let tally = Tally()

  let subject = DispatchSubject<Int>()
  let bag = DisposeBag()
  let flux = measure {
    for _ in 0..<count { subject.subscribe { tally.total &+= $0 }.disposed(by: bag) }
    subject.dispatch(0)  // the delivery snapshot, as in an app that dispatches
  }

  var handlers: [(Int) -> Void] = []
  let loop = measure {
    for _ in 0..<count { handlers.append { tally.total &+= $0 } }
  }

  let passthrough = PassthroughSubject<Int, Never>()
  var cancellables = Set<AnyCancellable>()
  let combine = measure {
    for _ in 0..<count { passthrough.sink { tally.total &+= $0 }.store(in: &cancellables) }
  }

  // Handlers that capture two values need a context object of their own:
  // the app's memory, the same in both.
  let contextBag = DisposeBag()
  let withContext = measure {
    for offset in 0..<count {
      subject.subscribe { tally.total &+= $0 &+ offset }.disposed(by: contextBag)
    }
    subject.dispatch(0)
  }
  var contextHandlers: [(Int) -> Void] = []
  let loopWithContext = measure {
    for offset in 0..<count { contextHandlers.append { tally.total &+= $0 &+ offset } }
  }
  withExtendedLifetime((bag, handlers, cancellables, contextBag, contextHandlers)) {}

  let name = "heap bytes per subscription in a bag (\(count.formatted()))"
  let contextName = "… handlers with a context of their own"
  return [
    Count(measurement: name, contender: "FluxCore", value: flux),
    Count(measurement: name, contender: "array loop", value: loop),
    Count(measurement: name, contender: "OpenCombine", value: combine),
    Count(measurement: contextName, contender: "FluxCore", value: withContext),
    Count(measurement: contextName, contender: "array loop", value: loopWithContext),
  ]
}

/// Allocations per operation once subscriptions are in place.
func allocationsPerOperation(operations: Int) -> [Count] {
  func count(_ body: () -> Void) -> Double {
    body()  // warm up: snapshots, queues and caches are built
    allocation_counter_start()
    for _ in 0..<operations { body() }
    return Double(allocation_counter_stop()) / Double(operations)
  }
  let tallies = (0..<10).map { _ in Tally() }

  let subject = DispatchSubject<Int>()
  let tokens = tallies.map { subject.subscribe(makeHandler($0)) }
  let passthrough = PassthroughSubject<Int, Never>()
  let cancellables = tallies.map { passthrough.sink(receiveValue: makeHandler($0)) }
  let actions = CounterActionCreator()
  let store = CounterStore()
  let view = store.count.subscribe(makeHandler(Tally()))
  let variable = Variable(0)
  let observer = variable.subscribe(makeHandler(Tally()))

  let churned = DispatchSubject<Int>()
  let churnTally = Tally()
  let passthroughChurned = PassthroughSubject<Int, Never>()

  let dispatchName = "allocations per dispatch to 10 subscribers"
  let results = [
    Count(measurement: dispatchName, contender: "FluxCore", value: count { dispatch(subject, 1) }),
    Count(
      measurement: dispatchName, contender: "OpenCombine", value: count { send(passthrough, 1) }),
    Count(
      measurement: "allocations per Variable set", contender: "FluxCore",
      value: count { set(variable, 1) }),
    Count(
      measurement: "allocations per action → dispatcher → store → view", contender: "FluxCore",
      value: count { actions.set(1) }),
    Count(
      measurement: "allocations per subscribe + dispose", contender: "FluxCore",
      value: count { subscribeAndDispose(churned, churnTally) }),
    Count(
      measurement: "allocations per subscribe + dispose", contender: "OpenCombine",
      value: count { sinkAndCancel(passthroughChurned, churnTally) }),
  ]
  (tokens + [view, observer]).forEach { $0.dispose() }
  withExtendedLifetime((cancellables, store)) {}
  return results
}
