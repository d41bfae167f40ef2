"""go-cty's number functions: ``ceil``, ``floor``, ``log``, ``pow``, ``signum``,
``parseint`` and ``range``, and the functions behind HCL's operators under
go-cty's names (``add``, ``subtract``, ``multiply``, ``divide``, ``modulo``,
``negate``, ``greaterthan`` and the other comparisons, ``equal``,
``notequal``, ``and``, ``or``, ``not``), with go-cty's rules and messages
(``function/stdlib/number.go``, ``bool.go``, ``general.go``,
``sequence.go``), and :func:`go_int`, the conversion of a number argument to
a Go ``int`` that many functions use."""

from __future__ import annotations

import builtins
import math
import sys
from collections.abc import Callable, Mapping, Sequence
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from types import MappingProxyType

from .._text import go_quote
from ..values._function import Function, FunctionArgError, FunctionError, Parameter
from ..values._limits import STEPS_PER_ELEMENT, charge, current_limits
from ..values._types import BOOL, DYNAMIC, NUMBER, STRING, ListType, Type
from ..values._value import SMALL_INTEGERS, Value

__all__ = ["NUMBER_FUNCTIONS", "go_int"]

_INT64_MIN = -(2**63)
_INT64_MAX = 2**63 - 1
_WHOLE_NUMBER = f"value must be a whole number, between {_INT64_MIN} and {_INT64_MAX}"


def go_int(value: Value) -> int:
    """A number argument as a Go ``int``, as ``gocty.FromCtyValue`` reads it."""
    n = value.as_number()
    if isinstance(n, int) and _INT64_MIN <= n <= _INT64_MAX:
        return n
    raise FunctionError(_WHOLE_NUMBER)


def _go_float(value: Value) -> float:
    """A number argument as a Go ``float64``: the nearest one, or an infinity."""
    try:
        return value.as_float()
    except OverflowError:
        return math.inf if value.as_number() > 0 else -math.inf


def _from_float(x: float) -> Value:
    """``cty.NumberFloatVal``: a number of float64 precision, which go-cty writes as
    the shortest decimal that reads back to it, as Python does (NaN is an error)."""
    if math.isnan(x):
        raise FunctionError("the result is not a number")
    if math.isinf(x):
        return Value.number(x)
    if 0 < abs(x) < sys.float_info.min:
        return Value.number(_subnormal_decimal(x))
    return Value.number(Decimal(repr(x)))  # a whole float too: 2.0**100 is 1.2676506002282294e30


def _subnormal_decimal(x: float) -> Decimal:
    """The shortest decimal that reads back to the subnormal ``x`` at float64's 53 bits
    of precision with no bound on the exponent, as go-cty keeps it (a ``big.Float``),
    where ``repr`` gives the shortest among subnormal floats (``5e-324`` for what Go
    writes ``4.940656458412465e-324``)."""
    exact = Fraction(x)
    mantissa, exponent = math.frexp(abs(x))  # abs(x) = mantissa * 2**exponent, 0.5 <= m < 1
    half_ulp = Fraction(2) ** (exponent - 54)
    even = int(mantissa * 2**53) % 2 == 0
    for digits in range(1, 18):
        candidate = Decimal(abs(x)).quantize(
            Decimal(1).scaleb(Decimal(abs(x)).adjusted() - digits + 1), rounding=ROUND_HALF_EVEN
        )
        distance = abs(Fraction(candidate) - abs(exact))
        if distance < half_ulp or (even and distance == half_ulp):
            return candidate.copy_sign(Decimal(x)).normalize()
    return Decimal(x)


def _ceil_or_floor(args: Sequence[Value], rounding: Callable[[Fraction], int]) -> Value:
    n = args[0].as_number()
    if isinstance(n, float):
        return args[0]
    return Value.number(rounding(Fraction(n)))


def _log(args: Sequence[Value]) -> Value:
    x, base = _go_float(args[0]), _go_float(args[1])
    return _from_float(_ieee_divide(_go_log(x), _go_log(base)))


def _ieee_divide(a: float, b: float) -> float:
    """``a / b`` as Go divides floats: by zero gives an infinity (or NaN for 0/0)."""
    if b != 0:
        return a / b
    if a == 0 or math.isnan(a):
        return math.nan
    return math.copysign(math.inf, a) * math.copysign(1.0, b)


