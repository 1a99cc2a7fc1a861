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
/// >   the history's clock) are one step, and so is everything between
/// >   ``beginGroup(label:)`` and ``endGroup()``.
/// > - **Labels.** A step is labelled with the action being delivered on
/// >   the thread where the history sees the change (see ``DispatchLog``):
/// >   `label` of its record, by default `EditorDispatcher.text`. A change
/// >   made outside any action (a direct write from a view model, a timer, a
/// >   restore) has no label, `nil`, unless a group gives one.
/// > - **Bounds.** At most `maxSteps` steps and `maxBytes` bytes are kept,
/// >   each kept state counted at its measured size; the oldest goes first
/// >   (the farthest redo, once nothing is left to undo).
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
/// > - **Cost.** A step keeps one copy of the state before it; undo and redo
/// >   of one step cost the same whatever the history's length.
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

  let variable: Variable<Value>
  let write: @Sendable (Value) -> Void
  let model: Lock<HistoryModel<Value>>
  let lane = HistoryLane<Value>()
  let statusVariable = Variable(UndoHistoryStatus())
  let window: Duration
  let size: @Sendable (Value) -> Int
  let describe: @Sendable (DispatchRecord) -> String?
  let isStep: @Sendable (Change) -> Bool
  let writing = OwnWriteMark()
  let subscriptions = DisposeBag()

  /// Records the changes of `variable`, measuring each kept state with
  /// `size`.
  ///
  /// - Parameters:
  ///   - variable: The state.
  ///   - maxSteps: The most steps kept, undo and redo together.
  ///   - maxBytes: The most bytes kept, as `size` measures the kept states.
  ///   - size: The size of a state in bytes, for `maxBytes`.
  ///   - window: Changes with the same label less than this apart are one
  ///     step; `.zero` makes each change a step.
  ///   - clock: The clock that measures `window`; tests pass a `TestClock`.
  ///   - label: The label of a step made while `action` is delivered; by
  ///     default the action's ``DispatchRecord/label``.
  ///   - isStep: Whether a change is a step; one that is not changes the
  ///     state without a step to undo (a loading flag).
  public convenience init(
    of variable: Variable<Value>, maxSteps: Int = 100, maxBytes: Int = .max,
    size: @escaping @Sendable (Value) -> Int, coalescing window: Duration = .zero,
    clock: some Clock<Duration> = ContinuousClock(),
    label: @escaping @Sendable (_ action: DispatchRecord) -> String? = { $0.label },
    isStep: @escaping @Sendable (Change) -> Bool = { _ in true }
  ) {
    let start = clock.now
    self.init(
      observing: variable, writing: { variable.value = $0 }, maxSteps: maxSteps,
      maxBytes: maxBytes, size: size, window: window,
      elapsed: { start.duration(to: clock.now) }, label: label, isStep: isStep)
  }

  init(
    observing variable: Variable<Value>, writing write: @escaping @Sendable (Value) -> Void,
    maxSteps: Int, maxBytes: Int, size: @escaping @Sendable (Value) -> Int, window: Duration,
    elapsed: @escaping @Sendable () -> Duration,
    label: @escaping @Sendable (DispatchRecord) -> String?,
    isStep: @escaping @Sendable (Change) -> Bool, restoring archive: Archive? = nil
  ) {
    self.variable = variable
    self.write = write
    self.window = window
    self.size = size
    describe = label
    self.isStep = isStep
    var model = HistoryModel(present: variable.value, maxSteps: maxSteps, maxBytes: maxBytes)
    if let archive, archive.present == model.present {
      model.restore(
        archive.past.map { ($0.value, $0.label) }, archive.future.map { ($0.value, $0.label) },
        size: size)
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
    // With no window, the time of a change is never used: the clock is not read.
    let timeOfChange: @Sendable () -> Duration
    if window > .zero { timeOfChange = elapsed } else { timeOfChange = { .zero } }
    variable.subscribe { [lane, writing] value in
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
          value, action: ActionContext.current, at: timeOfChange(),
          ownWrite: writing.takeIfWriting()))
    }.disposed(by: subscriptions)
  }
}

extension UndoHistory where Value: Encodable {
  /// Records the changes of `variable`, measuring each kept state as its
  /// encoded size (``EncodedSize``).
  ///
  /// - Parameters:
  ///   - variable: The state.
  ///   - maxSteps: The most steps kept, undo and redo together.
  ///   - maxBytes: The most bytes kept, as ``EncodedSize`` measures the
  ///     kept states; 16 MiB by default.
  ///   - window: Changes with the same label less than this apart are one
  ///     step; `.zero` makes each change a step.
  ///   - clock: The clock that measures `window`.
  ///   - label: The label of a step made while `action` is delivered.
  ///   - isStep: Whether a change is a step.
  public convenience init(
    of variable: Variable<Value>, maxSteps: Int = 100, maxBytes: Int = 16 << 20,
    coalescing window: Duration = .zero, clock: some Clock<Duration> = ContinuousClock(),
    label: @escaping @Sendable (_ action: DispatchRecord) -> String? = { $0.label },
    isStep: @escaping @Sendable (Change) -> Bool = { _ in true }
  ) {
    self.init(
      of: variable, maxSteps: maxSteps, maxBytes: maxBytes, size: { EncodedSize.of($0) },
      coalescing: window, clock: clock, label: label, isStep: isStep)
  }
}
