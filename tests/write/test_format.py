"""The formatter, rule by rule: each output is what HCL's ``hclfmt`` (v2.14.1) writes."""

from __future__ import annotations

import pytest

from hcldecode.model import Diagnostics
from hcldecode.write import (
    TokenKind,
    WriterToken,
    bracket_change,
    columns,
    format,
    format_tokens,
    lex_config,
    tokens_text,
)

CASES = [
    # Indentation: two spaces per bracket level open before the line.
    ("block_indent", "a {\nb = 1\nc {\nd = 2\n}\n}\n", "a {\n  b = 1\n  c {\n    d = 2\n  }\n}\n"),
    ("over_indented", "    a = 1\n      b {\n          c = 2\n   }\n", "a = 1\nb {\n  c = 2\n}\n"),
    ("multiline_list", "x = [\n1,\n[\n2,\n],\n]\n", "x = [\n  1,\n  [\n    2,\n  ],\n]\n"),
    # A line opening two brackets is one level; closers end the levels they pass.
    ("unbalanced_lines", "x = [[\n1],\n[2\n]]\ny = 1\n", "x = [[\n  1],\n  [2\n]]\ny = 1\n"),
    (
        "closing_several_levels",
        "x = {\na = [[\n1]]}\ny = [[[\n1,\n]]]\n",
        "x = {\n  a = [[\n1]] }\ny = [[[\n  1,\n]]]\n",
    ),
    (
        "comment_lines",
        "a {\n# lead\n  // slash\n    /* block */\nb = 1\n}\n",
        "a {\n  # lead\n  // slash\n  /* block */\n  b = 1\n}\n",
    ),
    ("labels", 'resource  "a"   "b"{\nx=1\n}\n', 'resource "a" "b" {\n  x = 1\n}\n'),
    ("tabs", "\ta\t=\t1\n\tb\t{\n\t\tc\t=\t2\n\t}\n", "a = 1\nb {\n  c = 2\n}\n"),
    ("blank_lines_with_spaces", "a = 1\n    \n\t\nb = 2\n", "a = 1\n\n\nb = 2\n"),
    # Spaces between tokens.
    ("assign_spacing", "a=1\nb   =   c\n", "a = 1\nb = c\n"),
    ("call", "x = f (1,2 , 3)\n", "x = f(1, 2, 3)\n"),
    (
        "dots_and_splat",
        "x = a . b [0] . c [ * ] . d\ny = a .* . b\n",
        "x = a.b[0].c[*].d\ny = a.*.b\n",
    ),
    ("ellipsis", "x = f(xs ...)\n", "x = f(xs...)\n"),
    ("template_interp", 'x = "a ${ b } c"\n', 'x = "a ${b} c"\n'),
    (
        "template_directives",
        'x = "%{ if a }yes%{ else }no%{ endif }"\n',
        'x = "%{if a}yes%{else}no%{endif}"\n',
    ),
    (
        "adjacent_interps",
        'x = "${ a }${ b }%{ if c }d%{ endif }"\n',
        'x = "${a}${b}%{if c}d%{endif}"\n',
    ),
    ("strip_markers", 'x = "${~ a ~} b"\n', 'x = "${~a~} b"\n'),
    (
        "for_in_tuple",
        'x = [for v in [1, 2]: v]\ny = [for k,v in m: v if k!=""]\n',
        'x = [for v in [1, 2] : v]\ny = [for k, v in m : v if k != ""]\n',
    ),
    ("for_object", "x = {for k, v in m : k => v...}\n", "x = { for k, v in m : k => v... }\n"),
    (
        "index_after_bracket",
        "x = f(1) [0]\ny = [1] [0]\nz = 5 [0]\n",
        "x = f(1)[0]\ny = [1][0]\nz = 5[0]\n",
    ),
    ("bang", "x = ! a\ny = !! b\n", "x = !a\ny = !!b\n"),
    (
        "negation",
        "a = - 1\nb = (- 1)\nc = [- 1, - 2]\nd = x * - 1\ne = x == - 1\nf = x && - 1\n"
        "g = x ? - 1 : - 2\n",
        "a = -1\nb = (-1)\nc = [-1, -2]\nd = x * -1\ne = x == -1\nf = x && -1\ng = x ? -1 : -2\n",
    ),
    (
        "subtraction",
        "a = x - 1\nb = (x) - 1\nc = x[0] - 1\n",
        "a = x - 1\nb = (x) - 1\nc = x[0] - 1\n",
    ),
    ("minus_at_line_start", "x = [\n- 1,\n2 - 1\n]\n", "x = [\n  -1,\n  2 - 1\n]\n"),
    (
        "braces",
        "a = {b=1}\nc = { }\nd {}\ne { f = 1 }\n",
        "a = { b = 1 }\nc = {}\nd {}\ne { f = 1 }\n",
    ),
    ("interp_object", 'x = "${ {a=1} }"\n', 'x = "${ { a = 1 } }"\n'),
    (
        "operators",
        "x = a+b*c/d%e\ny = a>=b||c<=d&&e<f\nz = a?b:c\n",
        "x = a + b * c / d % e\ny = a >= b || c <= d && e < f\nz = a ? b : c\n",
    ),
    ("conditional_multiline", "x = (\na\n? b\n: - c\n)\n", "x = (\n  a\n  ? b\n  : -c\n)\n"),
    # Namespaced function names stay together (HCL v2.20 and later).
    ("namespaced_call", "x = provider :: aws :: arn(1)\n", "x = provider::aws::arn(1)\n"),
    # Alignment of "=" and of trailing comments.
    (
        "align_assign",
        "a = 1\nbbb = 2\ncc = 3\n\nd = 4\neeeee = 5\n",
        "a   = 1\nbbb = 2\ncc  = 3\n\nd     = 4\neeeee = 5\n",
    ),
    (
        "align_stops_at_block",
        "a = 1\nb {\nccc = 2\nd = 3\n}\neeee = 4\n",
        "a = 1\nb {\n  ccc = 2\n  d   = 3\n}\neeee = 4\n",
    ),
    (
        "align_skips_multiline_values",
        "a = 1\nbbbbb = [\n1,\n]\ncc = 2\n",
        "a = 1\nbbbbb = [\n  1,\n]\ncc = 2\n",
    ),
    (
        "align_comments",
        "a = 1 # one\nbbb = 22 # two\n  # alone\nc = 3 // three\ndddd = 4 /* four */\n",
        "a   = 1  # one\nbbb = 22 # two\n# alone\nc    = 3 // three\ndddd = 4 /* four */\n",
    ),
    (
        "comment_after_open_bracket",
        "x = [ # list\n1, # one\n22, # two\n]\n",
        "x = [ # list\n  1,  # one\n  22, # two\n]\n",
    ),
    ("heredoc_then_attrs", "a = <<EOT\nx\nEOT\nbb = 2\n", "a  = <<EOT\nx\nEOT\nbb = 2\n"),
    # Columns are grapheme clusters (not display widths).
    (
        "unicode_columns",
        'e\u0301 = 1\nab = 2\n\u65e5\u672c = 3\nabcd = 4 # c\nx = "\U0001f600" # d\n',
        'e\u0301    = 1\nab   = 2\n\u65e5\u672c   = 3\nabcd = 4   # c\nx    = "\U0001f600" # d\n',
    ),
    # Heredoc text is left as it is.
    (
        "heredoc",
        "a {\nb = <<EOT\n  keep   this\n${ x }\n    EOT\nc = 1\n}\n",
        "a {\n  b = <<EOT\n  keep   this\n${x}\n    EOT\n  c = 1\n}\n",
    ),
    (
        "indented_heredoc",
        "a {\n  b = <<-EOT\n      keep\n    EOT\n}\n",
        "a {\n  b = <<-EOT\n      keep\n    EOT\n}\n",
    ),
    ("heredoc_in_call", "x = f(<<EOT\nhello\nEOT\n, 2)\n", "x = f(<<EOT\nhello\nEOT\n, 2)\n"),
    # Lines are split by newline tokens only: a newline inside a heredoc's
    # interpolation starts a line (indented), one inside a block comment
    # does not (the comment's columns count towards alignment).
    (
        "heredoc_interp_newline",
        "a {\nb = <<EOT\nx ${f(\n1,\n2)} y\n  z\nEOT\n}\n",
        "a {\n  b = <<EOT\nx ${f(\n  1,\n2)} y\n  z\nEOT\n}\n",
    ),
    (
        "multiline_block_comment",
        "a {\n/* one\n   two */ b = 1\nc = 2\n}\n",
        "a {\n  /* one\n   two */ b = 1\n  c                  = 2\n}\n",
    ),
    ("comment_in_interp", 'a = "${ # c\nb}"\nc = 1\n', 'a = "${ # c\nb}"\nc = 1\n'),
    (
        "template_text_untouched",
        'a = "100% $x $${a} %%{b}"\nb = <<EOT\n100% $x\n$\nEOT\n',
        'a = "100% $x $${a} %%{b}"\nb = <<EOT\n100% $x\n$\nEOT\n',
    ),
    (
        "combining_mark_after_quote",
        'a = "\u0301"\nbbbb = "\u0301x" # c\nc = 1 # d\n',
        'a    = "\u0301"\nbbbb = "\u0301x" # c\nc    = 1    # d\n',
    ),
    ("in_as_name", "a = x.in\nb = [for in in y: in]\n", "a = x.in\nb = [for in in y : in]\n"),
    # Line ends, the end of the file and a byte order mark.
    ("crlf", "a=1\r\nb {\r\nc=2\r\n}\r\n", "a = 1\r\nb {\r\n  c = 2\r\n}\r\n"),
    ("no_final_newline", "a=1", "a = 1"),
    ("trailing_spaces_at_end", "a = 1   ", "a = 1   "),
    ("trailing_spaces_after_newline", "a = 1\n   ", "a = 1\n   "),
    ("bom", "\ufeffa=1\n", "a = 1\n"),
    ("bom_and_spaces_only", "\ufeff  ", "     "),
    ("empty", "", ""),
    ("only_comment_no_newline", "# hi", "# hi"),
    ("block_comment_at_end", "a = 1 /* end */", "a = 1 /* end */"),
]


