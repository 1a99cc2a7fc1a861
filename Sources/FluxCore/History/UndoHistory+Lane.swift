// The history's lane: a subject of its own through which every change of
// the state (in the order the state delivers them) and every command pass,
// so that one handler, never two at once, changes the model. It calls user
// code (`==`, the filter, the labels, the sizes) outside the model's lock.

/// A history's lane: its subject, and a count of the events sent to it,
/// so that `waitUntilDelivered()` can wait for all of them to be handled.
struct HistoryLane<Value: Equatable & Sendable>: Sendable {
  let subject = DispatchSubject<HistoryEvent<Value>>()
  let sentCount = Lock(0)

  /// Counts `event`, then sends it.
  func send(_ event: HistoryEvent<Value>) {
    sentCount.withLock { $0 += 1 }
    subject.dispatch(event)
  }

  /// How many events have been sent so far.
  var sent: Int { sentCount.withLock { $0 } }
}

/// What passes through a history's lane.
enum HistoryEvent<Value: Equatable & Sendable>: Sendable {
  /// The state changed to `value` while `action` was delivered, at `at` on
  /// the history's clock; `ownWrite`, the id of the history's own write
  /// that delivered it there and then, if one did
  /// there and then.
  case changed(Value, action: DispatchRecord?, at: Duration, ownWrite: Int?)
  /// The value the state had when the history subscribed: the present, not
  /// a step.
  case replayed(Value)
  /// A command, asked for while `action` was delivered.
  case command(UndoCommand, action: DispatchRecord?)
  /// Steps read from a saved history, to replace these.
  case adopted(UndoHistory<Value>.Archive)
  /// Every change written before this was delivered: the own write `id`,
  /// if still on its way, went by without being recognized.
  case settled(writeID: Int)
}

extension UndoHistory {
  func handle(_ event: HistoryEvent<Value>) {
    switch event {
    case .changed(let value, let action, let at, let ownWrite):
      received(value, action: action, at: at, ownWrite: ownWrite)
    case .replayed(let value):
      model.withLock { model in
        model.present = value
        model.presentSize = nil
      }
    case .command(let command, let action):
      run(command, action: action)
    case .adopted(let archive):
      let (past, future) = Self.steps(of: archive, measuredWith: options.size)
      model.withLock { $0.adopt(past, archive.present, future) }
    case .settled(let id):
      model.withLock { model in
        model.undelivered.removeAll { $0 == id }
        if model.inFlight?.id == id { model.inFlight = nil }
      }
      runWaiting()
    }
    publishStatus()
  }

  private func received(_ value: Value, action: DispatchRecord?, at: Duration, ownWrite: Int?) {
    let (present, presentSize, inFlight, byValue) = model.withLock { model in
      if let ownWrite { model.undelivered.removeAll { $0 == ownWrite } }
      return (model.present, model.presentSize, model.inFlight, !model.keepsOtherEnds)
    }
    // The write on its way lands with its own delivery, or, delivered by
    // another thread, with a value equal to its target. An own delivery of
    // an earlier write (one that landed by value first) is a change like
    // any other: landing the write on its way with it would move the
    // timeline by a step that was not taken. A history that undoes from
    // the present does not land by value: another thread's change equal
    // to the target would land in its place, and the step it becomes would
    // take that change back with it. Its write, delivered by another
    // thread, is a change like any other (see `settle`).
    if let inFlight,
      ownWrite == inFlight.id
        || (byValue && ownWrite == nil && same(value, inFlight.target))
    {
      let size = presentSize ?? options.size(present)
      model.withLock { $0.land(value, at: at, presentSize: size) }
      runWaiting()
      return
    }
    guard !same(value, present) else { return }
    let label = action.flatMap(options.label)
    let step = options.isStep(Change(before: present, after: value, action: action))
    let (kind, keepsPresent) = model.withLock { model in
      let kind = model.kind(at: at, label: label, isStep: step, window: options.window)
      return (kind, model.keepsPresent(as: kind))
    }
    let size = keepsPresent ? presentSize ?? options.size(present) : 0
    model.withLock { $0.record(value, as: kind, at: at, presentSize: size, action: action) }
  }

  /// Whether two states are equal: by their bytes for an array of
  /// integers, by the state's `==` otherwise.
  private func same(_ lhs: Value, _ rhs: Value) -> Bool {
    StateEquality.bytesEqual(lhs, rhs) ?? options.equal(lhs, rhs)
  }

