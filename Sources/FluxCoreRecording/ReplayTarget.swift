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
