"""The native parser: tree shapes, templates, limits and robustness."""

from __future__ import annotations

import sys
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from hcldecode.model import Pos
from hcldecode.native import (
    AnonSymbol,
    BinaryOp,
    Conditional,
    ErrorExpr,
    ForExpr,
    FunctionCall,
    Index,
    LiteralValue,
    Node,
    ObjectCons,
    Parens,
    RelativeTraversal,
    ScopeTraversal,
    Splat,
    Step,
    StepKind,
    Template,
    TemplateJoin,
    TemplateWrap,
    TupleCons,
    UnaryOp,
    parse_config,
    parse_expression,
    parse_template,
    parse_traversal_abs,
    valid_identifier,
)
from hcldecode.values import max_nesting


def _step(step: Step) -> str:
    if step.kind is StepKind.ROOT:
        return step.name
    if step.kind is StepKind.ATTR:
        return f".{step.name}"
    return f"[{step.key.raw if step.key is not None else '?'}]"


def dump(node: Node) -> str:
    """A compact s-expression of a tree, for exact comparisons."""
    if isinstance(node, LiteralValue):
        return repr(node.raw)
    if isinstance(node, ScopeTraversal):
        return node.name + "".join(_step(s) for s in node.steps)
    if isinstance(node, RelativeTraversal):
        return f"(rel {dump(node.source_expr)} {''.join(_step(s) for s in node.steps)})"
    if isinstance(node, BinaryOp):
        return f"({node.op.value} {dump(node.lhs)} {dump(node.rhs)})"
    if isinstance(node, UnaryOp):
        return f"({node.op.value} {dump(node.operand)})"
    if isinstance(node, Conditional):
        return f"(? {dump(node.condition)} {dump(node.true_result)} {dump(node.false_result)})"
    if isinstance(node, Parens):
        return f"(paren {dump(node.inner)})"
    if isinstance(node, FunctionCall):
        args = " ".join(dump(a) for a in node.args)
        return f"(call {node.name} {args}{' ...' if node.expand_final else ''})"
    if isinstance(node, Index):
        return f"(index {dump(node.collection)} {dump(node.key)})"
    if isinstance(node, Splat):
        return f"(splat {dump(node.source_expr)} {dump(node.each)})"
    if isinstance(node, AnonSymbol):
        return "item"
    if isinstance(node, TupleCons):
        return f"[{' '.join(dump(i) for i in node.items)}]"
    if isinstance(node, ObjectCons):
        items = ", ".join(
            f"{'!' if i.key.force_non_literal else ''}{dump(i.key.wrapped)}={dump(i.value)}"
            for i in node.items
        )
        return "{" + items + "}"
    if isinstance(node, ForExpr):
        key = dump(node.key_expr) + " => " if node.key_expr is not None else ""
        cond = f" if {dump(node.cond)}" if node.cond is not None else ""
        return (
            f"(for {node.key_var},{node.value_var} in {dump(node.collection)}: "
            f"{key}{dump(node.value_expr)}{'...' if node.group else ''}{cond})"
        )
    if isinstance(node, Template):
        return f"(tmpl {' '.join(dump(p) for p in node.parts)})"
    if isinstance(node, TemplateWrap):
        return f"(wrap {dump(node.wrapped)})"
    if isinstance(node, TemplateJoin):
        return f"(join {dump(node.tuple)})"
    if isinstance(node, ErrorExpr):
        return "ERROR"
    raise AssertionError(f"unknown node {node!r}")


def expr(src: str) -> Node:
    node, diags = parse_expression(src, "e.hcl")
    assert list(diags) == []
    return node


def test_operator_precedence_and_associativity() -> None:
    assert dump(expr("1 + 2 * 3 == 7 || !a && b")) == (
        "(|| (== (+ '1' (* '2' '3')) '7') (&& (! a) b))"
    )
    assert dump(expr("10 - 4 - 3")) == "(- (- '10' '4') '3')"
    assert dump(expr("2 * 3 % 4 / 5")) == "(/ (% (* '2' '3') '4') '5')"
    assert dump(expr("a < b == c >= d")) == "(== (< a b) (>= c d))"


