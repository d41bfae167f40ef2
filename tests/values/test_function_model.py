from __future__ import annotations

import datetime
import enum
import pathlib
from collections.abc import Sequence
from decimal import Decimal
from typing import Any, ClassVar, Literal

import pytest

from hcldecode.model import (
    Diagnostic,
    Diagnostics,
    EvalContext,
    Expression,
    FunctionCallDiagExtra,
    Pos,
    Range,
    Traversal,
    call_function,
    evaluate_call,
)
from hcldecode.pytypes import function
from hcldecode.values import (
    BOOL,
    DYNAMIC,
    DYNAMIC_VALUE,
    NUMBER,
    STRING,
    Function,
    FunctionArgError,
    FunctionError,
    ListType,
    MapType,
    Parameter,
    SetType,
    TupleType,
    Type,
    Value,
)


def rng(start: int, end: int) -> Range:
    return Range("f.hcl", Pos(1, start + 1, start), Pos(1, end + 1, end))


def s(text: str) -> Value:
    return Value.string(text)


def n(number: int | str) -> Value:
    return Value.number(number)


calls: list[Sequence[Value]] = []


def upper_impl(args: Sequence[Value], _ret: Type) -> Value:
    calls.append(args)
    return s(args[0].as_str().upper())


UPPER = Function([Parameter("str", STRING)], return_type=STRING, impl=upper_impl)


def join_impl(args: Sequence[Value], _ret: Type) -> Value:
    return s(args[0].as_str().join(a.as_str() for a in args[1:]))


JOIN = Function(
    [Parameter("sep", STRING)], Parameter("parts", STRING), return_type=STRING, impl=join_impl
)

# --------------------------------------------------------------------------- Function.call


def test_call_and_return_type() -> None:
    assert UPPER.call([s("abc")]) == s("ABC")
    assert JOIN.call([s("-"), s("a"), s("b")]) == s("a-b")
    assert JOIN.call([s("-")]) == s("")
    assert UPPER.return_type_for([s("x")]) == STRING
    assert UPPER.param_for(0) == Parameter("str", STRING)
    assert UPPER.param_for(1) is None
    assert JOIN.param_for(5) == Parameter("parts", STRING)
    assert repr(JOIN) == "<Function(sep, parts...)>"


def test_wrong_number_of_arguments() -> None:
    with pytest.raises(FunctionError, match=r"^wrong number of arguments \(1 required; 2 given\)$"):
        UPPER.call([s("a"), s("b")])
    with pytest.raises(
        FunctionError, match=r"^wrong number of arguments \(at least 1 required; 0 given\)$"
    ):
        JOIN.call([])


def test_null_argument() -> None:
    with pytest.raises(FunctionArgError, match=r"^argument must not be null$") as info:
        JOIN.call([s("-"), s("a"), Value.null(STRING)])
    assert info.value.index == 2
    nullable = Function(
        [Parameter("x", STRING, allow_null=True)],
        return_type=BOOL,
        impl=lambda args, _t: Value.bool(args[0].is_null),
    )
    assert nullable.call([Value.null(STRING)]) == Value.bool(True)


def test_type_mismatch() -> None:
    with pytest.raises(FunctionArgError, match=r"^string required, but received number$"):
        UPPER.call([n(1)])


def test_unknown_argument_skips_the_implementation() -> None:
    calls.clear()
    assert UPPER.call([Value.unknown(STRING)]) == Value.unknown(STRING)
    assert calls == []
    # Dynamic arguments make the result dynamic without asking for the type.
    assert UPPER.call([DYNAMIC_VALUE]) == DYNAMIC_VALUE
    assert calls == []


def test_allow_unknown_and_dynamic() -> None:
    seen: list[Type] = []

    def impl(args: Sequence[Value], ret: Type) -> Value:
        seen.append(ret)
        return Value.bool(args[0].is_known)

    fn = Function(
        [Parameter("x", DYNAMIC, allow_unknown=True, allow_dynamic_type=True)],
        return_type=BOOL,
        impl=impl,
    )
    assert fn.call([DYNAMIC_VALUE]) == Value.bool(False)
    assert seen == [BOOL]


