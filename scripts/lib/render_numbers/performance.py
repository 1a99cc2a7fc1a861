"""README.md's performance region: the table, and the paragraph under it."""
from .recorded import bench, counts, get, meta
from .units import ns, times
from .fine_grained import performance_lines as fine_grained_lines


def dispatch_row(count):
    scenario = f"dispatch to {count} subscriber{'' if count == 1 else 's'}"
    flux, loop, combine = (get(scenario, c) for c in ("FluxCore", "array loop", "OpenCombine"))
    return (f"| {scenario} | {ns(flux)} | {ns(loop)}, array loop "
            f"(FluxCore {flux / loop:.2f}×) | {ns(combine)} ({times(combine / flux)} slower) |")


def performance():
    empty = get("subscribe + dispose, 0 live", "FluxCore")
    full = get("subscribe + dispose, 10,000 live", "FluxCore")
    locked = get("subscribe + dispose, 0 live", "locked array")
    combine_sub = get("subscribe + dispose, 0 live", "OpenCombine")
    path = "action → dispatcher → store → view"
    contended = "2 threads dispatching, 1 subscriber"
    flux2, locked2 = get(contended, "FluxCore"), get(contended, "locked loop")
    bag = "heap bytes per subscription in a bag (100,000)"
    main = {row["way"]: row for row in bench["mainActor"]["rows"]}
    hop = main["DispatchQueue.main.async per value"]["nanosecondsPerValue"]
    every = main["observeOnMainActor, every value"]["nanosecondsPerValue"]
    latest = main["observeOnMainActor, latest value"]["nanosecondsPerValue"]
    values = bench["mainActor"]["rows"][0]["values"]
    write = "property write, 1 subscriber through"
    combined = get(write, "combineLatest of 2") / get(write, "map")
    lines = [
        "| | FluxCore | written by hand | OpenCombine |",
        "| --- | --- | --- | --- |",
        dispatch_row(1), dispatch_row(10), dispatch_row(100),
        f"| subscribe + dispose | {ns(empty)} ({ns(full)} with 10,000 live) | {ns(locked)}, "
        f"locked array (FluxCore {empty / locked:.2f}×) | {ns(combine_sub)} |",
        f"| {path} | {ns(get(path, 'FluxCore'))} | {ns(get(path, 'closures + locked value'))}, "
        f"closures + locked value | {ns(get(path, 'OpenCombine'))} |",
        f"| 2 threads dispatching to 1 subscriber (contended) | {ns(flux2)} | {ns(locked2)}, "
        f"locked loop (FluxCore {flux2 / locked2:.2f}×) | |",
        f"| heap bytes per subscription kept in a `DisposeBag` | {counts[(bag, 'FluxCore')]:.0f} "
        f"| {counts[(bag, 'array loop')]:.0f}, array | {counts[(bag, 'OpenCombine')]:.0f} |",
        f"| {values:,} values from a background thread to a main-actor handler | "
        f"{ns(every)} a value (every value), {ns(latest)} (latest value) | "
        f"{ns(hop)} a value, one `DispatchQueue.main.async` each | |",
        f"| a property write through `combineLatest` of 2 | {combined:.2f}× one through `map` | | |",
    ]
    lines += fine_grained_lines()
    recording = bench.get("recording")
    if recording:
        lines.append(
            f"| an action recorded with its state (the dispatching thread's CPU time) | "
            f"{ns(recording['recordedNanoseconds'])}, {recording['recordedNanoseconds'] / recording['loggedNanoseconds']:.1f}× "
            f"an action only logged ({ns(recording['loggedNanoseconds'])}) | | |")
    persistence = bench["persistence"]
    lines.append(
        f"| `PersistentState`: a burst of {persistence['changesInBurst']:,} changes; "
        f"{persistence['stateBytes'] / 1_000_000:.0f} MB saved, restored | "
        f"{persistence['writesForBurst']} write; {persistence['saveMilliseconds']:.1f} ms, "
        f"{persistence['restoreMilliseconds']:.1f} ms | | |")
    never = persistence.get("neverPausing")  # runs recorded since issue 24
    if never:
        lines.append(
            f"| `PersistentState`: a change every 1 ms for {never['seconds']:.0f} s (quiet period "
            f"{never['quietPeriodMilliseconds']:.0f} ms, `maxDelay` "
            f"{never['maxDelayMilliseconds']:.0f} ms) | {never['writes']} writes; longest unsaved "
            f"{never['longestGapMilliseconds']:.0f} ms | | |")

    history = bench.get("history")  # runs recorded since issue 32
    if history:
        hand = history["handRolledStepNanoseconds"]
        lines.append(
            f"| `UndoHistory`, {history['stepsKept']:,} steps kept: a step; an undo or a redo | "
            f"{ns(history['stepNanoseconds'])} ({ns(history['measureNanoseconds'])} of it "
            f"measuring the state's size); {ns(history['undoNanoseconds'])} "
            f"({ns(history['undoWith100StepsNanoseconds'])} with 100 kept) | "
            f"{ns(hand)}, a write and a copy kept in a ring | |")
    large = bench.get("largeHistory")  # runs recorded since issue 38
    if large:
        lines.append(
            f"| `UndoHistory` of a {large['elements']:,}-element array: a step | "
            f"{large['stepNanoseconds'] / 1000:.0f} µs | "
            f"{large['editNanoseconds'] / 1000:.0f} µs, the same edit with no history "
            f"(a copy: {large['copyNanoseconds'] / 1000:.0f} µs) | |")

    text = "\n".join(lines) + "\n\n"
    contended_samples = {r["contender"]: r["samples"] for r in bench["results"]
                         if r["scenario"] == contended}
    text += (
        "The contended row varies most from run to run, and from round to round: in this run "
        f"FluxCore took {ns(min(contended_samples['FluxCore']))} to "
        f"{ns(max(contended_samples['FluxCore']))} a dispatch, the locked loop "
        f"{ns(min(contended_samples['locked loop']))} to "
        f"{ns(max(contended_samples['locked loop']))}. ")
    overload = bench.get("overload")
    if overload:
        callers = overload["callers"]
        flooding = max(c["longestMilliseconds"] for c in callers if c["name"].startswith("flooding"))
        ui = next(c for c in callers if c["name"].startswith("UI"))
        arrived = ("every event arrives once, in order" if overload["everyEventArrivedOnceInOrder"]
                   else "NOT every event arrived once and in order")
        text += (
            f"Under overload (two threads each sending {overload['eventsPerFlooder']:,} events to "
            f"a handler of about 2 µs, a third dispatching every 10 ms), the longest `dispatch` "
            f"call is {ns(flooding * 1e6)} on a flooding thread and "
            f"{ns(ui['longestMilliseconds'] * 1e6)} on the \"UI\" thread, and {arrived}. ")
    subject = get("dispatch through a dispatcher view", "FluxCore, subject")
    retained = get("dispatch through a dispatcher view", "FluxCore, subject + retain")
    view = get("dispatch through a dispatcher view", "FluxCore, view, log off")
    allocations = [(m, v) for (m, c), v in counts.items()
                   if c == "FluxCore" and m.startswith("allocations per")
                   and "subscribe" not in m]
    if allocations and all(v == 0 for _, v in allocations):
        text += ("No allocation per dispatch, per `Variable` set, or per Flux action once "
                 "subscriptions are in place. ")
    else:
        text += "Allocations: " + ", ".join(f"{v:.2f} {m}" for m, v in allocations) + ". "
    text += (
        "Sending through a dispatcher view costs one "
        f"retain and release of the subject more than sending to the subject ({ns(view)} "
        f"against {ns(subject)}, and {ns(retained)} for the subject with that retain added "
        "by hand); the rest is the check whether `DispatchLog` has observers.\n\n")
    text += (
        f"Measured at {meta['commit']}"
        f"{' (with uncommitted changes)' if meta['uncommittedChanges'] else ''} on "
        f"{bench['machine']['cores']} cores ({bench['machine']['cpu']}, "
        f"{bench['machine']['os']}), {bench['rounds']} rounds, medians, by "
        "`scripts/run-benchmarks`, which runs the command below and records the run "
        "in [`Benchmarks/Results`](Benchmarks/Results); "
        "[BENCHMARKS.md](BENCHMARKS.md) has every scenario and the full table.\n")
    return text

