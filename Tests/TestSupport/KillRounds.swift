import Foundation

/// How many rounds a test that kills a child process at random instants
/// runs: `FLUXCORE_KILL_ROUNDS`, or `default`.
///
/// CI runs the sanitizer builds with fewer rounds than the plain run (see
/// the README's Development section); a longer soak sets more.
package func killRounds(default count: Int) -> Int {
  ProcessInfo.processInfo.environment["FLUXCORE_KILL_ROUNDS"].flatMap(Int.init).map {
    max($0, 1)
  } ?? count
}
