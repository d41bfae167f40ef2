"""Text made safe to show on a terminal: the one rule every rendering uses.

A configuration, and the values it computes, may hold characters that act
on a terminal instead of showing: ESC starts escape sequences (colours,
cursor moves, window titles, hyperlinks, even clipboard writes), C1 controls
such as U+009B start them too on some terminals, a carriage return or
backspace overwrites what was shown, and the bidirectional controls
(U+202E and its kind) reorder what follows so that the text shown is not the
text read (the "Trojan Source" trick). Lone surrogates cannot be written at
all. Those characters are written as Go writes them in a quoted string
(``\\x1b``, ``\\r``, ``\\u202e``); everything else, tab and newline
included, is kept as it is, so that ordinary text is shown byte for byte as
the reference shows it.
"""

from __future__ import annotations

import re

__all__ = ["terminal_safe"]

# C0 and C1 controls (tab and newline excepted), DEL, the characters that
# reorder text or break lines (Arabic letter mark, LRM, RLM, line and paragraph
# separators, the embeddings and overrides U+202A-U+202E, the isolates
# U+2066-U+2069), and lone surrogates (which cannot be written). A pattern's text,
# compiled by ``re`` when first used: ``import hcldecode`` does not pay for it.
_UNSAFE = "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]"
_SHORT = {"\a": "\\a", "\b": "\\b", "\f": "\\f", "\r": "\\r", "\v": "\\v"}


def _escaped(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    return _SHORT.get(char) or (f"\\x{code:02x}" if code < 0x80 else f"\\u{code:04x}")


def terminal_safe(text: str) -> str:
    """``text`` with the characters that could act on a terminal written escaped."""
    if re.search(_UNSAFE, text) is None:  # the common case: nothing to change
        return text
    return re.sub(_UNSAFE, _escaped, text)