# The constants of Go's math.Log (FreeBSD's e_log.c).
_LN2_HI = 6.93147180369123816490e-01
_LN2_LO = 1.90821492927058770002e-10
_L1, _L2, _L3, _L4, _L5, _L6, _L7 = (
    6.666666666666735130e-01,
    3.999999999940941908e-01,
    2.857142874366239149e-01,
    2.222219843214978396e-01,
    1.818357216161805012e-01,
    1.531383769920937332e-01,
    1.479819860511658591e-01,
)


def _go_log(x: float) -> float:
    """Go's ``math.Log``, operation for operation (its last bit differs from C's
    ``log`` for some arguments): -Inf at zero, NaN below it, +Inf at +Inf."""
    if math.isnan(x) or x == math.inf:
        return x
    if x < 0:
        return math.nan
    if x == 0:
        return -math.inf
    f1, ki = math.frexp(x)
    if f1 < math.sqrt(2) / 2:
        f1 *= 2
        ki -= 1
    f = f1 - 1
    k = float(ki)
    s = f / (2 + f)
    s2 = s * s
    s4 = s2 * s2
    t1 = s2 * (_L1 + s4 * (_L3 + s4 * (_L5 + s4 * _L7)))
    t2 = s4 * (_L2 + s4 * (_L4 + s4 * _L6))
    r = t1 + t2
    hfsq = 0.5 * f * f
    return k * _LN2_HI - ((hfsq - (s * (hfsq + r) + k * _LN2_LO)) - f)


# Go's math.Exp on amd64 (its assembly, the path for processors with FMA, which the
# reference build takes here): a reduction by powers of two, a Taylor series of the
# sixteenth of the rest, squared back four times.
_EXP_OVERFLOW = 7.09782712893384e02
_LOG2E = 1.4426950408889634073599246810018920
_LN2_UPPER = 0.69314718055966295651160180568695068359375
_LN2_LOWER = 0.28235290563031577122588448175013436025525412068e-12
_EXP_TAYLOR = (
    1.9841269841269841270e-4,
    1.3888888888888888889e-3,
    8.3333333333333333333e-3,
    4.1666666666666666667e-2,
    1.6666666666666666667e-1,
    0.5,
    1.0,
)


def _fma(a: float, b: float, c: float) -> float:
    """``a * b + c`` rounded once, as the processor's fused multiply-add does."""
    return float(Fraction(a) * Fraction(b) + Fraction(c))


def _go_exp(x: float) -> float:
    if math.isnan(x) or x == math.inf:
        return x
    if x == -math.inf:
        return 0.0
    if x > _EXP_OVERFLOW:
        return math.inf
    t = _LOG2E * x
    k = round(t) if -(2.0**31) <= t < 2.0**31 else -(2**31)  # CVTSD2SL, or its "indefinite"
    kf = float(k)
    r = _fma(-kf, _LN2_UPPER, x)
    r = _fma(-kf, _LN2_LOWER, r)
    r *= 0.0625
    series = 2.4801587301587301587e-5
    for coefficient in _EXP_TAYLOR:
        series = _fma(series, r, coefficient)
    r *= series
    for _ in range(3):
        r *= r + 2.0
    r = _fma(r, r + 2.0, 1.0)
    biased = k + 0x3FF
    if biased >= 0x7FF:
        return math.inf
    if biased > 0:
        return r * math.ldexp(1.0, biased - 0x3FF)
    if biased < -52:
        return 0.0
    return r * math.ldexp(1.0, biased + 0x3FE - 0x3FF) * math.ldexp(1.0, 1 - 0x3FF)


def _pow(args: Sequence[Value]) -> Value:
    return _from_float(_go_pow(_go_float(args[0]), _go_float(args[1])))


