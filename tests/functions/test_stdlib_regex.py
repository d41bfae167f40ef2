"""regex, regexall, regex_replace and replace: go-cty 1.12.1's results, and hcldecode's bounds.

The cases are calls and what ``tools/differential/go/gofuncs`` (go-cty's own functions) gives
for them, run with each engine: Python's ``re`` (forced with
``matching_with_python_re``, so that it is tested whether or not google-re2
is installed) and Google's RE2 (tests marked ``re2``; they need google-re2
and are skipped, with one line saying why, without it). Then the patterns
and calls hcldecode refuses without RE2, because Python's backtracking
matcher could take practically forever on them or would match them
differently from Go's (docs/compatibility.md), and which RE2 runs as Go
does; and the limits on what the functions build.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from hcldecode.functions import STDLIB
from hcldecode.functions._regex import matching_with_python_re
from hcldecode.model import EvalContext
from hcldecode.native import parse_expression
from hcldecode.values import (
    STRING,
    Limits,
    Value,
    encode_json,
    max_nesting,
    type_to_json,
)

CTX = EvalContext({"unknown": Value.unknown(STRING), "nothing": Value.null(STRING)}, dict(STDLIB))

CASES = [
    (
        'regex("[a-z]+", "53453453.345345aaabbbccc23454")',
        {"type": "string", "value": "aaabbbccc", "diags": []},
    ),
    (
        'regex("(\\\\d\\\\d\\\\d\\\\d)-(\\\\d\\\\d)-(\\\\d\\\\d)", "2019-02-01")',
        {
            "type": ["tuple", ["string", "string", "string"]],
            "value": ["2019", "02", "01"],
            "diags": [],
        },
    ),
    (
        'regex("^(?:(?P<scheme>[^:/?#]+):)?(?://(?P<authority>[^/?#]*))?", '
        '"https://terraform.io/docs/")',
        {
            "type": ["object", {"authority": "string", "scheme": "string"}],
            "value": {"authority": "terraform.io", "scheme": "https"},
            "diags": [],
        },
    ),
    (
        'regex("(a)(b)?", "ac")',
        {"type": ["tuple", ["string", "string"]], "value": ["a", None], "diags": []},
    ),
    (
        'regex("(?P<x>a)(?P<x>b)?", "a")',
        {"type": ["object", {"x": "string"}], "value": {"x": None}, "diags": []},
    ),
    (
        'regex("(?P<x>a)(b)", "ab")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "pattern" parameter: invalid regexp pattern: cannot mix '
                    "both named and unnamed capture groups.",
                    "t.hcl:1,8-19",
                ]
            ],
        },
    ),
    (
        'regex("(?P<a>a)(b|)+", "x")',  # go-cty's error comes before hcldecode's refusal
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "pattern" parameter: invalid regexp pattern: cannot mix '
                    "both named and unnamed capture groups.",
                    "t.hcl:1,8-21",
                ]
            ],
        },
    ),
    ('regex_replace(unknown, "(a+)+", "")', {"type": "string", "value": "unknown", "diags": []}),
    (
        'regex("x", "y")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "regex" failed: pattern did not match any part of the '
                    "given string.",
                    "t.hcl:1,1-7",
                ]
            ],
        },
    ),
    (
        'regex("a$", "a\\n")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "regex" failed: pattern did not match any part of the '
                    "given string.",
                    "t.hcl:1,1-7",
                ]
            ],
        },
    ),
    ('regex("(?m)a$", "a\\n")', {"type": "string", "value": "a", "diags": []}),
    (
        'regex("a.b", "a\\nb")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "regex" failed: pattern did not match any part of the '
                    "given string.",
                    "t.hcl:1,1-7",
                ]
            ],
        },
    ),
    ('regex("(?s)a.b", "a\\nb")', {"type": "string", "value": "a\nb", "diags": []}),
    ('regex("(?i)k+", "kK\\u212a")', {"type": "string", "value": "kKK", "diags": []}),
    ('regex("(?i)i+", "iI\\u0131\\u0130")', {"type": "string", "value": "iI", "diags": []}),
    ('regex("(?i)\\u00df", "\\u1e9e")', {"type": "string", "value": "ẞ", "diags": []}),
    ('regex("\\\\w+", "caf\\u00e9")', {"type": "string", "value": "caf", "diags": []}),
    ('regex("\\\\d+", "\\u0663\\u0664 42")', {"type": "string", "value": "42", "diags": []}),
    ('regex("\\\\s+", "\\u000b\\u00a0 \\t")', {"type": "string", "value": " \t", "diags": []}),
    ('regex("\\\\bb", "a\\u00e9b b")', {"type": "string", "value": "b", "diags": []}),
    ('regex("\\\\B", "")', {"type": "string", "value": "", "diags": []}),
    ('regex("\\\\pL+", "123\\u00e9t\\u00e9")', {"type": "string", "value": "été", "diags": []}),
    (
        'regex("\\\\p{Greek}+", "abc\\u03b1\\u03b2\\u03b3")',
        {"type": "string", "value": "αβγ", "diags": []},
    ),
    ('regex("[[:alpha:]]+", "12ab\\u00e9")', {"type": "string", "value": "ab", "diags": []}),
    ('regex("\\\\Qa.b\\\\E", "axb a.b")', {"type": "string", "value": "a.b", "diags": []}),
    ('regex("\\\\x{1F600}", "smile \\U0001F600")', {"type": "string", "value": "😀", "diags": []}),
    ('regex("(?U)a+", "aaa")', {"type": "string", "value": "a", "diags": []}),
    ('regex("a+?$", "aaa")', {"type": "string", "value": "aaa", "diags": []}),
    (
        'regex("(", "x")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "pattern" parameter: invalid regexp pattern: missing '
                    "closing ) in (.",
                    "t.hcl:1,8-9",
                ]
            ],
        },
    ),
    (
        'regex("a**", "x")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "pattern" parameter: invalid regexp pattern: invalid '
                    "nested repetition operator in **.",
                    "t.hcl:1,8-11",
                ]
            ],
        },
    ),
    (
        'regex("a{1001}", "x")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "pattern" parameter: invalid regexp pattern: invalid '
                    "repeat count in {1001}.",
                    "t.hcl:1,8-15",
                ]
            ],
        },
    ),
    (
        'regex("(?=a)", "x")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "pattern" parameter: invalid regexp pattern: invalid or '
                    "unsupported Perl syntax in (?=.",
                    "t.hcl:1,8-13",
                ]
            ],
        },
    ),
    (
        'regex("\\\\1", "x")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "pattern" parameter: invalid regexp pattern: invalid '
                    "escape sequence in \\1.",
                    "t.hcl:1,8-11",
                ]
            ],
        },
    ),
    (
        'regex("\\\\Z", "x")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "pattern" parameter: invalid regexp pattern: invalid '
                    "escape sequence in \\Z.",
                    "t.hcl:1,8-11",
                ]
            ],
        },
    ),
    (
        'regex("\\\\p{Klingon}", "x")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "pattern" parameter: invalid regexp pattern: invalid '
                    "character class range in \\p{Klingon}.",
                    "t.hcl:1,8-20",
                ]
            ],
        },
    ),
    (
        'regex("[z-a]", "x")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "pattern" parameter: invalid regexp pattern: invalid '
                    "character class range in z-a.",
                    "t.hcl:1,8-13",
                ]
            ],
        },
    ),
    (
        'regex("(?P<a-b>x)", "x")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "pattern" parameter: invalid regexp pattern: invalid '
                    "named capture in (?P<a-b>.",
                    "t.hcl:1,8-18",
                ]
            ],
        },
    ),
    ('regex("x", unknown)', {"type": "string", "value": "unknown", "diags": []}),
    ('regex(unknown, "x")', {"type": "dynamic", "value": "unknown", "diags": []}),
    (
        'regex("(", unknown)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "pattern" parameter: invalid regexp pattern: missing '
                    "closing ) in (.",
                    "t.hcl:1,8-9",
                ]
            ],
        },
    ),
    (
        'regexall("[a-z]+", "1a22bb333ccc")',
        {"type": ["list", "string"], "value": ["a", "bb", "ccc"], "diags": []},
    ),
    (
        'regexall("x*", "abxd")',
        {"type": ["list", "string"], "value": ["", "", "x", ""], "diags": []},
    ),
    (
        'regexall("(\\\\w)=(\\\\w)", "a=b c=d")',
        {
            "type": ["list", ["tuple", ["string", "string"]]],
            "value": [["a", "b"], ["c", "d"]],
            "diags": [],
        },
    ),
    (
        'regexall("(?P<k>\\\\w)=(?P<v>\\\\w)?", "a=b c=")',
        {
            "type": ["list", ["object", {"k": "string", "v": "string"}]],
            "value": [{"k": "a", "v": "b"}, {"k": "c", "v": None}],
            "diags": [],
        },
    ),
    ('regexall("q", "abc")', {"type": ["list", "string"], "value": [], "diags": []}),
    ('regexall(unknown, "abc")', {"type": ["list", "dynamic"], "value": "unknown", "diags": []}),
    (
        'regexall("\\\\b", "ab cd")',
        {"type": ["list", "string"], "value": ["", "", "", ""], "diags": []},
    ),
    (
        'regex_replace("hello world", "o", "0")',
        {"type": "string", "value": "hell0 w0rld", "diags": []},
    ),
    ('regex_replace("abxd", "x*", "-")', {"type": "string", "value": "-a-b-d-", "diags": []}),
    (
        'regex_replace("2019-02-01", "(\\\\d+)-(\\\\d+)-(\\\\d+)", "$3/$2/$1")',
        {"type": "string", "value": "01/02/2019", "diags": []},
    ),
    (
        'regex_replace("abc", "(?P<n>b)", "[$n][$${n}x][$1][$$][$9][$][$${}][$1x][$${1}x]")',
        {"type": "string", "value": "a[b][bx][b][$][][$][${}][][bx]c", "diags": []},
    ),
    ('regex_replace("a.b.c", ".", "-")', {"type": "string", "value": "-----", "diags": []}),
    (
        'regex_replace("x", "(abc", "y")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "regex_replace" failed: error parsing regexp: missing '
                    "closing ): `(abc`.",
                    "t.hcl:1,1-15",
                ]
            ],
        },
    ),
    ('regex_replace(unknown, "(", "y")', {"type": "string", "value": "unknown", "diags": []}),
    ('regex_replace("aaa", "a|", "<$0>")', {"type": "string", "value": "<a><a><a>", "diags": []}),
    (
        'regex_replace("caf\\u00e9", "e\\u0301", "x")',
        {"type": "string", "value": "cafx", "diags": []},
    ),
    (
        'regex_replace("x", "(?P<123456789>x)", "[$123456789][$${123456789}]")',
        {"type": "string", "value": "[][]", "diags": []},
    ),
    (
        'regex_replace("x", "(?P<1234567890>x)", "[$1234567890]")',
        {"type": "string", "value": "[x]", "diags": []},
    ),
    ('regex_replace("x", "(?P<01>x)", "[$01]")', {"type": "string", "value": "[x]", "diags": []}),
    ('replace("hello world", "o", "0")', {"type": "string", "value": "hell0 w0rld", "diags": []}),
    ('replace("abc", "", "-")', {"type": "string", "value": "-a-b-c-", "diags": []}),
    ('replace("", "", "-")', {"type": "string", "value": "-", "diags": []}),
    ('replace("aaa", "aa", "b")', {"type": "string", "value": "ba", "diags": []}),
    ('replace("e\\u0301", "\\u00e9", "x")', {"type": "string", "value": "x", "diags": []}),
]


def _call(call: str, ctx: EvalContext = CTX) -> dict[str, Any]:
    expr, diags = parse_expression(call, "t.hcl")
    assert not diags.has_errors()
    value, diags = expr.value(ctx)
    return {
        "type": json.loads(json.dumps(type_to_json(value.type))),
        "value": json.loads(encode_json(value, value.type)) if value.is_wholly_known else "unknown",
        "diags": [[d.summary, d.detail, str(d.subject)] for d in diags],
    }


RE2_MISSING = "google-re2 not installed (pip install hcldecode[re2])"
# The sentence that ends a refusal the re2 extra would lift, when RE2 is not in use.
RE2_HINT = (
    "Installing hcldecode's re2 extra (pip install hcldecode[re2]) lifts this limit: "
    "Google's RE2 then matches every pattern Go accepts, in linear time"
)


@pytest.fixture
def python_re() -> Iterator[None]:
    """The test's calls match with Python's re, whether google-re2 is installed or not."""
    with matching_with_python_re():
        yield


@pytest.fixture
def re2() -> None:
    """The test's calls match with RE2: skipped without google-re2."""
    pytest.importorskip("re2", reason=RE2_MISSING)


