import FluxCore
import Observation

/// Connects a view to the favorites: `f N`, `u` and `U` in, one status line
/// out, as a plain `@Observable` property that follows the store on the
/// main actor, latest value only.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable @MainActor
public final class FavoritesViewModel {
  /// What the user can do.
  public enum Input: Sendable, Hashable {
    /// Star row `row` (its number as typed), or unstar it if starred.
    case toggleStar(row: String)
    /// Undo the last change of the favorites.
    case undo
    /// Redo the change undone last.
    case redo
    /// Another device stars row `row`: the service's favorites come back
    /// as a sync, which is not a step to undo.
    case syncStarring(row: String)
  }

  /// What came of an input.
  public enum Outcome {
    /// A star is on its way; the task ends once the service has answered.
    case started(Task<Void, Never>)
    /// Done at once.
    case done
    /// Nothing to do, and why, in a sentence.
    case refused(String)
  }

  /// The status line.
  public private(set) var status: FavoritesStatus

  /// The favorites, for views that show them item by item.
  ///
  /// A result row shows its star by reading `favoriteList[id: item.id]`,
  /// and a badge shows `favoriteList.count`: a star redraws the row of the
  /// item starred and the badge, and no other row.
  @ObservationIgnored public let favoriteList: ObservedCollection<Item>

  /// The status, derived from the store on the thread that changes it;
  /// ``status`` follows it on the main actor.
  @ObservationIgnored public nonisolated let statusSource: Property<FavoritesStatus>

  @ObservationIgnored private let store: FavoritesStore
  /// The favorites' items, derived from the store; ``favoriteList``
  /// follows it on the main actor.
  @ObservationIgnored private let favoriteItems: Property<[Item]>
  @ObservationIgnored private let rows: Property<[SearchRow]>
  @ObservationIgnored private let actions: FavoritesActionCreator
  @ObservationIgnored private let disposeBag = DisposeBag()

  /// Creates a view model.
  ///
  /// - Parameters:
  ///   - store: The favorites.
  ///   - rows: The rows that `f N` numbers.
  ///   - actions: Where the user's intents go.
  public init(store: FavoritesStore, rows: Property<[SearchRow]>, actions: FavoritesActionCreator) {
    self.store = store
    self.rows = rows
    self.actions = actions
    statusSource = Property(derivedFrom: store.notice, store.favorites, store.history.status) {
      FavoritesStatus(
        notice: $0, favorites: $1, undoLabel: $2.undoLabel, redoLabel: $2.redoLabel)
    }
    status = statusSource.value
    favoriteItems = Property(derivedFrom: store.favorites) { $0.items }
    favoriteList = ObservedCollection(favoriteItems)
    statusSource.assign(to: \.status, on: self).disposed(by: disposeBag)
  }

  /// Whether ``status`` already shows the store's latest state.
  public var isShowingLatest: Bool {
    status == statusSource.value
  }

  /// Handles one input; never traps, whatever the text of a row.
  public func send(_ input: Input) -> Outcome {
    switch input {
    case .toggleStar(let text):
      switch item(atRow: text) {
      case .success(let item):
        return .started(actions.setStarred(!store.favorites.value.contains(item), item))
      case .failure(let refusal): return .refused(refusal.reason)
      }
    case .syncStarring(let text):
      switch item(atRow: text) {
      case .success(let item):
        var synced = store.favorites.value
        synced.set(item, starred: true)
        actions.synced(synced)
        return .done
      case .failure(let refusal): return .refused(refusal.reason)
      }
    case .undo:
      guard store.history.canUndo.value else { return .refused("Nothing to undo.") }
      actions.undo()
      return .done
    case .redo:
      guard store.history.canRedo.value else { return .refused("Nothing to redo.") }
      actions.redo()
      return .done
    }
  }

  /// Why a row number was refused, in a sentence.
  private struct Refusal: Error {
    let reason: String
  }

  /// The item of row `text` (its number as typed), or why there is none.
  private func item(atRow text: String) -> Result<Item, Refusal> {
    let rows = rows.value
    guard !rows.isEmpty else {
      return .failure(Refusal(reason: "There are no rows to star yet: search first."))
    }
    let text = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    guard !text.isEmpty else {
      return .failure(Refusal(reason: "Star which row? Type f and its number, as in f 2."))
    }
    guard let number = Int(text), (1...rows.count).contains(number) else {
      return .failure(
        Refusal(reason: "There is no row “\(text.prefix(40))”: pick one from 1 to \(rows.count)."))
    }
    return .success(rows[number - 1].item)
  }
}
