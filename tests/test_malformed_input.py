# ruff: noqa: E501  (the expected texts are long reference messages)
"""Malformed input costs time linear in its size, bounded diagnostics and bounded memory.

Work is counted in Python and C calls (``sys.setprofile``), not seconds:
ten times the input may cost at most twelve times the calls. The expected
diagnostics are the reference ``hcldec``'s, up to the limit of 100 reports
of one repeated error (docs/compatibility.md).
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable

import pytest

from hcldecode import json as hcljson
from hcldecode import native
from hcldecode.model import (
    AttributeSchema,
    Body,
    BodySchema,
    Diagnostics,
    EvalContext,
    Pos,
    Range,
    Severity,
)

UNUSED = "This character is not used within the language."
CURLY = '"Curly quotes" are not valid here. These can sometimes be inadvertently introduced when sharing code via documents or discussion forums. It might help to replace the character with a "straight quote".'
MULTI_LINE = 'Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the "heredoc" multi-line template syntax.'
FOUR_DIGITS = "The \\u escape sequence must be followed by four hexadecimal digits."
ENCODING = (
    "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor."
)
BLOCK_REQUIRED = "An argument or block definition is required here."


def _native(src: bytes) -> Diagnostics:
    file, diags = native.parse_config(src, "m.hcl")
    attributes, more = file.body.just_attributes()
    diags.extend(more)
    for attribute in attributes.values():
        diags.extend(attribute.expr.value(None)[1])
    return diags


def _parsed(src: bytes) -> Diagnostics:
    return native.parse_config(src, "m.hcl")[1]


def _json(src: bytes) -> Diagnostics:
    file, diags = hcljson.parse(src, "m.json")
    _attributes, more = file.body.just_attributes()
    diags.extend(more)
    return diags


def _repeat(unit: bytes, size: int) -> bytes:
    return unit * (size // len(unit))


# name: (reader, input of about the given size in bytes)
FAMILIES: dict[str, tuple[Callable[[bytes], Diagnostics], Callable[[int], bytes]]] = {
    "invalid characters": (_native, lambda n: _repeat("§".encode(), n)),
    "combining marks": (_native, lambda n: _repeat("\u0301".encode(), n)),
    "invalid characters in an expression": (_native, lambda n: b"a = " + _repeat("§".encode(), n)),
    "bytes that are not UTF-8": (_native, lambda n: _repeat(b"\xff", n)),
    "bytes that are not UTF-8 in a string": (_native, lambda n: b'a = "' + _repeat(b"\xff", n)),
    "curly quotes": (_native, lambda n: _repeat("\u201c".encode(), n)),
    "lone carriage returns": (_native, lambda n: _repeat(b"a = 1\r", n)),
    "\\u escapes": (_native, lambda n: b'a = "' + _repeat(b"\\u", n) + b'"\n'),
    "${ in a string": (_native, lambda n: b'a = "' + _repeat(b"${", n) + b'"\n'),
    "%{ in a string": (_native, lambda n: b'a = "' + _repeat(b"%{", n) + b'"\n'),
    "${ in a heredoc": (_native, lambda n: b"a = <<EOT\n" + _repeat(b"${", n) + b"\nEOT\n"),
    "%{ in a heredoc": (_native, lambda n: b"a = <<EOT\n" + _repeat(b"%{", n) + b"\nEOT\n"),
    "unterminated strings": (_native, lambda n: _repeat(b'a = "x\n', n)),
    "redefined attributes": (_native, lambda n: _repeat(b"a = 1\n", n)),
    "long names": (
        _native,
        lambda n: b"a = [for x" + b"m" * (n // 2) + b"w in [1]: y" + b"m" * (n // 2) + b"z]\n",
    ),
    "JSON duplicate keys": (_json, lambda n: b"{" + _repeat(b'"a":1,', n) + b'"a":1}'),
    "JSON bytes that are not UTF-8": (_json, lambda n: _repeat(b"\xff", n)),
}


@pytest.mark.parametrize("name", list(FAMILIES))
def test_malformed_input_takes_time_linear_in_its_size(
    name: str, call_count: Callable[[Callable[[], object]], int]
) -> None:
    read, make = FAMILIES[name]
    small, large = make(2_000), make(20_000)
    read(small)  # first use loads what it needs
    assert call_count(lambda: read(large)) <= 12 * call_count(lambda: read(small))


@pytest.mark.parametrize("name", list(FAMILIES))
def test_malformed_input_has_a_bounded_number_of_diagnostics(name: str) -> None:
    read, make = FAMILIES[name]
    assert len(read(make(20_000))) <= 202


def _spans(diags: Diagnostics) -> list[tuple[str, str, tuple[int, ...]]]:
    def span(r: Range | None) -> tuple[int, ...]:
        assert r is not None
        return (r.start.line, r.start.column, r.start.byte, r.end.line, r.end.column, r.end.byte)

    return [(d.summary, d.detail, span(d.subject)) for d in diags]


def test_a_run_of_invalid_characters_reports_the_first_hundred() -> None:
    diags = _parsed("§".encode() * 150)
    assert _spans(diags) == [
        ("Invalid character", UNUSED, (1, i + 1, 2 * i, 1, i + 2, 2 * i + 2)) for i in range(100)
    ] + [("Argument or block definition required", BLOCK_REQUIRED, (1, 1, 0, 1, 2, 2))]


def test_each_kind_of_invalid_character_has_its_own_hundred() -> None:
    src = "a = " + "\u201c" * 120 + "\nb = " + "§" * 120 + "\n"
    diags = _parsed(src.encode())
    line2 = 4 + 3 * 120 + 1
    assert _spans(diags) == [
        ("Invalid character", CURLY, (1, 5 + i, 4 + 3 * i, 1, 6 + i, 7 + 3 * i)) for i in range(100)
    ] + [
        ("Invalid character", UNUSED, (2, 5 + i, line2 + 4 + 2 * i, 2, 6 + i, line2 + 6 + 2 * i))
        for i in range(100)
    ] + [
        (
            "Invalid expression",
            "Expected the start of an expression, but found an invalid expression token.",
            (1, 5, 4, 1, 6, 7),
        ),
    ]


def test_unterminated_strings_report_a_hundred_line_ends_and_redefinitions() -> None:
    # Each string goes on to the next line, so 300 lines make 150 strings.
    diags = _parsed(b'a = "x\n' * 300)
    multi_line = [
        (
            "Invalid multi-line string",
            MULTI_LINE,
            (1 + 2 * i, 7, 6 + 14 * i, 2 + 2 * i, 1, 7 + 14 * i),
        )
        for i in range(100)
    ]
    redefined = [
        (
            "Attribute redefined",
            'The argument "a" was already set at m.hcl:1,1-2. Each argument may be set only once.',
            (3 + 2 * i, 1, 14 + 14 * i, 3 + 2 * i, 2, 15 + 14 * i),
        )
        for i in range(100)
    ]
    assert _spans(diags) == [
        *multi_line,
        (
            "Unterminated template string",
            "No closing marker was found for the string.",
            (1, 7, 6, 2, 1, 7),
        ),
        *redefined,
    ]


def test_escapes_report_the_first_hundred() -> None:
    diags = _parsed(b'a = "' + b"\\u" * 150 + b'"\n')
    assert _spans(diags) == [
        ("Invalid escape sequence", FOUR_DIGITS, (1, 6 + 2 * i, 5 + 2 * i, 1, 8 + 2 * i, 7 + 2 * i))
        for i in range(100)
    ]


def test_bytes_that_are_not_utf8_report_the_first() -> None:
    diags = _parsed(b"\xff" * 100_000)
    assert _spans(diags) == [
        ("Invalid character encoding", ENCODING, (1, 1, 0, 1, 2, 1)),
        ("Argument or block definition required", BLOCK_REQUIRED, (1, 1, 0, 1, 2, 1)),
    ]


UNTERMINATED = "No closing marker was found for the string."


def test_a_byte_that_is_not_utf8_inside_a_string_ends_it_as_in_the_reference() -> None:
    # The reference (hcldec 2.14.1 on this file) reports the byte and then the
    # string as unterminated, at the byte: the scanner's string rule stops there.
    diags = _parsed(b'a = "x\xffy"\nb = 1\n')
    assert _spans(diags) == [
        ("Invalid character encoding", ENCODING, (1, 7, 6, 1, 8, 7)),
        ("Unterminated template string", UNTERMINATED, (1, 7, 6, 1, 8, 7)),
    ]


@pytest.mark.parametrize(
    ("read", "summary"),
    [
        (lambda body: body.just_attributes(), "Duplicate attribute definition"),
        (
            lambda body: body.content(BodySchema([AttributeSchema("a")])),
            "Duplicate argument",
        ),
    ],
    ids=["just_attributes", "content"],
)
def test_json_duplicate_keys_report_the_first_hundred(
    read: Callable[[Body], tuple[object, Diagnostics]], summary: str
) -> None:
    file, diags = hcljson.parse(b"{" + b'"a":1,' * 150 + b'"a":1}', "m.json")
    assert diags == []
    expected = [
        (
            summary,
            'The argument "a" was already set at m.json:1,2-7.',
            (1, 8 + 6 * i, 7 + 6 * i, 1, 11 + 6 * i, 10 + 6 * i),
        )
        for i in range(100)
    ]
    assert _spans(read(file.body)[1]) == expected


def test_long_names_get_suggestions() -> None:
    name = "m" * 5_000
    diags = _native(f"a = [for x{name}w in [1]: x{name}z]\n".encode())
    assert [(d.summary, d.detail) for d in diags] == [
        (
            "Unknown variable",
            f'There is no variable named "x{name}z". Did you mean "x{name}w"?',
        )
    ]


@pytest.mark.parametrize(
    "src",
    [
        b'a = "' + b"x" * 1_000_000 + b'"\n',
        b'a = "' + b"x\\n" * 333_333 + b'"\n',
        b"a = <<EOT\n" + b"x" * 1_000_000 + b"\nEOT\n",
    ],
    ids=["quoted", "quoted with escapes", "heredoc"],
)
def test_long_strings_take_memory_proportional_to_their_length(src: bytes) -> None:
    tracemalloc.start()
    try:
        native.parse_config(src, "m.hcl")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 16 * len(src)


def test_long_json_strings_take_memory_proportional_to_their_length() -> None:
    src = b'{"a": "' + b"x" * 1_000_000 + b'"}'
    tracemalloc.start()
    try:
        hcljson.parse(src, "m.json")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 16 * len(src)


VARIABLES_NOT_ALLOWED = ("Variables not allowed", "Variables may not be used here.")


@pytest.mark.parametrize("count", [150, 1_000, 10_000])
def test_an_evaluation_reports_each_summary_a_bounded_number_of_times(count: int) -> None:
    text = "[" + ", ".join(["x"] * count) + "]"
    expr, diags = native.parse_expression(text, "e.hcl")
    assert diags == []
    value, diags = expr.value(None)
    assert not value.is_wholly_known
    assert [(d.summary, d.detail) for d in diags[:-1]] == [VARIABLES_NOT_ALLOWED] * 100
    assert [d.subject for d in diags[:3]] == [
        Range("e.hcl", Pos(1, 2 + 3 * i, 1 + 3 * i), Pos(1, 3 + 3 * i, 2 + 3 * i)) for i in range(3)
    ]
    last = diags[-1]
    assert (last.severity, last.summary, last.detail, last.subject) == (
        Severity.WARNING,
        "Too many diagnostics",
        f"{count - 100} more diagnostics of this expression are left out: each summary "
        "is reported for its first 100 occurrences.",
        expr.range,
    )


def test_a_json_evaluation_reports_each_summary_a_bounded_number_of_times() -> None:
    expr, diags = hcljson.parse_expression(
        '["${x}", ' + ", ".join(['"${y}"'] * 999) + "]", "e.json"
    )
    assert diags == []
    value, diags = expr.value(EvalContext({}))
    assert not value.is_wholly_known
    assert [d.summary for d in diags] == ["Unknown variable"] * 100 + ["Too many diagnostics"]
    assert diags[0].detail == 'There is no variable named "x".'
    assert diags[-1].detail == (
        "900 more diagnostics of this expression are left out: each summary is reported "
        "for its first 100 occurrences."
    )
