extension ObservableType {
  /// Keeps a main-actor object's property set to the latest value, until the
  /// returned disposable is disposed: one line per property for a
  /// hand-written `@Observable` view model.
  ///
  /// ```swift
  /// @Observable @MainActor
  /// final class SearchViewModel {
  ///   private(set) var rows: [SearchRow] = []
  ///   private(set) var status = SearchStatus.idle
  ///   @ObservationIgnored private let disposeBag = DisposeBag()
  ///
  ///   init(store: SearchStore) {
  ///     store.rows.assign(to: \.rows, on: self).disposed(by: disposeBag)
  ///     store.status.assign(to: \.status, on: self).disposed(by: disposeBag)
  ///   }
  /// }
  /// ```
  ///
  /// Values arrive latest-only on the main actor, whatever the source (see
  /// ``observeOnMainActor(receiving:_:)``): a burst of changes costs one hop
  /// and one write, and one action's changes to several properties are
  /// written together, once the action has been delivered (guarantee 10):
  /// before its `dispatch` returns when the main actor delivered it itself,
  /// on a later turn otherwise. The current value of a ``Property`` or
  /// ``Variable`` is written before `assign` returns, so the object starts
  /// with the store's state (as of the last finished action, while one is
  /// half-delivered on another thread; a source with no current value to
  /// read, a `merge` say, then writes nothing until that action ends). The
  /// object is held weakly: the subscription does not keep it alive.
  ///
  /// - Parameters:
  ///   - keyPath: The property to set.
  ///   - object: The object to set it on.
  /// - Returns: A disposable that ends the subscription.
  @MainActor
  public func assign<Root: AnyObject & Sendable>(
    to keyPath: ReferenceWritableKeyPath<Root, Element>, on object: Root
  ) -> any Disposable {
    let target = AssignmentTarget(object, keyPath)
    return observeOnMainActor(receiving: .latestValue) { value in
      target.assign(value)
    }
  }
}

/// Where ``ObservableType/assign(to:on:)`` writes: kept on the main actor,
/// which is what makes holding a key path that is not `Sendable` safe.
@MainActor
private final class AssignmentTarget<Root: AnyObject & Sendable, Value> {
  private weak var object: Root?
  private let keyPath: ReferenceWritableKeyPath<Root, Value>

  init(_ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>) {
    self.object = object
    self.keyPath = keyPath
  }

  func assign(_ value: Value) {
    object?[keyPath: keyPath] = value
  }
}
