"""The runs recorded in Benchmarks/Results, loaded once: the benchmark run
(scripts/run-benchmarks) and the fresh-clone run (scripts/measure-fresh-clone)."""
import json
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parents[3]
results = root / "Benchmarks" / "Results"


def load(name):
    path = results / name
    if not path.exists():
        sys.exit(f"error: {path.relative_to(root)} is missing: run the command that records it")
    return json.loads(path.read_text(encoding="utf-8"))


bench = load("latest.json")
meta = load("latest.meta.json")
fresh = load("fresh-clone.json")
table_text = (results / "latest.txt").read_text(encoding="utf-8")


def median(samples):
    ordered = sorted(samples)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2


medians = {(r["scenario"], r["contender"]): median(r["samples"]) for r in bench["results"]}
counts = {(c["measurement"], c["contender"]): c["value"] for c in bench["counts"]}


def get(scenario, contender):
    key = (scenario, contender)
    if key not in medians:
        sys.exit(f"error: latest.json has no '{scenario}' / '{contender}'")
    return medians[key]