@pytest.fixture(params=["re", pytest.param("re2", marks=pytest.mark.re2)])
def engine(request: pytest.FixtureRequest) -> Iterator[str]:
    """The test runs once with each engine."""
    if request.param == "re":
        with matching_with_python_re():
            yield "re"
    else:
        pytest.importorskip("re2", reason=RE2_MISSING)
        yield "re2"


@pytest.mark.parametrize(("call", "expected"), CASES)
def test_function_call_as_go_cty(call: str, expected: dict[str, Any], engine: str) -> None:
    assert _call(call) == expected


def _detail(result: dict[str, Any]) -> list[str]:
    assert result["value"] == "unknown"
    return [d[1] for d in result["diags"]]


# Patterns on which Python's backtracking matcher takes time exponential in the
# length of the text (Go's takes linear time): refused whatever the text, so the
# long text that would make them backtrack is answered at once.
CATASTROPHIC = [
    "(a+)+$",
    "^(a+)+$",
    "(a|a)*b",
    "(a|aa)+$",
    "(a|b|ab)*c",
    "(\\w+\\s?)*$",
    "(x+x+)+y",
    "([a-z]+)*[0-9]",
    "^(([a-z])+.)+[A-Z]([a-z])+$",
]
EXPONENTIAL = (
    "hcldecode cannot run this pattern: it can match some texts in a number of ways that "
    "grows exponentially with their length (a repetition inside a repetition, or "
    "alternatives in a repetition, that can read the same characters), and Python's "
    "backtracking matcher could try them all. " + RE2_HINT + "."
)


