"""The limits on what a configuration may make hcldecode do.

Two kinds: how deep a configuration may nest (:func:`max_nesting`, derived
from the interpreter's recursion limit), and how much one evaluation of an
expression may build and spend (:class:`Limits`).

Nesting
-------

Configurations nest: brackets, braces, parentheses, unary operators,
templates and their directives, blocks, splat steps. Each level of nesting
makes the values a configuration produces one level deeper, and the code
that parses and decodes them, and the application that compares, hashes,
prints or converts them, recurses once or a few times per level.

So the limit is explicit and stays within the recursion limit that the
interpreter has *when the work starts* (hcldecode never changes it, nor any
other interpreter-wide setting): :func:`max_nesting` is an eighth of
:func:`sys.getrecursionlimit`, which is 125 levels at Python's default of
1,000, and at most :data:`NESTING_CAP` (200). Parsing spends at most four Python
frames per level (the parsers are written for it), value operations one to
three, so the deepest accepted configuration uses well under half of the
recursion limit, and runs within the small stacks of threads made with
``threading.stack_size(256 * 1024)``. Deeper input is reported as a
``Nesting too deep`` diagnostic where the limit is passed.

An application that needs deeper configurations raises the interpreter's
recursion limit itself before decoding, and gives its threads the stack
space that the deeper recursion needs.
"""

from __future__ import annotations

import sys
from contextvars import ContextVar

import attrs

from .._record import Record

__all__ = [
    "BITS_PER_UNIT",
    "BUDGET",
    "CHARACTERS_PER_UNIT",
    "DEFAULT_LIMITS",
    "NESTING_CAP",
    "Budget",
    "BudgetExhausted",
    "Limits",
    "active_budget",
    "charge",
    "current_limits",
    "max_nesting",
    "nesting_too_deep_detail",
    "number_text_cost",
]

NESTING_CAP = 200
"""The most levels a configuration may nest, whatever the recursion limit.

Python 3.12 bounds recursion through C code (comparisons, hashing, string
building) by a fixed depth of its own, which operations on values much
deeper than this would pass."""


