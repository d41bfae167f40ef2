"""Whole bodies written as text, in the native syntax or the JSON syntax.

The writers of configuration (class objects, spec values) decide *what* a
body holds, as a list of :class:`AttributeItem` and :class:`BlockItem`;
:func:`body_text` decides *how* it is written, the same way for both:

* native text is laid out as ``hclfmt`` lays it out, with a blank line
  between a block and its neighbours;
* JSON text is indented by two spaces; attribute values are written as
  their JSON text on one line, and blocks are grouped by type in the
  property of the type's first block: one block as nested objects by
  label, several as an array of such objects, which keeps their order.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Literal

import attrs

from .._text import go_quote, is_identifier
from ..values._json import go_json_text, value_to_json
from ..values._value import Value
from ._format import format
from ._values import StringError, check_text, key_step, quoted_string, shown

__all__ = ["AttributeItem", "BlockItem", "body_text", "json_value_text"]


@attrs.frozen
class AttributeItem:
    """An attribute to write: its expression as native text (before layout) and as JSON text."""

    name: str
    native: str
    json: str


@attrs.frozen
class BlockItem:
    """A block to write, with the items of its body."""

    type: str
    labels: tuple[str, ...]
    items: tuple[AttributeItem | BlockItem, ...]


def body_text(items: Sequence[AttributeItem | BlockItem], syntax: Literal["native", "json"]) -> str:
    """``items`` written as a whole file in ``syntax`` (see the module).

    In the native syntax, attribute names and block types must be
    identifiers (``ValueError`` otherwise).
    """
    if syntax == "json":
        text = _json_object(items, "") + "\n"
        check_text(text, "the text")  # names and labels (values are checked before)
        return text
    text = "".join(_native_lines(items))
    formatted, diags = format(text)
    assert not diags.has_errors(), (text, diags)
    return formatted


def json_value_text(value: Value, *, templates: bool) -> str:
    """A known value as the JSON text of an attribute's expression.

    With ``templates`` the text is for reading with an evaluation context,
    where the JSON syntax reads strings (and object keys) as templates:
    ``${`` and ``%{`` are doubled so that they stay literal text. Raises
    ``ValueError`` for a value JSON cannot hold (unknown, infinite), and
    :class:`StringError` for a string or key with a lone surrogate.
    """
    data = value_to_json(value, value.type)
    _check_strings(data)
    return go_json_text(_escaped(data) if templates else data)


def _check_strings(data: object) -> None:
    """Raise :class:`StringError` for the first string or key in JSON data that no
    UTF-8 file can hold (Go's JSON writer would write U+FFFD in its place)."""
    if isinstance(data, str):
        check_text(data)
    elif isinstance(data, list):
        for i, element in enumerate(data):
            try:
                _check_strings(element)
            except StringError as exc:
                raise exc.within(f"[{i}]") from None
    elif isinstance(data, dict):
        for key, element in data.items():
            check_text(key, f"the key {shown(key)}")
            try:
                _check_strings(element)
            except StringError as exc:
                raise exc.within(key_step(key)) from None


def _escaped(data: object) -> object:
    if isinstance(data, str):
        return _literal_template(data)
    if isinstance(data, list):
        return [_escaped(e) for e in data]
    if isinstance(data, dict):
        return {_literal_template(k): _escaped(v) for k, v in data.items()}
    return data


def _literal_template(text: str) -> str:
    return text.replace("${", "$${").replace("%{", "%%{")


# --------------------------------------------------------------------------- native


def _check_name(name: str, what: str) -> None:
    if not is_identifier(name):
        raise ValueError(f"{go_quote(name)} cannot be written as {what} in the native syntax")


def _native_lines(items: Sequence[AttributeItem | BlockItem]) -> Iterator[str]:
    previous: AttributeItem | BlockItem | None = None
    for item in items:
        if previous is not None and (
            isinstance(item, BlockItem) or isinstance(previous, BlockItem)
        ):
            yield "\n"
        if isinstance(item, AttributeItem):
            _check_name(item.name, "an attribute name")
            yield f"{item.name} = {item.native}\n"
        else:
            _check_name(item.type, "a block type")
            labels = "".join(f" {quoted_string(label)}" for label in item.labels)
            yield f"{item.type}{labels} {{\n"
            yield from _native_lines(item.items)
            yield "}\n"
        previous = item


# --------------------------------------------------------------------------- JSON


def _json_object(items: Sequence[AttributeItem | BlockItem], indent: str) -> str:
    """A JSON-syntax body: attributes as properties, blocks grouped by type."""
    entries: list[tuple[str, str]] = []
    groups: dict[str, list[BlockItem]] = {}
    for item in items:
        if isinstance(item, AttributeItem):
            entries.append((item.name, item.json))
        else:
            if item.type not in groups:
                groups[item.type] = []
                entries.append((item.type, ""))  # filled below, in the first block's place
            groups[item.type].append(item)
    inner = indent + "  "
    lines = []
    for name, text in entries:
        member = text or _json_blocks(groups[name], inner)
        lines.append(f"{inner}{go_json_text(name)}: {member}")
    if not lines:
        return "{}"
    return "{\n" + ",\n".join(lines) + f"\n{indent}}}"


def _json_blocks(blocks: list[BlockItem], indent: str) -> str:
    """Blocks of one type: one block as nested objects by label, several as an array
    of such objects, which keeps their order."""
    if len(blocks) == 1:
        return _json_labelled(blocks[0].labels, blocks[0].items, indent)
    inner = indent + "  "
    texts = (inner + _json_labelled(b.labels, b.items, inner) for b in blocks)
    return "[\n" + ",\n".join(texts) + f"\n{indent}]"


def _json_labelled(
    labels: tuple[str, ...], items: tuple[AttributeItem | BlockItem, ...], indent: str
) -> str:
    if not labels:
        return _json_object(items, indent)
    inner = indent + "  "
    nested = _json_labelled(labels[1:], items, inner)
    return f"{{\n{inner}{go_json_text(labels[0])}: {nested}\n{indent}}}"
