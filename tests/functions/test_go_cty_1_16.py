"""``element`` and ``contains`` as go-cty 1.16 has them, the version hcldecode follows.

Debian's go-cty 1.12.1 (tools/differential/go/gofuncs) refuses a negative
index; go-cty 1.15 and later count it from the end (``index % len``, plus
``len`` when negative: stdlib/collection.go, ``ElementFunc``). ``contains``
accepts a null value to look for only since go-cty 1.18.1, so under 1.16 it
is still refused, as every function parameter without ``AllowNull``.
"""

from __future__ import annotations

import pytest

from hcldecode.functions import STDLIB
from hcldecode.model import EvalContext
from hcldecode.native import parse_expression
from hcldecode.values import Value

CTX = EvalContext({}, dict(STDLIB))


def _call(text: str) -> tuple[Value, list[tuple[str, str | None, str]]]:
    expr, diags = parse_expression(text, "t.hcl")
    assert not diags
    value, found = expr.value(CTX)
    return value, [(d.summary, d.detail, str(d.subject)) for d in found]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("element([1, 2, 3], -1)", Value.number(3)),
        ("element([1, 2, 3], -3)", Value.number(1)),
        ("element([1, 2, 3], -4)", Value.number(3)),
        ("element(tolist([1, 2, 3]), -2)", Value.number(2)),
        ('element(["a", 2, true], -1)', Value.bool(True)),
        ('element(["a", 2, true], -5)', Value.number(2)),
    ],
)
def test_element_counts_a_negative_index_from_the_end(text: str, expected: Value) -> None:
    assert _call(text) == (expected, [])


def test_element_of_an_empty_list_is_still_an_error() -> None:
    value, diags = _call("element([], -1)")
    assert not value.is_known
    assert diags == [
        (
            "Error in function call",
            'Call to function "element" failed: cannot use element function with an empty list.',
            "t.hcl:1,1-9",
        )
    ]


def test_contains_refuses_a_null_value_as_go_cty_1_16_does() -> None:
    value, diags = _call("contains([1, null], null)")
    assert not value.is_known
    assert diags == [
        (
            "Invalid function argument",
            'Invalid value for "value" parameter: argument must not be null.',
            "t.hcl:1,21-25",
        )
    ]
