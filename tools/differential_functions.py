"""Differential test of the standard library functions against go-cty's.

Generates seeded random calls of every function of
:data:`hcldecode.values.STDLIB` (strings with spaces, newlines, non-ASCII
letters and combining marks; numbers of every sign and size; nulls,
unknowns, lists with nulls, wrong types and argument counts), evaluates
each with hcldecode and with the Go program ``tools/gofuncs`` (go-cty's
``function/stdlib`` as Debian ships it, under the same names), and compares
the values and the diagnostics (summary, detail, subject).

Usage: ``python tools/differential_functions.py GOFUNCS [--count N] [--seed N]``.
Exits 1 when a call differs.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import subprocess
import sys
from collections import Counter
from typing import Any

from hcldecode.model import EvalContext
from hcldecode.native import parse_expression
from hcldecode.values import BYTES, NUMBER, STDLIB, STRING, Value, type_to_json, value_to_json
from hcldecode.values._json import go_json_text

_PIECES = ["a", "B", " ", "\t", "\n", "\r\n", "é", "e\u0301", "ǆ", "ß", "x_y", "-", ".", ",",
           "ab", "\u00a0", "\u2003", "\u001c", "Ω", "日本", "1", "'", '"', '""', "\r"]  # fmt: skip


def _string(rng: random.Random) -> str:
    text = "".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 5)))
    return json.dumps(text, ensure_ascii=False).replace("${", "$${").replace("%{", "%%{")


def _number(rng: random.Random) -> str:
    return rng.choice(
        ["0", "1", "2", "3", "-1", "-2", "1.5", "-0.5", "10", "100", "9007199254740993", "1e3"]
    )


def _list(rng: random.Random) -> str:
    items = [rng.choice([_string(rng), _string(rng), "null", _number(rng)]) for _ in range(3)]
    return "[" + ", ".join(items[: rng.randint(0, 3)]) + "]"


def _object(rng: random.Random) -> str:
    keys = rng.sample(["a", "b", "c", "d"], rng.randint(0, 3))
    return "{" + ", ".join(f"{k} = {_arg(rng, 1)}" for k in keys) + "}"


def _string_map(rng: random.Random) -> str:
    keys = rng.sample(["a", "b", "c", "d"], rng.randint(0, 3))
    return "tomap({" + ", ".join(f"{k} = {_string(rng)}" for k in keys) + "})"


def _arg(rng: random.Random, depth: int = 0) -> str:
    kind = rng.randint(0, 11)
    if kind < 4:
        return _string(rng)
    if kind < 6:
        return _number(rng)
    if kind < 8:
        return _list(rng)
    if kind < 10 and depth == 0:
        return _object(rng)
    return rng.choice(
        [
            "null",
            "unknown",
            "nothing",
            "true",
            "{a = 1}",
            "[[1, 2], [3]]",
            "toset([1, 2])",
            'toset(["a", "b"])',
            "toset([])",
            "toset([unknown])",
        ]
    )


def _call(rng: random.Random, name: str) -> str:
    fn = STDLIB[name]
    count = len(fn.params) + (rng.randint(0, 2) if fn.var_param is not None else 0)
    if rng.random() < 0.05:
        count = max(0, count + rng.choice([-1, 1]))
    args = [_arg(rng) for _ in range(count)]
    if rng.random() < 0.7:  # mostly arguments of the kinds the function takes
        if name.startswith("bytes") and args:
            args[0] = rng.choice(["somebytes", "somebytes", "bytesslice(somebytes, 1, 4)"])
        elif name == "index" and len(args) == 2:
            args[0] = rng.choice([_list(rng), f"tolist({_list(rng)})", _string_map(rng)])
            args[1] = rng.choice([_number(rng), '"a"', '"b"', "unknown"])
        elif name == "setproduct":
            args = [rng.choice([_list(rng), f"toset({_list(rng)})", "[]", "toset([unknown])"])
                    for _ in range(rng.randint(1, 4))]  # fmt: skip
    return f"{name}({', '.join(args)})"


# go-cty 1.13 and later name the type given in a conversion error ("string
# required, but have tuple"), as hcldecode does; Debian's 1.12.1 does not, and
# names the required type as a constraint ("list of any single type").
_BUT_HAVE = re.compile(r"(?:(?<= of )|\b)(dynamic)?( required), but have [^.:]+(?=\.)")


def _as_go_1_12(detail: str) -> str:
    def constraint(m: re.Match[str]) -> str:
        before = detail[: m.start()]
        if m.group(1) is None:
            return m.group(2)
        return ("any single type" if before.endswith(" of ") else "any type") + m.group(2)

    return _BUT_HAVE.sub(constraint, detail)


def _exact(text: str) -> Any:
    """JSON with its numbers kept as written, so that they compare digit by digit."""
    return json.loads(text, parse_float=str, parse_int=str)


def ours(src: str, ctx: EvalContext) -> dict[str, object]:
    expr, diags = parse_expression(src, "t.hcl")
    value, diags = expr.value(ctx)
    found: dict[str, object] = {
        "diags": [[d.summary, _as_go_1_12(d.detail or ""), str(d.subject or "")] for d in diags],
    }
    if value.type == BYTES:  # the Go program writes a buffer as a string of its bytes
        found["type"] = "bytes"
        buffer = value.as_capsule() if value.is_known else None
        found["value"] = buffer.decode() if isinstance(buffer, bytes) else "unknown"
        return found
    found["type"] = json.loads(go_json_text(type_to_json(value.type)))
    if not value.is_wholly_known:
        found["value"] = "unknown"
    elif value.type == NUMBER and not value.is_null and isinstance(value.as_number(), float):
        found["value"] = "+Inf" if value.as_number() > 0 else "-Inf"  # as Go prints them
    else:
        found["value"] = _exact(go_json_text(value_to_json(value, value.type)))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("gofuncs")
    parser.add_argument("--count", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    names = sorted(STDLIB)
    calls = [_call(rng, names[i % len(names)]) for i in range(args.count)]
    done = subprocess.run(
        [args.gofuncs],
        input="".join(json.dumps(c) + "\n" for c in calls),
        capture_output=True,
        text=True,
        check=True,
    )
    ctx = EvalContext(
        {
            "unknown": Value.unknown(STRING),
            "nothing": Value.null(STRING),
            "somebytes": Value.capsule(BYTES, "héllo wörld".encode()),
        },
        dict(STDLIB),
    )
    agree: Counter[str] = Counter()
    total: Counter[str] = Counter()
    differ = []
    panics = unified = 0
    for call, line in zip(calls, done.stdout.splitlines(), strict=True):
        name = call.split("(", 1)[0]
        total[name] += 1
        theirs = _exact(line)
        if theirs.get("value") == "-0":  # hcldecode has no negative zero (compatibility.md)
            theirs["value"] = "0"
        if "error" in theirs:  # the Go program itself failed
            differ.append(f"{call}\n  theirs: {theirs}")
            continue
        mine = ours(call, ctx)
        if mine == theirs:
            agree[name] += 1
        elif any("panic in function implementation" in d[1] for d in theirs["diags"]):
            panics += 1  # go-cty crashed (indent with a negative count, say)
        elif name in ("coalesce", "tolist", "tomap", "toset"):
            unified += 1  # types unify as the specification says (docs/compatibility.md)
        else:
            differ.append(f"{call}\n  ours:   {mine}\n  theirs: {theirs}")
    print(
        f"functions: {sum(agree.values())} of {len(calls)} calls agree; in {panics} more, "
        "go-cty panics (indent with a negative count, a null key in zipmap...), "
        "its message a Go stack trace; "
        f"in {unified} more, coalesce or a collection conversion unifies types as the "
        "specification says"
    )
    for name in names:
        print(f"  {name:<11} {agree[name]:5} of {total[name]}")
    for text in differ[:25]:
        print(text)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
