extension StoreBindings {
  /// Carries out every command of `source` on `history`: a dispatcher's
  /// `undo` subject, so that undo and redo are actions.
  ///
  /// ```swift
  /// bindings.bind(dispatcher.undo, to: history)
  /// ```
  ///
  /// - Parameters:
  ///   - source: The commands, typically a stream of an
  ///     ``AnyObservableDispatcher``.
  ///   - history: The history to drive.
  public func bind<Source: ObservableType, Value>(
    _ source: Source, to history: UndoHistory<Value>
  ) where Source.Element == UndoCommand {
    source.subscribe { command in history.perform(command) }.disposed(by: disposeBag)
  }
}

extension Store {
  /// Carries out every command of `source` on `history`: a dispatcher's
  /// `undo` subject, so that undo and redo are actions.
  ///
  /// ```swift
  /// bind(dispatcher.undo, to: history)
  /// ```
  ///
  /// - Parameters:
  ///   - source: The commands, typically a stream of an
  ///     ``AnyObservableDispatcher``.
  ///   - history: The history to drive.
  public func bind<Source: ObservableType, Value>(
    _ source: Source, to history: UndoHistory<Value>
  ) where Source.Element == UndoCommand {
    bindings.bind(source, to: history)
  }
}
