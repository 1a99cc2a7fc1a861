import Foundation

/// The executable `name` that `swift test` built beside the test bundle.
package func builtProduct(_ name: String) -> URL {
  productsDirectory.appendingPathComponent(name)
}

/// Where `swift test` put the products, the test bundle among them.
private var productsDirectory: URL {
  #if os(macOS)
  for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
    return bundle.bundleURL.deletingLastPathComponent()
  }
  fatalError("cannot find the products directory")
  #else
  return Bundle.main.bundleURL
  #endif
}
