"""Decoding source files, and positions in them.

The syntaxes scan the decoded text and remember character offsets; a
:class:`SourceMap` turns an offset into a :class:`~hcldecode.model.Pos`
only when a range is needed: the line, the column counted in grapheme
clusters from the start of the line (what a reader sees as characters), and
the byte offset in the file's UTF-8 encoding.

Files are decoded with :func:`decode_source`. Bytes that are not UTF-8 are
kept as lone surrogates (Python's ``surrogateescape``), one per byte, so
that every offset still corresponds to a byte of the file.
"""

from __future__ import annotations

import re
import weakref
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from itertools import accumulate
from typing import TYPE_CHECKING

from .._text import cluster_starts, has_joiners
from ._diagnostics import INITIAL_POS, Diagnostic, Diagnostics, Pos, Range, SourceFile

if TYPE_CHECKING:
    from array import array

__all__ = [
    "INVALID_ENCODING_DETAIL",
    "INVALID_ENCODING_SUMMARY",
    "FileRef",
    "SourceMap",
    "decode_source",
    "encode_source",
    "invalid_encoding",
    "utf8_length",
]

INVALID_ENCODING_SUMMARY = "Invalid character encoding"
INVALID_ENCODING_DETAIL = (
    "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor."
)

_UTF8_BOM = b"\xef\xbb\xbf"
# Patterns used once per file or rarely are kept as text and compiled by ``re``
# when first used, so that ``import hcldecode`` does not pay for them.
_SURROGATE = "[\ud800-\udfff]"
# A byte that is not UTF-8, as ``surrogateescape`` decoding keeps it.
_ESCAPED_BYTE = re.compile("[\udc80-\udcff]")
# Lone surrogates that are not escaped bytes, in runs (the runs are kept by split).
_OTHER_SURROGATES = "([\ud800-\udc7f\udd00-\udfff]+)"

_JSON_WIDTHS = {"\t": 2, "\r": 0}

# Chars per checkpoint of the UTF-8 byte offsets within a long line.
_BLOCK = 64


def utf8_length(s: str) -> int:
    """The number of bytes of ``s`` in the file it was decoded from.

    A lone surrogate left by ``surrogateescape`` decoding is its original
    byte; any other lone surrogate counts three bytes, as if it were a valid
    character.
    """
    if s.isascii():
        return len(s)
    length = len(s.encode("utf-8", "surrogatepass"))
    if _ESCAPED_BYTE.search(s) is None:
        return length
    # surrogatepass encodes every surrogate in three bytes.
    return length - 2 * (len(s) - len(_ESCAPED_BYTE.sub("", s)))


def encode_source(text: str) -> bytes:
    """The bytes that ``text``, decoded by :func:`decode_source`, was decoded from.

    A lone surrogate left by ``surrogateescape`` decoding is its original
    byte again; any other lone surrogate (from a ``str`` source) is encoded
    as if it were a valid character, three bytes, as :func:`utf8_length`
    counts it.
    """
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        pass
    parts = []
    for piece in re.split(_OTHER_SURROGATES, text):
        if re.fullmatch(_OTHER_SURROGATES, piece):
            parts.append(piece.encode("utf-8", "surrogatepass"))
        else:
            parts.append(piece.encode("utf-8", "surrogateescape"))
    return b"".join(parts)


def invalid_encoding(subject: Range) -> Diagnostic:
    """The reference's error for bytes that are not UTF-8, at ``subject``."""
    return Diagnostic.error(INVALID_ENCODING_SUMMARY, INVALID_ENCODING_DETAIL, subject)


