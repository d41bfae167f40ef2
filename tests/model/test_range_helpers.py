"""Range helpers of HCL's ``hcl.Range``: containment, overlap, partition, slicing.

The expected values are those of HCL v2.14.1's methods, printed by a small
Go program over every pair of the spans below.
"""

from __future__ import annotations

import pytest

from hcldecode.model import INITIAL_POS, Pos, Range

# (span a, span b, a.Overlaps(b) in HCL, a.overlap(b), a.partition_around(b), a.over(b)),
# spans as start and end byte on line 1.
PAIRS = [
    ((0, 5), (0, 5), True, (0, 5), ((0, 0), (0, 5), (5, 5)), (0, 5)),
    ((0, 5), (4, 8), True, (4, 5), ((0, 4), (4, 5), (5, 5)), (0, 8)),
    ((0, 5), (5, 8), True, (5, 5), ((5, 5), (5, 5), (5, 5)), (0, 8)),
    ((0, 5), (3, 3), False, (0, 0), ((0, 0), (0, 0), (0, 0)), (0, 5)),
    ((0, 5), (5, 5), False, (0, 0), ((0, 0), (0, 0), (0, 0)), (0, 5)),
    ((0, 5), (0, 0), False, (0, 0), ((0, 0), (0, 0), (0, 0)), (0, 5)),
    ((0, 5), (1, 4), True, (1, 4), ((0, 1), (1, 4), (4, 5)), (0, 5)),
    ((0, 5), (0, 10), True, (0, 5), ((0, 0), (0, 5), (5, 5)), (0, 10)),
    ((0, 5), (6, 9), False, (0, 0), ((0, 0), (0, 0), (0, 0)), (0, 9)),
    ((4, 8), (0, 5), True, (4, 5), ((4, 4), (4, 5), (5, 8)), (0, 8)),
    ((4, 8), (4, 8), True, (4, 8), ((4, 4), (4, 8), (8, 8)), (4, 8)),
    ((4, 8), (5, 8), True, (5, 8), ((4, 5), (5, 8), (8, 8)), (4, 8)),
    ((4, 8), (3, 3), False, (4, 4), ((4, 4), (4, 4), (4, 4)), (4, 8)),
    ((4, 8), (5, 5), False, (4, 4), ((4, 4), (4, 4), (4, 4)), (4, 8)),
    ((4, 8), (0, 0), False, (4, 4), ((4, 4), (4, 4), (4, 4)), (4, 8)),
    ((4, 8), (1, 4), True, (4, 4), ((4, 4), (4, 4), (4, 4)), (1, 8)),
    ((4, 8), (0, 10), True, (4, 8), ((4, 4), (4, 8), (8, 8)), (0, 10)),
    ((4, 8), (6, 9), True, (6, 8), ((4, 6), (6, 8), (8, 8)), (4, 9)),
    ((5, 8), (0, 5), True, (5, 5), ((5, 5), (5, 5), (5, 5)), (0, 8)),
    ((5, 8), (4, 8), True, (5, 8), ((5, 5), (5, 8), (8, 8)), (4, 8)),
    ((5, 8), (5, 8), True, (5, 8), ((5, 5), (5, 8), (8, 8)), (5, 8)),
    ((5, 8), (3, 3), False, (5, 5), ((5, 5), (5, 5), (5, 5)), (5, 8)),
    ((5, 8), (5, 5), False, (5, 5), ((5, 5), (5, 5), (5, 5)), (5, 8)),
    ((5, 8), (0, 0), False, (5, 5), ((5, 5), (5, 5), (5, 5)), (5, 8)),
    ((5, 8), (1, 4), False, (5, 5), ((5, 5), (5, 5), (5, 5)), (1, 8)),
    ((5, 8), (0, 10), True, (5, 8), ((5, 5), (5, 8), (8, 8)), (0, 10)),
    ((5, 8), (6, 9), True, (6, 8), ((5, 6), (6, 8), (8, 8)), (5, 9)),
    ((3, 3), (0, 5), False, (3, 3), ((3, 3), (3, 3), (3, 3)), (0, 5)),
    ((3, 3), (4, 8), False, (3, 3), ((3, 3), (3, 3), (3, 3)), (4, 8)),
    ((3, 3), (5, 8), False, (3, 3), ((3, 3), (3, 3), (3, 3)), (5, 8)),
    ((3, 3), (3, 3), False, (3, 3), ((3, 3), (3, 3), (3, 3)), (3, 3)),
    ((3, 3), (5, 5), False, (3, 3), ((3, 3), (3, 3), (3, 3)), (5, 5)),
    ((3, 3), (0, 0), False, (3, 3), ((3, 3), (3, 3), (3, 3)), (0, 0)),
    ((3, 3), (1, 4), False, (3, 3), ((3, 3), (3, 3), (3, 3)), (1, 4)),
    ((3, 3), (0, 10), False, (3, 3), ((3, 3), (3, 3), (3, 3)), (0, 10)),
    ((3, 3), (6, 9), False, (3, 3), ((3, 3), (3, 3), (3, 3)), (6, 9)),
    ((5, 5), (0, 5), False, (5, 5), ((5, 5), (5, 5), (5, 5)), (0, 5)),
    ((5, 5), (4, 8), False, (5, 5), ((5, 5), (5, 5), (5, 5)), (4, 8)),
    ((5, 5), (5, 8), False, (5, 5), ((5, 5), (5, 5), (5, 5)), (5, 8)),
    ((5, 5), (3, 3), False, (5, 5), ((5, 5), (5, 5), (5, 5)), (3, 3)),
    ((5, 5), (5, 5), False, (5, 5), ((5, 5), (5, 5), (5, 5)), (5, 5)),
    ((5, 5), (0, 0), False, (5, 5), ((5, 5), (5, 5), (5, 5)), (0, 0)),
    ((5, 5), (1, 4), False, (5, 5), ((5, 5), (5, 5), (5, 5)), (1, 4)),
    ((5, 5), (0, 10), False, (5, 5), ((5, 5), (5, 5), (5, 5)), (0, 10)),
    ((5, 5), (6, 9), False, (5, 5), ((5, 5), (5, 5), (5, 5)), (6, 9)),
    ((0, 0), (0, 5), False, (0, 0), ((0, 0), (0, 0), (0, 0)), (0, 5)),
    ((0, 0), (4, 8), False, (0, 0), ((0, 0), (0, 0), (0, 0)), (4, 8)),
    ((0, 0), (5, 8), False, (0, 0), ((0, 0), (0, 0), (0, 0)), (5, 8)),
    ((0, 0), (3, 3), False, (0, 0), ((0, 0), (0, 0), (0, 0)), (3, 3)),
    ((0, 0), (5, 5), False, (0, 0), ((0, 0), (0, 0), (0, 0)), (5, 5)),
    ((0, 0), (0, 0), False, (0, 0), ((0, 0), (0, 0), (0, 0)), (0, 0)),
    ((0, 0), (1, 4), False, (0, 0), ((0, 0), (0, 0), (0, 0)), (1, 4)),
    ((0, 0), (0, 10), False, (0, 0), ((0, 0), (0, 0), (0, 0)), (0, 10)),
    ((0, 0), (6, 9), False, (0, 0), ((0, 0), (0, 0), (0, 0)), (6, 9)),
    ((1, 4), (0, 5), True, (1, 4), ((1, 1), (1, 4), (4, 4)), (0, 5)),
    ((1, 4), (4, 8), True, (4, 4), ((4, 4), (4, 4), (4, 4)), (1, 8)),
    ((1, 4), (5, 8), False, (1, 1), ((1, 1), (1, 1), (1, 1)), (1, 8)),
    ((1, 4), (3, 3), False, (1, 1), ((1, 1), (1, 1), (1, 1)), (1, 4)),
    ((1, 4), (5, 5), False, (1, 1), ((1, 1), (1, 1), (1, 1)), (1, 4)),
    ((1, 4), (0, 0), False, (1, 1), ((1, 1), (1, 1), (1, 1)), (1, 4)),
    ((1, 4), (1, 4), True, (1, 4), ((1, 1), (1, 4), (4, 4)), (1, 4)),
    ((1, 4), (0, 10), True, (1, 4), ((1, 1), (1, 4), (4, 4)), (0, 10)),
    ((1, 4), (6, 9), False, (1, 1), ((1, 1), (1, 1), (1, 1)), (1, 9)),
    ((0, 10), (0, 5), True, (0, 5), ((0, 0), (0, 5), (5, 10)), (0, 10)),
    ((0, 10), (4, 8), True, (4, 8), ((0, 4), (4, 8), (8, 10)), (0, 10)),
    ((0, 10), (5, 8), True, (5, 8), ((0, 5), (5, 8), (8, 10)), (0, 10)),
    ((0, 10), (3, 3), False, (0, 0), ((0, 0), (0, 0), (0, 0)), (0, 10)),
    ((0, 10), (5, 5), False, (0, 0), ((0, 0), (0, 0), (0, 0)), (0, 10)),
    ((0, 10), (0, 0), False, (0, 0), ((0, 0), (0, 0), (0, 0)), (0, 10)),
    ((0, 10), (1, 4), True, (1, 4), ((0, 1), (1, 4), (4, 10)), (0, 10)),
    ((0, 10), (0, 10), True, (0, 10), ((0, 0), (0, 10), (10, 10)), (0, 10)),
    ((0, 10), (6, 9), True, (6, 9), ((0, 6), (6, 9), (9, 10)), (0, 10)),
    ((6, 9), (0, 5), False, (6, 6), ((6, 6), (6, 6), (6, 6)), (0, 9)),
    ((6, 9), (4, 8), True, (6, 8), ((6, 6), (6, 8), (8, 9)), (4, 9)),
    ((6, 9), (5, 8), True, (6, 8), ((6, 6), (6, 8), (8, 9)), (5, 9)),
    ((6, 9), (3, 3), False, (6, 6), ((6, 6), (6, 6), (6, 6)), (6, 9)),
    ((6, 9), (5, 5), False, (6, 6), ((6, 6), (6, 6), (6, 6)), (6, 9)),
    ((6, 9), (0, 0), False, (6, 6), ((6, 6), (6, 6), (6, 6)), (6, 9)),
    ((6, 9), (1, 4), False, (6, 6), ((6, 6), (6, 6), (6, 6)), (1, 9)),
    ((6, 9), (0, 10), True, (6, 9), ((6, 6), (6, 9), (9, 9)), (0, 10)),
    ((6, 9), (6, 9), True, (6, 9), ((6, 6), (6, 9), (9, 9)), (6, 9)),
]

