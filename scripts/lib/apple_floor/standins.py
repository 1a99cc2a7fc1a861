"""Stand-ins for the Apple modules that have no interface in a Linux toolchain
(Darwin, Dispatch, Foundation, XCTest): the declarations that the package, its
example and its tests use, for type-checking only, each as Apple's SDK declares
it. They are the files in standins/; extend them when the code uses more.

A stand-in declares no availability for what is older than the floor (macOS 13,
iOS 16, tvOS 16, watchOS 9), and Apple's for anything newer, so that the
compiler holds a use of it to the floor as Xcode would."""
import os

FOLDER = os.path.join(os.path.dirname(os.path.realpath(__file__)), "standins")
# The Swift modules, as (module name, file), in the order they import each other.
MODULES = [("Darwin", "Darwin.swiftinterface"), ("Dispatch", "Dispatch.swiftinterface"), ("Foundation", "Foundation.swiftinterface"),
           ("XCTest", "XCTest.swiftinterface")]
DARWIN = "darwin.h"


def read(name):
    with open(os.path.join(FOLDER, name)) as f:
        return f.read()

