"""hcldec.encode: values written back as bodies that decode with the same spec to them."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hcldecode import json as hcljson
from hcldecode.ext.typeexpr import Defaults
from hcldecode.hcldec import (
    AttrSpec,
    BlockAttrsSpec,
    BlockLabelSpec,
    BlockListSpec,
    BlockMapSpec,
    BlockObjectSpec,
    BlockSetSpec,
    BlockSpec,
    BlockTupleSpec,
    DefaultSpec,
    ExprSpec,
    LiteralSpec,
    ObjectSpec,
    Spec,
    TransformExprSpec,
    TransformFuncSpec,
    TupleSpec,
    ValidateSpec,
    decode,
    encode,
)
from hcldecode.model import Diagnostic, EvalContext
from hcldecode.native import parse_config, parse_expression
from hcldecode.values import (
    BOOL,
    DYNAMIC,
    NUMBER,
    STRING,
    Function,
    ListType,
    MapType,
    ObjectType,
    Parameter,
    SetType,
    TupleType,
    Type,
    Value,
)

S, N = Value.string, Value.number
INNER = ObjectSpec({"v": AttrSpec("v", NUMBER)})
ANY_INNER = ObjectSpec({"v": AttrSpec("v", DYNAMIC)})


def expression(src: str):  # type: ignore[no-untyped-def]
    expr, diags = parse_expression(src)
    assert not diags
    return expr


def decoded(text: str, spec: Spec, ctx: EvalContext | None, syntax: str) -> Value:
    """``text`` decoded with ``spec``, which must give no diagnostics."""
    parse = hcljson.parse if syntax == "json" else parse_config
    file, diags = parse(text, "t")
    assert not diags, text
    value, diags = decode(file.body, spec, ctx)
    assert not diags, text
    return value


def written(value: Value, spec: Spec, ctx: EvalContext | None = None) -> tuple[str, str]:
    """``value`` written in both syntaxes, each checked to decode back to it."""
    texts = []
    for syntax in ("native", "json"):
        text = encode(value, spec, ctx, syntax=syntax)  # type: ignore[arg-type]
        assert decoded(text, spec, ctx, syntax) == value
        texts.append(text)
    return texts[0], texts[1]


# --------------------------------------------------------------------------- each kind


def test_attributes_come_in_the_order_the_spec_reads_them() -> None:
    spec = ObjectSpec({"b": AttrSpec("b", NUMBER), "a": AttrSpec("a", STRING)})
    value = Value.object({"a": S("x"), "b": N(1)})
    assert written(value, spec) == ('b = 1\na = "x"\n', '{\n  "b": 1,\n  "a": "x"\n}\n')


def test_attribute_values_are_written_exactly() -> None:
    spec = ObjectSpec(
        {
            "n": AttrSpec("n", NUMBER),
            "s": AttrSpec("s", STRING),
            "l": AttrSpec("l", ListType(STRING)),
            "m": AttrSpec("m", MapType(NUMBER)),
            "any": AttrSpec("any", DYNAMIC),
        }
    )
    value = Value.object(
        {
            "n": N("0.1000000000000000000000000000001"),
            "s": S('${x} %{y} "q" \\ \n'),
            "l": Value.list([S("a"), Value.null(STRING)]),
            "m": Value.map({"b c": N(10**30)}),
            "any": Value.object({"t": Value.tuple([N(1), S("x"), Value.null(DYNAMIC)])}),
        }
    )
    assert written(value, spec) == (
        "n = 0.1000000000000000000000000000001\n"
        's = "$${x} %%{y} \\"q\\" \\\\ \\n"\n'
        'l = ["a", null]\n'
        "m = {\n"
        '  "b c" = 1000000000000000000000000000000\n'
        "}\n"
        "any = {\n"
        '  t = [1, "x", null]\n'
        "}\n",
        "{\n"
        '  "n": 0.1000000000000000000000000000001,\n'
        '  "s": "${x} %{y} \\"q\\" \\\\ \\n",\n'
        '  "l": ["a",null],\n'
        '  "m": {"b c":1000000000000000000000000000000},\n'
        '  "any": {"t":[1,"x",null]}\n'
        "}\n",
    )


def test_json_strings_are_escaped_when_read_as_templates() -> None:
    # With a context, the JSON syntax reads strings and object keys as templates.
    spec = ObjectSpec({"s": AttrSpec("s", STRING), "m": AttrSpec("m", MapType(STRING))})
    value = Value.object({"s": S("${x} $${y} %{z}"), "m": Value.map({"${k}": S("%{v}")})})
    native, json = written(value, spec, EvalContext())
    assert json == '{\n  "s": "$${x} $$${y} %%{z}",\n  "m": {"$${k}":"%%{v}"}\n}\n'
    assert native == 's = "$${x} $$${y} %%{z}"\nm = {\n  "$${k}" = "%%{v}"\n}\n'


def test_a_null_attribute_is_left_out_unless_required() -> None:
    spec = ObjectSpec({"a": AttrSpec("a", STRING), "r": AttrSpec("r", STRING, required=True)})
    value = Value.object({"a": Value.null(STRING), "r": Value.null(STRING)})
    assert written(value, spec) == ("r = null\n", '{\n  "r": null\n}\n')


def test_attribute_defaults_of_optional_object_attributes() -> None:
    point = ObjectType({"x": NUMBER, "y": NUMBER}, ["y"])
    spec = AttrSpec("p", point, defaults=Defaults(point, {"y": N(0)}))
    assert written(Value.object({"x": N(1), "y": N(0)}), spec) == (
        "p = {\n  x = 1\n  y = 0\n}\n",
        '{\n  "p": {"x":1,"y":0}\n}\n',
    )
    assert written(Value.null(ObjectType({"x": NUMBER, "y": NUMBER})), spec) == ("", "{}\n")
    with pytest.raises(ValueError) as info:
        encode(Value.object({"x": N(1), "y": Value.null(NUMBER)}), spec)
    assert (
        str(info.value) == 'AttrSpec "p": the value would be read back as object with 2 attributes'
    )


def test_tuple_spec() -> None:
    spec = TupleSpec([AttrSpec("a", STRING), LiteralSpec(N(1))])
    assert written(Value.tuple([S("x"), N(1)]), spec) == ('a = "x"\n', '{\n  "a": "x"\n}\n')


def test_block_spec_writes_one_block_or_none() -> None:
    spec = ObjectSpec({"b": BlockSpec("b", INNER), "c": BlockSpec("c", INNER)})
    value = Value.object({"b": Value.object({"v": N(1)}), "c": Value.null(INNER.implied_type())})
    assert written(value, spec) == ("b {\n  v = 1\n}\n", '{\n  "b": {\n    "v": 1\n  }\n}\n')


def test_block_list_set_and_tuple_write_one_block_per_element() -> None:
    one, two = Value.object({"v": N(1)}), Value.object({"v": N(2)})
    native = "b {\n  v = 1\n}\n\nb {\n  v = 2\n}\n"
    json = '{\n  "b": [\n    {\n      "v": 1\n    },\n    {\n      "v": 2\n    }\n  ]\n}\n'
    assert written(Value.list([one, two]), BlockListSpec("b", INNER)) == (native, json)
    assert written(Value.set([two, one]), BlockSetSpec("b", INNER)) == (native, json)
    assert written(Value.tuple([one, two]), BlockTupleSpec("b", ANY_INNER)) == (native, json)
    mixed = Value.tuple([one, Value.object({"v": S("x")})])
    assert written(mixed, BlockTupleSpec("b", ANY_INNER))[0] == (
        'b {\n  v = 1\n}\n\nb {\n  v = "x"\n}\n'
    )
    empty = Value.list([], INNER.implied_type())
    assert written(empty, BlockListSpec("b", INNER)) == ("", "{}\n")
    assert written(Value.list([one]), BlockListSpec("b", INNER)) == (
        "b {\n  v = 1\n}\n",
        '{\n  "b": {\n    "v": 1\n  }\n}\n',
    )


def test_block_map_writes_blocks_labelled_by_the_keys() -> None:
    spec = BlockMapSpec("b", INNER, label_names=["k1", "k2"])
    value = Value.map(
        {"x": Value.map({"y": Value.object({"v": N(1)}), "z": Value.object({"v": N(2)})})}
    )
    assert written(value, spec) == (
        'b "x" "y" {\n  v = 1\n}\n\nb "x" "z" {\n  v = 2\n}\n',
        "{\n"
        '  "b": [\n'
        "    {\n"
        '      "x": {\n'
        '        "y": {\n'
        '          "v": 1\n'
        "        }\n"
        "      }\n"
        "    },\n"
        "    {\n"
        '      "x": {\n'
        '        "z": {\n'
        '          "v": 2\n'
        "        }\n"
        "      }\n"
        "    }\n"
        "  ]\n"
        "}\n",
    )


def test_block_object_writes_blocks_labelled_by_the_keys() -> None:
    spec = BlockObjectSpec("b", ANY_INNER, label_names=["k"])
    value = Value.object({"x": Value.object({"v": N(1)}), "y": Value.object({"v": S("s")})})
    assert written(value, spec)[0] == 'b "x" {\n  v = 1\n}\n\nb "y" {\n  v = "s"\n}\n'
    assert written(Value.object({}), spec) == ("", "{}\n")


def test_block_labels_come_from_the_nested_value() -> None:
    nested = ObjectSpec(
        {"name": BlockLabelSpec(0, "name"), "kind": BlockLabelSpec(1, "kind"), "v": INNER}
    )
    spec = BlockListSpec("b", nested)
    value = Value.list(
        [Value.object({"name": S('a "q"'), "kind": S("k"), "v": Value.object({"v": N(1)})})]
    )
    assert written(value, spec) == (
        'b "a \\"q\\"" "k" {\n  v = 1\n}\n',
        '{\n  "b": {\n    "a \\"q\\"": {\n      "k": {\n        "v": 1\n      }\n    }\n  }\n}\n',
    )
    # Labels after a block map's keys; a label no spec reads is written empty.
    keyed = BlockMapSpec("b", ObjectSpec({"l": BlockLabelSpec(1, "l")}), label_names=["k"])
    assert written(Value.map({"x": Value.object({"l": S("y")})}), keyed)[0] == (
        'b "x" "" "y" {\n}\n'
    )


def test_block_attrs_spec_writes_the_map_as_the_attributes_of_one_block() -> None:
    spec = ObjectSpec({"env": BlockAttrsSpec("env", STRING), "no": BlockAttrsSpec("no", STRING)})
    value = Value.object(
        {"env": Value.map({"A": S("1"), "B": S("${x}")}), "no": Value.null(MapType(STRING))}
    )
    assert written(value, spec) == (
        'env {\n  A = "1"\n  B = "$${x}"\n}\n',
        '{\n  "env": {\n    "A": "1",\n    "B": "${x}"\n  }\n}\n',
    )
    assert written(Value.map({}, STRING), BlockAttrsSpec("env", STRING)) == (
        "env {\n}\n",
        '{\n  "env": {}\n}\n',
    )
    # Attributes of type any are unified when decoded.
    lists = Value.map({"a": Value.list([S("x")]), "b": Value.list([S("y"), S("z")])})
    assert written(lists, BlockAttrsSpec("env", DYNAMIC))[0] == (
        'env {\n  a = ["x"]\n  b = ["y", "z"]\n}\n'
    )


def test_default_spec_leaves_out_what_the_default_gives() -> None:
    spec = ObjectSpec(
        {
            "a": DefaultSpec(AttrSpec("a", NUMBER), LiteralSpec(N(3))),
            "b": DefaultSpec(AttrSpec("b", NUMBER), LiteralSpec(N(3))),
            "r": DefaultSpec(AttrSpec("r", NUMBER, required=True), LiteralSpec(N(3))),
            "c": DefaultSpec(AttrSpec("c", NUMBER), AttrSpec("d", NUMBER)),
            "e": DefaultSpec(AttrSpec("e", NUMBER), AttrSpec("f", NUMBER, required=True)),
        }
    )
    value = Value.object({"a": N(3), "b": N(4), "r": N(3), "c": N(5), "e": N(6)})
    assert written(value, spec) == (
        "b = 4\nr = 3\nc = 5\nf = 6\n",
        '{\n  "b": 4,\n  "r": 3,\n  "c": 5,\n  "f": 6\n}\n',
    )
    chain = DefaultSpec(
        DefaultSpec(AttrSpec("a", NUMBER), AttrSpec("b", NUMBER)), LiteralSpec(N(1))
    )
    assert written(N(1), chain)[0] == ""
    assert written(N(2), chain)[0] == "a = 2\n"


def test_literal_and_expression_specs_write_nothing() -> None:
    spec = ObjectSpec({"l": LiteralSpec(S("x")), "e": ExprSpec(expression("n + 1"))})
    ctx = EvalContext({"n": N(1)})
    assert written(Value.object({"l": S("x"), "e": N(2)}), spec, ctx) == ("", "{}\n")


def test_transform_and_validate_specs_write_the_wrapped_spec() -> None:
    upper = Function(
        [Parameter("s", STRING)],
        return_type=STRING,
        impl=lambda args, _ret: S(args[0].as_str().upper()),
    )
    specs = [
        TransformExprSpec(AttrSpec("a", STRING), expression("nested")),
        TransformExprSpec(
            AttrSpec("a", STRING),
            expression("upper(v)"),
            EvalContext(functions={"upper": upper}),
            "v",
        ),
        TransformFuncSpec(AttrSpec("a", STRING), upper),
        ValidateSpec(AttrSpec("a", STRING), lambda _v: []),
    ]
    for spec in specs:
        assert written(S("X"), spec) == ('a = "X"\n', '{\n  "a": "X"\n}\n')


# --------------------------------------------------------------------------- what cannot be written

UPPER = Function(
    [Parameter("s", STRING)],
    return_type=STRING,
    impl=lambda args, _ret: S(args[0].as_str().upper()),
)


@pytest.mark.parametrize(
    ("spec", "value", "message"),
    [
        (
            AttrSpec("a", STRING),
            Value.unknown(STRING),
            'AttrSpec "a": an unknown value cannot be written',
        ),
        (
            AttrSpec("a", DYNAMIC),
            Value.tuple([Value.unknown(STRING)]),
            'AttrSpec "a": an unknown value cannot be written',
        ),
        (
            AttrSpec("a", NUMBER),
            N(float("inf")),
            'AttrSpec "a": an infinite number has no HCL literal',
        ),
        (
            AttrSpec("a", DYNAMIC),
            Value.list([N(1)]),
            'AttrSpec "a": a value of type list of number would be read back as one of type tuple',
        ),
        (
            AttrSpec("a", NUMBER),
            S("x"),
            'AttrSpec "a": the value does not fit the type: a number is required',
        ),
        (
            AttrSpec("a", STRING),
            Value.null(DYNAMIC),
            'AttrSpec "a": a null of type dynamic would be read back as one of type string',
        ),
        (
            ObjectSpec({"a": AttrSpec("a", STRING)}),
            S("x"),
            'ObjectSpec: needs an object with the attribute "a", not string',
        ),
        (
            ObjectSpec({"a": AttrSpec("a", STRING)}),
            Value.object({"a": S("x"), "b": S("y")}),
            'ObjectSpec: needs an object with the attribute "a", not one with the attributes '
            '"a", "b"',
        ),
        (
            ObjectSpec({"a": AttrSpec("a", STRING)}),
            Value.null(ObjectType({"a": STRING})),
            "ObjectSpec: a null value cannot be written: this spec never decodes one",
        ),
        (
            TupleSpec([AttrSpec("a", STRING)]),
            Value.tuple([]),
            "TupleSpec: needs a tuple of 1 element, not one of 0",
        ),
        (
            ObjectSpec({"l": BlockListSpec("b", INNER, 1, 2)}),
            Value.object({"l": Value.list([], INNER.implied_type())}),
            'BlockListSpec "b" at .l: 0 blocks, but at least 1 are required',
        ),
        (
            BlockListSpec("b", INNER, 0, 1),
            Value.list([Value.object({"v": N(1)}), Value.object({"v": N(2)})]),
            'BlockListSpec "b": 2 blocks, but no more than 1 are allowed',
        ),
        (BlockListSpec("b", INNER), Value.tuple([]), 'BlockListSpec "b": needs a list, not tuple'),
        (
            BlockSetSpec("b", INNER),
            Value.unknown(SetType(INNER.implied_type())),
            'BlockSetSpec "b": an unknown value cannot be written',
        ),
        (
            BlockSpec("b", INNER, required=True),
            Value.null(INNER.implied_type()),
            'BlockSpec "b": a null value means no block, but the block is required',
        ),
        (
            BlockListSpec("b", INNER),
            Value.list([Value.object({"v": S("x")})]),
            'AttrSpec "v" at [0].v: the value does not fit the type: a number is required',
        ),
        (
            BlockMapSpec("b", INNER, label_names=["a", "b"]),
            Value.map({"x": Value.map({}, INNER.implied_type())}),
            'BlockMapSpec "b" at .x: an empty map cannot be written: a level holds the blocks '
            "under it",
        ),
        (
            BlockObjectSpec("b", INNER, label_names=["a"]),
            Value.map({"x": Value.object({"v": N(1)})}),
            'BlockObjectSpec "b": needs an object, not map of object',
        ),
        (
            BlockAttrsSpec("env", STRING, required=True),
            Value.null(MapType(STRING)),
            'BlockAttrsSpec "env": a null value means no block, but the block is required',
        ),
        (
            BlockAttrsSpec("env", STRING),
            Value.map({"not valid": S("x")}),
            'BlockAttrsSpec "env" at ["not valid"]: the native syntax has no attribute of this '
            "name",
        ),
        (
            BlockListSpec("b", ObjectSpec({"name": BlockLabelSpec(0, "n")})),
            Value.list([Value.object({"name": Value.null(STRING)})]),
            "BlockLabelSpec at [0].name: a label must be a known string, not null",
        ),
        (
            BlockListSpec("b", ObjectSpec({"name": BlockLabelSpec(0, "n")})),
            Value.list([Value.object({"name": S("l\udfff")})]),
            "BlockLabelSpec at [0].name: character 1 of the label is a lone surrogate "
            "(U+DFFF), which UTF-8 cannot encode",
        ),
        (
            AttrSpec("a", DYNAMIC),
            Value.tuple([S("ok"), Value.object({"k": S("x\ud800")})]),
            'AttrSpec "a": [1]["k"]: character 1 of the string is a lone surrogate (U+D800), '
            "which UTF-8 cannot encode",
        ),
        (
            LiteralSpec(S("x")),
            S("y"),
            'LiteralSpec: the value is not the literal\'s ("y", not "x"); a literal reads '
            "nothing from the body",
        ),
        (
            DefaultSpec(AttrSpec("a", NUMBER), LiteralSpec(N(1))),
            Value.null(NUMBER),
            "LiteralSpec: the value is not the literal's (null, not 1); a literal reads nothing "
            "from the body",
        ),
        (
            ExprSpec(expression("1 + 1")),
            N(3),
            "ExprSpec: the value is not what the expression gives in the context given; an "
            "expression reads nothing from the body",
        ),
        (
            TransformExprSpec(
                AttrSpec("a", STRING),
                expression("upper(nested)"),
                EvalContext(functions={"upper": UPPER}),
            ),
            S("x"),
            "TransformExprSpec: a transform cannot be written back unless it gives the value "
            "back (as result = nested does), and it does not for this value",
        ),
        (
            TransformFuncSpec(AttrSpec("a", STRING), UPPER),
            S("x"),
            "TransformFuncSpec: a transform cannot be written back unless it gives the value "
            "back, and it does not for this value",
        ),
        (
            ValidateSpec(AttrSpec("a", STRING), lambda _v: [Diagnostic.error("Bad", "Not good.")]),
            S("x"),
            "ValidateSpec: the value does not pass the validation (Bad: Not good.)",
        ),
        (
            ObjectSpec({"a": AttrSpec("x", STRING), "b": AttrSpec("x", STRING)}),
            Value.object({"a": S("1"), "b": S("2")}),
            'AttrSpec "x" at .b: another spec reads the attribute "x" and needs it to differ',
        ),
        (
            ObjectSpec({"a": BlockListSpec("b", INNER), "c": BlockSpec("b", INNER)}),
            Value.object(
                {"a": Value.list([], INNER.implied_type()), "c": Value.object({"v": N(1)})}
            ),
            'BlockSpec "b" at .c: another spec reads the blocks of type "b" and needs it to differ',
        ),
        (
            BlockListSpec("b", INNER),
            Value.list([], STRING),
            "the value cannot be written back with this spec: it would be read back as "
            "list(object({v=number})), not list(string)",
        ),
        (
            ObjectSpec({"m": BlockMapSpec("b", INNER, label_names=["a", "b"])}),
            Value.object({"m": Value.map({}, MapType(INNER.implied_type()))}),
            # As in the reference, no blocks decode as a map of the nested type.
            "the value cannot be written back with this spec: it would be read back as "
            "map(object({v=number})) at .m, not map(map(object({v=number})))",
        ),
    ],
)
def test_what_cannot_be_written_is_refused(spec: Spec, value: Value, message: str) -> None:
    with pytest.raises(ValueError) as info:
        encode(value, spec)
    assert str(info.value) == message


def test_what_json_cannot_hold_is_refused() -> None:
    with pytest.raises(ValueError) as info:
        encode(Value.map({"//": S("x")}), BlockAttrsSpec("env", STRING), syntax="json")
    assert str(info.value) == (
        'BlockAttrsSpec "env" at ["//"]: the JSON syntax reads a property "//" as a comment'
    )


class OwnLiteral(LiteralSpec):
    """A subclass of a known kind is written as that kind."""


class Own(Spec):
    """A spec kind of the application's own."""

    def decode_content(self, content: Any, labels: Any, ctx: Any) -> Any:
        raise NotImplementedError

    def implied_type(self) -> Type:
        return STRING

    def value_range(self, content: Any, labels: Any) -> Any:
        raise NotImplementedError


