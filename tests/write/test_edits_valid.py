"""Edits that would make a file invalid: what they write instead, or the error they
raise at once; and strings no UTF-8 file can hold, refused with their place."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from hcldecode.model import TraverseIndex
from hcldecode.native import parse_config, parse_traversal_abs
from hcldecode.values import Value
from hcldecode.write import Document, DocumentBody, new_document, parse_document, quoted_string

HEREDOC = "<<EOT\nhi\nEOT\n"


def _edited(src: str, edit: Callable[[DocumentBody], object]) -> str:
    doc, diags = parse_document(src)
    assert doc is not None, diags
    edit(doc.body)
    _, diags = parse_config(doc.text)
    assert not diags.has_errors(), (doc.text, diags)
    return doc.text


def _in_block(edit: Callable[[DocumentBody], object]) -> Callable[[DocumentBody], object]:
    def in_block(body: DocumentBody) -> object:
        return edit(body.blocks()[0].body)

    return in_block


# --------------------------------------------------------------------------- heredocs


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        # the comments after the old value go on lines of their own above the attribute
        ('a = "x" # c\n', "# c\na = <<EOT\nhi\nEOT\n"),
        ('a = "x" /* c */ // d\n', "/* c */\n// d\na = <<EOT\nhi\nEOT\n"),
        ('# lead\na = "x" # c\nb = 2\n', "# lead\n# c\na = <<EOT\nhi\nEOT\nb = 2\n"),
        # at the end of a file without a line end, the line ends
        ('a = "x"', "a = <<EOT\nhi\nEOT\n"),
        ('a = "x" # c', "# c\na = <<EOT\nhi\nEOT\n"),
    ],
)
def test_a_heredoc_moves_the_comments_after_it_above_the_attribute(src: str, expected: str) -> None:
    assert _edited(src, lambda body: body.set_attribute_raw("a", HEREDOC)) == expected


def test_the_moved_comments_are_indented_as_the_attribute() -> None:
    src = 'b {\n\ta = "x" /* c */ # d\n}\n'
    expected = "b {\n\t/* c */\n\t# d\n\ta = <<EOT\nhi\n  EOT\n}\n"
    assert _edited(src, _in_block(lambda body: body.set_attribute_raw("a", HEREDOC))) == expected


def test_a_heredoc_may_end_the_raw_text() -> None:
    assert _edited("", lambda body: body.set_attribute_raw("a", "<<EOT\nhi\nEOT")) == (
        "a = <<EOT\nhi\nEOT\n"
    )


def test_the_comments_moved_stay_with_the_attribute() -> None:
    doc, _ = parse_document('x = 1\na = "x" # c\n')
    assert doc is not None
    doc.body.set_attribute_raw("a", HEREDOC)
    doc.body.remove_attribute("a")
    assert doc.text == "x = 1\n"


# --------------------------------------------------------------------------- one-line blocks

ONE_LINE = 'variable "foo" { default = "bar" }\n'


@pytest.mark.parametrize(
    ("src", "edit", "expected"),
    [
        (
            ONE_LINE,
            lambda body: body.append_newline(),
            'variable "foo" {\n  default = "bar"\n\n}\n',
        ),
        (
            ONE_LINE,
            lambda body: body.set_attribute("type", "string"),
            'variable "foo" {\n  default = "bar"\n  type = "string"\n}\n',
        ),
        (
            ONE_LINE,
            lambda body: body.append_block("validation"),
            'variable "foo" {\n  default = "bar"\n  validation {\n  }\n}\n',
        ),
        (
            ONE_LINE,
            lambda body: body.set_attribute_raw("default", HEREDOC),
            'variable "foo" {\n  default = <<EOT\nhi\n  EOT\n}\n',
        ),
        (
            ONE_LINE,
            lambda body: body.set_attribute_raw("default", '"baz" # why'),
            'variable "foo" {\n  default = "baz" # why\n}\n',
        ),
        (
            "b { a = 1 /* c */ }\n",
            lambda body: body.set_attribute_raw("a", HEREDOC),
            "b {\n  /* c */\n  a = <<EOT\nhi\n  EOT\n}\n",
        ),
        ("b { }\n", lambda body: body.set_attribute("x", 1), "b {\n  x = 1\n}\n"),
        ("b {}\n", lambda body: body.append_newline(), "b {\n\n}\n"),
        ("b { /* c */ }\n", lambda body: body.set_attribute("x", 1), "b { /* c */\n  x = 1\n}\n"),
        # what a one-line block can hold, it keeps on its line
        (
            ONE_LINE,
            lambda body: body.set_attribute("default", 2),
            'variable "foo" { default = 2 }\n',
        ),
        (
            ONE_LINE,
            lambda body: body.set_attribute_raw("default", "2 /* two */"),
            'variable "foo" { default = 2 /* two */ }\n',
        ),
        (
            ONE_LINE,
            lambda body: body.set_attribute("default", {"k": 1}),
            'variable "foo" { default = {\n    k = 1\n  } }\n',
        ),
        (ONE_LINE, lambda body: body.remove_attribute("default"), 'variable "foo" { }\n'),
    ],
)
def test_a_one_line_block_gets_lines_when_an_edit_needs_them(
    src: str, edit: Callable[[DocumentBody], object], expected: str
) -> None:
    assert _edited(src, _in_block(edit)) == expected


def test_a_nested_one_line_block_is_indented_at_its_depth() -> None:
    src = "a {\n  b { c = 1 } # t\n}\n"
    edit = _in_block(_in_block(lambda body: body.set_attribute("d", 2)))
    assert _edited(src, edit) == "a {\n  b {\n    c = 1\n    d = 2\n  } # t\n}\n"


# --------------------------------------------------------------------------- raw text


@pytest.mark.parametrize(
    ("src", "raw", "expected"),
    [
        # comments of the raw text replace those after the old value
        ("a = 1 # old\n", "2 # new", "a = 2 # new\n"),
        ("a = 1 # old\n", "2 /* new */", "a = 2 /* new */\n"),
        ("a = 1 # old", "2 /* new */", "a = 2 /* new */"),
        # without any, the old ones stay
        ("a = 1 # old\n", "2", "a = 2 # old\n"),
        ("a = 1 # old\n", "/* before */ 2", "a = /* before */ 2 # old\n"),
        ("a = 1 # old\n", "[\n# inside\n1]", "a = [\n  # inside\n1] # old\n"),
        ("", "1 // c", "a = 1 // c\n"),
    ],
)
def test_raw_text_and_comments(src: str, raw: str, expected: str) -> None:
    assert _edited(src, lambda body: body.set_attribute_raw("a", raw)) == expected


@pytest.mark.parametrize("raw", ["# c\n1", "/* c */\n1", "1\n# c", "1 # c\n\n# d"])
def test_raw_text_must_be_one_expression_on_the_attributes_line(raw: str) -> None:
    doc, _ = parse_document("a = 1 # old\n")
    assert doc is not None
    for name in ("a", "b"):
        with pytest.raises(ValueError) as info:
            doc.body.set_attribute_raw(name, raw)
        assert str(info.value) == (
            f"not one expression on the attribute's line: {raw.strip()!r} (comments may "
            "follow it on its last line, not come before it or on lines after it)"
        )
    assert doc.text == "a = 1 # old\n"


# --------------------------------------------------------------------------- strings

SURROGATE = "lone surrogate (U+D800), which UTF-8 cannot encode"


def test_quoted_string_refuses_a_lone_surrogate() -> None:
    with pytest.raises(ValueError) as info:
        quoted_string("ab\ud800")
    assert str(info.value) == f"character 2 of the string is a {SURROGATE}"


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda d: d.body.set_attribute("a", "x\ud800"),
            f"a: character 1 of the string is a {SURROGATE}",
        ),
        (
            lambda d: d.body.set_attribute("a", {"k": ["ok", "xy\ud800"]}),
            f'a["k"][1]: character 2 of the string is a {SURROGATE}',
        ),
        (
            lambda d: d.body.set_attribute("a", {"k\ud800": 1}),
            f'a: character 1 of the key "k\\ud800" is a {SURROGATE}',
        ),
        (
            lambda d: d.body.set_attribute("a", Value.list([Value.string("\ud800")])),
            f"a[0]: character 0 of the string is a {SURROGATE}",
        ),
        (
            lambda d: d.body.set_attribute_raw("a", '"ab\ud800"'),
            f"a: character 3 of the expression is a {SURROGATE}",
        ),
        (
            lambda d: d.body.set_attribute_traversal(
                "a", [*parse_traversal_abs("x")[0], _index("\ud800")]
            ),
            f"a: character 0 of the string is a {SURROGATE}",
        ),
        (
            lambda d: d.body.append_block("b", ["ok", "l\ud800"]),
            f"label 1: character 1 of the label is a {SURROGATE}",
        ),
        (
            lambda d: setattr(d.body.blocks()[0], "labels", ["\ud800"]),
            f"label 0: character 0 of the label is a {SURROGATE}",
        ),
    ],
)
def test_documents_refuse_lone_surrogates(edit: Callable[[Document], object], message: str) -> None:
    doc, _ = parse_document("b {\n}\n")
    assert doc is not None
    with pytest.raises(ValueError) as info:
        edit(doc)
    assert str(info.value) == message
    assert doc.text == "b {\n}\n"


def _index(key: str) -> TraverseIndex:
    step = parse_traversal_abs('x["k"]')[0][1]
    assert isinstance(step, TraverseIndex)
    return TraverseIndex(Value.string(key), step.range)


def test_bytes_not_utf8_in_comments_are_written_back() -> None:
    # (a text read with "surrogateescape": the comment's byte is kept)
    doc = new_document()
    doc.body.set_attribute_raw("a", "1 /* \udcff */")
    assert doc.to_bytes() == b"a = 1 /* \xff */\n"
    doc, _ = parse_document(b"a = 1 # \xff\n")
    assert doc is not None
    doc.body.set_attribute_raw("a", HEREDOC)
    assert doc.to_bytes() == b"# \xff\na = <<EOT\nhi\nEOT\n"
