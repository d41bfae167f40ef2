# ruff: noqa: E501  (the expected texts are long reference messages)
"""Syntax diagnostics of the native parser, checked against the reference.

Every case's expected diagnostics (summary, detail, subject range as
(line, column, byte, line, column, byte)) were produced by the reference
``hcldec`` on the same input.
"""

from __future__ import annotations

import pytest

from hcldecode.model import Range
from hcldecode.native import parse_config


def _span(r: Range | None) -> tuple[int, ...] | None:
    if r is None:
        return None
    return (r.start.line, r.start.column, r.start.byte, r.end.line, r.end.column, r.end.byte)


CASES = [
    (
        "a = 1, b = 2",
        [
            (
                "Unexpected comma after argument",
                "Argument definitions must be separated by newlines, not commas. An argument definition must end with a newline.",
                (1, 6, 5, 1, 7, 6),
            )
        ],
    ),
    (
        "a {",
        [
            (
                "Unclosed configuration block",
                "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                (1, 3, 2, 1, 4, 3),
            )
        ],
    ),
    (
        "a { b = 1, c = 2 }",
        [
            (
                "Invalid single-argument block definition",
                "Single-line block syntax can include only one argument definition. To define multiple arguments, use the multi-line block syntax with one argument definition per line.",
                (1, 10, 9, 1, 11, 10),
            )
        ],
    ),
    (
        "a { b = 1",
        [
            (
                "Unclosed configuration block",
                "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                (1, 3, 2, 1, 4, 3),
            )
        ],
    ),
    (
        "a { b {} }",
        [
            (
                "Argument definition required",
                'A single-line block definition can contain only a single argument. If you meant to define argument "b", use an equals sign to assign it a value. To define a nested block, place it on a line of its own within its parent block.',
                (1, 5, 4, 1, 8, 7),
            )
        ],
    ),
    (
        '"a" = 1',
        [("Invalid argument name", "Argument names must not be quoted.", (1, 1, 0, 1, 2, 1))],
    ),
    (
        "a = 1 b",
        [
            (
                "Missing newline after argument",
                "An argument definition must end with a newline.",
                (1, 7, 6, 1, 8, 7),
            )
        ],
    ),
    (
        "a b = 1",
        [
            (
                "Invalid block definition",
                'The equals sign "=" indicates an argument definition, and must not be used when defining a block.',
                (1, 5, 4, 1, 6, 5),
            )
        ],
    ),
    (
        "a\nb = 1",
        [
            (
                "Argument or block definition required",
                'An argument or block definition is required here. To set an argument, use the equals sign "=" to introduce the argument value.',
                (1, 1, 0, 1, 2, 1),
            )
        ],
    ),
    (
        "a = [1, 2",
        [
            (
                "Unterminated tuple constructor expression",
                "There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.",
                (1, 5, 4, 1, 6, 5),
            )
        ],
    ),
    (
        "a = [1 2]",
        [
            (
                "Missing item separator",
                "Expected a comma to mark the beginning of the next item.",
                (1, 8, 7, 1, 9, 8),
            )
        ],
    ),
    (
        "a = {b = 1 c = 2}",
        [
            (
                "Missing attribute separator",
                "Expected a newline or comma to mark the beginning of the next attribute.",
                (1, 12, 11, 1, 13, 12),
            )
        ],
    ),
    (
        "a = {b c}",
        [
            (
                "Missing key/value separator",
                'Expected an equals sign ("=") to mark the beginning of the attribute value. If you intended to given an attribute name containing periods or spaces, write the name in quotes to create a string literal.',
                (1, 8, 7, 1, 9, 8),
            )
        ],
    ),
    (
        "a = {b",
        [
            (
                "Unterminated object constructor expression",
                "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                (1, 5, 4, 1, 6, 5),
            )
        ],
    ),
    (
        "a = f(1 2)",
        [
            (
                "Missing argument separator",
                "A comma is required to separate each function argument from the next.",
                (1, 9, 8, 1, 10, 9),
            )
        ],
    ),
    (
        "a = f(1",
        [
            (
                "Unterminated function call",
                "There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parethesis nesting elsewhere in this file.",
                (1, 5, 4, 1, 7, 6),
            )
        ],
    ),
    (
        "a = f(x..., 1)",
        [
            (
                "Missing closing parenthesis",
                "An expanded function argument (with ...) must be immediately followed by closing parentheses.",
                (1, 8, 7, 1, 11, 10),
            )
        ],
    ),
    (
        "a = (1",
        [
            (
                "Unbalanced parentheses",
                "Expected a closing parenthesis to terminate the expression.",
                (1, 7, 6, 1, 7, 6),
            )
        ],
    ),
    (
        "a = x.",
        [
            (
                "Invalid attribute name",
                "An attribute name is required after a dot.",
                (1, 7, 6, 1, 7, 6),
            )
        ],
    ),
    (
        "a = x.*.*",
        [
            (
                "Nested splat expression not allowed",
                "A splat expression (*) cannot be used inside another attribute-only splat expression.",
                (1, 9, 8, 1, 10, 9),
            )
        ],
    ),
    (
        "a = x.0.1",
        [
            (
                "Invalid legacy index syntax",
                "When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax instead, like [0][1].",
                (1, 7, 6, 1, 10, 9),
            )
        ],
    ),
    (
        "a = x[*",
        [
            (
                "Missing close bracket on splat index",
                'The star for a full splat operator must be immediately followed by a closing bracket ("]").',
                (1, 8, 7, 1, 8, 7),
            )
        ],
    ),
    (
        "a = x[1",
        [
            (
                "Missing close bracket on index",
                'The index operator must end with a closing bracket ("]").',
                (1, 8, 7, 1, 8, 7),
            )
        ],
    ),
    # The subject is the token where recovery stopped (the reference's subject
    # aliases the token variable that recovery overwrites).
    (
        "a = x[1 2]",
        [
            (
                "Missing close bracket on index",
                'The index operator must end with a closing bracket ("]").',
                (1, 10, 9, 1, 11, 10),
            )
        ],
    ),
    (
        'a = (x[1 "y" {b = 1}\n',
        [
            (
                "Missing close bracket on index",
                'The index operator must end with a closing bracket ("]").',
                (2, 1, 21, 2, 1, 21),
            )
        ],
    ),
    (
        "a = x[* 2] + 1",
        [
            (
                "Missing close bracket on splat index",
                'The star for a full splat operator must be immediately followed by a closing bracket ("]").',
                (1, 10, 9, 1, 11, 10),
            )
        ],
    ),
    (
        'a = "${a"',
        [
            (
                "Unclosed template interpolation sequence",
                "There is no closing brace for this interpolation sequence before the end of the quoted template. This might be caused by incorrect nesting inside the given expression.",
                (1, 6, 5, 1, 8, 7),
            )
        ],
    ),
    (
        'a = "${a:b}"',
        [
            (
                "Extra characters after interpolation expression",
                'Template interpolation doesn\'t expect a colon at this location. Did you intend this to be a literal sequence to be processed as part of another language? If so, you can escape it by starting with "$${" instead of just "${".',
                (1, 9, 8, 1, 10, 9),
            )
        ],
    ),
    (
        'a = "${a b}"',
        [
            (
                "Extra characters after interpolation expression",
                'Expected a closing brace to end the interpolation expression, but found extra characters.\n\nThis can happen when you include interpolation syntax for another language, such as shell scripting, but forget to escape the interpolation start token. If this is an embedded sequence for another language, escape it by starting with "$${" instead of just "${".',
                (1, 10, 9, 1, 11, 10),
            )
        ],
    ),
    (
        'a = "%{ iff x }%{ endif }"',
        [
            (
                "Invalid template control keyword",
                '"iff" is not a valid template control keyword. Did you mean "if"?',
                (1, 9, 8, 1, 12, 11),
            ),
            (
                "Unexpected endif directive",
                "The control directives within this template are unbalanced.",
                (1, 16, 15, 1, 26, 25),
            ),
        ],
    ),
    (
        'a = "%{ endif }"',
        [
            (
                "Unexpected endif directive",
                "The control directives within this template are unbalanced.",
                (1, 6, 5, 1, 16, 15),
            )
        ],
    ),
    (
        'a = "%{ for x in y }%{ else }%{ endfor }"',
        [
            (
                "Unexpected else directive",
                "An else clause is not expected for a for directive.",
                (1, 21, 20, 1, 30, 29),
            ),
            (
                "Unexpected endfor directive",
                "The control directives within this template are unbalanced.",
                (1, 30, 29, 1, 41, 40),
            ),
        ],
    ),
    (
        'a = "%{ for }%{ endfor }"',
        [
            (
                "Invalid 'for' directive",
                "For directive requires variable name after 'for'.",
                (1, 13, 12, 1, 14, 13),
            ),
            (
                "Unexpected endfor directive",
                "The control directives within this template are unbalanced.",
                (1, 14, 13, 1, 25, 24),
            ),
        ],
    ),
    (
        'a = "%{ for x y }%{ endfor }"',
        [
            (
                "Invalid 'for' directive",
                "For directive requires 'in' keyword after names.",
                (1, 15, 14, 1, 16, 15),
            ),
            (
                "Unexpected endfor directive",
                "The control directives within this template are unbalanced.",
                (1, 18, 17, 1, 29, 28),
            ),
        ],
    ),
    (
        'a = "\\q"',
        [
            (
                "Invalid escape sequence",
                'The symbol "q" is not a valid escape sequence selector.',
                (1, 6, 5, 1, 8, 7),
            )
        ],
    ),
    (
        'a = "\\u12"',
        [
            (
                "Invalid escape sequence",
                "The \\u escape sequence must be followed by four hexadecimal digits.",
                (1, 6, 5, 1, 10, 9),
            )
        ],
    ),
    (
        'a = "\\U0011FFFF"',
        [
            (
                "Invalid escape sequence",
                "Cannot encode character U+11ffff in UTF-8.",
                (1, 6, 5, 1, 16, 15),
            )
        ],
    ),
    (
        'a = "abc',
        [
            (
                "Unterminated template string",
                "No closing marker was found for the string.",
                (1, 9, 8, 1, 9, 8),
            )
        ],
    ),
    (
        "a = <<EOT\nfoo",
        [
            (
                "Unterminated template string",
                "No closing marker was found for the string.",
                (2, 4, 13, 2, 4, 13),
            )
        ],
    ),
    (
        # A lone carriage return stops the reference's heredoc scanner: the
        # rest of the file is one invalid token.
        "a = <<EOT\n${x}\rb\nEOT\nq = 1\n",
        [
            (
                "Invalid character",
                "This character is not used within the language.",
                (2, 5, 14, 5, 1, 27),
            ),
            (
                "Unterminated template string",
                "No closing marker was found for the string.",
                (2, 5, 14, 5, 1, 27),
            ),
        ],
    ),
    (
        "a = [for x in y: x => x]",
        [
            (
                "Invalid 'for' expression",
                "Key expression is not valid when building a tuple.",
                (1, 18, 17, 1, 19, 18),
            )
        ],
    ),
    (
        "a = {for x in y: x}",
        [
            (
                "Invalid 'for' expression",
                "Key expression is required when building an object.",
                (1, 18, 17, 1, 19, 18),
            )
        ],
    ),
    (
        "a = [for x in y: x...]",
        [
            (
                "Invalid 'for' expression",
                "Grouping ellipsis (...) cannot be used when building a tuple.",
                (1, 19, 18, 1, 22, 21),
            )
        ],
    ),
    (
        "a = [for 1 in y: x]",
        [
            (
                "Invalid 'for' expression",
                "For expression requires variable name after 'for'.",
                (1, 10, 9, 1, 11, 10),
            )
        ],
    ),
    (
        "a = [for x, in y: x]",
        [
            (
                "Invalid 'for' expression",
                "For expression requires the 'in' keyword after its name declarations.",
                (1, 16, 15, 1, 17, 16),
            )
        ],
    ),
    (
        "a = [for x y: x]",
        [
            (
                "Invalid 'for' expression",
                "For expression requires the 'in' keyword after its name declarations.",
                (1, 12, 11, 1, 13, 12),
            )
        ],
    ),
    (
        "a = [for x in y x]",
        [
            (
                "Invalid 'for' expression",
                "For expression requires a colon after the collection expression.",
                (1, 17, 16, 1, 18, 17),
            )
        ],
    ),
    (
        "a = [for x in y: x if z z]",
        [
            (
                "Invalid 'for' expression",
                "Extra characters after the end of the 'for' expression.",
                (1, 25, 24, 1, 26, 25),
            )
        ],
    ),
    (
        "a = 1 ? 2",
        [
            (
                "Missing false expression in conditional",
                "The conditional operator (...?...:...) requires a false expression, delimited by a colon.",
                (1, 10, 9, 1, 10, 9),
            )
        ],
    ),
    (
        "a = 1 +",
        [
            (
                "Missing expression",
                "Expected the start of an expression, but found the end of the file.",
                (1, 8, 7, 1, 8, 7),
            )
        ],
    ),
    (
        "a = ;",
        [
            (
                "Invalid character",
                'The ";" character is not valid. Use newlines to separate arguments and blocks, and commas to separate items in collection values.',
                (1, 5, 4, 1, 6, 5),
            ),
            (
                "Invalid expression",
                "Expected the start of an expression, but found an invalid expression token.",
                (1, 5, 4, 1, 6, 5),
            ),
        ],
    ),
    (
        "a = 'x'",
        [
            (
                "Invalid character",
                'Single quotes are not valid. Use double quotes (") to enclose strings.',
                (1, 5, 4, 1, 6, 5),
            ),
            (
                "Invalid expression",
                "Expected the start of an expression, but found an invalid expression token.",
                (1, 5, 4, 1, 6, 5),
            ),
        ],
    ),
    (
        "a = `x`",
        [
            (
                "Invalid character",
                'The "`" character is not valid. To create a multi-line string, use the "heredoc" syntax, like "<<EOT".',
                (1, 5, 4, 1, 6, 5),
            ),
            (
                "Invalid expression",
                "Expected the start of an expression, but found an invalid expression token.",
                (1, 5, 4, 1, 6, 5),
            ),
        ],
    ),
    (
        "a = 1 & 2",
        [
            (
                "Unsupported operator",
                'Bitwise operators are not supported. Did you mean boolean AND ("&&")?',
                (1, 7, 6, 1, 8, 7),
            ),
            (
                "Missing newline after argument",
                "An argument definition must end with a newline.",
                (1, 7, 6, 1, 8, 7),
            ),
        ],
    ),
    (
        "a = “x”",
        [
            (
                "Invalid character",
                '"Curly quotes" are not valid here. These can sometimes be inadvertently introduced when sharing code via documents or discussion forums. It might help to replace the character with a "straight quote".',
                (1, 5, 4, 1, 6, 7),
            ),
            (
                "Invalid character",
                '"Curly quotes" are not valid here. These can sometimes be inadvertently introduced when sharing code via documents or discussion forums. It might help to replace the character with a "straight quote".',
                (1, 7, 8, 1, 8, 11),
            ),
            (
                "Invalid expression",
                "Expected the start of an expression, but found an invalid expression token.",
                (1, 5, 4, 1, 6, 7),
            ),
        ],
    ),
    (
        "a = 1.2.3",
        [
            (
                "Invalid number literal",
                "Failed to recognize the value of this number literal.",
                (1, 5, 4, 1, 10, 9),
            )
        ],
    ),
    (
        'b "x" "y" = 1',
        [
            (
                "Invalid block definition",
                'The equals sign "=" indicates an argument definition, and must not be used when defining a block.',
                (1, 11, 10, 1, 12, 11),
            )
        ],
    ),
    (
        'b "x" \n{\n}',
        [
            (
                "Invalid block definition",
                'A block definition must have block content delimited by "{" and "}", starting on the same line as the block header.',
                (1, 7, 6, 2, 1, 7),
            )
        ],
    ),
    (
        'b "x${y}" {}',
        [
            (
                "Invalid string literal",
                'Template sequences are not allowed in this string. To include a literal "$", double it (as "$$") to escape it.',
                (1, 5, 4, 1, 7, 6),
            )
        ],
    ),
    (
        'b "x',
        [
            (
                "Unterminated string literal",
                "Unable to find the closing quote mark before the end of the file.",
                (1, 5, 4, 1, 5, 4),
            ),
            (
                "Invalid block definition",
                'Either a quoted string block label or an opening brace ("{") is expected here.',
                (1, 5, 4, 1, 5, 4),
            ),
        ],
    ),
    (
        "a = 2 ** 3",
        [
            (
                "Invalid expression",
                "Expected the start of an expression, but found an invalid expression token.",
                (1, 8, 7, 1, 9, 8),
            )
        ],
    ),
    (
        "a = !",
        [
            (
                "Missing expression",
                "Expected the start of an expression, but found the end of the file.",
                (1, 6, 5, 1, 6, 5),
            )
        ],
    ),
    (
        "a = <<-EOT\n   foo\n  EOT",
        [
            (
                "Unterminated template string",
                "No closing marker was found for the string.",
                (3, 6, 23, 3, 6, 23),
            )
        ],
    ),
    (
        "a = x.\nb = 1",
        [
            (
                "Invalid attribute name",
                "An attribute name is required after a dot.",
                (1, 7, 6, 2, 1, 7),
            )
        ],
    ),
    (
        'a = "\\x"\nb = "\\u"\n',
        [
            (
                "Invalid escape sequence",
                'The symbol "x" is not a valid escape sequence selector.',
                (1, 6, 5, 1, 8, 7),
            ),
            (
                "Invalid escape sequence",
                "The \\u escape sequence must be followed by four hexadecimal digits.",
                (2, 6, 14, 2, 8, 16),
            ),
        ],
    ),
]