@pytest.mark.usefixtures("python_re")
@pytest.mark.parametrize("pattern", CATASTROPHIC)
def test_catastrophic_pattern_is_refused(pattern: str) -> None:
    ctx = EvalContext({"text": "a" * 5000 + "!"}, dict(STDLIB))
    quoted = json.dumps(pattern)
    for call in (f"regex({quoted}, text)", f"regexall({quoted}, text)"):
        assert _detail(_call(call, ctx)) == [
            f'Invalid value for "pattern" parameter: {EXPONENTIAL}'
        ]
    assert _detail(_call(f'regex_replace(text, {quoted}, "")', ctx)) == [
        f'Invalid value for "pattern" parameter: {EXPONENTIAL}'
    ]


@pytest.mark.usefixtures("python_re")
def test_catastrophic_pattern_is_refused_for_an_unknown_text() -> None:
    assert _detail(_call('regex("(a+)+$", unknown)')) == [
        f'Invalid value for "pattern" parameter: {EXPONENTIAL}'
    ]


@pytest.mark.usefixtures("python_re")
@pytest.mark.parametrize("pattern", ["(?:a?){20}a{20}", "(.*a){1,3}x", "a*a*a*a*x"])
def test_a_pattern_with_many_ways_to_match_is_refused_on_a_long_text(pattern: str) -> None:
    # Not exponential in the text's length, but in the pattern's size, or a
    # high power of the text's length.
    ctx = EvalContext({"text": "a" * 5000 + "!"}, dict(STDLIB))
    assert _detail(_call(f"regex({json.dumps(pattern)}, text)", ctx)) == [
        'Call to function "regex" failed: matching this pattern against a string of 5001 '
        "characters could take more than 100000000 steps, more than hcldecode allows in one "
        f"evaluation. {RE2_HINT}."
    ]


