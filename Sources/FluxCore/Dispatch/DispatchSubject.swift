/// A typed event pipe: the building block of a dispatcher.
///
/// A subject is both an observer (anyone holding it can ``dispatch(_:)``) and
/// an observable (anyone holding it can ``subscribe(_:)``). It never completes
/// and never fails; errors travel as ordinary values on a subject of their own.
/// A dispatcher groups the subjects of one feature, and the two dispatcher
/// views split them into a send side and a receive side:
///
/// ```swift
/// final class SearchDispatcher: DispatcherType {
///   static let shared = SearchDispatcher()
///   let items = DispatchSubject<[Item]>()
///   let loading = DispatchSubject<Bool>()
///   let error = DispatchSubject<SearchError>()
/// }
/// ```
///
/// > Important: Threading contract.
/// > - Handlers run on the thread that delivers: the thread that called
/// >   `dispatch` when the subject was idle, otherwise the thread already
/// >   delivering, which delivers queued events in turn. `dispatch` never
/// >   blocks waiting for another thread.
/// > - A `dispatch` call that delivers returns once its own event, the events
/// >   its handlers dispatched, and whatever was queued ahead of those are
/// >   delivered, plus at most ``deliveryBudget`` events that other threads
/// >   queued. If more remain, a task on Dispatch's global queue takes over
/// >   their delivery, in the same order, one handler call at a time. In a
/// >   single-threaded program that never happens: when `dispatch` returns,
/// >   every handler has seen the event and everything it caused.
/// > - Every subscriber sees the events in one order, and in subscription
/// >   order within an event. A handler is never called again while its
/// >   previous call is running: an event dispatched from inside a handler is
/// >   queued and delivered after the current one.
/// > - A handler may dispatch, subscribe and dispose on any subject. A
/// >   subscription made while an event is being delivered starts with the
/// >   next event.
/// > - After `dispose()` returns, the subscription receives no event
/// >   dispatched afterwards, and the subject releases its handler.
public final class DispatchSubject<Element: Sendable>: ObservableType, ObserverType {
  /// The delivery state, the snapshot and the registry: what subscription
  /// tokens share with the subject.
  ///
  /// See SubjectCore.swift.
  @usableFromInline let core: SubjectCore
  /// The core's lock, around its subscriber registry and, beside it, the
  /// subject's typed state; held here too so that the subject's own paths
  /// reach it in one step.
  @usableFromInline let lock: Lock<SubscriberRegistry>
  /// Queued work, a ``Variable``'s latest value and its update bookkeeping,
  /// guarded by `lock`.
  @usableFromInline let typedState: LockGuarded<TypedSubjectState<Element>>

  /// Creates a subject with no subscribers and the default delivery budget.
  public convenience init() {
    self.init(deliveryBudget: Self.defaultDeliveryBudget)
  }

  /// Creates a subject with no subscribers and the given delivery budget.
  ///
  /// A `dispatch` call that delivers may deliver up to `deliveryBudget`
  /// events that other threads queued, once its own are done, before it hands
  /// the rest over to a Dispatch queue. Use 0 for a subject whose handlers
  /// are slow, so that no caller ever runs another thread's handlers beyond
  /// what was queued ahead of its own events; a larger budget saves
  /// hand-overs when handlers are quick.
  ///
  /// - Parameter deliveryBudget: Zero or more.
  public init(deliveryBudget: Int) {
    precondition(deliveryBudget >= 0, "A delivery budget cannot be negative: \(deliveryBudget)")
    core = SubjectCore(deliveryBudget: deliveryBudget)
    lock = core.lock
    typedState = LockGuarded(TypedSubjectState(latest: nil))
  }

  /// Creates a subject that replays `latest` to replaying subscriptions: the
  /// engine of ``Variable``.
  @usableFromInline
  init(latest: Element) {
    core = SubjectCore(deliveryBudget: Self.defaultDeliveryBudget)
    lock = core.lock
    typedState = LockGuarded(TypedSubjectState(latest: latest))
  }

  deinit {
    // Tokens may outlive the subject and keep its core: release the handlers
    // now, with the subject.
    core.removeEverything()
  }

  /// Delivers `element` to every current subscriber.
  ///
  /// When the subject is idle, the handlers run on this thread before
  /// `dispatch` returns, and so does everything they dispatch to this subject
  /// in turn; events that other threads queue meanwhile are delivered too, up
  /// to ``deliveryBudget`` of them beyond those, and the rest on a Dispatch
  /// queue. When another call is delivering, on this thread (a handler that
  /// dispatches) or another, the event is queued, `dispatch` returns at once,
  /// and the delivering thread delivers it in turn. A handler that
  /// dispatches to its own subject therefore makes a loop, not a recursion:
  /// the stack never grows, and one that always re-dispatches loops forever,
  /// like any unconditional loop.
  ///
  /// - Parameter element: The event.
  @inlinable
  @inline(__always)
  public func dispatch(_ element: Element) {
    let core = self.core  // read once: it is a `let`, and this saves reloads
    let role = DeliveryState.role(at: currentStackAddress())
    guard core.takeRoleIfIdle(as: role) else { return dispatchSlowly(element, as: role) }
    ActionDepth.enter()
    core.deliverToSnapshot(element)
    endDelivery(role, of: core, budgeted: true)
  }

  /// Calls `onNext` with every event dispatched from now on, until the
  /// returned disposable is disposed.
  ///
  /// ```swift
  /// dispatcher.items.subscribe { items in print(items.count) }
  ///   .disposed(by: disposeBag)
  /// ```
  ///
  /// - Parameter onNext: The handler. See the type's threading contract.
  /// - Returns: A disposable that ends the subscription. It keeps neither
  ///   the subject nor the handler alive, and returning it allocates nothing.
  @inlinable
  public func subscribe(_ onNext: @escaping @Sendable (Element) -> Void) -> any Disposable {
    subscribe(replayingLatest: false, onNext)
  }

  /// Returns a dispatch-only view of this subject.
  @inlinable
  public func asObserver() -> AnyObserver<Element> {
    AnyObserver(subject: self)
  }

  /// The number of subscriptions that have not been disposed.
  ///
  /// For tests and diagnostics: a subject that a finished screen or store
  /// subscribed to should be back to its earlier count.
  public var subscriptionCount: Int {
    lock.withLock { $0.liveCount }
  }
}
