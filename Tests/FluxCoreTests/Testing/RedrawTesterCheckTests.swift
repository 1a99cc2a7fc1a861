import Dispatch
import FluxCore
import FluxCoreTesting
import Observation
import TestSupport
import Testing

/// How ``RedrawTester`` checks: exhaustivity, what it says when it cannot
/// check, and the counts it returns.
@Suite @MainActor struct RedrawTesterCheckTests {
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func withExhaustivityOffOnlyTheReadersNamedAreChecked() async {
    let screen = BudgetScreen()
    let redraws = screen.listTester(.off)
    redraws.reader("every row") { screen.rows.elements }

    screen.actions.rename.dispatch(Rename(id: 7, title: "Seven"))
    let counted = await redraws.expect(["row 7"])
    screen.actions.rename.dispatch(Rename(id: 8, title: "Eight"))

    await withKnownIssue {
      await redraws.expect(["row 7": 0, "row 8": 0])
    } matching: {
      $0.says("over the redraw budget: row 8: redrawn once, budget 0\n")
    }
    #expect(counted == ["row 7", "every row"])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aTesterFreedWithRedrawsNobodyCheckedFails() async {
    let screen = BudgetScreen()

    await withKnownIssue {
      let redraws = screen.listTester()
      screen.actions.rename.dispatch(Rename(id: 3, title: "Three"))
      screen.actions.rename.dispatch(Rename(id: 4, title: "Four"))
      await mainQueueTurns(2)
      withExtendedLifetime(redraws) {}
    } matching: {
      $0.says(
        "readers were redrawn after the last check, and the test did not check them: "
          + "row 3 ×1, row 4 ×1")
    }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aDeliveryThatDoesNotEndInTimeFailsSayingSoNotAsABudget() async throws {
    let screen = BudgetScreen()
    let redraws = RedrawTester(screen.dispatcher, timeout: .milliseconds(50))
    redraws.reader("row 1") { screen.rows[id: 1] }
    let held = try #require(HeldRename(screen.actions, screen.dispatcher))

    await withKnownIssue {
      await redraws.expect([])
    } matching: {
      $0.says("the redraws were not checked: BudgetDispatcher.rename did not finish delivering")
        && $0.says("the machine is too slow for this timeout")
    }
    #expect(held.releaseAndWaitForTheSender(), "the machine is too slow: the sender hung")
    await redraws.expect(["row 1"])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aBudgetNamingNoReaderSaysSo() async {
    let screen = BudgetScreen()
    let redraws = screen.listTester()

    screen.actions.rename.dispatch(Rename(id: 7, title: "Seven"))

    await withKnownIssue {
      await redraws.expect(["row 7", "row seven"])
    } matching: {
      $0.says("row seven: redrawn 0 times, budget 1 (no reader has this name)")
    }
  }

  /// A screen that redraws on every turn (a reader of a clock that ticks
  /// each turn) fails the check after a bounded number of turns.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aScreenThatNeverSettlesFailsWithoutHanging() async {
    let ticking = Ticker()
    let redraws = RedrawTester()
    redraws.reader("clock") { ticking.ticks }

    ticking.start()
    await withKnownIssue {
      await redraws.expect(["clock"])
    } matching: {
      $0.says("readers were still being invalidated after 1000 turns of the main queue")
    }
    ticking.stop()
    await mainQueueTurns(2)
    redraws.exhaustivity = .off
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func readersSharingANameAreCountedTogether() async {
    let screen = BudgetScreen()
    let redraws = RedrawTester(screen.dispatcher)
    for id in screen.rows.ids { redraws.reader("row") { screen.rows[id: id] } }

    screen.actions.rename.dispatch(Rename(id: 7, title: "Seven"))
    screen.actions.rename.dispatch(Rename(id: 8, title: "Eight"))
    let counted = await redraws.expect(["row": 2])

    #expect(counted.readers == ["row"])
    #expect(counted.total == 2)
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aBudgetIsWrittenAsNamesOrCountsAndZerosAreNoRedraw() {
    let names: Redraws = ["row 7", "list", "row 7"]
    let counts: Redraws = ["row 7": 2, "list": 1, "row 8": 0]

    #expect(names == counts)
    #expect(Set([names, counts]).count == 1)
    #expect(counts["row 8"] == 0)
    #expect(counts["nobody"] == 0)
    #expect(counts.readers == ["list", "row 7"])
    #expect(counts.total == 3)
    #expect("\(counts)" == "list ×1, row 7 ×2")
    #expect("\(Redraws())" == "nobody")
  }
}

/// A clock that ticks on every main-queue turn while started.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable @MainActor
final class Ticker {
  private(set) var ticks = 0
  @ObservationIgnored private var isRunning = false

  func start() {
    isRunning = true
    tick()
  }

  func stop() {
    isRunning = false
  }

  private func tick() {
    guard isRunning else { return }
    ticks += 1
    DispatchQueue.main.async { MainActor.assumeIsolated { self.tick() } }
  }
}

/// Lets the main queue run `count` turns.
@MainActor
func mainQueueTurns(_ count: Int) async {
  for _ in 0..<count {
    await withCheckedContinuation { turn in DispatchQueue.main.async { turn.resume() } }
  }
}
