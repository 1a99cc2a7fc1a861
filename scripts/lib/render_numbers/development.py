"""README.md's regions about working on FluxCore: the test command's time
from a fresh clone, and CI's."""
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
    minutes = fresh["ciSeconds"] / 60
    return (f"`.ci/run` is what CI runs on a clean clone, in about {minutes:.0f} minutes on "
            f"{fresh['cores']} cores (`scripts/measure-fresh-clone --ci` at {fresh['commit']}):\n")

