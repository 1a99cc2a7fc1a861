import FluxCore
import Foundation
import SearchFeatureForDocs

/// Where the article's recording goes.
let sessionURL = URL(fileURLWithPath: NSTemporaryDirectory())
  .appendingPathComponent("session.jsonl")

/// The recording the regression test replays.
let retryRecordingURL = URL(fileURLWithPath: NSTemporaryDirectory())
  .appendingPathComponent("retry.jsonl")

/// Where the inspector page goes.
let reportURL = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("report.html")

/// The session's dispatcher and store.
let dispatcher = SearchDispatcher()
let store = SearchStore(dispatcher: .init(dispatcher))
