// How a thread's frame keeps a value for a main-actor view's hop until its
// action ends (ThreadFrame.swift).

extension ThreadFrame {
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
}
