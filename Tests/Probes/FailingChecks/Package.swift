// swift-tools-version: 6.0
// Probes for scripts/check-failing-probes: tests that must FAIL, each run
// alone, to show that a failing FluxCoreTesting check fails the run whatever
// thread it is made on. Not part of the FluxCore package; never run by
// `swift test` at the root.
import PackageDescription

let package = Package(
  name: "FailingChecksProbes",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  dependencies: [.package(name: "FluxCore", path: "../../..")],
  targets: [
    // Tests
    .testTarget(
      name: "FailingChecksProbes",
      dependencies: [
        .product(name: "FluxCore", package: "FluxCore"),
        .product(name: "FluxCoreTesting", package: "FluxCore"),
      ])
  ]
)
