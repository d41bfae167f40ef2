"""go-cty's ``format`` and ``formatlist``: values written by printf-style verbs.

A format string is text with verbs. ``%%`` is a percent sign; any other
verb is ``%``, flags (`` #+-0``), a width (digits, not starting with 0), a
precision (``.`` and digits, perhaps none), an argument index (``[n]``, right
before the letter) and a letter. go-cty reads the string byte by byte, so
the offsets in its messages count UTF-8 bytes, and its widths, precisions
and indexes are Go ``int`` values that wrap around past 2**63.

A verb with an index ``[n]`` takes argument n, any other the argument after
the previous verb's (the first: argument 1), and:

* ``%v`` writes a string as it is, a number as ``%g`` writes it without a
  precision, anything else (and anything with ``%#v``) as JSON; null is
  ``null``. Every other verb rejects null.
* ``%t`` converts to a bool and writes ``true`` or ``false`` (no width).
* ``%b %d %o %x %X`` convert to a number, which must be whole, and
  ``%e %E %f %g %G`` to any number; Go's ``fmt`` writes them (see
  ``_go/fmt.py``).
* ``%s`` converts to a string, ``%q`` too and writes it as JSON; a
  precision keeps that many characters of the string first (``.0``: all).

Widths of ``%v``, ``%s`` and ``%q`` count grapheme clusters and pad with
spaces, or zeros with the ``0`` flag, on the left, or on the right with
``-``. An argument after the highest-numbered one that a verb takes is an
error (an index may skip arguments before it).

The calling evaluation's :class:`~hcldecode.values.Limits` bound the
work: the result is built only once its length is known to be within
``max_string_length`` (for ``formatlist``, the strings of the list
together, and the format string read once for each of them), and one call
applies at most ``max_cost`` verbs. The format string is read as it is
applied, never held as more than its text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from itertools import islice
from types import MappingProxyType
from typing import NamedTuple

from .._text import go_quote, grapheme_count, iter_graphemes
from ..values import _number as number
from ..values._convert import ConversionError, convert
from ..values._function import Function, FunctionArgError, FunctionError, Parameter
from ..values._json import encode_json
from ..values._limits import current_limits
from ..values._types import BOOL, DYNAMIC, NUMBER, STRING, ListType, SetType, TupleType, Type
from ..values._value import Value
from ._go.fmt import (
    FLOAT_VERBS,
    INTEGER_VERBS,
    Pieces,
    float_text,
    pieces_length,
    pieces_text,
    sprintf_number,
)

__all__ = ["FORMAT_FUNCTIONS"]

_FLAGS = re.compile(rb"[ #+\-0]*")
_DIGITS = re.compile(rb"[0-9]*")
_NONZERO_DIGITS = frozenset(b"123456789")
_PERIOD, _OPEN, _CLOSE = b".[]"
# A whole verb, when it is well formed: flags, width, precision, index, letter.
_VERB = re.compile(rb"%([ #+\-0]*)([1-9][0-9]*)?(\.[0-9]*)?(?:\[([1-9][0-9]*)\])?([A-Za-z])")
# Literal text: anything up to a % that is not one of a %% pair. (A bounded
# repetition: the regex engine keeps a little memory for each.)
_LITERAL = re.compile(rb"(?:[^%]+|%%){0,1024}")

_INT64_RANGE = 1 << 64
_INT64_MAX = (1 << 63) - 1


def _wrap(n: int) -> int:
    """``n`` as a Go ``int`` (64 bits, two's complement) that overflowed holds it."""
    n %= _INT64_RANGE
    return n - _INT64_RANGE if n > _INT64_MAX else n


def _go_int(digits: str) -> int:
    """The Go ``int`` that accumulating ``digits`` one by one gives, wrapping around.

    That is the number modulo 2**64, which only its last 64 digits decide
    (10**64 is a multiple of 2**64).
    """
    return _wrap(int(digits[-64:]))


def _quote_rune(char: str) -> str:
    """Go's ``%q`` of one character (a rune literal: ``'a'``, ``'\\n'``)."""
    if char == "'":
        return "'\\''"
    if char == '"':
        return "'\"'"
    return "'" + go_quote(char)[1:-1] + "'"


class _Verb(NamedTuple):
    """One verb of a format string, as written (``raw``) and as go-cty reads it."""

    raw: str
    mode: str
    flags: str
    width: str  # its digits, empty when there is none
    precision: str | None  # the digits after the period; None without a period
    width_value: int  # go-cty's: -1 for none, else the digits as a Go int
    precision_value: int  # likewise
    arg_index: int | None  # the argument number given in brackets, as a Go int


# A verb where the format string uses it: the verb, its offset (in UTF-8
# bytes) and the number of the argument it takes (1-based, as a Go int).
_Use = tuple[_Verb, int, int]


def _failure(use: _Use, reason: str) -> FunctionError:
    verb, offset, _arg_num = use
    return FunctionError(f"unsupported value for {go_quote(verb.raw)} at {offset}: {reason}")


class _TooLong(Exception):
    """The result would be longer than the call may make it."""


class _TooManyVerbs(Exception):
    """The call would apply more verbs than it may."""


class _Budget:
    """What one call may still do: characters to write, verbs to apply."""

    __slots__ = ("characters", "verbs")

    def __init__(self, characters: int, verbs: int) -> None:
        self.characters = characters
        self.verbs = verbs


# How many texts and verbs of a format string a scanner remembers.
_REMEMBERED = 1024
# Text written by one verb up to this length is built at once; longer text
# (a padding, zeros) stays a piece until the whole result is known to fit.
_BUILD_AT_ONCE = 4096
# Short texts are joined in groups of this many, to keep few objects alive.
_JOIN_EVERY = 256


class _Output:
    """The text of one result as it is written, within a budget of characters."""

    __slots__ = ("budget", "length", "pieces", "recent")

    def __init__(self, budget: _Budget) -> None:
        self.budget = budget
        self.length = 0
        self.pieces: Pieces = []
        self.recent: list[str] = []  # short texts not yet joined into pieces

    def reserve(self, size: int) -> None:
        if size > self.budget.characters:
            raise _TooLong
        self.budget.characters -= size
        self.length += size

    def write(self, text: str) -> None:
        self.reserve(len(text))
        if text:
            self.recent.append(text)
            if len(self.recent) >= _JOIN_EVERY:
                self.join()

    def write_pieces(self, pieces: Pieces) -> None:
        if len(pieces) == 1 and pieces[0][1] == 1:
            self.write(pieces[0][0])
            return
        size = pieces_length(pieces)
        if size <= _BUILD_AT_ONCE:
            self.write(pieces_text(pieces))
            return
        self.reserve(size)
        self.join()
        self.pieces += pieces

    def join(self) -> None:
        if self.recent:
            self.pieces.append(("".join(self.recent), 1))
            self.recent = []

    def text(self) -> str:
        self.join()
        return pieces_text(self.pieces)


# --------------------------------------------------------------------------- reading verbs


class _Scanner:
    """Reads a format string (UTF-8 bytes) as go-cty's state machine does.

    A scanner remembers the first :data:`_REMEMBERED` texts and verbs it
    read (``formatlist`` reads the string once per string it makes) and the
    first verbs of each spelling.
    """

    __slots__ = ("data", "memo", "verbs")

    def __init__(self, data: bytes) -> None:
        self.data = data
        # What was read at an offset: the text or verb, and the offset after it.
        self.memo: dict[int, tuple[str | _Verb, int]] = {}
        self.verbs: dict[bytes, _Verb] = {}  # by their spelling

    def items(self) -> Iterator[str | _Use]:
        """The literal text and the verbs of the format string, in order.

        Raises :class:`FunctionError` where the string stops being a format
        string, after the items before that point.
        """
        next_arg = 1
        p = 0
        while p < len(self.data):
            start = p
            found = self.memo.get(start)
            if found is None:
                found = self.read(start)
                if len(self.memo) < _REMEMBERED:
                    self.memo[start] = found
            item, p = found
            if isinstance(item, str):
                yield item
                continue
            arg_num = next_arg if item.arg_index is None else item.arg_index
            yield item, start, arg_num
            next_arg = _wrap(arg_num + 1)

    def read(self, p: int) -> tuple[str | _Verb, int]:
        """The literal text or the verb at ``p``, and the offset after it."""
        data = self.data
        end = p
        while (after := _LITERAL.match(data, end).end()) > end:  # type: ignore[union-attr]
            end = after
        if end > p:
            return data[p:end].replace(b"%%", b"%").decode("utf-8", "surrogatepass"), end
        return self.verb(p)

    def peek(self, p: int) -> int:
        if p >= len(self.data):
            raise FunctionError(f"invalid format string starting at offset {len(self.data)}")
        return self.data[p]

    def unrecognized(self, p: int) -> FunctionError:
        char = self.data[p : p + 4].decode("utf-8", "replace")[0]
        return FunctionError(f"unrecognized format character {_quote_rune(char)} at offset {p}")

    def verb(self, start: int) -> tuple[_Verb, int]:
        """The verb at ``start`` (a ``%`` not followed by another) and the offset after it."""
        match = _VERB.match(self.data, start)
        if match is None:
            raise self.malformed(start)
        spelling = match.group()
        verb = self.verbs.get(spelling)
        if verb is None:
            verb = _read_verb(match)
            if len(self.verbs) < _REMEMBERED:
                self.verbs[spelling] = verb
        return verb, match.end()

    def malformed(self, start: int) -> FunctionError:
        """The error at the first character after ``start`` that cannot continue a verb."""
        p = _FLAGS.match(self.data, start + 1).end()  # type: ignore[union-attr]
        if self.peek(p) in _NONZERO_DIGITS:
            p = self.digits_end(p)
        if self.peek(p) == _PERIOD:
            p = self.digits_end(p + 1)
        if self.peek(p) == _OPEN:
            if self.peek(p + 1) not in _NONZERO_DIGITS:
                return self.unrecognized(p + 1)
            p = self.digits_end(p + 1)
            if self.peek(p) != _CLOSE:
                return self.unrecognized(p)
            p += 1
            self.peek(p)
        return self.unrecognized(p)

    def digits_end(self, p: int) -> int:
        return _DIGITS.match(self.data, p).end()  # type: ignore[union-attr]


def _read_verb(match: re.Match[bytes]) -> _Verb:
    """The verb that :data:`_VERB` matched."""
    flags, width, period, index, letter = (
        "" if group is None else group.decode("ascii") for group in match.groups()
    )
    precision = period[1:] if period else None
    return _Verb(
        raw=match.group().decode("ascii"),
        mode=letter,
        flags=flags,
        width=width,
        precision=precision,
        width_value=_go_int(width) if width else -1,
        precision_value=-1 if precision is None else _go_int(precision or "0"),
        arg_index=_go_int(index) if index else None,
    )


def _format_text(scanner: _Scanner, args: Sequence[Value], budget: _Budget) -> _Output:
    """go-cty's ``formatFSM``: the format string of ``scanner`` with its verbs
    applied to ``args``, written within ``budget``.

    Raises :class:`FunctionError` (:class:`FunctionArgError` for an unused
    argument, its index counting the format string as 0), :class:`_TooLong`
    or :class:`_TooManyVerbs`.
    """
    out = _Output(budget)
    highest = 0  # the highest argument number taken
    for item in scanner.items():
        if isinstance(item, str):
            out.write(item)
            continue
        if budget.verbs == 0:
            raise _TooManyVerbs
        budget.verbs -= 1
        highest = max(highest, item[2])
        _write_verb(item, out, args)
    if highest < len(args):
        if highest == 0:
            raise FunctionArgError(1, "too many arguments; no verbs in format string")
        raise FunctionArgError(
            highest + 1, f"too many arguments; only {highest} used by format string"
        )
    return out


# --------------------------------------------------------------------------- writing verbs


def _write_verb(use: _Use, out: _Output, args: Sequence[Value]) -> None:
    """go-cty's ``formatAppend``: the argument of a verb written as the verb asks."""
    verb, offset, arg_num = use
    index = arg_num - 1
    if not 0 <= index < len(args):
        # (go-cty crashes on an index that wrapped around to zero or below.)
        raise FunctionError(
            f"not enough arguments for {go_quote(verb.raw)} at {offset}: "
            f"need index {arg_num} but have {len(args)} total"
        )
    arg = args[index]
    mode = verb.mode
    if mode != "v" and arg.is_null:
        raise _failure(use, "null value cannot be formatted")
    if mode == "v":
        _write_as_is(use, out, arg)
    elif mode == "t":
        out.write("true" if _converted(use, arg, BOOL).as_bool() else "false")
    elif mode in INTEGER_VERBS or mode in FLOAT_VERBS:
        n = _converted(use, arg, NUMBER).as_number()
        if mode in INTEGER_VERBS:
            if not number.is_integer(n):
                raise _failure(use, "an integer is required")
            n = number.to_int(n)
        out.write_pieces(sprintf_number(mode, verb.flags, verb.width, verb.precision, n))
    elif mode in "sq":
        text = _converted(use, arg, STRING).as_str()
        precision = verb.precision_value
        if precision > 0:
            text = "".join(islice(iter_graphemes(text), min(precision, len(text))))
        if mode == "q":
            text = encode_json(Value.string(text), STRING)
        _write_padded(verb, out, text)
    else:
        raise FunctionError(
            f"unsupported format verb {_quote_rune(mode)} in {go_quote(verb.raw)} "
            f"at offset {offset}"
        )


def _converted(use: _Use, arg: Value, want: Type) -> Value:
    if arg.type == want:
        return arg
    try:
        return convert(arg, want)
    except ConversionError as error:
        raise _failure(use, error.message) from None


def _write_as_is(use: _Use, out: _Output, arg: Value) -> None:
    """``%v``: strings and numbers in their default form, anything else as JSON."""
    verb = use[0]
    if "#" not in verb.flags and not arg.is_null:
        if arg.type == STRING:
            _write_padded(verb, out, arg.as_str())
            return
        if arg.type == NUMBER:
            _write_padded(verb, out, float_text(arg.as_number(), "g", -1))
            return
    try:
        text = encode_json(arg, arg.type)
    except ValueError as error:
        raise _failure(use, str(error)) from None
    _write_padded(verb, out, text)


def _write_padded(verb: _Verb, out: _Output, text: str) -> None:
    """go-cty's ``formatPadWidth``: ``text`` padded to the width in grapheme clusters."""
    width = verb.width_value
    given = grapheme_count(text) if width >= 0 else 0
    if given >= width:
        out.write(text)
        return
    padding = ("0" if "0" in verb.flags else " ", width - given)
    out.write_pieces([(text, 1), padding] if "-" in verb.flags else [padding, (text, 1)])


# --------------------------------------------------------------------------- the functions


def _scanner(text: str) -> _Scanner:
    return _Scanner(text.encode("utf-8", "surrogatepass"))


def _format(args: Sequence[Value], _result: Type) -> Value:
    if not all(arg.is_wholly_known for arg in args[1:]):
        # Collections are written as JSON, which needs every part known; the
        # text before the first verb is known (go-cty 1.13+, which does not
        # read "%%" as text here).
        text = args[0].as_str()
        first = text.find("%")
        if first <= 0:
            return Value.unknown(STRING)
        return Value.unknown(STRING).refine().string_prefix(text[:first]).new_value()
    limits = current_limits()
    budget = _Budget(limits.max_string_length, limits.max_cost)
    try:
        out = _format_text(_scanner(args[0].as_str()), args[1:], budget)
    except _TooLong:
        raise FunctionError(
            f"the result would be longer than {limits.max_string_length} characters"
        ) from None
    except _TooManyVerbs:
        raise FunctionError(
            f"the format string would apply more than {limits.max_cost} verbs"
        ) from None
    return Value.string(out.text())


def _formatlist(args: Sequence[Value], result: Type) -> Value:
    template, rest = args[0].as_str(), args[1:]
    length = -1  # of the sequences, all the same
    first_sequence = -1
    unknown = False
    iterators: list[Iterator[Value] | None] = [None] * len(rest)
    for i, arg in enumerate(rest):
        t = arg.type
        if isinstance(t, ListType | SetType | TupleType) and not arg.is_null:
            if not isinstance(t, TupleType) and not (arg.is_known and arg.length().is_known):
                unknown = True
                continue
            this_length = len(t.elements) if isinstance(t, TupleType) else len(arg)
            if length == -1:
                length, first_sequence = this_length, i
            elif this_length != length:
                raise FunctionArgError(
                    i + 1,
                    f"argument {i + 1} has length {this_length}, which is inconsistent "
                    f"with argument {first_sequence + 1} of length {length}",
                )
            if not arg.is_known:
                unknown = True
                continue
            iterators[i] = iter(arg.elements())
        elif t == DYNAMIC and not arg.is_known:
            unknown = True
    if unknown:
        return Value.unknown(result)
    if length == 0:
        return Value.list([], STRING)
    count = max(length, 1)
    limits = current_limits()
    if count > 1 and len(template) * count > limits.max_string_length:
        # Each string reads the whole format string again.
        raise FunctionError(
            f"the format string would be read {count} times: more than "
            f"{limits.max_string_length} characters in all"
        )
    budget = _Budget(limits.max_string_length, limits.max_cost)
    try:
        return Value.list(_format_each(_scanner(template), rest, iterators, count, budget), STRING)
    except _TooLong:
        raise FunctionError(
            f"the strings of the result would be longer than {limits.max_string_length} "
            "characters in all"
        ) from None
    except _TooManyVerbs:
        raise FunctionError(
            f"the format string would apply more than {limits.max_cost} verbs in all"
        ) from None


def _format_each(
    template: _Scanner,
    args: Sequence[Value],
    iterators: Sequence[Iterator[Value] | None],
    count: int,
    budget: _Budget,
) -> list[Value]:
    """``formatlist``'s strings: ``count`` of them, each formatting the next
    element of each sequence (those with an iterator) and the other arguments."""
    if not args:
        # go-cty formats once, and its errors are format's own.
        return [Value.string(_format_text(template, args, budget).text())]
    outputs: list[_Output | None] = []  # None: an unknown string
    for iteration in range(count):
        call_args: list[Value] = []
        for arg, iterator in zip(args, iterators, strict=True):
            value = arg if iterator is None else next(iterator)
            if not value.is_wholly_known:
                # This string is unknown. As in go-cty, the sequences after
                # this argument are not advanced for it.
                outputs.append(None)
                break
            call_args.append(value)
        else:
            try:
                outputs.append(_format_text(template, call_args, budget))
            except FunctionError as error:
                raise FunctionError(
                    f"error on format iteration {iteration}: {error.message}"
                ) from None
    # Only now, with every string within the budget, are they built.
    return [Value.unknown(STRING) if out is None else Value.string(out.text()) for out in outputs]


FORMAT_FUNCTIONS: Mapping[str, Function] = MappingProxyType(
    {
        "format": Function(
            [Parameter("format", STRING)],
            Parameter(
                "args", DYNAMIC, allow_null=True, allow_unknown=True, allow_dynamic_type=True
            ),
            return_type=STRING,
            impl=_format,
        ),
        "formatlist": Function(
            [Parameter("format", STRING)],
            Parameter("args", DYNAMIC, allow_null=True, allow_unknown=True),
            return_type=ListType(STRING),
            impl=_formatlist,
        ),
    }
)
