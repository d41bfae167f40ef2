"""One budget per evaluation (issue 29): the bombs stop early, with one diagnostic.

Each bomb here is one of the issue's. The exact diagnostic is checked, with a
small budget where the default one would make the test slow; how long each
takes and how much memory at the default limits is measured by
``benchmarks/bombs.py``, not here.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any

import pytest

import hcldecode as hcl
from hcldecode import hcldec, native
from hcldecode import json as hcljson
from hcldecode.ext import tryfunc
from hcldecode.functions import STDLIB
from hcldecode.model import EvalContext
from hcldecode.native import parse_expression
from hcldecode.values import DYNAMIC, FunctionError, Limits, Value
from hcldecode.values._limits import BUDGET, Budget


def _costly(limit: int, subject: str) -> tuple[str, str, str]:
    return (
        "Expression too costly",
        f"Evaluating this expression takes more than {limit} steps (one for each part "
        "evaluated and each value handed on, and more for long strings, large numbers and "
        "what functions build), the most that hcldecode allows for one evaluation.",
        subject,
    )


@dataclasses.dataclass
class Config:
    a: Any
    b: Any = None
    c: Any = None


def _problems(
    text: str, cls: type = Config, functions: Any = STDLIB, **options: Any
) -> list[tuple[str, str, str]]:
    decoder = hcl.Decoder(functions=functions, **options)
    with pytest.raises(hcl.DecodeError) as info:
        decoder.loads(text, cls, filename="t.hcl")
    return [(d.summary, d.detail, str(d.subject)) for d in info.value.diagnostics]


# --------------------------------------------------------------------------- the bombs


def test_strings_of_sixteen_million_characters_use_up_the_budget_by_their_length() -> None:
    # Half the default budget each: the second one ends the evaluation.
    text = 'a = [for i in range(100): format("%16000000s", "a")]\n'
    assert _problems(text) == [_costly(500_000, "t.hcl:1,5-53")]


def test_into_a_list_of_strings_too() -> None:
    @dataclasses.dataclass
    class Strings:
        a: list[str]

    text = 'a = [for i in range(150): format("%16000000s", "a")]\n'
    assert _problems(text, Strings) == [_costly(500_000, "t.hcl:1,5-53")]


@pytest.mark.parametrize(
    ("call", "subject"),
    [
        ("tostring(1e100000)", "t.hcl:1,5-47"),
        ('format("%d", 1e100000)', "t.hcl:1,5-51"),
        ("jsonencode(1e100000)", "t.hcl:1,5-49"),
    ],
)
def test_writing_a_big_number_costs_by_its_size(call: str, subject: str) -> None:
    # About 55,000 steps for each 100,001-digit number written.
    text = f"a = [for i in range(1000): {call}]\n"
    assert _problems(text, limits=Limits(max_cost=100_000)) == [_costly(100_000, subject)]
    # One is well within the budget.
    assert hcl.Decoder(functions=STDLIB, limits=Limits(max_cost=100_000)).loads(
        f"a = strlen({call})\n", Config
    ) == Config(100_001)


def test_a_for_expression_stops_as_its_elements_are_made() -> None:
    calls: list[int] = []

    def numbers(n: int) -> list[int]:
        calls.append(n)
        return list(range(n))

    text = "a = [for x in range(1000): numbers(1000)]\n"
    functions = {**STDLIB, "numbers": numbers}
    limits = Limits(max_cost=10_000)
    assert _problems(text, functions=functions, limits=limits) == [_costly(10_000, "t.hcl:1,5-42")]
    assert len(calls) == 5  # not 1,000: each list is paid for as it is handed on
    # range charges its elements before making them
    text = "a = [for x in range(1000): range(1000)]\n"
    assert _problems(text, limits=limits) == [_costly(10_000, "t.hcl:1,5-40")]


# --------------------------------------------------------------------------- the rates


@pytest.mark.parametrize(
    ("source", "steps"),
    [
        ("x", 1),  # a variable handed on
        ("[x, y]", 5),  # two variables, the tuple and its two elements
        ("x + y", 7),  # the operands and 5 for the operator
        ('"a${x}"', 5),  # the literal, the variable, 1 for each part, the string
        ("tostring(x)", 23),  # the argument, 20 for the call and 1 for its value, "1"
        # 7 for x / 7, 21 for the call, 8 for writing a number that is not an
        # integer, and its 155 characters (1 + 155 // 32)
        ("tostring(x / 7)", 41),
        ("[for v in [x, y]: v]", 14),  # the tuple (5), 2 iterations of 2 + 1, the result (3)
        ("range(3)", 38),  # the argument, 21 for the call, 4 per element, the result (4)
        # the arguments (3 + 1 + 3), 23 for the call, 1 per match (3), the result
        ('regex_replace("aaa", "a", "b")', 36),
    ],
)
def test_each_kind_of_work_costs_the_documented_steps(source: str, steps: int) -> None:
    # The rates of the Limits page, which benchmarks/steps.py calibrates.
    ctx = EvalContext({"x": 1, "y": 2}, STDLIB, limits=Limits(max_cost=10**9))
    budget = Budget(Limits(max_cost=10**9))
    token = BUDGET.set(budget)
    try:
        value, diags = parse_expression(source, "t.hcl")[0].value(ctx)
    finally:
        BUDGET.reset(token)
    assert not diags
    assert value.is_known
    assert budget.spent == steps


# --------------------------------------------------------------------------- one budget


def test_a_decoder_call_shares_one_budget_between_its_expressions() -> None:
    # Each costs less than 300 steps (204), the three together more: the
    # evaluation stops at the one that runs out, and the rest is not evaluated.
    text = "a = [for x in range(20): x]\nb = [for x in range(20): x]\nc = nosuch(1)\n"
    assert _problems(text, limits=Limits(max_cost=300)) == [_costly(300, "t.hcl:2,5-28")]
    decoder = hcl.Decoder(functions=STDLIB, limits=Limits(max_cost=300))
    assert decoder.loads("a = [for x in range(20): x]\n", Config) == Config(list(range(20)))
    # A new call has a new budget.
    assert decoder.loads("a = [for x in range(20): x]\n", Config) == Config(list(range(20)))


def test_to_dict_shares_one_budget_between_its_expressions() -> None:
    # Each expression had a budget of its own, and one too costly was kept as
    # its text: twenty of them took twenty times the budget's time.
    text = "a = [for x in range(20): x]\nb = [for x in range(20): x]\n"
    decoder = hcl.Decoder(functions=STDLIB, limits=Limits(max_cost=300))
    with pytest.raises(hcl.DecodeError) as info:
        decoder.to_dict(text, filename="t.hcl")
    assert [(d.summary, d.detail, str(d.subject)) for d in info.value.diagnostics] == [
        _costly(300, "t.hcl:2,5-28")
    ]
    assert decoder.to_dict(text[:28]) == {"a": list(range(20))}


def test_a_spec_decoding_shares_one_budget_between_its_expressions() -> None:
    text = b"a = [for x in range(20): x]\nb = [for x in range(20): x]\n"
    file, _ = native.parse_config(text, "t.hcl")
    spec = hcldec.ObjectSpec({"a": hcldec.AttrSpec("a"), "b": hcldec.AttrSpec("b")})
    ctx = EvalContext({}, STDLIB, limits=Limits(max_cost=300))
    value, diags = hcldec.decode(file.body, spec, ctx)
    assert value == Value.unknown(spec.implied_type())
    assert [(d.summary, d.detail, str(d.subject)) for d in diags] == [_costly(300, "t.hcl:2,5-28")]
    one, _ = native.parse_config(text[:28], "t.hcl")
    value, diags = hcldec.decode(one.body, hcldec.ObjectSpec({"a": hcldec.AttrSpec("a")}), ctx)
    assert not diags
    assert len(dict(value.items())["a"]) == 20


def test_an_expression_evaluated_on_its_own_has_a_budget_of_its_own() -> None:
    expr, _ = parse_expression("[for x in range(1000): range(1000)]", "t.hcl")
    value, diags = expr.value(EvalContext({}, STDLIB, limits=Limits(max_cost=10_000)))
    assert not value.is_known
    assert [(d.summary, d.detail, str(d.subject)) for d in diags] == [
        _costly(10_000, "t.hcl:1,1-36")
    ]


def test_try_and_can_do_not_hide_a_budget_run_out() -> None:
    functions = {**STDLIB, **tryfunc.FUNCTIONS}
    text = "a = try([for x in range(1000): range(1000)], 0)\n"
    assert _problems(text, functions=functions, limits=Limits(max_cost=10_000)) == [
        _costly(10_000, "t.hcl:1,5-48")
    ]
    text = "a = can([for x in range(1000): range(1000)])\n"
    assert _problems(text, functions=functions, limits=Limits(max_cost=10_000)) == [
        _costly(10_000, "t.hcl:1,5-45")
    ]


def test_a_function_called_on_its_own_has_a_budget_of_its_own() -> None:
    with pytest.raises(FunctionError) as info:
        STDLIB["range"].call([Value.number(1000)], limits=Limits(max_cost=400))
    assert info.value.message == "the call takes more than 400 steps"
    result = STDLIB["range"].call([Value.number(100)], limits=Limits(max_cost=400))
    assert len(result) == 100


# --------------------------------------------------------------------------- dynamic blocks


@dataclasses.dataclass
class Sub:
    x: Any = None


@dataclasses.dataclass
class Rule:
    sub: Annotated[list[Sub], hcl.block()] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class Rules:
    rule: Annotated[list[Rule], hcl.block()] = dataclasses.field(default_factory=list)


def _nested(outer: str, inner: str) -> str:
    return f"""\
