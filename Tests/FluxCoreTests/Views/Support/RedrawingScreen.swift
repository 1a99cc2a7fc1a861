import Dispatch
import FluxCore
import FluxCoreTesting
import Observation
import TestSupport

/// A screen that redraws as SwiftUI does: it reads what it shows inside
/// `withObservationTracking`, and a change of anything it read schedules a
/// redraw on a later turn of the main queue, which reads everything again.
///
/// Every drawing is a frame; the screen keeps them all, in order, so that a
/// test can check that each one is a state some whole action produced.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
final class RedrawingScreen<Frame: Equatable & Sendable> {
  private let read: @MainActor () -> Frame
  private(set) var frames: [Frame] = []
  private var waiters: [(frame: Frame, resume: CheckedContinuation<Void, Never>)] = []
  /// The frame drawn last, readable from any thread: what the screen shows
  /// now.
  nonisolated let showing = Lock<Frame?>(nil)
  /// Threads waiting, off the main actor, for a frame to be shown.
  private nonisolated let threadsWaiting = Lock<[(frame: Frame, wake: DispatchSemaphore)]>([])

  /// Draws the first frame at once.
  init(reading read: @escaping @MainActor () -> Frame) {
    self.read = read
    draw()
  }

  private func draw() {
    let frame = withObservationTracking {
      read()
    } onChange: { [weak self] in
      // Called on the main actor, before the change is made: as SwiftUI
      // does, redraw on a later turn.
      DispatchQueue.main.async { MainActor.assumeIsolated { self?.draw() } }
    }
    frames.append(frame)
    showing.withLock { $0 = frame }
    let woken = threadsWaiting.withLock { waiting in
      defer { waiting.removeAll { $0.frame == frame } }
      return waiting.filter { $0.frame == frame }
    }
    for waiter in woken { waiter.wake.signal() }
    let ready = waiters.filter { $0.frame == frame }
    waiters.removeAll { $0.frame == frame }
    for waiter in ready { waiter.resume.resume() }
  }

  /// What the screen's views hold now, read without waiting for a redraw:
  /// what a key handler or a text field's binding reads back.
  var current: Frame { read() }

  /// Returns once the screen has drawn `frame` (at once if it already has),
  /// or throws ``TimedOut`` after `seconds`.
  func waitUntilDrawn(_ frame: Frame, seconds: Double = 60) async throws {
    guard !frames.contains(frame) else { return }
    let timeout = Task { @MainActor [weak self] in
      try await Task.sleep(for: .seconds(seconds))
      guard let self else { return }
      let late = waiters
      waiters.removeAll()
      for waiter in late { waiter.resume.resume() }
    }
    await withCheckedContinuation { waiters.append((frame, $0)) }
    timeout.cancel()
    if !frames.contains(frame) { throw TimedOut(seconds: seconds) }
  }

  /// Blocks the calling thread (never the main actor) until the screen
  /// shows `frame`; whether it does.
  ///
  /// After `seconds` it gives up, records that the machine was too slow for
  /// the test, and returns `true`: the test fails as too slow, not as if
  /// the screen had shown something else.
  nonisolated func waitUntilShowing(
    _ frame: Frame, seconds: Double = 60, file: StaticString = #filePath, line: UInt = #line
  ) -> Bool {
    let wake = DispatchSemaphore(value: 0)
    let shown = showing.withLock { showing in
      if showing == frame { return true }
      threadsWaiting.withLock { $0.append((frame, wake)) }
      return false
    }
    if shown || wake.wait(timeout: .now() + seconds) == .success { return true }
    reportFailure(
      "too slow: waited \(seconds) s for the screen to show \(frame); the machine is too busy",
      at: CallSite(fileID: file, filePath: file, line: line, column: 1))
    return true
  }
}
