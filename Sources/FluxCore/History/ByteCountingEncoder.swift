// The encoder behind `EncodedSize`: it writes nothing and adds to a
// `ByteTally` what JSONEncoder would write. Each container counts its
// brackets once, and each element its comma (from the second on), its key
// and its value.

/// An encoder that counts bytes instead of writing them.
struct ByteCountingEncoder: Encoder {
  let tally: ByteTally
  let slot: ValueSlot
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    open()
    return KeyedEncodingContainer(KeyedCounter<Key>(tally: tally, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    open()
    return UnkeyedCounter(tally: tally, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    slot.hasContainer = true
    return SingleValueCounter(tally: tally, codingPath: codingPath)
  }

  /// Counts the brackets, the first time the value asks for a container.
  private func open() {
    if !slot.hasContainer { tally.bytes += 2 }
    slot.hasContainer = true
  }
}

/// The elements a container has counted so far, for its commas.
final class ElementCount {
  var count = 0

  /// Counts the comma before an element, if it is not the first.
  func next(_ tally: ByteTally) {
    if count > 0 { tally.bytes += 1 }
    count += 1
  }
}

struct KeyedCounter<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let tally: ByteTally
  let codingPath: [any CodingKey]
  private let elements = ElementCount()

  init(tally: ByteTally, codingPath: [any CodingKey]) {
    self.tally = tally
    self.codingPath = codingPath
  }

  /// Counts the comma, the key and the colon.
  private func key(_ key: some CodingKey) {
    named(key.stringValue)
  }

  private func named(_ name: String) {
    elements.next(tally)
    tally.bytes += ByteTally.quotedLength(name) + 1
  }

  mutating func encodeNil(forKey key: Key) {
    self.key(key)
    tally.bytes += 4
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) {
    self.key(key)
    tally.add(value)
  }

  mutating func encode(_ value: String, forKey key: Key) {
    self.key(key)
    tally.bytes += ByteTally.quotedLength(value)
  }

  mutating func encode(_ value: Int, forKey key: Key) {
    self.key(key)
    tally.bytes += ByteTally.decimalLength(value)
  }

  mutating func encode(_ value: Bool, forKey key: Key) {
    self.key(key)
    tally.bytes += value ? 4 : 5
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    self.key(key)
    tally.bytes += 2
    return KeyedEncodingContainer(KeyedCounter<NestedKey>(tally: tally, codingPath: codingPath))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    self.key(key)
    tally.bytes += 2
    return UnkeyedCounter(tally: tally, codingPath: codingPath)
  }

  mutating func superEncoder() -> any Encoder {
    named("super")
    return ByteCountingEncoder(tally: tally, slot: ValueSlot(), codingPath: codingPath)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    self.key(key)
    return ByteCountingEncoder(tally: tally, slot: ValueSlot(), codingPath: codingPath)
  }
}

struct UnkeyedCounter: UnkeyedEncodingContainer {
  let tally: ByteTally
  let codingPath: [any CodingKey]
  private let elements = ElementCount()
  var count: Int { elements.count }

  init(tally: ByteTally, codingPath: [any CodingKey]) {
    self.tally = tally
    self.codingPath = codingPath
  }

  mutating func encodeNil() {
    elements.next(tally)
    tally.bytes += 4
  }

  mutating func encode<T: Encodable>(_ value: T) {
    elements.next(tally)
    tally.add(value)
  }

  mutating func encode(_ value: String) {
    elements.next(tally)
    tally.bytes += ByteTally.quotedLength(value)
  }

  mutating func encode(_ value: Int) {
    elements.next(tally)
    tally.bytes += ByteTally.decimalLength(value)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    elements.next(tally)
    tally.bytes += 2
    return KeyedEncodingContainer(KeyedCounter<NestedKey>(tally: tally, codingPath: codingPath))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    elements.next(tally)
    tally.bytes += 2
    return UnkeyedCounter(tally: tally, codingPath: codingPath)
  }

  mutating func superEncoder() -> any Encoder {
    elements.next(tally)
    return ByteCountingEncoder(tally: tally, slot: ValueSlot(), codingPath: codingPath)
  }
}

struct SingleValueCounter: SingleValueEncodingContainer {
  let tally: ByteTally
  let codingPath: [any CodingKey]

  mutating func encodeNil() {
    tally.bytes += 4
  }

  mutating func encode<T: Encodable>(_ value: T) {
    tally.add(value)
  }
}
