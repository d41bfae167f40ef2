"""A document's structure for an editor: its outline (document symbols), the
ranges it can fold, its canonical layout, and quick fixes for misspelt names."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Literal

import attrs

from ..model import Attribute, Block, Body, File, Range
from ..write import format as format_native
from ..write import quoted_string
from ._positions import LineIndex

__all__ = ["Fix", "Symbol", "TextEdit", "fixes", "folding_ranges", "formatted", "symbols"]

SymbolKind = Literal["block", "attribute"]
_DID_YOU_MEAN = re.compile(r'Did you mean "((?:[^"\\]|\\.)*)"\?')


@attrs.frozen
class Symbol:
    """One item of the outline: a block (``type "label"``) or an attribute, with the
    byte offsets of the whole item and of its name."""

    name: str
    kind: SymbolKind
    start: int
    end: int
    name_start: int
    name_end: int
    children: tuple[Symbol, ...] = ()


@attrs.frozen
class TextEdit:
    """Replace the text between two LSP positions (line, column) with ``text``."""

    start: tuple[int, int]
    end: tuple[int, int]
    text: str


@attrs.frozen
class Fix:
    """A quick fix: its title and its edit."""

    title: str
    edit: TextEdit


def _whole(block: Block) -> Range:
    """The whole block, braces included, where the syntax knows it (the native one)."""
    found = getattr(block, "range", None)
    return found if isinstance(found, Range) else block.def_range


def _attribute_symbol(attribute: Attribute) -> Symbol:
    return Symbol(
        attribute.name,
        "attribute",
        attribute.range.start.byte,
        attribute.range.end.byte,
        attribute.name_range.start.byte,
        attribute.name_range.end.byte,
    )


def _body_symbols(body: Body, depth: int) -> list[Symbol]:
    content, _ = body.content_as_written()
    found = [_attribute_symbol(a) for a in content.attributes.values()]
    for block in content.blocks:
        whole = _whole(block)
        name = " ".join([block.type, *(quoted_string(label) for label in block.labels)])
        children = _body_symbols(block.body, depth + 1) if depth < 64 else []
        found.append(
            Symbol(
                name,
                "block",
                whole.start.byte,
                whole.end.byte,
                block.def_range.start.byte,
                block.def_range.end.byte,
                tuple(children),
            )
        )
    return sorted(found, key=lambda s: s.start)


def symbols(file: File) -> list[Symbol]:
    """The outline of a parsed document: its blocks with their labels, nested, and
    the attributes of each body (in the JSON syntax, where blocks cannot be told
    without a schema, the properties of the root object)."""
    return _body_symbols(file.body, 0)


def folding_ranges(items: Sequence[Symbol], index: LineIndex) -> list[tuple[int, int]]:
    """The (first, last) lines of every item that spans more than one line."""
    found: list[tuple[int, int]] = []

    def walk(symbols: Sequence[Symbol]) -> None:
        for symbol in symbols:
            first, _ = index.position(symbol.start)
            last, _ = index.position(symbol.end)
            if last > first:
                found.append((first, last))
            walk(symbol.children)

    walk(items)
    return sorted(found)


def formatted(index: LineIndex, filename: str) -> list[TextEdit] | None:
    """The edit that lays a native-syntax document out as ``hclfmt`` does: none when
    it already is, ``None`` when it cannot be (syntax errors, the JSON syntax)."""
    if filename.endswith(".json"):
        return None
    text, diags = format_native(index.source, filename)
    if diags.has_errors():
        return None
    if text == index.text:
        return []
    return [TextEdit((0, 0), index.position(len(index.source)), text)]


def fixes(
    index: LineIndex, diagnostics: Sequence[tuple[str, tuple[int, int], tuple[int, int]]]
) -> list[Fix]:
    """Quick fixes for the diagnostics (message, start, end) that suggest a name: the
    name written in place of the misspelt one (quoted as it was, in JSON)."""
    found = []
    for message, start, end in diagnostics:
        match = _DID_YOU_MEAN.search(message)
        if match is None or start[0] != end[0]:
            continue
        try:
            name = json.loads(f'"{match.group(1)}"')
        except ValueError:
            continue
        line = index.line_text(start[0])
        first = index.char_offset(*start) - index.char_offset(start[0], 0)
        text = json.dumps(name, ensure_ascii=False) if line[first : first + 1] == '"' else name
        found.append(Fix(f'Change to "{name}"', TextEdit(start, end, text)))
    return found
