/// The size of a value's encoding, measured without encoding it: what an
/// ``UndoHistory`` counts a step of a `Codable` state as.
///
/// ```swift
/// struct Draft: Codable { var title = "Dear Ada," }
/// EncodedSize.of(Draft())  // 21: {"title":"Dear Ada,"}
/// ```
///
/// It is the number of bytes that Foundation's `JSONEncoder` (default
/// settings, no whitespace) writes for the value, counted as the value
/// encodes itself, with nothing written and no Foundation needed: strings
/// with their escapes (`\"`, `\\`, `\/`, `\n`, `\u001B`) and their UTF-8,
/// numbers as JSONEncoder writes them (`1` for `1.0`), `null`, brackets,
/// commas and keys. The tests check it against `JSONEncoder` on nested
/// structs, arrays, dictionaries, optionals, numbers and strings of every
/// kind. Types that `JSONEncoder` encodes its own way rather than through
/// their `Encodable` conformance (`Data` as Base64, `Date`, `URL`,
/// `Decimal`) are counted as their conformance encodes them. A value that
/// JSONEncoder refuses (a `Double` that is not finite) is counted as its
/// description.
public enum EncodedSize: Sendable {
  /// The number of bytes of `value`'s JSON encoding.
  ///
  /// - Parameter value: Any encodable value.
  /// - Returns: Its size in bytes; never negative.
  public static func of(_ value: some Encodable) -> Int {
    let tally = ByteTally()
    tally.add(value)
    return tally.bytes
  }
}

/// A running total of the bytes a value would encode to, kept while the
/// value encodes itself into a ``ByteCountingEncoder``.
final class ByteTally {
  var bytes = 0

  /// Adds a value in a position of its own (a top-level value, an element,
  /// the value of a key).
  func add<T: Encodable>(_ value: T) {
    if let literal = Self.literalLength(value) {
      bytes += literal
      return
    }
    let slot = ValueSlot()
    try? value.encode(to: ByteCountingEncoder(tally: self, slot: slot, codingPath: []))
    if !slot.hasContainer { bytes += 2 }  // encoded nothing: `{}`
  }

  /// The length of a value that JSON writes as a literal, or `nil`.
  ///
  /// Tells the types apart by their metatypes first, which costs a
  /// comparison, not a dynamic cast.
  static func literalLength<T>(_ value: T) -> Int? {
    if T.self == String.self { return quotedLength(value as! String) }
    if T.self == Int.self { return decimalLength(value as! Int) }
    if T.self == Bool.self { return (value as! Bool) ? 4 : 5 }
    if T.self == Double.self { return floatingLength((value as! Double).description) }
    switch value {
    case let number as any BinaryInteger: return String(number).utf8.count
    case let number as Float: return floatingLength(number.description)
    default: return nil
    }
  }

  /// The number of characters of `number` in decimal, with its sign.
  static func decimalLength(_ number: Int) -> Int {
    var length = number < 0 ? 2 : 1
    var rest = number.magnitude
    while rest >= 10 {
      rest /= 10
      length += 1
    }
    return length
  }

  /// `1.0` is written `1`, `-0.0` is written `-0`.
  static func floatingLength(_ description: String) -> Int {
    description.hasSuffix(".0") ? description.utf8.count - 2 : description.utf8.count
  }

  /// The length of `string` in quotes, escaped as JSONEncoder escapes it.
  static func quotedLength(_ string: String) -> Int {
    var length = 2
    for byte in string.utf8 {
      switch byte {
      case 0x22, 0x5C, 0x2F, 0x08, 0x0C, 0x0A, 0x0D, 0x09: length += 2  // " \ / \b \f \n \r \t
      case ..<0x20: length += 6  // \u00XX
      default: length += 1
      }
    }
    return length
  }
}

/// Whether the value encoding into a position asked for a container: one
/// that asked for none wrote `{}`.
final class ValueSlot {
  var hasContainer = false
}
