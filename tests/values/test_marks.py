"""Marks on values (``Value.mark``) and how they propagate, as go-cty's do.

``test_differential`` compares hcldecode with what HCL v2.14.1 and go-cty
1.12.1 give (``tools/differential/go/gomarks``, stored in
``tests/data/marks/gomarks.jsonl``); ``tools/differential/differential_marks.py``
regenerates the file and compares more.
"""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hcldecode import native
from hcldecode.ext import dynblock
from hcldecode.functions import STDLIB
from hcldecode.model import BlockHeaderSchema, BodySchema, EvalContext
from hcldecode.native import parse_expression
from hcldecode.values import (
    DYNAMIC,
    NUMBER,
    STRING,
    AttrStep,
    ConversionError,
    IndexStep,
    ListType,
    ObjectType,
    PathMarks,
    SetType,
    Value,
    convert,
)

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> ModuleType:
    path = ROOT / "tools" / "differential" / "differential_marks.py"
    spec = importlib.util.spec_from_file_location("differential_marks", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def evaluate(src: str, **variables: Value) -> Value:
    expr, diags = parse_expression(src, "t.hcl")
    assert not diags
    value, diags = expr.value(EvalContext(variables, dict(STDLIB)))
    assert not diags.has_errors(), diags
    return value


S = Value.string("secret").mark("sensitive")
N = Value.number(5).mark("n")


def test_mark_and_unmark() -> None:
    v = Value.string("x").mark("a").mark("b", "a")
    assert v.marks == frozenset({"a", "b"})
    assert v.is_marked and v.has_mark("a") and not v.has_mark("c")
    assert repr(v) == "Value.string('x').mark('a', 'b')"
    assert v.unmark() == (Value.string("x"), frozenset({"a", "b"}))
    assert Value.string("x").unmark() == (Value.string("x"), frozenset())
    assert v != Value.string("x")  # == compares marks too (go-cty's RawEquals)
    assert v == Value.string("x").with_marks(["b"], {"a"})
    assert Value.string("x").mark() is not v


def test_accessors_refuse_marked_values() -> None:
    with pytest.raises(TypeError) as info:
        S.as_str()
    assert str(info.value) == (
        "value is marked ('sensitive'), so it must be unmarked first "
        "(Value.unmark or Value.unmark_deep)"
    )
    with pytest.raises(TypeError):
        Value.list([Value.string("a")]).mark("m").elements()


def test_deep_marks_with_paths() -> None:
    obj = Value.object(
        {"a": S, "b": Value.list([Value.string("z").mark("deep")]), "c": Value.number(1)}
    ).mark("o")
    assert obj.contains_marked and not Value.number(1).contains_marked
    plain, found = obj.unmark_deep_with_paths()
    assert not plain.contains_marked
    assert found == [
        PathMarks((), frozenset({"o"})),
        PathMarks((AttrStep("a"),), frozenset({"sensitive"})),
        PathMarks((AttrStep("b"), IndexStep(Value.number(0))), frozenset({"deep"})),
    ]
    assert obj.unmark_deep() == (plain, frozenset({"o", "sensitive", "deep"}))
    assert plain.mark_with_paths(found) == obj
    assert obj.has_mark_deep("deep") and not obj.has_mark("deep")
    assert obj.marks_of_type(str, deep=True) == ["deep", "o", "sensitive"]


def test_collections_keep_element_marks_but_sets_hoist_them() -> None:
    lst = Value.list([Value.string("a"), S])
    assert not lst.is_marked and lst.contains_marked
    assert Value.set([Value.string("a"), S]) == Value.set(
        [Value.string("a"), Value.string("secret")]
    ).mark("sensitive")
    assert convert(lst, SetType(STRING)).marks == frozenset({"sensitive"})
    assert convert(Value.tuple([S]), ListType(STRING)) == Value.list([S])
    assert convert(S, STRING) is S


def test_operators_and_equality() -> None:
    assert N.add(Value.number(1)) == Value.number(6).mark("n")
    assert N.less_than(Value.number(9)) == Value.bool(True).mark("n")
    # equals unmarks deeply: a list holding a marked element marks the answer
    assert Value.list([S]).equals(Value.list([Value.string("secret")])) == Value.bool(True).mark(
        "sensitive"
    )
    assert Value.object({"a": S}).get("a") is S
    assert Value.object({"a": Value.string("q")}).mark("o").get("a") == Value.string("q").mark("o")
    assert Value.list([S]).length() == Value.number(1)
    assert Value.list([S]).mark("l").length() == Value.number(1).mark("l")


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        ('s == "secret"', Value.bool(True).mark("sensitive")),
        ("upper(s)", Value.string("SECRET").mark("sensitive")),
        ('"x-${s}"', Value.string("x-secret").mark("sensitive")),
        ("[for x in l : upper(x)]", Value.tuple([Value.string("A"), Value.string("B").mark("m")])),
        ("length(l)", Value.number(2)),
        ("keys({a = s})", Value.tuple([Value.string("a")])),
        ('n > 1 ? "big" : "small"', Value.string("big").mark("n")),
        ("s[*]", Value.tuple([S]).mark("sensitive")),
        ("{(s) = 1}", Value.object({"secret": Value.number(1)}).mark("sensitive")),
    ],
)
def test_expressions(src: str, expected: Value) -> None:
    l = Value.list([Value.string("a"), Value.string("b").mark("m")])  # noqa: E741
    assert evaluate(src, s=S, n=N, l=l) == expected


