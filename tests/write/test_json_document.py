"""Editable JSON-syntax documents: unchanged text comes back byte for byte;
edits replace the text of what they touch, laid out as the file is."""

from __future__ import annotations

import pytest

from hcldecode.write import JsonDocument, parse_json_document

TEXT = """\
{
    "region": "eu" ,
    "service": {
        "web": {
            "image": "${var.x}"
        }
    },
    "item": [{"a": 1}, {"a": 2}]
}
"""


def _document(text: str = TEXT) -> JsonDocument:
    document, diags = parse_json_document(text)
    assert document is not None, diags
    return document


def test_unchanged_text_comes_back() -> None:
    assert _document().text == TEXT
    assert _document().to_bytes() == TEXT.encode()
    assert list(_document().body.attributes) == ["region", "service", "item"]
    assert _document().body.attributes["service"].expression_text.startswith('{\n        "web"')


def test_blocks_are_read_by_their_labels() -> None:
    body = _document().body
    assert [(b.type, b.labels) for b in body.blocks("service", 1)] == [("service", ("web",))]
    assert body.blocks("service", 2) == []  # "image" holds a string, not a body
    assert [b.body.attributes["a"].expression_text for b in body.blocks("item")] == ["1", "2"]
    assert body.blocks("region") == []


def test_edits() -> None:
    document = _document()
    body = document.body
    body.set_attribute_raw("region", '"us"')
    body.set_attribute_raw("new", "[1, 2]")
    body.append_block("service", ["api"]).body.set_attribute_raw("image", '"x"')
    body.append_block("service", ["web"]).body.set_attribute_raw("image", '"y"')
    body.append_block("listener", ["a", "b"]).body.set_attribute_raw("port", "80")
    body.append_block("item").body.set_attribute_raw("a", "3")
    assert (
        document.text
        == """\
{
    "region": "us" ,
    "service": {
        "web": [{
            "image": "${var.x}"
        }, {
            "image": "y"
        }],
        "api": {
            "image": "x"
        }
    },
    "item": [{"a": 1}, {"a": 2}, {"a": 3}],
    "new": [1, 2],
    "listener": {
        "a": {
            "b": {
                "port": 80
            }
        }
    }
}
"""
    )
    assert body.remove_block(body.blocks("service", 1)[1])
    assert body.remove_block(body.blocks("item")[0])
    assert body.remove_block(body.blocks("listener", 2)[0])
    assert body.remove_attribute("new")
    assert not body.remove_attribute("new")
    assert (
        document.text
        == """\
{
    "region": "us" ,
    "service": {
        "web": [{
            "image": "${var.x}"
        }],
        "api": {
            "image": "x"
        }
    },
    "item": [{"a": 2}, {"a": 3}]
}
"""
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("{}", '{"x": {"l": {"a": 1}}}'),
        ('{"a": 1}', '{"a": 1, "x": {"l": {"a": 1}}}'),
        ('{"a": 1, "x": {"l": {"a":1}}}', '{"a": 1, "x": {"l": [{"a":1}, {"a": 1}]}}'),
        ('{\n\t"a": 1\n}', '{\n\t"a": 1,\n\t"x": {\n\t\t"l": {\n\t\t\t"a": 1\n\t\t}\n\t}\n}'),
    ],
)
def test_a_new_block_is_laid_out_as_the_file_is(text: str, expected: str) -> None:
    document = _document(text)
    document.body.append_block("x", ["l"]).body.set_attribute_raw("a", "1")
    assert document.text == expected


def test_a_block_from_another_body_is_not_removed() -> None:
    one, other = _document(), _document()
    block = other.body.blocks("item")[0]
    assert block == other.body.blocks("item")[0]
    assert block != one.body.blocks("item")[0]
    assert not one.body.remove_block(block)
    assert one.text == TEXT
