"""Go to definition and find references: the names an application declares
referenceable (:class:`Reference`), their definitions in the top-level body
of a file, and the traversals in its expressions that refer to them.

A definition or a use is known by its *key*: the index of the reference
declaration that names it and the names that pick it (``("web",)`` for
``var.web``, ``("aws_instance", "web")`` for ``aws_instance.web``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import attrs

from ..model import (
    Block,
    BlockHeaderSchema,
    Body,
    BodySchema,
    Range,
    Traversal,
    TraverseAttr,
    TraverseRoot,
)

__all__ = ["Key", "Reference", "definitions", "keys_at", "uses"]

#: Which reference declaration, and the names that pick the definition.
Key = tuple[int, tuple[str, ...]]


def _check_reference(instance: Reference, attribute: object, value: object) -> None:
    if (instance.block is None) == (instance.attributes_of is None):
        raise TypeError("a Reference names either block= or attributes_of=, one of the two")
    if instance.attributes_of is not None and instance.root is None:
        raise TypeError("a Reference with attributes_of= needs its root name")
    if instance.labels < 1:
        raise TypeError("a referenceable block has at least one label")


@attrs.frozen
class Reference:
    """Names a configuration refers to, and where they are defined.

    Go to definition and find references follow the traversals these
    declare, to the top-level blocks or attributes that define them, in the
    documents the language server has open. ``Reference("var",
    block="variable")``: ``var.NAME`` is the ``variable "NAME"`` block.
    ``Reference("local", attributes_of="locals")``: ``local.NAME`` is the
    attribute ``NAME`` of a ``locals`` block. ``Reference(block="resource",
    labels=2)``: ``TYPE.NAME`` is the ``resource "TYPE" "NAME"`` block (the
    traversal's root is the first label).

    Args:
        root: The name a traversal starts with (``var``), followed by one
            attribute step per label of the block, or by the attribute's
            name; ``None`` (with ``block``): the root is the block's first
            label.
        block: The top-level block type that defines the names.
        attributes_of: The top-level block type whose attributes define the
            names (with ``root``).
        labels: How many labels the block has, each a step of the traversal.

    Raises:
        TypeError: Neither or both of ``block`` and ``attributes_of`` are
            given, ``attributes_of`` without ``root``, or fewer than one label.
    """

    root: str | None = None
    block: str | None = attrs.field(default=None, kw_only=True)
    attributes_of: str | None = attrs.field(default=None, kw_only=True)
    labels: int = attrs.field(default=1, kw_only=True, validator=_check_reference)


def _top_blocks(body: Body, block_type: str, labels: int) -> list[Block]:
    names = tuple(f"label{n}" for n in range(labels))
    try:
        content, _, _ = body.partial_content(
            BodySchema(blocks=[BlockHeaderSchema(block_type, names)])
        )
    except TypeError:  # (the type is an attribute of this body's schema: no blocks)
        return []
    return list(content.blocks)


def definitions(body: Body, references: Sequence[Reference]) -> Iterator[tuple[Key, Range]]:
    """Each definition in the top-level body: its key and its range (a block's
    last label, an attribute's name)."""
    for number, ref in enumerate(references):
        if ref.block is not None:
            for block in _top_blocks(body, ref.block, ref.labels):
                yield (number, tuple(block.labels)), block.label_ranges[-1]
        elif ref.attributes_of is not None:
            for block in _top_blocks(body, ref.attributes_of, 0):
                attributes, _ = block.body.just_attributes()
                for name, attribute in attributes.items():
                    yield (number, (name,)), attribute.name_range


def _traversals(body: Body) -> Iterator[Traversal]:
    content, _ = body.content_as_written()
    for attribute in content.attributes.values():
        yield from attribute.expr.variables()
    for block in content.blocks:
        yield from _traversals(block.body)


def _steps(traversal: Traversal, first: int, count: int) -> list[TraverseAttr] | None:
    steps = list(traversal[first : first + count])
    if len(steps) < count or not all(isinstance(s, TraverseAttr) for s in steps):
        return None
    return [s for s in steps if isinstance(s, TraverseAttr)]


def _matches(traversal: Traversal, references: Sequence[Reference]) -> list[tuple[Key, Range]]:
    """The keys a traversal may refer to, with the range of the part that says it."""
    if not traversal or not isinstance(traversal[0], TraverseRoot):
        return []
    root = traversal[0]
    named = [
        (n, ref)
        for n, ref in enumerate(references)
        if ref.root is not None and ref.root == root.name
    ]
    found: list[tuple[Key, Range]] = []
    for number, ref in named:
        steps = _steps(traversal, 1, ref.labels if ref.block is not None else 1)
        if steps:
            where = Range(root.range.filename, root.range.start, steps[-1].range.end)
            found.append(((number, tuple(s.name for s in steps)), where))
    if named:
        return found
    for number, ref in enumerate(references):
        if ref.root is None:
            steps = _steps(traversal, 1, ref.labels - 1)
            if steps is not None:
                end = steps[-1].range.end if steps else root.range.end
                where = Range(root.range.filename, root.range.start, end)
                found.append(((number, (root.name, *(s.name for s in steps))), where))
    return found


def uses(body: Body, references: Sequence[Reference]) -> Iterator[tuple[Key, Range]]:
    """Each traversal in the body's expressions (nested blocks included) that
    refers to a declared name: its key and its range (the root and the steps
    that pick the definition)."""
    for traversal in _traversals(body):
        yield from _matches(traversal, references)


def keys_at(body: Body, byte: int, references: Sequence[Reference]) -> list[Key]:
    """The keys of the use or definition at a byte offset (a use first)."""
    found = list(uses(body, references))
    for _, where in found:
        if where.start.byte <= byte <= where.end.byte:
            return [k for k, w in found if w == where]
    for key, where in definitions(body, references):
        if where.start.byte <= byte <= where.end.byte:
            return [key]
    return []
