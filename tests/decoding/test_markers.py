"""Every marker and every block shape, in both syntaxes, with exact values and ranges."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Annotated

import attrs
import pytest
from decoding_helpers import Syntax, problems, span

import hcldecode as hcl
from hcldecode.model import AttributeSchema, BlockHeaderSchema, BodySchema

# --------------------------------------------------------------------------- attr, label, ranges


@attrs.define
class Endpoint:
    port_or_start: Annotated[hcl.Range, hcl.attr_range("port", part="value")]
    kind: Annotated[str, hcl.label()]
    name: Annotated[str, hcl.label("endpoint name")]
    port: Annotated[int, hcl.attr("listen_port")] = 80
    header: Annotated[hcl.Range | None, hcl.def_range()] = None
    type_at: Annotated[hcl.Range | None, hcl.type_range()] = None
    kind_at: Annotated[hcl.Range | None, hcl.label_range("kind")] = None
    name_at: Annotated[hcl.Range | None, hcl.label_range("name")] = None
    port_all: Annotated[hcl.Range | None, hcl.attr_range("port")] = None
    port_name: Annotated[hcl.Range | None, hcl.attr_range("port", part="name")] = None
    port_value: Annotated[hcl.Range | None, hcl.attr_range("port", part="value")] = None


@attrs.define
class Server:
    endpoints: Annotated[list[Endpoint], hcl.block("endpoint")]
    header: Annotated[hcl.Range | None, hcl.def_range()] = None
    type_at: Annotated[hcl.Range, hcl.type_range()] = attrs.field(default=None)


ENDPOINTS_NATIVE = """\
endpoint "http" "main" {
  listen_port = 8080
}
endpoint "grpc" "aux" {}
"""

ENDPOINTS_JSON = """\
{
  "endpoint": {
    "http": {"main": {"listen_port": 8080}},
    "grpc": {"aux": {}}
  }
}
"""


def _str(r: hcl.Range | None) -> str | None:
    return None if r is None else str(r)


def test_ranges_in_native_syntax() -> None:
    text = ENDPOINTS_NATIVE
    server = hcl.loads(text, Server, filename="t.hcl")
    main, aux = server.endpoints
    assert (main.kind, main.name, main.port) == ("http", "main", 8080)
    assert (aux.kind, aux.name, aux.port) == ("grpc", "aux", 80)
    assert _str(main.header) == span(text, 'endpoint "http" "main"')
    assert _str(main.type_at) == span(text, "endpoint")
    assert _str(main.kind_at) == span(text, '"http"')
    assert _str(main.name_at) == span(text, '"main"')
    assert _str(main.port_all) == span(text, "listen_port = 8080")
    assert _str(main.port_name) == span(text, "listen_port")
    assert _str(main.port_value) == span(text, "8080")
    assert _str(main.port_or_start) == span(text, "8080")
    # An absent attribute: None, or the body's start (its "{") when the field cannot be None.
    assert (aux.port_all, aux.port_name, aux.port_value) == (None, None, None)
    assert _str(aux.port_or_start) == span(text, "{", 1, empty=True)
    assert _str(aux.header) == span(text, 'endpoint "grpc" "aux"')
    assert _str(aux.kind_at) == span(text, '"grpc"')


def test_ranges_in_json_syntax() -> None:
    text = ENDPOINTS_JSON
    server = hcl.loads(text, Server, filename="t.hcl", syntax="json")
    main, aux = server.endpoints
    assert (main.kind, main.name, main.port) == ("http", "main", 8080)
    assert (aux.kind, aux.name, aux.port) == ("grpc", "aux", 80)
    # A JSON block's header is the "{" of its body; its type is the property name.
    assert _str(main.header) == span(text, '{"listen_port"', part="{")
    assert _str(main.type_at) == span(text, '"endpoint"')
    assert _str(main.kind_at) == span(text, '"http"')
    assert _str(main.name_at) == span(text, '"main"')
    assert _str(main.port_all) == span(text, '"listen_port": 8080')
    assert _str(main.port_name) == span(text, '"listen_port"')
    assert _str(main.port_value) == span(text, "8080")
    # A JSON body's missing-item range is its closing brace.
    assert (aux.port_all, aux.port_name, aux.port_value) == (None, None, None)
    assert _str(aux.port_or_start) == span(text, '"aux": {}', part="}")
    assert _str(aux.type_at) == span(text, '"endpoint"')
    assert _str(aux.name_at) == span(text, '"aux"')


@pytest.mark.parametrize(("text", "syntax"), [("", "native"), ("{}", "json")])
def test_block_ranges_on_the_top_level_class(text: str, syntax: Syntax) -> None:
    # The top-level body has no header: None, or the body's missing-item range.
    server = hcl.loads(text, Server, filename="t.hcl", syntax=syntax)
    assert server.header is None
    expected = "t.hcl:1,1-1" if syntax == "native" else "t.hcl:1,2-3"
    assert str(server.type_at) == expected


@pytest.mark.parametrize(
    ("text", "syntax", "expected"),
    [
        (
            'endpoint "http" {}\n',
            "native",
            (
                "Missing endpoint name for endpoint",
                "All endpoint blocks must have 2 labels (kind, endpoint name).",
                "t.hcl:1,17-18",
            ),
        ),
        (
            'endpoint "a" "b" "c" {}\n',
            "native",
            (
                "Extraneous label for endpoint",
                "Only 2 labels (kind, endpoint name) are expected for endpoint blocks.",
                "t.hcl:1,18-21",
            ),
        ),
        (
            '{"endpoint": {"http": {}}}',
            "json",
            (
                "Missing block label",
                "At least one object property is required, whose name represents the "
                "endpoint block's endpoint name.",
                "t.hcl:1,23-24",
            ),
        ),
        (
            '{"endpoint": {"http": {"main": 8080}}}',
            "json",
            (
                "Incorrect JSON value type",
                "Either a JSON object or a JSON array is required, representing the contents of "
                'one or more "endpoint" blocks.',
                "t.hcl:1,32-36",
            ),
        ),
    ],
)
def test_label_errors_use_the_label_names(
    text: str, syntax: Syntax, expected: tuple[str, str, str]
) -> None:
    assert problems(text, Server, syntax=syntax) == [expected]


def test_attr_marker_renames_and_the_field_name_is_unknown() -> None:
    text = 'endpoint "a" "b" {\n  port = 1\n}\n'
    assert problems(text, Server) == [
        (
            "Unsupported argument",
            'An argument named "port" is not expected here.',
            span(text, "port"),
        )
    ]


# --------------------------------------------------------------------------- block shapes


@attrs.define
class Unit:
    v: int = 0


@attrs.define
class Tagged:
    name: Annotated[str, hcl.label()]
    v: int = 0


@attrs.define
class Shapes:
    one: Annotated[Unit, hcl.block()]
    opt: Annotated[Unit | None, hcl.block()] = None
    kept: Annotated[Unit | None, hcl.block()] = attrs.Factory(lambda: Unit(9))
    items: Annotated[list[Tagged], hcl.block("item")] = attrs.Factory(list)
    kept_items: Annotated[list[Unit], hcl.block()] = attrs.Factory(lambda: [Unit(8)])
    pair: Annotated[tuple[Unit, ...], hcl.block(max_items=2)] = ()
    by_name: Annotated[dict[str, Tagged], hcl.block("named", min_items=1)] = attrs.Factory(dict)
    kept_names: Annotated[dict[str, Tagged], hcl.block()] = attrs.Factory(
        lambda: {"k": Tagged("k")}
    )


SHAPES = [
    (
        """\