# ((start byte, end byte), slice_bytes(b"0123456789"), can_slice_bytes).
SLICES = [
    ((2, 5), b"234", True),
    ((-3, 4), b"0123", False),
    ((8, 20), b"89", False),
    ((6, 2), b"", False),
    ((11, 12), b"", False),
    ((0, 10), b"0123456789", True),
]


def rng(span: tuple[int, int], filename: str = "a.hcl") -> Range:
    a, b = span
    return Range(filename, Pos(1, a + 1, a), Pos(1, b + 1, b))


Pair = tuple[
    tuple[int, int],
    tuple[int, int],
    bool,
    tuple[int, int],
    tuple[tuple[int, int], tuple[int, int], tuple[int, int]],
    tuple[int, int],
]


@pytest.mark.parametrize("case", PAIRS)
def test_overlap_partition_and_over_are_hcls(case: Pair) -> None:
    a, b, touches, overlap, parts, over = case
    x, y = rng(a), rng(b)
    assert x.overlap(y) == rng(overlap)
    assert x.partition_around(y) == tuple(rng(p) for p in parts)
    assert x.over(y) == rng(over)
    # ``overlaps`` is not HCL's ``Overlaps`` (docs/compatibility.md): it says
    # whether the ranges share a byte, or an empty range lies in the other.
    shares = x.start.byte < y.end.byte and y.start.byte < x.end.byte
    if not x.empty and not y.empty:
        assert x.overlaps(y) is shares
        assert touches is (shares or x.end.byte == y.start.byte or y.end.byte == x.start.byte)
    assert x.overlap(y).empty is not shares or x.empty or y.empty


