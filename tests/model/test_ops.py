from __future__ import annotations

import pytest

from hcldecode.model import (
    Diagnostic,
    Diagnostics,
    EvalContext,
    Pos,
    Range,
    Traversal,
    TraverseAttr,
    TraverseIndex,
    TraverseRoot,
    TraverseSplat,
    get_attr,
    index,
)
from hcldecode.values import (
    BOOL,
    DYNAMIC,
    DYNAMIC_VALUE,
    NUMBER,
    STRING,
    ListType,
    MapType,
    ObjectType,
    TupleType,
    Value,
)

R = Range("o.hcl", Pos(1, 3, 2), Pos(1, 6, 5))


def rng(start: int, end: int) -> Range:
    return Range("o.hcl", Pos(1, start + 1, start), Pos(1, end + 1, end))


def s(text: str) -> Value:
    return Value.string(text)


def n(number: int | str) -> Value:
    return Value.number(number)


def err(summary: str, detail: str, subject: Range | None = R) -> Diagnostics:
    return Diagnostics([Diagnostic.error(summary, detail, subject)])


NOT_ELEMENT = "The given key does not identify an element in this collection value"

LIST = Value.list([s("a"), s("b")])
TUPLE = Value.tuple([s("a"), n(1)])
MAP = Value.map({"k": n(1)})
OBJ = Value.object({"a": n(1), "1": s("one")})

# --------------------------------------------------------------------------- index


@pytest.mark.parametrize(
    ("collection", "key", "expected"),
    [
        (LIST, n(1), s("b")),
        (LIST, s("0"), s("a")),
        (TUPLE, n(1), n(1)),
        (MAP, s("k"), n(1)),
        (OBJ, s("a"), n(1)),
        (OBJ, n(1), s("one")),
        (Value.map({"1": s("x")}), n(1), s("x")),
    ],
)
def test_index_found(collection: Value, key: Value, expected: Value) -> None:
    assert index(collection, key, R) == (expected, [])


@pytest.mark.parametrize(
    ("collection", "key", "expected"),
    [
        (Value.unknown(ListType(STRING)), n(0), Value.unknown(STRING)),
        (LIST, Value.unknown(NUMBER), Value.unknown(STRING)),
        (Value.unknown(MapType(BOOL)), s("x"), Value.unknown(BOOL)),
        (TUPLE, Value.unknown(NUMBER), DYNAMIC_VALUE),
        (Value.unknown(TupleType([STRING, BOOL])), n(1), Value.unknown(BOOL)),
        (OBJ, Value.unknown(STRING), DYNAMIC_VALUE),
        (Value.unknown(ObjectType({"a": BOOL})), s("a"), Value.unknown(BOOL)),
        (DYNAMIC_VALUE, n(0), DYNAMIC_VALUE),
        (LIST, DYNAMIC_VALUE, DYNAMIC_VALUE),
    ],
)
def test_index_unknowns(collection: Value, key: Value, expected: Value) -> None:
    assert index(collection, key, R) == (expected, [])


@pytest.mark.parametrize(
    ("collection", "key", "summary", "detail"),
    [
        (
            Value.null(ListType(STRING)),
            n(0),
            "Attempt to index null value",
            "This value is null, so it does not have any indices.",
        ),
        (LIST, Value.null(NUMBER), "Invalid index", "Can't use a null value as an indexing key."),
        (
            LIST,
            n(2),
            "Invalid index",
            f"{NOT_ELEMENT}: the given index is greater than or "
            "equal to the length of the collection.",
        ),
        # The reference's quirk: beyond the length, only the generic message.
        (LIST, n(5), "Invalid index", f"{NOT_ELEMENT}."),
        (
            Value.list([], STRING),
            n(0),
            "Invalid index",
            f"{NOT_ELEMENT}: the collection has no elements.",
        ),
        (Value.list([], STRING), n(3), "Invalid index", f"{NOT_ELEMENT}."),
        (
            TUPLE,
            n("1.5"),
            "Invalid index",
            f"{NOT_ELEMENT}: indexing a sequence requires a "
            "whole number, but the given index has a fractional part.",
        ),
        (
            TUPLE,
            Value.number(float("inf")),
            "Invalid index",
            f"{NOT_ELEMENT}: indexing a "
            "sequence requires a whole number, but the given index has a fractional part.",
        ),
        (
            LIST,
            n(-1),
            "Invalid index",
            f"{NOT_ELEMENT}: a negative number is not a valid index for a sequence.",
        ),
        (LIST, s("x"), "Invalid index", f"{NOT_ELEMENT}: a number is required."),
        (
            LIST,
            Value.bool(True),
            "Invalid index",
            f"{NOT_ELEMENT}: number required, but have bool.",
        ),
        (MAP, s("nope"), "Invalid index", f"{NOT_ELEMENT}."),
        (OBJ, s("b"), "Invalid index", f"{NOT_ELEMENT}."),
        (
            OBJ,
            n(0),
            "Invalid index",
            f"{NOT_ELEMENT}. An object only supports looking up "
            "attributes by name, not by numeric index.",
        ),
        (
            Value.set([n(1)]),
            n(0),
            "Invalid index",
            "Elements of a set are identified only by "
            "their value and don't have any separate index or key to select with, so it's only "
            "possible to perform operations across all elements of the set.",
        ),
        (s("str"), n(0), "Invalid index", "This value does not have any indices."),
    ],
)
def test_index_errors(collection: Value, key: Value, summary: str, detail: str) -> None:
    assert index(collection, key, R) == (DYNAMIC_VALUE, err(summary, detail))


def test_index_without_range() -> None:
    assert index(LIST, n(9), None) == (DYNAMIC_VALUE, err("Invalid index", f"{NOT_ELEMENT}.", None))


