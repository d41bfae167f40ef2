"""A base body with an override body over it, as Terraform merges ``*_override.tf`` files.

:func:`merge_bodies` follows HCL: every body adds to the result and an
attribute set twice is an error. Override files work the other way: what
the override sets wins. :func:`override_body` gives that merge, with the
rules of Terraform's ``configs.MergeBodies`` (``module_merge_body.go``):

* **attributes**: an attribute the override sets replaces the base's
  attribute of that name; the others stay. Attributes keep the base's order,
  those only in the override follow in its order;
* **blocks**: by *type* only, not by labels. If the override has at least
  one block of a type, it hides *every* block of that type in the base,
  whatever their labels, and the override's blocks of that type take their
  place. Nothing is merged inside blocks: a nested block comes whole from
  one side. The result is the base's blocks that are not hidden, in their
  order, then all the override's blocks;
* **dynamic blocks**: ``dynamic "T"`` counts as a block of type ``T`` on
  both sides. An override's ``dynamic "T"`` hides the base's ``T`` blocks
  and its ``dynamic "T"`` blocks; an override's ``T`` block hides the base's
  ``dynamic "T"`` blocks too. ``dynamic`` blocks are read from both bodies
  even when the schema does not ask for them, and come back in the content
  unexpanded, for a later expansion
  (:func:`hcldecode.ext.dynblock.expand`, or
  ``hcldecode.Decoder(dynamic_blocks=True)``) to turn into blocks;
* **meta-arguments** get no rule of their own: the body merge knows no
  names. ``count``, ``for_each`` or ``provider`` set in the override replace
  the base's as any attribute does, and an override's ``connection``,
  ``provisioner`` or ``lifecycle`` blocks replace all the base's blocks of
  that type. Terraform reads its meta-arguments out of the block before the
  body is merged and merges them by hand (``module_merge.go``): ``count``,
  ``for_each``, ``provider``, ``connection`` and the list of provisioners
  are replaced as here, but ``lifecycle`` is merged setting by setting and
  an override's ``depends_on`` is an ``Unsupported override`` error. A
  loader that wants those two rules reads ``lifecycle`` and ``depends_on``
  itself (:meth:`Body.partial_content`) before merging the rest;
* **what is reported**: :meth:`OverrideBody.content` reads both bodies
  *partially*, as Terraform does: an item that neither the schema nor
  ``dynamic`` names is left alone, not an ``Unsupported argument`` or
  ``Unsupported block type`` error (decode each file on its own to catch
  typos). Required attributes are required in the base (the base's
  ``Missing required argument`` stands even when the override sets the
  attribute), and nothing is required in the override. The diagnostics are
  the base's, then the override's; none comes from the merge itself (no
  duplicate is an error). :meth:`OverrideBody.just_attributes` gives each
  body's attributes and diagnostics, the override's winning;
* the missing-item range is the base's; what remains after
  :meth:`OverrideBody.partial_content` is the override of the base's
  remaining body by the override's.
"""

from __future__ import annotations

from collections.abc import Mapping

from ._diagnostics import Diagnostics, Range, SourceFile
from ._structure import (
    Attribute,
    Block,
    BlockHeaderSchema,
    Body,
    BodyContent,
    BodySchema,
)

__all__ = ["OverrideBody", "override_body"]

_DYNAMIC = "dynamic"


