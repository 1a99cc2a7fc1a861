/// A state that shows writes at once and keeps or undoes them when their
/// requests are answered: optimistic updates, with rollback.
///
/// ```swift
/// final class FavoritesStore: Store, @unchecked Sendable {
///   let favorites: Property<Set<Int>>
///   let optimistic: OptimisticState<Set<Int>>
///   private let _favorites = Variable<Set<Int>>([])
///
///   init(dispatcher: AnyObservableDispatcher<FavoritesDispatcher> = .init()) {
///     favorites = _favorites.asProperty()
///     optimistic = OptimisticState(of: _favorites)
///     super.init()
///   }
/// }
///
/// let star = store.optimistic.apply { $0.insert(42) }    // shown now
/// store.optimistic.updateConfirmed { $0.insert(7) }      // a push from the server
/// star.rollBack()                                         // shows [7]: the push stays
/// ```
///
/// > Important: What it promises.
/// > - **The state is the confirmed value with the pending writes applied,
/// >   in the order they were applied.** Always: after each write, answer
/// >   and push, on any thread.
/// > - **Several pending.** Confirming one keeps it; rolling one back
/// >   rebuilds the state from the confirmed value and the writes still
/// >   pending. A write confirmed while an earlier one is pending keeps its
/// >   place until that one is answered, so the writes always apply in one
/// >   order.
/// > - **Changes from elsewhere** (``updateConfirmed(_:)``, a server push)
/// >   land on the confirmed value, and survive every rollback.
/// > - **Dropped writes.** A ``PendingWrite`` freed without an answer is
/// >   rolled back.
/// > - **One change per outcome.** A write, a rollback and a push each
/// >   change the state once; a confirmation does not change it (it shows
/// >   the write already).
/// > - **Writes are recomputed.** A write's closure runs again each time
/// >   the state is rebuilt, and may run more than once when answers race:
/// >   keep it free of side effects, and prefer "set" to "toggle" (a toggle
/// >   applied on a new confirmed value undoes it).
/// > - **Write through it.** Write the state only through this object: a
/// >   direct write to the variable is replaced at the next outcome.
public final class OptimisticState<Value: Sendable>: Sendable {
  /// The confirmed value: what the requests answered so far and the
  /// changes from elsewhere made of it, without the pending writes.
  public let confirmed: Property<Value>

  let variable: Variable<Value>
  let confirmedVariable: Variable<Value>
  let model: Lock<OptimisticModel<Value>>
  /// The write in flight of each `LatestTask` that runs requests for it.
  let latestWrites = Lock<[ObjectIdentifier: PendingWrite]>([:])

  /// Shows `variable` as the confirmed value (its value now) with the
  /// pending writes applied.
  ///
  /// - Parameter variable: The state; write it only through this object.
  public init(of variable: Variable<Value>) {
    self.variable = variable
    confirmedVariable = Variable(variable.value)
    confirmed = confirmedVariable.asProperty()
    model = Lock(OptimisticModel(confirmed: variable.value))
  }

  /// How many writes wait for an answer.
  public var pendingCount: Int {
    model.withLock { $0.writes.filter { $0.confirmation == nil }.count }
  }

  /// Applies `write` to the state now, as one change, until it is
  /// answered.
  ///
  /// - Parameter write: Changes the state; it runs again whenever the state
  ///   is rebuilt, so keep it free of side effects.
  /// - Returns: The write, to confirm or roll back. Freed without an answer,
  ///   it is rolled back.
  public func apply(_ write: @escaping @Sendable (inout Value) -> Void) -> PendingWrite {
    let id = model.withLock { $0.append(write) }
    showLatest()
    return PendingWrite { [weak self] outcome in self?.answer(id, outcome) }
  }

  /// Changes the confirmed value: a change from elsewhere (a server push),
  /// which the pending writes apply on top of and which no rollback undoes.
  ///
  /// - Parameter change: Changes the confirmed value; it may run more than
  ///   once when other answers race with it.
  public func updateConfirmed(_ change: (inout Value) -> Void) {
    while true {
      let (version, base) = model.withLock { ($0.version, $0.confirmed) }
      var next = base
      change(&next)
      let committed = model.withLock { model in
        guard model.version == version else { return false }
        model.confirmed = next
        model.version += 1
        return true
      }
      if committed { break }
    }
    publishConfirmed()
    showLatest()
  }

  /// Replaces the confirmed value; see ``updateConfirmed(_:)``.
  ///
  /// - Parameter value: The new confirmed value.
  public func setConfirmed(_ value: Value) {
    updateConfirmed { $0 = value }
  }

  private func answer(_ id: Int, _ outcome: PendingWrite.Outcome) {
    let action = ActionContext.current
    let changed = model.withLock { model in
      outcome == .confirmed ? model.confirm(id, during: action) : model.remove(id)
    }
    guard changed else { return }
    foldConfirmedWrites()
    if outcome == .rolledBack { showLatest() }
  }

  /// Folds the confirmed writes at the front into the confirmed value.
  private func foldConfirmedWrites() {
    while true {
      let (version, base, folded) = model.withLock { ($0.version, $0.confirmed, $0.foldable) }
      guard let first = folded.first else { return }
      var next = base
      for write in folded { write.body(&next) }
      let committed = model.withLock { model in
        guard model.version == version else { return false }
        model.confirmed = next
        model.writes.removeFirst(folded.count)
        model.version += 1
        return true
      }
      if committed {
        // Labelled with the action that confirmed the first write folded.
        ActionContext.with(first.confirmation ?? nil) { publishConfirmed() }
        return
      }
    }
  }

  /// Shows the latest confirmed value with the writes applied: in one
  /// write, read when it is made, so the state ends on the latest however
  /// the threads interleave.
  func showLatest() {
    variable.update { value in
      let (base, bodies) = model.withLock { $0.shown }
      var next = base
      for body in bodies { body(&next) }
      value = next
    }
  }

  private func publishConfirmed() {
    confirmedVariable.update { value in value = model.withLock { $0.confirmed } }
  }
}
