"""Completion candidates at a position of a document, from the configuration class.

Where a name goes (the start of a line in a body, a property name in JSON),
the attribute names and block types the enclosing block's class allows,
less those already there (repeatable blocks stay); in an attribute's value,
the values of a ``bool``, ``Literal`` or ``Enum`` field, the decoder's
functions and variables, and after ``name.`` the attributes of the
variable ``name``; in a block's header, the values of a ``Literal`` or
``Enum`` label field.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Literal

import attrs

from ..model import Pos
from ._check import Document, Target
from ._functions import function_docs, members, type_text, variables
from ._json_path import JsonPlace, json_place
from ._positions import LineIndex, units
from ._schema import Entry, Layer, layered_entries, layers_at, value_texts

__all__ = ["Candidate", "Completion", "complete", "json_body_layers"]

CandidateKind = Literal["attribute", "block", "value", "function", "variable"]

_NAME_LINE = re.compile(r"[ \t]*([A-Za-z_][\w-]*)?")
_ATTRIBUTE_LINE = re.compile(r"[ \t]*([A-Za-z_][\w-]*)[ \t]*=(?!=)[ \t]*(.*)")
_TRAVERSAL = re.compile(r"([A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*)\.([A-Za-z_][\w-]*)?$")
_WORD = re.compile(r"[A-Za-z_][\w-]*$")
_VALUE = re.compile(r'("[^"]*|[\w.-]*)$')
#: A block's header up to the position: its type, the labels before, the label begun.
_HEADER = re.compile(r'[ \t]*([A-Za-z_][\w-]*)((?:[ \t]*"[^"\n]*")*)[ \t]*("[^"]*)?')


@attrs.frozen
class Candidate:
    """One completion item: what the list shows and what choosing it inserts."""

    label: str
    kind: CandidateKind
    detail: str = ""
    documentation: str = ""
    insert_text: str = ""
    #: Whether ``insert_text`` is an LSP snippet (``$1``, ``${1:name}``, ``$0``).
    snippet: bool = False


@attrs.frozen
class Completion:
    """The candidates, and the column (LSP units) where the text they replace starts:
    the text from there to the position."""

    candidates: tuple[Candidate, ...]
    start_column: int


def _entry_detail(entry: Entry) -> str:
    if entry.kind == "attribute":
        need = "required" if entry.required else "optional"
        return f"{entry.type_text} ({need})"
    labels = " ".join(f'"{name}"' for name in entry.labels)
    shape = "repeatable" if entry.repeatable else ("required" if entry.required else "optional")
    return f"block{' ' + labels if labels else ''} ({shape})"


def _block_snippet(entry: Entry, syntax: str) -> str:
    labels = [f"${{{i}:{name}}}" for i, name in enumerate(entry.labels, 1)]
    if syntax == "json":
        inner = "$0"
        for label in reversed(labels):
            inner = f'"{label}": {{{inner}}}'
        return f'"{entry.name}": {{{inner}}}'
    header = " ".join([entry.name, *(f'"{label}"' for label in labels)])
    return f"{header} {{\n\t$0\n}}"


def _name_candidates(entries: dict[str, Entry], present: set[str], syntax: str) -> list[Candidate]:
    found = []
    for entry in entries.values():
        if entry.name in present and not (entry.kind == "block" and entry.repeatable):
            continue
        if entry.kind == "attribute":
            text = f'"{entry.name}": ' if syntax == "json" else f"{entry.name} = "
            found.append(
                Candidate(entry.name, "attribute", _entry_detail(entry), entry.doc or "", text)
            )
        else:
            found.append(
                Candidate(
                    entry.name,
                    "block",
                    _entry_detail(entry),
                    entry.doc or "",
                    _block_snippet(entry, syntax),
                    snippet=True,
                )
            )
    return found


def _expression_candidates(target: Target, entry: Entry | None, syntax: str) -> list[Candidate]:
    found = []
    if entry is not None and entry.kind == "attribute":
        for text in value_texts(entry, "json" if syntax == "json" else "native"):
            found.append(Candidate(text, "value", entry.type_text, "", text))
    if syntax == "json":
        return found
    for doc in function_docs(target.decoder).values():
        args = ", ".join(f"${{{i}}}" for i in range(1, doc.arity + 1)) if doc.arity else ""
        found.append(
            Candidate(
                doc.name, "function", doc.signature, doc.description, f"{doc.name}({args})", True
            )
        )
    for name, value in variables(target.decoder).items():
        found.append(Candidate(name, "variable", type_text(value.type), "", name))
    return found


def _label_candidates(entry: Entry | None, index: int, quoted: bool) -> list[Candidate]:
    """The texts the ``index``-th label of the block type may be (with its quotes
    when the label is not begun yet)."""
    if entry is None or entry.kind != "block" or index >= len(entry.label_choices):
        return []
    name = entry.labels[index] if index < len(entry.labels) else ""
    return [
        Candidate(
            text,
            "value",
            f"{entry.name} label {name}".rstrip(),
            "",
            text if quoted else f'"{text}"',
        )
        for text in entry.label_choices[index]
    ]


def _member_candidates(target: Target, path: str) -> list[Candidate]:
    names = path.split(".")
    value = variables(target.decoder).get(names[0])
    if value is None:
        return []
    for name in names[1:]:
        if name not in members(value):
            return []
        try:
            value = value.get(name)
        except (TypeError, KeyError):  # an unknown or null value has no attributes
            return []
    return [
        Candidate(name, "variable", type_text(t), "", name) for name, t in members(value).items()
    ]


def _native(document: Document, line: int, column: int, target: Target) -> Completion:
    index = document.index
    text = index.line_text(line)
    char = index.char_offset(line, column) - index.char_offset(line, 0)
    before = text[:char]
    byte = index.offset(line, column)
    file, _ = document.parsed()
    pos = Pos(line + 1, char + 1, byte)
    blocks = file.body.blocks_at_pos(pos)
    layers = layers_at(target.layers(), [b.type for b in blocks])
    entries = {name: entry for name, (entry, _) in layered_entries(layers).items()}
    column_of = _column_at(index, line, text)
    if _NAME_LINE.fullmatch(before):
        body = blocks[-1].body if blocks else file.body
        content, _ = body.content_as_written()
        present = {
            name
            for name, attribute in content.attributes.items()
            if not attribute.name_range.start.byte <= byte <= attribute.name_range.end.byte
        }
        present |= {
            b.type
            for b in content.blocks
            if not b.type_range.start.byte <= byte <= b.type_range.end.byte
        }
        word = _WORD.search(before)
        start = word.start() if word else len(before)
        return Completion(tuple(_name_candidates(entries, present, "native")), column_of(start))
    header = _HEADER.fullmatch(before)
    block = None
    if header is not None:  # (in a block's header: the body it is in, not its own)
        outer = [b for b in blocks if not b.def_range.start.byte <= byte <= b.def_range.end.byte]
        block = layered_entries(layers_at(target.layers(), [b.type for b in outer])).get(
            header.group(1), (None, None)
        )[0]
    if header is not None and block is not None and block.kind == "block":
        labels = header.group(2).count('"') // 2
        begun = header.group(3)
        start = len(before) - (len(begun) - 1 if begun is not None else 0)
        found = _label_candidates(block, labels, begun is not None)
        return Completion(tuple(found), column_of(start))
    assignment = _ATTRIBUTE_LINE.fullmatch(before)
    if assignment is None and file.body.attribute_at_pos(pos) is None:
        # Neither an attribute's first line nor inside one's value (a block's header,
        # a comment): nothing to offer.
        return Completion((), column)
    expression = assignment.group(2) if assignment else before
    entry = entries.get(assignment.group(1)) if assignment else None
    traversal = _TRAVERSAL.search(expression)
    if traversal is not None:
        start = len(before) - len(traversal.group(2) or "")
        return Completion(tuple(_member_candidates(target, traversal.group(1))), column_of(start))
    value = _VALUE.search(expression)
    start = len(before) - (len(value.group()) if value else 0)
    return Completion(tuple(_expression_candidates(target, entry, "native")), column_of(start))


def _column_at(index: LineIndex, line: int, text: str) -> Callable[[int], int]:
    """Turns a character offset into ``text`` (the line ``line``) into an LSP column."""

    def column(char: int) -> int:
        return units(text[:char], index.encoding)

    return column


def json_body_layers(target: Target, path: Sequence[str]) -> list[Layer]:
    """The classes of the body the JSON object at ``path`` is; none when the path ends
    among a block's labels or inside an attribute's value, not in a body."""
    current = target.layers()
    i = 0
    while i < len(path):
        found = layered_entries(current).get(path[i])
        if found is None or found[0].kind != "block" or found[0].block_class is None:
            return []
        i += 1 + len(found[0].labels)
        if i > len(path):
            return []
        current = [(found[0].block_class, found[1])]
    return current


def json_label_at(target: Target, path: Sequence[str]) -> tuple[Entry, int] | None:
    """The block type, and which of its labels, when the JSON object at ``path`` holds
    a block's labels as its keys."""
    current = target.layers()
    i = 0
    while i < len(path):
        found = layered_entries(current).get(path[i])
        if found is None or found[0].kind != "block":
            return None
        if len(path) - i - 1 < len(found[0].labels):
            return found[0], len(path) - i - 1
        if found[0].block_class is None:
            return None
        i += 1 + len(found[0].labels)
        current = [(found[0].block_class, found[1])]
    return None


