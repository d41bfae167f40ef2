"""Numbers at the extremes, and evaluating what a file with syntax errors parsed to.

Numbers read from text have magnitudes from ``1e-100000`` to below
``1e100001`` (docs/compatibility.md); beyond that, and for invalid literals,
there is a diagnostic and the value is an unknown number, never an
exception. Numbers with more digits than Python's integer string-conversion
limit go through parsing, evaluation, conversion, JSON and decoding.
"""

from __future__ import annotations

import dataclasses
import decimal
import random
import subprocess
import sys
from fractions import Fraction
from typing import Any

import pytest

import hcldecode as hcl
from hcldecode import json as hcljson
from hcldecode import native
from hcldecode.model import render_diagnostics
from hcldecode.values import NUMBER, STRING, ConversionError, Value, convert, encode_json

RANGE_DETAIL = (
    "The magnitude of a number must be below 1e100001, and at least 1e-100000 unless it is zero."
)
RANGE_MESSAGE = (
    "the magnitude of a number must be below 1e100001, and at least 1e-100000 unless it is zero"
)
UNRECOGNIZED = "Failed to recognize the value of this number literal."
JSON_SYNTAX = "There is a syntax error in the given JSON number."
BIG = 10**100000  # the largest power of ten in range
TINY = Fraction(1, 10**100000)


def evaluate(src: str, syntax: str = "native") -> tuple[Value, list[tuple[str, str, str]]]:
    """The value of attribute ``r`` and every diagnostic, from parsing on."""
    parse = hcljson.parse if syntax == "json" else native.parse_config
    file, diags = parse(src.encode(), "t.hcl")
    attrs, more = file.body.just_attributes()
    value, evaluated = attrs["r"].expr.value(None)
    found = [*diags, *more, *evaluated]
    return value, [(d.summary, d.detail, str(d.subject)) for d in found]


# --------------------------------------------------------------------------- invalid literals


@pytest.mark.parametrize(
    ("src", "subject"),
    [
        ("r = [for x in [1..0]: x]\n", "t.hcl:1,16-20"),
        ("r = [for x in [42.0.0]: x]\n", "t.hcl:1,16-22"),
        ("r = {for k, v in {a = 1..0}: k => v}\n", "t.hcl:1,23-27"),
    ],
)
def test_invalid_literals_in_for_expressions_evaluate_to_unknown(src: str, subject: str) -> None:
    value, diags = evaluate(src)
    assert diags == [("Invalid number literal", UNRECOGNIZED, subject)]
    if src.startswith("r = {"):
        assert dict(value.items()) == {"a": Value.unknown(NUMBER)}
    else:
        assert value.elements() == (Value.unknown(NUMBER),)


def test_a_huge_exponent_followed_by_more_tokens() -> None:
    value, diags = evaluate("r = 1e999999999 a b\n")
    assert value == Value.unknown(NUMBER)
    assert diags == [
        ("Invalid number literal", RANGE_DETAIL, "t.hcl:1,5-16"),
        ("Missing newline after argument", "An argument definition must end with a newline.",
         "t.hcl:1,17-18"),
    ]  # fmt: skip


def test_an_exponent_beyond_int64_is_not_a_number_literal() -> None:
    # The reference cannot read it either: "Invalid number literal".
    value, diags = evaluate("r = 1e9999999999999999999\n")
    assert value == Value.unknown(NUMBER)
    assert diags == [("Invalid number literal", UNRECOGNIZED, "t.hcl:1,5-26")]


# --------------------------------------------------------------------------- the range


