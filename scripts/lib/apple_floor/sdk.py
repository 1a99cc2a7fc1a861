"""The stand-in SDK: the toolchain's own interfaces of Swift, _Concurrency,
Synchronization and Observation, whose availability attributes are Apple's,
retargeted to an Apple triple, with the stand-ins beside them."""
import glob
import hashlib
import os
import re
import shutil
import subprocess
import sys

from .standins import DARWIN_H, DISPATCH, TESTING, XCTEST

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.realpath(__file__)))))
MODULES = ["Swift", "_Concurrency", "Synchronization", "Observation", "_StringProcessing",
           "SwiftOnoneSupport"]
TRIPLES = {"macos": ("x86_64-apple-macos", "x86_64-apple-macosx{v}"),
           "ios": ("x86_64-apple-ios-simulator", "x86_64-apple-ios{v}-simulator"),
           "tvos": ("x86_64-apple-tvos-simulator", "x86_64-apple-tvos{v}-simulator"),
           "watchos": ("x86_64-apple-watchos-simulator", "x86_64-apple-watchos{v}-simulator")}
NEWEST = "26.0"


def toolchain_lib():
    swift = shutil.which("swift")
    if not swift:
        sys.exit("check-apple-floor: no swift on PATH")
    return os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(swift))), "lib", "swift")


def write(path, text):
    """Writes `text` to `path` unless it holds it already: the compiler's module
    cache goes stale (and rebuilds the standard library) when a file it saw
    changes, even to the same text."""
    if os.path.exists(path) and open(path).read() == text:
        return
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def make_sdk(lib, os_name):
    """The stand-in SDK for `os_name`, made once per toolchain and stand-in text."""
    stamp = hashlib.sha1((os.path.realpath(lib) + DARWIN_H + DISPATCH + XCTEST + TESTING
                          + subprocess.run(["swift", "--version"], capture_output=True,
                                           text=True).stdout).encode()).hexdigest()[:12]
    cache = os.environ.get("FLUXCORE_APPLE_FLOOR_CACHE",
                           os.path.join(ROOT, ".build-apple-floor"))
    sdk = os.path.join(cache, stamp, "sdk")
    name, _ = TRIPLES[os_name]
    newest = TRIPLES[os_name][1].format(v=NEWEST)
    swiftlib = os.path.join(sdk, "usr", "lib", "swift")
    done = os.path.join(swiftlib, f".{name}.done")
    if os.path.exists(done):
        return sdk, os.path.join(cache, stamp, "modules")
    linux = os.path.join(lib, "linux")
    os.makedirs(swiftlib, exist_ok=True)
    if not os.path.isdir(os.path.join(swiftlib, "shims")):
        shutil.copytree(os.path.join(lib, "shims"), os.path.join(swiftlib, "shims"))
        # Synchronization's shims define these for Linux only; the bodies never run here.
        path = os.path.join(swiftlib, "shims", "_SynchronizationShims.h")
        text = open(path).read()
        start = text.find("#if defined(__linux__)")
        if start >= 0:
            end = text.index("#endif", start) + len("#endif")
            stub = "".join(f"static inline __swift_uint32_t {f}({a}) {{ return 0; }}\n" for f, a in [
                ("_swift_stdlib_gettid", "void"), ("_swift_stdlib_futex_lock", "__swift_uint32_t *l"),
                ("_swift_stdlib_futex_trylock", "__swift_uint32_t *l"),
                ("_swift_stdlib_futex_unlock", "__swift_uint32_t *l")])
            write(path, text[:start] + stub + text[end:])
    # Clang's own headers (stdatomic.h, stdint.h, ...), for the package's C module.
    if not os.path.exists(os.path.join(swiftlib, "clang")):
        os.symlink(os.path.realpath(os.path.join(lib, "clang")), os.path.join(swiftlib, "clang"))
    for module in MODULES:
        source = glob.glob(os.path.join(linux, f"{module}.swiftmodule", "*-linux-gnu.swiftinterface"))
        source = [s for s in source if ".private." not in s]
        if not source:
            sys.stderr.write(f"check-apple-floor: no interface for {module} in this toolchain\n")
            sys.exit(2)
        lines = open(source[0]).read().split("\n")
        out = []
        for line in lines:
            if line.startswith("// swift-module-flags:"):
                line = re.sub(r"-target \S+", f"-target {newest}", line)
                line = line.replace("-target-min-inlining-version min", "")
            if line.strip().startswith("@backDeployed("):
                continue  # Linux interfaces carry no bodies for these
            if line.strip() == "import Glibc":
                continue
            if ("@_implements(" in line and "Failure)" in line and out
                    and out[-1].strip().startswith("@available(")):
                # Typed-throws witnesses: Linux says 10.15, Apple's interfaces say 15.0.
                out[-1] = re.sub(r"@available\(.*\)", "@available(macOS 15.0, iOS 18.0, "
                                 "watchOS 11.0, tvOS 18.0, visionOS 2.0, *)", out[-1])
            out.append(line)
        write(os.path.join(swiftlib, f"{module}.swiftmodule", f"{name}.swiftinterface"),
              "\n".join(out))
    for module, text in [("Dispatch", DISPATCH), ("XCTest", XCTEST), ("Testing", TESTING)]:
        write(os.path.join(swiftlib, f"{module}.swiftmodule", f"{name}.swiftinterface"),
              text.replace("{triple}", newest))
    include = os.path.join(sdk, "usr", "include")
    write(os.path.join(include, "darwin_standin", "darwin.h"), DARWIN_H)
    write(os.path.join(include, "module.modulemap"),
          'module Darwin [system] {\n  header "darwin_standin/darwin.h"\n  export *\n}\n')
    write(done, "")
    return sdk, os.path.join(cache, stamp, "modules")

