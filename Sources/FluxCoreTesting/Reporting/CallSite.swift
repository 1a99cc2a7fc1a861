/// Where a check was called from: what both test frameworks need to point a
/// failure at the caller's line.
///
/// Every check in FluxCoreTesting takes the four parameters that make one,
/// with the caller's location as their default values, the way Swift
/// Testing's own `#expect` does. Making one starts watching XCTest (see
/// ``RunningXCTestCases``), so that it is watched from the first check on.
package struct CallSite: Sendable {
  package let fileID: StaticString
  package let filePath: StaticString
  package let line: UInt
  package let column: UInt

  package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
    RunningXCTestCases.watch()
  }
}
