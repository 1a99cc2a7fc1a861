import CFluxCoreAtomics

// One action, one frame (guarantee 10): while a main-actor view exists,
// every subject keeps frames. A delivery then goes through
// `SubjectCore.deliverKeepingFrame`, which notes in the delivering thread's
// frame which delivery is the outermost (ThreadFrame.swift), so that what
// views receive during it reaches the main actor in one turn once it ends
// (MainActorOutbox.swift).
//
// While no view exists, frames are not kept and a delivery costs what it
// always did: the snapshot it walks is in `SubjectCore.snapshot`, and the
// only test on the hot path, whether there is a snapshot, was already
// there. Keeping frames moves each subject's snapshot to
// `framedSnapshot`, where only the out-of-line path finds it. The switch
// has to reach every subject, including those whose snapshot never
// changes, so every core is listed here from its `init` to its `deinit`,
// and the switch marks each one stale under its lock: its next delivery
// rebuilds the snapshot, in the field the switch chose.
//
// Lock order: this list's lock, then a core's lock; nothing takes them the
// other way round (a core never reads the list under its own lock, and the
// engine never frees a core while holding a core's lock, as it never runs a
// `deinit` under a lock).

/// The switch that makes subjects keep frames while a main-actor view
/// exists, and the list of every subject core it reaches.
@usableFromInline
enum KeptFrames: Sendable {
  /// Every core alive, by place; `nil` at a free place.
  private struct Listing: Sendable {
    var cores: [Unmanaged<SubjectCore>?] = []
    var freePlaces: [Int] = []
    var views = 0
  }

  private static let listing = Lock(Listing())

  /// Whether subjects keep frames now: read under a core's lock, when its
  /// snapshot is rebuilt.
  @usableFromInline
  static var areKept: Bool {
    AtomicFlag(AtomicWord(fluxcore_frames_are_kept_word())).load(ordering: .relaxed)
  }

  /// How many main-actor views exist, for tests and diagnostics.
  static var viewCount: Int {
    listing.withLock { $0.views }
  }

  /// A place in the list for a core being made.
  @usableFromInline
  static func reservePlace() -> Int {
    listing.withLock { listing in
      if let place = listing.freePlaces.popLast() { return place }
      listing.cores.append(nil)
      return listing.cores.count - 1
    }
  }

  /// Lists `core` at its reserved place, once it is fully made.
  @usableFromInline
  static func list(_ core: SubjectCore, at place: Int) {
    listing.withLock { $0.cores[place] = Unmanaged.passUnretained(core) }
  }

  /// Takes a core off the list, from its `deinit`.
  @usableFromInline
  static func unlist(at place: Int) {
    listing.withLock { listing in
      listing.cores[place] = nil
      listing.freePlaces.append(place)
    }
  }

  /// A main-actor view has started observing: the first one makes every
  /// subject keep frames.
  @usableFromInline
  static func viewAppeared() {
    listing.withLock { listing in
      listing.views += 1
      if listing.views == 1 { keep(true, listing: listing) }
    }
  }

  /// A main-actor view has stopped observing: once none is left, subjects
  /// deliver without frames again.
  @usableFromInline
  static func viewDisappeared() {
    listing.withLock { listing in
      listing.views -= 1
      if listing.views == 0 { keep(false, listing: listing) }
    }
  }

  /// Sets the switch, then marks every core stale.
  ///
  /// Each core then rebuilds its snapshot (in the field the switch now
  /// chooses) before it delivers again. Called with the list's lock held.
  private static func keep(_ kept: Bool, listing: Listing) {
    AtomicFlag(AtomicWord(fluxcore_frames_are_kept_word())).store(kept, ordering: .relaxed)
    for case let core? in listing.cores {
      // A core in its deinit waits for the list's lock to unlist itself,
      // so it is still whole here; no retain, which a deinit forbids.
      core._withUnsafeGuaranteedRef { core in
        core.lock.withLock { _ in core.markSnapshotStale() }
      }
    }
  }
}
