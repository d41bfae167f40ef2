"""The native scanner: token kinds, modes and character diagnostics."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from hcldecode.model._source import SourceMap
from hcldecode.native import _scanner as S


def kinds(text: str, *, template: bool = False) -> list[tuple[int, str]]:
    return [(k, text[a:b]) for k, a, b in S.scan(text, template=template)]


def test_expression_tokens() -> None:
    assert kinds("a-b = 1.5e+3 ...\n") == [
        (S.IDENT, "a-b"),
        (S.EQUAL, "="),
        (S.NUMBER, "1.5e+3"),
        (S.ELLIPSIS, "..."),
        (S.NEWLINE, "\n"),
        (S.EOF, ""),
    ]
    assert [k for k, _ in kinds("== != >= <= && || :: => ~} [*]")] == [
        S.EQUAL_OP, S.NOT_EQUAL, S.GREATER_EQUAL, S.LESS_EQUAL, S.AND, S.OR,
        S.DOUBLE_COLON, S.FAT_ARROW, S.TEMPLATE_SEQ_END, S.OBRACK, S.STAR, S.CBRACK, S.EOF,
    ]  # fmt: skip


def test_spaces_and_tabs_separate_tokens() -> None:
    assert S.scan("a \t= 1 ") == [(S.IDENT, 0, 1), (S.EQUAL, 3, 4), (S.NUMBER, 5, 6), (S.EOF, 7, 7)]
    assert S.scan(" \t ") == [(S.EOF, 3, 3)]
    assert S.scan("\t@ \n") == [(S.INVALID, 1, 2), (S.NEWLINE, 3, 4), (S.EOF, 4, 4)]
    assert S.scan('x "a ${ b } c"') == [
        (S.IDENT, 0, 1),
        (S.OQUOTE, 2, 3),
        (S.QUOTED_LIT, 3, 5),
        (S.TEMPLATE_INTERP, 5, 7),
        (S.IDENT, 8, 9),
        (S.TEMPLATE_SEQ_END, 10, 11),
        (S.QUOTED_LIT, 11, 13),
        (S.CQUOTE, 13, 14),
        (S.EOF, 14, 14),
    ]


def test_numbers_do_not_end_with_a_dot() -> None:
    assert kinds("1.")[:2] == [(S.NUMBER, "1"), (S.DOT, ".")]
    assert kinds("1.2.3")[0] == (S.NUMBER, "1.2.3")
    assert kinds("1e")[:2] == [(S.NUMBER, "1"), (S.IDENT, "e")]


def test_comments_keep_their_newline() -> None:
    assert kinds("a # x\r\n// y\n/* z\n */b") == [
        (S.IDENT, "a"),
        (S.COMMENT, "# x\r\n"),
        (S.COMMENT, "// y\n"),
        (S.COMMENT, "/* z\n */"),
        (S.IDENT, "b"),
        (S.EOF, ""),
    ]
    assert kinds("/* open")[:2] == [(S.SLASH, "/"), (S.STAR, "*")]


def test_quoted_templates_split_literals_like_the_reference() -> None:
    assert kinds('"a\\"b$x${y}%%{z}"') == [
        (S.OQUOTE, '"'),
        (S.QUOTED_LIT, 'a\\"b'),
        (S.QUOTED_LIT, "$"),
        (S.QUOTED_LIT, "x"),
        (S.TEMPLATE_INTERP, "${"),
        (S.IDENT, "y"),
        (S.TEMPLATE_SEQ_END, "}"),
        (S.QUOTED_LIT, "%%{"),
        (S.QUOTED_LIT, "z}"),
        (S.CQUOTE, '"'),
        (S.EOF, ""),
    ]
    assert kinds('"a\nb"')[1:4] == [
        (S.QUOTED_LIT, "a"),
        (S.QUOTED_NEWLINE, "\n"),
        (S.QUOTED_LIT, "b"),
    ]


def test_braces_inside_interpolation() -> None:
    assert [k for k, _ in kinds('"${ {a = 1} ~}x"')] == [
        S.OQUOTE, S.TEMPLATE_INTERP, S.OBRACE, S.IDENT, S.EQUAL, S.NUMBER, S.CBRACE,
        S.TEMPLATE_SEQ_END, S.QUOTED_LIT, S.CQUOTE, S.EOF,
    ]  # fmt: skip


def test_heredoc_closing_marker() -> None:
    assert kinds("<<-EOT\n  x\n  EOT  \nb") == [
        (S.OHEREDOC, "<<-EOT\n"),
        (S.STRING_LIT, "  x\n"),
        (S.CHEREDOC, "  EOT  "),
        (S.NEWLINE, "\n"),
        (S.IDENT, "b"),
        (S.EOF, ""),
    ]
    # A marker after an interpolation on the same line does not close.
    assert [k for k, _ in kinds("<<EOT\n${a}EOT\nEOT\n")] == [
        S.OHEREDOC, S.TEMPLATE_INTERP, S.IDENT, S.TEMPLATE_SEQ_END, S.STRING_LIT,
        S.CHEREDOC, S.NEWLINE, S.EOF,
    ]  # fmt: skip
    assert kinds("<<EOT\r\nx\r\nEOT\r\n")[2:4] == [(S.CHEREDOC, "EOT"), (S.NEWLINE, "\r\n")]


def test_bare_template_mode() -> None:
    assert kinds("a\nb${c}", template=True) == [
        (S.STRING_LIT, "a\n"),
        (S.STRING_LIT, "b"),
        (S.TEMPLATE_INTERP, "${"),
        (S.IDENT, "c"),
        (S.TEMPLATE_SEQ_END, "}"),
        (S.EOF, ""),
    ]


def test_line_scanner_stops_at_a_lone_carriage_return() -> None:
    # The reference's heredoc and bare-template scanner has no rule for a
    # carriage return that does not start "\r\n": it stops there, and the
    # rest of the text becomes one token.
    assert kinds("<<EOT\n${x}\rb\nEOT\nq = 1\n")[4:] == [
        (S.INVALID, "\rb\nEOT\nq = 1\n"),
        (S.EOF, ""),
    ]
    # At a bare template's top level that token is literal text.
    assert kinds("a\rb${x}", template=True) == [
        (S.STRING_LIT, "a"),
        (S.STRING_LIT, "\rb${x}"),
        (S.EOF, ""),
    ]
    assert kinds("a$", template=True) == [(S.STRING_LIT, "a"), (S.STRING_LIT, "$"), (S.EOF, "")]


def test_lone_dollar_or_percent_takes_one_character_before_a_line_end() -> None:
    assert kinds("%\r\n$x\n%%\r\n%\n\n%é\n", template=True) == [
        (S.STRING_LIT, "%\r"),
        (S.STRING_LIT, "\n"),
        (S.STRING_LIT, "$x"),
        (S.STRING_LIT, "\n"),
        (S.STRING_LIT, "%%"),
        (S.STRING_LIT, "\r\n"),
        (S.STRING_LIT, "%\n"),
        (S.STRING_LIT, "\n"),
        (S.STRING_LIT, "%"),
        (S.STRING_LIT, "é\n"),
        (S.EOF, ""),
    ]
    # Any carriage return counts, even a lone one (which then stops the scan).
    assert kinds("%x\r", template=True)[:2] == [(S.STRING_LIT, "%x"), (S.STRING_LIT, "\r")]
    assert kinds("<<EOT\n%:\rT\nEOT\n")[1:] == [
        (S.STRING_LIT, "%:"),
        (S.INVALID, "\rT\nEOT\n"),
        (S.EOF, ""),
    ]
    assert kinds('"a\rb"')[1:3] == [(S.QUOTED_LIT, "a"), (S.QUOTED_NEWLINE, "\r")]


def _diags(text: str) -> list[tuple[str, str, str]]:
    tokens = S.scan(text)
    diags = S.scan_diagnostics(tokens, text, SourceMap("s.hcl", text))
    return [(d.summary, d.detail, str(d.subject)) for d in diags]


def test_character_diagnostics() -> None:
    assert _diags("a = 1 & 2 | 3 ^ 4 ~ 5") == [
        (
            "Unsupported operator",
            'Bitwise operators are not supported. Did you mean boolean AND ("&&")?',
            "s.hcl:1,7-8",
        ),
        (
            "Unsupported operator",
            'Bitwise operators are not supported. Did you mean boolean OR ("||")?',
            "s.hcl:1,11-12",
        ),
        ("Unsupported operator", "Bitwise operators are not supported.", "s.hcl:1,15-16"),
        (
            "Unsupported operator",
            'Bitwise operators are not supported. Did you mean boolean NOT ("!")?',
            "s.hcl:1,19-20",
        ),
    ]
    assert [d[2] for d in _diags("a = 'x' 'y'")] == ["s.hcl:1,5-6", "s.hcl:1,9-10"]
    assert [d[2] for d in _diags("a = ;;")] == ["s.hcl:1,5-6"]


def test_invalid_utf8_is_reported_once_but_allowed_in_comments() -> None:
    text = b"a = \xff\xfe\n# \xff\n".decode("utf-8", "surrogateescape")
    assert _diags(text) == [
        (
            "Invalid character encoding",
            "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in "
            "your editor.",
            "s.hcl:1,5-6",
        )
    ]
    assert _diags(b"# \xff\n".decode("utf-8", "surrogateescape")) == []


@given(st.text(max_size=80))
def test_tokens_are_ordered_and_end_with_eof(text: str) -> None:
    tokens = S.scan(text)
    assert tokens[-1] == (S.EOF, len(text), len(text))
    previous_end = 0
    for _, start, end in tokens:
        assert previous_end <= start <= end
        previous_end = end


@given(st.text(alphabet=st.characters(max_codepoint=0x7F), max_size=80))
def test_ascii_text_scans_the_same_with_the_unicode_identifier_pattern(text: str) -> None:
    # ASCII files are scanned with a pattern compiled without the Unicode
    # tables; on ASCII text it must match exactly as the full pattern does.
    full = S._main_unicode()
    for pos in range(len(text)):
        ascii_match = S._MAIN_ASCII.match(text, pos)
        full_match = full.match(text, pos)
        assert (ascii_match and (ascii_match.lastgroup, ascii_match.span())) == (
            full_match and (full_match.lastgroup, full_match.span())
        )
