from __future__ import annotations

import weakref

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hcldecode._text._unicode import grapheme_count
from hcldecode.json import parse
from hcldecode.model import Diagnostic, Pos, Range
from hcldecode.model._source import (
    INVALID_ENCODING_DETAIL,
    INVALID_ENCODING_SUMMARY,
    SourceMap,
    decode_source,
    invalid_encoding,
    utf8_length,
)
from hcldecode.native import parse_config


def _positions(m: SourceMap) -> list[tuple[int, int, int]]:
    return [(p.line, p.column, p.byte) for p in (m.pos(o) for o in range(len(m.text) + 1))]


def test_ascii_positions() -> None:
    m = SourceMap("a.hcl", "ab\n\ncd")
    assert _positions(m) == [
        (1, 1, 0),
        (1, 2, 1),
        (1, 3, 2),
        (2, 1, 3),
        (3, 1, 4),
        (3, 2, 5),
        (3, 3, 6),
    ]
    assert m.line_count == 3


def test_empty_text() -> None:
    m = SourceMap("e.hcl", "")
    assert m.pos(0) == Pos(1, 1, 0)
    assert m.line_count == 1
    assert m.line_text(1) == ""


def test_end_of_file_after_newline_is_on_a_new_line() -> None:
    m = SourceMap("a.hcl", "a = 1\n")
    assert m.pos(6) == Pos(2, 1, 6)
    assert m.range(0, 5) == Range("a.hcl", Pos(1, 1, 0), Pos(1, 6, 5))


def test_columns_count_grapheme_clusters_and_bytes_utf8() -> None:
    # "e" + combining acute accent is one column of three bytes; "é" is
    # one column of two bytes.
    m = SourceMap("u.hcl", 'a = "e\u0301\u00e9"\r\nb\tc\r\n\n')
    assert _positions(m) == [
        (1, 1, 0),
        (1, 2, 1),
        (1, 3, 2),
        (1, 4, 3),
        (1, 5, 4),
        (1, 6, 5),
        (1, 7, 6),  # inside the cluster: after its first character
        (1, 7, 8),
        (1, 8, 10),
        (1, 9, 11),  # "\r" of "\r\n"
        (1, 10, 12),
        (2, 1, 13),
        (2, 2, 14),  # a tab is one column
        (2, 3, 15),
        (2, 4, 16),
        (2, 5, 17),
        (3, 1, 18),
        (4, 1, 19),
    ]


def test_astral_characters_are_four_bytes() -> None:
    m = SourceMap("e.hcl", "\U0001f44d\U0001f3fd=\U0001f600")
    assert m.pos(2) == Pos(1, 2, 8)
    assert m.pos(3) == Pos(1, 3, 9)
    assert m.pos(4) == Pos(1, 4, 13)


def test_json_columns_count_tab_as_two_and_cr_as_none() -> None:
    m = SourceMap("j.json", '{"a":\t"\u00e9",\r\n"b":\t1}', json_columns=True)
    assert m.pos(5) == Pos(1, 6, 5)
    assert m.pos(6) == Pos(1, 8, 6)
    assert m.pos(8) == Pos(1, 10, 9)
    assert m.pos(10) == Pos(1, 12, 11)  # the "\r"
    assert m.pos(11) == Pos(1, 12, 12)  # the "\n"
    assert m.pos(16) == Pos(2, 5, 17)  # the tab
    assert m.pos(17) == Pos(2, 7, 18)
    # The native syntax counts each of them as one column.
    native = SourceMap("j.json", m.text)
    assert native.pos(6) == Pos(1, 7, 6)
    assert native.pos(11) == Pos(1, 12, 12)


def test_json_columns_with_joiners() -> None:
    m = SourceMap("j.json", '\t"e\u0301\tx"', json_columns=True)
    assert [m.pos(o).column for o in range(len(m.text) + 1)] == [1, 3, 4, 5, 5, 7, 8, 9]


def test_long_lines_use_checkpoints() -> None:
    line = ("\u00e9" * 50 + "a" * 50 + "\U0001f600") * 5
    m = SourceMap("l.hcl", "x\n" + line + "\n")
    for o in range(len(line) + 1):
        assert m.pos(2 + o) == Pos(2, o + 1, 2 + utf8_length(line[:o]))
        assert m.offset(m.pos(2 + o).byte) == 2 + o


def test_lone_surrogates_are_one_byte_each() -> None:
    m = SourceMap("b.hcl", 'a = "\udcff\udcfe\u00e9"')
    assert m.pos(6) == Pos(1, 7, 6)
    assert m.pos(7) == Pos(1, 8, 7)
    assert m.pos(8) == Pos(1, 9, 9)
    # Surrogates that no decoding produced count as three bytes.
    assert utf8_length("\ud800x") == 4


def test_line_text() -> None:
    m = SourceMap("l.hcl", "one\r\ntwo\n\nfour\r")
    assert [m.line_text(n) for n in range(1, m.line_count + 1)] == ["one", "two", "", "four"]
    assert [m.line_offset(n) for n in range(1, 5)] == [0, 5, 9, 10]
    with pytest.raises(IndexError):
        m.line_text(0)
    with pytest.raises(IndexError):
        m.line_text(5)
    with pytest.raises(IndexError):
        m.line_offset(5)


def test_offsets_outside_the_text_are_refused() -> None:
    m = SourceMap("o.hcl", "abc")
    with pytest.raises(IndexError):
        m.pos(4)
    with pytest.raises(IndexError):
        m.pos(-1)


