"""go-cty's functions on regular expressions and substrings: ``regex``,
``regexall``, ``regex_replace`` and ``replace`` (``function/stdlib/regexp.go``
and ``string_replace.go``), with go-cty's rules and messages.

Patterns are RE2's, as Go's ``regexp`` reads them: :mod:`._go.regexp` translates
them into Python's :mod:`re`, and :mod:`._go.regexp_cost` bounds the time Python's
backtracking matcher may take, so that a pattern never hangs an evaluation:
a pattern that could take exponential time is refused, and so is a search
whose bound passes :data:`STEPS_PER_COST` times the evaluation's
``max_cost``. Matches are found one after another as Go finds them (an empty
match right after a match does not count), and the results are checked
against the evaluation's limits before they are built.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType

from ..values._function import Function, FunctionArgError, FunctionError, Parameter
from ..values._limits import current_limits, max_nesting
from ..values._types import DYNAMIC, STRING, ListType, ObjectType, TupleType, Type
from ..values._value import Value
from ._go.regexp import Pattern, RE2Error, Unsupported, parse
from ._go.regexp_cost import Cost, analyse

__all__ = ["REGEX_FUNCTIONS", "STEPS_PER_COST"]

STEPS_PER_COST = 100
"""Matching steps allowed per unit of ``Limits.max_cost`` (Python's :mod:`re`
takes 100 million simple steps in well under a second)."""

_CACHE_SIZE = 256


class _Compiled:
    """A valid pattern: its result type, why hcldecode refuses it if it does,
    else its bound and (once needed) its translations."""

    __slots__ = ("_regexes", "cost", "pattern", "refusal", "result_type")

    def __init__(self, pattern: Pattern, cost: Cost | None, refusal: str | None) -> None:
        self.pattern = pattern
        self.cost = cost
        self.refusal = refusal
        self.result_type = _result_type(pattern.names)
        self._regexes: dict[str, re.Pattern[str]] = {}

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
        assert self.cost is not None
        steps = self.cost.steps(len(text))
        if self.cost.astral_ranges and _BEYOND_BMP.search(text):
            steps *= 1 + self.cost.astral_ranges // 8
        return steps


_BEYOND_BMP = re.compile("[\U00010000-\U0010ffff]")


class _Invalid:
    """A pattern Go's ``regexp`` rejects: its error code, text and message."""

    __slots__ = ("code", "expr", "message")

    def __init__(self, error: RE2Error) -> None:
        self.code = error.code
        self.expr = error.expr
        self.message = str(error)


@functools.lru_cache(maxsize=_CACHE_SIZE)
def _compile(source: str, max_depth: int) -> _Compiled | _Invalid | str:
    """The pattern compiled; or what Go says is wrong with it; or why
    hcldecode refuses it before knowing its groups."""
    try:
        pattern = parse(source, max_depth)
    except RE2Error as error:
        return _Invalid(error)
    except Unsupported as error:
        return str(error)
    if pattern.unsupported is not None:
        return _Compiled(pattern, None, pattern.unsupported)
    cost = analyse(pattern.tree)
    return _Compiled(pattern, cost, cost.refusal)


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


def _refusal(reason: str) -> str:
    return f"hcldecode cannot run this pattern: {reason}"


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
    if compiled.refusal is not None:
        raise FunctionArgError(index, _refusal(compiled.refusal))
    return compiled


def _check_steps(compiled: _Compiled, text: str, searches: int) -> None:
    """Refuses a search whose bound passes the evaluation's allowance."""
    allowed = STEPS_PER_COST * current_limits().max_cost
    if compiled.steps(text) * searches > allowed:
        raise FunctionError(
            f"matching this pattern against a string of {len(text)} characters could take "
            f"more than {allowed} steps, more than hcldecode allows in one evaluation"
        )


