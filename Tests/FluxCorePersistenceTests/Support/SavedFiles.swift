import Foundation

/// The value saved in `file`, read without taking its lock (a state that
/// holds it may be open): the file's `value`, decoded.
func savedValue<Value: Decodable>(in file: URL, as type: Value.Type) throws -> Value {
  try JSONDecoder().decode(SavedFile<Value>.self, from: contents(of: file)).value
}

/// The bytes of `file`, read through a `FileHandle`.
///
/// Not `Data(contentsOf:)`: on Swift 6.3.1 for Linux it leaks its 4 KB read
/// buffer when the file is empty, and LeakSanitizer fails the run for it.
func contents(of file: URL) throws -> Data {
  let handle = try FileHandle(forReadingFrom: file)
  defer { try? handle.close() }
  return try handle.readToEnd() ?? Data()
}

/// What a state file holds, for reading it in tests.
struct SavedFile<Value: Decodable>: Decodable {
  let version: Int
  let value: Value
}