def test_offset_of_byte() -> None:
    m = SourceMap("o.hcl", "a\u00e9b\n\U0001f600c")
    assert [m.offset(b) for b in range(12)] == [0, 1, 2, 2, 3, 4, 5, 5, 5, 5, 6, 6]
    assert m.offset(100) == 6
    ascii_map = SourceMap("o.hcl", "ab\ncd")
    assert [ascii_map.offset(b) for b in range(7)] == [0, 1, 2, 3, 4, 5, 5]


@given(st.text(alphabet=st.characters(exclude_categories=["Cs"]) | st.sampled_from("\n\r\t")))
def test_positions_agree_with_definition(text: str) -> None:
    m = SourceMap("p.hcl", text)
    for o in range(len(text) + 1):
        line_start = text.rfind("\n", 0, o) + 1
        expected = Pos(
            text.count("\n", 0, o) + 1,
            grapheme_count(text[line_start:o]) + 1,
            len(text[:o].encode()),
        )
        assert m.pos(o) == expected
        assert m.offset(expected.byte) == o


def test_decode_bytes() -> None:
    assert decode_source(b"a = 1\n", "a.hcl") == ("a = 1\n", [])
    assert decode_source(b'a = "\xc3\xa9"', "a.hcl") == ('a = "\u00e9"', [])


def test_decode_strips_one_bom() -> None:
    assert decode_source(b"\xef\xbb\xbfa = 1", "a.hcl") == ("a = 1", [])
    assert decode_source(b"\xef\xbb\xbf\xef\xbb\xbfa", "a.hcl") == ("\ufeffa", [])
    assert decode_source("\ufeffa = 1", "a.hcl") == ("a = 1", [])
    assert decode_source(b"\xef\xbb\xbf{}", "a.json", strip_bom=False) == ("\ufeff{}", [])


def _encoding_error(filename: str, start: Pos, end: Pos) -> Diagnostic:
    return Diagnostic.error(
        "Invalid character encoding",
        "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected"
        " in your editor.",
        Range(filename, start, end),
    )


@pytest.mark.parametrize(
    ("src", "text", "start", "end"),
    [
        # positions verified with the reference (only the first bad byte is reported)
        (b'a = "x\xffy\xfe"\n', 'a = "x\udcffy\udcfe"\n', Pos(1, 7, 6), Pos(1, 8, 7)),
        (b'a = "\xc3\xa9\xe2\x82"\n', 'a = "\u00e9\udce2\udc82"\n', Pos(1, 7, 7), Pos(1, 8, 8)),
        (b'a = "e\xcc\x81\xff"\n', 'a = "e\u0301\udcff"\n', Pos(1, 7, 8), Pos(1, 8, 9)),
        (b"\xff = 1\n", "\udcff = 1\n", Pos(1, 1, 0), Pos(1, 2, 1)),
        (b"a = 1\n\n  \xc0\x80", "a = 1\n\n  \udcc0\udc80", Pos(3, 3, 9), Pos(3, 4, 10)),
    ],
)
def test_decode_reports_the_first_invalid_byte(src: bytes, text: str, start: Pos, end: Pos) -> None:
    assert decode_source(src, "bad.hcl") == (text, [_encoding_error("bad.hcl", start, end)])


def test_decode_str_with_lone_surrogate() -> None:
    assert decode_source("ab\ud800", "s.hcl") == (
        "ab\ud800",
        [_encoding_error("s.hcl", Pos(1, 3, 2), Pos(1, 4, 5))],
    )


def test_decode_refuses_other_types() -> None:
    with pytest.raises(TypeError, match="source must be bytes or str, not int"):
        decode_source(3, "x.hcl")  # type: ignore[arg-type]


def test_invalid_encoding_diagnostic() -> None:
    r = Range("x.hcl", Pos(1, 1, 0), Pos(1, 2, 1))
    assert invalid_encoding(r) == Diagnostic.error(
        INVALID_ENCODING_SUMMARY, INVALID_ENCODING_DETAIL, r
    )


@pytest.mark.parametrize("length", [63, 64, 65, 128, 129])
def test_end_of_a_long_non_ascii_line(length: int) -> None:
    line = "é" + "x" * (length - 1)
    smap = SourceMap("t.hcl", line + "\nnext")
    assert smap.pos(length) == Pos(1, length + 1, length + 1)
    assert smap.pos(length + 1) == Pos(2, 1, length + 2)


def test_a_parsed_native_file_is_freed_without_the_cycle_collector() -> None:
    file, _ = parse_config('a = var.x\nb "l" {\n  c = "${d}"\n}\n', "a.hcl")
    inner = file.body.blocks[0].body
    gone = weakref.ref(file)
    del file
    # Nothing the tree holds refers back to the file: reference counting frees it.
    assert gone() is None
    # Its source stands in for it, and the block around a position is found again.
    (stand_in,) = inner.source_files().values()
    assert (stand_in.filename, stand_in.text) == ("a.hcl", 'a = var.x\nb "l" {\n  c = "${d}"\n}\n')
    assert [stand_in.context_string(b) for b in (0, 22)] == [None, 'b "l"']


def test_a_parsed_json_file_is_freed_without_the_cycle_collector() -> None:
    file, _ = parse('{"a": 1, "b": {"l": {"c": 2}}}', "a.json")
    body = file.body
    gone = weakref.ref(file)
    del file
    assert gone() is None
    (stand_in,) = body.source_files().values()
    assert stand_in.filename == "a.json"
    assert [stand_in.context_string(b) for b in (2, 22)] == [None, "b.l"]
