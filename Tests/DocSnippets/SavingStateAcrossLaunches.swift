import Foundation

/// Where the article's states live.
let draftURL = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("draft.json")
let settingsURL = URL(fileURLWithPath: NSTemporaryDirectory())
  .appendingPathComponent("settings.json")
