/// What an ``UndoHistory`` records and writes: a variable, a part of one,
/// or an optimistic state's confirmed value.
@usableFromInline
struct HistorySource<Value: Sendable>: Sendable {
  /// The value now.
  let current: @Sendable () -> Value
  /// Writes a value: an undo, a redo or a jump.
  let write: @Sendable (Value) -> Void
  /// Writes what the function makes of the value as it is then, in one
  /// read-modify-write (the function may run more than once), and returns
  /// what it wrote: an undo or a redo from the present.
  let modify: @Sendable ((Value) -> Value) -> Value
  /// Calls the handler with the value now, then with every later value,
  /// on the thread that delivers it.
  let subscribe: @Sendable (@escaping @Sendable (Value) -> Void) -> any Disposable
  /// Returns once every change made before the call has been delivered.
  let waitUntilDelivered: @Sendable () async -> Void

  /// A variable's value.
  @usableFromInline
  static func value(of variable: Variable<Value>) -> HistorySource {
    HistorySource(
      current: { variable.value }, write: { variable.value = $0 },
      modify: modifying(\.self, of: variable),
      subscribe: { variable.subscribe($0) },
      waitUntilDelivered: { await variable.waitUntilDelivered() })
  }

  /// A part of a variable's value: the rest is neither kept nor written,
  /// and a write puts the part into the value as it is then.
  @usableFromInline
  static func part<Root>(
    _ part: any WritableKeyPath<Root, Value> & Sendable, of variable: Variable<Root>
  ) -> HistorySource {
    HistorySource(
      current: { variable.value[keyPath: part] },
      write: { value in variable.update { $0[keyPath: part] = value } },
      modify: modifying(part, of: variable),
      subscribe: { handler in variable.subscribe { handler($0[keyPath: part]) } },
      waitUntilDelivered: { await variable.waitUntilDelivered() })
  }

  /// An optimistic state's confirmed value, written as a change from
  /// elsewhere.
  @usableFromInline
  static func confirmed(of optimistic: OptimisticState<Value>) -> HistorySource {
    let confirmed = optimistic.confirmedVariable
    return HistorySource(
      current: { confirmed.value }, write: { optimistic.setConfirmed($0) },
      modify: { transform in
        var written: Value?
        optimistic.updateConfirmed { value in
          value = transform(value)
          written = value
        }
        return written!
      },
      subscribe: { confirmed.subscribe($0) },
      waitUntilDelivered: { await confirmed.waitUntilDelivered() })
  }

  /// Writes what a function makes of `part` of `variable`'s value, in one
  /// `update`, and returns what it wrote.
  private static func modifying<Root>(
    _ part: any WritableKeyPath<Root, Value> & Sendable, of variable: Variable<Root>
  ) -> @Sendable ((Value) -> Value) -> Value {
    { transform in
      var written: Value?
      variable.update { root in
        root[keyPath: part] = transform(root[keyPath: part])
        written = root[keyPath: part]
      }
      return written!
    }
  }
}
