"""Differential test of the standard library functions against go-cty's.

Generates seeded random calls of every function of
:data:`hcldecode.functions.STDLIB` (strings with spaces, newlines, non-ASCII
letters and combining marks; numbers of every sign and size; nulls,
unknowns, lists with nulls, wrong types and argument counts; for the date
functions, timestamps, layouts and durations, half of them valid; for
``format`` and ``formatlist``, format strings with every verb, flag, width,
precision and index, malformed ones, and arguments that fit their verbs
and that do not; RE2 patterns, valid and not, with texts they often match,
for ``regex``, ``regexall`` and ``regex_replace``; substrings of the text
for ``replace``), evaluates each with hcldecode and with the Go program
``tools/differential/go/gofuncs`` (go-cty's ``function/stdlib`` as Debian
ships it, under the same names), and compares the values and the diagnostics (summary,
detail, subject).

The regular-expression functions match with Google's RE2 when google-re2
is installed (``pip install hcldecode[re2]``), else with Python's ``re``,
which refuses some patterns; ``--engine re`` uses Python's ``re`` even when
RE2 is there, ``--engine re2`` fails at once when it is not (the default,
``auto``, takes RE2 when it imports). The first line of the report names
the engine.

Usage: ``python tools/differential/differential_functions.py GOFUNCS [--count N] [--seed N]
[--functions NAME,...] [--engine auto|re2|re]``. Exits 1 when a call differs.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import random
import re
import subprocess
import sys
from collections import Counter
from typing import Any, cast

from hcldecode.functions import STDLIB
from hcldecode.functions._regex import matching_with_python_re
from hcldecode.model import EvalContext
from hcldecode.native import parse_expression
from hcldecode.values import BYTES, NUMBER, STRING, Value, type_to_json, value_to_json
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


# --------------------------------------------------------------------------- dates and times


def _pick(rng: random.Random, *choices: list[str]) -> str:
    return rng.choice(rng.choice(choices))


_YEARS = ["2020", "0000", "9999", "1970", "2000", "1900", "2024", "0001", "1969", "2100"]
_BAD_YEARS = ["20", "202", "20x1", "+202", "-202", "12345", " 2020", "２０２０", "0x20", "19é"]
_MONTHS = [f"{m:02d}" for m in range(1, 13)]
_BAD_MONTHS = ["00", "13", "1", "99", "0x", "-1", "+1", ""]
_DAYS = [f"{d:02d}" for d in (1, 2, 9, 10, 15, 28, 29, 30, 31)]
_BAD_DAYS = ["00", "32", "1", "99", "3x", ""]
_HOURS = ["00", "01", "09", "11", "12", "13", "23", "1", "9", "0"]
_BAD_HOURS = ["24", "99", "x", "", "+1", "-1", "001"]
_SIXTY = ["00", "01", "09", "30", "59"]
_BAD_SIXTY = ["60", "61", "99", "5", "x", "", "+1", "5x"]
_FRACTIONS = ["", "", "", ".5", ",5", ".123456789", ".1234567891234", ".999999999", ".0000000009",
              ".000000001", ".5000000001"]  # fmt: skip
_BAD_FRACTIONS = [".", ".x", ",", "..5", ".5.5", "e5"]
_OFFSETS = ["Z", "Z", "Z", "+00:00", "-00:00", "+05:30", "-08:00", "+14:00", "-12:00", "+01:00"]
_BAD_OFFSETS = ["z", "+99:99", "+-1:00", "-05:-30", "+1:00", "+0100", "+01", "+01:0", "++1:00",
                "", "Z ", "+01:00x", "UTC", " Z", "+01:00:00", "-+1:+1", "+24:00", "+00:60",
                "*01:00", "+0é:00", "+00:0é"]  # fmt: skip
_CHUNKS = ["0", "9", "-", ":", "T", "t", " ", "Z", ".", "é", "+"]


def _timestamp_text(rng: random.Random) -> str:
    """An RFC 3339 timestamp, or (a quarter of the time) one with a mistake."""
    bad = rng.random() < 0.25
    wrong = rng.randint(0, 8) if bad else -1

    def part(which: int, good: list[str], odd: list[str]) -> str:
        return _pick(rng, good, odd) if which == wrong else rng.choice(good)

    parts = [
        part(0, _YEARS, _BAD_YEARS),
        "-",
        part(1, _MONTHS, _BAD_MONTHS),
        "-",
        part(2, _DAYS, _BAD_DAYS),
        rng.choice(["t", " ", "", "TT"]) if wrong == 3 else "T",
        part(4, _HOURS, _BAD_HOURS),
        ":",
        part(5, _SIXTY, _BAD_SIXTY),
        ":",
        part(6, _SIXTY, _BAD_SIXTY),
        part(7, _FRACTIONS, _BAD_FRACTIONS),
        part(8, _OFFSETS, _BAD_OFFSETS),
    ]
    if parts[2] == "02" and rng.random() < 0.5:
        parts[4] = rng.choice(["28", "29", "30"])
    text = "".join(parts)
    if bad and rng.random() < 0.3:
        cut = rng.randint(0, len(text))
        how = rng.randint(0, 2)
        if how == 0:
            text = text[:cut]
        elif how == 1:
            text = text[:cut] + text[cut + 1 :]
        else:
            text = text[:cut] + rng.choice(_CHUNKS) + text[cut:]
    return json.dumps(text, ensure_ascii=False)


# Each directive letter with the lengths it has.
_DIRECTIVES = {"Y": (2, 4), "M": (1, 2, 3, 4), "D": (1, 2), "E": (3, 4), "h": (1, 2), "H": (1, 2),
               "A": (2,), "a": (2,), "m": (1, 2), "s": (1, 2), "Z": (1, 3, 4, 5)}  # fmt: skip
_OTHER_LETTERS = "xyzbcdfgijklnopqrtuvwBCFGIJKLNOPQRSTUVWX"
_LITERALS = ["-", ":", " ", "/", "T", "é", "日本", ",", "0", "12", "\n", "$", ".", '"', "\\"]
_QUOTED = ["''", "'abc'", "'it''s'", "'Y'", "'a'''", "' '", "'日本'", "'e\u0301'", "'e'\u0301",
           "'MM'''"]  # fmt: skip
_BAD_QUOTES = ["'", "'o''clock", "'''", "'a''", "'abc"]
_COMMON_LAYOUTS = ["YYYY-MM-DD", "hh:mm:ss", "EEEE, DD MMMM YYYY", "H:mm AA", "ZZZZZ",
                   "YYYYMMDDhhmmss", "D/M/YY h:m:s aa Z ZZZ ZZZZ", "EEE MMM D"]  # fmt: skip


def _layout_text(rng: random.Random) -> str:
    """A formatdate layout: directives of every length, other letters, literals, quotes;
    a quarter of them with one mistake (a wrong length, another letter, a lone quote)."""
    tokens = [rng.choice(_COMMON_LAYOUTS)] if rng.random() < 0.3 else []
    for _ in range(rng.randint(0, 6)):
        kind = rng.random()
        if kind < 0.6:
            letter = rng.choice(list(_DIRECTIVES))
            tokens.append(letter * rng.choice(_DIRECTIVES[letter]))
        elif kind < 0.9:
            tokens.append(rng.choice(_LITERALS))
        else:
            tokens.append(rng.choice(_QUOTED))
    if rng.random() < 0.25:
        letter = rng.choice(list(_DIRECTIVES))
        mistake = rng.choice(
            [
                letter * rng.choice([n for n in range(1, 7) if n not in _DIRECTIVES[letter]]),
                rng.choice(_OTHER_LETTERS) * rng.randint(1, 3),
                rng.choice(_BAD_QUOTES),
            ]
        )
        tokens.insert(rng.randint(0, len(tokens)), mistake)
    text = json.dumps("".join(tokens), ensure_ascii=False)
    return text.replace("${", "$${").replace("%{", "%%{")


_AMOUNTS = ["1", "0", "10", "1.5", ".5", "5.", "0.000000001", "00", "1.9999999999",
            "3.6", "7", "123.456", "0.5", "90", "0.3333333333333333333333333", "2562047", "106751",
            "1.000000000000000000001", "0.0000000000000000000000001"]  # fmt: skip
_HUGE_AMOUNTS = ["153722867", "9223372036854775807", "9223372036854775808", "15250284452.471",
                 "2562048", "9223372036.854775807", "9223372036.854775808", "9223372036854775809",
                 "99999999999999999999"]  # fmt: skip
_BAD_AMOUNTS = [".", "", "1e3", "0x1", "-1", "1_000", "１"]
_UNITS = ["ns", "us", "µs", "μs", "ms", "s", "m", "h", "h", "m", "s"]
_BAD_UNITS = ["", "d", "H", "x", "é", " ", "mss", "sm", "\t", "S", "µ", "hr"]
_ODD_DURATIONS = ["0", "-0", "+0", "", "+", "-", "00", "1h-1m", ".", "1.h", " 1h", "1h ", "--1h",
                  "+-1h", "-9223372036854775808ns", "9223372036854775807ns",
                  "9223372036854775808ns", "2562047h47m16.854775807s", "-2562047h47m16.854775808s",
                  "2562047h47m16.854775808s", "-0.0s", '1"h', "1\\h",
                  "9223372036.854775808s9223372036854775808ns"]  # fmt: skip


def _duration_text(rng: random.Random) -> str:
    """A Go duration: amounts of every size with every unit, signs; some with a mistake."""
    if rng.random() < 0.1:
        return json.dumps(rng.choice(_ODD_DURATIONS), ensure_ascii=False)
    parts = [
        [rng.choice(_HUGE_AMOUNTS if rng.random() < 0.15 else _AMOUNTS), rng.choice(_UNITS)]
        for _ in range(rng.randint(1, 3))
    ]
    if rng.random() < 0.2:
        which = rng.choice(parts)
        if rng.random() < 0.5:
            which[0] = rng.choice(_BAD_AMOUNTS)
        else:
            which[1] = rng.choice(_BAD_UNITS)
    text = rng.choice(["", "", "", "-", "+"]) + "".join(a + u for a, u in parts)
    return json.dumps(text, ensure_ascii=False)


# Arguments that make sense to a function, for most of its calls.
_MEANINGFUL = {
    "formatdate": lambda rng: [_layout_text(rng), _timestamp_text(rng)],
    "timeadd": lambda rng: [_timestamp_text(rng), _duration_text(rng)],
}


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
    if name in _SPECIAL_CALLS:
        return _SPECIAL_CALLS[name](rng)
    special = _SPECIAL.get(name)
    if special is not None and rng.random() < 0.9:
        return special(rng)
    fn = STDLIB[name]
    if name in _MEANINGFUL and rng.random() < 0.9:
        return f"{name}({', '.join(_MEANINGFUL[name](rng))})"
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


# hcldecode's message for a function result longer than hcl.Limits allows.
_LIMITED = re.compile(
    r"failed: the (?:(?:result|strings of the result) would be longer than|format string "
    r"would (?:apply more than|be read)) \d+ "
)


_REFUSED = re.compile("hcldecode cannot run this pattern|could take more than [0-9]+ steps")


def _go_string(data: bytes) -> str:
    """Bytes as Go's JSON encoder writes ``string(data)``: each byte that does not
    start a whole UTF-8 sequence becomes U+FFFD."""
    out: list[str] = []
    i = 0
    while i < len(data):
        for size in (1, 2, 3, 4):
            try:
                out.append(data[i : i + size].decode())
            except UnicodeDecodeError:
                continue
            i += size
            break
        else:
            out.append("\ufffd")
            i += 1
    return "".join(out)


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
        found["value"] = _go_string(buffer) if isinstance(buffer, bytes) else "unknown"
        return found
    found["type"] = json.loads(go_json_text(type_to_json(value.type)))
    if not value.is_wholly_known:
        found["value"] = "unknown"
    elif value.type == NUMBER and not value.is_null and isinstance(value.as_number(), float):
        found["value"] = "+Inf" if value.as_number() > 0 else "-Inf"  # as Go prints them
    else:
        found["value"] = _exact(go_json_text(value_to_json(value, value.type)))
    return found


# Functions of later go-cty versions than Debian's 1.12.1 (tests/functions/test_stdlib.py
# has them).
_NEWER = {"assertnotnull"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("gofuncs")
    parser.add_argument("--count", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--functions", help="only these functions (names separated by commas)")
    parser.add_argument(
        "--engine",
        choices=["auto", "re2", "re"],
        default="auto",
        help="what matches regular expressions: RE2 (google-re2), Python's re, or RE2 when "
        "installed (the default)",
    )
    args = parser.parse_args(argv)
    has_re2 = importlib.util.find_spec("re2") is not None
    if args.engine == "re2" and not has_re2:
        parser.error("--engine re2 needs google-re2 (pip install hcldecode[re2])")
    engine = "re" if args.engine == "re" or not has_re2 else "re2"
    print(f"regular expressions matched with {'RE2' if engine == 're2' else 'Python re'}")
    rng = random.Random(args.seed)
    names = sorted(args.functions.split(",") if args.functions else set(STDLIB) - _NEWER)
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
    panics = unified = limited = refused = refined = negative = 0
    for call, line in zip(calls, done.stdout.splitlines(), strict=True):
        name = call.split("(", 1)[0]
        total[name] += 1
        theirs = _exact(line)
        if theirs.get("value") == "-0" and theirs.get("type") == "number":
            theirs["value"] = "0"  # hcldecode has no negative zero (compatibility.md)
            theirs["value"] = "0"
        if "error" in theirs:  # the Go program itself failed
            differ.append(f"{call}\n  theirs: {theirs}")
            continue
        with matching_with_python_re() if engine == "re" else contextlib.nullcontext():
            mine = ours(call, ctx)
        if mine == theirs:
            agree[name] += 1
        elif any("panic in function implementation" in d[1] for d in theirs["diags"]):
            panics += 1  # go-cty crashed (indent with a negative count, say)
        elif name in ("coalesce", "tolist", "tomap", "toset"):
            unified += 1  # types unify as the specification says (docs/compatibility.md)
        elif any(_LIMITED.search(detail) for _, detail, _ in cast(list[list[str]], mine["diags"])):
            limited += 1  # a result longer than hcl.Limits allows (docs/compatibility.md)
        elif any(_REFUSED.search(detail) for _, detail, _ in cast(list[list[str]], mine["diags"])):
            refused += 1  # a pattern Python's re could take too long on (compatibility.md)
        elif name == "element" and any("negative index" in d[1] for d in theirs["diags"]):
            # go-cty 1.15 and later (1.16 is followed) count a negative index
            # from the end, where 1.12.1 refuses it (docs/compatibility.md).
            negative += 1
        elif "unknown" in call and theirs["value"] == "unknown":
            # go-cty 1.12.1 has no refinements: where a refined unknown decides
            # a result (a conditional over two lists of one length is a known
            # list, docs/refinements.md), the newer reference agrees with us.
            refined += 1
        else:
            differ.append(f"{call}\n  ours:   {mine}\n  theirs: {theirs}"[:3000])
    print(
        f"functions: {sum(agree.values())} of {len(calls)} calls agree; in {panics} more, "
        "go-cty panics (indent with a negative count, a null key in zipmap...), "
        "its message a Go stack trace; "
        f"in {unified} more, coalesce or a collection conversion unifies types as the "
        f"specification says; in {limited} more, the result would pass hcldecode's "
        f"string length limit; in {refused} more, hcldecode refuses a regular expression "
        "it cannot run as Go does or in bounded time; in "
        f"{refined} more, refinements of unknown values (go-cty 1.13+) decide what 1.12.1 "
        f"leaves unknown; in {negative} more, element takes a negative index (go-cty 1.15+)"
    )
    for name in names:
        print(f"  {name:<11} {agree[name]:5} of {total[name]}")
    for text in differ[:25]:
        print(text)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
