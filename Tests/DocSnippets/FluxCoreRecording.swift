import Foundation

/// Where the article's recording goes.
let sessionURL = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
  "session.jsonl")
