"""``str()`` of every error hcldecode raises, and the default rendering of diagnostics,
are safe to print on a terminal; the raw text is opt-in (``text(safe=False)``,
``render_diagnostics(..., safe=False)``), and the diagnostics themselves keep the
reference's text unchanged."""

from __future__ import annotations

import dataclasses
import io
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hcldecode as hcl
from hcldecode.model import Diagnostic, HCLError, Pos, Range, render_diagnostics, write_diagnostics
from hcldecode.native import parse_config
from hcldecode.values import ConversionError, FunctionError, OperationError


@dataclasses.dataclass
class _Port:
    port: int


def test_str_of_a_decode_error_escapes_the_source_line() -> None:
    with pytest.raises(hcl.DecodeError) as info:
        hcl.loads('port = "\x1b[31mred\u202e"\n', _Port, filename="esc.hcl")
    error = info.value
    assert str(error) == (
        "Error: Unsuitable value type\n\n"
        "  on esc.hcl line 1:\n"
        '   1: port = "\\x1b[31mred\\u202e"\n\n'
        "Unsuitable value: a number is required."
    )
    assert error.text(safe=False) == (
        "Error: Unsuitable value type\n\n"
        "  on esc.hcl line 1:\n"
        '   1: port = "\x1b[31mred\u202e"\n\n'
        "Unsuitable value: a number is required."
    )


def test_a_diagnostic_keeps_the_reference_text_and_is_escaped_when_shown() -> None:
    # Go's regexp error quotes the pattern as it is: the detail keeps it raw.
    with pytest.raises(hcl.DecodeError) as info:
        hcl.loads('a = regex("\x1b(", "x")\n', dict[str, Any], functions=hcl.STDLIB)
    error = info.value
    assert [d.detail for d in error.diagnostics] == [
        'Invalid value for "pattern" parameter: invalid regexp pattern: missing closing ) in \x1b(.'
    ]
    assert str(error).splitlines()[-1] == (
        'Invalid value for "pattern" parameter: invalid regexp pattern: '
        "missing closing ) in \\x1b(."
    )


@pytest.mark.parametrize(
    "error",
    [
        ConversionError("bad \x1b[2J value"),
        OperationError("bad \x1b[2J value"),
        FunctionError("bad \x1b[2J value"),
        hcl.SchemaError("bad \x1b[2J value"),
    ],
    ids=lambda e: type(e).__name__,
)
def test_str_of_every_error_is_escaped(error: hcl.Error) -> None:
    assert str(error) == "bad \\x1b[2J value"
    assert error.text(safe=False) == "bad \x1b[2J value"
    assert error.args == ("bad \x1b[2J value",)


def test_hcl_error_and_write_diagnostics_are_safe_by_default() -> None:
    source = 'a = "\x9b2J" +\n'.encode()
    file, diags = parse_config(source, "c1.hcl")
    assert diags.has_errors()
    error = HCLError(diags, {"c1.hcl": file})
    assert "\x9b" not in str(error)
    assert '   1: a = "\\u009b2J" +' in str(error).splitlines()
    assert "\x9b" in error.text(safe=False)
    out = io.StringIO()
    write_diagnostics(diags, {"c1.hcl": file}, out)
    assert out.getvalue() == render_diagnostics(diags, {"c1.hcl": file})
    assert "\x9b" not in out.getvalue()
    raw = io.StringIO()
    write_diagnostics(diags, {"c1.hcl": file}, raw, safe=False)
    assert raw.getvalue() == render_diagnostics(diags, {"c1.hcl": file}, safe=False)
    assert "\x9b" in raw.getvalue()


_PRINTABLE = st.text(
    st.characters(
        blacklist_categories=("Cc", "Cs", "Zl", "Zp"),
        blacklist_characters="\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069",
    )
    | st.sampled_from("\t\n")
)


@given(summary=_PRINTABLE, detail=_PRINTABLE, line=_PRINTABLE.filter(lambda t: "\n" not in t))
def test_printable_text_is_rendered_as_the_reference_does(
    summary: str, detail: str, line: str
) -> None:
    # Safe rendering changes nothing but the characters that act on a terminal.
    text = f"a = {line}\n"
    file, _ = parse_config(text.encode(), "p.hcl")
    diag = Diagnostic.error(summary, detail, Range("p.hcl", Pos(1, 1, 0), Pos(1, 2, 1)))
    diags = [diag]
    assert render_diagnostics(diags, {"p.hcl": file}) == render_diagnostics(
        diags, {"p.hcl": file}, safe=False
    )
    assert str(ConversionError(detail)) == detail
