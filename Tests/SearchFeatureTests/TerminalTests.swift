import SearchConsole
import XCTest

final class TerminalTests: XCTestCase {
  func testControlCharactersAndBidirectionalOverridesAreEscaped() {
    XCTAssertEqual(Terminal.printable("\u{1B}[31mred\u{7}"), "\\u{1B}[31mred\\u{7}")
    XCTAssertEqual(Terminal.printable("a\u{0}b\u{7F}c\u{9B}"), "a\\u{0}b\\u{7F}c\\u{9B}")
    XCTAssertEqual(Terminal.printable("\u{202E}evil\u{2066}"), "\\u{202E}evil\\u{2066}")
  }

  func testOrdinaryTextIsLeftAlone() {
    for text in ["", "json", "sql cache", "“json”…", "日本語 🙂 é", "a\\u{1B}"] {
      XCTAssertEqual(Terminal.printable(text), text)
    }
  }
}
