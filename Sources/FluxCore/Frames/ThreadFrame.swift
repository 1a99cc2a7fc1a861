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
  /// The outermost delivery's core, while it may still hold its role.
  private var owner: SubjectCore?
  /// The identity bits of the owner's role when it took the frame.
  private var ownerRole = 0
  /// The hops that keep a value of this thread's for the frame.
  private var members: [any FrameMember] = []

  /// The calling thread's frame, made on first use.
  static var current: ThreadFrame {
    if let stored = pthread_getspecific(frameKey) {
      return Unmanaged<ThreadFrame>.fromOpaque(UnsafeRawPointer(stored)).takeUnretainedValue()
    }
    let frame = ThreadFrame()
    pthread_setspecific(frameKey, UnsafeRawPointer(Unmanaged.passRetained(frame).toOpaque()))
    return frame
  }

  /// Whether a delivery that keeps this frame is under way on this thread.
  var isOpen: Bool {
    guard let owner else { return false }
    let word = owner.delivery.load(ordering: .relaxed)
    return word & DeliveryState.delivering != 0 && word & ~DeliveryState.flags == ownerRole
  }

  /// Notes that the calling thread, holding `core`'s role, is about to
  /// deliver one of its events: it owns the frame unless it is nested in the
  /// delivery that does.
  @usableFromInline
  static func enter(_ core: SubjectCore) {
    let frame = current
    if frame.owner !== core {
      if frame.isOpen { return }
      // Only a frame whose owner ended without committing, which its
      // members prevent, could hold members here: commit them now rather
      // than keep them.
      if !frame.members.isEmpty { frame.commitMembers() }
      frame.owner = core
    }
    frame.ownerRole = core.delivery.load(ordering: .relaxed) & ~DeliveryState.flags
  }

  /// Adds `member` to the open frame; the first member makes the owner's end
  /// commit the frame.
  ///
  /// The caller has checked ``isOpen`` on this thread.
  func add(_ member: any FrameMember) {
    if members.isEmpty, let owner {
      // This thread holds the owner's role: only it changes these bits.
      owner.delivery.bitwiseOr(DeliveryState.endsFrame, ordering: .relaxed)
    }
    members.append(member)
  }

  /// Commits the calling thread's frame, whose owner `core` has just ended
  /// its delivery.
  @usableFromInline
  static func commit(endedBy core: SubjectCore) {
    let frame = current
    guard frame.owner === core else { return }
    frame.commitMembers()
    frame.owner = nil
  }

  private func commitMembers() {
    let committed = members
    members = []
    MainActorOutbox.commit(committed, from: currentThreadID())
  }
}

/// The key of each thread's frame; the frame is released when its thread
/// ends.
private let frameKey: pthread_key_t = {
  var key = pthread_key_t()
  let created = withUnsafeMutablePointer(to: &key) { key in
    #if canImport(Darwin)
    pthread_key_create(key) { Unmanaged<ThreadFrame>.fromOpaque(UnsafeRawPointer($0)).release() }
    #else
    pthread_key_create(key) { stored in
      if let stored { Unmanaged<ThreadFrame>.fromOpaque(UnsafeRawPointer(stored)).release() }
    }
    #endif
  }
  precondition(created == 0, "pthread_key_create failed with error \(created)")
  return key
}()
