// The encoder behind `MemoryFootprint`: it writes nothing, and adds to a
// `FootprintTally` the heap that each value encoded reaches. Numbers,
// booleans and nil reach none (they are inline in their container); a
// string reaches its storage; any other value, what its own encoding
// reaches.

/// An encoder that sums the heap a value reaches instead of writing it.
struct FootprintEncoder: Encoder {
  let tally: FootprintTally
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(KeyedFootprint<Key>(tally: tally))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    UnkeyedFootprint(tally: tally)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueFootprint(tally: tally)
  }
}

struct KeyedFootprint<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let tally: FootprintTally
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil(forKey key: Key) {}
  mutating func encode(_ value: Bool, forKey key: Key) {}
  mutating func encode(_ value: Int, forKey key: Key) {}
  mutating func encode(_ value: Double, forKey key: Key) {}
  mutating func encode(_ value: String, forKey key: Key) {
    tally.bytes += MemoryFootprint.heap(of: value)
  }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) {
    tally.add(value)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    KeyedEncodingContainer(KeyedFootprint<NestedKey>(tally: tally))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    UnkeyedFootprint(tally: tally)
  }

  mutating func superEncoder() -> any Encoder {
    FootprintEncoder(tally: tally)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    FootprintEncoder(tally: tally)
  }
}

struct UnkeyedFootprint: UnkeyedEncodingContainer {
  let tally: FootprintTally
  var codingPath: [any CodingKey] { [] }
  private(set) var count = 0

  init(tally: FootprintTally) {
    self.tally = tally
  }

  mutating func encodeNil() { count += 1 }
  mutating func encode(_ value: Bool) { count += 1 }
  mutating func encode(_ value: Int) { count += 1 }
  mutating func encode(_ value: Double) { count += 1 }
  mutating func encode(_ value: String) {
    count += 1
    tally.bytes += MemoryFootprint.heap(of: value)
  }
  mutating func encode<T: Encodable>(_ value: T) {
    count += 1
    tally.add(value)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    count += 1
    return KeyedEncodingContainer(KeyedFootprint<NestedKey>(tally: tally))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    count += 1
    return UnkeyedFootprint(tally: tally)
  }

  mutating func superEncoder() -> any Encoder {
    count += 1
    return FootprintEncoder(tally: tally)
  }
}

struct SingleValueFootprint: SingleValueEncodingContainer {
  let tally: FootprintTally
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil() {}
  mutating func encode(_ value: Bool) {}
  mutating func encode(_ value: Int) {}
  mutating func encode(_ value: Double) {}
  mutating func encode(_ value: String) {
    tally.bytes += MemoryFootprint.heap(of: value)
  }
  mutating func encode<T: Encodable>(_ value: T) {
    tally.add(value)
  }
}
