from __future__ import annotations

import datetime
import pathlib
import uuid

import pytest

from hcldecode.model import EvalContext
from hcldecode.values import STRING, Function, Parameter, Value


def upper(s: str) -> str:
    return s.upper()


UPPER = Function(
    [Parameter("str", STRING)],
    return_type=STRING,
    impl=lambda args, _t: Value.string(args[0].as_str().upper()),
)


def test_variables_are_converted() -> None:
    ctx = EvalContext({"a": 1, "b": Value.string("x"), "c": None})
    assert ctx.lookup_variable("a") == Value.number(1)
    assert ctx.lookup_variable("b") == Value.string("x")
    assert ctx.lookup_variable("c") is not None
    assert ctx.lookup_variable("c").is_null  # type: ignore[union-attr]
    assert ctx.lookup_variable("zz") is None
    assert ctx.variables is not None
    assert sorted(ctx.variables) == ["a", "b", "c"]


def test_variables_of_every_field_type_are_converted() -> None:
    ctx = EvalContext(
        {
            "path": pathlib.PurePosixPath("/etc/app"),
            "when": datetime.datetime(2026, 1, 2, 3, 4, 5, tzinfo=datetime.timezone.utc),
            "day": datetime.date(2026, 1, 2),
            "at": datetime.time(3, 4),
            "id": uuid.UUID(int=1),
            "wait": datetime.timedelta(minutes=1, milliseconds=500),
        }
    )
    got = {name: ctx.lookup_variable(name) for name in ("path", "when", "day", "at", "id", "wait")}
    assert got == {
        "path": Value.string("/etc/app"),
        "when": Value.string("2026-01-02T03:04:05+00:00"),
        "day": Value.string("2026-01-02"),
        "at": Value.string("03:04:00"),
        "id": Value.string("00000000-0000-0000-0000-000000000001"),
        "wait": Value.number("60.5"),
    }


def test_unconvertible_variable_names_it() -> None:
    with pytest.raises(TypeError, match="variable 'bad'"):
        EvalContext({"ok": 1, "bad": object()})
    with pytest.raises(TypeError, match="variable 'nan'"):
        EvalContext({"nan": float("nan")})
    with pytest.raises(TypeError, match="variable names must be strings"):
        EvalContext({1: 1})  # type: ignore[dict-item]


def test_functions_are_converted() -> None:
    ctx = EvalContext(functions={"upper": upper, "fn": UPPER})
    assert ctx.lookup_function("fn") is UPPER
    converted = ctx.lookup_function("upper")
    assert isinstance(converted, Function)
    assert converted.call([Value.string("a")]) == Value.string("A")
    assert ctx.lookup_function("nope") is None
    with pytest.raises(TypeError, match="function 'x' is int, not callable"):
        EvalContext(functions={"x": 1})  # type: ignore[dict-item]


def test_nil_versus_empty_tables() -> None:
    none = EvalContext()
    assert not none.has_variables
    assert not none.has_functions
    assert none.variables is None
    assert none.functions is None
    empty = EvalContext({}, {})
    assert empty.has_variables
    assert empty.has_functions
    assert EvalContext(functions={}).child({}).has_functions
    assert not EvalContext(functions={}).child(functions={}).has_variables


def test_child_lookup_and_names() -> None:
    parent = EvalContext({"a": 1, "b": 2}, {"f": UPPER})
    child = parent.child({"b": 3, "c": 4})
    assert child.parent is parent
    assert child.lookup_variable("b") == Value.number(3)
    assert child.lookup_variable("a") == Value.number(1)
    assert child.lookup_function("f") is UPPER
    assert child.variable_names() == ["b", "c", "a"]
    assert child.function_names() == ["f"]
    assert parent.lookup_variable("c") is None


def test_literal_only_mode() -> None:
    assert not EvalContext().literal_only
    literal = EvalContext(literal_only=True)
    assert literal.literal_only
    assert literal.child().literal_only
    assert not literal.has_variables
    with pytest.raises(TypeError, match="literal-only"):
        EvalContext({"a": 1}, literal_only=True)
    with pytest.raises(TypeError, match="literal-only"):
        EvalContext(functions={}, literal_only=True)
    with pytest.raises(TypeError, match="literal-only"):
        literal.child({"a": 1})


def test_parent_must_be_context() -> None:
    with pytest.raises(TypeError, match="parent must be an EvalContext"):
        EvalContext(parent={})  # type: ignore[arg-type]


def test_repr() -> None:
    ctx = EvalContext({"b": 1, "a": 2}).child(functions={"f": UPPER})
    assert repr(ctx) == "EvalContext(functions=['f'], parent=EvalContext(variables=['a', 'b']))"
