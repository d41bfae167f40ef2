"""Every corpus file (native and JSON syntax), decoded into classes made for it
and written back with ``update_document`` unchanged, comes back byte for byte.

The classes are made from each file's structure: an ``hcl.Expression`` field
for every attribute name a body of a block type has, label fields, and a list
of blocks for every nested block type (labels that some of its blocks
leave out are optional).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Annotated, Any

import pytest

import hcldecode as hcl
from hcldecode.write import parse_document, parse_json_document


def _class(name: str, bodies: list[hcl.Body], labels: tuple[int, int]) -> type:
    attributes: dict[str, None] = {}
    blocks: dict[str, list[hcl.Block]] = {}
    for body in bodies:
        content, _ = body.content_as_written()
        for attribute in content.attributes:
            attributes[attribute] = None
        for block in content.blocks:
            blocks.setdefault(block.type, []).append(block)
    least, most = labels
    fields: list[Any] = [(f"label{i}", Annotated[str, hcl.label()]) for i in range(least)]
    fields += [(f"label{i}", Annotated[str | None, hcl.label()], None) for i in range(least, most)]
    for i, attribute in enumerate(attributes):
        fields.append((f"a{i}", Annotated[hcl.Expression | None, hcl.attr(attribute)], None))
    for i, (block_type, found) in enumerate(blocks.items()):
        counts = [len(b.labels) for b in found]
        inner = _class(f"{name}_{i}", [b.body for b in found], (min(counts), max(counts)))
        fields.append(
            (
                f"b{i}",
                Annotated[list[inner], hcl.block(block_type)],  # type: ignore[valid-type]
                dataclasses.field(default_factory=list),
            )
        )
    return dataclasses.make_dataclass(name, fields)


def test_a_corpus_file_updated_with_its_own_object_is_unchanged(
    corpus: Path, native_corpus_file: Path
) -> None:
    if native_corpus_file.name in (corpus / "native-invalid.txt").read_text().split():
        with pytest.raises(hcl.DecodeError):
            hcl.parse_file(native_corpus_file)
        return
    text = native_corpus_file.read_bytes().decode("utf-8", "surrogateescape")
    file = hcl.parse_file(native_corpus_file)
    cls = _class("Root", [file.body], (0, 0))
    decoded = hcl.decode_body(file.body, cls)
    assert decoded.ok, decoded.diagnostics
    document, diags = parse_document(text)
    assert document is not None, diags
    hcl.update_document(document, decoded.value)
    assert document.text == text


def test_a_json_corpus_file_updated_with_its_own_object_is_unchanged(
    corpus: Path, json_corpus_file: Path
) -> None:
    if json_corpus_file.name in (corpus / "json-invalid.txt").read_text().split():
        with pytest.raises(hcl.DecodeError):
            hcl.parse_file(json_corpus_file)
        return
    text = json_corpus_file.read_bytes().decode("utf-8", "surrogateescape")
    file = hcl.parse_file(json_corpus_file)
    cls = _class("Root", [file.body], (0, 0))
    decoded = hcl.decode_body(file.body, cls)
    assert decoded.ok, decoded.diagnostics
    document, diags = parse_json_document(text)
    assert document is not None, diags
    hcl.update_document(document, decoded.value)
    assert document.text == text