@pytest.mark.usefixtures("python_re")
def test_a_search_that_could_take_too_long_is_refused() -> None:
    # From each position, \w+ takes the rest of the letters and gives them
    # back one by one looking for an x: the work grows with the square of
    # the length, and the bound for 20,000 letters passes 100,000,000, the
    # engine's own limit, whatever max_cost.
    ctx = EvalContext({"text": "a" * 20000}, dict(STDLIB))
    assert _detail(_call(r'regex("\\w+x", text)', ctx)) == [
        'Call to function "regex" failed: matching this pattern against a string of 20000 '
        "characters could take more than 100000000 steps, more than hcldecode allows in one "
        f"evaluation. {RE2_HINT}."
    ]
    # A search within it is charged to the evaluation's budget before it runs,
    # one step per 1,000 steps of its bound (24,032,010 for two searches here).
    small = EvalContext({"text": "a" * 2000}, dict(STDLIB), limits=Limits(max_cost=10_000))
    assert _detail(_call(r'regexall("\\w+x", text)', small)) == [
        "Evaluating this expression takes more than 10000 steps (one for each part evaluated "
        "and each value handed on, and more for long strings, large numbers and what functions "
        "build), the most that hcldecode allows for one evaluation."
    ]
    roomy = EvalContext({"text": "a" * 2000}, dict(STDLIB), limits=Limits(max_cost=30_000))
    assert _call(r'regexall("\\w+x", text)', roomy)["value"] == []
    assert _detail(_call(r'regex("\\w+x", "aaaa")', small)) == [
        'Call to function "regex" failed: pattern did not match any part of the given string.'
    ]


