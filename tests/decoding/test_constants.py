"""Constant attributes decode to the values the evaluator gives them, limits included.

The decoder reads constants (numbers, bools, null, quoted strings without
interpolations, and tuples of them) without running the evaluator; these
tests hold it to the evaluator's answers, and to its diagnostics where a
limit is passed.
"""

from __future__ import annotations

import dataclasses

import pytest
from decoding_helpers import problems, span
from hypothesis import given, settings
from hypothesis import strategies as st

import hcldecode as hcl


@dataclasses.dataclass
class Holder:
    v: hcl.Value


def _string_literal(text: str) -> str:
    """``text`` as a native quoted string (no template sequences in it)."""
    escapes = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}
    body = "".join(
        escapes.get(c, c if c.isprintable() else f"\\u{ord(c):04x}") if ord(c) < 0x10000 else c
        for c in text
    )
    return '"' + body.replace("${", "$${").replace("%{", "%%{") + '"'


_SCALARS = st.one_of(
    st.integers(-(10**30), 10**30).map(str),
    st.sampled_from(["0", "1.5", "1e3", "2.50", "0.1", "1e-7", "007", "1E+2", "3.0e400"]),
    st.sampled_from(["true", "false", "null"]),
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=12).map(_string_literal),
    # Decomposed and composed forms (strings are NFC-normalised), escapes.
    st.sampled_from(['"e\\u0301"', '"\\u00e9"', '"a\\tb\\n"', '"\\\\"', '"\\U0001F600"']),
)
_CONSTANTS = st.one_of(
    _SCALARS,
    st.lists(_SCALARS, max_size=5).map(lambda items: "[" + ", ".join(items) + "]"),
    st.lists(_SCALARS, min_size=1, max_size=3).map(
        lambda items: "[\n  " + ",\n  ".join(items) + ",\n]"
    ),
)


@settings(max_examples=300, deadline=None)
@given(_CONSTANTS)
def test_constants_decode_to_the_evaluators_values(text: str) -> None:
    expr, diags = hcl.native.parse_expression(text)
    assert not diags.has_errors()
    expected, found = expr.value(None)
    assert not found.has_errors()
    decoded = hcl.loads(f"v = {text}\n", Holder).v
    assert decoded == expected
    assert decoded.type == expected.type


def test_a_string_past_the_limit_is_still_reported() -> None:
    decoder = hcl.Decoder(limits=hcl.Limits(max_string_length=3))
    text = 'v = "abcd"\n'
    with pytest.raises(hcl.DecodeError) as info:
        decoder.loads(text, Holder, filename="t.hcl")
    found = [(d.summary, str(d.subject)) for d in info.value.diagnostics]
    assert found == [("String too long", span(text, '"abcd"'))]
    assert decoder.loads('v = ["abc"]\n', Holder).v == hcl.Value.tuple([hcl.Value.string("abc")])


def test_a_tuple_past_the_cost_limit_is_still_reported() -> None:
    decoder = hcl.Decoder(limits=hcl.Limits(max_cost=5))
    text = "v = [1, 2, 3, 4, 5, 6]\n"
    with pytest.raises(hcl.DecodeError) as info:
        decoder.loads(text, Holder, filename="t.hcl")
    found = [(d.summary, str(d.subject)) for d in info.value.diagnostics]
    assert found == [("Expression too costly", span(text, "[1, 2, 3, 4, 5, 6]"))]


def test_constants_that_do_not_fit_are_reported_as_before() -> None:
    @dataclasses.dataclass
    class Typed:
        n: int = 0
        names: list[str] = dataclasses.field(default_factory=list)

    text = 'n = "x"\nnames = ["a", ["b"]]\n'
    assert problems(text, Typed) == [
        ("Unsuitable value type", "Unsuitable value: a number is required.", span(text, '"x"')),
        (
            "Unsuitable value type",
            "Unsuitable value: element 1: string required, but have tuple.",
            span(text, '["b"]'),
        ),
    ]