@pytest.mark.parametrize(
    ("literal", "expected"),
    [
        ("1e100000", BIG),
        ("9.5e100000", BIG * 19 // 2),
        ("10e99999", BIG),
        ("0.1e100001", BIG),
        ("1" + "0" * 100000, BIG),  # 100,001 digits
        ("1e-100000", TINY),
        ("100e-100002", TINY),
        ("0e999999999", 0),
        ("0.0e-999999999", 0),
    ],
    ids=lambda x: (x if len(x) < 30 else f"{len(x)} characters") if isinstance(x, str) else "",
)
def test_largest_and_smallest_numbers_in_both_syntaxes(literal: str, expected: Any) -> None:
    for syntax, src in [("native", f"r = {literal}\n"), ("json", f'{{"r": {literal}}}')]:
        value, diags = evaluate(src, syntax)
        assert diags == []
        if isinstance(expected, Fraction) and expected:
            # Not exactly 10**-100000, but its 512-bit value, which prints as it.
            assert value.as_fraction() != expected
            assert convert(value, STRING) == Value.string("0." + "0" * 99999 + "1")
        else:
            assert value.as_number() == expected
        negative, _ = evaluate(src.replace(literal, "-" + literal), syntax)
        assert negative.as_number() == -value.as_number()


@pytest.mark.parametrize(
    ("literal", "native_end", "json_end"),
    [
        ("1e100001", 13, 15),
        ("10e100000", 14, 16),
        ("5e-100001", 14, 16),
        ("0.9e-100000", 16, 18),
        ("1e999999999", 16, 18),
        ("1e-999999999", 17, 19),
    ],
)
def test_numbers_beyond_the_range_are_errors(literal: str, native_end: int, json_end: int) -> None:
    value, diags = evaluate(f"r = {literal}\n")
    assert value == Value.unknown(NUMBER)
    assert diags == [("Invalid number literal", RANGE_DETAIL, f"t.hcl:1,5-{native_end}")]
    value, diags = evaluate(f'{{"r": -{literal}}}', "json")
    assert value == Value.unknown(NUMBER)
    assert diags == [("Invalid JSON number", RANGE_DETAIL, f"t.hcl:1,7-{json_end + 1}")]


def test_an_integer_literal_of_100002_digits_is_out_of_range() -> None:
    value, diags = evaluate("r = 1" + "0" * 100001 + "\n")
    assert value == Value.unknown(NUMBER)
    assert diags == [("Invalid number literal", RANGE_DETAIL, "t.hcl:1,5-100007")]


def test_json_exponent_beyond_int64_is_a_syntax_error() -> None:
    value, diags = evaluate('{"r": 1e99999999999999999999}', "json")
    assert value == Value.unknown(NUMBER)
    assert diags == [("Invalid JSON number", JSON_SYNTAX, "t.hcl:1,7-29")]


def test_strings_beyond_the_range_do_not_convert() -> None:
    with pytest.raises(ConversionError) as caught:
        convert(Value.string("1e100001"), NUMBER)
    assert caught.value.message == RANGE_MESSAGE
    with pytest.raises(ConversionError) as caught:
        convert(Value.string("1p400000"), NUMBER)
    assert caught.value.message == RANGE_MESSAGE
    assert convert(Value.string("-1e100000"), NUMBER) == Value.number(-BIG)
    assert convert(Value.string("1p332192"), NUMBER) == Value.number(2**332192)


# --------------------------------------------------------------------------- long digit strings


def test_numbers_longer_than_pythons_digit_limit() -> None:
    text = "1" + "0" * 5000
    value, diags = evaluate('r = "=${1e5000}"\n')
    assert (value, diags) == (Value.string("=" + text), [])
    big = Value.number(10**5000)
    assert repr(big) == f"Value.number({text})"
    assert convert(big, STRING) == Value.string(text)
    assert encode_json(big, NUMBER) == text
    assert convert(Value.string(text), NUMBER) == big
    assert Value.number(text) == big
    assert big.as_decimal() == decimal.Decimal(text)
    assert hcl.values.decode_json(text, NUMBER) == big
    assert hcl.values.value_to_json(Value.number(-(10**5000)), NUMBER) == -(10**5000)


def test_digit_conversions_do_not_depend_on_pythons_limit() -> None:
    # The lowest limit Python allows, in a fresh interpreter.
    program = (
        "from hcldecode.values import NUMBER, STRING, Value, convert, encode_json\n"
        "v = Value.number('9' * 700)\n"
        "assert encode_json(v, NUMBER) == '9' * 700\n"
        "assert convert(v, STRING).as_str() == '9' * 700\n"
        "print(repr(Value.number(10**700))[:20])\n"
    )
    done = subprocess.run(
        [sys.executable, "-X", "int_max_str_digits=640", "-c", program],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "Value.number(1000000\n", "")


@dataclasses.dataclass
class Whole:
    r: int


@dataclasses.dataclass
class Binary:
    r: float


@dataclasses.dataclass
class Exact:
    r: decimal.Decimal


@pytest.mark.parametrize("syntax", ["native", "json"])
def test_decoding_the_extremes_into_python_numbers(syntax: str) -> None:
    def loads(literal: str, cls: type[Any]) -> Any:
        src = f'{{"r": {literal}}}' if syntax == "json" else f"r = {literal}\n"
        return hcl.loads(src, cls, syntax=syntax).r  # type: ignore[arg-type]

    def error(literal: str, cls: type[Any]) -> list[tuple[str, str]]:
        with pytest.raises(hcl.DecodeError) as caught:
            loads(literal, cls)
        return [(d.summary, d.detail) for d in caught.value.diagnostics]

    assert loads("1e100000", Whole) == BIG
    assert loads("-1e100000", Exact) == decimal.Decimal("-1e100000")
    assert loads("1e-100000", Exact) == decimal.Decimal("1e-100000")
    assert loads("1e-100000", Binary) == 0.0
    assert loads("1e308", Binary) == 1e308
    too_large = "Unsuitable value: the number is too large for a float."
    assert error("1e100000", Binary) == [("Unsuitable value type", too_large)]
    not_whole = "Unsuitable value: a whole number is required."
    assert error("1e-100000", Whole) == [("Unsuitable value type", not_whole)]
    summary = "Invalid JSON number" if syntax == "json" else "Invalid number literal"
    for cls in (Whole, Binary, Exact):
        assert error("1e-100000000", cls) == [(summary, RANGE_DETAIL)]


# --------------------------------------------------------------------------- rounded whole results


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("1 / 1e-300", "1" + "0" * 300),
        ("1 / 1e-221", "1" + "0" * 221),
        ("(1e300 + 0.5) * 2", "2" + "0" * 300),
        ("2e300 / 3", "6" * 154 + "7" + "0" * 145),
        ("-1 / 1e-400", "-1" + "0" * 400),
        # Exact results stay exact: integers, and whole quotients of integers.
        ("1e300 * 3 + 1", "3" + "0" * 299 + "1"),
        ("(1e300 + 1) / 1", "1" + "0" * 299 + "1"),
    ],
)
def test_rounded_whole_results_print_as_the_reference_prints_them(
    expression: str, expected: str
) -> None:
    value, diags = evaluate(f'r = "=${{{expression}}}"\n')
    assert (value, diags) == (Value.string("=" + expected), [])