one { v = 1 }
opt { v = 2 }
item "b" { v = 3 }
item "a" {}
item "b" {}
pair {}
pair { v = 4 }
named "x" { v = 5 }
named "y" {}
""",
        "native",
    ),
    (
        """\
{
  "one": {"v": 1},
  "opt": {"v": 2},
  "item": [{"b": {"v": 3}}, {"a": {}}, {"b": {}}],
  "pair": [{}, {"v": 4}],
  "named": {"x": {"v": 5}, "y": {}}
}
""",
        "json",
    ),
]


@pytest.mark.parametrize(("text", "syntax"), SHAPES)
def test_every_block_shape(text: str, syntax: Syntax) -> None:
    assert hcl.loads(text, Shapes, syntax=syntax) == Shapes(
        one=Unit(1),
        opt=Unit(2),
        kept=Unit(9),
        items=[Tagged("b", 3), Tagged("a"), Tagged("b")],
        kept_items=[Unit(8)],
        pair=(Unit(), Unit(4)),
        by_name={"x": Tagged("x", 5), "y": Tagged("y")},
        kept_names={"k": Tagged("k")},
    )


@pytest.mark.parametrize(
    ("text", "syntax"),
    [('one {}\nnamed "n" {}\n', "native"), ('{"one": {}, "named": {"n": {}}}', "json")],
)
def test_defaults_are_kept_when_there_are_no_blocks(text: str, syntax: Syntax) -> None:
    shapes = hcl.loads(text, Shapes, syntax=syntax)
    assert shapes == Shapes(one=Unit(), by_name={"n": Tagged("n")})
    assert (shapes.opt, shapes.kept, shapes.items, shapes.pair) == (None, Unit(9), [], ())


def test_block_errors_in_native_syntax() -> None:
    text = """\
