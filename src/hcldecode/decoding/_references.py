"""The variables a decode of a class would read: every reference of every expression
the class's fields take, at every level of blocks (hcldec's ``Variables`` for a class).

An application that builds a dependency graph (what must be known before a
block can be decoded) asks for them before it evaluates anything. Nothing
is evaluated and no diagnostic is made: the decode itself reports the
configuration's mistakes.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..model._structure import Attribute, Block, Body, BodyContent
from ..model._traversal import Traversal
from ._classinfo import FieldInfo, class_info
from ._pytypes import ConfigTypes

__all__ = ["references"]


def references(body: Body, cls: type, types: ConfigTypes) -> list[Traversal]:
    """Every absolute traversal in the expressions ``cls`` takes from ``body``, and from
    its blocks for their classes, in source order (file by file, as first met)."""
    found: list[Traversal] = []
    pending: list[tuple[Body, type]] = [(body, cls)]
    while pending:  # blocks nest as deep as the configuration: no recursion
        current, current_cls = pending.pop()
        info = class_info(current_cls, types)
        if info.or_attributes is not None:
            given, current, _ = current.partial_content(info.or_attributes)
            _add(found, given.attributes.values())
        content, remaining, _ = current.partial_content(info.schema)
        for field in info.fields:
            _field(field, content, remaining, found, pending)
    order: dict[str, int] = {}
    for traversal in found:
        order.setdefault(traversal.range.filename, len(order))
    return sorted(found, key=lambda t: (order[t.range.filename], t.range.start.byte))


def _field(
    field: FieldInfo,
    content: BodyContent,
    remaining: Body,
    found: list[Traversal],
    pending: list[tuple[Body, type]],
) -> None:
    if field.kind == "attr":
        attribute = content.attributes.get(field.hcl_name)
        if attribute is not None:
            _add(found, [attribute])
    elif field.kind == "block":
        for block in content.blocks_of_type(field.hcl_name):
            if field.block_shape == "attributes":
                _add(found, block.body.just_attributes()[0].values())
            elif field.block_class is not None and field.block_class is not Block:
                pending.append((block.body, field.block_class))
    elif field.kind == "remain" and field.value_type is not None:
        _add(found, remaining.just_attributes()[0].values())
    elif field.kind == "remain" and field.block_class is not None:
        pending.append((remaining, field.block_class))


def _add(found: list[Traversal], attributes: Iterable[Attribute]) -> None:
    for attribute in attributes:
        found.extend(attribute.expr.variables())
