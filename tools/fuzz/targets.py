"""The fuzz targets: each checks one surface on one generated input and raises on a
finding (a crash, a broken promise, or an input over the budget).

Every target runs its work inside ``BUDGET.measure``; the driver (run.py) sets
the budget's limits.
"""

from __future__ import annotations

import dataclasses
import math
import re
import unicodedata
from collections.abc import Callable
from fractions import Fraction
from typing import Annotated, Any

from budget import Budget
from hypothesis import strategies as st
from strategies import (
    BODIES,
    DYNAMIC_BODIES,
    EDITS,
    EXPRESSIONS,
    FUNCTION_NAMES,
    NUMBERS,
    TEXT,
    VALUES,
)

import hcldecode as hcl
from hcldecode import native, write
from hcldecode.ext import tryfunc
from hcldecode.functions import STDLIB
from hcldecode.model import EvalContext
from hcldecode.values import (
    FALSE,
    NUMBER,
    STRING,
    Function,
    ListType,
    Value,
)

BUDGET = Budget()

# Known problems that other work fixes (issue 29 items 3 and 4): counted, not
# findings, unless the run is strict, so that they do not hide the rest.
STRICT = False
KNOWN: dict[str, int] = {}


def known(issue: str, error: BaseException) -> None:
    """Count a known problem; in a strict run, it is a finding."""
    if STRICT:
        raise error
    KNOWN[issue] = KNOWN.get(issue, 0) + 1


# Exceptions that are bugs wherever they come from, even when the function
# machinery turns them into a FunctionError.
BUGS = (
    AssertionError,
    AttributeError,
    IndexError,
    KeyError,
    TypeError,
    NameError,
    RecursionError,
    MemoryError,
    ZeroDivisionError,
    NotImplementedError,
    UnicodeError,
)
_SEEN_BUGS: list[BaseException] = []


def _watched(fn: Callable[..., Any]) -> Callable[..., Any]:
    def call(*args: Any) -> Any:
        try:
            return fn(*args)
        except BUGS as error:
            _SEEN_BUGS.append(error)
            raise

    return call


def _watch(functions: dict[str, Function]) -> dict[str, Function]:
    """The functions, each recording the bugs its implementation raises (which the
    call turns into FunctionErrors and so into diagnostics)."""
    return {
        name: Function(
            f.params,
            f.var_param,
            return_type=_watched(f._return_type) if callable(f._return_type) else f._return_type,
            impl=_watched(f._impl),
            description=f.description,
            refine_result=f.refine_result,
        )
        for name, f in functions.items()
    }


FUNCTIONS = _watch({**STDLIB, **tryfunc.FUNCTIONS})


def _no_bugs() -> None:
    if _SEEN_BUGS:
        error = _SEEN_BUGS[0]
        _SEEN_BUGS.clear()
        raise AssertionError(f"a function raised {type(error).__name__}: {error}") from error


VARIABLES: dict[str, Any] = {
    "var": {"name": "x", "list": [1, 2, 3], "map": {"a": "b"}},
    "count": 2,
    "unknown": {
        "string": Value.unknown(STRING),
        "number": Value.unknown(NUMBER).refine().number_range_inclusive(1, 9).new_value(),
        "list": Value.unknown(ListType(STRING))
        .refine()
        .not_null()
        .collection_length_upper_bound(3)
        .new_value(),
        "bool": Value.unknown(hcl.values.BOOL),
    },
}
CONTEXT = EvalContext(VARIABLES, FUNCTIONS)


# ------------------------------------------------------------------ functions


@st.composite
def _calls(draw: st.DrawFn) -> tuple[str, list[Value]]:
    name = draw(FUNCTION_NAMES)
    fn = STDLIB[name]
    count = len(fn.params) + draw(st.integers(-1 if fn.params else 0, 2))
    return name, draw(st.lists(VALUES, min_size=count, max_size=count))


