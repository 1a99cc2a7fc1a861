import FluxCorePersistence
import Foundation
import TestSupport
import XCTest

/// A file that could not be read is not a damaged file: it stays where it
/// is, nothing is written over it, and it is read once it can be.
final class ReadFaultTests: XCTestCase {
  /// With no free file descriptor (the child's limit lowered to its lowest
  /// free descriptor number), the saved file cannot be opened: it stays in
  /// place, a change made meanwhile is not written over it, and once
  /// descriptors are free the saved value is read and replaces it.
  func testAFileOpenedWithNoFreeDescriptorIsKeptAndReadOnceItCanBe() throws {
    let directory = TemporaryDirectory()
    let saved = Data(#"{"value":42,"version":1}"#.utf8)
    try saved.write(to: directory.file())

    let child = try ChildProcess(
      builtProduct("PersistenceWriter").path,
      arguments: [directory.file().path, "no-descriptors"])

    XCTAssertEqual(child.wait(timeout: .seconds(60)), .exited(0), child.output)
    let lines = child.output.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.first, "open with no free descriptor: Too many open files", child.output)
    XCTAssertTrue(
      lines.contains(
        "restoration: the file could not be read (\(directory.file().path): "
          + "open failed: Too many open files); it is kept, and read again"),
      child.output)
    XCTAssertTrue(
      lines.contains(
        "flush with no free descriptor: \(directory.file().path): the saved state could not be "
          + "read (open failed: Too many open files); it is kept, and nothing is written over it "
          + "until it is read"),
      child.output)
    XCTAssertEqual(
      lines.suffix(3), ["flush: ok", "value: 42", "restoration: restored (saved by version 1)"],
      child.output)
    XCTAssertEqual(try contents(of: directory.file()), saved)
    XCTAssertEqual(directory.names.filter { $0.contains("unreadable") }, [])
  }
}
