/// A write that an ``OptimisticState`` shows before its request is
/// answered: confirm it when the request succeeds, roll it back when it
/// fails.
///
/// ```swift
/// let star = favorites.apply { $0.insert(item.id) }  // shown now
/// do {
///   try await api.star(item.id)
///   star.confirm()
/// } catch {
///   star.rollBack()  // the state shows the others still pending, and pushes
/// }
/// ```
///
/// > Important: The first answer counts; later ones do nothing. A pending
/// > write that is freed without an answer is rolled back (a request
/// > abandoned is a request that failed). Any thread may answer.
public final class PendingWrite: Sendable {
  /// How a write was answered.
  public enum Outcome: Sendable, Hashable {
    /// Kept: it is part of the confirmed value (or will be, once the
    /// writes before it are answered).
    case confirmed
    /// Undone: the state no longer shows it.
    case rolledBack
  }

  private let answer: @Sendable (Outcome) -> Void
  private let recorded = Lock<Outcome?>(nil)

  init(answer: @escaping @Sendable (Outcome) -> Void) {
    self.answer = answer
  }

  deinit {
    if recorded.withLock({ $0 }) == nil { answer(.rolledBack) }
  }

  /// How the write was answered, or `nil` while it is pending.
  public var outcome: Outcome? {
    recorded.withLock { $0 }
  }

  /// Whether the write still waits for an answer.
  public var isPending: Bool {
    outcome == nil
  }

  /// Keeps the write: the request succeeded.
  ///
  /// The state does not change; it shows the write already.
  public func confirm() {
    settle(.confirmed)
  }

  /// Undoes the write: the request failed.
  ///
  /// The state becomes the confirmed value with the writes still pending
  /// applied in order, in one change.
  public func rollBack() {
    settle(.rolledBack)
  }

  private func settle(_ outcome: Outcome) {
    let first = recorded.withLock { recorded in
      guard recorded == nil else { return false }
      recorded = outcome
      return true
    }
    if first { answer(outcome) }
  }
}