  /// Plans `command`, or keeps it for after the write on its way; an
  /// undo, a redo or a jump that moves writes the state.
  private func run(_ command: UndoCommand, action: DispatchRecord?) {
    let label = action.flatMap(options.label)
    let (plan, id) = model.withLock { model -> (HistoryPlan<Value>?, Int) in
      guard model.inFlight == nil else {
        model.waiting.append((command, action))
        return (nil, 0)
      }
      guard let plan = model.plan(command) else { return (nil, 0) }
      return (plan, model.nextWrite())
    }
    guard let plan else { return }
    var written: Value?
    let delivered = writing.whileWriting(id) {
      switch plan {
      case .write(let target, _):
        source.write(target)
        written = target
      case .revert(let steps, let move):
        // From the state as it is when written, which may be ahead of the
        // history: a change on its way is not written over.
        written = source.modify { options.revert.apply(steps, to: $0, undoing: move < 0) }
      }
    }
    // Only this lane changes the steps, and the write's delivery waits in
    // it behind this event: noting the write now is in time.
    model.withLock { model in
      model.started(id, writing: written!, move: plan.move, label: label, action: action)
      model.undelivered.append(id)
    }
    settle(id, delivered: delivered)
  }

  /// Runs the commands that waited, until one writes.
  private func runWaiting() {
    while let (command, action) = model.withLock({ model in
      model.inFlight == nil && !model.waiting.isEmpty ? model.waiting.removeFirst() : nil
    }) {
      run(command, action: action)
    }
  }

  /// Once write `id` has been delivered, if it was not delivered on the
  /// spot: delivered later by another thread, the history knows it by
  /// being equal to its target or, failing that (a state whose `==` is not
  /// reflexive), by a marker queued behind it.
  private func settle(_ id: Int, delivered: Bool) {
    guard !delivered else { return }
    Task { [source, lane] in
      await source.waitUntilDelivered()
      lane.send(.settled(writeID: id))
    }
  }

  /// Publishes the status if it changed, then counts the event handled and
  /// resumes the callers of `waitUntilDelivered()` whose events have all
  /// been handled, if nothing of the history's own is on its way.
  ///
  /// Counted only once the status is published: a caller that finds its
  /// events handled (under the lock, on the fast path) finds the status
  /// that they left too. (Counted first, a caller could return between the
  /// count and the publication, and read a status one step behind.)
  private func publishStatus() {
    let status = model.withLock { model -> UndoHistoryStatus? in
      let status = model.status
      guard status != model.published else { return nil }
      model.published = status
      return status
    }
    if let status { statusVariable.value = status }
    #if DEBUG
    model.withLock { $0.afterPublishingStatus }?()
    #endif
    let ready = model.withLock { model -> [CheckedContinuation<Void, Never>] in
      model.handled += 1
      guard model.isSettled else { return [] }
      let ready = model.settledWaiters.filter { $0.events <= model.handled }.map(\.waiter)
      model.settledWaiters.removeAll { $0.events <= model.handled }
      return ready
    }
    for waiter in ready { waiter.resume() }
  }
}

/// Marks, on the thread that writes, the write of a history's own, with its
/// id, so that the history's subscriber, called on that thread while the
/// state delivers it, knows it for that write.
final class OwnWriteMark: Sendable {
  /// What the thread-local slot points to while a write runs.
  private struct Marked {
    let owner: UnsafeRawPointer
    let id: Int
  }

  private var owner: UnsafeRawPointer {
    UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
  }

  /// Runs `body`, the write `id`, with the mark set on this thread.
  ///
  /// - Returns: Whether the history's subscriber took the mark: the write
  ///   was delivered during `body`.
  func whileWriting(_ id: Int, _ body: () -> Void) -> Bool {
    let previous = ownWriteWord.value
    let taken = withUnsafePointer(to: Marked(owner: owner, id: id)) { marked in
      let mark = UnsafeRawPointer(marked)
      ownWriteWord.set(mark)
      body()
      return ownWriteWord.value != mark
    }
    ownWriteWord.set(previous)
    return taken
  }

  /// The id of the history's own write, if the change being delivered on
  /// this thread is it; takes the mark, so that only the first change
  /// delivered in the write (its own) is.
  func takeIfWriting() -> Int? {
    guard let mark = ownWriteWord.value else { return nil }
    let marked = mark.assumingMemoryBound(to: Marked.self).pointee
    guard marked.owner == owner else { return nil }
    ownWriteWord.set(nil)
    return marked.id
  }
}

/// The thread-local slot of ``OwnWriteMark``.
private let ownWriteWord = ThreadLocalWord()
