"""Every code block in docs/ and the README runs.

In a page, ``python`` blocks run in order in one namespace, in a temporary
directory holding the page's files: an ``hcl`` or ``json`` block preceded by
``<!-- file: NAME -->`` is written there as NAME. Other ``hcl`` blocks must
parse without errors. ``text`` and ``sh`` blocks are output and commands,
shown, not run.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import hcldecode as hcl

ROOT = Path(__file__).resolve().parents[1]
PAGES = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]
BLOCK = re.compile(
    r"(?:<!-- file: (?P<file>[^ ]+) -->\n)?```(?P<lang>\w*)\n(?P<code>.*?)^```$",
    re.DOTALL | re.MULTILINE,
)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_code_blocks_run(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": f"docs_{page.stem}"}
    ran = 0
    for match in BLOCK.finditer(page.read_text(encoding="utf-8")):
        lang, code, name = match["lang"], match["code"], match["file"]
        if name:
            (tmp_path / name).write_text(code, encoding="utf-8")
        if lang == "python":
            exec(
                compile(code, f"{page.name}:{match.start()}", "exec", dont_inherit=True), namespace
            )
            ran += 1
        elif lang == "hcl" and not name:
            hcl.parse(code, filename=f"{page.name}.hcl")
    if page.name not in {"architecture.md", "compatibility.md"}:
        assert ran > 0, f"{page.name} has no python block"


def test_every_page_is_found() -> None:
    names = {p.name for p in PAGES}
    assert {
        "getting-started.md",
        "markers.md",
        "types.md",
        "layered-decoding.md",
        "specs.md",
    } <= names