def test_a_linear_search_runs_on_a_long_text(engine: str) -> None:
    # 600 KB: 200,000 matches, each charged to the budget.
    ctx = EvalContext({"text": "ab  c\t" * 100_000}, dict(STDLIB))
    value = _call(r'regex_replace(text, "\\s+", " ")', ctx)["value"]
    assert value == "ab c " * 100_000
    assert _call('length(regexall("^ab|c$", text))', ctx)["value"] == 1
    assert _call(r'regex("[a-z]\\t$", text)', ctx)["value"] == "c\t"


@pytest.mark.usefixtures("python_re")
@pytest.mark.parametrize(
    ("pattern", "reason"),
    [
        ("(a|)+", "holds a capture group, which Go's regexp and Python's re set differently"),
        ("(a*)*b", "holds a capture group, which Go's regexp and Python's re set differently"),
        (
            "(?:a|(?:|b))+",
            "prefers that to a non-empty match, which Go's regexp and Python's re treat "
            "differently",
        ),
    ],
)
def test_repeated_empty_matches_that_python_treats_differently_are_refused(
    pattern: str, reason: str
) -> None:
    # go-cty gives ["a"] for regex("(a|)+", "aa"), and "ab" for
    # regex("(?:a|(?:|b))+", "ab"); Python's re, "" and "a".
    assert _detail(_call(f'regex("{pattern}", "aab")')) == [
        'Invalid value for "pattern" parameter: hcldecode cannot run this pattern: it repeats '
        f"an expression that can match the empty string and {reason}. {RE2_HINT}."
    ]


def test_repeated_empty_matches_without_groups_run(engine: str) -> None:
    # As go-cty: the empty alternative is tried last, and no group records it.
    assert _call('regex("(?:a|)+b", "aab")')["value"] == "aab"
    assert _call('regex("(?:a?)*", "aa")')["value"] == "aa"
    assert _call(r'regex("()*(\\b)+x", "x")')["value"] == ["", ""]


def test_deeply_nested_groups_are_refused(engine: str) -> None:
    depth = max_nesting() // 4
    pattern = "(" * (depth + 1) + "a" + ")" * (depth + 1)
    assert _detail(_call(f'regex("{pattern}", "a")')) == [
        'Invalid value for "pattern" parameter: hcldecode cannot run this pattern: it nests '
        f"groups more than {depth} levels deep, more than hcldecode supports."
    ]
    inner = "(" * depth + "a" + ")" * depth
    assert _call(f'regex("{inner}", "a")')["value"] == ["a"] * depth


COSTLY_100 = (
    "Evaluating this expression takes more than 100 steps (one for each part evaluated and "
    "each value handed on, and more for long strings, large numbers and what functions build), "
    "the most that hcldecode allows for one evaluation."
)


def test_results_are_checked_against_the_limits_before_they_are_built(engine: str) -> None:
    ctx = EvalContext({"text": "a" * 200}, dict(STDLIB), limits=Limits(max_cost=100))
    assert _detail(_call('regexall("a", text)', ctx)) == [
        'Call to function "regexall" failed: the result would hold more than 100 values, '
        "more than hcldecode allows in one evaluation."
    ]
    # regex_replace charges the evaluation's budget for each match as it finds it
    # (one step, and one for each two parts of the replacement).
    assert _detail(_call('regex_replace(text, "", "")', ctx)) == [COSTLY_100]
    assert _call('regex_replace("aaaaaaaaaa", "a", "$9")', ctx)["value"] == ""
    # Replacements that add nothing, however many, are work all the same.
    assert _detail(_call('regex_replace("aaaaaaaaaa", "a", "$9$9$9$9$9$9$9$9$9$9")', ctx)) == [
        COSTLY_100
    ]
    short = EvalContext({}, dict(STDLIB), limits=Limits(max_string_length=10))
    for call in ('regex_replace("aaaa", "a", "xxx")', 'replace("aaaa", "a", "xxx")'):
        name = call.split("(")[0]
        assert _detail(_call(call, short)) == [
            f'Call to function "{name}" failed: the result would be longer than 10 characters.'
        ]
    assert _call('regex_replace("aaaa", "a", "xx")', short)["value"] == "xxxxxxxx"
    assert _call('replace("aaaa", "", "-")', short)["value"] == "-a-a-a-a-"


