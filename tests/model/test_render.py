from __future__ import annotations

import dataclasses
import io
import re
import tracemalloc
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hcldecode as hcl
from hcldecode.model import (
    Diagnostic,
    Diagnostics,
    EvalContext,
    Expression,
    HCLError,
    Pos,
    Range,
    Severity,
    Traversal,
    TraverseAttr,
    TraverseIndex,
    TraverseRoot,
    render_diagnostics,
    terminal_safe,
    write_diagnostics,
)
from hcldecode.model._render import value_summary, word_wrap
from hcldecode.model._source import SourceMap
from hcldecode.values import BOOL, NUMBER, STRING, ListType, Value

# Expected outputs in this file were produced by HCL's own diagnostic text
# writer on the same files and ranges.

A_TEXT = (
    'service "web" {\n'
    "  port    = var.port + 1\n"
    "\n"
    "  replica = 3\n"
    "}\n"
    "# \u00fcn\u00efc\u00f6d\u00e9 e\u0301 line\n"
    'x = "\u65e5\u672c"\n'
)
B_TEXT = "a = 1\r\nb = 2\r\n"
BLOCK_END = A_TEXT.index("}") + 1


class FakeFile:
    """A parsed file: the block ``service "web"`` spans the first five lines."""

    def __init__(self, filename: str, text: str) -> None:
        self.filename = filename
        self.text = text
        self.map = SourceMap(filename, text)
        self.block_end = self.map.pos(BLOCK_END).byte if filename == "a.hcl" else -1

    def context_string(self, byte: int) -> str | None:
        return 'service "web"' if byte < self.block_end else None


FILES = {"a.hcl": FakeFile("a.hcl", A_TEXT), "b.hcl": FakeFile("b.hcl", B_TEXT)}
A_MAP = FILES["a.hcl"].map
B_MAP = FILES["b.hcl"].map


def _span(start: int, end: int | None = None) -> Range:
    """The range of ``text[start:end]`` in a.hcl (empty when ``end`` is None)."""
    return A_MAP.range(start, start if end is None else end)


def _at(needle: str) -> Range:
    i = A_TEXT.index(needle)
    return _span(i, i + len(needle))


DIAGS = [
    Diagnostic.error(
        "Unsupported argument",
        'An argument named "replica" is not expected here. Did you mean "replicas"?',
        _at("replica"),
    ),
    Diagnostic.error(
        "Invalid operand",
        "Unsuitable value for left operand: a number is required.",
        _at("var.port"),
        _span(0, BLOCK_END),
    ),
    Diagnostic.error("Missing newline", "", _span(A_TEXT.index("\n\n"))),
    Diagnostic.error(
        "Quirk",
        "ends at the start of line 4",
        _span(A_TEXT.index("  port"), A_TEXT.index("  replica")),
    ),
    Diagnostic.error("Elsewhere", "no source", Range("nowhere.hcl", Pos(7, 2, 40), Pos(7, 5, 43))),
    Diagnostic.warning(
        "Careful",
        "This is a warning whose detail text is long enough to be wrapped at the given"
        " width.\nIt has  a second   paragraph.",
    ),
    Diagnostic.error("Unicode", "", _at("\u65e5\u672c")),
    Diagnostic.error("Multi-line", "", _span(A_TEXT.index("\u00fc"), A_TEXT.index("x =") + 1)),
    Diagnostic.error("At EOF", "", _span(len(A_TEXT))),
    Diagnostic.error(
        "Empty subject with context",
        "",
        _span(A_TEXT.index("3\n")),
        _span(A_TEXT.index("  replica"), A_TEXT.index("3\n") + 1),
    ),
    Diagnostic.error("CRLF", "", B_MAP.range(B_TEXT.index("b"), B_TEXT.index("b") + 5)),
    Diagnostic.error("Combining", "", _at("e\u0301")),
]

