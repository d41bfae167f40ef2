"""Editable documents: every byte kept, edits touch only what they change."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from value_strategies import hcl_values, nfc_text

from hcldecode.native import NativeBody, parse_config, parse_traversal_abs
from hcldecode.values import NUMBER, STRING, Value
from hcldecode.write import (
    Document,
    DocumentBody,
    new_document,
    parse_document,
    tokens_text,
    value_text,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

SOURCE = """\
# The region
region = "eu-west-1" # inline

// about the service
service "web" {
\timage = "nginx"   # tabbed
  ports = [80]

  # the listener
  listener "http" {
    port = 80
  }
}

one { a = 1 }
"""


def _parsed(src: str | bytes) -> Document:
    doc, diags = parse_document(src)
    assert doc is not None, diags
    return doc


def test_a_corpus_file_is_written_back_byte_for_byte(
    corpus: Path, native_corpus_file: Path
) -> None:
    src = native_corpus_file.read_bytes()
    doc, diags = parse_document(src, native_corpus_file.name)
    if native_corpus_file.name in set((corpus / "native-invalid.txt").read_text().split()):
        assert doc is None and diags.has_errors()
        return
    assert doc is not None
    assert doc.to_bytes() == src


def _same_items(doc_body: DocumentBody, ast_body: object, text: str) -> None:
    """The document's attributes and blocks are the parser's, in order, with the
    same expression text and labels."""
    assert isinstance(ast_body, NativeBody)
    attributes = doc_body.attributes
    assert list(attributes) == list(ast_body.attributes)
    for name, node in ast_body.attributes.items():
        assert attributes[name].expression_text == text[node.expr.start : node.expr.end]
    blocks = doc_body.blocks()
    assert [(b.type, b.labels) for b in blocks] == [(b.type, b.labels) for b in ast_body.blocks]
    for block, node in zip(blocks, ast_body.blocks, strict=True):
        _same_items(block.body, node.body, text)


ODD_ITEMS = [
    'b "a\\nb" "c$${d}" "%%{e}" "\\u00e9\\U0001F600" x {}\n',
    'a = 1 /* c */ + 2\nb /* c */ "x" /* d */ {\n}\n',
    "b { # c\n a = 1\n}\nc { a = 1 /* c */ }\nd { /* c */ }\n",
    "a = [\n 1, # one\n 2\n] # end\nb = {\n c = 1 // x\n}\n",
    "a = <<EOT\n  x ${y}\n  EOT\nb = <<-EOT\n  %{ if c }d%{ endif }\n  EOT\n",
    "a = 1 /* x */",
]


@pytest.mark.parametrize("src", ODD_ITEMS)
def test_the_document_has_the_parsers_items(src: str) -> None:
    file, _ = parse_config(src)
    _same_items(_parsed(src).body, file.body, file.text)


def test_a_corpus_file_has_the_parsers_items(corpus: Path, native_corpus_file: Path) -> None:
    src = native_corpus_file.read_bytes()
    doc, _ = parse_document(src, native_corpus_file.name)
    if doc is not None:
        file, _ = parse_config(src, native_corpus_file.name)
        _same_items(doc.body, file.body, file.text)


@pytest.mark.parametrize(
    "src",
    [
        b"",
        b"\n\n",
        b"a = 1",
        b"\xef\xbb\xbfa = 1\r\n  b = 2  \r\n",
        b"# \xff not UTF-8 in a comment\na = 1\n",
        b"a\t=\t1 /* x */ # y\n\n\n/* loose */\nb = <<EOT\n  hi\n  EOT\n",
        b'b "x" y {\n}\nc { d = 1 }   \n  \t',
        SOURCE.encode(),
    ],
)
def test_odd_files_are_written_back_byte_for_byte(src: bytes) -> None:
    assert _parsed(src).to_bytes() == src


@pytest.mark.parametrize("src", [b"", b"a = 1", b"b {\n}\n", b"c {}", SOURCE.encode()])
def test_the_last_token_is_found_without_walking(src: bytes) -> None:
    # Appending looks only at the end of a body; each part knows its last token.
    def check(body: DocumentBody) -> None:
        assert body._last_token() is next(reversed([None, *body.tokens()]))
        for item in body.attributes.values():
            assert item._last_token() is list(item.tokens())[-1]
        for block in body.blocks():
            assert block._last_token() is list(block.tokens())[-1]
            check(block.body)

    check(_parsed(src).body)


def test_renamed_and_removed_attributes_are_found_by_their_new_names() -> None:
    doc = _parsed("a = 1\nb = 2\n")
    assert doc.body.rename_attribute("a", "c")
    assert not doc.body.rename_attribute("a", "d")
    assert not doc.body.rename_attribute("b", "c")
    doc.body.set_attribute("c", 3)
    doc.body.set_attribute("a", 4)
    assert doc.body.remove_attribute("b") is not None
    assert doc.body.get_attribute("b") is None
    doc.body.set_attribute("b", 5)
    assert doc.text == "c = 3\na = 4\nb = 5\n"
    assert list(doc.body.attributes) == ["c", "a", "b"]


def test_example_files_are_written_back_byte_for_byte() -> None:
    files = sorted([*EXAMPLES.rglob("*.hcl"), *EXAMPLES.rglob("*.tf")])
    assert len(files) >= 9
    for path in files:
        src = path.read_bytes()
        doc, diags = parse_document(src, path.name)
        assert doc is None if diags.has_errors() else doc.to_bytes() == src, path


def test_a_file_with_syntax_errors_has_no_document() -> None:
    doc, diags = parse_document("a = \n", "bad.hcl")
    assert doc is None
    assert [d.summary for d in diags] == ["Invalid expression"]


def test_reading_a_document() -> None:
    doc = _parsed(SOURCE)
    body = doc.body
    assert list(body.attributes) == ["region"]
    assert body.attributes["region"].expression_text == '"eu-west-1"'
    assert [repr(b) for b in body.blocks()] == ['<Block service "web">', "<Block one>"]
    service = body.first_block("service", ["web"])
    assert service is not None
    assert service.labels == ("web",)
    assert list(service.body.attributes) == ["image", "ports"]
    assert body.first_block("service", ["api"]) is None
    assert body.get_attribute("nothing") is None


EDITED = """\
# The region
region = "us-east-1" # inline

