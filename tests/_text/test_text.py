from __future__ import annotations

import importlib.util
import re
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hcldecode._text import _tables as _unicode_tables
from hcldecode._text import go_quote
from hcldecode._text._unicode import (
    IDENT_PATTERN,
    SPACE_CLASS,
    UNICODE_VERSION,
    cluster_starts,
    grapheme_count,
    has_joiners,
    is_identifier,
    is_space,
    iter_graphemes,
)

GRAPHEME_TABLE = Path(__file__).parents[1] / "data" / "_text" / "grapheme_break_test.txt"


def _official_cases() -> list[list[str]]:
    cases = []
    for line in GRAPHEME_TABLE.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        cases.append(
            ["".join(chr(int(cp, 16)) for cp in cluster.split()) for cluster in line.split("/")]
        )
    return cases


OFFICIAL_CASES = _official_cases()


def test_tables_are_of_one_version() -> None:
    assert UNICODE_VERSION == _unicode_tables.UNICODE_VERSION == "15.0.0"
    header = GRAPHEME_TABLE.read_text(encoding="utf-8").splitlines()[0]
    assert f"Unicode {UNICODE_VERSION}," in header
    assert len(OFFICIAL_CASES) == 602


@pytest.mark.parametrize(
    "clusters",
    OFFICIAL_CASES,
    ids=lambda clusters: "/".join(" ".join(f"{ord(c):04X}" for c in cl) for cl in clusters),
)
def test_official_grapheme_break_cases(clusters: list[str]) -> None:
    s = "".join(clusters)
    assert list(iter_graphemes(s)) == clusters
    assert grapheme_count(s) == len(clusters)
    starts = [0]
    for cluster in clusters[:-1]:
        starts.append(starts[-1] + len(cluster))
    assert cluster_starts(s) == starts


@pytest.mark.parametrize(
    ("s", "clusters"),
    [
        ("", []),
        ("abc", ["a", "b", "c"]),
        ("a\r\nb", ["a", "\r\n", "b"]),
        ("\n\r", ["\n", "\r"]),
        ("e\u0301x", ["e\u0301", "x"]),
        ("\u0301", ["\u0301"]),
        # family emoji: pictographs joined by ZWJ
        (
            "\U0001f468\u200d\U0001f469\u200d\U0001f467!",
            ["\U0001f468\u200d\U0001f469\u200d\U0001f467", "!"],
        ),
        # skin tone modifier is Extend
        ("\U0001f44d\U0001f3fd", ["\U0001f44d\U0001f3fd"]),
        # three regional indicators: a flag, then a lone one
        ("\U0001f1eb\U0001f1f7\U0001f1e9", ["\U0001f1eb\U0001f1f7", "\U0001f1e9"]),
        # Hangul jamo L V T form one syllable
        ("\u1100\u1161\u11a8\uac00", ["\u1100\u1161\u11a8", "\uac00"]),
        # Devanagari: spacing mark joins, virama (Extend) joins
        ("\u0915\u094d\u0937\u093f", ["\u0915\u094d", "\u0937\u093f"]),
        # Prepend joins the following character but not a control
        ("\u0600a\u0600\n", ["\u0600a", "\u0600", "\n"]),
        # lone surrogates (undecodable bytes) are single clusters
        ("\udcff\u0301\udcfe", ["\udcff", "\u0301", "\udcfe"]),
        ("a\u200db", ["a\u200d", "b"]),
    ],
)
def test_graphemes(s: str, clusters: list[str]) -> None:
    assert list(iter_graphemes(s)) == clusters
    assert grapheme_count(s) == len(clusters)


@pytest.mark.parametrize(
    ("s", "expected"),
    [
        ("", False),
        ("plain ascii\ttext", False),
        ("a\r\nb", True),
        ("a\rb\n", False),
        ("héllo wörld 日本", False),
        ("e\u0301", True),
        ("\U0001f1eb", True),
        ("\U0001f600", False),
        ("\U0001f600\u200d", True),
        ("\uac00", True),
    ],
)
def test_has_joiners(s: str, expected: bool) -> None:
    assert has_joiners(s) is expected


@given(st.text())
def test_grapheme_count_agrees_with_iteration(s: str) -> None:
    clusters = list(iter_graphemes(s))
    assert "".join(clusters) == s
    assert grapheme_count(s) == len(clusters)
    if not has_joiners(s):
        assert clusters == list(s)


@given(st.text(), st.text())
def test_prefix_of_text_never_has_more_clusters(a: str, b: str) -> None:
    # Boundaries depend only on what precedes them, so a prefix keeps them.
    starts = cluster_starts(a + b)
    assert cluster_starts(a) == [i for i in starts if i < len(a)]


@pytest.mark.parametrize(
    "name",
    ["a", "_", "_u", "a-b", "a_b", "a1", "héllo", "x-", "Ωmega", "名前", "\U0001d465", "e\u0301"],
)
def test_identifiers(name: str) -> None:
    assert is_identifier(name)


@pytest.mark.parametrize(
    "name",
    ["", "-a", "1a", "a b", "a.b", "a\n", "$a", "\u0301", "\U0001f600", "a\U0001f600", "·a"],
)
def test_not_identifiers(name: str) -> None:
    assert not is_identifier(name)


def test_identifier_rule_differs_from_python() -> None:
    # NFKC and XID make Python accept or refuse other names.
    assert "a-b".isidentifier() is False
    assert is_identifier("a-b")
    assert "\u2118".isidentifier()  # script capital P: Other_ID_Start
    assert is_identifier("\u2118")
    # Katakana-hiragana voiced sound mark: ID_Start, but not XID_Start
    # because NFKC turns it into a space and a combining mark.
    assert "\u309b".isidentifier() is False
    assert is_identifier("\u309b")


