import Foundation
import TestSupport
import XCTest

/// What the example does with a memory it cannot use as it is: one saved
/// by a newer version of the example is kept, said, and not written over.
final class RememberedSearchTests: XCTestCase {
  func testAMemoryOfANewerVersionIsKeptAndSaidAndTheRunGoesOn() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("fluxcore-\(UUID().uuidString)-state")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("search.json")
    let newer = #"{"value":{"query":"json","page":2,"pinned":true},"version":2}"#
    try newer.write(to: file, atomically: true, encoding: .utf8)

    let run = try runSearchExample(["http", "--latency", "0", "--state-dir", directory.path])

    XCTAssertEqual(run.status, 0, run.error)
    XCTAssertEqual(
      run.output.split(separator: "\n").first,
      "Saved state is from a newer version (2); kept it, and will not save over it.")
    XCTAssertTrue(run.output.contains("   1. HTTP Client — harbor · ★ 4,398 · http, client"))
    XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), newer)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(),
      ["search.json"])
  }
}
