"""The public lexer (HCL's ``hclsyntax.LexConfig``, ``LexExpression`` and ``LexTemplate``).

The expected tokens and diagnostics are HCL v2.14.1's, printed by
``tools/differential/go/gonav``; ``tools/differential/differential_navigation.py``
compares the lexers on every file of the shared corpus.
"""

from __future__ import annotations

from hcldecode.model import Pos, Range
from hcldecode.native import Token, TokenType, lex_config, lex_expression, lex_template

CONFIG = (
    'a = "x${b}y%{ if c ~}z%{ endif }\\n" # note\r\nb = <<-EOT\n  ${c}\n  EOT\n'
    "/* c */ n = 1.5e3 <= 2 && !x || y != z ? [for k, v in m: k => v...] : {a = 1}\n"
    "\tfé = \"é\"; `q` 'r' & | ^ ~ ** \u201cw\u201d\n"
)
TEMPLATE = "Hello, ${name}!\n%{ for x in xs ~}\n- $${x} %%{ ${x}\n%{ endfor }"

# (HCL's type name less "Token", text, range as start line, column, byte and end
# line, column, byte).
CONFIG_TOKENS = [
    ("Ident", "a", (1, 1, 0, 1, 2, 1)),
    ("Equal", "=", (1, 3, 2, 1, 4, 3)),
    ("OQuote", '"', (1, 5, 4, 1, 6, 5)),
    ("QuotedLit", "x", (1, 6, 5, 1, 7, 6)),
    ("TemplateInterp", "${", (1, 7, 6, 1, 9, 8)),
    ("Ident", "b", (1, 9, 8, 1, 10, 9)),
    ("TemplateSeqEnd", "}", (1, 10, 9, 1, 11, 10)),
    ("QuotedLit", "y", (1, 11, 10, 1, 12, 11)),
    ("TemplateControl", "%{", (1, 12, 11, 1, 14, 13)),
    ("Ident", "if", (1, 15, 14, 1, 17, 16)),
    ("Ident", "c", (1, 18, 17, 1, 19, 18)),
    ("TemplateSeqEnd", "~}", (1, 20, 19, 1, 22, 21)),
    ("QuotedLit", "z", (1, 22, 21, 1, 23, 22)),
    ("TemplateControl", "%{", (1, 23, 22, 1, 25, 24)),
    ("Ident", "endif", (1, 26, 25, 1, 31, 30)),
    ("TemplateSeqEnd", "}", (1, 32, 31, 1, 33, 32)),
    ("QuotedLit", "\\n", (1, 33, 32, 1, 35, 34)),
    ("CQuote", '"', (1, 35, 34, 1, 36, 35)),
    ("Comment", "# note\r\n", (1, 37, 36, 2, 1, 44)),
    ("Ident", "b", (2, 1, 44, 2, 2, 45)),
    ("Equal", "=", (2, 3, 46, 2, 4, 47)),
    ("OHeredoc", "<<-EOT\n", (2, 5, 48, 3, 1, 55)),
    ("StringLit", "  ", (3, 1, 55, 3, 3, 57)),
    ("TemplateInterp", "${", (3, 3, 57, 3, 5, 59)),
    ("Ident", "c", (3, 5, 59, 3, 6, 60)),
    ("TemplateSeqEnd", "}", (3, 6, 60, 3, 7, 61)),
    ("StringLit", "\n", (3, 7, 61, 4, 1, 62)),
    ("CHeredoc", "  EOT", (4, 1, 62, 4, 6, 67)),
    ("Newline", "\n", (4, 6, 67, 5, 1, 68)),
    ("Comment", "/* c */", (5, 1, 68, 5, 8, 75)),
    ("Ident", "n", (5, 9, 76, 5, 10, 77)),
    ("Equal", "=", (5, 11, 78, 5, 12, 79)),
    ("NumberLit", "1.5e3", (5, 13, 80, 5, 18, 85)),
    ("LessThanEq", "<=", (5, 19, 86, 5, 21, 88)),
    ("NumberLit", "2", (5, 22, 89, 5, 23, 90)),
    ("And", "&&", (5, 24, 91, 5, 26, 93)),
    ("Bang", "!", (5, 27, 94, 5, 28, 95)),
    ("Ident", "x", (5, 28, 95, 5, 29, 96)),
    ("Or", "||", (5, 30, 97, 5, 32, 99)),
    ("Ident", "y", (5, 33, 100, 5, 34, 101)),
    ("NotEqual", "!=", (5, 35, 102, 5, 37, 104)),
    ("Ident", "z", (5, 38, 105, 5, 39, 106)),
    ("Question", "?", (5, 40, 107, 5, 41, 108)),
    ("OBrack", "[", (5, 42, 109, 5, 43, 110)),
    ("Ident", "for", (5, 43, 110, 5, 46, 113)),
    ("Ident", "k", (5, 47, 114, 5, 48, 115)),
    ("Comma", ",", (5, 48, 115, 5, 49, 116)),
    ("Ident", "v", (5, 50, 117, 5, 51, 118)),
    ("Ident", "in", (5, 52, 119, 5, 54, 121)),
    ("Ident", "m", (5, 55, 122, 5, 56, 123)),
    ("Colon", ":", (5, 56, 123, 5, 57, 124)),
    ("Ident", "k", (5, 58, 125, 5, 59, 126)),
    ("FatArrow", "=>", (5, 60, 127, 5, 62, 129)),
    ("Ident", "v", (5, 63, 130, 5, 64, 131)),
    ("Ellipsis", "...", (5, 64, 131, 5, 67, 134)),
    ("CBrack", "]", (5, 67, 134, 5, 68, 135)),
    ("Colon", ":", (5, 69, 136, 5, 70, 137)),
    ("OBrace", "{", (5, 71, 138, 5, 72, 139)),
    ("Ident", "a", (5, 72, 139, 5, 73, 140)),
    ("Equal", "=", (5, 74, 141, 5, 75, 142)),
    ("NumberLit", "1", (5, 76, 143, 5, 77, 144)),
    ("CBrace", "}", (5, 77, 144, 5, 78, 145)),
    ("Newline", "\n", (5, 78, 145, 6, 1, 146)),
    ("Ident", "fé", (6, 2, 147, 6, 4, 150)),
    ("Equal", "=", (6, 5, 151, 6, 6, 152)),
    ("OQuote", '"', (6, 7, 153, 6, 8, 154)),
    ("QuotedLit", "é", (6, 8, 154, 6, 9, 156)),
    ("CQuote", '"', (6, 9, 156, 6, 10, 157)),
    ("Semicolon", ";", (6, 10, 157, 6, 11, 158)),
    ("Backtick", "`", (6, 12, 159, 6, 13, 160)),
    ("Ident", "q", (6, 13, 160, 6, 14, 161)),
    ("Backtick", "`", (6, 14, 161, 6, 15, 162)),
    ("Apostrophe", "'", (6, 16, 163, 6, 17, 164)),
    ("Ident", "r", (6, 17, 164, 6, 18, 165)),
    ("Apostrophe", "'", (6, 18, 165, 6, 19, 166)),
    ("BitwiseAnd", "&", (6, 20, 167, 6, 21, 168)),
    ("BitwiseOr", "|", (6, 22, 169, 6, 23, 170)),
    ("BitwiseXor", "^", (6, 24, 171, 6, 25, 172)),
    ("BitwiseNot", "~", (6, 26, 173, 6, 27, 174)),
    ("Star", "*", (6, 28, 175, 6, 29, 176)),
    ("Star", "*", (6, 29, 176, 6, 30, 177)),
    ("Invalid", "“", (6, 31, 178, 6, 32, 181)),
    ("Ident", "w", (6, 32, 181, 6, 33, 182)),
    ("Invalid", "”", (6, 33, 182, 6, 34, 185)),
    ("Newline", "\n", (6, 34, 185, 7, 1, 186)),
    ("EOF", "", (7, 1, 186, 7, 1, 186)),
]

