"""One OS version's type-check: the compiler's command for it, and the folder of
the modules that the targets emit for each other."""
import glob
import os
import re
import subprocess
import sys
import time

from .sdk import TRIPLES, make_sdk, toolchain_lib, write

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.realpath(__file__)))))


def swift_files(folder):
    return sorted(glob.glob(os.path.join(ROOT, folder, "**", "*.swift"), recursive=True))


def parse(os_arg):
    """`ios16` as ("ios", "16")."""
    m = re.fullmatch(r"(macos|ios|tvos|watchos)(\d+(?:\.\d+)?)", os_arg)
    if not m:
        sys.exit(f"check-apple-floor: unknown OS {os_arg}")
    return m.group(1), m.group(2)


# The package's C modules, by name, with their umbrella header: the
# library's atomics, and the tests' heap probe.
C_MODULES = {
    "CFluxCoreAtomics": "Sources/CFluxCoreAtomics/include/CFluxCoreAtomics.h",
    "CHeapProbe": "Tests/CHeapProbe/include/HeapProbe.h",
}


class Floor:
    """One OS version's compiler command, and the folder of the modules that
    its targets emit for each other (kept between runs: the compiler's module
    cache is keyed by the search paths, so a new folder would rebuild the
    standard library)."""

    def __init__(self, os_arg):
        os_name, version = parse(os_arg)
        sdk, cache, standins = make_sdk(toolchain_lib(), os_name)
        self.name, self.os_name = os_arg, os_name
        self.work = os.path.join(os.path.dirname(cache), f"work-{os_arg}")
        self.modules = os.path.join(self.work, "modules")
        self.command = [
            "swiftc", "-continue-building-after-errors",
            "-target", TRIPLES[os_name][1].format(v=version), "-sdk", sdk,
            "-resource-dir", os.path.join(sdk, "usr", "lib", "swift"),
            "-module-cache-path", cache, "-package-name", "fluxcore", "-swift-version", "6",
            # As `swift build` and `swift test` build, by default.
            "-D", "DEBUG",
            "-I", standins, "-I", self.modules] + [
                flag for module in C_MODULES for flag in ("-I", os.path.join(self.modules, module))]

    def start(self):
        """Forgets the modules of an earlier run; maps the package's C modules as
        SwiftPM would."""
        for old in glob.glob(os.path.join(self.modules, "*.swiftmodule")):
            os.remove(old)
        for module, header in C_MODULES.items():
            write(os.path.join(self.modules, module, "module.modulemap"),
                  'module %s {\n  header "%s"\n  export *\n}\n'
                  % (module, os.path.join(ROOT, header)))

    def compile(self, module, kind, files):
        """Type-checks `files` as `module` (emitting a library's module); returns
        the errors found (each as its first line and the lines that follow it:
        the source lines, and for an error in a macro's expansion, where the
        macro was used), and what to print."""
        if kind == "library":
            how = ["-emit-module", "-enable-testing", "-parse-as-library", "-emit-module-path",
                   os.path.join(self.modules, f"{module}.swiftmodule")]
        else:
            how = ["-typecheck"] + (["-parse-as-library"] if kind == "tests" else [])
        started = time.monotonic()
        result = subprocess.run(self.command + how + ["-module-name", module] + files,
                                capture_output=True, text=True)
        seconds = time.monotonic() - started
        output = "\n".join(line for line in (result.stdout + result.stderr).split("\n")
                           if "Could not read SDKSettings.json" not in line)
        # Each error with its lines, up to the next error.
        blocks = re.findall(r"^\S.*: error: .*$(?:\n(?!\S.*: error: ).*)*", output, re.M)
        found = sorted({block.split("\n", 1)[0]: block for block in blocks
                        if not block.startswith("error: emit-module")}.items())
        if result.returncode != 0 and not found:
            failed = f"the compiler failed (exit {result.returncode})"
            found = [(failed, failed)]
        printed = [output.strip()] if found else []
        printed.append(f"{self.name:9} {module:24} {len(found)} errors ({len(files)} files, "
                       f"{seconds:.0f} s)")
        return found, printed
