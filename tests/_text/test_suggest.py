from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hcldecode._text._suggest import edit_distance, suggest


def _reference_distance(a: str, b: str) -> int:
    # Plain dynamic programming over the full matrix.
    rows = [[i + j if i * j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            rows[i][j] = min(
                rows[i - 1][j] + 1,
                rows[i][j - 1] + 1,
                rows[i - 1][j - 1] + (a[i - 1] != b[j - 1]),
            )
    return rows[len(a)][len(b)]


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [
        ("", "", 0),
        ("", "abc", 3),
        ("abc", "", 3),
        ("kitten", "sitting", 3),
        ("replica", "replicas", 1),
        ("flaw", "lawn", 2),
        ("héllo", "hello", 1),
        ("\U0001f600a", "a", 1),  # code points, not bytes
        ("abcdef", "azcdez", 2),
    ],
)
def test_edit_distance(a: str, b: str, distance: int) -> None:
    assert edit_distance(a, b) == distance
    assert edit_distance(b, a) == distance


@given(st.text(max_size=12), st.text(max_size=12), st.integers(min_value=0, max_value=5))
def test_edit_distance_matches_definition(a: str, b: str, limit: int) -> None:
    exact = _reference_distance(a, b)
    assert edit_distance(a, b) == exact
    limited = edit_distance(a, b, limit)
    if exact <= limit:
        assert limited == exact
    else:
        assert limit < limited <= exact


@pytest.mark.parametrize(
    ("given", "candidates", "expected"),
    [
        ("replica", ["replicas", "port"], "replicas"),
        ("prot", ["name", "port"], "port"),
        ("nmae", ["name"], "name"),  # a swap is two edits
        ("abc", ["xyz"], None),
        ("abcd", ["abxy"], "abxy"),  # distance 2
        ("abcd", ["axyz"], None),  # distance 3
        ("", ["ab", "a"], "ab"),
        ("", ["abc"], None),
        # the first close candidate wins, not the closest
        ("colour", ["colr", "colour"], "colr"),
        ("Tru", ["false", "true", "null"], "true"),
        ("x", [], None),
    ],
)
def test_suggest(given: str, candidates: list[str], expected: str | None) -> None:
    assert suggest(given, candidates) == expected


def test_suggest_consumes_only_what_it_needs() -> None:
    candidates = iter(["far away", "neer", "never reached"])
    assert suggest("near", candidates) == "neer"
    assert next(candidates) == "never reached"
