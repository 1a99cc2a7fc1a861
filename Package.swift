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
    .library(name: "FluxCorePersistence", targets: ["FluxCorePersistence"]),
    .executable(name: "SearchExample", targets: ["SearchExample"]),
  ],
  targets: [
    // Library
    .target(name: "FluxCore"),
    .target(name: "FluxCoreTesting", dependencies: ["FluxCore", "FluxCoreDiagnostics"]),
    .target(name: "FluxCoreRecording", dependencies: ["FluxCore", "FluxCoreDiagnostics"]),
    .target(name: "FluxCorePersistence", dependencies: ["FluxCore", "FluxCoreDiagnostics"]),
    // What the products share, internal to the package: readable differences
    // and decoding errors.
    .target(name: "FluxCoreDiagnostics"),

    // Examples
    .target(name: "SearchFeature", dependencies: ["FluxCore"], path: "Examples/SearchFeature"),
    .target(
      name: "SearchConsole",
      dependencies: ["SearchFeature", "FluxCore", "FluxCoreRecording", "FluxCorePersistence"],
      path: "Examples/SearchConsole"),
    .executableTarget(
      name: "SearchExample", dependencies: ["SearchConsole"], path: "Examples/SearchExample"),

    // Tests
    .target(name: "TestSupport", dependencies: ["FluxCore"], path: "Tests/TestSupport"),
    .testTarget(
      name: "FluxCoreTests",
      dependencies: ["FluxCore", "FluxCoreTesting", "FluxCoreDiagnostics", "TestSupport"]),
    .testTarget(
      name: "FluxCoreRecordingTests",
      dependencies: ["FluxCoreRecording", "FluxCore", "FluxCoreTesting", "TestSupport"]),
    .executableTarget(
      name: "PersistenceWriter", dependencies: ["FluxCorePersistence", "FluxCore"],
      path: "Tests/PersistenceWriter"),
    .testTarget(
      name: "FluxCorePersistenceTests",
      dependencies: [
        "FluxCorePersistence", "FluxCore", "FluxCoreTesting", "TestSupport", "PersistenceWriter",
      ]),
    .testTarget(
      name: "SearchFeatureTests",
      dependencies: [
        "SearchFeature", "SearchConsole", "FluxCore", "FluxCoreTesting", "FluxCoreRecording",
        "TestSupport",
      ]),
  ]
)
