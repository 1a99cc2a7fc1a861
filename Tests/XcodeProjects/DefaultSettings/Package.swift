// swift-tools-version: 6.0
// A package with default settings, as an existing project has them, that
// uses FluxCore by path: the README's quick example and a feature written as
// the seeds write one must build with warnings as errors and pass their
// tests here and in ../MainActorByDefault, from the same sources (symlinked
// from ../Shared; Sources/QuickExample is the README's quick example, which
// scripts/check-xcode-projects extracts from README.md into ../.quick-example).
import PackageDescription

let package = Package(
  name: "DefaultSettings",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  dependencies: [.package(name: "FluxCore", path: "../../..")],
  targets: [
    .executableTarget(
      name: "QuickExample", dependencies: [.product(name: "FluxCore", package: "FluxCore")]),
    .target(name: "TodoFeature", dependencies: [.product(name: "FluxCore", package: "FluxCore")]),
    .testTarget(
      name: "TodoFeatureTests",
      dependencies: [
        "TodoFeature",
        .product(name: "FluxCore", package: "FluxCore"),
        .product(name: "FluxCoreTesting", package: "FluxCore"),
      ]),
  ]
)
