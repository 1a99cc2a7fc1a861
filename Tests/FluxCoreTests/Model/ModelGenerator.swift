import FluxCoreTesting

/// Makes the operation list of a seed.
///
/// Subject 0 is used from the test thread only, so its handlers may do
/// anything (re-dispatch, subscribe); subject 1 is also dispatched to from
/// several threads, so its handlers record and may dispose themselves, and
/// the order the library chose is read from a tap.
enum ModelGenerator {
  static func operations(seed: UInt64, count: Int = 40) -> [ModelOperation] {
    var random = SeededRandomNumberGenerator(seed: seed)
    var operations: [ModelOperation] = []
    var nextID = 1
    var live: [Int] = []
    var nextValue = 1

    func chain() -> [ChainStep] {
      (0..<Int.random(in: 0...2, using: &random)).map { _ in
        switch Int.random(in: 0..<9, using: &random) {
        case 0: .map(add: Int.random(in: 1...3, using: &random))
        case 1: .filter(multipleOf: Int.random(in: 2...3, using: &random))
        case 2: .skip(Int.random(in: -1...3, using: &random))
        case 3: .take(Int.random(in: -1...5, using: &random))
        case 4: .distinctWithin(Int.random(in: 1...2, using: &random))
        case 5: .scan(initial: Int.random(in: -2...2, using: &random))
        case 6: .startWith(Int.random(in: -9...9, using: &random))
        case 7: .addLatestOfVariable
        default: .distinct
        }
      }
    }

    for _ in 0..<count {
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<22:
        let subject = Int.random(in: 0...1, using: &random)
        var behavior = Behavior.plain
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<2: behavior = .disposeSelf(after: Int.random(in: 1...4, using: &random))
        case 2..<4 where subject == 0:
          behavior = .redispatch(
            times: Int.random(in: 1...4, using: &random), add: Int.random(in: 1...7, using: &random)
          )
        case 4 where subject == 0:
          behavior = .subscribeAnother(id: nextID + 1)
        case 5:
          // Half the time the next subscription, which comes later in the
          // same deliveries, so that it is disposed in the middle of one.
          behavior = .disposeOther(
            id: live.isEmpty || Bool.random(using: &random)
              ? nextID + 2 : live[Int.random(in: 0..<live.count, using: &random)])
        default: break
        }
        operations.append(
          .subscribe(id: nextID, subject: subject, chain: chain(), behavior: behavior))
        live.append(nextID)
        nextID += 2  // leaves room for an id made by `subscribeAnother`
      case 22..<32 where !live.isEmpty:
        let index = Int.random(in: 0..<live.count, using: &random)
        operations.append(.dispose(id: live.remove(at: index)))
      case 32..<60:
        operations.append(
          .dispatch(subject: Int.random(in: 0...1, using: &random), value: nextValue))
        nextValue += Int.random(in: 0...2, using: &random)  // repeats exercise distinct
      case 60..<68:
        operations.append(
          .dispatchConcurrently(
            subject: 1, threads: Int.random(in: 1...4, using: &random),
            perThread: Int.random(in: 1...60, using: &random),
            churn: Bool.random(using: &random)))
      case 68..<78:
        let behavior: Behavior =
          Int.random(in: 0..<4, using: &random) == 0
          ? .disposeSelf(after: Int.random(in: 1...3, using: &random)) : .plain
        operations.append(
          .subscribeVariable(id: nextID, replay: Bool.random(using: &random), behavior: behavior))
        live.append(nextID)
        nextID += 2
      case 78..<84:
        operations.append(.setVariable(Int.random(in: -50...50, using: &random)))
      case 84..<90:
        operations.append(.updateVariable(add: Int.random(in: -5...5, using: &random)))
      case 90..<95:
        operations.append(
          .updateVariableConcurrently(
            threads: Int.random(in: 1...4, using: &random),
            perThread: Int.random(in: 1...40, using: &random),
            readers: Bool.random(using: &random)))
      default:
        operations.append(
          .accumulateConcurrently(
            threads: Int.random(in: 1...4, using: &random),
            perThread: Int.random(in: 1...60, using: &random),
            through: StateRead.allCases.randomElement(using: &random)!,
            readers: Int.random(in: 0..<4, using: &random) != 0))
      }
    }
    return operations
  }
}
