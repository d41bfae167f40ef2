"""Parsing a native-syntax document again after an edit, reusing what did not change.

A document is kept as *units*: runs of whole lines, each parsed on its own
at its position in the document (a parse with a start position, as HCL's
``ParseConfig`` takes one). An edit parses again only the units it touches,
in pieces of at least :data:`UNIT_SIZE` characters cut at the start of a
line: where an earlier parse saw a top-level item end, or, where none did
(the first parse, after an error), where a line starts with a name. The
units after the edit keep their trees and are moved
(:meth:`hcldecode.model.SourceMap.move`), which changes no node: positions
are made from offsets when asked for.

The result is exactly what parsing the whole text gives, which the tests
check edit by edit. A piece that parses without error, from the start of a
line in the state the parser starts a file in, ends where its last item
ends, in that state again: a string, heredoc, comment or bracket left open
is an error, and a line break ends a top-level item. Two things cross
items:

- after an error the parser skips, maybe to the end of the file: a piece
  with an error is parsed again with everything after it, so only a
  document's last unit has errors; the clean units it covers are kept
  aside, to be used again when the error is mended;
- an attribute set twice at the top level is an error of the second one:
  when two units set one name, the whole text is parsed again.

Moving a unit changes the positions of the trees handed out for earlier
texts: a document keeps only its last text's positions right, which is
what the server asks for (a check of an older text is not reported).
"""

from __future__ import annotations

import bisect
import itertools
import re
import threading
from collections.abc import Sequence

from ..model import INITIAL_POS, Attribute, Block, Diagnostics, Expression, File, Pos, Range
from ..model._source import SourceMap, utf8_length
from ..native import NativeBody, parse_config
from ..native._ast import Node
from ..native._body import AttributeNode, BlockNode

__all__ = ["UNIT_SIZE", "IncrementalParse", "UnitBody"]

#: The number of characters a unit is made to hold at least, where items allow.
UNIT_SIZE = 16_384

# What may follow a top-level item on its last line for a unit to end there:
# spaces and a comment that ends with the line.
_LINE_END = re.compile(r"[ \t\r]*(?:(?:#|//)[^\n]*)?\n")
_SURROGATE = re.compile("[\ud800-\udfff]")


class _Unit:
    """Whole lines of the document, parsed on their own at their position."""

    __slots__ = ("body", "breaks", "diags", "text")

    def __init__(self, text: str, filename: str, start: Pos) -> None:
        file, diags = parse_config(text, filename, start)
        assert isinstance(file.body, NativeBody)
        self.text = text
        self.body: NativeBody = file.body
        self.diags = diags
        self.breaks = _breaks(text, file.body, diags)

    @property
    def start(self) -> Pos:
        return self.body.source.start


def _breaks(text: str, body: NativeBody, diags: Diagnostics) -> list[int]:
    """The offsets in ``text`` where another unit could start: after the line
    of a top-level item, where that line ends with the item (or a line
    comment), before any error (nothing after an error is sure)."""
    source = body.source
    if diags:
        errors = [d.subject.start.byte for d in diags if d.subject is not None]
        if not errors:
            return []
        first_error = source.offset(min(errors))
    else:
        first_error = len(text)
    ends = sorted([*(a.end for a in body.attributes.values()), *(b.end for b in body.blocks)])
    found = []
    for end in ends:
        match = _LINE_END.match(text, end)
        if match is None:
            continue
        if match.end() > first_error or match.end() >= len(text):
            break
        found.append(match.end())
    return found


def _after(start: Pos, text: str) -> Pos:
    """Where ``text`` ends when it begins at ``start``, the start of a line,
    and ends with a line break."""
    return Pos(start.line + text.count("\n"), 1, start.byte + utf8_length(text))


