"""RE2 patterns, as Go's ``regexp`` reads them, translated to Python's :mod:`re`.

go-cty's regular-expression functions use Go's ``regexp`` package, whose
syntax is RE2's. :func:`parse` reads a pattern as Go's ``regexp/syntax``
does with Go's ``Perl`` flags (what ``regexp.Compile`` uses): the same
syntax, the same errors in the same order (:class:`RE2Error`, with Go's
error code and the offending text), the same capture groups. The result
holds a syntax tree (:class:`Node`) and the equivalent pattern for Python's
:mod:`re`, written without any flag that differs between the two (no
``re.IGNORECASE``: case-insensitive characters are spelled out as Go folds
them; ``\\d``, ``\\s``, ``\\w``, ``\\b`` and ``[[:alpha:]]`` stay ASCII;
``$`` is the end of the text; ``.`` leaves out ``\\n``).

Go's ``regexp`` chooses among the ways a pattern can match as Perl does
(leftmost-first), as Python's :mod:`re` does, so the translated pattern
finds the same matches and groups, with one exception: an iteration of a
repetition that matches the empty string. Python lets the last iteration of
``(a|)+`` match nothing (group 1 is empty at the end of ``aa``), Go does not
(group 1 is the second ``a``), and where the empty choice comes before a
non-empty one (``(?:a|(?:|b))+``) the two even match different text.
:func:`parse` refuses such repetitions (:class:`Unsupported`) unless they
give the same result in both: when the repeated expression can only match
the empty string, or holds no capture group and tries every non-empty match
before an empty one.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import regexp_unicode as uni
from .regexp_unicode import MAX_RUNE, Ranges

__all__ = [
    "Alternate",
    "Assertion",
    "Capture",
    "Chars",
    "Concat",
    "Empty",
    "Node",
    "Pattern",
    "RE2Error",
    "Repeat",
    "Unsupported",
    "parse",
]


# --------------------------------------------------------------------------- errors

# Go's regexp/syntax error codes, as its messages spell them.
MISSING_BRACKET = "missing closing ]"
MISSING_PAREN = "missing closing )"
UNEXPECTED_PAREN = "unexpected )"
INVALID_CHAR_RANGE = "invalid character class range"
INVALID_ESCAPE = "invalid escape sequence"
INVALID_NAMED_CAPTURE = "invalid named capture"
INVALID_PERL_OP = "invalid or unsupported Perl syntax"
INVALID_REPEAT_OP = "invalid nested repetition operator"
INVALID_REPEAT_SIZE = "invalid repeat count"
INVALID_UTF8 = "invalid UTF-8"
MISSING_REPEAT_ARGUMENT = "missing argument to repetition operator"
TRAILING_BACKSLASH = "trailing backslash at end of expression"
INTERNAL_ERROR = "regexp/syntax: internal error"  # Go's code for a pattern too large


class RE2Error(Exception):
    """A pattern Go's ``regexp`` rejects: ``code`` is Go's error code
    (``missing closing )``), ``expr`` the part of the pattern it shows."""

    def __init__(self, code: str, expr: str) -> None:
        super().__init__(f"error parsing regexp: {code}: `{expr}`")
        self.code = code
        self.expr = expr


class Unsupported(Exception):
    """A valid pattern that hcldecode refuses; the message says why."""


# --------------------------------------------------------------------------- the tree


class Node:
    """A node of a pattern's syntax tree."""

    __slots__ = ()

    def children(self) -> Sequence[Node]:
        return ()


class Chars(Node):
    """One character of a set (a literal, a class, ``.``)."""

    __slots__ = ("ranges",)

    def __init__(self, ranges: Ranges) -> None:
        self.ranges = ranges


class Empty(Node):
    """The empty string."""

    __slots__ = ()


class Assertion(Node):
    """An empty-width test: ``kind`` is one of :data:`ASSERTIONS`."""

    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        self.kind = kind


class Capture(Node):
    """A capture group: its number (from 1), its name (``""`` if none)."""

    __slots__ = ("index", "name", "sub")

    def __init__(self, index: int, name: str, sub: Node) -> None:
        self.index = index
        self.name = name
        self.sub = sub

    def children(self) -> Sequence[Node]:
        return (self.sub,)


class Concat(Node):
    """A sequence."""

    __slots__ = ("subs",)

    def __init__(self, subs: Sequence[Node]) -> None:
        self.subs = tuple(subs)

    def children(self) -> Sequence[Node]:
        return self.subs


