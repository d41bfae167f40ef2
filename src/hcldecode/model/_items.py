"""The two kinds of body items, attributes and blocks, and what a schema finds of
them in a body (:class:`BodyContent`).

A module of their own so that the compiled build (``setup.py``) can compile
them with the native syntax's attribute and block classes, which derive from
them (a compiled class cannot derive from a Python class with slots), and with
the decoder, which reads a content's items for every block; Python classes may
derive from the item classes too (``allow_interpreted_subclasses``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from .._compile import mypyc_attr
from ._diagnostics import Range

if TYPE_CHECKING:
    from ._structure import Body, Expression

__all__ = ["Attribute", "Block", "BodyContent"]


@mypyc_attr(allow_interpreted_subclasses=True)
class Attribute:
    """A body attribute: a name and the expression that gives its value.

    A syntax may subclass it to compute the ranges only when they are asked
    for. Attributes compare equal when all four parts are equal.

    Args:
        name: The attribute's name.
        expr: The expression that gives its value.
        range: The whole definition (available as :attr:`range`).
        name_range: The name (available as :attr:`name_range`).
    """

    __slots__ = ("_name_range", "_range", "expr", "name")

    # A parsed item does not change: its own copy (see Body).
    def __copy__(self) -> Attribute:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Attribute:
        return self

    def __init__(self, name: str, expr: Expression, range: Range, name_range: Range) -> None:
        self.name = name
        self.expr = expr
        self._range = range
        self._name_range = name_range

    @property
    def range(self) -> Range:
        """The whole definition, from the name to the end of the expression."""
        return self._range

    @property
    def name_range(self) -> Range:
        """The attribute's name."""
        return self._name_range

    def _key(self) -> tuple[object, ...]:
        return (self.name, self.expr, self.range, self.name_range)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Attribute) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.name, self.range))

    def __repr__(self) -> str:
        return f"Attribute({self.name!r}, {self.expr!r}, {self.range!r}, {self.name_range!r})"


@mypyc_attr(allow_interpreted_subclasses=True)
class Block:
    """A block: type name, labels, and the body inside its braces.

    A syntax may subclass it to compute the ranges only when they are asked
    for.

    Args:
        type: The block type.
        labels: The labels' values, in order.
        body: The body inside the braces.
        def_range: The type and labels, the block's "header".
        type_range: The type.
        label_ranges: Each label, in order.
    """

    __slots__ = ("_def_range", "_label_ranges", "_type_range", "body", "labels", "type")

    # A parsed item does not change: its own copy (see Body).
    def __copy__(self) -> Block:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Block:
        return self

    def __init__(  # noqa: PLR0917 (the block's parts, in the order the spec lists them)
        self,
        type: str,
        labels: tuple[str, ...],
        body: Body,
        def_range: Range,
        type_range: Range,
        label_ranges: tuple[Range, ...],
    ) -> None:
        self.type = type
        self.labels = labels
        self.body = body
        self._def_range = def_range
        self._type_range = type_range
        self._label_ranges = label_ranges

    @property
    def def_range(self) -> Range:
        """The type and labels, the block's "header"."""
        return self._def_range

    @property
    def type_range(self) -> Range:
        """The block type."""
        return self._type_range

    @property
    def label_ranges(self) -> tuple[Range, ...]:
        """Each label, in order."""
        return self._label_ranges

    def _key(self) -> tuple[object, ...]:
        return (
            self.type,
            self.labels,
            self.body,
            self.def_range,
            self.type_range,
            self.label_ranges,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Block) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.type, self.labels, self.def_range))

    def __repr__(self) -> str:
        return f"Block({self.type!r}, {self.labels!r}, {self.def_range})"


class BodyContent:
    """The result of applying a schema to a body.

    Args:
        attributes: Each attribute that is present mapped to its definition,
            in source order.
        blocks: The blocks of the requested types, in source order.
        missing_item_range: Where an item that is missing would be reported:
            a range, or a function that computes it when first asked.
        mislabelled: The requested block types of which some block was left
            out for its labels (too few, too many, or not shaped as labels),
            an error already reported: a decoder need not also report such a
            type as missing.
    """

    __slots__ = ("_by_type", "_missing", "attributes", "blocks", "mislabelled")

    def __init__(
        self,
        attributes: Mapping[str, Attribute],
        blocks: tuple[Block, ...],
        missing_item_range: Range | Callable[[], Range],
        mislabelled: frozenset[str] = frozenset(),
    ) -> None:
        self.attributes = attributes
        self.blocks = blocks
        self.mislabelled = mislabelled
        self._missing = missing_item_range
        # The blocks grouped by type, when first asked for one type.
        self._by_type: dict[str, list[Block]] | None = None

    @property
    def missing_item_range(self) -> Range:
        """Where an item that is missing is reported."""
        missing = self._missing
        if not isinstance(missing, Range):
            missing = self._missing = missing()
        return missing

    def __repr__(self) -> str:
        return (
            f"BodyContent({dict(self.attributes)!r}, {self.blocks!r}, "
            f"{self.missing_item_range!r}, {set(self.mislabelled)!r})"
        )

    def blocks_of_type(self, type_name: str) -> list[Block]:
        """The blocks of one type, in source order.

        Args:
            type_name: The block type.

        Returns:
            A new list of those blocks (empty when there is none).
        """
        by_type = self._by_type
        if by_type is None:
            by_type = self._by_type = {}
            for block in self.blocks:
                same = by_type.get(block.type)
                if same is None:
                    by_type[block.type] = [block]
                else:
                    same.append(block)
        return list(by_type.get(type_name, ()))
