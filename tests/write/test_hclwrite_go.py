"""The token builders and the document edits against HCL's ``hclwrite``, without Go.

``tests/data/write/hclwrite/`` holds what ``tools/differential/go/gohclwrite``
(HCL v2.14.1's ``hclwrite``) printed for the builder specs drawn from the
strategies of ``hclwrite_cases.py`` and for its sample edits
(``tools/differential/differential_hclwrite.py --update`` writes them again).

All six builders (``TokensForValue``, ``TokensForTraversal``,
``TokensForIdentifier``, ``TokensForTuple``, ``TokensForObject``,
``TokensForFunctionCall``) are in v2.14.1, so every expected output here is
Go's own. The current ``hclwrite/generate.go`` adds only a ``Generator`` whose
``AsTemplate`` string handling writes strings as templates; with the default
``AsLiteral`` its output is v2.14.1's, and hcldecode has no template option.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hclwrite_cases import EDIT_CASES, apply_edits, build

from hcldecode.write import tokens_text

_DATA = Path(__file__).resolve().parents[1] / "data" / "write" / "hclwrite"


def _builder_cases() -> list[dict[str, Any]]:
    with (_DATA / "builders.jsonl").open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


_EDITS: dict[str, dict[str, Any]] = json.loads((_DATA / "edits.json").read_text("utf-8"))


def test_the_builders_write_what_hclwrite_writes() -> None:
    cases = _builder_cases()
    assert len(cases) == 461
    differ = [
        (case["spec"], tokens_text(build(case["spec"])), case["go"])
        for case in cases
        if tokens_text(build(case["spec"])) != case["go"]
    ]
    assert differ == []


def test_the_edit_data_is_for_these_cases() -> None:
    assert sorted(_EDITS) == sorted(EDIT_CASES)
    for name, (text, ops, _) in EDIT_CASES.items():
        assert (_EDITS[name]["file"], _EDITS[name]["ops"]) == (text, ops), name


@pytest.mark.parametrize("name", sorted(EDIT_CASES))
def test_an_edit_gives_what_hclwrite_gives(name: str) -> None:
    text, ops, reason = EDIT_CASES[name]
    assert reason is None
    assert apply_edits(text, ops) == _EDITS[name]["go"]