class Alternate(Node):
    """Alternatives, the first preferred."""

    __slots__ = ("subs",)

    def __init__(self, subs: Sequence[Node]) -> None:
        self.subs = tuple(subs)

    def children(self) -> Sequence[Node]:
        return self.subs


class Repeat(Node):
    """``sub`` repeated ``low`` to ``high`` times (``None``: no limit);
    ``counted`` for the ``{n,m}`` forms, as opposed to ``*``, ``+``, ``?``."""

    __slots__ = ("counted", "greedy", "high", "low", "sub")

    def __init__(self, sub: Node, low: int, high: int | None, greedy: bool, counted: bool) -> None:
        self.sub = sub
        self.low = low
        self.high = high
        self.greedy = greedy
        self.counted = counted

    def children(self) -> Sequence[Node]:
        return (self.sub,)


BEGIN_TEXT = "begin_text"
END_TEXT = "end_text"
BEGIN_LINE = "begin_line"
END_LINE = "end_line"
WORD_BOUNDARY = "word_boundary"
NOT_WORD_BOUNDARY = "not_word_boundary"
ASSERTIONS = (BEGIN_TEXT, END_TEXT, BEGIN_LINE, END_LINE, WORD_BOUNDARY, NOT_WORD_BOUNDARY)


class Pattern:
    """A parsed pattern: its tree and the names of its capture groups (group
    1 first, ``""`` for an unnamed one); ``unsupported`` says why hcldecode
    cannot match it as Go does, if it cannot (a repetition of the kind the
    module docstring describes)."""

    __slots__ = ("names", "source", "tree", "unsupported")

    def __init__(self, source: str, tree: Node, names: tuple[str, ...]) -> None:
        self.source = source
        self.tree = tree
        self.names = names
        self.unsupported: str | None = None

    def python(self, top: int = MAX_RUNE, *, empty_text: bool = False) -> str:
        """The equivalent pattern for Python's :mod:`re`, on texts whose
        characters are at most ``top`` (with ``0xFFFF``, its character sets
        leave out the characters beyond, which makes them quicker to test),
        or on the empty text."""
        assertions = _PY_ASSERTIONS_EMPTY_TEXT if empty_text else _PY_ASSERTIONS
        return _python(self.tree, top, assertions)


# --------------------------------------------------------------------------- character sets

_ANY: Ranges = ((0, MAX_RUNE),)
_ANY_BUT_NEWLINE: Ranges = ((0, 9), (11, MAX_RUNE))

# Perl's and POSIX's named classes, as Go's regexp/syntax defines them: ASCII only.
_DIGIT: Ranges = ((0x30, 0x39),)
_SPACE: Ranges = ((0x09, 0x0A), (0x0C, 0x0D), (0x20, 0x20))
_WORD: Ranges = ((0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A))
_PERL_CLASSES: dict[str, Ranges] = {"d": _DIGIT, "s": _SPACE, "w": _WORD}
_POSIX_CLASSES: dict[str, Ranges] = {
    "alnum": ((0x30, 0x39), (0x41, 0x5A), (0x61, 0x7A)),
    "alpha": ((0x41, 0x5A), (0x61, 0x7A)),
    "ascii": ((0x00, 0x7F),),
    "blank": ((0x09, 0x09), (0x20, 0x20)),
    "cntrl": ((0x00, 0x1F), (0x7F, 0x7F)),
    "digit": _DIGIT,
    "graph": ((0x21, 0x7E),),
    "lower": ((0x61, 0x7A),),
    "print": ((0x20, 0x7E),),
    "punct": ((0x21, 0x2F), (0x3A, 0x40), (0x5B, 0x60), (0x7B, 0x7E)),
    "space": ((0x09, 0x0D), (0x20, 0x20)),
    "upper": ((0x41, 0x5A),),
    "word": _WORD,
    "xdigit": ((0x30, 0x39), (0x41, 0x46), (0x61, 0x66)),
}

_HEX = "0123456789abcdefABCDEF"
_OCTAL = "01234567"
_C_ESCAPES = {"a": 0x07, "f": 0x0C, "n": 0x0A, "r": 0x0D, "t": 0x09, "v": 0x0B}

