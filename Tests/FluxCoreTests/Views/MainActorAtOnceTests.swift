import Dispatch
import FluxCore
import FluxCoreTesting
import TestSupport
import Testing

/// Guarantee 10, "on the main actor, at once": an action that the main
/// actor dispatches and delivers itself is on every main-actor view when
/// `dispatch` returns, after every frame committed before it, through every
/// way onto the main actor.
@MainActor
@Suite struct MainActorAtOnceTests {
  /// The feature of guarantee 10's tests, with no slow work: the main actor
  /// delivers its actions itself here.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor
  struct Feature {
    let dispatcher = AnswerDispatcher()
    let query: QueryStore
    let work: WorkStore
    let total: TotalStore
    let screen: RedrawingScreen<Shown>
    let keep: [Any]

    init(_ way: WayOntoTheMainActor) {
      let view = AnyObservableDispatcher(dispatcher)
      query = QueryStore(view)
      work = WorkStore(view) { _ in }
      total = TotalStore(view)
      (screen, keep) = way.screen(query: query.query, total: total.total)
    }
  }

  /// A key handler that moves the selection down twice in one run-loop
  /// turn reads its own first move back: the selection moves two rows.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test(arguments: WayOntoTheMainActor.allCases)
  func aKeyHandlerThatDispatchesTwiceInOneTurnReadsItsFirstChangeBack(
    way: WayOntoTheMainActor
  ) {
    let feature = Feature(way)
    func down() { feature.dispatcher.answer.dispatch(feature.screen.current.query + 1) }

    down()
    let afterOne = feature.screen.current
    down()

    #expect(afterOne == Shown(1, 10))
    #expect(feature.screen.current == Shown(2, 20))
    withExtendedLifetime(feature.keep) {}
  }

  /// A text field's binding reads back what its setter has just sent.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aTextFieldsBindingReadsBackWhatItsSetterSent() {
    let text = Variable("a")
    let observed = ObservedProperty(text.asProperty())
    let model = ShownText()
    let assigned = text.asProperty().assign(to: \.text, on: model)

    text.value = "ab"
    let readBack = (observed.value, model.text)
    text.value = "abc"

    #expect(readBack == ("ab", "ab"))
    #expect((observed.value, model.text) == ("abc", "abc"))
    assigned.dispose()
  }

  /// A frame that another thread committed, and whose turn has not run yet,
  /// reaches the views with the main actor's next action, before it: the
  /// screen never goes back to it afterwards.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test(arguments: WayOntoTheMainActor.allCases)
  func aMainActorActionAfterAnUndeliveredFrameNeverGoesBack(way: WayOntoTheMainActor) async {
    let feature = Feature(way)
    let committed = DispatchSemaphore(value: 0)
    startThread { [dispatcher = feature.dispatcher] in
      dispatcher.answer.dispatch(5)
      committed.signal()
    }
    // Blocking the main actor: the other thread's turn cannot run before
    // the main actor's own action.
    committed.wait()

    feature.dispatcher.answer.dispatch(7)
    let atOnce = feature.screen.current
    await mainTurns()
    let drawnAfter = feature.screen.frames.drop { $0 != Shown(7, 70) }

    #expect(atOnce == Shown(7, 70))
    #expect(Array(drawnAfter).allSatisfy { $0 == Shown(7, 70) }, "frames: \(feature.screen.frames)")
    #expect(feature.screen.current == Shown(7, 70))
    withExtendedLifetime(feature.keep) {}
  }

  /// The frame another thread committed before the main actor's action
  /// reaches the views with it, even when that action changes nothing they
  /// show from it.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aMainActorActionBringsTheFramesCommittedBeforeIt() {
    let fromElsewhere = Variable(0)
    let fromHere = Variable(0)
    let elsewhere = ObservedProperty(fromElsewhere.asProperty())
    let here = ObservedProperty(fromHere.asProperty())
    let committed = DispatchSemaphore(value: 0)
    startThread {
      fromElsewhere.value = 5
      committed.signal()
    }
    committed.wait()

    fromHere.value = 1

    #expect((elsewhere.value, here.value) == (5, 1))
  }
}

/// A text field's model, written by `assign(to:on:)`.
@MainActor
final class ShownText {
  var text = ""
}
