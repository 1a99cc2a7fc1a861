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
// view's hop takes its values under its own lock, once, and the main actor
// gets them in one turn (MainActorOutbox.swift); on the main actor itself,
// at once.
//
// An event that this thread delivers on another thread's behalf (guarantee
// 8: queued while this thread was delivering) is an action of its own: its
// delivery opens a frame nested in the one in progress, committed when that
// delivery ends (`beginSubframe`, `endSubframe`).

/// A value that a main-actor view's hop received during an action, kept on
/// the thread until the action ends.
@usableFromInline
struct KeptEntry {
  /// The hop, retained (by ``ThreadFrame/keep(_:number:for:replacing:)``,
  /// released by ``ThreadFrame/commitSegment()``) so that it outlives a
  /// subscription disposed meanwhile; unmanaged, so that moving an entry
  /// and calling the hop cost no reference counting.
  @usableFromInline let member: Unmanaged<FrameMember>
  /// The value's place in the order values reached the hop.
  @usableFromInline var number: Int
  /// The value, an initialized instance of the hop's element type.
  @usableFromInline let value: UnsafeMutableRawPointer

  @inlinable
  init(member: Unmanaged<FrameMember>, number: Int, value: UnsafeMutableRawPointer) {
    self.member = member
    self.number = number
    self.value = value
  }
}

/// Where a nested frame began, to go back to when it ends.
@usableFromInline
struct SubframeMark {
  @usableFromInline let segmentStart: Int
  @usableFromInline let arena: FrameArena.Mark

  @inlinable
  init(segmentStart: Int, arena: FrameArena.Mark) {
    self.segmentStart = segmentStart
    self.arena = arena
  }
}

/// The values the calling thread's action gave main-actor views.
///
/// Touched only by its own thread.
@usableFromInline
final class ThreadFrame {
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
  /// Whether this thread is delivering the main actor's outbox, and
  /// whether a commit made meanwhile asks for another pass.
  @exclusivity(unchecked) var isDraining = false
  @exclusivity(unchecked) var drainAgain = false

  init() {
    mayRunMainActor = fluxcore_is_main_thread() != 0
    soloStorage = .allocate(byteCount: Self.soloCapacity, alignment: 16)
  }

  /// The largest value that goes in `soloStorage`.
  @inlinable static var soloCapacity: Int { 64 }

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

