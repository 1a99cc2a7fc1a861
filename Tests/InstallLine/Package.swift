// swift-tools-version: 6.0
// README's install line, as an adopter writes it: FluxCore by URL, from the
// version the README names. scripts/check-install-line (a step of .ci/run)
// resolves and builds it against a clone of this repository made for the
// check, named by FLUXCORE_CLONE, since CI has no network; it also checks
// that the README and this manifest name the same version.
import PackageDescription

let url =
  Context.environment["FLUXCORE_CLONE"].map { "file://\($0)" }
  ?? "https://github.com/fluxcore/FluxCore.git"

let package = Package(
  name: "InstallLine",
  dependencies: [
    .package(url: url, from: "0.1.0")
  ],
  targets: [
    .executableTarget(
      name: "InstallLine", dependencies: [.product(name: "FluxCore", package: "FluxCore")])
  ]
)