def test_an_operand_in_error_leaves_the_left_operand_of_the_lowest_operator() -> None:
    # As HCL v2.14.1 (tools/differential/go/gonav): each precedence level gives back its left
    # operand when a right operand fails, dropping what the level above gave.
    cases = {
        "a + b * c.(": "a",
        "a || b * (": "a",
        "a * b + c * (": "(* a b)",
        "a + b + c * (": "(+ a b)",
        "a == b + c * d - (": "a",
        "!a + -b * (": "(! a)",
        "a + (": "a",
    }
    for src, tree in cases.items():
        node, diags = parse_expression(src, "e.hcl")
        assert diags.has_errors()
        assert dump(node) == tree, src


def test_unary_binds_to_term_with_traversals() -> None:
    assert dump(expr("-a.b + 1")) == "(+ (-x a.b) '1')"
    assert dump(expr("--1")) == "(-x (-x '1'))"


def test_conditional_nests_to_the_right() -> None:
    assert dump(expr("a ? 1 : b ? 2 : 3")) == "(? a '1' (? b '2' '3'))"
    assert dump(expr("a || b ? c + 1 : d")) == "(? (|| a b) (+ c '1') d)"


def test_newlines_inside_brackets_only() -> None:
    assert dump(expr("(1 +\n 2)")) == "(paren (+ '1' '2'))"
    _, diags = parse_config(b"a = 1 +\n 2\n", "t.hcl")
    assert [d.summary for d in diags] == ["Invalid expression"]


def test_static_traversals_fold_literal_keys() -> None:
    node = expr('a.b[0]["k"].1[true]')
    assert isinstance(node, ScopeTraversal)
    assert dump(node) == "a.b[0][k][1][True]"
    assert dump(expr("f(x).a[1]")) == "(rel (call f x) .a[1])"
    assert dump(expr("a[b]")) == "(index a b)"
    # A quoted key is folded only when it is a single literal token.
    assert dump(expr('a["x$y"]')) == "(index a (tmpl 'x' '$' 'y'))"


def test_traversal_ranges() -> None:
    node = expr('a.b["k"]')
    assert isinstance(node, ScopeTraversal)
    ranges = [str(step.range) for step in node.traversal]
    assert ranges == ["e.hcl:1,1-2", "e.hcl:1,2-4", "e.hcl:1,4-9"]
    assert str(node.range) == "e.hcl:1,1-9"


def test_splats() -> None:
    # Attribute-only splats take only .name and .N steps.
    assert dump(expr("a.*.b.0[1]")) == "(rel (splat a (rel item .b[0])) [1])"
    # Full splats take every following step.
    assert dump(expr("a[*].b[1]")) == "(splat a (rel item .b[1]))"
    assert dump(expr("a[*]")) == "(splat a item)"
    node = expr("x.y[*].z")
    assert isinstance(node, Splat)
    assert str(node.marker_range) == "e.hcl:1,4-7"
    assert str(node.range) == "e.hcl:1,1-9"


def test_function_calls() -> None:
    assert dump(expr("f(1, [2],)")) == "(call f '1' ['2'])"
    assert dump(expr("f(a...)")) == "(call f a ...)"
    node = expr("provider::aws::arn(\n x\n)")
    assert isinstance(node, FunctionCall)
    assert node.name == "provider::aws::arn"
    assert str(node.name_range) == "e.hcl:1,1-19"
    assert str(node.start_range) == "e.hcl:1,1-20"
    call = node.static_call()
    assert call is not None
    assert str(call.args_range) == "e.hcl:1,19-3,2"


def test_collections() -> None:
    assert dump(expr("[1, 2,\n 3,]")) == "['1' '2' '3']"
    assert dump(expr('{a = 1, "b": 2\n (c) = 3\n d.e = 4}')) == (
        "{a='1', (tmpl 'b')='2', !(paren c)='3', d.e='4'}"
    )


