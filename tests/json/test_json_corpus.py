"""The shared corpus of real-world JSON files: valid ones parse cleanly, invalid ones do not."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from hcldecode.json import JsonBody, parse, parse_expression
from hcldecode.model import BlockHeaderSchema, BodySchema


def _invalid(corpus: Path) -> set[str]:
    return set((corpus / "json-invalid.txt").read_text().split())


def test_corpus_is_there(corpus: Path) -> None:
    files = {p.name for p in (corpus / "json").iterdir()}
    assert len(files) >= 28
    assert len(_invalid(corpus)) == 2
    assert files >= _invalid(corpus)


def test_corpus_file(corpus: Path, json_corpus_file: Path) -> None:
    path = json_corpus_file
    file, diags = parse(path.read_bytes(), path.name)
    if path.name in _invalid(corpus):
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
