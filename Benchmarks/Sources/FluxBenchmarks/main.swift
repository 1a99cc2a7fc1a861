import CAllocationCounter
import Foundation

// FluxBenchmarks: FluxCore against a plain closure loop, the same behind a
// mutex, and OpenCombine, in one process. See BENCHMARKS.md.
//
//   swift run -c release --package-path Benchmarks FluxBenchmarks [--json]
//     [--json-file PATH] [--rounds N] [--sample-ms M] [--only TEXT] [--contender NAME]
//     [--overload-events E] [--main-actor-values V] [--recorded-actions A]
//     [--fine-grained-rows R] [--large-state-actions L]
//
// --json prints the report as JSON instead of tables; --json-file writes it to
// PATH as well as printing the tables (scripts/run-benchmarks records a run
// that way, for scripts/render-numbers). --only and --contender keep the scenarios whose name contains TEXT and the
// contenders named NAME, for profiling one thing at a time. --overload-events
// sets how many events each flooding thread sends in the overload scenario
// (default 1,000,000; 0 skips it); --main-actor-values how many values go to
// the main actor in the main-actor scenario (default 100,000);
// --recorded-actions how many actions the recording scenario sends (default
// 100,000; 0 skips it); --fine-grained-rows how long the fine-grained
// observation scenario's list is (default 10,000; 0 skips it);
// --large-state-actions how many actions, each with a state of 300,000
// numbers, the large-state recording scenario sends (default 150; 0 skips it).

var arguments = CommandLine.arguments.dropFirst()
var json = false
var jsonFile: String?
var rounds = 15
var sampleMilliseconds = 10
var only: String?
var onlyContender: String?
var overloadEvents = 1_000_000
var mainActorValues = 100_000
var recordedActions = 100_000
var fineGrainedRows = 10_000
var largeStateActions = 150
while let argument = arguments.popFirst() {
  switch argument {
  case "--json": json = true
  case "--json-file": jsonFile = arguments.popFirst()
  case "--rounds": rounds = arguments.popFirst().flatMap(Int.init) ?? rounds
  case "--sample-ms":
    sampleMilliseconds = arguments.popFirst().flatMap(Int.init) ?? sampleMilliseconds
  case "--only": only = arguments.popFirst()
  case "--contender": onlyContender = arguments.popFirst()
  case "--overload-events":
    overloadEvents = arguments.popFirst().flatMap(Int.init) ?? overloadEvents
  case "--main-actor-values":
    mainActorValues = arguments.popFirst().flatMap(Int.init) ?? mainActorValues
  case "--recorded-actions":
    recordedActions = arguments.popFirst().flatMap(Int.init) ?? recordedActions
  case "--fine-grained-rows":
    fineGrainedRows = arguments.popFirst().flatMap(Int.init) ?? fineGrainedRows
  case "--large-state-actions":
    largeStateActions = arguments.popFirst().flatMap(Int.init) ?? largeStateActions
  default:
    FileHandle.standardError.write(
      Data(
        ("usage: FluxBenchmarks [--json] [--json-file PATH] [--rounds N] [--sample-ms M] [--only TEXT] [--contender NAME]"
          + " [--overload-events E] [--main-actor-values V] [--recorded-actions A]"
          + " [--fine-grained-rows R] [--large-state-actions L]\n").utf8))
    exit(2)
  }
}

// First, while nothing observes the log (a scenario below observes it, and
// its observation outlives it): a live history turns the log on, and its
// scenario measures what that costs an action.
let history = historyScenario(runs: max(1, min(rounds, 5)))
let largeHistory = largeHistoryScenario(runs: max(1, min(rounds, 5)))
let scenarios = [
  dispatchScenario(subscribers: 1),
  dispatchScenario(subscribers: 10),
  dispatchScenario(subscribers: 100),
  subscribeDisposeScenario(live: 0),
  subscribeDisposeScenario(live: 10_000),
  variableScenario(),
  chainScenario(),
  fluxPathScenario(),
  dispatchLogScenario(),
  twoThreadScenario(),
  combineLatestScenario(),
]
let selected = scenarios.filter { only == nil || $0.name.contains(only!) }.map { scenario in
  var scenario = scenario
  scenario.contenders = scenario.contenders.filter {
    onlyContender == nil || $0.name == onlyContender
  }
  return scenario
}
let results = measure(
  selected, rounds: rounds, sampleNanoseconds: UInt64(sampleMilliseconds) * 1_000_000)
withExtendedLifetime(scenarios) {}
let counts =
  allocation_counter_is_available()
  ? bytesPerSubscription(count: 100_000) + bytesPerSubscriptionInABag(count: 100_000)
    + allocationsPerOperation(operations: 100_000) : []
let mainActor = await mainActorScenario(values: mainActorValues, runs: max(1, min(rounds, 9)))
let firstView = firstViewScenario(subjects: 100_000, runs: max(1, min(rounds, 15)))
let fineGrained =
  fineGrainedRows > 0
  ? await fineGrainedScenario(rows: fineGrainedRows, changes: max(3, min(rounds, 15))) : nil
let overload = overloadEvents > 0 ? overloadScenario(eventsPerFlooder: overloadEvents) : nil
let persistence = persistenceScenario(runs: max(1, min(rounds, 5)))
let recording =
  recordedActions > 0
  ? recordingScenario(actions: recordedActions, runs: max(1, min(rounds, 7))) : nil
let largeStateRecording =
  largeStateActions > 0
  ? largeStateRecordingScenario(actions: largeStateActions, elements: 300_000) : nil
let report = Report(
  machine: machine(), rounds: rounds, results: results, counts: counts,
  ratios: ratios(results, counts), mainActor: mainActor, fineGrained: fineGrained,
  overload: overload, recording: recording, largeStateRecording: largeStateRecording,
  persistence: persistence, history: history, largeHistory: largeHistory,
  firstView: firstView)

let encoder = JSONEncoder()
encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
if let jsonFile {
  try encoder.encode(report).write(to: URL(fileURLWithPath: jsonFile))
}
if json {
  print(String(decoding: try encoder.encode(report), as: UTF8.self))
} else {
  printTable(report)
  printMainActor(mainActor)
  printFirstView(firstView)
  if let fineGrained { printFineGrained(fineGrained) }
  if let overload { printOverload(overload) }
  if let recording { printRecording(recording) }
  if let largeStateRecording { printLargeStateRecording(largeStateRecording) }
  printPersistence(persistence)
  printHistory(history)
  printLargeHistory(largeHistory)
  if !allocation_counter_is_available() {
    print("\nAllocation counts need Linux with glibc; not measured here.")
  }
}
