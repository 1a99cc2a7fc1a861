import Foundation
import SearchConsole

// SearchExample: the FluxCore search flow in a terminal. See `Options.usage`
// and Program.swift, which holds the program itself.

let status = await Program.run(
  arguments: Array(CommandLine.arguments.dropFirst()),
  input: standardInputLines(),
  // Flushed line by line: a log that a pipe collects keeps every line
  // written, even if the process is killed.
  write: {
    print($0)
    fflush(nil)
  },
  writeError: { FileHandle.standardError.write(Data("\($0)\n".utf8)) })
exit(status)