def test_for_expressions() -> None:
    assert dump(expr("[for v in xs: v if v]")) == "(for None,v in xs: v if v)"
    assert dump(expr("{for k, v in m: k => v...}")) == "(for k,v in m: k => v...)"
    node = expr("{for k, v in m: k => v}")
    assert node.variables() == [expr("m").static_traversal()]


def test_templates() -> None:
    assert dump(expr('"a${b}c"')) == "(tmpl 'a' b 'c')"
    assert dump(expr('"${b}"')) == "(wrap b)"
    assert dump(expr('""')) == "(tmpl '')"
    assert dump(expr('"%{ if c }yes%{ else }no%{ endif }"')) == (
        "(tmpl (? c (tmpl 'yes') (tmpl 'no')))"
    )
    assert dump(expr('"%{ if c }yes%{ endif }"')) == "(tmpl (? c (tmpl 'yes') (tmpl '')))"
    assert dump(expr('"%{ for k, v in m }${v}%{ endfor }"')) == (
        "(tmpl (join (for k,v in m: (tmpl v))))"
    )


def test_strip_markers_trim_adjacent_literals() -> None:
    assert dump(expr('"hello ${~ "world" }"')) == "(tmpl 'hello' (tmpl 'world'))"
    assert dump(expr('"%{ if true ~} hello %{~ endif }"')) == (
        "(tmpl (? True (tmpl 'hello') (tmpl '')))"
    )
    assert dump(expr('"a ${x ~} \\t b"')) == "(tmpl 'a ' x 'b')"


def test_escapes() -> None:
    node = expr(r'"\n\r\t\"\\\u00e9\U0001F600"')
    assert isinstance(node, Template)
    assert node.parts[0].raw == '\n\r\t"\\é😀'  # type: ignore[attr-defined]
    node = expr(r'"\n\t\u00e9$${x}%%{y}$z"')
    assert isinstance(node, Template)
    assert [p.raw for p in node.parts if isinstance(p, LiteralValue)] == [
        "\n\té",
        "${",
        "x}",
        "%{",
        "y}",
        "$",
        "z",
    ]


def test_heredocs() -> None:
    f, diags = parse_config(b"a = <<EOT\n  foo\n  EOT\nb = 1\n", "t.hcl")
    assert list(diags) == []
    attrs, _ = f.body.just_attributes()
    assert dump(attrs["a"].expr) == "(tmpl '  foo\\n')"  # type: ignore[arg-type]
    assert list(attrs) == ["a", "b"]


def test_flush_heredoc_strips_common_indent() -> None:
    f, diags = parse_config(b"a = <<-EOT\n    foo\n\n      bar\n  EOT\n", "t.hcl")
    assert list(diags) == []
    node = f.body.attributes["a"].expr  # type: ignore[attr-defined]
    assert isinstance(node, Template)
    literals = [p for p in node.parts if isinstance(p, LiteralValue)]
    assert len(literals) == len(node.parts)
    assert "".join(str(p.raw) for p in literals) == "foo\n\n  bar\n"
    # The stripped literal starts after the removed spaces.
    assert str(node.parts[0].range) == "t.hcl:2,5-3,1"


def test_flush_heredoc_with_interpolation_at_line_start() -> None:
    f, _ = parse_config(b"a = <<-EOT\n    foo\n${x}\n    bar\n  EOT\n", "t.hcl")
    node = f.body.attributes["a"].expr  # type: ignore[attr-defined]
    assert dump(node) == "(tmpl '    foo\\n' x '\\n' '    bar\\n')"


def test_flush_heredoc_counts_grapheme_clusters_of_unicode_spaces() -> None:
    src = "a = <<-EOT\n\u2003\u2003foo\n\u2003bar\nEOT\n".replace("\nEOT", "\n  EOT")
    f, _ = parse_config(src, "t.hcl")
    node = f.body.attributes["a"].expr  # type: ignore[attr-defined]
    assert "".join(str(p.raw) for p in node.parts) == "\u2003foo\nbar\n"


