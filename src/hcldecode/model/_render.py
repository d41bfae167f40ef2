"""Diagnostics as text, laid out like HCL's own diagnostic text writer.

Each diagnostic becomes::

    Error: Unsupported argument

      on app.hcl line 3, in service "web":
       3:   replica = 3

    An argument named "replica" is not expected here. Did you mean "replicas"?

followed by a blank line: the severity and summary, where the problem is
with the source lines it covers, the values of the variables the failing
expression used (``with var.port as "http".``), and the detail, wrapped to
a width if one is given.
"""

from __future__ import annotations

import os
import re
import sys
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, TextIO

from .._text import SPACE_CLASS, go_quote
from .._text import terminal_safe as _terminal_safe
from ..values._errors import Error
from ..values._number import go_float_text
from ..values._sensitive import REDACTED
from ..values._types import (
    BOOL,
    NUMBER,
    STRING,
    CollectionType,
    ObjectType,
    PrimitiveType,
    TupleType,
)
from ..values._value import SENSITIVE, Value
from ._diagnostics import Diagnostic, Diagnostics, Pos, Range, Severity, SourceFile
from ._source import SourceMap
from ._traversal import traversal_str

if TYPE_CHECKING:
    from ._context import EvalContext
    from ._structure import Expression

__all__ = [
    "HCLError",
    "is_terminal",
    "render_diagnostics",
    "terminal_safe",
    "terminal_width",
    "value_summary",
    "word_wrap",
    "write_diagnostics",
]


class HCLError(Error, ValueError):
    """A configuration could not be processed; ``diagnostics`` holds every reason.

    ``str()`` renders the diagnostics like HCL does, with the source lines
    they point at when the files are known: the first :attr:`max_shown` of
    them (100 by default), then a line saying how many more there are. Set
    ``max_shown`` to ``None`` on the class or the error to show every one;
    ``diagnostics`` always holds them all. The text is safe to print:
    control characters and terminal escapes from the configuration are shown
    escaped (see :func:`render_diagnostics`); ``text(safe=False)`` gives the
    raw text.

    Args:
        diagnostics: Every reason the configuration could not be processed.
        files: File names mapped to parsed files (such as
            :class:`~hcldecode.model.File`), so that ``str()`` can show source
            lines; by default none.

    Attributes:
        diagnostics: The diagnostics, as a :class:`~hcldecode.model.Diagnostics`.
        files: The files, as a ``dict``.
        max_shown: How many diagnostics ``str()`` shows; ``None`` for all.
    """

    diagnostics: Diagnostics
    files: Mapping[str, SourceFile]
    max_shown: int | None = 100

    def __init__(
        self,
        diagnostics: Iterable[Diagnostic],
        files: Mapping[str, SourceFile] | None = None,
    ) -> None:
        self.diagnostics = Diagnostics(diagnostics)
        self.files = dict(files or {})
        super().__init__(self.diagnostics)

    def __reduce__(
        self,
    ) -> tuple[Callable[..., HCLError], tuple[object, ...], dict[str, object]]:
        # Pickled (sent to another process, as a worker's exception is), the error
        # keeps its diagnostics (see Diagnostic), what rendering asks of each file,
        # and whatever else its class set (a subclass leaves out what is a parsed tree).
        files = {name: _FileLines.of(file, self.diagnostics) for name, file in self.files.items()}
        state = {k: v for k, v in vars(self).items() if k not in ("diagnostics", "files")}
        return (_remade_error, (type(self), list(self.diagnostics), files), state)

    def text(self, *, safe: bool = True) -> str:
        """The diagnostics rendered, as ``str()`` gives them.

        Args:
            safe: Write the characters of the configuration (and of the
                messages) that could act on a terminal escaped, as
                :func:`render_diagnostics` does by default; ``False`` shows
                them as they are, as HCL's own writer does.

        Returns:
            The text, without a newline at the end.
        """
        shown = self.diagnostics if self.max_shown is None else self.diagnostics[: self.max_shown]
        text = render_diagnostics(shown, self.files, safe=safe).rstrip("\n")
        hidden = len(self.diagnostics) - len(shown)
        if hidden:
            noun = "diagnostic" if hidden == 1 else "diagnostics"
            text += f"\n\n... and {hidden} more {noun} (all of them are in .diagnostics)"
        return text


def _remade_error(
    cls: type[HCLError], diagnostics: list[Diagnostic], files: dict[str, SourceFile]
) -> HCLError:
    """A pickled error made again (see ``HCLError.__reduce__``)."""
    error = cls.__new__(cls)
    HCLError.__init__(error, diagnostics, files)
    return error


