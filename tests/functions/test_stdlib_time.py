"""formatdate and timeadd against go-cty 1.12.1 (Go 1.19's time package).

Each case of CASES is a call and what ``tools/differential/go/gofuncs`` (go-cty's own
functions) gives for it: the type and value (go-cty's JSON encoding, or
"unknown") and the diagnostics (summary, detail, subject).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from hcldecode.functions import STDLIB
from hcldecode.model import EvalContext
from hcldecode.native import parse_expression
from hcldecode.values import STRING, Limits, Value, encode_json, type_to_json

# The variables tools/differential/go/gofuncs gives its expressions too.
CTX = EvalContext({"unknown": Value.unknown(STRING), "nothing": Value.null(STRING)}, dict(STDLIB))

CASES = [
    (
        'formatdate("YYYY-MM-DD\'T\'hh:mm:ssZ", "2006-01-02T15:04:05Z")',
        {"type": "string", "value": "2006-01-02T15:04:05Z", "diags": []},
    ),
    (
        'formatdate("EEEE, DD MMMM YYYY h:m:s", "2024-02-29T07:08:09+05:30")',
        {"type": "string", "value": "Thursday, 29 February 2024 7:8:9", "diags": []},
    ),
    (
        'formatdate("EEE, D MMM YY HH:mm aa", "2020-01-01T00:30:00Z")',
        {"type": "string", "value": "Wed, 1 Jan 20 12:30 am", "diags": []},
    ),
    (
        'formatdate("H HH AA", "2020-01-01T12:05:00Z")',
        {"type": "string", "value": "12 12 PM", "diags": []},
    ),
    (
        'formatdate("M/D/YY", "0000-03-01T00:00:00Z")',
        {"type": "string", "value": "3/1/00", "diags": []},
    ),
    (
        'formatdate("Z ZZZ ZZZZ ZZZZZ", "2020-01-01T00:00:00Z")',
        {"type": "string", "value": "Z UTC +0000 +00:00", "diags": []},
    ),
    (
        'formatdate("Z ZZZ ZZZZ ZZZZZ", "2020-01-01T00:00:00-00:00")',
        {"type": "string", "value": "Z UTC +0000 +00:00", "diags": []},
    ),
    (
        'formatdate("Z ZZZ ZZZZ ZZZZZ", "2020-01-01T00:00:00-08:00")',
        {"type": "string", "value": "-08:00 -0800 -0800 -08:00", "diags": []},
    ),
    (
        'formatdate("Z ZZZZ", "2020-01-01T00:00:00+99:99")',
        {"type": "string", "value": "+100:39 +10039", "diags": []},
    ),
    (
        "formatdate(\"'o''clock' h 'at' YYYY''\", \"2020-01-01T09:00:00Z\")",
        {"type": "string", "value": "o'clock 9 at 2020'", "diags": []},
    ),
    (
        'formatdate("\'abc\'\'", "2020-01-01T09:00:00Z")',
        {"type": "string", "value": "abc'", "diags": []},
    ),
    (
        'formatdate("YYYY", "2020-01-01t00:00:00Z")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "time" parameter: not a valid RFC3339 timestamp: '
                    "missing required time introducer 'T'.",
                    "t.hcl:1,21-41",
                ]
            ],
        },
    ),
    (
        'formatdate("YYYY", "2020-01-01T00:00:00z")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "time" parameter: not a valid RFC3339 timestamp: cannot '
                    'use "z" as UTC offset.',
                    "t.hcl:1,21-41",
                ]
            ],
        },
    ),
    (
        'formatdate("YYYY", "2020-01-01T00:00:60Z")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "time" parameter: not a valid RFC3339 timestamp: cannot '
                    'use "Z" as second.',
                    "t.hcl:1,21-41",
                ]
            ],
        },
    ),
    (
        'formatdate("YYYY", "2020-01-01T24:00:00Z")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "time" parameter: not a valid RFC3339 timestamp: cannot '
                    'use ":00:00Z" as hour.',
                    "t.hcl:1,21-41",
                ]
            ],
        },
    ),
    ('formatdate("hh", "2020-01-01T7:00:00Z")', {"type": "string", "value": "07", "diags": []}),
    ('formatdate("ss", "2020-01-01T00:00:.5Z")', {"type": "string", "value": "00", "diags": []}),
    (
        'formatdate("YYYY", "2021-02-29T00:00:00Z")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "time" parameter: not a valid RFC3339 timestamp: day '
                    "out of range.",
                    "t.hcl:1,21-41",
                ]
            ],
        },
    ),
    (
        'formatdate("YYYY", "2020-13-01T00:00:00Z")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "time" parameter: not a valid RFC3339 timestamp: cannot '
                    'use "-01T00:00:00Z" as month.',
                    "t.hcl:1,21-41",
                ]
            ],
        },
    ),
    (
        'formatdate("YYYY", "20x1-01-01T00:00:00Z")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "time" parameter: not a valid RFC3339 timestamp: cannot '
                    'use "-01-01T00:00:00Z" as year.',
                    "t.hcl:1,21-41",
                ]
            ],
        },
    ),
    (
        'formatdate("YYYY", "2020")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "time" parameter: not a valid RFC3339 timestamp: end of '
                    'string where "-" is expected.',
                    "t.hcl:1,21-25",
                ]
            ],
        },
    ),
    (
        'formatdate("YYYY", "2020-01-01")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "time" parameter: not a valid RFC3339 timestamp: '
                    "missing required time introducer 'T'.",
                    "t.hcl:1,21-31",
                ]
            ],
        },
    ),
    (
        'formatdate("YYYY", "2020/01/01T00:00:00Z")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "time" parameter: not a valid RFC3339 timestamp: found '
                    '"/01/01T00:00:00Z" where "-" is expected.',
                    "t.hcl:1,21-41",
                ]
            ],
        },
    ),
    (
        'formatdate("YYYY", "2020-01-01T00:00:00")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "time" parameter: not a valid RFC3339 timestamp: end of '
                    "string before UTC offset.",
                    "t.hcl:1,21-40",
                ]
            ],
        },
    ),
    (
        'formatdate("YYYY", "2020-01-01T00:00:00+01")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "time" parameter: not a valid RFC3339 timestamp: cannot '
                    'use "+01" as UTC offset.',
                    "t.hcl:1,21-43",
                ]
            ],
        },
    ),
    (
        'formatdate("YYYY", "2020-01-01T00:00:00Z extra")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "time" parameter: not a valid RFC3339 timestamp: cannot '
                    'use " extra" as timestamp segment.',
                    "t.hcl:1,21-47",
                ]
            ],
        },
    ),
    (
        'formatdate("YYYY", "123é-01-01T00:00:00Z")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "time" parameter: not a valid RFC3339 timestamp: cannot '
                    'use "\\xa9-01-01T00:00:00Z" as year.',
                    "t.hcl:1,21-41",
                ]
            ],
        },
    ),
    (
        'formatdate("YYY", "2020-01-01T00:00:00Z")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "format" parameter: invalid date format verb "YYY": '
                    'year must either be "YY" or "YYYY".',
                    "t.hcl:1,13-16",
                ]
            ],
        },
    ),
    (
        'formatdate("MMMMM", "2020-01-01T00:00:00Z")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "format" parameter: invalid date format verb "MMMMM": '
                    'month must be "M", "MM", "MMM", or "MMMM".',
                    "t.hcl:1,13-18",
                ]
            ],
        },
    ),
    (
        'formatdate("EE", "2020-01-01T00:00:00Z")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "format" parameter: invalid date format verb "EE": day '
                    'of week must either be "EEE" or "EEEE".',
                    "t.hcl:1,13-15",
                ]
            ],
        },
    ),
    (
        'formatdate("A", "2020-01-01T00:00:00Z")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "format" parameter: invalid date format verb "A": must '
                    'be "AA".',
                    "t.hcl:1,13-14",
                ]
            ],
        },
    ),
    (
        'formatdate("ZZ", "2020-01-01T00:00:00Z")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "format" parameter: invalid date format verb "ZZ": '
                    "timezone must be Z, ZZZZ, or ZZZZZ.",
                    "t.hcl:1,13-15",
                ]
            ],
        },
    ),
    (
        'formatdate("hhh", "2020-01-01T00:00:00Z")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "format" parameter: invalid date format verb "hhh": '
                    '24-hour must either be "h" or "hh".',
                    "t.hcl:1,13-16",
                ]
            ],
        },
    ),
    (
        'formatdate("x", "2020-01-01T00:00:00Z")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "format" parameter: invalid date format verb "x".',
                    "t.hcl:1,13-14",
                ]
            ],
        },
    ),
    (
        'formatdate("DD \'unterminated", "2020-01-01T00:00:00Z")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "format" parameter: unterminated literal \'.',
                    "t.hcl:1,13-29",
                ]
            ],
        },
    ),
    (
        'formatdate("YYY", "not a time")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "time" parameter: not a valid RFC3339 timestamp: cannot '
                    'use "not a time" as year.',
                    "t.hcl:1,20-30",
                ]
            ],
        },
    ),
    ('formatdate(unknown, "not a time")', {"type": "string", "value": "unknown", "diags": []}),
    (
        'formatdate(nothing, "2020-01-01T00:00:00Z")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "format" parameter: argument must not be null.',
                    "t.hcl:1,12-19",
                ]
            ],
        },
    ),
    (
        'timeadd("2017-11-22T00:00:00Z", "10m")',
        {"type": "string", "value": "2017-11-22T00:10:00Z", "diags": []},
    ),
    (
        'timeadd("2017-11-22T00:00:00Z", "-1h30m")',
        {"type": "string", "value": "2017-11-21T22:30:00Z", "diags": []},
    ),
    (
        'timeadd("2020-02-28T23:00:00+05:30", "1.5h")',
        {"type": "string", "value": "2020-02-29T00:30:00+05:30", "diags": []},
    ),
    (
        'timeadd("2020-01-01T00:00:00.9Z", "0.1s")',
        {"type": "string", "value": "2020-01-01T00:00:01Z", "diags": []},
    ),
    (
        'timeadd("2020-01-01T00:00:00,5Z", "500ms")',
        {"type": "string", "value": "2020-01-01T00:00:01Z", "diags": []},
    ),
    (
        'timeadd("2020-01-01T00:00:00Z", "1µs1μs1us1ns")',
        {"type": "string", "value": "2020-01-01T00:00:00Z", "diags": []},
    ),
    (
        'timeadd("2020-01-01T00:00:00+99:99", "1h")',
        {"type": "string", "value": "2020-01-01T01:00:00+100:39", "diags": []},
    ),
    (
        'timeadd("2020-01-01T00:00:00+-1:00", "0")',
        {"type": "string", "value": "2020-01-01T00:00:00-01:00", "diags": []},
    ),
    (
        'timeadd("0000-01-01T00:00:00Z", "-1ns")',
        {"type": "string", "value": "-0001-12-31T23:59:59Z", "diags": []},
    ),
    (
        'timeadd("0000-01-01T00:00:00Z", "-2562047h47m16.854775808s")',
        {"type": "string", "value": "-0293-09-22T00:12:43Z", "diags": []},
    ),
    (
        'timeadd("9999-12-31T23:59:59Z", "2562047h47m16.854775807s")',
        {"type": "string", "value": "10292-04-10T23:47:15Z", "diags": []},
    ),
    (
        'timeadd("9999-12-31T23:59:59Z", "1s")',
        {"type": "string", "value": "10000-01-01T00:00:00Z", "diags": []},
    ),
    (
        'timeadd("2020-01-01T00:00:00Z", "2562047h47m16.854775808s")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "timeadd" failed: time: invalid duration '
                    '"2562047h47m16.854775808s".',
                    "t.hcl:1,1-9",
                ]
            ],
        },
    ),
    (
        'timeadd("2020-01-01T00:00:00Z", "-9223372036854775808ns")',
        {"type": "string", "value": "1727-09-22T00:12:43Z", "diags": []},
    ),
    (
        'timeadd("2020-01-01T00:00:00Z", "9223372036.854775808s9223372036854775808ns")',
        {"type": "string", "value": "2020-01-01T00:00:00Z", "diags": []},
    ),
    (
        'timeadd("2020-01-01T00:00:00Z", "1d")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "timeadd" failed: time: unknown unit "d" in duration "1d".',
                    "t.hcl:1,1-9",
                ]
            ],
        },
    ),
    (
        'timeadd("2020-01-01T00:00:00Z", "1")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "timeadd" failed: time: missing unit in duration "1".',
                    "t.hcl:1,1-9",
                ]
            ],
        },
    ),
    (
        'timeadd("2020-01-01T00:00:00Z", "")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "timeadd" failed: time: invalid duration "".',
                    "t.hcl:1,1-9",
                ]
            ],
        },
    ),
    (
        'timeadd("2020-01-01T00:00:00Z", "+-1h")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "timeadd" failed: time: invalid duration "+-1h".',
                    "t.hcl:1,1-9",
                ]
            ],
        },
    ),
    (
        'timeadd("2020-01-01T00:00:00Z", "1hé")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "timeadd" failed: time: unknown unit "h\\xc3\\xa9" in '
                    'duration "1h\\xc3\\xa9".',
                    "t.hcl:1,1-9",
                ]
            ],
        },
    ),
    (
        'timeadd("2020-01-01T00:00:00Z", "0.0000000000000000000000001h")',
        {"type": "string", "value": "2020-01-01T00:00:00Z", "diags": []},
    ),
    (
        'timeadd("2020-01-01", "1h")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "timeadd" failed: not a valid RFC3339 timestamp: missing '
                    "required time introducer 'T'.",
                    "t.hcl:1,1-9",
                ]
            ],
        },
    ),
    (
        'timeadd("2020-01-01T00:00:00Z", unknown)',
        {"type": "string", "value": "unknown", "diags": []},
    ),
    (
        'timeadd("2020-01-01T00:00:00Z", nothing)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "duration" parameter: argument must not be null.',
                    "t.hcl:1,33-40",
                ]
            ],
        },
    ),
]


def _call(call: str, ctx: EvalContext = CTX) -> dict[str, Any]:
    expr, _ = parse_expression(call, "t.hcl")
    value, diags = expr.value(ctx)
    return {
        "type": json.loads(json.dumps(type_to_json(value.type))),
        "value": json.loads(encode_json(value, value.type)) if value.is_wholly_known else "unknown",
        "diags": [[d.summary, d.detail, str(d.subject)] for d in diags],
    }


@pytest.mark.parametrize(("call", "expected"), CASES)
def test_time_function_as_go_cty(call: str, expected: dict[str, Any]) -> None:
    assert _call(call) == expected


STAMP = "2006-01-02T15:04:05Z"


# go-cty reads the layout with a bufio.Scanner, which gives up without an error
# at a directive or quoted text of 64 KiB (65,536 bytes) or more: the result
# ends before it (outputs of tools/differential/go/gofuncs).
@pytest.mark.parametrize(
    ("layout", "result"),
    [
        ("YYYY '" + "x" * 65533 + "' YY", "2006 " + "x" * 65533 + " 06"),
        ("YYYY '" + "x" * 65534 + "' YY", "2006 "),
        ("D " + "Y" * 65536, "2 "),
        ("D '" + "x" * 65536, "2 "),
        ("D '" + "\u00e9" * 32767 + "' D", "2 "),  # 65,536 bytes of UTF-8
        ("D '" + "\u00e9" * 32766 + "' D", "2 " + "\u00e9" * 32766 + " 2"),
    ],
)
def test_formatdate_stops_where_go_cty_scanner_gives_up(layout: str, result: str) -> None:
    got = _call(f'formatdate("{layout}", "{STAMP}")')
    assert got == {"type": "string", "value": result, "diags": []}


@pytest.mark.parametrize(
    ("layout", "detail"),
    [
        ("D " + "Y" * 65535, "invalid date format verb " + json.dumps("Y" * 65535) + ": year "
         'must either be "YY" or "YYYY".'),
        ("D '" + "x" * 65532, "unterminated literal '."),
    ],
)  # fmt: skip
def test_formatdate_reads_tokens_just_under_the_scanner_limit(layout: str, detail: str) -> None:
    got = _call(f'formatdate("{layout}", "{STAMP}")')
    assert got["value"] == "unknown"
    assert got["diags"] == [
        [
            "Invalid function argument",
            'Invalid value for "format" parameter: ' + detail,
            f"t.hcl:1,13-{len(layout) + 13}",
        ]
    ]


def test_formatdate_refuses_a_result_longer_than_the_string_limit() -> None:
    small = EvalContext({}, dict(STDLIB), limits=Limits(max_string_length=32))
    assert _call('formatdate("Z Z Z Z", "2020-01-02T00:00:00+99:99")', small)["value"] == (
        "+100:39 +100:39 +100:39 +100:39"
    )
    assert _call('formatdate("Z Z Z Z Z", "2020-01-02T00:00:00+99:99")', small)["diags"] == [
        [
            "Error in function call",
            'Call to function "formatdate" failed: the result would be longer than 32 characters.',
            "t.hcl:1,1-12",
        ]
    ]


@pytest.mark.parametrize(
    ("duration", "result"),
    [
        ("0." + "0" * 400 + "1h", "2020-01-01T00:00:00Z"),  # the float scale is +Inf
        ("0" * 40 + "1h", "2020-01-01T01:00:00Z"),
        ("1." + "9" * 400 + "h", "2020-01-01T02:00:00Z"),
        ("2562047.788015215h", "2312-04-11T23:47:16Z"),
    ],
)
def test_timeadd_reads_long_numbers_as_go_does(duration: str, result: str) -> None:
    got = _call(f'timeadd("2020-01-01T00:00:00Z", "{duration}")')
    assert got == {"type": "string", "value": result, "diags": []}
