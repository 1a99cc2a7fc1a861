// One hot path of FluxCore, run `count` times: scripts/instruction-counts
// runs it under callgrind for two counts and reports the instructions per
// operation (the difference divided by the difference in counts), which,
// unlike a time, is the same on every run of the same binary.
//
//   InstructionCounts <path> <count>
//   path: subject | view | observer | variable
import FluxCore

final class Box: @unchecked Sendable {
  // Safe: touched only by the handler, on this program's one thread.
  var total = 0
}

final class CountDispatcher: DispatcherType {
  static let shared = CountDispatcher()
  let count = DispatchSubject<Int>()
}

let arguments = Array(CommandLine.arguments.dropFirst())
let path = arguments.first ?? "subject"
let count = arguments.dropFirst().first.flatMap(Int.init) ?? 1_000_000
let box = Box()
let dispatcher = CountDispatcher()
let variable = Variable(0)
let tokens = [
  dispatcher.count.subscribe { box.total &+= $0 },
  variable.subscribe { box.total &+= $0 },
]
let actions = AnyObserverDispatcher(dispatcher)
let observer = actions.count

switch path {
case "view": for value in 0..<count { actions.count.dispatch(value) }
case "observer": for value in 0..<count { observer.dispatch(value) }
case "variable": for value in 0..<count { variable.value = value }
default: for value in 0..<count { dispatcher.count.dispatch(value) }
}
print(box.total)
for token in tokens { token.dispose() }