@pytest.mark.parametrize(("span", "data", "exact"), SLICES)
def test_slice_bytes_is_hcls(span: tuple[int, int], data: bytes, exact: bool) -> None:
    r = Range("a.hcl", Pos(1, 1, span[0]), Pos(1, 1, span[1]))
    assert r.slice_bytes(b"0123456789") == data
    assert r.can_slice_bytes(b"0123456789") is exact


def test_contains_pos_looks_at_the_byte_offset_only() -> None:
    r = rng((2, 5))
    assert [r.contains_pos(Pos(9, 9, b)) for b in range(7)] == [
        False, False, True, True, True, False, False,
    ]  # fmt: skip
    assert not rng((3, 3)).contains_pos(Pos(1, 4, 3))


def test_overlap_keeps_the_receivers_file_and_positions() -> None:
    a = Range("a.hcl", Pos(1, 1, 0), Pos(2, 3, 10))
    b = Range("a.hcl", Pos(1, 6, 5), Pos(3, 1, 20))
    assert a.overlap(b) == Range("a.hcl", Pos(1, 6, 5), Pos(2, 3, 10))
    assert a.overlap(Range("b.hcl", b.start, b.end)) == Range("a.hcl", a.start, a.start)


def test_positions_order_by_place_and_initial_pos_is_the_start_of_a_file() -> None:
    assert Pos(1, 1, 0) == INITIAL_POS
    assert Pos(1, 5, 4) < Pos(2, 1, 10) < Pos(2, 3, 12)
    assert max(Pos(3, 1, 20), Pos(2, 9, 18)) == Pos(3, 1, 20)
