"""``parse_traversal_partial``: references with ``[*]`` steps.

HCL v2.14.1 has no such function; the expected values follow v2.21's
``ParseTraversalPartial``, which is ``ParseTraversalAbs`` with ``[*]`` read
as a splat step.
"""

from __future__ import annotations

import pytest

from hcldecode.model import (
    EvalContext,
    Pos,
    Range,
    Traversal,
    TraverseAttr,
    TraverseIndex,
    TraverseRoot,
    TraverseSplat,
)
from hcldecode.native import parse_traversal_abs, parse_traversal_partial
from hcldecode.values import Value


def span(a: int, b: int, filename: str = "t.hcl") -> Range:
    return Range(filename, Pos(1, a + 1, a), Pos(1, b + 1, b))


def steps(traversal: Traversal) -> list[tuple[str, object, Range]]:
    out: list[tuple[str, object, Range]] = []
    for step in traversal:
        if isinstance(step, TraverseRoot):
            out.append(("root", step.name, step.range))
        elif isinstance(step, TraverseAttr):
            out.append(("attr", step.name, step.range))
        elif isinstance(step, TraverseIndex):
            out.append(("index", step.key, step.range))
        else:
            assert step.each == Traversal()
            out.append(("splat", None, step.range))
    return out


def messages(src: str, partial: bool = True) -> list[tuple[str, str, str, str | None]]:
    parse = parse_traversal_partial if partial else parse_traversal_abs
    _, diags = parse(src, "t.hcl")
    return [(d.summary, d.detail, str(d.subject), d.context and str(d.context)) for d in diags]


def test_splat_steps_stand_for_any_index() -> None:
    traversal, diags = parse_traversal_partial('aws_instance.web[*].tags["Name"]', "t.hcl")
    assert not diags
    assert steps(traversal) == [
        ("root", "aws_instance", span(0, 12)),
        ("attr", "web", span(12, 16)),
        ("splat", None, span(16, 19)),
        ("attr", "tags", span(19, 24)),
        ("index", Value.string("Name"), span(24, 32)),
    ]
    assert str(traversal) == 'aws_instance.web[*].tags["Name"]'


def test_several_splats_and_literal_indexes() -> None:
    traversal, diags = parse_traversal_partial("a[*][0][*]", "t.hcl")
    assert not diags
    assert steps(traversal) == [
        ("root", "a", span(0, 1)),
        ("splat", None, span(1, 4)),
        ("index", Value.number(0), span(4, 7)),
        ("splat", None, span(7, 10)),
    ]


def test_without_a_splat_it_reads_what_parse_traversal_abs_reads() -> None:
    for src in ["a", "a.b.c", 'a[0]["x"].y', "a.0"]:
        assert parse_traversal_partial(src) == parse_traversal_abs(src)


def test_an_unclosed_splat_is_reported_and_kept() -> None:
    traversal, _ = parse_traversal_partial("foo[*", "t.hcl")
    assert steps(traversal) == [("root", "foo", span(0, 3)), ("splat", None, span(3, 5))]
    assert messages("foo[*") == [
        (
            "Unclosed index brackets",
            "Index key must be followed by a closing bracket.",
            "t.hcl:1,6-6",
            "t.hcl:1,4-6",
        )
    ]
    traversal, _ = parse_traversal_partial("foo[*.x", "t.hcl")
    assert steps(traversal) == [("root", "foo", span(0, 3)), ("splat", None, span(3, 6))]


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        (
            "foo.*",
            (
                "Attribute name required",
                "Splat expressions (.*) may not be used here.",
                "t.hcl:1,5-6",
                "t.hcl:1,1-6",
            ),
        ),
        (
            "foo[*]x",
            (
                "Invalid character",
                "Expected an attribute access or an index operator.",
                "t.hcl:1,7-8",
                "t.hcl:1,1-8",
            ),
        ),
        (
            "foo[bar]",
            (
                "Index value required",
                "Index brackets must contain either a literal number or a literal string.",
                "t.hcl:1,5-8",
                "t.hcl:1,1-8",
            ),
        ),
        (
            "[*]",
            ("Variable name required", "Must begin with a variable name.", "t.hcl:1,1-2", None),
        ),
    ],
)
def test_mistakes_are_those_of_parse_traversal_abs(
    src: str, expected: tuple[str, str, str, str | None]
) -> None:
    assert messages(src) == [expected]


def test_parse_traversal_abs_still_refuses_splats() -> None:
    assert messages("foo[*]", partial=False) == [
        (
            "Attribute name required",
            "Splat expressions ([*]) may not be used here.",
            "t.hcl:1,5-6",
            "t.hcl:1,1-6",
        )
    ]


def test_positions_count_from_a_start() -> None:
    traversal, _ = parse_traversal_partial("a[*]", "t.hcl", Pos(4, 10, 100))
    assert traversal[1].range == Range("t.hcl", Pos(4, 11, 101), Pos(4, 14, 104))


def test_a_traversal_with_a_splat_cannot_be_evaluated() -> None:
    traversal, _ = parse_traversal_partial("a[*].b")
    ctx = EvalContext(variables={"a": Value.tuple([])})
    with pytest.raises(TypeError, match="splat"):
        traversal.traverse_abs(ctx)
    assert isinstance(traversal[1], TraverseSplat)
