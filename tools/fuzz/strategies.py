"""Hypothesis strategies for the fuzz targets: HCL values (known, unknown, refined),
expression source text, configuration bodies, and edit operations on documents."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from hypothesis import strategies as st

from hcldecode.functions import STDLIB
from hcldecode.values import (
    BOOL,
    DYNAMIC,
    NUMBER,
    STRING,
    ListType,
    MapType,
    Value,
)

# Text with the characters that tend to break things: controls, quotes,
# template and heredoc markers, non-BMP characters, combining marks.
_ODD = st.sampled_from(
    [
        "",
        "$",
        "${",
        "%{",
        "}",
        '"',
        "\\",
        "\n",
        "\r",
        "\t",
        "\x00",
        "\x1b",
        "é",
        "e\u0301",
        "\u202e",
        "😀",
        "\ufeff",
        "<<EOT",
        "EOT",
        "#",
        "//",
        "/*",
        "*/",
        "~",
        "%%",
        "%d",
        "%s",
    ]
)
TEXT = st.one_of(st.text(max_size=12), st.lists(_ODD, max_size=4).map("".join))
SHORT_TEXT = st.text(st.characters(codec="utf-8"), max_size=6)
NAMES = st.sampled_from(["a", "b", "name", "count", "x_y", "for", "in", "if", "null", "true"])

NUMBERS = st.one_of(
    st.integers(-(2**70), 2**70),
    st.integers(-5, 5),
    st.decimals(allow_nan=False, allow_infinity=False, places=3, min_value=-1000, max_value=1000),
    st.sampled_from([Decimal("1e100"), Decimal("-1e-100"), Decimal("0.1"), 2**63, -(2**63)]),
)


def number_value(n: Any) -> Value:
    return Value.number(n)


PRIMITIVES = st.one_of(
    NUMBERS.map(number_value),
    TEXT.map(Value.string),
    st.booleans().map(Value.bool),
    st.sampled_from([Value.null(STRING), Value.null(NUMBER), Value.null(DYNAMIC)]),
    st.sampled_from(
        [
            Value.unknown(STRING),
            Value.unknown(NUMBER),
            Value.unknown(BOOL),
            Value.unknown(DYNAMIC),
            Value.unknown(STRING).refine().not_null().string_prefix("ab").new_value(),
            Value.unknown(NUMBER).refine().number_range_inclusive(1, 9).new_value(),
            Value.unknown(ListType(STRING)).refine().collection_length_upper_bound(3).new_value(),
            Value.unknown(MapType(NUMBER)),
        ]
    ),
    st.just(Value.number(float("inf"))),
)


def _collections(children: st.SearchStrategy[Value]) -> st.SearchStrategy[Value]:
    same_strings = st.lists(TEXT.map(Value.string), max_size=4)
    return st.one_of(
        st.lists(children, max_size=4).map(Value.tuple),
        st.dictionaries(SHORT_TEXT, children, max_size=4).map(Value.object),
        same_strings.map(lambda xs: Value.list(xs) if xs else Value.list([], STRING)),
        same_strings.map(lambda xs: Value.set(xs) if xs else Value.set([], STRING)),
        st.dictionaries(SHORT_TEXT, NUMBERS.map(number_value), min_size=1, max_size=4).map(
            Value.map
        ),
    )


VALUES = st.recursive(PRIMITIVES, _collections, max_leaves=12)

# ------------------------------------------------------------------ expression source

FUNCTION_NAMES = st.sampled_from(sorted(STDLIB))
_VARIABLES = st.sampled_from(
    [
        "var.name",
        "var.list",
        "var.list[0]",
        "var.map.a",
        "var.missing",
        "unknown.string",
        "unknown.number",
        "unknown.list",
        "unknown.bool",
        "count",
        "var.list[*]",
        "var",
    ]
)
_LITERALS = st.one_of(
    st.integers(-100, 100).map(str),
    st.sampled_from(["null", "true", "false", "1.5", "1e3", "[]", "{}", '""', "-0"]),
    # Costly operands, so that the budget sees big inputs (issue 29 items 1-2).
    st.sampled_from(["1e100000", "range(1000)", '"%9999s"', "2e308", "1e-400"]),
    # Work with the most CPU time per step of the budget (benchmarks/steps.py): a
    # long run of letters and a pattern that backtracks on it, numbers that are
    # not integers, per-element templates and calls.
    st.sampled_from(
        [
            'replace(format("%3000s", ""), " ", "a")',
            '"\\\\w+x"',
            "1 / 7",
            '[for y in range(1000): "${y}"]',
            '[for y in range(1000): format("%d", y)]',
        ]
    ),
    TEXT.map(
        lambda t: (
            '"'
            + t.replace("\\", "\\\\")
            .replace('"', '\\"')
            .replace("\n", "\\n")
            .replace("\r", "")
            .replace("\x00", "")
            + '"'
        )
    ),
)


def _compound(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    args = st.lists(inner, max_size=3).map(", ".join)
    return st.one_of(
        st.tuples(FUNCTION_NAMES, args).map(lambda t: f"{t[0]}({t[1]})"),
        st.tuples(st.sampled_from(["try", "can"]), args).map(lambda t: f"{t[0]}({t[1]})"),
        st.tuples(
            inner,
            st.sampled_from(["+", "-", "*", "/", "%", "==", "!=", "<", ">=", "&&", "||"]),
            inner,
        ).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        st.tuples(inner, inner, inner).map(lambda t: f"({t[0]} ? {t[1]} : {t[2]})"),
        st.lists(inner, max_size=3).map(lambda xs: "[" + ", ".join(xs) + "]"),
        st.lists(st.tuples(NAMES, inner), max_size=3).map(
            lambda kv: "{" + ", ".join(f"{k} = {v}" for k, v in kv) + "}"
        ),
        st.tuples(inner, inner).map(lambda t: f"[for i, v in {t[0]}: {t[1]}]"),
        st.tuples(inner, inner).map(lambda t: f'{{for k, v in {t[0]}: "${{k}}" => {t[1]}}}'),
        st.tuples(inner, inner).map(lambda t: f"[for v in {t[0]}: v if {t[1]}]"),
        st.tuples(inner, inner).map(lambda t: f"{t[0]}[{t[1]}]"),
        inner.map(lambda t: f"{t}[*]"),
        inner.map(lambda t: f"{t}.a"),
        inner.map(lambda t: f'"x${{{t}}}y"'),
        inner.map(lambda t: f'"%{{ for v in {t} }}${{v}},%{{ endfor }}"'),
        inner.map(lambda t: f"!{t}"),
        inner.map(lambda t: f"-{t}"),
        inner.map(lambda t: f"{t}..."),
    )


EXPRESSIONS = st.recursive(st.one_of(_LITERALS, _VARIABLES), _compound, max_leaves=10)

# ------------------------------------------------------------------ bodies


def _attribute(expr: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.tuples(NAMES, expr).map(lambda t: f"{t[0]} = {t[1]}\n")


_COMMENTS = st.sampled_from(["", "# c\n", "// c\n", "/* c */\n"])
_HEREDOC = st.tuples(st.sampled_from(["<<EOT", "<<-EOT"]), TEXT).map(
    lambda t: f"{t[0]}\n{t[1].replace(chr(13), '')}\nEOT"
)


def _block(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    labels = st.lists(st.sampled_from(['"a"', '"b"', "c", '"${x}"']), max_size=2).map(" ".join)
    multi = st.tuples(NAMES, labels, st.lists(inner, max_size=4).map("".join)).map(
        lambda t: f"{t[0]} {t[1]} {{\n{t[2]}}}\n"
    )
    one_line = st.tuples(NAMES, labels, st.one_of(_attribute(EXPRESSIONS), st.just(""))).map(
        lambda t: f"{t[0]} {t[1]} {{ {t[2].strip()} }}\n"
    )
    return st.one_of(multi, one_line)


_ITEMS = st.recursive(
    st.one_of(
        _attribute(EXPRESSIONS),
        _attribute(_HEREDOC),
        st.tuples(_attribute(EXPRESSIONS), _COMMENTS).map(
            lambda t: t[0].rstrip("\n") + " " + t[1] if t[1] else t[0]
        ),
        _COMMENTS,
        st.just("\n"),
    ),
    _block,
    max_leaves=8,
)
BODIES = st.lists(_ITEMS, max_size=8).map("".join)


def _dynamic(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.tuples(
        st.sampled_from(["item", "sub", "other"]),
        EXPRESSIONS,
        st.sampled_from(["", "  iterator = it\n", "  iterator = item\n", "  iterator = 3\n"]),
        st.sampled_from(
            [
                "",
                '  labels = ["x"]\n',
                "  labels = [item.key]\n",
                "  labels = [tostring(item.value)]\n",
                "  labels = item.value\n",
            ]
        ),
        st.lists(
            st.one_of(
                _attribute(
                    st.sampled_from(
                        [
                            "item.value",
                            "item.key",
                            "it.value",
                            "sub.value",
                            "item.value.a",
                            "1",
                            "upper(item.key)",
                        ]
                    )
                ),
                inner,
            ),
            max_size=3,
        ).map("".join),
    ).map(
        lambda t: (
            f'dynamic "{t[0]}" {{\n  for_each = {t[1]}\n{t[2]}{t[3]}  content {{\n{t[4]}  }}\n}}\n'
        )
    )


DYNAMIC_BODIES = st.lists(
    st.recursive(
        st.one_of(_attribute(EXPRESSIONS), st.just('item "a" {\n  value = 1\n}\n')),
        _dynamic,
        max_leaves=4,
    ),
    max_size=4,
).map("".join)

# ------------------------------------------------------------------ edits

EDIT_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    TEXT,
    st.lists(st.integers(), max_size=3),
    st.dictionaries(NAMES, st.integers(), max_size=3),
)
RAW_EXPRESSIONS = st.one_of(EXPRESSIONS, _HEREDOC, st.sampled_from(["1 # trailing", "[\n1,\n2\n]"]))
EDITS = st.lists(
    st.one_of(
        st.tuples(st.just("set"), NAMES, EDIT_VALUES),
        st.tuples(st.just("raw"), NAMES, RAW_EXPRESSIONS),
        st.tuples(st.just("rename"), NAMES, NAMES),
        st.tuples(st.just("remove"), NAMES),
        st.tuples(
            st.just("append_block"), NAMES, st.lists(st.sampled_from(["a", "b c", ""]), max_size=2)
        ),
        st.tuples(st.just("newline")),
        st.tuples(st.just("remove_block"), st.integers(0, 3)),
        st.tuples(st.just("traversal"), NAMES, st.sampled_from(["var.a", "local.b[0]", "x"])),
    )
    .map(lambda t: (t, None))
    .flatmap(lambda t: st.tuples(st.just(t[0]), st.integers(0, 5))),
    max_size=8,
)
