import Foundation

/// Where the article's notes are saved.
let notesURL = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("notes.json")
