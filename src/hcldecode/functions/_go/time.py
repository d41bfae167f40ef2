"""Go's ``time`` package as go-cty's ``formatdate`` and ``timeadd`` use it.

The behaviour is that of Go 1.19, the toolchain of the reference build:
``time.Parse(time.RFC3339, ...)`` (:func:`parse_rfc3339`),
``time.ParseDuration`` (:func:`parse_duration`), ``Time.Add`` and the
formatting of dates and UTC offsets (:class:`GoTime`).

Go's parser is more lenient than RFC 3339 in places (a one-digit hour, a
comma before the fraction, offsets such as ``+99:99`` or ``+-1:00``) and
stricter in others (no lower-case ``t`` or ``z``, no leap second ``:60``);
each rule here is Go's. Dates are proleptic Gregorian with a year 0, over
the whole range that adding a duration (at most about 292 years) to a
parsed year (0000 to 9999) reaches, which Python's ``datetime`` cannot hold.
"""

from __future__ import annotations

import re
from typing import NamedTuple

__all__ = ["DurationError", "GoTime", "TimeParseError", "parse_duration", "parse_rfc3339"]

_NS_PER_SECOND = 1_000_000_000
_SECONDS_PER_DAY = 86_400
_DIGIT_RUN = re.compile(rb"[0-9]*")
# A number with its unit, as ParseDuration reads them one after the other.
_COMPONENT = re.compile(rb"([0-9]*)(\.[0-9]*)?([^.0-9]*)")
_UNSIGNED = re.compile(rb"[0-9]*\Z")

MONTH_NAMES = (
    "January", "February", "March", "April", "May", "June", "July",
    "August", "September", "October", "November", "December",
)  # fmt: skip
"""English month names, January first (Go's ``Month.String``)."""
WEEKDAY_NAMES = ("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")
"""English weekday names, Sunday first (Go's ``Weekday.String``)."""


# --------------------------------------------------------------------------- calendar


def _is_leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _days_in(month: int, year: int) -> int:
    if month == 2:
        return 29 if _is_leap(year) else 28
    return 30 if month in (4, 6, 9, 11) else 31


def _days_from_civil(year: int, month: int, day: int) -> int:
    """Days from 1970-01-01 to the date (negative before it)."""
    y = year - (month <= 2)
    era, yoe = divmod(y, 400)
    doy = (153 * (month - 3 if month > 2 else month + 9) + 2) // 5 + day - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146_097 + doe - 719_468


