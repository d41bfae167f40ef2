"""JSON bodies: object properties read as attributes and blocks through a schema.

A body is a JSON object, or an array of objects whose properties are taken
in order as if they were one object. JSON cannot tell an attribute from a
block, so the schema decides: a property named like a schema attribute is
that attribute's expression; a property named like a schema block type holds
one nesting level (an object, or an array of objects) per block label, and
then either one block body (an object) or several (an array of objects).
A property named ``"//"`` is a comment and ignored, in bodies only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from .._text import go_quote, suggest
from ..model._diagnostics import REPEATED_ERRORS, Diagnostic, Diagnostics, Range, SourceFile
from ..model._structure import (
    Attribute,
    Block,
    BlockHeaderSchema,
    Body,
    BodyContent,
    BodySchema,
)
from ._ast import ArrayNode, Node, NodeView, NullNode, ObjectNode, Property, Source
from ._expression import JsonExpression

_Item = TypeVar("_Item")

__all__ = ["JsonBody"]

_COMMENT = "//"


class JsonBody(NodeView, Body):
    """The body made of a JSON object or array of objects.

    Made by :func:`hcldecode.json.parse`; the constructor is internal. The
    names a :meth:`partial_content` call consumes do not exist for the
    remaining body it returns.
    """

    __slots__ = ("_hidden",)

    def __init__(self, source: Source, node: Node, hidden: frozenset[str] = frozenset()) -> None:
        super().__init__(source, node)
        self._hidden = hidden

    @property
    def missing_item_range(self) -> Range:
        """The closing brace of an object body, the opening bracket of an array body."""
        node = self._node
        if isinstance(node, ObjectNode):
            return self._source.range(*node.close_span())
        return self._source.range(*node.start_span())

    def source_files(self) -> Mapping[str, SourceFile]:
        file = self._source.file
        return {file.filename: file} if file is not None else {}

    # ------------------------------------------------------------------ schema

    def content(self, schema: BodySchema) -> tuple[BodyContent, Diagnostics]:
        properties, diags = self._properties(self._node)
        content, used, more = self._apply(schema, properties)
        diags.extend(more)
        candidates = [a.name for a in schema.attributes if a.name not in used]
        candidates += [b.type for b in schema.blocks]
        for prop in properties:
            name = prop.name
            if name == _COMMENT or name in used:
                continue
            suggestion = suggest(name, candidates)
            dym = f" Did you mean {go_quote(suggestion)}?" if suggestion else ""
            name_range = self._name_range(prop)
            diags.append(
                Diagnostic.error(
                    "Extraneous JSON object property",
                    f"No argument or block type is named {go_quote(name)}.{dym}",
                    name_range,
                    name_range,
                )
            )
        return content, diags

    def partial_content(self, schema: BodySchema) -> tuple[BodyContent, Body, Diagnostics]:
        properties, diags = self._properties(self._node)
        content, used, more = self._apply(schema, properties)
        diags.extend(more)
        return content, JsonBody(self._source, self._node, frozenset(used)), diags

    def _apply(
        self, schema: BodySchema, properties: list[Property]
    ) -> tuple[BodyContent, set[str], Diagnostics]:
        """The content ``schema`` finds in ``properties``, the names it used, and diagnostics."""
        diags = Diagnostics()
        used = set(self._hidden)
        attribute_names = schema.attribute_names()
        block_types = schema.block_types()
        attributes: dict[str, Attribute] = {}
        blocks: list[Block] = []
        mislabelled: set[str] = set()
        repeats = _Repeats()
        for prop in properties:
            name = prop.name
            if name in self._hidden:
                continue
            if name in attribute_names:
                if name in attributes:
                    detail = repeats.detail(name, attributes[name])
                    if detail is not None:
                        name_range = self._name_range(prop)
                        diags.append(
                            Diagnostic.error("Duplicate argument", detail, name_range, name_range)
                        )
                    continue
                attributes[name] = self._attribute(prop)
                used.add(name)
            elif name in block_types:
                header = block_types[name]
                unpack_diags = self._unpack_block(prop, header, blocks)
                if unpack_diags.has_errors():
                    mislabelled.add(name)
                diags.extend(unpack_diags)
                used.add(name)
        for attr in schema.attributes:
            if attr.required and attr.name not in attributes:
                diags.append(
                    Diagnostic.error(
                        "Missing required argument",
                        f"The argument {go_quote(attr.name)} is required, "
                        "but no definition was found.",
                        self.missing_item_range,
                    )
                )
        content = BodyContent(
            attributes, tuple(blocks), lambda: self.missing_item_range, frozenset(mislabelled)
        )
        return content, used, diags

    def just_attributes(self) -> tuple[dict[str, Attribute], Diagnostics]:
        diags = Diagnostics()
        attributes: dict[str, Attribute] = {}
        node = self._node
        if not isinstance(node, ObjectNode):
            diags.append(
                Diagnostic.error(
                    "Incorrect JSON value type",
                    "A JSON object is required here, setting the arguments for this block.",
                    self._source.range(*node.start_span()),
                )
            )
            return attributes, diags
        repeats = _Repeats()
        for prop in node.properties:
            name = prop.name
            if name == _COMMENT or name in self._hidden:
                continue
            if name in attributes:
                detail = repeats.detail(name, attributes[name])
                if detail is not None:
                    diags.append(
                        Diagnostic.error(
                            "Duplicate attribute definition", detail, self._name_range(prop)
                        )
                    )
                continue
            attributes[name] = self._attribute(prop)
        return attributes, diags

    def content_as_written(self) -> tuple[BodyContent, Diagnostics]:
        """Every property as an attribute (see :meth:`Body.content_as_written`).

        Without a schema, a JSON object could be an attribute's value or a
        block, so this syntax reads them all as attributes.
        """
        attributes, diags = self.just_attributes()
        return BodyContent(attributes, (), lambda: self.missing_item_range), diags

    # ------------------------------------------------------------------ helpers

    def _name_range(self, prop: Property) -> Range:
        return self._source.range(prop.name_start, prop.name_end)

    def _attribute(self, prop: Property) -> Attribute:
        return _JsonAttribute(self._source, prop)

    def _properties(
        self, node: Node, label_name: str | None = None
    ) -> tuple[list[Property], Diagnostics]:
        """The properties of an object, or of each object of an array, in order.

        ``null`` has none. Anything else is an error; ``label_name`` says that
        the value stands at a label level of a block, for the message.
        """
        diags = Diagnostics()
        if isinstance(node, ObjectNode):
            return list(node.properties), diags
        if isinstance(node, NullNode):
            return [], diags
        if isinstance(node, ArrayNode):
            properties: list[Property] = []
            for element in node.elements:
                if isinstance(element, ObjectNode):
                    properties += element.properties
                    continue
                if label_name is not None:
                    detail = (
                        f"A JSON object is required here, to specify {label_name} labels "
                        "for this block."
                    )
                else:
                    detail = "A JSON object is required here, to define arguments and child blocks."
                diags.append(self._wrong_type(element, detail))
            return properties, diags
        if label_name is not None:
            detail = (
                "Either a JSON object or JSON array of objects is required here, "
                f"to specify {label_name} labels for this block."
            )
        else:
            detail = (
                "Either a JSON object or JSON array of objects is required here, "
                "to define arguments and child blocks."
            )
        diags.append(self._wrong_type(node, detail))
        return [], diags

    def _wrong_type(self, node: Node, detail: str) -> Diagnostic:
        return Diagnostic.error(
            "Incorrect JSON value type", detail, self._source.range(*node.start_span())
        )

    def _unpack_block(
        self, prop: Property, header: BlockHeaderSchema, blocks: list[Block]
    ) -> Diagnostics:
        """Append to ``blocks`` those that ``prop``'s value defines: a level per label, then bodies.

        At the level of an optional label, a value that is not an object, or an
        object whose properties are all names of the block's body
        (``header.body_names``), is the body: the label is left out.

        Works level by level without recursion: ``levels`` is a stack of the
        values still to unpack with the labels and label ranges found above
        them, the next one on top, so blocks come in source order.
        """
        diags = Diagnostics()
        source = self._source
        label_names = header.label_names
        type_name = prop.name
        levels: list[tuple[Node, tuple[str, ...], tuple[Property, ...]]] = [(prop.value, (), ())]
        while levels:
            node, labels, label_props = levels.pop()
            depth = len(labels)
            if depth < len(label_names) and not (
                depth >= header.required_labels and _is_body(node, header.body_names)
            ):
                label_name = label_names[depth]
                properties, more = self._properties(node, label_name)
                diags.extend(more)
                if not properties:
                    diags.append(
                        Diagnostic.error(
                            "Missing block label",
                            "At least one object property is required, whose name represents "
                            f"the {type_name} block's {label_name}.",
                            source.range(*node.start_span()),
                        )
                    )
                    continue
                levels.extend(
                    (p.value, (*labels, p.name), (*label_props, p)) for p in reversed(properties)
                )
                continue
            if isinstance(node, NullNode):
                continue
            if isinstance(node, ObjectNode):
                bodies: list[Node] = [node]
            elif isinstance(node, ArrayNode):
                bodies = node.elements
            else:
                diags.append(
                    self._wrong_type(
                        node,
                        "Either a JSON object or a JSON array is required, representing the "
                        f"contents of one or more {go_quote(type_name)} blocks.",
                    )
                )
                continue
            holder = (node, prop, label_props)
            blocks.extend(
                _JsonBlock(source, type_name, labels, JsonBody(source, body), holder)
                for body in bodies
            )
        return diags


def _is_body(node: Node, body_names: frozenset[str] | None) -> bool:
    """Whether ``node``, at the level of an optional label, is a block's body."""
    if body_names is None:
        return False
    if not isinstance(node, ObjectNode):
        return True
    return all(p.name == "//" or p.name in body_names for p in node.properties)


