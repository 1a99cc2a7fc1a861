/// FluxCore's documented semantics, implemented as plainly as possible and
/// single-threaded: the expected outcome of a list of operations.
///
/// - A subject delivers events one at a time, in the order they were
///   dispatched; an event dispatched while one is being delivered is queued.
/// - Within an event, subscribers are called in subscription order; one
///   disposed during the event is skipped.
/// - A subscription made while the subject is idle starts with the next
///   event; one made while it is delivering is queued like an event, so it
///   starts with the first event queued after it.
/// - A variable stores the value, then delivers it as an event; a replaying
///   subscription gets the stored value first.
final class ReferenceSubject {
  final class Subscription {
    let id: Int
    var steps: [StepState]
    let behavior: Behavior
    var isDisposed = false
    var outputs: [Int] = []

    init(id: Int, chain: [ChainStep], behavior: Behavior) {
      self.id = id
      steps = chain.map(StepState.init)
      self.behavior = behavior
    }
  }

  /// The state of one operator of one subscription.
  struct StepState {
    let step: ChainStep
    var seen = 0
    var last: Int?

    init(_ step: ChainStep) {
      self.step = step
    }
  }

  enum Item {
    case event(Int)
    case activation(Subscription, replay: Int?)
  }

  let index: Int
  private(set) var subscribers: [Subscription] = []
  private var queue: [Item] = []
  private var isDelivering = false
  /// Every event, in delivery order.
  private(set) var delivered: [Int] = []
  /// A variable's value; `nil` for a subject.
  private(set) var latest: Int?
  /// Called when a handler subscribes another subscription.
  var onSubscribeAnother: ((Int, ReferenceSubject) -> Void)?
  /// Called when a handler disposes another subscription.
  var onDisposeOther: ((Int) -> Void)?

  init(index: Int, latest: Int? = nil) {
    self.index = index
    self.latest = latest
  }

  /// Subscribes, replaying the latest value if asked and there is one.
  @discardableResult
  func subscribe(id: Int, chain: [ChainStep], behavior: Behavior, replay: Bool = false)
    -> Subscription
  {
    let subscription = Subscription(id: id, chain: chain, behavior: behavior)
    // `take` of zero or less never subscribes upstream.
    if chain.contains(where: { if case .take(let n) = $0 { n <= 0 } else { false } }) {
      subscription.isDisposed = true
      return subscription
    }
    let replayed = replay ? latest : nil
    if isDelivering {
      queue.append(.activation(subscription, replay: replayed))
    } else {
      subscribers.append(subscription)
      if let replayed {
        isDelivering = true
        receive(replayed, by: subscription)
        drain()
      }
    }
    return subscription
  }

  func dispose(_ subscription: Subscription) {
    subscription.isDisposed = true
    subscribers.removeAll { $0 === subscription }
  }

  func dispatch(_ value: Int) {
    if isDelivering {
      queue.append(.event(value))
      return
    }
    isDelivering = true
    deliver(value)
    drain()
  }

  /// A variable's `value = …`.
  func set(_ value: Int) {
    latest = value
    dispatch(value)
  }

  private func drain() {
    while !queue.isEmpty {
      switch queue.removeFirst() {
      case .event(let value):
        deliver(value)
      case .activation(let subscription, let replay):
        guard !subscription.isDisposed else { continue }
        subscribers.append(subscription)
        if let replay { receive(replay, by: subscription) }
      }
    }
    isDelivering = false
  }

  private func deliver(_ value: Int) {
    delivered.append(value)
    for subscription in subscribers where !subscription.isDisposed {
      receive(value, by: subscription)
    }
  }

  /// Runs `value` through the subscription's operators and handler.
  private func receive(_ value: Int, by subscription: Subscription) {
    var value = value
    var takeFinished = false
    // `take` ends the subscription after its last value has gone downstream,
    // whether or not a later operator drops it.
    defer { if takeFinished { dispose(subscription) } }
    for index in subscription.steps.indices {
      subscription.steps[index].seen += 1
      let state = subscription.steps[index]
      switch state.step {
      case .map(let add):
        value += add
      case .filter(let divisor):
        guard value % divisor == 0 else { return }
      case .skip(let count):
        guard state.seen > count else { return }
      case .take(let count):
        guard state.seen <= count else { return }
        takeFinished = takeFinished || state.seen == count
      case .distinct:
        guard state.last != value else { return }
        subscription.steps[index].last = value
      }
    }
    handle(value, by: subscription)
  }

  /// What the test's handler does with a value that reached it.
  private func handle(_ value: Int, by subscription: Subscription) {
    subscription.outputs.append(value)
    switch subscription.behavior {
    case .plain:
      break
    case .disposeSelf(let after):
      if subscription.outputs.count == after { dispose(subscription) }
    case .redispatch(let times, let add):
      if subscription.outputs.count <= times { dispatch(value + add) }
    case .subscribeAnother(let id):
      if subscription.outputs.count == 1 { onSubscribeAnother?(id, self) }
    case .disposeOther(let id):
      if subscription.outputs.count == 1 { onDisposeOther?(id) }
    }
  }
}
