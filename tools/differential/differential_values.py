"""Differential test of value writing against HCL's ``hclwrite.TokensForValue``.

Generates seeded random HCL values (strings with escapes, template
introducers, control and non-ASCII characters; exact and fractional numbers
of every size; bools, nulls; lists, sets, tuples, maps and objects nested a
few levels), writes each with :func:`hcldecode.write.value_text`, and
compares with what the Go program ``tools/differential/go/gowrite`` (built
against Debian's HCL and go-cty) prints for the same value, passed as go-cty
JSON.

Usage: ``python tools/differential/differential_values.py GOWRITE [--count N] [--seed N]``.
Exits 1 when an output differs, other than for the reasons in ``KNOWN``.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from fractions import Fraction

from hcldecode.values import (
    BOOL,
    NUMBER,
    STRING,
    ListType,
    SetType,
    Type,
    Value,
    type_to_json,
    value_to_json,
)
from hcldecode.values._json import go_json_text
from hcldecode.write import format, value_text

KNOWN = {
    "for key": "an object key `for` is quoted: unquoted, it would start a for expression",
    "layout": (
        "columns are counted as hclfmt counts them in the written text, where hclwrite "
        "counts a quoted string as one token (they differ when a combining mark follows a "
        "quote or an escape): hclfmt gives our text from theirs"
    ),
}

_CHARS = ["a", "Z", "0", " ", '"', "\\", "$", "%", "{", "}", "\n", "\r", "\t", "\x00", "\x7f",
          "\u200b", "é", "日", "\U0001f600", "\u0301", "$", "{"]  # fmt: skip


def _string(rng: random.Random) -> str:
    return "".join(rng.choice(_CHARS) for _ in range(rng.randint(0, 8)))


def _number(rng: random.Random) -> Value:
    kind = rng.randint(0, 4)
    if kind == 0:
        return Value.number(rng.randint(-1000, 1000))
    if kind == 1:
        return Value.number(rng.randint(-(10**40), 10**40))
    if kind == 2:
        return Value.number(Fraction(rng.randint(-(10**6), 10**6), rng.randint(1, 10**4)))
    if kind == 3:
        return Value.number(f"{rng.randint(1, 999)}e{rng.randint(-40, 40)}")
    return Value.number(rng.uniform(-1e10, 1e10))


def _primitive(rng: random.Random) -> Value:
    kind = rng.randint(0, 5)
    if kind == 0:
        return Value.string(_string(rng))
    if kind in (1, 2):
        return _number(rng)
    if kind == 3:
        return Value.bool(rng.random() < 0.5)
    if kind == 4:
        return Value.null(rng.choice([STRING, NUMBER, BOOL]))
    return Value.string(rng.choice(["", "x", "${a}", "%{if}", "$${", "a\nb"]))


def _value(rng: random.Random, depth: int) -> Value:
    if depth == 0 or rng.random() < 0.4:
        return _primitive(rng)
    size = rng.randint(0, 4)
    kind = rng.randint(0, 4)
    if kind == 0:
        return Value.tuple(_value(rng, depth - 1) for _ in range(size))
    if kind == 1:
        keys = [rng.choice(["a", "b-c", "1x", "for", "if", _string(rng)]) for _ in range(size)]
        return Value.object({k: _value(rng, depth - 1) for k in keys})
    element = rng.choice([STRING, NUMBER, BOOL])
    items = [_primitive(rng) for _ in range(size)]
    items = [v for v in items if v.type == element and not v.is_null] or []
    if kind == 2:
        return Value.list(items, element)
    if kind == 3:
        return Value.set(items, element)
    return Value.map({_string(rng): v for v in items}, element)


def _has_for_key(value: Value) -> bool:
    t = value.type
    if value.is_null or t in (STRING, NUMBER, BOOL):
        return False
    if isinstance(t, ListType | SetType) or t.friendly_name() == "tuple":
        return any(_has_for_key(e) for e in value.elements())
    return any(k == "for" or _has_for_key(e) for k, e in value.items())


def _relaid(text: str) -> str:
    """Their text laid out as hclfmt lays out a file."""
    formatted, _ = format("v = " + text + "\n")
    return formatted[len("v = ") : -1]


def _line(value: Value) -> str:
    t: Type = value.type
    return go_json_text({"type": type_to_json(t), "value": value_to_json(value, t)})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("gowrite")
    parser.add_argument("--count", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    values = [_value(rng, 3) for _ in range(args.count)]
    done = subprocess.run(
        [args.gowrite],
        input="".join(_line(v) + "\n" for v in values),
        capture_output=True,
        text=True,
        check=True,
    )
    theirs = done.stdout.splitlines()
    assert len(theirs) == len(values)
    same = known = 0
    differ: list[str] = []
    for value, line in zip(values, theirs, strict=True):
        ours = value_text(value)
        if not line.startswith("!") and json.loads(line) == ours:
            same += 1
        elif _has_for_key(value) or (
            not line.startswith("!") and _relaid(json.loads(line)) == ours
        ):
            known += 1
        else:
            differ.append(f"{value!r}\n  ours:   {ours!r}\n  theirs: {line}")
    print(f"values: {same} of {len(values)} written identically; {known} known differences")
    for reason in KNOWN.values():
        print(f"  known: {reason}")
    for text in differ[:20]:
        print(text)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
