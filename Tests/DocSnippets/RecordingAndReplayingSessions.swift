import Foundation

/// Where the article's recording goes.
let sessionURL = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
  "session.jsonl")

/// The recording the regression test replays.
let retryRecordingURL = URL(fileURLWithPath: NSTemporaryDirectory())
  .appendingPathComponent("retry.jsonl")