_MAX_REPEAT = 1000  # Go's limit on a count, and on nested counts multiplied
_MAX_SIZE = (128 << 20) // 40  # Go's limit on the instructions of a compiled pattern
_MAX_CLASS_WORK = 5_000_000  # see _Parser._charged
_MAX_LENGTH = 100_000  # the longest pattern hcldecode reads
_OPERATORS: dict[str, tuple[int, int | None]] = {"*": (0, None), "+": (1, None), "?": (0, 1)}


def _is_alnum(char: str) -> bool:
    return char.isascii() and char.isalnum()


def _unicode_table(name: str) -> Ranges | None:
    """The set ``\\p{name}`` names: ``Any``, a general category or a script."""
    if name == "Any":
        return _ANY
    table = uni.category(name)
    return uni.script(name) if table is None else table


# --------------------------------------------------------------------------- the parser


class _Flags:
    """The flags in force: ``(?i)``, ``(?m)``, ``(?s)``, ``(?U)``."""

    __slots__ = ("dot_nl", "fold", "multi_line", "ungreedy")

    def __init__(
        self,
        fold: bool = False,
        multi_line: bool = False,
        dot_nl: bool = False,
        ungreedy: bool = False,
    ) -> None:
        self.fold = fold
        self.multi_line = multi_line
        self.dot_nl = dot_nl
        self.ungreedy = ungreedy

    def copy(self) -> _Flags:
        return _Flags(self.fold, self.multi_line, self.dot_nl, self.ungreedy)


class _Frame:
    """An open group: its alternatives so far, and what it restores on ``)``."""

    __slots__ = ("alternatives", "capture", "flags", "name")

    def __init__(self, flags: _Flags, capture: int, name: str) -> None:
        self.flags = flags  # in force before the group
        self.capture = capture  # 0: not capturing
        self.name = name
        self.alternatives: list[list[Node]] = [[]]


