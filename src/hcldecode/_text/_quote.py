"""Quoting names and text in messages, the one way every message does it.

The reference builds its messages with Go's ``%q``, so names, labels and
characters quoted in diagnostics and errors look the same everywhere:
``"café"`` stays readable, while ``"a\\"b"`` and ``"\\u200b"`` show what a
reader could not otherwise see.
"""

from __future__ import annotations

import re

__all__ = ["go_quote"]

_GO_ESCAPES = {
    "\a": r"\a",
    "\b": r"\b",
    "\f": r"\f",
    "\n": r"\n",
    "\r": r"\r",
    "\t": r"\t",
    "\v": r"\v",
    "\\": r"\\",
    '"': r"\"",
}
# Compiled by ``re`` when first used (``import hcldecode`` does not pay for it).
_GO_NEEDS_ESCAPE = r'[\\"]|[^\w ]'


def _go_escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in _GO_ESCAPES:
        return _GO_ESCAPES[char]
    if char.isprintable():
        return char
    code = ord(char)
    if code < 0x20 or code == 0x7F:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def go_quote(text: str) -> str:
    """``text`` as a double-quoted string literal the way Go's ``%q`` writes it.

    Messages of the reference quote names with ``%q``: printable characters
    stay as they are, ``"`` and ``\\`` are escaped, control characters become
    ``\\n``, ``\\x01``, ``\\u200b`` and so on.
    """
    return '"' + re.sub(_GO_NEEDS_ESCAPE, _go_escape, text) + '"'