PLAIN = """\
Error: Unsupported argument

  on a.hcl line 4, in service "web":
   4:   replica = 3

An argument named "replica" is not expected here. Did you mean "replicas"?

Error: Invalid operand

  on a.hcl line 2, in service "web":
   1: service "web" {
   2:   port    = var.port + 1
   4:   replica = 3
   5: }

Unsuitable value for left operand: a number is required.

Error: Missing newline

  on a.hcl line 2, in service "web":
   2:   port    = var.port + 1

Error: Quirk

  on a.hcl line 2, in service "web":
   2:   port    = var.port + 1
   4:   replica = 3

ends at the start of line 4

Error: Elsewhere

  on nowhere.hcl line 7:
  (source code not available)

no source

Warning: Careful

This is a warning whose detail text is long enough to be wrapped at the given width.
It has  a second   paragraph.

Error: Unicode

  on a.hcl line 7:
   7: x = "\u65e5\u672c"

Error: Multi-line

  on a.hcl line 6:
   6: # \u00fcn\u00efc\u00f6d\u00e9 e\u0301 line
   7: x = "\u65e5\u672c"

Error: At EOF

  on a.hcl line 8:

Error: Empty subject with context

  on a.hcl line 4, in service "web":
   4:   replica = 3

Error: CRLF

  on b.hcl line 2:
   2: b = 2

Error: Combining

  on a.hcl line 6:
   6: # \u00fcn\u00efc\u00f6d\u00e9 e\u0301 line

"""

RED, YELLOW, UNDERLINE, RESET = "\x1b[31m", "\x1b[33m", "\x1b[1;4m", "\x1b[0m"

COLORED_WIDTH_40 = f"""\
{RED}Error{RESET}: Unsupported argument

  on a.hcl line 4, in service "web":
   4:   {UNDERLINE}replica{RESET} = 3

An argument named "replica" is not
expected here. Did you mean "replicas"?

{RED}Error{RESET}: Invalid operand

  on a.hcl line 2, in service "web":
   1: service "web" {{
   2:   port    = {UNDERLINE}var.port{RESET} + 1
   4:   replica = 3
   5: }}

Unsuitable value for left operand: a
number is required.

{RED}Error{RESET}: Missing newline

  on a.hcl line 2, in service "web":
   2:   port    = var.port + 1

{RED}Error{RESET}: Quirk

  on a.hcl line 2, in service "web":
   2: {UNDERLINE}  port    = var.port + 1{RESET}
   4:   replica = 3

ends at the start of line 4

{RED}Error{RESET}: Elsewhere

  on nowhere.hcl line 7:
  (source code not available)

no source

{YELLOW}Warning{RESET}: Careful

This is a warning whose detail text is
long enough to be wrapped at the given
width.
It has  a second   paragraph.

{RED}Error{RESET}: Unicode

  on a.hcl line 7:
   7: x = "{UNDERLINE}\u65e5\u672c{RESET}"

{RED}Error{RESET}: Multi-line

  on a.hcl line 6:
   6: # {UNDERLINE}\u00fcn\u00efc\u00f6d\u00e9 e\u0301 line{RESET}
   7: {UNDERLINE}x{RESET} = "\u65e5\u672c"

{RED}Error{RESET}: At EOF

  on a.hcl line 8:

{RED}Error{RESET}: Empty subject with context

  on a.hcl line 4, in service "web":
   4:   replica = {UNDERLINE}3{RESET}

{RED}Error{RESET}: CRLF

  on b.hcl line 2:
   2: {UNDERLINE}b = 2{RESET}

{RED}Error{RESET}: Combining

  on a.hcl line 6:
   6: # \u00fcn\u00efc\u00f6d\u00e9 {UNDERLINE}e\u0301{RESET} line

"""


def test_render_plain() -> None:
    assert render_diagnostics(DIAGS, FILES) == PLAIN


def test_render_colored_and_wrapped() -> None:
    assert render_diagnostics(DIAGS, FILES, width=40, color=True) == COLORED_WIDTH_40


def test_render_each_diagnostic_alone() -> None:
    # Every diagnostic's text ends with a blank line, so the whole is the
    # concatenation of the parts.
    assert "".join(render_diagnostics([d], FILES) for d in DIAGS) == PLAIN


