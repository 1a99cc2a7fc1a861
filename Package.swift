// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "FluxCore",
  // The floor, checked by the compiler on Linux (scripts/check-apple-floor).
  // The Observation bridge (ObservedProperty) needs macOS 14 / iOS 17 and
  // says so with @available. Linux has no minimum.
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "FluxCore", targets: ["FluxCore"]),
    .library(name: "FluxCoreTesting", targets: ["FluxCoreTesting"]),
    .library(name: "FluxCoreRecording", targets: ["FluxCoreRecording"]),
    .library(name: "FluxCorePersistence", targets: ["FluxCorePersistence"]),
    .executable(name: "SearchExample", targets: ["SearchExample"]),
  ],
  targets: [
    // Library
    .target(name: "FluxCore", dependencies: ["CFluxCoreAtomics"]),
    .target(name: "FluxCoreTesting", dependencies: ["FluxCore", "FluxCoreDiagnostics"]),
    .target(name: "FluxCoreRecording", dependencies: ["FluxCore", "FluxCoreDiagnostics"]),
    .target(name: "FluxCorePersistence", dependencies: ["FluxCore", "FluxCoreDiagnostics"]),
    // What the products share, internal to the package: readable differences
    // and decoding errors.
    .target(name: "FluxCoreDiagnostics"),
    // The engine's atomics: C11 atomics that the compiler inlines (the
    // standard library's `Atomic` needs macOS 15 / iOS 18).
    .target(name: "CFluxCoreAtomics"),

    // Examples
    .target(name: "SearchFeature", dependencies: ["FluxCore"], path: "Examples/SearchFeature"),
    .target(
      name: "SearchConsole",
      dependencies: ["SearchFeature", "FluxCore", "FluxCoreRecording", "FluxCorePersistence"],
      path: "Examples/SearchConsole"),
    .executableTarget(
      name: "SearchExample", dependencies: ["SearchConsole"], path: "Examples/SearchExample"),

    // Tests
    .target(name: "TestSupport", dependencies: ["FluxCore", "CFluxCoreAtomics"], path: "Tests/TestSupport"),
    // The allocator's totals, for tests that bound heap growth.
    .target(name: "CHeapProbe", path: "Tests/CHeapProbe"),
    .testTarget(
      name: "FluxCoreTests",
      dependencies: [
        "FluxCore", "FluxCoreTesting", "FluxCoreDiagnostics", "TestSupport", "CHeapProbe",
      ]),
    .testTarget(
      name: "FluxCoreRecordingTests",
      dependencies: ["FluxCoreRecording", "FluxCore", "FluxCoreTesting", "TestSupport"]),
    .executableTarget(
      name: "PersistenceWriter", dependencies: ["FluxCorePersistence", "FluxCore", "TestSupport"],
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
