"""format and formatlist against go-cty 1.12.1, and their limits.

Each case of CASES is a call and what ``tools/gofuncs`` (go-cty's own
functions, built with Go 1.19) gives for it: the type and value (go-cty's
JSON encoding, or "unknown") and the diagnostics. The bombs after them are
format strings that ask for gigabytes: each is refused with one diagnostic,
before anything large is built.
"""

from __future__ import annotations

import hashlib
import json
import tracemalloc
from typing import Any

import pytest

from hcldecode.functions import STDLIB
from hcldecode.model import EvalContext
from hcldecode.native import parse_expression
from hcldecode.values import (
    STRING,
    Limits,
    Value,
    encode_json,
    type_to_json,
)

# The variables tools/gofuncs gives its expressions too.
VARIABLES = {"unknown": Value.unknown(STRING), "nothing": Value.null(STRING)}
CTX = EvalContext(VARIABLES, dict(STDLIB))

# (Conversion errors are go-cty 1.13's, which names the type given: "number
# required, but have bool" where 1.12.1 says "number required".)

CASES = [
    (
        'format("Hello, %s! You are %d.", "Ada", 36)',
        {"type": "string", "value": "Hello, Ada! You are 36.", "diags": []},
    ),
    (
        ('format("%v|%v|%v|%v|%v", "text", 1.5, true, null, [1, "a"])'),
        {"type": "string", "value": 'text|1.5|true|null|[1,"a"]', "diags": []},
    ),
    (
        ('format("%#v|%#v|%#v", "text", 1000000, {b = 1, a = [true, null]})'),
        {"type": "string", "value": '"text"|1000000|{"a":[true,null],"b":1}', "diags": []},
    ),
    (
        'format("%v|%v|%v|%v", 100000, 1000000, 0.0001, 0.00001)',
        {"type": "string", "value": "100000|1e+06|0.0001|1e-05", "diags": []},
    ),
    (
        'format("%v", 1/3)',
        {
            "type": "string",
            "value": (
                "0.33333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333335"
            ),
            "diags": [],
        },
    ),
    (
        'format("%t|%t|%t", true, "false", "1")',
        {"type": "string", "value": "true|false|true", "diags": []},
    ),
    (
        ('format("%b|%o|%x|%X|%#b|%#o|%#x|%#X|%d", 5, 8, 255, 255, 5, 0, 255, -255, -42)'),
        {"type": "string", "value": "101|10|ff|FF|0b101|00|0xff|-0XFF|-42", "diags": []},
    ),
    (
        (
            'format("[%+d][% '
            'd][%05d][%-5d][%+05d][%.5d][%8.3d][%5.0d]", 3, 3, -42, '
            "42, 42, 7, -7, 0)"
        ),
        {
            "type": "string",
            "value": "[+3][ 3][-0042][42   ][+0042][00007][    -007][]",
            "diags": [],
        },
    ),
    (
        'format("%d", 123456789012345678901234567890)',
        {"type": "string", "value": "123456789012345678901234567890", "diags": []},
    ),
    (
        ('format("%e|%E|%.2e|%.0e|%.0e|%.0e", 123456.789, 0.000123, 1/3, 5, 25, 35)'),
        {
            "type": "string",
            "value": "1.234568e+05|1.230000E-04|3.33e-01|5e+00|2e+01|4e+01",
            "diags": [],
        },
    ),
    (
        (
            'format("%f|%.2f|%.0f|%.0f|%.0f|%.1f|%.2f|%.2f", 3.14159, '
            "2.675, 0.5, 1.5, 2.5, 0.25, 0.125, 0.375)"
        ),
        {"type": "string", "value": "3.141590|2.67|0|2|2|0.2|0.12|0.38", "diags": []},
    ),
    (
        (
            'format("%g|%G|%.3g|%.10g|%g|%g", 1e21, 1e-10, 1234567, '
            "1234567, 123456789012345678901234567890, 0.1)"
        ),
        {
            "type": "string",
            "value": ("1e+21|1E-10|1.23e+06|1234567|1.2345678901234567890123456789e+29|0.1"),
            "diags": [],
        },
    ),
    (
        (
            'format("[%08.3f][%-8.3f][%+.3e][% .3E][%08g][%+g]", '
            "-3.14159, 3.14159, 12345.678, 12345.678, 1e-7, 0)"
        ),
        {
            "type": "string",
            "value": "[-003.142][3.142   ][+1.235e+04][ 1.235E+04][0001e-07][+0]",
            "diags": [],
        },
    ),
    (
        'format("%.40f", 0.1)',
        {"type": "string", "value": "0.1000000000000000000000000000000000000000", "diags": []},
    ),
    (
        'format("%.3e|%g|%f", 1e-300, 1e-300, 1e-10)',
        {"type": "string", "value": "1.000e-300|1e-300|0.000000", "diags": []},
    ),
    (
        ('format("%e|%f|%+g|% G|%08e|%-6e|", 1/0, -1/0, 1/0, 1/0, -1/0, 1/0)'),
        {"type": "string", "value": "+Inf|-Inf|+Inf| Inf|    -Inf|+Inf  |", "diags": []},
    ),
    (
        (
            'format("[%5s][%-5s][%05s][%-05s][%.2s][%.0s][%5.1s]", '
            '"ab", "ab", "ab", "ab", "日本語", "abc", "xyz")'
        ),
        {"type": "string", "value": "[   ab][ab   ][000ab][ab000][日本][abc][    x]", "diags": []},
    ),
    (
        (
            'format("[%4s][%4s][%4s][%-3s|]", "e\\u0301", "日本", '
            '"👩\\u200d👩\\u200d👧", "a\\r\\nb")'
        ),
        {"type": "string", "value": "[   é][  日本][   👩\u200d👩\u200d👧][a\r\nb|]", "diags": []},
    ),
    (
        'format("%q|%q|%8q|%.1q", "a\\"b", "<&>\\u2028", "é", "日本")',
        {
            "type": "string",
            "value": '"a\\"b"|"\\u003c\\u0026\\u003e\\u2028"|     "é"|"日"',
            "diags": [],
        },
    ),
    (
        'format("%s|%s|%s|%s", 1.5, 1e21, true, -1/3)',
        {
            "type": "string",
            "value": (
                "1.5|1000000000000000000000|true|-0.33333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333335"
            ),
            "diags": [],
        },
    ),
    (
        ('format("[%10v][%-10v][%010v][%-010v]", [1], true, null, "x")'),
        {
            "type": "string",
            "value": "[       [1]][true      ][000000null][x000000000]",
            "diags": [],
        },
    ),
    (
        'format("%[2]s %[1]s %s|%[3]d", "a", "b", 3)',
        {"type": "string", "value": "b a b|3", "diags": []},
    ),
    ('format("100%% sure: %d%%", 99)', {"type": "string", "value": "100% sure: 99%", "diags": []}),
    (
        'format("%01000000000d|%.1000000000f", 5, 1.5)',
        {
            "type": "string",
            "value": ("%!(NOVERB)%!(EXTRA *big.Int=5)|%!(NOVERB)%!(EXTRA *big.Float=1.5)"),
            "diags": [],
        },
    ),
    (
        ('format("%18446744073709551621s|%9223372036854775808s|", "x", "y")'),
        {"type": "string", "value": "    x|y|", "diags": []},
    ),
    (
        'format("%d")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    (
                        'Call to function "format" failed: not enough arguments '
                        'for "%d" at 0: need index 1 but have 0 total.'
                    ),
                    "t.hcl:1,1-8",
                ]
            ],
        },
    ),
    (
        'format("%[3]d", 1, 2)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    (
                        'Call to function "format" failed: not enough arguments '
                        'for "%[3]d" at 0: need index 3 but have 2 total.'
                    ),
                    "t.hcl:1,1-8",
                ]
            ],
        },
    ),
    (
        'format("%[9223372036854775808]d", 1)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    (
                        'Call to function "format" failed: not enough arguments '
                        'for "%[9223372036854775808]d" at 0: need index '
                        "-9223372036854775808 but have 1 total."
                    ),
                    "t.hcl:1,1-8",
                ]
            ],
        },
    ),
    (
        'format("%d", 1, 2)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    (
                        'Invalid value for "args" parameter: too many arguments; '
                        "only 1 used by format string."
                    ),
                    "t.hcl:1,17-18",
                ]
            ],
        },
    ),
    (
        'format("text", 1)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    (
                        'Invalid value for "args" parameter: too many arguments; '
                        "no verbs in format string."
                    ),
                    "t.hcl:1,16-17",
                ]
            ],
        },
    ),
    (
        'format("%[2]s", 1, 2, 3)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    (
                        'Invalid value for "args" parameter: too many arguments; '
                        "only 2 used by format string."
                    ),
                    "t.hcl:1,23-24",
                ]
            ],
        },
    ),
    (
        'format("%d", null)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    (
                        'Call to function "format" failed: unsupported value for '
                        '"%d" at 0: null value cannot be formatted.'
                    ),
                    "t.hcl:1,1-8",
                ]
            ],
        },
    ),
    (
        'format("%a", null)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    (
                        'Call to function "format" failed: unsupported value for '
                        '"%a" at 0: null value cannot be formatted.'
                    ),
                    "t.hcl:1,1-8",
                ]
            ],
        },
    ),
    (
        'format("%d", 1.5)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    (
                        'Call to function "format" failed: unsupported value for '
                        '"%d" at 0: an integer is required.'
                    ),
                    "t.hcl:1,1-8",
                ]
            ],
        },
    ),
    (
        'format("%d", "abc")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    (
                        'Call to function "format" failed: unsupported value for '
                        '"%d" at 0: a number is required.'
                    ),
                    "t.hcl:1,1-8",
                ]
            ],
        },
    ),
    (
        'format("%d", true)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    (
                        'Call to function "format" failed: unsupported value for '
                        '"%d" at 0: number required, but have bool.'
                    ),
                    "t.hcl:1,1-8",
                ]
            ],
        },
    ),
    (
        'format("%t", "yes")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    (
                        'Call to function "format" failed: unsupported value for '
                        '"%t" at 0: a bool is required.'
                    ),
                    "t.hcl:1,1-8",
                ]
            ],
        },
    ),
    (
        'format("%s", [1])',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    (
                        'Call to function "format" failed: unsupported value for '
                        '"%s" at 0: string required, but have tuple.'
                    ),
                    "t.hcl:1,1-8",
                ]
            ],
        },
    ),
    (
        'format("%#v", 1/0)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    (
                        'Call to function "format" failed: unsupported value for '
                        '"%#v" at 0: cannot serialize infinity as JSON.'
                    ),
                    "t.hcl:1,1-8",
                ]
            ],
        },
    ),
    (
        'format("%z", 1)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    (
                        'Call to function "format" failed: unsupported format verb '
                        "'z' in \"%z\" at offset 0."
                    ),
                    "t.hcl:1,1-8",
                ]
            ],
        },
    ),
    (
        'format("é%!", 1)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    (
                        'Call to function "format" failed: unrecognized format '
                        "character '!' at offset 3."
                    ),
                    "t.hcl:1,1-8",
                ]
            ],
        },
    ),
    (
        'format("%*d", 5, 1)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    (
                        'Call to function "format" failed: unrecognized format '
                        "character '*' at offset 1."
                    ),
                    "t.hcl:1,1-8",
                ]
            ],
        },
    ),
    (
        'format("%[0]d", 1)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    (
                        'Call to function "format" failed: unrecognized format '
                        "character '0' at offset 2."
                    ),
                    "t.hcl:1,1-8",
                ]
            ],
        },
    ),
    (
        'format("%[1]5d", 1)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    (
                        'Call to function "format" failed: unrecognized format '
                        "character '5' at offset 4."
                    ),
                    "t.hcl:1,1-8",
                ]
            ],
        },
    ),
    (
        'format("%5.2.1f", 1)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    (
                        'Call to function "format" failed: unrecognized format '
                        "character '.' at offset 4."
                    ),
                    "t.hcl:1,1-8",
                ]
            ],
        },
    ),
    (
        'format("%-%", 1)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    (
                        'Call to function "format" failed: unrecognized format '
                        "character '%' at offset 2."
                    ),
                    "t.hcl:1,1-8",
                ]
            ],
        },
    ),
    (
        'format("50%")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    (
                        'Call to function "format" failed: invalid format string '
                        "starting at offset 3."
                    ),
                    "t.hcl:1,1-8",
                ]
            ],
        },
    ),
    ('format("%v", unknown)', {"type": "string", "value": "unknown", "diags": []}),
    ('format("%v", [unknown])', {"type": "string", "value": "unknown", "diags": []}),
    ("format(unknown, 1)", {"type": "string", "value": "unknown", "diags": []}),
    (
        'formatlist("%s=%d", ["a", "b"], [1, 2])',
        {"type": ["list", "string"], "value": ["a=1", "b=2"], "diags": []},
    ),
    (
        'formatlist("%s-%v", "x", toset(["b", "a"]))',
        {"type": ["list", "string"], "value": ["x-a", "x-b"], "diags": []},
    ),
    (
        'formatlist("%s %s", ["a", "b"], "x")',
        {"type": ["list", "string"], "value": ["a x", "b x"], "diags": []},
    ),
    (
        'formatlist("[%5s]", ["a", "日本"])',
        {"type": ["list", "string"], "value": ["[    a]", "[   日本]"], "diags": []},
    ),
    ('formatlist("%s", [])', {"type": ["list", "string"], "value": [], "diags": []}),
    ('formatlist("%s %s", [], "x")', {"type": ["list", "string"], "value": [], "diags": []}),
    (
        'formatlist("%v", [null, 1])',
        {"type": ["list", "string"], "value": ["null", "1"], "diags": []},
    ),
    ('formatlist("%s", "single")', {"type": ["list", "string"], "value": ["single"], "diags": []}),
    ('formatlist("plain")', {"type": ["list", "string"], "value": ["plain"], "diags": []}),
    (
        'formatlist("%s", [1, 2], [3])',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    (
                        'Invalid value for "args" parameter: argument 2 has length '
                        "1, which is inconsistent with argument 1 of length 2."
                    ),
                    "t.hcl:1,26-27",
                ]
            ],
        },
    ),
    (
        'formatlist("%s", [1, 2], 3)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    (
                        'Call to function "formatlist" failed: error on format '
                        "iteration 0: too many arguments; only 1 used by format "
                        "string."
                    ),
                    "t.hcl:1,1-12",
                ]
            ],
        },
    ),
    (
        'formatlist("%d", ["1", "x"])',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    (
                        'Call to function "formatlist" failed: error on format '
                        'iteration 1: unsupported value for "%d" at 0: a number is '
                        "required."
                    ),
                    "t.hcl:1,1-12",
                ]
            ],
        },
    ),
    (
        'formatlist("%d")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    (
                        'Call to function "formatlist" failed: not enough '
                        'arguments for "%d" at 0: need index 1 but have 0 total.'
                    ),
                    "t.hcl:1,1-12",
                ]
            ],
        },
    ),
    ('formatlist("%s", unknown)', {"type": ["list", "string"], "value": "unknown", "diags": []}),
    (
        'formatlist("%s", [unknown, "a"])',
        {"type": ["list", "string"], "value": "unknown", "diags": []},
    ),
    (
        ('formatlist("%s %s", ["a", unknown, "c"], ["x", "y", "z"])[2]'),
        {"type": "string", "value": "c y", "diags": []},
    ),
    (
        ('formatlist("%v", unknown == "a" ? tolist([1]) : tolist([2]))'),
        {"type": ["list", "string"], "value": "unknown", "diags": []},
    ),
    (
        'formatlist("%v %v", unknown == "a" ? [1] : [2], [1, 2])',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    (
                        'Invalid value for "args" parameter: argument 2 has length '
                        "2, which is inconsistent with argument 1 of length 1."
                    ),
                    "t.hcl:1,49-50",
                ]
            ],
        },
    ),
    (
        'formatlist("%v", toset([unknown, "a"]))',
        {"type": ["list", "string"], "value": "unknown", "diags": []},
    ),
    ('length(formatlist("%s", unknown))', {"type": "number", "value": 1, "diags": []}),
    (
        'length(formatlist("%v", toset([unknown, "a"])))',
        {"type": "number", "value": "unknown", "diags": []},
    ),
    (
        'formatlist("%v", toset([unknown]))[0] == null',
        {"type": "bool", "value": "unknown", "diags": []},
    ),
    ('format("%v", 1e-100000)', {"type": "string", "value": "1e-100000", "diags": []}),
    ('format("%.5e", 2/3)', {"type": "string", "value": "6.66667e-01", "diags": []}),
    (
        'format("%.3f|%.3f", 0.0005, 0.0015)',
        {"type": "string", "value": "0.000|0.002", "diags": []},
    ),
    (
        'format("%.1f|%.1f|%.1f", 0.05, 0.15, 0.25)',
        {"type": "string", "value": "0.1|0.2|0.2", "diags": []},
    ),
    (
        'format("%.20g|%.21g", 1/3, 1e20)',
        {"type": "string", "value": "0.33333333333333333333|100000000000000000000", "diags": []},
    ),
    (
        'format("%x|%b", 1e30, 1e20)',
        {
            "type": "string",
            "value": (
                "c9f2c9cd04674edea40000000|1010110101111000111010111100010110101100011000100000000000000000000"
            ),
            "diags": [],
        },
    ),
]


