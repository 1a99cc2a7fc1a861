import FluxCore
import FluxCoreTesting

/// A row of the probes' list.
struct ProbeRow: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
}

/// Edits row 1 of a two-row list whose readers are row 1 and a reader of
/// the whole list, and checks the budget `budget`: `["row 1"]` is
/// exceeded (the reader of the whole list is redrawn too), `["row 1",
/// "every row"]` is met.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
func checkTheRedrawBudgetOfAnEdit(_ budget: Redraws) async {
  let rows = Variable([ProbeRow(id: 1, title: "one"), ProbeRow(id: 2, title: "two")])
  let observed = ObservedCollection(rows.asProperty())
  let redraws = RedrawTester(waitingFor: [rows])
  redraws.reader("row 1") { observed[id: 1] }
  redraws.reader("every row") { observed.elements }

  rows.update { $0[0].title = "One" }
  await redraws.expect(budget)
}
