"""What one evaluation may build and spend: hcl.Limits, in both syntaxes.

A few hundred bytes of ``for`` expressions and templates, with no variables
or functions, could build strings of gigabytes, integers of billions of
digits, or values of billions of parts (shared in memory, so only their
consumers pay). Each such file here is rejected with one diagnostic, at
once, by the default limits.
"""

from __future__ import annotations

import dataclasses
import json
import tracemalloc
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import hcldecode as hcl
from hcldecode import json as hcljson
from hcldecode import native
from hcldecode.functions import STDLIB
from hcldecode.model import EvalContext
from hcldecode.values import DEFAULT_LIMITS, DYNAMIC, NUMBER, STRING, Limits, Value, current_limits


def _nest(levels: int, first: str, step: str) -> str:
    """``a = [for v0 in [first]: [for v1 in [step(v0)]: ... v<levels>]]``."""
    expr = f"v{levels}"
    for i in range(levels, 0, -1):
        expr = f"[for v{i} in [{step.format(v=f'v{i - 1}')}]: {expr}]"
    return f"a = [for v0 in [{first}]: {expr}]\n"


def _evaluate(
    text: str, ctx: EvalContext | None = None
) -> tuple[Value, list[tuple[str, str, str]]]:
    file, diags = native.parse_config(text.encode(), "t.hcl")
    assert not diags.has_errors()
    attributes, diags = file.body.just_attributes()
    value, diags = attributes["a"].expr.value(ctx)
    return value, [(d.summary, d.detail, str(d.subject)) for d in diags]


def _literal_only(**limits: int) -> EvalContext:
    return EvalContext(literal_only=True, limits=Limits(**limits))


# --------------------------------------------------------------------------- the bombs

_COSTLY = (
    "Expression too costly",
    "Evaluating this expression takes more than 500000 steps (one for each part "
    "evaluated and each value handed on, and more for long strings, large numbers and "
    "what functions build), the most that hcldecode allows for one evaluation.",
)
_DIGITS = "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]"


def test_a_string_doubled_by_nested_templates_stops_at_the_default_budget() -> None:
    # 26 doublings of "xx" would make 134 million characters: the characters
    # built on the way (a step per 32) use up the budget first.
    value, diags = _evaluate(_nest(26, '"xx"', '"${{{v}}}${{{v}}}"'))
    assert diags == [(*_COSTLY, "t.hcl:1,5-805")]
    assert value == Value.unknown(DYNAMIC)


def test_a_string_doubled_by_nested_templates_stops_at_the_default_length() -> None:
    # With budget to spare, the string too long is reported where it is built.
    ctx = _literal_only(max_cost=100_000_000)
    value, diags = _evaluate(_nest(26, '"xx"', '"${{{v}}}${{{v}}}"'), ctx)
    assert diags == [
        (
            "String too long",
            "The result is a string of 33554432 characters, more than the 16777216 that "
            "hcldecode allows for one string.",
            "t.hcl:1,698-712",
        )
    ]
    assert value.type.friendly_name() == "tuple"
    assert not value.is_wholly_known


def test_an_integer_squared_again_and_again_stops_at_the_default_size() -> None:
    # 30 squarings of an 11-digit number would have about 40 billion digits.
    value, diags = _evaluate(_nest(30, "99999999999", "{v} * {v}"))
    assert diags == [
        (
            "Number too large",
            "The result is an integer of 1197383 binary digits, more than the 1048576 "
            "that hcldecode allows for one number.",
            "t.hcl:1,365-374",
        )
    ]
    assert not value.is_wholly_known


def test_a_long_multiplication_chain_is_checked_at_each_step() -> None:
    text = "a = [for n in [1024]: n * n * n * n]\n"
    assert _evaluate(text, _literal_only(max_integer_bits=20))[1] == [
        (
            "Number too large",
            "The result is an integer of 21 binary digits, more than the 20 that hcldecode "
            "allows for one number.",
            "t.hcl:1,23-28",
        )
    ]
    folded = "a = [for n in [1024]: n * 1024 * 1024 * 1024]\n"
    assert _evaluate(folded, _literal_only(max_integer_bits=20))[1] == [
        (
            "Number too large",
            "The result is an integer of 21 binary digits, more than the 20 that hcldecode "
            "allows for one number.",
            "t.hcl:1,23-31",
        )
    ]


