import Dispatch

extension ObservableType {
  /// Returns an observable that delivers values on `queue`, one hop per
  /// burst, in this observable's ``preferredDeliveryMode``: only the latest
  /// value of each burst for state, every value for events.
  ///
  /// ```swift
  /// store.items.observe(on: renderQueue).subscribe { render($0) }  // state: the latest
  /// ```
  ///
  /// See ``observe(on:receiving:)``.
  ///
  /// - Parameter queue: A serial queue.
  /// - Returns: An observable of the same values, delivered on `queue`.
  @inlinable
  public func observe(on queue: DispatchQueue) -> Observable<Element> {
    observe(on: queue, receiving: preferredDeliveryMode)
  }

  /// Returns an observable that delivers values on `queue`, one hop per
  /// burst, in the given mode.
  ///
  /// Values that arrive while a hop to the queue is pending join it, so a
  /// burst of values costs one `async`, not one each; a value that arrives
  /// once the hop has started delivering schedules the next hop itself. So
  /// a hop is the queue's own work: a barrier put on the queue
  /// (`queue.sync {}`) after values reached the hop runs after they have
  /// been handed to the handler, as with one `async` per value. In
  /// ``DeliveryMode/everyValue`` mode every value is delivered, in order; in
  /// ``DeliveryMode/latestValue`` mode only the last of each burst, and the
  /// final value always arrives. Use a serial queue: values stay in order
  /// only if the queue runs its work in order. After the subscription is
  /// disposed, values already on their way are dropped.
  ///
  /// On any queue but `.main`, the handler runs on a later turn of the
  /// queue, never on the thread that dispatched. On `.main`, it follows
  /// ``observeOnMainActor(receiving:_:)`` exactly (guarantee 10): values
  /// wait for the end of the action that produced them and arrive with
  /// everything else it changed; an action that the main actor delivers
  /// itself is handled before its `dispatch` returns; and what the source
  /// delivers while one subscribes on the main queue (the current value of
  /// a ``Property``) is delivered before `subscribe` returns.
  ///
  /// ```swift
  /// store.log.observe(on: logQueue, receiving: .everyValue).subscribe { write($0) }
  /// ```
  ///
  /// - Parameters:
  ///   - queue: A serial queue.
  ///   - mode: Whether to deliver every value or the latest of each burst.
  /// - Returns: An observable of the same values, delivered on `queue`.
  @inlinable
  public func observe(on queue: DispatchQueue, receiving mode: DeliveryMode) -> Observable<Element>
  {
    derived { onNext in
      guard !isMainQueue(queue) else {
        return subscribe(through: MainHop(mode: mode) { onNext($0) })
      }
      let hop = Hop(mode: mode, queue: queue, handler: onNext)
      let upstream = subscribe(hop.receive)
      return AnyDisposable {
        hop.dispose()
        upstream.dispose()
      }
    }
  }

  /// Subscribes `hop`, and ends both the subscription and the hop's
  /// deliveries on dispose.
  ///
  /// A caller already on the main queue gets what the source delivers while
  /// subscribing (a property's current value) at once, so that it is there
  /// when this returns: never one turn late.
  ///
  /// While an action is in progress on another thread, such a caller gets
  /// the state as of the last finished action (if this is a state), and
  /// what the source gave meanwhile once that action ends (guarantee 10,
  /// "the first frame is a whole action's": State/StateStamp.swift).
  @inlinable
  func subscribe(through hop: MainHop<Element>) -> any Disposable {
    guard isOnMainQueue() else {
      let upstream = subscribe(hop.receive)
      return AnyDisposable {
        hop.dispose()
        upstream.dispose()
      }
    }
    ThreadFrame.noteMainQueue()
    MainActorOutbox.catchUp()
    hop.beginSubscribing(on: currentThreadID())
    let (upstream, taint) = StateStamp.collectingTaint { subscribe(hop.receive) }
    hop.endSubscribing()
    if !taint.isEmpty, let reader = currentStateReader,
      let committed = StateStamp.readingCommitted(reader)
    {
      MainActor.assumeIsolated { hop.deliverNow(committed) }
    }
    return AnyDisposable {
      hop.dispose()
      upstream.dispose()
    }
  }
}
