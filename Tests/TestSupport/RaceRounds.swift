/// How many rounds a test that races two threads at swept moments runs:
/// `FLUXCORE_RACE_ROUNDS`, or `default`.
///
/// CI runs the sanitizer builds with fewer rounds than the plain run (see
/// the README's Development section): there each round is several times
/// slower, and the parties' spins compete with the machine's load.
package func raceRounds(default count: Int) -> Int {
  rounds(fromEnvironment: "FLUXCORE_RACE_ROUNDS", default: count)
}
