"""Every example of the JSON syntax specification (shared/seeds/json-spec.md), decoded.

The examples are read from the specification itself, in order; each test
states what its example decodes to: blocks with their labels and the value
of ``child_attr``, or the value of the expression.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from json_test_helpers import diags_of

from hcldecode.json import parse, parse_expression
from hcldecode.model import AttributeSchema, BlockHeaderSchema, BodySchema, EvalContext
from hcldecode.values import Value

_CHILD = BodySchema([AttributeSchema("child_attr")])


@pytest.fixture(scope="module")
def examples(seeds: Path) -> list[str]:
    """The specification's JSON examples, in order."""
    text = (seeds / "json-spec.md").read_text(encoding="utf-8")
    found: list[str] = re.findall(r"```json\n(.*?)```", text, re.DOTALL)
    return found


def blocks(
    example: str, index: int, labels: tuple[str, ...]
) -> tuple[list[tuple[tuple[str, ...], str]], list[str]]:
    """The "foo" blocks of example ``index`` as (labels, child_attr), and the parse errors."""
    file, parse_diags = parse(example, f"example{index}.json")
    content, diags = file.body.content(BodySchema(blocks=[BlockHeaderSchema("foo", labels)]))
    assert diags == []
    found = []
    for block in content.blocks:
        assert block.type == "foo"
        body, diags = block.body.content(_CHILD)
        assert diags == []
        value, diags = body.attributes["child_attr"].expr.value(None)
        assert diags == []
        found.append((block.labels, value.as_str()))
    return found, [d[0] for d in diags_of(parse_diags)]


def test_all_examples_are_covered(examples: list[str]) -> None:
    assert len(examples) == 11


def test_attribute_example(examples: list[str]) -> None:
    file, diags = parse(examples[0], "example0.json")
    assert diags == []
    content, diags = file.body.content(BodySchema([AttributeSchema("foo")]))
    assert diags == []
    assert content.attributes["foo"].expr.value(None) == (Value.string("bar baz"), [])


@pytest.mark.parametrize(
    ("index", "expected"),
    [(1, [((), "baz")]), (2, [((), "baz"), ((), "boz")]), (3, [])],
)
def test_block_examples_without_labels(
    examples: list[str], index: int, expected: list[tuple[tuple[str, ...], str]]
) -> None:
    assert blocks(examples[index], index, ()) == (expected, [])


# Examples 4 and 6 of the specification have a trailing comma, which JSON
# does not allow: it is reported, and the rest decodes as meant.
@pytest.mark.parametrize(
    ("index", "expected", "errors"),
    [
        (
            4,
            [(("bar", "baz"), "baz"), (("bar", "boz"), "baz"), (("boz", "baz"), "baz")],
            ["Trailing comma in object"],
        ),
        (
            5,
            [
                (("bar", "baz"), "baz"),
                (("bar", "boz"), "baz"),
                (("boz", "baz"), "baz"),
                (("boz", "baz"), "boz"),
            ],
            [],
        ),
        (
            6,
            [
                (("bar", "baz"), "baz"),
                (("bar", "boz"), "baz"),
                (("bar", "baz"), "baz"),
                (("bar", "baz"), "boz"),
            ],
            ["Trailing comma in object"],
        ),
        (
            7,
            [
                (("bar", "baz"), "baz"),
                (("bar", "boz"), "baz"),
                (("bar", "baz"), "baz"),
                (("bar", "baz"), "boz"),
            ],
            [],
        ),
    ],
)
def test_block_examples_with_two_labels(
    examples: list[str], index: int, expected: list[tuple[tuple[str, ...], str]], errors: list[str]
) -> None:
    assert blocks(examples[index], index, ("a", "b")) == (expected, errors)


def test_literal_only_string_example(examples: list[str]) -> None:
    expr, diags = parse_expression(examples[8], "example8.json")
    assert diags == []
    assert expr.value(None) == (
        Value.string("Hello world! Template sequences like ${ are not intepreted here."),
        [],
    )


def test_full_expression_string_example(examples: list[str]) -> None:
    expr, diags = parse_expression(examples[9], "example9.json")
    assert diags == []
    assert expr.value(EvalContext({"name": "Ada"})) == (
        Value.string("Hello, Ada! Template sequences are interpreted in full expression mode."),
        [],
    )


def test_interpolation_unwrapping_example(examples: list[str]) -> None:
    expr, diags = parse_expression(examples[10], "example10.json")
    assert diags == []
    assert expr.value(EvalContext({"a": 1, "b": 2})) == (Value.number(3), [])
