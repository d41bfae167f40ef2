"""A reference made from the empty traversal that a syntax error leaves.

The expected values are what ``tools/differential/go/goemptytrav`` prints for
HCL v2.14.1 (a ``ScopeTraversalExpr`` of ``ParseTraversalAbs``'s result).
"""

from __future__ import annotations

import pytest

from hcldecode import model, native
from hcldecode.values import DYNAMIC

STATIC = (
    "A single static variable reference is required: only attribute access and indexing "
    "with constant keys. No calculations, function calls, template expressions, etc are "
    "allowed here."
)


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("1x", ("Variable name required", "Must begin with a variable name.", "f:1,1-2")),
        ("", ("Variable name required", "Must begin with a variable name.", "f:1,1-1")),
    ],
)
def test_an_empty_traversal_is_no_reference(text: str, error: tuple[str, str, str]) -> None:
    traversal, diags = native.parse_traversal_abs(text, "f")
    assert len(traversal) == 0
    assert [(d.summary, d.detail, str(d.subject)) for d in diags] == [error]
    expr = model.TraversalExpression(traversal)
    assert str(expr.range) == ":0,0-0"
    for analysis in (model.abs_traversal_for_expr, model.rel_traversal_for_expr):
        found, found_diags = analysis(expr)
        assert found is None
        assert [(d.summary, d.detail, str(d.subject)) for d in found_diags] == [
            ("Invalid expression", STATIC, ":0,0-0")
        ]
    assert expr.static_relative_traversal() is None
    assert model.expr_as_keyword(expr) is None
    assert expr.variables() == []
    # HCL panics here; hcldecode reports it.
    value, value_diags = expr.value(model.EvalContext())
    assert value.type == DYNAMIC and not value.is_known
    assert [(d.summary, d.detail, str(d.subject)) for d in value_diags] == [
        ("Invalid reference", "This reference has no variable name.", ":0,0-0")
    ]


@pytest.mark.parametrize("text", ["a.", "a[b]"])
def test_a_traversal_cut_short_by_an_error_keeps_its_steps(text: str) -> None:
    traversal, diags = native.parse_traversal_abs(text, "f")
    assert diags.has_errors()
    expr = model.TraversalExpression(traversal)
    found, found_diags = model.abs_traversal_for_expr(expr)
    assert found is not None and [s.name for s in found] == ["a"]  # type: ignore[attr-defined]
    assert not found_diags
    relative, _ = model.rel_traversal_for_expr(expr)
    assert relative is not None and isinstance(relative[0], model.TraverseAttr)
    assert model.expr_as_keyword(expr) == "a"
    assert str(expr.range) == "f:1,1-2"


def test_a_relative_traversal_is_still_refused() -> None:
    traversal = model.Traversal(
        [model.TraverseAttr("a", model.Range("f", model.Pos(1, 1, 0), model.Pos(1, 2, 1)))]
    )
    with pytest.raises(TypeError, match="needs an absolute traversal"):
        model.TraversalExpression(traversal)