def _go_pow(x: float, y: float) -> float:
    """Go's ``math.Pow``, step for step: its results differ from C's ``pow`` in the
    last bit for some arguments, and go-cty's ``pow`` returns them exactly."""
    if y == 0 or x == 1:
        return 1.0
    if y == 1:
        return x
    if math.isnan(x) or math.isnan(y):
        return math.nan
    if x == 0:
        if y < 0:
            return math.copysign(math.inf, x) if _is_odd_int(y) else math.inf
        return x if _is_odd_int(y) else 0.0
    if math.isinf(y):
        if x == -1:
            return 1.0
        return 0.0 if (abs(x) < 1) == (y > 0) else math.inf
    if math.isinf(x):
        if x < 0:
            return _go_pow(1 / x, -y)
        return 0.0 if y < 0 else math.inf
    if y in (0.5, -0.5):
        if x < 0:
            return math.nan
        return math.sqrt(x) if y > 0 else 1 / math.sqrt(x)
    yf, yi = math.modf(abs(y))
    if yf != 0 and x < 0:
        return math.nan
    if yi >= 2.0**63:
        if x == -1:
            return 1.0
        return 0.0 if (abs(x) < 1) == (y > 0) else math.inf
    a1, ae = 1.0, 0
    if yf != 0:
        if yf > 0.5:
            yf -= 1
            yi += 1
        a1 = _go_exp(yf * _go_log(x))
    x1, xe = math.frexp(x)
    i = int(yi)
    while i != 0:
        if xe < -(1 << 12) or xe > (1 << 12):
            ae += xe
            break
        if i & 1:
            a1 *= x1
            ae += xe
        x1 *= x1
        xe <<= 1
        if x1 < 0.5:
            x1 += x1
            xe -= 1
        i >>= 1
    if y < 0:
        a1 = 1 / a1
        ae = -ae
    try:
        return math.ldexp(a1, ae)
    except OverflowError:
        return math.copysign(math.inf, a1)


def _is_odd_int(y: float) -> bool:
    fraction, whole = math.modf(y)
    return fraction == 0 and abs(whole) < 2.0**53 and int(whole) % 2 == 1


def _signum(args: Sequence[Value]) -> Value:
    n = go_int(args[0])
    return Value.number((n > 0) - (n < 0))


def _parseint_type(args: Sequence[Value]) -> Type:
    if args[0].type != STRING:
        raise FunctionArgError(
            0, f"first argument must be a string, not {args[0].type.friendly_name()}"
        )
    return NUMBER


_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _parseint(args: Sequence[Value], _result: Type) -> Value:
    text = args[0].as_str()
    try:
        base = go_int(args[1])
    except FunctionError as error:
        raise FunctionArgError(1, error.message) from None
    if not 2 <= base <= 62:
        raise FunctionArgError(1, "base must be a whole number between 2 and 62 inclusive")
    parsed = _go_parse_int(text, base)
    if parsed is None:
        raise FunctionArgError(0, f"cannot parse {go_quote(text)} as a base {base} integer")
    return Value.number(parsed)


def _go_parse_int(text: str, base: int) -> int | None:
    """Go's ``big.Int.SetString(text, base)`` for a base from 2 to 62: a sign, then
    digits; letters count from 10, case-insensitively up to base 36."""
    sign = 1
    if text[:1] in ("+", "-"):
        sign = -1 if text[0] == "-" else 1
        text = text[1:]
    digits = text if base > 36 else text.lower()
    allowed = _DIGITS[:base] if base > 36 else _DIGITS[:base].lower()
    if not digits or digits.strip(allowed):
        return None
    if len(digits) * math.log2(base) > current_limits().max_integer_bits:
        raise FunctionError("the number is too large")
    return sign * _digits_value(digits, base)


def _digits_value(digits: str, base: int) -> int:
    """The value of valid ``digits``, halving long runs (linear-time pieces: Python's own
    conversion refuses more than a few thousand digits in most bases)."""
    if len(digits) <= 600:
        if base <= 36:
            return int(digits, base)
        total = 0
        for char in digits:
            total = total * base + _DIGITS.index(char)
        return total
    half = len(digits) // 2
    scale: int = base ** (len(digits) - half)
    return _digits_value(digits[:half], base) * scale + _digits_value(digits[half:], base)


