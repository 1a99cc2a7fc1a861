// One hot path of FluxCore, run `count` times: scripts/instruction-counts
// runs it under callgrind for two counts and reports the instructions per
// operation (the difference divided by the difference in counts), which,
// unlike a time, is the same on every run of the same binary.
//
//   InstructionCounts <path> <count>
//   path: subject | subject10 | subject100 | view | observer | variable |
//         read | subscribe | subscribe-variable | observed | observed-main |
//         observed-latest | elsewhere | elsewhere10 | store | combined
import FluxCore
import Foundation

final class Box: @unchecked Sendable {
  // Safe: touched only by the handlers, on this program's one thread.
  var total = 0
}

final class CountDispatcher: DispatcherType {
  static let shared = CountDispatcher()
  let count = DispatchSubject<Int>()
}

/// Runs `body` on a thread of its own and waits for it to end.
func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
  let done = DispatchSemaphore(value: 0)
  Thread {
    body()
    done.signal()
  }.start()
  done.wait()
}

let arguments = Array(CommandLine.arguments.dropFirst())
let path = arguments.first ?? "subject"
let count = arguments.dropFirst().first.flatMap(Int.init) ?? 1_000_000
let box = Box()
let dispatcher = CountDispatcher()
let variable = Variable(0)
let ten = DispatchSubject<Int>()
let hundred = DispatchSubject<Int>()
var tokens = [
  dispatcher.count.subscribe { box.total &+= $0 },
  variable.subscribe { box.total &+= $0 },
]
for index in 0..<100 {
  if index < 10 { tokens.append(ten.subscribe { box.total &+= $0 }) }
  tokens.append(hundred.subscribe { box.total &+= $0 })
}
let actions = AnyObserverDispatcher(dispatcher)
let observer = actions.count

switch path {
case "subject10": for value in 0..<count { ten.dispatch(value) }
case "subject100": for value in 0..<count { hundred.dispatch(value) }
case "view": for value in 0..<count { actions.count.dispatch(value) }
case "observer": for value in 0..<count { observer.dispatch(value) }
case "variable": for value in 0..<count { variable.value = value }
case "read": for _ in 0..<count { box.total &+= variable.value }
case "subscribe":
  // Subscribe and dispose, beside ten live subscriptions.
  for _ in 0..<count { ten.subscribe { box.total &+= $0 }.dispose() }
case "subscribe-variable":
  for _ in 0..<count { variable.subscribe { box.total &+= $0 }.dispose() }
case "observed", "observed-main":
  // A subject a main-actor view observes: each dispatch is an action whose
  // frame is committed at its end. From another thread (the main queue
  // never runs here, so the view's turn is scheduled once and what the
  // frames commit waits), or, for observed-main, on the main thread, where
  // each action reaches the view before dispatch returns.
  let view = MainActor.assumeIsolated { ten.observeOnMainActor { _ in } }
  if path == "observed" {
    onAnotherThread { for value in 0..<count { ten.dispatch(value) } }
  } else {
    for value in 0..<count { ten.dispatch(value) }
  }
  view.dispose()
case "observed-latest":
  // The main-actor benchmark's shape: a subject whose one subscriber is a
  // main-actor view of its latest value; each dispatch an action, from
  // another thread.
  let only = DispatchSubject<Int>()
  let view = MainActor.assumeIsolated {
    only.observeOnMainActor(receiving: .latestValue) { _ in }
  }
  onAnotherThread { for value in 0..<count { only.dispatch(value) } }
  view.dispose()
case "elsewhere", "elsewhere10":
  // A dispatch that no main-actor view observes, while one observes another
  // subject: it must cost what it costs with no view at all.
  let other = Variable(0)
  let view = MainActor.assumeIsolated { other.observeOnMainActor { _ in } }
  if path == "elsewhere" {
    for value in 0..<count { dispatcher.count.dispatch(value) }
  } else {
    for value in 0..<count { ten.dispatch(value) }
  }
  view.dispose()
case "store":
  // An action a store takes: its one handler writes a Variable (with one
  // subscriber) inside the action.
  let state = Variable(0)
  let reducer = ten.subscribe { state.value = $0 }
  let watcher = state.subscribe { box.total &+= $0 }
  let action = DispatchSubject<Int>()
  let bound = action.subscribe { state.value = $0 }
  for value in 0..<count { action.dispatch(value) }
  for token in [reducer, watcher, bound] { token.dispose() }
case "combined":
  // A Variable write that combineLatest joins with another: the operator
  // dispatches to its own subject inside the write's action, with no view
  // anywhere.
  let left = Variable(0)
  let right = Variable(0)
  let joined = Observable.combineLatest(left.asProperty(), right.asProperty()) { $0 &+ $1 }
    .subscribe { box.total &+= $0 }
  for value in 0..<count { left.value = value }
  joined.dispose()
default: for value in 0..<count { dispatcher.count.dispatch(value) }
}
print(box.total)
for token in tokens { token.dispose() }
