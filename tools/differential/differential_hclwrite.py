"""Differential test of the token builders and document edits against HCL's ``hclwrite``.

Draws builder specs (nested ``TokensForValue``, ``TokensForTraversal``,
``TokensForIdentifier``, ``TokensForTuple``, ``TokensForObject`` and
``TokensForFunctionCall`` calls on generated values, traversals and calls:
the hypothesis strategies of ``tests/write/hclwrite_cases.py``, drawn with a
fixed seed) and takes the sample files and edits of that module (set a
block's type, clear a body, append a block from the same or another file,
rename references by prefix). Runs both with ``tools/differential/go/gohclwrite``
(HCL v2.14.1's ``hclwrite``) and with :mod:`hcldecode.write`, and compares the
texts byte for byte; an edit case marked as a known difference is compared
after both texts are laid out with ``hclfmt``. Then, on every valid native
file of the shared corpus, renames the commonest reference root and the
commonest two-name prefix in the whole file with both, and compares the Go text
with hcldecode's laid out as ``hclfmt`` lays it out (``hclwrite`` lays out a
whole file when it writes it; a document keeps the bytes it read).

With ``--update``, writes what the Go program printed to
``tests/data/write/hclwrite/`` (``builders.jsonl``, ``edits.json``), which
``tests/write/test_hclwrite_go.py`` compares with hcldecode without Go.

Usage: ``python tools/differential/differential_hclwrite.py GOHCLWRITE [--count N]
[--seed N] [--update] [--corpus DIR]``. Exits 1 when an output differs.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, given, seed, settings

_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(_ROOT / "tests" / "write"))

from hclwrite_cases import EDIT_CASES, SPECS, apply_edits, build, edit_lines  # noqa: E402

from hcldecode.model import TraverseAttr, TraverseRoot  # noqa: E402
from hcldecode.native import parse_expression  # noqa: E402
from hcldecode.write import DocumentBody, format, parse_document, tokens_text  # noqa: E402

DATA = _ROOT / "tests" / "data" / "write" / "hclwrite"


def draw_specs(count: int, seed_value: int) -> list[dict[str, Any]]:
    """``count`` builder specs drawn from the strategies with a fixed seed."""
    drawn: list[dict[str, Any]] = []

    @seed(seed_value)
    @settings(
        max_examples=count,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
        deadline=None,
    )
    @given(SPECS)
    def collect(spec: dict[str, Any]) -> None:
        drawn.append(spec)

    collect()
    unique = {json.dumps(spec, sort_keys=True): spec for spec in drawn}
    return list(unique.values())


def run_go(program: str, lines: list[str]) -> list[str]:
    """What the Go program prints for each input line (a text, or ``!error``)."""
    done = subprocess.run(
        [program], input="".join(line + "\n" for line in lines), capture_output=True,
        text=True, check=True,
    )  # fmt: skip
    outputs = [
        line if line.startswith("!") else json.loads(line) for line in done.stdout.splitlines()
    ]
    assert len(outputs) == len(lines)
    return outputs


def laid_out(text: str) -> str:
    formatted, _ = format(text)
    return formatted


def _prefixes(body: DocumentBody, counts: dict[tuple[str, ...], int]) -> None:
    """Count the one- and two-name prefixes of the references in a body."""
    for attribute in body.attributes.values():
        node, _ = parse_expression(attribute.expression_text + "\n")
        for traversal in node.variables():
            names: list[str] = []
            for step in traversal[:2]:
                if not isinstance(step, TraverseRoot | TraverseAttr):
                    break
                names.append(step.name)
                counts[tuple(names)] = counts.get(tuple(names), 0) + 1
    for block in body.blocks():
        _prefixes(block.body, counts)


def corpus_renames(corpus: Path) -> list[tuple[str, str, list[str], list[str]]]:
    """(file name, text, search, replacement) for the corpus's valid native files."""
    invalid = set((corpus / "native-invalid.txt").read_text().split())
    cases = []
    for path in sorted((corpus / "native").iterdir()):
        if path.name in invalid:
            continue
        try:
            text = path.read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            continue
        document, _ = parse_document(text)
        if document is None:
            continue
        counts: dict[tuple[str, ...], int] = {}
        _prefixes(document.body, counts)
        for size in (1, 2):
            found = sorted((-n, p) for p, n in counts.items() if len(p) == size)
            if found:
                search = list(found[0][1])
                cases.append((path.name, text, search, [*search[:-1], search[-1] + "_r"]))
    return cases


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("gohclwrite")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--update", action="store_true", help="write the test data")
    parser.add_argument("--corpus", default=str(_ROOT.parent / "shared" / "corpus"))
    args = parser.parse_args(argv)

    specs = draw_specs(args.count, args.seed)
    theirs = run_go(args.gohclwrite, [json.dumps({"expr": spec}) for spec in specs])
    differ: list[str] = []
    same = 0
    for spec, go in zip(specs, theirs, strict=True):
        ours = tokens_text(build(spec))
        if ours == go:
            same += 1
        else:
            differ.append(f"{json.dumps(spec)}\n  ours:   {ours!r}\n  theirs: {go!r}")
    print(f"builders: {same} of {len(specs)} identical")

    edits = run_go(args.gohclwrite, edit_lines())
    same_edits = known = 0
    for (name, (text, ops, reason)), go in zip(EDIT_CASES.items(), edits, strict=True):
        ours = apply_edits(text, ops)
        if ours == go:
            same_edits += 1
        elif reason is not None and laid_out(ours) == laid_out(go):
            known += 1
        else:
            differ.append(f"edit {name!r}\n  ours:   {ours!r}\n  theirs: {go!r}")
    print(f"edits: {same_edits} of {len(EDIT_CASES)} identical, {known} known differences")

    corpus = Path(args.corpus)
    if (corpus / "native").is_dir():
        renames = corpus_renames(corpus)
        lines = [
            json.dumps({"file": text, "ops": [
                {"op": "rename", "block": [], "search": search, "replace": replace}
            ]})
            for _, text, search, replace in renames
        ]  # fmt: skip
        same_renames = unparsed = 0
        for (name, text, search, replace), go in zip(
            renames, run_go(args.gohclwrite, lines), strict=True
        ):
            if go.startswith("!"):
                unparsed += 1
                continue
            document, _ = parse_document(text)
            assert document is not None
            document.body.rename_references(search, replace)
            if laid_out(document.text) == go:
                same_renames += 1
            else:
                differ.append(f"corpus {name}: rename {search} to {replace}")
        print(
            f"corpus renames: {same_renames} of {len(renames) - unparsed} identical once laid out"
            f" ({unparsed} that hclwrite does not read)"
        )

    if args.update:
        DATA.mkdir(parents=True, exist_ok=True)
        with (DATA / "builders.jsonl").open("w", encoding="utf-8") as out:
            for spec, go in zip(specs, theirs, strict=True):
                out.write(json.dumps({"spec": spec, "go": go}, ensure_ascii=False) + "\n")
        cases = {
            name: {"file": text, "ops": ops, "go": go}
            for (name, (text, ops, _)), go in zip(EDIT_CASES.items(), edits, strict=True)
        }
        (DATA / "edits.json").write_text(
            json.dumps(cases, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )
        print(f"wrote {DATA.relative_to(_ROOT)}")
    for text in differ[:20]:
        print(text)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
