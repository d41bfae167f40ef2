"""Positions in a document: HCL's byte offsets and LSP's lines and columns.

HCL positions count columns in grapheme clusters, which no editor counts;
each also carries its byte offset into the UTF-8 source, and that is what
is mapped here. LSP positions are a line (split at ``\\n``, ``\\r\\n`` or
``\\r``) and a column in the code units of the negotiated encoding: UTF-16
by default, UTF-8 or UTF-32 when client and server agree on them.
"""

from __future__ import annotations

import bisect
import itertools
import re
from typing import Literal

__all__ = ["Encoding", "LineIndex", "units"]

Encoding = Literal["utf-8", "utf-16", "utf-32"]

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def units(text: str, encoding: Encoding) -> int:
    """The length of ``text`` in code units of ``encoding``."""
    if encoding == "utf-32":
        return len(text)
    if encoding == "utf-8":
        return len(text.encode("utf-8", "surrogatepass"))
    # Characters beyond the Basic Multilingual Plane take two UTF-16 code units.
    return len(text) + sum(1 for c in text if ord(c) > 0xFFFF)


def _chars(text: str, units: int, encoding: Encoding) -> int:
    """How many characters of ``text`` its first ``units`` code units hold (a unit
    inside a character counts as the character's start)."""
    if encoding == "utf-32":
        return min(units, len(text))
    count = 0
    for index, char in enumerate(text):
        if encoding == "utf-16":
            size = 2 if ord(char) > 0xFFFF else 1
        else:
            size = len(char.encode("utf-8", "surrogatepass"))
        if count + size > units:
            return index
        count += size
    return len(text)


class LineIndex:
    """One version of a document's text, with its lines found once.

    Args:
        text: The document's text.
        encoding: The code units LSP columns count.
    """

    __slots__ = ("_byte_starts", "_char_starts", "_ends", "encoding", "source", "text")

    def __init__(self, text: str, encoding: Encoding = "utf-16") -> None:
        self.text = text
        self.encoding: Encoding = encoding
        #: The UTF-8 bytes the HCL parser reads, whose offsets positions carry.
        self.source = text.encode("utf-8", "surrogatepass")
        char_starts = [0]
        ends = []
        for match in _LINE_BREAK.finditer(text):
            ends.append(match.start())
            char_starts.append(match.end())
        ends.append(len(text))
        if len(self.source) == len(text):  # ASCII: bytes and characters are one
            byte_starts = char_starts
        else:
            byte_starts = [0]
            byte = 0
            for start, end in itertools.pairwise(char_starts):
                byte += len(text[start:end].encode("utf-8", "surrogatepass"))
                byte_starts.append(byte)
        self._char_starts = char_starts
        self._byte_starts = byte_starts
        self._ends = ends

    @property
    def line_count(self) -> int:
        """The number of lines (a text ending in a line break has an empty last one)."""
        return len(self._char_starts)

    def line_text(self, line: int) -> str:
        """The text of a 0-based line, without its line break ("" past the end)."""
        if not 0 <= line < self.line_count:
            return ""
        return self.text[self._char_starts[line] : self._ends[line]]

    def position_of_line_end(self, line: int) -> int:
        """The LSP column of the end of a 0-based line (before its line break)."""
        return units(self.line_text(line), self.encoding)

    def position(self, byte: int) -> tuple[int, int]:
        """The LSP line and column (both 0-based) of a byte offset into :attr:`source`.

        An offset past the end is the end; one inside a character is the
        character's start.
        """
        byte = max(0, min(byte, len(self.source)))
        line = bisect.bisect_right(self._byte_starts, byte) - 1
        prefix = self.source[self._byte_starts[line] : byte].decode("utf-8", "ignore")
        # (an offset inside a line break counts from the line's start, as the break's start)
        prefix = prefix[: self._ends[line] - self._char_starts[line]]
        return line, units(prefix, self.encoding)

    def offset(self, line: int, column: int) -> int:
        """The byte offset into :attr:`source` of an LSP position.

        A line past the end is the end of the text; a column past the end of
        its line is the line's end (as LSP asks).
        """
        if line < 0:
            return 0
        if line >= self.line_count:
            return len(self.source)
        text = self.line_text(line)
        chars = _chars(text, max(0, column), self.encoding)
        return self._byte_starts[line] + len(text[:chars].encode("utf-8", "surrogatepass"))

    def char_offset(self, line: int, column: int) -> int:
        """The offset into :attr:`text` (in characters) of an LSP position."""
        if line < 0:
            return 0
        if line >= self.line_count:
            return len(self.text)
        text = self.line_text(line)
        return self._char_starts[line] + _chars(text, max(0, column), self.encoding)