def test_a_million_element_value_from_nested_for_expressions_is_too_costly() -> None:
    expr = "x5"
    for i in range(5, -1, -1):
        expr = f"[for x{i} in {_DIGITS}: {expr}]"
    value, diags = _evaluate(f"a = {expr}\n")
    assert diags == [(*_COSTLY, "t.hcl:1,5-271")]
    assert value == Value.unknown(value.type) and not value.is_known


def test_values_of_billions_of_shared_parts_are_too_costly() -> None:
    # Each level holds ten references to the level below: 10**9 parts in
    # 300 bytes, which converting, comparing or printing would all visit.
    value, diags = _evaluate(_nest(8, _DIGITS, "[for x in {v}: {v}]"))
    assert diags == [(*_COSTLY, "t.hcl:1,5-317")]
    assert not value.is_known


def test_templates_in_json_strings_have_the_same_limits() -> None:
    file, diags = hcljson.parse(b'{"a": "%{for x in [1, 2, 3]}ab%{endfor}"}', "t.json")
    assert not diags
    attributes, _ = file.body.just_attributes()
    value, diags = attributes["a"].expr.value(EvalContext(limits=Limits(max_string_length=5)))
    assert [(d.summary, d.detail, str(d.subject)) for d in diags] == [
        (
            "String too long",
            "The result is a string of 6 characters, more than the 5 that hcldecode allows "
            "for one string.",
            "t.json:1,8-40",
        )
    ]
    assert value == Value.unknown(STRING).refine_not_null()  # the template around the loop


@pytest.mark.parametrize(
    ("text", "cost"),
    [
        ("grpc", 3),  # one literal part, its value, the result
        ("a\\nb", 5),  # two parts (a line break ends one)
        ("a$b", 7),  # a dollar sign is a part of its own
        ("x" * 64, 5),  # and a long result costs one more for each 32 characters
    ],
)
def test_literal_json_strings_cost_what_their_templates_cost(text: str, cost: int) -> None:
    file, _ = hcljson.parse(f'{{"a": "{text}"}}'.encode(), "t.json")
    attributes, _ = file.body.just_attributes()
    expr = attributes["a"].expr
    value, diags = expr.value(EvalContext(limits=Limits(max_cost=cost)))
    assert (value, list(diags)) == (Value.string(text.replace("\\n", "\n")), [])
    value, diags = expr.value(EvalContext(limits=Limits(max_cost=cost - 1)))
    assert value == Value.unknown(DYNAMIC)
    assert [(d.summary, str(d.subject)) for d in diags] == [
        ("Expression too costly", f"t.json:1,7-{9 + len(text)}")
    ]


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="ab$%{}\\\n\r \u00e9\u0301\u0958", max_size=12))
def test_a_json_string_costs_what_the_same_native_template_costs(text: str) -> None:
    # The JSON syntax's shortcut for literal text charges the evaluator's sequence:
    # for every budget, the string and the native template of its text fit, or not, alike.
    file, _ = hcljson.parse(json.dumps({"a": text}), "t.json")
    attributes, _ = file.body.just_attributes()
    json_expr = attributes["a"].expr
    template, diags = native.parse_template(text, "t.hcl")
    assume(not diags.has_errors())
    for cost in range(1, 16):
        ctx = EvalContext(limits=Limits(max_cost=cost))
        json_value, _ = json_expr.value(ctx)
        native_value, _ = template.value(ctx)
        assert json_value == native_value, (text, cost)


