import Foundation

// SearchExample: the FluxCore search flow in a terminal. See `Options.usage`.

let options: Options
do {
  options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("error: \(error.message)\n\n\(Options.usage)\n".utf8))
  exit(2)
}
if options.showHelp {
  print(Options.usage)
  exit(0)
}

let session = Session(options: options, write: { print($0) })
switch options.mode {
case .scripted:
  await session.playScript()
case .query(let query, let pages):
  await session.search(query, pages: pages)
case .interactive:
  await session.runInteractive(standardInputLines())
}
