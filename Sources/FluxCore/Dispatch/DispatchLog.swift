import Synchronization

/// Watches every action sent through an ``AnyObserverDispatcher``: to log
/// actions in debug builds, or to record a session.
///
/// ```swift
/// #if DEBUG
/// let actionLog = DispatchLog.observe { record in print(record) }
/// // SearchDispatcher.loading ← true
/// // SearchDispatcher.items ← 5 of 8 items for “json”, page 1
/// #endif
/// ```
///
/// Logging is off until something observes it, and then costs nothing but
/// one atomic load per action sent through a dispatcher view. Observers are
/// called on the dispatching thread, before the action is delivered, with no
/// lock held; they must be quick and thread-safe.
public enum DispatchLog: Sendable {
  /// Calls `observer` with every action sent through an
  /// ``AnyObserverDispatcher`` until the returned disposable is disposed.
  ///
  /// - Parameter observer: Called on the dispatching thread.
  /// - Returns: A disposable that stops the observation.
  public static func observe(
    _ observer: @escaping @Sendable (DispatchRecord) -> Void
  ) -> any Disposable {
    let id = registry.add(observer)
    return AnyDisposable { registry.remove(id) }
  }

  /// Whether anything observes the log.
  @inlinable
  public static var isActive: Bool {
    dispatchLogIsActive.load(ordering: .relaxed)
  }

  @usableFromInline
  static let registry = Registry()

  /// The observers of the log.
  @usableFromInline
  final class Registry: Sendable {
    typealias Observer = @Sendable (DispatchRecord) -> Void

    private let observers = Lock<(nextID: Int, all: [(id: Int, observer: Observer)])>((0, []))

    init() {}

    func add(_ observer: @escaping Observer) -> Int {
      observers.withLock { state in
        defer { state.nextID += 1 }
        state.all.append((state.nextID, observer))
        dispatchLogIsActive.store(true, ordering: .relaxed)
        return state.nextID
      }
    }

    func remove(_ id: Int) {
      let removed = observers.withLock { state in
        let removed = state.all.filter { $0.id == id }
        state.all.removeAll { $0.id == id }
        dispatchLogIsActive.store(!state.all.isEmpty, ordering: .relaxed)
        return removed
      }
      withExtendedLifetime(removed) {}  // released outside the lock
    }

    func record(_ record: DispatchRecord) {
      let all = observers.withLock { $0.all }
      for entry in all {
        entry.observer(record)
      }
    }
  }

  /// The dispatch-only side of `subject`, logging each action with the
  /// subject's name in `dispatcher`.
  @usableFromInline
  static func loggingObserver<Element>(
    _ subject: DispatchSubject<Element>, of dispatcher: some DispatcherType
  ) -> AnyObserver<Element> {
    let label = label(of: subject, in: dispatcher)
    return AnyObserver { element in
      registry.record(DispatchRecord(label: label, value: element))
      subject.dispatch(element)
    }
  }
}

extension DispatchLog {
  /// `Dispatcher.property` for `subject`: its dispatcher's type and the name
  /// of the property that holds it, found by reflection once and kept on the
  /// subject.
  static func label<Element>(
    of subject: DispatchSubject<Element>, in dispatcher: any DispatcherType
  ) -> String {
    if let known = subject.registry.withLock({ $0.logLabel }) {
      return known
    }
    // The property that holds this very subject; a computed property that
    // makes a new one each time is not a child, hence the fallback.
    let name =
      Mirror(reflecting: dispatcher).children.first { ($0.value as AnyObject) === subject }?.label
      ?? "subject"
    let label = "\(type(of: dispatcher)).\(name)"
    subject.registry.withLock { $0.logLabel = label }
    return label
  }
}

/// Whether ``DispatchLog`` has observers: a plain global with a constant
/// initial value, which the compiler sets up statically, so that reading it in
/// the dispatcher view costs a call to its address accessor and one load, with
/// no lazy-initialization check.
@usableFromInline
let dispatchLogIsActive = Atomic(false)

/// One action sent through a dispatcher view: which subject, and what value.
public struct DispatchRecord: Sendable, CustomStringConvertible {
  /// The dispatcher and subject, as in `SearchDispatcher.items`.
  public let label: String
  /// The value sent.
  public let value: any Sendable

  /// Creates a record.
  public init(label: String, value: any Sendable) {
    self.label = label
    self.value = value
  }

  /// The record as `SearchDispatcher.items ← value`.
  public var description: String {
    "\(label) ← \(value)"
  }
}
