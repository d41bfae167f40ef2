"""format and formatlist against go-cty 1.12.1, and their limits.

Each case of CASES is a call and what ``tools/differential/go/gofuncs`` (go-cty's own
functions, built with Go 1.19) gives for it: the type and value (go-cty's
JSON encoding, or "unknown") and the diagnostics. The bombs after them are
format strings that ask for gigabytes: each is refused with one diagnostic,
before anything large is built.
"""

from __future__ import annotations

import hashlib
import json
import tracemalloc
from typing import Any

import pytest

from expected_data import load_expected
from hcldecode.functions import STDLIB
from hcldecode.model import EvalContext
from hcldecode.native import parse_expression
from hcldecode.values import (
    STRING,
    FunctionError,
    Limits,
    Value,
    encode_json,
    type_to_json,
)

# The variables tools/differential/go/gofuncs gives its expressions too.
VARIABLES = {"unknown": Value.unknown(STRING), "nothing": Value.null(STRING)}
CTX = EvalContext(VARIABLES, dict(STDLIB))

# (Conversion errors are go-cty 1.13's, which names the type given: "number
# required, but have bool" where 1.12.1 says "number required".)

# Each call and what go-cty gives for it (tests/data/functions/stdlib_format.json).
_EXPECTED = load_expected("functions/stdlib_format.json")
CASES = list(_EXPECTED["calls"].items())


def _as_go_cty(call: str, ctx: EvalContext = CTX) -> dict[str, Any]:
    expr, _ = parse_expression(call, "t.hcl")
    value, diags = expr.value(ctx)
    return {
        "type": json.loads(json.dumps(type_to_json(value.type))),
        "value": json.loads(encode_json(value, value.type)) if value.is_wholly_known else "unknown",
        "diags": [[d.summary, d.detail, str(d.subject)] for d in diags],
    }


@pytest.mark.parametrize(("call", "expected"), CASES)
def test_format_as_go_cty(call: str, expected: dict[str, Any]) -> None:
    assert _as_go_cty(call) == expected


def test_formatlist_skips_the_sequences_after_an_unknown_element_as_go_cty_does() -> None:
    # The second string is unknown, and for it go-cty does not advance the
    # second list: the third string takes its "y".
    expr, _ = parse_expression('formatlist("%s %s", ["a", unknown, "c"], ["x", "y", "z"])', "t")
    value, diags = expr.value(CTX)
    assert not diags
    assert value.elements() == (
        Value.string("a x"),
        Value.unknown(STRING),
        Value.string("c y"),
    )


def test_formatlist_gives_a_known_list_when_only_elements_are_unknown() -> None:
    expr, _ = parse_expression('formatlist("%s-%s", unknown, ["a", "b"])', "t")
    value, diags = expr.value(CTX)
    assert not diags
    assert value.is_known
    assert value.elements() == (Value.unknown(STRING), Value.unknown(STRING))


def test_format_results_are_normalized_as_every_string_value() -> None:
    # go-cty's StringVal normalizes to NFC: a combining mark after a letter
    # of the format string composes with it.
    assert _as_go_cty('format("e%s", "\\u0301")')["value"] == "\u00e9"


# --------------------------------------------------------------------------- bombs

# A string of 100,000 characters, given by the application.
BIG_VARIABLES = {"big": Value.string("x" * 100_000)}
BIG_CTX = EvalContext(BIG_VARIABLES, dict(STDLIB))


def _within(limit: int) -> EvalContext:
    return EvalContext(VARIABLES, dict(STDLIB), limits=Limits(max_string_length=limit))


def _too_long(function: str, limit: int, subject: str) -> list[list[str]]:
    what = "result" if function == "format" else "strings of the result"
    detail = f"the {what} would be longer than {limit} characters"
    if function == "formatlist":
        detail += " in all"
    return [
        [
            "Error in function call",
            f'Call to function "{function}" failed: {detail}.',
            subject,
        ]
    ]


