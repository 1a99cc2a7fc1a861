/// The action being delivered on the calling thread, as ``DispatchLog``
/// records it: what an ``UndoHistory`` labels a step with.
///
/// ``DispatchLog`` sets it around the `dispatch` of every action sent
/// through a dispatcher view while something wants it (a live
/// ``UndoHistory``, or an observer of the log), so the handlers that the
/// `dispatch` call runs, and the subscribers of the states they change, see
/// it. It is kept per thread, as a pointer to the record on the stack of the
/// `dispatch` call: setting it allocates nothing.
package enum ActionContext {
  /// The action being delivered on this thread, or `nil` when none is (code
  /// outside any action: a view model, a timer, a restore).
  package static var current: DispatchRecord? {
    guard let pointer = actionContextWord.value else { return nil }
    return pointer.assumingMemoryBound(to: DispatchRecord.self).pointee
  }

  /// Runs `body` with `record` as this thread's ``current`` action (`nil`
  /// for none), then puts back the one before.
  package static func with<Result>(
    _ record: DispatchRecord?, _ body: () throws -> Result
  ) rethrows -> Result {
    let previous = actionContextWord.value
    defer { actionContextWord.set(previous) }
    guard let record else {
      actionContextWord.set(nil)
      return try body()
    }
    return try withUnsafePointer(to: record) { pointer in
      actionContextWord.set(UnsafeRawPointer(pointer))
      return try body()
    }
  }

  /// Asks ``DispatchLog`` to keep ``current`` up to date, until the
  /// returned disposable is disposed.
  package static func keepCurrent() -> any Disposable {
    DispatchLog.observers.addContextUser()
    return AnyDisposable { DispatchLog.observers.removeContextUser() }
  }
}

/// The thread-local slot of ``ActionContext``: a pointer to the record of
/// the action being delivered, or null.
private let actionContextWord = ThreadLocalWord()
