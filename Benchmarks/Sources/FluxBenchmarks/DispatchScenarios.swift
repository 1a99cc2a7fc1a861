import FluxCore
import Foundation
import OpenCombine
import Synchronization

@inline(never)
func dispatch(_ subject: DispatchSubject<Int>, _ value: Int) {
  subject.dispatch(value)
}

@inline(never)
func send(_ subject: PassthroughSubject<Int, Never>, _ value: Int) {
  subject.send(value)
}

/// Dispatching one `Int` to `count` subscribers.
func dispatchScenario(subscribers count: Int) -> Scenario {
  var keepAlive: [Any] = []
  let tallies = (0..<count).map { _ in Tally() }

  let subject = DispatchSubject<Int>()
  keepAlive += tallies.map { subject.subscribe(makeHandler($0)) }
  let handlers: [(Int) -> Void] = tallies.map(makeHandler)
  let mutex = PthreadMutex()
  let passthrough = PassthroughSubject<Int, Never>()
  keepAlive += tallies.map { passthrough.sink(receiveValue: makeHandler($0)) }

  return Scenario(
    name: "dispatch to \(count) subscriber\(count == 1 ? "" : "s")",
    contenders: [
      Contender(name: "FluxCore") { n in for i in 0..<n { dispatch(subject, i) } },
      Contender(name: "array loop") { n in for i in 0..<n { callAll(handlers, i) } },
      Contender(name: "locked loop") { n in for i in 0..<n { callAllLocked(mutex, handlers, i) } },
      Contender(name: "OpenCombine") { n in for i in 0..<n { send(passthrough, i) } },
    ],
    keepAlive: keepAlive)
}

/// Two threads dispatching to one subject with one subscriber; time per
/// dispatch, wall clock.
func twoThreadScenario() -> Scenario {
  var keepAlive: [Any] = []
  let subject = DispatchSubject<Int>()
  keepAlive.append(subject.subscribe(makeHandler(Tally())))
  let handlers: [@Sendable (Int) -> Void] = [makeHandler(Tally())]
  let mutex = PthreadMutex()

  /// Runs `body` for 0..<n split over two threads that start together.
  func onTwoThreads(_ n: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    let arrived = StartLine()
    for thread in 0..<2 {
      group.enter()
      Thread {
        arrived.wait(for: 2)
        for i in stride(from: thread, to: n, by: 2) { body(i) }
        group.leave()
      }.start()
    }
    group.wait()
  }
  return Scenario(
    name: "2 threads dispatching, 1 subscriber",
    contenders: [
      // Enough dispatches that starting the two threads is noise.
      Contender(name: "FluxCore", minimumIterations: 200_000) { n in
        onTwoThreads(n) { dispatch(subject, $0) }
      },
      Contender(name: "locked loop", minimumIterations: 200_000) { n in
        onTwoThreads(n) { callAllLocked(mutex, handlers, $0) }
      },
    ],
    keepAlive: keepAlive)
}

/// A barrier: each thread waits until `count` threads have arrived.
final class StartLine: Sendable {
  private let arrived = Atomic(0)

  func wait(for count: Int) {
    arrived.add(1, ordering: .sequentiallyConsistent)
    while arrived.load(ordering: .sequentiallyConsistent) < count {}
  }
}