class _Parser:
    """One left-to-right pass over a pattern, as Go's ``regexp/syntax`` makes it."""

    def __init__(self, source: str, max_depth: int) -> None:
        self.source = source
        self.max_depth = max_depth
        self.flags = _Flags()
        self.frames = [_Frame(self.flags, 0, "")]
        self.names: list[str] = []
        self.class_work = 0  # see _charged

    # ---- helpers

    def _items(self) -> list[Node]:
        return self.frames[-1].alternatives[-1]

    def _charged(self, work: int) -> None:
        """Counts the work of building character sets and of compiling them in
        Python (see :meth:`_add`), and refuses a pattern whose sets would take
        too long (Go's own limit is 16 million ranges)."""
        self.class_work += work
        if self.class_work > _MAX_CLASS_WORK:
            raise Unsupported(
                "its character classes are too large for hcldecode: Python's re would take "
                "too long to compile them"
            )

    def _fold(self, ranges: Ranges) -> Ranges:
        self._charged(8 * uni.fold_count(ranges))
        return uni.fold_closure(ranges)

    def _add(self, ranges: Ranges) -> None:
        """A character set as the next item; Python compiles it in time
        proportional to its ranges and to the characters up to U+FFFF it names
        or, when fewer, leaves out (see :func:`_py_chars`), and a literal
        character too in a fixed time (about as long as 40 of those)."""
        named = _points(tuple((lo, min(hi, 0xFFFF)) for lo, hi in ranges if lo <= 0xFFFF))
        self._charged(40 + len(ranges) + min(named, 0x10000 - named))
        self._items().append(Chars(ranges))

    def _literal(self, code: int) -> None:
        """A character; under ``(?i)``, it and the characters it folds to."""
        ranges = ((code, code),)
        self._add(self._fold(ranges) if self.flags.fold else ranges)

    def _group(self, ranges: Ranges, negated: bool) -> Ranges:
        """A named class (``\\d``, ``[:alpha:]``, ``\\pL``) as it adds to a class."""
        if self.flags.fold:
            ranges = self._fold(ranges)
        return uni.negate(ranges) if negated else ranges

    # ---- the main loop

    def parse(self) -> Node:
        s = self.source
        i = 0
        last_repeat: int | None = None  # where the previous repetition operator began
        while i < len(s):
            repeat_at: int | None = None
            c = s[i]
            if c == "(":
                if s.startswith("(?", i):
                    i = self._perl_flags(i)
                else:
                    self._open(len(self.names) + 1, "")
                    self.names.append("")
                    i += 1
            elif c == "|":
                self.frames[-1].alternatives.append([])
                i += 1
            elif c == ")":
                self._close()
                i += 1
            elif c == "^":
                self._items().append(Assertion(BEGIN_LINE if self.flags.multi_line else BEGIN_TEXT))
                i += 1
            elif c == "$":
                self._items().append(Assertion(END_LINE if self.flags.multi_line else END_TEXT))
                i += 1
            elif c == ".":
                self._items().append(Chars(_ANY if self.flags.dot_nl else _ANY_BUT_NEWLINE))
                i += 1
            elif c == "[":
                i = self._class(i)
            elif c in "*+?":
                low, high = _OPERATORS[c]
                repeat_at = i
                i = self._repeat(i, i + 1, (low, high), counted=False, last=last_repeat)
            elif c == "{":
                counts = _repeat_counts(s, i)
                if counts is None:
                    self._literal(ord("{"))
                    i += 1
                else:
                    low, high, end = counts
                    if low < 0 or low > _MAX_REPEAT or (high is not None and high > _MAX_REPEAT):
                        raise RE2Error(INVALID_REPEAT_SIZE, s[i:end])
                    if high is not None and low > high:
                        raise RE2Error(INVALID_REPEAT_SIZE, s[i:end])
                    repeat_at = i
                    i = self._repeat(i, end, (low, high), counted=True, last=last_repeat)
            elif c == "\\":
                i = self._backslash(i)
            else:
                self._literal(ord(c))
                i += 1
            last_repeat = repeat_at
        if len(self.frames) != 1:
            raise RE2Error(MISSING_PAREN, s)
        tree = _alternation(self.frames[0].alternatives)
        if _go_size(tree) > _MAX_SIZE:
            raise RE2Error(INTERNAL_ERROR, s)
        return tree

    # ---- groups and flags

    def _open(self, capture: int, name: str) -> None:
        if len(self.frames) > self.max_depth:
            raise Unsupported(
                f"it nests groups more than {self.max_depth} levels deep, "
                "more than hcldecode supports"
            )
        self.frames.append(_Frame(self.flags.copy(), capture, name))

    def _close(self) -> None:
        if len(self.frames) == 1:
            raise RE2Error(UNEXPECTED_PAREN, self.source)
        frame = self.frames.pop()
        self.flags = frame.flags
        node = _alternation(frame.alternatives)
        if frame.capture:
            node = Capture(frame.capture, frame.name, node)
        self._items().append(node)

    def _perl_flags(self, start: int) -> int:
        """``(?P<name>``, ``(?flags)``, ``(?flags:``; the index after them."""
        s = self.source
        if len(s) - start > 4 and s[start + 2] == "P" and s[start + 3] == "<":
            end = s.find(">", start)
            if end < 0:
                _check_text(s[start:])
                raise RE2Error(INVALID_NAMED_CAPTURE, s[start:])
            name = s[start + 4 : end]
            _check_text(name)
            if not name or not all(ch == "_" or _is_alnum(ch) for ch in name):
                raise RE2Error(INVALID_NAMED_CAPTURE, s[start : end + 1])
            self._open(len(self.names) + 1, name)
            self.names.append(name)
            return end + 1
        flags = self.flags.copy()
        negated = saw_flag = False
        i = start + 2
        while i < len(s):
            c = s[i]
            i += 1
            _check_text(c)
            if c in "imsU":
                value = not negated
                if c == "i":
                    flags.fold = value
                elif c == "m":
                    flags.multi_line = value
                elif c == "s":
                    flags.dot_nl = value
                else:
                    flags.ungreedy = value
                saw_flag = True
            elif c == "-" and not negated:
                negated, saw_flag = True, False
            elif c in ":)" and not (negated and not saw_flag):
                if c == ":":
                    self._open(0, "")
                self.flags = flags
                return i
            else:
                break
        raise RE2Error(INVALID_PERL_OP, s[start:i])

    # ---- repetitions

    def _repeat(
        self,
        op: int,
        after: int,
        counts: tuple[int, int | None],
        *,
        counted: bool,
        last: int | None,
    ) -> int:
        """Applies a repetition operator (from ``op`` to ``after``) to the last item."""
        s = self.source
        low, high = counts
        greedy = not self.flags.ungreedy
        if after < len(s) and s[after] == "?":
            after += 1
            greedy = not greedy
        if last is not None:
            raise RE2Error(INVALID_REPEAT_OP, s[last:after])
        items = self._items()
        if not items:
            raise RE2Error(MISSING_REPEAT_ARGUMENT, s[op:after])
        node = Repeat(items[-1], low, high, greedy, counted)
        if _go_size(node) > _MAX_SIZE:
            raise RE2Error(INTERNAL_ERROR, s)
        big = low >= 2 or (high is not None and high >= 2)
        if counted and big and not _repeat_is_valid(node, _MAX_REPEAT):
            raise RE2Error(INVALID_REPEAT_SIZE, s[op:after])
        inner = items[-1]
        if (
            not counted
            and isinstance(inner, Repeat)
            and not inner.counted
            and (inner.low, inner.high, inner.greedy) == (low, high, greedy)
        ):
            node = inner  # (?:a*)* is a*, as Go simplifies it
        items[-1] = node
        return after

    # ---- escapes

    def _backslash(self, start: int) -> int:
        s = self.source
        nxt = s[start + 1] if start + 1 < len(s) else ""
        simple = {"A": BEGIN_TEXT, "z": END_TEXT, "b": WORD_BOUNDARY, "B": NOT_WORD_BOUNDARY}
        if nxt in simple:
            self._items().append(Assertion(simple[nxt]))
            return start + 2
        if nxt == "C":
            raise RE2Error(INVALID_ESCAPE, s[start : start + 2])
        if nxt == "Q":
            end = s.find("\\E", start + 2)
            text = s[start + 2 :] if end < 0 else s[start + 2 : end]
            for ch in text:
                _check_text(ch)
                self._literal(ord(ch))
            return len(s) if end < 0 else end + 2
        if nxt in ("p", "P"):
            ranges, after = self._unicode_class(start)
            self._add(ranges)
            return after
        if nxt and nxt in "dswDSW":
            ranges = self._group(_PERL_CLASSES[nxt.lower()], nxt.isupper())
            self._add(ranges)
            return start + 2
        code, after = self._escape(start)
        self._literal(code)
        return after

    def _escape(self, start: int) -> tuple[int, int]:
        """A one-character escape at ``start`` (a backslash): the code point, the index after."""
        s = self.source
        i = start + 1
        if i >= len(s):
            raise RE2Error(TRAILING_BACKSLASH, "")
        c = s[i]
        _check_text(c)
        i += 1
        if c.isascii() and not _is_alnum(c):
            return ord(c), i
        if c in "1234567" and not (i < len(s) and s[i] in _OCTAL):
            raise RE2Error(INVALID_ESCAPE, s[start:i])  # a backreference
        if c in _OCTAL:
            code = int(c)
            for _ in range(2):
                if i < len(s) and s[i] in _OCTAL:
                    code = code * 8 + int(s[i])
                    i += 1
            return code, i
        if c == "x":
            return self._hex_escape(start, i)
        if c in _C_ESCAPES:
            return _C_ESCAPES[c], i
        raise RE2Error(INVALID_ESCAPE, s[start:i])

    def _hex_escape(self, start: int, i: int) -> tuple[int, int]:
        s = self.source
        if i >= len(s):
            raise RE2Error(INVALID_ESCAPE, s[start:i])
        c = s[i]
        _check_text(c)
        i += 1
        if c == "{":
            code = digits = 0
            while True:
                if i >= len(s):
                    raise RE2Error(INVALID_ESCAPE, s[start:i])
                c = s[i]
                _check_text(c)
                i += 1
                if c == "}":
                    break
                if c not in _HEX:
                    raise RE2Error(INVALID_ESCAPE, s[start:i])
                code = code * 16 + int(c, 16)
                if code > MAX_RUNE:
                    raise RE2Error(INVALID_ESCAPE, s[start:i])
                digits += 1
            if digits == 0:
                raise RE2Error(INVALID_ESCAPE, s[start:i])
            return code, i
        second = s[i] if i < len(s) else ""
        if second:
            _check_text(second)
            i += 1
        if c not in _HEX or not second or second not in _HEX:
            raise RE2Error(INVALID_ESCAPE, s[start:i])
        return int(c + second, 16), i

    def _unicode_class(self, start: int) -> tuple[Ranges, int]:
        """``\\pL``, ``\\p{Greek}``, ``\\P{^Lu}`` at ``start``: the set, the index after."""
        s = self.source
        negated = s[start + 1] == "P"
        i = start + 2
        if i < len(s) and s[i] == "{":
            end = s.find("}", start)
            if end < 0:
                _check_text(s[start:])
                raise RE2Error(INVALID_CHAR_RANGE, s[start:])
            seq, name, after = s[start : end + 1], s[start + 3 : end], end + 1
            _check_text(name)
        else:
            if i < len(s):
                _check_text(s[i])
            after = min(i + 1, len(s))
            seq = s[start:after]
            name = seq[2:]
        if name.startswith("^"):
            negated = not negated
            name = name[1:]
        table = _unicode_table(name)
        if table is None:
            raise RE2Error(INVALID_CHAR_RANGE, seq)
        return self._group(table, negated), after

    # ---- bracketed classes

    def _class(self, start: int) -> int:
        """A ``[...]`` class at ``start``; the index after it."""
        s = self.source
        whole = s[start:]
        i = start + 1
        negated = i < len(s) and s[i] == "^"
        if negated:
            i += 1
        ranges: list[tuple[int, int]] = []
        first = True
        while i >= len(s) or s[i] != "]" or first:
            first = False
            if s.startswith("[:", i) and len(s) - i > 2:
                end = s.find(":]", i + 2)
                if end >= 0:
                    name = s[i : end + 2]
                    body = name[2:-2]
                    table = _POSIX_CLASSES.get(body.removeprefix("^"))
                    if table is None:
                        raise RE2Error(INVALID_CHAR_RANGE, name)
                    ranges.extend(self._group(table, body.startswith("^")))
                    i = end + 2
                    continue
            if s.startswith(("\\p", "\\P"), i):
                table, i = self._unicode_class(i)
                ranges.extend(table)
                continue
            if i + 1 < len(s) and s[i] == "\\" and s[i + 1] in "dswDSW":
                ranges.extend(self._group(_PERL_CLASSES[s[i + 1].lower()], s[i + 1].isupper()))
                i += 2
                continue
            begin = i
            lo, i = self._class_char(i, whole)
            hi = lo
            if i + 1 < len(s) and s[i] == "-" and s[i + 1] != "]":
                hi, i = self._class_char(i + 1, whole)
                if hi < lo:
                    raise RE2Error(INVALID_CHAR_RANGE, s[begin:i])
            if self.flags.fold:
                ranges.extend(self._fold(((lo, hi),)))
            else:
                ranges.append((lo, hi))
        merged = uni.merge(ranges)
        self._add(uni.negate(merged) if negated else merged)
        return i + 1

    def _class_char(self, i: int, whole: str) -> tuple[int, int]:
        s = self.source
        if i >= len(s):
            raise RE2Error(MISSING_BRACKET, whole)
        if s[i] == "\\":
            return self._escape(i)
        _check_text(s[i])
        return ord(s[i]), i + 1


