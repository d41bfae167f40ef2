"""Walking the native syntax tree (HCL's ``hclsyntax.Walk`` and ``VisitAll``).

The expected walks are HCL v2.14.1's, printed by ``tools/differential/go/gonav`` (less the
grouping values ``Attributes`` and ``Blocks`` that HCL's walk also enters,
and with a body's attributes in source order, where HCL's order varies);
``tools/differential/differential_navigation.py`` compares the walks of every corpus file.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from hcldecode import json as hcljson
from hcldecode.model import Diagnostic, Diagnostics, Range
from hcldecode.native import (
    ChildScope,
    ErrorExpr,
    ForExpr,
    ScopeTraversal,
    WalkNode,
    parse_config,
    parse_expression,
    parse_template,
    visit_all,
    walk,
)

CONFIG = (
    "a = [for k, v in m: -v if !k]\n"
    'b "l" {\n  c = {for x in xs: x => f(x.y[0], z...)...}\n  d = (p ? q[r] : s.t)\n}\n'
    'e = "${u}"\ng = "x${w[*].h}y%{for i in j}${i}%{endfor}"\nk = n.*.o + 1\n'
)
EXPRESSION = "[for v in l: {(v) = v, w = v.x[*]}]"
TEMPLATE = "a${b}%{if c}d%{else}e%{endif}"

# ("+" for enter, "-" for exit, the node's class, its start and end byte).
CONFIG_WALK = [
    ("+", "NativeBody", 0, 177),
    ("+", "AttributeNode", 0, 29),
    ("+", "ForExpr", 4, 29),
    ("+", "ScopeTraversal", 17, 18),
    ("-", "ScopeTraversal", 17, 18),
    ("+", "ChildScope", 20, 22),
    ("+", "UnaryOp", 20, 22),
    ("+", "ScopeTraversal", 21, 22),
    ("-", "ScopeTraversal", 21, 22),
    ("-", "UnaryOp", 20, 22),
    ("-", "ChildScope", 20, 22),
    ("+", "ChildScope", 26, 28),
    ("+", "UnaryOp", 26, 28),
    ("+", "ScopeTraversal", 27, 28),
    ("-", "ScopeTraversal", 27, 28),
    ("-", "UnaryOp", 26, 28),
    ("-", "ChildScope", 26, 28),
    ("-", "ForExpr", 4, 29),
    ("-", "AttributeNode", 0, 29),
    ("+", "AttributeNode", 108, 118),
    ("+", "TemplateWrap", 112, 118),
    ("+", "ScopeTraversal", 115, 116),
    ("-", "ScopeTraversal", 115, 116),
    ("-", "TemplateWrap", 112, 118),
    ("-", "AttributeNode", 108, 118),
    ("+", "AttributeNode", 119, 162),
    ("+", "Template", 123, 162),
    ("+", "LiteralValue", 124, 125),
    ("-", "LiteralValue", 124, 125),
    ("+", "Splat", 127, 133),
    ("+", "ScopeTraversal", 127, 128),
    ("-", "ScopeTraversal", 127, 128),
    ("+", "RelativeTraversal", 128, 133),
    ("+", "AnonSymbol", 128, 131),
    ("-", "AnonSymbol", 128, 131),
    ("-", "RelativeTraversal", 128, 133),
    ("-", "Splat", 127, 133),
    ("+", "LiteralValue", 134, 135),
    ("-", "LiteralValue", 134, 135),
    ("+", "TemplateJoin", 135, 161),
    ("+", "ForExpr", 135, 161),
    ("+", "ScopeTraversal", 146, 147),
    ("-", "ScopeTraversal", 146, 147),
    ("+", "ChildScope", 150, 151),
    ("+", "Template", 150, 151),
    ("+", "ScopeTraversal", 150, 151),
    ("-", "ScopeTraversal", 150, 151),
    ("-", "Template", 150, 151),
    ("-", "ChildScope", 150, 151),
    ("-", "ForExpr", 135, 161),
    ("-", "TemplateJoin", 135, 161),
    ("-", "Template", 123, 162),
    ("-", "AttributeNode", 119, 162),
    ("+", "AttributeNode", 163, 176),
    ("+", "BinaryOp", 167, 176),
    ("+", "Splat", 167, 172),
    ("+", "ScopeTraversal", 167, 168),
    ("-", "ScopeTraversal", 167, 168),
    ("+", "RelativeTraversal", 170, 172),
    ("+", "AnonSymbol", 168, 170),
    ("-", "AnonSymbol", 168, 170),
    ("-", "RelativeTraversal", 170, 172),
    ("-", "Splat", 167, 172),
    ("+", "LiteralValue", 175, 176),
    ("-", "LiteralValue", 175, 176),
    ("-", "BinaryOp", 167, 176),
    ("-", "AttributeNode", 163, 176),
    ("+", "BlockNode", 30, 107),
    ("+", "NativeBody", 36, 107),
    ("+", "AttributeNode", 40, 82),
    ("+", "ForExpr", 44, 82),
    ("+", "ScopeTraversal", 54, 56),
    ("-", "ScopeTraversal", 54, 56),
    ("+", "ChildScope", 58, 59),
    ("+", "ScopeTraversal", 58, 59),
    ("-", "ScopeTraversal", 58, 59),
    ("-", "ChildScope", 58, 59),
    ("+", "ChildScope", 63, 78),
    ("+", "FunctionCall", 63, 78),
    ("+", "ScopeTraversal", 65, 71),
    ("-", "ScopeTraversal", 65, 71),
    ("+", "ScopeTraversal", 73, 74),
    ("-", "ScopeTraversal", 73, 74),
    ("-", "FunctionCall", 63, 78),
    ("-", "ChildScope", 63, 78),
    ("-", "ForExpr", 44, 82),
    ("-", "AttributeNode", 40, 82),
    ("+", "AttributeNode", 85, 105),
    ("+", "Parens", 89, 105),
    ("+", "Conditional", 90, 104),
    ("+", "ScopeTraversal", 90, 91),
    ("-", "ScopeTraversal", 90, 91),
    ("+", "Index", 94, 98),
    ("+", "ScopeTraversal", 94, 95),
    ("-", "ScopeTraversal", 94, 95),
    ("+", "ScopeTraversal", 96, 97),
    ("-", "ScopeTraversal", 96, 97),
    ("-", "Index", 94, 98),
    ("+", "ScopeTraversal", 101, 104),
    ("-", "ScopeTraversal", 101, 104),
    ("-", "Conditional", 90, 104),
    ("-", "Parens", 89, 105),
    ("-", "AttributeNode", 85, 105),
    ("-", "NativeBody", 36, 107),
    ("-", "BlockNode", 30, 107),
    ("-", "NativeBody", 0, 177),
]

EXPRESSION_WALK = [
    ("+", "ForExpr", 0, 35),
    ("+", "ScopeTraversal", 10, 11),
    ("-", "ScopeTraversal", 10, 11),
    ("+", "ChildScope", 13, 34),
    ("+", "ObjectCons", 13, 34),
    ("+", "ObjectKey", 14, 17),
    ("+", "Parens", 14, 17),
    ("+", "ScopeTraversal", 15, 16),
    ("-", "ScopeTraversal", 15, 16),
    ("-", "Parens", 14, 17),
    ("-", "ObjectKey", 14, 17),
    ("+", "ScopeTraversal", 20, 21),
    ("-", "ScopeTraversal", 20, 21),
    ("+", "ObjectKey", 23, 24),
    ("-", "ObjectKey", 23, 24),
    ("+", "Splat", 27, 33),
    ("+", "ScopeTraversal", 27, 30),
    ("-", "ScopeTraversal", 27, 30),
    ("+", "AnonSymbol", 30, 33),
    ("-", "AnonSymbol", 30, 33),
    ("-", "Splat", 27, 33),
    ("-", "ObjectCons", 13, 34),
    ("-", "ChildScope", 13, 34),
    ("-", "ForExpr", 0, 35),
]

TEMPLATE_WALK = [
    ("+", "Template", 0, 29),
    ("+", "LiteralValue", 0, 1),
    ("-", "LiteralValue", 0, 1),
    ("+", "ScopeTraversal", 3, 4),
    ("-", "ScopeTraversal", 3, 4),
    ("+", "Conditional", 5, 29),
    ("+", "ScopeTraversal", 10, 11),
    ("-", "ScopeTraversal", 10, 11),
    ("+", "Template", 12, 13),
    ("+", "LiteralValue", 12, 13),
    ("-", "LiteralValue", 12, 13),
    ("-", "Template", 12, 13),
    ("+", "Template", 20, 21),
    ("+", "LiteralValue", 20, 21),
    ("-", "LiteralValue", 20, 21),
    ("-", "Template", 20, 21),
    ("-", "Conditional", 5, 29),
    ("-", "Template", 0, 29),
]


class Recorder:
    """Records each call; returns a diagnostic for each ``ForExpr`` entered and left."""

    def __init__(self) -> None:
        self.events: list[tuple[str, str, int, int]] = []

    def record(self, kind: str, node: WalkNode) -> Diagnostics:
        r = node.range
        self.events.append((kind, type(node).__name__, r.start.byte, r.end.byte))
        if isinstance(node, ForExpr):
            return Diagnostics([Diagnostic.warning(f"{kind}for", subject=r)])
        return Diagnostics()

    def enter(self, node: WalkNode) -> Diagnostics:
        return self.record("+", node)

    def exit(self, node: WalkNode) -> Diagnostics:
        return self.record("-", node)


def test_walk_of_a_file_is_hcls() -> None:
    file, diags = parse_config(CONFIG, "w.hcl")
    assert not diags
    recorder = Recorder()
    found = walk(file.body, recorder)
    assert recorder.events == CONFIG_WALK
    # The walker's diagnostics come back in the order they were returned: a
    # body's attributes come before its blocks.
    assert [(d.summary, d.subject.start.byte if d.subject else None) for d in found] == [
        ("+for", 4),
        ("-for", 4),
        ("+for", 135),
        ("-for", 135),
        ("+for", 44),
        ("-for", 44),
    ]


def test_walk_of_an_expression_and_a_template_is_hcls() -> None:
    expr, _ = parse_expression(EXPRESSION, "w.hcl")
    recorder = Recorder()
    walk(expr, recorder)
    assert recorder.events == EXPRESSION_WALK
    template, _ = parse_template(TEMPLATE, "w.hcl")
    recorder = Recorder()
    walk(template, recorder)
    assert recorder.events == TEMPLATE_WALK


def test_a_for_expression_wraps_what_it_evaluates_per_element_in_a_child_scope() -> None:
    expr, _ = parse_expression("{for k, v in m: k => v if v}")
    scopes: list[ChildScope] = []
    visit_all(expr, lambda node: scopes.append(node) if isinstance(node, ChildScope) else None)  # type: ignore[func-returns-value]
    assert [(s.local_names, type(s.expr).__name__) for s in scopes] == [
        (frozenset({"k", "v"}), "ScopeTraversal")
    ] * 3
    assert scopes[0].range == scopes[0].expr.range


def test_visit_all_visits_what_walk_enters_and_gathers_diagnostics() -> None:
    file, _ = parse_config(CONFIG, "w.hcl")
    visited: list[tuple[str, str, int, int]] = []

    def visit(node: WalkNode) -> Iterable[Diagnostic]:
        r = node.range
        visited.append(("+", type(node).__name__, r.start.byte, r.end.byte))
        if isinstance(node, ScopeTraversal):
            return [Diagnostic.warning(node.name)]
        return ()

    found = visit_all(file.body, visit)
    assert visited == [event for event in CONFIG_WALK if event[0] == "+"]
    assert [d.summary for d in found] == ["m", "v", "k", "u", "w", "j", "i", "n",
                                          "xs", "x", "x", "z", "p", "q", "r", "s"]  # fmt: skip


def test_a_walker_may_return_none() -> None:
    class Counter:
        count = 0

        def enter(self, node: WalkNode) -> None:
            self.count += 1

        def exit(self, node: WalkNode) -> None:
            return None

    counter = Counter()
    assert walk(parse_expression("a + b")[0], counter) == Diagnostics()
    assert counter.count == 3


def test_error_placeholders_are_leaves() -> None:
    expr, diags = parse_expression("f(1, ?)")
    assert [d.summary for d in diags] == ["Invalid expression"]
    kinds: list[str] = []
    visit_all(expr, lambda node: kinds.append(type(node).__name__))  # type: ignore[func-returns-value]
    assert kinds == ["FunctionCall", "LiteralValue", "ErrorExpr"]
    assert isinstance(expr.children()[1], ErrorExpr)


@pytest.mark.parametrize("src", ["a" + " + a" * 50_000, "a" + "[b]" * 50_000, "-" * 100 + "a"])
def test_deep_trees_are_walked_without_recursion(src: str) -> None:
    expr, _ = parse_expression(src)
    depth = 0
    deepest = 0

    class Depth:
        def enter(self, node: WalkNode) -> None:
            nonlocal depth, deepest
            depth += 1
            deepest = max(deepest, depth)

        def exit(self, node: WalkNode) -> None:
            nonlocal depth
            depth -= 1

    walk(expr, Depth())
    assert depth == 0 and deepest > 100


def test_only_native_syntax_can_be_walked() -> None:
    file, _ = hcljson.parse('{"a": 1}')
    with pytest.raises(TypeError, match="cannot walk JsonBody"):
        walk(file.body, Recorder())  # type: ignore[arg-type]


def test_ranges_of_walked_nodes_are_ranges() -> None:
    file, _ = parse_config(CONFIG, "w.hcl")
    ranges: list[Range] = []
    visit_all(file.body, lambda node: ranges.append(node.range))  # type: ignore[func-returns-value]
    assert all(r.filename == "w.hcl" for r in ranges)