def test_crlf_heredoc_keeps_crlf() -> None:
    f, diags = parse_config(b"a = <<EOT\r\nfoo\r\nEOT\r\n", "t.hcl")
    assert list(diags) == []
    assert dump(f.body.attributes["a"].expr) == "(tmpl 'foo\\r\\n')"  # type: ignore[attr-defined]


def test_number_literals() -> None:
    assert expr("1.e5").raw == "1e5"  # type: ignore[attr-defined]
    assert expr("007").raw == "007"  # type: ignore[attr-defined]
    _, diags = parse_expression("0x10", "e.hcl")
    assert [d.summary for d in diags] == ["Extra characters after expression"]


def test_variables_exclude_locals_and_literal_keys() -> None:
    node = expr("[for x in a: x + b if c[x]] == {k = d, (e) = f}")
    names = [t.root_name for t in node.variables()]
    assert names == ["a", "b", "c", "d", "e", "f"]
    assert [t.root_name for t in expr("a[*].b + q.*.r").variables()] == ["a", "q"]


def test_static_hooks() -> None:
    assert expr("true").keyword() == "true"
    assert expr("foo").keyword() == "foo"
    assert expr("foo.bar").keyword() is None
    assert expr("(foo)").static_traversal() is None
    parens = expr("(foo)")
    assert parens.unwrap() is parens  # not a wrapper, as in the reference
    lst = expr("[a, b]").static_list()
    assert lst is not None and len(lst) == 2
    mp = expr("{a = 1}").static_map()
    assert mp is not None and mp[0][0].keyword() == "a"
    assert expr("{(a) = 1}").static_map()[0][0].keyword() is None  # type: ignore[index]
    rel = expr("f(x).a").static_traversal()
    assert rel is None


def test_start_ranges() -> None:
    assert str(expr("[1]").start_range) == "e.hcl:1,1-2"
    assert str(expr("a + b").start_range) == "e.hcl:1,1-2"
    assert str(expr("-a").start_range) == "e.hcl:1,1-2"
    assert str(expr("a[b]").start_range) == "e.hcl:1,2-3"
    assert str(expr("[for x in y: x]").start_range) == "e.hcl:1,1-2"


def test_parse_template_offsets_positions() -> None:
    node, diags = parse_template("x ${y}", "j.json", Pos(3, 10, 40))
    assert list(diags) == []
    assert dump(node) == "(tmpl 'x ' y)"
    assert str(node.range) == "j.json:3,10-16"
    assert node.range.start.byte == 40
    wrap, _ = parse_template("${y}", "j.json")
    assert isinstance(wrap, TemplateWrap)


def test_parse_traversal_abs() -> None:
    trav, diags = parse_traversal_abs('a.b[0]["c"]', "t")
    assert list(diags) == []
    assert [str(s.range) for s in trav] == ["t:1,1-2", "t:1,2-4", "t:1,4-7", "t:1,7-12"]
    _, diags = parse_traversal_abs("a[*]", "t")
    assert [(d.summary, d.detail) for d in diags] == [
        ("Attribute name required", "Splat expressions ([*]) may not be used here.")
    ]
    _, diags = parse_traversal_abs("1", "t")
    assert [d.summary for d in diags] == ["Variable name required"]


def test_valid_identifier() -> None:
    assert valid_identifier("a-b")
    assert valid_identifier("_x")
    assert valid_identifier("héllo")
    assert not valid_identifier("1a")
    assert not valid_identifier("a b")
    assert not valid_identifier("")


def test_deep_nesting_of_every_kind() -> None:
    n = max_nesting() - 1  # the attribute's expression is the first level
    for src in (
        "a = " + "[" * n + "]" * n + "\n",
        "a = " + "(" * n + "1" + ")" * n + "\n",
        "a = " + '"${' * n + "1" + '}"' * n + "\n",
        "b {\n" * n + "}\n" * n,
        "a = " + "-" * n + "1\n",
        "a = " + "{a = " * n + "1" + "}" * n + "\n",
    ):
        _, diags = parse_config(src, "t.hcl")
        assert list(diags) == []


