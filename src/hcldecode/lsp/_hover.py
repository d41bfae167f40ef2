"""Hover text at a position: what the class says of the attribute or block named
there, or the signature and description of the function called there.

The text is Markdown: a code block in HCL's syntax (``port = number``,
``server "name" { ... }``, ``upper(str string) string``), then whether the
item is required and its default, then the field's documentation.
"""

from __future__ import annotations

import json
import re

import attrs

from ..model import Pos
from ..values._sensitive import REDACTED, is_sensitive
from ..write import value_text
from ._check import Document, Target
from ._completion import json_body_layers
from ._functions import function_docs, members, type_text, variables
from ._json_path import json_place
from ._positions import LineIndex, units
from ._schema import Entry, Layer, layered_entries, layers_at, value_texts

__all__ = ["Hover", "entry_text", "hover"]

_WORD = re.compile(r"[A-Za-z_][\w-]*")
_WORD_END = re.compile(r"[A-Za-z_][\w-]*$")
_KEY = re.compile(r'"(?:[^"\\]|\\.)*"')


@attrs.frozen
class Hover:
    """The Markdown text, and the line and columns (LSP units) of what it is about."""

    text: str
    line: int
    start_column: int
    end_column: int


def entry_text(entry: Entry) -> str:
    """The hover text of an attribute or block type."""
    parts = []
    if entry.kind == "attribute":
        parts.append(f"```hcl\n{entry.name} = {entry.type_text}\n```")
        if entry.required:
            parts.append("Required attribute.")
        elif entry.default is not None:
            default = entry.default
            fence = "``" if "`" in default else "`"
            parts.append(f"Optional attribute; default: {fence}{default}{fence}.")
        else:
            parts.append("Optional attribute.")
        musts = list(entry.constraints)
        if entry.choices and not all(isinstance(c, bool) for c in entry.choices):
            musts.append("one of " + ", ".join(f"`{t}`" for t in value_texts(entry, "native")))
        if musts:
            parts.append("Must be " + ", ".join(musts) + ".")
    else:
        header = " ".join([entry.name, *(f'"{label}"' for label in entry.labels)])
        parts.append(f"```hcl\n{header} {{ ... }}\n```")
        if entry.repeatable:
            parts.append(
                "Block; any number of them" + (", at least one." if entry.required else ".")
            )
        else:
            parts.append("Required block." if entry.required else "Optional block.")
    if entry.doc:
        parts.append(entry.doc)
    return "\n\n".join(parts)


def _entry(layers: list[Layer], name: str) -> Entry | None:
    found = layered_entries(layers).get(name)
    return found[0] if found is not None else None


def _word_at(text: str, char: int) -> re.Match[str] | None:
    for match in _WORD.finditer(text):
        if match.start() <= char <= match.end():
            return match
    return None


def _native(document: Document, line: int, column: int, target: Target) -> Hover | None:
    index = document.index
    text = index.line_text(line)
    char = index.char_offset(line, column) - index.char_offset(line, 0)
    word = _word_at(text, char)
    if word is None:
        return None
    byte = index.offset(line, column)
    file, _ = document.parsed()
    pos = Pos(line + 1, char + 1, byte)
    blocks = file.body.blocks_at_pos(pos)
    span = (
        line,
        units(text[: word.start()], index.encoding),
        units(text[: word.end()], index.encoding),
    )
    if blocks and blocks[-1].type_range.start.byte <= byte <= blocks[-1].type_range.end.byte:
        outer = layers_at(target.layers(), [b.type for b in blocks[:-1]])
        entry = _entry(outer, blocks[-1].type)
        return Hover(entry_text(entry), *span) if entry is not None else None
    attribute = file.body.attribute_at_pos(pos)
    if (
        attribute is not None
        and attribute.name_range.start.byte <= byte <= attribute.name_range.end.byte
    ):
        entry = _entry(layers_at(target.layers(), [b.type for b in blocks]), attribute.name)
        return Hover(entry_text(entry), *span) if entry is not None else None
    if re.match(r"[ \t]*\(", text[word.end() :]):
        doc = function_docs(target.decoder).get(word.group())
        if doc is not None:
            body = f"```hcl\n{doc.signature}\n```"
            return Hover(body + (f"\n\n{doc.description}" if doc.description else ""), *span)
        return None
    return _reference(text, word, target, span)


def _reference(
    text: str, word: re.Match[str], target: Target, span: tuple[int, int, int]
) -> Hover | None:
    """A variable's value, at a name of a reference to it (``env.region``)."""
    start = word.start()
    while start > 1 and text[start - 1] == "." and _WORD_END.search(text, 0, start - 1):
        found = _WORD_END.search(text, 0, start - 1)
        assert found is not None
        start = found.start()
    path = text[start : word.end()].split(".")
    value = variables(target.decoder).get(path[0])
    if value is None or (start > 0 and text[start - 1] in '."$'):
        return None
    for name in path[1:]:
        if name not in members(value):
            return None
        try:
            value = value.get(name)
        except (KeyError, TypeError):
            return None
    try:
        shown = REDACTED if is_sensitive(value) else value_text(value)
    except ValueError:  # unknown values have no text
        shown = "(known when the configuration is decoded)"
    body = (
        f"```hcl\n{'.'.join(path)} = {shown}\n```\n\nA variable of type `{type_text(value.type)}`."
    )
    return Hover(body, *span)


def _json(index: LineIndex, line: int, column: int, target: Target) -> Hover | None:
    text = index.line_text(line)
    char = index.char_offset(line, column) - index.char_offset(line, 0)
    for match in _KEY.finditer(text):
        if match.start() <= char <= match.end():
            break
    else:
        return None
    if not re.match(r"\s*:", text[match.end() :]):
        return None
    place = json_place(index.text[: index.char_offset(line, 0) + match.start()])
    if place is None or place.where != "key":
        return None
    entry = _entry(json_body_layers(target, place.path), json.loads(match.group()))
    if entry is None:
        return None
    start = units(text[: match.start()], index.encoding)
    return Hover(entry_text(entry), line, start, units(text[: match.end()], index.encoding))


def hover(document: Document, line: int, column: int, target: Target) -> Hover | None:
    """The hover at an LSP position (0-based line, column in the index's units)."""
    if document.is_json:
        return _json(document.index, line, column, target)
    return _native(document, line, column, target)
