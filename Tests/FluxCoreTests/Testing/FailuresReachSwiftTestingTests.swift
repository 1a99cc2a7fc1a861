import FluxCore
import FluxCoreTesting
import TestSupport
import Testing

/// Every failure FluxCoreTesting finds reaches Swift Testing: each check,
/// made to fail, records a known issue, at the caller's source location.
/// (`withKnownIssue` fails the test if no issue is recorded.)
@Suite struct FailuresReachSwiftTestingTests {
  @Test func assertValuesRecordsAnIssueAtTheCallersLine() {
    let variable = Variable(1)
    let recorder = TestRecorder(variable)
    variable.value = 2
    let line = #line + 3

    withKnownIssue {
      assertValues(recorder, equal: [1, 3])
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains(FailingChecks.valuesDiffer) }
        && issue.sourceLocation?.line == line
        && issue.sourceLocation?.fileID == #fileID
    }
  }

  @Test func assertValuesFails() {
    withKnownIssue {
      FailingChecks.valuesDifferFromTheExpectedOnes()
    } matching: {
      $0.says(FailingChecks.valuesDiffer)
    }
  }

  @Test func assertNoLiveSubscriptionsFails() {
    withKnownIssue {
      FailingChecks.aSubscriptionIsStillLive()
    } matching: {
      $0.says(FailingChecks.subscriptionsLive)
    }
  }

  @Test func withNoLiveSubscriptionsFailsEvenForASourceOnlyTheCheckHolds() async {
    await withKnownIssue {
      await FailingChecks.aSubscriptionOutlivesTheBody()
    } matching: {
      $0.says(FailingChecks.liveOnceTheBodyReturned)
    }
  }

  @Test func expectDeliveredFailsWhenTimeRunsOut() {
    withKnownIssue {
      FailingChecks.deliveriesTakeTooLong()
    } matching: {
      $0.says(FailingChecks.notDelivered)
    }
  }

  @Test func theAsyncExpectDeliveredFailsWhenTimeRunsOut() async {
    await withKnownIssue {
      await FailingChecks.deliveriesTakeTooLongAsync()
    } matching: {
      $0.says(FailingChecks.notDeliveredAsync)
    }
  }

  @Test func theTesterFailsForAnActionLeftUnasserted() async {
    await withKnownIssue {
      await FailingChecks.anActionIsLeftUnasserted()
    } matching: {
      $0.says(FailingChecks.actionNotAsserted)
    }
  }

  @Test func theTesterFailsWhenFreedWithAnActionLeft() {
    withKnownIssue {
      FailingChecks.aTesterIsFreedWithAnActionLeft()
    } matching: {
      $0.says(FailingChecks.freedWithActionsLeft)
    }
  }

  @Test func theTesterFailsForAStateChangeLeftUnasserted() async {
    await withKnownIssue {
      await FailingChecks.aStateChangeIsLeftUnasserted()
    } matching: {
      $0.says(FailingChecks.changeNotSaid) && $0.says("-   - count: 0") && $0.says("+   - count: 5")
    }
  }

  @Test func theTesterFailsForAStateChangeNoActionExplains() async {
    await withKnownIssue {
      await FailingChecks.theStateChangesWithoutAnAction()
    } matching: {
      $0.says(FailingChecks.changeAfterLastAssertion)
    }
  }

  @Test func theTesterFailsForAnotherValue() async {
    await withKnownIssue {
      await FailingChecks.theActionCarriesAnotherValue()
    } matching: {
      $0.says(FailingChecks.wrongValue)
    }
  }

  @Test func theTesterFailsForAnotherSubject() async {
    await withKnownIssue {
      await FailingChecks.theActionGoesToAnotherSubject()
    } matching: {
      $0.says(FailingChecks.wrongSubject)
    }
  }

  @Test func theTesterFailsForAnotherState() async {
    await withKnownIssue {
      await FailingChecks.theStateChangesOtherwiseThanSaid()
    } matching: {
      $0.says(FailingChecks.wrongState) && $0.says("+   - resets: 1")
    }
  }

  @Test func theTesterFailsWhenTheActionNeverComes() async {
    await withKnownIssue {
      await FailingChecks.theActionNeverComes()
    } matching: {
      $0.says(FailingChecks.nothingSent)
    }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test @MainActor func aRedrawBudgetRecordsAnIssueAtTheCallersLine() async {
    let screen = BudgetScreen()
    let redraws = screen.listTester()
    screen.actions.rename.dispatch(Rename(id: 7, title: "Seven"))
    let line = #line + 3

    await withKnownIssue {
      await redraws.expect(["row 8"])
    } matching: { issue in
      issue.says("over the redraw budget: row 7: redrawn once, budget 0")
        && issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == #fileID
    }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aRedrawBudgetFails() async {
    await withKnownIssue {
      await FailingChecks.aReaderOfTheWholeListGoesOverBudget()
    } matching: {
      $0.says(FailingChecks.overBudget)
    }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aRedrawTesterFreedWithRedrawsUncheckedFails() async {
    await withKnownIssue {
      await FailingChecks.aTesterIsFreedWithRedrawsUnchecked()
    } matching: {
      $0.says(FailingChecks.redrawsUnchecked)
    }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aRedrawCheckFailsWhenTheDeliveryRunsOutOfTime() async {
    await withKnownIssue {
      await FailingChecks.aCheckRunsOutOfTimeForTheDelivery()
    } matching: {
      $0.says(FailingChecks.redrawsNotChecked)
    }
  }
}

extension Issue {
  /// Whether the issue's comments contain `text`.
  func says(_ text: String) -> Bool {
    comments.contains { $0.rawValue.contains(text) }
  }
}
