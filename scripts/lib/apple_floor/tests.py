"""What `swift test` builds on a Mac, which scripts/check-apple-floor checks for
macOS 13 after the libraries; the mistakes its self-test plants there; and the
rule for XCTest classes of what needs macOS 14."""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.realpath(__file__)))))
# Checked for macOS only (the tests start processes, which iOS, tvOS and watchOS
# cannot), in dependency order, as (module, folder, kind).
TEST_BUILD = [
    ("SearchConsole", "Examples/SearchConsole", "library"),
    ("SearchExample", "Examples/SearchExample", "executable"),
    ("TestSupport", "Tests/TestSupport", "library"),
    ("PersistenceWriter", "Tests/PersistenceWriter", "executable"),
    ("FluxCoreTests", "Tests/FluxCoreTests", "tests"),
    ("FluxCoreRecordingTests", "Tests/FluxCoreRecordingTests", "tests"),
    ("FluxCorePersistenceTests", "Tests/FluxCorePersistenceTests", "tests"),
    ("SearchFeatureTests", "Tests/SearchFeatureTests", "tests"),
]
# The self-test removes, from each file, the first line that matches: one of each
# way a test says it needs macOS 14. Each must then fail the check in that file.
PLANTS = {
    "FluxCoreTests": [
        # A Swift Testing test's @available.
        ("Tests/FluxCoreTests/ModelViewTests.swift", r"^\s*@available\(macOS 14"),
        # An XCTest test's `guard #available` (its class runs on macOS 13).
        ("Tests/FluxCoreTests/DocumentationExampleTests.swift", r"^\s*guard #available\(macOS 14"),
        # An XCTest class's @available.
        ("Tests/FluxCoreTests/Views/ObservationBridgeTests.swift", r"^@available\(macOS 14"),
    ],
}
# A class declaration with the attributes above it, and its first supertype.
CLASS = re.compile(r"((?:^[ \t]*@[^\n]*\n)+)[ \t]*(?:(?:final|public|open|package|internal)\s+)*"
                   r"class\s+(\w+)\s*:\s*([\w.]+)", re.M)


def plant_in_tests(module, files, work):
    """`files`, the sources of `module`, with planted copies in place of those
    PLANTS names for it; and the planted copies' paths."""
    files, planted = list(files), []
    for path, pattern in PLANTS.get(module, []):
        original = os.path.join(ROOT, path)
        lines = open(original).read().split("\n")
        hit = next((i for i, line in enumerate(lines) if re.search(pattern, line)), None)
        if hit is None:
            raise SystemExit(f"check-apple-floor: the self-test finds no line like {pattern} "
                             f"in {path} to remove: update PLANTS in {__file__}")
        copy = os.path.join(work, "planted", os.path.basename(path))
        os.makedirs(os.path.dirname(copy), exist_ok=True)
        with open(copy, "w") as f:
            f.write("\n".join(lines[:hit] + lines[hit + 1:]))
        files[files.index(original)] = copy
        planted.append(copy)
    return files, planted


def unskipped_test_cases(texts):
    """The XCTest classes in `texts` ({path: text}) marked as needing macOS 14 whose
    tests would run on macOS 13 all the same (XCTest ignores @available): those not
    derived from TestSupport's ObservationTestCase, which skips them there."""
    found = []
    for path, text in sorted(texts.items()):
        for match in CLASS.finditer(text):
            attributes, name, base = match.groups()
            if ("@available(macOS 14" in attributes and base.endswith("TestCase")
                    and base != "ObservationTestCase"):
                line = text.count("\n", 0, match.start(2)) + 1
                found.append(f"{path}:{line}: {name} is marked @available(macOS 14, ...), but "
                             f"XCTest would run its tests on macOS 13 all the same: derive it "
                             f"from ObservationTestCase (TestSupport), not {base}")
    return found