def decode_source(
    src: bytes | str, filename: str, *, strip_bom: bool = True
) -> tuple[str, Diagnostics]:
    """Decode a source file.

    One leading UTF-8 byte order mark is removed when ``strip_bom`` is set
    (the native syntax does this; the JSON syntax does not), and positions
    then count from the character after it (the reference counts the
    mark's three bytes in byte offsets, though not in columns).

    Bytes that are not UTF-8 are kept as lone surrogates
    (``surrogateescape``), and the first of them is reported as
    ``Invalid character encoding`` with the range of that byte, as the
    reference's native syntax does. (That syntax accepts such bytes in
    comments, and its JSON syntax turns them into U+FFFD in strings without
    a diagnostic: a scanner that knows where bytes matter can ignore these
    diagnostics and report with :func:`invalid_encoding` itself.) A ``str``
    is taken as already decoded; lone surrogates in it are reported likewise.
    """
    if isinstance(src, bytes):
        if strip_bom and src.startswith(_UTF8_BOM):
            src = src[len(_UTF8_BOM) :]
        try:
            text = src.decode("utf-8")
        except UnicodeDecodeError:
            text = src.decode("utf-8", "surrogateescape")
            clean = False
        else:
            clean = True
    elif isinstance(src, str):
        text = src[1:] if strip_bom and src.startswith("\ufeff") else src
        clean = text.isascii()
    else:
        raise TypeError(f"source must be bytes or str, not {type(src).__name__}")
    diags = Diagnostics()
    bad = None if clean else re.search(_SURROGATE, text)
    if bad is not None:
        diags.append(invalid_encoding(SourceMap(filename, text).range(bad.start(), bad.end())))
    return text, diags


class FileRef:
    """A weak reference to a parsed file, from the positions of its text.

    A parsed tree's nodes refer to the positions of its text (a source map),
    and those refer to the file, for rendering diagnostics about any part of
    it; the reference is weak, so that a tree holds no reference cycle and is
    freed as soon as it is no longer used, without waiting for Python's cycle
    collector. When the file is asked for after it is gone (a caller kept
    only a body or an expression of it), ``remake`` parses its text again,
    once, on the first question about the blocks in it; the text alone is
    there at once. A pickled tree keeps only that stand-in (and ``remake``
    with it).

    Args:
        file: The parsed file.
        remake: Parses the same text again into the same file. It must not
            refer to the tree or its positions (only to the text, the name
            and the start); for the tree to pickle, it must pickle too (a
            ``functools.partial`` of a module's function does).
    """

    __slots__ = ("_again", "_ref")

    _ref: Callable[[], SourceFile | None]

    def __init__(self, file: SourceFile, remake: Callable[[], SourceFile]) -> None:
        self._ref = weakref.ref(file)
        self._again = _FileAgain(file.filename, file.text, remake)

    def get(self) -> SourceFile:
        """The file, or its stand-in once it is gone."""
        return self._ref() or self._again

    def __reduce__(self) -> tuple[object, ...]:
        # A pickled tree refers to its file's stand-in alone: the file is parsed
        # again from the text when its blocks are asked for.
        return _again_only, (self._again,)


def _no_file() -> None:
    return None


def _again_only(again: _FileAgain) -> FileRef:
    """A reference whose file is gone: the stand-in of an unpickled tree."""
    ref = FileRef.__new__(FileRef)
    ref._ref = _no_file
    ref._again = again
    return ref


class _FileAgain:
    """A file made again from its text when a renderer needs its blocks."""

    __slots__ = ("_file", "_remake", "filename", "text")

    def __init__(self, filename: str, text: str, remake: Callable[[], SourceFile]) -> None:
        self.filename = filename
        self.text = text
        self._remake = remake
        self._file: SourceFile | None = None

    def context_string(self, byte: int) -> str | None:
        if self._file is None:
            self._file = self._remake()
        return self._file.context_string(byte)

    def __reduce__(self) -> tuple[object, ...]:
        return _FileAgain, (self.filename, self.text, self._remake)  # without the file made


