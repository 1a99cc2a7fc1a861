// swift-tools-version: 6.2
// A package with the settings of a new Xcode 26 app target (default
// isolation on the main actor, NonisolatedNonsendingByDefault,
// InferIsolatedConformances) on every target, that uses FluxCore by path:
// the README's quick example and a feature written as the seeds write one
// must build with warnings as errors and pass their tests here and in
// ../DefaultSettings, from the same sources (symlinked from ../Shared;
// Sources/QuickExample is the README's quick example, which
// scripts/check-xcode-projects extracts from README.md into ../.quick-example).
import PackageDescription

let xcode26AppSettings: [SwiftSetting] = [
  .defaultIsolation(MainActor.self),
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  .enableUpcomingFeature("InferIsolatedConformances"),
]

let package = Package(
  name: "MainActorByDefault",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  dependencies: [.package(name: "FluxCore", path: "../../..")],
  targets: [
    .executableTarget(
      name: "QuickExample", dependencies: [.product(name: "FluxCore", package: "FluxCore")],
      swiftSettings: xcode26AppSettings),
    .target(
      name: "TodoFeature", dependencies: [.product(name: "FluxCore", package: "FluxCore")],
      swiftSettings: xcode26AppSettings),
    .testTarget(
      name: "TodoFeatureTests",
      dependencies: [
        "TodoFeature",
        .product(name: "FluxCore", package: "FluxCore"),
        .product(name: "FluxCoreTesting", package: "FluxCore"),
      ],
      swiftSettings: xcode26AppSettings),
  ]
)