def test_render_without_files_or_diagnostics() -> None:
    assert render_diagnostics([], FILES) == ""
    assert render_diagnostics([DIAGS[0]]) == (
        "Error: Unsupported argument\n"
        "\n"
        "  on a.hcl line 4:\n"
        "  (source code not available)\n"
        "\n"
        'An argument named "replica" is not expected here. Did you mean "replicas"?\n'
        "\n"
    )


def test_render_summary_only() -> None:
    assert render_diagnostics([Diagnostic.error("Oops")]) == "Error: Oops\n\n"


def test_hcl_error_message() -> None:
    error = HCLError(DIAGS[:2], FILES)
    assert str(error) == PLAIN[: PLAIN.index("Error: Missing newline")].rstrip("\n")


class _Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def test_write_diagnostics_to_a_file_has_no_colour_nor_wrapping() -> None:
    stream = _Stream(tty=False)
    write_diagnostics(DIAGS, FILES, stream)
    assert stream.getvalue() == PLAIN


def test_write_diagnostics_to_a_terminal_is_coloured() -> None:
    stream = _Stream(tty=True)  # no file descriptor: no width known
    write_diagnostics(DIAGS, FILES, stream, width=40)
    assert stream.getvalue() == COLORED_WIDTH_40
    stream = _Stream(tty=True)
    write_diagnostics(DIAGS[:1], FILES, stream)
    assert stream.getvalue() == render_diagnostics(DIAGS[:1], FILES, color=True)


def test_write_diagnostics_defaults_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    write_diagnostics(Diagnostics([Diagnostic.error("Oops", "Detail.")]))
    assert capsys.readouterr().err == "Error: Oops\n\nDetail.\n\n"


# --------------------------------------------------------------- variable values


class FakeExpression(Expression):
    """An expression that only knows the variables it uses."""

    def __init__(self, *traversals: str) -> None:
        self._variables = [_traversal(t) for t in traversals]

    def value(self, ctx: EvalContext | None = None) -> tuple[Value, Diagnostics]:
        raise NotImplementedError

    def variables(self) -> list[Traversal]:
        return self._variables

    @property
    def range(self) -> Range:
        return _RANGE


_RANGE = Range("expr.hcl", Pos(1, 1, 0), Pos(1, 2, 1))


def _traversal(source: str) -> Traversal:
    """``var.a[0]["k"]`` as a traversal (a test helper, not a parser)."""
    steps: list[TraverseRoot | TraverseAttr | TraverseIndex] = []
    for name, attr, number, key in re.findall(r'^(\w+)|\.(\w+)|\[(\d+)\]|\["(\w+)"\]', source):
        if name:
            steps.append(TraverseRoot(name, _RANGE))
        elif attr:
            steps.append(TraverseAttr(attr, _RANGE))
        else:
            index = Value.number(int(number)) if number else Value.string(key)
            steps.append(TraverseIndex(index, _RANGE))
    return Traversal(steps)


VARIABLES = {
    "s": Value.string("http"),
    "n": Value.number("3.14159265358979"),
    "big": Value.number(12345678901234),
    "small": Value.number("0.0000123456789012"),
    "b": Value.bool(True),
    "list_l": Value.list([Value.string("a"), Value.string("b")]),
    "list_e": Value.list([], STRING),
    "o1": Value.object({"name": Value.number(1)}),
    "o2": Value.object({"a": Value.number(1), "b": Value.number(2)}),
    "o0": Value.object({}),
    "nullstr": Value.null(STRING),
    "unknown": Value.unknown(STRING),
    "map_m": Value.map({"k": Value.string("v")}),
    "set_s": Value.set([Value.number(1), Value.number(2)]),
    "t": Value.tuple([Value.number(1), Value.string("x"), Value.bool(True)]),
    "t0": Value.tuple([]),
    "q": Value.string('tab\there "quoted" \u00e9'),
    "neg": Value.number(-(10**21)),
    "int": Value.number(8080),
}

