// What the blocks of UsingFluxCoreWithSwiftUI.md assume and do not show.

/// A user's profile, as a store holds it.
struct Profile: Equatable, Sendable {
  var name = "Ada"
  var lastSeen = 0
  var address = Address()
}

/// Where a user lives.
struct Address: Equatable, Sendable {
  var city = "London"
}
