"""What scripts/check-apple-floor is made of: the stand-in SDK made from the
toolchain's own interfaces (sdk), the stand-ins for the modules this toolchain
has no Apple interface for (standins), one OS version's type-check (floor), and
what `swift test` builds on a Mac, with the self-test's plants there (tests)."""
