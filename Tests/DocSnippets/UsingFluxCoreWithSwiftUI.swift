// What the blocks of UsingFluxCoreWithSwiftUI.md assume and do not show.

import SearchFeatureForDocs

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

/// The first page of results for "json": five of the catalogue's items.
let firstPage = SearchPage(
  request: SearchRequest(query: "json", perPage: 5), items: Array(Catalogue.items[0..<5]),
  totalCount: 8)

/// The page after it: the last three.
let secondPage = SearchPage(
  request: firstPage.request.nextPage, items: Array(Catalogue.items[5..<8]), totalCount: 8)