@pytest.mark.parametrize(("src", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_format(src: str, expected: str) -> None:
    assert format(src) == (expected, Diagnostics())
    assert format(src.encode("utf-8")) == (expected, Diagnostics())
    assert format(expected) == (expected, Diagnostics())


def test_syntax_errors_leave_the_file_unchanged() -> None:
    src = "a {\nb = \n}\n"
    text, diags = format(src, "bad.hcl")
    assert text == src
    assert [(d.summary, str(d.subject)) for d in diags] == [
        ("Invalid expression", "bad.hcl:2,5-3,1")
    ]
    raw = b"\xef\xbb\xbfa {\nb c d\n"
    text, diags = format(raw, "bad.hcl")
    assert text == "\ufeffa {\nb c d\n"
    assert diags.has_errors()


def test_undecodable_bytes_in_comments_are_kept() -> None:
    text, diags = format(b"a=1 # \xff\n", "latin.hcl")
    assert (text, len(diags)) == ("a = 1 # \udcff\n", 0)
    assert text.encode("utf-8", "surrogateescape") == b"a = 1 # \xff\n"


def test_lex_config_keeps_everything_and_counts_spaces() -> None:
    tokens = lex_config('a  = "x" # c\n')
    assert tokens == [
        WriterToken(TokenKind.IDENT, "a", 0),
        WriterToken(TokenKind.EQUAL, "=", 2),
        WriterToken(TokenKind.OQUOTE, '"', 1),
        WriterToken(TokenKind.QUOTED_LIT, "x", 0),
        WriterToken(TokenKind.CQUOTE, '"', 0),
        WriterToken(TokenKind.COMMENT, "# c\n", 1),
        WriterToken(TokenKind.EOF, "", 0),
    ]
    assert tokens_text(tokens) == 'a  = "x" # c\n'
    # A byte order mark counts as three spaces before the first token; tabs as one.
    assert [t.spaces_before for t in lex_config(b"\xef\xbb\xbf\ta\t=1")] == [4, 1, 0, 0]


def test_format_tokens_changes_only_spaces_and_takes_fragments() -> None:
    tokens = lex_config("x={\na=f( 1 )\n}")[:-1]  # no EOF token
    before = [(t.kind, t.text) for t in tokens]
    format_tokens(tokens)
    assert [(t.kind, t.text) for t in tokens] == before
    assert tokens_text(tokens) == "x = {\n  a = f(1)\n}"


def test_bracket_change_and_columns() -> None:
    assert [
        bracket_change(k) for k in (TokenKind.TEMPLATE_INTERP, TokenKind.CBRACK, TokenKind.DOT)
    ] == [1, -1, 0]
    assert (
        columns(
            [
                WriterToken(TokenKind.IDENT, "e\u0301", 2),
                WriterToken(TokenKind.QUOTED_LIT, "\r\n", 1),
            ]
        )
        == 5
    )