WITH_LINES = """\
with var.b as true,
     var.big as 1.23456789e+13,
     var.int as 8080,
     var.list_e as empty list of string,
     var.list_l as list of string with 2 elements,
     var.list_l[0] as "a",
     var.map_m as map of string with 1 element,
     var.map_m["k"] as "v",
     var.n as 3.141592654,
     var.neg as -1e+21,
     var.nullstr set to null,
     var.o0 as object with no attributes,
     var.o1 as object with 1 attribute "name",
     var.o2 as object with 2 attributes,
     var.o2.a as 1,
     var.q as "tab\\there \\"quoted\\" \u00e9",
     var.s as "http",
     var.set_s as set of number with 2 elements,
     var.small as 1.23456789e-05,
     var.t as tuple with 3 elements,
     var.t0 as empty tuple,
     var.t[1] as "x".

"""


def test_variable_values() -> None:
    expression = FakeExpression(
        *(f"var.{name}" for name in ["s", "n", "big", "small", "b", "list_l", "list_e"]),
        *(f"var.{name}" for name in ["o1", "o2", "o0", "nullstr", "unknown", "map_m"]),
        *(f"var.{name}" for name in ["set_s", "t", "t0"]),
        "var.list_l[0]",
        'var.map_m["k"]',
        "var.s",  # shown once
        "var.n",
        "var.q",
        "var.o2.a",
        "var.t[1]",
        "var.neg",
        "var.int",
        "var.missing",  # lookup fails: left out
        "other",  # no such variable: left out
    )
    diag = Diagnostic.error(
        "Invalid operand",
        "Unsuitable value for left operand: a number is required.",
        _RANGE,
        expression=expression,
        eval_context=EvalContext({"var": Value.object(VARIABLES)}),
    )
    assert render_diagnostics([diag]) == (
        "Error: Invalid operand\n"
        "\n"
        "  on expr.hcl line 1:\n"
        "  (source code not available)\n"
        "\n"
        f"{WITH_LINES}"
        "Unsuitable value for left operand: a number is required.\n"
        "\n"
    )


def test_variable_values_need_expression_context_and_subject() -> None:
    expression = FakeExpression("var.s")
    ctx = EvalContext({"var": Value.object({"s": Value.string("x")})})
    with_subject = Diagnostic.error("E", "", _RANGE, expression=expression, eval_context=ctx)
    assert "with var.s as" in render_diagnostics([with_subject])
    for diag in (
        Diagnostic.error("E", "", expression=expression, eval_context=ctx),
        Diagnostic.error("E", "", _RANGE, expression=expression),
        Diagnostic.error("E", "", _RANGE, eval_context=ctx),
    ):
        assert "with" not in render_diagnostics([diag])


def test_no_variable_lines_when_all_are_unknown() -> None:
    diag = Diagnostic.error(
        "E",
        "D",
        _RANGE,
        expression=FakeExpression("u"),
        eval_context=EvalContext({"u": Value.unknown(NUMBER)}),
    )
    assert render_diagnostics([diag]) == (
        "Error: E\n\n  on expr.hcl line 1:\n  (source code not available)\n\nD\n\n"
    )


@pytest.mark.parametrize(
    ("value", "summary"),
    [
        (Value.null(STRING), "null"),
        (Value.unknown(NUMBER), "(not yet known)"),
        (Value.bool(False), "false"),
        (Value.number(0), "0"),
        (Value.number(Fraction(1, 3)), "0.3333333333"),
        (Value.number(1234567890), "1234567890"),
        (Value.number(12345678901), "1.23456789e+10"),
        (Value.number(float("inf")), "+Inf"),
        (Value.number(-0.5), "-0.5"),
        (Value.string("a\nb\x01"), '"a\\nb\\x01"'),
        (Value.list([Value.number(1)]), "list of number with 1 element"),
        (Value.set([], BOOL), "empty set of bool"),
        (Value.map({}, ListType(STRING)), "empty map of list of string"),
        (Value.tuple([Value.null(STRING)]), "tuple with 1 element"),
        (Value.object({"a b": Value.bool(True)}), 'object with 1 attribute "a b"'),
    ],
)
def test_value_summary(value: Value, summary: str) -> None:
    assert value_summary(value) == summary


# --------------------------------------------------------------- word wrapping


