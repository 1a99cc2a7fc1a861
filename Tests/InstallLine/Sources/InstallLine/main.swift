import FluxCore

// The smallest use of the resolved version: a variable and a subscriber.
let count = Variable(0)
let subscription = count.subscribe { print("count: \($0)") }
count.value = 1
subscription.dispose()
