"""One body made of the bodies of several files.

An application whose configuration is spread over several files (every
``*.hcl`` in a directory, say) merges their top-level bodies into one and
processes that as if it were a single body. Merging follows the reference
implementation (``hcl.MergeFiles`` / ``hcl.MergeBodies``):

* blocks of the requested types come from every body, in the order of the
  bodies and then of each body's own source order;
* an attribute may be set in only one of the bodies: a second definition is
  a ``Duplicate argument`` error pointing at the second name;
* a required attribute needs to be set in one of the bodies; when none sets
  it the ``Missing required argument`` error has no source range, since no
  single body is to blame. Applications that want a precise location should
  make attributes optional on merged bodies and check afterwards;
* every other diagnostic (unsupported arguments and block types, label
  errors) comes from the bodies themselves.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import attrs

from .._text import go_quote
from ._diagnostics import Diagnostic, Diagnostics, Pos, Range, SourceFile
from ._structure import Attribute, AttributeSchema, Block, Body, BodyContent, BodySchema, File

__all__ = ["EMPTY_BODY", "MergedBody", "merge_bodies", "merge_files"]

_NOWHERE = Range("<empty>", Pos(0, 0, 0), Pos(0, 0, 0))


class MergedBody(Body):
    """The bodies of several files seen as one; build it with :func:`merge_bodies`.

    ``bodies`` never contains another :class:`MergedBody`: merging flattens.
    """

    __slots__ = ("bodies",)

    def __init__(self, bodies: Sequence[Body]) -> None:
        self.bodies: tuple[Body, ...] = tuple(bodies)

    def __repr__(self) -> str:
        return f"MergedBody({list(self.bodies)!r})"

    @property
    def missing_item_range(self) -> Range:
        """The first body's missing-item range (an empty ``<empty>`` range with no bodies)."""
        return self.bodies[0].missing_item_range if self.bodies else _NOWHERE

    def _missing(self) -> Range:
        """:attr:`missing_item_range`, for a content to make when first asked (a range
        makes its file's line table)."""
        return self.missing_item_range

    def source_files(self) -> Mapping[str, SourceFile]:
        files: dict[str, SourceFile] = {}
        for body in self.bodies:
            files.update(body.source_files())
        return files

    def content(self, schema: BodySchema) -> tuple[BodyContent, Diagnostics]:
        content, _remain, diags = self._merged_content(schema, partial=False)
        return content, diags

    def partial_content(self, schema: BodySchema) -> tuple[BodyContent, Body, Diagnostics]:
        """Apply ``schema`` to every body; the remaining body merges their leftovers."""
        return self._merged_content(schema, partial=True)

    def just_attributes(self) -> tuple[dict[str, Attribute], Diagnostics]:
        diags = Diagnostics()
        attributes: dict[str, Attribute] = {}
        for body in self.bodies:
            these, body_diags = body.just_attributes()
            diags.extend(body_diags)
            _add_attributes(attributes, these.values(), diags)
        return attributes, diags

    def content_as_written(self) -> tuple[BodyContent, Diagnostics]:
        """Each body's attributes and blocks as written, in the order of the bodies (an
        attribute set by two bodies is an error, as in :meth:`content`)."""
        diags = Diagnostics()
        attributes: dict[str, Attribute] = {}
        blocks: list[Block] = []
        for body in self.bodies:
            content, body_diags = body.content_as_written()
            diags.extend(body_diags)
            _add_attributes(attributes, content.attributes.values(), diags)
            blocks.extend(content.blocks)
        return BodyContent(attributes, tuple(blocks), self._missing), diags

    def _merged_content(
        self, schema: BodySchema, *, partial: bool
    ) -> tuple[BodyContent, Body, Diagnostics]:
        # Any one of the bodies may set a required attribute, so the bodies
        # are asked with nothing required and the check is made at the end.
        optional: tuple[AttributeSchema, ...] = tuple(
            AttributeSchema(a.name) for a in schema.attributes
        )
        relaxed = attrs.evolve(schema, attributes=optional)
        diags = Diagnostics()
        attributes: dict[str, Attribute] = {}
        blocks: list[Block] = []
        mislabelled: frozenset[str] = frozenset()
        leftovers: list[Body] = []
        for body in self.bodies:
            if partial:
                content, remain, body_diags = body.partial_content(relaxed)
                leftovers.append(remain)
            else:
                content, body_diags = body.content(relaxed)
            diags.extend(body_diags)
            _add_attributes(attributes, content.attributes.values(), diags)
            blocks.extend(content.blocks)
            mislabelled |= content.mislabelled
        for attr_schema in schema.attributes:
            if attr_schema.required and attr_schema.name not in attributes:
                diags.append(
                    Diagnostic.error(
                        "Missing required argument",
                        f"The argument {go_quote(attr_schema.name)} is required, but was not set.",
                    )
                )
        merged = BodyContent(attributes, tuple(blocks), self._missing, frozenset(mislabelled))
        return merged, merge_bodies(leftovers), diags


def _add_attributes(
    into: dict[str, Attribute], attributes: Iterable[Attribute], diags: Diagnostics
) -> None:
    """Add attributes from one body, reporting those already set by an earlier body."""
    for attr in attributes:
        existing = into.get(attr.name)
        if existing is not None:
            diags.append(
                Diagnostic.error(
                    "Duplicate argument",
                    f"Argument {go_quote(attr.name)} was already set at {existing.name_range}",
                    attr.name_range,
                )
            )
            continue
        into[attr.name] = attr


EMPTY_BODY = MergedBody(())
"""A body with no content: every schema finds nothing in it."""


def merge_bodies(bodies: Iterable[Body]) -> Body:
    """One body made of several bodies, in order; nested merged bodies are flattened.

    The rules of the merge are in the module's description: blocks come from
    every body, an attribute may be set in only one of them.

    Args:
        bodies: The bodies, usually the top-level bodies of several files.

    Returns:
        The merged body; with no bodies, an empty body in which every schema
        finds nothing. Mistakes (an attribute set twice, a required one set
        nowhere) come back as diagnostics when its content is asked for.
    """
    flat: list[Body] = []
    for body in bodies:
        if isinstance(body, MergedBody):
            flat.extend(body.bodies)
        else:
            flat.append(body)
    return MergedBody(flat) if flat else EMPTY_BODY


def merge_files(files: Iterable[File]) -> Body:
    """One body made of the top-level bodies of several files, in order.

    Args:
        files: The parsed files.

    Returns:
        ``merge_bodies(file.body for file in files)``: see
        :func:`merge_bodies`.
    """
    return merge_bodies(file.body for file in files)
