"""What is known about an unknown value: its refinements (go-cty 1.13 and later).

An unknown value may carry a :class:`Refinement`: whether it can be null, and
for its type a little more — a prefix every string it stands for starts
with, bounds on a number, bounds on a collection's length. Operations use
refinements to give known results from unknown operands
(``"https://${x}" != null`` is true) and pass them on to unknown results.
This module holds only the data; :meth:`Value.refine` builds refinements and
:meth:`Value.range` reads them.
"""

from __future__ import annotations

import functools
import unicodedata
from typing import Final, NoReturn

from .._text import cluster_starts
from . import _number as number
from ._number import Num

__all__ = ["MAX_LENGTH", "UNREFINED", "Refinement", "prefix_before_split", "safe_known_prefix"]

MAX_LENGTH: Final = 2**63 - 1
"""The length bound that means no bound (Go's largest int, which go-cty uses)."""


class Refinement:
    """The payload of an unknown value: what is known about the value it stands for.

    Every field is "nothing known" by default: :data:`UNREFINED`, the payload
    of a plain unknown value, has no field set. Which fields apply depends on
    the value's type: ``prefix`` for strings, the bounds for numbers, the
    lengths for lists, sets and maps; ``not_null`` for every type but the
    dynamic pseudo-type.

    Immutable; equal when every field is.
    """

    # Written out rather than a dataclass: its methods are compiled from source text
    # in every process, at import.
    __match_args__ = (
        "not_null",
        "prefix",
        "lower",
        "lower_inclusive",
        "upper",
        "upper_inclusive",
        "min_length",
        "max_length",
    )
    __slots__ = __match_args__

    not_null: bool
    prefix: str
    lower: Num | None
    lower_inclusive: bool
    upper: Num | None
    upper_inclusive: bool
    min_length: int
    max_length: int

    def __init__(  # noqa: PLR0917  (one parameter per field)
        self,
        not_null: bool = False,
        prefix: str = "",
        lower: Num | None = None,
        lower_inclusive: bool = False,
        upper: Num | None = None,
        upper_inclusive: bool = False,
        min_length: int = 0,
        max_length: int = MAX_LENGTH,  # no upper bound
    ) -> None:
        init = object.__setattr__
        init(self, "not_null", not_null)
        init(self, "prefix", prefix)
        init(self, "lower", lower)
        init(self, "lower_inclusive", lower_inclusive)
        init(self, "upper", upper)
        init(self, "upper_inclusive", upper_inclusive)
        init(self, "min_length", min_length)
        init(self, "max_length", max_length)

    def _fields(self) -> tuple[object, ...]:
        return (
            self.not_null,
            self.prefix,
            self.lower,
            self.lower_inclusive,
            self.upper,
            self.upper_inclusive,
            self.min_length,
            self.max_length,
        )

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Refinement)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{n}={v!r}" for n, v in zip(self.__match_args__, self._fields(), strict=True)
        )
        return f"{type(self).__qualname__}({shown})"

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[object, ...] | str:
        if self is UNREFINED:  # pickled by name: a plain unknown stays plain
            return "UNREFINED"
        return (Refinement, self._fields())

    def describe(self) -> str:
        """The builder calls that make this refinement, in the order go-cty prints them."""
        calls = []
        if self.not_null:
            calls.append(".not_null()")
        if self.prefix:
            calls.append(f".string_prefix_full({self.prefix!r})")
        if self.lower is not None:
            calls.append(
                f".number_lower_bound({number.to_string(self.lower)}, {self.lower_inclusive})"
            )
        if self.upper is not None:
            calls.append(
                f".number_upper_bound({number.to_string(self.upper)}, {self.upper_inclusive})"
            )
        if self.min_length:
            calls.append(f".collection_length_lower_bound({self.min_length})")
        if self.max_length != MAX_LENGTH:
            calls.append(f".collection_length_upper_bound({self.max_length})")
        return "".join(calls)


UNREFINED: Final = Refinement()
"""The payload of every unknown value about which nothing more is known."""


# Characters after which no grapheme cluster can continue: go-cty keeps them
# at the end of a string prefix (ctystrings.SafeKnownPrefix).
_CLUSTER_ENDERS: Final = frozenset("-_:;/\\,.(){}[]|?!~ \t@#$%^&*+\"'")

