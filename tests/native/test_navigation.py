"""Position lookups on files (HCL's ``File.BlocksAtPos`` and the others).

The expected values are what HCL v2.14.1 gives, printed by ``tools/differential/go/gonav``
for every byte offset of each file; ``tools/differential/differential_navigation.py``
compares the two on the whole shared corpus.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hcldecode import json as hcljson
from hcldecode.model import (
    INITIAL_POS,
    Attribute,
    Block,
    EvalContext,
    File,
    Pos,
    Range,
    merge_files,
)
from hcldecode.native import WalkNode, parse_config, visit_all

NESTED = (
    'top = "été"\nservice "web" "x" {\n  port = 80 # comment\n  listener {\n'
    '    addr = upper("a")\n  }\n  one { v = 1 }\n}\nlast = <<EOT\nhi\nEOT\n'
)
BROKEN = "a = 1\nb {\n  c = [1,\n  d {\n"
DUPLICATE = "x = 1\nx = 2\ny = {\n  k = 3\n}\n"

# (first offset, last offset, types of the blocks at them outermost first,
# attribute name, byte span of the attribute expression at them), as HCL gives.
EXPECTED = {
    NESTED: [
        (0, 5, (), "top", None),
        (6, 12, (), "top", (6, 13)),
        (13, 13, (), None, None),
        (14, 35, ("service",), None, None),
        (36, 42, ("service",), "port", None),
        (43, 44, ("service",), "port", (43, 45)),
        (45, 57, ("service",), None, None),
        (58, 72, ("service", "listener"), None, None),
        (73, 79, ("service", "listener"), "addr", None),
        (80, 89, ("service", "listener"), "addr", (80, 90)),
        (90, 93, ("service", "listener"), None, None),
        (94, 96, ("service",), None, None),
        (97, 102, ("service", "one"), None, None),
        (103, 106, ("service", "one"), "v", None),
        (107, 107, ("service", "one"), "v", (107, 108)),
        (108, 109, ("service", "one"), None, None),
        (110, 111, ("service",), None, None),
        (112, 112, (), None, None),
        (113, 119, (), "last", None),
        (120, 131, (), "last", (120, 132)),
        (132, 133, (), None, None),
    ],
    BROKEN: [
        (0, 3, (), "a", None),
        (4, 4, (), "a", (4, 5)),
        (5, 5, (), None, None),
        (6, 11, ("b",), None, None),
        (12, 15, ("b",), "c", None),
        (16, 25, ("b",), "c", (16, 26)),
        (26, 26, (), None, None),
    ],
    DUPLICATE: [
        (0, 3, (), "x", None),
        (4, 4, (), "x", (4, 5)),
        (5, 11, (), None, None),
        (12, 15, (), "y", None),
        (16, 26, (), "y", (16, 27)),
        (27, 28, (), None, None),
    ],
}


def at(byte: int) -> Pos:
    return Pos(0, 0, byte)  # only the byte offset counts, as in HCL


def lookup(file: File, byte: int) -> tuple[tuple[str, ...], str | None, tuple[int, int] | None]:
    pos = at(byte)
    blocks = file.blocks_at_pos(pos)
    assert file.innermost_block_at_pos(pos) is (blocks[-1] if blocks else None)
    assert file.outermost_block_at_pos(pos) is (blocks[0] if blocks else None)
    attr = file.attribute_at_pos(pos)
    expr = file.outermost_expr_at_pos(pos)
    if expr is not None:
        assert attr is not None and expr is attr.expr
    span = None if expr is None else (expr.range.start.byte, expr.range.end.byte)
    return tuple(b.type for b in blocks), None if attr is None else attr.name, span


@pytest.mark.parametrize("src", list(EXPECTED), ids=["nested", "broken", "duplicate"])
def test_every_offset_finds_what_hcl_finds(src: str) -> None:
    file, _ = parse_config(src, "nav.hcl")
    found = [lookup(file, byte) for byte in range(len(src.encode()) + 1)]
    expected = [
        (blocks, name, span)
        for first, last, blocks, name, span in EXPECTED[src]
        for _ in range(first, last + 1)
    ]
    assert found == expected


def rng(a: tuple[int, int, int], b: tuple[int, int, int]) -> Range:
    return Range("nav.hcl", Pos(*a), Pos(*b))


def test_what_is_found_has_hcls_ranges() -> None:
    file, _ = parse_config(NESTED, "nav.hcl")
    outer, inner = file.blocks_at_pos(at(80))
    assert (outer.type, outer.labels) == ("service", ("web", "x"))
    assert outer.def_range == rng((2, 1, 14), (2, 18, 31))
    assert outer.type_range == rng((2, 1, 14), (2, 8, 21))
    assert outer.label_ranges == (rng((2, 9, 22), (2, 14, 27)), rng((2, 15, 28), (2, 18, 31)))
    assert (inner.type, inner.def_range) == ("listener", rng((4, 3, 58), (4, 11, 66)))
    attr = file.attribute_at_pos(at(80))
    assert attr is not None
    assert attr.range == rng((5, 5, 73), (5, 22, 90))
    assert attr.name_range == rng((5, 5, 73), (5, 9, 77))
    top = file.attribute_at_pos(at(6))
    assert top is not None
    # Columns count characters, bytes count UTF-8: "été" is 5 columns and 7 bytes.
    assert top.expr.range == rng((1, 7, 6), (1, 12, 13))
    heredoc = file.outermost_expr_at_pos(at(125))
    assert heredoc is not None and heredoc.range == rng((9, 8, 120), (11, 4, 132))


def test_a_block_ends_after_its_closing_brace_and_an_attribute_after_its_expression() -> None:
    file, _ = parse_config(NESTED, "nav.hcl")
    service = file.outermost_block_at_pos(at(14))
    assert service is not None
    end = NESTED.encode().index(b"}\nlast")
    assert file.outermost_block_at_pos(at(end)) is service  # the brace is in the block
    assert file.outermost_block_at_pos(at(end + 1)) is None
    # The comment after "port = 80" is outside the attribute.
    assert file.attribute_at_pos(at(NESTED.encode().index(b"# comment"))) is None


def test_a_redefined_attribute_is_not_found() -> None:
    # The second "x" is reported and left out of the body, as in HCL.
    file, diags = parse_config(DUPLICATE, "nav.hcl")
    assert [d.summary for d in diags] == ["Attribute redefined"]
    assert file.attribute_at_pos(at(6)) is None
    first = file.attribute_at_pos(at(0))
    assert first is not None and first.range.start.byte == 0


def test_blocks_found_are_the_bodys_own_objects() -> None:
    file, _ = parse_config(NESTED, "nav.hcl")
    service = file.body.outermost_block_at_pos(at(40))
    assert isinstance(service, Block)
    assert file.body.attribute_at_pos(at(40)) is service.body.attribute_at_pos(at(40))
    # A nested body looks only at what it holds.
    assert service.body.blocks_at_pos(at(14)) == []
    assert [b.type for b in service.body.blocks_at_pos(at(60))] == ["listener"]


def test_json_files_find_nothing_as_in_hcl() -> None:
    src = '{"a": 1, "b": {"c": {"d": 2}}}'
    file, diags = hcljson.parse(src, "nav.json")
    assert not diags
    for byte in range(len(src) + 1):
        pos = at(byte)
        assert file.blocks_at_pos(pos) == []
        assert file.innermost_block_at_pos(pos) is None
        assert file.outermost_block_at_pos(pos) is None
        assert file.attribute_at_pos(pos) is None
        assert file.outermost_expr_at_pos(pos) is None


def test_merged_bodies_find_nothing() -> None:
    a, _ = parse_config("x = 1\n", "a.hcl")
    merged = merge_files([a])
    assert merged.blocks_at_pos(at(0)) == []
    assert merged.attribute_at_pos(at(0)) is None


def test_parse_config_counts_positions_from_a_start() -> None:
    # As hclsyntax.ParseConfig with start 3:5 (byte 40): the first line is
    # shifted by the start's column, the others only by lines and bytes.
    start = Pos(3, 5, 40)
    file, _ = parse_config("a = 1\nb {\n  c = 2\n}\n", "part.hcl", start)
    a = file.attribute_at_pos(Pos(0, 0, 40))
    assert a is not None
    assert a.range == Range("part.hcl", Pos(3, 5, 40), Pos(3, 10, 45))
    assert a.expr.range == Range("part.hcl", Pos(3, 9, 44), Pos(3, 10, 45))
    block = file.outermost_block_at_pos(Pos(0, 0, 46))
    assert block is not None
    assert block.def_range == Range("part.hcl", Pos(4, 1, 46), Pos(4, 2, 47))
    c = file.attribute_at_pos(Pos(0, 0, 52))
    assert c is not None and c.range == Range("part.hcl", Pos(5, 3, 52), Pos(5, 8, 57))
    assert file.attribute_at_pos(Pos(0, 0, 0)) is None
    same, _ = parse_config("a = 1", "p.hcl", INITIAL_POS)
    assert same.attribute_at_pos(Pos(0, 0, 0)) is not None


def test_json_parse_counts_positions_from_a_start() -> None:
    # As json.ParseWithStartPos; JSON counts a tab as two columns.
    file, diags = hcljson.parse('{"a": 1,\n\t"b": "${x"}', "part.json", Pos(3, 5, 40))
    assert not diags
    attrs, _ = file.body.just_attributes()
    assert attrs["a"].range == Range("part.json", Pos(3, 6, 41), Pos(3, 12, 47))
    assert attrs["b"].name_range == Range("part.json", Pos(4, 3, 50), Pos(4, 6, 53))
    assert attrs["b"].expr.range == Range("part.json", Pos(4, 8, 55), Pos(4, 13, 60))
    _, diags = attrs["b"].expr.value(EvalContext())
    assert [(d.summary, str(d.subject)) for d in diags] == [
        ("Unclosed template interpolation sequence", "part.json:4,9-11")
    ]
    expr, _ = hcljson.parse_expression("[1, 2]", "e.json", Pos(2, 1, 10))
    assert expr.range == Range("e.json", Pos(2, 1, 10), Pos(2, 7, 16))


def test_only_the_byte_offset_of_a_position_counts() -> None:
    file, _ = parse_config(NESTED, "nav.hcl")
    assert file.attribute_at_pos(Pos(99, 99, 36)) is file.attribute_at_pos(Pos(3, 3, 36))


def test_every_attribute_of_a_corpus_file_is_found_at_its_name(native_corpus_file: Path) -> None:
    file, _ = parse_config(native_corpus_file.read_bytes(), native_corpus_file.name)
    attributes: list[Attribute] = []

    def collect(node: WalkNode) -> None:
        if isinstance(node, Attribute):
            attributes.append(node)

    visit_all(file.body, collect)
    for attr in attributes:
        assert file.attribute_at_pos(attr.name_range.start) is attr
        expr = attr.expr.range
        if not expr.empty:
            assert file.outermost_expr_at_pos(expr.start) is attr.expr
            assert file.outermost_expr_at_pos(expr.end) is None


def test_context_strings_and_def_ranges_are_hcls() -> None:
    # HCL's hcled.ContextString and ContextDefRange at every offset.
    file, _ = parse_config(NESTED, "c.hcl")
    size = len(NESTED.encode())
    header = Range("c.hcl", Pos(2, 1, 14), Pos(2, 18, 31))
    start = Range("c.hcl", Pos(1, 1, 0), Pos(1, 1, 0))
    assert [(file.context_string(b), file.context_def_range(b)) for b in range(size + 1)] == (
        [(None, start)] * 14 + [('service "web" "x"', header)] * 98 + [(None, start)] * 22
    )
    src = '{"a": {"b": [1, {"c": 2}]}, "d": 3}'
    data, _ = hcljson.parse(src, "c.json")
    contexts = [None] * 6 + ["a"] * 6 + ["a.b"] * 4 + ["a.b[1]"] * 8 + ["a.b", "a"]
    assert [data.context_string(b) for b in range(len(src) + 1)] == contexts + [None] * 10
    closing = Range("c.json", Pos(1, 35, 34), Pos(1, 36, 35))
    assert {data.context_def_range(b) for b in range(len(src) + 1)} == {closing}