opt {}
opt {}
pair {}
pair {}
pair {}
named "x" {}
named "x" {}
"""
    assert problems(text, Shapes) == [
        ("Missing one block", "A one block is required.", span(text, "opt", empty=True)),
        (
            "Duplicate opt block",
            f"Only one opt block is allowed. Another was defined at {span(text, 'opt')}.",
            span(text, "opt", 1),
        ),
        (
            "Too many pair blocks",
            'No more than 2 "pair" blocks are allowed.',
            span(text, "pair", 2),
        ),
        (
            "Duplicate named block",
            'A block for named "x" was already defined. The named labels must be unique.',
            span(text, 'named "x"', 1),
        ),
    ]


def test_block_errors_in_json_syntax() -> None:
    # In JSON a block's header is its body's "{", or the "[" of an array of bodies.
    text = '{"opt": [{}, {}], "pair": [{}, {}, {}], "named": [{"x": {}}, {"x": {}}]}'
    assert problems(text, Shapes, syntax="json") == [
        (
            "Duplicate opt block",
            f"Only one opt block is allowed. Another was defined at {span(text, '[')}.",
            span(text, "["),
        ),
        ("Too many pair blocks", 'No more than 2 "pair" blocks are allowed.', span(text, "[", 1)),
        (
            "Duplicate named block",
            'A block for named "x" was already defined. The named labels must be unique.',
            span(text, '"x": {}', 1, part="{"),
        ),
        ("Missing one block", "A one block is required.", span(text, "}", 9)),
    ]


def test_insufficient_blocks() -> None:
    text = "one {}\n"
    assert problems(text, Shapes) == [
        (
            "Insufficient named blocks",
            'At least 1 "named" block is required.',
            "t.hcl:1,1-1",
        )
    ]
    assert problems('{"one": {}}', Shapes, syntax="json") == [
        (
            "Insufficient named blocks",
            'At least 1 "named" block is required.',
            "t.hcl:1,11-12",
        )
    ]


def test_errors_inside_blocks_are_all_reported() -> None:
    text = 'one { v = "x" }\nnamed "a" { v = "y" }\nnamed "a" { w = 1 }\n'
    assert problems(text, Shapes) == [
        (
            "Unsuitable value type",
            "Unsuitable value: a number is required.",
            span(text, '"x"'),
        ),
        (
            "Unsuitable value type",
            "Unsuitable value: a number is required.",
            span(text, '"y"'),
        ),
        (
            "Duplicate named block",
            'A block for named "a" was already defined. The named labels must be unique.',
            span(text, 'named "a"', 1),
        ),
        (
            "Unsupported argument",
            'An argument named "w" is not expected here. Did you mean "v"?',
            span(text, "w"),
        ),
    ]


def test_block_type_mistaken_for_an_attribute_and_back() -> None:
    text = "one = 1\nopt {}\nv {}\n"

    @dataclasses.dataclass
    class Mixed:
        v: int = 0
        one: Annotated[Unit | None, hcl.block()] = None

    assert problems(text, Mixed) == [
        (
            "Unsupported argument",
            'An argument named "one" is not expected here. Did you mean to define a block of '
            'type "one"?',
            span(text, "one"),
        ),
        (
            "Unsupported block type",
            'Blocks of type "opt" are not expected here. Did you mean "one"?',
            span(text, "opt"),
        ),
        (
            "Unsupported block type",
            'Blocks of type "v" are not expected here. Did you mean to define argument "v"? If '
            "so, use the equals sign to assign it a value.",
            span(text, "v {", part="v"),
        ),
    ]


# --------------------------------------------------------------------------- special fields


@attrs.define
class PluginConfig:
    level: int = 0


@attrs.define
class Plugin:
    name: Annotated[str, hcl.label()]
    enabled: bool = True
    settings: Annotated[hcl.Body | None, hcl.remain()] = None


@attrs.define
class Lazy:
    name: Annotated[str, hcl.label()]
    whole: Annotated[hcl.Body, hcl.body()]
    enabled: bool = True


@attrs.define
class Host:
    plugins: Annotated[list[Plugin], hcl.block("plugin")] = attrs.Factory(list)
    lazies: Annotated[list[Lazy], hcl.block("lazy")] = attrs.Factory(list)
    when: hcl.Expression | None = None
    raw: hcl.Value | None = None
    required_expr: hcl.Expression = attrs.field(default=None)


HOST = [
    (
        """\