def _range(args: Sequence[Value], _result: Type) -> Value:
    zero, one, minus_one = Value.number(0), Value.number(1), Value.number(-1)
    if len(args) == 1:
        start, end = zero, args[0]
        step = minus_one if args[0].less_than(zero).as_bool() else one
    elif len(args) == 2:
        start, end = args
        step = minus_one if end.less_than(start).as_bool() else one
    elif len(args) == 3:
        # go-cty tests the step against its own zero value, which a step written
        # in a configuration never is: a zero step ends at the 1024 limit instead.
        start, end, step = args
    else:
        raise FunctionError("must have one, two, or three arguments")
    down = step.less_than(zero).as_bool()
    if down and end.greater_than(start).as_bool():
        raise FunctionArgError(1, "end must be less than start when step is negative")
    if not down and end.less_than(start).as_bool():
        raise FunctionArgError(1, "end must be greater than start when step is positive")
    bounds = (start.payload, end.payload, step.payload)
    if type(bounds[0]) is int and type(bounds[1]) is int and type(bounds[2]) is int and bounds[2]:
        # Whole numbers: Python's range gives the same values, far faster.
        numbers = builtins.range(bounds[0], bounds[1], bounds[2])
        if len(numbers) > 1024:
            raise FunctionError(
                "more than 1024 values were generated; either decrease the difference between "
                "start and end or use a smaller step"
            )
        charge(len(numbers) * STEPS_PER_ELEMENT)
        shared = len(SMALL_INTEGERS)
        return Value.list(
            [SMALL_INTEGERS[n] if 0 <= n < shared else Value.number(n) for n in numbers], NUMBER
        )
    values: list[Value] = []
    current = start
    # Until the current number is at or past the end.
    while (current.greater_than(end) if down else current.less_than(end)).as_bool():
        if len(values) >= 1024:
            raise FunctionError(
                "more than 1024 values were generated; either decrease the difference between "
                "start and end or use a smaller step"
            )
        charge(STEPS_PER_ELEMENT)
        values.append(current)
        current = current.add(step)
    return Value.list(values, NUMBER)


def _binary(param_type: Type, impl: Callable[[Value, Value], Value], result: Type) -> Function:
    """go-cty's functions behind HCL's operators: ``add``, ``equal``, ``and``...

    Equality and comparisons receive unknown operands (comparisons since
    go-cty 1.13, to decide from the operands' refined bounds).
    """
    equality = param_type == DYNAMIC
    comparison = param_type == NUMBER and result == BOOL
    params = [
        Parameter(
            name,
            param_type,
            allow_dynamic_type=True,
            allow_null=equality,
            allow_unknown=equality or comparison,
        )
        for name in ("a", "b")
    ]
    return Function(params, return_type=result, impl=lambda args, _ret: impl(args[0], args[1]))


def _operator_functions() -> dict[str, Function]:
    number_ops = {
        "add": Value.add,
        "subtract": Value.subtract,
        "multiply": Value.multiply,
        "divide": Value.divide,
        "modulo": Value.modulo,
    }
    comparisons = {
        "greaterthan": Value.greater_than,
        "greaterthanorequalto": Value.greater_equal,
        "lessthan": Value.less_than,
        "lessthanorequalto": Value.less_equal,
    }
    functions = {name: _binary(NUMBER, op, NUMBER) for name, op in number_ops.items()}
    functions |= {name: _binary(NUMBER, op, BOOL) for name, op in comparisons.items()}
    functions |= {
        "and": _binary(BOOL, Value.and_, BOOL),
        "or": _binary(BOOL, Value.or_, BOOL),
        "equal": _binary(DYNAMIC, Value.equals, BOOL),
        "notequal": _binary(DYNAMIC, Value.not_equals, BOOL),
        "negate": Function(
            [Parameter("num", NUMBER, allow_dynamic_type=True)],
            return_type=NUMBER,
            impl=lambda args, _ret: args[0].negate(),
        ),
        "not": Function(
            [Parameter("val", BOOL, allow_dynamic_type=True)],
            return_type=BOOL,
            impl=lambda args, _ret: args[0].not_(),
        ),
    }
    return functions


def _unary(name: str, impl: Callable[[Sequence[Value]], Value]) -> Function:
    return Function(
        [Parameter(name, NUMBER)], return_type=NUMBER, impl=lambda args, _ret: impl(args)
    )


NUMBER_FUNCTIONS: Mapping[str, Function] = MappingProxyType(
    {
        **_operator_functions(),
        "ceil": _unary("num", lambda args: _ceil_or_floor(args, math.ceil)),
        "floor": _unary("num", lambda args: _ceil_or_floor(args, math.floor)),
        "log": Function(
            [Parameter("num", NUMBER), Parameter("base", NUMBER)],
            return_type=NUMBER,
            impl=lambda args, _ret: _log(args),
        ),
        "parseint": Function(
            [Parameter("number", DYNAMIC), Parameter("base", NUMBER)],
            return_type=_parseint_type,
            impl=_parseint,
        ),
        "pow": Function(
            [Parameter("num", NUMBER), Parameter("power", NUMBER)],
            return_type=NUMBER,
            impl=lambda args, _ret: _pow(args),
        ),
        "range": Function(
            [], Parameter("params", NUMBER), return_type=ListType(NUMBER), impl=_range
        ),
        "signum": _unary("num", _signum),
    }
)
