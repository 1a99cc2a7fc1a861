#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls a state file is read, written and locked with: POSIX,
/// reached through this table so that a test can record their order (the
/// write protocol is observable) or make one of them fail.
///
/// Each has the POSIX call's contract: a negative result, with `errno` set,
/// on failure. Nothing here traps.
package struct FileOperations: Sendable {
  /// `open(2)`: the new descriptor, or -1.
  package var open: @Sendable (_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32
  /// `read(2)` into `buffer`: the bytes read, 0 at the end, or -1.
  package var read: @Sendable (_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int
  /// `write(2)` of `bytes`: the bytes written, or -1.
  package var write: @Sendable (_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int
  /// Flushes the file to the storage device: `F_FULLFSYNC` where it exists
  /// (Apple's `fsync` stops at the drive's cache), `fsync(2)` elsewhere.
  package var sync: @Sendable (_ descriptor: Int32) -> Int32
  /// `rename(2)`.
  package var rename: @Sendable (_ from: String, _ to: String) -> Int32
  /// `close(2)`.
  package var close: @Sendable (_ descriptor: Int32) -> Int32
  /// `flock(2)`: `LOCK_EX | LOCK_NB` to take the lock, `LOCK_UN` to give
  /// it back.
  package var lock: @Sendable (_ descriptor: Int32, _ operation: Int32) -> Int32

  /// Creates a table of calls.
  package init(
    open: @escaping @Sendable (String, Int32, mode_t) -> Int32,
    read: @escaping @Sendable (Int32, UnsafeMutableRawBufferPointer) -> Int,
    write: @escaping @Sendable (Int32, UnsafeRawBufferPointer) -> Int,
    sync: @escaping @Sendable (Int32) -> Int32,
    rename: @escaping @Sendable (String, String) -> Int32,
    close: @escaping @Sendable (Int32) -> Int32,
    lock: @escaping @Sendable (Int32, Int32) -> Int32
  ) {
    self.open = open
    self.read = read
    self.write = write
    self.sync = sync
    self.rename = rename
    self.close = close
    self.lock = lock
  }

  /// The system's own calls.
  package static let posix = FileOperations(
    open: { path, flags, mode in systemOpen(path, flags, mode) },
    read: { descriptor, buffer in systemRead(descriptor, buffer.baseAddress, buffer.count) },
    write: { descriptor, bytes in systemWrite(descriptor, bytes.baseAddress, bytes.count) },
    sync: { descriptor in fullSync(descriptor) },
    rename: { from, to in systemRename(from, to) },
    close: { descriptor in systemClose(descriptor) },
    lock: { descriptor, operation in flock(descriptor, operation) })
}

// The POSIX functions, under names that the table's members do not hide.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  open(path, flags, mode)
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

private func systemRename(_ from: String, _ to: String) -> Int32 {
  rename(from, to)
}

private func systemClose(_ descriptor: Int32) -> Int32 {
  close(descriptor)
}

/// Flushes `descriptor` to the storage device itself.
///
/// On Apple platforms `fsync` leaves the data in the drive's cache, where a
/// power loss can still lose or reorder it; `F_FULLFSYNC` asks the drive to
/// write its cache out. A file system that does not support it (some network
/// and FAT volumes) refuses it: then `fsync`, as durable as it gets there.
private func fullSync(_ descriptor: Int32) -> Int32 {
  #if canImport(Darwin)
  if fcntl(descriptor, F_FULLFSYNC) == 0 { return 0 }
  #endif
  return fsync(descriptor)
}