def test_computed_return_type() -> None:
    def ret(args: Sequence[Value]) -> Type:
        if args[0].is_known and args[0].as_str() == "bad":
            raise FunctionArgError(0, "no bad")
        return ListType(args[0].type)

    fn = Function(
        [Parameter("x", STRING)],
        return_type=ret,
        impl=lambda args, t: Value.list([args[0]]),
    )
    assert fn.return_type_for([s("a")]) == ListType(STRING)
    assert fn.call([s("a")]) == Value.list([s("a")])
    assert fn.call([Value.unknown(STRING)]) == Value.unknown(ListType(STRING))
    with pytest.raises(FunctionArgError, match="no bad"):
        fn.call([s("bad")])


def test_exceptions_in_implementation_become_function_errors() -> None:
    def boom(args: Sequence[Value], _t: Type) -> Value:
        raise ZeroDivisionError("too much")

    fn = Function([], return_type=NUMBER, impl=boom)
    with pytest.raises(FunctionError, match=r"^too much$"):
        fn.call([])
    bad_return = Function([], return_type=NUMBER, impl=lambda _a, _t: s("x"))
    with pytest.raises(TypeError, match="not of its result type"):
        bad_return.call([])


def test_function_definition_mistakes() -> None:
    with pytest.raises(TypeError):
        Function(["x"], return_type=STRING, impl=upper_impl)  # type: ignore[list-item]
    with pytest.raises(TypeError):
        Function([], return_type="string", impl=upper_impl)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Parameter("x", "string")  # type: ignore[arg-type]


# --------------------------------------------------------------------------- diagnostics

# f(a, b) laid out as: name 0-5, "(" 5-6, args at 6-9 and 11-14, ")" 14-15.
NAME = rng(0, 5)
OPEN = rng(5, 6)
CLOSE = rng(14, 15)
CALL = rng(0, 15)
START = rng(0, 6)
ARGS = [rng(6, 9), rng(11, 14)]


def diag(
    summary: str,
    detail: str,
    subject: Range,
    *,
    context: Range | None = CALL,
    name: str = "upper",
    failure: FunctionError | None = None,
) -> Diagnostic:
    return Diagnostic.error(
        summary, detail, subject, context, extra=FunctionCallDiagExtra(name, failure)
    )


def call(
    fn: Function, *args: Value, name: str = "upper", **kwargs: Any
) -> tuple[Value, Diagnostics]:
    return call_function(
        name, fn, args, call_range=CALL, name_range=NAME, arg_ranges=ARGS[: len(args)], **kwargs
    )


def test_call_function_success() -> None:
    assert call(UPPER, s("a")) == (s("A"), [])
    # Arguments are converted to the parameter types first.
    assert call(UPPER, n(12)) == (s("12"), [])


def test_not_enough_arguments() -> None:
    assert call(UPPER) == (
        DYNAMIC_VALUE,
        [
            diag(
                "Not enough function arguments",
                'Function "upper" expects 1 argument(s). Missing value for "str".',
                CLOSE,
            )
        ],
    )
    assert call(JOIN, name="join") == (
        DYNAMIC_VALUE,
        [
            diag(
                "Not enough function arguments",
                'Function "join" expects at least 1 argument(s). Missing value for "sep".',
                CLOSE,
                name="join",
            )
        ],
    )


def test_too_many_arguments() -> None:
    assert call(UPPER, s("a"), s("b")) == (
        DYNAMIC_VALUE,
        [
            diag(
                "Too many function arguments",
                'Function "upper" expects only 1 argument(s).',
                ARGS[1],
            )
        ],
    )


def test_invalid_argument_conversion_and_null() -> None:
    assert call(UPPER, Value.tuple([])) == (
        DYNAMIC_VALUE,
        [
            diag(
                "Invalid function argument",
                'Invalid value for "str" parameter: string required, but have tuple.',
                ARGS[0],
            )
        ],
    )
    failure = FunctionArgError(0, "argument must not be null")
    result = call(UPPER, Value.null(DYNAMIC))
    assert result == (
        DYNAMIC_VALUE,
        [
            diag(
                "Invalid function argument",
                'Invalid value for "str" parameter: argument must not be null.',
                ARGS[0],
                failure=failure,
            )
        ],
    )
    extra = result[1][0].extra
    assert isinstance(extra, FunctionCallDiagExtra)
    assert extra.called_function_name == "upper"
    assert isinstance(extra.function_call_error, FunctionArgError)


