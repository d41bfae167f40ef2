"""go-cty's date and time functions: ``formatdate`` and ``timeadd``, with
go-cty's rules and messages (``function/stdlib/datetime.go``) over Go's
``time`` package (``_go/time.py``).

``formatdate``'s layout language: runs of one ASCII letter are directives
(``YYYY``, ``MM``, ``hh``, ``ZZZZZ``...; any other letter or length is an
error naming the run), text between single quotes is copied (``''`` is a
quote), everything else is copied as it is. go-cty reads the layout with a
``bufio.Scanner``, which stops, without an error, at a directive or quoted
text of 64 KiB or more: the result then ends there, and so does ours.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from .._text import go_quote
from ..values._function import (
    Function,
    FunctionArgError,
    FunctionError,
    Parameter,
    check_result_length,
)
from ..values._limits import current_limits
from ..values._types import STRING
from ..values._value import Value
from ._go.time import (
    MONTH_NAMES,
    WEEKDAY_NAMES,
    DurationError,
    GoTime,
    TimeParseError,
    parse_duration,
    parse_rfc3339,
)

__all__ = ["TIME_FUNCTIONS"]


# --------------------------------------------------------------------------- timestamps

# What go-cty calls each element of the layout time.RFC3339 in its messages.
_ELEMENT_NAMES = {
    "2006": "year",
    "01": "month",
    "02": "day of month",
    "15": "hour",
    "04": "minute",
    "05": "second",
    "Z07:00": "UTC offset",
}
_NOT_UTF8 = re.compile("([\udc80-\udcff])")


def _quote_bytes(text: bytes) -> str:
    """Go's ``%q`` of bytes: as :func:`go_quote`, with a byte that is not UTF-8 as ``\\xNN``."""
    parts = _NOT_UTF8.split(text.decode("utf-8", "surrogateescape"))
    quoted = [
        f"\\x{ord(part) - 0xDC00:02x}" if index % 2 else go_quote(part)[1:-1]
        for index, part in enumerate(parts)
    ]
    return '"' + "".join(quoted) + '"'


def _timestamp_message(error: TimeParseError) -> str:
    """go-cty's rewording of Go's parse error, which names the parts by Go's layout."""
    prefix = "not a valid RFC3339 timestamp"
    elem, rest = error.layout_elem, error.value_elem
    if not elem and not rest and error.message:
        return prefix + error.message
    if elem == "T":
        return f"{prefix}: missing required time introducer 'T'"
    if elem in (":", "-"):
        if not rest:
            return f"{prefix}: end of string where {go_quote(elem)} is expected"
        return f"{prefix}: found {_quote_bytes(rest)} where {go_quote(elem)} is expected"
    what = _ELEMENT_NAMES.get(elem, "timestamp segment")
    if not rest:
        return f"{prefix}: end of string before {what}"
    return f"{prefix}: cannot use {_quote_bytes(rest)} as {what}"


def _timestamp(text: str, index: int | None) -> GoTime:
    """The timestamp argument; its error blames argument ``index`` (``None``: the call)."""
    try:
        return parse_rfc3339(text)
    except TimeParseError as error:
        message = _timestamp_message(error)
    if index is None:
        raise FunctionError(message)
    raise FunctionArgError(index, message)


# --------------------------------------------------------------------------- formatdate

# The layout in pieces: escaped quotes (each pair a quote), quoted text (with its
# closing quote, if any: a quote followed by a quote is an escaped one), and text
# without quotes, where runs of one letter are directives.
_PIECE = re.compile(
    r"(?P<pairs>(?:'')+)|(?P<quoted>'(?:[^']++(?:''[^']*+)*+)?+(?:'|\Z))|(?P<text>[^']+)"
)
_LETTERS = re.compile("([A-Za-z]+)")
_RUN = re.compile("|".join(f"{letter}+" for letter in string.ascii_letters))
# bufio.Scanner's largest token (bufio.MaxScanTokenSize), in bytes; a directive
# or quoted text needs one more byte of lookahead, or the end of the text.
_SCANNER_BUFFER = 64 * 1024
_CACHED = 256  # the longest pieces of a layout worth remembering


class _Stop(Exception):
    """The scanner gives up at a token too long for it; the result ends before it."""

    def __init__(self, partial: str) -> None:
        super().__init__()
        self.partial = partial


def _too_long_for_scanner(token: str) -> bool:
    """Whether ``token`` has too many bytes of UTF-8 for go-cty's scanner."""
    if len(token) * 4 < _SCANNER_BUFFER:
        return False
    return len(token.encode("utf-8", "surrogatepass")) >= _SCANNER_BUFFER


def _number(value: int, size: int) -> str:
    """``%d`` (``size`` 1) or ``%02d`` (``size`` 2) of ``value``."""
    return f"{value:0{size}d}"


