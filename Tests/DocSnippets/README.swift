import Foundation

/// Where the README's draft lives.
let draftURL = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("draft.json")