TEMPLATE_TOKENS = [
    ("StringLit", "Hello, ", (1, 1, 0, 1, 8, 7)),
    ("TemplateInterp", "${", (1, 8, 7, 1, 10, 9)),
    ("Ident", "name", (1, 10, 9, 1, 14, 13)),
    ("TemplateSeqEnd", "}", (1, 14, 13, 1, 15, 14)),
    ("StringLit", "!\n", (1, 15, 14, 2, 1, 16)),
    ("TemplateControl", "%{", (2, 1, 16, 2, 3, 18)),
    ("Ident", "for", (2, 4, 19, 2, 7, 22)),
    ("Ident", "x", (2, 8, 23, 2, 9, 24)),
    ("Ident", "in", (2, 10, 25, 2, 12, 27)),
    ("Ident", "xs", (2, 13, 28, 2, 15, 30)),
    ("TemplateSeqEnd", "~}", (2, 16, 31, 2, 18, 33)),
    ("StringLit", "\n", (2, 18, 33, 3, 1, 34)),
    ("StringLit", "- ", (3, 1, 34, 3, 3, 36)),
    ("StringLit", "$${", (3, 3, 36, 3, 6, 39)),
    ("StringLit", "x} ", (3, 6, 39, 3, 9, 42)),
    ("StringLit", "%%{", (3, 9, 42, 3, 12, 45)),
    ("StringLit", " ", (3, 12, 45, 3, 13, 46)),
    ("TemplateInterp", "${", (3, 13, 46, 3, 15, 48)),
    ("Ident", "x", (3, 15, 48, 3, 16, 49)),
    ("TemplateSeqEnd", "}", (3, 16, 49, 3, 17, 50)),
    ("StringLit", "\n", (3, 17, 50, 4, 1, 51)),
    ("TemplateControl", "%{", (4, 1, 51, 4, 3, 53)),
    ("Ident", "endfor", (4, 4, 54, 4, 10, 60)),
    ("TemplateSeqEnd", "}", (4, 11, 61, 4, 12, 62)),
    ("EOF", "", (4, 12, 62, 4, 12, 62)),
]


