"""The real-world corpus: the reference rejects exactly the listed files."""

from __future__ import annotations

from pathlib import Path

import pytest

from hcldecode.native import parse_config

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"
INVALID = set((CORPUS / "native-invalid.txt").read_text().split())
FILES = sorted((CORPUS / "native").iterdir())


def test_corpus_is_present() -> None:
    assert len(FILES) == 342
    assert {f.name for f in FILES} >= INVALID


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_corpus_file(path: Path) -> None:
    _, diags = parse_config(path.read_bytes(), path.name)
    if path.name in INVALID:
        assert diags.has_errors()
    else:
        assert [str(d) for d in diags] == []
    assert all(d.subject is not None for d in diags)
