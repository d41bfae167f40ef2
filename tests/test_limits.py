"""Nesting within the interpreter's recursion limit, and no interpreter-wide state touched."""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import io
import json
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import pytest

import hcldecode as hcl
from hcldecode.cli import main
from hcldecode.pytypes import to_python
from hcldecode.values import DYNAMIC, Value, convert, encode_json, max_nesting, unify

LIMIT = max_nesting()


@dataclasses.dataclass
class Holder:
    a: Any = None


@dataclasses.dataclass
class ValueHolder:
    a: Value | None = None


@dataclasses.dataclass
class Blocks:
    rest: Annotated[hcl.Body | None, hcl.remain()] = None


def _wrapped(depth: int, leaf: Any, wrap: Callable[[Any], Any]) -> Any:
    for _ in range(depth):
        leaf = wrap(leaf)
    return leaf


# name: (the configuration nested `depth` times, its syntax, its decoded value, the
# deepest nesting accepted at the default recursion limit)
CONSTRUCTS: dict[str, tuple[Callable[[int], str], str, Callable[[int], Any], int]] = {
    "tuple": (
        lambda d: "a = " + "[" * d + "1" + "]" * d,
        "native",
        lambda d: _wrapped(d, 1, lambda x: [x]),
        LIMIT - 1,  # the attribute's expression is the first level
    ),
    "object": (
        lambda d: "a = " + "{x=" * d + "1" + "}" * d,
        "native",
        lambda d: _wrapped(d, 1, lambda x: {"x": x}),
        LIMIT - 1,
    ),
    "parentheses": (lambda d: "a = " + "(" * d + "1" + ")" * d, "native", lambda d: 1, LIMIT - 1),
    "negation": (lambda d: "a = " + "-" * d + "1", "native", lambda d: (-1) ** d, LIMIT - 1),
    "not": (lambda d: "a = " + "!" * d + "true", "native", lambda d: d % 2 == 0, LIMIT - 1),
    "function call": (
        lambda d: "a = " + "f(" * d + "1" + ")" * d,
        "native",
        lambda d: 1,
        LIMIT - 1,
    ),
    "interpolation": (
        lambda d: "a = " + '"x${' * d + '"y"' + '}"' * d,
        "native",
        lambda d: "x" * d + "y",
        LIMIT - 1,
    ),
    "heredoc": (
        lambda d: "a = " + "<<EOT\n${" * d + "1" + "}\nEOT\n" * d,
        "native",
        lambda d: "1" + "\n" * d,
        LIMIT - 1,
    ),
    "if directive": (
        lambda d: 'a = "' + "%{if true}" * d + "x" + "%{endif}" * d + '"',
        "native",
        lambda d: "x",
        LIMIT - 1,
    ),
    "for directive": (
        lambda d: 'a = "' + "%{for x in [1]}" * d + "x" + "%{endfor}" * d + '"',
        "native",
        lambda d: "x",
        LIMIT - 1,
    ),
    "conditional": (
        lambda d: "a = " + "true ? " * d + "1" + " : 2" * d,
        "native",
        lambda d: 1,
        LIMIT - 1,
    ),
    "for expression": (
        lambda d: "a = " + "[for x in " * d + "[1]" + ": x]" * d,
        "native",
        lambda d: [1],
        LIMIT - 2,  # and the innermost [1]
    ),
    "index key": (lambda d: "a = " + "[0][" * d + "0" + "]" * d, "native", lambda d: 0, LIMIT - 1),
    "splat": (
        lambda d: "a = [1]" + "[*]" * d,
        "native",
        lambda d: _wrapped(d, 1, lambda x: [x]),
        LIMIT - 1,
    ),
    "block": (lambda d: "b {\n" * d + "}\n" * d, "native", lambda d: None, LIMIT),
    "JSON array": (
        lambda d: '{"a": ' + "[" * d + "1" + "]" * d + "}",
        "json",
        lambda d: _wrapped(d, 1, lambda x: [x]),
        LIMIT - 1,  # the document's object is the first level
    ),
    "JSON object": (
        lambda d: '{"a": ' + '{"x":' * d + "1" + "}" * d + "}",
        "json",
        lambda d: _wrapped(d, 1, lambda x: {"x": x}),
        LIMIT - 1,
    ),
}

FUNCTIONS = {"f": hcl.function(lambda x: x, name="f")}


def _decode(name: str, depth: int, cls: type[Any]) -> Any:
    make, syntax, _, _ = CONSTRUCTS[name]
    if name == "block":
        return hcl.loads(make(depth), Blocks)
    return hcl.loads(make(depth), cls, syntax=syntax, functions=FUNCTIONS)  # type: ignore[arg-type]


@contextmanager
def _recursion_limit(limit: int) -> Iterator[None]:
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(limit)
    try:
        yield
    finally:
        sys.setrecursionlimit(before)


@pytest.mark.parametrize(
    ("recursion_limit", "nesting"),
    [(1000, 125), (400, 50), (1200, 150), (4000, 200), (100_000, 200), (60, 7)],
)
def test_the_limit_follows_the_recursion_limit(recursion_limit: int, nesting: int) -> None:
    with _recursion_limit(recursion_limit):
        assert max_nesting() == nesting


def test_the_default_limit() -> None:
    assert sys.getrecursionlimit() == 1000  # the interpreter's default, which pytest keeps
    assert LIMIT == 125


@pytest.mark.parametrize("name", list(CONSTRUCTS))
def test_every_construct_nests_to_the_limit(name: str) -> None:
    _, _, expected, deepest = CONSTRUCTS[name]
    assert deepest >= 100
    decoded = _decode(name, deepest, Holder)
    if name != "block":
        assert decoded.a == expected(deepest)


