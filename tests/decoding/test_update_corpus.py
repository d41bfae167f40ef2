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


def _unchanged(path: Path, invalid: Path, parse: Any) -> None:
    """``path`` decoded into a class made for it, then updated with that object,
    is byte for byte the same; a file the corpus says is invalid is refused."""
    if path.name in invalid.read_text().split():
        with pytest.raises(hcl.DecodeError):
            hcl.parse_file(path)
        return
    text = path.read_bytes().decode("utf-8", "surrogateescape")
    file = hcl.parse_file(path)
    cls = _class("Root", [file.body], (0, 0))
    decoded = hcl.decode_body(file.body, cls)
    assert decoded.ok, decoded.diagnostics
    document, diags = parse(text)
    assert document is not None, diags
    hcl.update_document(document, decoded.value)
    assert document.text == text


def test_a_corpus_file_updated_with_its_own_object_is_unchanged(
    corpus: Path, native_corpus_file: Path
) -> None:
    _unchanged(native_corpus_file, corpus / "native-invalid.txt", parse_document)


def test_a_json_corpus_file_updated_with_its_own_object_is_unchanged(
    corpus: Path, json_corpus_file: Path
) -> None:
    _unchanged(json_corpus_file, corpus / "json-invalid.txt", parse_json_document)
