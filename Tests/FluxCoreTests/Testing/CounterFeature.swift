import FluxCore

/// A small feature for the tests of FluxCoreTesting: a counter that actions
/// increase, reset and clear (an action without a payload), and a note that
/// changes nothing.
final class CounterDispatcher: DispatcherType {
  static let shared = CounterDispatcher()
  let add = DispatchSubject<Int>()
  let reset = DispatchSubject<String>()
  let note = DispatchSubject<String>()
  let clear = DispatchSubject<Void>()
}

/// What ``CounterStore`` holds, as one value a test can compare.
struct CounterState: Equatable, Sendable {
  var count = 0
  var resets = 0
}

final class CounterStore: Store, @unchecked Sendable {
  // Safe: every stored property is a `let` of a Sendable type.
  let count: Property<Int>
  let resets: Property<Int>
  private let _count = Variable(0)
  private let _resets = Variable(0)

  init(dispatcher: AnyObservableDispatcher<CounterDispatcher>) {
    count = _count.asProperty()
    resets = _resets.asProperty()
    super.init()
    bind(dispatcher.add, to: _count) { count, amount in count + amount }
    bind(dispatcher.reset.map { _ in 0 }, to: _count)
    bind(dispatcher.reset, to: _resets) { resets, _ in resets + 1 }
    bind(dispatcher.clear.map { _ in 0 }, to: _count)
  }

  var state: CounterState {
    CounterState(count: count.value, resets: resets.value)
  }
}

/// A dispatcher, a store, and the send side, for one test.
struct CounterFeature: Sendable {
  let dispatcher = CounterDispatcher()
  let store: CounterStore
  let actions: AnyObserverDispatcher<CounterDispatcher>

  init() {
    store = CounterStore(dispatcher: AnyObservableDispatcher(dispatcher))
    actions = AnyObserverDispatcher(dispatcher)
  }
}
