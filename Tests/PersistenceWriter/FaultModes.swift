import Dispatch
import FluxCore
import FluxCorePersistence
import Foundation
import TestSupport

/// `ok`, or the error `body` threw.
func outcome(_ body: () throws -> Void) -> String {
  do {
    try body()
    return "ok"
  } catch {
    return "\(error)"
  }
}

/// The file's bytes as text, or why they cannot be read.
func fileText(_ file: URL) -> String {
  (try? String(contentsOfFile: file.path, encoding: .utf8)) ?? "(no file)"
}

/// Opens an `Int` state while the process has no free file descriptor.
///
/// The file cannot even be opened. Then changes the state, flushes, frees
/// the descriptors, and flushes again.
func withNoFreeDescriptors(_ file: URL) {
  // What an app has running long before it opens its state: a timer on the
  // global queues (the dispatch event loop opens its descriptors then).
  let warmed = DispatchSemaphore(value: 0)
  DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(1)) { warmed.signal() }
  warmed.wait()

  // The limit becomes the lowest free descriptor number: every descriptor
  // below it is taken, so the next `open` fails with EMFILE.
  var limit = rlimit()
  getrlimit(openFilesLimit, &limit)
  let saved = limit
  let lowestFree = dup(0)
  close(lowestFree)
  limit.rlim_cur = rlim_t(lowestFree)
  guard setrlimit(openFilesLimit, &limit) == 0 else {
    print("error: setrlimit failed")
    exit(1)
  }
  let probe = open(file.path, O_RDONLY)
  let probeError = errno
  print(
    "open with no free descriptor: \(probe < 0 ? String(cString: strerror(probeError)) : "opened")")

  let state: PersistentState<Int>
  do {
    state = try PersistentState(file: file, quietPeriod: .seconds(3_600), default: 0)
  } catch {
    print("error: \(error)")
    exit(1)
  }
  print("restoration: \(state.restoration)")
  state.variable.value = 7
  print("flush with no free descriptor: \(outcome { try state.flush() })")

  limit = saved
  guard setrlimit(openFilesLimit, &limit) == 0 else {
    print("error: setrlimit failed")
    exit(1)
  }
  print("flush: \(outcome { try state.flush() })")
  print("value: \(state.value)")
  print("restoration: \(state.restoration)")
}

/// Flushes from a subscriber of `saves`, which runs on the writer's queue:
/// the subscriber changes the state once more, and saves it at once.
func flushFromSaves(_ file: URL) {
  guard let state = try? PersistentState(file: file, quietPeriod: .seconds(3_600), default: 0)
  else {
    print("error: cannot open")
    exit(1)
  }
  let subscription = state.saves.changed.subscribe { saves in
    guard saves == 1 else { return print("saves: \(saves)") }
    state.variable.value = 2
    print("saves: 1; flush inside: \(outcome { try state.flush() })")
  }
  state.variable.value = 1
  print("flush: \(outcome { try state.flush() })")
  subscription.dispose()
  print("file: \(fileText(file))")
}

/// Flushes from a subscriber of `saveError`, which runs on the writer's
/// queue: the first error makes the subscriber put the missing directory
/// back and try again at once.
func flushFromSaveError(_ file: URL) {
  let directory = file.deletingLastPathComponent()
  guard let state = try? PersistentState(file: file, quietPeriod: .seconds(3_600), default: 0)
  else {
    print("error: cannot open")
    exit(1)
  }
  let subscription = state.saveError.changed.subscribe { error in
    guard let error else { return print("saveError: none") }
    print("saveError: \(error.kind)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    print("flush inside: \(outcome { try state.flush() })")
  }
  try? FileManager.default.removeItem(at: directory)
  state.variable.value = 1
  print("flush: \(outcome { try state.flush() })")
  subscription.dispose()
  print("file: \(fileText(file))")
}

/// Drops the last reference to a state in a subscriber of `saves`, on the
/// writer's queue, after a write the quiet period started.
func dropOnTheWriterQueue(_ file: URL) {
  let holder = Lock<PersistentState<Int>?>(nil)
  let dropped = DispatchSemaphore(value: 0)
  weak var freed: PersistentState<Int>?
  let subscription: any Disposable
  do {
    guard let state = try? PersistentState(file: file, quietPeriod: .milliseconds(10), default: 0)
    else {
      print("error: cannot open")
      exit(1)
    }
    freed = state
    holder.withLock { $0 = state }
    subscription = state.saves.changed.subscribe { saves in
      do {
        let last = holder.withLock { held -> PersistentState<Int>? in
          defer { held = nil }
          return held
        }
        // `last` is the last reference: it goes at the end of this scope,
        // on the writer's queue.
        print("saves: \(saves); dropping the last reference: \(last != nil)")
      }
      dropped.signal()
    }
    state.variable.value = 5
  }
  guard dropped.wait(timeout: .now() + 10) == .success else {
    print("error: no write within 10 s")
    exit(1)
  }
  subscription.dispose()
  print("freed: \(freed == nil)")
  print("file: \(fileText(file))")
}