def test_a_conditional_arm_that_fails_to_convert_is_unknown_and_marked() -> None:
    # HCL v2.24: the unknown that replaces the arm carries the condition's and
    # both arms' marks, as a converted arm does.
    expr, diags = parse_expression("n > 1 ? mp : {a = 1}", "t.hcl")
    assert not diags
    mp = Value.map({"b": Value.number(1)})
    value, diags = expr.value(EvalContext({"n": N, "mp": mp}))
    assert [d.summary for d in diags] == ["Inconsistent conditional result types"]
    assert value == Value.unknown(ObjectType({"a": NUMBER})).mark("n")


def test_differential() -> None:
    tool = _tool()
    lines = (ROOT / "tests" / "data" / "marks" / "gomarks.jsonl").read_text(encoding="utf-8")
    cases = [(entry["expr"], entry["go"]) for entry in map(json.loads, lines.splitlines())]
    counts, differ = tool.compare(cases)
    assert differ == []
    assert counts == Counter(
        agree=2386, conditional=294, unmarked=193, splat=77, unknown=40, error=5, **{"for": 5}
    )


def test_the_differential_counts_a_set_arm_of_a_conditional_apart() -> None:
    # go-cty unifies a conditional's tuple arm with a set arm to a set, which holds no
    # marked elements; hcldecode to a tuple (the specification's rule). After flatten
    # the values agree, and the same marks are there, at other paths (seed 7).
    tool = _tool()
    src = (
        'flatten([l[*], reverse(!false ? [m["k2"], o.a] : '
        "setintersection(toset(keys(m)), toset(l)))])"
    )
    go = {
        "type": ["tuple", ["string", "string", "string", "string", "string"]],
        "value": ["a", "b", "c", "x", "v2"],
        "marks": [
            {"path": "", "marks": ["m", "sensitive"]},
            {"path": "[1]", "marks": ["sensitive"]},
        ],
        "diags": [],
    }
    found = tool.ours(src, tool.context())
    assert found["marks"] == [
        {"path": "", "marks": ["sensitive"]},
        {"path": "[1]", "marks": ["sensitive"]},
        {"path": "[3]", "marks": ["sensitive"]},
        {"path": "[4]", "marks": ["m"]},
    ]
    assert tool.classify(src, go, found) == "unify"
    # without a conditional and a set, the same results are a difference
    assert tool.classify('flatten([l[*], reverse([m["k2"], o.a])])', go, found) == "differ"


# ----------------------------------------------------------------------------- properties

