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

// A thread's frame: what one action, delivered by this thread, changed for
// main-actor views.
//
// An action is what one thread delivers between entering the engine and
// returning to the code that dispatched. While frames are kept
// (KeptFrames.swift), every delivery passes through `enter`: the first one
// on a thread whose frame has no live owner becomes the owner, and every
// delivery that starts while the owner still holds its role is nested in
// it. A main-actor hop that receives a value during the owner's delivery
// keeps the value aside for this thread and joins the frame; the first to
// join sets `endsFrame` on the owner's word, so that the owner's end (its
// give-back, which then fails its fast compare-exchange, or its hand-over
// to a relay) commits the frame: every member moves what this thread gave
// it to the main actor's outbox, in one step.
//
// The owner is kept with a strong reference and checked, not trusted: it
// is live while its delivery word still names a role held at the address
// recorded when it took the frame, which only this thread can have written
// (no other thread's stack holds that address). An owner whose delivery
// ended with no member never hears of its frame again; the next outermost
// delivery on the thread takes its place.

/// The frame of main-actor views that the calling thread's outermost
/// delivery is making.
///
/// Touched only by its own thread.
@usableFromInline
final class ThreadFrame {
  // Unchecked exclusivity: only this frame's thread touches these, one
  // access at a time (no access spans a call that could reach another), so
  // the run-time check, a thread-local lookup per access, buys nothing.

  /// The outermost delivery's core, while it may still hold its role: kept
  /// alive here, and read through the two words below, which need no
  /// reference counting.
  @exclusivity(unchecked) @usableFromInline var owner: SubjectCore?
  /// The owner's identity (its address), for comparing.
  @exclusivity(unchecked) @usableFromInline var ownerIdentity: UnsafeMutableRawPointer?
  /// The owner's delivery word.
  @exclusivity(unchecked) @usableFromInline var ownerWord: UnsafeMutablePointer<Int>?
  /// The identity bits of the owner's role when it took the frame.
  @exclusivity(unchecked) @usableFromInline var ownerRole = 0
  /// The first hop that keeps a value of this thread's for the frame.
  @exclusivity(unchecked) private var firstMember: (any FrameMember)?
  /// The others, if any: most frames change one view.
  @exclusivity(unchecked) private var otherMembers: [any FrameMember] = []

  /// The calling thread's frame, made on first use, without a retain: use
  /// it through `_withUnsafeGuaranteedRef`.
  ///
  /// A load of a thread-local word; the frame is released when its thread
  /// ends (through a pthread key, whose destructor runs then).
  @inlinable
  @inline(__always)
  static var current: Unmanaged<ThreadFrame> {
    if let stored = fluxcore_thread_frame_get() {
      return Unmanaged<ThreadFrame>.fromOpaque(UnsafeRawPointer(stored))
    }
    return makeCurrent()
  }

  @usableFromInline
  @inline(never)
  static func makeCurrent() -> Unmanaged<ThreadFrame> {
    let frame = Unmanaged.passRetained(ThreadFrame())
    let retained = UnsafeRawPointer(frame.toOpaque())
    pthread_setspecific(frameKey, retained)
    fluxcore_thread_frame_set(UnsafeMutableRawPointer(mutating: retained))
    return frame
  }

  /// Whether a delivery that keeps this frame is under way on this thread.
  @inlinable
  var isOpen: Bool {
    guard let ownerWord else { return false }
    let word = AtomicWord(ownerWord).load(ordering: .relaxed)
    return word & DeliveryState.delivering != 0 && word & ~DeliveryState.flags == ownerRole
  }

  /// Notes that the calling thread, holding `core`'s role, is about to
  /// deliver one of its events: it owns the frame unless it is nested in the
  /// delivery that does.
  @usableFromInline
  static func enter(_ core: SubjectCore) {
    current._withUnsafeGuaranteedRef { $0.enter(core) }
  }

  private func enter(_ core: SubjectCore) {
    let identity = Unmanaged.passUnretained(core).toOpaque()
    if ownerIdentity != identity {
      if isOpen { return }
      // Only a frame whose owner ended without committing, which its
      // members prevent, could hold members here: commit them now rather
      // than keep them.
      if firstMember != nil { commitMembers() }
      owner = core
      ownerIdentity = identity
      ownerWord = core.delivery.address
    }
    ownerRole = core.delivery.load(ordering: .relaxed) & ~DeliveryState.flags
  }

  /// Adds `member` to the open frame; the first member makes the owner's end
  /// commit the frame.
  ///
  /// The caller has checked ``isOpen`` on this thread.
  @usableFromInline
  func add(_ member: any FrameMember) {
    guard firstMember != nil else {
      firstMember = member
      // This thread holds the owner's role: only it changes these bits.
      if let ownerWord {
        AtomicWord(ownerWord).bitwiseOr(DeliveryState.endsFrame, ordering: .relaxed)
      }
      return
    }
    otherMembers.append(member)
  }

  /// Commits the calling thread's frame, whose owner `core` has just ended
  /// its delivery.
  @usableFromInline
  static func commit(endedBy core: SubjectCore) {
    current._withUnsafeGuaranteedRef { frame in
      // The owner stays recorded: its role, given back, no longer matches,
      // so the next outermost delivery takes its place (and keeping it
      // saves a release and a retain per action).
      guard frame.ownerIdentity == Unmanaged.passUnretained(core).toOpaque() else { return }
      frame.commitMembers()
    }
  }

  private func commitMembers() {
    guard let first = firstMember.take() else { return }
    if otherMembers.isEmpty {
      MainActorOutbox.commit(first, from: currentThreadID())
    } else {
      otherMembers.append(first)
      MainActorOutbox.commit(otherMembers, from: currentThreadID())
      otherMembers.removeAll(keepingCapacity: true)
    }
  }
}

/// The key whose destructor releases a thread's frame when the thread ends
/// (the thread-local word itself has no destructor).
private let frameKey: pthread_key_t = {
  var key = pthread_key_t()
  let created = withUnsafeMutablePointer(to: &key) { key in
    #if canImport(Darwin)
    pthread_key_create(key) {
      fluxcore_thread_frame_set(nil)
      Unmanaged<ThreadFrame>.fromOpaque(UnsafeRawPointer($0)).release()
    }
    #else
    pthread_key_create(key) { stored in
      fluxcore_thread_frame_set(nil)
      if let stored { Unmanaged<ThreadFrame>.fromOpaque(UnsafeRawPointer(stored)).release() }
    }
    #endif
  }
  precondition(created == 0, "pthread_key_create failed with error \(created)")
  return key
}()

/// Explicitly not `Sendable`: a frame is touched only by its own thread.
@available(*, unavailable)
extension ThreadFrame: Sendable {}
