import FluxCore
import FluxCoreTesting
import TestSupport
import Testing

@Suite struct WithLatestFromTests {
  struct Options: Equatable {
    var sort: String
    var pageSize: Int
  }

  /// The seed's ViewModel line, ported as written:
  /// `cellDidSelect.map { _ in () }.withLatestFrom(currentOptions)`.
  @Test func theSeedsViewModelLineReadsTheCurrentOptionsOnEachSelection() {
    let cellDidSelect = DispatchSubject<Int>()
    let options = Variable(Options(sort: "stars", pageSize: 20))
    let currentOptions = options.asProperty()
    let chosen = TestRecorder<Options>()

    let subscription = cellDidSelect.map { _ in () }.withLatestFrom(currentOptions)
      .subscribe(chosen.handler)
    #expect(chosen.values == [])  // the current options alone deliver nothing

    cellDidSelect.dispatch(3)
    options.value.sort = "name"  // a change alone delivers nothing
    options.value.pageSize = 50
    #expect(chosen.count == 1)
    cellDidSelect.dispatch(0)
    cellDidSelect.dispatch(7)

    #expect(
      chosen.values == [
        Options(sort: "stars", pageSize: 20), Options(sort: "name", pageSize: 50),
        Options(sort: "name", pageSize: 50),
      ])
    subscription.dispose()
    #expect(cellDidSelect.subscriptionCount == 0)
    #expect(currentOptions.subscriptionCount == 0)
  }

  @Test func nothingIsDeliveredUntilTheOtherSourceHasAValue() {
    let taps = DispatchSubject<String>()
    let other = DispatchSubject<Int>()
    let recorder = TestRecorder<String>()
    let subscription = taps.withLatestFrom(other) { "\($0)\($1)" }.subscribe(recorder.handler)

    taps.dispatch("a")  // no value of `other` yet: dropped, not kept
    other.dispatch(1)
    other.dispatch(2)
    taps.dispatch("b")
    taps.dispatch("c")
    other.dispatch(3)
    taps.dispatch("d")

    #expect(recorder.values == ["b2", "c2", "d3"])
    subscription.dispose()
    #expect(taps.subscriptionCount == 0 && other.subscriptionCount == 0)
  }

  /// A property's current value is in hand before anything is delivered,
  /// even a value delivered while subscribing.
  @Test func aPropertysValueIsReadyForAValueDeliveredWhileSubscribing() {
    let count = Variable(41)
    let recorder = TestRecorder<Int>()
    let subscription = Variable(1).withLatestFrom(count) { $0 + $1 }.subscribe(recorder.handler)

    #expect(recorder.values == [42])
    subscription.dispose()
    #expect(count.subscriptionCount == 0)
  }

  /// While another thread changes the state, every trigger delivers once,
  /// and never a value older than one it delivered before.
  @Test func underAConcurrentWriterEachTriggerDeliversOnceAndNeverGoesBack() {
    for _ in 0..<20 {
      let trigger = DispatchSubject<Int>()
      let state = Variable(0)
      let recorder = TestRecorder<Int>()
      let subscription = trigger.withLatestFrom(state).subscribe(recorder.handler)

      runOnThreads(2) { thread in
        for value in 1...2_000 {
          if thread == 0 { trigger.dispatch(value) } else { state.value = value }
        }
      }
      #expect(expectDelivered(trigger, state))
      trigger.dispatch(0)
      #expect(expectDelivered(trigger))

      let seen = recorder.values
      #expect(seen.count == 2_001)
      #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 <= $1 })
      #expect(seen.last == 2_000)  // after the writer is done: its last value
      subscription.dispose()
    }
  }
}
