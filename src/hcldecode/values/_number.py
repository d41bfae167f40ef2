"""HCL numbers: exact integers, 512-bit binary floating point, and infinities.

HCL's reference implementation keeps numbers in Go ``big.Float`` values with
a 512-bit mantissa. This module reproduces what users see of that:

* every integer is exact (a Python :class:`int`, unbounded);
* a number that is not an integer is a 512-bit binary floating point value,
  kept as a :class:`~fractions.Fraction` whose denominator is a power of two
  and whose numerator has at most :data:`MAX_PRECISION` bits;
* positive and negative infinity exist (``math.inf`` and ``-math.inf``, the
  only floats ever used); NaN does not.

Every operation returns a normalised number: a result whose value is an
integer is an ``int``; any other exact result is rounded to 512 significant
bits, half to even, as ``big.Float`` rounds. Number literals are read with
the reference's own algorithm (``big.ParseFloat(s, 10, 512, ToNearestEven)``),
including its approximate powers of five, so that each literal has exactly
the value the reference gives it; :func:`to_string` gives the reference's
``Text('f', -1)``: the shortest decimal that reads back to the same 512-bit
value, without an exponent.

A result that had to be rounded is a 512-bit value even when it is whole:
at ``2**512`` and above such a value is kept as a ``Fraction`` with
denominator 1, which prints as the reference prints it (the shortest decimal
that reads back to it: ``1 / 1e-300`` is ``1`` and 300 zeros).

Deliberate differences from the reference: exact integers wider than 512 bits
stay exact (the reference rounds them to 512 bits); there is no negative zero
(the reference prints ``-0`` for ``-0``); a number read from text must have a
magnitude below ``1e100001`` and, unless it is zero, at least ``1e-100000``
(:class:`NumberRangeError`; the reference reads magnitudes up to about
``2**±(2**31)``, a size Python integers cannot hold cheaply, and beyond that
gives infinity or zero).

Every conversion between ``int`` and ``str`` here is independent of Python's
integer string-conversion limit (:func:`sys.get_int_max_str_digits`): long
digit strings are split into pieces.
"""

from __future__ import annotations

import math
import re
from decimal import MAX_EMAX, MIN_EMIN, Context, Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Final, TypeAlias

from ._errors import Error
from ._limits import STEPS_PER_FRACTION, charge, number_text_cost

__all__ = [
    "MAX_DECIMAL_EXPONENT",
    "MAX_PRECISION",
    "Num",
    "NumberRangeError",
    "abs_",
    "add",
    "check_literal",
    "compare",
    "div",
    "from_python",
    "go_float_text",
    "is_integer",
    "leading_digits",
    "mod",
    "mul",
    "neg",
    "parse_literal",
    "parse_string",
    "shortest_digits",
    "sub",
    "to_decimal",
    "to_float",
    "to_fraction",
    "to_int",
    "to_string",
]

Num: TypeAlias = int | Fraction | float
"""An HCL number: an ``int``, a dyadic ``Fraction`` (never integral), or ±``math.inf``."""

MAX_PRECISION: Final = 512
"""Significant bits kept for a number that is not an integer."""

MAX_DECIMAL_EXPONENT: Final = 100_000
"""The largest decimal exponent of a number read from text: ``1e100000``.

A number read from text has a magnitude below ``10**(MAX_DECIMAL_EXPONENT + 1)``
and, unless it is zero, at least ``10**-MAX_DECIMAL_EXPONENT``.
"""


class NumberRangeError(Error, ValueError):
    """A number in text is too large or too small in magnitude for hcldecode.

    The message is a sentence fragment in go-cty's style (no capital, no
    period), usable as a conversion error.
    """

    def __init__(self) -> None:
        super().__init__(
            f"the magnitude of a number must be below 1e{MAX_DECIMAL_EXPONENT + 1}, "
            f"and at least 1e-{MAX_DECIMAL_EXPONENT} unless it is zero"
        )


# Error messages of go-cty's arithmetic functions (cty/function/stdlib/number.go).
_SUM_OF_OPPOSING_INFINITIES: Final = "can't compute sum of opposing infinities"
_INFINITY_MINUS_ITSELF: Final = "can't subtract infinity from itself"
_ZERO_TIMES_INFINITY: Final = "can't multiply zero by infinity"
_ZERO_BY_ZERO: Final = "can't divide zero by zero or infinity by infinity"
_MODULO_WITH_INFINITY: Final = "can't use modulo with zero and infinity"
# go-cty's conversion from string to number (cty/value_init.go ParseNumberVal).
_NUMBER_REQUIRED: Final = "a number is required"

