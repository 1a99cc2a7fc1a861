import Foundation

/// The lines of standard input, read on a thread of their own so that a
/// blocking read never holds up the main actor.
func standardInputLines() -> AsyncStream<String> {
  AsyncStream { continuation in
    let reader = Thread {
      while let line = readLine() {
        continuation.yield(line)
      }
      continuation.finish()
    }
    reader.start()
  }
}
