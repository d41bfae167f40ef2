"""Null policies of attributes, and decode_expression (gohcl's DecodeExpression)."""

from __future__ import annotations

import dataclasses
from typing import Annotated

import pytest
from decoding_helpers import Syntax, problems, span

import hcldecode as hcl
from hcldecode.native import parse_expression


@dataclasses.dataclass
class Variable:
    default: Annotated[str | None, hcl.attr(null="value")] = "unset"
    description: str = "none"
    port: Annotated[int, hcl.attr(null="error")] = 80


@pytest.mark.parametrize(
    ("text", "syntax"),
    [
        ("default = null\ndescription = null\n", "native"),
        ('{"default": null, "description": null}', "json"),
    ],
)
def test_null_means_absent_unless_the_field_keeps_it(text: str, syntax: Syntax) -> None:
    # default = null differs from no default; description = null is no description.
    assert hcl.loads(text, Variable, syntax=syntax) == Variable(None, "none", 80)
    empty = "{}" if syntax == "json" else ""
    assert hcl.loads(empty, Variable, syntax=syntax) == Variable("unset", "none", 80)


@pytest.mark.parametrize(
    ("text", "syntax"), [("port = null\n", "native"), ('{"port": null}', "json")]
)
def test_null_can_be_an_error(text: str, syntax: Syntax) -> None:
    assert problems(text, Variable, syntax=syntax) == [
        (
            "Unsuitable value type",
            "Unsuitable value: null value is not allowed.",
            span(text, "null"),
        )
    ]


def test_a_null_policy_of_value_needs_a_type_that_admits_none() -> None:
    @dataclasses.dataclass
    class Bad:
        port: Annotated[int, hcl.attr(null="value")] = 1

    with pytest.raises(
        hcl.SchemaError, match="attr\\(null='value'\\) needs a type that admits None"
    ):
        hcl.schema_of(Bad)
    with pytest.raises(ValueError, match="null must be 'absent', 'value' or 'error', not 'maybe'"):
        hcl.attr(null="maybe")  # type: ignore[arg-type]


def test_decode_expression_converts_and_lowers() -> None:
    expr, _ = parse_expression('["8080", 9090]', "e.hcl")
    assert hcl.decode_expression(expr, list[int]) == hcl.Decoded(
        [8080, 9090], {}, hcl.Diagnostics()
    )
    expr, _ = parse_expression("upper(name)", "e.hcl")
    result = hcl.decode_expression(
        expr, str, variables={"name": "web"}, functions={"upper": str.upper}
    )
    assert (result.value, result.diagnostics, result.ok) == ("WEB", hcl.Diagnostics(), True)
    assert result.unwrap() == "WEB"
    assert hcl.decode_expression(expr, hcl.Expression).value is expr


def test_decode_expression_reports_what_does_not_fit_as_gohcl_words_it() -> None:
    text = '[1, "two"]'
    expr, _ = parse_expression(text, "e.hcl")
    result = hcl.decode_expression(expr, list[int])
    value, diags = result.value, result.diagnostics
    assert value is None
    assert [(d.summary, d.detail, str(d.subject), str(d.context)) for d in diags] == [
        (
            "Unsuitable value type",
            "Unsuitable value: a number is required",
            span(text, "[", filename="e.hcl"),
            span(text, text, filename="e.hcl"),
        )
    ]
    expr, _ = parse_expression("nosuch", "e.hcl")
    result = hcl.decode_expression(expr, int, hcl.EvalContext({}))
    value, diags = result.value, result.diagnostics
    assert value is None
    assert [(d.summary, d.detail, str(d.subject)) for d in diags] == [
        ("Unknown variable", 'There is no variable named "nosuch".', "e.hcl:1,1-7"),
        ("Unsuitable value type", "Unsuitable value: value must be known", "e.hcl:1,1-7"),
    ]
    with pytest.raises(hcl.SchemaError, match="decode_expression: hcldecode has no HCL type for"):
        hcl.decode_expression(expr, complex)
