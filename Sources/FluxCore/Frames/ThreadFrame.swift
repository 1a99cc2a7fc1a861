import CFluxCoreAtomics

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#elseif canImport(Darwin)
import Darwin
#endif

// A thread's frame: what the action in progress on this thread gave
// main-actor views, kept on the thread, with no lock, until the action ends
// (ActionDepth.swift says when that is). Then the frame is committed: each
// view's hop takes its values under its own lock, once (a frame of several
// views, under the outbox's lock too), and the main actor gets them in one
// turn (MainActorOutbox.swift); on the main actor itself, at once.
//
// An event that this thread delivers on another thread's behalf (guarantee
// 8: queued while this thread was delivering) is an action of its own: its
// delivery opens a frame nested in the one in progress, committed when that
// delivery ends (`beginSubframe`, `endSubframe`).

/// The values the calling thread's action gave main-actor views.
///
/// Touched only by its own thread.
@usableFromInline
final class ThreadFrame {
  /// The storage of ``nextActionNumber``, ``mayHaveLateJoins`` and the
  /// ``openAction(at:)`` words, which other threads read: the first stored
  /// property (see ``AtomicWord/init(inStoredPropertiesOf:at:)``).
  @usableFromInline let atomicWords = AtomicStorage((1, 0, 0, 0, 0, 0, 0, 0, 0, 0))
  /// Hops that joined this thread's action in progress late
  /// (ThreadFrame+LateJoins.swift).
  @usableFromInline let lateJoins = Lock<[LateJoin]>([])

  // Unchecked exclusivity: only this frame's thread touches these, one
  // access at a time, so the run-time check, a thread-local lookup per
  // access, buys nothing.

  /// The one value of a frame that has kept only one so far.
  ///
  /// Only in the outermost frame (no nested one open): most frames keep
  /// one. Its hop,
  /// retained, its number, and where it is (`soloStorage`, if it fits).
  /// While it is set, `entries` is empty.
  @exclusivity(unchecked) @usableFromInline var solo: Unmanaged<FrameMember>?
  @exclusivity(unchecked) @usableFromInline var soloNumber = 0
  @exclusivity(unchecked) @usableFromInline var soloValue = UnsafeMutableRawPointer(bitPattern: 16)!
  /// Room for a solo value of up to ``soloCapacity`` bytes.
  @usableFromInline let soloStorage: UnsafeMutableRawPointer
  /// The values kept, in the order they arrived, once there are two or
  /// more, or a nested frame is open; those of the innermost open frame
  /// start at `segmentStart`.
  @exclusivity(unchecked) @usableFromInline var entries = ContiguousArray<KeptEntry>()
  @exclusivity(unchecked) @usableFromInline var segmentStart = 0
  /// Where the values of the innermost open frame begin in the arena.
  @exclusivity(unchecked) @usableFromInline var segmentArenaStart = FrameArena.Mark()
  @exclusivity(unchecked) @usableFromInline var arena = FrameArena()
  /// An emptied buffer of entries, kept for the next commit.
  @exclusivity(unchecked) var spare = ContiguousArray<KeptEntry>()
  /// Whether this thread may run the main queue's work.
  ///
  /// That is, whether it is the process's main thread, or has been seen
  /// running the main queue's work (a main-actor view subscribed here, or
  /// a turn ran here): where the end of an action asks whether it is on
  /// the main queue, to deliver it at once. The question costs a hundred
  /// instructions; threads that never run the main queue skip it. Where
  /// libdispatch drains the main queue on threads other than the main one,
  /// as `dispatchMain()` does on Linux, a thread's first main-actor action
  /// before any view or turn has run on it reaches the screen a turn later.
  @exclusivity(unchecked) @usableFromInline var mayRunMainActor: Bool
  /// How many subjects' roles this thread holds while an action of its
  /// may end (``holdingARole()``), and whether a delivery at once waits
  /// for it to give them back.
  @exclusivity(unchecked) var heldRoles = 0
  @exclusivity(unchecked) var owesDeliveryAtOnce = false
  /// An emptied list of the outbox's members, kept for the next turn.
  @exclusivity(unchecked) var spareMembers: [FrameMember] = []
  /// When the last main-actor turn this thread ran ended (uptime, in
  /// nanoseconds): a turn queued soon after, or before, is part of a
  /// flood, and lingers (MainActorOutbox.swift).
  @exclusivity(unchecked) var lastTurnEnded: UInt64 = 0
  /// Whether that turn lingered and nothing more came: the next one then
  /// does not linger.
  @exclusivity(unchecked) var lastLingerWasIdle = false
  /// While a main-actor view subscribes on this thread: the unfinished
  /// actions the Variables it replays were last written in
  /// (State/StateStamp.swift).
  @exclusivity(unchecked) @usableFromInline var taint: [ActionStamp]?
  /// How deep in nested actions (deliveries made on other threads' behalf)
  /// the thread is: the level whose number a stamp takes.
  @exclusivity(unchecked) @usableFromInline var stampLevel = 0
  #if DEBUG
  /// A test's pause: called on this thread each time a waiter of
  /// `waitUntilDelivered()` may return because of what this thread did (it
  /// woke markers, or gave a subject's role back), so that a test can look
  /// at the screen before the thread goes on.
  @exclusivity(unchecked) var whenWaitersMayReturn: (() -> Void)?
  /// How many actions have ended on this thread with something to do (a
  /// test's count: one that did nothing for a view never gets here).
  @exclusivity(unchecked) var actionEnds = 0
  /// A test's pause: called on this thread between marking an action that
  /// wrote state ended and looking for views that joined it late.
  @exclusivity(unchecked) var whileEndingAnAction: (() -> Void)?
  #endif