def _check_text(text: str) -> None:
    """Go reads patterns as UTF-8; a lone surrogate is how invalid UTF-8 reaches us."""
    for index, ch in enumerate(text):
        if 0xD800 <= ord(ch) <= 0xDFFF:
            raise RE2Error(INVALID_UTF8, text[index:])


def _repeat_counts(s: str, start: int) -> tuple[int, int | None, int] | None:
    """``{n}``, ``{n,}`` or ``{n,m}`` at ``start``: the counts (-1: too large) and
    the index after the ``}``; ``None`` when it is not one (then ``{`` is literal)."""

    def number(i: int) -> tuple[int, int] | None:
        if i >= len(s) or not ("0" <= s[i] <= "9"):
            return None
        if s[i] == "0" and i + 1 < len(s) and "0" <= s[i + 1] <= "9":
            return None  # no leading zeros
        j = i
        while j < len(s) and "0" <= s[j] <= "9":
            j += 1
        digits = s[i:j]
        return (int(digits) if len(digits) <= 8 else -1), j

    first = number(start + 1)
    if first is None:
        return None
    low, i = first
    if i >= len(s):
        return None
    high: int | None
    if s[i] != ",":
        high = low
    else:
        i += 1
        if i >= len(s):
            return None
        if s[i] == "}":
            high = None
        else:
            second = number(i)
            if second is None:
                return None
            high, i = second
            if high < 0:
                low = -1
    if i >= len(s) or s[i] != "}":
        return None
    return low, high, i + 1