  /// The calling thread's frame, if it has one.
  @inlinable
  static var existing: Unmanaged<ThreadFrame>? {
    fluxcore_thread_frame_get().map { Unmanaged<ThreadFrame>.fromOpaque(UnsafeRawPointer($0)) }
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

  deinit {
    arena.deallocateAll()
    soloStorage.deallocate()
  }

  /// Keeps `element`, which `hop` received as its value number `number`,
  /// until the action in progress ends; in latest-value mode it replaces
  /// the one the hop kept in this frame, if any.
  @inlinable
  func keep<Element: Sendable>(
    _ element: Element, number: Int, for hop: MainHop<Element>, replacing: Bool
  ) {
    if let solo {
      if replacing, solo.toOpaque() == Unmanaged.passUnretained(hop).toOpaque() {
        let place = soloValue.assumingMemoryBound(to: Element.self)
        let replaced = place.move()
        place.initialize(to: element)
        soloNumber = number
        // Last: dropping a value may run its deinit.
        withExtendedLifetime(replaced) {}
        return
      }
      spillSolo()
    } else if entries.isEmpty && segmentStart == 0 {
      let fits =
        MemoryLayout<Element>.size <= Self.soloCapacity && MemoryLayout<Element>.alignment <= 16
      soloValue =
        fits
        ? soloStorage
        : arena.allocate(
          byteCount: MemoryLayout<Element>.size, alignment: MemoryLayout<Element>.alignment)
      soloValue.initializeMemory(as: Element.self, to: element)
      soloNumber = number
      solo = .passRetained(hop)  // given back by commitSegment
      ActionDepth.set(ActionDepth.keptValues)
      return
    }
    if replacing {
      var index = entries.count - 1
      while index >= segmentStart {
        if entries[index].member.toOpaque() == Unmanaged.passUnretained(hop).toOpaque() {
          let place = entries[index].value.assumingMemoryBound(to: Element.self)
          let replaced = place.move()
          place.initialize(to: element)
          entries[index].number = number
          // Last: dropping a value may run its deinit.
          withExtendedLifetime(replaced) {}
          return
        }
        index -= 1
      }
    }
    let place = arena.allocate(
      byteCount: MemoryLayout<Element>.size, alignment: MemoryLayout<Element>.alignment)
    place.initializeMemory(as: Element.self, to: element)
    // Retained until commitSegment gives it back.
    entries.append(KeptEntry(member: .passRetained(hop), number: number, value: place))
    ActionDepth.set(ActionDepth.keptValues)
  }

  /// Moves the solo value's entry to `entries` (the value stays where it
  /// is), for a frame that keeps a second value or opens a nested frame.
  @usableFromInline
  func spillSolo() {
    guard let member = solo.take() else { return }
    entries.append(KeptEntry(member: member, number: soloNumber, value: soloValue))
  }

  /// Commits the innermost open frame: its hops take their values, and the
  /// main actor's outbox lists them.
  @usableFromInline
  func commitSegment() {
    if let member = solo.take() {
      ActionDepth.clear(ActionDepth.keptValues)
      member._withUnsafeGuaranteedRef { member in
        if member.commit(number: soloNumber, value: soloValue) { MainActorOutbox.list(member) }
      }
      arena.reset(to: segmentArenaStart)
      member.release()
      return
    }
    let start = segmentStart
    let count = entries.count - start
    guard count > 0 else { return }
    if count == 1 {
      // Most frames keep one value: out of `entries` first, as below.
      let entry = entries.removeLast()
      if entries.isEmpty { ActionDepth.clear(ActionDepth.keptValues) }
      entry.member._withUnsafeGuaranteedRef { member in
        if member.commit(number: entry.number, value: entry.value) { MainActorOutbox.list(member) }
      }
      arena.reset(to: segmentArenaStart)
      entry.member.release()
      return
    }
    // Moved out of `entries` first: releasing a hop afterwards may run
    // user code, which may start an action of its own on this thread.
    var batch = ContiguousArray<KeptEntry>()
    swap(&batch, &spare)
    if start == 0 {
      swap(&batch, &entries)
    } else {
      while entries.count > start { batch.append(entries.removeLast()) }
      batch.reverse()
    }
    batch.withUnsafeBufferPointer { MainActorOutbox.commit($0) }
    // Every value has been moved out of the arena.
    arena.reset(to: segmentArenaStart)
    if entries.isEmpty { ActionDepth.clear(ActionDepth.keptValues) }
    for entry in batch { entry.member.release() }
    batch.removeAll(keepingCapacity: true)
    if batch.capacity > spare.capacity { swap(&batch, &spare) }
  }

  /// The end of the calling thread's action, with something to commit.
  @usableFromInline
  @inline(never)
  static func actionEnded() {
    current._withUnsafeGuaranteedRef { frame in
      let word = fluxcore_action_word_get()
      fluxcore_action_word_set(word & ActionDepth.keptValues)
      if word & ActionDepth.wroteState != 0 { StateStamp.actionEnded() }
      frame.commitSegment()
      if frame.mayRunMainActor && isOnMainQueue() { MainActorOutbox.deliverAtOnce(on: frame) }
    }
  }

  /// Notes that the calling thread runs the main queue's work now.
  @usableFromInline
  static func noteMainQueue() {
    current._withUnsafeGuaranteedRef { $0.mayRunMainActor = true }
  }

  /// Opens a frame for a delivery made on another thread's behalf, nested
  /// in the action in progress, if any.
  @usableFromInline
  static func beginSubframe() -> SubframeMark? {
    ActionDepth.enter()
    guard let frame = existing else { return nil }
    return frame._withUnsafeGuaranteedRef { frame in
      frame.spillSolo()
      defer {
        frame.segmentStart = frame.entries.count
        frame.segmentArenaStart = frame.arena.next
      }
      return SubframeMark(segmentStart: frame.segmentStart, arena: frame.segmentArenaStart)
    }
  }

  /// Commits the frame that ``beginSubframe()`` opened, and goes back to
  /// the one it was nested in.
  @usableFromInline
  static func endSubframe(_ mark: SubframeMark?) {
    if let frame = existing {
      frame._withUnsafeGuaranteedRef { frame in
        frame.commitSegment()
        frame.segmentStart = mark?.segmentStart ?? 0
        frame.segmentArenaStart = mark?.arena ?? FrameArena.Mark()
      }
    }
    ActionDepth.leave()
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

/// Explicitly not `Sendable`: an entry is its thread's until committed.
@available(*, unavailable)
extension KeptEntry: Sendable {}