dynamic "rule" {{
  for_each = {outer}
  content {{
    dynamic "sub" {{
      for_each = {inner}
      content {{
        x = sub.value
      }}
    }}
  }}
}}
"""


@pytest.mark.parametrize(
    ("inner", "blocks", "subject"),
    [
        ("setproduct(range(100), range(100))", 10_240_000, "t.hcl:5,18-52"),
        ("range(1000)", 1_024_000, "t.hcl:5,18-29"),
    ],
)
def test_nested_dynamic_blocks_are_refused_once(inner: str, blocks: int, subject: str) -> None:
    text = _nested("range(1024)", inner)
    assert _problems(text, Rules, dynamic_blocks=True) == [
        (
            "Too many dynamic blocks",
            f"This dynamic block makes {blocks} blocks (counting those of the dynamic blocks "
            "around it), more than the 10000 that hcldecode allows.",
            subject,
        )
    ]


@pytest.mark.parametrize(
    ("inner", "calls"),
    [
        ("counted(3)", [3]),  # refers to no outer iterator: once in all
        ("counted(rule.value % 2 + 1)", [1, 2, 1, 2]),  # once per distinct rule
        ("counted(rule.key)", [0, 1, 2, 3]),
    ],
)
def test_an_inner_for_each_is_read_once_per_distinct_outer_value(
    inner: str, calls: list[int]
) -> None:
    made: list[int] = []

    def counted(n: int) -> list[int]:
        made.append(n)
        return list(range(n))

    decoder = hcl.Decoder(functions={**STDLIB, "counted": counted}, dynamic_blocks=True)
    rules = decoder.loads(_nested("range(4)", inner), Rules)
    assert made == calls
    expected = {
        "counted(3)": [3, 3, 3, 3],
        "counted(rule.value % 2 + 1)": [1, 2, 1, 2],
        "counted(rule.key)": [0, 1, 2, 3],
    }[inner]
    assert [len(rule.sub) for rule in rules.rule] == expected


def test_the_errors_of_an_inner_for_each_are_still_given_for_each_outer_block() -> None:
    # As the reference gives them.
    assert (
        _problems(_nested("range(3)", "nosuch"), Rules, dynamic_blocks=True)
        == [("Unknown variable", 'There is no variable named "nosuch".', "t.hcl:5,18-24")] * 3
    )


def test_the_blocks_made_are_charged_to_the_budget() -> None:
    # 100 * 100 blocks are within the product limit of 510,000 / 50, but not
    # within the budget once each costs 50 steps.
    text = _nested("range(100)", "range(100)")
    assert _problems(text, Rules, dynamic_blocks=True, limits=Limits(max_cost=510_000)) == [
        _costly(510_000, "t.hcl:5,18-28")
    ]


def test_the_templates_of_a_json_expression_share_its_budget() -> None:
    # Each template alone is within 150 steps (123), the two together are not.
    file, diags = hcljson.parse(b'{"a": ["${range(20)}", "${range(20)}"]}', "t.json")
    assert not diags
    attributes, _ = file.body.just_attributes()
    ctx = EvalContext({}, STDLIB, limits=Limits(max_cost=150))
    value, diags = attributes["a"].expr.value(ctx)
    assert value == Value.unknown(DYNAMIC)
    assert [(d.summary, d.detail, str(d.subject)) for d in diags] == [_costly(150, "t.json:1,7-39")]
    file, _ = hcljson.parse(b'{"a": "${range(20)}"}', "t.json")
    attributes, _ = file.body.just_attributes()
    assert len(attributes["a"].expr.value(ctx)[0]) == 20