def _go_size(node: Node) -> int:
    """About how many instructions Go compiles ``node`` to (its parser's
    ``calcSize``, on a tree without Go's factoring of alternatives)."""
    if isinstance(node, Chars | Empty | Assertion):
        return 1
    subs = [_go_size(sub) for sub in node.children()]
    if isinstance(node, Capture):
        return 2 + subs[0]
    if isinstance(node, Concat):
        return max(1, sum(subs))
    if isinstance(node, Alternate):
        return sum(subs) + len(subs) - 1
    assert isinstance(node, Repeat)
    sub = subs[0]
    if not node.counted:
        return (2 if (node.low, node.high) == (0, None) else 1) + sub
    if node.high is None:
        return 2 + sub if node.low == 0 else 1 + node.low * sub
    return max(1, node.high * sub + node.high - node.low)


def _repeat_is_valid(node: Node, budget: int) -> bool:
    """Whether nested counted repetitions copy the innermost thing at most ``budget`` times."""
    if isinstance(node, Repeat) and node.counted:
        most = node.high if node.high is not None else node.low
        if most == 0:
            return True
        if most > budget:
            return False
        budget //= most
    return all(_repeat_is_valid(sub, budget) for sub in node.children())


def _alternation(alternatives: list[list[Node]]) -> Node:
    nodes = [_sequence(items) for items in alternatives]
    return nodes[0] if len(nodes) == 1 else Alternate(nodes)