@pytest.mark.parametrize(
    ("text", "width", "wrapped"),
    [
        # expected values from the Go word wrapper HCL uses
        ("hello world foo bar", 11, "hello world\nfoo bar"),
        ("hello world foo bar", 5, "hello\nworld\nfoo\nbar"),
        ("a verylongword b", 4, "a\nverylongword\nb"),
        ("ab cd", 1, "ab cd"),  # no break before a word as long as the width
        ("a  \n b", 2, "a\n b"),
        ("a   \nb", 2, "a\nb"),
        ("a \nb", 3, "a \nb"),
        ("x\u00a0y z", 3, "x\u00a0y\nz"),
        ("\u00e9\u00e9 \u00e9\u00e9", 5, "\u00e9\u00e9 \u00e9\u00e9"),
        ("one\ttwo", 5, "one\ntwo"),
        ("trailing   ", 9, "trailing"),
        ("trailing   ", 11, "trailing   "),
        ("", 3, ""),
    ],
)
def test_word_wrap(text: str, width: int, wrapped: str) -> None:
    assert word_wrap(text, width) == wrapped


@given(st.text(alphabet="ab \n\t\u00a0\u2003"), st.integers(min_value=1, max_value=12))
def test_word_wrap_only_changes_white_space(text: str, width: int) -> None:
    wrapped = word_wrap(text, width)
    assert wrapped.split() == text.split()
    # A line only gets longer than the width with a word at least as long.
    for line in wrapped.split("\n"):
        if len(line) > width:
            assert max(len(word) for word in re.split("[ \t\u2003]+", line)) >= width


def test_severity_names_cover_every_severity() -> None:
    for severity in Severity:
        diag = Diagnostic(severity, "S")
        assert render_diagnostics([diag]).startswith(severity.name.capitalize() + ": S")


def _by_summary(*summaries: str) -> list[Diagnostic]:
    return [d for d in DIAGS if d.summary in summaries]


def test_carets_mark_the_subject_on_each_line_it_covers() -> None:
    chosen = _by_summary("Invalid operand", "Missing newline", "Quirk", "Multi-line", "Combining")
    assert render_diagnostics(chosen, FILES, carets=True) == (
        "Error: Invalid operand\n\n"
        '  on a.hcl line 2, in service "web":\n'
        '   1: service "web" {\n'
        "   2:   port    = var.port + 1\n"
        "                  ^^^^^^^^\n"
        "   4:   replica = 3\n"
        "   5: }\n\n"
        "Unsuitable value for left operand: a number is required.\n\n"
        "Error: Missing newline\n\n"
        '  on a.hcl line 2, in service "web":\n'
        "   2:   port    = var.port + 1\n"
        "                              ^\n\n"
        "Error: Quirk\n\n"
        '  on a.hcl line 2, in service "web":\n'
        "   2:   port    = var.port + 1\n"
        "      ^^^^^^^^^^^^^^^^^^^^^^^^\n"
        "   4:   replica = 3\n\n"
        "ends at the start of line 4\n\n"
        "Error: Multi-line\n\n"
        "  on a.hcl line 6:\n"
        "   6: # \u00fcn\u00efc\u00f6d\u00e9 e\u0301 line\n"
        "        ^^^^^^^^^^^^^^\n"
        '   7: x = "\u65e5\u672c"\n'
        "      ^\n\n"
        "Error: Combining\n\n"
        "  on a.hcl line 6:\n"
        "   6: # \u00fcn\u00efc\u00f6d\u00e9 e\u0301 line\n"
        "                ^\n\n"
    )
    # Wide characters take two columns.
    assert render_diagnostics(_by_summary("Unicode"), FILES, carets=True) == (
        'Error: Unicode\n\n  on a.hcl line 7:\n   7: x = "\u65e5\u672c"\n           ^^^^\n\n'
    )


class _File:
    def __init__(self, filename: str, text: str) -> None:
        self.filename = filename
        self.text = text

    def context_string(self, byte: int) -> str | None:
        return 'job "\x1b[2J"'


