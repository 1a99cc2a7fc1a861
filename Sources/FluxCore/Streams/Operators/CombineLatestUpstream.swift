/// The subscriptions of a `combineLatest` subscription to its inputs: made
/// once, from inside its inbox's first delivery, and ended with it.
///
/// The subscribing is taken out and run once, by the inbox's `.start`: the
/// inbox's own handler never holds the inbox (that would be a cycle that
/// outlives the inputs); the inputs' handlers do, as they must. Subscribed
/// from inside the inbox's delivery, on the subscribing thread, the inputs'
/// current values (and whatever other threads send meanwhile) are queued
/// behind that call, and that thread delivers them, in order, before
/// `subscribe` returns: the first value of states is there at once.
@usableFromInline
final class CombineLatestUpstream: Sendable {
  /// Subscribing to the inputs, until it has run.
  @usableFromInline let subscribing: Lock<(@Sendable () -> [any Disposable])?>
  /// The subscriptions to the inputs, or `nil` once ended.
  @usableFromInline let tokens = Lock<[any Disposable]?>([])

  @inlinable
  init(_ subscribe: @escaping @Sendable () -> [any Disposable]) {
    subscribing = Lock(subscribe)
  }

  /// Subscribes to the inputs, the first time; from the inbox's handler,
  /// on its `.start`.
  @inlinable
  func start() {
    guard let subscribe = subscribing.withLock({ $0.take() }) else { return }
    let made = subscribe()
    let kept = tokens.withLock { tokens -> Bool in
      guard tokens != nil else { return false }
      tokens = made
      return true
    }
    if !kept { for token in made { token.dispose() } }
  }

  /// Ends the subscriptions to the inputs, made or to be made.
  @inlinable
  func end() {
    let ended = tokens.withLock { tokens in
      defer { tokens = nil }
      return tokens ?? []
    }
    for token in ended { token.dispose() }
  }
}
