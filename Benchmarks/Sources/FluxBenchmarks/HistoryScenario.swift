import CAllocationCounter
import FluxCore
import Foundation

/// What an `UndoHistory` costs: a step of a state with 10,000 steps kept (so
/// each step also drops the oldest), beside the same write with no history
/// and beside a hand-rolled history (a write and a copy kept in a ring); an
/// undo (then a redo) with 10,000 steps and with 100, which the design wants
/// the same (O(1) in the history's length); the bytes the 10,000 steps keep,
/// as measured for the byte bound and as heap; and what a live history costs
/// every action sent through a dispatcher view (it keeps the log on, to
/// label steps).
///
/// Measured apart from the interleaved table, before it: a live history
/// turns the log on for the whole process while it lives, and the table's
/// scenarios leave a log observer behind.
struct HistoryReport: Codable {
  let stepsKept: Int
  /// The state's footprint, what the byte bound counts per kept state.
  let stateBytes: Int
  /// Nanoseconds per operation, medians of the runs.
  let stepNanoseconds: Double
  let variableSetNanoseconds: Double
  let handRolledStepNanoseconds: Double
  let undoNanoseconds: Double
  let undoWith100StepsNanoseconds: Double
  /// Measuring the note's size for the byte bound (`MemoryFootprint`),
  /// beside encoding it with `JSONEncoder`.
  let measureNanoseconds: Double
  let encodeNanoseconds: Double
  /// `UndoHistoryStatus.byteCount` with 10,000 steps kept.
  let measuredBytesKept: Int
  /// Heap growth per step kept, and per fresh copy of the state; `nil`
  /// without the allocation counter.
  let heapBytesPerStep: Double?
  let heapBytesPerCopy: Double?
  let actionNanoseconds: Double
  let actionWithHistoryNanoseconds: Double
}

/// A note, as an editor keeps one: a step copies it.
private struct Note: Codable, Equatable, Sendable {
  var title: String
  var body: String
  var tags: [String]
  var revision: Int

  static func make(_ revision: Int) -> Note {
    Note(
      title: "Meeting notes \(revision % 7)",
      body: String(repeating: "Agenda, decisions and actions. ", count: 6) + "\(revision)",
      tags: ["work", "notes", "2026"], revision: revision)
  }
}

private final class NotesDispatcher: DispatcherType {
  static let shared = NotesDispatcher()
  let value = DispatchSubject<Int>()
}

func historyScenario(runs: Int) -> HistoryReport {
  let kept = 10_000
  let notes = (0..<64).map(Note.make)
  func timed(_ operations: Int, _ body: (Int) -> Void) -> Double {
    medianNanoseconds(runs: runs, operations: operations, body)
  }
  func filled(_ steps: Int) -> (Variable<Note>, UndoHistory<Note>) {
    let note = Variable(notes[0])
    let history = UndoHistory(of: note, maxSteps: steps)
    for index in 1...steps { note.value = notes[index % notes.count] }
    return (note, history)
  }
  // Each in a function of its own, so that its histories are gone when it
  // returns, and the log with them.
  func steps() -> (step: Double, undo: Double, undoSmall: Double, measured: Int) {
    let (note, history) = filled(kept)
    let step = timed(20_000) { note.value = notes[$0 % notes.count] }
    let undo = timed(20_000) { $0 % 2 == 0 ? history.undo() : history.redo() }
    let (_, small) = filled(100)
    let undoSmall = timed(20_000) { $0 % 2 == 0 ? small.undo() : small.redo() }
    return (step, undo, undoSmall, history.status.value.byteCount)
  }
  func heap() -> (step: Double, copy: Double)? {
    guard allocation_counter_is_available() else { return nil }
    let before = allocation_counter_heap_bytes_in_use()
    let (note, history) = filled(kept)
    let step = Double(allocation_counter_heap_bytes_in_use() - before) / Double(kept)
    withExtendedLifetime((note, history)) {}
    let start = allocation_counter_heap_bytes_in_use()
    let copies = (0..<kept).map { Note.make($0) }
    let copy = Double(allocation_counter_heap_bytes_in_use() - start) / Double(kept)
    withExtendedLifetime(copies) {}
    return (step, copy)
  }

  let measured = steps()
  var sink = 0
  let measure = timed(20_000) { sink &+= MemoryFootprint.of(notes[$0 % notes.count]) }
  let encoder = JSONEncoder()
  let encode = timed(20_000) { sink &+= (try? encoder.encode(notes[$0 % notes.count]))?.count ?? 0 }
  precondition(sink > 0)
  let plain = Variable(notes[0])
  let set = timed(20_000) { plain.value = notes[$0 % notes.count] }
  var ring = [Note](repeating: notes[0], count: kept)
  let handRolled = timed(20_000) { index in
    ring[index % kept] = plain.value
    plain.value = notes[index % notes.count]
  }
  withExtendedLifetime(ring) {}
  let heapBytes = heap()

  precondition(!DispatchLog.isActive, "the log is on already: the action costs would be wrong")
  let (action, actionWithHistory) = actionCost(timed)
  return HistoryReport(
    stepsKept: kept, stateBytes: MemoryFootprint.of(notes[1]), stepNanoseconds: measured.step,
    variableSetNanoseconds: set, handRolledStepNanoseconds: handRolled,
    undoNanoseconds: measured.undo, undoWith100StepsNanoseconds: measured.undoSmall,
    measureNanoseconds: measure, encodeNanoseconds: encode, measuredBytesKept: measured.measured,
    heapBytesPerStep: heapBytes?.step, heapBytesPerCopy: heapBytes?.copy,
    actionNanoseconds: action, actionWithHistoryNanoseconds: actionWithHistory)
}

