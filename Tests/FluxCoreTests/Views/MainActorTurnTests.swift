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
    let stop = Variable(false)
    let flooding = DispatchSemaphore(value: 0)
    let stopped = DispatchSemaphore(value: 0)
    startThread {
      flooding.signal()
      var value = 0
      while !stop.value {
        value += 1
        flooded.value = value  // an action that commits to its view
      }
      stopped.signal()
    }
    flooding.wait()

    var late: [Int] = []
    for write in 1...2_000 {
      state.value = write
      await withCheckedContinuation { done in DispatchQueue.main.async { done.resume() } }
      if shown != write { late.append(write) }
    }
    stop.value = true
    stopped.wait()

    #expect(late == [])
    floodView.dispose()
    view.dispose()
  }
}
