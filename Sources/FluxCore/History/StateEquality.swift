#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Bionic)
import Bionic
#endif

/// Whether two states are equal, for a history telling a change from the
/// present: by their bytes when they are arrays of fixed-width integers
/// (whose `==` is their bytes' equality), which `memcmp` compares several
/// times faster than the element loop of `==`; `nil` for any other state.
enum StateEquality {
  static func bytesEqual<Value>(_ lhs: Value, _ rhs: Value) -> Bool? {
    guard let integers = lhs as? any IntegerArray else { return nil }
    return integers.hasSameBytes(as: rhs)
  }
}

/// An array of fixed-width integers: equal to another exactly when their
/// bytes are.
protocol IntegerArray {
  /// Whether `other`, an array of the same type, holds the same bytes.
  func hasSameBytes(as other: Any) -> Bool
}

extension Array: IntegerArray where Element: FixedWidthInteger {
  func hasSameBytes(as other: Any) -> Bool {
    guard let other = other as? [Element], count == other.count else { return false }
    return withUnsafeBytes { lhs in
      other.withUnsafeBytes { rhs in
        lhs.baseAddress == rhs.baseAddress || lhs.isEmpty
          || memcmp(lhs.baseAddress!, rhs.baseAddress!, lhs.count) == 0
      }
    }
  }
}
