"""Character sets for RE2 patterns: Unicode categories and scripts, and case folding.

A character set is a tuple of ``(lo, hi)`` code-point ranges, sorted and
disjoint (:data:`Ranges`). The general categories (``\\pL``, ``\\p{Lu}``) and
simple case folding come from the running Python's :mod:`unicodedata` and
``str`` case mappings; the scripts (``\\p{Greek}``), which :mod:`unicodedata`
does not have, from Go's own tables (``regexp_scripts``). Each table is built
on first use, not at import.
"""

from __future__ import annotations

import bisect
import functools
import unicodedata
from collections.abc import Iterable

from .regexp_scripts import SCRIPTS

__all__ = [
    "MAX_RUNE",
    "Ranges",
    "category",
    "fold_closure",
    "fold_count",
    "merge",
    "negate",
    "script",
]

Ranges = tuple[tuple[int, int], ...]
"""A set of code points: sorted, disjoint, non-adjacent ``(lo, hi)`` ranges."""

MAX_RUNE = 0x10FFFF

# Go's one-letter categories are unions of two-letter ones; Go has no "Cn"
# (unassigned), so its "C" is Cc, Cf, Co and Cs.
_GROUPS = {
    "C": ("Cc", "Cf", "Co", "Cs"),
    "L": ("Ll", "Lm", "Lo", "Lt", "Lu"),
    "M": ("Mc", "Me", "Mn"),
    "N": ("Nd", "Nl", "No"),
    "P": ("Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps"),
    "S": ("Sc", "Sk", "Sm", "So"),
    "Z": ("Zl", "Zp", "Zs"),
}

# Go's simple case folding (regexp/syntax's minFold and maxFold): no code
# point outside these folds to another.
_MIN_FOLD = 0x41
_MAX_FOLD = 0x1E943

# Python maps DOTLESS I to "I" in upper case; Go's folding (Unicode's
# CaseFolding.txt without the Turkic mappings) leaves it alone.
_NOT_FOLDED = frozenset({0x131})


def merge(ranges: Iterable[tuple[int, int]]) -> Ranges:
    """The ranges sorted, with overlapping and adjacent ones joined."""
    out: list[tuple[int, int]] = []
    for lo, hi in sorted(ranges):
        if out and lo <= out[-1][1] + 1:
            if hi > out[-1][1]:
                out[-1] = (out[-1][0], hi)
        else:
            out.append((lo, hi))
    return tuple(out)


def negate(ranges: Ranges, top: int = MAX_RUNE) -> Ranges:
    """The code points up to ``top`` that ``ranges`` does not hold."""
    out: list[tuple[int, int]] = []
    next_lo = 0
    for lo, hi in ranges:
        if next_lo < lo:
            out.append((next_lo, lo - 1))
        next_lo = hi + 1
    if next_lo <= top:
        out.append((next_lo, top))
    return tuple(out)


def category(name: str) -> Ranges | None:
    """The code points of the general category ``name`` (Go's names: ``L``,
    ``Lu``, ...; no ``Cn``), or ``None`` when Go has no such category."""
    return _categories().get(name)


@functools.lru_cache(maxsize=1)
def _categories() -> dict[str, Ranges]:
    runs: dict[str, list[tuple[int, int]]] = {}
    start, current = 0, unicodedata.category("\0")
    for code in range(1, MAX_RUNE + 2):
        cat = unicodedata.category(chr(code)) if code <= MAX_RUNE else ""
        if cat != current:
            runs.setdefault(current, []).append((start, code - 1))
            start, current = code, cat
    runs.pop("Cn", None)
    tables = {name: merge(ranges) for name, ranges in runs.items()}
    for group, members in _GROUPS.items():
        tables[group] = merge(r for m in members for r in tables.get(m, ()))
    return tables


@functools.lru_cache(maxsize=len(SCRIPTS))
def script(name: str) -> Ranges | None:
    """The code points of the script ``name`` (``Greek``, ``Han``...), or ``None``."""
    text = SCRIPTS.get(name)
    if text is None:
        return None
    ranges = []
    for run in text.split():
        lo, _, hi = run.partition("-")
        ranges.append((int(lo, 16), int(hi or lo, 16)))
    return merge(ranges)


def fold_closure(ranges: Iterable[tuple[int, int]]) -> Ranges:
    """The ranges with every code point that simple case folding makes equal to
    one of theirs (``k`` brings ``K`` and the Kelvin sign), as Go's ``(?i)``."""
    return _fold_closure(tuple(ranges))


def fold_count(ranges: Ranges) -> int:
    """How many code points in ``ranges`` fold to others (the work of
    :func:`fold_closure`)."""
    if any(lo <= _MIN_FOLD and hi >= _MAX_FOLD for lo, hi in ranges):
        return 0
    foldable, _ = _fold_table()
    return sum(
        bisect.bisect_right(foldable, hi) - bisect.bisect_left(foldable, lo) for lo, hi in ranges
    )


@functools.lru_cache(maxsize=256)
def _fold_closure(given: Ranges) -> Ranges:
    if any(lo <= _MIN_FOLD and hi >= _MAX_FOLD for lo, hi in given):
        return merge(given)  # every code point that folds is in already
    foldable, orbits = _fold_table()
    extra: list[tuple[int, int]] = []
    for lo, hi in given:
        first = bisect.bisect_left(foldable, max(lo, _MIN_FOLD))
        last = bisect.bisect_right(foldable, min(hi, _MAX_FOLD))
        for code in foldable[first:last]:
            extra.extend((c, c) for c in orbits[code])
    return merge([*given, *extra])


@functools.lru_cache(maxsize=1)
def _fold_table() -> tuple[list[int], dict[int, tuple[int, ...]]]:
    """The code points that fold to others, sorted, and the orbit of each:
    the code points joined by one-to-one lower- and upper-case mappings."""
    parent: dict[int, int] = {}

    def root(code: int) -> int:
        while parent.get(code, code) != code:
            code = parent[code]
        return code

    for code in range(_MIN_FOLD, _MAX_FOLD + 1):
        if code in _NOT_FOLDED:
            continue
        char = chr(code)
        for mapped in (char.lower(), char.upper()):
            if len(mapped) == 1 and mapped != char and ord(mapped) not in _NOT_FOLDED:
                a, b = root(code), root(ord(mapped))
                if a != b:
                    parent[max(a, b)] = min(a, b)
    members: dict[int, list[int]] = {}
    for code in list(parent):
        members.setdefault(root(code), []).append(code)
    orbits: dict[int, tuple[int, ...]] = {}
    for top, rest in members.items():
        orbit = tuple(sorted({top, *rest}))
        for code in orbit:
            orbits[code] = orbit
    return sorted(orbits), orbits
