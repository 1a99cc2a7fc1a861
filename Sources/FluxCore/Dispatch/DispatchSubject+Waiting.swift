import Dispatch

extension DispatchSubject {
  /// Returns once every event dispatched to this subject before the call has
  /// been delivered to every subscriber live at its delivery.
  ///
  /// A `dispatch` call that finds another thread delivering queues its event
  /// and returns at once (guarantees 2 and 8), so the event may still be on
  /// its way when `dispatch` returns. Wait for it when you must know that it
  /// arrived: in a test after its threads are done, in a worker before it
  /// reports that it finished, or before disposing a subscription that must
  /// see it.
  ///
  /// ```swift
  /// await withTaskGroup(of: Void.self) { group in
  ///   for worker in 0..<4 {
  ///     group.addTask { for index in 0..<1_000 { subject.dispatch(worker * 1_000 + index) } }
  ///   }
  /// }
  /// await subject.waitUntilDelivered()   // all 4,000 have reached every subscriber
  /// ```
  ///
  /// Events dispatched after the call, and those that the handlers dispatch
  /// while it waits, are not waited for, so it returns under a continuous
  /// flood too. Nothing polls: the wait is a marker queued behind the events
  /// in hand, and the thread that delivers them resumes it when it gets
  /// there. Cancelling the task does not end the wait early: the events it
  /// waits for are always delivered.
  ///
  /// When it returns, the next main-actor turn shows what it waited for
  /// (guarantee 10): an event that a handler dispatched inside a larger
  /// action is waited for until that action has ended.
  public func waitUntilDelivered() async {
    await withCheckedContinuation { (delivered: CheckedContinuation<Void, Never>) in
      let marker = DeliveryMarker { delivered.resume() }
      if !queueMarker(marker, refusingTheHolder: false) { delivered.resume() }
    }
  }

  /// Blocks the calling thread until every event dispatched to this subject
  /// before the call has been delivered to every subscriber live at its
  /// delivery, or until `timeout` has passed.
  ///
  /// The blocking form of ``waitUntilDelivered()``, for synchronous code and
  /// tests:
  ///
  /// ```swift
  /// let finished = subject.waitUntilDelivered(timeout: .seconds(10))
  /// XCTAssertTrue(finished)
  /// ```
  ///
  /// > Important: A handler of this subject must not call it: the thread
  /// > running that handler is the one that delivers what it would wait for.
  /// > FluxCore stops the program with a message that says so, instead of
  /// > letting it wait for itself.
  ///
  /// - Parameter timeout: The longest time to wait. Zero or less only
  ///   checks.
  /// - Returns: `true` once the events have been delivered; `false` if the
  ///   time ran out first.
  public func waitUntilDelivered(timeout: Duration) -> Bool {
    let delivered = DispatchSemaphore(value: 0)
    guard queueMarker(DeliveryMarker { delivered.signal() }, refusingTheHolder: true) else {
      return true
    }
    return delivered.wait(timeout: DispatchTime.now().advanced(byAtMost: timeout)) == .success
  }
}

extension DispatchTime {
  /// This time plus `duration`, or the distant future if that does not fit;
  /// a negative duration counts as zero.
  func advanced(byAtMost duration: Duration) -> DispatchTime {
    guard duration > .zero else { return self }
    let (seconds, attoseconds) = duration.components
    let limit = Int64(UInt64.max / 2_000_000_000)  // far beyond any real wait
    guard seconds < limit else { return .distantFuture }
    let nanoseconds = UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
    return DispatchTime(uptimeNanoseconds: uptimeNanoseconds &+ nanoseconds)
  }
}
