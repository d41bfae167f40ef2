"""Reading .hcldec spec files, including their mistakes (with ranges)."""

from __future__ import annotations

import pytest

from hcldecode import json as hcljson
from hcldecode.hcldec import (
    AttrSpec,
    BlockAttrsSpec,
    BlockListSpec,
    BlockMapSpec,
    BlockSetSpec,
    BlockSpec,
    DefaultSpec,
    LiteralSpec,
    ObjectSpec,
    SpecFile,
    TransformExprSpec,
    TupleSpec,
    decode,
    implied_type,
    read_spec,
)
from hcldecode.model import Diagnostic, Pos, Range, Severity
from hcldecode.native import parse_config
from hcldecode.values import (
    BOOL,
    DYNAMIC,
    NUMBER,
    STRING,
    ListType,
    MapType,
    ObjectType,
    SetType,
    TupleType,
    Value,
)


def read(src: str) -> tuple[SpecFile, list[Diagnostic]]:
    file, diags = parse_config(src, "s.hcldec")
    assert not diags
    return read_spec(file.body)


def rng(*pos: int) -> Range:
    """A range in the test file from (line, column, byte) to (line, column, byte)."""
    return Range("s.hcldec", Pos(*pos[:3]), Pos(*pos[3:]))


def errors(src: str) -> list[tuple[str, str, Range | None]]:
    _spec, diags = read(src)
    return [(d.summary, d.detail, d.subject) for d in diags]


def test_every_spec_block() -> None:
    spec_file, diags = read(
        """
object {
  attr "a" {
    type     = list(string)
    required = true
  }
  attr "b" { name = "bee" }
  array "c" {
    literal { value = 1 }
    attr { name = "c" }
  }
  block "d" {
    required = true
    object {}
  }
  block_list "e" {
    min_items = 1
    max_items = 2
    attr {
      name = "x"
      type = number
    }
  }
  block_set "f" {
    block_type = "eff"
    attr {
      name = "x"
      type = bool
    }
  }
  block_map "g" {
    labels = ["k"]
    attr {
      name = "x"
      type = map(number)
    }
  }
  block_attrs "h" { element_type = set(string) }
  default "i" {
    attr { name = "i" }
    literal { value = "z" }
  }
  transform "j" {
    attr {
      name = "j"
      type = number
    }
    result = nested + 1
  }
}
"""
    )
    assert diags == []
    root = spec_file.root
    assert isinstance(root, ObjectSpec)
    specs = root.specs
    a = specs["a"]
    assert isinstance(a, AttrSpec) and (a.name, a.type, a.required) == ("a", ListType(STRING), True)
    assert isinstance(specs["b"], AttrSpec) and specs["b"].name == "bee"
    assert specs["b"].type == DYNAMIC
    assert isinstance(specs["c"], TupleSpec)
    assert isinstance(specs["d"], BlockSpec) and specs["d"].required
    e = specs["e"]
    assert isinstance(e, BlockListSpec) and (e.min_items, e.max_items) == (1, 2)
    f = specs["f"]
    assert isinstance(f, BlockSetSpec) and f.type_name == "eff"
    g = specs["g"]
    assert isinstance(g, BlockMapSpec) and g.label_names == ("k",)
    h = specs["h"]
    assert isinstance(h, BlockAttrsSpec) and h.element_type == SetType(STRING)
    assert isinstance(specs["i"], DefaultSpec)
    assert isinstance(specs["j"], TransformExprSpec)
    assert implied_type(root) == ObjectType(
        {
            "a": ListType(STRING),
            "b": DYNAMIC,
            "c": TupleType([NUMBER, DYNAMIC]),
            "d": ObjectType({}),
            "e": ListType(NUMBER),
            "f": SetType(BOOL),
            "g": MapType(MapType(NUMBER)),
            "h": MapType(SetType(STRING)),
            "i": DYNAMIC,
            "j": NUMBER,
        }
    )


def test_type_expressions() -> None:
    spec_file, diags = read(
        """
array {
  attr {
    name = "a"
    type = tuple([string, any])
  }
  attr {
    name = "b"
    type = object({x = number, y = optional(string)})
  }
  attr {
    name = "c"
    type = null
  }
}
"""
    )
    assert diags == []
    assert implied_type(spec_file.root) == TupleType(
        [
            TupleType([STRING, DYNAMIC]),
            ObjectType({"x": NUMBER, "y": STRING}, optional=["y"]),
            DYNAMIC,
        ]
    )


def test_optional_attribute_is_null_when_absent() -> None:
    spec_file, _ = read(
        'attr {\n  name = "a"\n  type = object({x = number, y = optional(string)})\n}\n'
    )
    body = parse_config("a = { x = 1 }\n", "i.hcl")[0].body
    value, diags = decode(body, spec_file.root)
    assert diags == []
    assert value == Value.object({"x": Value.number(1), "y": Value.null(STRING)})


