import Testing

@testable import FluxCore

/// Readers that go away leave nothing behind: a row is tracked from its
/// read until it changes or is removed, so a long session of rows that come
/// and go keeps no registration for rows no longer shown.
@MainActor
@Suite struct ObservedCollectionMemoryTests {
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
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
  /// kept until the id appears, and never told of anything else.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func anIdReadWhileAbsentIsToldOnlyWhenItAppears() async {
    let state = Variable(Row.list(0..<10))
    let rows = ObservedCollection(state.asProperty())
    let absent = InvalidationCounter { _ = rows[id: 20] }

    state.update { $0.remove(at: 0) }  // the ids change; 20 is still absent
    #expect(await waitUntil { rows.count == 9 })
    let afterUnrelatedChange = absent.invalidations
    state.update { $0.append(Row(id: 20, title: "twenty")) }
    #expect(await waitUntil { rows.count == 10 })
    await mainTurns(1)  // the reader reads again

    #expect(afterUnrelatedChange == 0)
    #expect(absent.invalidations == 1)
    #expect(rows.trackedRowCount == 1)  // the reader read again: one row, tracked once
  }

  /// Ids read while absent by readers long gone do not pile up: beyond the
  /// list's row count (and 64), the next change of the ids tells each
  /// reader once and forgets them all.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func idsReadWhileAbsentAreBoundedByTheList() async {
    let state = Variable(Row.list(0..<10))
    let rows = ObservedCollection(state.asProperty())
    for id in 100..<164 { _ = rows[id: id] }
    state.update { $0.append(Row(id: 10, title: "new")) }
    #expect(await waitUntil { rows.count == 11 })
    let trackedWithinTheBound = rows.trackedRowCount

    for id in 1_000..<2_000 { _ = rows[id: id] }
    state.update { $0.append(Row(id: 11, title: "new")) }
    #expect(await waitUntil { rows.count == 12 })

    #expect(trackedWithinTheBound == 64)
    #expect(rows.trackedRowCount == 0)
  }

  /// The bound is the new list's row count: ids read while absent within
  /// the old list's count, beyond the new one's, are told and forgotten
  /// when the list shrinks.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func theBoundOfIdsReadWhileAbsentIsTheNewListsRowCount() async {
    let state = Variable(Row.list(0..<200))
    let rows = ObservedCollection(state.asProperty())
    let readers = (1_000..<1_150).map { id in InvalidationCounter { _ = rows[id: id] } }
    let trackedBefore = rows.trackedRowCount

    state.update { $0.removeLast(190) }
    #expect(await waitUntil { rows.count == 10 })
    await mainTurns()

    #expect(trackedBefore == 150)
    #expect(readers.map(\.invalidations) == Array(repeating: 1, count: 150))
    #expect(rows.trackedRowCount == 150)  // each reader read again, and is kept again
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
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
