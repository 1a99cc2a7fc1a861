import SearchConsole
import Testing

/// The command line, parsed: exact results for the forms the usage text
/// promises, and usage errors for the rest.
@Suite struct OptionsTests {
  @Test func aFlagAndItsValueMayBeJoinedByTheFirstEqualsSign() throws {
    let options = try Options.parse(["--record=a=b", "--latency=0"])

    #expect(options.recordPath == "a=b")
    #expect(options.latencyMilliseconds == 0)
  }

  @Test func aFlagWhereAValueShouldBeIsAUsageError() {
    #expect(throws: Options.UsageError.self) { try Options.parse(["--record", "--latency", "0"]) }
    #expect(throws: Options.UsageError.self) { try Options.parse(["--replay", "-h"]) }
  }

  @Test func aValueThatStartsWithADashCanBeGivenAfterAnEqualsSign() throws {
    let options = try Options.parse(["--record=--latency"])

    #expect(options.recordPath == "--latency")
  }

  @Test func theUsageErrorSaysWhatToDo() {
    do {
      _ = try Options.parse(["--record", "--latency", "0"])
      Issue.record("expected a usage error")
    } catch {
      #expect(
        error.message
          == "--record needs a value, and “--latency” is an option; "
          + "for a value that starts with -, write --record=--latency")
    }
  }

  @Test func aQueryAndItsPagesAreParsed() throws {
    let options = try Options.parse(["sql cache", "--pages", "2", "--per-page", "3"])

    #expect(options.mode == .query("sql cache", pages: 2))
    #expect(options.perPage == 3)
  }
}
