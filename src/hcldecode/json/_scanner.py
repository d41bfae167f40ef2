"""Lexical rules of JSON as the reference's JSON scanner applies them.

The scanner is lax on purpose, as the reference's is: a number token is any
run of ``-+.eE`` and digits, a keyword any run of ASCII letters and ``_``,
and a string token runs to its closing quote or to the first control
character. The parser then checks each token strictly, so that it can say
precisely what is wrong ("Invalid JSON keyword", "Did you mean ...?").

Everything here works on runs of characters with compiled regular
expressions; nothing loops over single characters.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = [
    "KEYWORD_VALUES",
    "NUMBER",
    "PLAIN_KEY",
    "TOKEN",
    "T_EQUALS",
    "T_INVALID",
    "T_KEYWORD",
    "T_NUMBER",
    "T_PLAIN_STRING",
    "T_PUNCT",
    "T_STRING",
    "StringError",
    "bad_escape_index",
    "comment_or_quote_hint",
    "decode_string",
    "replace_surrogates",
]

_WS: Final = "[ \t\n\r]*"
_PLAIN_CHARS: Final = r'[^"\\\x00-\x1f]'

#: Token kinds, the group numbers of :data:`TOKEN`. At the end of the input
#: no group matches (``lastindex`` is ``None``).
T_PLAIN_STRING: Final = 1  # a string without escapes; the group is its content
T_PUNCT: Final = 2  # one of { } [ ] , :
T_STRING: Final = 3  # any other string token: with escapes, or unterminated
T_NUMBER: Final = 4
T_KEYWORD: Final = 5
T_EQUALS: Final = 6  # "=", only to point out that JSON uses ":"
T_INVALID: Final = 7  # a character that cannot start a token

#: White space, then one token (or nothing, at the end of the input).
TOKEN: Final = re.compile(
    _WS
    + "(?:"
    + f'"({_PLAIN_CHARS}*)"'
    + r"|([{}\[\],:])"
    + f'|("{_PLAIN_CHARS}*(?:\\\\[^\\x00-\\x1f]?{_PLAIN_CHARS}*)*"?)'
    + r"|([-+.0-9][-+.eE0-9]*)"
    + r"|([A-Za-z][A-Za-z_]*)"
    + r"|(=)"
    + r"|(.)"
    + ")?",
    re.DOTALL,
)

#: A complete property name and its colon, the common case inside objects.
PLAIN_KEY: Final = re.compile(_WS + f'"({_PLAIN_CHARS}*)"' + _WS + ":")

#: JSON's number grammar (RFC 8259 section 6).
NUMBER: Final = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")

#: The JSON keywords and their Python values.
KEYWORD_VALUES: dict[str, bool | None] = {"true": True, "false": False, "null": None}

_SIMPLE_ESCAPES: Final = {
    '"': '"',
    "\\": "\\",
    "/": "/",
    "b": "\b",
    "f": "\f",
    "n": "\n",
    "r": "\r",
    "t": "\t",
}
# An escape: a UTF-16 surrogate pair, a \u escape, a one-character escape,
# or a backslash followed by anything else (an error).
_ESCAPE: Final = re.compile(
    r"\\(?:u([dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2})"
    r"|u([0-9a-fA-F]{4})"
    r'|(["\\/bfnrt])'
    r"|(u[0-9a-fA-F]{0,3}|.?))",
    re.DOTALL,
)
# An escape, not the code points: mypyc refuses those in string literals.
_SURROGATE: Final = re.compile(r"[\ud800-\udfff]")
_REPLACEMENT: Final = "\ufffd"


class StringError(ValueError):
    """A string token is not a valid JSON string.

    ``start`` and ``end`` are the offsets of the faulty part within the
    token: a bad escape sequence, or the empty span at the end of a string
    that lacks its closing quote.
    """

    def __init__(self, start: int, end: int) -> None:
        super().__init__(start, end)
        self.start = start
        self.end = end


def replace_surrogates(s: str) -> str:
    """``s`` with every lone surrogate replaced by U+FFFD, as Go's decoder does.

    In decoded text, lone surrogates stand for bytes that were not valid
    UTF-8 (or came from a ``str`` that was not valid Unicode).
    """
    return _SURROGATE.sub(_REPLACEMENT, s)


def decode_string(token: str) -> str:
    """The value of the string token ``token`` (quotes included).

    Escapes are decoded as Go's ``encoding/json`` decodes them: a valid
    surrogate pair of ``\\u`` escapes is one character, a lone surrogate
    escape is U+FFFD. Raises :class:`StringError` for an invalid escape or a
    missing closing quote.
    """
    if len(token) < 2 or token[-1] != '"' or _ends_in_open_escape(token):
        raise StringError(len(token), len(token))
    body = token[1:-1]

    def escape(m: re.Match[str]) -> str:
        high, low, unit, simple, bad = m.groups()
        if high is not None:
            return chr(0x10000 + ((int(high, 16) - 0xD800) << 10) + int(low, 16) - 0xDC00)
        if unit is not None:
            code = int(unit, 16)
            return _REPLACEMENT if 0xD800 <= code <= 0xDFFF else chr(code)
        if simple is not None:
            return _SIMPLE_ESCAPES[simple]
        assert bad is not None
        raise StringError(m.start() + 1, m.end() + 1)

    value = _ESCAPE.sub(escape, body)
    return replace_surrogates(value)


def bad_escape_index(token: str) -> int | None:
    """The index in the string token ``token`` of the character that makes its first escape invalid.

    That is the character after the backslash, or for ``\\u`` the first
    that is not a hex digit, where Go's ``encoding/json`` finds the error;
    ``None`` when every escape is valid or the token ends inside one.
    """
    for m in _ESCAPE.finditer(token, 1):
        if m.group(5) is not None:
            bad = m.end() if m.group(5).startswith("u") else m.start() + 1
            return bad if bad < len(token) else None
    return None


def _ends_in_open_escape(token: str) -> bool:
    """True when the final quote of ``token`` is escaped (an odd run of backslashes before it)."""
    run = len(token) - 1 - len(token[:-1].rstrip("\\"))
    return run % 2 == 1


_COMMENT_HINT: Final = (
    " JSON does not allow comments; in an HCL JSON body a property named"
    ' "//" can hold a comment instead.'
)
_QUOTE_HINT: Final = ' JSON strings must be enclosed in double quotes ("), not single quotes.'


def comment_or_quote_hint(text: str, offset: int) -> str:
    """A sentence to add to a diagnostic about an unexpected character at ``offset``.

    It explains two common slips, comments and single-quoted strings, and is
    empty for anything else.
    """
    if text.startswith(("//", "/*", "#"), offset):
        return _COMMENT_HINT
    if text.startswith("'", offset):
        return _QUOTE_HINT
    return ""
