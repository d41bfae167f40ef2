"""The shared corpus of real-world JSON files: valid ones parse cleanly, invalid ones do not."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from json_test_helpers import CORPUS

from hcldecode.json import JsonBody, parse, parse_expression
from hcldecode.model import BlockHeaderSchema, BodySchema

_FILES = sorted((CORPUS / "json").iterdir())
_INVALID = set((CORPUS / "json-invalid.txt").read_text().split())


def test_corpus_is_there() -> None:
    assert len(_FILES) >= 28
    assert len(_INVALID) == 2
    assert {p.name for p in _FILES} >= _INVALID


@pytest.mark.parametrize("path", _FILES, ids=[p.name for p in _FILES])
def test_corpus_file(path: Path) -> None:
    file, diags = parse(path.read_bytes(), path.name)
    if path.name in _INVALID:
        assert diags.has_errors()
        assert all(d.subject is not None for d in diags)
        return
    assert diags == []
    # Every value of the file evaluates in literal-only mode without a diagnostic.
    assert isinstance(file.body, JsonBody)
    expr, diags = parse_expression(path.read_bytes(), path.name)
    assert diags == []
    value, diags = expr.value(None)
    assert diags == []
    assert value.is_wholly_known


def test_generated_benchmark_file_parses() -> None:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "gen_tfjson.py"
    spec = importlib.util.spec_from_file_location("gen_tfjson", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    text = module.generate(100_000, seed=3)
    assert len(text) >= 100_000
    assert text == module.generate(100_000, seed=3)
    file, diags = parse(text, "big.tf.json")
    assert diags == []
    content, diags = file.body.content(
        BodySchema(
            blocks=[
                BlockHeaderSchema("resource", ["type", "name"]),
                BlockHeaderSchema("variable", ["name"]),
                BlockHeaderSchema("output", ["name"]),
                BlockHeaderSchema("module", ["name"]),
                BlockHeaderSchema("data", ["type", "name"]),
                BlockHeaderSchema("locals"),
            ]
        )
    )
    assert diags == []
    assert len(content.blocks_of_type("resource")) > 10
