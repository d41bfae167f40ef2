"""Static type expressions: every form, every mistake (detail and ranges), defaults.

The expected diagnostics are those of the reference's ext/typeexpr
(checked against HCL 2.14.1, plus the v2.24 unique-key check).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hcldecode import json as hcljson
from hcldecode.ext.typeexpr import (
    Defaults,
    type_constraint,
    type_constraint_with_defaults,
    type_of,
    type_string,
)
from hcldecode.functions import SPEC_FUNCTIONS
from hcldecode.model import Diagnostic, EvalContext, Expression, Pos, Range
from hcldecode.native import parse_expression
from hcldecode.values import (
    BOOL,
    DYNAMIC,
    NUMBER,
    STRING,
    CapsuleType,
    ListType,
    MapType,
    ObjectType,
    SetType,
    TupleType,
    Type,
    Value,
    convert,
)

SUMMARY = "Invalid type specification"
_STDLIB_CONTEXT = EvalContext(functions=SPEC_FUNCTIONS)


def native(src: str) -> Expression:
    expr, diags = parse_expression(src, "t.hcl")
    assert not diags
    return expr


def json_expr(src: str) -> Expression:
    expr, diags = hcljson.parse_expression(src.encode(), "t.json")
    assert not diags
    return expr


def value(src: str) -> Value:
    result, diags = native(src).value(None)
    assert not diags
    return result


def r(start: int, end: int, filename: str = "t.hcl") -> Range:
    """Columns ``start`` to ``end`` of line 1 of a one-line ASCII expression."""
    return Range(filename, Pos(1, start, start - 1), Pos(1, end, end - 1))


def err(
    detail: str, subject: Range, context: Range | None = None, summary: str = SUMMARY
) -> tuple[str, str, Range | None, Range | None]:
    return (summary, detail, subject, context)


def found(diags: list[Diagnostic]) -> list[tuple[str, str, Range | None, Range | None]]:
    assert all(d.is_error for d in diags)
    return [(d.summary, d.detail, d.subject, d.context) for d in diags]


# --------------------------------------------------------------------------- forms

OBJ = ObjectType({"a": STRING, "b": ListType(NUMBER)})

FORMS: list[tuple[str, Type]] = [
    ("string", STRING),
    ("number", NUMBER),
    ("bool", BOOL),
    ("list(string)", ListType(STRING)),
    ("set(number)", SetType(NUMBER)),
    ("map(bool)", MapType(BOOL)),
    ("tuple([])", TupleType([])),
    ("tuple([string, number, list(bool)])", TupleType([STRING, NUMBER, ListType(BOOL)])),
    ("object({})", ObjectType({})),
    ("object({b = list(number), a = string})", OBJ),
    ("object({\n  a = string\n  b = list(number)\n})", OBJ),
    ("map(list(set(tuple([object({a = string, b = list(number)})]))))",
     MapType(ListType(SetType(TupleType([OBJ]))))),
]  # fmt: skip


@pytest.mark.parametrize(("src", "expected"), FORMS)
def test_exact_forms_in_both_syntaxes(src: str, expected: Type) -> None:
    for expr in (native(src), json_expr('"' + src.replace("\n", "\\n") + '"')):
        assert type_of(expr) == (expected, [])
        assert type_constraint(expr) == (expected, [])
        assert type_constraint_with_defaults(expr) == (expected, None, [])


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        ("any", DYNAMIC),
        ("list(any)", ListType(DYNAMIC)),
        ("object({a = any, b = optional(any)})", ObjectType({"a": DYNAMIC, "b": DYNAMIC}, ["b"])),
        (
            "object({a = optional(list(object({b = optional(string)})))})",
            ObjectType({"a": ListType(ObjectType({"b": STRING}, ["b"]))}, ["a"]),
        ),
    ],
)
def test_constraint_forms(src: str, expected: Type) -> None:
    for expr in (native(src), json_expr(f'"{src}"')):
        assert type_constraint(expr) == (expected, [])
        assert type_constraint_with_defaults(expr) == (expected, None, [])


def test_any_is_not_an_exact_type() -> None:
    t, diags = type_of(native("list(any)"))
    assert t == ListType(DYNAMIC)
    assert found(diags) == [
        err(
            'The keyword "any" cannot be used in this type specification: an exact type is '
            "required.",
            r(6, 9),
        )
    ]


# --------------------------------------------------------------------------- mistakes

ONE_ELEMENT = "The {} type constructor requires one argument specifying the element type."
OBJECT_ARG = (
    "The object type constructor requires one argument specifying the attribute types and "
    "values as a map."
)
TUPLE_ARG = (
    "The tuple type constructor requires one argument specifying the element types as a list."
)
NOT_A_TYPE = (
    "A type specification is either a primitive type keyword (bool, number, string) or a "
    "complex type constructor call, like list(string)."
)

MISTAKES = [
    ("list", DYNAMIC, [err(ONE_ELEMENT.format("list"), r(1, 5))]),
    ("set", DYNAMIC, [err(ONE_ELEMENT.format("set"), r(1, 4))]),
    ("map", DYNAMIC, [err(ONE_ELEMENT.format("map"), r(1, 4))]),
    ("object", DYNAMIC, [err(OBJECT_ARG, r(1, 7))]),
    ("tuple", DYNAMIC, [err(TUPLE_ARG, r(1, 6))]),
    ("foo", DYNAMIC, [err('The keyword "foo" is not a valid type specification.', r(1, 4))]),
    ("null", DYNAMIC, [err('The keyword "null" is not a valid type specification.', r(1, 5))]),
    ("optional", DYNAMIC,
     [err('The keyword "optional" is not a valid type specification.', r(1, 9))]),
    ('"string"', DYNAMIC, [err(NOT_A_TYPE, r(1, 9))]),
    ("1", DYNAMIC, [err(NOT_A_TYPE, r(1, 2))]),
    ("[string]", DYNAMIC, [err(NOT_A_TYPE, r(1, 9))]),
    ("a.b", DYNAMIC, [err(NOT_A_TYPE, r(1, 4))]),
    ("string()", DYNAMIC,
     [err('Primitive type keyword "string" does not expect arguments.', r(7, 9))]),
    ("number(1, 2)", DYNAMIC,
     [err('Primitive type keyword "number" does not expect arguments.', r(7, 13))]),
    ("any()", DYNAMIC,
     [err('Type constraint keyword "any" does not expect arguments.', r(4, 6))]),
    ("list()", DYNAMIC, [err(ONE_ELEMENT.format("list"), r(5, 7), r(5, 7))]),
    ("list(string, number)", DYNAMIC,
     [err(ONE_ELEMENT.format("list"), r(14, 20), r(5, 21))]),
    ("list(string, number, bool)", DYNAMIC,
     [err(ONE_ELEMENT.format("list"), r(14, 26), r(5, 27))]),
    ("map(  )", DYNAMIC, [err(ONE_ELEMENT.format("map"), r(4, 8), r(4, 8))]),
    ("object()", DYNAMIC, [err(OBJECT_ARG, r(7, 9), r(7, 9))]),
    ("object({}, {})", DYNAMIC, [err(OBJECT_ARG, r(12, 14), r(7, 15))]),
    ("tuple()", DYNAMIC, [err(TUPLE_ARG, r(6, 8), r(6, 8))]),
    ("tuple([], [], [])", DYNAMIC, [err(TUPLE_ARG, r(11, 17), r(6, 18))]),
    ("object(string)", DYNAMIC,
     [err("Object type constructor requires a map whose keys are attribute names and whose "
          "values are the corresponding attribute types.", r(8, 14), r(1, 15))]),
    ("tuple({a = string})", DYNAMIC,
     [err("Tuple type constructor requires a list of element types.", r(7, 19), r(1, 20))]),
    ("foo(string)", DYNAMIC, [err('Keyword "foo" is not a valid type constructor.', r(1, 12))]),
    ("list(optional(string))", ListType(DYNAMIC),
     [err('Keyword "optional" is valid only as a modifier for object type attributes.',
          r(6, 14))]),
    ('object({"a" = string, (b) = number, c = bool})', ObjectType({"c": BOOL}),
     [err("Object constructor map keys must be attribute names.", r(9, 12), r(1, 47)),
      err("Object constructor map keys must be attribute names.", r(23, 26), r(1, 47))]),
    ("object({a = string, a = number})", ObjectType({"a": STRING}),
     [err("Object constructor map keys must be unique.", r(21, 22), r(1, 33))]),
    ("object({a = string, b = foo, c = list()})",
     ObjectType({"a": STRING, "b": DYNAMIC, "c": DYNAMIC}),
     [err('The keyword "foo" is not a valid type specification.', r(25, 28)),
      err(ONE_ELEMENT.format("list"), r(38, 40), r(38, 40))]),
]  # fmt: skip


@pytest.mark.parametrize(("src", "expected", "diags"), MISTAKES)
def test_mistakes(src: str, expected: Type, diags: list[tuple[str, str, Range, Range]]) -> None:
    t, found_diags = type_constraint(native(src))
    assert t == expected
    assert found(found_diags) == diags


def test_mistakes_in_json_strings() -> None:
    # The whole string is the subject of keyword mistakes; the parts of a
    # string parsed as an expression have their own positions in the file.
    assert found(type_of(json_expr('"foo"'))[1]) == [
        err('The keyword "foo" is not a valid type specification.', r(1, 6, "t.json"))
    ]
    assert found(type_of(json_expr("1"))[1]) == [err(NOT_A_TYPE, r(1, 2, "t.json"))]
    assert found(type_of(json_expr('{"a": "string"}'))[1]) == [err(NOT_A_TYPE, r(1, 16, "t.json"))]
    assert found(type_of(json_expr('"list(string, number)"'))[1]) == [
        err(ONE_ELEMENT.format("list"), r(15, 21, "t.json"), r(6, 22, "t.json"))
    ]


OPTIONAL_FOR_EXACT = (
    "Optional attribute modifier is only for type constraints, not for exact types."
)
ONLY_ONE = "Optional attribute modifier expects only one argument: the attribute type."
AT_MOST_TWO = (
    "Optional attribute modifier expects at most two arguments: the attribute type, and a "
    "default value."
)
NEEDS_TYPE = "Optional attribute modifier requires the attribute type as its argument."


def test_optional_in_an_exact_type() -> None:
    t, diags = type_of(native("object({a = optional(string)})"))
    assert t == ObjectType({"a": STRING})
    assert found(diags) == [err(OPTIONAL_FOR_EXACT, r(13, 21), r(13, 29))]


def test_optional_with_a_default_needs_defaults() -> None:
    t, diags = type_constraint(
        native('object({c = optional(string, 1, 2), d = optional(bool, "x")})')
    )
    assert t == ObjectType({"c": STRING, "d": BOOL})
    assert found(diags) == [
        err(ONLY_ONE, r(21, 35), r(13, 35)),
        err(ONLY_ONE, r(49, 60), r(41, 60)),
    ]


def test_optional_mistakes_with_defaults() -> None:
    t, defaults, diags = type_constraint_with_defaults(
        native("object({a = optional(number, foo), b = optional(), c = optional(string, 1, 2)})")
    )
    # a's default cannot be evaluated, so a is not optional; b is left out.
    assert t == ObjectType({"a": NUMBER, "c": STRING})
    assert defaults is None
    assert found(diags) == [
        err("Variables may not be used here.", r(30, 33), summary="Variables not allowed"),
        err(NEEDS_TYPE, r(48, 50), r(40, 50)),
        err(AT_MOST_TWO, r(64, 78), r(56, 78)),
    ]


@pytest.mark.parametrize(
    ("src", "detail", "subject"),
    [
        ('object({a = optional(number, "x")})', "a number is required", r(30, 33)),
        ("object({a = optional(string, {})})", "string required, but have object", r(30, 32)),
        (
            'object({a = optional(object({b = number}), {b = "x"})})',
            "a number is required",
            r(44, 53),
        ),
        (
            "object({a = optional(list(string), [{}])})",
            "element 0: string required, but have object",
            r(36, 40),
        ),
    ],
)
def test_default_that_does_not_convert(src: str, detail: str, subject: Range) -> None:
    t, defaults, diags = type_constraint_with_defaults(native(src))
    assert isinstance(t, ObjectType) and t.optional == {"a"}
    assert defaults is None
    assert found(diags) == [
        err(
            f"This default value is not compatible with the attribute's type constraint: {detail}.",
            subject,
            summary="Invalid default value for optional attribute",
        )
    ]


def test_mistakes_in_json_defaults() -> None:
    t, defaults, diags = type_constraint_with_defaults(
        json_expr('"object({a=optional(number, true)})"')
    )
    assert t == ObjectType({"a": NUMBER}, ["a"])
    assert defaults is None
    assert found(diags) == [
        err(
            "This default value is not compatible with the attribute's type constraint: "
            "number required, but have bool.",
            r(29, 33, "t.json"),
            summary="Invalid default value for optional attribute",
        )
    ]


# --------------------------------------------------------------------------- defaults

SERVICE = """object({
  name = string
  port = optional(number, "80")
  tags = optional(map(string), {})
  tls  = optional(object({
    enabled = optional(bool, true)
    ciphers = optional(list(string), ["A"])
  }), {})
})"""

TLS = ObjectType({"enabled": BOOL, "ciphers": ListType(STRING)}, ["enabled", "ciphers"])


def service() -> tuple[Type, Defaults]:
    t, defaults, diags = type_constraint_with_defaults(native(SERVICE))
    assert diags == []
    assert defaults is not None
    return t, defaults


def test_defaults_structure() -> None:
    t, defaults = service()
    assert t == ObjectType(
        {"name": STRING, "port": NUMBER, "tags": MapType(STRING), "tls": TLS},
        ["port", "tags", "tls"],
    )
    tls_defaults = Defaults(
        TLS,
        {"enabled": Value.bool(True), "ciphers": Value.list([Value.string("A")])},
    )
    # Defaults are converted to the attribute's type; optional attributes
    # of an object default are null until the defaults are applied.
    assert defaults == Defaults(
        t,
        {
            "port": Value.number(80),
            "tags": Value.map({}, STRING),
            "tls": Value.object(
                {"ciphers": Value.null(ListType(STRING)), "enabled": Value.null(BOOL)}
            ),
        },
        {"tls": tls_defaults},
    )


def applied(t: Type, defaults: Defaults, src: str) -> Value:
    return convert(defaults.apply(value(src)), t)


def test_absent_attributes_get_their_defaults_at_every_depth() -> None:
    t, defaults = service()
    assert applied(t, defaults, '{name = "web"}') == Value.object(
        {
            "name": Value.string("web"),
            "port": Value.number(80),
            "tags": Value.map({}, STRING),
            "tls": Value.object(
                {"ciphers": Value.list([Value.string("A")]), "enabled": Value.bool(True)}
            ),
        }
    )
    assert applied(t, defaults, '{name = "web", port = null, tls = {ciphers = ["B"]}}') == (
        Value.object(
            {
                "name": Value.string("web"),
                "port": Value.number(80),
                "tags": Value.map({}, STRING),
                "tls": Value.object(
                    {"ciphers": Value.list([Value.string("B")]), "enabled": Value.bool(True)}
                ),
            }
        )
    )


def test_given_attributes_are_kept() -> None:
    t, defaults = service()
    got = applied(
        t,
        defaults,
        '{name = "a", port = 1, tags = {x = "y"}, tls = {enabled = false, ciphers = []}}',
    )
    assert got == Value.object(
        {
            "name": Value.string("a"),
            "port": Value.number(1),
            "tags": Value.map({"x": Value.string("y")}),
            "tls": Value.object({"ciphers": Value.list([], STRING), "enabled": Value.bool(False)}),
        }
    )


def test_null_and_unknown_values_get_no_defaults() -> None:
    t, defaults = service()
    assert defaults.apply(Value.null(t)) == Value.null(t)
    assert defaults.apply(Value.unknown(t)) == Value.unknown(t)
    unknown_tls = Value.object({"name": Value.string("a"), "tls": Value.unknown(TLS)})
    assert defaults.apply(unknown_tls).get("tls") == Value.unknown(TLS)


def with_defaults(src: str) -> tuple[Type, Defaults]:
    t, defaults, diags = type_constraint_with_defaults(native(src))
    assert diags == []
    assert defaults is not None
    return t, defaults


def a_is(n: int | None) -> Value:
    return Value.object({"a": Value.number(n) if n is not None else Value.null(NUMBER)})


A7 = "object({a = optional(number, 7)})"
EMPTY = Value.object({})


@pytest.mark.parametrize(
    ("type_src", "given", "expected"),
    [
        (f"list({A7})", Value.tuple([EMPTY, a_is(1)]), Value.tuple([a_is(7), a_is(1)])),
        (f"list({A7})", Value.list([a_is(None), a_is(1)]), Value.list([a_is(7), a_is(1)])),
        (f"list({A7})", Value.list([], ObjectType({})), Value.list([], ObjectType({}))),
        (f"set({A7})", Value.set([a_is(None), a_is(1)]), Value.set([a_is(7), a_is(1)])),
        (f"set({A7})", Value.set([a_is(None), a_is(7)]), Value.set([a_is(7)])),
        (
            f"map({A7})",
            Value.object({"x": EMPTY, "y": a_is(2)}),
            Value.object({"x": a_is(7), "y": a_is(2)}),
        ),
        (f"map({A7})", Value.map({"x": a_is(None)}), Value.map({"x": a_is(7)})),
        (f"map({A7})", Value.map({}, ObjectType({})), Value.map({}, ObjectType({}))),
        (
            f"tuple([{A7}, string])",
            Value.tuple([EMPTY, Value.string("s")]),
            Value.tuple([a_is(7), Value.string("s")]),
        ),
        (
            f"tuple([string, {A7}])",
            Value.list([a_is(1), a_is(None)]),
            Value.list([a_is(1), a_is(7)]),
        ),
        (f"list(list({A7}))", Value.tuple([Value.tuple([EMPTY])]),
         Value.tuple([Value.tuple([a_is(7)])])),
        # Values that do not fit the type are left for the conversion to report.
        (A7, Value.string("not an object"), Value.string("not an object")),
        (f"list({A7})", Value.tuple([Value.number(1), EMPTY]),
         Value.tuple([Value.number(1), a_is(7)])),
    ],
)  # fmt: skip
def test_defaults_inside_collections(type_src: str, given: Value, expected: Value) -> None:
    _t, defaults = with_defaults(type_src)
    assert defaults.apply(given) == expected


def test_collections_whose_elements_no_longer_share_a_type() -> None:
    # The default 7 does not unify with a list of strings given elsewhere:
    # the map becomes an object and the list a tuple.
    texts = Value.object({"a": Value.list([Value.string("s")])})
    no_texts = Value.object({"a": Value.null(ListType(STRING))})
    _t, defaults = with_defaults(f"map({A7})")
    assert defaults.apply(Value.map({"x": texts, "y": no_texts})) == Value.object(
        {"x": texts, "y": a_is(7)}
    )
    _t, defaults = with_defaults(f"list({A7})")
    assert defaults.apply(Value.list([texts, no_texts])) == Value.tuple([texts, a_is(7)])


def test_defaults_given_as_python_objects() -> None:
    inner = ObjectType({"b": NUMBER}, ["b"])
    defaults = Defaults(
        ObjectType({"a": inner}, ["a"]),
        {"a": Value.object({"b": Value.null(NUMBER)})},
        {"a": Defaults(inner, {"b": Value.number(3)})},
    )
    assert defaults.apply(Value.object({})) == Value.object(
        {"a": Value.object({"b": Value.number(3)})}
    )


# --------------------------------------------------------------------------- type_string


@pytest.mark.parametrize(
    ("t", "text"),
    [
        (STRING, "string"),
        (DYNAMIC, "any"),
        (ListType(MapType(SetType(BOOL))), "list(map(set(bool)))"),
        (TupleType([]), "tuple([])"),
        (TupleType([NUMBER, DYNAMIC]), "tuple([number,any])"),
        (
            ObjectType({"b": NUMBER, "a": ListType(STRING)}, ["b"]),
            "object({a=list(string),b=number})",
        ),
        (ObjectType({"a b": NUMBER, "é": BOOL}), 'object({"a b"=number,é=bool})'),
    ],
)
def test_type_string(t: Type, text: str) -> None:
    assert type_string(t) == text


def test_type_string_of_a_capsule_type() -> None:
    with pytest.raises(TypeError, match="type_string does not support CapsuleType"):
        type_string(ListType(CapsuleType("thing")))


_NAMES = st.text("abcxyz_", min_size=1, max_size=4).filter(lambda s: s[0] != "_")
_TYPES: st.SearchStrategy[Type] = st.recursive(
    st.sampled_from([STRING, NUMBER, BOOL, DYNAMIC]),
    lambda inner: st.one_of(
        inner.map(ListType),
        inner.map(SetType),
        inner.map(MapType),
        st.lists(inner, max_size=3).map(TupleType),
        st.dictionaries(_NAMES, inner, max_size=3).map(ObjectType),
    ),
    max_leaves=8,
)


@given(_TYPES)
def test_type_string_reads_back_as_the_same_type(t: Type) -> None:
    assert type_constraint(native(type_string(t))) == (t, [])
    assert type_constraint(json_expr(f'"{type_string(t)}"')) == (t, [])
