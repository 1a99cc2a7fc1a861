import Foundation

/// Opens the lock file beside `file`, as a writer does.
private func openLockFile(_ file: URL) -> Int32 {
  let descriptor = open(file.path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
  guard descriptor >= 0 else {
    print("error: cannot open the lock file: \(String(cString: strerror(errno)))")
    exit(1)
  }
  return descriptor
}

/// Takes the lock a writer of `file` takes, without waiting, and gives it
/// back: `free` if it could, `held` if another process holds it.
func tryLock(_ file: URL) -> String {
  let descriptor = openLockFile(file)
  defer { close(descriptor) }
  guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
    return errno == EWOULDBLOCK ? "held" : "error: \(String(cString: strerror(errno)))"
  }
  flock(descriptor, LOCK_UN)
  return "free"
}

/// Takes the lock a writer of `file` takes, says so on descriptor 3, and
/// keeps it until the process is killed: another process in the middle of a
/// write, for as long as the test needs.
func holdLock(_ file: URL) -> Never {
  let descriptor = openLockFile(file)
  guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
    print("error: the lock is held")
    exit(1)
  }
  signalReady()
  while true { pause() }
}
