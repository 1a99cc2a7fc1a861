// A store that holds its bindings (`StoreBindings`) instead of inheriting
// `Store` is checked Sendable: a `var` added to it, or a stored property of a
// type that is not Sendable, does not compile. (A `Store` subclass restates
// `@unchecked Sendable`, and compiles with both.)
// expected-error: stored property 'pending' of 'Sendable'-conforming class 'CounterStore' is mutable
import FluxCore

final class CounterStore: Sendable {
  let count: Property<Int>
  private let _count = Variable(0)
  private let bindings = StoreBindings()
  var pending = 0

  init(increments: Observable<Int>) {
    count = _count.asProperty()
    bindings.bind(increments, to: _count) { count, step in count + step }
  }
}
