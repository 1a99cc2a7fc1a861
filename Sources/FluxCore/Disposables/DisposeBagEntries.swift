/// What a ``DisposeBag`` holds, in insertion order, stored compactly.
///
/// Most of what apps put in a bag are subscription tokens of
/// ``DispatchSubject`` (and so of ``Variable`` and the operators' upstreams).
/// Those are kept as they are, 24 bytes each, in chunks of at most
/// `chunkCapacity`, so that a large bag neither wastes the half-empty end of
/// a doubled array nor pays for an existential box per token. Anything else
/// is kept as an `any Disposable`, with the number of tokens inserted before
/// it, so that disposing keeps the insertion order across both.
struct DisposeBagEntries: Sendable {
  /// The most tokens one chunk holds (12 KiB).
  static var chunkCapacity: Int { 512 }

  private var chunks: [ContiguousArray<Subscription>] = []
  private var subscriptionCount = 0
  private var others: ContiguousArray<(tokensBefore: Int, disposable: any Disposable)> = []

  init() {}

  /// The number of entries.
  var count: Int { subscriptionCount + others.count }

  mutating func append(_ disposable: any Disposable) {
    guard let subscription = disposable as? Subscription else {
      others.append((subscriptionCount, disposable))
      return
    }
    if chunks.isEmpty || chunks[chunks.count - 1].count == Self.chunkCapacity {
      chunks.append([])
    }
    chunks[chunks.count - 1].append(subscription)
    subscriptionCount += 1
  }

  /// Disposes every entry, in insertion order.
  ///
  /// Call it outside any lock: disposing runs code the bag does not control.
  func disposeAll() {
    var next = 0  // the next of `others` to dispose
    var tokens = 0  // the tokens disposed so far
    for chunk in chunks {
      for subscription in chunk {
        while next < others.count && others[next].tokensBefore <= tokens {
          others[next].disposable.dispose()
          next += 1
        }
        subscription.dispose()
        tokens += 1
      }
    }
    while next < others.count {
      others[next].disposable.dispose()
      next += 1
    }
  }
}
