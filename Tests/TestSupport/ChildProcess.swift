import Dispatch
import FluxCore
import Foundation

/// A process the test starts: the test binary itself, re-run on one test, or
/// any program, with its output in a file and a wait that is bounded.
///
/// With `posix_spawn` and a blocking `waitpid` on a thread of its own rather
/// than Foundation's `Process`, whose exit notification does not arrive
/// under ThreadSanitizer here; the output goes to a file, so that a child
/// that prints a lot never blocks on a pipe. Nothing polls: the waiting
/// thread signals a semaphore when the child ends.
package final class ChildProcess: Sendable {
  /// How a child ended.
  package enum Ending: Sendable, Equatable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal stopped it: a trap, an abort, or a kill.
    case signalled(Int32)
  }

  /// The child's process identifier.
  package let pid: pid_t
  /// The read end of the child's signal pipe, if it has one.
  private let signalReader: Int32?
  private let outputPath: String
  /// Where standard error goes, when not with the output.
  private let errorPath: String?
  private let ended = DispatchSemaphore(value: 0)
  private let status = Lock<Int32?>(nil)

  /// Starts `executable` with `arguments`, the current environment with
  /// `environment` added, and standard output and error in files.
  ///
  /// - Parameters:
  ///   - executable: The program's path.
  ///   - arguments: Its arguments, after its name.
  ///   - environment: Variables to add or replace.
  ///   - standardInput: A file to read standard input from, if any.
  ///   - separateStandardError: Whether standard error goes to a file of its
  ///     own (``errorOutput``) rather than with the output.
  ///   - signalPipe: Whether the child gets a pipe on descriptor 3, to say
  ///     when it is ready: ``waitForSignal(timeout:)`` waits for its first
  ///     byte.
  /// - Throws: The error of `posix_spawn`.
  package init(
    _ executable: String, arguments: [String] = [], environment: [String: String] = [:],
    standardInput: String? = nil, separateStandardError: Bool = false, signalPipe: Bool = false
  ) throws {
    let base = FileManager.default.temporaryDirectory
      .appendingPathComponent("fluxcore-child-\(getpid())-\(UUID().uuidString)").path
    outputPath = base + ".out"
    errorPath = separateStandardError ? base + ".err" : nil
    // Darwin's file actions are a pointer that `init` sets; Glibc's a struct.
    #if canImport(Darwin)
    var actions: posix_spawn_file_actions_t? = nil
    #else
    var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    if let errorPath {
      posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    } else {
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
    }
    posix_spawn_file_actions_addopen(&actions, 0, standardInput ?? "/dev/null", O_RDONLY, 0)
    var pipeEnds: [Int32] = [-1, -1]
    if signalPipe {
      guard pipe(&pipeEnds) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
      // Neither end leaks into other children; the child gets its own copy
      // of the write end as descriptor 3.
      for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 3)
      posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    }
    defer { if signalPipe { close(pipeEnds[1]) } }

    var variables = ProcessInfo.processInfo.environment
    variables.merge(environment) { $1 }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = variables.map { strdup("\($0)=\($1)") } + [nil]
    defer {
      for string in argv + envp { free(string) }
    }
    var child: pid_t = 0
    let spawned = posix_spawn(&child, executable, &actions, nil, argv, envp)
    guard spawned == 0 else {
      if signalPipe { close(pipeEnds[0]) }
      throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL)
    }
    pid = child
    signalReader = signalPipe ? pipeEnds[0] : nil
    // A thread that only waits for the child to end.
    let thread = Thread { [pid, status, ended] in
      var raw: Int32 = 0
      while waitpid(pid, &raw, 0) == -1 && errno == EINTR {}
      status.withLock { $0 = raw }
      ended.signal()
    }
    thread.stackSize = 64 << 10
    thread.start()
  }

  deinit {
    if let signalReader { close(signalReader) }
    for path in [outputPath, errorPath].compactMap(\.self) {
      try? FileManager.default.removeItem(atPath: path)
    }
  }

  /// Starts this test binary on the XCTest test `test` (as in
  /// `"FluxCoreTests.UpdateMisuseTests/testNestedUpdate"`), with
  /// `environment` added: a test that runs itself in a child checks a
  /// variable to know which side it is on.
  package convenience init(runningTest test: String, environment: [String: String]) throws {
    try self.init(CommandLine.arguments[0], arguments: [test], environment: environment)
  }

  /// Waits, blocking, for the child to write to its signal pipe, for at
  /// most `timeout`.
  ///
  /// - Returns: Whether it did; `false` if the time ran out, or the child
  ///   ended first.
  package func waitForSignal(timeout: Duration) -> Bool {
    guard let signalReader else { return false }
    var request = pollfd(fd: signalReader, events: Int16(POLLIN), revents: 0)
    let milliseconds = Int32(min(timeout.components.seconds * 1_000, Int64(Int32.max)))
    while true {
      let ready = poll(&request, 1, milliseconds)
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { return false }
      var byte: UInt8 = 0
      return read(signalReader, &byte, 1) == 1
    }
  }

  /// Sends `signal` to the child.
  package func kill(_ signal: Int32 = SIGKILL) {
    _ = Foundation.kill(pid, signal)
  }

  /// Waits for the child to end, for at most `timeout`; a child still
  /// running then is killed, and `nil` returned.
  package func wait(timeout: Duration) -> Ending? {
    if ended.wait(timeout: .now() + timeout.timeInterval) == .success {
      ended.signal()  // for a later call
      return ending
    }
    kill(SIGKILL)
    ended.wait()
    ended.signal()
    return nil
  }

  /// How the child ended, once it has.
  private var ending: Ending? {
    status.withLock { status in
      status.map { raw in
        raw & 0x7f != 0 ? .signalled(raw & 0x7f) : .exited((raw >> 8) & 0xff)
      }
    }
  }

  /// What the child printed so far on standard output, and on standard
  /// error unless it has a file of its own.
  package var output: String {
    (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
  }

  /// What the child printed so far on standard error, when it has a file of
  /// its own; otherwise empty.
  package var errorOutput: String {
    errorPath.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } ?? ""
  }
}
