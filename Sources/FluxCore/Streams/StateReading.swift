// Guarantee 9, "state is read fresh": a state's current value can be read at
// any moment, not only when its change is delivered. A Variable and a
// Property say how; so do the streams made from states by operators that
// keep "the current value" meaningful (`asObservable`, `map`, `compactMap`,
// `filter`, `distinctUntilChanged`, `do`, `combineLatest` of states).
// `withLatestFrom` of such a stream reads it at the moment its trigger
// arrives, instead of a copy that another thread's delivery may not have
// updated yet.
//
// A state read through `compactMap` or `filter` may have no value now (the
// transform gives `nil`, the value does not pass): such a read gives `nil`,
// as a `ReplaySubject(bufferSize: 1)` with no value yet would, never an
// older value that passed.

/// A stream whose current value can be read now.
@usableFromInline
protocol StateReading<Element>: ObservableType {
  /// Reads the current value (`nil` inside when it has none now: a
  /// `compactMap` or `filter` of a state whose value does not pass), or is
  /// `nil` if this stream has no current value to read (an event stream, or
  /// a stream made from one).
  var stateReader: (@Sendable () -> Element?)? { get }
}

extension ObservableType {
  /// How to read this stream's current value now, if it is a state: see
  /// ``StateReading``.
  ///
  /// A dynamic cast: call it when an operator is made, not per value.
  @inlinable
  var currentStateReader: (@Sendable () -> Element?)? {
    (self as? any StateReading<Element>)?.stateReader
  }

  /// Wraps `subscribe` as a stream of this one's delivery mode that can be
  /// read as a state with `reader`.
  @inlinable
  func derived<Output: Sendable>(
    reading reader: (@Sendable () -> Output?)?,
    _ subscribe: @escaping @Sendable (@escaping @Sendable (Output) -> Void) -> any Disposable
  ) -> Observable<Output> {
    Observable(preferredDeliveryMode: preferredDeliveryMode, stateReader: reader, subscribe)
  }
}