def test_variables_and_functions() -> None:
    spec_file, diags = read(
        """
variables {
  a = upper("x")
  b = [1, 2]
}
function "add" {
  params = [x, y]
  variadic_param = more
  result = x + y + length(more)
}
literal { value = 1 }
"""
    )
    assert diags == []
    assert dict(spec_file.variables) == {
        "a": Value.string("X"),
        "b": Value.tuple([Value.number(1), Value.number(2)]),
    }
    add = spec_file.functions["add"]
    assert add.call([Value.number(1), Value.number(2), Value.bool(True)]) == Value.number(4)
    assert spec_file.eval_context() is not None
    assert read("literal { value = 1 }\n")[0].eval_context() is None


def test_missing_root() -> None:
    assert errors("variables {}\n") == [
        (
            "Missing spec block",
            "A spec file must have exactly one root block specifying how to map to a JSON value.",
            rng(1, 1, 0, 1, 1, 0),
        )
    ]


def test_two_roots() -> None:
    assert errors("literal { value = 1 }\nliteral { value = 2 }\n") == [
        (
            "Extraneous spec block",
            "A spec file must have exactly one root block specifying how to map to a JSON value.",
            rng(2, 1, 22, 2, 8, 29),
        )
    ]


def test_attr_without_name() -> None:
    assert errors("array {\n  attr { type = string }\n}\n") == [
        (
            "Missing name in attribute spec",
            "The name attribute is required, to specify the attribute name that is expected "
            "in an input HCL file.",
            rng(2, 10, 17, 2, 10, 17),
        )
    ]


def test_unsuitable_argument_value() -> None:
    assert errors(
        'object {\n  block_list "b" {\n    min_items = 1.5\n    literal { value = 1 }\n  }\n}\n'
    ) == [
        (
            "Unsuitable value type",
            "Unsuitable value: value must be a whole number, between -9223372036854775808 and "
            "9223372036854775807",
            rng(3, 17, 44, 3, 20, 47),
        ),
    ]


def test_block_map_errors() -> None:
    assert errors('object {\n  block_map "x" {\n    labels = []\n    object {}\n  }\n}\n') == [
        (
            "Invalid block label name list",
            "A block_map must have at least one label specified.",
            rng(2, 17, 25, 2, 17, 25),
        )
    ]
    source = 'object {\n  block_map "x" {\n    labels = ["a"]\n    attr { name = "q" }\n  }\n}\n'
    assert errors(source) == [
        (
            "Invalid block_map spec",
            "A block_map spec may not contain attributes with type 'any'.",
            rng(2, 17, 25, 2, 17, 25),
        )
    ]


def test_nested_spec_count() -> None:
    assert errors('object {\n  block "x" {\n  }\n}\n') == [
        (
            "Missing spec block",
            "A block spec must have exactly one child spec specifying how to decode block "
            "contents.",
            rng(2, 13, 21, 2, 13, 21),
        )
    ]
    assert errors("transform {\n  result = nested\n}\n") == [
        (
            "Invalid transform spec",
            "A transform spec block must have exactly one nested spec block.",
            rng(1, 11, 10, 1, 11, 10),
        )
    ]


def test_type_expression_errors() -> None:
    assert errors('object {\n  attr "a" { type = "x" }\n}\n') == [
        ("Invalid type expression", "A type is required, not string.", None)
    ]
    assert errors('object {\n  attr "a" { type = foo }\n}\n') == [
        (
            "Unknown variable",
            'There is no variable named "foo". Did you mean "bool"?',
            rng(2, 21, 29, 2, 24, 32),
        ),
        ("Invalid type expression", "A type is required, not dynamic.", None),
    ]


def test_useless_default_is_a_warning() -> None:
    spec_file, diags = read("default {\n  literal { value = 1 }\n}\n")
    assert isinstance(spec_file.root, LiteralSpec)
    assert spec_file.root.value == Value.number(1)
    assert [(d.severity, d.summary, d.subject) for d in diags] == [
        (Severity.WARNING, "Useless default block", rng(2, 3, 12, 2, 10, 19))
    ]


def test_function_block_errors() -> None:
    assert errors(
        'function "f" {\n  params = [a, "b"]\n  result = 1\n}\n'
        'function "h" {\n  params = []\n  variadic_param = "z"\n  result = 1\n}\n'
        "literal { value = 1 }\n"
    ) == [
        (
            "Invalid param element",
            "Each parameter name must be an identifier.",
            rng(2, 16, 30, 2, 19, 33),
        ),
        (
            "Invalid variadic_param",
            "The variadic parameter name must be an identifier.",
            rng(7, 20, 98, 7, 23, 101),
        ),
    ]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        ("f(null)", 'Invalid value for "a" parameter: argument must not be null.'),
        (
            'f("x")',
            'Call to function "f" failed: s.hcldec:3,12-13: Invalid operand; Unsuitable value '
            "for left operand: a number is required..",
        ),
    ],
)
def test_user_function_failures(call: str, message: str) -> None:
    spec_file, _ = read(
        'function "f" {\n  params = [a]\n  result = a + 1\n}\nattr { name = "x" }\n'
    )
    body = parse_config(f"x = {call}\n", "i.hcl")[0].body
    _value, diags = decode(body, spec_file.root, spec_file.eval_context())
    assert [d.detail for d in diags] == [message]


