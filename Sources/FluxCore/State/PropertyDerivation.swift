/// How a derived ``Property`` reads and follows its sources (a selector, in
/// Redux terms), with no state of its own to fall behind them.
///
/// Reading computes the value from the sources' current values, so it is
/// never stale (guarantee 9). Subscribing follows the sources themselves:
/// the first value is computed from the values they replay, which are never
/// older than what they read before, and each later one from their
/// changes, in their order.
@usableFromInline
final class PropertyDerivation<Value: Sendable>: Sendable {
  @usableFromInline let read: @Sendable () -> Value
  /// The value now, then every change (without repeats, if the property
  /// drops them).
  @usableFromInline let values: Observable<Value>
  /// The subscriptions made through the property and not yet disposed.
  @usableFromInline let live = Lock(0)

  /// A derivation that reads with `read` and follows `values`, which must
  /// deliver the value at once when subscribed to, then every change.
  init(read: @escaping @Sendable () -> Value, values: Observable<Value>) {
    self.read = read
    self.values = values
  }

  /// Subscribes `onNext` to the values, counting the subscription.
  @inlinable
  func subscribe(_ onNext: @escaping @Sendable (Value) -> Void) -> any Disposable {
    subscribe(onNext, to: values)
  }

  /// The later values only: every value but the first, which is the value
  /// at the time of subscribing.
  @inlinable
  var changes: Observable<Value> {
    let later = values.skip(1)
    return Observable(preferredDeliveryMode: .latestValue) { [self] onNext in
      subscribe(onNext, to: later)
    }
  }

  @inlinable
  func subscribe(
    _ onNext: @escaping @Sendable (Value) -> Void, to stream: Observable<Value>
  ) -> any Disposable {
    live.withLock { $0 += 1 }
    let subscription = stream.subscribe(onNext)
    return AnyDisposable { [live] in
      subscription.dispose()
      live.withLock { $0 -= 1 }
    }
  }

  @inlinable
  var subscriptionCount: Int {
    live.withLock { $0 }
  }
}