def _civil_from_days(days: int) -> tuple[int, int, int]:
    """The date ``days`` after 1970-01-01: year, month, day."""
    era, doe = divmod(days + 719_468, 146_097)
    yoe = (doe - doe // 1460 + doe // 36_524 - doe // 146_096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    day = doy - (153 * mp + 2) // 5 + 1
    month = mp + 3 if mp < 10 else mp - 9
    return yoe + era * 400 + (month <= 2), month, day


# --------------------------------------------------------------------------- times


class GoTime(NamedTuple):
    """A ``time.Time`` at a fixed UTC offset: the date and time of day as a clock
    at that offset shows them, and the offset in seconds east of UTC."""

    year: int
    month: int
    day: int
    hour: int
    minute: int
    second: int
    nanosecond: int
    offset: int

    def weekday(self) -> int:
        """The day of the week, 0 for Sunday."""
        return (_days_from_civil(self.year, self.month, self.day) + 4) % 7

    def add(self, nanoseconds: int) -> GoTime:
        """``Time.Add``: the time ``nanoseconds`` later, at the same offset."""
        days = _days_from_civil(self.year, self.month, self.day)
        clock = (self.hour * 60 + self.minute) * 60 + self.second
        total = (days * _SECONDS_PER_DAY + clock) * _NS_PER_SECOND + self.nanosecond + nanoseconds
        seconds, nanosecond = divmod(total, _NS_PER_SECOND)
        days, clock = divmod(seconds, _SECONDS_PER_DAY)
        year, month, day = _civil_from_days(days)
        minutes, second = divmod(clock, 60)
        hour, minute = divmod(minutes, 60)
        return GoTime(year, month, day, hour, minute, second, nanosecond, self.offset)

    def format_offset(self, *, colon: bool, z_for_utc: bool) -> str:
        """The offset as Go's layouts ``-0700`` and ``-07:00`` print it (``Z0700``,
        ``Z07:00`` with ``z_for_utc``); hours past 99 take three digits."""
        if z_for_utc and self.offset == 0:
            return "Z"
        minutes = abs(self.offset) // 60
        sign = "-" if self.offset < 0 and minutes else "+"
        hours, minutes = divmod(minutes, 60)
        return f"{sign}{hours:02d}{':' if colon else ''}{minutes:02d}"

    def format_rfc3339(self) -> str:
        """``Format(time.RFC3339)``: whole seconds, ``Z`` for UTC; a year outside
        0000 to 9999 is printed with its sign and all its digits."""
        year = f"-{-self.year:04d}" if self.year < 0 else f"{self.year:04d}"
        return (
            f"{year}-{self.month:02d}-{self.day:02d}T{self.hour:02d}:{self.minute:02d}:"
            f"{self.second:02d}{self.format_offset(colon=True, z_for_utc=True)}"
        )


class TimeParseError(ValueError):
    """Go's ``time.ParseError`` for the layout ``time.RFC3339``.

    ``layout_elem`` is the part of the layout that did not match (``"2006"``,
    ``"-"``, ``"T"``, ...; empty for a check of the whole value),
    ``value_elem`` the rest of the value from there (UTF-8 bytes, which may
    start inside a character), ``message`` Go's text for a field out of range
    or trailing text (with its leading ``": "``), else empty.
    """

    def __init__(self, layout_elem: str, value_elem: bytes, message: str = "") -> None:
        super().__init__(f"cannot parse {value_elem!r} as {layout_elem!r}{message}")
        self.layout_elem = layout_elem
        self.value_elem = value_elem
        self.message = message


def _atoi(text: bytes) -> int | None:
    """Go's ``time.atoi`` of a short field: an optional sign, then digits (maybe none)."""
    sign = 1
    if text[:1] in (b"+", b"-"):
        sign = -1 if text[:1] == b"-" else 1
        text = text[1:]
    if not _UNSIGNED.match(text):
        return None
    return sign * int(text) if text else 0


def _end(run: re.Pattern[bytes], value: bytes, pos: int) -> int:
    """Where the ``run`` (a pattern that matches the empty string too) from ``pos`` ends."""
    match = run.match(value, pos)
    assert match is not None
    return match.end()


def _is_digit(value: bytes, index: int) -> bool:
    return index < len(value) and 0x30 <= value[index] <= 0x39


def _getnum(value: bytes, elem: str, *, fixed: bool) -> tuple[int, bytes]:
    """One or two digits (two if ``fixed``), and the rest of the value."""
    if not _is_digit(value, 0):
        raise TimeParseError(elem, value)
    if not _is_digit(value, 1):
        if fixed:
            raise TimeParseError(elem, value)
        return value[0] - 0x30, value[1:]
    return (value[0] - 0x30) * 10 + value[1] - 0x30, value[2:]


def _field(
    value: bytes, elem: str, name: str, *, fixed: bool, low: int, high: int
) -> tuple[int, bytes]:
    """A two-digit field that must lie in ``low`` to ``high`` (inclusive)."""
    number, rest = _getnum(value, elem, fixed=fixed)
    if not low <= number <= high:
        raise TimeParseError(elem, rest, f": {name} out of range")
    return number, rest


def _skip(value: bytes, literal: bytes) -> bytes:
    if value[:1] != literal:
        raise TimeParseError(literal.decode(), value)
    return value[1:]


def parse_rfc3339(text: str) -> GoTime:
    """``time.Parse(time.RFC3339, text)``; raises :class:`TimeParseError` as Go does."""
    value = text.encode("utf-8", "surrogatepass")
    if len(value) < 4 or not _is_digit(value, 0):
        raise TimeParseError("2006", value)
    year, value = _atoi(value[:4]), value[4:]
    if year is None:
        raise TimeParseError("2006", value)
    value = _skip(value, b"-")
    month, value = _field(value, "01", "month", fixed=True, low=1, high=12)
    value = _skip(value, b"-")
    day, value = _getnum(value, "02", fixed=True)  # checked against the month below
    value = _skip(value, b"T")
    hour, value = _field(value, "15", "hour", fixed=False, low=0, high=23)
    value = _skip(value, b":")
    minute, value = _field(value, "04", "minute", fixed=True, low=0, high=59)
    value = _skip(value, b":")
    has_fraction = len(value) >= 2 and value[0] in b".," and _is_digit(value, 1)
    try:
        second, value = _field(value, "05", "second", fixed=True, low=0, high=59)
    except TimeParseError as error:
        if error.message or not has_fraction:
            raise
        second = 0  # Go reads the fraction where the seconds are missing, and forgets the error
    nanosecond = 0
    if len(value) >= 2 and value[0] in b".," and _is_digit(value, 1):
        end = _end(_DIGIT_RUN, value, 1)
        digits = value[1 : min(end, 10)]  # nanoseconds: the rest is cut off
        nanosecond = int(digits) * 10 ** (9 - len(digits))
        value = value[end:]
    offset, value = _offset(value)
    if value:
        raise TimeParseError("", value, ": extra text: " + _time_quote(value))
    if day < 1 or day > _days_in(month, year):
        raise TimeParseError("", b"", ": day out of range")
    return GoTime(year, month, day, hour, minute, second, nanosecond, offset)


def _offset(value: bytes) -> tuple[int, bytes]:
    """The UTC offset (``Z`` or ``±hh:mm``, each part read by ``atoi``) in seconds."""
    if value[:1] == b"Z":
        return 0, value[1:]
    if len(value) < 6 or value[3] != 0x3A:
        raise TimeParseError("Z07:00", value)
    sign, hours, minutes, rest = value[0], _atoi(value[1:3]), _atoi(value[4:6]), value[6:]
    if hours is None or minutes is None or sign not in b"+-":
        raise TimeParseError("Z07:00", rest)
    offset = (hours * 60 + minutes) * 60
    return (-offset if sign == 0x2D else offset), rest


# --------------------------------------------------------------------------- durations


class DurationError(ValueError):
    """A malformed duration; the message is Go's."""


_UNITS = {
    b"ns": 1,
    b"us": 1_000,
    "\u00b5s".encode(): 1_000,  # micro sign
    "\u03bcs".encode(): 1_000,  # Greek mu
    b"ms": 1_000_000,
    b"s": _NS_PER_SECOND,
    b"m": 60 * _NS_PER_SECOND,
    b"h": 3600 * _NS_PER_SECOND,
}
_TWO_63 = 1 << 63
_TWO_64 = 1 << 64
_INFINITE_SCALE = 400  # 10.0 multiplied by itself this often is +Inf


def _time_quote(text: bytes) -> str:
    """Go's ``time.quote``: ``"`` and ``\\`` escaped, each byte of a control or
    non-ASCII character as ``\\xNN``."""
    chars = text.decode("utf-8", "surrogateescape")
    escapes = {ord(c): _byte_escapes(c) for c in set(chars) if not " " <= c < "\x80" or c in '"\\'}
    return '"' + chars.translate(escapes) + '"'


def _byte_escapes(char: str) -> str:
    if char in '"\\':
        return "\\" + char
    if "\udc80" <= char <= "\udcff":  # a byte that is not UTF-8
        return f"\\x{ord(char) - 0xDC00:02x}"
    return "".join(f"\\x{byte:02x}" for byte in char.encode("utf-8", "surrogatepass"))


def _leading_int(digits: bytes) -> int | None:
    """Go's ``leadingInt`` of a run of digits; ``None`` past 2**63."""
    digits = digits.lstrip(b"0")
    if len(digits) > 19 or (digits and int(digits) > _TWO_63):
        return None
    return int(digits) if digits else 0


def _leading_fraction(digits: bytes) -> tuple[int, float]:
    """Go's ``leadingFraction`` of a run of digits: the digits as an integer and a
    float scale, both stopping where more digits would pass 2**63."""
    significant = digits.lstrip(b"0")
    fraction, scale = 0, 1.0
    for _ in range(min(len(digits) - len(significant), _INFINITE_SCALE)):
        scale *= 10  # leading zeros only scale (up to +Inf)
    for byte in significant:
        if fraction > (_TWO_63 - 1) // 10:
            break
        following = fraction * 10 + byte - 0x30
        if following > _TWO_63:
            break
        fraction, scale = following, scale * 10
    return fraction, scale


def parse_duration(text: str) -> int:
    """``time.ParseDuration``: a signed number of nanoseconds (a Go ``int64``)."""
    value = text.encode("utf-8", "surrogatepass")
    pos, negative = 0, False
    if value[:1] in (b"-", b"+"):
        negative, pos = value[:1] == b"-", 1
    if value[pos:] == b"0":
        return 0
    total = 0
    known: dict[bytes, int] = {}
    try:
        if pos == len(value):
            raise _Invalid
        for match in _COMPONENT.finditer(value, pos):
            component = match.group()
            number = known.get(component)
            if number is None:
                if not component:  # the end
                    break
                number = known[component] = _component(match)
            total = (total + number) % _TWO_64  # a Go uint64: 2**63 + 2**63 is 0
            if total > _TWO_63:
                raise _Invalid
        if not negative and total > _TWO_63 - 1:
            raise _Invalid
    except _Invalid:
        raise DurationError("time: invalid duration " + _time_quote(value)) from None
    except _UnitError as error:
        if not error.unit:
            raise DurationError("time: missing unit in duration " + _time_quote(value)) from None
        unit = _time_quote(error.unit)
        raise DurationError(f"time: unknown unit {unit} in duration {_time_quote(value)}") from None
    return -total if negative else total


class _Invalid(Exception):
    pass


class _UnitError(Exception):
    def __init__(self, unit: bytes) -> None:
        super().__init__()
        self.unit = unit


def _component(match: re.Match[bytes]) -> int:
    """The nanoseconds of a number and its unit (at most 2**63)."""
    whole_digits, fraction_digits, unit_text = match.groups()
    whole = _leading_int(whole_digits)
    if whole is None or not (whole_digits or len(fraction_digits or b"") > 1):
        raise _Invalid
    unit = _UNITS.get(unit_text)
    if unit is None:
        raise _UnitError(unit_text)
    if whole > _TWO_63 // unit:
        raise _Invalid
    number = whole * unit
    fraction, scale = _leading_fraction(fraction_digits[1:]) if fraction_digits else (0, 1.0)
    if fraction > 0:
        # float64 arithmetic, as Go does it: exact to the nanosecond for hours
        number += int(float(fraction) * (float(unit) / scale))
        if number > _TWO_63:
            raise _Invalid
    return number
