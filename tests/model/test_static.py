from __future__ import annotations

from typing import Any

import pytest

from hcldecode.model import (
    Diagnostic,
    Expression,
    Pos,
    Range,
    StaticCall,
    Traversal,
    TraverseAttr,
    TraverseRoot,
    abs_traversal_for_expr,
    expr_as_keyword,
    expr_call,
    expr_list,
    expr_map,
    rel_traversal_for_expr,
)
from hcldecode.native import parse_expression


def rng(start: int, end: int) -> Range:
    return Range("s.hcl", Pos(1, start + 1, start), Pos(1, end + 1, end))


WHOLE = rng(0, 10)
START = rng(0, 2)


class Expr(Expression):
    """An expression with a whole range and a shorter start range, supporting nothing."""

    def __init__(self, whole: Range = WHOLE, start: Range = START) -> None:
        self._range = whole
        self._start = start

    def value(self, ctx: Any = None) -> Any:
        raise AssertionError("static analysis never evaluates")

    def variables(self) -> list[Traversal]:
        return []

    @property
    def range(self) -> Range:
        return self._range

    @property
    def start_range(self) -> Range:
        return self._start


class ListExpr(Expr):
    def __init__(self, elements: list[Expression]) -> None:
        super().__init__()
        self.elements = elements

    def static_list(self) -> list[Expression] | None:
        return self.elements


class MapExpr(Expr):
    def __init__(self, pairs: list[tuple[Expression, Expression]]) -> None:
        super().__init__()
        self.pairs = pairs

    def static_map(self) -> list[tuple[Expression, Expression]] | None:
        return self.pairs


class CallExpr(Expr):
    def static_call(self) -> StaticCall | None:
        return StaticCall("f", rng(0, 1), (), rng(1, 3))


class RefExpr(Expr):
    def __init__(self, traversal: Traversal | None) -> None:
        super().__init__()
        self.traversal = traversal

    def static_traversal(self) -> Traversal | None:
        return self.traversal


class Wrapper(Expr):
    """Parentheses-like: supports nothing itself, unwraps to the inner expression."""

    def __init__(self, inner: Expression) -> None:
        super().__init__(rng(0, 12), rng(0, 1))
        self.inner = inner

    def unwrap(self) -> Expression:
        return self.inner


class RefusingKey(Wrapper):
    """Supports traversals itself but refuses (like a forced-expression object key)."""

    def static_traversal(self) -> Traversal | None:
        return None


REF = Traversal([TraverseRoot("a", rng(0, 1)), TraverseAttr("b", rng(1, 3))])


def invalid(detail: str, subject: Range) -> Diagnostic:
    return Diagnostic.error("Invalid expression", detail, subject)


TRAVERSAL_DETAIL = (
    "A single static variable reference is required: only attribute access and indexing "
    "with constant keys. No calculations, function calls, template expressions, etc are "
    "allowed here."
)


def test_expr_list() -> None:
    elems: list[Expression] = [Expr(), Expr()]
    assert expr_list(ListExpr(elems)) == (elems, [])
    assert expr_list(Wrapper(ListExpr(elems))) == (elems, [])
    assert expr_list(ListExpr([])) == ([], [])
    assert expr_list(Expr()) == ([], [invalid("A static list expression is required.", START)])
    # The subject is the outer expression's start range, not the unwrapped one's.
    assert expr_list(Wrapper(Expr())) == (
        [],
        [invalid("A static list expression is required.", rng(0, 1))],
    )


def test_expr_map() -> None:
    pairs: list[tuple[Expression, Expression]] = [(Expr(), Expr())]
    assert expr_map(MapExpr(pairs)) == (pairs, [])
    assert expr_map(Wrapper(MapExpr(pairs))) == (pairs, [])
    assert expr_map(ListExpr([])) == ([], [invalid("A static map expression is required.", START)])


def test_expr_call() -> None:
    call, diags = expr_call(Wrapper(CallExpr()))
    assert call == StaticCall("f", rng(0, 1), (), rng(1, 3))
    assert diags == []
    assert expr_call(Expr()) == (None, [invalid("A static function call is required.", START)])


def test_abs_traversal() -> None:
    assert abs_traversal_for_expr(RefExpr(REF)) == (REF, [])
    assert abs_traversal_for_expr(Wrapper(RefExpr(REF))) == (REF, [])
    # Subject is the whole expression here.
    assert abs_traversal_for_expr(RefExpr(None)) == (None, [invalid(TRAVERSAL_DETAIL, WHOLE)])
    assert abs_traversal_for_expr(ListExpr([])) == (None, [invalid(TRAVERSAL_DETAIL, WHOLE)])


def test_unwrapping_stops_at_an_expression_that_supports_the_analysis() -> None:
    refused = RefusingKey(RefExpr(REF))
    assert abs_traversal_for_expr(refused) == (None, [invalid(TRAVERSAL_DETAIL, rng(0, 12))])
    assert expr_as_keyword(refused) is None
    assert expr_as_keyword(RefusingKey(RefExpr(REF[:1]))) is None


def test_rel_traversal() -> None:
    traversal, diags = rel_traversal_for_expr(Wrapper(RefExpr(REF)))
    assert diags == []
    assert traversal == Traversal([TraverseAttr("a", rng(0, 1)), TraverseAttr("b", rng(1, 3))])
    assert traversal is not None
    assert traversal.is_relative
    assert rel_traversal_for_expr(Expr()) == (None, [invalid(TRAVERSAL_DETAIL, WHOLE)])


@pytest.mark.parametrize(
    ("expr", "expected"),
    [
        (RefExpr(REF[:1]), "a"),
        (Wrapper(RefExpr(REF[:1])), "a"),
        (RefExpr(REF), None),
        (RefExpr(None), None),
        (Expr(), None),
    ],
)
def test_expr_as_keyword(expr: Expression, expected: str | None) -> None:
    assert expr_as_keyword(expr) == expected


# --------------------------------------------------------------------------- native syntax


def native(src: str) -> Expression:
    expr, diags = parse_expression(src, "e.hcl")
    assert diags == []
    return expr


def erng(start: int, end: int) -> Range:
    return Range("e.hcl", Pos(1, start + 1, start), Pos(1, end + 1, end))


def test_native_static_analyses() -> None:
    elements, diags = expr_list(native("[a, b.c]"))
    assert diags == []
    assert [str(abs_traversal_for_expr(e)[0]) for e in elements] == ["a", "b.c"]
    pairs, diags = expr_map(native("{a = 1, (b) = 2}"))
    assert diags == []
    assert [expr_as_keyword(k) for k, _v in pairs] == ["a", None]
    call, diags = expr_call(native("f(x, y)"))
    assert diags == []
    assert call is not None
    assert (call.name, len(call.arguments), call.args_range) == ("f", 2, erng(1, 7))
    assert expr_as_keyword(native("true")) == "true"
    assert expr_as_keyword(native("a.b")) is None
    traversal, diags = rel_traversal_for_expr(native("a.b[0]"))
    assert diags == []
    assert traversal is not None
    assert traversal.is_relative
    assert str(traversal) == ".a.b[0]"


def test_native_static_errors() -> None:
    assert expr_list(native("f(x)")) == (
        [],
        [invalid("A static list expression is required.", erng(0, 2))],
    )
    assert expr_call(native("[1]")) == (
        None,
        [invalid("A static function call is required.", erng(0, 1))],
    )
    assert abs_traversal_for_expr(native("a + 1")) == (
        None,
        [invalid(TRAVERSAL_DETAIL, erng(0, 5))],
    )