class _Repeats:
    """The details of the errors about names set again, made once per name and
    given :data:`REPEATED_ERRORS` times at most."""

    __slots__ = ("_told",)

    def __init__(self) -> None:
        self._told: dict[str, tuple[str, int]] = {}

    def detail(self, name: str, first: Attribute) -> str | None:
        """The detail of one more error about ``name``, or None past the limit."""
        told = self._told.get(name)
        if told is None:
            told = (f"The argument {go_quote(name)} was already set at {first.range}.", 0)
        detail, count = told
        if count >= REPEATED_ERRORS:
            return None
        self._told[name] = (detail, count + 1)
        return detail


def _reduced(item: Attribute | Block, names: tuple[str, ...]) -> tuple[object, ...]:
    """How an attribute or block of this module pickles: by the fields ``names``, its
    own with its base class's (the compiled build's base classes pickle their own alone)."""
    return _made_again, (type(item), {name: getattr(item, name) for name in names})


def _made_again(cls: type[_Item], fields: dict[str, Any]) -> _Item:
    """An attribute or block of this module, unpickled with its fields."""
    item = cls.__new__(cls)
    for name, value in fields.items():
        setattr(item, name, value)
    return item


class _JsonAttribute(Attribute):
    """A property read as an attribute; its ranges are made when asked for."""

    __slots__ = ("_prop", "_source")

    def __init__(self, source: Source, prop: Property) -> None:
        self.name = prop.name
        self.expr = JsonExpression(source, prop.value)
        self._source = source
        self._prop = prop

    def __reduce__(self) -> tuple[object, ...]:
        return _reduced(self, ("name", "expr", "_source", "_prop"))

    @property
    def range(self) -> Range:
        return self._source.range(self._prop.name_start, self._prop.value.end)

    @property
    def name_range(self) -> Range:
        return self._source.range(self._prop.name_start, self._prop.name_end)


class _JsonBlock(Block):
    """A block read from properties; its header's ranges are made when asked for.

    Its header (``def_range``) is the opening brace or bracket of the value
    that holds its bodies, as in HCL; its type range is the name of the
    property that holds its labels and bodies.
    """

    __slots__ = ("_header", "_source")

    def __init__(
        self,
        source: Source,
        type_name: str,
        labels: tuple[str, ...],
        body: JsonBody,
        header: tuple[Node, Property, tuple[Property, ...]],
    ) -> None:
        self.type = type_name
        self.labels = labels
        self.body = body
        self._source = source
        # The value that holds the bodies, the block type's property, and the
        # properties that named the labels.
        self._header = header

    def __reduce__(self) -> tuple[object, ...]:
        return _reduced(self, ("type", "labels", "body", "_source", "_header"))

    @property
    def def_range(self) -> Range:
        return self._source.range(*self._header[0].start_span())

    @property
    def type_range(self) -> Range:
        prop = self._header[1]
        return self._source.range(prop.name_start, prop.name_end)

    @property
    def label_ranges(self) -> tuple[Range, ...]:
        source = self._source
        return tuple(source.range(p.name_start, p.name_end) for p in self._header[2])
