/// A thread-safe holder of a current value that notifies subscribers of every
/// change.
///
/// A store keeps its state in private variables and exposes each one as a
/// read-only ``Property``:
///
/// ```swift
/// let count = Variable(0)
/// count.subscribe { print($0) }.disposed(by: disposeBag)  // prints 0
/// count.value = 1                                          // prints 1
/// count.update { $0 += 1 }                                 // prints 2
/// ```
///
/// > Important: ``value`` is always the latest value set, even while another
/// > thread is still delivering an earlier change (guarantee 9). Subscribing
/// > delivers that value first, on the subscribing thread before `subscribe`
/// > returns, then every later change, in the order the changes were made;
/// > ``changed`` skips the current value. Every assignment notifies, even of
/// > an equal value (use ``ObservableType/distinctUntilChanged()`` to drop
/// > repeats). Handlers run on the thread that made the change, or on the
/// > thread already delivering an earlier change (a replayed value, on the
/// > subscribing thread), never two at once; the threading contract is that
/// > of ``DispatchSubject``.
public final class Variable<Value: Sendable>: ObservableType {
  @usableFromInline let subject: DispatchSubject<Value>

  /// Creates a variable holding `value`.
  ///
  /// - Parameter value: The initial value.
  public init(_ value: Value) {
    subject = DispatchSubject(latest: value)
  }

  /// The current value: the latest one set.
  ///
  /// Setting it stores the value at once (every later read sees it) and
  /// notifies every subscriber: before the setter returns, unless another
  /// thread is delivering this variable, which then delivers the change
  /// right after.
  @inlinable
  public var value: Value {
    get { subject.currentValue.unsafelyUnwrapped }
    set { subject.publish(newValue) }
  }

  /// Changes the value with `body` as one atomic read-modify-write, then
  /// notifies every subscriber.
  ///
  /// Concurrent updates never lose a write: if another write lands between
  /// the read and the write, `body` runs again on the newer value. So `body`
  /// may run more than once; keep it free of side effects.
  ///
  /// ```swift
  /// items.update { $0.append(contentsOf: nextPage) }
  /// ```
  ///
  /// > Important: `body` must not write to this variable, by setting
  /// > ``value`` or by a nested `update`: each such write would make the
  /// > update start over, forever. FluxCore stops the program instead, with a
  /// > precondition failure that says so. Change the value through the
  /// > `inout` parameter only.
  ///
  /// - Parameter body: Mutates a copy of the current value.
  @inlinable
  public func update(_ body: (inout Value) -> Void) {
    let thread = currentThreadID()
    while true {
      let (current, writes) = subject.beginUpdate(on: thread)
      var next = current!
      body(&next)
      if subject.publish(next, ifWriteCountIs: writes, endingUpdateOn: thread) { return }
    }
  }

  /// Calls `onNext` with the current value, then with every later value,
  /// until the returned disposable is disposed.
  ///
  /// - Parameter onNext: The handler.
  /// - Returns: A disposable that ends the subscription.
  @inlinable
  public func subscribe(_ onNext: @escaping @Sendable (Value) -> Void) -> any Disposable {
    subject.subscribe(replayingLatest: true, onNext)
  }

  /// The later values only, without the current one.
  @inlinable
  public var changed: Observable<Value> {
    Observable(preferredDeliveryMode: .latestValue) { [subject] onNext in
      subject.subscribe(replayingLatest: false, onNext)
    }
  }

  /// State: only the newest value is worth drawing
  /// (``DeliveryMode/latestValue``).
  @inlinable
  public var preferredDeliveryMode: DeliveryMode { .latestValue }

  /// Returns a read-only view of this variable.
  @inlinable
  public func asProperty() -> Property<Value> {
    Property(self)
  }

  /// The number of subscriptions that have not been disposed, for tests and
  /// diagnostics.
  @inlinable
  public var subscriptionCount: Int {
    subject.subscriptionCount
  }
}

extension Variable: StateReading {
  @inlinable
  var stateReader: (@Sendable () -> Value?)? {
    { [self] in value }
  }
}

extension Variable {
  /// The number of changes waiting to be delivered now, for tests and
  /// diagnostics; see ``DispatchSubject/queuedCount``.
  public var queuedCount: Int {
    subject.queuedCount
  }

  /// The largest ``queuedCount`` since the variable was created or since
  /// ``resetPeakQueuedCount()``, for tests and diagnostics.
  public var peakQueuedCount: Int {
    subject.peakQueuedCount
  }

  /// Starts measuring ``peakQueuedCount`` afresh, from the current
  /// ``queuedCount``.
  public func resetPeakQueuedCount() {
    subject.resetPeakQueuedCount()
  }

  /// Whether no change is being delivered or waiting, for tests and
  /// diagnostics; see ``DispatchSubject/isIdle``.
  public var isIdle: Bool {
    subject.isIdle
  }

  /// Returns once every change made before the call has been delivered to
  /// every subscriber live at its delivery; see
  /// ``DispatchSubject/waitUntilDelivered()``.
  public func waitUntilDelivered() async {
    await subject.waitUntilDelivered()
  }

  /// Blocks the calling thread until every change made before the call has
  /// been delivered, or until `timeout` has passed; see
  /// ``DispatchSubject/waitUntilDelivered(timeout:)``.
  ///
  /// - Parameter timeout: The longest time to wait.
  /// - Returns: `true` once the changes have been delivered; `false` if the
  ///   time ran out first.
  public func waitUntilDelivered(timeout: Duration) -> Bool {
    subject.waitUntilDelivered(timeout: timeout)
  }
}