def _common_prefix(a: str, b: str) -> int:
    lo, hi = 0, min(len(a), len(b))
    while lo < hi:  # a[:lo] == b[:lo]; each step compares only the new half
        mid = (lo + hi + 1) // 2
        if a[lo:mid] == b[lo:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _common_suffix(a: str, b: str, limit: int) -> int:
    lo, hi, la, lb = 0, limit, len(a), len(b)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[la - mid : la - lo] == b[lb - mid : lb - lo]:
            lo = mid
        else:
            hi = mid - 1
    return lo


class IncrementalParse:
    """One document's last text in units, and the tree of each next text.

    Args:
        filename: The name positions and diagnostics carry.
    """

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self._text = ""
        self._units: list[_Unit] = []
        # Clean units after a unit with errors, which hides them (they end the text).
        self._hidden: list[_Unit] = []
        self._hidden_size = 0
        self._lock = threading.Lock()

    def parse(self, text: str) -> tuple[File, Diagnostics]:
        """The file parsed from ``text`` and its syntax diagnostics, exactly as
        :func:`hcldecode.native.parse_config` gives them."""
        with self._lock:
            if text.startswith("\ufeff") or _SURROGATE.search(text) is not None:
                # A byte order mark and lone surrogates are the whole file's: the
                # text is parsed whole, as the bytes the document is.
                self._units = []
                self._hide([])
                return parse_config(text.encode("utf-8", "surrogatepass"), self.filename)
            if not self._units:
                cuts = _item_lines(text, 0, len(text))
                units = self._pieces(text, (0, len(text)), INITIAL_POS, cuts, [])
            elif text == self._text:
                units = self._units
            else:
                units = self._update(text)
            if _set_twice(units):
                units = [_Unit(text, self.filename, INITIAL_POS)]
                self._hide([])
            dirty = [index for index, unit in enumerate(units) if unit.diags]
            if len(dirty) > 1:
                # After the first error the parser is in recovery, which changes
                # how it reports the next: the rest is parsed with it.
                first = dirty[0]
                begin = sum(len(unit.text) for unit in units[:first])
                units = [*units[:first], _Unit(text[begin:], self.filename, units[first].start)]
                self._hide([])
            self._text, self._units = text, units
            source = SourceMap(self.filename, text)
            body = UnitBody(source, units)
            file = File(
                self.filename,
                text,
                body,
                body.context_string,
                def_range=body.context_def_range,
            )
            filename = self.filename
            source.keep_file(file, lambda: parse_config(text, filename)[0])
            diags = Diagnostics()
            for unit in units:
                diags.extend(unit.diags)
            return file, diags

    def _pieces(
        self, text: str, span: tuple[int, int], start: Pos, cuts: list[int], following: list[int]
    ) -> list[_Unit]:
        """Units for ``text[begin:end]`` (``span``), which starts at ``start``, made at
        ``cuts`` (line starts, ascending) at least :data:`UNIT_SIZE` characters apart.

        A piece with an error is kept when the parser is shown to come back to
        the top level within it (:meth:`_local`: ``following`` are the line
        starts after ``end`` where units start); otherwise it goes on to the
        end of the text, where its recovery may run.
        """
        begin, end = span
        made: list[_Unit] = []
        at = begin
        for cut in (*cuts, end):
            if cut - at < UNIT_SIZE and cut != end:
                continue
            unit = _Unit(text[at:cut], self.filename, start)
            if unit.diags and cut != len(text):
                after = next((c for c in (*cuts, *following) if c > cut), len(text))
                if not self._local(unit, text[cut:after]):
                    made.append(_Unit(text[at:], self.filename, start))
                    return made
            made.append(unit)
            start, at = _after(start, unit.text), cut
            if cut == end:
                break
        return made

    def _local(self, unit: _Unit, following: str) -> bool:
        """Whether the parser, after the errors of ``unit``, is back at the top level
        where it ends: the lines that follow parse as they do alone, with
        items, and no error, when parsed together with it."""
        alone = _Unit(following, self.filename, _after(unit.start, unit.text))
        if alone.diags or not (alone.body.attributes or alone.body.blocks):
            return False
        both = _Unit(unit.text + following, self.filename, unit.start)
        return _errors(both.diags) == _errors(unit.diags) and _shape(both.body) == [
            *_shape(unit.body),
            *_shape(alone.body),
        ]

    def _update(self, text: str) -> list[_Unit]:
        old, units = self._text, self._units
        same_start = _common_prefix(old, text)
        same_end = _common_suffix(old, text, min(len(old), len(text)) - same_start)
        old_end = len(old) - same_end
        delta = len(text) - len(old)
        offsets = [0]
        for unit in units:
            offsets.append(offsets[-1] + len(unit.text))
        # The units the edit touches: those holding its ends, and the one before
        # when it starts where that one ends; a unit with errors runs to the end.
        first = min(bisect.bisect_right(offsets, same_start) - 1, len(units) - 1)
        if first > 0 and offsets[first] == same_start:
            first -= 1
        last = min(bisect.bisect_right(offsets, old_end) - 1, len(units) - 1)
        # A unit with errors after the edit is parsed again: its diagnostics
        # have their positions.
        for index in range(len(units) - 1, last, -1):
            if units[index].diags:
                last = index
                break
        begin, end = offsets[first], offsets[last + 1] + delta
        # Where pieces may start: the touched units' own starts and item ends,
        # where they are before the edit, moved after it; after the first error
        # of a unit with errors, lines that start with a name.
        cuts = []
        for index in range(first, last + 1):
            for cut in (0, *units[index].breaks):
                at = offsets[index] + cut
                if begin < at <= same_start:
                    cuts.append(at)
                elif at > old_end:
                    cuts.append(at + delta)
        for index in range(first, last + 1):
            if units[index].diags:
                breaks = units[index].breaks
                known = offsets[index] + (breaks[-1] if breaks else 0)
                cuts += _item_lines(text, max(begin, min(known, same_start)), end)
        # The units hidden under an error that runs to the end, if the edit left them.
        hidden = self._hidden if self._hidden_size <= same_end else []
        self._hidden = []
        if hidden and end == len(text) and len(text) - self._hidden_size > begin:
            end = len(text) - self._hidden_size
        cuts = [cut for cut in sorted(set(cuts)) if cut < end]
        moved = hidden if hidden else units[last + 1 :]
        following = list(itertools.accumulate((len(unit.text) for unit in moved), initial=end))
        made = self._pieces(text, (begin, end), units[first].start, cuts, following[:-1])
        if begin + sum(len(unit.text) for unit in made) == len(text):
            # A piece had an error and the rest of the file went with it: the
            # units after the error are kept aside, for when it is mended.
            if made[-1].diags:
                self._hide([*units[last + 1 :], *hidden] if end < len(text) else hidden)
            return [*units[:first], *made]
        place = _after(made[-1].start, made[-1].text)
        if moved[0].start != place:
            for unit in moved:
                unit.body.source.move(place)
                place = _after(place, unit.text)
        return [*units[:first], *made, *moved]

    def _hide(self, units: list[_Unit]) -> None:
        self._hidden = units
        self._hidden_size = sum(len(unit.text) for unit in units)


_ITEM_LINE = re.compile(r"\n(?=[A-Za-z_])")


def _item_lines(text: str, begin: int, end: int) -> list[int]:
    """The starts of the lines in ``text[begin:end]`` that start with a name: where
    top-level items usually start (a guess, checked by parsing)."""
    return [match.end() for match in _ITEM_LINE.finditer(text, begin, end - 1)]


def _errors(diags: Diagnostics) -> list[tuple[str, str | None, str, str]]:
    return [(d.summary, d.detail, str(d.subject), str(d.context)) for d in diags]


def _shape(body: NativeBody) -> list[tuple[str, ...]]:
    """Every item and node of ``body``, with its ranges, in order (attributes first)."""
    found: list[tuple[str, ...]] = []

    def expression(node: Node) -> None:
        found.append((type(node).__name__, str(node.range)))
        for child in node.children():
            expression(child)

    def items(body: NativeBody) -> None:
        for attribute in body.attributes.values():
            found.append((attribute.name, str(attribute.range)))
            expression(attribute.native_expr)
        for block in body.blocks:
            found.append((block.type, *block.labels, str(block.range), str(block.def_range)))
            items(block.native_body)

    items(body)
    return found


def _set_twice(units: Sequence[_Unit]) -> bool:
    """Whether two units set one top-level attribute (the second is an error)."""
    if len(units) < 2:
        return False
    seen: set[str] = set()
    for unit in units:
        names = unit.body.attributes.keys()
        if not seen.isdisjoint(names):
            return True
        seen.update(names)
    return False


class UnitBody(NativeBody):
    """A document's top-level body made of its units' items.

    Decoding reads it as any native body; finding what is at a position asks
    the unit whose lines hold it.
    """

    __slots__ = ("_starts", "_units")

    def __init__(self, source: SourceMap, units: Sequence[_Unit]) -> None:
        attributes: dict[str, AttributeNode] = {}
        blocks: list[BlockNode] = []
        for unit in units:
            attributes.update(unit.body.attributes)
            blocks.extend(unit.body.blocks)
        # The extent the whole text's parse gives: from where the first unit's
        # starts (after leading comments) to where the last one's ends (its end
        # of file, or where an error's recovery stopped).
        last = units[-1]
        start, end = units[0].body.start, len(source.text) - len(last.text) + last.body.end
        super().__init__(source, start, end, attributes=attributes, blocks=blocks)
        self._units = [unit.body for unit in units]
        self._starts = [unit.start.byte for unit in units]

    def _unit_at(self, byte: int) -> NativeBody:
        return self._units[max(bisect.bisect_right(self._starts, byte) - 1, 0)]

    def blocks_at_pos(self, pos: Pos) -> list[Block]:
        return self._unit_at(pos.byte).blocks_at_pos(pos)

    def innermost_block_at_pos(self, pos: Pos) -> Block | None:
        return self._unit_at(pos.byte).innermost_block_at_pos(pos)

    def outermost_block_at_pos(self, pos: Pos) -> Block | None:
        return self._unit_at(pos.byte).outermost_block_at_pos(pos)

    def attribute_at_pos(self, pos: Pos) -> Attribute | None:
        return self._unit_at(pos.byte).attribute_at_pos(pos)

    def outermost_expr_at_pos(self, pos: Pos) -> Expression | None:
        return self._unit_at(pos.byte).outermost_expr_at_pos(pos)

    def context_string(self, byte: int) -> str | None:
        return self._unit_at(byte).context_string(byte)

    def context_def_range(self, byte: int) -> Range | None:
        return self._unit_at(byte).context_def_range(byte)
