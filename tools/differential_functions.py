"""Differential test of the standard library functions against go-cty's.

Generates seeded random calls of every function of
:data:`hcldecode.values.STDLIB` (strings with spaces, newlines, non-ASCII
letters and combining marks; numbers of every sign and size; nulls,
unknowns, lists with nulls, wrong types and argument counts; RE2 patterns,
valid and not, with texts they often match, for ``regex``, ``regexall`` and
``regex_replace``; substrings of the text for ``replace``), evaluates
each with hcldecode and with the Go program ``tools/gofuncs`` (go-cty's
``function/stdlib`` as Debian ships it, under the same names), and compares
the values and the diagnostics (summary, detail, subject).

Usage: ``python tools/differential_functions.py GOFUNCS [--count N] [--seed N]
[--functions NAME,NAME...]``.
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
from hcldecode.values import NUMBER, STDLIB, STRING, Value, type_to_json, value_to_json
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


# --------------------------------------------------------------------------- patterns
# RE2 patterns for regex, regexall and regex_replace: classes, anchors, flags,
# named and unnamed groups, repetitions, Unicode classes, escapes, and the
# syntax RE2 rejects (lookarounds, backreferences, bad escapes and counts),
# with strings made of the same characters, so that many calls match.

_LETTERS = ["a", "b", "c", "A", "B", "k", "K", "\u212a", "s", "S", "\u017f", "\u00df",
            "\u1e9e", "\u00e9", "\u00c9", "\u03a3", "\u03c3", "\u03c2", "\u0131", "\u0130",
            "1", "2", "9", " ", "\n", "\t", "-", ".", "_", "\u65e5", "x", "\u00a0", "/",
            "=", ":", "$"]  # fmt: skip
# Each escape, class and anchor with a text it matches (or may match).
_ESCAPES = {r"\d": "7", r"\D": "k", r"\s": " ", r"\S": "\u00e9", r"\w": "_", r"\W": "-",
            r"\b": "", r"\B": "", r"\A": "", r"\z": "", r"\.": ".", "\\\\": "\\", r"\-": "-",
            r"\n": "\n", r"\t": "\t", r"\x41": "A", r"\x{3A3}": "\u03c3", r"\x{10FFFF}": "",
            r"\101": "A", r"\0": "\0", r"\pL": "\u00e9", r"\p{Greek}": "\u03c2", r"\PL": "1",
            r"\p{Lu}": "\u1e9e", r"\pN": "9", r"\p{^Greek}": "a", r"\p{Han}": "\u65e5",
            r"\P{Ll}": "K", r"\p{Any}": "\n", r"\pZ": "\u00a0", r"\p{Latin}": "\u017f",
            r"\QA.b\E": "A.b", r"\Q*\E": "*", r"\f": "\f", r"\v": "\v", r"\a": "\a",
            r"\r": "\r", r"\_": "_", r"\/": "/", r"\ ": " ", r"\$": "$"}  # fmt: skip
_CLASSES = {"[abc]": "c", "[^a-c]": "x", "[[:alpha:]]": "B", "[[:^digit:]]": "\u00df",
            r"[\d\s]": "\t", "[a-]": "-", "[]a]": "]", "[^]a]": "b", "[A-Za-z]": "k",
            r"[\pL\d]": "\u0131", "[k]": "K", "[K-k]": "\u212a", "[^\n]": "\u03a3", "[.]": ".",
            r"[\x{212A}]": "k", "[\u00e9-\u00ff]": "\u00c9", r"[^\s]": "s",
            "[[:word:]-]": "-", "[\u03a3\u03c3]": "\u03c2", r"[\P{Greek}a]": "\u03c3",
            "[[:space:][:punct:]]": ".", "[-a]": "a", r"[\-\]]": "]", "[ -~]": "~",
            "[\u00df]": "\u1e9e"}  # fmt: skip
_ANCHORS = {".": "\u00e9", "^": "", "$": "", "(?s:.)": "\n", "(?m:^)": "", "(?m:$)": "\n"}
_INVALID = [r"\1", "(?=a)", "(?!a)", "(?<=a)", "(?<!a)", "(?<n>a)", r"\e", r"\Z", "a**",
            "a{1001}", "[z-a]", "(", ")", "[", r"\p{Foo}", "(?x)", r"\C", r"\8", "(?P<1-2>a)",
            "(?P=n)", "a{2}{3}", r"\k<n>", "(?#c)", r"\x{110000}", r"\xZ", "[[:foo:]]",
            "(?i", r"\pX", "*", "a|*", "(?-)", "x{3,2}", "(a{2}){600}", "\\"]  # fmt: skip
_REPEATS = {"*": (0, 3), "+": (1, 3), "?": (0, 1), "*?": (0, 3), "+?": (1, 3), "??": (0, 1),
            "{2}": (2, 2), "{1,}": (1, 3), "{0,2}": (0, 2), "{1,3}?": (1, 3), "{0}": (0, 0),
            "{2,}": (2, 3)}  # fmt: skip
_NAMES = ["a", "b", "name", "x1", "1", "_"]
_TEMPLATES = ["", "x", "$1", "$${1}", "$0", "$$", "$name", "$${name}x", "[$1]", "$2$1", "$",
              "$${", "$a", "$9", "$${a}$${b}", "-$1-", "$1a", "$${1}a", "$x1", "$01"]  # fmt: skip


def _pattern_piece(rng: random.Random, depth: int) -> tuple[str, str]:
    """A piece of a pattern, and a text it matches (or nearly)."""
    kind = rng.random()
    if kind < 0.35:
        sample = rng.choice(_LETTERS[:25] if rng.random() < 0.8 else _LETTERS)
        piece = re.sub(r"([.$\\*+?()\[\]{}|^])", r"\\\1", sample)
    elif kind < 0.5:
        piece, sample = rng.choice(list(_ESCAPES.items()))
    elif kind < 0.62:
        piece, sample = rng.choice(list(_CLASSES.items()))
    elif kind < 0.7:
        piece, sample = rng.choice(list(_ANCHORS.items()))
    elif kind < 0.9 and depth < 3:
        inner, sample = _pattern_body(rng, depth + 1)
        opener = rng.choice(
            ["(", "(", "(?:", "(?:", f"(?P<{rng.choice(_NAMES)}>", "(?i:", "(?s:", "(?U:", "(?m:"]
        )
        piece = opener + inner + ")"
        if opener == "(?i:" and rng.random() < 0.5:
            sample = sample.swapcase()
    elif kind < 0.97:
        sample = piece = rng.choice(_LETTERS[:6])
    else:
        piece, sample = rng.choice(_INVALID), "a"
    if rng.random() < 0.3:
        repeat, (low, high) = rng.choice(list(_REPEATS.items()))
        piece += repeat
        sample *= rng.randint(low, high)
    return piece, sample


def _pattern_body(rng: random.Random, depth: int) -> tuple[str, str]:
    alternatives = []
    for _ in range(1 if rng.random() < 0.7 else rng.randint(2, 3)):
        count = rng.randint(0 if depth else 1, 4)
        alternatives.append([_pattern_piece(rng, depth) for _ in range(count)])
    chosen = rng.choice(alternatives)
    return (
        "|".join("".join(p for p, _ in pieces) for pieces in alternatives),
        "".join(t for _, t in chosen),
    )


def _pattern(rng: random.Random) -> tuple[str, str]:
    body, sample = _pattern_body(rng, 0)
    if rng.random() < 0.15:
        body = rng.choice(["(?i)", "(?s)", "(?m)", "(?U)", "(?i-s)", "(?is)"]) + body
    return body, sample


def _matching_text(rng: random.Random) -> str:
    return "".join(rng.choice(_LETTERS) for _ in range(rng.randint(0, 12)))


def _quoted(text: str) -> str:
    """An HCL string literal for ``text``."""
    out = []
    for char in text:
        if char in '"\\':
            out.append("\\" + char)
        elif char in "\n\r\t":
            out.append({"\n": "\\n", "\r": "\\r", "\t": "\\t"}[char])
        elif ord(char) < 0x20 or char == "\x7f":
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return '"' + "".join(out).replace("${", "$${").replace("%{", "%%{") + '"'


def _regex_call(rng: random.Random, name: str) -> str:
    source, sample = _pattern(rng)
    if rng.random() < 0.7:  # the pattern's own text, often inside others
        sample = _matching_text(rng)[:3] + sample + _matching_text(rng)[:3]
        if rng.random() < 0.3:
            sample = sample * rng.randint(2, 3)
    else:
        sample = _matching_text(rng)
    pattern, text = _quoted(source), _quoted(sample)
    if rng.random() < 0.05:
        pattern, text = rng.choice([(pattern, "unknown"), ("unknown", text), ("nothing", text)])
    if name in ("regex", "regexall"):
        return f"{name}({pattern}, {text})"
    template = rng.choice(_TEMPLATES) if rng.random() < 0.8 else _quoted(_matching_text(rng))[1:-1]
    return f'{name}({text}, {pattern}, "{template}")'


def _replace_call(rng: random.Random) -> str:
    text = _matching_text(rng)
    start = rng.randint(0, len(text))
    old = text[start : start + rng.randint(0, 3)] if rng.random() < 0.7 else _matching_text(rng)
    new = _matching_text(rng)[:4]
    return f"replace({_quoted(text)}, {_quoted(old)}, {_quoted(new)})"


_SPECIAL = {
    "regex": lambda rng: _regex_call(rng, "regex"),
    "regexall": lambda rng: _regex_call(rng, "regexall"),
    "regex_replace": lambda rng: _regex_call(rng, "regex_replace"),
    "replace": _replace_call,
}


def _call(rng: random.Random, name: str) -> str:
    special = _SPECIAL.get(name)
    if special is not None and rng.random() < 0.9:
        return special(rng)
    fn = STDLIB[name]
    count = len(fn.params) + (rng.randint(0, 2) if fn.var_param is not None else 0)
    if rng.random() < 0.05:
        count = max(0, count + rng.choice([-1, 1]))
    return f"{name}({', '.join(_arg(rng) for _ in range(count))})"


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


_REFUSED = re.compile("hcldecode cannot run this pattern|could take more than [0-9]+ steps")


def _exact(text: str) -> Any:
    """JSON with its numbers kept as written, so that they compare digit by digit."""
    return json.loads(text, parse_float=str, parse_int=str)


def ours(src: str, ctx: EvalContext) -> dict[str, object]:
    expr, diags = parse_expression(src, "t.hcl")
    value, diags = expr.value(ctx)
    found: dict[str, object] = {
        "type": json.loads(go_json_text(type_to_json(value.type))),
        "diags": [[d.summary, _as_go_1_12(d.detail or ""), str(d.subject or "")] for d in diags],
    }
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
    parser.add_argument("--functions", help="only these functions (names separated by commas)")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    names = sorted(args.functions.split(",")) if args.functions else sorted(STDLIB)
    calls = [_call(rng, names[i % len(names)]) for i in range(args.count)]
    done = subprocess.run(
        [args.gofuncs],
        input="".join(json.dumps(c) + "\n" for c in calls),
        capture_output=True,
        text=True,
        check=True,
    )
    ctx = EvalContext(
        {"unknown": Value.unknown(STRING), "nothing": Value.null(STRING)}, dict(STDLIB)
    )
    agree: Counter[str] = Counter()
    total: Counter[str] = Counter()
    differ = []
    panics = unified = refused = 0
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
        elif any(_REFUSED.search(d[1]) for d in mine["diags"]):  # type: ignore[attr-defined]
            refused += 1  # a pattern Python's re could take too long on (compatibility.md)
        else:
            differ.append(f"{call}\n  ours:   {mine}\n  theirs: {theirs}")
    print(
        f"functions: {sum(agree.values())} of {len(calls)} calls agree; in {panics} more, "
        "go-cty panics (indent with a negative count, a null key in zipmap...), "
        "its message a Go stack trace; "
        f"in {unified} more, coalesce or a collection conversion unifies types as the "
        "specification says; "
        f"in {refused} more, hcldecode refuses a regular expression it cannot run as Go does "
        "or in bounded time"
    )
    for name in names:
        print(f"  {name:<11} {agree[name]:5} of {total[name]}")
    for text in differ[:25]:
        print(text)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
