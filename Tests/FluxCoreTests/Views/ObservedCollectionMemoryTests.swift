import Testing

@testable import FluxCore

/// Readers that go away leave nothing behind: a row is tracked from its
/// read until it changes or is removed, so a long session of rows that come
/// and go keeps no registration for rows no longer shown.
@MainActor
@Suite struct ObservedCollectionMemoryTests {
  @Test func rowsThatComeAndGoForALongSessionLeaveNoTrackingBehind() async {
    let state = Variable(Row.list(0..<10))
    let rows = ObservedCollection(state.asProperty())
    var mostTracked = 0

    for id in 10..<2_010 {
      state.update { $0.append(Row(id: id, title: "new")) }
      #expect(await waitUntil { rows.count == 11 })
      _ = rows[id: id]  // a row view appears and reads its row
      mostTracked = max(mostTracked, rows.trackedRowCount)
      state.update { $0.removeAll { $0.id == id } }  // and goes away with it
      #expect(await waitUntil { rows.count == 10 })
    }

    #expect(mostTracked == 1)
    #expect(rows.trackedRowCount == 0)
  }

  /// A row view may read its id once more after the row went: the read is
  /// forgotten at the next change of the ids, not kept for ever.
  @Test func anIdReadWhileAbsentIsForgottenAtTheNextChangeOfTheIds() async {
    let state = Variable(Row.list(0..<10))
    let rows = ObservedCollection(state.asProperty())
    for id in 100..<1_100 { _ = rows[id: id] }
    let trackedAfterReads = rows.trackedRowCount

    state.update { $0.append(Row(id: 10, title: "new")) }
    #expect(await waitUntil { rows.count == 11 })

    #expect(trackedAfterReads == 1_000)
    #expect(rows.trackedRowCount == 0)
  }

  @Test func aRowThatChangedIsForgottenUntilItIsReadAgain() async {
    let state = Variable(Row.list(0..<10))
    let rows = ObservedCollection(state.asProperty())
    _ = rows[id: 3]
    let trackedAfterRead = rows.trackedRowCount

    state.update { $0[3].title = "edited" }
    #expect(await waitUntil { rows.elements[3].title == "edited" })

    #expect(trackedAfterRead == 1)
    #expect(rows.trackedRowCount == 0)
  }
}