  init() {
    mayRunMainActor = fluxcore_is_main_thread() != 0
    soloStorage = .allocate(byteCount: Self.soloCapacity, alignment: 16)
  }

  /// The largest value that goes in `soloStorage`.
  @inlinable static var soloCapacity: Int { 64 }

  /// The calling thread's frame, made on first use, without a retain: use
  /// it through `_withUnsafeGuaranteedRef`.
  ///
  /// A load of a thread-local word. A frame is never freed: when its
  /// thread ends (through a pthread key, whose destructor runs then) it
  /// waits for the next thread that needs one, so that a stamp of one of
  /// its actions (State/StateStamp.swift) never refers to a freed object.
  @inlinable
  @inline(__always)
  static var current: Unmanaged<ThreadFrame> {
    if let stored = fluxcore_thread_frame_get() {
      return Unmanaged<ThreadFrame>.fromOpaque(UnsafeRawPointer(stored))
    }
    return makeCurrent()
  }

  /// Wakes the waiters of `markers`, which the calling thread has reached.
  @usableFromInline
  static func wake(_ markers: [DeliveryMarker]) {
    for marker in markers { marker.reached() }
    #if DEBUG
    existing?._withUnsafeGuaranteedRef { $0.whenWaitersMayReturn }?()
    #endif
  }

  /// Wakes the waiters of `markers` when `action` (the calling thread's own,
  /// in progress) ends, after its frame is committed; at once if `action`
  /// is nil.
  @usableFromInline
  static func wake(_ markers: [DeliveryMarker], atTheEndOf action: ActionStamp?) {
    guard let action else { return wake(markers) }
    let now = markers.filter { marker in
      !action.frame._withUnsafeGuaranteedRef { $0.wakeAtTheEnd(of: action.action, marker) }
    }
    if !now.isEmpty { wake(now) }
  }

  #if DEBUG
  /// Calls the calling thread's ``whenWaitersMayReturn``, if it set one,
  /// unless the thread is inside a delivery nested in another.
  @usableFromInline
  static func noteWaitersMayReturn() {
    guard fluxcore_action_word_get() < 2 * ActionDepth.oneDelivery else { return }
    existing?._withUnsafeGuaranteedRef { $0.whenWaitersMayReturn }?()
  }
  #endif

  /// The calling thread's frame, if it has one.
  @inlinable
  static var existing: Unmanaged<ThreadFrame>? {
    fluxcore_thread_frame_get().map { Unmanaged<ThreadFrame>.fromOpaque(UnsafeRawPointer($0)) }
  }

  @usableFromInline
  @inline(never)
  static func makeCurrent() -> Unmanaged<ThreadFrame> {
    let frame =
      unusedFrames.withLock { $0.popLast() }.map {
        Unmanaged<ThreadFrame>.fromOpaque(UnsafeRawPointer(bitPattern: $0)!)
      } ?? Unmanaged.passRetained(ThreadFrame())
    frame._withUnsafeGuaranteedRef { $0.mayRunMainActor = fluxcore_is_main_thread() != 0 }
    let retained = UnsafeRawPointer(frame.toOpaque())
    pthread_setspecific(frameKey, retained)
    fluxcore_thread_frame_set(UnsafeMutableRawPointer(mutating: retained))
    return frame
  }

  /// Gives the frame of a thread that ends to the next thread, after ending
  /// what its last action left (nothing, unless the thread ended inside a
  /// delivery).
  fileprivate func retire() {
    fluxcore_thread_frame_set(nil)
    var late = LateJoins()
    for level in (0..<ThreadFrame.numberedLevels).reversed() {
      let joinedLate = finishAction(at: level)
      guard joinedLate != 0 else { continue }
      let taken = takeLateJoins(of: joinedLate)
      late.members += taken.members
      late.waiters += taken.waiters
    }
    stampLevel = 0
    if !late.members.isEmpty || solo != nil || entries.count > 0 {
      segmentStart = 0
      commitSegment(joinedBy: late.members)
    }
    if !late.waiters.isEmpty { ThreadFrame.wake(late.waiters) }
    arena.reset(to: FrameArena.Mark())
    taint = nil
    let address = UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque())
    ThreadFrame.unusedFrames.withLock { $0.append(address) }
  }

  /// The frames of threads that have ended, each held by one reference,
  /// by address: a frame is handed from a thread that ends to one that
  /// starts, never touched by two at once.
  private static let unusedFrames = Lock<[UInt]>([])

}

/// The key whose destructor retires a thread's frame when the thread ends
/// (the thread-local word itself has no destructor).
private let frameKey: pthread_key_t = {
  var key = pthread_key_t()
  let created = withUnsafeMutablePointer(to: &key) { key in
    #if canImport(Darwin)
    pthread_key_create(key) {
      Unmanaged<ThreadFrame>.fromOpaque(UnsafeRawPointer($0))._withUnsafeGuaranteedRef {
        $0.retire()
      }
    }
    #else
    pthread_key_create(key) { stored in
      guard let stored else { return }
      Unmanaged<ThreadFrame>.fromOpaque(UnsafeRawPointer(stored))._withUnsafeGuaranteedRef {
        $0.retire()
      }
    }
    #endif
  }
  precondition(created == 0, "pthread_key_create failed with error \(created)")
  return key
}()

/// Explicitly not `Sendable`: a frame is touched only by its own thread.
@available(*, unavailable)
extension ThreadFrame: Sendable {}
