"""The formatter's general rules, on generated files: the layout does not depend on
the spaces a file had, formatting twice changes nothing, and the meaning is kept."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from value_strategies import hcl_values, nfc_text

from hcldecode.native import parse_config
from hcldecode.values import Value
from hcldecode.write import TokenKind, format, lex_config, new_document, tokens_text

K = TokenKind
_TEXT = nfc_text(6)
_NUMBERS = st.one_of(
    st.integers(-(10**20), 10**20).map(Value.number),
    st.decimals(allow_nan=False, allow_infinity=False, places=3).map(Value.number),
)
_VALUES = hcl_values(
    _NUMBERS,
    st.sampled_from(["a", "bb", "c-d", "if", "x y"]),
    text_size=6,
    max_size=3,
    max_leaves=8,
)
_NAMES = st.sampled_from(["a", "name", "long_name", "x1", "y"])


@st.composite
def _files(draw: st.DrawFn) -> str:
    doc = new_document()
    bodies = [doc.body]
    for _ in range(draw(st.integers(1, 6))):
        body = draw(st.sampled_from(bodies))
        if draw(st.integers(0, 3)):
            body.set_attribute(draw(_NAMES), draw(_VALUES))
        else:
            labels = draw(st.lists(_TEXT, max_size=2))
            bodies.append(body.append_block(draw(_NAMES), labels).body)
    return doc.text


@st.composite
def _respaced(draw: st.DrawFn, text: str) -> str:
    """``text`` with other spaces and tabs between its tokens (not inside strings)."""
    tokens = lex_config(text)
    quoted = 0
    previous = K.NEWLINE
    for token in tokens:
        if token.kind is K.CQUOTE:  # the spaces before it are in the string
            quoted -= 1
        elif not quoted and token.kind is not K.EOF:  # hclfmt keeps spaces at the end
            words = previous in _WORDS and token.kind in _WORDS
            token.spaces_before = draw(st.sampled_from([1, 2, 5] if words else [0, 1, 2, 5]))
        if token.kind is K.OQUOTE:
            quoted += 1
        previous = token.kind
    return tokens_text(tokens)


_WORDS = {K.IDENT, K.NUMBER}


def _values(text: str) -> list[tuple[str, Value]]:
    file, diags = parse_config(text)
    assert not diags.has_errors(), text
    found: list[tuple[str, Value]] = []
    bodies = [("", file.body)]
    while bodies:
        path, body = bodies.pop()
        for name, attribute in body.attributes.items():
            value, _ = attribute.expr.value(None)
            found.append((f"{path}.{name}", value))
        for block in body.blocks:
            bodies.append((f"{path}/{block.type}{list(block.labels)}", block.body))
    return sorted(found, key=lambda item: item[0])


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_formatting_is_idempotent_keeps_the_meaning_and_ignores_the_spacing(
    data: st.DataObject,
) -> None:
    text = data.draw(_files())
    spaced = data.draw(_respaced(text))
    formatted, diags = format(spaced)
    assert not diags.has_errors()
    assert format(formatted)[0] == formatted
    assert formatted == format(text)[0]
    before, after = _values(spaced), _values(formatted)
    assert [name for name, _ in before] == [name for name, _ in after]
    for (_, old), (_, new) in zip(before, after, strict=True):
        assert old.is_null == new.is_null
        assert old.is_null or old.equals(new).as_bool()
