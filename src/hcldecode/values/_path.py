"""Paths into values: go-cty's ``cty.Path``, for conversion errors and marks."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from .._record import Record

if TYPE_CHECKING:
    from ._value import Value

__all__ = ["AttrStep", "IndexStep", "Path", "PathStep"]


@attrs.frozen(eq=False, repr=False)
class AttrStep(Record):
    """A step into an attribute of an object.

    Attributes:
        name: The attribute's name.
    """

    name: str


@attrs.frozen(eq=False, repr=False)
class IndexStep(Record):
    """A step into an element of a collection or tuple.

    Attributes:
        key: The element's key: a number for a list or tuple, a string for a
            map, the element itself for a set.
    """

    key: Value


PathStep = AttrStep | IndexStep
#: A path from a value to one of its parts, go-cty's ``cty.Path``: a tuple of
#: steps, so ``path + (AttrStep("a"),)`` extends it and ``path[: len(p)] == p``
#: tests for a prefix (keys compare exactly, as ``RawEquals`` does).
Path = tuple[PathStep, ...]