def _as_go_cty(call: str, ctx: EvalContext = CTX) -> dict[str, Any]:
    expr, _ = parse_expression(call, "t.hcl")
    value, diags = expr.value(ctx)
    return {
        "type": json.loads(json.dumps(type_to_json(value.type))),
        "value": json.loads(encode_json(value, value.type)) if value.is_wholly_known else "unknown",
        "diags": [[d.summary, d.detail, str(d.subject)] for d in diags],
    }


@pytest.mark.parametrize(("call", "expected"), CASES)
def test_format_as_go_cty(call: str, expected: dict[str, Any]) -> None:
    assert _as_go_cty(call) == expected


def test_formatlist_skips_the_sequences_after_an_unknown_element_as_go_cty_does() -> None:
    # The second string is unknown, and for it go-cty does not advance the
    # second list: the third string takes its "y".
    expr, _ = parse_expression('formatlist("%s %s", ["a", unknown, "c"], ["x", "y", "z"])', "t")
    value, diags = expr.value(CTX)
    assert not diags
    assert value.elements() == (
        Value.string("a x"),
        Value.unknown(STRING),
        Value.string("c y"),
    )


def test_formatlist_gives_a_known_list_when_only_elements_are_unknown() -> None:
    expr, _ = parse_expression('formatlist("%s-%s", unknown, ["a", "b"])', "t")
    value, diags = expr.value(CTX)
    assert not diags
    assert value.is_known
    assert value.elements() == (Value.unknown(STRING), Value.unknown(STRING))


