"""Differential test of the standard library functions against go-cty's.

Generates seeded random calls of every function of
:data:`hcldecode.values.STDLIB` (strings with spaces, newlines, non-ASCII
letters and combining marks; numbers of every sign and size; nulls,
unknowns, lists with nulls, wrong types and argument counts; for
``format`` and ``formatlist``, format strings with every verb, flag, width,
precision and index, malformed ones, and arguments that fit their verbs
and that do not), evaluates each with hcldecode and with the Go program
``tools/gofuncs`` (go-cty's ``function/stdlib`` as Debian ships it, under
the same names), and compares the values and the diagnostics (summary,
detail, subject).

Usage: ``python tools/differential_functions.py GOFUNCS [--count N] [--seed N]
[--functions NAME,...]``. Exits 1 when a call differs.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import subprocess
import sys
from collections import Counter
from typing import Any, cast

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


# --------------------------------------------------------------------------- format, formatlist

_VERB_LETTERS = "vvvdddsssqtbboxXeEfgG"
_OTHER_LETTERS = "acpTUwzZ"
_FLAG_CHARS = " #+-0"
# Widths and precisions: mostly small; some past Go fmt's limit (NOVERB for
# numbers) or wrapping around as a 64-bit int (go-cty's own, for strings).
_BIG_SIZES = ["1000001", "10000009", "10000010", "99999999999", "0009", "1234567",
              "18446744073709551621", "9223372036854775808", "18446744073709551615"]  # fmt: skip
# Pieces of HCL source (escapes are HCL's): literal text and string arguments.
_FORMAT_TEXT = ["a", " ", "é", "日本", r"e\u0301", r"\n", r"\t", r"\"", "$", "100%%", "%%",
                "<&>", "x:", "🇫🇷", r"👩\u200d👩\u200d👧", r"\\", "€", r"\u0000"]  # fmt: skip
_STRING_ARGS = ["", "a", "abc", "héllo", r"e\u0301\u0301x", "日本語", "👍🏽ok", "🇫🇷🇩🇪",
                r"a\r\nb", r"tab\there", r"\"q\"", "<a&b>", r"\u2028", "12", "-7", "1.5",
                "1e3", "true", "false", "inf", "0x10", " 1", "가각", r"\u1100\u1161\u11a8",
                r"👩\u200d👩\u200d👧x", r"\u0000", "%d"]  # fmt: skip
_NUMBER_ARGS = ["0", "1", "-1", "7", "42", "255", "-255", "1000000", "100000", "123456",
                "123456789", "9007199254740993", "9223372036854775808", "-9223372036854775808",
                "18446744073709551616", "100000000000000000000", "1e21", "1e154", "1e200",
                "123456789e150", "0.5", "1.5", "2.5", "-0.5", "0.125", "0.375", "-2.5", "9.5",
                "99.5", "1234.5", "0.1", "0.01", "1e-5", "0.0001", "0.00001", "1.23456789e-7",
                "3.14159", "99.995", "0.0005", "1e-300", "-123.456e-200", "1/3", "2/3",
                "(-10/7)", "(1e10/3)", "1/0", "-1/0", "6.02214076e23", "0.000123456",
                "999999.5", "9.999999e6", "1e-4", "1e-7", "2e6", "0.05", "1.005"]  # fmt: skip
_OTHER_ARGS = ["true", "false", "null", "nothing", "unknown", "[1, 2]", '["a", "b"]', "[]",
               "{}", '{a = 1, b = "x"}', '{"k" = [true, null]}', 'tomap({b = 1, a = 2})',
               "toset([3, 1, 2])", 'toset(["b", "a"])', "[unknown]", "{a = unknown}",
               'tolist(["x", null])', "[1/0]", "[[1], {}]", "tolist([])"]  # fmt: skip


def _size(rng: random.Random, first: str) -> str:
    if rng.random() < 0.03:
        return rng.choice(_BIG_SIZES)
    return rng.choice(first) + "".join(rng.choice("0123456789") for _ in range(rng.randint(0, 1)))


def _verb(rng: random.Random) -> tuple[str, str, int | None]:
    """A verb for format (sometimes malformed), its letter and its argument index."""
    if rng.random() < 0.04:
        return "%%", "%", None
    letter = rng.choice(_VERB_LETTERS if rng.random() < 0.95 else _OTHER_LETTERS)
    parts = ["%", "".join(rng.choice(_FLAG_CHARS) for _ in range(rng.choice([0, 0, 1, 1, 2, 3])))]
    if rng.random() < 0.4:
        parts.append(_size(rng, "123456789"))
    if rng.random() < 0.35:
        parts.append("." + ("" if rng.random() < 0.1 else _size(rng, "0123456789")))
    index = None
    if rng.random() < 0.15:
        text = rng.choice(["1", "2", "3", "1", "2", "4"])
        if rng.random() < 0.05:
            text = rng.choice(
                ["0", "", "18446744073709551616", "18446744073709551617", "9223372036854775808"]
            )
        parts.append(f"[{text}]")
        index = int(text) if text in "1234" and text else None
    parts.append(letter)
    verb = "".join(parts)
    if rng.random() < 0.04:  # malformed: cut short, or a stray character
        cut = rng.randint(1, len(verb) - 1)
        verb = verb[:cut] + rng.choice(["", "*", "!", "é", ".", "%", "[", "]", "-", " "])
    if letter in "vsq" and any(big in verb for big in _BIG_SIZES[:5]):
        verb = "%" + letter  # go-cty would pad a string to millions of characters
    return verb, letter, index


def _format_string(rng: random.Random) -> tuple[str, list[str]]:
    """A format string as HCL source, and the letter of the verb that takes each argument."""
    parts: list[str] = []
    letters: dict[int, str] = {}
    next_arg = 1
    for _ in range(rng.choice([0, 1, 1, 2, 2, 3, 3, 4])):
        if rng.random() < 0.3:
            parts.append(rng.choice(_FORMAT_TEXT))
            continue
        verb, letter, index = _verb(rng)
        parts.append(verb)
        if letter != "%":
            number = index or next_arg
            letters[number] = letter
            next_arg = number + 1
    count = max(letters, default=0)
    return '"' + "".join(parts) + '"', [letters.get(i, "v") for i in range(1, count + 1)]


def _number_arg(rng: random.Random, whole: bool = False) -> str:
    if rng.random() < 0.2:
        digits = str(rng.randint(1, 9)) + "".join(
            rng.choice("0123456789") for _ in range(rng.randint(0, 40))
        )
        if rng.random() < 0.5 and not whole:
            cut = rng.randint(1, len(digits))
            digits = f"{digits[:cut]}.{digits[cut:] or '0'}e{rng.randint(-330, 110)}"
        return ("-" if rng.random() < 0.3 else "") + digits
    if rng.random() < 0.1 and not whole:  # an exact binary fraction: ties when rounded
        return str(rng.randint(1, 4000) / 2 ** rng.randint(1, 12))
    while True:
        n = rng.choice(_NUMBER_ARGS)
        if not whole or ("." not in n and "/" not in n and "e-" not in n):
            return n


def _format_arg(rng: random.Random, letter: str) -> str:
    """An argument for a verb: mostly one that fits it."""
    roll = rng.random()
    if roll < 0.1:
        return rng.choice(_OTHER_ARGS)
    if roll < 0.18:
        return _number_arg(rng) if rng.random() < 0.5 else f'"{rng.choice(_STRING_ARGS)}"'
    if letter in "bdoxX":
        return _number_arg(rng, whole=rng.random() < 0.85)
    if letter in "eEfgG":
        return _number_arg(rng) if rng.random() < 0.95 else f'"{rng.choice(_STRING_ARGS)}"'
    if letter == "t":
        return rng.choice(["true", "false", '"true"', '"false"', '"1"', '"yes"', "1"])
    if letter in "sq":
        return f'"{rng.choice(_STRING_ARGS)}"' if rng.random() < 0.8 else _number_arg(rng)
    if rng.random() < 0.4:
        return _number_arg(rng)
    return f'"{rng.choice(_STRING_ARGS)}"' if rng.random() < 0.5 else rng.choice(_OTHER_ARGS)


def _argument_letters(rng: random.Random, letters: list[str]) -> list[str]:
    """The letters of the verbs, for one argument too few or too many now and then."""
    roll = rng.random()
    if roll < 0.05 and letters:
        return letters[:-1]
    if roll < 0.1:
        return [*letters, "v"]
    return letters


def _format_call(rng: random.Random) -> str:
    template, letters = _format_string(rng)
    args = [template] + [_format_arg(rng, letter) for letter in _argument_letters(rng, letters)]
    return f"format({', '.join(args)})"


def _sequence(rng: random.Random, letter: str, length: int) -> str:
    """A tuple, or a list or set of numbers or strings (of one type, whatever unifies)."""
    kind = rng.random()
    if kind < 0.25:
        make = _number_arg if letter in "bdoxXeEfgG" else lambda r: f'"{r.choice(_STRING_ARGS)}"'
        items = [make(rng) for _ in range(length)]
    else:
        items = [_format_arg(rng, letter) for _ in range(length)]
    if rng.random() < 0.1 and items:
        items[rng.randrange(len(items))] = rng.choice(["unknown", "null"])
    if kind < 0.1:
        return f"toset([{', '.join(items)}])"
    if kind < 0.25:
        return f"tolist([{', '.join(items)}])"
    return f"[{', '.join(items)}]"


def _formatlist_call(rng: random.Random) -> str:
    template, letters = _format_string(rng)
    length = rng.choice([0, 1, 2, 3, 3])
    args = [template]
    for letter in _argument_letters(rng, letters):
        roll = rng.random()
        if roll < 0.5:
            this = length if rng.random() < 0.95 else rng.randint(0, 4)
            args.append(_sequence(rng, letter, this))
        elif roll < 0.55:
            args.append(
                rng.choice(
                    [
                        "unknown",
                        "null",
                        "[unknown, 1]",
                        'unknown == "a" ? tolist([1]) : tolist([2])',
                    ]
                )
            )
        else:
            args.append(_format_arg(rng, letter))
    return f"formatlist({', '.join(args)})"


_SPECIAL_CALLS = {"format": _format_call, "formatlist": _formatlist_call}


def _call(rng: random.Random, name: str) -> str:
    if name in _SPECIAL_CALLS:
        return _SPECIAL_CALLS[name](rng)
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


# hcldecode's message for a function result longer than hcl.Limits allows.
_LIMITED = re.compile(
    r"failed: the (?:(?:result|strings of the result) would be longer than|format string "
    r"would (?:apply more than|be read)) \d+ "
)


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
    parser.add_argument(
        "--functions", help="comma-separated names: call only these (default: every function)"
    )
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
    panics = unified = limited = 0
    for call, line in zip(calls, done.stdout.splitlines(), strict=True):
        name = call.split("(", 1)[0]
        total[name] += 1
        theirs = _exact(line)
        if theirs.get("type") == "number" and theirs.get("value") == "-0":
            # hcldecode has no negative zero (compatibility.md)
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
        elif any(_LIMITED.search(detail) for _, detail, _ in cast(list[list[str]], mine["diags"])):
            limited += 1  # a result longer than hcl.Limits allows (docs/compatibility.md)
        else:
            differ.append(f"{call}\n  ours:   {mine}\n  theirs: {theirs}"[:3000])
    print(
        f"functions: {sum(agree.values())} of {len(calls)} calls agree; in {panics} more, "
        "go-cty panics (indent with a negative count, a null key in zipmap...), "
        "its message a Go stack trace; "
        f"in {unified} more, coalesce or a collection conversion unifies types as the "
        f"specification says; in {limited} more, the result would pass hcldecode's "
        "string length limit"
    )
    for name in names:
        print(f"  {name:<11} {agree[name]:5} of {total[name]}")
    for text in differ[:25]:
        print(text)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