class _FileLines:
    """A file as a pickled error keeps it: its name, its text, and the block around each
    place its diagnostics are about (what rendering asks of a file)."""

    __slots__ = ("_contexts", "filename", "text")

    def __init__(self, filename: str, text: str, contexts: dict[int, str | None]) -> None:
        self.filename = filename
        self.text = text
        self._contexts = contexts

    @classmethod
    def of(cls, file: SourceFile, diagnostics: Iterable[Diagnostic]) -> _FileLines:
        contexts = {
            diag.subject.start.byte: file.context_string(diag.subject.start.byte)
            for diag in diagnostics
            if diag.subject is not None and diag.subject.filename == file.filename
        }
        return cls(file.filename, file.text, contexts)

    def context_string(self, byte: int) -> str | None:
        return self._contexts.get(byte)


_SEVERITY_NAMES = {Severity.ERROR: "Error", Severity.WARNING: "Warning"}
_SEVERITY_COLORS = {Severity.ERROR: "\x1b[31m", Severity.WARNING: "\x1b[33m"}
_HIGHLIGHT = "\x1b[1;4m"
_RESET = "\x1b[0m"


def render_diagnostics(
    diags: Iterable[Diagnostic],
    files: Mapping[str, SourceFile] | None = None,
    *,
    width: int = 0,
    color: bool = False,
    carets: bool = False,
    safe: bool = True,
) -> str:
    """All the diagnostics as text, one after the other, laid out as HCL's writer does.

    Two options go beyond HCL's own writer: ``carets``, and ``safe``, which
    is on by default. For printable text (tab and newline included) the
    result is HCL's, character for character; the characters that could act
    on a terminal, which HCL writes as they are, are shown escaped unless
    ``safe=False``: a configuration or a value it computes cannot colour,
    move, retitle or rewrite the terminal it is shown on, nor reorder the
    text shown with bidirectional controls.

    Args:
        diags: The diagnostics to render.
        files: File names mapped to parsed files, to show the source lines a
            diagnostic points at and the block it is in. A diagnostic whose
            file is not here is rendered without source lines.
        width: Wrap the detail text at that many characters (0: no wrapping).
        color: Add terminal escape sequences: the severity in red or yellow,
            the subject underlined.
        carets: Put a line of ``^`` under the part of each source line the
            subject covers (so that two problems on one line look different
            without colour).
        safe: Show control characters and other characters that could act on
            a terminal escaped (see :func:`terminal_safe`); ``False`` writes
            them as they are, as HCL does.

    Returns:
        The text, each diagnostic ending in a newline (empty for no
        diagnostics).
    """
    writer = _Writer(files or {}, width, color, carets=carets, safe=safe)
    return "".join(writer.diagnostic(d) for d in diags)


def write_diagnostics(
    diags: Iterable[Diagnostic],
    files: Mapping[str, SourceFile] | None = None,
    stream: TextIO | None = None,
    *,
    width: int | None = None,
    color: bool | None = None,
    carets: bool = False,
    safe: bool = True,
) -> None:
    """Write the diagnostics to a stream, each as soon as it is rendered.

    Args:
        diags: The diagnostics to write.
        files: File names mapped to parsed files, as for
            :func:`render_diagnostics`.
        stream: Where to write; standard error by default. It is flushed at
            the end.
        width: Wrap the detail text at that many characters (0: no
            wrapping); by default the terminal's width, or no wrapping when
            the stream is not a terminal.
        color: Whether to use colours; by default when the stream is a
            terminal.
        carets: As for :func:`render_diagnostics`.
        safe: As for :func:`render_diagnostics`.
    """
    out = sys.stderr if stream is None else stream
    tty = is_terminal(out)
    if width is None:
        width = terminal_width(out, 0) if tty else 0
    color = tty if color is None else color
    writer = _Writer(files or {}, width, color, carets=carets, safe=safe)
    for diag in diags:  # one at a time, so that many diagnostics need little memory
        out.write(writer.diagnostic(diag))
    out.flush()


def terminal_safe(text: str) -> str:
    """A text with the characters that could act on a terminal shown escaped.

    Args:
        text: Any text, such as a part of a configuration file.

    Returns:
        ``text`` with control characters other than tab and newline
        (``\\x1b``, ``\\r``, ``\\u009b``), DEL, the bidirectional controls
        and line separators (``\\u202e``) and lone surrogates written as Go
        writes them in a quoted string; everything else is unchanged.
    """
    return _terminal_safe(text)


def _cells(text: str) -> str:
    """Blank space as wide on a terminal as ``text`` (tabs kept as tabs)."""
    out = []
    for char in text:
        if char == "\t":
            out.append("\t")
        elif unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        elif unicodedata.east_asian_width(char) in ("W", "F"):
            out.append("  ")
        else:
            out.append(" ")
    return "".join(out)


def is_terminal(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal (``False`` for streams without a file)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def terminal_width(stream: TextIO, fallback: int) -> int:
    """The width in columns of the terminal ``stream`` is, or ``fallback`` when it is none."""
    try:
        return os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, ValueError, OSError):
        return fallback


