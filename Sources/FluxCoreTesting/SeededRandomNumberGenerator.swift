/// A random number generator that a seed determines (xorshift64*): for
/// seeded, replayable property tests, where a failure names its seed and the
/// same seed gives the same input on every machine.
///
/// ```swift
/// var random = SeededRandomNumberGenerator(seed: seed)
/// let count = Int.random(in: 1...100, using: &random)
/// ```
///
/// Not for anything that needs unpredictable numbers.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates the generator for `seed`; every seed, 0 included, works.
  ///
  /// - Parameter seed: The seed.
  public init(seed: UInt64) {
    state = seed &* 0x2545_F491_4F6C_DD1D | 1
  }

  /// The next number of the sequence.
  public mutating func next() -> UInt64 {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return state &* 0x2545_F491_4F6C_DD1D
  }
}