def test_a_literal_json_string_that_normalisation_lengthens_is_held_to_the_length_limit() -> None:
    # Each U+0958 becomes two characters in NFC: four of them make eight.
    file, _ = hcljson.parse(rb'{"a": "\u0958\u0958\u0958\u0958"}', "t.json")
    attributes, _ = file.body.just_attributes()
    value, diags = attributes["a"].expr.value(EvalContext(limits=Limits(max_string_length=5)))
    assert value == Value.unknown(STRING)
    assert [(d.summary, d.detail, str(d.subject)) for d in diags] == [
        (
            "String too long",
            "The result is a string of 8 characters, more than the 5 that hcldecode allows "
            "for one string.",
            "t.json:1,8-32",
        )
    ]


# --------------------------------------------------------------------------- the rules


def test_the_cost_counts_each_node_and_each_collection_by_its_parts() -> None:
    # 1, 2, 3 are folded into one literal tuple of 4 values; then three
    # iterations of 5 steps (2 for the iteration, 3 for x, x * 2 and handing
    # it on); then the result of 4 values: 23.
    text = "a = [for x in [1, 2, 3]: x * 2]\n"
    assert _evaluate(text, _literal_only(max_cost=23)) == (
        Value.tuple([Value.number(2), Value.number(4), Value.number(6)]),
        [],
    )
    value, diags = _evaluate(text, _literal_only(max_cost=22))
    assert not value.is_known
    assert diags == [
        (
            "Expression too costly",
            "Evaluating this expression takes more than 22 steps (one for each part "
            "evaluated and each value handed on, and more for long strings, large numbers "
            "and what functions build), the most that hcldecode allows for one evaluation.",
            "t.hcl:1,5-32",
        )
    ]


def test_literals_and_variables_are_not_held_to_the_size_limits() -> None:
    ctx = EvalContext({"long": "x" * 10}, limits=Limits(max_string_length=5))
    assert _evaluate("a = long\n", ctx) == (Value.string("x" * 10), [])
    assert _evaluate('a = "xxxxxxxxxx"\n', _literal_only(max_string_length=5))[1] == [
        (
            "String too long",
            "The result is a string of 10 characters, more than the 5 that hcldecode allows "
            "for one string.",
            "t.hcl:1,5-17",
        )
    ]


def test_child_contexts_and_for_scopes_keep_the_limits() -> None:
    parent = EvalContext({"n": 1024}, limits=Limits(max_integer_bits=20))
    child = parent.child({"m": 2})
    assert child.limits == Limits(max_integer_bits=20)
    assert _evaluate("a = [for x in [n]: x * m * n]\n", child)[1] == [
        (
            "Number too large",
            "The result is an integer of 22 binary digits, more than the 20 that hcldecode "
            "allows for one number.",
            "t.hcl:1,20-29",
        )
    ]
    assert EvalContext().limits is DEFAULT_LIMITS


def test_a_decoder_applies_its_limits_with_and_without_variables() -> None:
    @dataclasses.dataclass
    class Config:
        a: Any

    small = hcl.Decoder(limits=Limits(max_string_length=3))
    with pytest.raises(hcl.DecodeError) as info:
        small.loads('a = "${"ab"}${"ab"}"\n', Config, filename="t.hcl")
    assert [(d.summary, str(d.subject)) for d in info.value.diagnostics] == [
        ("String too long", "t.hcl:1,5-21")
    ]
    with pytest.raises(hcl.DecodeError) as info:
        small.loads('a = "${s}${s}"\n', Config, filename="t.hcl", variables={"s": "ab"})
    assert [(d.summary, str(d.subject)) for d in info.value.diagnostics] == [
        ("String too long", "t.hcl:1,5-15")
    ]
    assert hcl.Decoder().loads('a = "${"ab"}${"ab"}"\n', Config) == Config("abab")


# Each bomb is refused before the function builds its result: the peak memory of
# the evaluation (inputs excluded: they are built before tracing starts) stays small.
# The element limit here is the application's (a tenth of the default's) to keep
# the traced runs short.
_BOMB_INPUTS = {
    "pairs": "x," * (1 << 19),  # 1 Mi characters, 512 Ki commas
    "lines": "x\n" * (1 << 19),
    "csv": "a,b\n" + "1,2\n" * 40_000,
    "json": "[" + "1," * 120_000 + "1]",
    "deep": "[" * 200 + "]" * 200,
    # an unterminated string of escaped quotes: linear to skip, not quadratic
    "unclosed": "[" * 100_001 + '"' + '\\"' * 200_000,
}
_TOO_LONG = "the result would be longer than 16777216 characters"
_TOO_MANY = "the result would have more than 100000 elements"