def test_patterns_too_large_for_hcldecode_are_refused(engine: str) -> None:
    ctx = EvalContext({"long": "a" * 100_001, "classes": "\\pL" * 1000}, dict(STDLIB))
    prefix = 'Invalid value for "pattern" parameter: hcldecode cannot run this pattern: '
    assert _detail(_call('regex(long, "a")', ctx)) == [
        prefix + "it is longer than 100000 characters, more than hcldecode supports."
    ]
    assert _detail(_call('regex(classes, "a")', ctx)) == [
        prefix + "its character classes are too large for hcldecode: Python's re would take "
        "too long to compile them."
    ]


# go-cty's answers (tools/gofuncs) for calls that Python's re cannot take as Go
# does, and for empty matches next to characters of more than one UTF-8 byte,
# where RE2 (which looks at bytes) and Go (at characters) could part.
RE2_CASES = [
    (
        'regex("^(\\\\w+\\\\s?)*$", "word word!")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "regex" failed: pattern did not match any part of the '
                    "given string.",
                    "t.hcl:1,1-7",
                ]
            ],
        },
    ),
    (
        'regex("^(\\\\w+\\\\s?)*$", "word word")',
        {"type": ["tuple", ["string"]], "value": ["word"], "diags": []},
    ),
    ('regex("(a|)+", "aab")', {"type": ["tuple", ["string"]], "value": ["a"], "diags": []}),
    ('regex("(a*)*b", "aab")', {"type": ["tuple", ["string"]], "value": ["aa"], "diags": []}),
    ('regex("(?:a|(?:|b))+", "ab")', {"type": "string", "value": "ab", "diags": []}),
    (
        'regexall("(a|)+", "aa,a")',
        {"type": ["list", ["tuple", ["string"]]], "value": [["a"], ["a"]], "diags": []},
    ),
    (
        'regexall("(?:|a)+", "aab")',
        {"type": ["list", "string"], "value": ["", "", "", ""], "diags": []},
    ),
    ('regexall("\\\\B", "aé日")', {"type": ["list", "string"], "value": ["", ""], "diags": []}),
    ('regexall("x*", "日本")', {"type": ["list", "string"], "value": ["", "", ""], "diags": []}),
    (
        'regex_replace("héllo wörld", "", "-")',
        {"type": "string", "value": "-h-é-l-l-o- -w-ö-r-l-d-", "diags": []},
    ),
    (
        'regex_replace("日本語", "x*", "[$0]")',
        {"type": "string", "value": "[]日[]本[]語[]", "diags": []},
    ),
    ('regex_replace("aé日", "\\\\B", "|")', {"type": "string", "value": "aé|日|", "diags": []}),
    (
        'regexall("(?i)straße", "STRASSE straße STRAẞE")',
        {"type": ["list", "string"], "value": ["straße", "STRAẞE"], "diags": []},
    ),
    (
        'regexall("\\\\p{Greek}+", "abc αβγ Ω ω")',
        {"type": ["list", "string"], "value": ["αβγ", "Ω", "ω"], "diags": []},
    ),
    (
        'regexall("[[:alpha:]]+\\\\pL*", "abc1 éa xyz")',
        {"type": ["list", "string"], "value": ["abc", "a", "xyz"], "diags": []},
    ),
    ('regex("(?U)a+", "aaa")', {"type": "string", "value": "a", "diags": []}),
    ('regex("(?s)a.b", "a\\nb")', {"type": "string", "value": "a\nb", "diags": []}),
    (
        'regexall("(?m)^\\\\w", "ab\\ncd\\n")',
        {"type": ["list", "string"], "value": ["a", "c"], "diags": []},
    ),
    (
        'regex_replace("Ada Lovelace", "(?P<first>\\\\w+) (?P<last>\\\\w+)", "$last, $${first}")',
        {"type": "string", "value": "Lovelace, Ada", "diags": []},
    ),
    (
        'regexall("a|é|", "éaé")',
        {"type": ["list", "string"], "value": ["é", "a", "é"], "diags": []},
    ),
    ('regex("\\\\x{1F600}+", "a😀😀b")', {"type": "string", "value": "😀😀", "diags": []}),
]