def summary(tokens: list[Token]) -> list[tuple[str, str, tuple[int, ...]]]:
    return [
        (t.type.go_name.removeprefix("Token"), t.text, (*t.range.start, *t.range.end))
        for t in tokens
    ]


def test_lex_config_gives_hcls_tokens() -> None:
    tokens, diags = lex_config(CONFIG, "lex.hcl")
    assert summary(tokens) == CONFIG_TOKENS
    assert all(t.range.filename == "lex.hcl" for t in tokens)
    assert [(d.summary, d.detail, str(d.subject)) for d in diags] == [
        (
            "Invalid character",
            'The ";" character is not valid. Use newlines to separate arguments and blocks, '
            "and commas to separate items in collection values.",
            "lex.hcl:6,10-11",
        ),
        (
            "Invalid character",
            'The "`" character is not valid. To create a multi-line string, use the "heredoc" '
            'syntax, like "<<EOT".',
            "lex.hcl:6,12-13",
        ),
        (
            "Invalid character",
            'Single quotes are not valid. Use double quotes (") to enclose strings.',
            "lex.hcl:6,16-17",
        ),
        (
            "Unsupported operator",
            'Bitwise operators are not supported. Did you mean boolean AND ("&&")?',
            "lex.hcl:6,20-21",
        ),
        (
            "Unsupported operator",
            'Bitwise operators are not supported. Did you mean boolean OR ("||")?',
            "lex.hcl:6,22-23",
        ),
        ("Unsupported operator", "Bitwise operators are not supported.", "lex.hcl:6,24-25"),
        (
            "Unsupported operator",
            'Bitwise operators are not supported. Did you mean boolean NOT ("!")?',
            "lex.hcl:6,26-27",
        ),
    ] + [
        (
            "Invalid character",
            '"Curly quotes" are not valid here. These can sometimes be inadvertently '
            "introduced when sharing code via documents or discussion forums. It might help "
            'to replace the character with a "straight quote".',
            subject,
        )
        for subject in ("lex.hcl:6,31-32", "lex.hcl:6,33-34")
    ]


def test_lex_template_gives_hcls_tokens() -> None:
    tokens, diags = lex_template(TEMPLATE, "lex.hcl")
    assert summary(tokens) == TEMPLATE_TOKENS
    assert not diags


def test_an_expression_lexes_as_a_file_does() -> None:
    assert lex_expression(CONFIG, "lex.hcl") == lex_config(CONFIG, "lex.hcl")


