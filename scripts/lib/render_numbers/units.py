"""How the documents write a measured number."""


def ns(value):
    """A duration given in nanoseconds, to about three significant figures."""
    if value >= 1_000_000:
        return f"{value / 1_000_000:.{2 if value < 1e7 else 1}f} ms"
    if value >= 1000:
        micro = value / 1000
        return f"{micro:.{2 if micro < 10 else 1 if micro < 100 else 0}f} µs"
    if value >= 10:
        return f"{value:.0f} ns"
    return f"{value:.1f} ns"


def times(value):
    return f"{value:.2f}×" if value < 10 else f"{value:.0f}×"


def seconds(value):
    return "under a second" if value < 1 else f"{value:.0f} s"