def test_specs_that_cannot_be_written_raise_type_error() -> None:
    assert encode(S("x"), OwnLiteral(S("x"))) == ""
    with pytest.raises(TypeError) as type_info:
        encode(Value.object({"a": S("x")}), ObjectSpec({"a": Own()}))
    assert str(type_info.value) == (
        "Own: values of this spec kind cannot be written back "
        "(encode knows the spec kinds of hcldecode.hcldec)"
    )
    with pytest.raises(TypeError) as info:
        encode(S("x"), ObjectSpec({"n": BlockLabelSpec(0, "n")}))
    assert str(info.value) == "BlockLabelSpec used outside the nested spec of a block spec"
    with pytest.raises(ValueError) as value_info:
        encode(S("x"), AttrSpec("a", STRING), syntax="yaml")  # type: ignore[arg-type]
    assert str(value_info.value) == "syntax must be 'native' or 'json', not 'yaml'"


# --------------------------------------------------------------------------- round trips

TRICKY_TEXT = ["", "${x}", "%{if a}", "$${", "%%{", "$", "a\\b", 'q"', "\n\t", "é", "\U0001f600"]


def texts() -> st.SearchStrategy[str]:
    """NFC text (as HCL keeps it), with the characters that need escaping."""
    return st.one_of(
        st.sampled_from(TRICKY_TEXT),
        st.text(max_size=6).filter(lambda s: unicodedata.normalize("NFC", s) == s),
    )


