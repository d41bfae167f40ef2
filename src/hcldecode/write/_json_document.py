"""Editable JSON-syntax documents that keep every byte they do not change.

:func:`parse_json_document` reads a JSON-syntax file into a
:class:`JsonDocument` over the JSON parser's ranges: each object and array
keeps the text around its members (the spaces and newlines before each
name, the colon with its spaces, what lies before each comma and before
the closing bracket), and every other value is kept as its source text.
Written back unchanged, the document is the file, byte for byte; an edit
replaces the text of what it touches only:

* :meth:`JsonDocumentBody.set_attribute_raw` replaces a property's value
  text (or adds the property), :meth:`JsonDocumentBody.remove_attribute`
  removes it with its comma;
* :meth:`JsonDocumentBody.blocks`, :meth:`JsonDocumentBody.append_block` and
  :meth:`JsonDocumentBody.remove_block` read and edit blocks the way the
  JSON syntax reads them for a schema: a block type's property holds an
  object (one block) or an array of objects (several), nested one object
  per label.

New members are indented as the file indents (the unit of its first
indented member; two spaces in a file without one), on lines of their own
where the object has them, and on the object's line in a one-line object.
A block added where blocks of its type and labels already are turns the
object into an array, ``[{...}, {...}]``, on the same lines.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..json._ast import ArrayNode, Node, ObjectNode, Source
from ..json._parser import parse_value
from ..model._diagnostics import Diagnostic, Diagnostics
from ..values._json import go_json_text

__all__ = [
    "JsonDocument",
    "JsonDocumentAttribute",
    "JsonDocumentBlock",
    "JsonDocumentBody",
    "parse_json_document",
]


# --------------------------------------------------------------------------- the tree


class _Member:
    """A property of an object, or (with ``key`` empty) an element of an array."""

    __slots__ = ("after", "colon", "key", "lead", "value")

    def __init__(self, lead: str, key: str, colon: str, value: _Value, after: str = "") -> None:
        self.lead = lead  # the spaces before it (after the comma or the bracket)
        self.key = key  # the name as written, quotes included
        self.colon = colon  # from the name's end to the value's start
        self.value = value
        self.after = after  # the spaces between the value and the comma

    @property
    def name(self) -> str:
        return _key_name(self.key)

    def write(self, out: list[str]) -> None:
        out.append(self.lead)
        out.append(self.key)
        out.append(self.colon)
        _write(self.value, out)
        out.append(self.after)


class _Container:
    """An object (``{``) or an array (``[``): its members and the text before its
    closing bracket; ``indent`` is the indentation of the line it starts on."""

    __slots__ = ("close", "compact", "indent", "members", "object")

    def __init__(
        self,
        is_object: bool,
        members: list[_Member],
        close: str,
        indent: str,
        compact: bool = False,
    ) -> None:
        self.object = is_object
        self.members = members
        self.close = close
        self.indent = indent
        #: Whether its members are on its first line (and new ones go there too).
        self.compact = compact

    def write(self, out: list[str]) -> None:
        out.append("{" if self.object else "[")
        for i, member in enumerate(self.members):
            if i:
                out.append(",")
            member.write(out)
        out.append(self.close)
        out.append("}" if self.object else "]")

    def add(self, key: str, value: _Value, unit: str | None) -> _Member:
        """Add a member (``key`` empty in an array) at the end, laid out as the last
        one is, else as the file is; return it."""
        member = _Member("", key, ": " if key else "", value)
        if self.members:
            last = self.members[-1]
            # after a comma as the last one is (the first is after the bracket)
            member.lead = " " if len(self.members) == 1 and "\n" not in last.lead else last.lead
            if key:
                member.colon = last.colon
        elif unit is None or self.compact:  # a file, or an object, on one line
            self.close = ""
        else:
            member.lead = "\n" + self.indent + unit
            self.close = "\n" + self.indent
        self.members.append(member)
        return member

    def remove(self, member: _Member) -> None:
        index = self.members.index(member)
        del self.members[index]
        if index == 0 and self.members:  # the next one is first now: after the bracket
            self.members[0].lead = member.lead
        if not self.members:
            self.close = ""


#: A value: kept as its text, or an object or array of members.
_Value = str | _Container


def _write(value: _Value, out: list[str]) -> None:
    if isinstance(value, str):
        out.append(value)
    else:
        value.write(out)


def _key_name(key: str) -> str:
    import json  # noqa: PLC0415 (a key with escapes is rare)

    if "\\" not in key:
        return key[1:-1]
    name = json.loads(key)
    assert isinstance(name, str)
    return name


def _line_indent(text: str, at: int) -> str:
    start = text.rfind("\n", 0, at) + 1
    end = start
    while end < at and text[end] in " \t":
        end += 1
    return text[start:end]


class _Reader:
    """Builds the tree of a parsed document from its nodes and text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.unit: str | None = None  # the indentation unit, from the first indented member

    def value(self, node: Node) -> _Value:
        text = self.text
        if isinstance(node, ObjectNode):
            spans = [(p.name_start, p.name_end, p.value) for p in node.properties]
        elif isinstance(node, ArrayNode):
            spans = [(e.start, e.start, e) for e in node.elements]
        else:
            return text[node.start : node.end]
        indent = _line_indent(text, node.start)
        members: list[_Member] = []
        at = node.start + 1
        for start, name_end, value in spans:
            if members:  # the spaces before the comma belong to the member before
                comma = text.index(",", at, start)
                members[-1].after = text[at:comma]
                at = comma + 1
            lead = text[at:start]
            if self.unit is None and "\n" in lead:
                line = lead.rsplit("\n", 1)[1]
                if line.startswith(indent) and len(line) > len(indent):
                    self.unit = line[len(indent) :]
            key = text[start:name_end]
            members.append(_Member(lead, key, text[name_end : value.start], self.value(value)))
            at = value.end
        close = text[at : node.end - 1]
        compact = bool(members) and "\n" not in close and all("\n" not in m.lead for m in members)
        return _Container(isinstance(node, ObjectNode), members, close, indent, compact)


# --------------------------------------------------------------------------- the API


class JsonDocumentAttribute:
    """An attribute (a property) of a :class:`JsonDocumentBody`; get one from
    :attr:`JsonDocumentBody.attributes`."""

    __slots__ = ("_member",)

    def __init__(self, member: _Member) -> None:
        self._member = member

    @property
    def name(self) -> str:
        """The attribute's name."""
        return self._member.name

    @property
    def expression_text(self) -> str:
        """The JSON text of the attribute's value, as it is in the document."""
        out: list[str] = []
        _write(self._member.value, out)
        return "".join(out)

    def __repr__(self) -> str:
        return f"<JsonDocumentAttribute {self.name}>"


class JsonDocumentBlock:
    """A block of a :class:`JsonDocumentBody`: its type, labels and body; get one
    from :meth:`JsonDocumentBody.blocks` or :meth:`JsonDocumentBody.append_block`."""

    __slots__ = ("_path", "body", "labels", "type")

    def __init__(
        self,
        type: str,
        labels: tuple[str, ...],
        body: JsonDocumentBody,
        path: list[tuple[_Container, _Member]],
    ) -> None:
        #: The block type.
        self.type = type
        #: The labels.
        self.labels = labels
        #: The block's body, edited as the document's.
        self.body = body
        # Where the body is: each container on the way and its member, outermost first.
        self._path = path

    def __eq__(self, other: object) -> bool:
        # one block, however often it is found: the same object in the document
        return isinstance(other, JsonDocumentBlock) and other.body._object is self.body._object

    def __hash__(self) -> int:
        return id(self.body._object)

    def __repr__(self) -> str:
        return f"<JsonDocumentBlock {self.type} {list(self.labels)}>"


class JsonDocumentBody:
    """The properties of a JSON object read as a body of attributes and blocks.

    Which properties are blocks is for the reader's schema to say, as in
    the JSON syntax itself: :meth:`blocks` is told the block type and how
    many labels its blocks have. Get one as :attr:`JsonDocument.body` or
    :attr:`JsonDocumentBlock.body`.
    """

    __slots__ = ("_document", "_object")

    def __init__(self, document: JsonDocument, obj: _Container) -> None:
        self._document = document
        self._object = obj

    @property
    def attributes(self) -> dict[str, JsonDocumentAttribute]:
        """Every property by name (the first of names given twice), but the
        ``"//"`` comments; block types included, since only a schema tells them apart."""
        found: dict[str, JsonDocumentAttribute] = {}
        for member in self._object.members:
            name = member.name
            if name != "//" and name not in found:
                found[name] = JsonDocumentAttribute(member)
        return found

    def set_attribute_raw(self, name: str, expression: str) -> JsonDocumentAttribute:
        """Set a property's value to JSON text, where it is (the first of its name), or
        as a new property at the end of the object.

        Args:
            name: The property's name.
            expression: The value's JSON text (not checked: a program's own).

        Returns:
            The attribute.
        """
        member = self._member(name)
        if member is None:
            member = self._object.add(go_json_text(name), expression, self._document._unit)
        else:
            member.value = expression
        return JsonDocumentAttribute(member)

    def remove_attribute(self, name: str) -> bool:
        """Remove the property of a name (the first, if given twice) with its comma.

        Args:
            name: The property's name.

        Returns:
            Whether the body had it.
        """
        member = self._member(name)
        if member is None:
            return False
        self._object.remove(member)
        return True

    def _member(self, name: str) -> _Member | None:
        return next((m for m in self._object.members if m.name == name), None)

    def blocks(self, type: str, labels: int = 0) -> list[JsonDocumentBlock]:
        """The blocks of a type, in order, read as the JSON syntax reads them.

        Args:
            type: The block type.
            labels: How many labels its blocks have.

        Returns:
            A new list of the blocks (a value that is not an object where one
            must be gives none).
        """
        found: list[JsonDocumentBlock] = []
        for member in self._object.members:
            if member.name == type:
                path = [(self._object, member)]
                found.extend(self._blocks(type, member.value, (), labels, path))
        return found

    def _blocks(
        self,
        type: str,
        value: _Value,
        labels: tuple[str, ...],
        left: int,
        path: list[tuple[_Container, _Member]],
    ) -> Iterator[JsonDocumentBlock]:
        if isinstance(value, str):
            return
        if not value.object:
            for element in value.members:
                yield from self._blocks(
                    type, element.value, labels, left, [*path, (value, element)]
                )
        elif left == 0:
            yield JsonDocumentBlock(type, labels, JsonDocumentBody(self._document, value), path)
        else:
            for member in value.members:
                inner = [*path, (value, member)]
                yield from self._blocks(type, member.value, (*labels, member.name), left - 1, inner)

    def append_block(self, type: str, labels: Sequence[str] = ()) -> JsonDocumentBlock:
        """Add an empty block: in the object of its type's (last) property, by its
        labels, where there is one, else in a new property at the end.

        Args:
            type: The block type.
            labels: The labels.

        Returns:
            The new block.

        Raises:
            TypeError: ``labels`` is not a sequence of strings.
        """
        if isinstance(labels, str) or not all(isinstance(label, str) for label in labels):
            raise TypeError("labels must be a sequence of strings")
        labels = tuple(labels)
        unit = self._document._unit
        holder = next((m for m in reversed(self._object.members) if m.name == type), None)
        if holder is None or isinstance(holder.value, str):
            member = self._object.add(go_json_text(type), "", unit)
            return self._fill(type, (), labels, member, [(self._object, member)])
        path = [(self._object, holder)]
        done: tuple[str, ...] = ()
        while True:
            value = holder.value
            assert not isinstance(value, str)
            if not value.object:  # an array: one more element
                element = value.add("", "", unit)
                return self._fill(
                    type, done, labels[len(done) :], element, [*path, (value, element)]
                )
            if len(done) == len(labels):  # a block of these labels is there: make an array
                old = _Member("", "", "", value)
                new = _Member(" ", "", "", _Container(True, [], "", value.indent, value.compact))
                holder.value = _Container(False, [old, new], "", value.indent, True)
                body = new.value
                assert isinstance(body, _Container)
                return JsonDocumentBlock(
                    type,
                    labels,
                    JsonDocumentBody(self._document, body),
                    [*path, (holder.value, new)],
                )
            label = labels[len(done)]
            found = next((m for m in reversed(value.members) if m.name == label), None)
            if found is None or isinstance(found.value, str):
                member = value.add(go_json_text(label), "", unit)
                return self._fill(
                    type, (*done, label), labels[len(done) + 1 :], member, [*path, (value, member)]
                )
            holder, done = found, (*done, label)
            path.append((value, found))

    def _fill(
        self,
        type: str,
        done: tuple[str, ...],
        rest: tuple[str, ...],
        member: _Member,
        path: list[tuple[_Container, _Member]],
    ) -> JsonDocumentBlock:
        """Give a new member the objects of the labels ``rest`` and an empty body."""
        unit = self._document._unit
        compact = path[-1][0].compact
        indent = member.lead.rsplit("\n", 1)[1] if "\n" in member.lead else path[-1][0].indent
        for label in rest:
            obj = _Container(True, [], "", indent, compact)
            member.value = obj
            member = obj.add(go_json_text(label), "", unit)
            path.append((obj, member))
            indent = member.lead.rsplit("\n", 1)[1] if "\n" in member.lead else indent
        body = _Container(True, [], "", indent, compact)
        member.value = body
        return JsonDocumentBlock(type, (*done, *rest), JsonDocumentBody(self._document, body), path)

    def remove_block(self, block: JsonDocumentBlock) -> bool:
        """Remove a block; objects (and arrays) left empty by it go too, up to the
        block type's property.

        Args:
            block: The block to remove (as :meth:`blocks` gave it).

        Returns:
            ``True`` when removed, ``False`` if it is not in this body.
        """
        path = block._path
        if not path or path[0][0] is not self._object:
            return False
        container, member = path[-1]
        if member not in container.members:
            return False
        for container, member in reversed(path):
            container.remove(member)
            if container.members:
                break
        return True


class JsonDocument:
    """A JSON-syntax file as an editable tree (see :func:`parse_json_document`).

    ``str()`` gives :attr:`text`.

    Attributes:
        body: The top-level object, read and edited as a body.
    """

    __slots__ = ("_after", "_before", "_root", "_unit", "body")

    def __init__(self, before: str, root: _Container, after: str, unit: str | None) -> None:
        self._before = before
        self._root = root
        self._after = after
        self._unit = unit
        self.body = JsonDocumentBody(self, root)

    @property
    def text(self) -> str:
        """The document as text."""
        out = [self._before]
        self._root.write(out)
        out.append(self._after)
        return "".join(out)

    def __str__(self) -> str:
        return self.text

    def to_bytes(self) -> bytes:
        """The document as UTF-8 bytes."""
        return self.text.encode("utf-8", "surrogateescape")

    def __repr__(self) -> str:
        return f"<JsonDocument of {len(self._root.members)} properties>"


def parse_json_document(
    src: bytes | str, filename: str = "<string>"
) -> tuple[JsonDocument | None, Diagnostics]:
    """A JSON-syntax file as a :class:`JsonDocument`, with the diagnostics of parsing it.

    Args:
        src: The file's content, as bytes (UTF-8) or text.
        filename: The name used in the diagnostics.

    Returns:
        ``(document, diagnostics)``. A file with syntax errors, or whose value
        is not an object, gives ``None`` and the error diagnostics.

    Raises:
        TypeError: ``filename`` is not a ``str``.
    """
    if not isinstance(filename, str):
        raise TypeError(f"filename must be a str, not {type(filename).__name__}")
    text = src.decode("utf-8", "surrogateescape") if isinstance(src, bytes) else src
    source = Source(filename, text)
    root, _complete, diags = parse_value(source)
    if diags.has_errors():
        return None, diags
    if not isinstance(root, ObjectNode):
        where = source.range(0, len(text)) if root is None else source.range(root.start, root.end)
        diags.append(
            Diagnostic.error(
                "Root value must be object",
                "An editable JSON document needs a JSON object at its root.",
                subject=where,
            )
        )
        return None, diags
    reader = _Reader(text)
    tree = reader.value(root)
    assert isinstance(tree, _Container)
    unit = reader.unit
    if unit is None and "\n" in text[root.start : root.end]:
        unit = "  "
    return JsonDocument(text[: root.start], tree, text[root.end :], unit), diags
