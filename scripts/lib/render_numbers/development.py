"""README.md's regions about working on FluxCore: the test command's time
from a fresh clone, and CI's."""
import re

from .recorded import fresh
from .units import seconds


def commands():
    total = fresh["xctestTests"] + fresh["swiftTestingTests"]
    return (
        "```sh\n"
        "swift run SearchExample   # a search flow against a stub API, in the terminal\n"
        f"swift test                # the whole test suite: {total} tests, about "
        f"{round(fresh['swiftTestSeconds'] / 10) * 10} s from a fresh clone\n"
        "```\n\n"
        f"(On {fresh['cores']} cores, build included, as `scripts/measure-fresh-clone` last "
        f"measured at {fresh['commit']}: {fresh['swiftTestSeconds']} s, of which "
        f"{fresh['xctestSeconds']:.0f} s run {fresh['xctestTests']} XCTest tests, and "
        f"{fresh['swiftTestingTests']} Swift Testing tests run in parallel in "
        f"{seconds(fresh['swiftTestingSeconds'])}.)\n")


def ci():
    if fresh.get("ciSeconds") is None:
        return "`.ci/run` is what CI runs on a clean clone:\n"
    seconds_taken = fresh["ciSeconds"]
    text = (f"`.ci/run` is what CI runs on a clean clone, in {seconds_taken} s (about "
            f"{seconds_taken / 60:.0f} minutes) on {fresh['cores']} cores "
            f"(`scripts/measure-fresh-clone --ci` at {fresh.get('ciCommit') or fresh['commit']}")
    load = fresh.get("ciLoadAverage")  # runs recorded since issue 34
    if load:
        text += (f", with the load average at {load[0]:.1f} as it began and "
                 f"{load[1]:.1f} as it ended")
    cpu = fresh.get("ciCPUSeconds")
    if cpu:
        text += f"; it used {cpu} s of CPU time"
    text += ")"
    steps = fresh.get("ciSteps")
    if steps:
        longest = sorted(steps, key=lambda step: -step["seconds"])[:3]
        # A step's name up to its first parenthesis or semicolon.
        names = [re.split(r" \(|;", step["step"])[0] for step in longest]
        text += "; its longest steps: " + "; ".join(
            f"{name}, {step['seconds']} s" for name, step in zip(names, longest))
    return text + ". It runs:\n"
