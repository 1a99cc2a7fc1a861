import FluxCore
import FluxCoreTesting
import Observation
import TestSupport

/// A generated feature and the actions sent to it, for the model test's
/// main-actor view (guarantee 10).
///
/// Two to four stores take one action subject, each binding it its own way
/// (a map, a fold, or a relay through a subject of the store's own), some
/// of them slow enough to let the main actor run while they work. Store
/// `i` holds `(i + 1) * answer`, so a state some whole action produced (or
/// none yet) is one where every store agrees on the answer. One to three
/// threads send distinct answers, and a view reads every store one way onto
/// the main actor: every frame it draws must be such a state, and the last
/// one the stores' final state.
struct ViewScenario: CustomStringConvertible, Sendable {
  enum Binding: String, CaseIterable, Sendable {
    case map, fold, relay
  }

  enum Way: String, CaseIterable, Sendable {
    case observeOnMainActor, observeOnMain, assign, observedProperty, derived
  }

  var bindings: [Binding]
  var slow: [Bool]
  var deliveryBudget: Int
  var answersByThread: [[Int]]
  var way: Way

  init(seed: UInt64) {
    var random = SeededRandomNumberGenerator(seed: seed)
    let stores = Int.random(in: 2...4, using: &random)
    bindings = (0..<stores).map { _ in Binding.allCases.randomElement(using: &random)! }
    slow = (0..<stores).map { _ in Int.random(in: 0..<3, using: &random) == 0 }
    deliveryBudget = [0, 2, 32].randomElement(using: &random)!
    answersByThread = (1...Int.random(in: 1...3, using: &random)).map { thread in
      (1...Int.random(in: 1...8, using: &random)).map { thread * 1_000 + $0 }
    }
    way = Way.allCases.randomElement(using: &random)!
  }

  var description: String {
    let stores = zip(bindings, slow).map { "\($0.rawValue)\($1 ? " (slow)" : "")" }
    return
      "stores [\(stores.joined(separator: ", "))], budget \(deliveryBudget), "
      + "threads \(answersByThread.map(\.count)), view through \(way.rawValue)"
  }

  /// Whether `frame` is a state some whole action produced, or the start.
  func isWhole(_ frame: [Int]) -> Bool {
    let answers = Set(answersByThread.joined()).union([0])
    guard let first = frame.first, answers.contains(first) else { return false }
    return frame.indices.allSatisfy { frame[$0] == ($0 + 1) * first }
  }
}

/// The stores of a ``ViewScenario``.
final class ViewScenarioStores: Store, @unchecked Sendable {
  // Safe: `let`s of Sendable types only.
  let action: DispatchSubject<Int>
  let values: [Property<Int>]
  private let variables: [Variable<Int>]
  private let relays: [DispatchSubject<Int>]

  init(_ scenario: ViewScenario) {
    action = DispatchSubject(deliveryBudget: scenario.deliveryBudget)
    variables = scenario.bindings.indices.map { _ in Variable(0) }
    relays = scenario.bindings.indices.map { _ in DispatchSubject() }
    values = variables.map { $0.asProperty() }
    super.init()
    for (index, binding) in scenario.bindings.enumerated() {
      let factor = index + 1
      let slow = scenario.slow[index]
      let source = action.map { answer in
        if slow { letTheMainActorRedraw() }
        return factor * answer
      }
      switch binding {
      case .map: bind(source, to: variables[index])
      case .fold: bind(source, to: variables[index]) { _, value in value }
      case .relay:
        bind(source, to: relays[index])
        bind(relays[index], to: variables[index])
      }
    }
  }

  var state: [Int] { values.map(\.value) }
}

/// A hand-written view model of up to four values.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable @MainActor
final class FourValues {
  var values = [0, 0, 0, 0]
  var v0 = 0
  var v1 = 0
  var v2 = 0
  var v3 = 0
}

extension ViewScenario {
  /// A screen of every store, reading them this scenario's way.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor
  func screen(of stores: ViewScenarioStores) -> (RedrawingScreen<[Int]>, [Any]) {
    let count = stores.values.count
    let model = FourValues()
    switch way {
    case .observeOnMainActor:
      let tokens = stores.values.enumerated().map { index, value in
        value.observeOnMainActor { model.values[index] = $0 }
      }
      return (RedrawingScreen { Array(model.values.prefix(count)) }, [model, tokens])
    case .observeOnMain:
      let tokens = stores.values.enumerated().map { index, value in
        value.observe(on: .main).subscribe { new in
          MainActor.assumeIsolated { model.values[index] = new }
        }
      }
      return (RedrawingScreen { Array(model.values.prefix(count)) }, [model, tokens])
    case .assign:
      let paths = [\FourValues.v0, \.v1, \.v2, \.v3]
      let tokens = stores.values.enumerated().map { index, value in
        value.assign(to: paths[index], on: model)
      }
      let screen = RedrawingScreen { Array(paths.prefix(count).map { model[keyPath: $0] }) }
      return (screen, [model, tokens])
    case .observedProperty:
      let observed = stores.values.map { ObservedProperty($0) }
      return (RedrawingScreen { observed.map(\.value) }, [observed])
    case .derived:
      // The first two combined into one derived property, the rest apart.
      let pair = ObservedProperty(
        Property(derivedFrom: stores.values[0], stores.values[1]) { [$0, $1] })
      let rest = stores.values.dropFirst(2).map { ObservedProperty($0) }
      return (RedrawingScreen { pair.value + rest.map(\.value) }, [pair, rest])
    }
  }
}
