"""Override bodies: Terraform's ``configs.MergeBodies`` (``module_merge_body.go``).

The expected values follow that code: attributes of the override replace the
base's; any block of a type in the override hides every base block of that
type, whatever its labels (``dynamic "T"`` standing for ``T`` on both sides);
both bodies are read partially; required attributes are required in the base
only; the missing-item range is the base's.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated

from hypothesis import given, settings
from hypothesis import strategies as st

import hcldecode as hcl
from hcldecode.model import (
    AttributeSchema,
    Block,
    BlockHeaderSchema,
    Body,
    BodyContent,
    BodySchema,
    Diagnostics,
    OverrideBody,
    merge_bodies,
    override_body,
)


def body(text: str, filename: str) -> Body:
    parsed = hcl.parse_config(text, filename=filename)
    assert parsed.diagnostics == []
    assert parsed.value is not None
    return parsed.value.body


def base(text: str) -> Body:
    return body(text, "main.tf")


def over(text: str) -> Body:
    return body(text, "main_override.tf")


def listed(diags: Diagnostics) -> list[tuple[str, str, str]]:
    return [(d.summary, d.detail or "", str(d.subject)) for d in diags]


def attributes(content: BodyContent) -> list[tuple[str, str]]:
    return [(name, str(attr.range)) for name, attr in content.attributes.items()]


def blocks(content: BodyContent | tuple[Block, ...]) -> list[tuple[str, tuple[str, ...], str]]:
    found = content.blocks if isinstance(content, BodyContent) else content
    return [(b.type, b.labels, str(b.def_range)) for b in found]


SERVICE = BodySchema(
    [AttributeSchema("image"), AttributeSchema("count")],
    [
        BlockHeaderSchema("port", ("name",)),
        BlockHeaderSchema("volume"),
        BlockHeaderSchema("env"),
    ],
)


# --------------------------------------------------------------------------- attributes


def test_override_attributes_replace_the_base_ones_in_the_base_order() -> None:
    merged = override_body(
        base('image = "nginx"\ncount = 2\n'),
        over('count = 4\nimage = "nginx:1.25"\n'),
    )
    content, diags = merged.content(SERVICE)
    assert diags == []
    assert attributes(content) == [
        ("image", "main_override.tf:2,1-21"),
        ("count", "main_override.tf:1,1-10"),
    ]
    assert content.attributes["count"].expr.value()[0] == hcl.Value.number(4)


def test_attributes_only_in_the_override_come_after_the_base_ones() -> None:
    merged = override_body(base("count = 2\n"), over('image = "a"\n'))
    content, diags = merged.content(SERVICE)
    assert diags == []
    assert attributes(content) == [
        ("count", "main.tf:1,1-10"),
        ("image", "main_override.tf:1,1-12"),
    ]


def test_a_required_attribute_is_required_in_the_base_only() -> None:
    # Terraform reads the base with the schema as given and the override with
    # every attribute optional: the base's error stands though the override
    # sets the attribute, which is in the content all the same.
    required = BodySchema([AttributeSchema("image", required=True), AttributeSchema("count")])
    merged = override_body(base("count = 2\n"), over('image = "a"\n'))
    content, diags = merged.content(required)
    assert listed(diags) == [
        (
            "Missing required argument",
            'The argument "image" is required, but no definition was found.',
            "main.tf:1,1-1",
        )
    ]
    assert attributes(content) == [
        ("count", "main.tf:1,1-10"),
        ("image", "main_override.tf:1,1-12"),
    ]
    merged = override_body(base('image = "a"\n'), over("count = 3\n"))
    content, diags = merged.content(required)
    assert diags == []
    assert attributes(content) == [
        ("image", "main.tf:1,1-12"),
        ("count", "main_override.tf:1,1-10"),
    ]


# --------------------------------------------------------------------------- blocks


def test_blocks_of_a_type_in_the_override_hide_all_base_blocks_of_that_type() -> None:
    # By type only, not by labels: port "admin" hides port "http" and "https".
    merged = override_body(
        base('port "http" {}\nenv {}\nport "https" {}\nvolume {}\n'),
        over('port "admin" {}\nport "http" {}\n'),
    )
    content, diags = merged.content(SERVICE)
    assert diags == []
    assert blocks(content) == [
        ("env", (), "main.tf:2,1-4"),
        ("volume", (), "main.tf:4,1-7"),
        ("port", ("admin",), "main_override.tf:1,1-13"),
        ("port", ("http",), "main_override.tf:2,1-12"),
    ]


def test_override_blocks_come_after_the_base_blocks_that_stay() -> None:
    merged = override_body(base("env {}\n"), over("volume {}\nvolume {}\n"))
    content, _ = merged.content(SERVICE)
    assert blocks(content) == [
        ("env", (), "main.tf:1,1-4"),
        ("volume", (), "main_override.tf:1,1-7"),
        ("volume", (), "main_override.tf:2,1-7"),
    ]


def test_nested_blocks_are_not_merged_inside() -> None:
    inner = BodySchema([AttributeSchema("a"), AttributeSchema("b")])
    merged = override_body(base("env {\n  a = 1\n  b = 2\n}\n"), over("env {\n  b = 3\n}\n"))
    content, _ = merged.content(SERVICE)
    (env,) = content.blocks
    nested, diags = env.body.content(inner)
    assert diags == []
    assert attributes(nested) == [("b", "main_override.tf:2,3-8")]


def test_override_blocks_of_a_type_the_schema_does_not_ask_for_hide_nothing() -> None:
    merged = override_body(base("env {}\n"), over("other {}\n"))
    content, diags = merged.content(SERVICE)
    assert diags == []
    assert blocks(content) == [("env", (), "main.tf:1,1-4")]


# --------------------------------------------------------------------------- dynamic blocks


def test_an_override_dynamic_block_hides_base_blocks_of_its_type() -> None:
    merged = override_body(
        base('volume {}\ndynamic "volume" {}\ndynamic "env" {}\nenv {}\n'),
        over('dynamic "volume" {}\n'),
    )
    content, diags = merged.content(SERVICE)
    assert diags == []
    assert blocks(content) == [
        ("dynamic", ("env",), "main.tf:3,1-14"),
        ("env", (), "main.tf:4,1-4"),
        ("dynamic", ("volume",), "main_override.tf:1,1-17"),
    ]


def test_an_override_block_hides_base_dynamic_blocks_of_its_type() -> None:
    merged = override_body(
        base('dynamic "volume" {}\ndynamic "port" {}\n'),
        over("volume {}\n"),
    )
    content, diags = merged.content(SERVICE)
    assert diags == []
    assert blocks(content) == [
        ("dynamic", ("port",), "main.tf:2,1-15"),
        ("volume", (), "main_override.tf:1,1-7"),
    ]


def test_dynamic_blocks_are_read_with_their_own_schema_when_asked_for() -> None:
    schema = BodySchema((), [BlockHeaderSchema("dynamic", ("type", "extra"))])
    merged = override_body(base('dynamic "a" "b" {}\n'), over(""))
    content, diags = merged.content(schema)
    assert diags == []
    assert blocks(content) == [("dynamic", ("a", "b"), "main.tf:1,1-16")]


def test_a_schema_with_a_dynamic_attribute_reads_no_dynamic_blocks() -> None:
    schema = BodySchema([AttributeSchema("dynamic")], [BlockHeaderSchema("env")])
    merged = override_body(base("dynamic = 1\nenv {}\n"), over('dynamic "env" {}\n'))
    content, diags = merged.content(schema)
    assert diags == []
    assert attributes(content) == [("dynamic", "main.tf:1,1-12")]
    assert blocks(content) == [("env", (), "main.tf:2,1-4")]


@dataclasses.dataclass
class Volume:
    name: str


@dataclasses.dataclass
class Port:
    name: Annotated[str, hcl.label()]
    number: int


@dataclasses.dataclass
class Service:
    image: str
    count: int = 1
    port: Annotated[list[Port], hcl.block()] = dataclasses.field(default_factory=list)
    volume: Annotated[list[Volume], hcl.block()] = dataclasses.field(default_factory=list)


BASE = """\
image = "nginx:1.25"
count = 2
port "http" {
  number = 80
}
port "https" {
  number = 443
}
dynamic "volume" {
  for_each = ["a", "b"]
  content {
    name = volume.value
  }
}
"""


def test_decoding_an_override_body_with_dynamic_blocks() -> None:
    decoder = hcl.Decoder(dynamic_blocks=True)
    found = decoder.decode_body(override_body(base(BASE), over("")), Service)
    assert found.diagnostics == []
    assert found.value == Service(
        "nginx:1.25",
        2,
        [Port("http", 80), Port("https", 443)],
        [Volume("a"), Volume("b")],
    )
    override = 'port "admin" {\n  number = 9000\n}\nvolume {\n  name = "c"\n}\ncount = 4\n'
    found = decoder.decode_body(override_body(base(BASE), over(override)), Service)
    assert found.diagnostics == []
    assert found.value == Service("nginx:1.25", 4, [Port("admin", 9000)], [Volume("c")])
    override = (
        'dynamic "port" {\n  for_each = {admin = 9000}\n  labels = [port.key]\n'
        "  content {\n    number = port.value\n  }\n}\n"
    )
    found = decoder.decode_body(override_body(base(BASE), over(override)), Service)
    assert found.diagnostics == []
    assert found.value == Service(
        "nginx:1.25", 2, [Port("admin", 9000)], [Volume("a"), Volume("b")]
    )


def test_without_expansion_the_decoder_ignores_the_dynamic_blocks() -> None:
    # The merged content holds the dynamic blocks the schema did not ask for;
    # a decoder that does not expand them has no field for them.
    found = hcl.decode_body(override_body(base(BASE), over("")), Service)
    assert found.diagnostics == []
    assert found.value == Service("nginx:1.25", 2, [Port("http", 80), Port("https", 443)], [])


# --------------------------------------------------------------------------- meta-arguments


def test_meta_arguments_are_attributes_and_blocks_like_the_others() -> None:
    schema = BodySchema(
        [AttributeSchema("count"), AttributeSchema("for_each")],
        [
            BlockHeaderSchema("lifecycle"),
            BlockHeaderSchema("provisioner", ("type",)),
            BlockHeaderSchema("connection"),
        ],
    )
    merged = override_body(
        base(
            "count = 2\n"
            "lifecycle {\n  prevent_destroy = true\n}\n"
            'provisioner "local-exec" {}\n'
            'provisioner "file" {}\n'
            "connection {}\n"
        ),
        over(
            "for_each = {}\n"
            "lifecycle {\n  create_before_destroy = true\n}\n"
            'provisioner "remote-exec" {}\n'
        ),
    )
    content, diags = merged.content(schema)
    assert diags == []
    assert attributes(content) == [
        ("count", "main.tf:1,1-10"),
        ("for_each", "main_override.tf:1,1-14"),
    ]
    # lifecycle is replaced whole here (Terraform merges it setting by setting,
    # outside MergeBodies); the provisioners are replaced as a list, as Terraform does.
    assert blocks(content) == [
        ("connection", (), "main.tf:7,1-11"),
        ("lifecycle", (), "main_override.tf:2,1-10"),
        ("provisioner", ("remote-exec",), "main_override.tf:5,1-26"),
    ]


# --------------------------------------------------------------------------- diagnostics


def test_content_reports_nothing_the_schema_does_not_name() -> None:
    # Both bodies are read partially, as Terraform's mergeBody.Content does.
    merged = override_body(
        base('image = "a"\nimgae = "b"\nother {}\n'),
        over("cuont = 4\nvolum {}\n"),
    )
    content, diags = merged.content(SERVICE)
    assert diags == []
    assert attributes(content) == [("image", "main.tf:1,1-12")]
    assert content.blocks == ()


def test_diagnostics_come_from_the_base_then_the_override() -> None:
    merged = override_body(
        base('port {}\nimage = 1\nport "ok" {}\n'),
        over('port "a" "b" {}\n'),
    )
    content, diags = merged.content(SERVICE)
    assert listed(diags) == [
        ("Missing name for port", "All port blocks must have 1 labels (name).", "main.tf:1,6-7"),
        (
            "Extraneous label for port",
            "Only 1 labels (name) are expected for port blocks.",
            "main_override.tf:1,10-13",
        ),
    ]
    # The override's port block is left out for its labels, so it hides nothing.
    assert blocks(content) == [("port", ("ok",), "main.tf:3,1-10")]
    assert content.mislabelled == {"port"}


def test_just_attributes_lets_the_override_win_and_keeps_both_diagnostics() -> None:
    merged = override_body(base("a = 1\nb = 2\nenv {}\n"), over("b = 3\nc = 4\nport {}\n"))
    found, diags = merged.just_attributes()
    assert [(n, str(a.range)) for n, a in found.items()] == [
        ("a", "main.tf:1,1-6"),
        ("b", "main_override.tf:1,1-6"),
        ("c", "main_override.tf:2,1-6"),
    ]
    assert listed(diags) == [
        ('Unexpected "env" block', "Blocks are not allowed here.", "main.tf:3,1-4"),
        ('Unexpected "port" block', "Blocks are not allowed here.", "main_override.tf:3,1-5"),
    ]


def test_the_missing_item_range_and_the_source_files() -> None:
    b, o = base("a = 1\n"), over("b = 2\n")
    merged = override_body(b, o)
    assert isinstance(merged, OverrideBody)
    assert merged.missing_item_range == b.missing_item_range
    assert str(merged.missing_item_range) == "main.tf:1,1-1"
    assert sorted(merged.source_files()) == ["main.tf", "main_override.tf"]
    content, _ = merged.content(BodySchema())
    assert content.missing_item_range == b.missing_item_range


def test_partial_content_leaves_an_override_of_the_remains() -> None:
    merged = override_body(
        base("image = 1\na = 1\nb = 2\nenv {}\nextra {}\n"),
        over("image = 2\nb = 3\nextra {}\n"),
    )
    content, remain, diags = merged.partial_content(
        BodySchema([AttributeSchema("image")], [BlockHeaderSchema("env")])
    )
    assert diags == []
    assert attributes(content) == [("image", "main_override.tf:1,1-10")]
    assert blocks(content) == [("env", (), "main.tf:4,1-4")]
    assert isinstance(remain, OverrideBody)
    rest, diags = remain.content(
        BodySchema([AttributeSchema("a"), AttributeSchema("b")], [BlockHeaderSchema("extra")])
    )
    assert diags == []
    assert attributes(rest) == [("a", "main.tf:2,1-6"), ("b", "main_override.tf:2,1-6")]
    assert blocks(rest) == [("extra", (), "main_override.tf:3,1-6")]


def test_overrides_nest_and_the_last_one_wins() -> None:
    merged = override_body(
        override_body(base("count = 1\nimage = 1\n"), over("count = 2\n")),
        body("count = 3\n", "z_override.tf"),
    )
    content, diags = merged.content(SERVICE)
    assert diags == []
    assert attributes(content) == [("count", "z_override.tf:1,1-10"), ("image", "main.tf:2,1-10")]
    assert str(merged.missing_item_range) == "main.tf:1,1-1"


def test_over_merged_files() -> None:
    # The base may itself be HCL's merge of several files (duplicates are errors there).
    merged = override_body(
        merge_bodies([base("image = 1\n"), body("count = 1\n", "other.tf")]),
        over("count = 2\n"),
    )
    content, diags = merged.content(SERVICE)
    assert diags == []
    assert attributes(content) == [
        ("image", "main.tf:1,1-10"),
        ("count", "main_override.tf:1,1-10"),
    ]


def test_decoding_a_base_and_an_override_into_one_class() -> None:
    found = hcl.decode_body(
        override_body(base(BASE), over('image = "nginx:1.27"\nport "admin" {\n  number = 1\n}\n')),
        Service,
    )
    assert found.diagnostics == []
    assert found.value == Service("nginx:1.27", 2, [Port("admin", 1)], [])
    found = hcl.decode_body(override_body(base(BASE), over("count = true\n")), Service)
    assert listed(found.diagnostics) == [
        (
            "Unsuitable value type",
            "Unsuitable value: number required, but have bool.",
            "main_override.tf:1,9-13",
        )
    ]


# --------------------------------------------------------------------------- properties

ATTRS = ("a", "b", "c")
TYPES = ("x", "y")
PROPERTY_SCHEMA = BodySchema(
    [AttributeSchema(n) for n in ATTRS],
    [BlockHeaderSchema(t, ("name",)) for t in TYPES],
)

items = st.lists(
    st.one_of(
        st.tuples(st.just("attr"), st.sampled_from(ATTRS), st.integers(0, 9)),
        st.tuples(st.just("block"), st.sampled_from(TYPES), st.sampled_from("pq")),
        st.tuples(st.just("dynamic"), st.sampled_from(TYPES), st.just("")),
    ),
    max_size=8,
)


Items = list[tuple[str, str, object]]
WITH_DYNAMIC = PROPERTY_SCHEMA.union(BodySchema((), [BlockHeaderSchema("dynamic", ("type",))]))


def render(chosen: Items) -> str:
    lines, seen = [], set()
    for kind, name, extra in chosen:
        if kind == "attr":
            if name in seen:
                continue
            seen.add(name)
            lines.append(f"{name} = {extra}")
        elif kind == "block":
            lines.append(f'{name} "{extra}" {{}}')
        else:
            lines.append(f'dynamic "{name}" {{}}')
    return "".join(line + "\n" for line in lines)


def stands_for(block: Block) -> str:
    return block.labels[0] if block.type == "dynamic" else block.type


@settings(max_examples=150, deadline=None)
@given(items, items)
def test_the_merge_follows_terraforms_rule(base_items: Items, over_items: Items) -> None:
    b, o = base(render(base_items)), over(render(over_items))
    b_content, _, _ = b.partial_content(WITH_DYNAMIC)
    o_content, _, _ = o.partial_content(WITH_DYNAMIC)
    content, diags = override_body(b, o).content(PROPERTY_SCHEMA)
    assert diags == []
    expected = {**b_content.attributes, **o_content.attributes}
    assert attributes(content) == [(n, str(a.range)) for n, a in expected.items()]
    hidden = {stands_for(block) for block in o_content.blocks}
    kept = tuple(block for block in b_content.blocks if stands_for(block) not in hidden)
    assert blocks(content) == blocks((*kept, *o_content.blocks))


@settings(max_examples=100, deadline=None)
@given(items)
def test_an_empty_override_or_the_body_itself_changes_nothing(chosen: Items) -> None:
    text = render(chosen)
    alone, alone_diags = base(text).content(WITH_DYNAMIC)
    assert alone_diags == []
    for overriding in (over(""), base(text)):
        content, diags = override_body(base(text), overriding).content(PROPERTY_SCHEMA)
        assert diags == []
        assert attributes(content) == attributes(alone)
        assert blocks(content) == blocks(alone)


@dataclasses.dataclass
class Item:
    name: Annotated[str, hcl.label()]


@dataclasses.dataclass
class Everything:
    a: int = 0
    b: int = 0
    c: int = 0
    x: Annotated[list[Item], hcl.block()] = dataclasses.field(default_factory=list)
    y: Annotated[list[Item], hcl.block()] = dataclasses.field(default_factory=list)


@settings(max_examples=100, deadline=None)
@given(items)
def test_decoding_with_an_empty_override_or_itself_gives_the_same_object(chosen: Items) -> None:
    text = render([item for item in chosen if item[0] != "dynamic"])
    alone = hcl.decode_body(base(text), Everything)
    assert alone.diagnostics == []
    for overriding in (over(""), base(text)):
        found = hcl.decode_body(override_body(base(text), overriding), Everything)
        assert found.diagnostics == []
        assert found.value == alone.value