# math/big floatconv.go computes powers of five with 64 more bits than the
# result, and squares its running factor with 64 bits more again.
_POW5_PRECISION: Final = MAX_PRECISION + 64
_POW5_FACTOR_PRECISION: Final = _POW5_PRECISION + 64
# The largest power of five the Go code takes from its table (5**27 < 2**64).
_POW5_TABLE_MAX: Final = 27
_INT64_MAX: Final = (1 << 63) - 1
_LOG2_5: Final = math.log2(5)
# The same bound for a binary (``p``) exponent, in bits: 2**332192 < 10**100001
# and 2**-332192 > 10**-100001.
_MAX_MAGNITUDE_BITS: Final = 332_192
# Python's int/str conversions are limited to a number of digits the host
# program may set (4300 by default, at least 640) and are quadratic; longer
# numbers are converted in pieces of at most this many digits.
_STR_CHUNK_DIGITS: Final = 600
# Significant digits of Go's %g for a big.Float (its String method).
_GO_FLOAT_DIGITS: Final = 10
# Digits computed at first when searching for the shortest decimal form.
_SHORTEST_START_DIGITS: Final = 200

_DECIMAL_PATTERN: Final = r"([0-9]*)(?:\.([0-9]*))?"
# Patterns kept as text, compiled by ``re`` when first used (``import hcldecode``
# does not pay for them; most numbers are plain integers, which need none).
_STRING_RE: Final = rf"([+-]?){_DECIMAL_PATTERN}(?:([eEpP])([+-]?[0-9]+))?"
_LITERAL_RE: Final = rf"(){_DECIMAL_PATTERN}(?:([eE])([+-]?[0-9]+))?"
_INFINITY_RE: Final = r"([+-]?)[Ii]nf"


# ---------------------------------------------------------------------------
# Rounding and normal forms


def _round_mantissa(m: int, e: int, prec: int, sticky: bool = False) -> tuple[int, int]:
    """Round ``m * 2**e`` (``m > 0``) to ``prec`` significant bits, half to even.

    ``sticky`` says that the exact value is a little more than ``m * 2**e``
    (a non-zero remainder was dropped below ``m``'s last bit). Returns the
    rounded value as a new ``(mantissa, exponent)`` pair.
    """
    extra = m.bit_length() - prec
    if extra <= 0:
        return m, e
    rest = m & ((1 << extra) - 1)
    half = 1 << (extra - 1)
    m >>= extra
    if rest > half or (rest == half and (sticky or m & 1)):
        m += 1
    return m, e + extra


def _round_ratio(num: int, den: int, prec: int) -> tuple[int, int]:
    """Round ``num / den`` (both positive) to ``prec`` bits: ``(mantissa, exponent)``."""
    # Scale so that the integer quotient has prec + 2 or prec + 3 bits: the
    # bits below prec decide the rounding, the remainder is the sticky bit.
    shift = prec + 2 - num.bit_length() + den.bit_length()
    if shift >= 0:
        quotient, remainder = divmod(num << shift, den)
    else:
        quotient, remainder = divmod(num, den << -shift)
    return _round_mantissa(quotient, -shift, prec, remainder != 0)


def _from_parts(negative: bool, m: int, e: int) -> int | Fraction:
    """The rounded 512-bit number ``±m * 2**e`` in normal form.

    An integral value is an int, except from ``2**512`` up, where it is a
    Fraction with denominator 1: a rounded value, not an exact integer.
    """
    if e >= 0:
        value: int | Fraction = m << e
        if m.bit_length() + e > MAX_PRECISION:
            value = Fraction(value)
    else:
        zeros = (m & -m).bit_length() - 1
        value = m >> -e if zeros >= -e else Fraction(m >> zeros, 1 << (-e - zeros))
    return -value if negative else value


def _rational(num: int, den: int, rounded: bool = False) -> int | Fraction:
    """The HCL number for the exact value ``num / den`` (``den != 0``).

    Integral values are exact unless ``rounded`` (an operand was itself a
    rounded 512-bit value), and other values are rounded to 512 bits.
    """
    if den < 0:
        num, den = -num, -den
    quotient, remainder = divmod(num, den)
    if remainder == 0:
        if rounded and abs(quotient).bit_length() > MAX_PRECISION:
            m, e = _round_mantissa(abs(quotient), 0, MAX_PRECISION)
            return _from_parts(quotient < 0, m, e)
        return quotient
    magnitude = abs(num)
    if den & (den - 1) == 0:
        # A power of two: strip the common factors of two, then round the
        # numerator alone.
        zeros = (magnitude & -magnitude).bit_length() - 1
        m, e = _round_mantissa(magnitude >> zeros, zeros - (den.bit_length() - 1), MAX_PRECISION)
    else:
        m, e = _round_ratio(magnitude, den, MAX_PRECISION)
    return _from_parts(num < 0, m, e)


