// swift-tools-version: 6.0
import PackageDescription

// The benchmarks live in their own package so that FluxCore itself stays free
// of dependencies. Run from the repository root:
//
//   swift run -c release --package-path Benchmarks FluxBenchmarks
let package = Package(
  name: "FluxBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    // `name:` because a path dependency is otherwise known by its folder's
    // name, which depends on where the repository was cloned.
    .package(name: "FluxCore", path: ".."),
    .package(url: "https://github.com/OpenCombine/OpenCombine.git", exact: "0.14.0"),
  ],
  targets: [
    .target(name: "CAllocationCounter"),
    // One hot path at a time, for counting instructions under callgrind:
    // scripts/instruction-counts.
    .executableTarget(
      name: "InstructionCounts",
      dependencies: [.product(name: "FluxCore", package: "FluxCore")],
      path: "InstructionCounts"),
    .executableTarget(
      name: "FluxBenchmarks",
      dependencies: [
        "CAllocationCounter",
        .product(name: "FluxCore", package: "FluxCore"),
        .product(name: "FluxCoreRecording", package: "FluxCore"),
        .product(name: "FluxCorePersistence", package: "FluxCore"),
        .product(name: "OpenCombine", package: "OpenCombine"),
      ],
      // Export the allocation counter's malloc so that it replaces libc's for
      // the Swift runtime too.
      linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))]
    ),
  ]
)
