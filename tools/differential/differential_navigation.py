"""Differential test of the reading API for tools against HCL's Go packages.

Runs ``tools/differential/go/gonav`` (HCL v2.14.1's own functions, built in
GOPATH mode, tools/README.md) and hcldecode on every file of the shared
corpus and counts agreements:

* position lookups: at many byte offsets of each file (every offset of a
  small file; token boundaries and random offsets of a big one), what
  ``blocks_at_pos``, ``innermost_block_at_pos``, ``outermost_block_at_pos``,
  ``attribute_at_pos`` and ``outermost_expr_at_pos`` give (blocks by type,
  labels and ranges, attributes by name and ranges, expressions by range),
  for native files and JSON files (where HCL finds nothing), and the file's
  ``context_string`` and ``context_def_range`` (HCL's ``hcled``);
* parsing with a start position: the attributes ``just_attributes`` finds
  and the parse diagnostics, with every file parsed as if it began at line
  3, column 5, byte 40 of a bigger one;
* the lexer: ``lex_config`` and ``lex_template`` of each native file, token
  by token (type, bytes, range), and their diagnostics;
* the walker: the ``enter`` and ``exit`` calls of ``walk`` over each native
  file (HCL's walk also enters the grouping values ``Attributes`` and
  ``Blocks`` of a body, which hcldecode leaves out; they are skipped).

With ``--mutants N``, the same comparisons on N damaged copies of native
corpus files (runs of bytes deleted, pieces of syntax inserted, runs
copied), where parser recovery and error ranges count too; differences in
a mutant whose hcldecode tree holds an error placeholder, or whose HCL tree
has a range ending at line 0, are counted as known (see ``_PLACEHOLDER``
and ``_CALL_RANGE``), and so is a first difference in a column of a mutant
that is not ASCII (``_CLUSTERS``).

Usage: ``python tools/differential/differential_navigation.py GONAV [CORPUS_DIR]
[--offsets N] [--mutants N] [--dump DIR] [--seed S] [--show N]``; ``--dump``
writes the mutants that differ for no known reason to a folder. The corpus defaults to
``$HCLDECODE_SHARED/corpus`` (``shared/`` beside the repository when the
variable is not set). Exits 1 when a comparison differs other than for the
reasons listed in ``KNOWN``, 2 when the corpus is missing.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import random
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from hcldecode.json import parse as parse_json
from hcldecode.model import Block, File, Pos, Range
from hcldecode.model._diagnostics import REPEATED_ERRORS
from hcldecode.native import ErrorExpr, lex_config, lex_template, parse_config, visit_all, walk

ROOT = Path(__file__).resolve().parents[2]

# Differences expected from HCL v2.14.1, by file, and why (docs/compatibility.md).
_NAMESPACED = (
    "namespaced function calls exist since HCL v2.20: v2.14 lexes '::' as two colons and "
    "rejects the call"
)
_PLACEHOLDER = (
    "an invalid file: where v2.14 leaves a literal value after a syntax error, hcldecode "
    "leaves an error placeholder, as v2.24 does"
)
_JSON_ERRORS = "an invalid file: hcldecode reports no follow-on errors after a JSON syntax error"
_CALL_RANGE = (
    "an invalid file: a function call whose arguments end in an error has a range that ends "
    "where parsing stopped, as since HCL v2.16.1 (v2.14 gives it an end of line 0)"
)
_CLUSTERS = (
    "a column after a grapheme cluster that spans two tokens: HCL counts clusters in each "
    "token, hcldecode in the line"
)
# A first difference in a column of a range ([line, column, byte, line, column, byte]).
_COLUMN_ONLY = re.compile(r"\[[14]\]: Go \d+ vs \d+$")
# The errors the reference reports at every occurrence, which hcldecode
# reports for the first REPEATED_ERRORS occurrences of one summary and detail.
_REPEATED = {"Invalid character", "Invalid multi-line string", "Invalid escape sequence"}
KNOWN = {
    "pyhcl2v7__test__helpers__terraform-config__provider_function.tf": _NAMESPACED,
    "pyhcl2v8__test__integration__hcl2_original__smoke.tf": _NAMESPACED,
    "pyhcl2v8__test__integration__specialized__template_directives.tf": _PLACEHOLDER,
    "pyhcl2v8__test__integration__specialized__template_directives_reconstructed.tf": (
        _PLACEHOLDER
    ),
    "terraform__internal__configs__testdata__invalid-files__native-syntax-as-json.tf.json": (
        _JSON_ERRORS
    ),
    "terraform__internal__configs__testdata__invalid-files__zerolen.tf.json": _JSON_ERRORS,
}

START = Pos(3, 5, 40)

# HCL's Go types of walked nodes, and hcldecode's classes.
GO_TYPES = {
    "*hclsyntax.Body": "NativeBody",
    "*hclsyntax.Attribute": "AttributeNode",
    "*hclsyntax.Block": "BlockNode",
    "hclsyntax.ChildScope": "ChildScope",
    "*hclsyntax.LiteralValueExpr": "LiteralValue",
    "*hclsyntax.ScopeTraversalExpr": "ScopeTraversal",
    "*hclsyntax.RelativeTraversalExpr": "RelativeTraversal",
    "*hclsyntax.FunctionCallExpr": "FunctionCall",
    "*hclsyntax.ConditionalExpr": "Conditional",
    "*hclsyntax.IndexExpr": "Index",
    "*hclsyntax.TupleConsExpr": "TupleCons",
    "*hclsyntax.ObjectConsExpr": "ObjectCons",
    "*hclsyntax.ObjectConsKeyExpr": "ObjectKey",
    "*hclsyntax.ForExpr": "ForExpr",
    "*hclsyntax.SplatExpr": "Splat",
    "*hclsyntax.AnonSymbolExpr": "AnonSymbol",
    "*hclsyntax.BinaryOpExpr": "BinaryOp",
    "*hclsyntax.UnaryOpExpr": "UnaryOp",
    "*hclsyntax.TemplateExpr": "Template",
    "*hclsyntax.TemplateJoinExpr": "TemplateJoin",
    "*hclsyntax.TemplateWrapExpr": "TemplateWrap",
    "*hclsyntax.ParenthesesExpr": "Parens",
}
GO_GROUPS = {"hclsyntax.Attributes", "hclsyntax.Blocks"}


def rng(r: Range) -> list[int]:
    return [r.start.line, r.start.column, r.start.byte, r.end.line, r.end.column, r.end.byte]


def block_json(block: Block | None) -> object:
    if block is None:
        return None
    return {
        "type": block.type,
        "labels": [
            [label, rng(r)] for label, r in zip(block.labels, block.label_ranges, strict=True)
        ],
        "def_range": rng(block.def_range),
        "type_range": rng(block.type_range),
    }


def diagnostics_json(diags: Sequence[Any]) -> list[object]:
    return [
        {
            "severity": d.severity.value,
            "summary": d.summary,
            "detail": d.detail,
            "subject": None if d.subject is None else rng(d.subject),
            "context": None if d.context is None else rng(d.context),
        }
        for d in diags
    ]


def our_nav(file: File, diags: Sequence[Any], offsets: list[int]) -> dict[str, Any]:
    results = []
    for offset in offsets:
        pos = Pos(0, 0, offset)
        attr = file.attribute_at_pos(pos)
        expr = file.outermost_expr_at_pos(pos)
        results.append(
            {
                "context": file.context_string(offset) or "",
                "def_range": rng(file.context_def_range(offset)),
                "offset": offset,
                "blocks": [block_json(b) for b in file.blocks_at_pos(pos)],
                "innermost": block_json(file.innermost_block_at_pos(pos)),
                "outermost": block_json(file.outermost_block_at_pos(pos)),
                "attribute": None
                if attr is None
                else {
                    "name": attr.name,
                    "range": rng(attr.range),
                    "name_range": rng(attr.name_range),
                    "expr": rng(attr.expr.range),
                },
                "expr": None if expr is None else rng(expr.range),
            }
        )
    attrs, _ = file.body.just_attributes()
    attributes = [
        {
            "name": a.name,
            "range": rng(a.range),
            "name_range": rng(a.name_range),
            "expr": rng(a.expr.range),
        }
        for _, a in sorted(attrs.items())
    ]
    return {"diagnostics": diagnostics_json(diags), "results": results, "attributes": attributes}


def our_lex(src: bytes, name: str, *, template: bool) -> dict[str, Any]:
    tokens, diags = (lex_template if template else lex_config)(src, name)
    return {
        "tokens": [
            [t.type.go_name, base64.b64encode(t.bytes).decode(), rng(t.range)] for t in tokens
        ],
        "diagnostics": diagnostics_json(diags),
    }


class _Recorder:
    def __init__(self) -> None:
        self.events: list[list[object]] = []

    def enter(self, node: Any) -> None:
        self.events.append(["enter", type(node).__name__, rng(node.range)])

    def exit(self, node: Any) -> None:
        self.events.append(["exit", type(node).__name__, rng(node.range)])


def our_walk(src: bytes, name: str) -> list[list[object]]:
    file, _ = parse_config(src, name)
    recorder = _Recorder()
    walk(file.body, recorder)  # type: ignore[arg-type]
    return recorder.events


def go_walk(events: list[list[Any]]) -> list[list[Any]]:
    """HCL's walk events as hcldecode's: class names for Go types, no grouping values,
    and a body's attributes in source order (HCL keeps them in a map, whose
    order varies from run to run)."""
    # Each subtree as [enter event, children..., exit event].
    stack: list[list[Any]] = [[None]]
    for event in events:
        if event[0] == "enter":
            stack.append([event])
        else:
            subtree = stack.pop()
            subtree.append(event)
            if subtree[0][1] == "hclsyntax.Attributes":
                subtree[1:-1] = sorted(subtree[1:-1], key=lambda s: s[0][2][2])
            stack[-1].append(subtree)

    out: list[list[Any]] = []

    def flatten(subtree: list[Any]) -> None:
        enter, *children, leave = subtree
        grouping = enter[1] in GO_GROUPS
        if not grouping:
            out.append([enter[0], GO_TYPES.get(enter[1], enter[1]), enter[2]])
        for child in children:
            flatten(child)
        if not grouping:
            out.append([leave[0], GO_TYPES.get(leave[1], leave[1]), leave[2]])

    for subtree in stack[0][1:]:
        flatten(subtree)
    return out


def offsets_of(src: bytes, limit: int, rng_: random.Random) -> list[int]:
    """Every offset of a small file; token boundaries and a random sample of a big one."""
    if len(src) + 1 <= limit:
        return list(range(len(src) + 1))
    tokens, _ = lex_config(src)
    chosen = {0, len(src)}
    for token in tokens:
        start, end = token.range.start.byte, token.range.end.byte
        chosen.update((start, end, max(end - 1, 0)))
    if len(chosen) > limit:
        chosen = set(rng_.sample(sorted(chosen), limit))
    while len(chosen) < limit:
        chosen.add(rng_.randrange(len(src) + 1))
    return sorted(chosen)


class Harness:
    """The Go program, fed one request at a time."""

    def __init__(self, binary: str) -> None:
        self.process = subprocess.Popen(
            [binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def ask(self, **request: object) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        answer: dict[str, Any] = json.loads(self.process.stdout.readline())
        return answer

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def first_difference(go: object, ours: object, path: str = "") -> str:
    """Where two JSON values first differ, and how."""
    if isinstance(go, dict) and isinstance(ours, dict):
        for key in sorted(set(go) | set(ours)):
            if go.get(key) != ours.get(key):
                return first_difference(go.get(key), ours.get(key), f"{path}.{key}")
    if isinstance(go, list) and isinstance(ours, list):
        for i, (a, b) in enumerate(zip(go, ours, strict=False)):
            if a != b:
                return first_difference(a, b, f"{path}[{i}]")
        if len(go) != len(ours):
            return f"{path}: {len(go)} items (Go) vs {len(ours)}"
    return f"{path}: Go {json.dumps(go)[:300]} vs {json.dumps(ours)[:300]}"


def bounded(diags: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """HCL's diagnostics less those hcldecode leaves out: past the first 100 with one
    summary and detail, for the errors the reference reports at every occurrence."""
    seen: Counter[tuple[str, str]] = Counter()
    kept = []
    for diag in diags:
        key = (diag["summary"], diag["detail"])
        seen[key] += 1
        if diag["summary"] in _REPEATED and seen[key] > REPEATED_ERRORS:
            continue
        kept.append(diag)
    return kept


def compare_file(
    harness: Harness, syntax: str, name: str, src: bytes, offsets: list[int]
) -> Iterator[tuple[str, int, int, str | None]]:
    """(check, items compared, items agreeing, first difference or None) per check of one file."""
    b64 = base64.b64encode(src).decode()
    parse = parse_config if syntax == "native" else parse_json
    go = harness.ask(op="nav", syntax=syntax, src=b64, filename=name, offsets=offsets)
    file, diags = parse(src, name)
    ours = our_nav(file, diags, offsets)
    pairs = list(zip(go["results"], ours["results"], strict=True))
    agree = sum(a == b for a, b in pairs)
    diff = None
    if agree != len(offsets):
        diff = next(first_difference(a, b) for a, b in pairs if a != b)
    yield "lookups", len(offsets), agree, diff

    shifted = [START.byte + o for o in offsets[:: max(1, len(offsets) // 20)]]
    start = [START.line, START.column, START.byte]
    go = harness.ask(op="nav", syntax=syntax, src=b64, filename=name, offsets=shifted, start=start)
    go["diagnostics"] = bounded(go["diagnostics"])
    file, diags = parse(src, name, START)
    ours = our_nav(file, diags, shifted)
    same = go == ours
    yield "start position", 1, int(same), None if same else first_difference(go, ours)

    if syntax != "native":
        return
    for mode in ("config", "template"):
        go = harness.ask(op="lex", mode=mode, src=b64, filename=name)
        go["diagnostics"] = bounded(go["diagnostics"])
        ours = our_lex(src, name, template=mode == "template")
        same = go == ours
        yield f"lex_{mode}", 1, int(same), None if same else first_difference(go, ours)

    go = harness.ask(op="walk", mode="config", src=b64, filename=name)
    go_events = go_walk(go["events"])
    our_events = our_walk(src, name)
    same = go_events == our_events
    yield "walk", 1, int(same), None if same else first_difference(go_events, our_events)


def corpus_comparisons(
    harness: Harness, corpus: Path, limit: int, rng_: random.Random
) -> Iterator[tuple[str, str, int, int, str | None, str | None]]:
    """(check, file, compared, agreeing, first difference, known reason) for every corpus file."""
    for syntax in ("native", "json"):
        for path in sorted((corpus / syntax).iterdir()):
            src = path.read_bytes()
            offsets = offsets_of(src, limit, rng_)
            for check, count, agree, diff in compare_file(harness, syntax, path.name, src, offsets):
                yield check, path.name, count, agree, diff, KNOWN.get(path.name)


# Inserted by the mutations: no "::" (see mutant()).
_PIECES = [
    b"{", b"}", b"[", b"]", b"(", b")", b'"', b"${", b"%{", b"~}", b"<<EOT\n", b"<<-EOT\n",
    b"EOT\n", b"\n", b"=", b":", b",", b"...", b"*", b".", b"?", b"null", b"for", b"in",
    b"if", b"\\", b"#", b"/*", b"*/", b"//", b"0", b"-", b"\t", b"\r\n", b"a.b[0]",
    b"x = 1\n", b"blk {\n", b"f(", b"[*]", b".*", b"=>", b"&&", b"!",
    "é".encode(), "\u201c".encode(), "e\u0301".encode(), "日本".encode(),
]  # fmt: skip


def mutant(data: bytes, rng_: random.Random) -> bytes:
    """``data`` (UTF-8 without ``::``) damaged one to five times: a run of bytes
    deleted, a piece of syntax inserted, or a run copied from elsewhere. Mutants
    that are not UTF-8 or hold ``::`` (reasons for known differences) are made
    again."""
    while True:
        out = bytearray(data)
        for _ in range(rng_.randrange(1, 6)):
            pos = rng_.randrange(len(out) + 1)
            choice = rng_.randrange(3)
            if choice == 0 and out:
                del out[pos : pos + rng_.randrange(1, 20)]
            elif choice == 1:
                out[pos:pos] = rng_.choice(_PIECES)
            else:
                start = rng_.randrange(len(out) + 1)
                out[pos:pos] = out[start : start + rng_.randrange(1, 40)]
        result = bytes(out)
        try:
            result.decode("utf-8")
        except UnicodeDecodeError:
            continue
        if b"::" not in result:
            return result


def _mutable(data: bytes) -> bool:
    """Whether damaged copies of ``data`` can be made: it is UTF-8 and has no ``::``."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return b"::" not in data


