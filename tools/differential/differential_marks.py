"""Differential test of marks (``Value.mark``) against go-cty's, through HCL expressions.

Generates seeded random native-syntax expressions over variables that carry
marks (a marked string ``s``, a marked number ``n``, a marked bool ``f``, a
list with a marked element ``l``, a marked list ``ml``, an object with marked
attributes ``o``, a marked object ``mo``, a map with a marked element ``m``, a
tuple with a marked element ``t``, a marked null ``z``, a marked unknown
``un``, and unmarked ones): operators, indexing, splats, ``for``
expressions, conditionals, templates and calls of the standard library
functions that go-cty 1.12.1 has. Each is evaluated by hcldecode and by the Go
program ``tools/differential/go/gomarks`` (HCL v2.14.1 and go-cty 1.12.1 as
Debian ships them), and the results are compared: the value deeply unmarked
(type and go-cty JSON), where the marks were (``unmark_deep_with_paths``)
and the diagnostics' summaries.

hcldecode follows HCL v2.24 where it propagates more marks than v2.14.1
does; a difference that only such a rule explains is counted apart
(``newer``), with the rule's name:

* ``conditional``: a conditional's result carries the marks of its condition
  and of both results (v2.14.1: only the chosen result's own);
* ``splat``: a splat of a marked value that is not a sequence, or of a
  marked null, carries its marks;
* ``unknown``: a function call given an unknown argument still gathers the
  marks of all its arguments (go-cty 1.12.1 returns at the first unknown);
* ``for``: a ``for`` expression whose result is unknown carries the marks
  of its collection, conditions and keys;
* ``error``: an operator whose operand failed, or an index whose key
  failed, gives an unknown result that carries the marks of the operands
  or of the collection.

One more difference is counted apart, ``unify``: a conditional whose arms
are a tuple and a set (``c ? [a, b] : toset(l)``). hcldecode unifies them
to a tuple, as HCL's specification says (docs/compatibility.md), and go-cty
to a set, which cannot hold marked elements, so the marks of the elements
mark the whole set. Where what follows gives the same value either way
(``flatten``, ``reverse``), the results agree but for where the marks are:
the same marks, at other paths.

Such a difference is counted apart only when everything but the marks
agrees and every mark go-cty gives is there; the rule is recognised by its
sign in the text (a ``?``, a ``[*]``...), so the counts apart are an upper
bound of what those rules explain.

Usage::

    python tools/differential/differential_marks.py --go GOMARKS [--count N] [--seed N]
    python tools/differential/differential_marks.py --go GOMARKS \
        --write tests/data/marks/gomarks.jsonl
    python tools/differential/differential_marks.py --stored tests/data/marks/gomarks.jsonl

Exits 1 when a result differs other than as counted apart.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hcldecode.functions import STDLIB
from hcldecode.model import EvalContext
from hcldecode.native import parse_expression
from hcldecode.values import (
    NUMBER,
    STRING,
    AttrStep,
    IndexStep,
    Value,
    type_to_json,
    value_to_json,
)
from hcldecode.values._json import go_json_text

# --------------------------------------------------------------------------- the variables


def variables() -> dict[str, Value]:
    """The variables of every expression, as the Go program builds them."""
    string, number = Value.string, Value.number
    return {
        "s": string("secret").mark("sensitive"),
        "p": string("plain"),
        "n": number(5).mark("n"),
        "k": number(1),
        "f": Value.bool(True).mark("b"),
        "l": Value.list([string("a"), string("b").mark("sensitive"), string("c")]),
        "ml": Value.list([string("x"), string("y")]).mark("l"),
        "nl": Value.list([number(3), number(1).mark("n"), number(2)]),
        "o": Value.object(
            {
                "a": string("x").mark("sensitive"),
                "b": number(2),
                "c": Value.list([string("z").mark("deep")]),
            }
        ),
        "mo": Value.object({"a": string("q"), "b": number(7).mark("n")}).mark("o"),
        "m": Value.map({"k1": string("v1"), "k2": string("v2").mark("m")}),
        "t": Value.tuple([number(1), string("two").mark("t"), Value.bool(True)]),
        "z": Value.null(STRING).mark("z"),
        "un": Value.unknown(STRING).mark("u"),
    }


# --------------------------------------------------------------------------- expressions

Gen = Callable[[random.Random, int], str]


def _one(rng: random.Random, depth: int, leaves: list[str], branches: list[Gen]) -> str:
    if depth <= 0 or rng.random() < 0.35:
        return rng.choice(leaves)
    return rng.choice(branches)(rng, depth - 1)


def string_expr(rng: random.Random, depth: int) -> str:
    leaves = ["s", "p", '"lit"', "l[1]", "l[0]", "o.a", 'm["k2"]', "m.k1", "t[1]", "ml[0]",
              "mo.a", '"${s}"', "z", "un", '"a,b"']  # fmt: skip
    branches: list[Gen] = [
        lambda r, d: f"upper({string_expr(r, d)})",
        lambda r, d: f"lower({string_expr(r, d)})",
        lambda r, d: f"title({string_expr(r, d)})",
        lambda r, d: f"strrev({string_expr(r, d)})",
        lambda r, d: f"trimspace({string_expr(r, d)})",
        lambda r, d: f"chomp({string_expr(r, d)})",
        lambda r, d: f"indent(2, {string_expr(r, d)})",
        lambda r, d: f'"${{{string_expr(r, d)}}}-${{{number_expr(r, d)}}}"',
        lambda r, d: f'"x${{{string_expr(r, d)}}}"',
        lambda r, d: (
            f'"%{{ if {bool_expr(r, d)} }}yes%{{ else }}${{{string_expr(r, d)}}}%{{ endif }}"'
        ),
        lambda r, d: f'"%{{ for x in {list_expr(r, d)} }}${{x}};%{{ endfor }}"',
        lambda r, d: f"{bool_expr(r, d)} ? {string_expr(r, d)} : {string_expr(r, d)}",
        lambda r, d: f"tostring({number_expr(r, d)})",
        lambda r, d: f'join(",", {list_expr(r, d)})',
        lambda r, d: f'join({string_expr(r, d)}, ["a", "b"])',
        lambda r, d: f'format("%s-%d", {string_expr(r, d)}, {number_expr(r, d)})',
        lambda r, d: f"substr({string_expr(r, d)}, 0, {number_expr(r, d)})",
        lambda r, d: f'replace({string_expr(r, d)}, "e", {string_expr(r, d)})',
        lambda r, d: f"element({list_expr(r, d)}, {number_expr(r, d)})",
        lambda r, d: f'lookup({map_expr(r, d)}, "k2", {string_expr(r, d)})',
        lambda r, d: f"coalesce({string_expr(r, d)}, {string_expr(r, d)})",
        lambda r, d: f"jsonencode({any_expr(r, d)})",
        lambda r, d: f'regex("[a-z]+", {string_expr(r, d)})',
        lambda r, d: f'trimprefix({string_expr(r, d)}, "s")',
        lambda r, d: f"{list_expr(r, d)}[{number_expr(r, d)}]",
        lambda r, d: f"{map_expr(r, d)}[{string_expr(r, d)}]",
        lambda r, d: f"({string_expr(r, d)})",
    ]
    return _one(rng, depth, leaves, branches)


def number_expr(rng: random.Random, depth: int) -> str:
    leaves = ["n", "k", "1", "0", "2", "o.b", "mo.b", "nl[1]", "nl[0]", "t[0]", "-n", "5.5"]
    branches: list[Gen] = [
        lambda r, d: f"{number_expr(r, d)} {r.choice('+-*/%')} {number_expr(r, d)}",
        lambda r, d: f"-{number_expr(r, d)}",
        lambda r, d: f"length({rng.choice([list_expr, map_expr, string_expr])(r, d)})",
        lambda r, d: f"strlen({string_expr(r, d)})",
        lambda r, d: f"abs({number_expr(r, d)})",
        lambda r, d: f"max({number_expr(r, d)}, {number_expr(r, d)})",
        lambda r, d: f"min({number_expr(r, d)}, {number_expr(r, d)}, 3)",
        lambda r, d: f"floor({number_expr(r, d)})",
        lambda r, d: f"ceil({number_expr(r, d)})",
        lambda r, d: f"signum({number_expr(r, d)})",
        lambda r, d: f"pow({number_expr(r, d)}, 2)",
        lambda r, d: f"int({number_expr(r, d)})",
        lambda r, d: f'parseint("12", {r.choice(["10", "n", "k + 7"])})',
        lambda r, d: "tonumber(" + r.choice(["n", '"3"', "s", "k"]) + ")",
        lambda r, d: f'index({list_expr(r, d)}, "b")',
        lambda r, d: f"{bool_expr(r, d)} ? {number_expr(r, d)} : {number_expr(r, d)}",
        lambda r, d: f"nl[{number_expr(r, d)}]",
        lambda r, d: f"coalesce({number_expr(r, d)}, 1)",
        lambda r, d: f"({number_expr(r, d)})",
    ]
    return _one(rng, depth, leaves, branches)


def bool_expr(rng: random.Random, depth: int) -> str:
    leaves = ["f", "true", "false", "t[2]", "!f"]
    branches: list[Gen] = [
        lambda r, d: f"{number_expr(r, d)} {r.choice(['<', '>', '<=', '>='])} {number_expr(r, d)}",
        lambda r, d: f"{any_expr(r, d)} {r.choice(['==', '!='])} {any_expr(r, d)}",
        lambda r, d: f"{bool_expr(r, d)} {r.choice(['&&', '||'])} {bool_expr(r, d)}",
        lambda r, d: f"!{bool_expr(r, d)}",
        lambda r, d: f"contains({list_expr(r, d)}, {string_expr(r, d)})",
        lambda r, d: f"hasindex({list_expr(r, d)}, {number_expr(r, d)})",
        lambda r, d: f"sethaselement(toset({list_expr(r, d)}), {string_expr(r, d)})",
        lambda r, d: "tobool(" + r.choice(["f", '"true"', "s"]) + ")",
        lambda r, d: f"{bool_expr(r, d)} ? {bool_expr(r, d)} : {bool_expr(r, d)}",
        lambda r, d: f"({bool_expr(r, d)})",
    ]
    return _one(rng, depth, leaves, branches)


def list_expr(rng: random.Random, depth: int) -> str:
    leaves = ["l", "ml", "o.c", '["a", "b"]', "[s, p]", "keys(o)", "keys(m)", "values(m)",
              "l[*]", "ml[*]", "o.c[*]", "s[*]", "z[*]"]  # fmt: skip
    branches: list[Gen] = [
        lambda r, d: f"[{string_expr(r, d)}, {string_expr(r, d)}]",
        lambda r, d: f"[for x in {list_expr(r, d)} : upper(x)]",
        lambda r, d: f"[for x in {list_expr(r, d)} : x if x != {string_expr(r, d)}]",
        lambda r, d: f"[for i, x in {list_expr(r, d)} : x if i < {number_expr(r, d)}]",
        lambda r, d: f"[for k, v in {map_expr(r, d)} : v]",
        lambda r, d: f"[for k, v in {map_expr(r, d)} : k]",
        lambda r, d: f"concat({list_expr(r, d)}, {list_expr(r, d)})",
        lambda r, d: f"distinct({list_expr(r, d)})",
        lambda r, d: f"sort({list_expr(r, d)})",
        lambda r, d: f"reverse({list_expr(r, d)})",
        lambda r, d: f"slice({list_expr(r, d)}, 0, 1)",
        lambda r, d: f"compact({list_expr(r, d)})",
        lambda r, d: f'split(",", {string_expr(r, d)})',
        lambda r, d: f"tolist(toset({list_expr(r, d)}))",
        lambda r, d: f"flatten([{list_expr(r, d)}, {list_expr(r, d)}])",
        lambda r, d: f'formatlist("%s!", {list_expr(r, d)})',
        lambda r, d: f"coalescelist({list_expr(r, d)}, {list_expr(r, d)})",
        lambda r, d: f'regexall("[a-z]", {string_expr(r, d)})',
        lambda r, d: f"{bool_expr(r, d)} ? {list_expr(r, d)} : {list_expr(r, d)}",
        lambda r, d: f"[{object_expr(r, d)}][*].a",
        lambda r, d: f"{list_expr(r, d)}[*]",
        lambda r, d: f"setunion(toset({list_expr(r, d)}), [p])",
        lambda r, d: f"setintersection(toset({list_expr(r, d)}), toset(l))",
        lambda r, d: f'setsubtract(toset({list_expr(r, d)}), ["a"])',
        lambda r, d: f"chunklist({list_expr(r, d)}, {r.choice(['1', 'n', 'k'])})",
        lambda r, d: f"keys({object_expr(r, d)})",
        lambda r, d: f"values({map_expr(r, d)})",
    ]
    return _one(rng, depth, leaves, branches)


def map_expr(rng: random.Random, depth: int) -> str:
    leaves = ["m", "tomap(o)", "tomap({a = s})", "tomap(mo)", "{k1 = p}"]
    branches: list[Gen] = [
        lambda r, d: f"{{for k, v in {map_expr(r, d)} : k => upper(v)}}",
        lambda r, d: f"{{for x in {list_expr(r, d)} : x => x...}}",
        lambda r, d: f"{{for x in {list_expr(r, d)} : x => length(x) if x != {string_expr(r, d)}}}",
        lambda r, d: f"merge({map_expr(r, d)}, {{k3 = {string_expr(r, d)}}})",
        lambda r, d: f"tomap({{a = {string_expr(r, d)}, b = {string_expr(r, d)}}})",
        lambda r, d: f"zipmap({list_expr(r, d)}, {list_expr(r, d)})",
        lambda r, d: f"{{({string_expr(r, d)}) = 1}}",
        lambda r, d: f"{bool_expr(r, d)} ? {map_expr(r, d)} : m",
    ]
    return _one(rng, depth, leaves, branches)


def object_expr(rng: random.Random, depth: int) -> str:
    leaves = ["o", "mo", "{a = s, b = n}", "{a = p}"]
    branches: list[Gen] = [
        lambda r, d: f"{{a = {string_expr(r, d)}, b = {number_expr(r, d)}}}",
        lambda r, d: f"merge({object_expr(r, d)}, {object_expr(r, d)})",
        lambda r, d: f"jsondecode(jsonencode({object_expr(r, d)}))",
        lambda r, d: f"{bool_expr(r, d)} ? {object_expr(r, d)} : {object_expr(r, d)}",
    ]
    return _one(rng, depth, leaves, branches)


def any_expr(rng: random.Random, depth: int) -> str:
    kind = rng.choice([string_expr, number_expr, bool_expr, list_expr, map_expr, object_expr])
    return kind(rng, depth)


def generate(count: int, seed: int) -> list[str]:
    """``count`` distinct expressions, the same for the same seed."""
    rng = random.Random(seed)
    seen: dict[str, None] = {}
    while len(seen) < count:
        seen[any_expr(rng, rng.randint(1, 4))] = None
    return list(seen)


# --------------------------------------------------------------------------- results


def _path_text(path: tuple[object, ...]) -> str:
    parts = []
    for step in path:
        if isinstance(step, AttrStep):
            parts.append("." + step.name)
        else:
            assert isinstance(step, IndexStep)
            key = step.key
            if key.type == STRING:
                parts.append("[" + json.dumps(key.as_str(), ensure_ascii=False) + "]")
            elif key.type == NUMBER:
                parts.append(f"[{key.as_int()}]")
            else:
                parts.append("[?]")
    return "".join(parts)


def ours(src: str, ctx: EvalContext | None = None) -> dict[str, Any]:
    """What hcldecode gives for an expression, in the form the Go program prints."""
    if ctx is None:
        ctx = context()
    expr, diags = parse_expression(src, "t.hcl")
    if diags.has_errors():
        return {"error": "parse"}
    value, diags = expr.value(ctx)
    value, found = value.unmark_deep_with_paths()
    result: dict[str, Any] = {
        "type": json.loads(go_json_text(type_to_json(value.type))),
        "marks": sorted(
            (
                {"path": _path_text(entry.path), "marks": sorted(map(str, entry.marks))}
                for entry in found
            ),
            key=lambda e: e["path"],
        ),
        "diags": [d.summary for d in diags],
    }
    if not value.is_wholly_known:
        result["value"] = "unknown"
    elif value.type == NUMBER and not value.is_null and isinstance(value.as_number(), float):
        result["value"] = "+Inf" if value.as_number() > 0 else "-Inf"
    else:
        result["value"] = json.loads(go_json_text(value_to_json(value, value.type)))
    return result


def context(*, marked: bool = True) -> EvalContext:
    """The evaluation context of every expression (``marked=False``: the
    variables unmarked)."""
    names = variables()
    if not marked:
        names = {name: value.unmark_deep()[0] for name, value in names.items()}
    return EvalContext(names, dict(STDLIB))


def _without_marks(result: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in result.items() if k != "marks"}


def classify(
    src: str, go: dict[str, Any], found: dict[str, Any], plain_agree: bool = True
) -> str | None:
    """``None`` when the results agree; else the name of a newer HCL rule that
    explains the difference, or ``"differ"``.

    ``plain_agree``: whether the results agree with the variables unmarked;
    when they do not, the difference is not about marks (``unmarked``: HCL
    v2.14.1 and the newer rules hcldecode follows differ on the values
    themselves, docs/compatibility.md).
    """
    if go == found:
        return None
    if not plain_agree:
        return "unmarked"
    if _without_marks(go) != _without_marks(found):
        return "differ"
    go_marks = {e["path"]: set(e["marks"]) for e in go["marks"]}
    our_marks = {e["path"]: set(e["marks"]) for e in found["marks"]}
    if not all(go_marks[p] <= our_marks.get(p, set()) for p in go_marks):
        if _set_arm(src) and _all_marks(go_marks) == _all_marks(our_marks):
            return "unify"
        return "differ"
    for rule, signs in _NEWER_RULES:
        if any(sign in src for sign in signs):
            return rule
    if go["diags"]:
        return "error"
    return "differ"


def _set_arm(src: str) -> bool:
    """Whether ``src`` has a conditional and a set in it (the sign of ``unify``)."""
    return "?" in src and any(sign in src for sign in _SET_SIGNS)


_SET_SIGNS = ("toset(", "setintersection(", "setunion(", "setsubtract(", "setproduct(")


def _all_marks(marks: dict[str, set[str]]) -> set[str]:
    """Every mark found, wherever it was."""
    return set().union(*marks.values())


# Where HCL v2.24 and go-cty 1.16 mark results that v2.14.1 and go-cty 1.12.1
# leave unmarked (hcldecode follows the newer rules), and the signs of each in
# an expression's text.
_NEWER_RULES = [
    ("conditional", ("?", "%{ if")),
    ("splat", ("[*]",)),
    ("unknown", ("un",)),
    ("for", ("for ",)),
]


def _normalised(go: dict[str, Any]) -> dict[str, Any]:
    """A Go result with the fields every result has."""
    go.setdefault("marks", [])
    return go


def run_go(program: str, sources: list[str]) -> list[dict[str, Any]]:
    """The Go program's results for ``sources``."""
    done = subprocess.run(
        [program],
        input="".join(json.dumps(s) + "\n" for s in sources),
        capture_output=True,
        text=True,
        check=True,
    )
    results = []
    for line in done.stdout.splitlines():
        entry = json.loads(line)
        if "marked" in entry:
            entry = {k: _normalised(v) for k, v in entry.items()}
        results.append(entry)
    return results