def test_format_results_are_normalized_as_every_string_value() -> None:
    # go-cty's StringVal normalizes to NFC: a combining mark after a letter
    # of the format string composes with it.
    assert _as_go_cty('format("e%s", "\\u0301")')["value"] == "\u00e9"


# --------------------------------------------------------------------------- bombs

# A string of 100,000 characters, given by the application.
BIG_VARIABLES = {"big": Value.string("x" * 100_000)}
BIG_CTX = EvalContext(BIG_VARIABLES, dict(STDLIB))


def _within(limit: int) -> EvalContext:
    return EvalContext(VARIABLES, dict(STDLIB), limits=Limits(max_string_length=limit))


def _too_long(function: str, limit: int, subject: str) -> list[list[str]]:
    what = "result" if function == "format" else "strings of the result"
    detail = f"the {what} would be longer than {limit} characters"
    if function == "formatlist":
        detail += " in all"
    return [
        [
            "Error in function call",
            f'Call to function "{function}" failed: {detail}.',
            subject,
        ]
    ]


BOMBS = [
    # go-cty pads %s, %q and %v itself, to any width: a gigabyte, 123 million
    # characters, 2**62 (a width that wraps around as a Go int).
    ('format("%1000000000s", "x")', CTX, _too_long("format", 16777216, "t.hcl:1,1-8")),
    ('format("%-0123456789q", "x")', CTX, _too_long("format", 16777216, "t.hcl:1,1-8")),
    ('format("%4611686018427387904v", 1)', CTX, _too_long("format", 16777216, "t.hcl:1,1-8")),
    # Go's fmt writes numbers up to 10,000,009 characters wide or precise:
    # under the default limit, but not under a limit of a thousand.
    ('format("%10000009d", 1)', _within(1000), _too_long("format", 1000, "t.hcl:1,1-8")),
    ('format("%.10000009f", 1/3)', _within(1000), _too_long("format", 1000, "t.hcl:1,1-8")),
    ('format("x%.10000009e", 1e-300)', _within(1000), _too_long("format", 1000, "t.hcl:1,1-8")),
    ('format("%#10000009.9999999X", 255)', _within(1000), _too_long("format", 1000, "t.hcl:1,1-8")),
    # formatlist: each string within the limit, all of them together not.
    ('formatlist("%9000000s", ["a", "b"])', CTX, _too_long("formatlist", 16777216, "t.hcl:1,1-12")),
    (
        'formatlist("%s%d", big, range(1000))',
        BIG_CTX,
        _too_long("formatlist", 16777216, "t.hcl:1,1-12"),
    ),
    (
        'formatlist("%.1s%9s", big, range(1000))',
        EvalContext(BIG_VARIABLES, dict(STDLIB), limits=Limits(max_string_length=8000)),
        _too_long("formatlist", 8000, "t.hcl:1,1-12"),
    ),
]


