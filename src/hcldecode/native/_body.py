"""Bodies of the native syntax: the :class:`hcldecode.model.Body` implementation.

The parser builds :class:`NativeBody` objects holding :class:`AttributeNode` and
:class:`BlockNode` items in source order; the schema-driven methods turn them
into :class:`~hcldecode.model.Attribute` and :class:`~hcldecode.model.Block`
with the reference's diagnostics.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .._compile import mypyc_attr
from .._text import counted, go_quote, suggest
from ..model._diagnostics import Diagnostic, Diagnostics, Pos, Range, SourceFile
from ..model._source import SourceMap
from ..model._structure import (
    Attribute,
    Block,
    BodyContent,
    BodySchema,
    Expression,
    labels_text,
)
from ..model._structure import Body as ModelBody
from ._ast import Node

__all__ = ["AttributeNode", "BlockNode", "NativeBody"]

_NONE: frozenset[str] = frozenset()


@mypyc_attr(allow_interpreted_subclasses=True)  # so that pickle can make one (_compile.py)
class AttributeNode(Attribute):
    """``name = expr`` as parsed: offsets of the whole definition (the name is
    where it starts).

    It is the information-model attribute itself; its ranges are built only
    when asked for. ``end`` is kept as its distance from ``start`` (see
    :mod:`hcldecode.native`'s nodes: a small number's object is shared).
    """

    __slots__ = ("_size", "source", "start")

    def __init__(self, source: SourceMap, name: str, *, start: int, end: int, expr: Node) -> None:
        self.source = source
        self.name = name
        self.start = start
        self._size = end - start
        self.expr = expr

    @property
    def end(self) -> int:
        return self.start + self._size

    @property
    def native_expr(self) -> Node:
        """The attribute's expression, as the native node it is."""
        expr = self.expr
        assert isinstance(expr, Node)
        return expr

    @property
    def name_range(self) -> Range:
        return self.source.range(self.start, self.start + len(self.name))

    @property
    def range(self) -> Range:
        start = self.start
        return self.source.range(start, start + self._size)