def _match_value(match: re.Match[str], result: Type, names: tuple[str, ...]) -> Value:
    """``regexPatternResult``: one match as the result type says."""
    if result == STRING:
        return Value.string(match.group(0))
    groups = [Value.null(STRING) if g is None else Value.string(g) for g in match.groups()]
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
    text = args[1].as_str()
    _check_steps(compiled, text, 1)
    match = compiled.regex_for(text).search(text)
    if match is None:
        raise FunctionError("pattern did not match any part of the given string")
    return _match_value(match, result, compiled.pattern.names)


def _regexall_type(args: Sequence[Value]) -> Type:
    if not args[0].is_known:
        return ListType(DYNAMIC)
    return ListType(_pattern(args[0].as_str(), 0).result_type)


def _regexall(args: Sequence[Value], result: Type) -> Value:
    assert isinstance(result, ListType)
    compiled = _pattern(args[0].as_str(), 0)
    text = args[1].as_str()
    _check_steps(compiled, text, 2)
    limit = current_limits().max_cost
    per_match = 1 + len(compiled.pattern.names)  # a string, or a string for each group
    matches: list[re.Match[str]] = []
    for match in _all_matches(compiled.regex_for(text), text):
        if 1 + (len(matches) + 1) * per_match > limit:
            raise FunctionError(
                f"the result would hold more than {limit} values, more than hcldecode "
                "allows in one evaluation"
            )
        matches.append(match)
    names = compiled.pattern.names
    return Value.list([_match_value(m, result.element, names) for m in matches], result.element)


def _all_matches(regex: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    """The matches Go's ``FindAllStringSubmatchIndex`` finds: one after another,
    leaving out an empty match right after the previous match."""
    pos = 0
    previous_end = -1
    while pos <= len(text):
        match = regex.search(text, pos)
        if match is None:
            return
        start, end = match.span()
        accept = True
        if end == pos:  # an empty match where the search began
            accept = start != previous_end
            pos += 1
        else:
            pos = end
        previous_end = end
        if accept:
            yield match


# --------------------------------------------------------------------------- regex_replace

_Part = str | int | tuple[str]
"""A piece of a replacement: literal text, a group number, or a group name (in a 1-tuple)."""


def _regex_replace(args: Sequence[Value]) -> Value:
    text, source, template = (a.as_str() for a in args)
    compiled = _compile(source, _depth())
    if isinstance(compiled, _Invalid):
        raise FunctionError(compiled.message)
    if isinstance(compiled, str):
        raise FunctionArgError(1, _refusal(compiled))
    if compiled.refusal is not None:
        raise FunctionArgError(1, _refusal(compiled.refusal))
    _check_steps(compiled, text, 2)
    limits = current_limits()
    parts: list[_Part] = _template_parts(template) if "$" in template else [template]
    names = compiled.pattern.names
    out: list[str] = []
    length = 0
    last_end = search = 0
    work = 0
    regex = compiled.regex_for(text)
    while search <= len(text):
        match = regex.search(text, search)
        if match is None:
            break
        work += 1 + len(parts)
        if work > limits.max_cost:
            raise FunctionError(
                f"replacing the matches would take more than {limits.max_cost} steps (one for "
                "each match and each part of the replacement), more than hcldecode allows in "
                "one evaluation"
            )
        start, end = match.span()
        pieces = [text[last_end:start]]
        if end > last_end or start == 0:  # not an empty match right after a match
            pieces.extend(_expand(parts, match, names))
        for piece in pieces:
            length += len(piece)
        if length > limits.max_string_length:
            raise FunctionError(
                f"the result would be longer than {limits.max_string_length} characters"
            )
        out.extend(pieces)
        last_end = end
        search = search + 1 if end <= search else end
    tail = text[last_end:]
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


def _expand(parts: list[_Part], match: re.Match[str], names: tuple[str, ...]) -> list[str]:
    out: list[str] = []
    for part in parts:
        if isinstance(part, str):
            out.append(part)
        elif isinstance(part, int):
            if part <= len(names):
                out.append(match.group(part) or "")
        else:
            for index, name in enumerate(names, 1):
                if name == part[0] and match.group(index) is not None:
                    out.append(match.group(index))
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