def compare(cases: list[tuple[str, dict[str, Any]]]) -> tuple[Counter[str], list[str]]:
    """Compare hcldecode with the Go results; the counts by outcome, and the differing lines."""
    ctx, plain = context(), context(marked=False)
    counts: Counter[str] = Counter()
    differ = []
    for src, both in cases:
        go = both.get("marked", both)
        if "error" in go:
            counts["skipped (Go error)"] += 1
            continue
        found = ours(src, ctx)
        plain_agree = "unmarked" not in both or both["unmarked"] == ours(src, plain)
        outcome = classify(src, go, found, plain_agree)
        counts["agree" if outcome is None else outcome] += 1
        if outcome == "differ":
            differ.append(f"{src}\n  go:   {json.dumps(go)}\n  ours: {json.dumps(found)}")
    return counts, differ


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--go", help="the built gomarks program")
    parser.add_argument("--stored", type=Path, help="compare with a stored file instead")
    parser.add_argument("--write", type=Path, help="store the Go results in this file")
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--show", type=int, default=20, help="differences to print")
    args = parser.parse_args(argv)
    if args.stored is not None:
        lines = args.stored.read_text(encoding="utf-8").splitlines()
        cases = [(entry["expr"], entry["go"]) for entry in map(json.loads, lines)]
    elif args.go is not None:
        sources = generate(args.count, args.seed)
        cases = list(zip(sources, run_go(args.go, sources), strict=True))
        if args.write is not None:
            args.write.parent.mkdir(parents=True, exist_ok=True)
            args.write.write_text(
                "".join(
                    json.dumps({"expr": src, "go": go}, ensure_ascii=False) + "\n"
                    for src, go in cases
                ),
                encoding="utf-8",
            )
    else:
        parser.error("give --go or --stored")
    counts, differ = compare(cases)
    total = sum(counts.values())
    print(f"{total} expressions: " + ", ".join(f"{k} {v}" for k, v in counts.most_common()))
    for text in differ[: args.show]:
        print(text)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
