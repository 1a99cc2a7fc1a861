import FluxCore
import Foundation
import SearchFeatureForDocs

/// Where the article's recording goes.
let sessionURL = URL(fileURLWithPath: NSTemporaryDirectory())
  .appendingPathComponent("session.jsonl")

/// The session's dispatcher and store.
let dispatcher = SearchDispatcher()
let store = SearchStore(dispatcher: .init(dispatcher))