NUMBERS = st.one_of(
    st.integers(-(10**30), 10**30).map(N),
    st.decimals(allow_nan=False, allow_infinity=False, places=6).map(N),
)
PRIMITIVES = {STRING: texts().map(S), NUMBER: NUMBERS, BOOL: st.booleans().map(Value.bool)}
KEYS = st.one_of(st.sampled_from(["a", "b c", "for", "true", "${k}", "//", ""]), texts())


def types(depth: int) -> st.SearchStrategy[Type]:
    """Attribute types without the dynamic pseudo-type."""
    primitive = st.sampled_from([STRING, NUMBER, BOOL])
    if depth == 0:
        return primitive
    inner = types(depth - 1)
    return st.one_of(
        primitive,
        inner.map(ListType),
        primitive.map(SetType),
        inner.map(MapType),
        st.dictionaries(st.sampled_from(["a", "b", "for"]), inner, max_size=2).map(ObjectType),
        st.lists(inner, max_size=2).map(TupleType),
    )


def values_of(t: Type) -> st.SearchStrategy[Value]:
    """Values of type ``t``, nulls included; literal values for ``any``."""
    if t == DYNAMIC:
        return st.recursive(
            st.one_of(st.just(Value.null(DYNAMIC)), *PRIMITIVES.values()),
            lambda inner: st.one_of(
                st.lists(inner, max_size=3).map(Value.tuple),
                st.dictionaries(KEYS, inner, max_size=3).map(Value.object),
            ),
            max_leaves=6,
        )
    return st.one_of(st.just(Value.null(t)), present_values_of(t))


