import CFluxCoreAtomics

/// Watches the actions sent through ``AnyObserverDispatcher``s: to log them
/// in debug builds, to record a session, or to check them in a test.
///
/// ```swift
/// #if DEBUG
/// let actionLog = DispatchLog.observe { record in print(record) }
/// // SearchDispatcher.loading ← true
/// // SearchDispatcher.items ← 5 of 8 items for “json”, page 1
/// #endif
/// ```
///
/// Whether an action is logged is decided when it is dispatched, so the log
/// sees every action sent through a dispatcher view, however long ago the
/// view, or the ``AnyObserver`` taken from it, was obtained. Actions sent to
/// a subject directly, not through a view, are not logged.
///
/// Logging is off until something observes it, or while an ``UndoHistory``
/// lives (it labels its steps with the action being delivered); while off,
/// it costs one atomic load per action sent through a dispatcher view, and
/// while on, what building a ``DispatchRecord`` costs. Observers are
/// called on the dispatching thread, before the action is delivered, with no
/// lock held; they must be quick and thread-safe. An observation that is
/// ended while another thread is logging an action may still see that one
/// action.
public enum DispatchLog: Sendable {
  /// Calls `observer` with every action sent through any
  /// ``AnyObserverDispatcher`` until the returned disposable is disposed.
  ///
  /// - Parameter observer: Called on the dispatching thread.
  /// - Returns: A disposable that stops the observation.
  public static func observe(
    _ observer: @escaping @Sendable (DispatchRecord) -> Void
  ) -> any Disposable {
    observe(subjects: nil) { record in
      observer(record)
      return nil
    }
  }

  /// Calls `observer` with every action sent through a view of `dispatcher`
  /// until the returned disposable is disposed.
  ///
  /// A log of one dispatcher sees nothing of the others, so that tests
  /// running in parallel, each with a dispatcher of its own, do not see each
  /// other's actions:
  ///
  /// ```swift
  /// let dispatcher = SearchDispatcher()
  /// let sent = TestRecorder<String>()
  /// let log = DispatchLog.observe(dispatcher) { sent.handler($0.label) }
  /// ```
  ///
  /// The observation keeps `dispatcher` alive until it is disposed.
  ///
  /// - Parameters:
  ///   - dispatcher: The dispatcher whose actions to observe: those sent to
  ///     the subjects it holds in stored properties (its superclasses'
  ///     included), and those sent through its views to any other subject
  ///     (one a computed property returns).
  ///   - observer: Called on the dispatching thread.
  /// - Returns: A disposable that stops the observation.
  public static func observe<Dispatcher: DispatcherType>(
    _ dispatcher: Dispatcher,
    _ observer: @escaping @Sendable (DispatchRecord) -> Void
  ) -> any Disposable {
    observe(
      dispatcher,
      around: { record in
        observer(record)
        return nil
      })
  }

  /// Calls `observer` with every action sent through a view of
  /// `dispatcher`, before the action is dispatched, and the closure it
  /// returns, if any, on the same thread once the `dispatch` call has
  /// returned (the action delivered, or queued behind another thread's
  /// delivery): for a test that must know an action is in the subject's
  /// hands before it waits for its delivery.
  ///
  /// - Parameters:
  ///   - dispatcher: The dispatcher whose actions to observe.
  ///   - observer: Called on the dispatching thread, before the dispatch.
  /// - Returns: A disposable that stops the observation.
  package static func observe<Dispatcher: DispatcherType>(
    _ dispatcher: Dispatcher,
    around observer: @escaping @Sendable (DispatchRecord) -> (@Sendable () -> Void)?
  ) -> any Disposable {
    observe(
      subjects: subjects(of: dispatcher), dispatcher: UInt(bitPattern: ObjectIdentifier(dispatcher))
    ) {
      record in
      withExtendedLifetime(dispatcher) { observer(record) }
    }
  }

  /// The subjects that `dispatcher` holds in stored properties, its
  /// superclasses' included, as a ``DispatchRecord`` names its subject.
  package static func subjects(of dispatcher: some DispatcherType) -> Set<ObjectIdentifier> {
    Set(
      Mirror(reflecting: dispatcher).childrenWithSuperclasses.compactMap { child in
        (child.value as? any LoggableSubject)?.logIdentity
      })
  }

  /// Whether anything observes the log.
  @inlinable
  public static var isActive: Bool {
    dispatchLogIsActive.load(ordering: .relaxed)
  }

  private static func observe(
    subjects: Set<ObjectIdentifier>?, dispatcher: UInt? = nil,
    _ observer: @escaping @Sendable (DispatchRecord) -> (@Sendable () -> Void)?
  ) -> any Disposable {
    let id = observers.add(
      DispatchLogObservers.Entry(subjects: subjects, dispatcher: dispatcher, observer: observer))
    return AnyDisposable { observers.remove(id) }
  }

  /// The observers of the log.
  static let observers = DispatchLogObservers()

  /// Logs `element`, sent through a view of `dispatcher` (the bits of its
  /// `ObjectIdentifier`, if known) to `subject`, then dispatches it as this
  /// thread's ``ActionContext``, then calls what the observers asked to be
  /// called after.
  @usableFromInline
  static func dispatch<Element>(
    _ element: Element, loggedTo subject: DispatchSubject<Element>,
    by dispatcher: UInt? = nil
  ) {
    let record = DispatchRecord(
      label: subject.logLabel, value: element, subject: ObjectIdentifier(subject),
      dispatcher: dispatcher)
    let afterwards = observers.log(record)
    ActionContext.with(record) { subject.dispatch(element) }
    for after in afterwards { after() }
  }
}

/// Whether ``DispatchLog`` has observers: a C global, zero before any code
/// runs (CFluxCoreAtomics), so that reading it when an action is dispatched
/// costs one load, with no lazy-initialization check.
@inlinable
var dispatchLogIsActive: AtomicFlag {
  AtomicFlag(AtomicWord(fluxcore_dispatch_log_is_active_word()))
}
