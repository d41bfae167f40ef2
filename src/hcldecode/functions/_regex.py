"""go-cty's functions on regular expressions and substrings: ``regex``,
``regexall``, ``regex_replace`` and ``replace`` (``function/stdlib/regexp.go``
and ``string_replace.go``), with go-cty's rules and messages.

Patterns are RE2's, as Go's ``regexp`` reads them: ``_go/regexp.py`` reads
every pattern first, for Go's errors and capture groups. Then one of two
engines matches it:

* Google's RE2 itself, when the optional ``google-re2`` package is installed
  (``pip install hcldecode[re2]``): it is given the pattern as written (RE2's
  syntax is Go's) and the text's UTF-8 bytes, and runs in linear time, so no
  valid pattern is refused. Whether its module imports is found out once,
  the first time a pattern is matched.
* Otherwise Python's :mod:`re`, on the translation ``_go/regexp.py`` writes,
  with ``_go/regexp_cost.py`` bounding the time its backtracking may take, so
  that a pattern never hangs an evaluation: a pattern that could take
  exponential time, or that Python would match differently from Go, is
  refused, and so is a search whose bound passes :data:`MAX_MATCHING_STEPS`
  (whatever the evaluation's ``max_cost``); a search that runs is charged to
  the evaluation's budget, one step per :data:`MATCHING_STEPS_PER_STEP` of its
  bound, before it runs. Python's :mod:`re` also takes the texts RE2
  cannot be given as Go sees them (holding undecodable bytes, which arrive as
  lone surrogates), and a pattern too large for RE2's memory budget.

Matches are found one after another by Go's own loops (``FindAll``: an
empty match right after a match does not count; ``ReplaceAll``), written
once for both engines, and the results are checked against the evaluation's
limits before they are built. :func:`matching_with_python_re` makes the
calls of a block use Python's :mod:`re` even when RE2 is there (for the tests
of that path and the differential harness).
"""

from __future__ import annotations

import contextlib
import functools
import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from importlib import import_module
from types import MappingProxyType, ModuleType
from typing import Any

from ..values._function import Function, FunctionArgError, FunctionError, Parameter
from ..values._limits import charge, current_limits, max_nesting
from ..values._types import DYNAMIC, STRING, ListType, ObjectType, TupleType, Type
from ..values._value import Value
from ._go.regexp import Pattern, RE2Error, Unsupported, parse
from ._go.regexp_cost import Cost, analyse

__all__ = [
    "MATCHING_STEPS_PER_STEP",
    "MAX_MATCHING_STEPS",
    "RE2_HINT",
    "REGEX_FUNCTIONS",
    "matching_with_python_re",
]

MAX_MATCHING_STEPS = 100_000_000
"""The largest bound of one search by Python's :mod:`re` that runs: the bound
counts the ways the backtracking matcher could try, and Python's :mod:`re`
works through 100 million of them in well under a second (a tenth, measured:
``\\w+x`` on 5,700 letters, whose bound is 97 million, takes 0.03 s). It is the
engine's own limit, the same whatever the evaluation's ``max_cost``."""

MATCHING_STEPS_PER_STEP = 1_000
"""A search by Python's :mod:`re` costs the evaluation's budget one step per this
many steps of its bound, charged before it runs (a search at the bound of
:data:`MAX_MATCHING_STEPS` costs 100,000 steps: Python's :mod:`re` takes at most
about a third of a microsecond per step of the bound, a step of the budget about
a microsecond), so that many searches cannot together take longer than the
budget allows."""

RE2_HINT = (
    "Installing hcldecode's re2 extra (pip install hcldecode[re2]) lifts this limit: "
    "Google's RE2 then matches every pattern Go accepts, in linear time"
)
"""The sentence a refusal that RE2 would lift ends with, when RE2 is not in use."""

_CACHE_SIZE = 256

_RE2_MAX_MEM = 64 << 20
"""RE2's memory budget for one pattern (its default is 8 MiB): about 1.4
million instructions of its compiled program, two thirds of the budget."""


