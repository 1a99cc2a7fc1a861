// The name `DispatchLog` gives a subject: `Dispatcher.property`, found by
// reflection the first time a dispatcher view hands the subject out, and
// kept on the subject (in its registry's lock, with a flag beside it), so
// that the log can name an action whenever it is dispatched, without the
// dispatcher.

extension DispatchSubject {
  /// Names this subject after the property of `dispatcher` that holds it,
  /// unless it already has a name.
  ///
  /// Costs one relaxed load once the subject has its name.
  @inlinable
  @inline(__always)
  func nameForTheLog(in dispatcher: some DispatcherType) {
    if _slowPath(!core.hasLogLabel.load(ordering: .relaxed)) { takeLogLabel(from: dispatcher) }
  }

  @usableFromInline
  func takeLogLabel(from dispatcher: any DispatcherType) {
    // The property that holds this very subject; a computed property that
    // makes a new one each time is not a child, hence the fallback.
    let name =
      Mirror(reflecting: dispatcher).childrenWithSuperclasses.first {
        ($0.value as AnyObject) === self
      }?.label
      ?? "subject"
    let label = "\(type(of: dispatcher)).\(name)"
    lock.withLock { registry in
      if registry.logLabel == nil { registry.logLabel = label }
    }
    core.hasLogLabel.store(true, ordering: .releasing)
  }

  /// The name the log gives this subject.
  var logLabel: String {
    lock.withLock { $0.logLabel } ?? "DispatchSubject<\(Element.self)>"
  }
}

/// A subject that ``DispatchLog`` can find among a dispatcher's properties.
protocol LoggableSubject {
  /// What a ``DispatchRecord`` of an action sent to it holds as its subject.
  var logIdentity: ObjectIdentifier { get }
}

extension DispatchSubject: LoggableSubject {
  var logIdentity: ObjectIdentifier { ObjectIdentifier(self) }
}

extension DispatchSubject {
  /// Dispatches `element` as an action sent through a view of `dispatcher`.
  ///
  /// It is logged first, under the subject's name, while ``DispatchLog`` is
  /// observed: for code that plays the action creators' part, as a replay
  /// does.
  package func dispatchAsAction(_ element: Element, of dispatcher: some DispatcherType) {
    nameForTheLog(in: dispatcher)
    AnyObserver(loggedSubject: self).dispatch(element)
  }
}