_MARKS = st.frozensets(st.sampled_from(["a", "b", "c"]), max_size=2)


def _marked(value: Value, marks: frozenset[str]) -> Value:
    return value.with_marks(marks)


_PRIMITIVES = st.one_of(
    st.text(max_size=3).map(Value.string),
    st.integers(-5, 5).map(Value.number),
    st.booleans().map(Value.bool),
)
_LEAVES = st.builds(_marked, _PRIMITIVES, _MARKS)
MARKED_VALUES = st.recursive(
    _LEAVES,
    lambda children: st.builds(
        _marked,
        st.one_of(
            st.lists(children, max_size=3).map(Value.tuple),
            st.dictionaries(st.sampled_from("xyz"), children, max_size=3).map(Value.object),
            st.lists(children, min_size=1, max_size=3).map(
                lambda vs: Value.list([v for v in vs if v.type == vs[0].type])
            ),
        ),
        _MARKS,
    ),
    max_leaves=8,
)


@given(MARKED_VALUES)
def test_unmark_deep_with_paths_and_mark_with_paths_are_inverse(value: Value) -> None:
    plain, found = value.unmark_deep_with_paths()
    assert not plain.contains_marked
    assert value.contains_marked == bool(found)
    assert plain.mark_with_paths(found) == value
    assert value.unmark_deep() == (plain, frozenset().union(*(e.marks for e in found)))
    assert all(entry.marks for entry in found)


@given(MARKED_VALUES, MARKED_VALUES)
def test_equals_carries_every_mark_of_both_sides(a: Value, b: Value) -> None:
    result = a.equals(b)
    plain_a, marks_a = a.unmark_deep()
    plain_b, marks_b = b.unmark_deep()
    assert result == plain_a.equals(plain_b).with_marks(marks_a, marks_b)


@given(MARKED_VALUES)
def test_conversion_keeps_marks_where_they_were(value: Value) -> None:
    target = STRING if value.type.is_primitive_type() else DYNAMIC
    try:
        converted = convert(value, target)
    except ConversionError:
        return
    assert converted.unmark_deep_with_paths()[1] == value.unmark_deep_with_paths()[1]


@given(MARKED_VALUES)
def test_a_set_hoists_the_marks_of_its_elements(value: Value) -> None:
    s = Value.set([value])
    plain, marks = value.unmark_deep()
    assert s == Value.set([plain]).with_marks(marks)
    assert s.unmark_deep_with_paths()[1] == ([PathMarks((), marks)] if marks else [])


def test_dynamic_blocks_mark_their_values_with_the_for_each_marks() -> None:
    text = b"""
dynamic "item" {
  for_each = var.items
  labels = [item.key]
  content {
    v = item.value
    w = "x"
  }
}
dynamic "bad" {
  for_each = var.items
  labels = [var.secret]
  content {}
}
"""
    file, diags = native.parse_config(text, "t.hcl")
    assert not diags
    items = Value.map({"a": Value.string("1"), "b": Value.string("2").mark("inner")}).mark("outer")
    ctx = EvalContext({"var": Value.object({"items": items, "secret": S})})
    schema = BodySchema(
        [], [BlockHeaderSchema("item", ["name"]), BlockHeaderSchema("bad", ["name"])]
    )
    content, diags = dynblock.expand(file.body, ctx).content(schema)
    assert [(d.summary, d.detail, str(d.subject)) for d in diags] == [
        (
            "Invalid dynamic block label",
            "This value has dynamic marks that make it unsuitable for use as a block label.",
            "t.hcl:12,13-23",
        )
    ] * 2
    found = []
    for block in content.blocks:
        attributes, _ = block.body.just_attributes()
        found.append((block.labels, {k: a.expr.value(ctx)[0] for k, a in attributes.items()}))
    assert found == [
        (("a",), {"v": Value.string("1").mark("outer"), "w": Value.string("x").mark("outer")}),
        (
            ("b",),
            {"v": Value.string("2").mark("inner", "outer"), "w": Value.string("x").mark("outer")},
        ),
    ]
