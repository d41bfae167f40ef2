"""JSON bodies: schema-driven content, blocks and labels, and every body diagnostic.

Diagnostics marked "ref" were checked against the reference ``hcldec`` on
the same input (with the same schema as :data:`SCHEMA`).
"""

from __future__ import annotations

import pytest
from json_test_helpers import diags_of, span

from hcldecode.json import JsonBody, parse
from hcldecode.model import AttributeSchema, BlockHeaderSchema, Body, BodySchema, merge_bodies
from hcldecode.native import parse_config
from hcldecode.values import Value

SCHEMA = BodySchema(
    [AttributeSchema("name", required=True), AttributeSchema("count")],
    [BlockHeaderSchema("service"), BlockHeaderSchema("resource", ["type", "name"])],
)
SERVICE = BodySchema([AttributeSchema("port")])
_INCORRECT = "Incorrect JSON value type"


def body_of(text: str, filename: str = "t.json") -> Body:
    file, diags = parse(text, filename)
    assert diags == []
    return file.body


def content_errors(
    text: str, schema: BodySchema = SCHEMA
) -> list[tuple[str, str, str | None, str | None]]:
    _, diags = body_of(text).content(schema)
    return diags_of(diags)


def literal(body: Body, name: str) -> Value:
    attrs, diags = body.just_attributes()
    assert diags == []
    value, diags = attrs[name].expr.value(None)
    assert diags == []
    return value


# --------------------------------------------------------------------------- content


def test_attributes_and_blocks_by_schema() -> None:
    text = (
        '{"name": "x", "//": "a comment", "count": 2,'
        ' "service": [{"port": 1}, {"port": 2}],'
        ' "resource": {"aws_instance": {"web": {"ami": "a"}, "db": [{"ami": "b"}]}}}'
    )
    content, diags = body_of(text).content(SCHEMA)
    assert diags == []
    assert list(content.attributes) == ["name", "count"]
    name = content.attributes["name"]
    assert span(name.name_range) == "1:2(1)-1:8(7)"
    assert span(name.range) == "1:2(1)-1:13(12)"
    assert name.expr.value(None) == (Value.string("x"), [])
    assert [(b.type, b.labels) for b in content.blocks] == [
        ("service", ()),
        ("service", ()),
        ("resource", ("aws_instance", "web")),
        ("resource", ("aws_instance", "db")),
    ]
    service, _, web, db = content.blocks
    # Blocks from an array share the array's bracket as their definition range.
    assert span(service.def_range) == "1:57(56)-1:58(57)"
    assert span(service.type_range) == "1:46(45)-1:55(54)"
    assert service.label_ranges == ()
    assert span(web.def_range) == "1:122(121)-1:123(122)"
    assert span(web.type_range) == "1:85(84)-1:95(94)"
    assert [span(r) for r in web.label_ranges] == ["1:98(97)-1:112(111)", "1:115(114)-1:120(119)"]
    assert span(db.def_range) == "1:142(141)-1:143(142)"
    assert literal(service.body, "port") == Value.number(1)
    assert literal(db.body, "ami") == Value.string("b")


def test_body_can_be_an_array_of_objects() -> None:
    body = body_of('[{"name": "x"}, {"count": 1}, {"service": {}}]')
    content, diags = body.content(SCHEMA)
    assert diags == []
    assert list(content.attributes) == ["name", "count"]
    assert [b.type for b in content.blocks] == ["service"]
    # An array body's missing-item range is its opening bracket.
    assert span(body.missing_item_range) == "1:1(0)-1:2(1)"


def test_labels_take_one_level_each_and_flatten_arrays() -> None:
    text = '{"name": "x", "resource": {"a": [{"b": {"ami": "1"}}, {"c": [{"ami": "2"}, {}]}]}}'
    content, diags = body_of(text).content(SCHEMA)
    assert diags == []
    assert [b.labels for b in content.blocks] == [("a", "b"), ("a", "c"), ("a", "c")]
    assert [literal(b.body, "ami") for b in content.blocks[:2]] == [
        Value.string("1"),
        Value.string("2"),
    ]


