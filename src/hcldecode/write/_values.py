"""HCL values as native-syntax text, as HCL's ``hclwrite.TokensForValue`` writes them.

Strings are quoted, with ``\\n``, ``\\r``, ``\\t``, ``\\"`` and ``\\\\``
escaped, ``${`` and ``%{`` doubled so that they are not read as templates,
and characters that are not printable written as ``\\uXXXX`` or
``\\UXXXXXXXX``; numbers in their shortest exact decimal form, never with
an exponent; lists, sets and tuples on one line (``[1, 2, 3]``); maps and
objects one attribute a line, keys as identifiers where they are valid and
quoted otherwise (``for`` too, which would start a ``for`` expression). The
text is laid out as ``hclfmt`` would (:func:`value_text` formats it);
:func:`raw_value_text` gives it unformatted, for embedding in a larger text
that is formatted as a whole.
"""

from __future__ import annotations

from .._text import is_identifier
from ..values import _number as number
from ..values._types import BOOL, NUMBER, STRING, ListType, MapType, ObjectType, SetType, TupleType
from ..values._value import Value
from ._format import format

__all__ = ["quoted_string", "raw_value_text", "value_text"]

_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t", '"': '\\"', "\\": "\\\\"}


def quoted_string(text: str) -> str:
    """A text as a quoted native-syntax string literal that reads back as the text.

    Args:
        text: Any text.

    Returns:
        The literal, quotes included, escaped as the module says.
    """
    if text.isprintable() and not any(c in text for c in '"\\${%'):
        return f'"{text}"'
    out = []
    for i, char in enumerate(text):
        escape = _ESCAPES.get(char)
        if escape is not None:
            out.append(escape)
        elif char in "$%":
            out.append(char + char if text.startswith("{", i + 1) else char)
        elif char.isprintable():
            out.append(char)
        elif ord(char) < 0x10000:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(f"\\U{ord(char):08x}")
    return '"' + "".join(out) + '"'


def raw_value_text(value: Value) -> str:
    """The native-syntax text of a known value, before layout (see the module).

    Args:
        value: The value.

    Returns:
        The text, for embedding in a larger text that is formatted as a whole.

    Raises:
        ValueError: The value is unknown, or holds an unknown value, an
            infinity (which has no literal) or a capsule.
    """
    parts: list[str] = []
    _append(value, parts)
    return "".join(parts)


def value_text(value: Value) -> str:
    """The native-syntax text of a known value, laid out as ``hclfmt`` would.

    Args:
        value: The value.

    Returns:
        The text (maps and objects take several lines).

    Raises:
        ValueError: As for :func:`raw_value_text`.
    """
    text, diags = format("v = " + raw_value_text(value) + "\n")
    assert not diags.has_errors(), diags
    return text[len("v = ") : -1]


def _append(value: Value, parts: list[str]) -> None:
    if not value.is_known:
        raise ValueError("an unknown value has no HCL text")
    if value.is_null:
        parts.append("null")
        return
    t = value.type
    if t == STRING:
        parts.append(quoted_string(value.as_str()))
    elif t == NUMBER:
        n = value.as_number()
        if isinstance(n, float):
            raise ValueError("an infinite number has no HCL literal")
        parts.append(number.to_string(n))
    elif t == BOOL:
        parts.append("true" if value.as_bool() else "false")
    elif isinstance(t, ListType | SetType | TupleType):
        parts.append("[")
        for i, element in enumerate(value.elements()):
            if i:
                parts.append(", ")
            _append(element, parts)
        parts.append("]")
    elif isinstance(t, MapType | ObjectType):
        items = list(value.items())
        parts.append("{\n" if items else "{")
        for key, element in items:
            parts.append(key if is_identifier(key) and key != "for" else quoted_string(key))
            parts.append(" = ")
            _append(element, parts)
            parts.append("\n")
        parts.append("}")
    else:
        raise ValueError(f"a {t.friendly_name()} value has no HCL text")