class _Writer:
    """Renders diagnostics for one set of files, with their line tables."""

    def __init__(
        self,
        files: Mapping[str, SourceFile],
        width: int,
        color: bool,
        *,
        carets: bool = False,
        safe: bool = True,
    ) -> None:
        self.files = files
        self.width = width
        self.color = color
        self.carets = carets
        self.safe = safe
        self.maps: dict[str, SourceMap] = {}

    def text(self, text: str) -> str:
        """Configuration text as it is to be shown."""
        return terminal_safe(text) if self.safe else text

    def source_map(self, file: SourceFile) -> SourceMap:
        smap = self.maps.get(file.filename)
        if smap is None or smap.text is not file.text:
            smap = self.maps[file.filename] = SourceMap(file.filename, file.text)
        return smap

    def diagnostic(self, diag: Diagnostic) -> str:
        name = _SEVERITY_NAMES[diag.severity]
        if self.color:
            name = f"{_SEVERITY_COLORS[diag.severity]}{name}{_RESET}"
        parts = [f"{name}: {self.text(diag.summary)}\n\n"]
        subject = diag.subject
        if subject is not None:
            parts.append(self.snippet(subject, diag.context))
            if diag.expression is not None and diag.eval_context is not None:
                parts.append(self.text(_variable_values(diag.expression, diag.eval_context)))
        if diag.detail:
            detail = self.text(diag.detail)
            detail = word_wrap(detail, self.width) if self.width else detail
            parts.append(f"{detail}\n\n")
        return "".join(parts)

    def snippet(self, subject: Range, context: Range | None) -> str:
        """Where the subject is, and the source lines around it."""
        file = self.files.get(subject.filename)
        filename = self.text(subject.filename)
        if file is None:
            return f"  on {filename} line {subject.start.line}:\n  (source code not available)\n\n"
        # The lines shown cover subject and context; an empty range is
        # taken as one byte long so that it shows (and underlines) something.
        shown = _widened(subject if context is None else subject.over(context))
        underlined = _widened(subject)
        where = file.context_string(subject.start.byte)
        parts = [
            f"  on {filename} line {subject.start.line}"
            f"{f', in {self.text(where)}' if where else ''}:\n"
        ]
        smap = self.source_map(file)
        for number, start, end in _lines_between(smap, shown.start.byte, shown.end.byte):
            if not _overlaps(start, end, shown.start.byte, shown.end.byte):
                continue
            before, marked, after, on_line = _line_parts(smap, start, end, underlined)
            before, marked, after = self.text(before), self.text(marked), self.text(after)
            if self.color and marked:
                parts.append(f"{number:4d}: {before}{_HIGHLIGHT}{marked}{_RESET}{after}\n")
            else:
                parts.append(f"{number:4d}: {before}{marked}{after}\n")
            # The subject starts on this line, or goes on over it.
            if self.carets and (marked or (on_line and underlined.start.byte >= start)):
                parts.append(f"      {_cells(before)}{'^' * max(1, len(_cells(marked)))}\n")
        parts.append("\n")
        return "".join(parts)


# Source lines longer than this (in characters) are shown as a window around the
# subject, so that showing a diagnostic costs the same however long its line is.
_LONG_LINE = 400
_CONTEXT = 80  # characters shown on each side of the subject in such a window
_MARKED = 200  # characters of the subject itself shown in such a window


def _line_parts(
    smap: SourceMap, start: int, end: int, underlined: Range
) -> tuple[str, str, str, bool]:
    """The text of the line from byte ``start`` to ``end``: before, within and after
    the underlined range (all before it when the range is not on this line), and
    whether the range is on this line."""
    text = smap.text
    line_start, line_end = smap.offset(start), smap.offset(end)
    cut1 = smap.offset(max(start, underlined.start.byte))
    cut2 = smap.offset(min(end, underlined.end.byte))
    on_line = cut1 <= cut2
    if not on_line:
        cut1 = cut2 = line_end
    if line_end - line_start <= _LONG_LINE:
        return text[line_start:cut1], text[cut1:cut2], text[cut2:line_end], on_line
    first = max(line_start, cut1 - _CONTEXT)
    before = ("…" if first > line_start else "") + text[first:cut1]
    if cut2 - cut1 > _MARKED:  # the subject itself is cut, and the line with it
        return before, text[cut1 : cut1 + _MARKED] + "…", "", on_line
    last = min(line_end, cut2 + _CONTEXT)
    return before, text[cut1:cut2], text[cut2:last] + ("…" if last < line_end else ""), on_line


def _widened(r: Range) -> Range:
    """The range, or for an empty range, the one byte (and column) after its start."""
    if not r.empty:
        return r
    return Range(r.filename, r.start, Pos(r.end.line, r.end.column + 1, r.end.byte + 1))


