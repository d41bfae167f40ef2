"""Valid documents are read by Python's C decoder first, with positions found later: the
tree, its values and every position must be those of the full parser.

A document followed by stray text (`` x``) is read by the full parser alone: it reports
"Extraneous data after value" and keeps the whole root value, so comparing the two trees
node by node compares the two readers.
"""

from __future__ import annotations

import gc
import json
import pickle
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hcldecode import json as hcljson
from hcldecode.model import Range
from hcldecode.pytypes import to_python
from hcldecode.values import max_nesting


def _shape(node: Any) -> Any:
    """Every node's kind, span, value and property name spans, in document order."""
    out: list[Any] = []
    stack = [node]
    while stack:
        n = stack.pop()
        kind = type(n).__mro__[1 if type(n).__name__.startswith("_Lazy") else 0].__name__
        out.append((kind, n.start, n.end, getattr(n, "value", None), getattr(n, "text", None)))
        if hasattr(n, "properties"):
            out.append(("closed", n.closed))
            for p in reversed(n.properties):
                out.append((p.name, p.name_start, p.name_end))
                stack.append(p.value)
        elif hasattr(n, "elements"):
            out.append(("closed", n.closed))
            stack.extend(reversed(n.elements))
    return out


def _both(text: str) -> tuple[Any, Any]:
    fast, diags = hcljson.parse_expression(text, "doc.json")
    assert diags == []
    full, diags = hcljson.parse_expression(text + " x", "doc.json")
    assert [d.summary for d in diags] == ["Extraneous data after value"]
    return fast, full


def _check(text: str) -> None:
    fast, full = _both(text)
    assert _shape(fast.node) == _shape(full.node)
    assert fast.range == full.range
    value, diags = fast.value(None)
    other, other_diags = full.value(None)
    assert value == other
    assert diags == other_diags


_WS = st.sampled_from(["", " ", "\n", "\t", "\r\n", "  \n  "])
_STRINGS = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",), max_codepoint=0x1F600), max_size=8
)


def _write(value: Any, ws: st.DataObject, ascii_only: bool) -> str:
    def pad() -> str:
        return ws.draw(_WS)

    if isinstance(value, dict):
        items = [
            f"{pad()}{json.dumps(k, ensure_ascii=ascii_only)}{pad()}:{pad()}"
            f"{_write(v, ws, ascii_only)}{pad()}"
            for k, v in value.items()
        ]
        return "{" + ",".join(items) + pad() + "}"
    if isinstance(value, list):
        return "[" + ",".join(pad() + _write(v, ws, ascii_only) + pad() for v in value) + "]"
    return json.dumps(value, ensure_ascii=ascii_only)


_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | _STRINGS,
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(["a", "b", "//", "é", "${x}"]) | _STRINGS, children, max_size=4
        )
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(_VALUES, st.data(), st.booleans())
def test_generated_documents(value: Any, data: st.DataObject, ascii_only: bool) -> None:
    _check(_write(value, data, ascii_only))


class _Pairs(list[tuple[str, Any]]):
    """An object written from its (name, value) pairs, so that a name may repeat."""


def _write_pairs(value: Any) -> str:
    if isinstance(value, _Pairs):
        return "{" + ", ".join(f"{json.dumps(k)}: {_write_pairs(v)}" for k, v in value) + "}"
    if isinstance(value, list):
        return "[" + ",".join(_write_pairs(v) for v in value) + "]"
    return json.dumps(value)


_PAIR_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.sampled_from(["x", "${y}", "[{"]),
    lambda children: (
        st.lists(children, max_size=3)
        | st.lists(st.tuples(st.sampled_from(["a", "b", ""]), children), max_size=4).map(_Pairs)
    ),
    max_leaves=16,
)


@settings(max_examples=200, deadline=None)
@given(_PAIR_VALUES)
def test_repeated_names_at_any_depth(value: Any) -> None:
    # The C decoder's objects are dicts, or tuples of pairs where a name repeats: both
    # read as the full parser reads them.
    _check(_write_pairs(value))


def _nested(depth: int, shape: str) -> str:
    """A document nesting ``depth`` objects and arrays, the innermost holding no other."""
    opener, closer, leaf = {
        "objects": ('{"a": ', "}", '{"a": 1}'),
        "objects, the innermost with a repeated name": ('{"a": ', "}", '{"a": 1, "a": 2}'),
        "repeated names all the way": ('{"b": 0, "b": ', "}", '{"a": 1, "a": 2}'),
        "arrays": ("[1, ", "]", "[]"),
        "arrays, an empty object innermost": ("[", "]", "{}"),
        "both": ('[{"a": 1, "b": ', "}]", '{"c": true}'),
    }[shape]
    if shape == "both":
        pairs, rest = divmod(depth - 1, 2)
        inner = leaf if rest == 0 else '["x", ' + leaf + "]"
        return opener * pairs + inner + closer * pairs
    return opener * (depth - 1) + leaf + closer * (depth - 1)


@pytest.mark.parametrize(
    "shape",
    [
        "objects",
        "objects, the innermost with a repeated name",
        "repeated names all the way",
        "arrays",
        "arrays, an empty object innermost",
        "both",
    ],
)
@pytest.mark.parametrize("extra", [-2, -1, 0, 1])
def test_nesting_near_the_limit(shape: str, extra: int) -> None:
    # The fast path counts nesting levels over containers that hold containers first:
    # it must take a document one level under the limit and leave the limit itself to
    # the full parser, which reports only what goes past it.
    limit = max_nesting()
    text = _nested(limit + extra, shape)
    expr, diags = hcljson.parse_expression(text, "doc.json")
    assert [d.summary for d in diags] == (["Nesting too deep"] if extra > 0 else [])
    assert type(expr.node).__name__.startswith("_Lazy") == (extra < 0)
    if extra <= 0:
        _check(text)


