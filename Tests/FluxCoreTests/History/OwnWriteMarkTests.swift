import Testing

@testable import FluxCore

/// The mark an undo's write leaves on its thread: taken once, by the first
/// change delivered in the write; its write's id; the mark of an outer
/// write back when an inner one ends; another history's mark left alone.
@Suite struct OwnWriteMarkTests {
  @Test func theFirstChangeInTheWriteTakesItsIdAndNoLaterOneDoes() {
    let mark = OwnWriteMark()
    var taken: [Int?] = []

    let delivered = mark.whileWriting(7) {
      taken.append(mark.takeIfWriting())
      taken.append(mark.takeIfWriting())
    }

    #expect(delivered)
    #expect(taken == [7, nil])
    #expect(mark.takeIfWriting() == nil)
  }

  @Test func aWriteNotDeliveredInItsBodySaysSo() {
    let mark = OwnWriteMark()

    let delivered = mark.whileWriting(1) {}

    #expect(!delivered)
  }

  @Test func anInnerWriteGivesTheOuterOneItsMarkBack() {
    let mark = OwnWriteMark()
    var afterInner: Int?

    _ = mark.whileWriting(1) {
      _ = mark.whileWriting(2) {}
      afterInner = mark.takeIfWriting()
    }

    #expect(afterInner == 1)
  }

  @Test func anotherHistorysMarkIsNotTaken() {
    let mine = OwnWriteMark()
    let theirs = OwnWriteMark()
    var takenByMine: Int?
    var takenByTheirs: Int?

    _ = theirs.whileWriting(3) {
      takenByMine = mine.takeIfWriting()
      takenByTheirs = theirs.takeIfWriting()
    }

    #expect(takenByMine == nil)
    #expect(takenByTheirs == 3)
  }
}