def _overlaps(start: int, end: int, other_start: int, other_end: int) -> bool:
    """HCL's test of whether two byte ranges overlap.

    Empty ranges overlap nothing. Otherwise one range must contain the
    start or the end offset of the other, so a range that ends where the
    other begins counts as overlapping it.
    """
    if start == end or other_start == other_end:
        return False
    return (
        start <= other_start < end
        or start <= other_end < end
        or other_start <= start < other_end
        or other_start <= end < other_end
    )


def _lines_between(smap: SourceMap, first: int, last: int) -> Iterator[tuple[int, int, int]]:
    """Number, start byte and end byte (before the newline) of the lines that
    hold the bytes ``first`` to ``last``, both included."""
    line = smap.pos(smap.offset(first)).line
    while line <= smap.line_count:
        offset = smap.line_offset(line)
        start = smap.pos(offset).byte
        if start > last:
            return
        yield line, start, smap.pos(smap.line_end_offset(line)).byte
        line += 1


def _variable_values(expression: Expression, ctx: EvalContext) -> str:
    """The ``with <variable> as <value>,`` lines for the variables an expression uses.

    Variables whose lookup fails (the diagnostics already say why) or whose
    value is unknown or marked (as HCL does) are left out; each variable is
    shown once, the lines sorted.
    """
    statements: dict[str, str] = {}
    for traversal in expression.variables():
        value, diags = traversal.traverse_abs(ctx)
        if diags.has_errors() or not value.is_known or value.is_marked:
            continue
        name = traversal_str(traversal, _key_summary)
        if name not in statements:
            statements[name] = (
                f"{name} set to null" if value.is_null else f"{name} as {value_summary(value)}"
            )
    if not statements:
        return ""
    lines = sorted(statements.values())
    return "with " + ",\n     ".join(lines) + ".\n\n"


def _key_summary(key: Value) -> str:
    return value_summary(key) if isinstance(key.type, PrimitiveType) else "..."


def value_summary(value: Value) -> str:
    """A short description of a value, as HCL shows variables in diagnostics.

    Strings are quoted, numbers written with at most 10 significant digits,
    collections and structures described by their type and size
    (``empty list of string``, ``object with 2 attributes``); a sensitive value
    is ``(sensitive value)``.
    """
    if value.is_marked and value.has_mark(SENSITIVE):
        return REDACTED
    t = value.type
    if value.is_null:
        return "null"
    if not value.is_known:
        return "(not yet known)"
    if t == BOOL:
        return "true" if value.as_bool() else "false"
    if t == NUMBER:
        return go_float_text(value.as_number())
    if t == STRING:
        return go_quote(value.as_str())
    if isinstance(t, (CollectionType, TupleType)):
        count = len(value)
        if count == 0:
            return f"empty {t.friendly_name()}"
        return f"{t.friendly_name()} with {count} element{'' if count == 1 else 's'}"
    if isinstance(t, ObjectType):
        names = list(t.attributes)
        if not names:
            return "object with no attributes"
        if len(names) == 1:
            return f"object with 1 attribute {go_quote(names[0])}"
        return f"object with {len(names)} attributes"
    return t.friendly_name()


# Go's word wrapper breaks at white space other than the no-break space. A pattern's
# text, compiled by ``re`` when first used (``import hcldecode`` does not pay for it).
_WRAP_TOKEN = rf"\n|((?:(?![\n\xa0])[{SPACE_CLASS}])+)|((?:\xa0|[^{SPACE_CLASS}])+)"


def word_wrap(text: str, width: int) -> str:
    """Wrap ``text`` at ``width`` characters the way HCL's detail text is wrapped.

    Lines break only at white space; a word longer than the width stays
    whole. Existing newlines are kept; spaces at a break are dropped.
    """
    out: list[str] = []
    column = 0  # characters on the current output line, as written so far
    spaces = ""  # white space after the written text, not yet written
    word = ""  # the word after that, not yet written
    for space_run, word_run in (m.groups() for m in re.finditer(_WRAP_TOKEN, text)):
        if word_run is not None:
            # The first character that makes the line too long, if any,
            # breaks it before the word, unless the word alone is too long.
            base = column + len(spaces)
            first_over = max(1, width - base + 1)
            if first_over <= len(word_run) and first_over < width:
                out.append("\n")
                column = 0
                spaces = ""
            word = word_run
        elif space_run is not None:
            column += len(spaces) + len(word)
            out += (spaces, word)
            spaces, word = space_run, ""
        else:  # a newline
            if word or column + len(spaces) <= width:
                out += (spaces, word)
            out.append("\n")
            column, spaces, word = 0, "", ""
    if word or column + len(spaces) <= width:
        out += (spaces, word)
    return "".join(out)