# The Unicode stream-safe limit on non-starters that NFC looks back over.
_MAX_NON_STARTERS: Final = 30


def safe_known_prefix(prefix: str) -> str:
    """The part of a string prefix that text appended to it cannot change.

    As go-cty's ``ctystrings.SafeKnownPrefix`` computes it. If the prefix's
    last character could compose with a following one (a letter with a
    combining accent), everything from the last starter on is dropped.
    Otherwise its last grapheme cluster is dropped, unless that cluster is a
    single delimiter such as ``/`` or ``:`` that nothing can extend.

    Args:
        prefix: The known start of a string; it is NFC-normalised.

    Returns:
        The safe part of it (possibly empty).
    """
    prefix = unicodedata.normalize("NFC", prefix)
    if not prefix:
        return prefix
    boundary = _last_nfc_boundary(prefix)
    if boundary not in (-1, len(prefix)):
        return prefix[:boundary]
    starts = cluster_starts(prefix)
    last = prefix[starts[-1] :]
    if last in _CLUSTER_ENDERS:
        return prefix
    return prefix[: starts[-1]]


def prefix_before_split(prefix: str) -> str:
    """go-cty's safe prefix of text whose last character was cut in two (as a
    cut at a byte count can do): the broken character is dropped, and the
    text is then cut at its last NFC boundary only; no grapheme cluster is
    dropped."""
    prefix = unicodedata.normalize("NFC", prefix)
    if not prefix:
        return prefix
    boundary = _last_nfc_boundary(prefix)
    return prefix[: max(boundary, 0)]


def _last_nfc_boundary(s: str) -> int:
    """Where the last NFC normalisation segment of ``s`` starts (Go's
    ``norm.NFC.LastBoundary``): ``len(s)`` if the last character cannot
    combine with what follows, -1 if no starter precedes it."""
    if _is_inert(s[-1]):
        return len(s)
    for non_starters, i in enumerate(range(len(s) - 1, -1, -1)):
        if unicodedata.combining(s[i]) == 0 or non_starters >= _MAX_NON_STARTERS:
            return i
    return -1


def _is_inert(ch: str) -> bool:
    """Whether NFC leaves ``ch`` alone whatever follows, as Go's ``norm`` package
    decides it: not a combining mark, without a canonical decomposition (a
    Hangul syllable counts as having one), and neither the first nor the
    second character of any composition."""
    if unicodedata.combining(ch) != 0 or _HANGUL_S <= ord(ch) < _HANGUL_S + 11172:
        return False
    decomposition = unicodedata.decomposition(ch)
    if decomposition and not decomposition.startswith("<"):
        return False
    firsts, seconds = _compositions()
    return ch not in firsts and ch not in seconds


@functools.cache
def _compositions() -> tuple[frozenset[str], frozenset[str]]:
    """The characters that begin, and those that end, a canonical composition
    (worked out once, on first use)."""
    firsts = {chr(c) for c in range(_HANGUL_L, _HANGUL_L + 19)}
    seconds = {chr(c) for c in range(_HANGUL_V, _HANGUL_V + 21)}
    seconds.update(chr(c) for c in range(_HANGUL_T + 1, _HANGUL_T + 28))
    firsts.update(chr(c) for c in range(_HANGUL_S, _HANGUL_S + 11172, 28))
    for code in range(_LAST_DECOMPOSABLE + 1):
        ch = chr(code)
        parts = unicodedata.decomposition(ch).split()
        if len(parts) == 2 and not parts[0].startswith("<"):
            pair = chr(int(parts[0], 16)) + chr(int(parts[1], 16))
            if unicodedata.normalize("NFC", pair) == ch:
                firsts.add(pair[0])
                seconds.add(pair[1])
    return frozenset(firsts), frozenset(seconds)


_HANGUL_L: Final = 0x1100
_HANGUL_V: Final = 0x1161
_HANGUL_T: Final = 0x11A7
_HANGUL_S: Final = 0xAC00
_LAST_DECOMPOSABLE: Final = 0x2FA1D
