"""The fine-grained observation rows (issue 31), in README's performance
table and BENCHMARKS.md's targets, when the recorded run has them."""
from .recorded import bench

FLUX = "FluxCore: ObservedCollection, fields"
PLAIN = "plain ObservedProperty of the whole value"
HAND = "hand-written @Observable per row"
FIELD = "20-field state: change one field"
# What FluxCore must invalidate: the changed row or field, and the list
# when its ids change (a removed row's reader is told too).
EXPECTED = {"edit one row": 1, "append one row": 1, "remove one row": 2,
            "move one row": 1, FIELD: 1}


def rows():
    """Each change's rows by way, or None for a run before issue 31."""
    report = bench.get("fineGrained")
    if not report:
        return None
    table = {}
    for row in report["rows"]:
        table.setdefault(row["change"], {})[row["way"]] = row
    return table


def cell(row):
    return (f"{row['nanosecondsPerChange'] / 1000:,.0f} µs, "
            f"{row['invalidations']:,} invalidated")


def performance_lines():
    table = rows()
    if not table:
        return []
    lines = []
    for change, ways in table.items():
        if change == FIELD:
            subject, kind = "a 20-field state, one field changed (`ObservedProperty`'s fields)", "field"
        else:
            subject = f"a 10,000-row list: {change} (`ObservedCollection`)"
            kind = "row"
        lines.append(
            f"| {subject} | {cell(ways[FLUX])} | {cell(ways[HAND])}, an `@Observable` object "
            f"per {kind} | plain `ObservedProperty`: {cell(ways[PLAIN])} |")
    return lines


def target_rows(row):
    table = rows()
    if not table:
        return
    for change, ways in table.items():
        flux, hand = ways[FLUX], ways[HAND]
        expected = EXPECTED.get(change)
        if expected is not None:
            row(f"fine-grained, {change}: readers invalidated = {expected}",
                f"{flux['invalidations']}", flux["invalidations"] == expected)
        ratio = flux["nanosecondsPerChange"] / hand["nanosecondsPerChange"]
        row(f"fine-grained, {change}: time / the hand-written model's ≤ 1",
            f"{ratio:.2f}", ratio <= 1)