@mypyc_attr(allow_interpreted_subclasses=True)  # so that pickle can make one (_compile.py)
class BlockNode(Block):
    """A parsed block: type, labels, body and the offsets of its parts.

    ``label_spans`` are the (start, end) offsets of each label;
    ``open_span`` and ``close_span`` locate the braces (both fall back to
    the type name's span when the header was invalid, as in the reference).
    It is the information-model block itself; its ranges are built only
    when asked for. The offsets are kept as plain numbers, and the spans made
    when asked for: a file has many blocks.
    """

    # The closing brace's offsets are kept as distances: ``_close_end`` from
    # ``start``, ``_close_size`` back from that (1 but after errors).
    __slots__ = ("_close_end", "_close_size", "_header", "source", "start")

    def __init__(
        self,
        source: SourceMap,
        type_name: str,
        *,
        start: int,
        labels: list[str],
        label_spans: list[tuple[int, int]],
        body: NativeBody,
        open_span: tuple[int, int],
        close_span: tuple[int, int],
    ) -> None:
        self.source = source
        self.type = type_name
        self.start = start
        self.labels = tuple(labels)
        self.body = body
        close_start, close_end = close_span
        self._close_end = close_end - start
        self._close_size = close_end - close_start
        # The label spans and the opening brace's: ``None`` for a header written
        # plainly, its parts one space apart and its labels identifiers or
        # quoted without escapes (most headers), whose spans are read from the
        # text when asked for: a parsed file keeps no objects for them.
        self._header: tuple[tuple[tuple[int, int], ...], int, int] | None = None
        text = source.text
        at = start + len(type_name)  # where the last part ends
        for label, (label_start, label_end) in zip(labels, label_spans, strict=True):
            size = label_end - label_start
            if (
                label_start != at + 1
                or text[at] != " "
                or size != len(label) + (2 if text[label_start] == '"' else 0)
            ):
                break
            at = label_end
        else:
            if open_span[0] == at + 1 and open_span[1] == at + 2 and text[at] == " ":
                return
        self._header = (tuple(label_spans), *open_span)

    @property
    def label_spans(self) -> tuple[tuple[int, int], ...]:
        """The (start, end) offsets of each label."""
        header = self._header
        if header is not None:
            return header[0]
        text = self.source.text
        at = self.start + len(self.type)
        spans = []
        for label in self.labels:
            label_start = at + 1
            at = label_start + len(label) + (2 if text[label_start] == '"' else 0)
            spans.append((label_start, at))
        return tuple(spans)

    @property
    def open_start(self) -> int:
        """Where the opening brace starts."""
        header = self._header
        if header is not None:
            return header[1]
        labels = self.labels
        if not labels:
            return self.start + len(self.type) + 1
        return self.label_spans[-1][1] + 1

    @property
    def open_end(self) -> int:
        """Where the opening brace ends."""
        header = self._header
        if header is not None:
            return header[2]
        return self.open_start + 1

    @property
    def native_body(self) -> NativeBody:
        """The block's body, as the native body it is."""
        body = self.body
        assert isinstance(body, NativeBody)
        return body

    @property
    def type_span(self) -> tuple[int, int]:
        return (self.start, self.start + len(self.type))

    @property
    def open_span(self) -> tuple[int, int]:
        return (self.open_start, self.open_end)

    @property
    def close_start(self) -> int:
        """Where the closing brace starts."""
        return self.start + self._close_end - self._close_size

    @property
    def close_end(self) -> int:
        """Where the closing brace ends."""
        return self.start + self._close_end

    @property
    def close_span(self) -> tuple[int, int]:
        return (self.close_start, self.close_end)

    @property
    def end(self) -> int:
        return self.close_end

    def _range(self, span: tuple[int, int]) -> Range:
        return self.source.range(*span)

    @property
    def type_range(self) -> Range:
        return self._range(self.type_span)

    @property
    def open_brace_range(self) -> Range:
        return self._range(self.open_span)

    @property
    def close_brace_range(self) -> Range:
        return self._range(self.close_span)

    @property
    def range(self) -> Range:
        """The whole block, from its type name to its closing brace (HCL's ``Block.Range``)."""
        return self.source.range(self.start, self.close_end)

    @property
    def def_range(self) -> Range:
        last = self.label_spans[-1] if self.label_spans else self.type_span
        return self.source.range(self.type_span[0], last[1])

    @property
    def label_ranges(self) -> tuple[Range, ...]:
        return tuple(self._range(span) for span in self.label_spans)

    def context_string(self) -> str:
        """``type "label" ...`` as HCL shows it in the rendered diagnostics."""
        return f"{self.type} {labels_text(self.labels)}" if self.labels else self.type


