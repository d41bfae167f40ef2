"""Layered decoding: the body that remains after a partial decode, and the last check.

Each step of a layered decode (:func:`~hcldecode.decode_partial`) claims
part of a body and leaves the rest to the next; :class:`ClaimedBody`
remembers what earlier steps claimed, so that :func:`reject_unclaimed`,
the last step, suggests those names too for a typo.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..model._diagnostics import Diagnostics, SourceFile
from ..model._structure import Body, BodyContent, BodySchema
from ._report import raise_errors

__all__ = ["ClaimedBody", "reject_unclaimed"]


class ClaimedBody(Body):
    """A remaining body that remembers which names earlier steps claimed.

    Its diagnostics for unexpected items suggest the claimed names too, so a
    typo found in the last step of a layered decode still gets "Did you
    mean ...?".
    """

    __slots__ = ("_claimed", "_inner", "files")

    def __init__(self, inner: Body, claimed: BodySchema, files: Mapping[str, SourceFile]) -> None:
        self._inner = inner
        self._claimed = claimed
        self.files = dict(files)

    @classmethod
    def wrap(
        cls, remaining: Body, schema: BodySchema, files: Mapping[str, SourceFile]
    ) -> ClaimedBody:
        """Wrap the body that remains after ``schema`` was claimed.

        A body that remains from a ``ClaimedBody`` is one already.
        """
        if isinstance(remaining, ClaimedBody):
            return remaining
        return cls(remaining, schema.optional(), files)

    def _with_claimed(self, schema: BodySchema) -> BodySchema:
        return _lenient_union(self._claimed, schema)

    def content(self, schema: BodySchema) -> tuple[BodyContent, Diagnostics]:
        content, diags = self._inner.content(self._with_claimed(schema))
        return content, diags

    def partial_content(self, schema: BodySchema) -> tuple[BodyContent, Body, Diagnostics]:
        content, remaining, diags = self._inner.partial_content(schema)
        return content, ClaimedBody(remaining, self._with_claimed(schema), self.files), diags

    def just_attributes(self) -> tuple[dict[str, Any], Diagnostics]:
        return self._inner.just_attributes()

    def content_as_written(self) -> tuple[BodyContent, Diagnostics]:
        return self._inner.content_as_written()

    @property
    def missing_item_range(self) -> Any:
        return self._inner.missing_item_range

    def source_files(self) -> Mapping[str, SourceFile]:
        return {**self._inner.source_files(), **self.files}


def _lenient_union(claimed: BodySchema, schema: BodySchema) -> BodySchema:
    try:
        return claimed.optional().union(schema)
    except TypeError:
        return schema


def reject_unclaimed(body: Body) -> None:
    """Report anything left in ``body`` after the last layered decoding step.

    Use it after the last :func:`~hcldecode.decode_partial` step: whatever
    no class claimed is reported as unexpected, most likely a typo, with
    suggestions drawn from every class that took part.

    Args:
        body: The ``remaining`` body of the last step.

    Raises:
        DecodeError: Something is left: every such attribute and block.
    """
    _, diags = body.content(BodySchema())
    raise_errors(diags, body.source_files())
