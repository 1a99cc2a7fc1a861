import Dispatch
import XCTest

@testable import FluxCore

/// The engine's atomics live in the first stored property of their class,
/// found from the object's address (AtomicWord.swift): each word written
/// atomically must be the very word of that property, in every class that
/// keeps atomics this way.
final class AtomicWordLayoutTests: XCTestCase {
  func testTheSubjectCoresWordsAreItsFirstStoredProperty() {
    let core = SubjectCore(deliveryBudget: 0)

    for index in 0..<4 {
      AtomicWord(inStoredPropertiesOf: core, at: index).store(100 + index, ordering: .relaxed)
    }

    XCTAssertEqual(core.atomicWords.words.0, 100)
    XCTAssertEqual(core.atomicWords.words.1, 101)
    XCTAssertEqual(core.atomicWords.words.2, 102)
    XCTAssertEqual(core.atomicWords.words.3, 103)
    XCTAssertEqual(core.delivery.address, AtomicWord(inStoredPropertiesOf: core, at: 0).address)
    XCTAssertEqual(
      core.snapshot.word.address, AtomicWord(inStoredPropertiesOf: core, at: 1).address)
    XCTAssertEqual(
      core.deliveringOwner.address, AtomicWord(inStoredPropertiesOf: core, at: 2).address)
    XCTAssertEqual(
      core.hasLogLabel.word.address, AtomicWord(inStoredPropertiesOf: core, at: 3).address)
    // No snapshot to release.
    for index in 0..<4 {
      AtomicWord(inStoredPropertiesOf: core, at: index).store(0, ordering: .relaxed)
    }
  }

  func testASubscribersStateIsItsFirstStoredProperty() {
    let subscriber = Subscriber<Int> { _ in }

    closeGate(of: subscriber)

    XCTAssertEqual(subscriber.atomicWord.words, SubscriberState.gated)
    XCTAssertEqual(stateWord(of: subscriber).address, subscriber.state.address)
  }

  func testAHopsFlagIsItsFirstStoredProperty() {
    let hop = Hop<Int>(mode: .everyValue, queue: DispatchQueue(label: "layout")) { _ in }

    hop.isDisposed.store(true, ordering: .relaxed)

    XCTAssertEqual(hop.atomicWord.words, 1)
  }

  @MainActor
  func testAMainActorHopsWordsAreItsFirstStoredProperty() {
    let hop = MainHop<Int>(mode: .everyValue) { _ in }

    hop.isDisposed.store(true, ordering: .relaxed)
    hop.nextNumber.store(7, ordering: .relaxed)
    hop.subscribingThread.store(9, ordering: .relaxed)

    XCTAssertEqual(hop.atomicWords.words.0, 1)
    XCTAssertEqual(hop.atomicWords.words.1, 7)
    XCTAssertEqual(hop.atomicWords.words.2, 9)
    hop.dispose()
  }

  func testACountersWordIsItsFirstStoredProperty() {
    let counter = AtomicCounter(2)

    XCTAssertTrue(counter.takeOne())

    XCTAssertEqual(counter.atomicWord.words, 1)
  }
}