def target_functions(call: tuple[str, list[Value]]) -> None:
    """A call to a function of the library with generated values, through HCL's
    call rules (conversions, nulls, unknowns): a value or diagnostics."""
    name, args = call
    names = [f"a{i}" for i in range(len(args))]
    ctx = EvalContext(dict(zip(names, args, strict=True)), FUNCTIONS)
    source = f"{name}({', '.join(names)})"

    def work() -> None:
        expr, diags = native.parse_expression(source.encode(), "call.hcl")
        assert not diags.has_errors(), diags
        expr.value(ctx)  # Function.call checks the result's type itself (a TypeError)

    with BUDGET.measure("functions", f"{name}({', '.join(map(repr, args))})", again=work):
        work()
    _no_bugs()


# ------------------------------------------------------------------ expressions, try, can


def target_expressions(source: str) -> None:
    """An expression (with try/can, functions, for, splats, templates) evaluated
    with and without a context: a value or diagnostics; str() of them is safe."""

    def work() -> str:
        expr, diags = native.parse_expression(source.encode(), "expr.hcl")
        if not diags.has_errors():
            for ctx in (None, CONTEXT):
                _, more = expr.value(ctx)
                diags.extend(more)
            expr.variables()
        return str(hcl.model.HCLError(diags, {}))

    with BUDGET.measure("expressions", repr(source), again=work):
        text = work()
    _no_bugs()
    assert "\x1b" not in text, "str() of an error shows a raw ESC"


# ------------------------------------------------------------------ dynamic blocks


@dataclasses.dataclass
class Sub:
    value: Any = None


@dataclasses.dataclass
class Item:
    name: Annotated[str, hcl.label()]
    value: Any = None
    sub: Annotated[list[Sub], hcl.block()] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class Config:
    a: Any = None
    b: Any = None
    name: Any = None
    item: Annotated[list[Item], hcl.block()] = dataclasses.field(default_factory=list)
    other: Annotated[list[Sub], hcl.block()] = dataclasses.field(default_factory=list)


EXPANDING = hcl.Decoder(dynamic_blocks=True)


def target_dynamic_blocks(source: str) -> None:
    """A body with (nested) dynamic blocks, decoded into classes with
    ``Decoder(dynamic_blocks=True)``: an object or a DecodeError."""

    def work() -> None:
        try:
            EXPANDING.loads(
                source, Config, filename="dyn.hcl", variables=VARIABLES, functions=FUNCTIONS
            )
        except hcl.DecodeError as error:
            str(error)

    with BUDGET.measure("dynamic_blocks", repr(source), again=work):
        work()
    _no_bugs()


# ------------------------------------------------------------------ documents and edits


def _bodies(doc: write.Document) -> list[Any]:
    found = [doc.body]
    pending = [doc.body]
    while pending:
        body = pending.pop()
        for block in body.blocks():
            found.append(block.body)
            pending.append(block.body)
    return found


def target_documents(case: tuple[str, list[tuple[tuple[Any, ...], int]]]) -> None:
    """A generated file read as a document: written back unchanged it is the file;
    after any sequence of edits it still parses (when the file did)."""
    source, edits = case
    with BUDGET.measure("documents", f"{source!r} edits {edits!r}"):
        _, parse_diags = native.parse_config(source.encode(), "doc.hcl")
        doc, _ = write.parse_document(source, "doc.hcl")
        if doc is None:
            return
        assert doc.to_bytes() == source.encode(), "the document does not write back its input"
        if parse_diags.has_errors():
            return
        done = []
        for edit, where in edits:
            bodies = _bodies(doc)
            body = bodies[where % len(bodies)]
            kind, *args = edit
            done.append(edit)
            try:
                if kind == "set":
                    body.set_attribute(args[0], args[1])
                elif kind == "raw":
                    body.set_attribute_raw(args[0], args[1])
                elif kind == "rename":
                    body.rename_attribute(args[0], args[1])
                elif kind == "remove":
                    body.remove_attribute(args[0])
                elif kind == "append_block":
                    body.append_block(args[0], args[1])
                elif kind == "newline":
                    body.append_newline()
                elif kind == "remove_block":
                    blocks = body.blocks()
                    if blocks:
                        body.remove_block(blocks[args[0] % len(blocks)])
                elif kind == "traversal":
                    traversal, tdiags = native.parse_traversal_abs(args[1].encode(), "t.hcl")
                    assert not tdiags.has_errors()
                    body.set_attribute_traversal(args[0], traversal)
            except ValueError:
                continue  # refused (an invalid name, a raw expression that does not parse)
            text = doc.to_bytes()
            _, after = native.parse_config(text, "doc.hcl")
            if after.has_errors():
                error = AssertionError(
                    f"after {done!r} the document does not parse: {after[0]}\n{text!r}"
                )
                if after[0].summary in _KNOWN_EDIT_ERRORS:
                    known(f"issue 29 item 3: {after[0].summary}", error)
                    return
                raise error


