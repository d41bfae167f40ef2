"""What each syntax tells about its expressions and bodies without evaluating them.

The decoders work on ``Body`` and ``Expression`` only; these hooks are what
they need beyond evaluation: constants read without the evaluator
(``constant_value``), an expression's source text (``native_text``) and its
template form (``template_text``), and a body's items in source order
without a schema (``content_as_written``).
"""

from __future__ import annotations

from hcldecode import (
    Expression,
    Limits,
    Value,
    json,
    native,
)
from hcldecode.model import AttributeSchema, BlockHeaderSchema, BodySchema
from hcldecode.values import DEFAULT_LIMITS, DYNAMIC


def _native_exprs(text: str) -> dict[str, Expression]:
    file, diags = native.parse_config(text, "a.hcl")
    assert not diags
    attributes, _ = file.body.just_attributes()
    return {name: a.expr for name, a in attributes.items()}


def _json_exprs(text: str) -> dict[str, Expression]:
    file, diags = json.parse(text, "a.json")
    assert not diags
    attributes, _ = file.body.just_attributes()
    return {name: a.expr for name, a in attributes.items()}


NATIVE = """\
n = 8080
s = "web"
b = true
z = null
t = ["a", 1, false]
e = []
i = "a-${var.x}"
r = var.region
h = <<EOT
x
EOT
nested = [[1]]
"""


def test_native_constants_are_read_without_the_evaluator() -> None:
    found = {
        name: expr.constant_value(DEFAULT_LIMITS) for name, expr in _native_exprs(NATIVE).items()
    }
    assert found == {
        "n": Value.number(8080),
        "s": Value.string("web"),
        "b": Value.bool(True),
        "z": Value.null(DYNAMIC),
        "t": Value.tuple([Value.string("a"), Value.number(1), Value.bool(False)]),
        "e": Value.tuple([]),
        "i": None,
        "r": None,
        "h": Value.string("x\n"),
        "nested": None,
    }


def test_a_constant_past_the_limits_is_left_to_the_evaluator() -> None:
    exprs = _native_exprs('s = "abcdef"\nt = ["a", "b"]\n')
    short = Limits(max_string_length=3)
    assert exprs["s"].constant_value(short) is None
    cheap = Limits(max_cost=20)
    assert exprs["t"].constant_value(cheap) is None
    assert exprs["t"].constant_value(DEFAULT_LIMITS) == Value.tuple(
        [Value.string("a"), Value.string("b")]
    )


def test_json_constants_are_numbers_bools_and_null_only() -> None:
    exprs = _json_exprs('{"n": 1.5, "b": false, "z": null, "s": "x", "o": {"a": 1}, "l": [1]}')
    found = {name: e.constant_value(DEFAULT_LIMITS) for name, e in exprs.items()}
    assert found["n"] == Value.number("1.5")
    assert found["b"] == Value.bool(False)
    assert found["z"] == Value.null(DYNAMIC)
    # A string is a template when evaluated in a context, so it is not a constant.
    assert (found["s"], found["o"], found["l"]) == (None, None, None)


def test_source_and_template_text() -> None:
    exprs = _native_exprs(NATIVE)
    texts = {name: (e.native_text(), e.template_text()) for name, e in exprs.items()}
    assert texts["r"] == ("var.region", "${var.region}")
    assert texts["i"] == ('"a-${var.x}"', "a-${var.x}")
    assert texts["t"] == ('["a", 1, false]', '${["a", 1, false]}')
    # a heredoc is the JSON template of the same text (once written "${<<EOT...}")
    assert texts["h"] == ("<<EOT\nx\nEOT", "x\n")
    as_json = _json_exprs('{"s": "a-${var.x}", "n": 1, "o": {}}')
    assert {n: (e.native_text(), e.template_text()) for n, e in as_json.items()} == {
        "s": (None, "a-${var.x}"),
        "n": (None, None),
        "o": (None, None),
    }


def test_content_as_written_in_source_order() -> None:
    file, _ = native.parse_config('b = 1\nsvc "x" {}\na = 2\nsvc "y" {}\nother {}\n', "a.hcl")
    content, diags = file.body.content_as_written()
    assert list(content.attributes) == ["b", "a"]
    assert [(blk.type, blk.labels) for blk in content.blocks] == [
        ("svc", ("x",)),
        ("svc", ("y",)),
        ("other", ()),
    ]
    assert not diags
    # What a partial decode claimed is gone from the body that remains.
    schema = BodySchema([AttributeSchema("a")], [BlockHeaderSchema("svc", ("name",))])
    _, rest, _ = file.body.partial_content(schema)
    content, _ = rest.content_as_written()
    assert list(content.attributes) == ["b"]
    assert [blk.type for blk in content.blocks] == ["other"]
    # In the JSON syntax every property is an attribute.
    as_json, _ = json.parse('{"svc": {"x": {}}, "a": 1}', "a.json")
    content, diags = as_json.body.content_as_written()
    assert (list(content.attributes), content.blocks, list(diags)) == (["svc", "a"], (), [])
