/// One step of a model test: what the library is asked to do.
///
/// Operations carry everything that decides their outcome (values, counts,
/// handler behaviours), so a list of them can be run again, and shrunk.
enum ModelOperation: CustomStringConvertible, Sendable {
  /// Subscribes `id` to subject `subject` through `chain`.
  case subscribe(id: Int, subject: Int, chain: [ChainStep], behavior: Behavior)
  /// Disposes subscription `id` from the test thread.
  case dispose(id: Int)
  /// Dispatches `value` to subject `subject` from the test thread.
  case dispatch(subject: Int, value: Int)
  /// Dispatches `perThread` distinct values from each of `threads` threads
  /// at once; with `churn`, another thread subscribes and disposes meanwhile.
  case dispatchConcurrently(subject: Int, threads: Int, perThread: Int, churn: Bool)
  /// Subscribes `id` to the variable, replaying its value or not.
  case subscribeVariable(id: Int, replay: Bool, behavior: Behavior)
  /// Sets the variable.
  case setVariable(Int)
  /// Adds to the variable with `update`.
  case updateVariable(add: Int)
  /// Adds 1 to the variable `perThread` times from each of `threads`
  /// threads; with `readers`, another thread reads the variable and
  /// subscribes to it meanwhile.
  case updateVariableConcurrently(threads: Int, perThread: Int, readers: Bool)
  /// Adds 1 to the variable `perThread` times from each of `threads` threads
  /// the Flux way: each thread dispatches an action, and a store folds it
  /// into the variable with `withLatestFrom(state) { $1 + $0 }` bound to the
  /// variable, the state read through `through`; with `readers`, another
  /// thread reads the variable and subscribes to it meanwhile, as a view
  /// does. No update may be lost.
  case accumulateConcurrently(threads: Int, perThread: Int, through: StateRead, readers: Bool)

  var description: String {
    switch self {
    case .subscribe(let id, let subject, let chain, let behavior):
      let steps = chain.isEmpty ? "" : "." + chain.map(\.description).joined(separator: ".")
      return "subscribe #\(id) to S\(subject)\(steps), \(behavior)"
    case .dispose(let id):
      return "dispose #\(id)"
    case .dispatch(let subject, let value):
      return "S\(subject).dispatch(\(value))"
    case .dispatchConcurrently(let subject, let threads, let perThread, let churn):
      let churning = churn ? ", with churn" : ""
      return "S\(subject): \(threads) threads dispatch \(perThread) each\(churning)"
    case .subscribeVariable(let id, let replay, let behavior):
      return "subscribe #\(id) to V\(replay ? "" : ".changed"), \(behavior)"
    case .setVariable(let value):
      return "V.value = \(value)"
    case .updateVariable(let add):
      return "V.update { $0 += \(add) }"
    case .updateVariableConcurrently(let threads, let perThread, let readers):
      return "V: \(threads) threads update +1, \(perThread) each\(readers ? ", with readers" : "")"
    case .accumulateConcurrently(let threads, let perThread, let through, let readers):
      return
        "V: \(threads) threads dispatch +1, \(perThread) each, folded into V with withLatestFrom(\(through))\(readers ? ", with readers" : "")"
    }
  }
}

/// How a store's `withLatestFrom` reads the variable it folds actions into.
enum StateRead: CustomStringConvertible, Sendable, CaseIterable {
  /// The variable itself.
  case variable
  /// Its read-only property.
  case property
  /// A property derived from it: `Property(derivedFrom:) { $0 }`.
  case derived
  /// `combineLatest` of it and another variable holding 0, summed.
  case combined

  var description: String {
    switch self {
    case .variable: "V"
    case .property: "V.asProperty()"
    case .derived: "Property(derivedFrom: V)"
    case .combined: "combineLatest(V, zero, +)"
    }
  }
}

/// An operator between a source and a handler.
enum ChainStep: CustomStringConvertible, Sendable {
  case map(add: Int)
  case filter(multipleOf: Int)
  case skip(Int)
  case take(Int)
  case distinct
  /// `distinctUntilChanged { abs($0 - $1) <= within }`: not transitive, so
  /// it shows whether values are compared with the last one delivered.
  case distinctWithin(Int)
  /// `scan(initial) { $0 &+ $1 }`.
  case scan(initial: Int)
  /// `startWith(value)`.
  case startWith(Int)
  /// `withLatestFrom(V) { $0 &+ $1 }`: a subscription to the variable too.
  case addLatestOfVariable

  var description: String {
    switch self {
    case .map(let add): "map(+\(add))"
    case .filter(let divisor): "filter(%\(divisor))"
    case .skip(let count): "skip(\(count))"
    case .take(let count): "take(\(count))"
    case .distinct: "distinctUntilChanged()"
    case .distinctWithin(let within): "distinctUntilChanged(within: \(within))"
    case .scan(let initial): "scan(\(initial), +)"
    case .startWith(let value): "startWith(\(value))"
    case .addLatestOfVariable: "withLatestFrom(V, +)"
    }
  }

  /// Whether this is a `take` that never subscribes upstream.
  var takesNothing: Bool {
    if case .take(let count) = self { count <= 0 } else { false }
  }
}

/// What a handler does besides recording what it receives.
enum Behavior: CustomStringConvertible, Sendable {
  case plain
  /// Disposes its own subscription from inside the handler after `after`
  /// values.
  case disposeSelf(after: Int)
  /// Dispatches `value + add` to its own subject for each of its first
  /// `times` values (a budget, so that re-dispatching handlers cannot
  /// multiply events without end).
  case redispatch(times: Int, add: Int)
  /// On its first value, subscribes a plain subscription `id` to its own
  /// subject, from inside the handler.
  case subscribeAnother(id: Int)
  /// On its first value, disposes subscription `id` (which may come later in
  /// the same delivery) from inside the handler.
  case disposeOther(id: Int)

  var description: String {
    switch self {
    case .plain: "plain"
    case .disposeSelf(let count): "disposes itself after \(count)"
    case .redispatch(let times, let add): "re-dispatches +\(add) for its first \(times)"
    case .subscribeAnother(let id): "subscribes #\(id) from its handler"
    case .disposeOther(let id): "disposes #\(id) from its handler"
    }
  }
}
