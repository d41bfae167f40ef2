"""Hypothesis strategies for HCL values, shared by the writer's property tests."""

from __future__ import annotations

import unicodedata

from hypothesis import strategies as st

from hcldecode.values import NUMBER, Value


def nfc_text(max_size: int | None = None) -> st.SearchStrategy[str]:
    """Text as HCL keeps it: NFC-normalised."""
    return st.text(max_size=max_size).filter(lambda s: unicodedata.normalize("NFC", s) == s)


def hcl_values(
    numbers: st.SearchStrategy[Value],
    keys: st.SearchStrategy[str],
    *,
    text_size: int | None = None,
    max_size: int = 4,
    max_leaves: int = 12,
    texts: st.SearchStrategy[str] | None = None,
) -> st.SearchStrategy[Value]:
    """Strings (``texts``, by default any NFC text), the ``numbers`` given, bools,
    nulls, and tuples and objects of them."""
    primitives = st.one_of(
        (nfc_text(text_size) if texts is None else texts).map(Value.string),
        numbers,
        st.booleans().map(Value.bool),
        st.just(Value.null(NUMBER)),
    )
    return st.recursive(
        primitives,
        lambda inner: st.one_of(
            st.lists(inner, max_size=max_size).map(Value.tuple),
            st.dictionaries(keys, inner, max_size=max_size).map(Value.object),
        ),
        max_leaves=max_leaves,
    )