@pytest.mark.parametrize("name", list(CONSTRUCTS))
def test_one_level_more_is_a_diagnostic(name: str) -> None:
    deepest = CONSTRUCTS[name][3]
    with pytest.raises(hcl.DecodeError) as info:
        _decode(name, deepest + 1, Holder)
    first = info.value.diagnostics[0]
    assert first.summary == "Nesting too deep"
    noun = (
        "JSON document nests objects and arrays"
        if "JSON" in name
        else ("configuration nests expressions, templates or blocks")
    )
    assert first.detail == (
        f"This {noun} more than 125 levels deep, which is more than hcldecode supports at "
        "the interpreter's recursion limit (1000)."
    )
    assert first.subject is not None


def test_a_raised_recursion_limit_allows_deeper_nesting_up_to_the_cap() -> None:
    with _recursion_limit(100_000):
        assert max_nesting() == 200
        for name in ("tuple", "object", "JSON array"):
            assert _decode(name, 199, Holder).a == CONSTRUCTS[name][2](199)
            _use(_decode(name, 199, ValueHolder).a, _decode(name, 199, ValueHolder).a)
            with pytest.raises(hcl.DecodeError):
                _decode(name, 200, Holder)


def _use(value: Any, same: Any) -> None:
    """What an application does with what it decoded (``same`` is an equal value)."""
    assert value == same
    repr(value)
    if isinstance(value, Value):
        assert hash(value) == hash(same)
        assert value.equals(same).as_bool()
        to_python(value)
        encode_json(value, DYNAMIC)


def _in_small_thread(work: Callable[[], None]) -> list[BaseException]:
    errors: list[BaseException] = []

    def run() -> None:
        try:
            work()
        except BaseException as error:  # reported to the test below
            errors.append(error)

    # The size applies to the threads started while it is set.
    before = threading.stack_size(256 * 1024)
    try:
        thread = threading.Thread(target=run)
        thread.start()
    finally:
        threading.stack_size(before)
    thread.join()
    return errors


@pytest.mark.parametrize("name", list(CONSTRUCTS))
def test_deepest_input_and_far_deeper_input_in_a_thread_with_a_small_stack(name: str) -> None:
    deepest = CONSTRUCTS[name][3]
    summaries: list[str] = []

    def work() -> None:
        for cls in (Holder, ValueHolder):
            decoded, again = _decode(name, deepest, cls), _decode(name, deepest, cls)
            if name != "block":
                assert decoded == again
                _use(decoded.a, again.a)
        try:
            _decode(name, 100_000, ValueHolder)
        except hcl.DecodeError as error:
            summaries.append(error.diagnostics[0].summary)
            str(error)

    assert _in_small_thread(work) == []
    assert summaries == ["Nesting too deep"]


def test_no_interpreter_wide_state_changes_while_another_thread_decodes() -> None:
    stop = threading.Event()
    errors: list[BaseException] = []

    def decode_deep() -> None:
        try:
            while not stop.is_set():
                for name in ("tuple", "JSON array", "interpolation", "block"):
                    _decode(name, CONSTRUCTS[name][3], Holder)
        except BaseException as error:
            errors.append(error)

    thread = threading.Thread(target=decode_deep)
    thread.start()
    seen = set()
    try:
        for _ in range(20_000):
            seen.add((sys.getrecursionlimit(), gc.isenabled()))
    finally:
        stop.set()
        thread.join()
    assert errors == []
    assert seen == {(1000, True)}


def _deep_value(depth: int, *, known: bool) -> Value:
    # The innermost attribute name differs with the depth, so no two calls share a type.
    leaf = Value.number(2) if known else Value.unknown(DYNAMIC)
    value = Value.object({f"k{depth}": leaf, "n": Value.number(1)})
    for _ in range(depth):
        value = Value.tuple([value, Value.list([Value.string("s")])])
    return value


@pytest.mark.parametrize(
    ("operation", "known"),
    [
        (lambda a, b: a.equals(b), False),
        (lambda a, b: a == b, False),
        (lambda a, b: hash(a), False),
        (lambda a, b: repr(a), False),
        (lambda a, b: a.is_wholly_known, False),
        (lambda a, b: convert(a, b.type), False),
        (lambda a, b: unify([a.type, b.type]), False),
        (lambda a, b: to_python(a), True),
        (lambda a, b: encode_json(a, DYNAMIC), True),
    ],
    ids=[
        "equals",
        "==",
        "hash",
        "repr",
        "is_wholly_known",
        "convert",
        "unify",
        "to_python",
        "JSON",
    ],
)
def test_deep_value_operations_take_time_linear_in_depth(
    operation: Callable[[Value, Value], object],
    known: bool,
    call_count: Callable[[Callable[[], object]], int],
) -> None:
    # Counted in calls, not seconds: twice the depth takes (about) twice the calls.
    def work(depth: int) -> int:
        a, b = _deep_value(depth, known=known), _deep_value(depth, known=known)
        return call_count(lambda: operation(a, b))

    small = work(50)
    assert work(100) <= 2.2 * small


def test_the_command_writes_the_deepest_values(tmp_path: Path) -> None:
    depth = CONSTRUCTS["tuple"][3]
    (tmp_path / "deep.hcl").write_text(CONSTRUCTS["tuple"][0](depth))
    (tmp_path / "deep_schema.py").write_text(
        "from typing import Any\nimport attrs\n\n@attrs.define\nclass Holder:\n    a: Any\n"
    )
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(
            [
                "decode",
                str(tmp_path / "deep.hcl"),
                "--schema",
                f"{tmp_path / 'deep_schema.py'}:Holder",
            ]
        )
    assert status == 0
    assert json.loads(out.getvalue()) == {"a": _wrapped(depth, 1, lambda x: [x])}
