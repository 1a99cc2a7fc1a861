import Foundation

/// Turns a recording into one self-contained HTML page: an inspector in the
/// spirit of Redux DevTools, to see what a session did.
///
/// ```swift
/// let html = try RecordingInspector.page(contentsOf: sessionURL)
/// try html.write(to: reportURL, atomically: true, encoding: .utf8)
/// ```
///
/// The page shows the timeline of actions (time, subject, value), and for
/// the action selected, its value, the state after it and what changed from
/// the state before (for a recording that carries states: see
/// ``ActionRecording/start(_:writingTo:bufferCapacity:bufferBytes:state:)``). Step with
/// the arrow keys, `j` and `k`, or the slider; filter by subject; read the
/// summary: actions per subject, duration, and what was dropped or skipped.
/// A URL fragment selects a step or a subject when the page opens:
/// `report.html#step=12`, `report.html#filter=SearchDispatcher.items`.
///
/// > Important: The page is one file, with its style, script and data
/// > inline: it loads nothing from the network and works when opened as a
/// > file. Values from the recording are data, never markup: they are
/// > embedded as JSON with every `<`, `>`, `&`, U+2028 and U+2029 escaped,
/// > and shown through the DOM's `textContent`, so a value such as
/// > `</script>` or `<img onerror=…>` shows as the text it is. A line that
/// > is not JSON is counted as unreadable and left out.
public enum RecordingInspector: Sendable {
  /// The page for the recording `text`, in JSON Lines as ``ActionRecording``
  /// writes them.
  ///
  /// - Parameters:
  ///   - text: The recording.
  ///   - title: The page's title.
  /// - Returns: The HTML of the page.
  public static func page(forJSONLines text: String, title: String = "FluxCore session") -> String {
    var lines: [Any] = []
    var unreadable = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: true)
    where !line.allSatisfy(\.isWhitespace) {
      if let object = try? JSONSerialization.jsonObject(
        with: Data(line.utf8), options: [.fragmentsAllowed])
      {
        lines.append(object)
      } else {
        unreadable += 1
      }
    }
    let payload: [String: Any] = ["lines": lines, "unreadable": unreadable]
    let json =
      (try? JSONSerialization.data(
        withJSONObject: payload, options: [.fragmentsAllowed, .sortedKeys]))
      .map { String(decoding: $0, as: UTF8.self) } ?? #"{"lines":[],"unreadable":0}"#
    return InspectorPage.head + escapedForHTML(title) + InspectorPage.afterTitle
      + escapedForScriptData(json) + InspectorPage.tail
  }

  /// The page for the recording in the file at `url`.
  ///
  /// - Parameters:
  ///   - url: A file that ``ActionRecording`` wrote.
  ///   - title: The page's title; the file's name by default.
  /// - Returns: The HTML of the page.
  /// - Throws: The error of reading the file.
  public static func page(contentsOf url: URL, title: String? = nil) throws -> String {
    let file = try FileHandle(forReadingFrom: url)
    defer { try? file.close() }
    let data = try file.readToEnd() ?? Data()
    return page(
      forJSONLines: String(decoding: data, as: UTF8.self), title: title ?? url.lastPathComponent)
  }

  /// `text` with the characters HTML gives a meaning escaped, for the title.
  static func escapedForHTML(_ text: String) -> String {
    var escaped = ""
    for character in text.unicodeScalars {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      case _ where character.value < 0x20 || character.value == 0x7F: escaped += " "
      default: escaped.unicodeScalars.append(character)
      }
    }
    return escaped
  }

  /// JSON made safe inside a `<script>` data block: no `<`, `>` or `&` (so
  /// no `</script>` and no comment can end or change the block), and no
  /// U+2028 or U+2029, each written as a JSON escape instead.
  static func escapedForScriptData(_ json: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(json.utf8.count)
    for scalar in json.unicodeScalars {
      switch scalar {
      case "<": escaped += "\\u003c"
      case ">": escaped += "\\u003e"
      case "&": escaped += "\\u0026"
      case "\u{2028}": escaped += "\\u2028"
      case "\u{2029}": escaped += "\\u2029"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
