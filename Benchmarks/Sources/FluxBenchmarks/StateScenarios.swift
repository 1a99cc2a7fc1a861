import FluxCore
import OpenCombine

@inline(never)
func set(_ variable: Variable<Int>, _ value: Int) {
  variable.value = value
}

@inline(never)
func send(_ subject: CurrentValueSubject<Int, Never>, _ value: Int) {
  subject.send(value)
}

/// A hand-rolled observable value: a value and its handlers behind a mutex.
final class LockedValue: @unchecked Sendable {
  // Safe: `value` and `handlers` are only touched with `mutex` held.
  let mutex = PthreadMutex()
  var value = 0
  var handlers: [(Int) -> Void] = []

  @inline(never)
  func set(_ newValue: Int) {
    mutex.lock()
    value = newValue
    for handler in handlers { handler(newValue) }
    mutex.unlock()
  }
}

/// Setting a value that one subscriber observes.
func variableScenario() -> Scenario {
  var keepAlive: [Any] = []
  let variable = Variable(0)
  keepAlive.append(variable.subscribe(makeHandler(Tally())))
  let current = CurrentValueSubject<Int, Never>(0)
  keepAlive.append(current.sink(receiveValue: makeHandler(Tally())))
  let locked = LockedValue()
  locked.handlers = [makeHandler(Tally())]

  return Scenario(
    name: "Variable set, 1 subscriber",
    contenders: [
      Contender(name: "FluxCore") { n in for i in 0..<n { set(variable, i) } },
      Contender(name: "locked value") { n in for i in 0..<n { locked.set(i) } },
      Contender(name: "OpenCombine") { n in for i in 0..<n { send(current, i) } },
    ],
    keepAlive: keepAlive)
}

/// `map`, `filter` and `distinctUntilChanged` between a subject and one
/// subscriber; every value passes.
func chainScenario() -> Scenario {
  var keepAlive: [Any] = []
  let subject = DispatchSubject<Int>()
  keepAlive.append(
    subject.map { $0 &* 2 }.filter { $0 & 1 == 0 }.distinctUntilChanged()
      .subscribe(makeHandler(Tally())))
  let passthrough = PassthroughSubject<Int, Never>()
  keepAlive.append(
    passthrough.map { $0 &* 2 }.filter { $0 & 1 == 0 }.removeDuplicates()
      .sink(receiveValue: makeHandler(Tally())))

  return Scenario(
    name: "map → filter → distinct, 1 subscriber",
    contenders: [
      Contender(name: "FluxCore") { n in for i in 0..<n { dispatch(subject, i) } },
      Contender(name: "OpenCombine") { n in for i in 0..<n { send(passthrough, i) } },
    ],
    keepAlive: keepAlive)
}

/// One write to a property that `combineLatest` joins with another, against
/// one write to a property observed through a single `map`.
func combineLatestScenario() -> Scenario {
  var keepAlive: [Any] = []
  let mapped = Variable(0)
  keepAlive.append(mapped.map { $0 &+ 1 }.subscribe(makeHandler(Tally())))
  let left = Variable(0)
  let right = Variable(0)
  keepAlive.append(
    Observable.combineLatest(left.asProperty(), right.asProperty()) { $0 &+ $1 }
      .subscribe(makeHandler(Tally())))

  return Scenario(
    name: "property write, 1 subscriber through",
    contenders: [
      Contender(name: "map") { n in for i in 0..<n { set(mapped, i) } },
      Contender(name: "combineLatest of 2") { n in for i in 0..<n { set(left, i) } },
    ],
    keepAlive: keepAlive)
}