def present_values_of(t: Type) -> st.SearchStrategy[Value]:
    """Values of type ``t`` other than null (their elements may be null)."""
    if t in PRIMITIVES:
        return PRIMITIVES[t]
    if isinstance(t, ListType | SetType):
        make = Value.list if isinstance(t, ListType) else Value.set
        element = t.element
        return st.lists(values_of(element), max_size=3).map(lambda es: make(es, element))
    if isinstance(t, MapType):
        element = t.element
        entries = st.dictionaries(KEYS, values_of(element), max_size=3)
        return entries.map(lambda d: Value.map(d, element))
    if isinstance(t, ObjectType):
        fields = st.fixed_dictionaries({k: values_of(a) for k, a in t.attributes.items()})
        return fields.map(Value.object)
    assert isinstance(t, TupleType)
    return st.tuples(*map(values_of, t.elements)).map(Value.tuple)


class Names:
    """Fresh attribute and block type names for one body."""

    def __init__(self, draw: st.DrawFn) -> None:
        self.draw = draw
        self.used: set[str] = set()

    def fresh(self) -> str:
        name = self.draw(st.sampled_from(["a", "b", "for", "true", "x-y", "null", "in"]))
        while name in self.used:
            name += "_"
        self.used.add(name)
        return name


IDENTITY = parse_expression("nested")[0]
NO_PROBLEMS: Callable[[Value], list[Diagnostic]] = lambda _v: []  # noqa: E731