class _Line:
    """Column and byte lookup within one line that is not plain ASCII, or has
    characters of more or less than one column."""

    __slots__ = ("blocks", "columns", "starts", "text")

    def __init__(self, text: str, *, json_columns: bool) -> None:
        self.text = text
        # Byte offset of every _BLOCK-th character, when any is not ASCII.
        self.blocks: list[int] | None = None
        if not text.isascii():
            self.blocks = [0]
            self.blocks += accumulate(
                utf8_length(text[i : i + _BLOCK]) for i in range(0, len(text), _BLOCK)
            )
        # The offsets where grapheme clusters start, when some cluster is
        # not one character, or (with JSON columns) not one column wide.
        self.starts: list[int] | None = None
        # The column of each cluster start (and of the line's end), when
        # some cluster is not one column wide.
        self.columns: list[int] | None = None
        weighted = json_columns and ("\t" in text or "\r" in text)
        if weighted or has_joiners(text):
            self.starts = cluster_starts(text)
            if weighted:
                # The reference's JSON scanner counts a tab as two columns
                # and a carriage return as none.
                widths = (_JSON_WIDTHS.get(text[i], 1) for i in self.starts)
                self.columns = list(accumulate(widths, initial=1))

    def column(self, offset: int) -> int:
        """The 1-based column of the character offset within the line."""
        if self.starts is None:
            return offset + 1
        clusters_before = bisect_left(self.starts, offset)
        return clusters_before + 1 if self.columns is None else self.columns[clusters_before]

    def byte(self, offset: int) -> int:
        """The byte offset of the character offset within the line."""
        if self.blocks is None:
            return offset
        block = offset // _BLOCK
        return self.blocks[block] + utf8_length(self.text[block * _BLOCK : offset])


