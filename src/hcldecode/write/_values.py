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

import re

from .._text import go_quote, is_identifier
from ..native._ast import escape_template_literal
from ..values import _number as number
from ..values._types import BOOL, NUMBER, STRING, ListType, MapType, ObjectType, SetType, TupleType
from ..values._value import Value
from ._format import format

__all__ = [
    "StringError",
    "check_text",
    "key_step",
    "quoted_string",
    "raw_value_text",
    "shown",
    "value_text",
]

_SURROGATE = re.compile("[\ud800-\udfff]")


class StringError(ValueError):
    """A string that no file can hold (it has a lone surrogate, which UTF-8 cannot
    encode): where it is, as steps into the value written (``["key"][0]``,
    after the name of what holds it), and what is wrong."""

    def __init__(self, path: str, detail: str) -> None:
        super().__init__(f"{path}: {detail}" if path else detail)
        self.path = path
        self.detail = detail

    def within(self, outer: str) -> StringError:
        """The same error, in what ``outer`` names (a name, or a step before the path)."""
        return StringError(outer + self.path, self.detail)


def shown(text: str) -> str:
    """A text quoted for a message, as Go's ``%q`` quotes it, lone surrogates as
    ``\\uXXXX`` escapes (a message must stay printable)."""
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", go_quote(text))


def key_step(key: str) -> str:
    """The step to a map key or object attribute in an error's path: ``["key"]``."""
    return f"[{shown(key)}]"


def check_text(text: str, what: str = "the string", start: int = 0, end: int = -1) -> None:
    """Raise :class:`StringError` when ``text`` (or its characters ``start`` to before
    ``end``) has a lone surrogate: a text no UTF-8 file can hold (``what`` names it
    in the message, with the character's index in ``text``)."""
    found = _SURROGATE.search(text, start, len(text) if end < 0 else end)
    if found is not None:
        char = ord(found.group())
        raise StringError(
            "",
            f"character {found.start()} of {what} is a lone surrogate (U+{char:04X}), "
            "which UTF-8 cannot encode",
        )


def quoted_string(text: str) -> str:
    """A text as a quoted native-syntax string literal that reads back as the text.

    Args:
        text: Any text.

    Returns:
        The literal, quotes included, escaped as the module says.

    Raises:
        ValueError: The text has a lone surrogate (such as ``"\\ud800"``),
            which no UTF-8 file can hold; the message gives its index.
    """
    if text.isprintable() and not any(c in text for c in '"\\${%'):
        return f'"{text}"'
    check_text(text)
    return '"' + escape_template_literal(text, quoted=True) + '"'


def raw_value_text(value: Value) -> str:
    """The native-syntax text of a known value, before layout (see the module).

    Args:
        value: The value.

    Returns:
        The text, for embedding in a larger text that is formatted as a whole.

    Raises:
        ValueError: The value is unknown, or holds an unknown value, an
            infinity (which has no literal) or a capsule; or a string (or
            key) in it has a lone surrogate, which no UTF-8 file can hold
            (the message gives the path to it and the character's index).
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
            try:
                _append(element, parts)
            except StringError as exc:
                raise exc.within(f"[{i}]") from None
        parts.append("]")
    elif isinstance(t, MapType | ObjectType):
        items = list(value.items())
        parts.append("{\n" if items else "{")
        for key, element in items:
            if is_identifier(key) and key != "for":
                parts.append(key)
            else:
                check_text(key, f"the key {shown(key)}")
                parts.append(quoted_string(key))
            parts.append(" = ")
            try:
                _append(element, parts)
            except StringError as exc:
                raise exc.within(key_step(key)) from None
            parts.append("\n")
        parts.append("}")
    else:
        raise ValueError(f"a {t.friendly_name()} value has no HCL text")
