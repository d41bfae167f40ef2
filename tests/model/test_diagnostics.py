from __future__ import annotations

import dataclasses
from typing import Annotated

import pytest

import hcldecode as hcl
from hcldecode import Diagnostic, Diagnostics, Range
from hcldecode.model import HCLError, Pos, Severity
from hcldecode.native import parse_config


def rng(start: int, end: int, line: int = 1, filename: str = "a.hcl") -> Range:
    return Range(filename, Pos(line, start + 1, start), Pos(line, end + 1, end))


def test_range_str_single_and_multi_line() -> None:
    assert str(rng(2, 5)) == "a.hcl:1,3-6"
    multi = Range("x.hcl", Pos(1, 3, 2), Pos(4, 1, 20))
    assert str(multi) == "x.hcl:1,3-4,1"


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (rng(0, 5), rng(4, 8), True),
        (rng(0, 5), rng(5, 8), False),
        (rng(3, 3), rng(0, 5), True),
        (rng(5, 5), rng(0, 5), False),
        (rng(3, 3), rng(3, 3), True),
        (rng(3, 3), rng(4, 4), False),
        (rng(0, 5), rng(0, 5, filename="b.hcl"), False),
    ],
)
def test_range_overlaps(a: Range, b: Range, expected: bool) -> None:
    assert a.overlaps(b) is expected
    assert b.overlaps(a) is expected


def test_range_composition() -> None:
    a, b = rng(0, 2), rng(6, 9)
    assert a.through(b) == rng(0, 9)
    assert b.cover(a) == rng(0, 9)
    assert a.at_end() == rng(2, 2)
    assert b.at_start() == rng(6, 6)
    assert rng(4, 4).empty and not a.empty


def test_diagnostic_str_like_reference() -> None:
    d = Diagnostic.error(
        "Invalid attribute name", "An attribute name is required after a dot.", rng(2, 2)
    )
    assert (
        str(d) == "a.hcl:1,3-3: Invalid attribute name; An attribute name is required after a dot."
    )
    assert str(Diagnostic.warning("Careful")) == "Careful"
    assert d.is_error and d.severity is Severity.ERROR


def test_diagnostics_errors_and_the_error_that_carries_them() -> None:
    warn = Diagnostic.warning("Deprecated", "Use b.", rng(0, 1))
    err = Diagnostic.error("Bad", "Very bad.", rng(1, 2))
    diags = Diagnostics([warn])
    assert not diags.has_errors()
    diags.append(err)
    assert diags.has_errors()
    assert diags.errors() == Diagnostics([err])
    assert isinstance(diags[0:1], Diagnostics)
    error = HCLError(diags)
    assert error.diagnostics == [warn, err]
    assert isinstance(error, ValueError)


def test_names_are_quoted_one_way_in_every_message() -> None:
    # Go's %q: printable characters as they are, invisible ones escaped.
    _, diags = parse_config('a = "x\\\u200by"\n')
    assert [d.detail for d in diags] == [
        'The symbol "\\u200b" is not a valid escape sequence selector.'
    ]

    @dataclasses.dataclass
    class Config:
        n: Annotated[int, hcl.attr("café")]

    with pytest.raises(hcl.DecodeError) as info:
        hcl.loads("café = null\ncafé2 = 1\n", Config)
    assert [d.detail for d in info.value.diagnostics] == [
        'The argument "café" is required, but it is set to null.',
        'An argument named "café2" is not expected here.',
    ]
