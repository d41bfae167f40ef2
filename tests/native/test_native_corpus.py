"""The real-world corpus: the reference rejects exactly the listed files."""

from __future__ import annotations

from pathlib import Path

from hcldecode.native import parse_config


def _invalid(corpus: Path) -> set[str]:
    return set((corpus / "native-invalid.txt").read_text().split())


def test_corpus_is_present(corpus: Path) -> None:
    files = {f.name for f in (corpus / "native").iterdir()}
    assert len(files) == 342
    assert files >= _invalid(corpus)


def test_corpus_file(corpus: Path, native_corpus_file: Path) -> None:
    _, diags = parse_config(native_corpus_file.read_bytes(), native_corpus_file.name)
    if native_corpus_file.name in _invalid(corpus):
        assert diags.has_errors()
    else:
        assert [str(d) for d in diags] == []
    assert all(d.subject is not None for d in diags)
