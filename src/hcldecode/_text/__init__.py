"""Text rules shared by every layer (private): Unicode identifiers, grapheme
clusters and white space as HCL sees them, quoting names and counting nouns
in messages, and "Did you mean ...?" suggestions."""

from __future__ import annotations

from ._plural import counted
from ._quote import go_quote
from ._safe import terminal_safe
from ._suggest import edit_distance, suggest
from ._unicode import (
    ASCII_IDENT_PATTERN,
    IDENT_PATTERN,
    SPACE_CHARS,
    SPACE_CLASS,
    UNICODE_VERSION,
    cluster_starts,
    grapheme_count,
    has_joiners,
    is_identifier,
    is_space,
    iter_graphemes,
)

__all__ = [
    "ASCII_IDENT_PATTERN",
    "IDENT_PATTERN",
    "SPACE_CHARS",
    "SPACE_CLASS",
    "UNICODE_VERSION",
    "cluster_starts",
    "counted",
    "edit_distance",
    "go_quote",
    "grapheme_count",
    "has_joiners",
    "is_identifier",
    "is_space",
    "iter_graphemes",
    "suggest",
    "terminal_safe",
]
