"""The default bounds of unknown numbers and how infinities meet them, as the newest
go-cty has them.

Every expected value here is what go-cty v1.16.4 printed for the same calls
(its refinement code, ``cty/value_range.go``, ``cty/unknown_refinement.go`` and
the number functions of ``cty/function/stdlib/number.go``, is the same as in
v1.18.1, the newest release; ``cty/value_ops.go`` differs only in marks and
nulls), built in GOPATH mode against Debian's go-textseg and x/text. Debian's
go-cty 1.12.1 has no refinements.
"""

from __future__ import annotations

import hcldecode as hcl
from hcldecode.functions import STDLIB
from hcldecode.native import parse_expression
from hcldecode.values import FALSE, NUMBER, Value

INF = Value.number(float("inf"))
NEG_INF = Value.number(float("-inf"))
U = Value.unknown(NUMBER)
R = U.refine().number_range_inclusive(1, 9).new_value()
UNKNOWN_BOOL = "Value.unknown(BOOL).refine().not_null().new_value()"


def _bounds(v: Value) -> tuple[tuple[Value, bool], tuple[Value, bool]]:
    rng = v.range()
    return rng.number_lower_bound(), rng.number_upper_bound()


def test_default_bounds_are_the_infinities_exclusive() -> None:
    """``ValueRange.NumberLowerBound`` / ``NumberUpperBound`` (cty/value_range.go):
    with no bound set, ``(NegativeInfinity, false)`` and ``(PositiveInfinity, false)``,
    for a plain unknown number and for one refined only as not null."""
    default = ((NEG_INF, False), (INF, False))
    assert _bounds(U) == default
    assert _bounds(U.refine().not_null().new_value()) == default


def test_a_plain_unknown_number_may_be_an_infinity() -> None:
    """``ValueRange.Includes`` (cty/value_range.go) checks the bounds only of a
    ``*refinementNumber``: a plain unknown number has no refinement, so whether
    it is an infinity is not known (go-cty: ``cty.UnknownVal(cty.Bool).RefineNotNull()``)."""
    assert repr(U.range().includes(INF)) == UNKNOWN_BOOL
    assert repr(U.range().includes(NEG_INF)) == UNKNOWN_BOOL
    assert repr(U.equals(INF)) == UNKNOWN_BOOL


def test_a_refined_unknown_number_excludes_the_infinities() -> None:
    """``Value.Divide`` (cty/value_ops.go) refines an unknown quotient as not null
    only, and ``FloorFunc`` (cty/function/stdlib/number.go) the same
    (``refineNonNull``); that refinement has the exclusive default bounds, so
    ``Includes(+Inf)`` and ``Equals(+Inf)`` are false, though ``floor(1 / 0)`` is
    ``+Inf``: go-cty's answer, which hcldecode keeps."""
    quotient = STDLIB["divide"].call([U, Value.number(0)])
    assert repr(quotient) == "Value.unknown(NUMBER).refine().not_null().new_value()"
    floored = STDLIB["floor"].call([quotient])
    assert repr(floored) == "Value.unknown(NUMBER).refine().not_null().new_value()"
    assert _bounds(floored) == ((NEG_INF, False), (INF, False))
    assert floored.range().includes(INF) is FALSE
    assert floored.equals(INF) is FALSE
    assert STDLIB["floor"].call([STDLIB["divide"].call([Value.number(1), Value.number(0)])]) == INF


def test_in_expressions() -> None:
    """HCL's ``==`` is go-cty's ``EqualFunc``, which takes unknown arguments and calls
    ``Value.Equals``: unknown for a plain unknown number, false once it went through
    ``/`` (``DivideFunc``'s ``refineNonNull``). ``*`` is ``MultiplyFunc``, which
    takes no unknown argument (``Function.Call`` in cty/function/function.go returns
    an unknown result refined by ``refineNonNull`` without calling ``Value.Multiply``):
    ``r * 0`` is not known even though ``r``'s bounds would make it 0."""
    ctx = hcl.EvalContext({"u": U, "r": R}, STDLIB)
    found = {}
    for source in ("u == 1/0", "u / 0 == 1/0", "floor(u / 0) == 1/0", "u < 1/0", "r * 0", "0 * r"):
        expr, diags = parse_expression(source.encode(), "probe.hcl")
        assert not diags
        value, diags = expr.value(ctx)
        assert not diags
        found[source] = repr(value)
    assert found == {
        "u == 1/0": UNKNOWN_BOOL,
        "u / 0 == 1/0": "Value.bool(False)",
        "floor(u / 0) == 1/0": "Value.bool(False)",
        "u < 1/0": UNKNOWN_BOOL,
        "r * 0": "Value.unknown(NUMBER).refine().not_null().new_value()",
        "0 * r": "Value.unknown(NUMBER).refine().not_null().new_value()",
    }
    assert repr(R.multiply(Value.number(0))) == "Value.number(0)"  # Value.Multiply's bounds


def test_operators_on_refined_numbers() -> None:
    """``numericRangeArithmetic`` (cty/value_range.go) for ``Value.Add``, ``Subtract``
    and ``Multiply``: the corners of the operands' bounds, infinite corners
    dropped, and an infinity times a bounded range bounded below by +Inf.
    ``Value.Divide`` and ``Value.Modulo`` refine as not null only; so does every
    number function of the stdlib (``refineNonNull``) such as ``AddFunc`` and
    ``FloorFunc``."""
    one, two = Value.number(1), Value.number(2)
    lower_only = U.refine().number_lower_bound(3, False).new_value()
    zero_to_nine = U.refine().number_range_inclusive(0, 9).new_value()
    got = {
        "r+1": R.add(one),
        "r*r": R.multiply(R),
        "r-u": R.subtract(U),
        "r*u": R.multiply(U),
        "0..9*u": zero_to_nine.multiply(U),
        "r/2": R.divide(two),
        "r%2": R.modulo(two),
        "-r": R.negate(),
        "u+inf": U.add(INF),
        "(>3)+1": lower_only.add(one),
        "r*inf": R.multiply(INF),
        "add(r,1)": STDLIB["add"].call([R, one]),
        "floor(r)": STDLIB["floor"].call([R]),
    }
    not_null = "Value.unknown(NUMBER).refine().not_null()"
    assert {k: repr(v) for k, v in got.items()} == {
        "r+1": f"{not_null}.number_lower_bound(2, True).number_upper_bound(10, True).new_value()",
        "r*r": f"{not_null}.number_lower_bound(1, True).number_upper_bound(81, True).new_value()",
        "r-u": f"{not_null}.new_value()",
        "r*u": f"{not_null}.new_value()",
        "0..9*u": f"{not_null}.new_value()",
        "r/2": f"{not_null}.new_value()",
        "r%2": f"{not_null}.new_value()",
        "-r": f"{not_null}.new_value()",
        "u+inf": f"{not_null}.new_value()",
        "(>3)+1": f"{not_null}.number_lower_bound(4, True).new_value()",
        "r*inf": f"{not_null}.number_lower_bound(+Inf, True).new_value()",
        "add(r,1)": f"{not_null}.new_value()",
        "floor(r)": f"{not_null}.new_value()",
    }
    assert _bounds(got["r*inf"]) == ((INF, True), (INF, False))
