import Dispatch
import FluxCoreTesting
import TestSupport
import XCTest

@testable import FluxCore

/// Subjects keep frames while a main-actor view exists, and only then: the
/// switch reaches subjects whose snapshot was built before it was thrown,
/// both ways.
///
/// XCTest runs these one at a time, and every test before them disposes
/// its views, so no other view exists here.
final class KeptFramesTests: XCTestCase {
  func testNoSubjectKeepsFramesWhileNoViewExists() {
    let subject = DispatchSubject<Int>()
    let token = subject.subscribe { _ in }

    subject.dispatch(1)

    XCTAssertEqual(KeptFrames.viewCount, 0, "a view of an earlier test is still alive")
    XCTAssertNotNil(subject.core.snapshot.load(ordering: .relaxed))
    XCTAssertNil(subject.core.framedSnapshot.load(ordering: .relaxed))
    token.dispose()
  }

  @MainActor
  func testASubjectBuiltBeforeTheFirstViewKeepsFramesWhileTheViewExistsAndNotAfter() {
    let subject = DispatchSubject<Int>()
    let token = subject.subscribe { _ in }
    subject.dispatch(1)
    let view = Variable(0).observeOnMainActor { _ in }

    subject.dispatch(2)
    let framedWhileTheViewExists = subject.core.framedSnapshot.load(ordering: .relaxed) != nil
    let plainWhileTheViewExists = subject.core.snapshot.load(ordering: .relaxed) != nil
    view.dispose()
    subject.dispatch(3)

    XCTAssertTrue(framedWhileTheViewExists)
    XCTAssertFalse(plainWhileTheViewExists)
    XCTAssertEqual(KeptFrames.viewCount, 0)
    XCTAssertNotNil(subject.core.snapshot.load(ordering: .relaxed))
    XCTAssertNil(subject.core.framedSnapshot.load(ordering: .relaxed))
    token.dispose()
  }

  /// The three stores of guarantee 10's tests, bound and delivered to
  /// before any view exists: the first view's screen still gets whole
  /// frames.
  @MainActor
  func testStoresThatDeliveredBeforeTheFirstViewReachItWhole() async throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { throw XCTSkip.noObservation }
    let dispatcher = AnswerDispatcher()
    let view = AnyObservableDispatcher(dispatcher)
    let query = QueryStore(view)
    let work = WorkStore(view) { _ in letTheMainActorRedraw() }
    let total = TotalStore(view)
    await onANewThread { dispatcher.answer.dispatch(0) }
    XCTAssertEqual(KeptFrames.viewCount, 0)
    let (screen, keep) = WayOntoTheMainActor.observeOnMainActor.screen(
      query: query.query, total: total.total)

    await onANewThread {
      for answer in 1...5 { dispatcher.answer.dispatch(answer) }
    }
    try await screen.waitUntilDrawn(Shown(5, 50))

    XCTAssertEqual(screen.frames.torn, [], "frames drawn: \(screen.frames)")
    withExtendedLifetime((work, keep)) {}
  }
}