def test_error_in_function_call() -> None:
    def broken(args: Sequence[Value], _t: Type) -> Value:
        raise FunctionError("it broke")

    fn = Function([], return_type=NUMBER, impl=broken)
    value, diags = call(fn, name="f")
    assert value == DYNAMIC_VALUE
    assert [(d.summary, d.detail, d.subject, d.context) for d in diags] == [
        ("Error in function call", 'Call to function "f" failed: it broke.', START, CALL)
    ]


def test_arg_error_for_missing_variadic_argument() -> None:
    def impl(args: Sequence[Value], _t: Type) -> Value:
        raise FunctionArgError(1, "give me parts")

    fn = Function(
        [Parameter("sep", STRING)], Parameter("parts", STRING), return_type=STRING, impl=impl
    )
    _value, diags = call(fn, s("-"), name="j")
    assert [(d.summary, d.detail, d.subject, d.context) for d in diags] == [
        (
            "Invalid function argument",
            'Invalid value for "parts" parameter: give me parts.',
            CALL,
            None,
        )
    ]
    # An index beyond every parameter: the generic message.
    _value, diags = call(UPPER_BLAMING_2, s("x"), name="u")
    assert [(d.summary, d.detail, d.subject) for d in diags] == [
        ("Error in function call", 'Call to function "u" failed: nope.', START)
    ]


def _blame_2(args: Sequence[Value], _t: Type) -> Value:
    raise FunctionArgError(2, "nope")


UPPER_BLAMING_2 = Function([Parameter("str", STRING)], return_type=STRING, impl=_blame_2)


def test_explicit_paren_ranges() -> None:
    open_ = rng(6, 7)
    _v, diags = call(UPPER, open_paren_range=open_, close_paren_range=rng(20, 21))
    assert diags[0].subject == rng(20, 21)
    _v, diags = call(UPPER_BLAMING_2, s("x"), name="u", open_paren_range=open_)
    assert diags[0].subject == rng(0, 7)


def test_expand_final() -> None:
    whole = rng(6, 14)
    assert call(JOIN, s("-"), Value.list([s("a"), s("b")]), name="j", expand_final=True) == (
        s("a-b"),
        [],
    )
    too_many = call(UPPER, Value.tuple([s("a"), s("b")]), expand_final=True, expand_range=whole)
    assert too_many == (
        DYNAMIC_VALUE,
        [
            diag(
                "Too many function arguments", 'Function "upper" expects only 1 argument(s).', whole
            )
        ],
    )
    not_null = "The expanding argument (indicated by ...) must not be null."
    for null in (Value.null(DYNAMIC), Value.null(ListType(STRING))):
        assert call(UPPER, null, expand_final=True) == (
            DYNAMIC_VALUE,
            [diag("Invalid expanding argument value", not_null, ARGS[0])],
        )
    assert call(UPPER, n(1), expand_final=True) == (
        DYNAMIC_VALUE,
        [
            diag(
                "Invalid expanding argument value",
                "The expanding argument (indicated by ...) must be of a tuple, list, or set type.",
                ARGS[0],
            )
        ],
    )
    for unknown in (DYNAMIC_VALUE, Value.unknown(ListType(STRING))):
        assert call(UPPER, unknown, expand_final=True) == (DYNAMIC_VALUE, [])
    assert call(UPPER, Value.set([s("x")]), expand_final=True) == (s("X"), [])


def test_call_function_argument_mistakes() -> None:
    with pytest.raises(TypeError):
        call_function("f", UPPER, [s("a")], call_range=CALL, name_range=NAME, arg_ranges=[])
    with pytest.raises(TypeError):
        call(UPPER, expand_final=True)


# --------------------------------------------------------------------------- evaluate_call


class Lit(Expression):
    """A literal with its own diagnostics, recording when it is evaluated."""

    evaluated: ClassVar[list[str]] = []

    def __init__(self, label: str, value: Value, where: Range, diags: Sequence[Diagnostic] = ()):
        self.label, self.result, self.where, self.diags = label, value, where, diags

    def value(self, ctx: EvalContext | None = None) -> tuple[Value, Diagnostics]:
        Lit.evaluated.append(self.label)
        return self.result, Diagnostics(self.diags)

    def variables(self) -> list[Traversal]:
        return []

    @property
    def range(self) -> Range:
        return self.where

    @property
    def start_range(self) -> Range:
        return self.where.at_start()


def evaluate(fn: Function, *args: Expression, expand: bool = False) -> tuple[Value, Diagnostics]:
    Lit.evaluated.clear()
    return evaluate_call(
        "upper",
        fn,
        args,
        None,
        call_range=CALL,
        name_range=NAME,
        open_paren_range=OPEN,
        close_paren_range=CLOSE,
        expand_final=expand,
    )


