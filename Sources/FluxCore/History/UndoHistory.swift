/// Undo and redo for a state: every change of a ``Variable`` becomes a step
/// that can be undone, labelled with the action that made it.
///
/// ```swift
/// final class EditorStore: Store, @unchecked Sendable {
///   let text: Property<String>
///   let history: UndoHistory<String>
///   private let _text = Variable("")
///
///   init(dispatcher: AnyObservableDispatcher<EditorDispatcher> = .init()) {
///     text = _text.asProperty()
///     history = UndoHistory(of: _text, coalescing: .milliseconds(500))
///     super.init()
///     bind(dispatcher.text, to: _text)
///     bind(dispatcher.undo, to: history)  // dispatcher.undo.dispatch(.undo())
///   }
/// }
///
/// // A view: "Undo EditorDispatcher.text", or a label of your own.
/// store.history.undoLabel.subscribe { undoItem.title = "Undo \($0 ?? "")" }
/// ```
///
/// > Important: What it promises.
/// > - **Steps.** Each change of the state that is not equal to the one
/// >   before is a step, unless `isStep` says otherwise or the history is
/// >   paused. Changes with the same label less than `coalescing` apart (on
/// >   the history's clock, from the burst's last change, or from its first
/// >   with `coalescingMode: .throttle`) are one step, and so is everything
/// >   between ``beginGroup(label:)`` and ``endGroup()``.
/// > - **An undo takes back its step.** By default (``UndoRevert/snapshot``)
/// >   it writes the state before the step, and what changed since without
/// >   being a step goes with it. A history of a part
/// >   (``init(of:tracking:revert:maxSteps:maxBytes:coalescing:coalescingMode:clock:label:isStep:)``)
/// >   leaves the rest of the state as it is; one with another `revert:`
/// >   (``UndoRevert/byElement``, or the app's own inverse) undoes from the
/// >   state as it is then, and keeps what changed since.
/// > - **Labels.** A step is labelled with the action being delivered on
/// >   the thread where the history sees the change (see ``DispatchLog``):
/// >   `label` of its record, by default `EditorDispatcher.text`. A change
/// >   made outside any action (a direct write from a view model, a timer, a
/// >   restore) has no label, `nil`, unless a group gives one.
/// > - **Bounds.** At most `maxSteps` steps and `maxBytes` bytes are kept,
/// >   each kept state counted at its measured size (for an `Encodable`
/// >   state, what it holds in memory, as ``MemoryFootprint`` estimates it);
/// >   the oldest goes first (the farthest redo, once nothing is left to
/// >   undo). Each step, undo, redo, jump, clear and drop gives ``status`` a
/// >   new ``UndoHistoryStatus/revision``.
/// > - **Undo is a change like any other.** Undo, redo and jump write the
/// >   state: its subscribers, views, persistence and recordings see them.
/// >   Bound to a dispatcher's `undo` subject, they are actions too. A new
/// >   step after an undo drops the redo steps.
/// > - **Any thread.** Changes and commands may come from any thread, at
/// >   once: the history takes them in the order the state delivers them,
/// >   one at a time, and never loses a step or traps. A command takes
/// >   effect before its call returns when the history is idle (always, on
/// >   one thread); otherwise right after what is in progress: commands
/// >   sent while an undo's write is on its way run in order once it has
/// >   come back, and a change can be taken in before them. An undo that
/// >   races with a change from another thread lands after it, and is then
/// >   recorded as a change, not lost. ``waitUntilDelivered()`` waits for
/// >   all of it.
/// > - **Cost.** A step keeps one copy of the state before it (one that
/// >   undoes from the present may keep the state after it too); measuring
/// >   it visits at most 16 elements of a collection, so a step of a large
/// >   state costs about the copy its edit makes anyway. Undo and redo of one
/// >   step cost the same whatever the history's length.
public final class UndoHistory<Value: Equatable & Sendable>: Sendable {
  /// A change the filter decides on: the state before and after it, and the
  /// action being delivered when it was made, if any.
  public struct Change: Sendable {
    /// The state before the change.
    public let before: Value
    /// The state after the change.
    public let after: Value
    /// The action being delivered when the change was made, or `nil`.
    public let action: DispatchRecord?
  }

