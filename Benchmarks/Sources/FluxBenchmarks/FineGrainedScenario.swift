import FluxCore
import Foundation
import Observation

/// Views invalidated by what they read: a 10,000-row list and a 20-field
/// state, each read by one reader per row or field (and one of the list),
/// registered as SwiftUI registers a body. For each change: how many
/// readers were invalidated, and how long the main actor took, from the
/// write to the moment every invalidated reader has read again.
struct FineGrainedReport: Codable {
  struct Row: Codable {
    let change: String
    let way: String
    let invalidations: Int
    /// Median over the changes.
    let nanosecondsPerChange: Double
  }

  let rows: [Row]
}

/// The three ways compared.
enum FineGrainedWay: String, CaseIterable {
  case fluxCore = "FluxCore: ObservedCollection, fields"
  case plain = "plain ObservedProperty of the whole value"
  case handWritten = "hand-written @Observable per row"
}

/// A reader: reads inside `withObservationTracking`, counts invalidations
/// into `counter`, and reads again on a later main-queue turn.
@MainActor
final class BenchmarkReader {
  private let read: @MainActor () -> Void
  private let counter: InvalidationTally

  init(_ counter: InvalidationTally, _ read: @escaping @MainActor () -> Void) {
    self.read = read
    self.counter = counter
    track()
  }

  private func track() {
    withObservationTracking(read) { [weak self] in
      DispatchQueue.main.async {
        MainActor.assumeIsolated {
          guard let self else { return }
          self.counter.invalidations += 1
          self.track()
        }
      }
    }
  }
}

@MainActor
final class InvalidationTally {
  var invalidations = 0
}

/// Lets the main queue run what is scheduled now: the hop of a change, then
/// the reads it caused.
@MainActor
func mainQueueTurns(_ count: Int) async {
  for _ in 0..<count {
    await withCheckedContinuation { done in DispatchQueue.main.async { done.resume() } }
  }
}

@MainActor
func fineGrainedScenario(rows: Int, changes: Int) async -> FineGrainedReport {
  var report: [FineGrainedReport.Row] = []
  for change in ListChange.allCases {
    for way in FineGrainedWay.allCases {
      report.append(await measureList(way, change: change, rows: rows, changes: changes))
    }
  }
  // A change of a field takes microseconds, close to the main queue's own
  // turns, so its median needs more samples than a list's.
  for way in FineGrainedWay.allCases {
    report.append(await measureFields(way, changes: changes * 20))
  }
  return FineGrainedReport(rows: report)
}

/// Times `changes` writes of `next(i)` to `state` and counts what they
/// invalidated, once the readers are in place.
@MainActor
func measure<Value: Sendable>(
  _ state: Variable<Value>, tally: InvalidationTally, changes: Int, next: (Int) -> Value
) async -> (invalidations: Int, nanoseconds: Double) {
  await mainQueueTurns(3)
  var times: [Double] = []
  var invalidations = 0
  for index in 0..<changes {
    let before = tally.invalidations
    let start = now()
    state.value = next(index)
    // The frame's turn, then the turn in which invalidated readers read.
    await mainQueueTurns(2)
    times.append(Double(now() - start))
    invalidations = tally.invalidations - before
  }
  return (invalidations, times.sorted()[times.count / 2])
}

func printFineGrained(_ report: FineGrainedReport) {
  print()
  print(
    "fine-grained observation: readers invalidated per change and main-actor time per change "
      + "(a 10,000-row list read by one reader per row and one of the list; a 20-field state "
      + "read by one reader per field; median of the changes)")
  print(pad("change", 22) + pad("way", 44) + lpad("invalidated", 12) + lpad("µs per change", 15))
  for row in report.rows {
    print(
      pad(row.change, 22) + pad(row.way, 44) + lpad(row.invalidations.formatted(), 12)
        + lpad(String(format: "%.1f", row.nanosecondsPerChange / 1_000), 15))
  }
}
