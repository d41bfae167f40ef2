"""JSON-syntax files as python-hcl2 8.x would give the native file of the same meaning.

Without a schema, HCL's JSON syntax cannot tell a block from an attribute
whose value is an object, so every property is read as an attribute:

* the root object's properties (or those of each object of a root array, in
  order) are the attributes, by name; a later duplicate replaces an earlier one;
* a string is a quoted template, as HCL reads JSON strings: literal text
  quoted and escaped as in a native quoted string, interpolations and
  directives written as python-hcl2 writes them;
* a number is an ``int`` or ``float`` by its spelling (scientific notation
  stays an expression, as ``preserve_scientific_notation`` says), as the same
  literal would be in a native file;
* ``true``, ``false``, ``null`` are ``True``, ``False``, ``None``;
* an array is a list, an object a dict whose keys are bare when they are
  identifiers and quoted otherwise (as ``{name = ...}`` and ``{"a b" = ...}``).
"""

from __future__ import annotations

import re
from typing import Any

from ..json._ast import (
    ArrayNode,
    BoolNode,
    Node,
    NullNode,
    NumberNode,
    ObjectNode,
    Source,
    StringNode,
)
from ..json._parser import parse_value
from ..native import parse_template
from ..native._ast import LiteralValue, Template, TemplateWrap
from ._pyhcl2_options import SerializationOptions
from ._pyhcl2_serialize import Serializer, unescape

__all__ = ["json_root", "read_json"]

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_QUOTED = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def json_root(text: str, filename: str) -> Node | None:
    """The root object or array of a valid JSON configuration, or ``None``."""
    root, _complete, diags = parse_value(Source(filename, text, None))
    if diags.has_errors() or not isinstance(root, (ObjectNode, ArrayNode)):
        return None
    if isinstance(root, ArrayNode) and not all(isinstance(e, ObjectNode) for e in root.elements):
        return None
    return root


def read_json(root: Node, options: SerializationOptions) -> dict[str, Any]:
    """The dictionary of a JSON configuration's root (from :func:`json_root`)."""
    writer = _JsonWriter(options)
    objects = root.elements if isinstance(root, ArrayNode) else [root]
    result: dict[str, Any] = {}
    for obj in objects:
        assert isinstance(obj, ObjectNode)
        for prop in obj.properties:
            result[prop.name] = writer.value(prop.value, dollar=False)
    return result


def _quote(text: str) -> str:
    out = []
    for char in text:
        escaped = _QUOTED.get(char)
        if escaped is None and (char < " " or char == "\x7f"):
            escaped = f"\\u{ord(char):04x}"
        out.append(char if escaped is None else escaped)
    return "".join(out).replace("${", "$${").replace("%{", "%%{")


class _JsonWriter:
    __slots__ = ("_numbers", "_options")

    def __init__(self, options: SerializationOptions) -> None:
        self._options = options
        self._numbers = Serializer("", options, {})

    def value(self, node: Node, *, dollar: bool) -> Any:
        if isinstance(node, StringNode):
            return self._string(node.value, dollar)
        if isinstance(node, NumberNode):
            text = node.text
            negative = text.startswith("-")
            number = self._numbers.number(text.lstrip("-"), True)
            if not negative:
                return self._numbers.number(text, dollar)
            if dollar:
                return f"-{number}"
            if isinstance(number, (int, float)):
                return -number
            return "${" + text + "}"
        if isinstance(node, BoolNode):
            if dollar:
                return "true" if node.value else "false"
            return node.value
        if isinstance(node, NullNode):
            return "null" if dollar else None
        if isinstance(node, ArrayNode):
            if not dollar and not self._options.wrap_tuples:
                return [self.value(e, dollar=False) for e in node.elements]
            inner = ", ".join(str(self.value(e, dollar=True)) for e in node.elements)
            return f"[{inner}]" if dollar else "${[" + inner + "]}"
        assert isinstance(node, ObjectNode)
        if not dollar and not self._options.wrap_objects:
            result: dict[str, Any] = {}
            for prop in node.properties:
                result[self._key(prop.name, dollar=False)] = self.value(prop.value, dollar=False)
            return result
        inner = ", ".join(
            f"{self._key(prop.name, dollar=True)} = {self.value(prop.value, dollar=True)}"
            for prop in node.properties
        )
        return "{" + inner + "}" if dollar else "${{" + inner + "}}"

    def _key(self, name: str, *, dollar: bool) -> str:
        if _IDENTIFIER.fullmatch(name):
            return name
        return str(self._string(name, dollar))

    def _string(self, value: str, dollar: bool) -> str:
        strip = self._options.strip_string_quotes and not dollar
        if "${" not in value and "%{" not in value:
            quoted = _quote(value)
            return unescape(quoted) if strip else '"' + quoted + '"'
        node, diags = parse_template(value)
        if diags.has_errors():  # not a template HCL can read: keep it as literal text
            quoted = _quote(value)
            return unescape(quoted) if strip else '"' + quoted + '"'
        parts = node.parts if isinstance(node, Template) else [node]
        if isinstance(node, TemplateWrap):
            parts = [node.wrapped]
        writer = Serializer(value, self._options, {}, template=True)
        out = []
        for part in parts:
            if isinstance(part, LiteralValue):
                raw = part.raw
                assert isinstance(raw, str)
                out.append(unescape(_quote(raw)) if strip else _quote(raw))
            else:
                out.append(writer.template_part(part))
        joined = "".join(out)
        return joined if strip else '"' + joined + '"'