class OverrideBody(Body):
    """A base body with an override body over it; build it with :func:`override_body`.

    The rules are those of Terraform's override files: see
    :func:`override_body`.
    """

    __slots__ = ("base", "override")

    def __init__(self, base: Body, override: Body) -> None:
        self.base = base
        self.override = override

    def __repr__(self) -> str:
        return f"OverrideBody({self.base!r}, {self.override!r})"

    @property
    def missing_item_range(self) -> Range:
        """The base body's missing-item range."""
        return self.base.missing_item_range

    def source_files(self) -> Mapping[str, SourceFile]:
        return {**self.base.source_files(), **self.override.source_files()}

    def content(self, schema: BodySchema) -> tuple[BodyContent, Diagnostics]:
        """Read both bodies partially and merge them (nothing unexpected is an error)."""
        content, _remain, diags = self._merged(schema)
        return content, diags

    def partial_content(self, schema: BodySchema) -> tuple[BodyContent, Body, Diagnostics]:
        """Merge what both bodies hold of ``schema``; the rest is overridden likewise."""
        return self._merged(schema)

    def just_attributes(self) -> tuple[dict[str, Attribute], Diagnostics]:
        diags = Diagnostics()
        attributes, base_diags = self.base.just_attributes()
        diags.extend(base_diags)
        overriding, override_diags = self.override.just_attributes()
        diags.extend(override_diags)
        return {**attributes, **overriding}, diags

    def _merged(self, schema: BodySchema) -> tuple[BodyContent, Body, Diagnostics]:
        base_schema = _with_dynamic(schema)
        override_schema = _with_dynamic(schema.optional())
        diags = Diagnostics()
        base, base_remain, base_diags = self.base.partial_content(base_schema)
        diags.extend(base_diags)
        override, override_remain, override_diags = self.override.partial_content(override_schema)
        diags.extend(override_diags)
        content = BodyContent(
            {**base.attributes, **override.attributes},
            _merged_blocks(base.blocks, override.blocks),
            lambda: self.missing_item_range,
            base.mislabelled | override.mislabelled,
        )
        return content, OverrideBody(base_remain, override_remain), diags


def _block_type(block: Block) -> str:
    """The type a block stands for: a ``dynamic`` block's is its label."""
    if block.type == _DYNAMIC and block.labels:
        return block.labels[0]
    return block.type


def _merged_blocks(base: tuple[Block, ...], override: tuple[Block, ...]) -> tuple[Block, ...]:
    overridden = {_block_type(block) for block in override}
    kept = [block for block in base if _block_type(block) not in overridden]
    return (*kept, *override)


def _with_dynamic(schema: BodySchema) -> BodySchema:
    """``schema`` with ``dynamic`` blocks (one label) besides its own, as Terraform reads them."""
    # A schema that names ``dynamic`` itself (as a block or an attribute) is kept.
    if any(b.type == _DYNAMIC for b in schema.blocks) or _DYNAMIC in schema.attribute_names():
        return schema
    return BodySchema(schema.attributes, [*schema.blocks, BlockHeaderSchema(_DYNAMIC, ("type",))])


def override_body(base: Body, override: Body) -> Body:
    """A body where what ``override`` sets wins over ``base``, as in Terraform's override files.

    Terraform's ``configs.MergeBodies`` rules (``module_merge_body.go``),
    for a body read through a schema:

    * an attribute set in the override replaces the base's attribute of that
      name;
    * blocks are matched by *type* only, not by labels: an override with at
      least one block of a type hides every base block of that type, and the
      result is the base's remaining blocks, then all the override's blocks.
      Blocks are never merged inside;
    * ``dynamic "T"`` stands for type ``T`` on both sides (it hides and is
      hidden as a ``T`` block would be), and ``dynamic`` blocks are read and
      returned unexpanded even when the schema does not ask for them;
    * meta-arguments (``count``, ``for_each``, ``lifecycle``,
      ``provisioner``, ``connection``) are ordinary attributes and blocks
      here; Terraform's own ``lifecycle`` and ``depends_on`` rules are left
      to the loader;
    * reading the content never reports unexpected items (both bodies are
      read partially, as Terraform does); required attributes are required
      in the base only; the diagnostics are the base's, then the
      override's. The missing-item range is the base's.

    Args:
        base: The body of the main file (or block).
        override: The body of the override file (or the override's block).

    Returns:
        The merged body (an :class:`OverrideBody`). Overrides nest: the
        result may be the base of another override, applied after it.
    """
    return OverrideBody(base, override)