// about the service
service "api" {
\timage = "nginx:1.27"   # tabbed
  port_list = [80]

  env {
    PORT = "80"
  }
}

one {
  a = 1
  c = true
}
count = {
  a     = 1
  "b b" = [1, 2]
}
ref = var.x[0]
"""


def test_edits_change_only_what_they_touch() -> None:
    doc = _parsed(SOURCE)
    body = doc.body
    body.set_attribute("region", "us-east-1")
    body.set_attribute("count", {"a": 1, "b b": [1, 2]})
    service = body.first_block("service", ["web"])
    assert service is not None
    service.body.set_attribute("image", "nginx:1.27")
    assert service.body.rename_attribute("ports", "port_list")
    assert not service.body.rename_attribute("ports", "again")
    assert not service.body.rename_attribute("image", "port_list")
    listener = service.body.first_block("listener")
    assert listener is not None and service.body.remove_block(listener)
    assert not service.body.remove_block(listener)
    service.body.append_block("env").body.set_attribute("PORT", "80")
    service.labels = ["api"]
    one = body.first_block("one")
    assert one is not None
    one.body.set_attribute("c", Value.bool(True))
    traversal, _ = parse_traversal_abs("var.x[0]")
    body.set_attribute_traversal("ref", traversal)
    body.set_attribute_raw("sum", " 1 + 2 ")
    removed = body.remove_attribute("sum")
    assert removed is not None and removed.expression_text == "1 + 2"
    assert body.remove_attribute("sum") is None
    assert doc.text == EDITED
    assert not parse_config(doc.text)[1].has_errors()


def test_a_new_document() -> None:
    doc = new_document()
    resource = doc.body.append_block("resource", ["aws_instance", "web"])
    resource.body.set_attribute("ami", "ami-123")
    resource.body.append_block("lifecycle").body.set_attribute("create_before_destroy", True)
    doc.body.set_attribute("tags", {"Name": "web"})
    assert doc.text == (
        'resource "aws_instance" "web" {\n'
        '  ami = "ami-123"\n'
        "  lifecycle {\n"
        "    create_before_destroy = true\n"
        "  }\n"
        "}\n"
        "tags = {\n"
        '  Name = "web"\n'
        "}\n"
    )


def test_comments_go_with_what_they_annotate() -> None:
    doc = _parsed("a = 1\n# about b\n# more\nb = 2 # b's\n\n# loose\n\nc = 3\n")
    doc.body.remove_attribute("b")
    assert doc.text == "a = 1\n\n# loose\n\nc = 3\n"


def test_appending_after_a_last_line_without_newline() -> None:
    doc = _parsed("a = 1")
    doc.body.set_attribute("b", 2)
    assert doc.text == "a = 1\nb = 2\n"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda d: d.body.set_attribute("not valid", 1),
            "'not valid' is not a valid HCL identifier",
        ),
        (lambda d: d.body.append_block("1x"), "'1x' is not a valid HCL identifier"),
        (lambda d: d.body.set_attribute_raw("a", "1 +"), "not a valid expression: '1 +': "),
        (lambda d: d.body.set_attribute("a", Value.unknown(STRING)), "an unknown value has no"),
    ],
)
def test_mistakes_are_refused(call: object, message: str) -> None:
    doc = _parsed("a = 1\n")
    with pytest.raises(ValueError) as info:
        call(doc)  # type: ignore[operator]
    assert str(info.value).startswith(message)
    assert doc.text == "a = 1\n"


def test_labels_must_be_strings() -> None:
    doc = _parsed('b "x" {\n}\n')
    block = doc.body.blocks()[0]
    with pytest.raises(TypeError):
        block.labels = "xy"
    block.labels = ["a b", 'q"']
    assert doc.text == 'b "a b" "q\\"" {\n}\n'


# --------------------------------------------------------------------------- values


_VALUES = hcl_values(
    st.one_of(st.integers().map(Value.number), st.fractions().map(Value.number)), nfc_text()
)


@settings(max_examples=300, deadline=None)
@given(_VALUES, st.sampled_from(["", "a = 1\n", 'b "l" {\n  x = 1\n}\n']))
def test_a_value_set_reads_back_equal(value: Value, start: str) -> None:
    doc = _parsed(start)
    target = doc.body.blocks()[0].body if doc.body.blocks() else doc.body
    target.set_attribute("x", value)
    file, diags = parse_config(doc.text)
    assert not diags.has_errors(), doc.text
    body = file.body.blocks[0].body if file.body.blocks else file.body
    attributes, _ = body.just_attributes()
    got, diags = attributes["x"].expr.value(None)
    assert not diags.has_errors()
    # The text cannot say of what type a null is: equal but for those.
    assert value_text(got) == value_text(value)
    if not _has_null(value):
        assert got.equals(value).as_bool()


def _has_null(value: Value) -> bool:
    if value.is_null:
        return True
    if value.type in (STRING, NUMBER) or value.type.friendly_name() == "bool":
        return False
    return (
        any(_has_null(e) for e in value.elements())
        if value.type.friendly_name() == "tuple"
        else any(_has_null(e) for _, e in value.items())
    )


def test_comments_between_a_name_and_its_equals_sign_stay_there() -> None:
    doc, diags = parse_document("a /* c */ = 1\nb = 2\n")
    assert diags == []
    attribute = doc.body.get_attribute("a")
    assert attribute is not None
    assert attribute.expression_text == "1"
    doc.body.set_attribute("a", Value.number(5))
    doc.body.rename_attribute("a", "z")
    assert doc.text == "z /* c */ = 5\nb = 2\n"


def _edit_every_block(body: DocumentBody, depth: int = 0) -> None:
    for block in body.blocks():
        _edit_every_block(block.body, depth + 1)
        block.labels = [*block.labels, f"d{depth}"]
        block.body.set_attribute("edited", depth)
    body.set_attribute("top", depth)


def test_edits_read_only_what_they_need_and_write_the_same(
    corpus: Path, native_corpus_file: Path
) -> None:
    """A document reads a block's body when it is first asked for, and makes an
    item's tokens when it is first edited: editing a document read that way
    gives the same text as editing one whose every token was made first."""
    src = native_corpus_file.read_bytes()
    lazy, _ = parse_document(src, native_corpus_file.name)
    if lazy is None:  # no document: only for the files the corpus lists as invalid
        assert native_corpus_file.name in (corpus / "native-invalid.txt").read_text().split()
        return
    eager = _parsed(src)
    text = tokens_text(eager.tokens())  # every token made
    assert text.encode("utf-8", "surrogateescape") == src.removeprefix(b"\xef\xbb\xbf")
    _edit_every_block(lazy.body)
    _edit_every_block(eager.body)
    assert lazy.text == eager.text
    assert not parse_config(lazy.text)[1].has_errors()


def test_a_block_written_before_and_after_its_body_is_read() -> None:
    doc = _parsed(SOURCE)
    service = doc.body.first_block("service")
    assert service is not None
    service.labels = ["api"]  # the header changes; the body is still unread
    assert doc.text == SOURCE.replace('service "web"', 'service "api"')
    listener = service.body.first_block("listener")
    assert listener is not None
    listener.body.set_attribute("port", 8080)
    assert doc.text == SOURCE.replace('service "web"', 'service "api"').replace(
        "port = 80\n", "port = 8080\n"
    )
