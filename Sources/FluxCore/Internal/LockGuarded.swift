/// A value guarded by another ``Lock``: a subject's typed state,
/// beside its core's registry, under the core's one lock.
///
/// The value lives in a ``Lock`` of its own (so that it is `Sendable` by the
/// lock's own argument), which is never taken: the value is read and
/// written only inside ``Lock/withLock(guarding:_:)`` of the lock it is
/// paired with, which holds that lock.
@usableFromInline
struct LockGuarded<Value: Sendable>: Sendable {
  @usableFromInline
  let storage: Lock<Value>

  @inlinable
  init(_ value: Value) {
    storage = Lock(value)
  }
}

extension Lock {
  /// Runs `body` with exclusive access to the state and to `guarded`, which
  /// this lock guards, and returns its result.
  @inlinable
  func withLock<Guarded, Result>(
    guarding guarded: LockGuarded<Guarded>,
    _ body: (inout State, inout Guarded) throws -> Result
  ) rethrows -> Result {
    try withLock { state in
      try guarded.storage.storage.withUnsafeMutablePointerToHeader { guardedValue in
        try body(&state, &guardedValue.pointee)
      }
    }
  }
}