# --------------------------------------------------------------------------- the engines


@functools.cache
def _re2_module() -> ModuleType | None:
    """Google's RE2 (the ``re2`` module of ``google-re2``), if installed; looked
    for once per process, the first time a pattern is matched."""
    try:
        return import_module("re2")
    except ImportError:
        return None


@functools.cache
def _re2_options(module: ModuleType) -> Any:
    options = module.Options()  # Go's Perl flags are RE2's defaults: UTF-8, leftmost-first
    options.max_mem = _RE2_MAX_MEM
    options.log_errors = False
    return options


_PYTHON_RE_ONLY: ContextVar[bool] = ContextVar("hcldecode_python_re_only", default=False)


@contextlib.contextmanager
def matching_with_python_re() -> Iterator[None]:
    """Within the ``with`` block (in this thread or task only), the regular
    expression functions match with Python's :mod:`re`, with its refusals, even
    when google-re2 is installed: for tests of that path and for
    ``tools/differential_functions.py --engine re``."""
    token = _PYTHON_RE_ONLY.set(True)
    try:
        yield
    finally:
        _PYTHON_RE_ONLY.reset(token)


def _re2_in_use() -> ModuleType | None:
    """RE2's module when it matches this evaluation's patterns, else ``None``."""
    return None if _PYTHON_RE_ONLY.get() else _re2_module()


class _Searcher:
    """A text searched with one compiled pattern, as Go's ``regexp`` searches:
    positions are the engine's own (characters for Python's :mod:`re`, bytes
    of UTF-8 for RE2), ``end`` the text's length in them."""

    __slots__ = ("end",)

    def __init__(self, end: int) -> None:
        self.end = end

    def search(self, pos: int) -> tuple[tuple[int, int], ...] | None:
        """The leftmost match at or after ``pos`` (looking behind ``pos`` for
        ``\\b`` and ``^``): its span, then each group's (``(-1, -1)`` for a
        group that took no part)."""
        raise NotImplementedError

    def after(self, pos: int) -> int:
        """The position one character after ``pos`` (``end + 1`` at the end)."""
        return pos + 1

    def text(self, start: int, end: int) -> str:
        raise NotImplementedError


class _PythonSearcher(_Searcher):
    __slots__ = ("_find", "_text")

    def __init__(self, regex: re.Pattern[str], text: str) -> None:
        super().__init__(len(text))
        self._find = regex.search
        self._text = text

    def search(self, pos: int) -> tuple[tuple[int, int], ...] | None:
        match = self._find(self._text, pos)
        return None if match is None else match.regs

    def text(self, start: int, end: int) -> str:
        return self._text[start:end]


_Spans = Sequence[tuple[int, int]]


def _re2_search(module: ModuleType, regex: Any) -> Callable[[bytes, int], _Spans | None]:
    """A function giving the spans of RE2's leftmost match in a text from a
    position on, or ``None``: through google-re2's binding itself where it is
    (about four times as quick as its ``search``, which makes a match object
    through a generator), else through ``search``."""
    try:
        match = regex._regexp.Match
        unanchored = module._re2.RE2.Anchor.UNANCHORED
    except AttributeError:
        groups = regex.groups

        def search(data: bytes, pos: int) -> _Spans | None:
            found = regex.search(data, pos)
            return None if found is None else [found.span(i) for i in range(groups + 1)]

        return search

    def binding(data: bytes, pos: int) -> _Spans | None:
        spans: _Spans = match(unanchored, data, pos, len(data))
        return None if spans[0][0] < 0 else spans

    return binding


