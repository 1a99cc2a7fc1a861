import Foundation

/// Collects values from any thread, in the order they arrive.
final class Recorder<Value: Sendable>: @unchecked Sendable {
  // Safe: `recorded` is only touched while holding `lock`.
  private let lock = NSLock()
  private var recorded: [Value] = []

  init() {}

  func record(_ value: Value) {
    lock.lock()
    recorded.append(value)
    lock.unlock()
  }

  /// A handler that records what it is called with.
  var handler: @Sendable (Value) -> Void {
    { [self] value in record(value) }
  }

  var values: [Value] {
    lock.lock()
    defer { lock.unlock() }
    return recorded
  }

  var count: Int {
    values.count
  }
}