def max_nesting() -> int:
    """The deepest nesting a configuration may have, under the current recursion limit.

    Returns:
        An eighth of :func:`sys.getrecursionlimit`, at least 1 and at most
        :data:`NESTING_CAP`.
    """
    return max(1, min(NESTING_CAP, sys.getrecursionlimit() // 8))


def nesting_too_deep_detail(what: str, limit: int) -> str:
    """The detail of the ``Nesting too deep`` diagnostic; ``what`` names what nests."""
    return (
        f"This {what} more than {limit} levels deep, which is more than hcldecode "
        f"supports at the interpreter's recursion limit ({sys.getrecursionlimit()})."
    )


def _positive(_instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise TypeError(f"Limits.{attribute.name} must be a positive int, not {value!r}")


@attrs.frozen(eq=False, repr=False)
class Limits(Record):
    """How much one evaluation may build and spend.

    Without limits, a few hundred bytes of ``for`` expressions and templates
    build strings of gigabytes, tuples of millions of elements or numbers
    of billions of digits, and take minutes (the reference has no limits
    and runs out of memory). Each limit is far above what a real
    configuration needs. An application that needs more gives an
    :class:`~hcldecode.model.EvalContext` or a :class:`~hcldecode.Decoder`
    its own ``Limits``.

    The string and integer limits apply to each value an expression builds
    (by templates, operators, function calls, ``for`` expressions), not to
    literals and variables as they are: passing one is an error diagnostic
    at the part of the expression that built it, whose value is unknown.

    The cost is one budget of steps for the whole evaluation: one call of
    ``Expression.value``, or one call of a :class:`~hcldecode.Decoder`
    method, which shares it between every expression, function call and
    ``dynamic`` block it evaluates. It is charged as the work happens (the
    rates are in the documentation's Limits page): each part of an
    expression evaluated costs a step, each iteration of a ``for``
    expression or splat two more, each operator applied five, each part of
    a template one; each value handed from one part to another costs one
    per value it is made of (:attr:`Value.deep_count`), and a string one
    more per 32 characters, an integer one more per 64 binary digits; each
    function call costs twenty, and functions charge the elements they make
    before making them; writing or reading an integer in decimal costs in
    proportion to the square of its size, writing another number eight;
    each block a ``dynamic`` block makes costs 50. The rates follow the
    time each kind of work takes, so that the default budget is at most
    about a second of CPU time. When the budget runs out, the
    evaluation stops (within the work of one value of at most the string
    and integer limits) with one ``Expression too costly`` error at the
    expression being evaluated, or, for a function called on its own, a
    :class:`~hcldecode.values.FunctionError`.

    Attributes:
        max_string_length: The most characters of any string value (16 Mi:
            16,777,216).
        max_integer_bits: The most binary digits of an integer (1 Mi:
            1,048,576, about 315,000 decimal digits; numbers read from text
            have at most about 332,000).
        max_cost: The budget of one evaluation, in steps (500,000: at most
            about a second of CPU time for the costliest kinds of steps, and
            less than 128 MB of memory). No file of the shared corpus of real
            configurations costs 12,000.

    Raises:
        TypeError: A limit is not a positive ``int``.
    """

    max_string_length: int = attrs.field(default=16 * 1024 * 1024, validator=_positive)
    max_integer_bits: int = attrs.field(default=1024 * 1024, validator=_positive)
    max_cost: int = attrs.field(default=500_000, validator=_positive)


DEFAULT_LIMITS = Limits()
"""The limits that apply where an application sets none."""


CALL_LIMITS: ContextVar[Limits] = ContextVar("hcldecode_call_limits", default=DEFAULT_LIMITS)
"""The limits of the evaluation whose function call is running, set by
:meth:`~hcldecode.values.Function.call` for the duration of the call (a
context variable: each thread and each asyncio task sees its own)."""


def current_limits() -> Limits:
    """The limits that apply to the function call running now.

    A function whose result could be huge (a string built by repetition, a
    long list) asks for them and refuses to build more than they allow,
    before building it.

    Returns:
        The limits the evaluation that calls the function gives (an
        :class:`~hcldecode.model.EvalContext`'s, a
        :class:`~hcldecode.Decoder`'s); outside a call,
        :data:`DEFAULT_LIMITS`.
    """
    return CALL_LIMITS.get()


CHARACTERS_PER_UNIT = 32
"""A string handed on costs one step more per this many characters."""

BITS_PER_UNIT = 64
"""An integer handed on costs one step more per this many binary digits."""

STEPS_PER_CALL = 20
"""Each function call costs this many steps (a call, its arguments checked and
converted, takes about as long as evaluating twenty parts of an expression), and
one more for each value its arguments are made of (elements included), which
it works through."""

STEPS_PER_ELEMENT = 4
"""Each element a function makes (``range``, ``setproduct``, ``split``, ...) costs
this many steps: making a value and checking its type takes about as long as
evaluating four parts of an expression."""

STEPS_PER_FRACTION = 8
"""Writing a number that is not an integer in decimal (``tostring``, templates,
decoding it into a ``Decimal``) costs this many steps: finding the shortest
decimal that reads back to the same value takes about ten microseconds.
Integers cost :func:`number_text_cost`."""

STEPS_PER_BLOCK = 50
"""Each block a ``dynamic`` block makes costs this many steps (decoding a block
takes about as long as evaluating fifty parts of an expression)."""

_SQUARED_BITS_PER_UNIT = 2_000_000


def number_text_cost(bits: int) -> int:
    """The steps that writing (or reading) an integer of ``bits`` binary digits in
    decimal costs: in proportion to the square of its size, as the conversion's time."""
    return 1 + bits * bits // _SQUARED_BITS_PER_UNIT


class BudgetExhausted(Exception):
    """The evaluation's budget ran out; the top of the evaluation reports it once.

    Internal: every entry point that opens a budget catches it. ``where`` is
    set by the outermost expression evaluation it passes through (its node
    and context), for the diagnostic's range.
    """

    def __init__(self, budget: Budget) -> None:
        super().__init__("the evaluation's budget ran out")
        self.budget = budget
        self.where: object = None
        self.ctx: object = None

    @property
    def detail(self) -> str:
        """The detail of the ``Expression too costly`` diagnostic."""
        return (
            f"Evaluating this expression takes more than {self.budget.limit} steps (one for "
            "each part evaluated and each value handed on, and more for long strings, large "
            "numbers and what functions build), the most that hcldecode allows for one "
            "evaluation."
        )


class Budget:
    """The work an evaluation may still do, shared by everything it evaluates."""

    __slots__ = ("limit", "spent")

    def __init__(self, limits: Limits) -> None:
        self.limit = limits.max_cost
        self.spent = 0

    def charge(self, units: int) -> None:
        """Spend ``units``; raise :class:`BudgetExhausted` once past the limit."""
        self.spent += units
        if self.spent > self.limit:
            raise BudgetExhausted(self)


BUDGET: ContextVar[Budget | None] = ContextVar("hcldecode_budget", default=None)


def active_budget() -> Budget | None:
    """The budget of the evaluation running now (``None`` outside any)."""
    return BUDGET.get()


def charge(units: int) -> None:
    """Charge ``units`` to the evaluation running now, if any.

    Raises:
        BudgetExhausted: The budget ran out.
    """
    budget = BUDGET.get()
    if budget is not None:
        budget.charge(units)
