import FluxCore
import OpenCombine

// Each subscribes with a closure literal that captures state, as app code
// does; a closure stored in a variable first would add reabstraction thunks.

@inline(never)
func subscribeAndDispose(_ subject: DispatchSubject<Int>, _ tally: Tally) {
  subject.subscribe { tally.total &+= $0 }.dispose()
}

@inline(never)
func addAndRemove(_ list: LockedHandlerList, _ tally: Tally) {
  list.remove(list.add { tally.total &+= $0 })
}

@inline(never)
func sinkAndCancel(_ subject: PassthroughSubject<Int, Never>, _ tally: Tally) {
  subject.sink { tally.total &+= $0 }.cancel()
}

/// Subscribing and disposing at once, with `live` other subscriptions in place.
func subscribeDisposeScenario(live: Int) -> Scenario {
  var keepAlive: [Any] = []
  let tally = Tally()
  let handler = makeHandler(tally)

  let subject = DispatchSubject<Int>()
  keepAlive += (0..<live).map { _ in subject.subscribe(handler) }
  subject.dispatch(0)  // the delivery snapshot exists, as in a running app
  let list = LockedHandlerList()
  for _ in 0..<live { _ = list.add(handler) }
  let passthrough = PassthroughSubject<Int, Never>()
  keepAlive += (0..<live).map { _ in passthrough.sink(receiveValue: handler) }
  passthrough.send(0)

  return Scenario(
    name: "subscribe + dispose, \(live.formatted()) live",
    contenders: [
      Contender(name: "FluxCore") { n in for _ in 0..<n { subscribeAndDispose(subject, tally) } },
      Contender(name: "locked array") { n in for _ in 0..<n { addAndRemove(list, tally) } },
      Contender(name: "OpenCombine") { n in for _ in 0..<n { sinkAndCancel(passthrough, tally) } },
    ],
    keepAlive: keepAlive + [list])
}
