/// One action sent through a dispatcher view: which subject, and what value.
public struct DispatchRecord: Sendable, CustomStringConvertible {
  /// The dispatcher and subject, as in `SearchDispatcher.items`.
  public let label: String
  /// The value sent.
  public let value: any Sendable
  /// The subject the value was sent to, or `nil` for a record made with
  /// ``init(label:value:)``.
  package let subject: ObjectIdentifier?
  /// The dispatcher whose view sent it, or `nil` if it was sent otherwise:
  /// what a log scoped to that dispatcher sees it by, whether or not a
  /// stored property of the dispatcher holds the subject.
  /// (The bits of its `ObjectIdentifier`.)
  package let dispatcher: UInt?

  /// Creates a record.
  ///
  /// - Parameters:
  ///   - label: The dispatcher and subject, as in `SearchDispatcher.items`.
  ///   - value: The value sent.
  public init(label: String, value: any Sendable) {
    self.init(label: label, value: value, subject: nil)
  }

  package init(
    label: String, value: any Sendable, subject: ObjectIdentifier?,
    dispatcher: UInt? = nil
  ) {
    self.label = label
    self.value = value
    self.subject = subject
    self.dispatcher = dispatcher
  }

  /// The record as `SearchDispatcher.items ← value`.
  public var description: String {
    "\(label) ← \(value)"
  }
}
