"""BENCHMARKS.md's regions: the recorded run's table, and the targets it met."""
from .fine_grained import target_rows as fine_grained_targets
from .recorded import bench, meta, table_text


def bench_results():
    return (
        f"The run recorded in [`Benchmarks/Results`](Benchmarks/Results) by "
        f"`scripts/run-benchmarks`, at {meta['commit']} on {meta['date']}"
        f"{' (with uncommitted changes)' if meta['uncommittedChanges'] else ''}:\n\n"
        "```\n" + table_text.rstrip("\n") + "\n```\n")


def targets():
    lines = ["| Target | This run | |", "| --- | --- | --- |"]
    for ratio in bench["ratios"]:
        if not ratio["target"]:
            continue
        verdict = "met" if ratio["met"] else "**missed**"
        value = ratio["value"]
        shown = f"{value:.3f}" if abs(value - 1) < 0.1 else f"{value:.2f}"
        target = ratio["target"] if ratio["target"][0] in "≤≥" else "= " + ratio["target"]
        lines.append(f"| {ratio['name']} {target} | {shown} | {verdict} |")

    notes = []

    def row(name, shown, met):
        lines.append(f"| {name} | {shown} | {'met' if met else '**missed**'} |")

    main = {r["way"]: r for r in bench["mainActor"]["rows"]}
    hop = main["DispatchQueue.main.async per value"]["nanosecondsPerValue"]
    for way, target in (("observeOnMainActor, every value", 5), ("observeOnMainActor, latest value", 10)):
        speedup = hop / main[way]["nanosecondsPerValue"]
        row(f"main actor, {way.split(', ')[1]}: faster than one hop per value ≥ {target}×",
            f"{speedup:.1f}×", speedup >= target)
    latest = main["observeOnMainActor, latest value"]
    row("main actor, latest value: handler calls per hop ≤ 1",
        f"{latest['handlerCalls'] / max(latest['hops'], 1):.2f}", latest["handlerCalls"] <= latest["hops"])
    if any(hop / main[way]["nanosecondsPerValue"] < target for way, target in
           (("observeOnMainActor, every value", 5), ("observeOnMainActor, latest value", 10))):
        notes.append(
            "A main-actor target is missed in this run. A value for a main-actor view now waits "
            "in its thread's frame for its action's end, and the hop's lock is taken once, at "
            "the commit: 387 instructions per action to a view of the latest value, against 748 "
            "before issue 37 (`scripts/instruction-counts`). Each run's producer pace and how long "
            "the last value took after it are in `Benchmarks/Results/latest.txt`; \"The main-actor "
            "rows, run to run\" below has every run since.")
    first = bench.get("firstView")  # runs recorded since issue 37
    if first:
        rows = {r["liveSubjects"]: r for r in first["rows"]}
        none, many = rows[min(rows)], rows[max(rows)]
        worst = max(many["appearNanoseconds"] / max(none["appearNanoseconds"], 1),
                    many["disappearNanoseconds"] / max(none["disappearNanoseconds"], 1))
        row(f"no app-wide cost: the first main-actor view to appear and the last to go, beside "
            f"{max(rows):,} live subjects / beside none ≤ 2 (they walk nothing)",
            f"{many['appearNanoseconds'] / 1000:.1f} µs and "
            f"{many['disappearNanoseconds'] / 1000:.1f} µs ({worst:.2f})", worst <= 2)
    fine_grained_targets(row)
    overload = bench.get("overload")
    if overload:
        longest = max(c["longestMilliseconds"] for c in overload["callers"])
        row("overload: the longest `dispatch` call ≤ 10 ms, every event once and in order",
            f"{longest:.2f} ms; {'all' if overload['everyEventArrivedOnceInOrder'] else 'NOT all'}",
            longest <= 10 and overload["everyEventArrivedOnceInOrder"])
    recording = bench.get("recording")
    if recording:
        ratio = recording["recordedNanoseconds"] / recording["loggedNanoseconds"]
        alone = recording["recordedAloneNanoseconds"] / recording["loggedNanoseconds"]
        row("recording: a recorded dispatch / a logged one ≤ 3×", f"{ratio:.2f}×", ratio <= 3)
        row("… with the writer held until the last is sent ≤ 3×", f"{alone:.2f}×", alone <= 3)
        row("recording: lines dropped at the default buffer size = 0",
            f"{recording['dropped']}", recording["dropped"] == 0)
        if ratio > 3:
            notes.append(
                "The recording target is missed in this run. What the dispatching thread pays "
                "beyond a logged dispatch is the hand-off alone (a clock read, the state "
                "closure, one short lock and an append; encoding and file I/O are on the "
                "writer's thread), and it stays above 3× even with the writer held, so it "
                "is the hand-off, not competition for the two cores, that costs it.")
    persistence = bench["persistence"]
    row(f"persistence: writes for a burst of {persistence['changesInBurst']:,} changes = 1",
        f"{persistence['writesForBurst']}", persistence["writesForBurst"] == 1)
    never = persistence.get("neverPausing")  # runs recorded since issue 24
    if never:
        row("persistence: changes that never pause, longest unsaved ≤ `maxDelay` + 100 ms "
            f"({never['maxDelayMilliseconds'] + 100:.0f} ms)",
            f"{never['longestGapMilliseconds']:.0f} ms",
            never["longestGapMilliseconds"] <= never["maxDelayMilliseconds"] + 100)
    history = bench.get("history")  # runs recorded since issue 32
    if history:
        ratio = history["undoNanoseconds"] / history["undoWith100StepsNanoseconds"]
        row("history: an undo or a redo with 10,000 steps kept / with 100 ≤ 1.3 (O(1) in the "
            "history's length)", f"{ratio:.2f}", ratio <= 1.3)
        step, copy = history.get("heapBytesPerStep"), history.get("heapBytesPerCopy")
        if step is not None and copy is not None:
            row("history: heap bytes per step kept ≤ one fresh copy of the state "
                f"({copy:.0f} bytes)", f"{step:.0f}", step <= copy)
    large = bench.get("largeHistory")  # runs recorded since issue 38
    if large:
        step, edit, copy = (large[k] for k in
                            ("stepNanoseconds", "editNanoseconds", "copyNanoseconds"))
        row(f"history: a step of a {large['elements']:,}-element array ≤ the same edit with "
            f"no history + one copy ({(edit + copy) / 1000:.0f} µs)", f"{step / 1000:.0f} µs",
            step <= edit + copy)
        if step > edit + copy:
            notes.append(
                f"The large history's step target is missed in this run, by "
                f"{(step / (edit + copy) - 1) * 100:.0f} %. What a step adds to the edit is "
                "telling the new array from the present (`memcmp`, up to the edited element: "
                "half the array on average) and the copy it keeps landing in memory not used "
                "before (the edit with no history reuses the buffer it frees); measuring the "
                f"kept array for the byte bound takes {large['footprintNanoseconds'] / 1000:.0f} "
                f"µs, against {large['encodedSizeNanoseconds'] / 1000:.0f} µs for the JSON size "
                "it used to count.")
        growth = large.get("heapGrowthBytes")
        if growth is not None:
            ratio = growth / large["maxBytes"]
            row("history: a full history's heap growth ≤ 2× `maxBytes`",
                f"{ratio:.2f}×", ratio <= 2)
    return "\n".join(lines) + "\n" + "".join("\n" + note + "\n" for note in notes)