def _sequence(items: list[Node]) -> Node:
    if not items:
        return Empty()
    return items[0] if len(items) == 1 else Concat(items)


# --------------------------------------------------------------------------- the entry point


def parse(source: str, max_depth: int) -> Pattern:
    """The pattern ``source`` read as Go's ``regexp.Compile`` reads it.

    Raises :class:`RE2Error` with Go's error for an invalid pattern, and
    :class:`Unsupported` for one that Python's :mod:`re` could not compile
    in reasonable time and space: longer than 100,000 characters, with
    groups nested more than ``max_depth`` levels deep (Python compiles them
    recursively), or with very large character classes.
    """
    if len(source) > _MAX_LENGTH:
        raise Unsupported(
            f"it is longer than {_MAX_LENGTH} characters, more than hcldecode supports"
        )
    parser = _Parser(source, max_depth)
    pattern = Pattern(source, parser.parse(), tuple(parser.names))
    try:
        _check_repetitions(pattern.tree)
    except Unsupported as error:
        pattern.unsupported = str(error)
    return pattern


# --------------------------------------------------------------------------- empty iterations


class _Paths:
    """What the order of a node's ways to match says about empty matches:
    whether it has empty and non-empty ones, whether an empty one comes before
    a non-empty one, whether an empty one comes before any other, and whether
    it holds a capture group."""

    __slots__ = ("capture", "empty", "empty_first", "empty_not_last", "nonempty")

    def __init__(
        self, empty: bool, nonempty: bool, empty_first: bool, empty_not_last: bool, capture: bool
    ) -> None:
        self.empty = empty
        self.nonempty = nonempty
        self.empty_first = empty_first
        self.empty_not_last = empty_not_last
        self.capture = capture


def _check_repetitions(tree: Node) -> None:
    def visit(node: Node) -> _Paths:
        if isinstance(node, Repeat) and node.high == 0:
            return _Paths(True, False, False, False, False)  # x{0}: x is never tried
        subs = [visit(sub) for sub in node.children()]
        if isinstance(node, Chars):
            return _Paths(False, True, False, False, False)
        if isinstance(node, Empty | Assertion):
            return _Paths(True, False, False, False, False)
        if isinstance(node, Capture):
            p = subs[0]
            return _Paths(p.empty, p.nonempty, p.empty_first, p.empty_not_last, True)
        if isinstance(node, Concat):
            return _concat_paths(subs)
        if isinstance(node, Alternate):
            return _alternate_paths(subs)
        assert isinstance(node, Repeat)
        body = subs[0]
        loops = node.high is None or node.high >= 2
        if loops and body.empty and body.nonempty and (body.capture or body.empty_first):
            raise Unsupported(
                "it repeats an expression that can match the empty string and "
                + (
                    "holds a capture group, which Go's regexp and Python's re set differently"
                    if body.capture
                    else "prefers that to a non-empty match, which Go's regexp and Python's "
                    "re treat differently"
                )
            )
        skip_first = node.low == 0 and not node.greedy
        return _Paths(
            body.empty or node.low == 0,
            body.nonempty,
            body.empty_first or (skip_first and body.nonempty),
            body.empty or skip_first,
            body.capture,
        )

    visit(tree)


