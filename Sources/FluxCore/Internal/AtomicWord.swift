import CFluxCoreAtomics

/// A machine word that is read and written only atomically, with the memory
/// ordering each call names: the engine's one atomic type.
///
/// The word lives in memory that someone else owns, most often the first
/// stored property of a class instance (see
/// ``init(inStoredPropertiesOf:at:)``), so an atomic costs no allocation of
/// its own. The operations are C11 atomics (CFluxCoreAtomics.h), which the
/// compiler inlines: the standard library's `Atomic` needs macOS 15 and
/// iOS 18, above FluxCore's floor.
///
/// Once another thread can see the word, touch it only through this type.
@usableFromInline
struct AtomicWord {
  @usableFromInline let address: UnsafeMutablePointer<Int>

  /// The word at `address`.
  @inlinable
  @inline(__always)
  init(_ address: UnsafeMutablePointer<Int>) {
    self.address = address
  }

  /// Word `index` of the first stored property of `object`, which must be
  /// a tuple of `Int`s (or one `Int`) declared before every other stored
  /// property of the class, in a class with no superclass or whose
  /// superclass has no stored properties.
  ///
  /// The stored properties of a class instance start right after its
  /// object header, in declaration order, at an address that stays put for
  /// the instance's life, and a tuple of `Int`s is laid out as an array of
  /// them. AtomicWordLayoutTests checks it for every class that uses this.
  @inlinable
  @inline(__always)
  init(inStoredPropertiesOf object: AnyObject, at index: Int = 0) {
    address =
      _getUnsafePointerToStoredProperties(object).assumingMemoryBound(to: Int.self) + index
  }

  @inlinable
  @inline(__always)
  func load(ordering: AtomicLoadOrdering) -> Int {
    switch ordering {
    case .relaxed: fluxcore_atomic_load_relaxed(address)
    case .acquiring: fluxcore_atomic_load_acquire(address)
    case .sequentiallyConsistent: fluxcore_atomic_load_seq_cst(address)
    }
  }

  @inlinable
  @inline(__always)
  func store(_ value: Int, ordering: AtomicStoreOrdering) {
    switch ordering {
    case .relaxed: fluxcore_atomic_store_relaxed(address, value)
    case .releasing: fluxcore_atomic_store_release(address, value)
    case .sequentiallyConsistent: fluxcore_atomic_store_seq_cst(address, value)
    }
  }

  /// Replaces the value with `value` and returns the old one.
  @inlinable
  @inline(__always)
  func exchange(_ value: Int, ordering: AtomicRelaxedOrdering) -> Int {
    fluxcore_atomic_exchange_relaxed(address, value)
  }

  /// Stores `desired` if the value is `expected`; returns whether it did.
  ///
  /// A failed exchange is a relaxed load.
  @inlinable
  @inline(__always)
  func compareExchange(expected: Int, desired: Int, ordering: AtomicUpdateOrdering) -> Bool {
    switch ordering {
    case .relaxed: fluxcore_atomic_compare_exchange_relaxed(address, expected, desired)
    case .acquiring: fluxcore_atomic_compare_exchange_acquire(address, expected, desired)
    case .releasing: fluxcore_atomic_compare_exchange_release(address, expected, desired)
    }
  }

  /// Sets `bits`; returns the old value.
  @inlinable
  @inline(__always)
  @discardableResult
  func bitwiseOr(_ bits: Int, ordering: AtomicRelaxedOrdering) -> Int {
    fluxcore_atomic_fetch_or_relaxed(address, bits)
  }

  /// Keeps only `bits`; returns the old value.
  @inlinable
  @inline(__always)
  @discardableResult
  func bitwiseAnd(_ bits: Int, ordering: AtomicRelaxedOrdering) -> Int {
    fluxcore_atomic_fetch_and_relaxed(address, bits)
  }

  /// Adds `amount` (which may be negative); returns the old value.
  @inlinable
  @inline(__always)
  @discardableResult
  func add(_ amount: Int, ordering: AtomicRelaxedOrdering) -> Int {
    fluxcore_atomic_fetch_add_relaxed(address, amount)
  }
}

/// The ordering of an atomic load.
@usableFromInline
enum AtomicLoadOrdering: Sendable {
  case relaxed
  /// Later reads and writes stay after it, and it sees everything that
  /// came before the releasing write whose value it reads.
  case acquiring
  /// Acquiring, and in one order with every other sequentially consistent
  /// access: for a store on one thread and a load on another that must
  /// not both miss each other (ThreadFrame+LateJoins.swift).
  case sequentiallyConsistent
}

/// The ordering of an atomic store.
@usableFromInline
enum AtomicStoreOrdering: Sendable {
  case relaxed
  /// Earlier reads and writes stay before it.
  case releasing
  /// Releasing, and in one order with every other sequentially consistent
  /// access (see ``AtomicLoadOrdering/sequentiallyConsistent``).
  case sequentiallyConsistent
}

/// The ordering of an atomic compare-exchange, on success.
@usableFromInline
enum AtomicUpdateOrdering: Sendable {
  case relaxed
  case acquiring
  case releasing
}

/// The one ordering FluxCore's other read-modify-writes need.
@usableFromInline
enum AtomicRelaxedOrdering: Sendable {
  case relaxed
}

/// An ``AtomicWord`` read as a `Bool`: 0 is `false`, 1 is `true`.
@usableFromInline
struct AtomicFlag {
  @usableFromInline let word: AtomicWord

  @inlinable
  @inline(__always)
  init(_ word: AtomicWord) {
    self.word = word
  }

  @inlinable
  @inline(__always)
  func load(ordering: AtomicLoadOrdering) -> Bool {
    word.load(ordering: ordering) != 0
  }

  @inlinable
  @inline(__always)
  func store(_ value: Bool, ordering: AtomicStoreOrdering) {
    word.store(value ? 1 : 0, ordering: ordering)
  }
}

/// An ``AtomicWord`` holding an unmanaged reference, or 0 for `nil`.
///
/// It holds whatever retain its user says it holds; it counts nothing
/// itself.
@usableFromInline
struct AtomicUnmanaged<Instance: AnyObject> {
  @usableFromInline let word: AtomicWord

  @inlinable
  @inline(__always)
  init(_ word: AtomicWord) {
    self.word = word
  }

  @inlinable
  @inline(__always)
  func load(ordering: AtomicLoadOrdering) -> Unmanaged<Instance>? {
    Self.reference(word.load(ordering: ordering))
  }

  /// Replaces the reference with `reference` and returns the old one.
  @inlinable
  @inline(__always)
  func exchange(_ reference: Unmanaged<Instance>?, ordering: AtomicRelaxedOrdering)
    -> Unmanaged<Instance>?
  {
    Self.reference(word.exchange(Self.bits(reference), ordering: ordering))
  }

  @inlinable
  @inline(__always)
  static func bits(_ reference: Unmanaged<Instance>?) -> Int {
    Int(bitPattern: reference?.toOpaque())
  }

  @inlinable
  @inline(__always)
  static func reference(_ bits: Int) -> Unmanaged<Instance>? {
    UnsafeRawPointer(bitPattern: bits).map { Unmanaged.fromOpaque($0) }
  }
}

// Not Sendable: each is an address, and is shared between threads only
// inside the object that owns the word (which says why that is safe).
@available(*, unavailable)
extension AtomicWord: Sendable {}
@available(*, unavailable)
extension AtomicFlag: Sendable {}
@available(*, unavailable)
extension AtomicUnmanaged: Sendable {}