@pytest.mark.parametrize(("call", "ctx", "diags"), BOMBS)
def test_format_bombs_are_refused_before_anything_large_is_built(
    call: str, ctx: EvalContext, diags: list[list[str]]
) -> None:
    _as_go_cty(call, ctx)  # once before measuring, to fill the caches of the first call
    tracemalloc.start()
    try:
        found = _as_go_cty(call, ctx)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert found == {"type": "dynamic", "value": "unknown", "diags": diags}
    assert peak < 2_000_000


@pytest.mark.parametrize(
    ("call", "value"),
    [
        ('format("%01000000000d", 5)', "%!(NOVERB)%!(EXTRA *big.Int=5)"),
        ('format("%.1000000000f", 1.5)', "%!(NOVERB)%!(EXTRA *big.Float=1.5)"),
    ],
)
def test_numbers_too_wide_for_go_fmt_are_its_complaint_and_take_no_memory(
    call: str, value: str
) -> None:
    tracemalloc.start()
    try:
        found = _as_go_cty(call)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert found == {"type": "string", "value": value, "diags": []}
    assert peak < 1_000_000


def test_results_up_to_the_limit_are_built() -> None:
    ctx = _within(10)
    assert _as_go_cty('format("%10s", "x")', ctx)["value"] == " " * 9 + "x"
    assert _as_go_cty('format("%11s", "x")', ctx)["diags"] == _too_long("format", 10, "t.hcl:1,1-8")
    assert _as_go_cty('format("%s%9d", "ab", 123)', ctx)["diags"] == _too_long(
        "format", 10, "t.hcl:1,1-8"
    )
    assert _as_go_cty('formatlist("%5s", ["a", "b"])', ctx)["value"] == ["    a", "    b"]
    assert _as_go_cty('formatlist("%5s", ["a", "b", "c"])', ctx)["diags"] == _too_long(
        "formatlist", 10, "t.hcl:1,1-12"
    )
    assert _as_go_cty('formatlist("%s", [for i in range(3): "abcd"])', ctx)["diags"] == (
        _too_long("formatlist", 10, "t.hcl:1,1-12")
    )


