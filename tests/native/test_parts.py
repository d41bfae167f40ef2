"""The native parser takes its tokens a part at a time and forgets those of a
file's body items once read (docs/architecture.md, "Tokens a part at a time"):
the tree and the diagnostics are those of a parse that holds every token, and
the nodes that read their parts from the text give what the parser made before.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hcldecode import native
from hcldecode.native import _parser
from hcldecode.native._ast import LiteralValue, Node, ScopeTraversal, Step, StepKind, Template
from hcldecode.native._body import BlockNode, NativeBody

COMPILED = not _parser.__file__.endswith(".py")


def _nodes(node: Node) -> Iterator[Node]:
    yield node
    for child in node.children():
        yield from _nodes(child)


def _summary(body: NativeBody) -> list[object]:
    """Everything a parse gives that the part size could change: items, offsets,
    ranges, and every node's kind and offsets."""
    out: list[object] = []
    for attr in body.attributes.values():
        out.append((attr.name, str(attr.range), str(attr.name_range)))
        for node in _nodes(attr.expr):
            out.append((type(node).__name__, node.start, node.end, getattr(node, "raw", None)))
            if isinstance(node, ScopeTraversal):
                steps = [(s.kind, s.start, s.end, s.name, repr(s.key)) for s in node.steps]
                out.append((steps, str(node.traversal)))
    for block in body.blocks:
        assert isinstance(block, BlockNode)
        out.append(
            (
                block.type,
                block.labels,
                block.label_spans,
                block.open_span,
                block.close_span,
                str(block.def_range),
                [str(r) for r in block.label_ranges],
            )
        )
        out.append(_summary(block.native_body))
    return out


def _parse(text: str) -> tuple[list[object], list[tuple[str, str, str, str]]]:
    file, diags = native.parse_config(text, "parts.tf")
    assert isinstance(file.body, NativeBody)
    return _summary(file.body), [
        (d.summary, d.detail, str(d.subject), str(d.context)) for d in diags
    ]


_PIECES = [
    "a = 1\n",
    'b "x" "y" {\n',
    "c {\n",
    "}\n",
    "d = [\n",
    "]\n",
    "e = (\n",
    ")\n",
    'f = "s${x.y}"\n',
    "g = <<EOT\nline\nEOT\n",
    "h = var.a.b\n",
    "i = var .a\n",
    "j = { k = 2\n",
    "# comment\n",
    "/* block\n",
    "*/\n",
    "\n",
    "l = 1 +\n",
    '"quoted" = 1\n',
    "m = x[0].y\n",
    "n = f(\n",
    'o = "a\\\\nb"\n',
    "p = a ? b :\n",
    "&\n",
    "q = [for v in x : v\n",
]


@given(st.lists(st.sampled_from(_PIECES), max_size=40))
@settings(max_examples=200, deadline=None)
def test_parts_change_nothing(pieces: list[str]) -> None:
    """Parts as small as they get (each ends at the first newline where one may)
    give what one part gives. (The compiled parser's part size is a C constant.)"""
    text = "".join(pieces)
    whole = _parse(text)
    if COMPILED:
        return
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(native, "_FIRST_PART", 1)
        patch.setattr(_parser, "_PART", 1)
        assert _parse(text) == whole


def test_big_file_in_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A file of many items read a line at a time, and in parts of the usual size,
    gives what it gives read at once, up to its last error."""
    text = "".join(f'r "t{i}" {{\n  a = x.y{i}\n}}\nv{i} = [\n  1,\n]\n' for i in range(3000))
    text += "w = (\n"
    usual = _parse(text)
    monkeypatch.setattr(native, "_FIRST_PART", sys.maxsize)
    whole = _parse(text)
    assert usual == whole
    assert whole[1] == [
        (
            "Missing expression",
            "Expected the start of an expression, but found the end of the file.",
            "parts.tf:18002,1-1",
            "None",
        )
    ]
    if COMPILED:
        return
    monkeypatch.setattr(native, "_FIRST_PART", 1)
    monkeypatch.setattr(_parser, "_PART", 1)
    assert _parse(text) == whole


def test_reference_steps_read_from_the_text() -> None:
    file, _ = native.parse_config("a = var.one.two\nb = var . one\n")
    plain = file.body.attributes["a"].expr
    spaced = file.body.attributes["b"].expr
    assert isinstance(plain, ScopeTraversal)
    assert isinstance(spaced, ScopeTraversal)
    assert [(s.kind, s.start, s.end, s.name) for s in plain.steps] == [
        (StepKind.ATTR, 7, 11, "one"),
        (StepKind.ATTR, 11, 15, "two"),
    ]
    assert str(plain.traversal[2].range) == "<string>:1,12-16"
    assert [(s.kind, s.start, s.end, s.name) for s in spaced.steps] == [
        (StepKind.ATTR, 24, 29, "one"),
    ]
    assert all(isinstance(s, Step) for s in plain.steps)


def test_string_parts_made_once() -> None:
    file, _ = native.parse_config('a = "text"\nb = "t\\"x"\n')
    plain = file.body.attributes["a"].expr
    escaped = file.body.attributes["b"].expr
    assert isinstance(plain, Template)
    assert isinstance(escaped, Template)
    part = plain.parts[0]
    assert plain.parts[0] is part
    assert isinstance(part, LiteralValue)
    assert (part.start, part.end, part.raw) == (5, 9, "text")
    assert escaped.parts[0].raw == 't"x'  # type: ignore[attr-defined]
    assert plain.value()[0].payload == "text"


def test_block_header_spans_read_from_the_text() -> None:
    text = 'res "a" b {\n}\nres  "a" {\n}\nres "\\u0041" {\n}\n'
    file, _ = native.parse_config(text)
    spans = [
        (b.label_spans, b.open_span, b.close_span)
        for b in file.body.blocks
        if isinstance(b, BlockNode)
    ]
    assert spans == [
        (((4, 7), (8, 9)), (10, 11), (12, 13)),
        (((19, 22),), (23, 24), (25, 26)),
        (((31, 39),), (40, 41), (42, 43)),
    ]
