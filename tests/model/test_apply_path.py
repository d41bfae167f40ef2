"""``apply_path`` (HCL's ``hcl.ApplyPath``) and ``static_expr`` (``hcl.StaticExpr``).

The expected results of ``apply_path`` are HCL v2.14.1's, printed by
``tools/differential/go/gonav`` (its ``path`` request), with the subject ``path.hcl:1,1-5``.
"""

from __future__ import annotations

from typing import Any

import pytest

from hcldecode.model import (
    EvalContext,
    Expression,
    LiteralExpression,
    Pos,
    Range,
    apply_path,
    expr_list,
    static_expr,
)
from hcldecode.values import (
    DYNAMIC_VALUE,
    AttrStep,
    IndexStep,
    Path,
    Value,
    type_from_json,
    value_from_json,
)

SUBJECT = Range("path.hcl", Pos(1, 1, 0), Pos(1, 5, 4))
OBJECT_TYPE = ["object", {"a": ["list", "number"], "m": ["map", "string"], "n": "string"}]
OBJECT = {"a": [1, 2], "m": {"k": "v"}, "n": None}
NOT_AN_ELEMENT = "The given key does not identify an element in this collection value."

# (type, value, path (attribute names, or (key type, key) for index steps),
#  result type, result value or None for unknown, [(summary, detail)]).
CASES: list[tuple[Any, Any, list[Any], Any, Any, list[tuple[str, str]]]] = [
    (OBJECT_TYPE, OBJECT, ["a", ("number", 1)], "number", 2, []),
    (OBJECT_TYPE, OBJECT, ["a", ("string", "1")], "number", 2, []),
    (OBJECT_TYPE, OBJECT, ["a", ("number", 5), "zz"], "dynamic", None,
     [("Invalid index", NOT_AN_ELEMENT)]),
    (OBJECT_TYPE, OBJECT, ["m", ("string", "k")], "string", "v", []),
    (OBJECT_TYPE, OBJECT, ["m", "k"], "string", "v", []),
    (OBJECT_TYPE, OBJECT, ["m", ("string", "x")], "dynamic", None,
     [("Invalid index", NOT_AN_ELEMENT)]),
    (OBJECT_TYPE, OBJECT, ["n", "x"], "dynamic", None,
     [("Attempt to get attribute from null value",
       "This value is null, so it does not have any attributes.")]),
    (OBJECT_TYPE, OBJECT, ["b"], "dynamic", None,
     [("Unsupported attribute", 'This object does not have an attribute named "b".')]),
    (OBJECT_TYPE, OBJECT, [], OBJECT_TYPE, OBJECT, []),
    (["list", "string"], ["x"], ["a"], "dynamic", None,
     [("Unsupported attribute", "This value does not have any attributes.")]),
    (["tuple", ["string", "bool"]], ["x", True], [("number", 1)], "bool", True, []),
    (["set", "string"], ["x"], [("number", 0)], "dynamic", None,
     [("Invalid index", "Elements of a set are identified only by their value and don't have "
       "any separate index or key to select with, so it's only possible to perform operations "
       "across all elements of the set.")]),
    ("string", "s", [("number", 0)], "dynamic", None,
     [("Invalid index", "This value does not have any indices.")]),
]  # fmt: skip


def path_of(steps: list[Any]) -> Path:
    return tuple(
        AttrStep(step)
        if isinstance(step, str)
        else IndexStep(value_from_json(step[1], type_from_json(step[0])))
        for step in steps
    )


@pytest.mark.parametrize("case", CASES)
def test_apply_path_is_hcls(
    case: tuple[Any, Any, list[Any], Any, Any, list[tuple[str, str]]],
) -> None:
    type_, value, steps, result_type, result, diags = case
    got, found = apply_path(value_from_json(value, type_from_json(type_)), path_of(steps), SUBJECT)
    assert got.type == type_from_json(result_type)
    if result is None:
        assert got == DYNAMIC_VALUE
    else:
        assert got == value_from_json(result, got.type)
    assert [(d.summary, d.detail) for d in found] == diags
    assert all(d.subject == SUBJECT for d in found)


def test_apply_path_follows_unknown_values() -> None:
    unknown = Value.unknown(type_from_json(["map", ["list", "string"]]))
    got, diags = apply_path(unknown, (IndexStep(Value.string("k")), AttrStep("x")), None)
    assert got == DYNAMIC_VALUE
    assert [(d.summary, d.subject) for d in diags] == [
        (
            "Unsupported attribute",
            None,
        )
    ]
    got, diags = apply_path(unknown, (IndexStep(Value.string("k")),), None)
    assert got == Value.unknown(type_from_json(["list", "string"])) and not diags


def test_a_step_of_another_type_is_a_mistake_of_the_program() -> None:
    with pytest.raises(TypeError, match="not a path step"):
        apply_path(Value.string("x"), ("x",), None)  # type: ignore[arg-type]


def test_static_expr_is_its_value_whatever_the_context() -> None:
    rng = Range("", Pos(1, 1, 0), Pos(1, 1, 0))
    value = Value.list([Value.string("a")])
    expr = static_expr(value, rng)
    assert isinstance(expr, Expression) and isinstance(expr, LiteralExpression)
    assert expr.value(None) == (value, [])
    assert expr.value(EvalContext(variables={"a": Value.number(1)})) == (value, [])
    assert expr.variables() == []
    assert expr.range == expr.start_range == rng
    # It is a value, not syntax: static analysis finds no list in it.
    _, diags = expr_list(expr)
    assert [d.summary for d in diags] == ["Invalid expression"]