def test_a_million_digits_of_precision_are_go_s_digits() -> None:
    # 1e-100000 is a little less as a 512-bit binary fraction, whose 232,706
    # significant digits Go prints in full: the digest is of go-cty's text.
    value = _as_go_cty('format("%.1000000f", 1e-100000)')["value"]
    assert value.startswith("0." + "0" * 100_000 + "9999999999")
    assert (len(value), len(value.rstrip("0"))) == (1_000_002, 332_706)
    digest = hashlib.sha256(value.encode()).hexdigest()
    assert digest == "601d5d248e134feb6871861d75b9d73b216623c23e1b1ca9f4108ea8cc7a50e7"


def test_one_call_applies_at_most_max_cost_verbs() -> None:
    twenty = Value.string("%[1]d" * 20)
    ctx = EvalContext(
        {
            "twenty": twenty,
            "more": Value.string(twenty.as_str() + "%d"),
            "seven": Value.list([Value.number(n) for n in range(7)]),
        },
        dict(STDLIB),
        limits=Limits(max_cost=20),
    )
    assert _as_go_cty("format(twenty, 7)", ctx) == {
        "type": "string",
        "value": "7" * 20,
        "diags": [],
    }
    assert _as_go_cty("format(more, 7)", ctx)["diags"] == [
        [
            "Error in function call",
            'Call to function "format" failed: the format string would apply more than 20 verbs.',
            "t.hcl:1,1-8",
        ]
    ]
    assert _as_go_cty('formatlist("%s%s%s", seven, "a", "b")', ctx)["diags"] == [
        [
            "Error in function call",
            'Call to function "formatlist" failed: the format string would apply more than 20 '
            "verbs in all.",
            "t.hcl:1,1-12",
        ]
    ]