@st.composite
def body_specs(draw: st.DrawFn, depth: int, *, any_type: bool, labels: bool) -> Spec:
    """An object spec of a body: its children read attributes and blocks of it."""
    names = Names(draw)
    count = draw(st.integers(0, 3))
    children = {
        f"r{i}": draw(child_specs(names, depth, any_type=any_type, labels=labels))
        for i in range(count)
    }
    if labels and draw(st.booleans()):
        children["label"] = BlockLabelSpec(0, "name")
    return ObjectSpec(children)


@st.composite
def child_specs(draw: st.DrawFn, names: Names, depth: int, *, any_type: bool, labels: bool) -> Spec:
    kinds = ["attr", "default", "literal", "transform", "validate", "attrs"]
    if depth > 0:
        kinds += ["block", "list", "set", "map", "nested_tuple"]
        if any_type:  # their values have the dynamic pseudo-type
            kinds += ["tuple", "object"]
    kind = draw(st.sampled_from(kinds))
    required = draw(st.booleans())
    attr_type = draw(st.one_of(types(2), st.just(DYNAMIC)) if any_type else types(2))
    if kind == "attr":
        return AttrSpec(names.fresh(), attr_type, required)
    if kind == "default":
        t = draw(types(1))
        fallback = draw(present_values_of(t))
        return DefaultSpec(AttrSpec(names.fresh(), t), LiteralSpec(fallback))
    if kind == "literal":
        return LiteralSpec(draw(values_of(draw(types(1)))))
    if kind == "transform":
        return TransformExprSpec(AttrSpec(names.fresh(), attr_type, required), IDENTITY)
    if kind == "validate":
        return ValidateSpec(AttrSpec(names.fresh(), attr_type, required), NO_PROBLEMS)
    if kind == "attrs":
        return BlockAttrsSpec(names.fresh(), draw(types(1)), required)
    if kind == "nested_tuple":
        return TupleSpec([draw(child_specs(names, depth - 1, any_type=any_type, labels=labels))])
    # A collection's elements share one type, so their specs have no attributes of type any.
    same_type = kind in ("list", "set", "map")
    nested = draw(body_specs(depth - 1, any_type=any_type and not same_type, labels=True))
    type_name = names.fresh()
    if kind == "block":
        return BlockSpec(type_name, nested, required)
    if kind in ("list", "set", "tuple"):
        make = {"list": BlockListSpec, "set": BlockSetSpec, "tuple": BlockTupleSpec}[kind]
        low = draw(st.integers(0, 2))
        high = draw(st.sampled_from([0, low, low + 1]))
        return make(type_name, nested, low, high)
    # An empty block map of two levels has another type than a full one (as in the
    # reference), so elements that share one type have maps of one level.
    label_names = ["k"] * draw(st.integers(1, 2 if any_type else 1))
    make_keyed = BlockMapSpec if kind == "map" else BlockObjectSpec
    return make_keyed(type_name, nested, label_names=label_names)


