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

from . import standins

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.realpath(__file__)))))
# The toolchain's own interfaces (Testing's availability is Apple's too).
MODULES = ["Swift", "_Concurrency", "Synchronization", "Observation", "_StringProcessing",
           "SwiftOnoneSupport", "Testing"]
TRIPLES = {"macos": ("x86_64-apple-macos", "x86_64-apple-macosx{v}"),
           "ios": ("x86_64-apple-ios-simulator", "x86_64-apple-ios{v}-simulator"),
           "tvos": ("x86_64-apple-tvos-simulator", "x86_64-apple-tvos{v}-simulator"),
           "watchos": ("x86_64-apple-watchos-simulator", "x86_64-apple-watchos{v}-simulator")}
NEWEST = "26.0"
# Apple's standard library has it (the Objective-C runtime's); Linux's has not.
# The compiler needs it for every implicit pointer conversion (`&x` to
# UnsafeMutablePointer) when Objective-C interop is on, as it is for Apple
# targets: without it, each fails with "broken standard library: cannot find
# intrinsic operations".
OBJC_POINTERS = """@frozen public struct AutoreleasingUnsafeMutablePointer<Pointee> : Swift._Pointer {
  public let _rawValue: Builtin.RawPointer
  @_transparent public init(_ _rawValue: Builtin.RawPointer) { self._rawValue = _rawValue }
  public var pointee: Pointee { get nonmutating set }
}
"""


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
    """The stand-in SDK for `os_name` (the toolchain's interfaces, retargeted once
    per toolchain), the compiler's module cache, and the folder of the
    stand-ins, written on each run (a changed stand-in rebuilds only its own
    module and those that import it, not the standard library)."""
    stamp = hashlib.sha1((os.path.realpath(lib) + " ".join(MODULES) + OBJC_POINTERS
                          + subprocess.run(["swift", "--version"], capture_output=True,
                                           text=True).stdout).encode()).hexdigest()[:12]
    cache = os.environ.get("FLUXCORE_APPLE_FLOOR_CACHE",
                           os.path.join(ROOT, ".build-apple-floor"))
    sdk = os.path.join(cache, stamp, "sdk")
    name, _ = TRIPLES[os_name]
    newest = TRIPLES[os_name][1].format(v=NEWEST)
    swiftlib = os.path.join(sdk, "usr", "lib", "swift")
    done = os.path.join(swiftlib, f".{name}.done")
    if not os.path.exists(done):
        retarget(lib, swiftlib, name, newest)
        write(done, "")
    # The stand-ins live outside the SDK: the compiler takes what is in an SDK
    # as unchanging, and would go on using a module built from a stand-in's
    # older text.
    standins_folder = os.path.join(cache, stamp, f"standins-{name}")
    write_standins(standins_folder, name, newest)
    return sdk, os.path.join(cache, stamp, "modules"), standins_folder


def retarget(lib, swiftlib, name, newest):
    """The toolchain's interfaces (and shims, and clang's headers) in `swiftlib`,
    retargeted to the Apple triple `newest`."""
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
        if module == "Swift":
            out.append(OBJC_POINTERS)
        write(os.path.join(swiftlib, f"{module}.swiftmodule", f"{name}.swiftinterface"),
              "\n".join(out))


def write_standins(folder, name, newest):
    """The stand-ins in `folder` (for `-I`), for the triple `newest`."""
    for module, file in standins.MODULES:
        write(os.path.join(folder, f"{module}.swiftmodule", f"{name}.swiftinterface"),
              standins.read(file).replace("{triple}", newest))
    write(os.path.join(folder, "darwin_standin", "darwin.h"), standins.read(standins.DARWIN))
    write(os.path.join(folder, "module.modulemap"),
          'module Darwin [system] {\n  header "darwin_standin/darwin.h"\n  export *\n}\n')
