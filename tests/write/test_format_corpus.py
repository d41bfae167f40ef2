"""The formatter on the real-world corpus: idempotent, and the meaning is kept.

Byte-for-byte agreement with HCL's ``hclfmt`` is checked by
``tools/differential/differential_format.py`` (``nox -s differential``), which needs Go.
"""

from __future__ import annotations

from pathlib import Path

from hcldecode.native import NativeBody, parse_config
from hcldecode.values import Value
from hcldecode.write import format

Item = tuple[tuple[str, ...], "Value | None"]


def _contents(body: object, path: tuple[str, ...] = ()) -> list[Item]:
    """Every attribute (with its literal value, or None where it needs variables
    or functions) and every block, by its path of names and labels."""
    assert isinstance(body, NativeBody)
    found: list[Item] = []
    for name, attribute in body.attributes.items():
        value, diags = attribute.expr.value(None)
        found.append(((*path, name), None if diags.has_errors() else value))
    for block in body.blocks:
        where = (*path, block.type, *block.labels)
        found.append((where, None))
        found += _contents(block.body, where)
    return found


def test_format_corpus_file(corpus: Path, native_corpus_file: Path) -> None:
    path = native_corpus_file
    src = path.read_bytes()
    formatted, diags = format(src, path.name)
    if path.name in set((corpus / "native-invalid.txt").read_text().split()):
        assert diags.has_errors()
        assert formatted == src.decode("utf-8", "surrogateescape")
        return
    assert not diags.has_errors()
    assert format(formatted, path.name) == (formatted, diags)
    before, _ = parse_config(src, path.name)
    after, after_diags = parse_config(formatted, path.name)
    assert not after_diags.has_errors()
    assert _contents(after.body) == _contents(before.body)