def _concat_paths(subs: list[_Paths]) -> _Paths:
    result = subs[0]
    for b in subs[1:]:
        a = result
        result = _Paths(
            a.empty and b.empty,
            a.nonempty or b.nonempty,
            (a.empty and b.empty_first)
            or (b.empty and (a.empty_first or (b.nonempty and a.empty_not_last))),
            (a.empty and b.empty_not_last) or (b.empty and a.empty_not_last),
            a.capture or b.capture,
        )
    return result


def _alternate_paths(subs: list[_Paths]) -> _Paths:
    empty_before = empty_first = empty_not_last = False
    for p in subs:
        empty_first = empty_first or p.empty_first or (empty_before and p.nonempty)
        empty_not_last = empty_not_last or p.empty_not_last or empty_before
        empty_before = empty_before or p.empty
    return _Paths(
        any(p.empty for p in subs),
        any(p.nonempty for p in subs),
        empty_first,
        empty_not_last,
        any(p.capture for p in subs),
    )


# --------------------------------------------------------------------------- translation

_PY_ASSERTIONS = {
    BEGIN_TEXT: r"\A",
    END_TEXT: r"\Z",
    BEGIN_LINE: "(?m:^)",
    END_LINE: "(?m:$)",
    # Go's word boundaries are ASCII.
    WORD_BOUNDARY: r"(?a:\b)",
    NOT_WORD_BOUNDARY: r"(?a:\B)",
}
# Python's \B never matches in an empty text; Go's always does there.
_PY_ASSERTIONS_EMPTY_TEXT = {**_PY_ASSERTIONS, NOT_WORD_BOUNDARY: "(?:)"}


def _python(node: Node, top: int, assertions: dict[str, str] = _PY_ASSERTIONS) -> str:
    """The pattern for Python's :mod:`re` that matches as ``node`` does in Go,
    on texts whose characters are all at most ``top``."""
    if isinstance(node, Chars):
        return _py_chars(node.ranges, top)
    if isinstance(node, Empty):
        return ""
    if isinstance(node, Assertion):
        return assertions[node.kind]
    if isinstance(node, Capture):
        return f"({_python(node.sub, top, assertions)})"
    if isinstance(node, Concat):
        return "".join(
            f"(?:{_python(sub, top, assertions)})"
            if isinstance(sub, Alternate)
            else _python(sub, top, assertions)
            for sub in node.subs
        )
    if isinstance(node, Alternate):
        return "|".join(_python(sub, top, assertions) for sub in node.subs)
    assert isinstance(node, Repeat)
    sub = _python(node.sub, top, assertions)
    if not isinstance(node.sub, Capture | Chars) or sub == _NOTHING:
        sub = f"(?:{sub})"
    low, high = node.low, node.high
    if (low, high) == (0, None):
        quantifier = "*"
    elif (low, high) == (1, None):
        quantifier = "+"
    elif (low, high) == (0, 1):
        quantifier = "?"
    elif high is None:
        quantifier = f"{{{low},}}"
    elif low == high:
        quantifier = f"{{{low}}}"
    else:
        quantifier = f"{{{low},{high}}}"
    return sub + quantifier + ("" if node.greedy else "?")


_NOTHING = "(?!)"


def _py_chars(ranges: Ranges, top: int) -> str:
    """A character set for Python's :mod:`re`, on texts of characters up to
    ``top``: as its complement when that is smaller (``[^\\n]``), since
    Python compiles a set in time proportional to the characters it names."""
    ranges = tuple((lo, min(hi, top)) for lo, hi in ranges if lo <= top)
    if not ranges:
        return _NOTHING
    if len(ranges) == 1 and ranges[0][0] == ranges[0][1]:
        return _py_char(ranges[0][0])
    others = uni.negate(ranges, top)
    if not others:
        return "(?s:.)"
    negated = _points(others) < _points(ranges)
    parts = []
    for lo, hi in others if negated else ranges:
        parts.append(_py_char(lo) if lo == hi else f"{_py_char(lo)}-{_py_char(hi)}")
    return ("[^" if negated else "[") + "".join(parts) + "]"


def _points(ranges: Ranges) -> int:
    return sum(hi - lo + 1 for lo, hi in ranges)


def _py_char(code: int) -> str:
    char = chr(code)
    if _is_alnum(char):
        return char
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"