@pytest.mark.parametrize(
    ("src", "message", "subject"),
    [
        ("setproduct(range(1000), range(1000), range(1000))", _TOO_MANY, "1,5-16"),
        ('join("", [for i in range(40): pairs])', _TOO_LONG, "1,5-10"),
        ("jsonencode([for i in range(40): pairs])", _TOO_LONG, "1,5-16"),
        ('split("", pairs)', _TOO_MANY, "1,5-11"),
        ("indent(40, lines)", _TOO_LONG, "1,5-12"),
        ("csvdecode(csv)", _TOO_MANY, "1,5-15"),
        ("jsondecode(json)", _TOO_MANY, "1,5-16"),
        ("jsondecode(unclosed)", _TOO_MANY, "1,5-16"),
        (
            "jsondecode(deep)",
            "the JSON text nests more than 125 levels deep, more than hcldecode supports at "
            "the interpreter's recursion limit (1000)",
            "1,5-16",
        ),
        (
            "range(0, 1e9)",
            "more than 1024 values were generated; either decrease the difference between "
            "start and end or use a smaller step",
            "1,5-11",
        ),
    ],
)
def test_function_bombs_are_refused_before_they_are_built(
    src: str, message: str, subject: str
) -> None:
    ctx = EvalContext(_BOMB_INPUTS, dict(STDLIB), limits=Limits(max_cost=100_000))
    tracemalloc.start()
    try:
        _value, diags = _evaluate(f"a = {src}\n", ctx)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    name = src.split("(", 1)[0]
    assert diags == [
        (
            "Error in function call",
            f'Call to function "{name}" failed: {message}.',
            f"t.hcl:{subject}",
        )
    ]
    assert peak < 4_000_000


def test_functions_see_the_limits_of_the_evaluation_that_calls_them() -> None:
    seen: list[Limits] = []

    def limit_of_strings() -> int:
        seen.append(current_limits())
        return current_limits().max_string_length

    small = Limits(max_string_length=9)
    ctx = EvalContext(functions={**STDLIB, "limit": limit_of_strings}, limits=small)
    assert _evaluate("a = limit()\n", ctx) == (Value.number(9), [])
    assert _evaluate("a = limit()\n", ctx.child({"x": 1}))[0] == Value.number(9)
    assert _evaluate('a = indent(2, "a\\nb\\nc\\n")\n', ctx)[1] == [
        (
            "Error in function call",
            'Call to function "indent" failed: the result would be longer than 9 characters.',
            "t.hcl:1,5-12",
        )
    ]
    assert seen == [small, small]
    assert current_limits() is DEFAULT_LIMITS


@pytest.mark.parametrize(
    ("limits", "message"),
    [
        ({"max_cost": 0}, "Limits.max_cost must be a positive int, not 0"),
        ({"max_string_length": 1.5}, "Limits.max_string_length must be a positive int, not 1.5"),
        ({"max_integer_bits": True}, "Limits.max_integer_bits must be a positive int, not True"),
    ],
)
def test_limits_must_be_positive_integers(limits: dict[str, Any], message: str) -> None:
    with pytest.raises(TypeError) as info:
        Limits(**limits)
    assert str(info.value) == message


def test_a_context_needs_limits_of_the_right_type() -> None:
    with pytest.raises(TypeError) as info:
        EvalContext(limits={"max_cost": 5})  # type: ignore[arg-type]
    assert str(info.value) == "limits must be hcldecode Limits, not dict"


def test_deep_count_counts_shared_parts_each_time() -> None:
    ten = Value.tuple([Value.number(i) for i in range(10)])
    hundred = Value.tuple([ten] * 10)
    assert (ten.deep_count, hundred.deep_count) == (11, 111)
    assert Value.object({"a": hundred, "b": Value.unknown(NUMBER)}).deep_count == 113
