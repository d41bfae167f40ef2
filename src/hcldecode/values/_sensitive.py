"""Sensitive values: the one mark whose values hcldecode never shows.

:data:`SENSITIVE` is a mark (see :meth:`Value.mark`) like any other, and
follows a value through everything HCL does with it. What sets it apart is
that the layers above never show a value that carries it: a diagnostic
says ``(sensitive value)`` (Terraform's words) where it would show one, a
message about a part of a sensitive value has the value's text taken out,
and a value's ``repr`` does not show it.

This module holds the mark and the helpers the layers above use to take a
sensitive value's text out of a message (:func:`secrets_of`,
:func:`redact`). They cost nothing until a value has been marked
(:attr:`Marking.used`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .._text import go_quote
from ._number import go_float_text
from ._types import BOOL, NUMBER, STRING, CollectionType, MapType, ObjectType, TupleType
from ._value import SENSITIVE, Marking, Value

__all__ = ["REDACTED", "SENSITIVE", "is_sensitive", "redact", "secrets_of", "texts_of"]

REDACTED = "(sensitive value)"
"""What is shown in place of a sensitive value (Terraform's wording)."""


def is_sensitive(value: Value) -> bool:
    """Whether ``value``, or any part of it, carries :data:`SENSITIVE`."""
    return Marking.used and value.has_mark_deep(SENSITIVE)


def secrets_of(value: Value) -> list[str]:
    """The texts a message could show of the sensitive parts of ``value``: each
    sensitive string, number or bool as it is, quoted as Go and Python quote it,
    longest first (empty when nothing in it is sensitive)."""
    if not is_sensitive(value):
        return []
    found: set[str] = set()
    _walk(value, False, found)
    return sorted(found, key=lambda text: (-len(text), text))


def texts_of(value: Value) -> list[str]:
    """The texts a message could show of ``value`` as a whole, as :func:`secrets_of`
    gives those of its sensitive parts: for a value that is to be taken as sensitive
    without being marked (a field declared sensitive)."""
    found: set[str] = set()
    _walk(value, True, found)
    return sorted(found, key=lambda text: (-len(text), text))


def _walk(value: Value, inside: bool, found: set[str]) -> None:
    """Collect the texts of the sensitive parts of ``value``; ``inside``: it is
    part of a sensitive value."""
    if value.is_marked:
        inside = inside or value.has_mark(SENSITIVE)
        value = value.unmark()[0]
    if value.is_null or not value.is_known:
        return
    t = value.type
    if isinstance(t, CollectionType | TupleType | ObjectType):
        parts = (
            value.items() if isinstance(t, MapType | ObjectType) else enumerate(value.elements())
        )
        for _, element in parts:
            _walk(element, inside, found)
    elif not inside:
        return
    elif t == STRING:
        text = value.as_str()
        found.update((text, go_quote(text), repr(text)) if text else ('""', "''"))
    elif t == NUMBER:
        found.update((go_float_text(value.as_number()), str(value.as_number())))
    elif t == BOOL:
        found.add("true" if value.as_bool() else "false")


def redact(text: str, secrets: Iterable[str]) -> str:
    """``text`` with each of ``secrets`` (as :func:`secrets_of` gives them) replaced by
    ``(sensitive value)``; a secret that begins or ends with a letter or digit is
    replaced only where it is a whole word there."""
    for secret in secrets:
        if secret not in text:
            continue
        before = r"(?<![\w.])" if secret[0].isalnum() or secret[0] == "_" else ""
        after = r"(?![\w])" if secret[-1].isalnum() or secret[-1] == "_" else ""
        text = re.sub(before + re.escape(secret) + after, REDACTED, text)
    return text
