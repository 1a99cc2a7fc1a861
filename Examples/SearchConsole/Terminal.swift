/// Text on its way to a terminal.
public enum Terminal {
  /// `text` with every control character escaped, so that nothing typed,
  /// pasted or passed on the command line can recolour, move or rewrite the
  /// terminal: C0 and C1 controls and DEL become `\u{1B}`-style escapes, and
  /// so do the bidirectional overrides and isolates, which reorder how a line
  /// is shown.
  ///
  /// ```swift
  /// Terminal.printable("\u{1B}[31mred")  // "\\u{1B}[31mred"
  /// ```
  public static func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether `scalar` is a control character or a bidirectional control.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .control
      || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
  }
}
