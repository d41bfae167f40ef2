"""Unicode rules of HCL: identifiers, grapheme clusters and white space.

The properties come from the generated tables (``_text/_tables.py``), generated from
the Unicode Character Database (version :data:`UNICODE_VERSION`) by
``tools/generate/gen_unicode.py``, so the rules do not depend on the Unicode
version of the running Python.

* Identifiers follow HCL's rule ``(ID_Start | "_") (ID_Continue | "-")*``
  (UAX #31 with a leading underscore and dashes allowed). This differs from
  :meth:`str.isidentifier`, which uses XID properties and NFKC.
* Columns in source positions count extended grapheme clusters (UAX #29),
  what a reader sees as one character.
* White space, where HCL strips or counts it (heredoc indentation, template
  strip markers ``~``), is the ``White_Space`` property, which is what Go's
  ``unicode.IsSpace`` tests.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from ._tables import (
    EXTENDED_PICTOGRAPHIC,
    GB_CONTROL,
    GB_CR,
    GB_EXTEND,
    GB_L,
    GB_LF,
    GB_LV,
    GB_LVT,
    GB_PREPEND,
    GB_REGIONAL_INDICATOR,
    GB_SPACING_MARK,
    GB_T,
    GB_V,
    GB_ZWJ,
    ID_CONTINUE,
    ID_START,
    UNICODE_VERSION,
    WHITE_SPACE,
)

__all__ = [
    "ASCII_IDENT_PATTERN",
    "IDENT_PATTERN",
    "SPACE_CHARS",
    "SPACE_CLASS",
    "UNICODE_VERSION",
    "cluster_starts",
    "grapheme_count",
    "has_joiners",
    "is_identifier",
    "is_space",
    "iter_graphemes",
]

_ASTRAL = "\U00010000-\U0010ffff"


def _any_of(*classes: tuple[str, str], extra: str = "") -> str:
    """A pattern matching one code point of any of the classes (or of ``extra``).

    Code points beyond U+FFFF are tested only after a cheap range check, so
    that the common ones are tested with the regular expression engine's
    fast table of the Basic Multilingual Plane.
    """
    bmp = extra + "".join(c[0] for c in classes)
    astral = "".join(c[1] for c in classes)
    if not astral:
        return f"[{bmp}]"
    if not bmp:
        return f"[{astral}]"
    return f"(?:[{bmp}]|(?=[{_ASTRAL}])[{astral}])"


def _none_of(*classes: tuple[str, str], extra: str = "") -> str:
    """A pattern matching one code point in none of the classes (nor in ``extra``)."""
    bmp = extra + "".join(c[0] for c in classes)
    astral = "".join(c[1] for c in classes)
    return f"(?:[^{bmp}{_ASTRAL}]|(?=[{_ASTRAL}])[^{astral}\x00-\uffff])"


#: Regular-expression source of one HCL identifier, for use inside larger
#: patterns. It has no groups and needs no flags.
IDENT_PATTERN = _any_of(ID_START, extra="_") + _any_of(ID_CONTINUE, extra=r"\-") + "*"

#: :data:`IDENT_PATTERN` for text known to be ASCII: it matches the same
#: identifiers there, and compiles in microseconds rather than milliseconds.
ASCII_IDENT_PATTERN = r"[A-Za-z_][A-Za-z0-9_\-]*"

#: Body of a regular-expression character class of the white-space
#: characters (use it inside ``[...]``); all of them are below U+FFFF.
SPACE_CLASS = WHITE_SPACE[0]


def _unescape(body: str) -> str:
    """``body`` with its ``\\xHH`` and ``\\uHHHH`` escapes read (the tables use no others)."""
    out: list[str] = []
    i = 0
    while i < len(body):
        if body[i] == "\\":
            digits = 2 if body[i + 1] == "x" else 4
            out.append(chr(int(body[i + 2 : i + 2 + digits], 16)))
            i += 2 + digits
        else:
            out.append(body[i])
            i += 1
    return "".join(out)


def _class_members(body: str) -> str:
    """Every character named by a character-class body of characters and ranges."""
    chars = _unescape(body)
    members: list[str] = []
    i = 0
    while i < len(chars):
        if chars[i + 1 : i + 2] == "-" and i + 2 < len(chars):
            members.extend(map(chr, range(ord(chars[i]), ord(chars[i + 2]) + 1)))
            i += 3
        else:
            members.append(chars[i])
            i += 1
    return "".join(members)


#: The white-space characters, for ``str.strip`` (Go's ``bytes.TrimSpace``).
SPACE_CHARS = _class_members(SPACE_CLASS)

# Code points that never form a cluster with a neighbour: controls, and
# lone surrogates (the undecodable bytes of a ``surrogateescape``-decoded
# file), which stand for one byte each and so count as one character each.
_CONTROLS = (GB_CONTROL, GB_CR, GB_LF, ("\\ud800-\\udfff", ""))
_HANGUL_SYLLABLE = (
    f"{_any_of(GB_L)}*(?:{_any_of(GB_V)}+|{_any_of(GB_LV)}{_any_of(GB_V)}*|{_any_of(GB_LVT)})"
    f"{_any_of(GB_T)}*|{_any_of(GB_L)}+|{_any_of(GB_T)}+"
)
_PICTOGRAPHIC = _any_of(EXTENDED_PICTOGRAPHIC)
_PICTOGRAPHIC_SEQUENCE = (
    f"{_PICTOGRAPHIC}(?:{_any_of(GB_EXTEND)}*{_any_of(GB_ZWJ)}{_PICTOGRAPHIC})*"
)


class _Patterns:
    """The compiled patterns with large character classes, made on first use.

    Compiling them costs tens of milliseconds, which ``import hcldecode``
    should not pay for a program that never needs them.
    """

    def __init__(self) -> None:
        self.ident = re.compile(IDENT_PATTERN)
        # One extended grapheme cluster: the regular expression of UAX #29, table 1b.
        self.cluster = re.compile(
            f"\r\n|{_any_of(*_CONTROLS)}"
            f"|{_any_of(GB_PREPEND)}*"
            f"(?:{_HANGUL_SYLLABLE}"
            f"|{_any_of(GB_REGIONAL_INDICATOR)}{{2}}"
            f"|{_PICTOGRAPHIC_SEQUENCE}"
            f"|{_none_of(*_CONTROLS)})"
            f"{_any_of(GB_EXTEND, GB_ZWJ, GB_SPACING_MARK)}*"
        )
        # The code points that can form a cluster with a neighbour (CR LF aside).
        # Where none occurs, every code point is a cluster of its own.
        self.joiner = re.compile(
            _any_of(
                GB_EXTEND,
                GB_ZWJ,
                GB_SPACING_MARK,
                GB_PREPEND,
                GB_REGIONAL_INDICATOR,
                GB_L,
                GB_V,
                GB_T,
                GB_LV,
                GB_LVT,
            )
        )


@functools.cache
def _patterns() -> _Patterns:
    return _Patterns()


_ASCII_IDENT = re.compile(ASCII_IDENT_PATTERN)


def is_identifier(s: str) -> bool:
    """True when ``s`` is an HCL identifier: ``(ID_Start | "_") (ID_Continue | "-")*``."""
    pattern = _ASCII_IDENT if s.isascii() else _patterns().ident
    return pattern.fullmatch(s) is not None


def is_space(ch: str) -> bool:
    """True when the single character ``ch`` is white space (Go's ``unicode.IsSpace``)."""
    return len(ch) == 1 and ch in SPACE_CHARS


def grapheme_count(s: str) -> int:
    """The number of extended grapheme clusters in ``s`` (UAX #29).

    ``"\\r\\n"`` is one cluster. A lone surrogate counts as one cluster.
    """
    if s.isascii() or _patterns().joiner.search(s) is None:
        return len(s) - s.count("\r\n")
    return sum(1 for _ in _patterns().cluster.finditer(s))


def iter_graphemes(s: str) -> Iterator[str]:
    """The extended grapheme clusters of ``s``, in order."""
    for m in _patterns().cluster.finditer(s):
        yield m.group()


def cluster_starts(s: str) -> list[int]:
    """The offsets in ``s`` where its extended grapheme clusters start."""
    return [m.start() for m in _patterns().cluster.finditer(s)]


def has_joiners(s: str) -> bool:
    """True when some code points of ``s`` may form one cluster together.

    When false, every code point of ``s`` is one cluster.
    """
    return "\r\n" in s or (not s.isascii() and _patterns().joiner.search(s) is not None)
