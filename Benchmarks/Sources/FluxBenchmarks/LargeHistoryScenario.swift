import CAllocationCounter
import FluxCore
import Foundation

/// What an `UndoHistory` with default settings costs for a large state: a
/// step of a 200,000-element array (an edit of one element through the
/// variable, recorded) beside the same edit with no history and beside a
/// copy of the array, which the edit makes either way (the variable still
/// holds the array it replaces); and a full history's heap growth beside
/// its byte bound.
struct LargeHistoryReport: Codable {
  let elements: Int
  /// Nanoseconds per operation, medians of the runs.
  let stepNanoseconds: Double
  let editNanoseconds: Double
  let copyNanoseconds: Double
  /// What the byte bound used to cost a step: the array's JSON size, as
  /// `EncodedSize` counts it, and what it costs now (`MemoryFootprint`).
  let encodedSizeNanoseconds: Double
  let footprintNanoseconds: Double
  /// A full history (`maxBytes` reached): its bound, what it counts, and
  /// the heap it grew by; `nil` without the allocation counter.
  let maxBytes: Int
  let countedBytes: Int
  let stepsKept: Int
  let heapGrowthBytes: Int?
}

func largeHistoryScenario(runs: Int) -> LargeHistoryReport {
  let elements = 200_000
  let operations = 200
  let base = [Int](repeating: 0, count: elements)
  func timed(_ body: (Int) -> Void) -> Double {
    medianNanoseconds(runs: runs, operations: operations, body)
  }
  // Each edit at another place, so that telling a change from the present
  // reads a different share of the array each time.
  func place(_ index: Int) -> Int { (index &* 7_919) % elements }

  let step: Double = {
    let numbers = Variable(base)
    let history = UndoHistory(of: numbers, maxSteps: 100)
    defer { withExtendedLifetime(history) {} }
    return timed { numbers.value[place($0)] = $0 + 1 }
  }()
  let plain = Variable(base)
  let edit = timed { plain.value[place($0)] = $0 + 1 }
  var copies = 0
  let copy = timed { index in
    var copied = base
    copied[place(index)] = index + 1  // makes the copy
    copies &+= copied[index]
  }
  precondition(copies >= 0)
  var sink = 0
  let encoded = timed { _ in sink &+= EncodedSize.of(base) }
  let footprint = timed { _ in sink &+= MemoryFootprint.of(base) }
  precondition(sink > 0)

  let maxBytes = 16 << 20
  let before = allocation_counter_is_available() ? allocation_counter_heap_bytes_in_use() : 0
  let numbers = Variable(base)
  let history = UndoHistory(of: numbers, maxBytes: maxBytes)
  for index in 0..<100 { numbers.value[place(index)] = index + 1 }
  let growth =
    allocation_counter_is_available()
    ? Int(allocation_counter_heap_bytes_in_use() - before) : nil
  let status = history.status.value
  withExtendedLifetime((numbers, history)) {}

  return LargeHistoryReport(
    elements: elements, stepNanoseconds: step, editNanoseconds: edit, copyNanoseconds: copy,
    encodedSizeNanoseconds: encoded, footprintNanoseconds: footprint, maxBytes: maxBytes,
    countedBytes: status.byteCount, stepsKept: status.undoCount, heapGrowthBytes: growth)
}

func printLargeHistory(_ report: LargeHistoryReport) {
  func µs(_ value: Double) -> String { String(format: "%.1f µs", value / 1_000) }
  func mb(_ value: Int) -> String { String(format: "%.1f MB", Double(value) / 1_000_000) }
  print()
  print("history of a large state: an array of \(report.elements.formatted()) Ints")
  print(pad("a step (an edit, recorded)", 44) + lpad(µs(report.stepNanoseconds), 12))
  print(pad("… the same edit, no history", 44) + lpad(µs(report.editNanoseconds), 12))
  print(pad("… a copy of the array", 44) + lpad(µs(report.copyNanoseconds), 12))
  print(pad("… measuring it: MemoryFootprint (now)", 44) + lpad(µs(report.footprintNanoseconds), 12))
  print(pad("… measuring it: EncodedSize (before)", 44) + lpad(µs(report.encodedSizeNanoseconds), 12))
  print(
    pad("a full history: maxBytes; counted (\(report.stepsKept) steps)", 44)
      + lpad(mb(report.maxBytes), 12) + lpad(mb(report.countedBytes), 12))
  if let growth = report.heapGrowthBytes {
    print(pad("… its heap growth", 44) + lpad(mb(growth), 12))
  }
}