/// An action through a dispatcher view to one handler, with no history
/// alive, then with one alive (of another state).
private func actionCost(_ timed: (Int, (Int) -> Void) -> Double) -> (Double, Double) {
  let dispatcher = NotesDispatcher()
  let sink = Tally()
  let subscription = dispatcher.value.subscribe(makeHandler(sink))
  let view = AnyObserverDispatcher(dispatcher)
  let without = timed(200_000) { view.value.dispatch($0) }
  let history = UndoHistory(of: Variable(0))
  let with = timed(200_000) { view.value.dispatch($0) }
  withExtendedLifetime(history) {}
  subscription.dispose()
  return (without, with)
}

func printHistory(_ report: HistoryReport) {
  func ns(_ value: Double) -> String { String(format: "%.0f ns", value) }
  print()
  print(
    "history: a note of \(report.stateBytes) bytes (its footprint), "
      + "\(report.stepsKept.formatted()) steps kept")
  print(pad("a step (the oldest dropped)", 44) + lpad(ns(report.stepNanoseconds), 12))
  print(pad("… the same write, no history", 44) + lpad(ns(report.variableSetNanoseconds), 12))
  print(
    pad("… hand-rolled: a write and a copy in a ring", 44)
      + lpad(ns(report.handRolledStepNanoseconds), 12))
  print(pad("an undo or a redo, 10,000 steps kept", 44) + lpad(ns(report.undoNanoseconds), 12))
  print(pad("… 100 steps kept", 44) + lpad(ns(report.undoWith100StepsNanoseconds), 12))
  print(pad("… measuring a note (MemoryFootprint)", 44) + lpad(ns(report.measureNanoseconds), 12))
  print(pad("… encoding it (JSONEncoder)", 44) + lpad(ns(report.encodeNanoseconds), 12))
  print(
    pad("bytes kept, as the byte bound counts them", 44)
      + lpad(report.measuredBytesKept.formatted(), 12))
  if let step = report.heapBytesPerStep, let copy = report.heapBytesPerCopy {
    print(pad("heap bytes per step kept", 44) + lpad(String(format: "%.0f", step), 12))
    print(pad("… per fresh copy of the note", 44) + lpad(String(format: "%.0f", copy), 12))
  }
  print(pad("an action through a view", 44) + lpad(ns(report.actionNanoseconds), 12))
  print(pad("… while a history is alive", 44) + lpad(ns(report.actionWithHistoryNanoseconds), 12))
}

/// The median over `runs` runs of the time `body` takes per operation, in
/// nanoseconds, each run calling it `operations` times with the index.
func medianNanoseconds(runs: Int, operations: Int, _ body: (Int) -> Void) -> Double {
  var samples: [Double] = []
  for _ in 0..<runs {
    let start = now()
    for index in 0..<operations { body(index) }
    samples.append(Double(now() - start) / Double(operations))
  }
  return samples.sorted()[samples.count / 2]
}
