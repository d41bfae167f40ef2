"""How long Python's :mod:`re` may take to search a string with a pattern.

Go's ``regexp`` takes time linear in the string; Python's :mod:`re`
backtracks: it tries every way the pattern can match, from every starting
position, until one succeeds. :func:`analyse` bounds that work from the
pattern's tree, as the number of ways its automaton can read a string:

* The automaton has one state per character set of the pattern (Glushkov's
  construction), and counts the distinct routes between two states through
  the pattern's structure (``(a+)*`` goes from ``a`` back to ``a`` by two
  routes: the inner loop and the outer one), since backtracking tries each.
  Counted repetitions are written out as Go writes them (``x{2,4}`` is
  ``xx(x(x)?)?``) up to 256 copies of a character set; larger ones are
  taken as loops.
* If a state can go back to itself by two different paths reading the same
  text, the number of ways grows exponentially with the string's length
  (``(a+)+``, ``(a|a)*``, ``(\\w+\\s?)*``): such a pattern is refused.
* Otherwise the number of ways to read ``k`` characters from one position is
  at most ``R * C(k + d, d)``: ``d`` counts the loops that can hand the same
  text from one to the next (``a*a*`` has ``d = 1``; ``\\s*\\w+`` has none,
  since no character is in both), and the text can be cut between them in
  ``C(k + d, d)`` ways; ``R`` is 1 when the pattern can read any text in at
  most one way, else the number of routes through its structure.
  Backtracking at one position visits at most that many ways for each
  prefix of the string (``R * C(n + d + 1, d + 1)`` in all), and the search
  starts at each of the ``n + 1`` positions unless the pattern begins with
  ``^`` or ``\\A``.

:meth:`Cost.steps` gives that bound for a string length. A final repetition
of one character set (``[a-z]+`` at the end of a pattern) never needs to
backtrack, and is left out of the count.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

from .regexp import BEGIN_TEXT, Alternate, Assertion, Capture, Chars, Concat, Empty, Node, Repeat

__all__ = ["Cost", "analyse"]

_T = TypeVar("_T", bound=Hashable)
_Pair = tuple[int, int]

_CAP = 1 << 62  # counts saturate here
_MAX_WORK = 100_000  # steps each part of the analysis may take before it gives up
_INFINITE = -1  # a match length without limit

EXPONENTIAL = (
    "it can match some texts in a number of ways that grows exponentially with their "
    "length (a repetition inside a repetition, or alternatives in a repetition, that can "
    "read the same characters), and Python's backtracking matcher could try them all"
)
TOO_COMPLEX = "it is too complex for hcldecode to bound the time its matching takes"


def _mul(a: int, b: int) -> int:
    return min(a * b, _CAP)


def _add(a: int, b: int) -> int:
    return min(a + b, _CAP)


class Cost:
    """The bound :func:`analyse` finds: ``refusal`` says why a pattern is
    refused, else :meth:`steps` bounds the work of one search (on a text
    without characters beyond U+FFFF; ``astral_ranges`` is the most ranges
    of such characters in one set of the pattern)."""

    __slots__ = (
        "anchored",
        "astral_ranges",
        "cyclic",
        "degree",
        "finite_length",
        "refusal",
        "routes",
        "tail_low",
    )

    def __init__(
        self,
        *,
        refusal: str | None = None,
        routes: int = 1,
        degree: int = 0,
        cyclic: bool = False,
        finite_length: int = _INFINITE,
        anchored: bool = False,
        tail_low: int = 0,
        astral_ranges: int = 0,
    ) -> None:
        self.refusal = refusal
        self.astral_ranges = astral_ranges
        self.routes = routes
        self.cyclic = cyclic
        self.degree = degree
        self.finite_length = finite_length
        self.anchored = anchored
        self.tail_low = tail_low

    def steps(self, length: int) -> int:
        """At most how many steps searching a string of ``length`` characters takes."""
        reach = length if self.finite_length == _INFINITE else min(length, self.finite_length)
        per_start = self.routes
        if self.cyclic and reach:
            # The ways to cut each prefix of the text between d + 1 loops.
            ways = math.comb(reach + self.degree + 1, self.degree + 1) if self.degree < 64 else _CAP
            per_start = _mul(per_start, min(ways, _CAP))
        starts = 1 if self.anchored else length + 1
        work = _mul(_mul(per_start, starts), 1 + min(self.tail_low, length))
        return _add(work, 2 * (length + 1))


# --------------------------------------------------------------------------- the automaton


class _Automaton:
    """States (character sets) and the routes between them, built from a tree."""

    def __init__(self) -> None:
        self.sets: list[tuple[tuple[int, int], ...]] = []
        self.follow: list[dict[int, int]] = [{}]  # state 0 is the start
        self.work = 0

    def state(self, node: Chars) -> int:
        self.sets.append(node.ranges)
        self.follow.append({})
        self.work += 1
        if self.work > _MAX_WORK:
            raise _TooComplex
        return len(self.sets)

    def link(self, last: dict[int, int], first: dict[int, int]) -> None:
        self.work += len(last) * len(first)
        if self.work > _MAX_WORK:
            raise _TooComplex
        for p, m in last.items():
            out = self.follow[p]
            for q, n in first.items():
                out[q] = _add(out.get(q, 0), _mul(m, n))


class _Piece:
    """A subtree's states: routes into its first states, out of its last
    ones, and through it without reading (the empty matches)."""

    __slots__ = ("first", "last", "null")

    def __init__(self, first: dict[int, int], last: dict[int, int], null: int) -> None:
        self.first = first
        self.last = last
        self.null = null


def _scaled(routes: dict[int, int], factor: int) -> dict[int, int]:
    return {k: _mul(v, factor) for k, v in routes.items()} if factor else {}


def _summed(*parts: dict[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for part in parts:
        for k, v in part.items():
            out[k] = _add(out.get(k, 0), v)
    return out


def _build(node: Node, auto: _Automaton) -> _Piece:
    if isinstance(node, Chars):
        state = auto.state(node)
        return _Piece({state: 1}, {state: 1}, 0)
    if isinstance(node, Empty | Assertion):
        return _Piece({}, {}, 1)
    if isinstance(node, Capture):
        return _build(node.sub, auto)
    if isinstance(node, Concat):
        result = _build(node.subs[0], auto)
        for sub in node.subs[1:]:
            result = _concat(result, _build(sub, auto), auto)
        return result
    if isinstance(node, Alternate):
        parts = [_build(sub, auto) for sub in node.subs]
        null = 0
        for part in parts:
            null = _add(null, part.null)
        return _Piece(_summed(*(p.first for p in parts)), _summed(*(p.last for p in parts)), null)
    assert isinstance(node, Repeat)
    if node.high == 0:
        return _Piece({}, {}, 1)
    if node.counted and (node.low > 1 or node.high != 1) and _copies(node) <= _MAX_COPIES:
        return _written_out(node, auto)
    body = _build(node.sub, auto)
    if node.high == 1:
        return _optional(body) if node.low == 0 else body
    # A loop. An iteration that matches nothing may come first or last, and
    # between the others while the count is below a minimum of two or more
    # (Python's re stops repeating after one once the minimum is reached).
    extra = _add(1, body.null)
    auto.link(body.last, _scaled(body.first, extra if node.low >= 2 else 1))
    skip = 1 if node.low == 0 else 0
    return _Piece(
        _scaled(body.first, extra), _scaled(body.last, extra), _add(skip, _mul(body.null, extra))
    )


def _concat(a: _Piece, b: _Piece, auto: _Automaton) -> _Piece:
    auto.link(a.last, b.first)
    return _Piece(
        _summed(a.first, _scaled(b.first, a.null)),
        _summed(b.last, _scaled(a.last, b.null)),
        _mul(a.null, b.null),
    )


def _optional(piece: _Piece) -> _Piece:
    return _Piece(piece.first, piece.last, _add(piece.null, 1))


_MAX_COPIES = 256  # character sets a counted repetition may be written out to


def _copies(node: Node) -> int:
    """How many character sets ``node`` has with its counted repetitions written out."""
    if isinstance(node, Chars):
        return 1
    inner = 0
    for sub in node.children():
        inner = _add(inner, _copies(sub))
    if isinstance(node, Repeat) and node.counted:
        return _mul(inner, max(node.low, node.high or 0) + 1)
    return inner


def _written_out(node: Repeat, auto: _Automaton) -> _Piece:
    """``x{2,4}`` as ``xx(x(x)?)?`` and ``x{2,}`` as ``xx+``, as Go writes them out
    (without recursion: the optional copies nest as deep as the count)."""
    x, low, high = node.sub, node.low, node.high
    if high is None:
        loop = _build(Repeat(x, min(low, 1), None, node.greedy, counted=False), auto)
        pieces = [_build(x, auto) for _ in range(low - 1)] + [loop]
    else:
        pieces = [_build(x, auto) for _ in range(low)]
        rest: _Piece | None = None
        for _ in range(high - low):
            copy = _build(x, auto)
            rest = _optional(copy if rest is None else _concat(copy, rest, auto))
        if rest is not None:
            pieces.append(rest)
    result = pieces[0]
    for piece in pieces[1:]:
        result = _concat(result, piece, auto)
    return result


# --------------------------------------------------------------------------- the analysis


def analyse(tree: Node) -> Cost:
    """The bound on searching with the pattern ``tree`` (see the module docstring)."""
    core, tail_low = _without_final_run(tree)
    auto = _Automaton()
    try:
        whole = _build(core, auto)
        auto.link({0: 1}, whole.first)
        cost = _bound(auto, core, tail_low)
    except _TooComplex:
        return Cost(refusal=TOO_COMPLEX)
    cost.astral_ranges = max([0, *(_astral(n) for n in _chars(tree))])
    return cost


def _chars(node: Node) -> Iterable[Chars]:
    if isinstance(node, Chars):
        yield node
    for sub in node.children():
        yield from _chars(sub)


def _astral(node: Chars) -> int:
    return sum(1 for _, hi in node.ranges if hi > 0xFFFF)


class _TooComplex(Exception):
    pass


def _without_final_run(tree: Node) -> tuple[Node, int]:
    """The tree without a final repetition of one character set, and its minimum count."""
    items = list(tree.subs) if isinstance(tree, Concat) else [tree]
    last = items[-1]
    while isinstance(last, Capture):
        last = last.sub
    if isinstance(last, Repeat) and isinstance(last.sub, Chars):
        rest = items[:-1]
        core: Node = Empty() if not rest else rest[0] if len(rest) == 1 else Concat(rest)
        return core, last.low
    return tree, 0


def _bound(auto: _Automaton, tree: Node, tail_low: int) -> Cost:
    masks = _masks(auto.sets)
    succ = [list(f.items()) for f in auto.follow]
    pairs = _PairGraph(succ, masks)
    pairs.explore((0, 0))
    pair_component, pair_components = _sccs(list(pairs.edges), lambda n: pairs.edges[n])
    if _exponential(pairs, pair_component, pair_components):
        return Cost(refusal=EXPONENTIAL)
    if not pairs.parallel and all(p == q for p, q in pairs.edges):
        # Unambiguous: one way at most to read any text, so one step per character.
        return Cost(
            routes=max([1, *(len(out) for out in succ)]),
            cyclic=True,
            finite_length=_longest(tree),
            anchored=_anchored(tree),
            tail_low=tail_low,
        )
    state_component, state_components = _sccs(range(len(succ)), lambda s: [t for t, _ in succ[s]])
    reach = [0] * len(state_components)
    for number, members in enumerate(state_components):
        bits = 1 << number
        for state in members:
            for target, _ in succ[state]:
                bits |= reach[state_component[target]] if state_component[target] != number else 0
        reach[number] = bits
    cyclic = any(_cyclic(m, lambda s: [t for t, _ in succ[s]]) for m in state_components)
    return Cost(
        routes=_routes(succ, state_component, state_components),
        degree=_degree(pairs, pair_component, pair_components, state_component, reach),
        cyclic=cyclic,
        finite_length=_longest(tree),
        anchored=_anchored(tree),
        tail_low=tail_low,
    )


def _masks(sets: list[tuple[tuple[int, int], ...]]) -> list[int]:
    """Each state's set as a bit mask over the pieces all the sets' bounds cut Unicode into."""
    bounds = sorted({b for ranges in sets for lo, hi in ranges for b in (lo, hi + 1)})
    out = [0]  # the start state reads nothing
    for ranges in sets:
        mask = 0
        for lo, hi in ranges:
            a = bisect.bisect_left(bounds, lo)
            b = bisect.bisect_left(bounds, hi + 1)
            mask |= ((1 << (b - a)) - 1) << a
        out.append(mask)
    return out


class _PairGraph:
    """Pairs of states the automaton can be in after reading the same text by two paths."""

    def __init__(self, succ: list[list[tuple[int, int]]], masks: list[int]) -> None:
        self.succ = succ
        self.masks = masks
        self.edges: dict[tuple[int, int], list[tuple[int, int]]] = {}
        # Diagonal pairs reached from a diagonal pair by two different routes.
        self.parallel: dict[tuple[int, int], list[tuple[int, int]]] = {}
        self.work = 0

    def explore(self, start: tuple[int, int]) -> None:
        todo = [start]
        while todo:
            node = todo.pop()
            if node in self.edges:
                continue
            p, q = node
            self.work += len(self.succ[p]) * len(self.succ[q])
            if self.work > _MAX_WORK:
                raise _TooComplex
            out: list[tuple[int, int]] = []
            for p2, m in self.succ[p]:
                mask = self.masks[p2]
                for q2, _ in self.succ[q]:
                    if mask & self.masks[q2]:
                        target = (p2, q2)
                        out.append(target)
                        if p == q and p2 == q2 and m >= 2:
                            self.parallel.setdefault(node, []).append(target)
                        if target not in self.edges:
                            todo.append(target)
            self.edges[node] = out

    def reachable(self, start: _Pair) -> set[_Pair]:
        """The pairs reachable from ``start`` (which has been explored)."""
        seen = {start}
        todo = [start]
        while todo:
            for target in self.edges[todo.pop()]:
                self.work += 1
                if target not in seen:
                    seen.add(target)
                    todo.append(target)
        if self.work > _MAX_WORK:
            raise _TooComplex
        return seen


def _sccs(
    nodes: Iterable[_T], succ: Callable[[_T], Iterable[_T]]
) -> tuple[dict[_T, int], list[list[_T]]]:
    """Tarjan's strongly connected components, without recursion: the component
    of each node, and the components, each after all those it reaches."""
    index: dict[_T, int] = {}
    low: dict[_T, int] = {}
    on_stack: set[_T] = set()
    stack: list[_T] = []
    component: dict[_T, int] = {}
    components: list[list[_T]] = []
    for root in nodes:
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(succ(root)))]
        while work:
            node, successors = work[-1]
            for nxt in successors:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(succ(nxt))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    members = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component[member] = len(components)
                        members.append(member)
                        if member == node:
                            break
                    components.append(members)
    return component, components


def _exponential(
    pairs: _PairGraph, component: dict[_Pair, int], components: list[list[_Pair]]
) -> bool:
    """Whether two different paths lead from some state back to it on the same text."""
    for number, members in enumerate(components):
        if not any(p == q for p, q in members):
            continue
        if any(p != q for p, q in members):
            return True
        for node in members:
            if any(component[t] == number for t in pairs.parallel.get(node, ())):
                return True
    return False


def _cyclic(members: list[_T], succ: Callable[[_T], Iterable[_T]]) -> bool:
    return len(members) > 1 or members[0] in succ(members[0])


def _degree(
    pairs: _PairGraph,
    pair_component: dict[_Pair, int],
    pair_components: list[list[_Pair]],
    state_component: dict[int, int],
    state_reach: list[int],
) -> int:
    """How many loops, one after another, can each read the same text as the next."""
    looping = {
        number
        for number, members in enumerate(pair_components)
        if _cyclic(members, lambda n: pairs.edges[n])
    }
    candidates = [
        (p, q)
        for (p, q), number in pair_component.items()
        if number in looping and state_component[p] != state_component[q]
    ]
    if not candidates:
        return 0
    reached: dict[int, set[_Pair]] = {}
    for p in {p for p, _ in candidates}:
        reached[p] = pairs.reachable((p, p))
    found = [(p, q) for p, q in candidates if (p, q) in reached[p]]
    pairs.work += len(found) ** 2
    if pairs.work > _MAX_WORK:
        raise _TooComplex
    # The longest chain (p1, q1), (p2, q2)... where q1 leads to p2: by
    # component number, since components come after those they reach.
    found.sort(key=lambda pq: state_component[pq[0]])
    longest: list[int] = []
    for i, (_, q) in enumerate(found):
        best = 0
        for j in range(i):
            if state_reach[state_component[q]] >> state_component[found[j][0]] & 1:
                best = max(best, longest[j])
        longest.append(best + 1)
    return max(longest, default=0)


def _routes(
    succ: list[list[tuple[int, int]]], component: dict[int, int], components: list[list[int]]
) -> int:
    """The number of routes from the start to each component of the automaton, summed."""
    routes = [0] * len(components)
    routes[component[0]] = 1
    for number in range(len(components) - 1, -1, -1):
        here = routes[number]
        if not here:
            continue
        for state in components[number]:
            for target, m in succ[state]:
                other = component[target]
                if other != number:
                    routes[other] = _add(routes[other], _mul(here, m))
    total = 0
    for count in routes:
        total = _add(total, count)
    return total


def _longest(node: Node) -> int:
    """The most characters a match can have (``_INFINITE``: no limit)."""
    if isinstance(node, Chars):
        return 1
    if isinstance(node, Empty | Assertion):
        return 0
    if isinstance(node, Capture):
        return _longest(node.sub)
    if isinstance(node, Concat | Alternate):
        lengths = [_longest(sub) for sub in node.subs]
        if _INFINITE in lengths:
            return _INFINITE
        total = 0
        for length in lengths:
            total = _add(total, length) if isinstance(node, Concat) else max(total, length)
        return total
    assert isinstance(node, Repeat)
    inner = _longest(node.sub)
    if inner == 0:
        return 0
    if inner == _INFINITE or node.high is None:
        return _INFINITE
    return _mul(inner, node.high)


def _anchored(node: Node) -> bool:
    """Whether every match must start at the start of the text (``^``, ``\\A``)."""
    if isinstance(node, Assertion):
        return node.kind == BEGIN_TEXT
    if isinstance(node, Capture):
        return _anchored(node.sub)
    if isinstance(node, Alternate):
        return all(_anchored(sub) for sub in node.subs)
    if isinstance(node, Repeat):
        return node.low >= 1 and _anchored(node.sub)
    if isinstance(node, Concat):
        for sub in node.subs:
            if _anchored(sub):
                return True
            if not isinstance(sub, Empty | Assertion):
                return False
    return False