class _RE2Searcher(_Searcher):
    __slots__ = ("_bytes", "_search")

    def __init__(self, search: Callable[[bytes, int], _Spans | None], text: str) -> None:
        self._bytes = text.encode()
        super().__init__(len(self._bytes))
        self._search = search

    def search(self, pos: int) -> tuple[tuple[int, int], ...] | None:
        data = self._bytes
        while True:
            spans = self._search(data, pos)
            if spans is None:
                return None
            start = spans[0][0]
            if start < self.end and data[start] & 0xC0 == 0x80:
                # An empty match inside a character (RE2 tries every byte, Go
                # every character): Go finds none there, so look from the next.
                pos = start + 1
                while pos < self.end and data[pos] & 0xC0 == 0x80:
                    pos += 1
                continue
            return tuple(spans)

    def after(self, pos: int) -> int:
        if pos >= self.end:
            return pos + 1
        lead = self._bytes[pos]
        return pos + (1 if lead < 0xC0 else 2 if lead < 0xE0 else 3 if lead < 0xF0 else 4)

    def text(self, start: int, end: int) -> str:
        return self._bytes[start:end].decode()


_NOT_YET: Any = object()


class _Compiled:
    """A valid pattern: its result type; and, made when first needed, RE2's
    compiled pattern or Python's translations, with why hcldecode refuses to
    run it on Python's :mod:`re` if it does, else its bound there."""

    __slots__ = ("_cost", "_re2", "_regexes", "pattern", "result_type")

    def __init__(self, pattern: Pattern) -> None:
        self.pattern = pattern
        self.result_type = _result_type(pattern.names)
        self._regexes: dict[str, re.Pattern[str]] = {}
        self._cost: Cost | None = None
        self._re2: Any = _NOT_YET

    def python_refusal(self) -> str | None:
        """Why Python's :mod:`re` cannot run the pattern as Go does, in bounded time."""
        if self.pattern.unsupported is not None:
            return self.pattern.unsupported
        return self.cost().refusal

    def cost(self) -> Cost:
        if self._cost is None:
            self._cost = analyse(self.pattern.tree)
        return self._cost

    def re2_search(self, module: ModuleType) -> Callable[[bytes, int], _Spans | None] | None:
        """The search of RE2's compiled pattern (see :func:`_re2_search`), or
        ``None`` when RE2 cannot compile it within its memory budget."""
        if self._re2 is _NOT_YET:
            search = None
            try:
                regex = module.compile(self.pattern.source.encode(), _re2_options(module))
            except module.error:
                pass
            else:
                if regex.groups == len(self.pattern.names):  # as it is: RE2 counts as Go
                    search = _re2_search(module, regex)
            self._re2 = search
        return self._re2  # type: ignore[no-any-return]

    def regex_for(self, text: str) -> re.Pattern[str]:
        """The compiled translation to search ``text`` with: for the empty
        text, for texts within the BMP, or for any text."""
        kind = "empty" if not text else "any" if _BEYOND_BMP.search(text) else "bmp"
        regex = self._regexes.get(kind)
        if regex is None:
            top = 0x10FFFF if kind == "any" else 0xFFFF
            regex = re.compile(self.pattern.python(top, empty_text=kind == "empty"))
            self._regexes[kind] = regex
        return regex

    def steps(self, text: str) -> int:
        """The bound on searching ``text``; Python's :mod:`re` tests a
        character beyond U+FFFF against each range of such characters in a set."""
        cost = self.cost()
        steps = cost.steps(len(text))
        if cost.astral_ranges and _BEYOND_BMP.search(text):
            steps *= 1 + cost.astral_ranges // 8
        return steps


_BEYOND_BMP = re.compile("[\U00010000-\U0010ffff]")
_SURROGATE = re.compile("[\ud800-\udfff]")


class _Invalid:
    """A pattern Go's ``regexp`` rejects: its error code, text and message."""

    __slots__ = ("code", "expr", "message")

    def __init__(self, error: RE2Error) -> None:
        self.code = error.code
        self.expr = error.expr
        self.message = str(error)


@functools.lru_cache(maxsize=_CACHE_SIZE)
def _compile(source: str, max_depth: int) -> _Compiled | _Invalid | str:
    """The pattern read; or what Go says is wrong with it; or why hcldecode
    refuses it before knowing its groups (whichever engine would match it)."""
    try:
        pattern = parse(source, max_depth)
    except RE2Error as error:
        return _Invalid(error)
    except Unsupported as error:
        return str(error)
    return _Compiled(pattern)