def test_lone_values_count_their_nesting() -> None:
    # Attribute values alone on their line (a number, a name, a plain string)
    # take a shorter way through the parser: they still count one level.
    depth = max_nesting()
    for value, end in (("1", 6), ("x", 6), ('"s"', 6), ("true", 9)):
        for blocks, errors in ((depth - 1, []), (depth, [f"t.hcl:{depth + 1},5-{end}"])):
            src = "b {\n" * blocks + f"a = {value}\n" + "}\n" * blocks
            _, diags = parse_config(src, "t.hcl")
            assert [str(d.subject) for d in diags if d.summary == "Nesting too deep"] == errors
            assert len(diags) == len(errors)


def test_too_deep_is_a_diagnostic() -> None:
    depth = max_nesting() + 10
    _, diags = parse_config("a = " + "[" * depth + "]" * depth + "\n", "t.hcl")
    assert [d.summary for d in diags] == ["Nesting too deep"]
    assert diags[0].subject is not None
    assert diags[0].subject.start.column == 5 + max_nesting()


def test_long_operator_chain() -> None:
    f, diags = parse_config("a = " + " + ".join(["1"] * 20_000) + "\n", "t.hcl")
    assert list(diags) == []
    node = f.body.attributes["a"].expr  # type: ignore[attr-defined]
    assert isinstance(node, BinaryOp)
    assert str(node.start_range) == "t.hcl:1,5-6"


def test_unclosed_string_at_start_of_large_file_is_linear(
    call_count: Callable[[Callable[[], object]], int],
) -> None:
    def source(lines: int) -> str:
        return 'a = "' + "x = 1\n" * lines

    _, diags = parse_config(source(5_000), "t.hcl")
    # As the reference reports it: each newline inside the runaway string once (the
    # first 100 of them: docs/compatibility.md), then the missing end at the first newline.
    assert [(d.summary, str(d.subject)) for d in diags] == [
        ("Invalid multi-line string", "t.hcl:1,11-2,1"),
        *[("Invalid multi-line string", f"t.hcl:{i},6-{i + 1},1") for i in range(2, 101)],
        ("Unterminated template string", "t.hcl:1,11-2,1"),
    ]
    # Counted in calls, not seconds: twice the lines take (about) twice the calls.
    small = call_count(lambda: parse_config(source(1000), "t.hcl"))
    assert call_count(lambda: parse_config(source(2000), "t.hcl")) <= 2.05 * small


_SOUP = [
    "a", "=", "1", "1.5e3", '"', "${", "%{", "}", "{", "[", "]", "(", ")", ",", ".", "*",
    "...", "=>", "?", ":", "\n", "<<EOT\n", "EOT\n", "<<-X\n", "for", "in", "if", "endif",
    "endfor", "else", "~}", "+", "-", "!", "&&", "||", "::", "#c\n", "/*", "*/", "\\", "$$",
    "%", "'", ";", "\udcff", "\t", " ", "x.0", "[*]", ".*",
]  # fmt: skip


def _check_no_crash(src: str | bytes) -> None:
    for func in (parse_config, parse_expression, parse_template, parse_traversal_abs):
        _, diags = func(src, "f.hcl")
        for d in diags:
            assert d.subject is not None


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_fuzz_random_bytes(src: bytes) -> None:
    _check_no_crash(src)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_SOUP), max_size=60))
def test_fuzz_token_soup(parts: list[str]) -> None:
    _check_no_crash("".join(parts))


def test_parsing_leaves_the_recursion_limit_as_it_was() -> None:
    before = sys.getrecursionlimit()
    depth = max_nesting() - 1
    _, diags = parse_config("a = " + "[" * depth + "]" * depth + "\n")
    assert not diags
    assert sys.getrecursionlimit() == before