def _round_to_precision(x: int | Fraction) -> int | Fraction:
    """``x`` rounded to 512 bits even when it is an integer, as a big.Float result is."""
    num, den = x.numerator, x.denominator
    if den == 1:
        if abs(num).bit_length() <= MAX_PRECISION:
            return num
        m, e = _round_mantissa(abs(num), 0, MAX_PRECISION)
        return _from_parts(num < 0, m, e)
    return _rational(num, den)


def _infinity(negative: bool) -> float:
    return -math.inf if negative else math.inf


# ---------------------------------------------------------------------------
# Parsing


def _power(base: int, exponent: int) -> int:
    """``base ** exponent`` for ``exponent >= 0``, typed as an int."""
    result: int = base**exponent
    return result


def _int_from_digits(digits: str) -> int:
    """``int(digits)`` for a string of ASCII digits of any length."""
    if len(digits) <= _STR_CHUNK_DIGITS:
        return int(digits)
    low_len = len(digits) // 2
    high = _int_from_digits(digits[:-low_len])
    return high * _power(10, low_len) + _int_from_digits(digits[-low_len:])


@lru_cache(maxsize=256)
def _pow5(n: int) -> tuple[int, int]:
    """``5**n`` as math/big's floatconv.go computes it: ``(mantissa, exponent)``.

    Powers up to 5**27 are exact. Beyond, the running product is rounded to
    576 bits after each multiplication and the repeatedly squared factor to
    640 bits, so the result is only an approximation once 5**n needs more
    than 576 bits, and the reference's literals carry that approximation.
    """
    if n <= _POW5_TABLE_MAX:
        return _power(5, n), 0
    zm, ze = 5**_POW5_TABLE_MAX, 0
    fm, fe = 5, 0
    n -= _POW5_TABLE_MAX
    while n:
        if n & 1:
            zm, ze = _round_mantissa(zm * fm, ze + fe, _POW5_PRECISION)
        n >>= 1
        if n:
            fm, fe = _round_mantissa(fm * fm, fe + fe, _POW5_FACTOR_PRECISION)
    return zm, ze


def _exact_integer(mantissa: int, e2: int, e5: int) -> int | None:
    """``mantissa * 2**e2 * 5**e5`` if that is an integer, else None."""
    if e2 < 0:
        if (mantissa & -mantissa).bit_length() - 1 < -e2:
            return None
        mantissa >>= -e2
    elif e2 > 0:
        mantissa <<= e2
    if e5 >= 0:
        return mantissa * _power(5, e5)
    # 5**-e5 cannot divide a number with fewer bits than it has.
    if -e5 * _LOG2_5 > mantissa.bit_length():
        return None
    quotient, remainder = divmod(mantissa, _power(5, -e5))
    return None if remainder else quotient


