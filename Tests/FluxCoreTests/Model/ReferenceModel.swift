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
///   subscription gets the stored value first, at once, even while the
///   variable is delivering (its activation is then queued like an event).
/// - `startWith` values are delivered while subscribing, before the source
///   is subscribed to, the last `startWith` of a chain first; each goes
///   through the operators after its own. A handler that disposes its
///   subscription then has no token yet: the disposal takes effect when
///   `subscribe` returns, so the rest of the starting values still arrive.
/// - `take` ends what is upstream of it.
/// - `withLatestFrom(V)` reads V's value when its trigger arrives, and holds
///   no subscription to V (guarantee 9).
final class ReferenceSubject {
  final class Subscription {
    let id: Int
    var steps: [StepState]
    let behavior: Behavior
    /// Whether values no longer reach the handler: disposed, or ended by a
    /// `take`.
    var isDisposed = false
    /// Whether the test (or a handler) disposed it.
    var isReleased = false
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
    /// The last value delivered (`distinct…`) or the running result
    /// (`scan`).
    var last: Int?
    /// Whether this is a `take` that has ended what is upstream of it.
    var hasEnded: Bool

    init(_ step: ChainStep) {
      self.step = step
      hasEnded = step.takesNothing
      if case .scan(let initial) = step { last = initial }
    }
  }

  enum Item {
    case event(Int)
    case activation(Subscription)
  }

  let index: Int
  private(set) var subscribers: [Subscription] = []
  private var queue: [Item] = []
  private var isDelivering = false
  /// Every event, in delivery order.
  private(set) var delivered: [Int] = []
  /// A variable's value; `nil` for a subject.
  private(set) var latest: Int?
  /// The model variable's value, for `withLatestFrom(V)`.
  var latestOfVariable: () -> Int = { 0 }
  /// Called when a handler subscribes another subscription.
  var onSubscribeAnother: ((Int, ReferenceSubject) -> Void)?
  /// Called when a handler disposes another subscription.
  var onDisposeOther: ((Int) -> Void)?

  init(index: Int, latest: Int? = nil) {
    self.index = index
    self.latest = latest
  }

  /// Subscribes, replaying the latest value if asked and there is one.
  ///
  /// - Parameters:
  ///   - id: The subscription's id.
  ///   - chain: Its operators.
  ///   - behavior: What its handler does.
  ///   - replay: Whether it starts with the latest value.
  ///   - register: Receives the subscription before any value is delivered
  ///     to it, so that a handler can already dispose it.
  /// - Returns: The subscription.
  @discardableResult
  func subscribe(
    id: Int, chain: [ChainStep], behavior: Behavior, replay: Bool = false,
    register: (Subscription) -> Void = { _ in }
  ) -> Subscription {
    let subscription = Subscription(id: id, chain: chain, behavior: behavior)
    register(subscription)
    // The starting values: the outermost `startWith` (last in the chain)
    // delivers first. Disposal by the handler waits for `subscribe` to
    // return; a `take` after a `startWith` counts them as it would any.
    for index in chain.indices.reversed() {
      if case .startWith(let value) = chain[index] {
        receive(value, by: subscription, from: index + 1)
      }
    }
    // A `take` of zero or less never subscribes upstream.
    guard !subscription.isDisposed, !chain.contains(where: \.takesNothing) else {
      subscription.isDisposed = true
      return subscription
    }
    let replayed = replay ? latest : nil
    if isDelivering {
      // The replay now, from the subscribing call; the activation in turn.
      if let replayed { receive(replayed, by: subscription) }
      queue.append(.activation(subscription))
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

  /// Disposes the subscription, as its token's `dispose()` does.
  func release(_ subscription: Subscription) {
    subscription.isReleased = true
    dispose(subscription)
  }

  private func dispose(_ subscription: Subscription) {
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
      case .activation(let subscription):
        guard !subscription.isDisposed else { continue }
        subscribers.append(subscription)
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

  /// Runs `value` through the subscription's operators from `first` on,
  /// and its handler.
  private func receive(_ value: Int, by subscription: Subscription, from first: Int = 0) {
    var value = value
    var takeFinished = false
    // `take` ends the subscription after its last value has gone downstream,
    // whether or not a later operator drops it.
    defer { if takeFinished { dispose(subscription) } }
    for index in subscription.steps.indices where index >= first {
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
        if state.seen == count {
          takeFinished = true
          subscription.steps[index].hasEnded = true
        }
      case .distinct:
        guard state.last != value else { return }
        subscription.steps[index].last = value
      case .distinctWithin(let within):
        if let last = state.last, abs(last - value) <= within { return }
        subscription.steps[index].last = value
      case .scan:
        value = state.last! &+ value
        subscription.steps[index].last = value
      case .startWith:
        break
      case .addLatestOfVariable:
        value = value &+ latestOfVariable()
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
      if subscription.outputs.count == after { release(subscription) }
    case .redispatch(let times, let add):
      if subscription.outputs.count <= times { dispatch(value + add) }
    case .subscribeAnother(let id):
      if subscription.outputs.count == 1 { onSubscribeAnother?(id, self) }
    case .disposeOther(let id):
      if subscription.outputs.count == 1 { onDisposeOther?(id) }
    }
  }
}