def test_tokens_have_the_source_bytes_and_count_from_a_start() -> None:
    src = b'x = "a\xffb" # \xfe\n\xef\xbb\xbf'
    tokens, diags = lex_config(src, "s.hcl", Pos(2, 3, 10))
    assert [(t.type, t.bytes, str(t.range)) for t in tokens] == [
        (TokenType.IDENT, b"x", "s.hcl:2,3-4"),
        (TokenType.EQUAL, b"=", "s.hcl:2,5-6"),
        (TokenType.OQUOTE, b'"', "s.hcl:2,7-8"),
        (TokenType.QUOTED_LIT, b"a", "s.hcl:2,8-9"),
        (TokenType.BAD_UTF8, b"\xff", "s.hcl:2,9-10"),
        (TokenType.QUOTED_LIT, b"b", "s.hcl:2,10-11"),
        (TokenType.CQUOTE, b'"', "s.hcl:2,11-12"),
        (TokenType.COMMENT, b"# \xfe\n", "s.hcl:2,13-3,1"),
        (TokenType.INVALID, b"\xef\xbb\xbf", "s.hcl:3,1-2"),
        (TokenType.EOF, b"", "s.hcl:3,2-2"),
    ]
    assert tokens[4].range == Range("s.hcl", Pos(2, 9, 16), Pos(2, 10, 17))
    assert tokens[4].text == "\udcff"  # as surrogateescape decoding keeps the byte
    assert [(d.summary, str(d.subject)) for d in diags] == [
        ("Invalid character encoding", "s.hcl:2,9-10"),
        ("Invalid character", "s.hcl:3,1-2"),
    ]


def test_a_leading_byte_order_mark_is_skipped() -> None:
    tokens, _ = lex_config(b"\xef\xbb\xbfa = 1\n")
    # HCL counts the mark's three bytes in byte offsets (a = byte 3), hcldecode
    # does not (docs/compatibility.md); columns agree.
    assert [(t.type, t.text, str(t.range)) for t in tokens] == [
        (TokenType.IDENT, "a", "<string>:1,1-2"),
        (TokenType.EQUAL, "=", "<string>:1,3-4"),
        (TokenType.NUMBER_LIT, "1", "<string>:1,5-6"),
        (TokenType.NEWLINE, "\n", "<string>:1,6-2,1"),
        (TokenType.EOF, "", "<string>:2,1-1"),
    ]


def test_a_double_colon_is_one_token_as_since_hcl_2_20() -> None:
    tokens, diags = lex_config("x = provider::aws::arn(1)")
    assert [t.type for t in tokens[2:7]] == [
        TokenType.IDENT,
        TokenType.DOUBLE_COLON,
        TokenType.IDENT,
        TokenType.DOUBLE_COLON,
        TokenType.IDENT,
    ]
    assert not diags


def test_token_types_are_named_and_valued_as_in_hcl() -> None:
    assert [(t.name, t.value, t.go_name) for t in TokenType][:10] == [
        ("OBRACE", "{", "TokenOBrace"),
        ("CBRACE", "}", "TokenCBrace"),
        ("OBRACK", "[", "TokenOBrack"),
        ("CBRACK", "]", "TokenCBrack"),
        ("OPAREN", "(", "TokenOParen"),
        ("CPAREN", ")", "TokenCParen"),
        ("OQUOTE", "\u00ab", "TokenOQuote"),
        ("CQUOTE", "\u00bb", "TokenCQuote"),
        ("OHEREDOC", "H", "TokenOHeredoc"),
        ("CHEREDOC", "h", "TokenCHeredoc"),
    ]
    names = {t.go_name for t in TokenType}
    assert {
        "TokenGreaterThanEq",
        "TokenLessThanEq",
        "TokenEqualOp",
        "TokenNotEqual",
        "TokenTemplateSeqEnd",
        "TokenQuotedNewline",
        "TokenBadUTF8",
        "TokenStarStar",
        "TokenNumberLit",
        "TokenEOF",
        "TokenNil",
        "TokenDoubleColon",
    } <= names
    assert len(names) == len(TokenType) == 55
    assert TokenType("\u2404") is TokenType.EOF


def test_every_token_type_the_scanner_gives_has_a_member() -> None:
    text = (
        'a "b${c}%{d}" <<E\nx\nE\n1 {}[]().,*/%+-=<>!?:==!=>=<=&&||::...=>&|~^;`\'\u00e9# c\n"\n"'
    )
    tokens, _ = lex_config(text)
    assert {t.type for t in tokens} >= {
        TokenType.OHEREDOC,
        TokenType.CHEREDOC,
        TokenType.STRING_LIT,
        TokenType.QUOTED_NEWLINE,
        TokenType.TEMPLATE_CONTROL,
    }