def test_formatlist_reads_its_format_string_once_per_string() -> None:
    # Each string is short, but the format string is read twice: 52 characters.
    ctx = _within(30)
    assert _as_go_cty('formatlist("%.0d%.0d%.0d%.0d%.0d%.0d%s", 0, 0, 0, 0, 0, 0, [1])', ctx)[
        "value"
    ] == ["1"]
    assert _as_go_cty('formatlist("%.0d%.0d%.0d%.0d%.0d%.0d%s", 0, 0, 0, 0, 0, 0, [1, 2])', ctx)[
        "diags"
    ] == [
        [
            "Error in function call",
            'Call to function "formatlist" failed: the format string would be read 2 times: '
            "more than 30 characters in all.",
            "t.hcl:1,1-12",
        ]
    ]


@pytest.mark.parametrize(
    ("template", "args", "detail"),
    [
        # Two million verbs writing nothing: the string is read as it is
        # applied, so the call stops at the verb past the limit.
        (
            "%[1]s" * 2_000_000,
            [Value.string("")],
            'Call to function "format" failed: the format string would apply more than '
            "20000 verbs.",
        ),
        (
            "%.0[1]d" * 1_000_000,
            [Value.number(0)],
            'Call to function "format" failed: the format string would apply more than '
            "20000 verbs.",
        ),
        # Eight million percent signs, and eight million characters of width.
        (
            "%%" * 4_000_000 + "%s",
            [Value.string("x")],
            'Call to function "format" failed: the result would be longer than 1000 characters.',
        ),
        (
            # (as a Go int, this width wraps around to 2**62)
            "%1" + "0" * 8_000_000 + "4611686018427387904s",
            [Value.string("x")],
            'Call to function "format" failed: the result would be longer than 1000 characters.',
        ),
    ],
    ids=["empty verbs", "zero-precision verbs", "percent signs", "width digits"],
)
def test_long_format_strings_take_memory_proportional_to_their_length(
    template: str, args: list[Value], detail: str
) -> None:
    ctx = EvalContext(
        {"template": Value.string(template), "args": Value.tuple(args)},
        dict(STDLIB),
        limits=Limits(max_string_length=1000, max_cost=20_000),
    )
    tracemalloc.start()
    try:
        found = _as_go_cty("format(template, args...)", ctx)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert found["diags"] == [["Error in function call", detail, "t.hcl:1,1-8"]]
    assert peak < 3 * len(template) + 1_000_000