WARN = Diagnostic.warning("Careful", "", rng(6, 7))
ERR = Diagnostic.error("Broken", "", rng(6, 7))


def test_evaluate_call_order_and_subjects() -> None:
    a = Lit("a", n(1), rng(6, 9), [WARN])
    assert evaluate(UPPER, a) == (s("1"), [WARN])
    assert Lit.evaluated == ["a"]
    bad = Lit("bad", Value.tuple([]), rng(6, 9))
    value, diags = evaluate(UPPER, bad)
    assert value == DYNAMIC_VALUE
    assert diags[0].subject == rng(6, 6)  # the argument's start range
    assert diags[0].expression is bad


def test_evaluate_call_count_error_skips_arguments() -> None:
    a, b = Lit("a", s("x"), rng(6, 9), [WARN]), Lit("b", s("y"), rng(11, 14), [ERR])
    value, diags = evaluate(UPPER, a, b)
    assert value == DYNAMIC_VALUE
    assert [d.summary for d in diags] == ["Too many function arguments"]
    assert diags[0].subject == rng(11, 11)
    assert Lit.evaluated == []


def test_evaluate_call_argument_errors_prevent_the_call() -> None:
    calls.clear()
    a = Lit("a", s("x"), rng(6, 9), [ERR])
    assert evaluate(UPPER, a) == (DYNAMIC_VALUE, [ERR])
    assert calls == []


def test_evaluate_call_expansion() -> None:
    sep = Lit("sep", s("+"), rng(6, 9))
    parts = Lit("parts", Value.tuple([s("a"), s("b")]), rng(11, 14))
    assert evaluate(JOIN, sep, parts, expand=True) == (s("a+b"), [])
    assert Lit.evaluated == ["parts", "sep"]
    broken = Lit("parts", DYNAMIC_VALUE, rng(11, 14), [ERR])
    assert evaluate(JOIN, sep, broken, expand=True) == (DYNAMIC_VALUE, [ERR])
    assert Lit.evaluated == ["parts"]
    null = Lit("parts", Value.null(DYNAMIC), rng(11, 14))
    _value, diags = evaluate(JOIN, sep, null, expand=True)
    assert [(d.summary, d.subject, d.expression) for d in diags] == [
        ("Invalid expanding argument value", rng(11, 14), null)
    ]
    with pytest.raises(TypeError):
        evaluate(JOIN, expand=True)


# --------------------------------------------------------------------------- from Python


def test_function_from_annotations() -> None:
    @function
    def repeat(text: str, times: int) -> str:
        """Repeat text."""
        return text * times

    assert [p.type for p in repeat.params] == [STRING, NUMBER]
    assert [p.name for p in repeat.params] == ["text", "times"]
    assert repeat.description == "Repeat text."
    assert repeat.return_type_for([s("a"), n(1)]) == STRING
    assert repeat.call([s("ab"), n(2)]) == s("abab")
    with pytest.raises(FunctionArgError, match=r"^a whole number is required$") as info:
        repeat.call([s("ab"), n("1.5")])
    assert info.value.index == 1


def test_function_collections_and_variadic() -> None:
    def total(scale: Decimal, *values: float) -> float:
        return float(scale) * sum(values)

    fn = function(total, name="total")
    assert fn.var_param == Parameter("values", NUMBER)
    assert fn.call([n(2), n(1), n("0.5")]) == n(3)

    def shape(
        a: list[int], b: dict[str, bool], c: set[str], d: tuple[int, str], e: tuple[int, ...]
    ) -> list[str]:
        return [type(x).__name__ for x in (a, b, c, d, e)] + [repr(sorted(c)), repr(d)]

    fn = function(shape)
    assert [p.type for p in fn.params] == [
        ListType(NUMBER),
        MapType(BOOL),
        SetType(STRING),
        TupleType([NUMBER, STRING]),
        ListType(NUMBER),
    ]
    result = fn.call(
        [
            Value.list([n(1)]),
            Value.map({"k": Value.bool(True)}),
            Value.set([s("y"), s("x")]),
            Value.tuple([n(1), s("z")]),
            Value.list([n(2)]),
        ]
    )
    assert result == Value.list(
        [s("list"), s("dict"), s("set"), s("tuple"), s("tuple"), s("['x', 'y']"), s("(1, 'z')")]
    )


