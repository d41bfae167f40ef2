"""The "Did you mean ...?" suggestions of diagnostics.

HCL suggests the first candidate, in the order given, whose Levenshtein edit
distance (insertions, deletions and substitutions of code points, each of
cost 1) to the given name is less than 3.

Both names can come from the configuration, so they can be long. With a
limit the distance is found in time linear in the length of the names (and
exponential only in the limit, which is 2 here): where the names agree,
matching the characters is always an optimal choice, so only the first
difference needs a choice of edit, and runs of agreeing characters are
found by comparing slices, not characters one by one.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["edit_distance", "suggest"]

# A suggestion must be closer than this (the reference's threshold).
_THRESHOLD = 3


def edit_distance(a: str, b: str, limit: int | None = None) -> int:
    """The Levenshtein distance between ``a`` and ``b``, counted in code points.

    With ``limit``, the computation stops once the distance is known to
    exceed ``limit``, and then returns some value above ``limit``.
    """
    if limit is not None:
        found = _within(a, 0, b, 0, limit)
        return limit + 1 if found is None else found
    # Common affixes do not change the distance.
    start = _common_prefix(a, 0, b, 0)
    suffix = _common_suffix(a, b, start)
    a, b = a[start : len(a) - suffix], b[start : len(b) - suffix]
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def _common_prefix(a: str, i: int, b: str, j: int) -> int:
    """The length of the longest common prefix of ``a[i:]`` and ``b[j:]``."""
    n = min(len(a) - i, len(b) - j)
    if a[i : i + n] == b[j : j + n]:
        return n
    # The first ``low`` characters agree; the first ``high`` do not. Each
    # step compares only the part not yet known, so the sizes halve.
    low, high = 0, n
    while high - low > 1:
        mid = (low + high) // 2
        if a[i + low : i + mid] == b[j + low : j + mid]:
            low = mid
        else:
            high = mid
    return low


def _common_suffix(a: str, b: str, start: int) -> int:
    """The length of the longest common suffix of ``a[start:]`` and ``b[start:]``."""
    n = min(len(a), len(b)) - start
    low, high = 0, n + 1
    if a[len(a) - n :] == b[len(b) - n :]:
        return n
    while high - low > 1:
        mid = (low + high) // 2
        if a[len(a) - mid : len(a) - low] == b[len(b) - mid : len(b) - low]:
            low = mid
        else:
            high = mid
    return low


def _within(a: str, i: int, b: str, j: int, limit: int) -> int | None:
    """The distance between ``a[i:]`` and ``b[j:]`` if it is at most ``limit``."""
    if abs((len(a) - i) - (len(b) - j)) > limit:
        return None
    same = _common_prefix(a, i, b, j)
    i += same
    j += same
    if i == len(a) or j == len(b):
        # What is left of one name is inserted or deleted; the lengths left
        # differ by at most ``limit`` (checked above).
        return (len(a) - i) + (len(b) - j)
    if limit == 0:
        return None
    best: int | None = None
    # The first characters differ: substitute, delete or insert one.
    for step_a, step_b in ((1, 1), (1, 0), (0, 1)):
        rest = _within(a, i + step_a, b, j + step_b, limit - 1 if best is None else best - 2)
        if rest is not None:
            best = rest + 1
            if best == 1:
                break
    return best


def suggest(given: str, candidates: Iterable[str]) -> str | None:
    """The first candidate close enough to ``given`` to be suggested, if any."""
    for candidate in candidates:
        if edit_distance(given, candidate, _THRESHOLD - 1) < _THRESHOLD:
            return candidate
    return None
