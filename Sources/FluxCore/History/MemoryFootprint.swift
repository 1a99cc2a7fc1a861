/// What a value holds in memory, estimated without copying or encoding it:
/// what an ``UndoHistory`` counts a kept state of an `Encodable` state as,
/// against its byte bound.
///
/// ```swift
/// MemoryFootprint.of([Int](repeating: 0, count: 200_000))  // 1,600,040
/// ```
///
/// It is the value's own size (`MemoryLayout`) and the heap it reaches:
/// the storage of its arrays, sets and dictionaries (their capacity, in
/// elements of their stride, and a header), of its strings longer than
/// the 15 bytes Swift keeps inline, and, recursively, what their elements
/// reach. It visits the value as the value encodes itself, with nothing
/// written; a collection of more than 16 elements is not visited whole:
/// what its elements reach is counted from 16 of them, evenly spaced, so
/// that measuring a large state costs about as much as measuring a small
/// one. Storage that several values share (a string that two kept states
/// hold) is counted in each, so the total errs high, never low, by that;
/// class instances count only what their encoded fields reach.
public enum MemoryFootprint: Sendable {
  /// What `value` holds in memory, in bytes.
  ///
  /// - Parameter value: Any encodable value.
  /// - Returns: Its estimated footprint; never negative.
  public static func of<Value: Encodable>(_ value: Value) -> Int {
    MemoryLayout<Value>.size + FootprintTally().heap(of: value)
  }

  /// The most elements of a collection visited to estimate what its
  /// elements reach.
  static let sampledElements = 16

  /// The bytes an allocation of `bytes` takes: rounded up to the 16 bytes
  /// that allocators align to.
  static func allocation(_ bytes: Int) -> Int {
    (bytes + 15) & ~15
  }

  /// The heap a string's storage takes: none for a string of 15 bytes or
  /// fewer (kept inline), its header, its bytes and a terminator otherwise.
  static func heap(of string: String) -> Int {
    let count = string.utf8.count
    return count <= 15 ? 0 : allocation(32 + count + 1)
  }
}

/// Sums the heap a value reaches, as it encodes itself into a
/// ``FootprintEncoder``.
final class FootprintTally {
  var bytes = 0

  /// The heap `value` reaches: not its own size, which its container
  /// counts (inline in a struct, or in a collection's storage).
  func heap<T: Encodable>(of value: T) -> Int {
    if T.self == String.self { return MemoryFootprint.heap(of: value as! String) }
    if T.self == Int.self || T.self == Double.self || T.self == Bool.self { return 0 }
    // Numbers are inline, and encoding one here would come back to this.
    if value is any BinaryInteger || value is any BinaryFloatingPoint { return 0 }
    if let collection = value as? any FootprintCollection { return collection.heap(self) }
    let before = bytes
    try? value.encode(to: FootprintEncoder(tally: self))
    defer { bytes = before }
    return bytes - before
  }

  /// Adds what `value` reaches.
  func add<T: Encodable>(_ value: T) {
    bytes += heap(of: value)
  }

  /// What `elements` reach, estimated from at most
  /// ``MemoryFootprint/sampledElements`` of them, evenly spaced (the first
  /// ones, for a collection without random access).
  func elementsHeap<C: Collection>(of elements: C) -> Int {
    let count = elements.count
    guard count > 0 else { return 0 }
    let sampled = Swift.min(count, MemoryFootprint.sampledElements)
    var total = 0
    if elements is any RandomAccessCollection {
      for sample in 0..<sampled {
        let offset = sample * count / sampled
        total += elementHeap(elements[elements.index(elements.startIndex, offsetBy: offset)])
      }
    } else {
      for element in elements.prefix(sampled) { total += elementHeap(element) }
    }
    return total * count / sampled
  }

  private func elementHeap<Element>(_ element: Element) -> Int {
    guard let encodable = element as? any Encodable else { return 0 }
    return heap(of: encodable)
  }
}

/// A collection whose storage ``MemoryFootprint`` counts without visiting
/// every element.
protocol FootprintCollection {
  /// The heap its storage takes, and what its elements reach.
  func heap(_ tally: FootprintTally) -> Int
}

extension Array: FootprintCollection {
  func heap(_ tally: FootprintTally) -> Int {
    guard capacity > 0 else { return 0 }  // the empty array's storage is shared
    return MemoryFootprint.allocation(32 + capacity * MemoryLayout<Element>.stride)
      + tally.elementsHeap(of: self)
  }
}

extension ContiguousArray: FootprintCollection {
  func heap(_ tally: FootprintTally) -> Int {
    guard capacity > 0 else { return 0 }
    return MemoryFootprint.allocation(32 + capacity * MemoryLayout<Element>.stride)
      + tally.elementsHeap(of: self)
  }
}

extension Set: FootprintCollection {
  func heap(_ tally: FootprintTally) -> Int {
    guard capacity > 0 else { return 0 }
    // Buckets at most 3/4 full, a bit per bucket, and a header.
    let buckets = capacity * 4 / 3 + 1
    return MemoryFootprint.allocation(64 + buckets / 8 + buckets * MemoryLayout<Element>.stride)
      + tally.elementsHeap(of: self)
  }
}

extension Dictionary: FootprintCollection {
  func heap(_ tally: FootprintTally) -> Int {
    guard capacity > 0 else { return 0 }
    let buckets = capacity * 4 / 3 + 1
    let stride = MemoryLayout<Key>.stride + MemoryLayout<Value>.stride
    return MemoryFootprint.allocation(64 + buckets / 8 + buckets * stride)
      + tally.elementsHeap(of: keys) + tally.elementsHeap(of: values)
  }
}
