"""STDLIB functions (collections, sets, numbers, conversions, JSON, CSV, bytes) vs go-cty 1.12.1.

Each case is a call and what ``tools/differential/go/gofuncs`` (go-cty's own functions)
gives for it: the type and value (go-cty's JSON encoding, or "unknown") and
the diagnostics. One case holds go-cty 1.15's answer, the version hcldecode
follows there (docs/compatibility.md): ``element(["a", "b"], -1)`` is
``"b"`` (go-cty 1.12.1: ``cannot use element function with a negative
index``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from expected_data import load_expected
from hcldecode.functions import STDLIB
from hcldecode.model import EvalContext
from hcldecode.native import parse_expression
from hcldecode.values import BYTES, STRING, Value, encode_json, type_to_json

# The variables tools/differential/go/gofuncs gives its expressions too.
CTX = EvalContext(
    {
        "unknown": Value.unknown(STRING),
        "nothing": Value.null(STRING),
        "somebytes": Value.capsule(BYTES, "héllo wörld".encode()),
    },
    dict(STDLIB),
)

# Each call and what go-cty gives for it (tests/data/functions/stdlib_reference.json).
_EXPECTED = load_expected("functions/stdlib_reference.json")
CASES = list(_EXPECTED["calls"].items())


@pytest.mark.parametrize(("call", "expected"), CASES)
def test_function_call_as_go_cty(call: str, expected: dict[str, Any]) -> None:
    expr, _ = parse_expression(call, "t.hcl")
    value, diags = expr.value(CTX)
    got = {
        "type": json.loads(json.dumps(type_to_json(value.type))),
        "value": json.loads(encode_json(value, value.type)) if value.is_wholly_known else "unknown",
        "diags": [[d.summary, d.detail, str(d.subject)] for d in diags],
    }
    assert got == expected


# tools/differential/go/gofuncs writes a buffer as its bytes read as UTF-8 text. go-cty 1.13 and
# later name the type given in a conversion error ("bytes required, but have
# string"), as hcldecode does; Debian's 1.12.1 writes "bytes required".
BYTES_CASES = list(_EXPECTED["bytes_calls"].items())


@pytest.mark.parametrize(("call", "expected"), BYTES_CASES)
def test_bytes_functions_as_go_cty(call: str, expected: dict[str, Any]) -> None:
    expr, _ = parse_expression(call, "t.hcl")
    value, diags = expr.value(CTX)
    buffer = value.as_capsule() if value.type == BYTES and value.is_known else None
    got = {
        "type": "bytes"
        if value.type == BYTES
        else json.loads(json.dumps(type_to_json(value.type))),
        "value": buffer.decode()
        if isinstance(buffer, bytes)
        else (json.loads(encode_json(value, value.type)) if value.is_wholly_known else "unknown"),
        "diags": [[d.summary, d.detail, str(d.subject)] for d in diags],
    }
    assert got == expected


# go-cty's pow is Go's math.Pow, whose fractional part goes through the amd64
# assembly of math.Exp (the path with fused multiply-adds); results of float64
# precision are written as the shortest decimal at 53 bits, subnormal ones too.
# The values as tools/differential/go/gofuncs writes them, digit for digit:
POW_CASES = [
    ("pow(1.5, 1.5)", "1.8371173070873836"),
    (
        "pow(9.204542506915255, -335.23026947438603)",
        "0.000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000004940656458412465",
    ),
    (
        "pow(2.9714346239003765e-201, 1.5504054289562639)",
        "0.000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000012641485541710533",
    ),
    ("pow(7, 0.1)", "1.214814044039067"),
    (
        "pow(0.5, 1074.5)",
        "0.000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000004940656458412465",
    ),
]


@pytest.mark.parametrize(("call", "digits"), POW_CASES)
def test_pow_gives_go_ctys_digits(call: str, digits: str) -> None:
    expr, _ = parse_expression(call, "t.hcl")
    value, diags = expr.value(CTX)
    assert (encode_json(value, value.type), list(diags)) == (digits, [])
