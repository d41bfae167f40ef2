"""Differential test against HCL's reference ``hcldec``: ``nox -s differential``.

For every file of the shared corpus it runs the reference ``hcldec`` and
``hcldecode hcldec`` on the same input and compares exit status, output and
the set of diagnostics (the reference reports some in random order):

* structure: each file under an empty object spec, so every argument and
  block is reported with its range;
* expressions: every attribute expression of each native file, written as
  ``aN = <expression>`` into one file and decoded with an ``any``-typed
  attribute spec each, so values, types and evaluation diagnostics are
  compared.

Usage: ``python tools/differential/differential.py REFERENCE_HCLDEC [CORPUS_DIR]``; the
corpus defaults to ``$HCLDECODE_SHARED/corpus`` (``shared/`` beside the
repository when the variable is not set, as for the tests). Exits 1 when a
file differs other than for the reasons listed in ``KNOWN``, 2 when the
corpus is missing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from hcldecode.native import NativeBody, Node, parse_config

ROOT = Path(__file__).resolve().parents[2]

# Differences the reference (HCL v2.14 as Debian ships it) is expected to show.
KNOWN = {
    "pyhcl2v7__test__helpers__terraform-config__provider_function.tf": (
        "namespaced function calls exist since HCL v2.20"
    ),
}

Result = tuple[int, str, list[str]]


def run(command: list[str]) -> Result:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    diagnostics: list[str] = []
    if done.stderr.strip():
        try:
            found = json.loads(done.stderr)["diagnostics"]
            diagnostics = sorted(json.dumps(d, sort_keys=True) for d in found)
        except (ValueError, KeyError):
            diagnostics = [done.stderr]
    return done.returncode, done.stdout, diagnostics


def compare(reference: str, spec: Path, target: Path) -> list[str]:
    """The differences between the two programs on one input, as lines of text."""
    flags = [f"--spec={spec}", "--diags=json", "--with-type", "--keep-nulls", str(target)]
    ref = run([reference, *flags])
    ours = run([sys.executable, "-m", "hcldecode", "hcldec", *flags])
    lines = []
    if ref[0] != ours[0]:
        lines.append(f"exit status {ref[0]} (reference) vs {ours[0]}")
    if ref[1] != ours[1]:
        lines.append(f"output differs:\n  reference: {ref[1][:300]}\n  hcldecode: {ours[1][:300]}")
    lines += [f"  only in reference: {d[:300]}" for d in sorted(set(ref[2]) - set(ours[2]))]
    lines += [f"  only in hcldecode: {d[:300]}" for d in sorted(set(ours[2]) - set(ref[2]))]
    return lines


def expressions(body: NativeBody) -> list[Node]:
    """Every attribute expression in a native body, blocks included."""
    found: list[Node] = []
    pending = [body]
    while pending:
        current = pending.pop()
        found += [a.expr for a in current.attributes.values()]
        pending += [b.body for b in current.blocks if isinstance(b.body, NativeBody)]
    return found


def expression_file(text: str, exprs: list[Node], target: Path, spec: Path) -> None:
    """Write the expressions as attributes ``aN`` and a spec that reads each as ``any``."""
    target.write_text(
        "".join(f"a{i} = {text[e.start : e.end]}\n" for i, e in enumerate(exprs)),
        encoding="utf-8",
    )
    attrs = "".join(f'  attr "a{i}" {{\n    type = any\n  }}\n' for i in range(len(exprs)))
    spec.write_text("object {\n" + attrs + "}\n")


def default_corpus() -> Path:
    """``$HCLDECODE_SHARED/corpus``, else the corpus in ``shared/`` beside the repository."""
    return Path(os.environ.get("HCLDECODE_SHARED") or ROOT.parent / "shared").resolve() / "corpus"


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(f"usage: {argv[0]} REFERENCE_HCLDEC [CORPUS_DIR]", file=sys.stderr)
        return 2
    reference = argv[1]
    corpus = Path(argv[2]) if len(argv) > 2 else default_corpus()
    if not ((corpus / "native").is_dir() and (corpus / "json").is_dir()):
        print(
            f"corpus not found: {corpus} has no native/ and json/ folders (give CORPUS_DIR,"
            " or set HCLDECODE_SHARED to the folder holding corpus/)",
            file=sys.stderr,
        )
        return 2
    files = sorted((corpus / "native").iterdir()) + sorted((corpus / "json").iterdir())
    unexpected = 0
    checked = 0
    with tempfile.TemporaryDirectory() as tmp:
        empty = Path(tmp) / "empty.hcldec"
        empty.write_text("object {}\n")
        for path in files:
            problems = compare(reference, empty, path)
            if path.suffix != ".json":
                file, diags = parse_config(path.read_bytes(), str(path))
                native = isinstance(file.body, NativeBody) and not diags.has_errors()
                exprs = (
                    expressions(file.body) if isinstance(file.body, NativeBody) and native else []
                )
                if exprs:
                    checked += len(exprs)
                    source, spec = Path(tmp) / path.name, Path(tmp) / "exprs.hcldec"
                    expression_file(file.text, exprs, source, spec)
                    problems += compare(reference, spec, source)
            reason = KNOWN.get(path.name)
            if problems and reason:
                print(f"known: {path.name} ({reason})")
            elif problems:
                unexpected += 1
                print(f"DIFFERS: {path.name}", *problems, sep="\n")
    print(f"{len(files)} files, {checked} expressions: {unexpected} unexpected differences")
    return 1 if unexpected else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
