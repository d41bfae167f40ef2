"""Go's ``fmt.Sprintf`` of one ``math/big`` number, as go-cty's ``format`` uses it.

go-cty hands its integer verbs (``%b %d %o %x %X``) to Go as a ``*big.Int``
and its other number verbs (``%e %E %f %g %G``) as a ``*big.Float``, with
the verb's flags, width and precision (and without its argument index).
This module gives the same text: :func:`sprintf_number`.

Decimal digits are those of math/big: the exact value rounded half to
even at the requested digit (the value is an integer or a 512-bit binary
fraction, whose decimal expansion is finite), and for ``%g`` without a
precision the shortest digits that read back to the same 512-bit value (all
the digits of an integer). Go's own parsing
of the verb shows too: a width or precision beyond about ten million is
not a number to Go, which prints ``%!(NOVERB)`` and the number as an extra
argument instead.

The text comes as :data:`Pieces` (each a text and how many times it
repeats) so that its length is known before it is built: a width or
precision may ask for millions of characters.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TypeAlias

from ...values import _number as number
from ...values._number import Num

__all__ = [
    "FLOAT_VERBS",
    "INTEGER_VERBS",
    "Pieces",
    "float_text",
    "pieces_length",
    "pieces_text",
    "sprintf_number",
]

Pieces: TypeAlias = list[tuple[str, int]]
"""Text as ``(text, count)`` pairs: ``text`` repeated ``count`` times, in order."""

INTEGER_VERBS = "bdoxX"
"""The verbs Go writes a ``*big.Int`` with."""
FLOAT_VERBS = "eEfgG"
"""The verbs Go writes a ``*big.Float`` with."""

# Go's fmt gives up on a width or precision whose digits, all but the last,
# are a number above this (parsenum's "tooLarge").
_GO_MAX_NUMBER = 1_000_000
_BASES = {"b": 2, "o": 8, "d": 10, "x": 16, "X": 16}
_PREFIXES = {"b": "0b", "o": "0", "x": "0x", "X": "0X"}


def pieces_length(pieces: Pieces) -> int:
    """The number of characters of ``pieces``."""
    return sum(len(text) * count for text, count in pieces)


def pieces_text(pieces: Pieces) -> str:
    """The text of ``pieces``."""
    return "".join(text * count for text, count in pieces)


def _go_number(digits: str) -> int | None:
    """The number Go's fmt reads from a width or precision, or None when it gives up."""
    head = digits[:-1].lstrip("0")
    if len(head) > len(str(_GO_MAX_NUMBER)) or (head and int(head) > _GO_MAX_NUMBER):
        return None
    return int(digits.lstrip("0") or "0")


def sprintf_number(verb: str, flags: str, width: str, precision: str | None, n: Num) -> Pieces:
    """``fmt.Sprintf`` of the number ``n`` with one verb of go-cty's format syntax.

    ``verb`` is one of ``bdoxX`` (``n`` must then be an integer) or
    ``eEfgG``; ``flags`` are the verb's flag characters, ``width`` its
    width digits (empty for none) and ``precision`` its digits after the
    period (None without a period).
    """
    integer = verb in INTEGER_VERBS
    if verb == "d" and not flags and not width and precision is None:
        return [(number.to_string(n), 1)]  # the common case, at once
    width_value = _go_number(width) if width else None
    precision_value = _go_number(precision) if precision else 0
    if (width and width_value is None) or (precision is not None and precision_value is None):
        # Go reads no verb at all, and then lists the number as unused.
        kind = "*big.Int" if integer else "*big.Float"
        shown = number.to_string(n) if integer else float_text(n, "g", -1)
        return [(f"%!(NOVERB)%!(EXTRA {kind}={shown})", 1)]
    if precision is None:
        precision_value = None
    if integer:
        assert isinstance(n, int)
        return _integer(n, verb, flags, width=width_value, precision=precision_value)
    return _float(n, verb, flags, width=width_value, precision=precision_value)


def _zero_padded(flags: str) -> bool:
    """Go's zero flag: ignored with a minus flag, before or after it."""
    return "0" in flags and "-" not in flags


def _integer(n: int, verb: str, flags: str, *, width: int | None, precision: int | None) -> Pieces:
    """``big.Int.Format``."""
    sign = "-" if n < 0 else "+" if "+" in flags else " " if " " in flags else ""
    prefix = _PREFIXES.get(verb, "") if "#" in flags else ""
    digits = _in_base(abs(n), _BASES[verb])
    if verb == "X":
        digits = digits.upper()
    left = zeros = right = 0
    if precision is not None:
        if len(digits) < precision:
            zeros = precision - len(digits)
        elif digits == "0" and precision == 0:
            return []  # nothing at all, not even the width
    length = len(sign) + len(prefix) + zeros + len(digits)
    if width is not None and length < width:
        if "-" in flags:
            right = width - length
        elif _zero_padded(flags) and precision is None:
            zeros = width - length
        else:
            left = width - length
    return _compact([(" ", left), (sign, 1), (prefix, 1), ("0", zeros), (digits, 1), (" ", right)])


def _in_base(n: int, base: int) -> str:
    """The digits of ``n >= 0`` in base 2, 8, 10 or 16 (lower-case letters)."""
    if base == 10:
        return number.to_string(n)
    return format(n, "b" if base == 2 else "o" if base == 8 else "x")


