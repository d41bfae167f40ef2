"""The formatter on the real-world corpus: idempotent, and the meaning is kept.

Byte-for-byte agreement with HCL's ``hclfmt`` is checked by
``tools/differential_format.py`` (``nox -s differential``), which needs Go.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hcldecode.native import Body, parse_config
from hcldecode.values import Value
from hcldecode.write import format

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"
INVALID = set((CORPUS / "native-invalid.txt").read_text().split())
FILES = sorted((CORPUS / "native").iterdir())

Item = tuple[tuple[str, ...], "Value | None"]


def _contents(body: object, path: tuple[str, ...] = ()) -> list[Item]:
    """Every attribute (with its literal value, or None where it needs variables
    or functions) and every block, by its path of names and labels."""
    assert isinstance(body, Body)
    found: list[Item] = []
    for name, attribute in body.attributes.items():
        value, diags = attribute.expr.value(None)
        found.append(((*path, name), None if diags.has_errors() else value))
    for block in body.blocks:
        where = (*path, block.type, *block.labels)
        found.append((where, None))
        found += _contents(block.body, where)
    return found


def test_corpus_is_present() -> None:
    assert len(FILES) == 342


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_format_corpus_file(path: Path) -> None:
    src = path.read_bytes()
    formatted, diags = format(src, path.name)
    if path.name in INVALID:
        assert diags.has_errors()
        assert formatted == src.decode("utf-8", "surrogateescape")
        return
    assert not diags.has_errors()
    assert format(formatted, path.name) == (formatted, diags)
    before, _ = parse_config(src, path.name)
    after, after_diags = parse_config(formatted, path.name)
    assert not after_diags.has_errors()
    assert _contents(after.body) == _contents(before.body)
