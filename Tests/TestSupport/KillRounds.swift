import Foundation

/// How many rounds a test that kills a child process at random instants
/// runs: `FLUXCORE_KILL_ROUNDS`, or `default`.
///
/// CI runs the sanitizer builds with fewer rounds than the plain run (see
/// the README's Development section); a longer soak sets more.
package func killRounds(default count: Int) -> Int {
  rounds(fromEnvironment: "FLUXCORE_KILL_ROUNDS", default: count)
}

/// The count in the environment variable `name` (at least 1), or `count`
/// when it is unset or not a number.
package func rounds(fromEnvironment name: String, default count: Int) -> Int {
  ProcessInfo.processInfo.environment[name].flatMap(Int.init).map { max($0, 1) } ?? count
}