@mypyc_attr(allow_interpreted_subclasses=True)  # the language server's UnitBody
class NativeBody(ModelBody):
    """A native-syntax body: attributes and blocks in source order.

    Made by the parser (:func:`parse_config`); the constructor is internal. A
    body returned as the remainder of :meth:`partial_content` shares the items
    and hides the consumed ones.

    Attributes:
        source: The file's source map, shared by its nodes.
        start: The offset where the body's extent starts (the braces of a
            block body, or the whole file).
        end: The offset where it ends.
        attributes: The attribute nodes by name, in source order (hidden ones
            included).
        blocks: The block nodes, in source order (hidden ones included).
        hidden_attrs: The attribute names a partial read consumed.
        hidden_blocks: The block types a partial read consumed.
    """

    __slots__ = (
        "_size",
        "attributes",
        "blocks",
        "hidden_attrs",
        "hidden_blocks",
        "source",
        "start",
    )

    def __init__(
        self,
        source: SourceMap,
        start: int,
        end: int,
        *,
        attributes: dict[str, AttributeNode] | None = None,
        blocks: Sequence[BlockNode] | None = None,
        hidden_attrs: frozenset[str] = frozenset(),
        hidden_blocks: frozenset[str] = frozenset(),
    ) -> None:
        self.source = source
        self.start = start
        self._size = end - start
        self.attributes = {} if attributes is None else attributes
        self.blocks: Sequence[BlockNode] = blocks if blocks else ()
        self.hidden_attrs = hidden_attrs
        self.hidden_blocks = hidden_blocks

    @property
    def end(self) -> int:
        return self.start + self._size

    @property
    def range(self) -> Range:
        start = self.start
        return self.source.range(start, start + self._size)

    @property
    def missing_item_range(self) -> Range:
        return self._missing_range()

    def _missing_range(self) -> Range:
        return self.source.range(self.start, self.start)

    def partial_content(self, schema: BodySchema) -> tuple[BodyContent, ModelBody, Diagnostics]:
        diags = Diagnostics()
        attrs: dict[str, Attribute] = {}
        hidden = self.hidden_attrs
        present = self.attributes
        for attr_schema in schema.attributes:
            name = attr_schema.name
            node = present.get(name)
            if node is None or name in hidden:
                if attr_schema.required:
                    diags.append(
                        Diagnostic.error(
                            "Missing required argument",
                            f"The argument {go_quote(name)} is required, but no definition "
                            "was found.",
                            self.missing_item_range,
                        )
                    )
                continue
            attrs[name] = node
        # Source order, as the parser saw the definitions.
        ordered = attrs
        if len(attrs) > 1:
            ordered = {name: attrs[name] for name in present if name in attrs}

        wanted = schema.block_types() if schema.blocks else {}
        blocks: list[Block] = []
        mislabelled: set[str] = set()
        hidden_blocks = self.hidden_blocks
        for block in self.blocks if wanted else ():
            header = wanted.get(block.type)
            if header is None or block.type in hidden_blocks:
                continue
            label_names = header.label_names
            count = len(block.labels)
            required = header.required_labels
            if required <= count <= len(label_names):
                blocks.append(block)
                continue
            context = self.source.range(block.type_span[0], block.open_span[1])
            if count > len(label_names):
                if not label_names:
                    detail = f"No labels are expected for {block.type} blocks."
                else:
                    detail = (
                        f"Only {len(label_names)} labels ({', '.join(label_names)}) are "
                        f"expected for {block.type} blocks."
                    )
                diags.append(
                    Diagnostic.error(
                        f"Extraneous label for {block.type}",
                        detail,
                        block._range(block.label_spans[len(label_names)]),
                        context,
                    )
                )
                mislabelled.add(block.type)
                continue
            how_many = (
                f"{len(label_names)} labels"  # as HCL's Go packages say it
                if required == len(label_names)
                else f"at least {counted(required, 'label')}"
            )
            diags.append(
                Diagnostic.error(
                    f"Missing {label_names[count]} for {block.type}",
                    f"All {block.type} blocks must have {how_many} "
                    f"({', '.join(label_names[:required])}).",
                    block.open_brace_range,
                    context,
                )
            )
            mislabelled.add(block.type)

        remain = NativeBody(
            self.source,
            self.start,
            self.end,
            attributes=present,
            blocks=self.blocks,
            hidden_attrs=hidden.union(attrs) if attrs else hidden,
            hidden_blocks=self.hidden_blocks.union(wanted) if wanted else self.hidden_blocks,
        )
        content = BodyContent(
            ordered,
            tuple(blocks),
            self._missing_range,
            frozenset(mislabelled) if mislabelled else _NONE,
        )
        return content, remain, diags

    def content(self, schema: BodySchema) -> tuple[BodyContent, Diagnostics]:
        content, remain, diags = self.partial_content(schema)
        assert isinstance(remain, NativeBody)
        for name, node in self.attributes.items():
            if name in remain.hidden_attrs:
                continue
            candidates = [a.name for a in schema.attributes if a.name not in content.attributes]
            match = suggest(name, candidates)
            if match is not None:
                advice = f" Did you mean {go_quote(match)}?"
            elif name in schema.block_types():
                advice = f" Did you mean to define a block of type {go_quote(name)}?"
            else:
                advice = ""
            diags.append(
                Diagnostic.error(
                    "Unsupported argument",
                    f"An argument named {go_quote(name)} is not expected here.{advice}",
                    node.name_range,
                )
            )
        for block in self.blocks:
            if block.type in remain.hidden_blocks:
                continue
            match = suggest(block.type, [b.type for b in schema.blocks])
            if match is not None:
                advice = f" Did you mean {go_quote(match)}?"
            elif block.type in schema.attribute_names():
                advice = (
                    f" Did you mean to define argument {go_quote(block.type)}? If so, use the "
                    "equals sign to assign it a value."
                )
            else:
                advice = ""
            diags.append(
                Diagnostic.error(
                    "Unsupported block type",
                    f"Blocks of type {go_quote(block.type)} are not expected here.{advice}",
                    block.type_range,
                )
            )
        return content, diags

    def content_as_written(self) -> tuple[BodyContent, Diagnostics]:
        """Every attribute and block, each in source order (see
        :meth:`~hcldecode.model.Body.content_as_written`)."""
        hidden_attrs, hidden_blocks = self.hidden_attrs, self.hidden_blocks
        attributes: dict[str, Attribute] = dict(self.attributes)
        if hidden_attrs:
            attributes = {k: v for k, v in attributes.items() if k not in hidden_attrs}
        blocks = tuple(self.blocks)
        if hidden_blocks:
            blocks = tuple(block for block in blocks if block.type not in hidden_blocks)
        return BodyContent(attributes, blocks, self._missing_range), Diagnostics()

    def just_attributes(self) -> tuple[dict[str, Attribute], Diagnostics]:
        diags = Diagnostics()
        for block in self.blocks:
            if block.type not in self.hidden_blocks:
                diags.append(
                    Diagnostic.error(
                        f"Unexpected {go_quote(block.type)} block",
                        "Blocks are not allowed here.",
                        block.type_range,
                    )
                )
                break
        attrs: dict[str, Attribute] = {
            name: node for name, node in self.attributes.items() if name not in self.hidden_attrs
        }
        return attrs, diags

    def source_files(self) -> Mapping[str, SourceFile]:
        file = self.source.file
        return {file.filename: file} if file is not None else {}

    # ------------------------------------------------------------------ position lookups
    # As HCL's hclsyntax: a block contains the bytes from its type name to
    # the end of its closing brace, an attribute those from its name to the
    # end of its expression; the first block found at each level is taken.
    # A byte offset is turned once into the character it is in, then
    # compared with the items' character offsets.

    def _char_at(self, byte: int) -> int:
        """The offset of the character that holds the byte ``byte`` (-1 when none does)."""
        source = self.source
        if not source.pos(0).byte <= byte < source.pos(len(source.text)).byte:
            return -1
        offset = source.offset(byte)
        return offset if source.pos(offset).byte == byte else offset - 1

    def _blocks_at(self, byte: int) -> list[BlockNode]:
        char = self._char_at(byte)
        found: list[BlockNode] = []
        current: NativeBody = self
        while True:
            for block in current.blocks:
                if block.start <= char < block.end:
                    found.append(block)
                    current = block.native_body
                    break
            else:
                return found

    def blocks_at_pos(self, pos: Pos) -> list[Block]:
        return list(self._blocks_at(pos.byte))

    def innermost_block_at_pos(self, pos: Pos) -> Block | None:
        found = self._blocks_at(pos.byte)
        return found[-1] if found else None

    def outermost_block_at_pos(self, pos: Pos) -> Block | None:
        char = self._char_at(pos.byte)
        for block in self.blocks:
            if block.start <= char < block.end:
                return block
        return None

    def attribute_at_pos(self, pos: Pos) -> Attribute | None:
        found = self._blocks_at(pos.byte)
        body = found[-1].native_body if found else self
        char = self._char_at(pos.byte)
        for attr in body.attributes.values():
            if attr.start <= char < attr.end:
                return attr
        return None

    def outermost_expr_at_pos(self, pos: Pos) -> Expression | None:
        attr = self.attribute_at_pos(pos)
        if attr is None or not attr.expr.range.contains_pos(pos):
            return None
        return attr.expr

    def _top_block_at(self, byte: int) -> BlockNode | None:
        char = self._char_at(byte)
        for block in self.blocks:
            if block.start <= char < block.end:
                return block
        return None

    def context_string(self, byte: int) -> str | None:
        """The header of the top-level block around the UTF-8 offset ``byte``.

        This is the reference's navigation, e.g. ``service "web"``.
        """
        block = self._top_block_at(byte)
        return None if block is None else block.context_string()

    def context_def_range(self, byte: int) -> Range | None:
        """The header range of the top-level block around the UTF-8 offset ``byte``, if any."""
        block = self._top_block_at(byte)
        return None if block is None else block.def_range