def test_blocks_come_in_source_order_across_label_levels() -> None:
    # ref: the reference's JSON body gives these blocks, in this order, with these ranges.
    text = (
        '{"name": "x", "resource": [{"a": {"b": {"n": 1}, "c": [{"n": 2}, {"n": 3}]}},'
        ' {"d": {"e": {"n": 4}}}], "service": {"n": 5}, "resource ": 0}'
    )
    schema = BodySchema(
        [AttributeSchema("name")],
        [BlockHeaderSchema("service"), BlockHeaderSchema("resource", ["type", "name"])],
    )
    body = body_of(text)
    content, _, diags = body.partial_content(schema)
    assert diags == []
    assert [(b.type, b.labels) for b in content.blocks] == [
        ("resource", ("a", "b")),
        ("resource", ("a", "c")),
        ("resource", ("a", "c")),
        ("resource", ("d", "e")),
        ("service", ()),
    ]
    assert [literal(b.body, "n") for b in content.blocks] == [Value.number(i) for i in range(1, 6)]
    assert [[span(r) for r in b.label_ranges] for b in content.blocks] == [
        ["1:29(28)-1:32(31)", "1:35(34)-1:38(37)"],
        ["1:29(28)-1:32(31)", "1:50(49)-1:53(52)"],
        ["1:29(28)-1:32(31)", "1:50(49)-1:53(52)"],
        ["1:80(79)-1:83(82)", "1:86(85)-1:89(88)"],
        [],
    ]
    assert [span(b.def_range) for b in content.blocks] == [
        "1:40(39)-1:41(40)",
        "1:55(54)-1:56(55)",
        "1:55(54)-1:56(55)",
        "1:91(90)-1:92(91)",
        "1:115(114)-1:116(115)",
    ]


def test_null_blocks_are_absent() -> None:
    text = '{"name": "x", "service": null, "resource": {"a": {"b": null}}}'
    content, diags = body_of(text).content(SCHEMA)
    assert diags == []
    assert content.blocks == ()


def test_empty_array_defines_no_blocks() -> None:
    content, diags = body_of('{"name": "x", "service": []}').content(SCHEMA)
    assert diags == [] and content.blocks == ()


def test_nested_array_body() -> None:
    text = '{"name": "x", "service": [{"port": 1}, [{"port": 2}, {"x": 3}]]}'
    content, diags = body_of(text).content(SCHEMA)
    assert diags == []
    second = content.blocks[1].body
    inner, diags = second.content(SERVICE)
    assert [d.summary for d in diags] == ["Extraneous JSON object property"]
    assert list(inner.attributes) == ["port"]


def test_missing_item_range_is_the_closing_brace() -> None:
    body = body_of('{"count": 1}\n')
    assert span(body.missing_item_range) == "1:12(11)-1:13(12)"


# --------------------------------------------------------------------------- diagnostics