def _verb(token: str, t: GoTime) -> str:
    """A directive (a run of one letter) for ``t``; go-cty's error for the format if
    the letter or the length is not one."""
    letter, size = token[0], len(token)

    def wrong(rule: str = "") -> FunctionArgError:
        message = f"invalid date format verb {go_quote(token)}"
        return FunctionArgError(0, f"{message}: {rule}" if rule else message)

    if letter == "Y":
        if size not in (2, 4):
            raise wrong('year must either be "YY" or "YYYY"')
        return _number(t.year % 100, 2) if size == 2 else f"{t.year:04d}"
    if letter == "M":
        if size > 4:
            raise wrong('month must be "M", "MM", "MMM", or "MMMM"')
        name = MONTH_NAMES[t.month - 1]
        return _number(t.month, size) if size <= 2 else name[:3] if size == 3 else name
    if letter == "D":
        if size > 2:
            raise wrong('day of month must either be "D" or "DD"')
        return _number(t.day, size)
    if letter == "E":
        if size not in (3, 4):
            raise wrong('day of week must either be "EEE" or "EEEE"')
        name = WEEKDAY_NAMES[t.weekday()]
        return name[:3] if size == 3 else name
    if letter in "hH":
        if size > 2:
            which = "24-hour" if letter == "h" else "12-hour"
            raise wrong(f'{which} must either be "{letter}" or "{letter * 2}"')
        hour = t.hour if letter == "h" else (t.hour % 12 or 12)
        return _number(hour, size)
    if letter in "Aa":
        if size != 2:
            raise wrong(f'must be "{letter * 2}"')
        marker = "AM" if t.hour < 12 else "PM"
        return marker if letter == "A" else marker.lower()
    if letter in "ms":
        if size > 2:
            which = "minute" if letter == "m" else "second"
            raise wrong(f'{which} must either be "{letter}" or "{letter * 2}"')
        return _number(t.minute if letter == "m" else t.second, size)
    if letter == "Z":
        if size == 1:
            return t.format_offset(colon=True, z_for_utc=True)
        if size == 3:
            return "UTC" if t.offset == 0 else t.format_offset(colon=False, z_for_utc=False)
        if size in (4, 5):
            return t.format_offset(colon=size == 5, z_for_utc=False)
        raise wrong("timezone must be Z, ZZZZ, or ZZZZZ")
    raise wrong()


def _letters(block: str, t: GoTime) -> str:
    """A run of letters (one directive or more) rendered."""
    out: list[str] = []
    for run in _RUN.findall(block):
        if len(run) >= _SCANNER_BUFFER:
            raise _Stop("".join(out))
        out.append(_verb(run, t))
    return "".join(out)


def _text(text: str, t: GoTime, rendered: dict[str, str]) -> str:
    """Text without quotes rendered; ``rendered`` caches the runs of letters."""
    parts = _LETTERS.split(text)
    for index in range(1, len(parts), 2):
        block = parts[index]
        done = rendered.get(block)
        if done is None:
            try:
                done = rendered[block] = _letters(block, t)
            except _Stop as stop:
                raise _Stop("".join(parts[:index]) + stop.partial) from None
        parts[index] = done
    return "".join(parts)


def _quoted(token: str) -> str:
    """Quoted text without its quotes, ``''`` read as a quote."""
    if _too_long_for_scanner(token):
        raise _Stop("")
    if len(token) == 1 or token[-1] != "'":
        raise FunctionArgError(0, "unterminated literal '")
    return token[1:-1].replace("''", "'")


def _piece(token: str, kind: str | None, t: GoTime, rendered: dict[str, str]) -> str:
    """A piece of the layout (a match of ``_PIECE``, of the group ``kind``) rendered."""
    if kind == "pairs":
        return "'" * (len(token) // 2)
    if kind == "quoted":
        return _quoted(token)
    return _text(token, t, rendered)


def _format_date(layout: str, t: GoTime) -> str:
    limit = current_limits().max_string_length
    # Pieces rendered so far, by their text (a quote starts quoted text and pairs
    # of quotes, and no other text holds one, so the keys cannot collide).
    rendered: dict[str, str] = {}
    pieces: list[str] = []
    length = 0
    for match in _PIECE.finditer(layout):
        token = match.group()
        piece = rendered.get(token)
        if piece is None:
            try:
                piece = _piece(token, match.lastgroup, t, rendered)
            except _Stop as stop:
                pieces.append(stop.partial)
                length += len(stop.partial)
                break
            if len(token) < _CACHED:
                rendered[token] = piece
        length += len(piece)
        if length > limit:
            break
        pieces.append(piece)
    check_result_length(length)
    return "".join(pieces)


def _formatdate(args: Sequence[Value], _result: object) -> Value:
    t = _timestamp(args[1].as_str(), 1)
    return Value.string(_format_date(args[0].as_str(), t))


# --------------------------------------------------------------------------- timeadd


def _timeadd(args: Sequence[Value], _result: object) -> Value:
    t = _timestamp(args[0].as_str(), None)
    try:
        duration = parse_duration(args[1].as_str())
    except DurationError as error:
        raise FunctionError(str(error)) from None
    return Value.string(t.add(duration).format_rfc3339())


TIME_FUNCTIONS: Mapping[str, Function] = MappingProxyType(
    {
        "formatdate": Function(
            [Parameter("format", STRING), Parameter("time", STRING)],
            return_type=STRING,
            impl=_formatdate,
        ),
        "timeadd": Function(
            [Parameter("timestamp", STRING), Parameter("duration", STRING)],
            return_type=STRING,
            impl=_timeadd,
        ),
    }
)