def test_ident_pattern_embeds() -> None:
    pattern = re.compile(rf"({IDENT_PATTERN})\s*=\s*({IDENT_PATTERN})")
    m = pattern.match("foo-bar = _x1.y")
    assert m is not None
    assert m.groups() == ("foo-bar", "_x1")
    assert pattern.groups == 2


@pytest.mark.parametrize(
    "ch",
    ["\t", "\n", "\v", "\f", "\r", " ", "\x85", "\xa0", "\u1680", "\u2003", "\u2028", "\u3000"],
)
def test_spaces(ch: str) -> None:
    assert is_space(ch)
    assert re.fullmatch(f"[{SPACE_CLASS}]", ch)


@pytest.mark.parametrize("ch", ["a", "\x00", "\x1c", "\u200b", "\u180e", "\ufeff", "_"])
def test_not_spaces(ch: str) -> None:
    assert not is_space(ch)
    assert not re.fullmatch(f"[{SPACE_CLASS}]", ch)


def test_is_space_is_whitespace_below_latin1_and_beyond() -> None:
    # Go's unicode.IsSpace: Python's str.isspace also counts the
    # information separators U+001C..U+001F, which are not White_Space.
    spaces = [chr(cp) for cp in range(0x3001) if is_space(chr(cp))]
    assert spaces == [
        c for c in map(chr, range(0x3001)) if c.isspace() and c not in "\x1c\x1d\x1e\x1f"
    ]


def test_identifiers_agree_with_general_categories() -> None:
    # Cross-check of the generated tables against Python's own database,
    # for characters assigned since Unicode 3.2 (so that the Unicode
    # version of the running Python does not matter): letters and letter
    # numbers start identifiers, marks, digits and connectors continue them.
    # The exceptions are listed in PropList.txt: Other_ID_Start and
    # Other_ID_Continue add characters, Pattern_Syntax removes U+2E2F
    # (a letter assigned after Unicode 3.2).
    other_id_start = {0x1885, 0x1886, 0x2118, 0x212E, 0x309B, 0x309C}
    other_id_continue = {0x00B7, 0x0387, 0x19DA, *range(0x1369, 0x1372)}
    other_id = other_id_start | other_id_continue
    old = unicodedata.ucd_3_2_0
    starts, continues, neither = [], [], []
    for cp in range(0x30000):
        ch = chr(cp)
        category = unicodedata.category(ch)
        if old.category(ch) == "Cn" or category == "Cs" or cp in other_id:
            continue
        if category in ("Lu", "Ll", "Lt", "Lm", "Lo", "Nl"):
            starts.append(ch)
        elif category in ("Mn", "Mc", "Nd", "Pc"):
            continues.append(ch)
        elif ch != "-":
            neither.append(ch)
    assert [ch for ch in starts if not is_identifier(ch)] == []
    assert [ch for ch in continues if is_identifier(ch) or not is_identifier("a" + ch)] == [
        ch for ch in continues if ch == "_"
    ]
    assert [ch for ch in neither if is_identifier("a" + ch)] == []
    assert all(is_identifier(chr(cp)) for cp in other_id_start)
    assert not any(is_identifier(chr(cp)) for cp in other_id_continue)
    assert all(is_identifier("a" + chr(cp)) for cp in other_id)
    assert unicodedata.category("\u2e2f") == "Lm"
    assert not is_identifier("\u2e2f")
    assert not is_identifier("a\u2e2f")


def _generator() -> Any:
    path = Path(__file__).parents[2] / "tools" / "generate" / "gen_unicode.py"
    spec = importlib.util.spec_from_file_location("gen_unicode", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_generator_class_bodies(tmp_path: Path) -> None:
    gen = _generator()
    ucd = tmp_path / "PropList.txt"
    ucd.write_text(
        "# PropList-15.0.0.txt\n"
        "0041..005A    ; Letter # comment\n"
        "005F          ; Letter\n"
        "00E9          ; Letter\n"
        "00EA          ; Letter\n"
        "1F600..1F64F  ; Letter\n"
        "0020          ; Space\n",
        encoding="utf-8",
    )
    table = gen.read_properties(ucd)
    assert gen.file_version(ucd) == "15.0.0"
    assert table["Space"] == [0x20]
    assert "".join(gen.class_body(table["Letter"])) == r"A-Z\x5f\u00e9\u00ea\U0001f600-\U0001f64f"
    source = gen.constant("LETTER", "Letters.", table["Letter"])
    namespace: dict[str, Any] = {}
    exec(source, namespace)
    bmp, astral = namespace["LETTER"]
    assert re.fullmatch(f"[{bmp}]+", "AZ_\u00e9\u00ea")
    assert re.fullmatch(f"[{astral}]", "\U0001f600")
    assert not re.search(f"[{bmp}]", "az\u00eb")


# ----------------------------------------------------------------------------- quoting


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("abc", '"abc"'),
        ('a"b\\c', '"a\\"b\\\\c"'),
        ("tab\tnl\n", '"tab\\tnl\\n"'),
        ("\x01\x7f", '"\\x01\\x7f"'),
        ("\u00e9\u4e16", '"\u00e9\u4e16"'),
        ("\u200b", '"\\u200b"'),
        ("\U000e0001", '"\\U000e0001"'),
    ],
)
def test_go_quote(text: str, quoted: str) -> None:
    assert go_quote(text) == quoted


def test_spaces_are_the_members_of_the_space_class() -> None:
    # is_space reads the class's members from its escapes; every code point it names
    # lies below U+3001.
    pattern = re.compile(f"[{SPACE_CLASS}]")
    assert [c for c in map(chr, range(0x3100)) if is_space(c)] == [
        c for c in map(chr, range(0x3100)) if pattern.fullmatch(c)
    ]
