import CFluxCoreAtomics

// Guarantee 10, "the first frame is a whole action's": a view made while an
// action is half-delivered on another thread shows the state as of the last
// finished action.
//
// A Variable written inside an action notes the action (its stamp: the
// writing thread's frame and the number of the action there) and keeps the
// value from before it. A view being made reads through `readingCommitted`:
// a Variable whose latest value's action is unfinished gives the value from
// before it, and so does everything derived from it, read in that mode. The
// view's subscription still gets the latest values (its operators must hold
// them, to combine them with what the action sets next); a value that
// reaches the view's hop while it subscribes, from a Variable whose action
// is unfinished (`collectingTaint` notes it), joins that action late
// (ThreadFrame+LateJoins.swift) and reaches the screen when it ends, with
// the rest of it.

/// The action a Variable's latest value came from, while it may be in
/// progress: a thread's frame, and the number of an action there.
@usableFromInline
struct ActionStamp: Equatable, @unchecked Sendable {
  // Safe: a thread's frame is never freed (a thread that ends gives its
  // frame to the next one), so the reference is always to a live object;
  // other threads read only its atomic words through it.
  @usableFromInline let frame: Unmanaged<ThreadFrame>
  @usableFromInline let action: Int

  @inlinable
  init(frame: Unmanaged<ThreadFrame>, action: Int) {
    self.frame = frame
    self.action = action
  }

  @inlinable
  static func == (left: ActionStamp, right: ActionStamp) -> Bool {
    left.frame.toOpaque() == right.frame.toOpaque() && left.action == right.action
  }

  /// Whether the action has ended.
  @usableFromInline
  var isFinished: Bool {
    frame._withUnsafeGuaranteedRef { $0.isFinished(action: action) }
  }
}

/// Reading and noting which action a state's value came from.
@usableFromInline
enum StateStamp: Sendable {
  /// The stamp of a Variable written now on the calling thread: the
  /// action in progress here, or, outside any delivery, the one this write
  /// begins (its own delivery); notes that the action wrote state, so that
  /// its end says so.
  @inlinable
  @inline(__always)
  static func forWrite() -> ActionStamp {
    ofTheActionInProgress()
  }

  @inlinable
  static func ofTheActionInProgress() -> ActionStamp {
    ActionDepth.set(ActionDepth.wroteState)
    return ThreadFrame.current._withUnsafeGuaranteedRef { frame in
      ActionStamp(frame: .passUnretained(frame), action: frame.actionInProgress)
    }
  }

  /// Whether the calling thread reads the state as of the last finished
  /// action.
  @inlinable
  @inline(__always)
  static var isReadingCommitted: Bool {
    fluxcore_reading_committed_get() != 0
  }

  /// Runs `body`, in which every Variable read gives its value as of the
  /// last finished action that wrote it: what a view being made shows.
  @inlinable
  static func readingCommitted<Result>(_ body: () throws -> Result) rethrows -> Result {
    let was = fluxcore_reading_committed_get()
    fluxcore_reading_committed_set(1)
    defer { fluxcore_reading_committed_set(was) }
    return try body()
  }

  /// Runs `body`, a view's subscription, noting the unfinished actions that
  /// the Variables it replays were last written in.
  @usableFromInline
  static func collectingTaint<Result>(_ body: () throws -> Result) rethrows -> (
    Result, [ActionStamp]
  ) {
    try ThreadFrame.current._withUnsafeGuaranteedRef { frame in
      let outer = frame.taint
      frame.taint = []
      defer { frame.taint = outer }
      let result = try body()
      return (result, frame.taint ?? [])
    }
  }

  /// The unfinished actions noted so far by the view subscription in
  /// progress on the calling thread.
  @usableFromInline
  static var taintSoFar: [ActionStamp] {
    ThreadFrame.existing?._withUnsafeGuaranteedRef { $0.taint } ?? []
  }

  /// Notes, for a view's subscription in progress on the calling thread,
  /// that a Variable replays a value last written in the action `stamp`.
  @inlinable
  static func noteReplay(of stamp: ActionStamp?) {
    guard let stamp, let frame = ThreadFrame.existing else { return }
    frame._withUnsafeGuaranteedRef { frame in
      guard frame.taint != nil, !stamp.isFinished, !frame.taint!.contains(stamp) else { return }
      frame.taint!.append(stamp)
    }
  }
}
