"""What scripts/check-apple-floor is made of: the stand-ins for the modules
this toolchain has no Apple interface for (standins), and the stand-in SDK
made from the toolchain's own interfaces (sdk)."""