BOMBS = [
    # go-cty pads %s, %q and %v itself, to any width: a gigabyte, 123 million
    # characters, 2**62 (a width that wraps around as a Go int).
    ('format("%1000000000s", "x")', CTX, _too_long("format", 16777216, "t.hcl:1,1-8")),
    ('format("%-0123456789q", "x")', CTX, _too_long("format", 16777216, "t.hcl:1,1-8")),
    ('format("%4611686018427387904v", 1)', CTX, _too_long("format", 16777216, "t.hcl:1,1-8")),
    # Go's fmt writes numbers up to 10,000,009 characters wide or precise:
    # under the default limit, but not under a limit of a thousand.
    ('format("%10000009d", 1)', _within(1000), _too_long("format", 1000, "t.hcl:1,1-8")),
    ('format("%.10000009f", 1/3)', _within(1000), _too_long("format", 1000, "t.hcl:1,1-8")),
    ('format("x%.10000009e", 1e-300)', _within(1000), _too_long("format", 1000, "t.hcl:1,1-8")),
    ('format("%#10000009.9999999X", 255)', _within(1000), _too_long("format", 1000, "t.hcl:1,1-8")),
    # formatlist: each string within the limit, all of them together not.
    ('formatlist("%9000000s", ["a", "b"])', CTX, _too_long("formatlist", 16777216, "t.hcl:1,1-12")),
    (
        'formatlist("%s%d", big, range(1000))',
        BIG_CTX,
        _too_long("formatlist", 16777216, "t.hcl:1,1-12"),
    ),
    (
        'formatlist("%.1s%9s", big, range(1000))',
        EvalContext(BIG_VARIABLES, dict(STDLIB), limits=Limits(max_string_length=8000)),
        _too_long("formatlist", 8000, "t.hcl:1,1-12"),
    ),
]


@pytest.mark.parametrize(("call", "ctx", "diags"), BOMBS)
def test_format_bombs_are_refused_before_anything_large_is_built(
    call: str, ctx: EvalContext, diags: list[list[str]]
) -> None:
    _as_go_cty(call, ctx)  # once before measuring, to fill the caches of the first call
    tracemalloc.start()
    try:
        found = _as_go_cty(call, ctx)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert found == {"type": "dynamic", "value": "unknown", "diags": diags}
    assert peak < 2_000_000


@pytest.mark.parametrize(
    ("call", "value"),
    [
        ('format("%01000000000d", 5)', "%!(NOVERB)%!(EXTRA *big.Int=5)"),
        ('format("%.1000000000f", 1.5)', "%!(NOVERB)%!(EXTRA *big.Float=1.5)"),
    ],
)
def test_numbers_too_wide_for_go_fmt_are_its_complaint_and_take_no_memory(
    call: str, value: str
) -> None:
    tracemalloc.start()
    try:
        found = _as_go_cty(call)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert found == {"type": "string", "value": value, "diags": []}
    assert peak < 1_000_000


def test_results_up_to_the_limit_are_built() -> None:
    ctx = _within(10)
    assert _as_go_cty('format("%10s", "x")', ctx)["value"] == " " * 9 + "x"
    assert _as_go_cty('format("%11s", "x")', ctx)["diags"] == _too_long("format", 10, "t.hcl:1,1-8")
    assert _as_go_cty('format("%s%9d", "ab", 123)', ctx)["diags"] == _too_long(
        "format", 10, "t.hcl:1,1-8"
    )
    assert _as_go_cty('formatlist("%5s", ["a", "b"])', ctx)["value"] == ["    a", "    b"]
    assert _as_go_cty('formatlist("%5s", ["a", "b", "c"])', ctx)["diags"] == _too_long(
        "formatlist", 10, "t.hcl:1,1-12"
    )
    assert _as_go_cty('formatlist("%s", [for i in range(3): "abcd"])', ctx)["diags"] == (
        _too_long("formatlist", 10, "t.hcl:1,1-12")
    )


def test_a_million_digits_of_precision_are_go_s_digits() -> None:
    # 1e-100000 is a little less as a 512-bit binary fraction, whose 232,706
    # significant digits Go prints in full: the digest is of go-cty's text.
    value = _as_go_cty('format("%.1000000f", 1e-100000)')["value"]
    assert value.startswith("0." + "0" * 100_000 + "9999999999")
    assert (len(value), len(value.rstrip("0"))) == (1_000_002, 332_706)
    digest = hashlib.sha256(value.encode()).hexdigest()
    assert digest == "601d5d248e134feb6871861d75b9d73b216623c23e1b1ca9f4108ea8cc7a50e7"