def _json(index: LineIndex, line: int, column: int, target: Target) -> Completion:
    text = index.line_text(line)
    char = index.char_offset(line, column)
    place: JsonPlace | None = json_place(index.text[:char])
    column_of = _column_at(index, line, text)
    here = index.char_offset(line, column) - index.char_offset(line, 0)
    if place is None:
        return Completion((), column)
    start = column_of(max(0, here - len(place.prefix)))
    label = json_label_at(target, place.path)
    if label is not None and place.where == "key":
        quoted = place.prefix.startswith('"')
        if quoted:
            start = column_of(max(0, here - len(place.prefix) + 1))
        found = [
            attrs.evolve(c, insert_text=f"{c.insert_text}: " if not quoted else c.insert_text)
            for c in _label_candidates(label[0], label[1], quoted)
        ]
        return Completion(tuple(found), start)
    layers = json_body_layers(target, place.path)
    if not layers:
        return Completion((), column)
    entries = {name: entry for name, (entry, _) in layered_entries(layers).items()}
    if place.where == "key":
        return Completion(tuple(_name_candidates(entries, set(place.seen), "json")), start)
    entry = entries.get(place.key or "")
    return Completion(tuple(_expression_candidates(target, entry, "json")), start)


def complete(document: Document, line: int, column: int, target: Target) -> Completion:
    """The candidates at an LSP position (0-based line, column in the index's units)."""
    if document.is_json:
        return _json(document.index, line, column, target)
    return _native(document, line, column, target)
