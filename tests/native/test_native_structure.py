"""The native body (NativeBody): schema-driven content, remaining bodies, navigation."""

from __future__ import annotations

from hcldecode.model import AttributeSchema, BlockHeaderSchema, BodySchema, Diagnostics
from hcldecode.native import NativeBody, parse_config

SRC = b"""\
name = "x"
port = 8080
servce = "typo"
service "web" {
  replicas = 3
}
service "a" "b" {
}
service {
}
logging {
  level = "info"
}
"""


def _body(src: bytes = SRC) -> NativeBody:
    f, diags = parse_config(src, "c.hcl")
    assert list(diags) == []
    assert isinstance(f.body, NativeBody)
    return f.body


def _summary(diags: Diagnostics) -> list[tuple[str, str, str]]:
    return [(d.summary, d.detail, str(d.subject)) for d in diags]


def test_content_reports_everything_unexpected() -> None:
    schema = BodySchema(
        [AttributeSchema("name"), AttributeSchema("porte"), AttributeSchema("timeout", True)],
        [BlockHeaderSchema("service", ["name"]), BlockHeaderSchema("loggin")],
    )
    content, diags = _body().content(schema)
    assert list(content.attributes) == ["name"]
    assert [(b.type, b.labels) for b in content.blocks] == [("service", ("web",))]
    assert _summary(diags) == [
        (
            "Missing required argument",
            'The argument "timeout" is required, but no definition was found.',
            "c.hcl:1,1-1",
        ),
        (
            "Extraneous label for service",
            "Only 1 labels (name) are expected for service blocks.",
            "c.hcl:7,13-16",
        ),
        (
            "Missing name for service",
            "All service blocks must have 1 labels (name).",
            "c.hcl:9,9-10",
        ),
        (
            "Unsupported argument",
            'An argument named "port" is not expected here. Did you mean "porte"?',
            "c.hcl:2,1-5",
        ),
        ("Unsupported argument", 'An argument named "servce" is not expected here.', "c.hcl:3,1-7"),
        (
            "Unsupported block type",
            'Blocks of type "logging" are not expected here. Did you mean "loggin"?',
            "c.hcl:11,1-8",
        ),
    ]
    assert str(diags[1].context) == "c.hcl:7,1-18"


def test_block_and_argument_confusion_advice() -> None:
    schema = BodySchema([AttributeSchema("logging")], [BlockHeaderSchema("port")])
    _, diags = _body(b"port = 1\nlogging {\n}\n").content(schema)
    assert [d.detail for d in diags] == [
        'An argument named "port" is not expected here. Did you mean to define a block of type '
        '"port"?',
        'Blocks of type "logging" are not expected here. Did you mean to define argument '
        '"logging"? If so, use the equals sign to assign it a value.',
    ]


def test_no_labels_expected() -> None:
    schema = BodySchema(blocks=[BlockHeaderSchema("logging")])
    _, diags = _body(b'logging "x" {\n}\n').content(schema)
    assert _summary(diags) == [
        (
            "Extraneous label for logging",
            "No labels are expected for logging blocks.",
            "c.hcl:1,9-12",
        )
    ]


def test_partial_content_hides_consumed_items_and_composes() -> None:
    body = _body()
    first = BodySchema([AttributeSchema("name")], [BlockHeaderSchema("service", ["name"])])
    content, remain, diags = body.partial_content(first)
    assert list(content.attributes) == ["name"]
    assert [b.labels for b in content.blocks] == [("web",)]
    assert [d.summary for d in diags] == [
        "Extraneous label for service",
        "Missing name for service",
    ]

    second = BodySchema([AttributeSchema("port"), AttributeSchema("name")])
    content2, remain2, diags2 = remain.partial_content(second)
    assert list(content2.attributes) == ["port"]
    assert list(diags2) == []

    attrs, diags3 = remain2.just_attributes()
    assert list(attrs) == ["servce"]
    assert [d.summary for d in diags3] == ['Unexpected "logging" block']

    _, remain3, _ = remain2.partial_content(BodySchema(blocks=[BlockHeaderSchema("logging")]))
    attrs, diags4 = remain3.just_attributes()
    assert list(attrs) == ["servce"]
    assert list(diags4) == []
    # The body the remainder came from is unchanged.
    assert list(body.just_attributes()[0]) == ["name", "port", "servce"]


def test_attributes_keep_source_order() -> None:
    body = _body(b"z = 1\na = 2\nm = 3\n")
    schema = BodySchema([AttributeSchema("m"), AttributeSchema("a"), AttributeSchema("z")])
    content, _ = body.content(schema)
    assert list(content.attributes) == ["z", "a", "m"]
    attr = content.attributes["a"]
    assert (str(attr.range), str(attr.name_range)) == ("c.hcl:2,1-6", "c.hcl:2,1-2")


def test_block_ranges_and_missing_item_range() -> None:
    body = _body(b'service "web" "x" {\n  a = 1\n}\none { b = 2 }\n')
    content, _ = body.content(
        BodySchema(blocks=[BlockHeaderSchema("service", ["n", "m"]), BlockHeaderSchema("one")])
    )
    block = content.blocks[0]
    assert str(block.def_range) == "c.hcl:1,1-18"
    assert str(block.type_range) == "c.hcl:1,1-8"
    assert [str(r) for r in block.label_ranges] == ["c.hcl:1,9-14", "c.hcl:1,15-18"]
    assert str(block.body.missing_item_range) == "c.hcl:1,19-19"
    one = content.blocks[1]
    _, diags = one.body.content(BodySchema([AttributeSchema("c", True), AttributeSchema("b")]))
    assert [str(d.subject) for d in diags] == ["c.hcl:4,7-7"]


def test_file_body_missing_item_range_is_first_token() -> None:
    body = _body(b"\n\n  a = 1\n")
    assert str(body.missing_item_range) == "c.hcl:1,1-1"
    body = _body(b"  a = 1\n")
    assert str(body.missing_item_range) == "c.hcl:1,3-3"


def test_context_string() -> None:
    f, _ = parse_config(SRC, "c.hcl")
    offset = SRC.index(b"replicas")
    assert f.context_string(offset) == 'service "web"'
    assert f.context_string(SRC.index(b"level")) == "logging"
    assert f.context_string(0) is None