plugin "a" {
  enabled = false
  level   = 3
}
lazy "b" {
  enabled = true
}
when = ready && count > 1
raw  = { n = 1 }
""",
        "native",
    ),
    (
        """\
{
  "plugin": {"a": {"enabled": false, "level": 3}},
  "lazy": {"b": {"enabled": true}},
  "when": "${ready && count > 1}",
  "raw": {"n": 1}
}
""",
        "json",
    ),
]


@pytest.mark.parametrize(("text", "syntax"), HOST)
def test_remain_body_expression_and_value(text: str, syntax: Syntax) -> None:
    host = hcl.loads(text, Host, filename="t.hcl", syntax=syntax)
    (plugin,) = host.plugins
    assert (plugin.name, plugin.enabled) == ("a", False)
    # What the plugin class did not claim is decoded later, by another class.
    assert plugin.settings is not None
    assert hcl.decode(plugin.settings, PluginConfig) == PluginConfig(3)
    # body() holds the whole body: decoding it claims "enabled" again.
    (lazy,) = host.lazies
    assert lazy.enabled
    assert hcl.decode(lazy.whole, dataclasses.make_dataclass("E", [("enabled", bool)])).enabled
    # An expression is evaluated later, with the application's variables.
    assert host.when is not None
    ctx = hcl.EvalContext(variables={"ready": True, "count": 2})
    assert host.when.value(ctx) == (hcl.Value.bool(True), [])
    assert host.when.variables()[0].root_name == "ready"
    # A value is HCL's, unconverted.
    assert host.raw == hcl.Value.object({"n": hcl.Value.number(1)})


def test_remain_leftovers_are_still_checked_when_decoded() -> None:
    text = 'plugin "a" {\n  levle = 3\n}\n'
    host = hcl.loads(text, Host, filename="t.hcl")
    assert host.plugins[0].settings is not None
    with pytest.raises(hcl.DecodeError) as info:
        hcl.decode(host.plugins[0].settings, PluginConfig)
    assert [(d.summary, d.detail, str(d.subject)) for d in info.value.diagnostics] == [
        (
            "Unsupported argument",
            'An argument named "levle" is not expected here. Did you mean "level"?',
            span(text, "levle"),
        )
    ]


def test_a_body_field_keeps_the_block_for_later_decoding() -> None:
    # The body is checked when it is decoded, by the class that reads it.
    text = 'lazy "b" {\n  enabled = false\n  extra = 1\n}\n'
    host = hcl.loads(text, Host, filename="t.hcl")
    (lazy,) = host.lazies
    assert (lazy.name, lazy.enabled) == ("b", False)

    @attrs.define
    class Later:
        enabled: bool

    with pytest.raises(hcl.DecodeError) as info:
        hcl.decode(lazy.whole, Later)
    assert [(d.summary, d.detail, str(d.subject)) for d in info.value.diagnostics] == [
        (
            "Unsupported argument",
            'An argument named "extra" is not expected here.',
            span(text, "extra"),
        )
    ]


def test_a_remain_field_of_the_top_level_class() -> None:
    @attrs.define
    class Top:
        a: int = 0
        rest: Annotated[hcl.Body | None, hcl.remain()] = None

    top = hcl.loads("a = 1\nb = 2\nblk {}\n", Top)
    assert top.a == 1
    assert top.rest is not None
    content, diags = top.rest.content(
        BodySchema([AttributeSchema("b")], [BlockHeaderSchema("blk")])
    )
    assert not diags
    assert list(content.attributes) == ["b"]
    assert [b.type for b in content.blocks] == ["blk"]


def test_an_expression_field_is_not_evaluated_during_decoding() -> None:
    # In literal-only mode a variable is an error, but only when evaluated.
    host = hcl.loads("when = nosuch.thing\n", Host, filename="t.hcl")
    assert host.when is not None
    _, diags = host.when.value(None)
    assert [d.summary for d in diags] == ["Variables not allowed"]
    assert str(host.when.range) == "t.hcl:1,8-20"


def test_a_required_expression_field_must_be_present() -> None:
    @attrs.define
    class Needs:
        e: hcl.Expression

    assert problems("", Needs) == [
        (
            "Missing required argument",
            'The argument "e" is required, but no definition was found.',
            "t.hcl:1,1-1",
        )
    ]
    # Null is present: the expression is handed over unevaluated.
    needs = hcl.loads("e = null\n", Needs)
    assert needs.e.value(None)[0].is_null


@attrs.define
class WithDefaultBlock:
    one: Annotated[Unit, hcl.block()] = attrs.Factory(lambda: Unit(5))


def test_a_single_block_field_with_a_default_is_optional() -> None:
    assert hcl.loads("", WithDefaultBlock) == WithDefaultBlock(Unit(5))
    assert hcl.loads("one { v = 1 }\n", WithDefaultBlock) == WithDefaultBlock(Unit(1))
    text = "one {}\none {}\n"
    assert problems(text, WithDefaultBlock) == [
        (
            "Duplicate one block",
            f"Only one one block is allowed. Another was defined at {span(text, 'one')}.",
            span(text, "one", 1),
        )
    ]


# --------------------------------------------------------------------------- mistakes in a class


@attrs.define
class Tree:
    name: str = ""
    kids: list[Tree] = attrs.Factory(list)


@attrs.define
class ValueWithBlock:
    u: Annotated[Unit, hcl.block()]


@attrs.define
class UsesBlockClassAsValue:
    w: ValueWithBlock | None = None


@attrs.define
class CountedSingle:
    one: Annotated[Unit | None, hcl.block(max_items=1)] = None


@attrs.define
class CountsReversed:
    many: Annotated[list[Unit], hcl.block(min_items=3, max_items=2)]


@pytest.mark.parametrize(
    ("cls", "message"),
    [
        (
            CountedSingle,
            "CountedSingle.one: min_items and max_items apply to list, tuple and dict blocks",
        ),
        (CountsReversed, "CountsReversed.many: min_items is greater than max_items"),
        (
            Tree,
            "Tree.kids: Tree contains itself, and HCL's object types cannot (a class that "
            "contains itself can be decoded from nested blocks)",
        ),
        (
            UsesBlockClassAsValue,
            "UsesBlockClassAsValue.w: ValueWithBlock is used as an attribute value, so its "
            "fields must be plain attributes; 'u' is not",
        ),
    ],
)
def test_classes_that_cannot_be_mapped(cls: type, message: str) -> None:
    with pytest.raises(hcl.SchemaError) as info:
        hcl.loads("", cls)
    assert str(info.value) == message


@attrs.define
class NeedsLabels:
    one: Annotated[Tagged, hcl.block()]
    named: Annotated[list[Tagged], hcl.block(min_items=1)]


def test_a_block_left_out_for_its_labels_is_not_also_missing() -> None:
    text = "one {}\nnamed {}\n"
    assert problems(text, NeedsLabels) == [
        ("Missing name for one", "All one blocks must have 1 labels (name).", "t.hcl:1,5-6"),
        ("Missing name for named", "All named blocks must have 1 labels (name).", "t.hcl:2,7-8"),
    ]
    text = '{"one": {}, "named": {}}'
    assert problems(text, NeedsLabels, syntax="json") == [
        (
            "Missing block label",
            "At least one object property is required, whose name represents the one block's name.",
            "t.hcl:1,9-10",
        ),
        (
            "Missing block label",
            "At least one object property is required, whose name represents the named "
            "block's name.",
            "t.hcl:1,22-23",
        ),
    ]


def test_block_counts_are_worded_in_the_singular_for_one() -> None:
    assert problems("", NeedsLabels) == [
        ("Missing one block", "A one block is required.", "t.hcl:1,1-1"),
        ("Insufficient named blocks", 'At least 1 "named" block is required.', "t.hcl:1,1-1"),
    ]


# --------------------------------------------------------------------------- markers as values


def test_markers_are_immutable_values() -> None:
    markers = [
        hcl.attr("port", null="error", sensitive=True),
        hcl.block("listener", min_items=1, max_items=2, labels=["name"], or_attribute=True),
        hcl.label("endpoint name"),
        hcl.remain(),
        hcl.body(),
        hcl.def_range(),
        hcl.attr_range("port", part="name"),
    ]
    assert [repr(m) for m in markers] == [
        "AttrMarker(name='port', null='error', sensitive=True)",
        "BlockMarker(name='listener', min_items=1, max_items=2, labels=('name',), "
        "or_attribute=True)",
        "LabelMarker(name='endpoint name')",
        "RemainMarker()",
        "BodyMarker()",
        "RangeMarker(part='def', target=None)",
        "RangeMarker(part='attr_name', target='port')",
    ]
    for marker in markers:
        for same in (copy.copy(marker), copy.deepcopy(marker), pickle.loads(pickle.dumps(marker))):
            assert same == marker
            assert hash(same) == hash(marker)
    assert hcl.attr("port") != hcl.attr("port", sensitive=True)
    assert hcl.block(labels=("a",)) == hcl.block(labels=["a"])
    assert hcl.remain() != hcl.body()
    assert hcl.def_range() != hcl.type_range()
    assert len({hcl.attr("a"), hcl.attr("a"), hcl.attr("b")}) == 2
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        markers[0].name = "other"  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del markers[2].name  # type: ignore[misc]


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (lambda: hcl.attr(""), TypeError, "name must be a non-empty string, not ''"),
        (lambda: hcl.label(3), TypeError, "name must be a non-empty string, not 3"),
        (lambda: hcl.attr(null="never"), ValueError, "null must be 'absent', 'value' or 'error'"),
        (lambda: hcl.block(min_items=-1), TypeError, "min_items must be a non-negative int"),
        (lambda: hcl.block(max_items=True), TypeError, "max_items must be a non-negative int"),
        # the labels are converted before the other fields are checked, as attrs did
        (lambda: hcl.block("", labels="name"), TypeError, "labels must be a sequence"),
    ],
)
def test_marker_arguments_are_checked(make: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        make()  # type: ignore[operator]