def _float(x: Num, verb: str, flags: str, *, width: int | None, precision: int | None) -> Pieces:
    """``big.Float.Format``."""
    if precision is None:
        precision = -1 if verb in "gG" else 6
    text_sign, body = _text(x, verb, precision)
    if text_sign == "-":
        sign = "-"
    elif text_sign == "+":  # +Inf
        sign = " " if " " in flags else "+"
    else:
        sign = "+" if "+" in flags else " " if " " in flags else ""
    padding = 0
    size = len(sign) + pieces_length(body)
    if width is not None and width > size:
        padding = width - size
    if _zero_padded(flags) and not isinstance(x, float):
        return _compact([(sign, 1), ("0", padding), *body])
    if "-" in flags:
        return _compact([(sign, 1), *body, (" ", padding)])
    return _compact([(" ", padding), (sign, 1), *body])


def _compact(pieces: Pieces) -> Pieces:
    """``pieces`` without the empty ones."""
    return [(text, count) for text, count in pieces if text and count > 0]


def float_text(x: Num, fmt: str, precision: int) -> str:
    """``big.Float.Text(fmt, precision)`` for ``fmt`` one of ``eEfgG``."""
    sign, body = _text(x, fmt, precision)
    return sign + pieces_text(body)


# --------------------------------------------------------------------------- digits


def _text(x: Num, fmt: str, prec: int) -> tuple[str, Pieces]:
    """``big.Float.Append(fmt, prec)``, split into its sign (``-``, ``+`` for +Inf, or
    nothing) and the rest."""
    if isinstance(x, float):
        return ("+" if x > 0 else "-"), [("Inf", 1)]
    sign = "-" if x < 0 else ""
    shortest = prec < 0
    if shortest:
        mant, exp = number.shortest_digits(x) if x != 0 else ("", 0)
        if fmt in "eE":
            prec = len(mant) - 1
        elif fmt == "f":
            prec = max(len(mant) - exp, 0)
        else:
            prec = len(mant)
    else:
        if fmt in "gG" and prec == 0:
            prec = 1
        mant, exp = _rounded(x, fmt, prec) if x != 0 else ("", 0)
    if fmt in "eE":
        return sign, _fmt_e(fmt, prec, mant, exp)
    if fmt == "f":
        return sign, _fmt_f(prec, mant, exp)
    eprec = prec
    if eprec > len(mant) and len(mant) >= exp:
        eprec = len(mant)
    if shortest:
        eprec = 6
    if exp - 1 < -4 or exp - 1 >= eprec:
        prec = min(prec, len(mant))
        return sign, _fmt_e("e" if fmt == "g" else "E", prec - 1, mant, exp)
    if prec > exp:
        prec = len(mant)
    return sign, _fmt_f(max(prec - exp, 0), mant, exp)


def _rounded(x: int | Fraction, fmt: str, prec: int) -> tuple[str, int]:
    """The decimal digits of ``x`` as math/big rounds them for ``fmt`` and ``prec``.

    Returns ``(mant, exp)`` (``|x| ≈ 0.mant × 10**exp``): the exact digits
    rounded half to even to ``1 + prec`` significant digits (``e``), ``prec``
    of them (``g``) or ``prec`` digits after the point (``f``); when the
    exact digits are no more than that, all of them.
    """
    mant, exp, exact = number.leading_digits(x, 2)
    if fmt in "eE":
        n = 1 + prec
    elif fmt == "f":
        n = exp + prec
        if n < 0:
            return "", exp  # below half a unit of the last place printed
    else:
        n = prec
    if not exact and len(mant) < n + 2:
        mant, exp, exact = number.leading_digits(x, n + 2)
    if exact and n >= len(mant):
        return mant, exp
    digit = mant[n]
    if digit == "5" and exact and n + 1 == len(mant):
        up = n > 0 and int(mant[n - 1]) % 2 == 1  # exactly half: to even
    else:
        up = digit >= "5"
    if up:
        kept = mant[:n].rstrip("9")
        if not kept:
            return "1", exp + 1
        return kept[:-1] + chr(ord(kept[-1]) + 1), exp
    kept = mant[:n].rstrip("0")
    return (kept, exp) if kept else ("", 0)


def _fmt_e(fmt: str, prec: int, mant: str, exp: int) -> Pieces:
    """math/big's ``fmtE``: ``d.ddde±dd`` with ``prec`` digits after the point."""
    pieces: Pieces = [(mant[:1] or "0", 1)]
    if prec > 0:
        shown = mant[1 : prec + 1]
        pieces += [(".", 1), (shown, 1), ("0", prec - len(shown))]
    e = exp - 1 if mant else 0
    pieces.append((f"{fmt}{'-' if e < 0 else '+'}{abs(e):02d}", 1))
    return pieces


def _fmt_f(prec: int, mant: str, exp: int) -> Pieces:
    """math/big's ``fmtF``: ``ddd.ddd`` with ``prec`` digits after the point."""
    if exp > 0:
        whole = mant[:exp]
        pieces: Pieces = [(whole, 1), ("0", exp - len(whole))]
    else:
        pieces = [("0", 1)]
    if prec > 0:
        leading = min(max(-exp, 0), prec)
        shown = mant[max(exp, 0) : max(exp + prec, 0)]
        pieces += [(".", 1), ("0", leading), (shown, 1), ("0", prec - leading - len(shown))]
    return pieces
