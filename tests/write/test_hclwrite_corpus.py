"""Renaming references and copying blocks on the real-world corpus.

Agreement with HCL's ``hclwrite`` on renames in every corpus file is checked by
``tools/differential/differential_hclwrite.py`` (``nox -s differential``), which
needs Go.
"""

from __future__ import annotations

from pathlib import Path

from hcldecode.model import TraverseRoot
from hcldecode.native import parse_config, parse_expression
from hcldecode.write import Document, DocumentBody, parse_document


def _roots(body: DocumentBody) -> set[str]:
    roots: set[str] = set()
    for attribute in body.attributes.values():
        node, _ = parse_expression(attribute.expression_text + "\n")
        for traversal in node.variables():
            step = traversal[0]
            assert isinstance(step, TraverseRoot)
            roots.add(step.name)
    for block in body.blocks():
        roots |= _roots(block.body)
    return roots


def _document(corpus: Path, path: Path) -> Document | None:
    if path.name in set((corpus / "native-invalid.txt").read_text().split()):
        return None
    document, diags = parse_document(path.read_bytes(), path.name)
    assert document is not None, diags
    return document


def test_renaming_there_and_back_gives_the_corpus_file(
    corpus: Path, native_corpus_file: Path
) -> None:
    document = _document(corpus, native_corpus_file)
    if document is None:
        return
    src = native_corpus_file.read_bytes()
    for root in sorted(_roots(document.body)):
        fresh = root + "_renamed_"
        count = document.body.rename_references([root], [fresh])
        assert count > 0, root
        assert fresh in document.text
        assert document.body.rename_references([fresh], [root]) == count
    assert document.to_bytes() == src


def test_copied_corpus_blocks_keep_their_text(corpus: Path, native_corpus_file: Path) -> None:
    document = _document(corpus, native_corpus_file)
    if document is None:
        return
    copies, _ = parse_document("")
    nested, _ = parse_document("outer {\n}\n")
    assert copies is not None and nested is not None
    expected = []
    for block in document.body.blocks():
        out: list[str] = []
        block._write(out)
        text = "".join(out)
        expected.append(text if text.endswith("\n") else text + "\n")
        copies.body.append_block_copy(block)
        nested.body.blocks()[0].body.append_block_copy(block)
    assert copies.text == "".join(expected)
    _, diags = parse_config(nested.text)
    assert not diags.has_errors(), nested.text
