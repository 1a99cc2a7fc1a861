import FluxCore
import OpenCombine

/// The dispatcher of the end-to-end scenario.
final class CounterDispatcher: DispatcherType {
  static let shared = CounterDispatcher()
  let count = DispatchSubject<Int>()
}

/// Sends through the dispatch-only view, as an action creator does.
struct CounterActionCreator {
  let dispatcher = AnyObserverDispatcher<CounterDispatcher>()

  @inline(never)
  func set(_ value: Int) {
    dispatcher.count.dispatch(value)
  }
}

/// Binds the dispatcher's stream to its state, as a store does.
final class CounterStore: Store, @unchecked Sendable {
  let count: Property<Int>
  private let _count = Variable(0)

  override init() {
    count = _count.asProperty()
    super.init()
    bind(AnyObservableDispatcher<CounterDispatcher>().count, to: _count)
  }
}

/// The same path with OpenCombine: a subject, a sink that stores into a
/// current-value subject, and the view's sink on that.
final class CombineCounter {
  let actions = PassthroughSubject<Int, Never>()
  let count = CurrentValueSubject<Int, Never>(0)
  var cancellables: [AnyCancellable] = []

  init(view: @escaping (Int) -> Void) {
    cancellables.append(actions.sink { [count] in count.send($0) })
    cancellables.append(count.sink(receiveValue: view))
  }

  @inline(never)
  func set(_ value: Int) {
    actions.send(value)
  }
}

/// Action creator → dispatcher → store → view.
func fluxPathScenario() -> Scenario {
  var keepAlive: [Any] = []
  let actions = CounterActionCreator()
  let store = CounterStore()
  keepAlive.append(store)
  keepAlive.append(store.count.subscribe(makeHandler(Tally())))
  let combine = CombineCounter(view: makeHandler(Tally()))
  keepAlive.append(combine)
  let locked = LockedValue()
  locked.handlers = [makeHandler(Tally())]
  let actionHandlers: [(Int) -> Void] = [{ locked.set($0) }]

  return Scenario(
    name: "action → dispatcher → store → view",
    contenders: [
      Contender(name: "FluxCore") { n in for i in 0..<n { actions.set(i) } },
      Contender(name: "closures + locked value") { n in
        for i in 0..<n { callAll(actionHandlers, i) }
      },
      Contender(name: "OpenCombine") { n in for i in 0..<n { combine.set(i) } },
    ],
    keepAlive: keepAlive)
}

/// Dispatches with the retain and release of the subject that an
/// `AnyObserver` made on the spot costs: what separates a dispatcher view
/// from the subject itself, apart from the log check.
@inline(never)
func dispatchRetained(_ subject: DispatchSubject<Int>, _ value: Int) {
  let retained = Unmanaged.passUnretained(subject).retain()
  subject.dispatch(value)
  retained.release()
}

@inline(never)
func dispatch(through actions: AnyObserverDispatcher<CounterDispatcher>, _ value: Int) {
  actions.count.dispatch(value)
}

/// What dispatch logging costs: the same dispatch to one subscriber, sent to
/// the subject itself, to the subject with the retain and release that a view
/// adds, through a dispatcher view with the log off, and with an observer
/// attached (which only counts).
func dispatchLogScenario() -> Scenario {
  var keepAlive: [Any] = []
  let dispatcher = CounterDispatcher()
  keepAlive.append(dispatcher.count.subscribe(makeHandler(Tally())))
  let actions = AnyObserverDispatcher(dispatcher)
  let logged = Tally()

  return Scenario(
    name: "dispatch through a dispatcher view",
    contenders: [
      Contender(name: "FluxCore, subject") { n in for i in 0..<n { dispatch(dispatcher.count, i) }
      },
      Contender(name: "FluxCore, subject + retain") { n in
        for i in 0..<n { dispatchRetained(dispatcher.count, i) }
      },
      Contender(name: "FluxCore, view, log off") { n in
        for i in 0..<n { dispatch(through: actions, i) }
      },
      Contender(name: "FluxCore, view, log on") { n in
        let observation = DispatchLog.observe { _ in logged.total &+= 1 }
        for i in 0..<n { dispatch(through: actions, i) }
        observation.dispose()
      },
    ],
    keepAlive: keepAlive)
}
