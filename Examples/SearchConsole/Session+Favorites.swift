import SearchFeature

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension Session {
  /// The favorites commands of an interactive session: `f N`, `u`, `U`.
  ///
  /// - Returns: The input, or `nil` if `command` is not one of them.
  static func favoritesInput(_ command: String) -> FavoritesViewModel.Input? {
    switch command {
    case "u": .undo
    case "U": .redo
    case "f": .toggleStar(row: "")
    case _ where command.hasPrefix("f "): .toggleStar(row: String(command.dropFirst(2)))
    default: nil
    }
  }

  /// Sends `input` and waits until the star's answer, if any, has come and
  /// the line shows its outcome; says why if there is nothing to do.
  func perform(_ input: FavoritesViewModel.Input) async {
    switch favoritesViewModel.send(input) {
    case .refused(let reason):
      write("  \(reason)")
      return
    case .started(let answered):
      await favoritesView.waitUntilCaughtUp()  // the star, shown at once
      await answered.value
    case .done:
      break
    }
    await favoritesView.waitUntilCaughtUp()
  }

  /// The favorites part of the scripted session: stars, one the service
  /// refuses, undo and redo.
  func playFavorites() async {
    write("> f 6 (star JSON Kit)")
    await perform(.toggleStar(row: "6"))
    write("> f 7 while the service is down")
    await api.simulateOutage(requests: 1)
    await perform(.toggleStar(row: "7"))
    write("> f 3 (star JSON Docs)")
    await perform(.toggleStar(row: "3"))
    write("> u (undo)")
    await perform(.undo)
    write("> U (redo)")
    await perform(.redo)
    write("> another device stars JSON Cache (a sync, not a step)")
    await perform(.syncStarring(row: "8"))
    write("> u (undo: the sync stays)")
    await perform(.undo)
  }
}
