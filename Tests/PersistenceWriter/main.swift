// A process that writes a PersistentState, for the fault tests of
// FluxCorePersistence: they kill it, limit its file size, or race it.
//
//   PersistenceWriter <file> loop        write ever larger states until killed
//   PersistenceWriter <file> full-disk   write a small state, then one over the
//                                        file-size limit; print the error
//   PersistenceWriter <file> try-open    open the file, save index 9, and print
//                                        what it found and how the save went
//   PersistenceWriter <file> try-lock    take the file's lock, as a writer does;
//                                        print whether it was free
//   PersistenceWriter <file> hold-lock   take the file's lock and keep it until
//                                        killed
//   PersistenceWriter <file> no-descriptors
//                                        open an Int state with no free file
//                                        descriptor, change it, then read it
//                                        again with descriptors free
//   PersistenceWriter <file> flush-from-saves
//                                        flush from a subscriber of `saves`
//   PersistenceWriter <file> flush-from-save-error
//                                        flush from a subscriber of `saveError`
//   PersistenceWriter <file> drop-on-queue
//                                        drop the last reference to the state
//                                        in a subscriber of `saves`
//
// It writes a byte to descriptor 3, when there is one, once it is ready.
import FluxCorePersistence
import Foundation
import TestSupport

func signalReady() {
  var byte: UInt8 = 1
  _ = write(3, &byte, 1)
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: PersistenceWriter <file> <mode>\n".utf8))
  exit(2)
}
let file = URL(fileURLWithPath: arguments[1])

switch arguments[2] {
case "loop":
  do {
    let state = try PersistentState(file: file, quietPeriod: .zero, default: WrittenState(index: 0))
    var index = state.value.index
    index += 1
    state.variable.value = WrittenState(index: index)
    try state.flush()
    signalReady()
    while true {
      index += 1
      state.variable.value = WrittenState(index: index)
      try state.flush()
    }
  } catch {
    print("error: \(error)")
    exit(1)
  }

case "full-disk":
  do {
    let state = try PersistentState(file: file, quietPeriod: .zero, default: WrittenState(index: 0))
    state.variable.value = WrittenState(index: 1, size: 1_000)
    try state.flush()
    // From now on, no file may grow past 10,000 bytes; a write that would
    // fails with EFBIG instead of killing the process with SIGXFSZ.
    signal(SIGXFSZ, SIG_IGN)
    var limit = rlimit()
    getrlimit(fileSizeLimit, &limit)
    limit.rlim_cur = 10_000
    guard setrlimit(fileSizeLimit, &limit) == 0 else {
      print("error: setrlimit failed")
      exit(1)
    }
    state.variable.value = WrittenState(index: 2, size: 100_000)
    do {
      try state.flush()
      print("written")
    } catch {
      print("flush: \(error)")
    }
    print("saveError: \(state.saveError.value.map { "\($0)" } ?? "none")")
  } catch {
    print("error: \(error)")
    exit(1)
  }

case "try-open":
  do {
    let state = try PersistentState(file: file, default: WrittenState(index: 0))
    state.variable.value = WrittenState(index: 9, size: 10)
    print("opened: \(state.restoration); flush: \(outcome { try state.flush() })")
  } catch {
    print("refused: \(error)")
    exit(3)
  }

case "try-lock": print(tryLock(file))
case "hold-lock": holdLock(file)
case "no-descriptors": withNoFreeDescriptors(file)
case "flush-from-saves": flushFromSaves(file)
case "flush-from-save-error": flushFromSaveError(file)
case "drop-on-queue": dropOnTheWriterQueue(file)

default:
  FileHandle.standardError.write(Data("unknown mode \(arguments[2])\n".utf8))
  exit(2)
}

// A state freed above finishes its last write on its saver's queue. Exiting
// under it would cut that write short (and, under AddressSanitizer, report
// what it had in hand as leaked): wait for it, as an app about to exit calls
// `flush()`.
for case .closing(let waitUntilClosed) in openStateFiles.withLock({ Array($0.values) }) {
  _ = waitUntilClosed()
}
