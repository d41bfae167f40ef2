"""Source positions, ranges and diagnostics.

Every problem found in a configuration is a :class:`Diagnostic` that points
into the user's file with a :class:`Range`. Functions that process
configuration return the diagnostics they produced beside their result
(HCL's own convention, so that every mistake in a file is reported at once);
:class:`~hcldecode.model.HCLError` carries diagnostics as an exception.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, SupportsIndex, overload

import attrs

from .._record import Record

if TYPE_CHECKING:
    from ._context import EvalContext
    from ._structure import Expression

__all__ = [
    "FIRST_REPEAT_CHECK",
    "INITIAL_POS",
    "REPEATED_ERRORS",
    "Diagnostic",
    "Diagnostics",
    "Pos",
    "Range",
    "Severity",
    "SourceFile",
    "bound_repeats",
    "drop_repeats",
]

#: How many times the syntaxes report one error that the reference reports
#: at every occurrence, with the same summary and detail: ``Invalid
#: character`` for each character of a run of bad characters, ``Invalid
#: escape sequence``, ``Attribute redefined`` for one name. Past it the
#: rest are left out, so a run of the same mistake costs a bounded number of
#: diagnostics (docs/compatibility.md).
REPEATED_ERRORS = 100


class Pos(NamedTuple):
    """A position in a source file. Positions order by place in the file.

    Args:
        line: The line, counted from 1.
        column: The column, counted from 1 in grapheme clusters, as a person
            sees characters.
        byte: The 0-based offset into the file's UTF-8 encoding.
    """

    line: int
    column: int
    byte: int


#: The position of a file's first character (HCL's ``hcl.InitialPos``), the
#: start from which the parse functions count positions unless given another.
INITIAL_POS = Pos(1, 1, 0)


class Range(NamedTuple):
    """The half-open span of source from ``start`` (inclusive) to ``end`` (exclusive).

    The methods that test or cut ranges look at byte offsets only, as HCL's
    do, so they stay right whatever a column counts. ``str()`` gives
    ``file.hcl:3,5-12`` (or ``file.hcl:3,5-4,2`` over several lines).

    Args:
        filename: The name of the file the range is in.
        start: The first position inside the range.
        end: The first position after the range.
    """

    filename: str
    start: Pos
    end: Pos

    def __str__(self) -> str:
        start, end = self.start, self.end
        if start.line == end.line:
            return f"{self.filename}:{start.line},{start.column}-{end.column}"
        return f"{self.filename}:{start.line},{start.column}-{end.line},{end.column}"

    @property
    def empty(self) -> bool:
        """True when the range covers no bytes."""
        return self.start.byte == self.end.byte

    def contains_offset(self, byte: int) -> bool:
        """Whether a byte offset lies within the range.

        Args:
            byte: A 0-based offset into the file's UTF-8 encoding.

        Returns:
            ``True`` when ``start.byte <= byte < end.byte``.
        """
        return self.start.byte <= byte < self.end.byte

    def contains_pos(self, pos: Pos) -> bool:
        """Whether a position lies within the range (HCL's ``ContainsPos``).

        Args:
            pos: The position; only its ``byte`` counts.

        Returns:
            ``True`` when it is inside: the start is inside, the end is not,
            and an empty range contains no position.
        """
        return self.start.byte <= pos.byte < self.end.byte

    def overlaps(self, other: Range) -> bool:
        """Whether both ranges are in one file and share at least one byte.

        An empty range overlaps a range that contains its position, and an
        empty range at the same position. (HCL's ``Overlaps`` differs: it
        takes no empty range to overlap anything, and takes two ranges that
        touch, one ending where the other starts, to overlap;
        :meth:`overlap` and :meth:`partition_around` follow HCL.)

        Args:
            other: The range to compare with.

        Returns:
            ``True`` when they overlap.
        """
        if self.filename != other.filename:
            return False
        if self.empty:
            if other.empty:
                return self.start.byte == other.start.byte
            return other.contains_offset(self.start.byte)
        if other.empty:
            return self.contains_offset(other.start.byte)
        return self.start.byte < other.end.byte and other.start.byte < self.end.byte

    def _touches(self, other: Range) -> bool:
        """HCL's ``Overlaps``: one range holds the start or the end byte of the other."""
        if self.filename != other.filename or self.empty or other.empty:
            return False
        return (
            self.contains_offset(other.start.byte)
            or self.contains_offset(other.end.byte)
            or other.contains_offset(self.start.byte)
            or other.contains_offset(self.end.byte)
        )

    def overlap(self, other: Range) -> Range:
        """The part of this range that another range covers too (HCL's ``Overlap``).

        Args:
            other: The other range.

        Returns:
            The common part, with this range's file name. When the ranges
            share no byte it is empty: at this range's start when they do not
            touch (or either is empty, or they are in different files), at the
            point where they meet when one ends where the other starts.
        """
        if not self._touches(other):
            return Range(self.filename, self.start, self.start)
        start = self.start if self.start.byte > other.start.byte else other.start
        end = self.end if self.end.byte < other.end.byte else other.end
        return Range(self.filename, start, end)

    def partition_around(self, other: Range) -> tuple[Range, Range, Range]:
        """This range cut around its :meth:`overlap` with another (HCL's ``PartitionAround``).

        Args:
            other: The range to cut around.

        Returns:
            ``(before, overlap, after)``: the part of this range before the
            overlap, the overlap, and the part after it; ``before`` or
            ``after`` is empty when ``other`` reaches this range's start or
            end. When the overlap is empty, all three are that empty overlap.
        """
        overlap = self.overlap(other)
        if overlap.empty:
            return overlap, overlap, overlap
        return (
            Range(self.filename, self.start, overlap.start),
            overlap,
            Range(self.filename, overlap.end, self.end),
        )

    def can_slice_bytes(self, data: bytes) -> bool:
        """Whether :meth:`slice_bytes` gives exactly the range's bytes (HCL's ``CanSliceBytes``).

        Args:
            data: The file's source, encoded.

        Returns:
            ``True`` when both ends lie within ``data`` and the start is not
            after the end.
        """
        start, end = self.start.byte, self.end.byte
        return 0 <= start <= len(data) and 0 <= end <= len(data) and start <= end

    def slice_bytes(self, data: bytes) -> bytes:
        """The bytes of the file's source that the range covers (HCL's ``SliceBytes``).

        Args:
            data: The file's source, encoded.

        Returns:
            The covered bytes. Offsets outside ``data`` are moved to its
            nearest end, and an end before the start to the start, so the
            result is what the range and ``data`` have in common, never an
            error.
        """
        size = len(data)
        start = min(max(self.start.byte, 0), size)
        end = max(min(max(self.end.byte, 0), size), start)
        return data[start:end]

    def through(self, other: Range) -> Range:
        """The range from the start of this one to the end of another (HCL's ``RangeBetween``).

        Args:
            other: The range whose end ends the result.

        Returns:
            A range with this range's file name and start and ``other``'s end.
        """
        return Range(self.filename, self.start, other.end)

    def over(self, other: Range) -> Range:
        """The smallest range covering both, ignoring an empty one (HCL's ``RangeOver``).

        Args:
            other: The other range.

        Returns:
            The covering range; ``other`` when both are empty.
        """
        if self.empty:
            return other
        if other.empty:
            return self
        return self.cover(other)

    def cover(self, other: Range) -> Range:
        """The smallest range that contains both ranges.

        Args:
            other: The other range (empty ones count too; see :meth:`over`).

        Returns:
            The covering range, with this range's file name.
        """
        start = self.start if self.start.byte <= other.start.byte else other.start
        end = self.end if self.end.byte >= other.end.byte else other.end
        return Range(self.filename, start, end)

    def at_start(self) -> Range:
        """The empty range at this range's start."""
        return Range(self.filename, self.start, self.start)

    def at_end(self) -> Range:
        """The empty range at this range's end."""
        return Range(self.filename, self.end, self.end)


class Severity(enum.Enum):
    """How serious a diagnostic is."""

    ERROR = "error"
    WARNING = "warning"


@attrs.frozen(eq=False, repr=False)
class Diagnostic(Record):
    """One problem, or one warning, about a configuration.

    Make one with :meth:`error` or :meth:`warning`. ``str()`` gives
    ``subject: summary; detail``. Equality ignores ``expression``,
    ``eval_context`` and ``extra``.

    Attributes:
        severity: Whether it is an error or a warning.
        summary: A short sentence fragment without a final period, the same
            for every instance of one kind of problem.
        detail: This instance explained in full sentences (may be empty).
        subject: The tight range of the problem, or ``None``.
        context: A wider range around the subject that helps a reader (for
            example a whole expression around a bad operand), or ``None``.
        expression: The expression whose evaluation found the problem, so
            that renderers can show the values of the variables it used.
        eval_context: The context that expression was evaluated in.
        extra: Free for machine-readable detail (for example a
            :class:`~hcldecode.model.FunctionCallDiagExtra`).
    """

    severity: Severity
    summary: str
    detail: str = ""
    subject: Range | None = None
    context: Range | None = None
    expression: Expression | None = attrs.field(default=None, eq=False, repr=False)
    eval_context: EvalContext | None = attrs.field(default=None, eq=False, repr=False)
    extra: Any = attrs.field(default=None, eq=False, repr=False)

    # A diagnostic is immutable: its own copy. Pickled (sent to another process, as
    # a worker's exception is), it keeps all but its expression and evaluation
    # context, which belong to the process that evaluated: a renderer then shows no
    # values of the expression's variables.
    def __copy__(self) -> Diagnostic:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Diagnostic:
        return self

    def __reduce__(self) -> tuple[object, ...]:
        kept = (self.severity, self.summary, self.detail, self.subject, self.context)
        return (Diagnostic, (*kept, None, None, self.extra))

    @classmethod
    def error(
        cls,
        summary: str,
        detail: str = "",
        subject: Range | None = None,
        context: Range | None = None,
        *,
        expression: Expression | None = None,
        eval_context: EvalContext | None = None,
        extra: Any = None,
    ) -> Diagnostic:
        """An error diagnostic.

        Args:
            summary: A short sentence fragment without a final period.
            detail: This instance explained in full sentences.
            subject: The tight range of the problem.
            context: A wider range around the subject.
            expression: The expression whose evaluation found the problem.
            eval_context: The context that expression was evaluated in.
            extra: Machine-readable detail.

        Returns:
            A :class:`Diagnostic` of severity :attr:`Severity.ERROR`.
        """
        return cls(
            Severity.ERROR, summary, detail, subject, context, expression, eval_context, extra
        )

    @classmethod
    def warning(
        cls,
        summary: str,
        detail: str = "",
        subject: Range | None = None,
        context: Range | None = None,
    ) -> Diagnostic:
        """A warning diagnostic.

        Args:
            summary: A short sentence fragment without a final period.
            detail: This instance explained in full sentences.
            subject: The tight range the warning is about.
            context: A wider range around the subject.

        Returns:
            A :class:`Diagnostic` of severity :attr:`Severity.WARNING`.
        """
        return cls(Severity.WARNING, summary, detail, subject, context)

    @property
    def is_error(self) -> bool:
        """Whether the severity is :attr:`Severity.ERROR`."""
        return self.severity is Severity.ERROR

    def __str__(self) -> str:
        text = f"{self.summary}; {self.detail}" if self.detail else self.summary
        return f"{self.subject}: {text}" if self.subject is not None else text


class Diagnostics(list[Diagnostic]):
    """A list of diagnostics, in the order they were found.

    A ``list`` subclass (slicing gives a ``Diagnostics``); functions that
    process configuration return one beside their result, so that every
    mistake in a file is reported at once.

    Args:
        iterable: The diagnostics to start with, as for ``list``.
    """

    def has_errors(self) -> bool:
        """True when any diagnostic is an error."""
        # The usual empty list is answered without making a generator.
        return bool(self) and any(d.severity is Severity.ERROR for d in self)

    def errors(self) -> Diagnostics:
        """Only the error diagnostics."""
        return Diagnostics(d for d in self if d.severity is Severity.ERROR)

    @overload
    def __getitem__(self, index: SupportsIndex) -> Diagnostic: ...
    @overload
    def __getitem__(self, index: slice) -> Diagnostics: ...
    def __getitem__(self, index: SupportsIndex | slice) -> Diagnostic | Diagnostics:
        if isinstance(index, slice):
            return Diagnostics(super().__getitem__(index))
        return super().__getitem__(index)


class SourceFile(Protocol):
    """What a diagnostic renderer needs to know of a parsed file."""

    @property
    def filename(self) -> str: ...

    @property
    def text(self) -> str:
        """The file's content, decoded."""
        ...

    def context_string(self, byte: int) -> str | None:
        """A description of the innermost block around ``byte``, e.g. ``service "web"``."""
        ...


# One evaluation's diagnostics are kept to REPEATED_ERRORS per summary: an
# expression can repeat one mistake once per element (``[x, x, x, ...]`` in
# literal-only mode is ``Variables not allowed`` for every ``x``). While an
# evaluation runs, ``bound_repeats`` replaces the diagnostics past the bound
# with shared stand-ins of the same severity, in place, so that positions
# into the list stay valid and errors still count as errors, and memory
# stays bounded; ``drop_repeats`` then takes the stand-ins out and says how
# many were left out. The work per diagnostic does not grow with the number
# already found.
_STAND_IN_ERROR = Diagnostic(Severity.ERROR, "(left out)", "")
_STAND_IN_WARNING = Diagnostic(Severity.WARNING, "(left out)", "")

#: The length of an evaluation's diagnostics list at which it first calls
#: :func:`bound_repeats`.
FIRST_REPEAT_CHECK = 2 * REPEATED_ERRORS


def _replace_repeats(diags: Diagnostics) -> int:
    """Put stand-ins in place of the diagnostics past the bound; how many there are."""
    seen: dict[str, int] = {}
    left_out = 0
    for i, diag in enumerate(diags):
        if diag is _STAND_IN_ERROR or diag is _STAND_IN_WARNING:
            left_out += 1
            continue
        count = seen[diag.summary] = seen.get(diag.summary, 0) + 1
        if count > REPEATED_ERRORS:
            diags[i] = _STAND_IN_ERROR if diag.is_error else _STAND_IN_WARNING
            left_out += 1
    return left_out


def bound_repeats(diags: Diagnostics) -> int:
    """Replace the diagnostics past the bound; the length at which to call again."""
    _replace_repeats(diags)
    return 2 * len(diags)


def drop_repeats(diags: Diagnostics, subject: Range) -> Diagnostics:
    """``diags`` without what the bound leaves out, and a warning at ``subject`` if any."""
    left_out = _replace_repeats(diags)
    if not left_out:
        return diags
    kept = Diagnostics(d for d in diags if d is not _STAND_IN_ERROR and d is not _STAND_IN_WARNING)
    kept.append(
        Diagnostic.warning(
            "Too many diagnostics",
            f"{left_out} more diagnostics of this expression are left out: each summary "
            f"is reported for its first {REPEATED_ERRORS} occurrences.",
            subject,
        )
    )
    return kept
