"""Deeply nested configuration: every level up to the limit works, deeper is a diagnostic."""

from __future__ import annotations

import sys
from typing import Any

import attrs
import pytest

import hcldecode as hcl
from hcldecode.native import MAX_NESTING


@attrs.define
class Holder:
    a: Any


def nested_list(depth: int, leaf: str = "1") -> str:
    return "[" * depth + leaf + "]" * depth


def unwrap(value: Any) -> tuple[int, Any]:
    """How many one-element lists wrap a value, and the value inside them."""
    depth = 0
    while isinstance(value, list):
        assert len(value) == 1
        value, depth = value[0], depth + 1
    return depth, value


DEPTH = MAX_NESTING - 100
QUOTED_ONE = '"1"'


@pytest.mark.parametrize(
    ("text", "syntax"),
    [
        (f"a = {nested_list(DEPTH)}\n", "native"),
        (f"a = [for x in {nested_list(DEPTH)}: x][0]\n", "native"),
        (f"a = true ? {nested_list(DEPTH)} : {nested_list(DEPTH, QUOTED_ONE)}\n", "native"),
        (f'{{"a": {nested_list(DEPTH)}}}', "json"),
    ],
    ids=["tuple", "for", "conditional", "json"],
)
def test_deep_values_decode(text: str, syntax: Any) -> None:
    before = sys.getrecursionlimit()
    holder = hcl.loads(text, Holder, syntax=syntax)
    expected = (DEPTH - 1, 1) if "for" in text else (DEPTH, 1)
    if "true ?" in text:
        expected = (DEPTH, "1")
    assert unwrap(holder.a) == expected
    assert sys.getrecursionlimit() == before


def test_deep_equality_and_objects() -> None:
    deep = nested_list(DEPTH)
    assert hcl.loads(f"a = {deep} == {deep}\n", Holder).a is True
    obj = "{a=" * DEPTH + "1" + "}" * DEPTH
    value: Any = hcl.loads(f"a = {obj}\n", Holder).a
    for _ in range(DEPTH):
        value = value["a"]
    assert value == 1


def test_errors_about_deep_values_render() -> None:
    with pytest.raises(hcl.DecodeError) as info:
        hcl.loads(f"a = {nested_list(DEPTH)}\nb = 1\n", Holder, filename="deep.hcl")
    assert str(info.value).startswith("Error: Unsupported argument\n\n  on deep.hcl line 2:\n")


def test_nesting_beyond_the_limit_is_a_diagnostic() -> None:
    text = f"a = {nested_list(MAX_NESTING + 10)}\n"
    with pytest.raises(hcl.DecodeError) as info:
        hcl.loads(text, Holder, filename="deep.hcl")
    first = info.value.diagnostics[0]
    assert first.summary == "Nesting too deep"
    assert first.subject is not None
    assert first.subject.start.line == 1