# ------------------------------------------------------------------ dumps and loads

_KNOWN_EDIT_ERRORS = {
    "Invalid single-argument block definition",  # append_newline in a one-line block
    "Unterminated template string",  # a raw heredoc before a comment
}


@dataclasses.dataclass
class Leaf:
    label: Annotated[str, hcl.label()]
    text: str = ""
    number: int = 0


@dataclasses.dataclass
class Document:
    text: str = ""
    number: int = 0
    ratio: float = 0.0
    flag: bool = False
    maybe: str | None = None
    texts: list[str] = dataclasses.field(default_factory=list)
    table: dict[str, int] = dataclasses.field(default_factory=dict)
    anything: Any = None
    leaves: Annotated[list[Leaf], hcl.block("leaf")] = dataclasses.field(default_factory=list)


_KEYS = st.text(min_size=1, max_size=6)
_ANY = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(2**60), 2**60), TEXT),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(_KEYS, inner, max_size=3)),
    max_leaves=6,
)
_SURROGATE_TEXT = st.one_of(
    TEXT, TEXT, TEXT, st.text(st.characters(categories=["Cs"]), min_size=1, max_size=2)
)
DOCUMENTS = st.builds(
    Document,
    text=_SURROGATE_TEXT,
    number=st.integers(-(2**100), 2**100),
    ratio=st.floats(allow_nan=False, allow_infinity=False),
    flag=st.booleans(),
    maybe=st.none() | TEXT,
    texts=st.lists(TEXT, max_size=3),
    table=st.dictionaries(_KEYS, st.integers(-(2**40), 2**40), max_size=3),
    anything=_ANY,
    leaves=st.lists(st.builds(Leaf, label=TEXT, text=TEXT, number=st.integers(-9, 9)), max_size=3),
)


def _has_surrogate(obj: object) -> bool:
    """Whether a string in the object holds a lone surrogate (as ascii() shows it)."""
    return re.search(r"\\ud[89a-f][0-9a-f]{2}", ascii(obj)) is not None


def target_round_trip(case: tuple[Document, str]) -> None:
    """``hcl.dumps`` then ``hcl.loads`` gives the object back, in both syntaxes; a
    string that cannot be written is a ValueError."""
    obj, syntax = case
    with BUDGET.measure("round_trip", f"{obj!r} in {syntax}"):
        try:
            text = hcl.dumps(obj, syntax=syntax)  # type: ignore[arg-type]
        except ValueError:
            return
        except AssertionError as error:
            if _has_surrogate(obj):
                known("issue 29 item 4: dumps of a lone surrogate", error)
                return
            raise
        if syntax == "json" and _has_surrogate(obj):
            known("issue 29 item 4: JSON dumps replaces a lone surrogate", AssertionError(text))
            return
        back = hcl.loads(text, Document, syntax=syntax)  # type: ignore[arg-type]
    # HCL strings are in NFC (go-cty normalizes every string): so is what comes back.
    want = _nfc(obj)
    if back != want:
        differ = [
            f"{f.name}: {getattr(want, f.name)!r} came back as {getattr(back, f.name)!r}"
            for f in dataclasses.fields(want)
            if getattr(back, f.name) != getattr(want, f.name)
        ]
        raise AssertionError(f"{syntax}: {'; '.join(differ)} (from {text!r})")