OPTIONAL_SPEC = """
object {
  attr "service" {
    type = object({
      name = string
      port = optional(number, 80)
      tls  = optional(object({
        enabled = optional(bool, true)
        ciphers = optional(list(string), ["A"])
      }), {})
    })
  }
  attr "rules" {
    type = list(object({action = optional(string, "allow")}))
  }
  block_attrs "limits" {
    element_type = object({max = optional(number, 10)})
  }
}
"""


def decoded(spec_src: str, input_src: str, filename: str = "i.hcl") -> tuple[Value, list[str]]:
    spec_file, diags = read(spec_src)
    assert diags == []
    parse = hcljson.parse if filename.endswith(".json") else parse_config
    body = parse(input_src, filename)[0].body
    value, diags = decode(body, spec_file.root)
    return value, [d.detail for d in diags]


def test_optional_defaults_are_applied() -> None:
    value, diags = decoded(
        OPTIONAL_SPEC,
        'service = { name = "web", tls = { ciphers = null } }\n'
        'rules = [{}, { action = "deny" }, { action = null }]\n'
        "limits {\n  cpu = {}\n  mem = { max = 2 }\n}\n",
    )
    assert diags == []
    tls = Value.object({"ciphers": Value.list([Value.string("A")]), "enabled": Value.bool(True)})
    assert value == Value.object(
        {
            "service": Value.object(
                {"name": Value.string("web"), "port": Value.number(80), "tls": tls}
            ),
            "rules": Value.list(
                [Value.object({"action": Value.string(a)}) for a in ("allow", "deny", "allow")]
            ),
            "limits": Value.map(
                {
                    "cpu": Value.object({"max": Value.number(10)}),
                    "mem": Value.object({"max": Value.number(2)}),
                }
            ),
        }
    )


def test_optional_defaults_with_json_input() -> None:
    value, diags = decoded(
        OPTIONAL_SPEC, '{"service": {"name": "api", "port": 8080}, "limits": {}}', "i.json"
    )
    assert diags == []
    assert value.get("service") == Value.object(
        {
            "name": Value.string("api"),
            "port": Value.number(8080),
            "tls": Value.object(
                {"ciphers": Value.list([Value.string("A")]), "enabled": Value.bool(True)}
            ),
        }
    )
    assert value.get("rules") == Value.null(ListType(ObjectType({"action": STRING})))
    assert value.get("limits") == Value.map({}, ObjectType({"max": NUMBER}, ["max"]))


def test_absent_attribute_with_defaults_is_null() -> None:
    value, diags = decoded(OPTIONAL_SPEC, "")
    assert diags == []
    assert value.get("service").is_null
    assert value.get("limits").is_null


def test_value_that_does_not_fit_after_defaults() -> None:
    _value, diags = decoded(OPTIONAL_SPEC, 'service = { name = "a", port = "x" }\n')
    assert diags == ['Inappropriate value for attribute "service": a number is required.']


def test_type_expressions_with_optional_are_read_statically() -> None:
    assert errors(
        'object {\n  attr "a" {\n    type = object({x = optional(number, "eighty"), '
        "y = optional(string, 1, 2)})\n  }\n}\n"
    ) == [
        (
            "Invalid default value for optional attribute",
            "This default value is not compatible with the attribute's type constraint: "
            "a number is required.",
            rng(3, 41, 62, 3, 49, 70),
        ),
        (
            "Invalid type specification",
            "Optional attribute modifier expects at most two arguments: the attribute type, "
            "and a default value.",
            rng(3, 64, 85, 3, 78, 99),
        ),
    ]
    assert errors('object {\n  attr "a" { type = list(optional(string)) }\n}\n') == [
        (
            "Invalid type specification",
            'Keyword "optional" is valid only as a modifier for object type attributes.',
            rng(2, 26, 34, 2, 34, 42),
        )
    ]


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        # Evaluated as the reference evaluates them: not type expressions
        # to the static rules, but they give a type.
        ('object({"x" = number})', ObjectType({"x": NUMBER})),
        ("(string)", STRING),
        ("true ? list(string) : number", ListType(STRING)),
        ("null", DYNAMIC),
    ],
)
def test_type_expressions_without_optional_are_evaluated(src: str, expected: object) -> None:
    spec_file, diags = read(f'attr {{\n  name = "a"\n  type = {src}\n}}\n')
    assert diags == []
    assert implied_type(spec_file.root) == expected
