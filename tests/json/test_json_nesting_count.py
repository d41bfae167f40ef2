"""The fast path's nesting count (``_fast._too_deep``) against a plain recursive count.

In CPython the count runs first over the containers the garbage collector tracks and
reads container values with ``gc.get_referents``; elsewhere it reads dicts and lists
itself. Both ways are checked on values as Python's C decoder makes them for the fast
path (dicts, ``(pairs,)`` where a name repeats, lists, and atoms).
"""

from __future__ import annotations

import gc
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hcldecode.json import _fast


def _depth(raw: Any) -> int:
    """How many objects and arrays nest in ``raw``, counted recursively."""
    if type(raw) is dict:
        return 1 + max(map(_depth, raw.values()), default=0)
    if type(raw) is tuple:
        return 1 + max((_depth(v) for _, v in raw[0]), default=0)
    if type(raw) is list:
        return 1 + max(map(_depth, raw), default=0)
    return 0


class _Pairs(list[tuple[str, Any]]):
    """An object written from its pairs, so that a name may repeat."""


def _write(value: Any) -> str:
    if isinstance(value, _Pairs):
        return "{" + ",".join(f"{json.dumps(k)}:{_write(v)}" for k, v in value) + "}"
    if isinstance(value, list):
        return "[" + ",".join(map(_write, value)) + "]"
    return json.dumps(value)


_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.just("s"),
    lambda children: (
        st.lists(children, max_size=3)
        | st.lists(st.tuples(st.sampled_from(["a", "b"]), children), max_size=3).map(_Pairs)
    ),
    max_leaves=30,
)


@pytest.fixture(params=["cpython", "portable"])
def way(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "portable":
        monkeypatch.setattr(_fast, "_CPYTHON", False)
        monkeypatch.setattr(_fast, "_children", _fast._portable_children)
    elif not _fast._CPYTHON:
        pytest.skip("CPython's way needs CPython")
    return str(request.param)


# The fixture only chooses the way of counting: the same for every example.
@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(value=_VALUES, collect=st.booleans())
def test_the_count_is_the_recursive_one(way: str, value: Any, collect: bool) -> None:
    raw, _end = _fast._DECODER.raw_decode(_write(value))
    if collect:
        # A collection untracks the tuples and dicts that hold no container.
        gc.collect()
    depth = _depth(raw)
    for limit in range(1, depth + 3):
        assert _fast._too_deep(raw, limit) == (depth >= limit), (way, limit, depth)


def test_deep_chains_of_each_kind(way: str) -> None:
    for inner in ("1", "{}", '{"a": 1}', '{"a": 1, "a": 2}', "[]", '["x"]'):
        for opener, closer in (('{"a":', "}"), ("[", "]"), ('{"a": 0, "a":', "}")):
            text = opener * 40 + inner + closer * 40
            raw, _end = _fast._DECODER.raw_decode(text)
            depth = _depth(raw)
            assert depth == 40 + (inner != "1")
            assert [_fast._too_deep(raw, limit) for limit in (depth - 1, depth, depth + 1)] == [
                True,
                True,
                False,
            ], (way, text)