_CASES = [
    # ref
    (
        '{"name": "x", "cont": 1}',
        [
            (
                "Extraneous JSON object property",
                'No argument or block type is named "cont". Did you mean "count"?',
                "1:15(14)-1:21(20)",
                "1:15(14)-1:21(20)",
            )
        ],
    ),
    # ref: block types are suggested too.
    (
        '{"name": "x", "services": {}}',
        [
            (
                "Extraneous JSON object property",
                'No argument or block type is named "services". Did you mean "service"?',
                "1:15(14)-1:25(24)",
                "1:15(14)-1:25(24)",
            )
        ],
    ),
    # ref
    (
        '{"name": "x", "name": "y"}',
        [
            (
                "Duplicate argument",
                'The argument "name" was already set at t.json:1,2-13.',
                "1:15(14)-1:21(20)",
                "1:15(14)-1:21(20)",
            )
        ],
    ),
    # ref
    (
        '{"count": 1}',
        [
            (
                "Missing required argument",
                'The argument "name" is required, but no definition was found.',
                "1:12(11)-1:13(12)",
                None,
            )
        ],
    ),
    # ref
    (
        '{"name": "x", "resource": {}}',
        [
            (
                "Missing block label",
                "At least one object property is required, whose name represents the "
                "resource block's type.",
                "1:27(26)-1:28(27)",
                None,
            )
        ],
    ),
    # ref
    (
        '{"name": "x", "resource": null}',
        [
            (
                "Missing block label",
                "At least one object property is required, whose name represents the "
                "resource block's type.",
                "1:27(26)-1:31(30)",
                None,
            )
        ],
    ),
    # ref
    (
        '{"name": "x", "resource": {"aws": "str"}}',
        [
            (
                _INCORRECT,
                "Either a JSON object or JSON array of objects is required here, to specify "
                "name labels for this block.",
                "1:35(34)-1:40(39)",
                None,
            ),
            (
                "Missing block label",
                "At least one object property is required, whose name represents the "
                "resource block's name.",
                "1:35(34)-1:40(39)",
                None,
            ),
        ],
    ),
    # ref
    (
        '{"name": "x", "resource": [1]}',
        [
            (
                _INCORRECT,
                "A JSON object is required here, to specify type labels for this block.",
                "1:28(27)-1:29(28)",
                None,
            ),
            (
                "Missing block label",
                "At least one object property is required, whose name represents the "
                "resource block's type.",
                "1:27(26)-1:28(27)",
                None,
            ),
        ],
    ),
    # ref
    (
        '{"name": "x", "resource": {"aws": {"web": "str"}}}',
        [
            (
                _INCORRECT,
                "Either a JSON object or a JSON array is required, representing the contents "
                'of one or more "resource" blocks.',
                "1:43(42)-1:48(47)",
                None,
            )
        ],
    ),
    # ref
    (
        '{"name": "x", "service": "s"}',
        [
            (
                _INCORRECT,
                "Either a JSON object or a JSON array is required, representing the contents "
                'of one or more "service" blocks.',
                "1:26(25)-1:29(28)",
                None,
            )
        ],
    ),
    # ref: "//" is a comment in bodies only, not at a label level.
    (
        '{"name": "x", "resource": {"//": "c", "aws": {"web": {}}}}',
        [
            (
                _INCORRECT,
                "Either a JSON object or JSON array of objects is required here, to specify "
                "name labels for this block.",
                "1:34(33)-1:37(36)",
                None,
            ),
            (
                "Missing block label",
                "At least one object property is required, whose name represents the "
                "resource block's name.",
                "1:34(33)-1:37(36)",
                None,
            ),
        ],
    ),
    # ref (the reference reports this one twice: once in PartialContent, once in Content)
    (
        '[{"name": "x"}, 2]',
        [
            (
                _INCORRECT,
                "A JSON object is required here, to define arguments and child blocks.",
                "1:17(16)-1:18(17)",
                None,
            )
        ],
    ),
]


@pytest.mark.parametrize(("text", "expected"), _CASES, ids=[c[0] for c in _CASES])
def test_content_diagnostics(
    text: str, expected: list[tuple[str, str, str | None, str | None]]
) -> None:
    assert content_errors(text) == expected


def test_non_object_block_body() -> None:
    # ref (reported twice by the reference)
    content, diags = body_of('{"name": "x", "service": [1, {"port": 2}]}').content(SCHEMA)
    assert diags == []
    _, diags = content.blocks[0].body.content(SERVICE)
    assert diags_of(diags) == [
        (
            _INCORRECT,
            "Either a JSON object or JSON array of objects is required here, to define "
            "arguments and child blocks.",
            "1:27(26)-1:28(27)",
            None,
        )
    ]
    assert span(content.blocks[0].body.missing_item_range) == "1:27(26)-1:28(27)"


def test_used_attribute_is_not_suggested() -> None:
    # ref: "pot" is not close to anything unused ("port" is set already).
    content, _ = body_of('{"name":"x","service":{"port": 1, "pot": 2}}').content(SCHEMA)
    _, diags = content.blocks[0].body.content(SERVICE)
    assert diags_of(diags) == [
        (
            "Extraneous JSON object property",
            'No argument or block type is named "pot".',
            "1:35(34)-1:40(39)",
            "1:35(34)-1:40(39)",
        )
    ]


def test_all_diagnostics_of_one_body_are_reported() -> None:
    text = '{"count": 1, "count": 2, "extra": 3, "resource": {}}'
    assert [d[0] for d in content_errors(text)] == [
        "Duplicate argument",
        "Missing block label",
        "Missing required argument",
        "Extraneous JSON object property",
    ]


# --------------------------------------------------------------------------- partial content