def _nfc(obj: Any) -> Any:
    """The object with every string (keys too, labels not) in Unicode normal form C."""
    if isinstance(obj, str):
        return unicodedata.normalize("NFC", obj)
    if isinstance(obj, list):
        return [_nfc(x) for x in obj]
    if isinstance(obj, dict):
        return {_nfc(k): _nfc(v) for k, v in obj.items()}
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        # Block labels are kept as written, as HCL keeps them: not normalized.
        fields = [f for f in dataclasses.fields(obj) if f.name != "label"]
        return dataclasses.replace(obj, **{f.name: _nfc(getattr(obj, f.name)) for f in fields})
    return obj


# ------------------------------------------------------------------ refinements

_BINARY = {
    "+": Value.add,
    "-": Value.subtract,
    "*": Value.multiply,
    "/": Value.divide,
    "%": Value.modulo,
    "<": Value.less_than,
    "<=": Value.less_equal,
    ">": Value.greater_than,
    ">=": Value.greater_equal,
    "==": Value.equals,
    "!=": Value.not_equals,
}
_NUMBER_FUNCTIONS = [
    "abs",
    "ceil",
    "floor",
    "signum",
    "negate",
    "max",
    "min",
    "pow",
    "log",
    "add",
    "subtract",
    "multiply",
    "divide",
    "modulo",
    "int",
]


@st.composite
def _refined_number(draw: st.DrawFn) -> tuple[Value, list[Value]]:
    """An unknown number with random bounds, and concrete numbers within them: each
    inclusive bound, the middle, and one beyond a missing bound (where an unsound
    refinement shows first)."""
    low = Fraction(draw(NUMBERS))  # exact: bounds are not rounded
    width = draw(st.integers(0, 10))
    high = low + width
    has_low = draw(st.sampled_from([True, True, False]))
    has_high = draw(st.sampled_from([True, True, False]))
    low_inclusive = width == 0 or draw(st.booleans())
    high_inclusive = width == 0 or draw(st.booleans())
    witnesses = [low + Fraction(width, 2)]
    if low_inclusive:
        witnesses.append(low)
    if high_inclusive:
        witnesses.append(high)
    if not has_low:
        witnesses.append(low - draw(st.integers(1, 10**6)))
    if not has_high:
        witnesses.append(high + draw(st.integers(1, 10**6)))
    builder = Value.unknown(NUMBER).refine()
    if draw(st.booleans()):
        builder = builder.not_null()
    if has_low:
        builder = builder.number_lower_bound(low, low_inclusive)
    if has_high:
        builder = builder.number_upper_bound(high, high_inclusive)
    return builder.new_value(), [Value.number(w) for w in witnesses]


@st.composite
def _refined_string(draw: st.DrawFn) -> tuple[Value, Value]:
    concrete = draw(TEXT)
    cut = draw(st.integers(0, len(concrete)))
    unknown = Value.unknown(STRING).refine().not_null().string_prefix(concrete[:cut]).new_value()
    return unknown, [Value.string(concrete), Value.string(concrete[:cut])]


@st.composite
def _refined_list(draw: st.DrawFn) -> tuple[Value, Value]:
    items = draw(st.lists(TEXT, max_size=5))
    low = draw(st.integers(0, len(items)))
    high = len(items) + draw(st.integers(0, 3))
    unknown = (
        Value.unknown(ListType(STRING))
        .refine()
        .not_null()
        .collection_length_lower_bound(low)
        .collection_length_upper_bound(high)
        .new_value()
    )
    witnesses = []
    for count in {low, len(items), high}:
        texts = (items + [""] * count)[:count]
        witnesses.append(
            Value.list([Value.string(t) for t in texts]) if texts else Value.list([], STRING)
        )
    return unknown, witnesses