def test_one_call_applies_at_most_max_cost_verbs() -> None:
    # Forty verbs: the call itself costs 20 steps, its arguments and result
    # less than ten more, within a budget of 40.
    forty = Value.string("%[1]d" * 40)
    ctx = EvalContext(
        {
            "forty": forty,
            "more": Value.string(forty.as_str() + "%d"),
            "seven": Value.list([Value.number(n) for n in range(7)]),
        },
        dict(STDLIB),
        limits=Limits(max_cost=40),
    )
    assert _as_go_cty("format(forty, 7)", ctx) == {
        "type": "string",
        "value": "7" * 40,
        "diags": [],
    }
    assert _as_go_cty("format(more, 7)", ctx)["diags"] == [
        [
            "Error in function call",
            'Call to function "format" failed: the format string would apply more than 40 verbs.',
            "t.hcl:1,1-8",
        ]
    ]
    # In an expression, the evaluation's budget (which the arguments, the call
    # and the strings to make use too) runs out first; called on its own, the
    # function has a budget of its own, and refuses the verbs.
    assert _as_go_cty('formatlist("%s%s%s", seven, "a", "b")', ctx)["diags"] == [
        [
            "Expression too costly",
            "Evaluating this expression takes more than 40 steps (one for each part evaluated "
            "and each value handed on, and more for long strings, large numbers and what "
            "functions build), the most that hcldecode allows for one evaluation.",
            "t.hcl:1,1-38",
        ],
    ]
    args = [Value.string("%s%s%s"), ctx.variables["seven"], Value.string("a"), Value.string("b")]
    with pytest.raises(FunctionError) as info:
        STDLIB["formatlist"].call(args, limits=Limits(max_cost=20))
    assert info.value.message == "the format string would apply more than 20 verbs in all"


def test_formatlist_reads_its_format_string_once_per_string() -> None:
    # Each string is short, but the format string is read twice: 52 characters.
    ctx = _within(30)
    assert _as_go_cty('formatlist("%.0d%.0d%.0d%.0d%.0d%.0d%s", 0, 0, 0, 0, 0, 0, [1])', ctx)[
        "value"
    ] == ["1"]
    assert _as_go_cty('formatlist("%.0d%.0d%.0d%.0d%.0d%.0d%s", 0, 0, 0, 0, 0, 0, [1, 2])', ctx)[
        "diags"
    ] == [
        [
            "Error in function call",
            'Call to function "formatlist" failed: the format string would be read 2 times: '
            "more than 30 characters in all.",
            "t.hcl:1,1-12",
        ]
    ]


@pytest.mark.parametrize(
    ("template", "args", "detail"),
    [
        # Two million verbs writing nothing: the string is read as it is
        # applied, so the call stops at the verb past the limit.
        (
            "%[1]s" * 2_000_000,
            [Value.string("")],
            'Call to function "format" failed: the format string would apply more than '
            "20000 verbs.",
        ),
        (
            "%.0[1]d" * 1_000_000,
            [Value.number(0)],
            'Call to function "format" failed: the format string would apply more than '
            "20000 verbs.",
        ),
        # Eight million percent signs, and eight million characters of width.
        (
            "%%" * 4_000_000 + "%s",
            [Value.string("x")],
            'Call to function "format" failed: the result would be longer than 1000 characters.',
        ),
        (
            # (as a Go int, this width wraps around to 2**62)
            "%1" + "0" * 8_000_000 + "4611686018427387904s",
            [Value.string("x")],
            'Call to function "format" failed: the result would be longer than 1000 characters.',
        ),
    ],
    ids=["empty verbs", "zero-precision verbs", "percent signs", "width digits"],
)
def test_long_format_strings_take_memory_proportional_to_their_length(
    template: str, args: list[Value], detail: str
) -> None:
    ctx = EvalContext(
        {"template": Value.string(template), "args": Value.tuple(args)},
        dict(STDLIB),
        limits=Limits(max_string_length=1000, max_cost=20_000),
    )
    tracemalloc.start()
    try:
        found = _as_go_cty("format(template, args...)", ctx)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert found["diags"] == [["Error in function call", detail, "t.hcl:1,1-8"]]
    assert peak < 3 * len(template) + 1_000_000