# --------------------------------------------------------------------------- fuzzing


NUMBER_TOKENS = [
    "1e999999999", "1e-999999999", "1e100001", "1..0", "42.0.0", ".", "..", "e", "E-", "0",
    "9" * 50, "1e5000", "-", "/", "*", "%", "1e-300", "0.5", "[", "]", "{", "}", "(", ")",
    ",", "for x in ", ": x", "? 1 :", "\n", "=", '"', "${", "}",
]  # fmt: skip
NATIVE_SEED = (
    "a = 1e300 + 0.5\nb = [for x in [1, 2.5, 3e10]: x * 1e-300]\n"
    'c = "${1 / 1e-300} ${4e4000}"\nd = {k = 7 % 2.5, j = -1e1000}\n'
    "e = 12345678901234567890 * 98765432109876543210\n"
)
JSON_SEED = (
    '{"a": 1e300, "b": [1, 2.5, -3e10], "c": "${1 / 1e-300} ${4e4000}",\n'
    ' "d": {"k": 7, "j": -1e1000}, "e": 0.000001}'
)


def mutate(text: str, rng: random.Random) -> str:
    out = text
    for _ in range(rng.randrange(1, 5)):
        pos = rng.randrange(len(out) + 1)
        if rng.randrange(3) == 0:
            out = out[:pos] + out[pos + rng.randrange(1, 6) :]
        else:
            out = out[:pos] + rng.choice(NUMBER_TOKENS) + out[pos:]
    return out


@pytest.mark.parametrize("seed", range(120))
def test_every_attribute_of_damaged_numbers_evaluates(seed: int) -> None:
    rng = random.Random(seed)
    for syntax, seed_text in [("native", NATIVE_SEED), ("json", JSON_SEED)]:
        src = mutate(seed_text, rng).encode()
        file, diags = (hcljson.parse if syntax == "json" else native.parse_config)(src, "t")
        attrs, more = file.body.just_attributes()
        for attr in attrs.values():
            value, evaluated = attr.expr.value(None)
            assert all(d.subject is not None for d in evaluated)
            repr(value)
            if value.is_wholly_known and value.type == NUMBER:
                convert(value, STRING)
        render_diagnostics([*diags, *more], {"t": file})
