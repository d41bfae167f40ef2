"""The JSON parser: trees, positions, numbers, strings, and every parse diagnostic."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from json_test_helpers import diags_of, span

from hcldecode.json import JsonBody, parse, parse_expression
from hcldecode.json._ast import (
    ArrayNode,
    BoolNode,
    InvalidNode,
    Node,
    NullNode,
    NumberNode,
    ObjectNode,
    Source,
    StringNode,
)
from hcldecode.json._expression import json_number
from hcldecode.json._parser import parse_value
from hcldecode.values import _number as number
from hcldecode.values import max_nesting


def dump(node: Node) -> Any:
    """A node as plain data: objects as lists of (name, name span, value), leaves with spans."""
    if isinstance(node, ObjectNode):
        return (
            "object",
            (node.start, node.end),
            [(p.name, (p.name_start, p.name_end), dump(p.value)) for p in node.properties],
        )
    if isinstance(node, ArrayNode):
        return ("array", (node.start, node.end), [dump(e) for e in node.elements])
    if isinstance(node, StringNode):
        return ("string", (node.start, node.end), node.value)
    if isinstance(node, NumberNode):
        return ("number", (node.start, node.end), node.text)
    if isinstance(node, BoolNode):
        return ("bool", (node.start, node.end), node.value)
    if isinstance(node, NullNode):
        return ("null", (node.start, node.end))
    assert isinstance(node, InvalidNode)
    return ("invalid", (node.start, node.end))


def root_of(text: str | bytes) -> Node:
    file, _ = parse(text, "t.json")
    assert isinstance(file.body, JsonBody)
    return file.body.node


def errors(text: str | bytes) -> list[tuple[str, str, str | None, str | None]]:
    _, diags = parse(text, "t.json")
    return diags_of(diags)


# --------------------------------------------------------------------------- trees


def test_order_and_duplicates_are_kept() -> None:
    text = '{"b": 1, "a": [true, null], "b": {"c": "x"}}'
    file, diags = parse(text, "t.json")
    assert diags == []
    assert file.text == text
    assert dump(root_of(text)) == (
        "object",
        (0, 44),
        [
            ("b", (1, 4), ("number", (6, 7), "1")),
            ("a", (9, 12), ("array", (14, 26), [("bool", (15, 19), True), ("null", (21, 25))])),
            ("b", (28, 31), ("object", (33, 43), [("c", (34, 37), ("string", (39, 42), "x"))])),
        ],
    )


def test_array_of_objects_root() -> None:
    assert dump(root_of('[{"a": false}, {}]')) == (
        "array",
        (0, 18),
        [
            ("object", (1, 13), [("a", (2, 5), ("bool", (7, 12), False))]),
            ("object", (15, 17), []),
        ],
    )


def test_every_token_has_a_range() -> None:
    source = Source("t.json", '{\n\t"k": [1, "v"]\r\n}')
    root, complete, diags = parse_value(source)
    assert complete and diags == []
    assert isinstance(root, ObjectNode)
    prop = root.properties[0]
    assert span(source.range(prop.name_start, prop.name_end)) == "2:3(3)-2:6(6)"
    array = prop.value
    assert isinstance(array, ArrayNode)
    assert span(source.range(*array.start_span())) == "2:8(8)-2:9(9)"
    assert [span(source.range(e.start, e.end)) for e in array.elements] == [
        "2:9(9)-2:10(10)",
        "2:12(12)-2:15(15)",
    ]
    # The carriage return counts no column; the closing brace is on line 3.
    assert span(source.range(*root.close_span())) == "3:1(18)-3:2(19)"


@pytest.mark.parametrize(
    ("text", "offset", "expected"),
    [
        ("\t\t1", 2, "1:5(2)"),  # a tab is two columns
        ("1\r 2", 3, "1:3(3)"),  # a carriage return is none
        ('["é", 1]', 6, "1:7(7)"),  # é is two bytes, one column
        ('["e\u0301", 1]', 7, "1:7(8)"),  # e + combining accent: one cluster
        ('["😀",\n 2]', 7, "2:2(10)"),
    ],
)
def test_positions_follow_the_json_scanner(text: str, offset: int, expected: str) -> None:
    p = Source("t.json", text).pos(offset)
    assert f"{p.line}:{p.column}({p.byte})" == expected


def test_positions_match_reference_with_tabs_and_non_ascii() -> None:
    # Verified against the reference: 2:16(16)-2:17(17).
    assert errors('{\n\t"é": 1,\t"b" = 2}') == [
        (
            "Missing property value colon",
            "JSON uses a colon as its name/value delimiter, not an equals sign.",
            "2:16(16)-2:17(17)",
            None,
        )
    ]


# --------------------------------------------------------------------------- numbers and strings


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("0", 0),
        ("-0", 0),
        ("12345678901234567890123456789", 12345678901234567890123456789),
        ("1e3", 1000),
        ("1E+2", 100),
        ("-2.5", Fraction(-5, 2)),
    ],
)
def test_numbers_are_exact(text: str, expected: number.Num) -> None:
    assert json_number(text) == expected


def test_numbers_read_like_native_literals() -> None:
    assert json_number("0.1") == number.parse_literal("0.1")
    assert json_number("-3.14159e-2") == number.neg(number.parse_literal("3.14159e-2"))


def test_number_keeps_its_text() -> None:
    assert dump(root_of('{"n": 1.50e+1}'))[2][0][2] == ("number", (6, 13), "1.50e+1")


@pytest.mark.parametrize(
    ("token", "value"),
    [
        (r'"a\"b\\c\/d"', 'a"b\\c/d'),
        (r'"\b\f\n\r\t"', "\b\f\n\r\t"),
        (r'"\u00e9\u00E9"', "éé"),
        (r'"\ud83d\ude00"', "😀"),
        (r'"\ud800x"', "\ufffdx"),  # a lone surrogate escape, as Go decodes it
        (r'"\udc00\ud800"', "\ufffd\ufffd"),
        ('"${a}"', "${a}"),
    ],
)
def test_string_escapes(token: str, value: str) -> None:
    assert dump(root_of("[" + token + "]"))[2][0][2] == value


def test_lone_surrogate_in_str_input_becomes_replacement() -> None:
    root = root_of('["a\ud800"]')
    assert dump(root)[2][0][2] == "a\ufffd"


def test_invalid_utf8_in_strings_is_replacement() -> None:
    # As in the reference: no diagnostic, U+FFFD in the value, exact positions.
    src = b'{"a\xfe": "x\xffy", "b": ["\xe9\xe9"]}'
    file, diags = parse(src, "t.json")
    assert diags == []
    assert isinstance(file.body, JsonBody)
    assert dump(file.body.node) == (
        "object",
        (0, 26),
        [
            ("a\ufffd", (1, 5), ("string", (7, 12), "x\ufffdy")),
            ("b", (14, 17), ("array", (19, 25), [("string", (20, 24), "\ufffd\ufffd")])),
        ],
    )
    attrs, _ = file.body.just_attributes()
    assert span(attrs["a\ufffd"].expr.range) == "1:8(7)-1:13(12)"
    assert span(attrs["a\ufffd"].name_range) == "1:2(1)-1:6(5)"


def test_invalid_utf8_in_escaped_string_is_replacement() -> None:
    assert dump(root_of(b'["\\n\xff"]'))[2][0][2] == "\n\ufffd"


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        (
            b"\xff{}",
            [
                (
                    "Invalid start of value",
                    "A JSON value must start with a brace, a bracket, a number, a string, "
                    "or a keyword.",
                    "1:1(0)-1:2(1)",
                    None,
                )
            ],
        ),
        (
            b"{}\xff",
            [
                (
                    "Extraneous data after value",
                    "Extra characters appear after the JSON value.",
                    "1:3(2)-1:4(3)",
                    None,
                )
            ],
        ),
        (
            b'{"a": 1 \xff}',
            [
                (
                    "Missing attribute seperator comma",
                    "A comma must appear between each property definition in an object.",
                    "1:9(8)-1:10(9)",
                    None,
                )
            ],
        ),
        (
            b'{"a": "x\xff',
            [
                (
                    "Invalid JSON string",
                    "There is a syntax error in the given JSON string.",
                    "1:10(9)-1:10(9)",
                    "1:7(6)-1:10(9)",
                )
            ],
        ),
    ],
)
def test_invalid_utf8_outside_strings_is_an_invalid_character(
    src: bytes, expected: list[tuple[str, str, str | None, str | None]]
) -> None:
    assert errors(src) == expected


# --------------------------------------------------------------------------- diagnostics

_VALUE_START = "A JSON value must start with a brace, a bracket, a number, a string, or a keyword."
_COMMENT_HINT = (
    ' JSON does not allow comments; in an HCL JSON body a property named "//" can hold a '
    "comment instead."
)
_QUOTE_HINT = ' JSON strings must be enclosed in double quotes ("), not single quotes.'

# Each case: the text and its one diagnostic. Those marked "ref" are exactly
# the reference's first (or only) diagnostic; the others point at the
# offending token where the reference's range is off (see the docs).
_PARSE_ERRORS = [
    # ref
    (
        '{"r": 1,}',
        "Trailing comma in object",
        "JSON does not permit a trailing comma after the final property in an object.",
        "1:8(7)-1:9(8)",
        None,
    ),
    # ref
    (
        "[1, 2,]",
        "Trailing comma in array",
        "JSON does not permit a trailing comma after the final value in an array.",
        "1:6(5)-1:7(6)",
        None,
    ),
    # ref
    (
        '{"r" = 1}',
        "Missing property value colon",
        "JSON uses a colon as its name/value delimiter, not an equals sign.",
        "1:6(5)-1:7(6)",
        None,
    ),
    # ref
    (
        '{"r" 1, "b": 2}',
        "Missing property value colon",
        "A colon must appear between an object property's name and its value.",
        "1:6(5)-1:7(6)",
        None,
    ),
    # ref
    (
        '{"a"}',
        "Missing object value",
        "A JSON object attribute must have a value, introduced by a colon.",
        "1:5(4)-1:6(5)",
        None,
    ),
    # ref
    (
        '{"a": NaN}',
        "Invalid JSON keyword",
        'The JavaScript identifier "NaN" cannot be used in JSON.',
        "1:7(6)-1:10(9)",
        None,
    ),
    # ref
    (
        '{"a":\t"x\\ty", "b": Infinity}',
        "Invalid JSON keyword",
        'The JavaScript identifier "Infinity" cannot be used in JSON.',
        "1:21(19)-1:29(27)",
        None,
    ),
    # ref
    (
        '{"a": undefined}',
        "Invalid JSON keyword",
        'The JavaScript identifier "undefined" cannot be used in JSON.',
        "1:7(6)-1:16(15)",
        None,
    ),
    # ref
    (
        '{"ä😀": "😀", "x": fals}',
        "Invalid JSON keyword",
        '"fals" is not a valid JSON keyword. Did you mean "false"?',
        "1:18(24)-1:22(28)",
        None,
    ),
    # ref
    (
        '{\n\t"a": True\n}',
        "Invalid JSON keyword",
        '"True" is not a valid JSON keyword. Did you mean "true"?',
        "2:8(8)-2:12(12)",
        None,
    ),
    # ref
    ('{"a": t}', "Invalid JSON keyword", '"t" is not a valid JSON keyword.', "1:7(6)-1:8(7)", None),
    # ref
    (
        '{"a": 01}',
        "Invalid JSON number",
        "There is a syntax error in the given JSON number.",
        "1:7(6)-1:9(8)",
        None,
    ),
    # ref
    (
        '{"a": 1.5e}',
        "Invalid JSON number",
        "There is a syntax error in the given JSON number.",
        "1:7(6)-1:11(10)",
        None,
    ),
    # ref
    (
        '{"a": .5}',
        "Invalid JSON number",
        "There is a syntax error in the given JSON number.",
        "1:7(6)-1:9(8)",
        None,
    ),
    # The reference points one byte after the bad escape; here it is the escape.
    (
        '{"r": "a\\qb"}',
        "Invalid JSON string",
        "There is a syntax error in the given JSON string.",
        "1:9(8)-1:11(10)",
        "1:7(6)-1:13(12)",
    ),
    (
        '{"a": "\\u00zz"}',
        "Invalid JSON string",
        "There is a syntax error in the given JSON string.",
        "1:8(7)-1:12(11)",
        "1:7(6)-1:15(14)",
    ),
    (
        '{"r": "abc',
        "Invalid JSON string",
        "There is a syntax error in the given JSON string.",
        "1:11(10)-1:11(10)",
        "1:7(6)-1:11(10)",
    ),
    (
        '{"r": "ab\ncd"}',
        "Invalid JSON string",
        "There is a syntax error in the given JSON string.",
        "1:10(9)-1:10(9)",
        "1:7(6)-1:10(9)",
    ),
    # ref
    (
        '{"r": 1',
        "Unclosed object",
        "No closing brace was found for this JSON object.",
        "1:1(0)-1:2(1)",
        None,
    ),
    # ref
    (
        "[1, 2",
        "Unclosed object",
        "No closing bracket was found for this JSON array.",
        "1:1(0)-1:2(1)",
        None,
    ),
    # ref
    ('{"r": ', "Missing value", "The JSON data ends prematurely.", "1:7(6)-1:7(6)", None),
    # ref
    ("{", "Missing value", "The JSON data ends prematurely.", "1:2(1)-1:2(1)", None),
    # ref
    ("", "Missing value", "The JSON data ends prematurely.", "1:1(0)-1:1(0)", None),
    # ref
    ("  \n ", "Missing value", "The JSON data ends prematurely.", "2:2(4)-2:2(4)", None),
    # ref
    ('{"a": }', "Missing JSON value", _VALUE_START, "1:7(6)-1:8(7)", None),
    ("}", "Missing JSON value", _VALUE_START, "1:1(0)-1:2(1)", None),
    ("]", "Missing array element value", _VALUE_START, "1:1(0)-1:2(1)", None),
    ('{"a": ]}', "Missing array element value", _VALUE_START, "1:7(6)-1:8(7)", None),
    ("[1, ,]", "Invalid start of value", _VALUE_START, "1:5(4)-1:6(5)", None),
    # The reference points at the end of the input for these two.
    (
        '{"r": [1, 2}',
        "Mismatched brackets",
        "A JSON array must be closed with a bracket, not a brace.",
        "1:12(11)-1:13(12)",
        None,
    ),
    (
        '{"r": [1, 2]]',
        "Mismatched braces",
        "A JSON object must be closed with a brace, not a bracket.",
        "1:13(12)-1:14(13)",
        None,
    ),
    (
        "{]",
        "Mismatched braces",
        "A JSON object must be closed with a brace, not a bracket.",
        "1:2(1)-1:3(2)",
        None,
    ),
    # The reference points at the token after the recovery for these.
    (
        '{"a": [1 2]}',
        "Missing attribute seperator comma",
        "A comma must appear between each value in an array.",
        "1:10(9)-1:11(10)",
        None,
    ),
    (
        '{"a" : "b" : "c"}',
        "Missing attribute seperator comma",
        "A comma must appear between each property definition in an object.",
        "1:12(11)-1:13(12)",
        None,
    ),
    (
        '{"r": [1: 2]}',
        "Invalid array value",
        "A colon is not used to introduce values in a JSON array.",
        "1:9(8)-1:10(9)",
        None,
    ),
    # Unquoted and non-string names: one diagnostic instead of the reference's two.
    (
        "{r: 1}",
        "Invalid object property name",
        "A JSON object property name must be a string",
        "1:2(1)-1:3(2)",
        None,
    ),
    (
        '{"a": 1, 2: 3}',
        "Invalid object property name",
        "A JSON object property name must be a string",
        "1:10(9)-1:11(10)",
        None,
    ),
    (
        '{"a": 1, true: 3}',
        "Invalid object property name",
        "A JSON object property name must be a string",
        "1:10(9)-1:14(13)",
        None,
    ),
    (
        "{,}",
        "Invalid object property name",
        "A JSON object property name must be a string",
        "1:2(1)-1:3(2)",
        None,
    ),
    # ref
    (
        '{"r": 1}}',
        "Extraneous data after value",
        "Extra characters appear after the JSON value.",
        "1:9(8)-1:10(9)",
        None,
    ),
    # ref
    (
        "{} extra",
        "Extraneous data after value",
        "Extra characters appear after the JSON value.",
        "1:4(3)-1:9(8)",
        None,
    ),
    # Comments and single quotes: the reference's texts, with a hint added.
    (
        '{"r": 1}\n// comment',
        "Extraneous data after value",
        "Extra characters appear after the JSON value." + _COMMENT_HINT,
        "2:1(9)-2:2(10)",
        None,
    ),
    (
        '{\n  // c\n  "r": 1\n}',
        "Invalid start of value",
        _VALUE_START + _COMMENT_HINT,
        "2:3(4)-2:4(5)",
        None,
    ),
    (
        '{"r": 1 /* c */}',
        "Missing attribute seperator comma",
        "A comma must appear between each property definition in an object." + _COMMENT_HINT,
        "1:9(8)-1:10(9)",
        None,
    ),
    (
        '# c\n{"r": 1}',
        "Invalid start of value",
        _VALUE_START + _COMMENT_HINT,
        "1:1(0)-1:2(1)",
        None,
    ),
    ("{'r': 1}", "Invalid start of value", _VALUE_START + _QUOTE_HINT, "1:2(1)-1:3(2)", None),
    ("{\"r\": 'x'}", "Invalid start of value", _VALUE_START + _QUOTE_HINT, "1:7(6)-1:8(7)", None),
    # ref, except that the range covers the whole byte order mark.
    ('\ufeff{"r": 1}', "Invalid start of value", _VALUE_START, "1:1(0)-1:2(3)", None),
    # ref
    (
        '"x"',
        "Root value must be object",
        "The root value in a JSON-based configuration must be either a JSON object or a "
        "JSON array of objects.",
        "1:1(0)-1:4(3)",
        None,
    ),
    # ref
    (
        " null",
        "Root value must be object",
        "The root value in a JSON-based configuration must be either a JSON object or a "
        "JSON array of objects.",
        "1:2(1)-1:6(5)",
        None,
    ),
]


@pytest.mark.parametrize(
    ("text", "summary", "detail", "subject", "context"),
    _PARSE_ERRORS,
    ids=[case[0] for case in _PARSE_ERRORS],
)
def test_parse_diagnostic(
    text: str, summary: str, detail: str, subject: str, context: str | None
) -> None:
    assert errors(text) == [(summary, detail, subject, context)]


def test_bad_values_do_not_stop_the_parser() -> None:
    text = '{"a": NaN, "b": tru, "c": 1}'
    _file, diags = parse(text, "t.json")
    assert [d.summary for d in diags] == ["Invalid JSON keyword", "Invalid JSON keyword"]
    assert dump(root_of(text))[2] == [
        ("a", (1, 4), ("invalid", (6, 9))),
        ("b", (11, 14), ("invalid", (16, 19))),
        ("c", (21, 24), ("number", (26, 27), "1")),
    ]


def test_forgiven_slips_keep_the_whole_tree() -> None:
    text = '{"a" = 1, "b": [2,], "c" = 3,}'
    assert [s for s, *_ in errors(text)] == [
        "Missing property value colon",
        "Trailing comma in array",
        "Missing property value colon",
        "Trailing comma in object",
    ]
    assert dump(root_of(text)) == (
        "object",
        (0, 30),
        [
            ("a", (1, 4), ("number", (7, 8), "1")),
            ("b", (10, 13), ("array", (15, 19), [("number", (16, 17), "2")])),
            ("c", (21, 24), ("number", (27, 28), "3")),
        ],
    )


def test_structural_error_keeps_what_was_read() -> None:
    text = '{"a": 1, "b": {"c": [true "x"]}, "d": 2}'
    assert [s for s, *_ in errors(text)] == ["Missing attribute seperator comma"]
    root = root_of(text)
    # Open objects and arrays end where parsing stopped, after "true".
    assert dump(root) == (
        "object",
        (0, 25),
        [
            ("a", (1, 4), ("number", (6, 7), "1")),
            (
                "b",
                (9, 12),
                (
                    "object",
                    (14, 25),
                    [("c", (15, 18), ("array", (20, 25), [("bool", (21, 25), True)]))],
                ),
            ),
        ],
    )
    assert isinstance(root, ObjectNode) and not root.closed


def test_nothing_readable_gives_an_empty_body() -> None:
    file, _ = parse("]", "t.json")
    assert isinstance(file.body, JsonBody)
    assert dump(file.body.node) == ("object", (0, 0), [])
    assert span(file.body.missing_item_range) == "1:1(0)-1:1(0)"


def test_parse_expression() -> None:
    expr, diags = parse_expression(' [1, "a"] ', "e.json")
    assert diags == []
    assert span(expr.range) == "1:2(1)-1:10(9)"
    expr, diags = parse_expression("1 2", "e.json")
    assert diags_of(diags) == [
        (
            "Extraneous data after value",
            "Extra characters appear after the JSON value.",
            "1:3(2)-1:4(3)",
            None,
        )
    ]
    expr, diags = parse_expression("", "e.json")
    assert [d.summary for d in diags] == ["Missing value"]
    assert span(expr.range) == "1:1(0)-1:1(0)"


def test_calling_mistakes_raise_type_error() -> None:
    with pytest.raises(TypeError):
        parse(b"{}", 1)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        parse(["{}"], "t.json")  # type: ignore[arg-type]


# --------------------------------------------------------------------------- nesting


@pytest.mark.parametrize("opener", ["[", '{"a":'])
def test_nesting_of_max_depth_works(opener: str) -> None:
    closer = "]" if opener == "[" else "}"
    limit = max_nesting()
    text = "[" + opener * (limit - 1) + "1" + closer * (limit - 1) + "]"
    root, complete, diags = parse_value(Source("t.json", text))
    assert complete and diags == []
    depth = 0
    node = root
    while isinstance(node, (ArrayNode, ObjectNode)):
        depth += 1
        node = node.elements[0] if isinstance(node, ArrayNode) else node.properties[0].value
    assert depth == limit == 125


def test_deeper_nesting_is_refused() -> None:
    text = "[" * 126 + "]" * 126
    assert errors(text) == [
        (
            "Nesting too deep",
            "This JSON document nests objects and arrays more than 125 levels deep, which is "
            "more than hcldecode supports at the interpreter's recursion limit (1000).",
            "1:126(125)-1:127(126)",
            None,
        )
    ]


# --------------------------------------------------------------------------- fuzzing

_TOKENS = [
    "{", "}", "[", "]", ",", ":", "=", '"a"', '"${x}"', '"\\u00e9"', '"\\q', '"', "1", "-0.5e3",
    "01", "true", "nul", "NaN", "//", "'", " ", "\n", "\t", "\r", "é", "\ud800", "\ufeff",
]  # fmt: skip


def _check_no_exception(src: str | bytes) -> None:
    file, diags = parse(src, "f.json")
    size = len(
        file.text.encode("utf-8", "surrogateescape" if isinstance(src, bytes) else "surrogatepass")
    )
    for d in diags:
        assert d.subject is not None
        assert 0 <= d.subject.start.byte <= d.subject.end.byte <= size
    _expr, diags = parse_expression(src, "f.json")
    for d in diags:
        assert d.subject is not None


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=60))
def test_random_bytes_never_raise(src: bytes) -> None:
    _check_no_exception(src)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_TOKENS), max_size=40))
def test_token_soup_never_raises(tokens: list[str]) -> None:
    _check_no_exception("".join(tokens))