# --------------------------------------------------------------------------- get_attr


@pytest.mark.parametrize(
    ("obj", "name", "expected"),
    [
        (OBJ, "a", n(1)),
        (MAP, "k", n(1)),
        (Value.unknown(ObjectType({"a": BOOL})), "a", Value.unknown(BOOL)),
        (Value.unknown(MapType(NUMBER)), "zz", Value.unknown(NUMBER)),
        (DYNAMIC_VALUE, "a", DYNAMIC_VALUE),
    ],
)
def test_get_attr_found(obj: Value, name: str, expected: Value) -> None:
    assert get_attr(obj, name, R) == (expected, [])


LIST_OF_OBJ = Value.list([Value.object({"id": n(1)})])
UNSUPPORTED = "Unsupported attribute"


@pytest.mark.parametrize(
    ("obj", "name", "summary", "detail"),
    [
        (
            Value.null(DYNAMIC),
            "a",
            "Attempt to get attribute from null value",
            "This value is null, so it does not have any attributes.",
        ),
        (OBJ, "b", UNSUPPORTED, 'This object does not have an attribute named "b".'),
        (MAP, "b", "Missing map element", 'This map does not have an element with the key "b".'),
        (
            LIST_OF_OBJ,
            "id",
            UNSUPPORTED,
            "Can't access attributes on a list of objects. Did you "
            'mean to access attribute "id" for a specific element of the list, or across all '
            "elements of the list?",
        ),
        (
            LIST_OF_OBJ,
            "x",
            UNSUPPORTED,
            "Can't access attributes on a list of objects. Did you "
            "mean to access an attribute for a specific element of the list, or across all "
            "elements of the list?",
        ),
        (
            Value.set([Value.object({"id": n(1)})]),
            "id",
            UNSUPPORTED,
            "Can't access attributes "
            "on a set of objects. Did you mean to access an attribute across all elements of the "
            "set?",
        ),
        (s("x"), "a", UNSUPPORTED, "Can't access attributes on a primitive-typed value (string)."),
        (
            Value.unknown(BOOL),
            "a",
            UNSUPPORTED,
            "Can't access attributes on a primitive-typed value (bool).",
        ),
        (TUPLE, "a", UNSUPPORTED, "This value does not have any attributes."),
        (LIST, "a", UNSUPPORTED, "This value does not have any attributes."),
    ],
)
def test_get_attr_errors(obj: Value, name: str, summary: str, detail: str) -> None:
    assert get_attr(obj, name, R) == (DYNAMIC_VALUE, err(summary, detail))


# --------------------------------------------------------------------------- traversals

CTX = EvalContext({"var": {"list": ["x", "y"], "name": "n"}, "count": 2})
VAR = TraverseRoot("var", rng(0, 3))


def test_traverse_abs_and_rel() -> None:
    t = Traversal([VAR, TraverseAttr("list", rng(3, 8)), TraverseIndex(n(1), rng(8, 11))])
    assert t.traverse_abs(CTX) == (s("y"), [])
    _root, rest = t.split()
    assert rest.traverse_rel(CTX.lookup_variable("var")) == (s("y"), [])  # type: ignore[arg-type]
    assert Traversal().traverse_rel(n(3)) == (n(3), [])


def test_traverse_stops_at_first_error() -> None:
    t = Traversal([VAR, TraverseAttr("nope", rng(3, 8)), TraverseAttr("deeper", rng(8, 15))])
    assert t.traverse_abs(CTX) == (
        DYNAMIC_VALUE,
        err(UNSUPPORTED, 'This object does not have an attribute named "nope".', rng(3, 8)),
    )


def test_traverse_abs_variables_not_allowed() -> None:
    t = Traversal([VAR])
    expected = err("Variables not allowed", "Variables may not be used here.", rng(0, 3))
    assert t.traverse_abs(None) == (DYNAMIC_VALUE, expected)
    assert t.traverse_abs(EvalContext(functions={})) == (DYNAMIC_VALUE, expected)
    # A table in a parent is enough to make it an unknown variable instead.
    child = EvalContext({}).child(functions={})
    assert t.traverse_abs(child) == (
        DYNAMIC_VALUE,
        err("Unknown variable", 'There is no variable named "var".', rng(0, 3)),
    )


def test_traverse_abs_unknown_variable_suggests() -> None:
    ctx = EvalContext({"vars": 1}).child({"other": 2})
    assert Traversal([VAR]).traverse_abs(ctx) == (
        DYNAMIC_VALUE,
        err(
            "Unknown variable", 'There is no variable named "var". Did you mean "vars"?', rng(0, 3)
        ),
    )


def test_child_context_shadows_parent() -> None:
    ctx = CTX.child({"count": 3})
    assert Traversal([TraverseRoot("count", rng(0, 5))]).traverse_abs(ctx) == (n(3), [])


def test_traversal_kind_mistakes_raise() -> None:
    with pytest.raises(TypeError):
        Traversal([TraverseAttr("a", R)]).traverse_abs(CTX)
    with pytest.raises(TypeError):
        Traversal([VAR]).traverse_rel(n(1))
    with pytest.raises(TypeError):
        Traversal([TraverseSplat(Traversal(), R)]).traverse_rel(LIST)


def test_traversal_str() -> None:
    t = Traversal(
        [
            VAR,
            TraverseAttr("a", R),
            TraverseIndex(n(0), R),
            TraverseIndex(s('k"'), R),
            TraverseIndex(n("1.5"), R),
            TraverseIndex(Value.bool(True), R),
            TraverseIndex(LIST, R),
            TraverseSplat(Traversal([TraverseAttr("id", R)]), R),
        ]
    )
    assert str(t) == 'var.a[0]["k\\""][1.5][true][...][*].id'
