import FluxCore
import Foundation

/// A subject that a replay can find in a dispatcher.
protocol ReplayableSubject {
  /// The name of the element type, for errors.
  var elementTypeName: String { get }
}

/// A subject that a replay can decode values for and dispatch them to.
protocol DecodingSubject: ReplayableSubject, Sendable {
  /// Decodes the line `data` as a recorded action of this subject; returns
  /// its value and the action, ready to dispatch as an action sent through
  /// a view of `dispatcher` would be.
  func decodeAction(
    from data: Data, with decoder: JSONDecoder, of dispatcher: some DispatcherType
  ) throws -> (value: any Sendable, send: @Sendable () -> Void)

  /// Waits until what was dispatched to the subject has been delivered.
  func waitUntilDelivered() async
}

extension DispatchSubject: ReplayableSubject {
  var elementTypeName: String { "\(Element.self)" }
}

extension DispatchSubject: DecodingSubject where Element: Codable {
  func decodeAction(
    from data: Data, with decoder: JSONDecoder, of dispatcher: some DispatcherType
  ) throws -> (value: any Sendable, send: @Sendable () -> Void) {
    let value = try decoder.decode(RecordedValue<Element>.self, from: data).value
    return (value, { self.dispatchAsAction(value, of: dispatcher) })
  }
}

extension DecodingError {
  /// What went wrong, in a few words, without Foundation's debug text.
  var summary: String {
    func path(_ context: Context) -> String {
      let path = context.codingPath.map(\.stringValue).filter { !$0.isEmpty }
      return path.isEmpty ? "" : " at \(path.joined(separator: "."))"
    }
    switch self {
    case .keyNotFound(let key, let context):
      return "“\(key.stringValue)” is missing\(path(context))"
    case .typeMismatch(let type, let context):
      return "expected \(type)\(path(context))"
    case .valueNotFound(let type, let context):
      return "expected \(type)\(path(context)), found null"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? "not valid JSON (a truncated line?)" : "unreadable value\(path(context))"
    @unknown default:
      return "unreadable"
    }
  }
}