def values_for(spec: Spec) -> st.SearchStrategy[Value]:
    """Values ``spec`` can decode."""
    if isinstance(spec, ObjectSpec):
        fields = st.fixed_dictionaries({k: values_for(c) for k, c in spec.specs.items()})
        return fields.map(Value.object)
    if isinstance(spec, TupleSpec):
        return st.tuples(*map(values_for, spec.specs)).map(Value.tuple)
    if isinstance(spec, AttrSpec):
        return values_of(spec.type)
    if isinstance(spec, DefaultSpec):
        fallback = spec.default
        assert isinstance(fallback, LiteralSpec)
        return values_for(spec.primary).map(lambda v: fallback.value if v.is_null else v)
    if isinstance(spec, LiteralSpec):
        return st.just(spec.value)
    if isinstance(spec, TransformExprSpec | ValidateSpec):
        return values_for(spec.wrapped)
    if isinstance(spec, BlockLabelSpec):
        return texts().map(S)
    if isinstance(spec, BlockAttrsSpec):
        element = spec.element_type
        entries = st.dictionaries(st.sampled_from(["a", "b", "for", "x-y"]), values_of(element))
        present = entries.map(lambda d: Value.map(d, element))
        return (
            present if spec.required else st.one_of(st.just(Value.null(MapType(element))), present)
        )
    nested = values_for(spec.nested)  # type: ignore[attr-defined]
    element_type = spec.nested.implied_type()  # type: ignore[attr-defined]
    if isinstance(spec, BlockSpec):
        return nested if spec.required else st.one_of(st.just(Value.null(element_type)), nested)
    if isinstance(spec, BlockListSpec | BlockSetSpec | BlockTupleSpec):
        high = spec.max_items or spec.min_items + 2
        unique = isinstance(spec, BlockSetSpec)  # equal elements are one block
        elements = st.lists(nested, min_size=spec.min_items, max_size=high, unique=unique)
        if isinstance(spec, BlockTupleSpec):
            return elements.map(Value.tuple)
        make = Value.list if isinstance(spec, BlockListSpec) else Value.set
        return elements.map(lambda es: make(es, element_type))
    assert isinstance(spec, BlockMapSpec | BlockObjectSpec)
    return keyed_values(
        nested, element_type, len(spec.label_names), as_map=isinstance(spec, BlockMapSpec)
    )


