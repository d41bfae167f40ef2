"""HCL byte offsets turned into LSP lines and columns and back (no pygls needed)."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from hcldecode.lsp._positions import Encoding, LineIndex

FAMILY = "\U0001f469\u200d\U0001f469\u200d\U0001f467"  # one grapheme, 8 UTF-16 units
E_ACUTE = "e\u0301"  # one grapheme, 2 code points

TEXT = st.lists(
    st.sampled_from(["a", " ", "\n", "\r", "\r\n", "\u00e9", "\u0301", "\u200d", FAMILY]),
    max_size=30,
).map("".join)
ENCODINGS: list[Encoding] = ["utf-8", "utf-16", "utf-32"]


def _expected(text: str, char: int, encoding: Encoding) -> tuple[int, int]:
    """The LSP position of the character offset ``char``, by the specification."""
    lines = re.split(r"\r\n|\r|\n", text[:char])
    last = lines[-1]
    if encoding == "utf-16":
        return len(lines) - 1, len(last.encode("utf-16-le")) // 2
    if encoding == "utf-8":
        return len(lines) - 1, len(last.encode("utf-8"))
    return len(lines) - 1, len(last)


def test_positions_of_an_emoji_and_a_combining_mark() -> None:
    text = f'a = "{FAMILY}{E_ACUTE}"\nb = 1'
    index = LineIndex(text)
    source = text.encode("utf-8")
    closing = source.index(b'"', 5)
    assert index.position(closing) == (0, 15)
    assert index.position(source.index(b"b")) == (1, 0)
    assert index.offset(0, 15) == closing
    assert LineIndex(text, "utf-8").position(closing) == (0, 5 + 18 + 3)
    assert LineIndex(text, "utf-32").position(closing) == (0, 5 + 5 + 2)


def test_ends_and_beyond() -> None:
    index = LineIndex("ab\r\ncd")
    assert index.line_count == 2
    assert index.position(100) == (1, 2)
    assert index.offset(5, 0) == 6
    assert index.offset(0, 99) == 2  # a column past the line's end is its end
    assert index.position(3) == (0, 2)  # inside the line break: the line's end
    # A column inside a surrogate pair counts as the character's start.
    assert LineIndex(FAMILY).offset(0, 1) == 0


@given(TEXT, st.data())
def test_every_character_offset_maps_and_maps_back(text: str, data: st.DataObject) -> None:
    char = data.draw(st.integers(0, len(text)))
    if 0 < char < len(text) and text[char - 1 : char + 1] == "\r\n":
        char -= 1  # (not between the two characters of one line break)
    encoding = data.draw(st.sampled_from(ENCODINGS))
    index = LineIndex(text, encoding)
    byte = len(text[:char].encode("utf-8"))
    line, column = index.position(byte)
    assert (line, column) == _expected(text, char, encoding)
    assert index.offset(line, column) == byte
    assert index.char_offset(line, column) == char
