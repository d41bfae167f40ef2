"""The "Did you mean ...?" suggestions of diagnostics.

HCL suggests the first candidate, in the order given, whose Levenshtein edit
distance (insertions, deletions and substitutions of code points, each of
cost 1) to the given name is less than 3.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["edit_distance", "suggest"]

# A suggestion must be closer than this (the reference's threshold).
_THRESHOLD = 3


def edit_distance(a: str, b: str, limit: int | None = None) -> int:
    """The Levenshtein distance between ``a`` and ``b``, counted in code points.

    With ``limit``, the computation may stop early once the distance is
    known to exceed ``limit``, and then returns some value above ``limit``.
    """
    # Common affixes do not change the distance.
    start = 0
    shortest = min(len(a), len(b))
    while start < shortest and a[start] == b[start]:
        start += 1
    end_a, end_b = len(a), len(b)
    while end_a > start and end_b > start and a[end_a - 1] == b[end_b - 1]:
        end_a -= 1
        end_b -= 1
    a, b = a[start:end_a], b[start:end_b]
    if len(a) < len(b):
        a, b = b, a
    if limit is not None and len(a) - len(b) > limit:
        return len(a) - len(b)
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        if limit is not None and min(current) > limit:
            return min(current)
        previous = current
    return previous[-1]


def suggest(given: str, candidates: Iterable[str]) -> str | None:
    """The first candidate close enough to ``given`` to be suggested, if any."""
    for candidate in candidates:
        if edit_distance(given, candidate, _THRESHOLD - 1) < _THRESHOLD:
            return candidate
    return None