def keyed_values(
    leaves: st.SearchStrategy[Value], leaf_type: Type, depth: int, *, as_map: bool
) -> st.SearchStrategy[Value]:
    """Nested maps or objects, ``depth`` levels of them, as blocks by their labels decode:
    only the outermost may be empty (a map of the leaves' type when it is, as in the
    reference)."""
    level, level_type = leaves, leaf_type
    for outer in (i == depth - 1 for i in range(depth)):
        entries = st.dictionaries(KEYS, level, min_size=0 if outer else 1, max_size=2)
        if not as_map:
            level = entries.map(Value.object)
            continue
        element_type = level_type
        level = entries.map(
            lambda d, t=element_type: Value.map(d, t) if d else Value.map({}, leaf_type)
        )
        level_type = MapType(level_type)
    return level


@settings(max_examples=300, deadline=None)
@given(st.data(), st.sampled_from(["native", "json"]), st.booleans())
def test_encoded_values_decode_back_equal(
    data: st.DataObject, syntax: str, with_context: bool
) -> None:
    spec = data.draw(body_specs(2, any_type=True, labels=False), label="spec")
    value = data.draw(values_for(spec), label="value")
    ctx = EvalContext() if with_context else None
    text = encode(value, spec, ctx, syntax=syntax)  # type: ignore[arg-type]
    assert decoded(text, spec, ctx, syntax) == value
