// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "FluxCore",
  // FluxCore uses `Atomic` from the standard library's Synchronization module,
  // which needs these Apple OS versions. Linux has no minimum.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "FluxCore", targets: ["FluxCore"]),
    .library(name: "FluxCoreTesting", targets: ["FluxCoreTesting"]),
    .library(name: "FluxCoreRecording", targets: ["FluxCoreRecording"]),
    .executable(name: "SearchExample", targets: ["SearchExample"]),
  ],
  targets: [
    // Library
    .target(name: "FluxCore"),
    .target(name: "FluxCoreTesting", dependencies: ["FluxCore", "FluxCoreTextDiff"]),
    .target(name: "FluxCoreRecording", dependencies: ["FluxCore", "FluxCoreTextDiff"]),
    .target(name: "FluxCoreTextDiff"),

    // Examples
    .target(name: "SearchFeature", dependencies: ["FluxCore"], path: "Examples/SearchFeature"),
    .target(
      name: "SearchConsole", dependencies: ["SearchFeature", "FluxCore", "FluxCoreRecording"],
      path: "Examples/SearchConsole"),
    .executableTarget(
      name: "SearchExample", dependencies: ["SearchConsole"], path: "Examples/SearchExample"),

    // Tests
    .target(name: "TestSupport", dependencies: ["FluxCore"], path: "Tests/TestSupport"),
    .testTarget(
      name: "FluxCoreTests",
      dependencies: ["FluxCore", "FluxCoreTesting", "FluxCoreTextDiff", "TestSupport"]),
    .testTarget(
      name: "FluxCoreRecordingTests",
      dependencies: ["FluxCoreRecording", "FluxCore", "FluxCoreTesting", "TestSupport"]),
    .testTarget(
      name: "SearchFeatureTests",
      dependencies: [
        "SearchFeature", "SearchConsole", "FluxCore", "FluxCoreTesting", "FluxCoreRecording",
        "TestSupport",
      ]),
  ]
)