def test_partial_content_leaves_the_rest() -> None:
    body = body_of('{"name": "x", "count": 1, "service": {}, "other": 2, "//": "c"}')
    content, rest, diags = body.partial_content(BodySchema([AttributeSchema("name")]))
    assert diags == []
    assert list(content.attributes) == ["name"]
    attrs, diags = rest.just_attributes()
    assert diags == []
    assert list(attrs) == ["count", "service", "other"]
    content, rest2, diags = rest.partial_content(
        BodySchema([AttributeSchema("count")], [BlockHeaderSchema("service")])
    )
    assert diags == [] and len(content.blocks) == 1
    attrs, _ = rest2.just_attributes()
    assert list(attrs) == ["other"]
    _, diags = rest2.content(BodySchema([AttributeSchema("other")]))
    assert diags == []
    # What partial_content consumed no longer exists for the remaining body.
    _, diags = rest2.content(BodySchema([AttributeSchema("name", required=True)]))
    assert [d.summary for d in diags] == [
        "Missing required argument",
        "Extraneous JSON object property",
    ]


def test_partial_content_ignores_unknown_properties() -> None:
    _, _, diags = body_of('{"name": "x", "zzz": 1}').partial_content(SCHEMA)
    assert diags == []


# --------------------------------------------------------------------------- dynamic attributes


def test_just_attributes() -> None:
    body = body_of('{"a": 1, "//": "comment", "b": {"c": [true]}}')
    attrs, diags = body.just_attributes()
    assert diags == []
    assert list(attrs) == ["a", "b"]
    assert span(attrs["b"].range) == "1:27(26)-1:45(44)"


def test_just_attributes_needs_a_single_object() -> None:
    _, diags = body_of('[{"a": 1}]').just_attributes()
    assert diags_of(diags) == [
        (
            _INCORRECT,
            "A JSON object is required here, setting the arguments for this block.",
            "1:1(0)-1:2(1)",
            None,
        )
    ]


def test_just_attributes_duplicates() -> None:
    attrs, diags = body_of('{"a": 1,\n "a": 2}').just_attributes()
    assert diags_of(diags) == [
        (
            "Duplicate attribute definition",
            'The argument "a" was already set at t.json:1,2-8.',
            "2:2(10)-2:5(13)",
            None,
        )
    ]
    assert literal_value(attrs["a"].expr.value(None)) == Value.number(1)


def literal_value(result: tuple[Value, object]) -> Value:
    return result[0]


# --------------------------------------------------------------------------- files


def test_context_string_names_the_path() -> None:
    text = '{"resource": {"aws": {"web": [{"a": 1}, {"b": [{"c": 2}]}]}}, "x": 1}'
    file, _ = parse(text, "t.json")
    assert file.context_string(text.index('"c"')) == "resource.aws.web[1].b[0]"
    assert file.context_string(text.index('"a"')) == "resource.aws.web[0]"
    assert file.context_string(text.index('"x"')) is None


def test_context_string_counts_bytes() -> None:
    text = '{"é": {"ü": 1}}'
    file, _ = parse(text, "t.json")
    byte = len(text[: text.index('"ü"')].encode())
    assert file.context_string(byte) == "é"


def test_json_bodies_merge() -> None:
    one = body_of('{"name": "x", "service": {"port": 1}}', "a.json")
    two = body_of('{"count": 2, "service": [{"port": 2}]}', "b.json")
    content, diags = merge_bodies([one, two]).content(SCHEMA)
    assert diags == []
    assert list(content.attributes) == ["name", "count"]
    assert [b.def_range.filename for b in content.blocks] == ["a.json", "b.json"]


def test_json_and_native_bodies_merge() -> None:
    native, diags = parse_config('name = "x"\nservice {\n  port = 1\n}\n', "a.hcl")
    assert diags == []
    json_body = body_of('{"count": 2, "service": [{"port": 2}], "resource": {"t": {"n": {}}}}')
    content, diags = merge_bodies([native.body, json_body]).content(SCHEMA)
    assert diags == []
    assert list(content.attributes) == ["name", "count"]
    assert [(b.type, b.labels, b.def_range.filename) for b in content.blocks] == [
        ("service", (), "a.hcl"),
        ("service", (), "t.json"),
        ("resource", ("t", "n"), "t.json"),
    ]
    _, diags = merge_bodies([native.body, body_of('{"name": "y"}')]).content(SCHEMA)
    assert [d.summary for d in diags] == ["Duplicate argument"]


def test_body_is_json_body() -> None:
    assert isinstance(body_of("{}"), JsonBody)