_OPERANDS = st.one_of(
    _refined_number(),
    _refined_number(),
    NUMBERS.map(lambda n: (Value.number(n), [Value.number(n)])),
)
REFINEMENT_CASES = st.one_of(
    st.tuples(st.just("op"), st.sampled_from(sorted(_BINARY)), _OPERANDS, _OPERANDS),
    st.tuples(st.just("hcl"), st.sampled_from(sorted(_BINARY)), _OPERANDS, _OPERANDS),
    st.tuples(st.just("fn"), st.sampled_from(_NUMBER_FUNCTIONS), _OPERANDS, _OPERANDS),
    st.tuples(
        st.just("hcl"),
        st.sampled_from(
            ['"${a}x"', 'a == "ab"', "strlen(a)", "upper(a)", "a != null", "trimprefix(a, b)"]
        ),
        _refined_string(),
        _refined_string(),
    ),
    st.tuples(
        st.just("hcl"),
        st.sampled_from(
            [
                "length(a)",
                "a == []",
                "length(concat(a, b))",
                "a[*]",
                "a != null",
                "[for x in a: x]",
                "length(a) == 2",
                "toset(a)",
                "length(distinct(a))",
                "reverse(a)",
                "length(a) > 3",
            ]
        ),
        _refined_list(),
        _refined_list(),
    ),
)


def _evaluate(kind: str, op: str, a: Value, b: Value) -> Value | None:
    """The operation on two values, or None when it fails."""
    try:
        if kind == "op":
            return _BINARY[op](a, b)
        if kind == "fn":
            fn = STDLIB[op]
            return fn.call([a, b][: max(1, len(fn.params))])
        source = op if op[0].isalpha() or op[0] in '"[' else f"a {op} b"
        expr, diags = native.parse_expression(source.encode(), "r.hcl")
        assert not diags.has_errors(), diags
        value, diags = expr.value(EvalContext({"a": a, "b": b}, STDLIB))
        return None if diags.has_errors() else value
    except (hcl.values.OperationError, hcl.values.FunctionError, ValueError):
        return None


def _infinite_default_bound(result: Value, concrete: Value) -> bool:
    """go-cty's default bounds of a refined number are the infinities, exclusive:
    an infinite concrete result outside them is go-cty's answer (docs/refinements.md)."""
    if concrete.type != NUMBER or concrete.is_null or not concrete.is_known:
        return False
    n = concrete.as_number()
    if not (isinstance(n, float) and math.isinf(n)):
        return False
    rng = result.range()
    bound, _ = rng.number_upper_bound() if n > 0 else rng.number_lower_bound()
    return bound.is_known and bound.as_number() == n


def target_refinements(
    case: tuple[str, str, tuple[Value, list[Value]], tuple[Value, list[Value]]],
) -> None:
    """Soundness: the result of an operation on refined unknowns contains the result
    of the same operation on any concrete values within their refinements."""
    kind, op, (ua, witnesses_a), (ub, witnesses_b) = case
    with BUDGET.measure(
        "refinements", f"{kind} {op} on {ua!r} ~ {witnesses_a!r}, {ub!r} ~ {witnesses_b!r}"
    ):
        refined = _evaluate(kind, op, ua, ub)
        if refined is None:
            return
        for ca in witnesses_a:
            for cb in witnesses_b:
                concrete = _evaluate(kind, op, ca, cb)
                if concrete is not None:
                    _contains(refined, concrete, f"{kind} {op} on {ca!r}, {cb!r}")


def _contains(refined: Value, concrete: Value, what: str) -> None:
    """Raise when ``refined`` cannot stand for ``concrete``."""
    if refined.is_known:
        if refined.is_wholly_known and concrete.is_wholly_known:
            same = refined.equals(concrete)
            assert same.is_known and same.as_bool(), (
                f"known result {refined!r} but {concrete!r} for {what}"
            )
        return
    if not refined.type.matches(concrete.type) and not concrete.type.matches(refined.type):
        return
    if _infinite_default_bound(refined, concrete) or not concrete.is_known:
        return
    included = refined.range().includes(concrete)
    assert included is not FALSE, f"{refined!r} does not include {concrete!r}, the result of {what}"


# name: (target, strategy)
TARGETS: dict[str, tuple[Callable[[Any], None], st.SearchStrategy[Any]]] = {
    "functions": (target_functions, _calls()),
    "expressions": (target_expressions, EXPRESSIONS),
    "dynamic_blocks": (target_dynamic_blocks, DYNAMIC_BODIES),
    "documents": (target_documents, st.tuples(BODIES, EDITS)),
    "round_trip": (target_round_trip, st.tuples(DOCUMENTS, st.sampled_from(["native", "json"]))),
    "refinements": (target_refinements, REFINEMENT_CASES),
}
