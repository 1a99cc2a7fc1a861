import Foundation

/// A value behind an `NSLock`.
final class NSLockGuarded<Value: Sendable>: @unchecked Sendable {
  // Safe: `value` is only touched inside `withLock`, which holds `lock`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
