import Dispatch
import FluxCore
import FluxCoreTesting
import Observation

/// The actions of ``BudgetScreen``.
final class BudgetDispatcher: DispatcherType {
  static let shared = BudgetDispatcher()
  /// Gives row `id` a new title.
  let rename = DispatchSubject<Rename>()
  /// Appends a row.
  let append = DispatchSubject<Row>()
  /// The profile's "last seen" ticks.
  let seen = DispatchSubject<Int>()
  /// The profile's name changes.
  let name = DispatchSubject<String>()
}

/// A new title for one row.
struct Rename: Sendable, Equatable {
  let id: Int
  let title: String
}

/// A user's profile: a name a header shows, and a field that ticks.
struct BudgetProfile: Sendable, Equatable {
  var name = "Ada"
  var lastSeen = 0
}

/// The store of ``BudgetScreen``: ten rows and a profile.
final class BudgetStore: Store, @unchecked Sendable {
  // Safe: every stored property is a `let` of a Sendable type.
  let rows: Property<[Row]>
  let profile: Property<BudgetProfile>
  private let _rows = Variable(Row.list(1...10))
  private let _profile = Variable(BudgetProfile())

  init(dispatcher: AnyObservableDispatcher<BudgetDispatcher>) {
    rows = _rows.asProperty()
    profile = _profile.asProperty()
    super.init()
    bind(dispatcher.rename, to: _rows) { rows, rename in
      rows.map { $0.id == rename.id ? Row(id: $0.id, title: rename.title) : $0 }
    }
    bind(dispatcher.append, to: _rows) { rows, row in rows + [row] }
    bind(dispatcher.seen, to: _profile) { profile, time in
      var profile = profile
      profile.lastSeen = time
      return profile
    }
    bind(dispatcher.name, to: _profile) { profile, name in
      var profile = profile
      profile.name = name
      return profile
    }
  }
}

/// A list screen and a profile header, as the tests of ``RedrawTester``
/// read them: ten rows in an `ObservedCollection`, the profile in an
/// `ObservedProperty`.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
final class BudgetScreen {
  let dispatcher = BudgetDispatcher()
  let store: BudgetStore
  let actions: AnyObserverDispatcher<BudgetDispatcher>
  let rows: ObservedCollection<Row>
  let profile: ObservedProperty<BudgetProfile>

  init() {
    store = BudgetStore(dispatcher: AnyObservableDispatcher(dispatcher))
    actions = AnyObserverDispatcher(dispatcher)
    rows = ObservedCollection(store.rows)
    profile = ObservedProperty(store.profile)
  }

  /// A tester with the list's readers: `list` reads the ids, and `row N`
  /// reads row N alone, as `ForEach` and its row views do.
  func listTester(_ exhaustivity: Exhaustivity = .on) -> RedrawTester {
    let redraws = RedrawTester(dispatcher, exhaustivity: exhaustivity)
    redraws.reader("list") { self.rows.ids }
    for id in rows.ids { redraws.reader("row \(id)") { self.rows[id: id] } }
    return redraws
  }
}

/// A view model that follows the profile's name a turn late.
///
/// It writes the name on the main queue's turn after the one its action
/// reached the screen in (two hops), as a model that hands each change to
/// work of its own on the main actor does. A view that reads the profile and this
/// model is redrawn twice for one action: once with the new name beside
/// the model's old one, once when the model lands.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable @MainActor
final class LateNameModel {
  private(set) var name = ""
  @ObservationIgnored private let disposeBag = DisposeBag()

  init(_ profile: Property<BudgetProfile>) {
    name = profile.value.name
    profile.changed.map(\.name).observeOnMainActor { [weak self] name in
      DispatchQueue.main.async {
        DispatchQueue.main.async {
          MainActor.assumeIsolated {
            if self?.name != name { self?.name = name }
          }
        }
      }
    }.disposed(by: disposeBag)
  }
}