@pytest.mark.parametrize(("src", "expected"), CASES)
def test_syntax_diagnostics_match_reference(src: str, expected: list[tuple[object, ...]]) -> None:
    _, diags = parse_config(src.encode(), "t.hcl")
    assert [(d.summary, d.detail, _span(d.subject)) for d in diags] == expected


def test_redefined_attribute_names_first_definition() -> None:
    _, diags = parse_config(b"a = 1\na = 2\n", "t.hcl")
    assert [(d.summary, d.detail, _span(d.subject)) for d in diags] == [
        (
            "Attribute redefined",
            'The argument "a" was already set at t.hcl:1,1-2. Each argument may be set only once.',
            (2, 1, 6, 2, 2, 7),
        )
    ]


def test_context_ranges() -> None:
    _, diags = parse_config(b"a = 1, b = 2\n", "t.hcl")
    assert _span(diags[0].context) == (1, 1, 0, 1, 7, 6)
    _, diags = parse_config(b'b "x" "y" = 1\n', "t.hcl")
    assert _span(diags[0].context) == (1, 1, 0, 1, 12, 11)


@pytest.mark.parametrize(
    ("src", "summary", "span"),
    [
        (
            "a = a::\n",
            "Missing function name",
            (1, 8, 7, 2, 1, 8),
        ),
        ("a = a::b\n", "Missing open parenthesis", (1, 9, 8, 2, 1, 9)),
    ],
)
def test_namespaced_function_errors(src: str, summary: str, span: tuple[int, ...]) -> None:
    _, diags = parse_config(src.encode(), "t.hcl")
    assert [(d.summary, _span(d.subject)) for d in diags] == [(summary, span)]


def test_error_in_one_attribute_keeps_the_others() -> None:
    f, diags = parse_config(b"a = 1\nb = [1 2]\nc = 3\nblk {\n  d = 4\n}\n", "t.hcl")
    assert [d.summary for d in diags] == ["Missing item separator"]
    attrs, _ = f.body.just_attributes()
    assert list(attrs) == ["a", "b", "c"]
