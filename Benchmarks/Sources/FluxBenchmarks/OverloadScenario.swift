import FluxCore
import Foundation
import Synchronization

/// The overload scenario of guarantee 8: two threads flood one subject whose
/// handler takes about 2 µs, while a third dispatches once every 10 ms, as a
/// UI thread would. Every `dispatch` call is timed; the handler checks that
/// each thread's events arrive once and in order.
struct OverloadReport: Codable {
  struct Caller: Codable {
    let name: String
    let dispatches: Int
    let longestMilliseconds: Double
    let p99Milliseconds: Double
  }

  let eventsPerFlooder: Int
  let callers: [Caller]
  let everyEventArrivedOnceInOrder: Bool
  let peakQueuedCount: Int
  let secondsUntilAllDelivered: Double

  var longestMilliseconds: Double { callers.map(\.longestMilliseconds).max() ?? .nan }
}

/// The handler's side: what arrived, checked as it arrives. Called by the
/// subject one call at a time, so it needs no lock of its own.
private final class ArrivalCheck: @unchecked Sendable {
  // Safe: only the subject's handler touches `next` and `disorders`, and the
  // subject never runs it twice at once, and orders its calls (guarantee 2);
  // `delivered` is atomic for the threads that wait for it.
  var next = [0, 0, 0]
  var disorders = 0
  let delivered = Atomic(0)

  func receive(_ value: Int) {
    let source = value >> 40
    let index = value & (1 << 40 - 1)
    if index != next[source] { disorders += 1 }
    next[source] = index + 1
    busyWait(nanoseconds: 2_000)
    delivered.add(1, ordering: .releasing)
  }
}

/// Spins for about `nanoseconds`: a handler that does some work.
func busyWait(nanoseconds: UInt64) {
  let end = now() + nanoseconds
  while now() < end {}
}

/// Durations of the `dispatch` calls of one thread, in nanoseconds.
private final class CallTimes: @unchecked Sendable {
  // Safe: written by its one thread, read after that thread has finished
  // (the join is ordered by a DispatchGroup).
  var nanoseconds: [UInt64] = []

  func caller(_ name: String) -> OverloadReport.Caller {
    let sorted = nanoseconds.sorted()
    let p99 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
    return OverloadReport.Caller(
      name: name, dispatches: sorted.count,
      longestMilliseconds: Double(sorted.last ?? 0) / 1e6,
      p99Milliseconds: Double(p99) / 1e6)
  }
}

func overloadScenario(eventsPerFlooder: Int) -> OverloadReport {
  let subject = DispatchSubject<Int>()
  let check = ArrivalCheck()
  let subscription = subject.subscribe { check.receive($0) }
  let times = (0..<3).map { _ in CallTimes() }
  for time in times.prefix(2) { time.nanoseconds.reserveCapacity(eventsPerFlooder) }
  let floodersDone = Atomic(0)
  let group = DispatchGroup()
  let start = now()
  let everyFlooderEvent = 2 * eventsPerFlooder

  for flooder in 0..<2 {
    group.enter()
    Thread {
      let time = times[flooder]
      for index in 0..<eventsPerFlooder {
        let before = now()
        subject.dispatch(flooder << 40 | index)
        time.nanoseconds.append(now() - before)
      }
      floodersDone.add(1, ordering: .releasing)
      group.leave()
    }.start()
  }
  group.enter()
  Thread {
    // The "UI" thread: one dispatch every 10 ms until the flood is delivered.
    let time = times[2]
    var index = 0
    var tick = now()
    while floodersDone.load(ordering: .acquiring) < 2
      || check.delivered.load(ordering: .acquiring) < everyFlooderEvent + index
    {
      tick += 10_000_000
      let wait = Int64(tick) - Int64(now())
      if wait > 0 { usleep(UInt32(wait / 1_000)) }
      let before = now()
      subject.dispatch(2 << 40 | index)
      time.nanoseconds.append(now() - before)
      index += 1
    }
    group.leave()
  }.start()
  group.wait()
  while !subject.isIdle {}
  let elapsed = Double(now() - start) / 1e9
  subscription.dispose()

  let uiDispatches = times[2].nanoseconds.count
  let complete =
    check.next == [eventsPerFlooder, eventsPerFlooder, uiDispatches] && check.disorders == 0
    && check.delivered.load(ordering: .acquiring) == everyFlooderEvent + uiDispatches
  return OverloadReport(
    eventsPerFlooder: eventsPerFlooder,
    callers: [
      times[0].caller("flooding thread 1"), times[1].caller("flooding thread 2"),
      times[2].caller("UI thread, every 10 ms"),
    ],
    everyEventArrivedOnceInOrder: complete,
    peakQueuedCount: subject.peakQueuedCount,
    secondsUntilAllDelivered: elapsed)
}

func printOverload(_ report: OverloadReport) {
  print()
  print(
    "overload: 2 threads flood one subject with \(report.eventsPerFlooder.formatted()) events each "
      + "(handler ~2 µs); a third dispatches every 10 ms")
  print(
    pad("thread", 26) + lpad("dispatches", 12) + lpad("longest call", 16)
      + lpad("99th percentile", 18))
  for caller in report.callers {
    print(
      pad(caller.name, 26) + lpad(caller.dispatches.formatted(), 12)
        + lpad(String(format: "%.1f µs", caller.longestMilliseconds * 1_000), 16)
        + lpad(String(format: "%.2f µs", caller.p99Milliseconds * 1_000), 18))
  }
  print("every event arrived once, in order: \(report.everyEventArrivedOnceInOrder ? "yes" : "NO")")
  print("peak queue depth: \(report.peakQueuedCount.formatted()) events")
  print(
    "time until every event was delivered: \(String(format: "%.2f", report.secondsUntilAllDelivered)) s"
  )
  let met = report.longestMilliseconds <= 10 && report.everyEventArrivedOnceInOrder
  print(
    "longest call on any thread: \(String(format: "%.3f", report.longestMilliseconds)) ms"
      + "   target ≤ 10 ms, nothing lost   \(met ? "met" : "MISSED")")
}