@pytest.mark.parametrize(
    "text",
    [
        '{"a": 1, "a": 2, "b": [1, 2.5e+3, -0, true, false, null, "x"]}',
        '{"s": "tab\\tquote\\"slash\\/back\\\\u\\u00e9\\u20ac pair \\ud83d\\ude00"}',
        '{"${var.x}": "${upper(\\"a\\")}", "//": "comment"}',
        '[{"resource": {"aws_instance": {"web": [{"ami": "x"}, {"ami": "y"}]}}}]',
        "  \n{ }  \n",
        "[]",
        '"just a string"',
        "12345678901234567890123456789012345678901234567890",
        '{"e": 1E400, "f": 1e-400}',
        '{"é": "ü", "😀": "\\u00e9"}',
    ],
)
def test_written_documents(text: str) -> None:
    _check(text)


@pytest.mark.parametrize(
    ("text", "summary"),
    [
        ('{"a": NaN}', "Invalid JSON keyword"),
        ('{"a": Infinity}', "Invalid JSON keyword"),
        ('{"a": -Infinity}', "Invalid JSON number"),
        ('{"a": 01}', "Invalid JSON number"),
        ('{"a": 1,}', "Trailing comma in object"),
        ('\ufeff{"a": 1}', "Invalid start of value"),
    ],
)
def test_what_the_c_decoder_would_take_differently(text: str, summary: str) -> None:
    # Python's decoder takes the first three and fails on the others: all are the full
    # parser's to report.
    _file, diags = hcljson.parse(text, "doc.json")
    assert diags[0].summary == summary


def test_lone_surrogate_escapes_read_as_the_replacement_character() -> None:
    expr, diags = hcljson.parse_expression('{"a": "x\\ud800y", "b": "\\udc00"}', "doc.json")
    assert diags == []
    value, _ = expr.value(None)
    assert to_python(value) == {"a": "x\ufffdy", "b": "\ufffd"}


def test_bytes_that_are_not_utf8() -> None:
    expr, diags = hcljson.parse_expression(b'{"a": "x\xffy"}', "doc.json")
    assert diags == []
    value, _ = expr.value(None)
    assert to_python(value) == {"a": "x\ufffdy"}


@pytest.mark.parametrize("extra", [-1, 0, 1])
def test_nesting_at_the_limit(extra: int) -> None:
    # One level less than the limit, exactly the limit, one more.
    limit = max_nesting()
    depth = limit + extra
    text = "[" * depth + "]" * depth
    _expr, diags = hcljson.parse_expression(text, "doc.json")
    assert [d.summary for d in diags] == (["Nesting too deep"] if extra > 0 else [])
    if extra <= 0:
        _check(text)


def test_positions_asked_before_and_after_children() -> None:
    text = '{"a": {"b": [1, {"c": "d"}]}, "e": "f"}'
    fast, full = _both(text)
    # Children read before any position is asked for, then positions; and the reverse.
    first = fast.node.properties[0].value
    assert first.properties[0].value.elements[1].properties[0].name_start == 17
    assert _shape(fast.node) == _shape(full.node)
    fast, full = _both(text)
    assert fast.node.properties[1].name_end == 33
    assert _shape(fast.node) == _shape(full.node)
    assert isinstance(fast.range, Range)


def test_corpus_positions(corpus: Path, json_corpus_file: Path) -> None:
    path = json_corpus_file
    if path.name in set((corpus / "json-invalid.txt").read_text().split()):
        return
    _check(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("positions", [False, True])
def test_a_pickled_lazy_tree(positions: bool) -> None:
    text = '{"a": {"b": [1, {"c": "d"}]}, "e": "f"}'
    fast, full = _both(text)
    assert fast.node.properties[0].value.properties[0].name == "b"  # some children made
    document = object.__getattribute__(fast.node, "_doc")
    if positions:
        assert fast.node.properties[1].name_end == 33
    again = pickle.loads(pickle.dumps(fast))
    # Pickling asks for no position: the lazy tree finds them when asked, as before.
    assert document.resolved is positions
    assert object.__getattribute__(again.node, "_doc").resolved is False
    assert _shape(again.node) == _shape(full.node)
    assert (again.range, again.value(None)) == (full.range, full.value(None))


def test_threads_reading_one_file() -> None:
    text = (
        "["
        + ",".join(f'{{"k{i}": {{"a": [{i}, "x"], "b": {{"c": null}}}}}}' for i in range(300))
        + "]"
    )
    for _ in range(5):
        fast, full = _both(text)
        barrier = threading.Barrier(4)

        def read(fast: Any = fast, barrier: threading.Barrier = barrier) -> None:
            barrier.wait()
            _shape(fast.node)

        threads = [threading.Thread(target=read) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert _shape(fast.node) == _shape(full.node)


@pytest.mark.parametrize("positions", [False, True])
def test_a_lazy_tree_is_freed_without_the_cycle_collector(positions: bool) -> None:
    text = '{"a": {"b": [1, {"c": "d"}]}, "e": "f"}'
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()  # so that nothing is collected but by the call below
    try:
        fast, _ = hcljson.parse_expression(text, "doc.json")
        leaf = fast.node.properties[0].value.properties[0].value.elements[1]
        if positions:
            assert (leaf.start, leaf.properties[0].name_end) == (16, 20)
        del fast, leaf
        assert gc.collect() == 0
    finally:
        if enabled:
            gc.enable()