  /// Where the history stands: counts, labels, bytes, pause.
  public let status: Property<UndoHistoryStatus>
  /// Whether there is a step to undo.
  public let canUndo: Property<Bool>
  /// Whether there is a step to redo.
  public let canRedo: Property<Bool>
  /// The label of the next undo: what a menu item shows after "Undo".
  public let undoLabel: Property<String?>
  /// The label of the next redo.
  public let redoLabel: Property<String?>

  let source: HistorySource<Value>
  let model: Lock<HistoryModel<Value>>
  let lane = HistoryLane<Value>()
  let statusVariable = Variable(UndoHistoryStatus())
  let options: HistoryOptions<Value>
  let writing = OwnWriteMark()
  let subscriptions = DisposeBag()

  /// Records the changes of `variable`, measuring each kept state with
  /// `size`.
  ///
  /// - Parameters:
  ///   - variable: The state.
  ///   - revert: How a step is taken back and redone: by writing the state
  ///     kept (``UndoRevert/snapshot``), or from the state as it is then.
  ///   - maxSteps: The most steps kept, undo and redo together.
  ///   - maxBytes: The most bytes kept, as `size` measures the kept states.
  ///   - size: The size of a state in bytes, for `maxBytes`. It runs on the
  ///     thread of the change, once for each state kept: keep it cheap.
  ///   - window: Changes with the same label less than this apart are one
  ///     step; `.zero` makes each change a step.
  ///   - coalescingMode: Whether the window counts from a burst's last
  ///     change (``UndoCoalescing/debounce``) or its first
  ///     (``UndoCoalescing/throttle``).
  ///   - clock: The clock that measures `window`; tests pass a `TestClock`.
  ///   - label: The label of a step made while `action` is delivered; by
  ///     default the action's ``DispatchRecord/label``.
  ///   - isStep: Whether a change is a step; one that is not changes the
  ///     state without a step to undo (a loading flag).
  @inlinable
  public convenience init(
    of variable: Variable<Value>, revert: UndoRevert<Value> = .snapshot, maxSteps: Int = 100,
    maxBytes: Int = .max, size: @escaping @Sendable (Value) -> Int,
    coalescing window: Duration = .zero, coalescingMode: UndoCoalescing = .debounce,
    clock: some Clock<Duration> = ContinuousClock(),
    label: @escaping @Sendable (_ action: DispatchRecord) -> String? = { $0.label },
    isStep: @escaping @Sendable (Change) -> Bool = { _ in true }
  ) {
    self.init(
      source: .value(of: variable),
      options: HistoryOptions(
        revert: revert, maxSteps: maxSteps, maxBytes: maxBytes, size: size, window: window,
        coalescing: coalescingMode, clock: clock, label: label, isStep: isStep,
        equal: { $0 == $1 }))
  }

  @usableFromInline
  init(
    source: HistorySource<Value>, options: HistoryOptions<Value>, restoring archive: Archive? = nil
  ) {
    self.source = source
    self.options = options
    var model = HistoryModel(
      present: source.current(), maxSteps: options.maxSteps, maxBytes: options.maxBytes,
      keepsOtherEnds: !options.revert.isSnapshot, throttles: options.coalescing == .throttle)
    if let archive, options.equal(archive.present, model.present) {
      let (past, future) = Self.steps(of: archive, measuredWith: options.size)
      model.adopt(past, archive.present, future)
    }
    model.published = model.status
    statusVariable.value = model.published
    self.model = Lock(model)
    status = statusVariable.asProperty()
    canUndo = Property(derivedFrom: status) { $0.canUndo }
    canRedo = Property(derivedFrom: status) { $0.canRedo }
    undoLabel = Property(derivedFrom: status) { $0.undoLabel }
    redoLabel = Property(derivedFrom: status) { $0.redoLabel }
    ActionContext.keepCurrent().disposed(by: subscriptions)
    lane.subject.subscribe { [weak self] event in self?.handle(event) }.disposed(
      by: subscriptions)
    let replayed = Lock(false)
    source.subscribe { [lane, writing, elapsed = options.elapsed] value in
      guard
        replayed.withLock({ replayed in
          defer { replayed = true }
          return replayed
        })
      else {
        return lane.send(.replayed(value))
      }
      lane.send(
        .changed(
          value, action: ActionContext.current, at: elapsed(),
          ownWrite: writing.takeIfWriting()))
    }.disposed(by: subscriptions)
  }
}