def _has_placeholder(src: bytes) -> bool:
    file, _ = parse_config(src)
    found = []
    visit_all(file.body, lambda node: found.append(node) if isinstance(node, ErrorExpr) else None)  # type: ignore[arg-type,func-returns-value]
    return bool(found)


def _has_zero_range(harness: Harness, src: bytes) -> bool:
    b64 = base64.b64encode(src).decode()
    events = go_walk(harness.ask(op="walk", mode="config", src=b64, filename="m")["events"])
    return any(event[2][0] == 0 or event[2][3] == 0 for event in events)


def mutant_comparisons(
    harness: Harness,
    corpus: Path,
    count: int,
    limit: int,
    rng_: random.Random,
    *,
    dump: Path | None = None,
) -> Iterator[tuple[str, str, int, int, str | None, str | None]]:
    """The same comparisons on ``count`` damaged native corpus files; those that
    differ for no known reason are written to the folder ``dump`` if given."""
    sources = {}
    for path in sorted((corpus / "native").iterdir()):
        data = path.read_bytes()
        if _mutable(data):
            sources[path.name] = data
    names = sorted(sources)
    for number in range(count):
        base = rng_.choice(names)
        src = mutant(sources[base], rng_)
        name = f"{base} (mutant {number})"
        if base in KNOWN:
            reason: str | None = KNOWN[base]
        elif _has_placeholder(src):
            reason = _PLACEHOLDER
        elif _has_zero_range(harness, src):
            reason = _CALL_RANGE
        else:
            reason = None
        offsets = offsets_of(src, limit, rng_)
        for check, total, agree, diff in compare_file(harness, "native", name, src, offsets):
            why = reason
            if why is None and diff is not None and not src.isascii() and _COLUMN_ONLY.search(diff):
                why = _CLUSTERS
            if dump is not None and diff is not None and why is None:
                dump.mkdir(parents=True, exist_ok=True)
                (dump / f"mutant-{number}.hcl").write_bytes(src)
            yield check, name, total, agree, diff, why