def test_safe_shows_what_could_act_on_a_terminal_escaped() -> None:
    text = 'a = "\x1b]0;title\x07\u009b\u202e\t\x7f"\n'
    name = "bad\x1bname.hcl"
    smap = SourceMap(name, text)
    diag = Diagnostic.error(
        "Bad \x1b[31m", "Detail with \x1b[2J and\nnewline \r kept \ud800.", smap.range(4, 20)
    )
    files = {name: _File(name, text)}
    assert render_diagnostics([diag], files, safe=True, carets=True) == (
        "Error: Bad \\x1b[31m\n\n"
        '  on bad\\x1bname.hcl line 1, in job "\\x1b[2J":\n'
        '   1: a = "\\x1b]0;title\\a\\u009b\\u202e\t\\x7f"\n'
        "          ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n\n"
        "Detail with \\x1b[2J and\nnewline \\r kept \\ud800.\n\n"
    )
    assert render_diagnostics([diag], files) == (
        "Error: Bad \\x1b[31m\n\n"
        '  on bad\\x1bname.hcl line 1, in job "\\x1b[2J":\n'
        '   1: a = "\\x1b]0;title\\a\\u009b\\u202e\t\\x7f"\n\n'
        "Detail with \\x1b[2J and\nnewline \\r kept \\ud800.\n\n"
    ), "safe by default"
    assert render_diagnostics([diag], files, safe=False) == (
        "Error: Bad \x1b[31m\n\n"
        '  on bad\x1bname.hcl line 1, in job "\x1b[2J":\n'
        '   1: a = "\x1b]0;title\x07\u009b\u202e\t\x7f"\n\n'
        "Detail with \x1b[2J and\nnewline \r kept \ud800.\n\n"
    )
    assert terminal_safe("tab\tnewline\n\x00\x1f\x80\u2028\u2066é") == (
        "tab\tnewline\n\\x00\\x1f\\u0080\\u2028\\u2066é"
    )


# ------------------------------------------------------------------------- long lines, many errors


@dataclasses.dataclass
class _Anything:
    a: Any = None


def _decode_error(text: str) -> hcl.DecodeError:
    with pytest.raises(hcl.DecodeError) as info:
        hcl.loads(text, _Anything, filename="long.hcl")
    return info.value


def test_a_long_line_is_shown_as_a_window_around_the_subject() -> None:
    # Lines of more than 400 characters: 80 characters each side, "…" where cut.
    error = _decode_error("a = [" + "1," * 300 + "x" + ",2" * 300 + "]\n")
    assert str(error) == (
        "Error: Variables not allowed\n\n"
        "  on long.hcl line 1:\n"
        "   1: …" + "1," * 40 + "x" + ",2" * 40 + "…\n\n"
        "Variables may not be used here."
    )


def test_a_long_subject_is_cut_too() -> None:
    error = _decode_error('a = "' + "x" * 1000 + '" + 1 + true\n')
    # A subject of more than 200 characters is cut after 200.
    assert str(error).splitlines()[3] == '   1: a = "' + "x" * 199 + "…"
    error = _decode_error("a = " + "1 + " * 200 + "true\n")
    assert str(error).splitlines()[3] == "   1: …" + "1 + " * 20 + "true"


def test_str_shows_the_first_hundred_diagnostics() -> None:
    # Two summaries alternating, 75 of each: one evaluation reports 100 of each.
    error = _decode_error("a = [" + "x, f(), " * 74 + "x, f()]\n")
    assert len(error.diagnostics) == 150
    text = str(error)
    assert text.count("Error: Variables not allowed") == 50
    assert text.count("Error: Function calls not allowed") == 50
    assert text.endswith(
        "Functions may not be called here.\n\n"
        "... and 50 more diagnostics (all of them are in .diagnostics)"
    )
    error.max_shown = None
    assert str(error).count("Error: Variables not allowed") == 75
    assert str(error).endswith("Functions may not be called here.")


def test_rendering_costs_the_same_however_long_the_line() -> None:
    # Before, each diagnostic repeated its whole line: 100 errors on a 100 KB line
    # built 10 MB of text.
    error = _decode_error("a = [" + "x," * 50_000 + "x]\n")
    tracemalloc.start()
    try:
        text = str(error)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(text) < 30_000
    assert peak < 500_000