class SourceMap:
    """Positions in one decoded source file.

    Lines end at ``"\\n"``. Columns count grapheme clusters from the start of
    the line, from 1; with ``json_columns`` a tab counts two columns and a
    carriage return none, as in the reference's JSON scanner (its native
    scanner counts a tab as one column, like any other character). Byte
    offsets count the file's UTF-8 bytes; a lone surrogate left by
    ``surrogateescape`` decoding is one byte.

    With ``start``, the text is taken to begin at that position of some
    enclosing file (HCL's start position of a parse): lines count from
    ``start.line``, columns on the first line from ``start.column``, bytes
    from ``start.byte``; :meth:`offset` takes byte offsets counted the
    same way.
    """

    __slots__ = (
        "_byte_starts",
        "_file",
        "_json_columns",
        "_lines",
        "_origin",
        "_starts_made",
        "filename",
        "moves",
        "text",
    )

    def __init__(
        self, filename: str, text: str, *, json_columns: bool = False, start: Pos | None = None
    ) -> None:
        self.filename = filename
        self.text = text
        self._origin = None if start is None or start == INITIAL_POS else start
        #: How many times :meth:`move` moved the text: what memos of ranges
        #: made from this source map are keyed by.
        self.moves = 0
        self._file: FileRef | None = None
        self._json_columns = json_columns
        # The tables below are made when a position is first asked for: most
        # files are read without one.
        self._starts_made: array[int] | None = None
        self._byte_starts: array[int] | None = None
        self._lines: dict[int, _Line | None] = {}

    @property
    def file(self) -> SourceFile | None:
        """The parsed file of this text, for rendering diagnostics about any part
        of it (see :class:`FileRef`); ``None`` until the parser has made it."""
        return None if self._file is None else self._file.get()

    @property
    def start(self) -> Pos:
        """The position of the text's first character."""
        return INITIAL_POS if self._origin is None else self._origin

    def move(self, start: Pos) -> None:
        """Take the text to begin at ``start`` from now on.

        For the language server, which keeps the unchanged parts of an edited
        document parsed: a part after the edit moves, with its nodes, and
        their positions are asked for again (:attr:`moves` counts the moves,
        for the nodes that keep ranges they made). ``start`` must be at the
        start of a line if the text's first line is (a move keeps columns).
        """
        self._origin = None if start == INITIAL_POS else start
        self.moves += 1

    def keep_file(self, file: SourceFile, remake: Callable[[], SourceFile]) -> None:
        """Refer to the parsed file of this text (weakly, see :class:`FileRef`)."""
        self._file = FileRef(file, remake)

    @property
    def _starts(self) -> array[int]:
        """Character offset of the start of each line; line n starts at ``_starts[n - 1]``."""
        starts = self._starts_made
        if starts is None:
            # (array, a shared library, is loaded when a first position is made.)
            from array import array  # noqa: PLC0415

            starts = array("q", [0])
            starts.extend(accumulate(len(line) + 1 for line in self.text.split("\n")[:-1]))
            self._starts_made = starts
        return starts

    @property
    def line_count(self) -> int:
        """The number of lines; text after the last newline (maybe none) is a line."""
        return len(self._starts)

    def _line_end(self, index: int) -> int:
        """Character offset of the end of a line's text, before its newline."""
        starts = self._starts
        if index + 1 < len(starts):
            return starts[index + 1] - 1
        return len(self.text)

    def _line(self, index: int) -> _Line | None:
        """Lookup tables of a line, or None when each character is one column and one byte."""
        try:
            return self._lines[index]
        except KeyError:
            pass
        text = self.text[self._starts[index] : self._line_end(index)]
        simple = text.isascii() and not (self._json_columns and ("\t" in text or "\r" in text))
        line = None if simple else _Line(text, json_columns=self._json_columns)
        self._lines[index] = line
        return line

    def _line_byte_starts(self) -> array[int]:
        """The byte offset of the start of each line."""
        if self._byte_starts is None:
            if self.text.isascii():
                self._byte_starts = self._starts
            else:
                from array import array  # noqa: PLC0415 (see _starts)

                lines = self.text.split("\n")
                self._byte_starts = array("q", [0])
                self._byte_starts.extend(accumulate(utf8_length(line) + 1 for line in lines[:-1]))
        return self._byte_starts

    def pos(self, offset: int) -> Pos:
        """The position of a character offset (``len(text)`` is the end of the file)."""
        if not 0 <= offset <= len(self.text):
            raise IndexError(f"offset {offset} is outside the text of {self.filename!r}")
        starts = self._starts
        index = bisect_right(starts, offset) - 1
        within = offset - starts[index]
        line_start = self._line_byte_starts()[index]
        line = self._line(index)
        if line is None:
            pos = Pos(index + 1, within + 1, line_start + within)
        else:
            pos = Pos(index + 1, line.column(within), line_start + line.byte(within))
        origin = self._origin
        if origin is None:
            return pos
        column = origin.column + pos.column - 1 if index == 0 else pos.column
        return Pos(origin.line + index, column, origin.byte + pos.byte)

    def range(self, start: int, end: int) -> Range:
        """The range of the characters from offset ``start`` to ``end`` (exclusive)."""
        return Range(self.filename, self.pos(start), self.pos(end))

    def line_text(self, line: int) -> str:
        """The text of a line (numbered from 1), without its ``"\\n"`` or ``"\\r\\n"``."""
        if not 1 <= line <= len(self._starts):
            raise IndexError(f"{self.filename!r} has no line {line}")
        text = self.text[self._starts[line - 1] : self._line_end(line - 1)]
        return text[:-1] if text.endswith("\r") else text

    def line_end_offset(self, line: int) -> int:
        """The character offset where a line's text ends (before ``"\\n"`` or ``"\\r\\n"``)."""
        if not 1 <= line <= len(self._starts):
            raise IndexError(f"{self.filename!r} has no line {line}")
        end = self._line_end(line - 1)
        return end - 1 if end > self._starts[line - 1] and self.text[end - 1] == "\r" else end

    def line_offset(self, line: int) -> int:
        """The character offset where a line (numbered from 1) starts."""
        if not 1 <= line <= len(self._starts):
            raise IndexError(f"{self.filename!r} has no line {line}")
        return self._starts[line - 1]

    def offset(self, byte: int) -> int:
        """The offset of the first character that starts at or after a byte offset.

        Byte offsets beyond the end of the text give ``len(text)``.
        """
        if self._origin is not None:
            byte -= self._origin.byte
        byte_starts = self._line_byte_starts()
        index = max(bisect_right(byte_starts, byte) - 1, 0)
        start = self._starts[index]
        length = self._line_end(index) - start
        within = byte - byte_starts[index]
        line = self._line(index)
        if line is None or line.blocks is None:
            lo = max(within, 0)
        else:
            lo, hi = 0, length
            while lo < hi:
                mid = (lo + hi) // 2
                if line.byte(mid) < within:
                    lo = mid + 1
                else:
                    hi = mid
        return min(start + lo, len(self.text))