def _depth() -> int:
    """How deep a pattern's groups may nest: Python's :mod:`re` compiles them recursively."""
    return max(1, max_nesting() // 4)


def _result_type(names: tuple[str, ...]) -> Type:
    """``regexPatternResultType``: a string, a tuple, or an object of named groups."""
    named = [n for n in names if n]
    if not names:
        return STRING
    if named and len(named) < len(names):
        return DYNAMIC  # mixed: _pattern refuses it
    if not named:
        return TupleType([STRING] * len(names))
    return ObjectType(dict.fromkeys(named, STRING))


def _refusal(reason: str, *, liftable: bool = False) -> str:
    """The message of a refusal; one that RE2 would lift says so when RE2 is not in use."""
    message = f"hcldecode cannot run this pattern: {reason}"
    return f"{message}. {RE2_HINT}" if liftable and _re2_in_use() is None else message


def _pattern(source: str, index: int) -> _Compiled:
    """The compiled pattern for ``regex`` and ``regexall`` (argument ``index``),
    checked in go-cty's order: Go's errors, then mixed groups; then hcldecode's
    refusals."""
    compiled = _compile(source, _depth())
    if isinstance(compiled, _Invalid):
        raise FunctionArgError(index, f"invalid regexp pattern: {compiled.code} in {compiled.expr}")
    if isinstance(compiled, str):
        raise FunctionArgError(index, _refusal(compiled))
    names = compiled.pattern.names
    if any(names) and not all(names):
        raise FunctionArgError(
            index, "invalid regexp pattern: cannot mix both named and unnamed capture groups"
        )
    if _re2_in_use() is None:
        _check_python_refusal(compiled, index)
    return compiled


def _check_python_refusal(compiled: _Compiled, index: int) -> None:
    refusal = compiled.python_refusal()
    if refusal is not None:
        raise FunctionArgError(index, _refusal(refusal, liftable=True))


def _searcher(compiled: _Compiled, text: str, index: int, searches: int) -> _Searcher:
    """``text`` to be searched with the pattern (argument ``index``) up to
    ``searches`` times over: by RE2 when it is in use and can take them, else by
    Python's :mod:`re`, once the pattern and the search are known to be bounded."""
    module = _re2_in_use()
    if module is not None and not _SURROGATE.search(text):
        search = compiled.re2_search(module)
        if search is not None:
            return _RE2Searcher(search, text)
    _check_python_refusal(compiled, index)
    _check_steps(compiled, text, searches)
    return _PythonSearcher(compiled.regex_for(text), text)


def _check_steps(compiled: _Compiled, text: str, searches: int) -> None:
    """Refuses a search whose bound passes :data:`MAX_MATCHING_STEPS`, and charges
    the evaluation's budget for one that runs."""
    allowed = MAX_MATCHING_STEPS
    bound = compiled.steps(text) * searches
    if bound > allowed:
        message = (
            f"matching this pattern against a string of {len(text)} characters could take "
            f"more than {allowed} steps, more than hcldecode allows in one evaluation"
        )
        raise FunctionError(f"{message}. {RE2_HINT}" if _re2_in_use() is None else message)
    charge(bound // MATCHING_STEPS_PER_STEP)


def _match_value(
    searcher: _Searcher, found: tuple[tuple[int, int], ...], result: Type, names: tuple[str, ...]
) -> Value:
    """``regexPatternResult``: one match as the result type says."""
    if result == STRING:
        return Value.string(searcher.text(*found[0]))
    groups = [
        Value.null(STRING) if start < 0 else Value.string(searcher.text(start, end))
        for start, end in found[1:]
    ]
    if isinstance(result, TupleType):
        return Value.tuple(groups)
    values: dict[str, Value] = {}
    for name, group in zip(names, groups, strict=True):
        values[name] = group  # a later group of the same name wins, as in go-cty
    return Value.object(values)


# --------------------------------------------------------------------------- regex, regexall


def _regex_type(args: Sequence[Value]) -> Type:
    if not args[0].is_known:
        return DYNAMIC
    return _pattern(args[0].as_str(), 0).result_type


def _regex(args: Sequence[Value], result: Type) -> Value:
    compiled = _pattern(args[0].as_str(), 0)
    searcher = _searcher(compiled, args[1].as_str(), 0, 1)
    found = searcher.search(0)
    if found is None:
        raise FunctionError("pattern did not match any part of the given string")
    return _match_value(searcher, found, result, compiled.pattern.names)


def _regexall_type(args: Sequence[Value]) -> Type:
    if not args[0].is_known:
        return ListType(DYNAMIC)
    return ListType(_pattern(args[0].as_str(), 0).result_type)


def _regexall(args: Sequence[Value], result: Type) -> Value:
    assert isinstance(result, ListType)
    compiled = _pattern(args[0].as_str(), 0)
    searcher = _searcher(compiled, args[1].as_str(), 0, 2)
    limit = current_limits().max_cost
    per_match = 1 + len(compiled.pattern.names)  # a string, or a string for each group
    matches: list[tuple[tuple[int, int], ...]] = []
    for found in _all_matches(searcher):
        if 1 + (len(matches) + 1) * per_match > limit:
            raise FunctionError(
                f"the result would hold more than {limit} values, more than hcldecode "
                "allows in one evaluation"
            )
        matches.append(found)
    names = compiled.pattern.names
    return Value.list(
        [_match_value(searcher, found, result.element, names) for found in matches],
        result.element,
    )


def _all_matches(searcher: _Searcher) -> Iterator[tuple[tuple[int, int], ...]]:
    """The matches Go's ``FindAllStringSubmatchIndex`` finds: one after another,
    leaving out an empty match right after the previous match."""
    pos = 0
    previous_end = -1
    search = searcher.search
    while pos <= searcher.end:
        found = search(pos)
        if found is None:
            return
        start, end = found[0]
        accept = True
        if end == pos:  # an empty match where the search began
            accept = start != previous_end
            pos = searcher.after(pos)
        else:
            pos = end
        previous_end = end
        if accept:
            yield found


# --------------------------------------------------------------------------- regex_replace

_Part = str | int | tuple[str]
"""A piece of a replacement: literal text, a group number, or a group name (in a 1-tuple)."""


def _regex_replace(args: Sequence[Value]) -> Value:
    """Go's ``ReplaceAllString``: each match replaced, but for an empty match
    right after a match."""
    text, source, template = (a.as_str() for a in args)
    compiled = _compile(source, _depth())
    if isinstance(compiled, _Invalid):
        raise FunctionError(compiled.message)
    if isinstance(compiled, str):
        raise FunctionArgError(1, _refusal(compiled))
    if _re2_in_use() is None:
        _check_python_refusal(compiled, 1)
    searcher = _searcher(compiled, text, 1, 2)
    limits = current_limits()
    parts: list[_Part] = _template_parts(template) if "$" in template else [template]
    names = compiled.pattern.names
    out: list[str] = []
    length = 0
    last_end = search = 0
    find, text_of = searcher.search, searcher.text
    while search <= searcher.end:
        found = find(search)
        if found is None:
            break
        # The evaluation's budget pays for each match (a search, and the parts written)
        # as it is found: a million matches take about a second.
        charge(1 + len(parts) // 2)
        start, end = found[0]
        pieces = [text_of(last_end, start)]
        if end > last_end or start == 0:  # not an empty match right after a match
            pieces.extend(_expand(parts, searcher, found, names))
        for piece in pieces:
            length += len(piece)
        if length > limits.max_string_length:
            raise FunctionError(
                f"the result would be longer than {limits.max_string_length} characters"
            )
        out.extend(pieces)
        last_end = end
        following = searcher.after(search)  # always on by a character at least
        search = following if following > end else end
    tail = searcher.text(last_end, searcher.end)
    if length + len(tail) > limits.max_string_length:
        raise FunctionError(
            f"the result would be longer than {limits.max_string_length} characters"
        )
    out.append(tail)
    return Value.string("".join(out))


def _template_parts(template: str) -> list[_Part]:
    """Go's ``Regexp.Expand`` template: ``$1``, ``${1}``, ``$name``, ``${name}``, ``$$``."""
    parts: list[_Part] = []
    literal: list[str] = []
    i = 0
    while True:
        dollar = template.find("$", i)
        if dollar < 0:
            literal.append(template[i:])
            break
        literal.append(template[i:dollar])
        i = dollar + 1
        if template.startswith("$", i):
            literal.append("$")
            i += 1
            continue
        reference = _reference(template, i)
        if reference is None:
            literal.append("$")  # malformed: the $ is text
            continue
        name, i = reference
        parts.append("".join(literal))
        literal = []
        number = _group_number(name)
        parts.append((name,) if number is None else number)
    parts.append("".join(literal))
    return [p for p in parts if p != ""]


def _reference(template: str, i: int) -> tuple[str, int] | None:
    """The name after a ``$`` at ``i`` (braced or not), and the index after it."""
    braced = template.startswith("{", i)
    j = start = i + 1 if braced else i
    while j < len(template) and _is_name_char(template[j]):
        j += 1
    if j == start:
        return None
    if braced:
        if not template.startswith("}", j):
            return None
        return template[start:j], j + 1
    return template[start:j], j


def _is_name_char(char: str) -> bool:
    """Go's ``unicode.IsLetter``, ``unicode.IsDigit`` or ``_``."""
    if char == "_":
        return True
    category = unicodedata.category(char)
    return category[0] == "L" or category == "Nd"


def _group_number(name: str) -> int | None:
    """The group number a name stands for, as Go's ``extract`` reads it:
    ASCII digits without a leading zero, under about 10^9."""
    number = 0
    for char in name:
        if not "0" <= char <= "9" or number >= 100_000_000:
            return None
        number = number * 10 + ord(char) - ord("0")
    if name[0] == "0" and len(name) > 1:
        return None
    return number


def _expand(
    parts: list[_Part],
    searcher: _Searcher,
    found: tuple[tuple[int, int], ...],
    names: tuple[str, ...],
) -> list[str]:
    out: list[str] = []
    for part in parts:
        if isinstance(part, str):
            out.append(part)
        elif isinstance(part, int):
            if part <= len(names) and found[part][0] >= 0:
                out.append(searcher.text(*found[part]))
        else:
            for index, name in enumerate(names, 1):
                if name == part[0] and found[index][0] >= 0:
                    out.append(searcher.text(*found[index]))
                    break
    return out


# --------------------------------------------------------------------------- the table


def _replace(args: Sequence[Value]) -> Value:
    text, old, new = (a.as_str() for a in args)
    pieces = len(text) + 1 if old == "" else text.count(old)
    limit = current_limits().max_string_length
    if len(text) + pieces * (len(new) - len(old)) > limit:
        raise FunctionError(f"the result would be longer than {limit} characters")
    return Value.string(text.replace(old, new))  # "" matches around each character, as in Go


REGEX_FUNCTIONS: Mapping[str, Function] = MappingProxyType(
    {
        "regex": Function(
            [Parameter("pattern", STRING), Parameter("string", STRING)],
            return_type=_regex_type,
            impl=_regex,
        ),
        "regexall": Function(
            [Parameter("pattern", STRING), Parameter("string", STRING)],
            return_type=_regexall_type,
            impl=_regexall,
        ),
        "regex_replace": Function(
            [Parameter("str", STRING), Parameter("pattern", STRING), Parameter("replace", STRING)],
            return_type=STRING,
            impl=lambda args, _ret: _regex_replace(args),
        ),
        "replace": Function(
            [Parameter("str", STRING), Parameter("substr", STRING), Parameter("replace", STRING)],
            return_type=STRING,
            impl=lambda args, _ret: _replace(args),
        ),
    }
)
