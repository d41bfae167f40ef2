"""Bodies and expressions kept raw, written in the other syntax, over the corpus:
every native file written to the JSON syntax (as a body kept raw) reads back, in
the blocks and attributes the native file has, to expressions with the same
values and variables; and ``to_dict(..., escape_templates=True)``, dumped as
JSON, reads back to the same dict."""

from __future__ import annotations

import json
import unicodedata
from decimal import Decimal
from pathlib import Path
from typing import Annotated, Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hcldecode as hcl
from hcldecode.model import (
    AttributeSchema,
    BlockHeaderSchema,
    BodySchema,
    EvalContext,
    Traversal,
    TraverseAttr,
)
from hcldecode.write import quoted_string


@attrs.define
class Whole:
    body: Annotated[hcl.Body, hcl.remain()]


def _guessed_context(traversals: list[Traversal]) -> EvalContext:
    """Variables for ``traversals``: nested objects along their attribute names, with
    the string "v" at the ends (enough for most templates to evaluate)."""
    variables: dict[str, Any] = {}
    for traversal in traversals:
        names = [traversal.root_name]
        for step in list(traversal)[1:]:
            if not isinstance(step, TraverseAttr):
                break
            names.append(step.name)
        level = variables
        for name in names[:-1]:
            found = level.get(name)
            if not isinstance(found, dict):
                found = level[name] = {}
            level = found
        level.setdefault(names[-1], "v")
    return EvalContext(variables)


def _compare(native: hcl.Body, written: hcl.Body, where: str) -> int:
    """Each attribute of ``native`` (and of its blocks) against the same one of
    ``written``: equal values where the native one evaluates, the same variables;
    returns how many were compared."""
    content, diags = native.content_as_written()
    assert not diags.has_errors()
    labels: dict[str, set[int]] = {}
    for block in content.blocks:
        labels.setdefault(block.type, set()).add(len(block.labels))
    # (blocks of one type with different numbers of labels fit no schema: left out)
    counts = {t: n.pop() for t, n in labels.items() if len(n) == 1}
    schema = BodySchema(
        attributes=[AttributeSchema(name) for name in content.attributes],
        blocks=[BlockHeaderSchema(t, tuple(f"l{i}" for i in range(n))) for t, n in counts.items()],
    )
    other, _, diags = written.partial_content(schema)
    assert not diags.has_errors(), (where, diags)
    compared = 0
    for name, attribute in content.attributes.items():
        mine = other.attributes[name].expr
        ctx = _guessed_context(attribute.expr.variables())
        want, want_diags = attribute.expr.value(ctx)
        got, got_diags = mine.value(ctx)
        assert got_diags.has_errors() == want_diags.has_errors(), (where, name)
        if not want_diags.has_errors():
            assert got == want, (where, name)
        assert [v.root_name for v in mine.variables()] == [
            v.root_name for v in attribute.expr.variables()
        ], (where, name)
        compared += 1
    for block_type in counts:
        mine_blocks = other.blocks_of_type(block_type)
        theirs = content.blocks_of_type(block_type)
        assert [b.labels for b in mine_blocks] == [b.labels for b in theirs], where
        for a, b in zip(theirs, mine_blocks, strict=True):
            compared += _compare(a.body, b.body, f"{where}/{block_type}")
    return compared


def _invalid(corpus: Path, path: Path, listing: str = "native-invalid.txt") -> bool:
    """Whether ``path`` is one of the corpus files that must be rejected (it is)."""
    if path.name not in (corpus / listing).read_text().split():
        return False
    with pytest.raises(hcl.DecodeError):
        hcl.parse_file(path)
    return True


def test_native_corpus_file_written_as_json_means_the_same(
    corpus: Path, native_corpus_file: Path
) -> None:
    if _invalid(corpus, native_corpus_file):
        return
    file = hcl.parse_file(native_corpus_file)
    text = hcl.dumps(Whole(file.body), syntax="json")
    written = hcl.parse(text, filename="written.json", syntax="json")
    assert _compare(file.body, written.body, native_corpus_file.name) >= 0


def _json(data: Any) -> str:
    """Plain data as JSON text, exact decimals included (``json.dumps`` refuses them)."""
    if isinstance(data, Decimal):
        return str(data)
    if isinstance(data, dict):
        return "{" + ", ".join(f"{json.dumps(k)}: {_json(v)}" for k, v in data.items()) + "}"
    if isinstance(data, list):
        return "[" + ", ".join(_json(e) for e in data) + "]"
    return json.dumps(data)


def test_to_dict_of_a_native_corpus_file_reads_back_from_json(
    corpus: Path, native_corpus_file: Path
) -> None:
    if _invalid(corpus, native_corpus_file):
        return
    plain = hcl.to_dict(native_corpus_file.read_text(encoding="utf-8"), escape_templates=True)
    again = hcl.to_dict(_json(plain), syntax="json", escape_templates=True)
    assert again == plain


def test_to_dict_of_a_json_corpus_file_reads_back_from_json(
    corpus: Path, json_corpus_file: Path
) -> None:
    if _invalid(corpus, json_corpus_file, "json-invalid.txt"):
        return
    plain = hcl.to_dict(
        json_corpus_file.read_text(encoding="utf-8"), syntax="json", escape_templates=True
    )
    again = hcl.to_dict(_json(plain), syntax="json", escape_templates=True)
    assert again == plain


@settings(deadline=None)  # (the first call loads the parsers)
@given(st.text())
def test_to_dict_escapes_literal_text_and_reads_it_back(text: str) -> None:
    text = unicodedata.normalize("NFC", text)  # as HCL reads every string
    plain = hcl.to_dict(f"a = {quoted_string(text)}\nb = x\n", escape_templates=True)
    assert plain == {"a": text.replace("${", "$${").replace("%{", "%%{"), "b": "${x}"}
    assert hcl.to_dict(_json(plain), syntax="json", escape_templates=True) == plain
    assert hcl.to_dict(_json(plain), syntax="json", variables={"x": "X"}) == {"a": text, "b": "X"}