def _decimal_value(
    negative: bool,
    digits: str,
    fraction_len: int,
    exponent: int,
    binary: bool,
    *,
    check_only: bool = False,
) -> Num:
    """The value of a decimal mantissa with an exponent, as big.ParseFloat reads it.

    ``digits`` are all the mantissa's digits, ``fraction_len`` of them after
    the decimal point; ``exponent`` is a power of ten, or of two when
    ``binary`` (Go's ``p`` exponent). With ``check_only``, only the range
    is checked, and the result is 0.
    """
    significant = digits.lstrip("0")
    if not significant:
        return 0
    # big.ParseFloat splits the value into mantissa * 2**e2 * 5**e5.
    e2 = exponent - fraction_len
    e5 = -fraction_len if binary else e2
    # The number's exponent in scientific notation, decimal or binary.
    if binary:
        scientific = (len(significant) - 1) * math.log2(10) + e2 - fraction_len * _LOG2_5
        if abs(scientific) > _MAX_MAGNITUDE_BITS:
            raise NumberRangeError
    elif abs(len(significant) - 1 + e2) > MAX_DECIMAL_EXPONENT:
        raise NumberRangeError
    if check_only:
        return 0
    if len(significant) > _STR_CHUNK_DIGITS:
        charge(number_text_cost(len(significant) * 10 // 3))  # about 3.3 bits a digit
    mantissa = _int_from_digits(significant)
    value: int | Fraction | None = _exact_integer(mantissa, e2, e5)
    if value is None:
        # Not an integer, so e5 <= 0. The reference divides the exact
        # mantissa by its approximate power of five, rounding once.
        if e5 == 0:
            m, e = _round_mantissa(mantissa, e2, MAX_PRECISION)
        else:
            pm, pe = _pow5(-e5)
            m, e = _round_ratio(mantissa, pm, MAX_PRECISION)
            e += e2 - pe
        value = _from_parts(False, m, e)
    return -value if negative else value


def _parse(match: re.Match[str] | None, check_only: bool = False) -> Num:
    """The number matched by :data:`_STRING_RE` or :data:`_LITERAL_RE`.

    With ``check_only``, only checks it (see :func:`_decimal_value`).
    """
    if match is None:
        raise ValueError(_NUMBER_REQUIRED)
    sign, whole, fraction, marker, exponent_text = match.groups()
    fraction = fraction or ""
    if not whole and not fraction:
        raise ValueError(_NUMBER_REQUIRED)
    exponent = 0
    if exponent_text is not None:
        # Go reads the exponent as an int64 (leading zeros allowed).
        exponent_digits = exponent_text.lstrip("+-").lstrip("0")
        if len(exponent_digits) > 19:
            raise ValueError(_NUMBER_REQUIRED)
        exponent = int(exponent_digits or "0")
        if exponent_text.startswith("-"):
            exponent = -exponent
        if abs(exponent) > _INT64_MAX + (exponent < 0):
            raise ValueError(_NUMBER_REQUIRED)
    return _decimal_value(
        sign == "-",
        whole + fraction,
        len(fraction),
        exponent,
        marker in ("p", "P"),
        check_only=check_only,
    )


# Plain digit strings up to this length are read with ``int`` directly.
_PLAIN_DIGITS_MAX: Final = 18


def _is_plain_integer(text: str) -> bool:
    """Whether ``text`` is a short run of ASCII digits (the common literal, read by ``int``)."""
    return len(text) <= _PLAIN_DIGITS_MAX and text.isdigit() and text.isascii()


def parse_literal(text: str) -> Num:
    """The value of a native-syntax number literal such as ``1``, ``1.5``, ``1e3``, ``007``.

    A literal has decimal digits, an optional fraction and an optional
    ``e``/``E`` exponent, and no sign. Its value is exactly the reference's
    (``big.ParseFloat(text, 10, 512, ToNearestEven)``), except that an
    integral value is an exact ``int`` however wide it is.

    Raises:
        NumberRangeError: the magnitude of the number is ``1e100001`` or
            more, or below ``1e-100000`` (and not zero).
        ValueError: ``text`` is not a number literal.
    """
    if _is_plain_integer(text):
        return int(text)
    try:
        return _parse(re.fullmatch(_LITERAL_RE, text))
    except NumberRangeError:
        raise
    except ValueError:
        raise ValueError(f"invalid number literal {text!r}") from None


def check_literal(text: str) -> None:
    """Raise what :func:`parse_literal` raises for ``text``, without computing its value.

    Takes time linear in the length of ``text``.
    """
    if _is_plain_integer(text):
        return
    try:
        _parse(re.fullmatch(_LITERAL_RE, text), check_only=True)
    except NumberRangeError:
        raise
    except ValueError:
        raise ValueError(f"invalid number literal {text!r}") from None


def parse_string(text: str) -> Num:
    """The number a string converts to (go-cty's ``ParseNumberVal``).

    Accepts what ``big.ParseFloat(text, 10, 512, ToNearestEven)`` accepts:
    an optional sign, decimal digits with an optional decimal point (``5.``
    and ``.5`` included, leading zeros allowed), an optional exponent that is
    either decimal (``e``/``E``) or binary (``p``/``P``: ``1p3`` is 8), or
    ``Inf``/``inf`` with an optional sign. Rejects everything else: white
    space, ``0x10``, ``1_000``, ``NaN``, an empty string.

    Raises:
        NumberRangeError: the number's magnitude is out of hcldecode's range.
        ValueError: ``text`` is not a number, with the reference's message
            ``a number is required``.
    """
    if _is_plain_integer(text):
        return int(text)
    infinity = re.fullmatch(_INFINITY_RE, text)
    if infinity is not None:
        return _infinity(infinity.group(1) == "-")
    try:
        return _parse(re.fullmatch(_STRING_RE, text))
    except NumberRangeError:
        raise
    except ValueError:
        raise ValueError(_NUMBER_REQUIRED) from None


def from_python(x: int | float | Decimal | Fraction) -> Num:
    """The HCL number for a Python number.

    Integers are exact. A float is read as the shortest decimal that
    Python prints for it (``0.1`` is HCL's ``0.1``, not the binary
    approximation of it that the float holds), and ``±inf`` stay
    infinities. A ``Fraction`` that is not an integer is rounded to 512
    bits, half to even. A ``Decimal`` is read exactly as the
    reference reads the same digits in a string (``Decimal("0.1")`` equals
    the literal ``0.1``).

    Raises:
        TypeError: ``x`` is a bool or not a number.
        ValueError: ``x`` is a NaN; :class:`NumberRangeError` for a Decimal
            whose magnitude is out of hcldecode's range.
    """
    if isinstance(x, bool):
        raise TypeError("a bool is not a number")
    if isinstance(x, int):
        return int(x)
    if isinstance(x, float):
        if math.isnan(x):
            raise ValueError("NaN is not a number in HCL")
        if math.isinf(x):
            return x
        if x.is_integer():
            return int(x)
        return from_python(Decimal(repr(x)))
    if isinstance(x, Fraction):
        return _rational(x.numerator, x.denominator)
    if isinstance(x, Decimal):
        if x.is_nan():
            raise ValueError("NaN is not a number in HCL")
        if x.is_infinite():
            return _infinity(x < 0)
        sign, digits, exponent = x.as_tuple()
        return _decimal_value(sign == 1, "".join(map(str, digits)), 0, int(exponent), False)
    raise TypeError(f"{type(x).__name__} is not a number")


# ---------------------------------------------------------------------------
# Arithmetic


def _sum_with_infinity(a: Num, b: Num, message: str) -> Num:
    """``a + b`` where at least one operand is infinite."""
    if isinstance(a, float) and isinstance(b, float) and a != b:
        raise ArithmeticError(message)
    return a if isinstance(a, float) else b


def add(a: Num, b: Num) -> Num:
    """``a + b``.

    Raises:
        ArithmeticError: ``a`` and ``b`` are infinities of opposite signs.
    """
    if type(a) is int and type(b) is int:
        return a + b
    if isinstance(a, float) or isinstance(b, float):
        return _sum_with_infinity(a, b, _SUM_OF_OPPOSING_INFINITIES)
    return _rational(
        a.numerator * b.denominator + b.numerator * a.denominator,
        a.denominator * b.denominator,
        rounded=True,
    )


def sub(a: Num, b: Num) -> Num:
    """``a - b``.

    Raises:
        ArithmeticError: ``a`` and ``b`` are the same infinity.
    """
    if type(a) is int and type(b) is int:
        return a - b
    if isinstance(a, float) or isinstance(b, float):
        return _sum_with_infinity(a, -b, _INFINITY_MINUS_ITSELF)
    return _rational(
        a.numerator * b.denominator - b.numerator * a.denominator,
        a.denominator * b.denominator,
        rounded=True,
    )


def mul(a: Num, b: Num) -> Num:
    """``a * b``.

    Raises:
        ArithmeticError: one operand is zero and the other infinite.
    """
    if type(a) is int and type(b) is int:
        return a * b
    if isinstance(a, float) or isinstance(b, float):
        if a == 0 or b == 0:
            raise ArithmeticError(_ZERO_TIMES_INFINITY)
        return _infinity((a < 0) != (b < 0))
    return _rational(a.numerator * b.numerator, a.denominator * b.denominator, rounded=True)


def div(a: Num, b: Num) -> Num:
    """``a / b``; a non-zero number divided by zero is an infinity of its sign.

    Raises:
        ArithmeticError: both operands are zero, or both are infinite.
    """
    if isinstance(a, float) or isinstance(b, float):
        if isinstance(a, float) and isinstance(b, float):
            raise ArithmeticError(_ZERO_BY_ZERO)
        if isinstance(b, float):
            return 0
        return _infinity((a < 0) != (b < 0))
    if b == 0:
        if a == 0:
            raise ArithmeticError(_ZERO_BY_ZERO)
        return _infinity(a < 0)
    rounded = type(a) is not int or type(b) is not int
    return _rational(a.numerator * b.denominator, a.denominator * b.numerator, rounded)


def mod(a: Num, b: Num) -> Num:
    """``a % b`` as go-cty computes it: the remainder of the truncated quotient.

    The result has the sign of ``a`` (``-7 % 3`` is -1, ``7 % -3`` is 1) and
    ``a % 0`` is ``a``. For non-integers the reference's steps are repeated
    with their 512-bit roundings: the quotient is rounded, truncated to an
    integer, multiplied back by ``b`` (rounded) and subtracted from ``a``, so
    ``11 % 5.1`` is 0.8 plus the rounding error of 5.1.

    Raises:
        ArithmeticError: an operand is infinite and ``b`` is not zero (the
            reference fails on all of these except ``∞ % 0``).
    """
    if b == 0:
        return a
    if isinstance(a, float) or isinstance(b, float):
        # The reference's quotient is 0 (x % ∞, then 0 × ∞ fails) or not a
        # number (∞ % ∞); for ∞ % x it dereferences a nil integer and panics.
        raise ArithmeticError(_MODULO_WITH_INFINITY)
    if type(a) is int and type(b) is int:
        remainder = abs(a) % abs(b)
        return -remainder if a < 0 else remainder
    ratio = _rational(a.numerator * b.denominator, a.denominator * b.numerator)
    quotient = math.trunc(_round_to_precision(ratio))
    product = _round_to_precision(Fraction(b) * quotient)
    return sub(a, product)


def neg(a: Num) -> Num:
    """``-a``."""
    return -a


def abs_(a: Num) -> Num:
    """``|a|``."""
    return -a if a < 0 else a


def compare(a: Num, b: Num) -> int:
    """-1, 0 or 1 as ``a`` is less than, equal to or greater than ``b``.

    ``-inf`` is below every finite number and ``inf`` above; each infinity
    equals itself.
    """
    return (a > b) - (a < b)


def is_integer(a: Num) -> bool:
    """Whether ``a`` is an integer (infinities are not)."""
    return isinstance(a, int) or (isinstance(a, Fraction) and a.denominator == 1)


# ---------------------------------------------------------------------------
# Formatting


def _int_to_str(n: int) -> str:
    """``str(n)`` for an int of any size, whatever Python's digit limit is."""
    if n < 0:
        return "-" + _int_to_str(-n)
    bits = n.bit_length()
    if bits <= _STR_CHUNK_DIGITS * 3:  # fewer digits than that
        return str(n)
    charge(number_text_cost(bits))  # the evaluation's budget pays for long conversions
    # powers[j] is 10**(_STR_CHUNK_DIGITS * 2**j); n < powers[-1]**2.
    powers = [_power(10, _STR_CHUNK_DIGITS)]
    while powers[-1] * powers[-1] <= n:
        powers.append(powers[-1] * powers[-1])
    return _digits_of(n, powers, len(powers) - 1, False)


def _digits_of(n: int, powers: list[int], j: int, pad: bool) -> str:
    """The decimal digits of ``0 <= n < powers[j]**2``.

    With ``pad``, exactly ``2 * _STR_CHUNK_DIGITS * 2**j`` of them (with
    leading zeros). Splitting at the powers of ten halves the number at each
    level, so the conversion takes a few multiplications' time.
    """
    if j < 0:
        return str(n).zfill(_STR_CHUNK_DIGITS) if pad else str(n)
    high, low = divmod(n, powers[j])
    if not pad and high == 0:
        return _digits_of(low, powers, j - 1, False)
    return _digits_of(high, powers, j - 1, pad) + _digits_of(low, powers, j - 1, True)


def _leading_digits(m: int, k: int, count: int) -> tuple[str, int, bool]:
    """The decimal digits of ``m / 2**k`` (``m > 0``): at least ``count`` of them.

    Returns ``(digits, exponent, exact)`` with the value ``0.digits × 10**exponent``
    (as math/big's ``decimal``). When ``exact``, the digits are all of them
    with trailing zeros removed; otherwise more non-zero digits follow.
    ``k`` may be negative (a whole value).
    """
    if k < 0:
        m, k = m << -k, 0
    # An estimate of the number of integer digits, at most one too large.
    estimate = ((m.bit_length() - k) * 30103) // 100000
    scale = count - estimate
    if scale >= 0:
        scaled = m * 10**scale
        quotient, exact = scaled >> k, scaled & ((1 << k) - 1) == 0
    else:
        quotient, remainder = divmod(m, 10**-scale << k)
        exact = remainder == 0
    digits = _int_to_str(quotient)
    exponent = len(digits) - scale
    if exact:
        digits = digits.rstrip("0")
    return digits, exponent, exact


def _common_prefix_len(a: str, b: str) -> int:
    """Length of the longest common prefix of ``a`` and ``b``."""
    low, high = 0, min(len(a), len(b))
    if a[:high] == b[:high]:
        return high
    while high - low > 1:
        middle = (low + high) // 2
        if a[:middle] == b[:middle]:
            low = middle
        else:
            high = middle
    return low


def _round_digits_up(digits: str, exponent: int, exact: bool, n: int) -> tuple[str, int]:
    """The first ``n`` digits, plus one in the last of them (unless none follow)."""
    if exact and n >= len(digits):
        return digits, exponent
    kept = digits[:n].rstrip("9")
    if not kept:
        return "1", exponent + 1
    return kept[:-1] + chr(ord(kept[-1]) + 1), exponent


def _round_digits_down(digits: str, exponent: int, n: int) -> tuple[str, int]:
    """The first ``n`` digits, without trailing zeros."""
    kept = digits[:n].rstrip("0")
    return (kept, exponent) if kept else ("", 0)


def _try_shortest(m: int, k: int, count: int) -> tuple[str, int] | None:
    """math/big's ``roundShortest`` for the 512-bit value ``m / 2**k``.

    ``m`` has exactly 513 bits (its last bit is half a unit in the last
    place). Returns the shortest digits and their exponent, or None when
    ``count`` digits of each bound were not enough to decide.
    """
    digits, exponent, exact = _leading_digits(m, k, count)
    lower, _, lower_exact = _leading_digits(m - 1, k, count)
    upper, _, upper_exact = _leading_digits(m + 1, k, count)
    # The bounds themselves read back to the value only when its mantissa is
    # even (ties round to even).
    inclusive = m & 2 == 0
    # Like Go, digits are compared by index even when the bounds have another
    # decimal exponent than the value. Up to the first difference nothing can
    # be decided, except at lower's last digit.
    start = min(_common_prefix_len(digits, lower), _common_prefix_len(digits, upper))
    if inclusive and lower_exact:
        start = min(start, len(lower) - 1)
    for i in range(start, len(digits)):
        if (i >= len(lower) and not lower_exact) or (i >= len(upper) and not upper_exact):
            return None
        digit = digits[i]
        low = lower[i] if i < len(lower) else "0"
        high = upper[i] if i < len(upper) else "0"
        down_ok = low != digit or (inclusive and lower_exact and i + 1 == len(lower))
        up_ok = digit != high and (
            inclusive or chr(ord(digit) + 1) < high or not upper_exact or i + 1 < len(upper)
        )
        if down_ok and up_ok:
            # Round to nearest, half to even, on the exact digits.
            if i + 1 >= len(digits):
                if exact:
                    return digits, exponent
                return None
            next_digit = digits[i + 1]
            if next_digit == "5" and exact and i + 2 == len(digits):
                round_up = ord(digit) & 1 == 1
            else:
                round_up = next_digit >= "5"
            if round_up:
                return _round_digits_up(digits, exponent, exact, i + 1)
            return _round_digits_down(digits, exponent, i + 1)
        if down_ok:
            return _round_digits_down(digits, exponent, i + 1)
        if up_ok:
            return _round_digits_up(digits, exponent, exact, i + 1)
    return (digits, exponent) if exact else None


def _shortest_fraction(x: Fraction) -> tuple[str, int]:
    """math/big's shortest digits of a 512-bit value that is not an exact integer."""
    charge(STEPS_PER_FRACTION)  # the evaluation's budget pays for the search
    num, den = abs(x.numerator), x.denominator
    # Scale the mantissa to 513 bits: its last bit is then half a unit in the
    # last place of a 512-bit value. (A whole value has at least as many
    # trailing zero bits as it has bits beyond 512.)
    shift = MAX_PRECISION + 1 - num.bit_length()
    m = num << shift if shift >= 0 else num >> -shift
    k = den.bit_length() - 1 + shift
    count = _SHORTEST_START_DIGITS
    while (found := _try_shortest(m, k, count)) is None:
        count *= 2
    return found


def shortest_digits(a: int | Fraction) -> tuple[str, int]:
    """The digits that ``Text('g', -1)`` and ``Text('f', -1)`` print for ``a`` (not zero).

    Returns ``(digits, exponent)``: ``|a|`` reads back from ``0.digits ×
    10**exponent``, and ``digits`` has no trailing zeros. An exact integer
    gives all its digits; any other value the shortest digits that read back
    to the same 512-bit value.
    """
    if isinstance(a, int):
        text = _int_to_str(abs(a))
        return text.rstrip("0"), len(text)
    return _shortest_fraction(a)


def leading_digits(a: int | Fraction, count: int) -> tuple[str, int, bool]:
    """The leading decimal digits of ``a`` (not zero): ``count`` of them, or all.

    Returns ``(digits, exponent, exact)`` with ``|a| = 0.digits × 10**exponent``
    when ``exact`` (then ``digits`` are all of them, without trailing zeros);
    otherwise ``digits`` has at least ``count`` digits and more non-zero digits
    follow. The work is bounded by the number of digits of ``a`` however
    large ``count`` is: a value ``m / 2**k`` has at most as many digits as
    ``m * 5**k``.
    """
    num, den = abs(a.numerator), a.denominator
    k = den.bit_length() - 1
    # At least the number of digits of num * 5**k, plus one.
    every = (num.bit_length() * 30103 + k * 69898) // 100000 + 2
    return _leading_digits(num, k, max(1, min(count, every)))


def _fraction_to_string(x: Fraction) -> str:
    """``Text('f', -1)`` of a 512-bit value that is not an exact integer."""
    digits, exponent = _shortest_fraction(x)
    if exponent > 0:
        text = digits[:exponent].ljust(exponent, "0")
        fraction = digits[exponent:]
    else:
        text = "0"
        fraction = "0" * -exponent + digits
    if fraction:
        text += "." + fraction
    return "-" + text if x < 0 else text


def to_string(a: Num) -> str:
    """The reference's string form of a number (``big.Float.Text('f', -1)``).

    Integers are printed exactly; other numbers as the shortest decimal that
    reads back to the same 512-bit value, never with an exponent (``1e-5`` is
    ``0.00001``); infinities as ``+Inf`` and ``-Inf``.
    """
    if isinstance(a, int):
        return _int_to_str(a)
    if isinstance(a, float):
        return "+Inf" if a > 0 else "-Inf"
    return _fraction_to_string(a)


# ---------------------------------------------------------------------------
# Conversions for the application


def to_fraction(a: Num) -> Fraction:
    """The exact value of ``a`` as a Fraction.

    Raises:
        OverflowError: ``a`` is infinite.
    """
    if isinstance(a, float):
        raise OverflowError("cannot convert infinity to a Fraction")
    return Fraction(a)


def to_decimal(a: Num) -> Decimal:
    """The exact value of ``a`` as a Decimal (``Decimal('Infinity')`` for ∞).

    A 512-bit value has a finite decimal expansion; all its digits are kept.
    """
    if isinstance(a, float):
        return Decimal(a)
    if isinstance(a, int):
        return Decimal(_int_to_str(a))
    # m / 2**k == m * 5**k / 10**k.
    k = a.denominator.bit_length() - 1
    coefficient = Decimal(_int_to_str(a.numerator * _power(5, k)))
    context = Context(prec=max(coefficient.adjusted() + 1, 1), Emax=MAX_EMAX, Emin=MIN_EMIN)
    return coefficient.scaleb(-k, context)


def to_float(a: Num) -> float:
    """The float nearest to ``a`` (ties to even); infinities stay infinities.

    Raises:
        OverflowError: ``a`` is finite but too large for a float.
    """
    if isinstance(a, float):
        return a
    return float(a)


def to_int(a: Num) -> int:
    """``a`` as an int.

    Raises:
        ValueError: ``a`` is not an integer, or is infinite.
    """
    if isinstance(a, int):
        return a
    if isinstance(a, float):
        raise ValueError("an infinity is not an integer")
    if a.denominator == 1:
        return a.numerator
    raise ValueError(f"{to_string(a)} is not an integer")


def go_float_text(n: Num) -> str:
    """``n`` as Go's ``big.Float.String()`` writes it (``%g`` with 10 significant digits)."""
    if isinstance(n, float):
        return "+Inf" if n > 0 else "-Inf"
    if n == 0:
        return "0"
    sign = "-" if n < 0 else ""
    exact = abs(to_fraction(n))
    # The denominator is a power of two. value = 0.<mant> * 10**exp, and
    # more non-zero digits follow mant unless it is complete.
    mant, exp, complete = _leading_digits(
        exact.numerator, exact.denominator.bit_length() - 1, _GO_FLOAT_DIGITS + 2
    )
    if len(mant) > _GO_FLOAT_DIGITS:
        after = mant[_GO_FLOAT_DIGITS:]
        round_up = after[0] > "5" or (
            after[0] == "5" and (len(after) > 1 or not complete or int(mant[9]) % 2 == 1)
        )
        mant = mant[:10]
        if round_up:
            kept = mant.rstrip("9")
            if kept:
                mant = kept[:-1] + str(int(kept[-1]) + 1)
            else:
                mant, exp = "1", exp + 1
        mant = mant.rstrip("0")
    eprec = len(mant) if 10 > len(mant) >= exp else 10
    if exp - 1 < -4 or exp - 1 >= eprec:
        tail = "." + mant[1:] if len(mant) > 1 else ""
        e = exp - 1
        return f"{sign}{mant[0]}{tail}e{'-' if e < 0 else '+'}{abs(e):02d}"
    if exp <= 0:
        return f"{sign}0.{'0' * -exp}{mant}"
    if len(mant) <= exp:
        return sign + mant + "0" * (exp - len(mant))
    return f"{sign}{mant[:exp]}.{mant[exp:]}"