@pytest.mark.re2
@pytest.mark.usefixtures("re2")
@pytest.mark.parametrize(("call", "expected"), RE2_CASES)
def test_re2_runs_every_pattern_as_go_cty(call: str, expected: dict[str, Any]) -> None:
    assert _call(call) == expected


@pytest.mark.re2
@pytest.mark.usefixtures("re2")
@pytest.mark.parametrize("pattern", CATASTROPHIC)
def test_re2_runs_catastrophic_patterns_on_long_texts(pattern: str) -> None:
    # What Python's re is refused (above) RE2 answers, in linear time, as go-cty
    # does: none matches but (\w+\s?)*$, which matches the empty string at the end.
    ctx = EvalContext({"text": "a" * 100_000 + "!"}, dict(STDLIB))
    quoted = json.dumps(pattern)
    matches_at_end = pattern == "(\\w+\\s?)*$"
    if matches_at_end:
        assert _call(f"regex({quoted}, text)", ctx)["value"] == [None]
    else:
        assert _detail(_call(f"regex({quoted}, text)", ctx)) == [
            'Call to function "regex" failed: pattern did not match any part of the given string.'
        ]
    assert _call(f"length(regexall({quoted}, text))", ctx)["value"] == int(matches_at_end)
    assert _call(f'regex_replace(text, {quoted}, "")', ctx)["value"] == "a" * 100_000 + "!"


@pytest.mark.re2
@pytest.mark.usefixtures("re2")
def test_re2_runs_searches_that_python_would_take_too_long_on() -> None:
    ctx = EvalContext({"text": "a" * 200_000}, dict(STDLIB))
    assert _detail(_call(r'regex("\\w+x", text)', ctx)) == [
        'Call to function "regex" failed: pattern did not match any part of the given string.'
    ]
    assert _call(r'length(regexall("a*a*a*a*x|a{1000}", text))', ctx)["value"] == 200
    assert _call('regex("(a+)+$", unknown)') == {
        "type": ["tuple", ["string"]],
        "value": "unknown",
        "diags": [],
    }


@pytest.mark.re2
@pytest.mark.usefixtures("re2")
def test_re2_leaves_undecodable_bytes_to_python_re() -> None:
    # Undecodable bytes reach a string as lone surrogates (surrogateescape); RE2
    # cannot be given them as Go sees them, so Python's re takes such a text,
    # with its refusals, but without the advice to install RE2: it is installed.
    ctx = EvalContext({"text": "ab\udcff" * 3}, dict(STDLIB))
    assert _call(r'regexall("b.", text)', ctx)["value"] == ["b\udcff"] * 3
    assert _detail(_call('regex("(a+)+$", text)', ctx)) == [
        f'Invalid value for "pattern" parameter: {EXPONENTIAL.removesuffix(f" {RE2_HINT}.")}'
    ]


def test_neither_import_nor_other_functions_load_re2() -> None:
    # google-re2 (when installed) is imported the first time a pattern is matched.
    code = """
import sys
import hcldecode as hcl
from hcldecode.functions import STDLIB
expr, _ = hcl.native.parse_expression('upper(replace("abc", "b", "x"))', "t.hcl")
print(expr.value(hcl.EvalContext(functions=STDLIB))[0].as_str(), "re2" in sys.modules)
"""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout == "AXC False\n"


@pytest.mark.re2
@pytest.mark.usefixtures("re2")
def test_re2_is_imported_when_a_pattern_is_first_matched() -> None:
    code = """
import sys
import hcldecode as hcl
from hcldecode.functions import STDLIB
expr, _ = hcl.native.parse_expression('regex("(a|)+", "aab")', "t.hcl")
print(expr.value(hcl.EvalContext(functions=STDLIB))[0].elements(), "re2" in sys.modules)
"""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout == "(Value.string('a'),) True\n"
