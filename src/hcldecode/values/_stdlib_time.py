"""go-cty's date and time functions: ``formatdate`` and ``timeadd``, with
go-cty's rules and messages (``function/stdlib/datetime.go``) over Go's
``time`` package (:mod:`._gotime`).

``formatdate``'s layout language: runs of one ASCII letter are directives
(``YYYY``, ``MM``, ``hh``, ``ZZZZZ``...; any other letter or length is an
error naming the run), text between single quotes is copied (``''`` is a
quote), everything else is copied as it is. go-cty reads the layout with a
``bufio.Scanner``, which stops, without an error, at a directive or quoted
text of 64 KiB or more: the result then ends there, and so does ours.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from .._text import go_quote
from ._function import Function, FunctionArgError, FunctionError, Parameter
from ._gotime import (
    MONTH_NAMES,
    WEEKDAY_NAMES,
    DurationError,
    GoTime,
    TimeParseError,
    parse_duration,
    parse_rfc3339,
)
from ._limits import current_limits
from ._types import STRING
from ._value import Value

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

# A run of one letter (a directive), or text without letters and quotes.
_TOKEN = re.compile(r"([A-Za-z])\1*|[^A-Za-z']+")
# bufio.Scanner's largest token (bufio.MaxScanTokenSize), in bytes; a directive
# or quoted text needs one more byte of lookahead, or the end of the text.
_SCANNER_BUFFER = 64 * 1024


def _quoted_end(layout: str, start: int) -> int:
    """Where the quoted text that starts at ``start`` ends: after the closing quote
    (one not doubled), or at the end of the layout, closed or not."""
    if layout.startswith("''", start):
        return start + 2
    pos = start + 1
    while True:
        quote = layout.find("'", pos)
        if quote < 0 or quote + 1 == len(layout):
            return len(layout)
        if layout[quote + 1] != "'":
            return quote + 1
        pos = quote + 2


def _too_long_for_scanner(token: str) -> bool:
    if len(token) * 4 < _SCANNER_BUFFER:
        return False
    return len(token.encode("utf-8", "surrogatepass")) >= _SCANNER_BUFFER


def _number(value: int, size: int) -> str:
    """``%d`` (``size`` 1) or ``%02d`` (``size`` 2) of ``value``."""
    return f"{value:0{size}d}"


def _verb(token: str, t: GoTime) -> str:
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


def _format_date(layout: str, t: GoTime) -> str:
    limit = current_limits().max_string_length
    pieces: list[str] = []
    length = pos = 0
    while pos < len(layout):
        if layout[pos] == "'":
            end = _quoted_end(layout, pos)
            token = layout[pos:end]
            if _too_long_for_scanner(token):
                break
            if len(token) == 1 or token[-1] != "'":
                raise FunctionArgError(0, "unterminated literal '")
            piece = "'" if len(token) == 2 else token[1:-1].replace("''", "'")
        else:
            match = _TOKEN.match(layout, pos)
            assert match is not None  # not a quote: a letter, or text
            token, end = match.group(), match.end()
            if match.group(1) is None:
                piece = token
            elif len(token) >= _SCANNER_BUFFER:
                break
            else:
                piece = _verb(token, t)
        length += len(piece)
        if length > limit:
            raise FunctionError(f"the result would be longer than {limit} characters")
        pieces.append(piece)
        pos = end
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