def report(
    title: str,
    results: Iterator[tuple[str, str, int, int, str | None, str | None]],
    show: int,
) -> int:
    """Print the differences (``show`` per check) and the counts; the number of
    files with differences not explained by a known reason."""
    totals: Counter[str] = Counter()
    agreed: Counter[str] = Counter()
    known: Counter[str] = Counter()
    shown: Counter[str] = Counter()
    unexpected = 0
    for check, name, count, agree, diff, reason in results:
        totals[check] += count
        agreed[check] += agree
        if diff is None:
            continue
        if reason is None:
            unexpected += 1
        else:
            known[check] += count - agree
        # Up to ``show`` differences of each check, known ones and others apart.
        key = f"{check} {reason is None}"
        if shown[key] < show:
            shown[key] += 1
            note = f" (known: {reason})" if reason else ""
            print(f"{check}: {name}{note}\n  {diff}")
    print(f"{title}: {unexpected} unexplained differences")
    for check in totals:
        print(
            f"  {check}: {agreed[check]} of {totals[check]} agree"
            f" ({known[check]} differ for known reasons)"
        )
    return unexpected


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("gonav")
    parser.add_argument("corpus", nargs="?")
    parser.add_argument("--offsets", type=int, default=3000, help="offsets per file at most")
    parser.add_argument("--mutants", type=int, default=0, help="damaged files to compare too")
    parser.add_argument("--dump", type=Path, help="folder for the mutants that differ")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=10, help="differences shown per check")
    args = parser.parse_args(argv)
    if args.corpus:
        corpus = Path(args.corpus)
    else:
        shared = os.environ.get("HCLDECODE_SHARED")
        corpus = (Path(shared) if shared else ROOT.parent / "shared") / "corpus"
    if not (corpus / "native").is_dir():
        print(f"no corpus at {corpus}", file=sys.stderr)
        return 2
    harness = Harness(args.gonav)
    rng_ = random.Random(args.seed)
    try:
        unexpected = report(
            "corpus", corpus_comparisons(harness, corpus, args.offsets, rng_), args.show
        )
        if args.mutants:
            results = mutant_comparisons(
                harness, corpus, args.mutants, args.offsets, rng_, dump=args.dump
            )
            unexpected += report(f"{args.mutants} mutants", results, args.show)
    finally:
        harness.close()
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
