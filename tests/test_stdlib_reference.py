"""STDLIB functions (collections, sets, numbers, conversions, JSON, CSV, bytes) vs go-cty 1.12.1.

Each case is a call and what ``tools/gofuncs`` (go-cty's own functions)
gives for it: the type and value (go-cty's JSON encoding, or "unknown") and
the diagnostics.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from hcldecode.functions import STDLIB
from hcldecode.model import EvalContext
from hcldecode.native import parse_expression
from hcldecode.values import BYTES, STRING, Value, encode_json, type_to_json

# The variables tools/gofuncs gives its expressions too.
CTX = EvalContext(
    {
        "unknown": Value.unknown(STRING),
        "nothing": Value.null(STRING),
        "somebytes": Value.capsule(BYTES, "héllo wörld".encode()),
    },
    dict(STDLIB),
)

CASES = [
    (
        'csvdecode("a,b\\n1,2\\n3,4\\n")',
        {
            "type": ["list", ["object", {"a": "string", "b": "string"}]],
            "value": [{"a": "1", "b": "2"}, {"a": "3", "b": "4"}],
            "diags": [],
        },
    ),
    (
        'csvdecode("a,b\\r\\n\\"x, y\\",\\"q\\"\\"r\\"\\r\\n\\n")',
        {
            "type": ["list", ["object", {"a": "string", "b": "string"}]],
            "value": [{"a": "x, y", "b": 'q"r'}],
            "diags": [],
        },
    ),
    (
        'csvdecode("a,b\\n1\\n")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "csvdecode" failed: CSV parse error on line 2: wrong '
                    "number of fields.",
                    "t.hcl:1,1-11",
                ]
            ],
        },
    ),
    (
        'csvdecode("a,a\\n1,2\\n")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "csvdecode" failed: duplicate column name "a".',
                    "t.hcl:1,1-11",
                ]
            ],
        },
    ),
    (
        'csvdecode("")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "csvdecode" failed: missing header line.',
                    "t.hcl:1,1-11",
                ]
            ],
        },
    ),
    (
        'csvdecode("a\\n\\"open\\n")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "csvdecode" failed: CSV parse error on line 2: extraneous '
                    'or missing " in quoted-field.',
                    "t.hcl:1,1-11",
                ]
            ],
        },
    ),
    (
        'csvdecode("a\\nx\\"y\\n")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "csvdecode" failed: CSV parse error on line 2: bare " in '
                    "non-quoted-field.",
                    "t.hcl:1,1-11",
                ]
            ],
        },
    ),
    (
        'jsondecode("\\"\\\\q\\"")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    "Call to function \"jsondecode\" failed: invalid character 'q' in string "
                    "escape code.",
                    "t.hcl:1,1-12",
                ]
            ],
        },
    ),
    ('add(1, "2")', {"type": "number", "value": 3, "diags": []}),
    (
        "divide(0, 0)",
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "divide" failed: can\'t divide zero by zero or infinity by '
                    "infinity.",
                    "t.hcl:1,1-8",
                ]
            ],
        },
    ),
    ("modulo(5, 3)", {"type": "number", "value": 2, "diags": []}),
    ('equal(1, "1")', {"type": "bool", "value": False, "diags": []}),
    ("notequal(null, null)", {"type": "bool", "value": False, "diags": []}),
    ("and(true, unknown)", {"type": "bool", "value": "unknown", "diags": []}),
    ("not(true)", {"type": "bool", "value": False, "diags": []}),
    ("negate(2)", {"type": "number", "value": -2, "diags": []}),
    ("greaterthan(2, 1)", {"type": "bool", "value": True, "diags": []}),
    (
        'setunion(toset(["a"]), toset(["b", "a"]))',
        {"type": ["set", "string"], "value": ["a", "b"], "diags": []},
    ),
    (
        "setintersection(toset([1, 2]), toset([2, 3]))",
        {"type": ["set", "number"], "value": [2], "diags": []},
    ),
    (
        'setsubtract(toset(["a", "b"]), toset(["b"]))',
        {"type": ["set", "string"], "value": ["a"], "diags": []},
    ),
    (
        "setsymmetricdifference(toset([1, 2]), toset([2, 3]))",
        {"type": ["set", "number"], "value": [1, 3], "diags": []},
    ),
    ('sethaselement(toset(["a"]), "a")', {"type": "bool", "value": True, "diags": []}),
    ('sethaselement(toset(["a"]), 1)', {"type": "bool", "value": False, "diags": []}),
    (
        'setunion(toset([1]), toset(["x"]))',
        {"type": ["set", "string"], "value": ["1", "x"], "diags": []},
    ),
    ("setunion(toset([]), toset([]))", {"type": ["set", "dynamic"], "value": [], "diags": []}),
    (
        'jsondecode("1.")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "jsondecode" failed: unexpected EOF.',
                    "t.hcl:1,1-12",
                ]
            ],
        },
    ),
    (
        'jsondecode("2eq")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    "Call to function \"jsondecode\" failed: invalid character 'q' in exponent "
                    "of numeric literal.",
                    "t.hcl:1,1-12",
                ]
            ],
        },
    ),
    (
        'flatten([["a", "b"], [], ["c"]])',
        {"type": ["tuple", ["string", "string", "string"]], "value": ["a", "b", "c"], "diags": []},
    ),
    (
        "flatten([[1, [2, 3]], 4])",
        {
            "type": ["tuple", ["number", "number", "number", "number"]],
            "value": [1, 2, 3, 4],
            "diags": [],
        },
    ),
    (
        'flatten("x")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "flatten" failed: can only flatten lists, sets and tuples.',
                    "t.hcl:1,1-9",
                ]
            ],
        },
    ),
    (
        'slice(["a", "b", "c", "d"], 1, 3)',
        {"type": ["tuple", ["string", "string"]], "value": ["b", "c"], "diags": []},
    ),
    (
        'slice([1, "x", true], 0, 2)',
        {"type": ["tuple", ["number", "string"]], "value": [1, "x"], "diags": []},
    ),
    (
        'slice(["a"], 2, 3)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "start_index" parameter: start index must not be greater '
                    "than the length of the list.",
                    "t.hcl:1,14-15",
                ]
            ],
        },
    ),
    (
        'slice(["a", "b"], 1, 0)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "start_index" parameter: start index must not be greater '
                    "than end index.",
                    "t.hcl:1,19-20",
                ]
            ],
        },
    ),
    (
        'zipmap(["a", "b"], [1, 2])',
        {
            "type": ["object", {"a": "number", "b": "number"}],
            "value": {"a": 1, "b": 2},
            "diags": [],
        },
    ),
    (
        'zipmap(["a", "b"], [1, "x"])',
        {
            "type": ["object", {"a": "number", "b": "string"}],
            "value": {"a": 1, "b": "x"},
            "diags": [],
        },
    ),
    (
        'zipmap(["a"], [1, 2])',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "zipmap" failed: number of keys (1) does not match number '
                    "of values (2).",
                    "t.hcl:1,1-8",
                ]
            ],
        },
    ),
    ("tostring(1.5)", {"type": "string", "value": "1.5", "diags": []}),
    ("tostring(true)", {"type": "string", "value": "true", "diags": []}),
    (
        "tostring([1])",
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "v" parameter: cannot convert tuple to string.',
                    "t.hcl:1,10-11",
                ]
            ],
        },
    ),
    ('tonumber("1e3")', {"type": "number", "value": 1000, "diags": []}),
    (
        'tonumber("x")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "v" parameter: cannot convert "x" to number; given string '
                    "must be a decimal representation of a number.",
                    "t.hcl:1,11-12",
                ]
            ],
        },
    ),
    ('tobool("true")', {"type": "bool", "value": True, "diags": []}),
    (
        'tobool("yes")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "v" parameter: cannot convert "yes" to bool; only the '
                    'strings "true" or "false" are allowed.',
                    "t.hcl:1,9-12",
                ]
            ],
        },
    ),
    ('tolist(["a", 1])', {"type": ["list", "string"], "value": ["a", "1"], "diags": []}),
    ('toset(["b", "a", "b"])', {"type": ["set", "string"], "value": ["a", "b"], "diags": []}),
    (
        'tomap({a = 1, b = "x"})',
        {"type": ["map", "string"], "value": {"a": "1", "b": "x"}, "diags": []},
    ),
    (
        "tolist({a = 1})",
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "v" parameter: cannot convert object to list of any '
                    "single type.",
                    "t.hcl:1,8-9",
                ]
            ],
        },
    ),
    ("tostring(null)", {"type": "dynamic", "value": None, "diags": []}),
    ('element(["a", "b", "c"], 4)', {"type": "string", "value": "b", "diags": []}),
    (
        'element(["a", "b"], -1)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "element" failed: cannot use element function with a '
                    "negative index.",
                    "t.hcl:1,1-9",
                ]
            ],
        },
    ),
    (
        "element([], 0)",
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "element" failed: cannot use element function with an '
                    "empty list.",
                    "t.hcl:1,1-9",
                ]
            ],
        },
    ),
    (
        'coalescelist([], ["a"], ["b"])',
        {"type": ["tuple", ["string"]], "value": ["a"], "diags": []},
    ),
    (
        "coalescelist()",
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "coalescelist" failed: at least one argument is required.',
                    "t.hcl:1,1-14",
                ]
            ],
        },
    ),
    (
        'compact(["a", "", null, "b"])',
        {"type": ["list", "string"], "value": ["a", "b"], "diags": []},
    ),
    ('contains(["a", "b"], "b")', {"type": "bool", "value": True, "diags": []}),
    ('contains([], "b")', {"type": "bool", "value": False, "diags": []}),
    (
        'contains("x", "b")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "contains" failed: argument must be list, tuple, or set.',
                    "t.hcl:1,1-10",
                ]
            ],
        },
    ),
    (
        'distinct(["a", "b", "a", "c", "b"])',
        {"type": ["list", "string"], "value": ["a", "b", "c"], "diags": []},
    ),
    (
        'chunklist(["a", "b", "c"], 2)',
        {"type": ["list", ["list", "string"]], "value": [["a", "b"], ["c"]], "diags": []},
    ),
    (
        'chunklist(["a", "b"], 0)',
        {"type": ["list", ["list", "string"]], "value": [["a", "b"]], "diags": []},
    ),
    (
        'chunklist(["a"], -1)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "chunklist" failed: the size argument must be positive.',
                    "t.hcl:1,1-11",
                ]
            ],
        },
    ),
    (
        'keys({b = 1, a = "x"})',
        {"type": ["tuple", ["string", "string"]], "value": ["a", "b"], "diags": []},
    ),
    (
        'values({b = 1, a = "x"})',
        {"type": ["tuple", ["string", "number"]], "value": ["x", 1], "diags": []},
    ),
    ('lookup({a = "x"}, "a", "d")', {"type": "string", "value": "x", "diags": []}),
    ('lookup({a = "x"}, "b", "d")', {"type": "string", "value": "d", "diags": []}),
    (
        'lookup({a = "x"}, "b")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Not enough function arguments",
                    'Function "lookup" expects 3 argument(s). Missing value for "default".',
                    "t.hcl:1,22-23",
                ]
            ],
        },
    ),
    (
        'lookup("x", "b", "d")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "inputMap" parameter: lookup() requires a map as the '
                    "first argument.",
                    "t.hcl:1,9-10",
                ]
            ],
        },
    ),
    (
        'merge({a = 1}, {b = "x"}, null)',
        {
            "type": ["object", {"a": "number", "b": "string"}],
            "value": {"a": 1, "b": "x"},
            "diags": [],
        },
    ),
    (
        'merge({a = 1}, "x")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "merge" failed: arguments must be maps or objects, got '
                    '"string".',
                    "t.hcl:1,1-7",
                ]
            ],
        },
    ),
    (
        'reverse([1, "a", true])',
        {"type": ["tuple", ["bool", "string", "number"]], "value": [True, "a", 1], "diags": []},
    ),
    (
        'reverse("x")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "list" parameter: can only reverse list or tuple values, '
                    "not string.",
                    "t.hcl:1,10-11",
                ]
            ],
        },
    ),
    ("ceil(1.2)", {"type": "number", "value": 2, "diags": []}),
    ("ceil(-1.2)", {"type": "number", "value": -1, "diags": []}),
    ("floor(-1.2)", {"type": "number", "value": -2, "diags": []}),
    ("floor(5)", {"type": "number", "value": 5, "diags": []}),
    ("log(8, 2)", {"type": "number", "value": 3, "diags": []}),
    ("log(100, 10)", {"type": "number", "value": 2, "diags": []}),
    ("pow(2, 10)", {"type": "number", "value": 1024, "diags": []}),
    ("pow(10, 1.5)", {"type": "number", "value": 31.622776601683796, "diags": []}),
    ("signum(-3)", {"type": "number", "value": -1, "diags": []}),
    (
        "signum(1.5)",
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "signum" failed: value must be a whole number, between '
                    "-9223372036854775808 and 9223372036854775807.",
                    "t.hcl:1,1-8",
                ]
            ],
        },
    ),
    ('parseint("ff", 16)', {"type": "number", "value": 255, "diags": []}),
    ('parseint("-101", 2)', {"type": "number", "value": -5, "diags": []}),
    ('parseint("zZ", 62)', {"type": "number", "value": 2231, "diags": []}),
    (
        'parseint("0x1f", 16)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "number" parameter: cannot parse "0x1f" as a base 16 '
                    "integer.",
                    "t.hcl:1,11-15",
                ]
            ],
        },
    ),
    (
        'parseint("12", 1)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "base" parameter: base must be a whole number between 2 '
                    "and 62 inclusive.",
                    "t.hcl:1,16-17",
                ]
            ],
        },
    ),
    (
        "parseint(12, 10)",
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "number" parameter: first argument must be a string, not '
                    "number.",
                    "t.hcl:1,10-12",
                ]
            ],
        },
    ),
    ('index(["a", "b"], 1)', {"type": "string", "value": "b", "diags": []}),
    ('index(tolist(["a", "b"]), 1)', {"type": "string", "value": "b", "diags": []}),
    (
        'index(tolist(["a", "b"]), 2)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "index" failed: invalid index.',
                    "t.hcl:1,1-7",
                ]
            ],
        },
    ),
    (
        'index(tolist(["a"]), -1)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "index" failed: invalid index.',
                    "t.hcl:1,1-7",
                ]
            ],
        },
    ),
    (
        'index(tolist(["a"]), 0.5)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "index" failed: invalid index.',
                    "t.hcl:1,1-7",
                ]
            ],
        },
    ),
    (
        'index(tolist(["a"]), "0")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "index" failed: key for list must be number.',
                    "t.hcl:1,1-7",
                ]
            ],
        },
    ),
    (
        'index(tolist(["a"]), "x")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "index" failed: key for list must be number.',
                    "t.hcl:1,1-7",
                ]
            ],
        },
    ),
    ('index(tomap({a = "x", b = "y"}), "b")', {"type": "string", "value": "y", "diags": []}),
    (
        'index(tomap({a = "x"}), "c")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "index" failed: invalid index.',
                    "t.hcl:1,1-7",
                ]
            ],
        },
    ),
    (
        'index(tomap({a = "x"}), 1)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "index" failed: key for map must be string.',
                    "t.hcl:1,1-7",
                ]
            ],
        },
    ),
    (
        'index({a = 1}, "a")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "index" failed: collection must be a list, a map or a tuple.',
                    "t.hcl:1,1-7",
                ]
            ],
        },
    ),
    (
        'index([1, "a"], 5)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "index" failed: key must be between 0 and 2 inclusive.',
                    "t.hcl:1,1-7",
                ]
            ],
        },
    ),
    (
        'index([1, "a"], 1.5)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "index" failed: invalid key for tuple: value must be a '
                    "whole number, between -9223372036854775808 and 9223372036854775807.",
                    "t.hcl:1,1-7",
                ]
            ],
        },
    ),
    (
        'index([1, "a"], unknown)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "index" failed: key for tuple must be number.',
                    "t.hcl:1,1-7",
                ]
            ],
        },
    ),
    (
        'index(tolist(["a"]), unknown)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "index" failed: key for list must be number.',
                    "t.hcl:1,1-7",
                ]
            ],
        },
    ),
    (
        'index("abc", 0)',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "index" failed: collection must be a list, a map or a tuple.',
                    "t.hcl:1,1-7",
                ]
            ],
        },
    ),
    (
        "index(nothing, 0)",
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "collection" parameter: argument must not be null.',
                    "t.hcl:1,7-14",
                ]
            ],
        },
    ),
    (
        'setproduct(["a", "b"], [1, 2])',
        {
            "type": ["list", ["tuple", ["string", "number"]]],
            "value": [["a", 1], ["a", 2], ["b", 1], ["b", 2]],
            "diags": [],
        },
    ),
    (
        'setproduct(toset(["b", "a"]), [1, 2])',
        {
            "type": ["set", ["tuple", ["string", "number"]]],
            "value": [["a", 1], ["a", 2], ["b", 1], ["b", 2]],
            "diags": [],
        },
    ),
    (
        'setproduct(["a"], toset([2, 1]), [true, false])',
        {
            "type": ["set", ["tuple", ["string", "number", "bool"]]],
            "value": [["a", 1, False], ["a", 1, True], ["a", 2, False], ["a", 2, True]],
            "diags": [],
        },
    ),
    (
        "setproduct([], [1])",
        {"type": ["list", ["tuple", ["dynamic", "number"]]], "value": [], "diags": []},
    ),
    (
        "setproduct(toset([]), [1])",
        {"type": ["set", ["tuple", ["dynamic", "number"]]], "value": [], "diags": []},
    ),
    (
        "setproduct([1])",
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "setproduct" failed: at least two arguments are required.',
                    "t.hcl:1,1-12",
                ]
            ],
        },
    ),
    (
        'setproduct([1, "a"], [true])',
        {
            "type": ["list", ["tuple", ["string", "bool"]]],
            "value": [["1", True], ["a", True]],
            "diags": [],
        },
    ),
    (
        'setproduct(["x"], [[1], "a"])',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "sets" parameter: all elements must be of the same type.',
                    "t.hcl:1,19-20",
                ]
            ],
        },
    ),
    (
        "setproduct([1], 2)",
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "sets" parameter: a set or a list is required.',
                    "t.hcl:1,17-18",
                ]
            ],
        },
    ),
    (
        "setproduct([1], nothing)",
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "sets" parameter: argument must not be null.',
                    "t.hcl:1,17-24",
                ]
            ],
        },
    ),
    (
        'setproduct(toset([unknown, "a"]), [1])',
        {"type": ["set", ["tuple", ["string", "number"]]], "value": "unknown", "diags": []},
    ),
    (
        'setproduct(["a", unknown], [1])',
        {"type": ["list", ["tuple", ["string", "number"]]], "value": "unknown", "diags": []},
    ),
    ("range(3)", {"type": ["list", "number"], "value": [0, 1, 2], "diags": []}),
    ("range(1, 4)", {"type": ["list", "number"], "value": [1, 2, 3], "diags": []}),
    ("range(4, 1)", {"type": ["list", "number"], "value": [4, 3, 2], "diags": []}),
    ("range(0, 1, 0.25)", {"type": ["list", "number"], "value": [0, 0.25, 0.5, 0.75], "diags": []}),
    (
        "range(0, 10, -1)",
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "params" parameter: end must be less than start when step '
                    "is negative.",
                    "t.hcl:1,10-12",
                ]
            ],
        },
    ),
    (
        "range(0, 2000)",
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "range" failed: more than 1024 values were generated; '
                    "either decrease the difference between start and end or use a smaller step.",
                    "t.hcl:1,1-7",
                ]
            ],
        },
    ),
]


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


# tools/gofuncs writes a buffer as its bytes read as UTF-8 text. go-cty 1.13 and
# later name the type given in a conversion error ("bytes required, but have
# string"), as hcldecode does; Debian's 1.12.1 writes "bytes required".
BYTES_CASES = [
    ("byteslen(somebytes)", {"type": "number", "value": 13, "diags": []}),
    ("byteslen(bytesslice(somebytes, 1, 4))", {"type": "number", "value": 4, "diags": []}),
    ("bytesslice(somebytes, 1, 2)", {"type": "bytes", "value": "é", "diags": []}),
    ("bytesslice(somebytes, 13, 0)", {"type": "bytes", "value": "", "diags": []}),
    (
        "bytesslice(somebytes, 14, 0)",
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "bytesslice" failed: offset 14 is greater than total '
                    "buffer length 13.",
                    "t.hcl:1,1-12",
                ]
            ],
        },
    ),
    (
        "bytesslice(somebytes, 3, 11)",
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "bytesslice" failed: offset 3 + length 11 is greater than '
                    "total buffer length 13.",
                    "t.hcl:1,1-12",
                ]
            ],
        },
    ),
    (
        "bytesslice(somebytes, -1, 2)",
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "bytesslice" failed: offset and length must be non-negative.',
                    "t.hcl:1,1-12",
                ]
            ],
        },
    ),
    (
        "bytesslice(somebytes, 1.5, 2)",
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Error in function call",
                    'Call to function "bytesslice" failed: value must be a whole number, between '
                    "-9223372036854775808 and 9223372036854775807.",
                    "t.hcl:1,1-12",
                ]
            ],
        },
    ),
    ("bytesslice(somebytes, unknown, 2)", {"type": "bytes", "value": "unknown", "diags": []}),
    (
        'byteslen("abc")',
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "buf" parameter: bytes required, but have string.',
                    "t.hcl:1,11-14",
                ]
            ],
        },
    ),
    (
        "byteslen(nothing)",
        {
            "type": "dynamic",
            "value": "unknown",
            "diags": [
                [
                    "Invalid function argument",
                    'Invalid value for "buf" parameter: bytes required, but have string.',
                    "t.hcl:1,10-17",
                ]
            ],
        },
    ),
]


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
# The values as tools/gofuncs writes them, digit for digit:
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
