import Dispatch
import FluxCore
import Testing

/// A write made on the main actor reaches its main-actor view in the next
/// main-queue turn, even while another thread's actions keep committing to
/// views of their own: the turn that other thread scheduled is already on
/// the main queue when the write finds it scheduled, so it runs ahead of
/// whatever the main actor queues next.
@MainActor
@Suite struct MainActorTurnTests {
  @Test func aMainActorWriteReachesItsViewInTheNextTurnWhileAnotherThreadCommits() async {
    let flooded = Variable(0)
    let floodView = flooded.asProperty().observeOnMainActor { _ in }
    let state = Variable(0)
    var shown = 0
    let view = state.asProperty().observeOnMainActor { shown = $0 }
    // The other thread commits a burst of actions around each main-actor
    // write, and waits between bursts: no core is kept busy for the rest
    // of the suite.
    let go = DispatchSemaphore(value: 0)
    let writes = 2_000
    let stopped = DispatchSemaphore(value: 0)
    startThread {
      var value = 0
      for _ in 1...writes {
        go.wait()
        for _ in 0..<20 {
          value += 1
          flooded.value = value  // an action that commits to its view
        }
      }
      stopped.signal()
    }

    var late: [Int] = []
    for write in 1...writes {
      go.signal()
      state.value = write
      await withCheckedContinuation { done in DispatchQueue.main.async { done.resume() } }
      if shown != write { late.append(write) }
    }
    stopped.wait()

    #expect(late == [])
    floodView.dispose()
    view.dispose()
  }
}