class Level(enum.Enum):
    LOW = 1
    HIGH = 2


def test_function_parameters_follow_the_same_type_plan_as_fields() -> None:
    def days_until(
        when: datetime.date, level: Level, unit: Literal["d", "w"], where: pathlib.PurePosixPath
    ) -> datetime.date:
        step = 7 if unit == "w" else 1
        return when + datetime.timedelta(days=step * level.value + len(where.parts))

    fn = function(days_until)
    assert [p.type for p in fn.params] == [STRING, NUMBER, STRING, STRING]
    assert fn.call([s("2026-01-01"), n(2), s("w"), s("/a")]) == s("2026-01-17")
    with pytest.raises(FunctionArgError) as info:
        fn.call([s("2026-01-01"), n(3), s("d"), s("/a")])
    assert (info.value.index, str(info.value)) == (1, "3 is not one of 1, 2")
    with pytest.raises(FunctionArgError) as info:
        fn.call([s("2026-01-01"), n(1), s("y"), s("/a")])
    assert (info.value.index, str(info.value)) == (2, '"y" is not one of "d", "w"')
    with pytest.raises(FunctionArgError) as info:
        fn.call([s("soon"), n(1), s("d"), s("/a")])
    assert str(info.value) == "a date in ISO 8601 form is required, not 'soon'"


def test_function_optional_any_and_value_parameters() -> None:
    def describe(x: str | None, y: Any, z: Value) -> str:
        return f"{x!r} {y!r} {z.is_known}"

    fn = function(describe)
    assert [(p.type, p.allow_null, p.allow_unknown) for p in fn.params] == [
        (STRING, True, False),
        (DYNAMIC, True, False),
        (DYNAMIC, True, True),
    ]
    result = fn.call([Value.null(STRING), Value.number("2.5"), Value.unknown(NUMBER)])
    assert result == s("None Decimal('2.5') False")
    # An unknown argument for a plain parameter: unknown result, no call;
    # the result is known not to be null, as the return annotation says.
    assert fn.call([Value.unknown(STRING), n(1), n(1)]) == Value.unknown(STRING).refine_not_null()


def test_function_result_conversion_and_errors() -> None:
    def maybe(flag: bool) -> int | None:
        if flag:
            return None
        raise RuntimeError("nope, not today")

    fn = function(maybe)
    assert fn.call([Value.bool(True)]) == Value.null(NUMBER)
    with pytest.raises(FunctionError, match=r"^nope, not today$"):
        fn.call([Value.bool(False)])

    def untyped(x):  # type: ignore[no-untyped-def]
        return {"a": x}

    fn = function(untyped)
    assert fn.params[0] == Parameter("x", DYNAMIC, allow_null=True)
    assert fn.call([n(1)]) == Value.object({"a": n(1)})

    def silent() -> str:
        raise ValueError

    _v, diags = call_function(
        "silent", function(silent), [], call_range=CALL, name_range=NAME, arg_ranges=[]
    )
    assert diags[0].detail == 'Call to function "silent" failed: ValueError.'


def test_function_as_decorator_factory() -> None:
    @function(name="shout", description="Loud.")
    def _shout(x: str) -> str:
        return x.upper() + "!"

    assert _shout.description == "Loud."
    assert _shout.call([s("hi")]) == s("HI!")


def _with_default(a: str, b: str = "x") -> str:
    return a + b


def _keyword_only(a: str, *, b: str) -> str:
    return a + b


def _keyword_with_default(a: str, *, b: str = "!", **kw: Any) -> str:
    return a + b


def _bad_annotation(a: complex) -> str:
    return ""


def _bad_return(a: str) -> complex:
    return 1j


def _bad_map(a: dict[int, str]) -> str:
    return ""


@pytest.mark.parametrize(
    ("fn", "message"),
    [
        (_with_default, "has a default value"),
        (_keyword_only, "keyword-only parameter 'b'"),
        (_bad_annotation, "parameter 'a'"),
        (_bad_return, "return annotation"),
        (_bad_map, "HCL maps have string keys"),
        (42, "is not callable"),
    ],
)
def test_function_creation_mistakes(fn: Any, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        function(fn)


def test_keyword_only_with_default_is_ignored() -> None:
    fn = function(_keyword_with_default)
    assert [p.name for p in fn.params] == ["a"]
    assert fn.call([s("a")]) == s("a!")
