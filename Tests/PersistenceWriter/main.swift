// A process that writes a PersistentState, for the fault tests of
// FluxCorePersistence: they kill it, limit its file size, or race it.
//
//   PersistenceWriter <file> loop        write ever larger states until killed
//   PersistenceWriter <file> full-disk   write a small state, then one over the
//                                        file-size limit; print the error
//   PersistenceWriter <file> try-open    open the file; print why it cannot
//
// It writes a byte to descriptor 3, when there is one, once it is ready.
import FluxCorePersistence
import Foundation

/// A state whose every part says which write it is, so that a torn or mixed
/// file cannot pass for a whole one.
struct WrittenState: Codable, Sendable, Equatable {
  var index: Int
  var digits: String

  init(index: Int, size: Int = 1 << 16) {
    self.index = index
    digits = String(repeating: Character("\(index % 10)"), count: size)
  }
}

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
    getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
    limit.rlim_cur = 10_000
    guard setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit) == 0 else {
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
    _ = try PersistentState(file: file, default: WrittenState(index: 0))
    print("opened")
  } catch {
    print("refused: \(error)")
    exit(3)
  }

default:
  FileHandle.standardError.write(Data("unknown mode \(arguments[2])\n".utf8))
  exit(2)
}
