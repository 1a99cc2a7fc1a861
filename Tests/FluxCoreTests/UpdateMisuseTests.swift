import FluxCore
import TestSupport
import XCTest

/// A `Variable.update` body that writes to its own variable would make the
/// update start over forever; FluxCore stops the program instead, with a
/// message that says what happened and what to do.
///
/// Each test runs the misuse in a child process (this test binary, asked to
/// run only that test, with `FLUXCORE_MISUSE_CHILD` set) and checks how the
/// child ended: see `expectToStopTheProgram` in TestSupport.
final class UpdateMisuseTests: XCTestCase {
  private static let message = "Variable.update: the body wrote to the variable it is updating"

  func testSettingTheValueInsideUpdateStopsTheProgramWithAMessage() throws {
    let output = try expectToStopTheProgram(saying: Self.message) {
      let variable = Variable(0)
      variable.update { value in
        value += 1
        variable.value = 10
      }
    }

    XCTAssertTrue(output.contains("Change the value through the body's inout parameter only"))
  }

  func testANestedUpdateOfTheSameVariableStopsTheProgram() throws {
    try expectToStopTheProgram(saying: Self.message) {
      let variable = Variable([1])
      variable.update { outer in
        variable.update { $0.append(2) }
        outer.append(3)
      }
    }
  }

  func testWritesToOtherVariablesAndReadsInsideUpdateAreFine() {
    let variable = Variable(1)
    let other = Variable(0)

    variable.update { value in
      other.value = variable.value + 1
      other.update { $0 *= 10 }
      value += other.value
    }

    XCTAssertEqual(variable.value, 21)
    XCTAssertEqual(other.value, 20)
  }
}
