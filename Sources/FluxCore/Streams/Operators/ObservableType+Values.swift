extension ObservableType {
  /// The values of this observable as an `AsyncStream`, for `for await` loops.
  ///
  /// ```swift
  /// for await items in store.items.values {
  ///   render(items)
  /// }
  /// ```
  ///
  /// Each access subscribes anew. The stream buffers without limit, so no
  /// value is lost while the consumer is busy. It ends, and its subscription is
  /// disposed, when the consuming task is cancelled or stops iterating and the
  /// stream is released; it also finishes when the source is freed.
  public var values: AsyncStream<Element> {
    AsyncStream { continuation in
      let sink = StreamSink(continuation)
      let subscription = subscribe { element in sink.continuation.yield(element) }
      continuation.onTermination = { _ in subscription.dispose() }
    }
  }
}

/// Holds an `AsyncStream` continuation for a subscription's handler and
/// finishes the stream when the handler is released, so a stream whose source
/// is freed ends instead of waiting forever.
private final class StreamSink<Element: Sendable>: Sendable {
  let continuation: AsyncStream<Element>.Continuation

  init(_ continuation: AsyncStream<Element>.Continuation) {
    self.continuation = continuation
  }

  deinit {
    continuation.finish()
  }
}
