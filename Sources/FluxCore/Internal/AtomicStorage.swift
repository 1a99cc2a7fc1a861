/// The words of an object that are read and written only atomically: the
/// object's first stored property, reached through
/// ``AtomicWord/init(inStoredPropertiesOf:at:)``.
///
/// The one place where the engine's atomics vouch for themselves. An object
/// that keeps its atomic words here, and nothing but `let`s of `Sendable`
/// types beside them, is checked `Sendable` by the compiler.
@usableFromInline
struct AtomicStorage<Words>: @unchecked Sendable {
  // Safe: once the owning object's `init` has returned, these words are
  // never read or written as Swift values: every access is one of
  // AtomicWord's C11 atomic operations at the word's address, and atomic
  // operations do not race with one another. The words are a `let`, as
  // swift-atomics' ManagedAtomic keeps its storage: Swift never writes them
  // after `init`; the atomic operations do, through their address. (Tests
  // read them as values, on one thread, to check the layout.)

  /// The words, as `init` set them.
  @usableFromInline let words: Words

  @inlinable
  init(_ words: Words) {
    self.words = words
  }
}
