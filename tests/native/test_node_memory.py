"""A parsed file holds no reference cycle: a dropped tree is freed by reference
counting alone, without the host's cycle collector, whatever was computed
from it (values, ranges, traversals) before it was dropped."""

from __future__ import annotations

import gc
import pickle

from hcldecode.model import EvalContext, File
from hcldecode.native import (
    NativeBody,
    Node,
    Splat,
    WalkNode,
    parse_config,
    parse_expression,
    visit_all,
)
from hcldecode.values import Value

SRC = """\
a = var.list[0].name
b = upper("x${var.y}z")
c = [for k, v in var.m : "${k}=${v}" if v != null]
d = {name = true, (var.k) = -1}
e = var.on ? var.items[*].id : local.x[var.i]
f = "%{for x in var.l}${x}%{endfor}"
g = (1 + 2) * 3
h = <<EOT
  text ${var.y}
EOT
i = var.m.*.q
j = "${var.y}"
k = [1, var.y]
l = [1, )]
"""

#: Every node class the text above is made of.
KINDS = {
    "AnonSymbol",
    "BinaryOp",
    "Conditional",
    "ErrorExpr",
    "ForExpr",
    "FunctionCall",
    "Index",
    "LiteralValue",
    "ObjectCons",
    "ObjectKey",
    "Parens",
    "RelativeTraversal",
    "ScopeTraversal",
    "Splat",
    "Template",
    "TemplateJoin",
    "TemplateWrap",
    "TupleCons",
    "UnaryOp",
}

CTX = EvalContext(
    variables={
        "var": Value.object(
            {
                "list": Value.tuple([Value.object({"name": Value.string("n")})]),
                "y": Value.string("y"),
                "m": Value.object({"a": Value.object({"q": Value.number(1)})}),
                "k": Value.string("key"),
                "on": Value.bool(True),
                "items": Value.tuple([Value.object({"id": Value.number(7)})]),
                "i": Value.number(0),
                "l": Value.tuple([Value.string("p")]),
            }
        ),
        "local": Value.object({"x": Value.tuple([Value.number(2)])}),
    }
)


def _nodes(file: File) -> list[WalkNode]:
    assert isinstance(file.body, NativeBody)
    found: list[WalkNode] = []
    visit_all(file.body, found.append)
    return found


def _used(file: File) -> None:
    """Evaluate every attribute and ask for every node's range and variables, so that
    whatever a node keeps once computed is kept."""
    assert isinstance(file.body, NativeBody)
    for attribute in file.body.attributes.values():
        attribute.expr.value(CTX)
        attribute.expr.variables()
    for node in _nodes(file):
        if isinstance(node, Node):
            assert node.range.filename == "kinds.hcl"


def test_the_text_has_every_kind_of_node() -> None:
    file, diags = parse_config(SRC, "kinds.hcl")
    assert [d.summary for d in diags] == ["Invalid expression"]
    assert {type(n).__name__ for n in _nodes(file) if isinstance(n, Node)} == KINDS


def test_a_dropped_tree_is_freed_without_the_cycle_collector() -> None:
    _used(parse_config(SRC, "kinds.hcl")[0])  # what evaluation imports on first use
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()  # so that nothing is collected but by the call below
    try:
        file, diags = parse_config(SRC, "kinds.hcl")
        _used(file)
        del file, diags
        assert gc.collect() == 0
    finally:
        if enabled:
            gc.enable()


def _read(file: File) -> list[object]:
    """Every node's class and range, and every attribute's value and variables."""
    assert isinstance(file.body, NativeBody)
    seen: list[object] = [(type(n).__name__, n.range) for n in _nodes(file)]
    for attribute in file.body.attributes.values():
        seen.append((attribute.expr.value(CTX), attribute.expr.variables()))
    return seen


def test_a_tree_of_every_kind_of_node_pickles() -> None:
    file, _ = parse_config(SRC, "kinds.hcl")
    again = pickle.loads(pickle.dumps(file))
    assert _read(again) == _read(file)
    # Once everything that a node keeps when computed is kept, too.
    _used(file)
    assert _read(pickle.loads(pickle.dumps(file))) == _read(file)


def test_a_pickled_splat_leaves_the_evaluators_scratch_behind() -> None:
    expr, _ = parse_expression("var.items[*].id")
    assert isinstance(expr, Splat)
    expr.item.slots[1] = Value.string("secret")  # as while an evaluation is in progress
    again = pickle.loads(pickle.dumps(expr))
    assert isinstance(again, Splat)
    assert (again.item.slots, again.item.range) == ({}, expr.item.range)
    assert again.value(CTX) == expr.value(CTX)
