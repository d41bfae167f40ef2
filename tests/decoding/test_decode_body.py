"""decode_body: decoding that never raises for the configuration's mistakes."""

from __future__ import annotations

import dataclasses
from typing import Annotated

import pytest
from decoding_helpers import Syntax, listed, span

import hcldecode as hcl
from hcldecode.model import AttributeSchema, BlockHeaderSchema, BodySchema


@dataclasses.dataclass
class Assert:
    condition: hcl.Expression
    message: str


@dataclasses.dataclass
class Check:
    name: Annotated[str, hcl.label()]
    asserts: Annotated[list[Assert], hcl.block("assert", min_items=1)]
    enabled: bool = True
    owner: str = ""


@dataclasses.dataclass
class Module:
    checks: Annotated[list[Check], hcl.block("check")]
    region: str = "eu"


NATIVE = 'region = "us"\ncheck "a" {\n  enabld = false\n  owner = "ops"\n}\n'
JSON = '{"region": "us", "check": {"a": {"enabld": false, "owner": "ops"}}}'


def test_the_fields_that_decoded_stay_beside_every_diagnostic() -> None:
    text = NATIVE
    file = hcl.parse(text, filename="t.hcl")
    found = hcl.decode_body(file.body, Module)
    span_range = file.body.content(hcl.schema_of(Module))[0].blocks[0].def_range
    assert found.value is None and not found.ok
    assert listed_of(found) == [
        ("Insufficient assert blocks", 'At least 1 "assert" block is required.', "t.hcl:2,11-11"),
        (
            "Unsupported argument",
            'An argument named "enabld" is not expected here. Did you mean "enabled"?',
            span(text, "enabld"),
        ),
    ]
    # The enclosing body's other fields are there, though a block inside failed, and
    # what decoded of that block too.
    assert found.fields == {
        "region": "us",
        "checks": [
            hcl.decoding.Partial(Check, {"name": "a", "owner": "ops"}, frozenset(), span_range)
        ],
    }
    assert found.failed == {"checks"}
    assert found.remaining is None


@pytest.mark.parametrize(
    ("text", "syntax", "unexpected"),
    [(NATIVE, "native", "Unsupported argument"), (JSON, "json", "Extraneous JSON object property")],
)
def test_a_loader_checks_the_rest_of_a_broken_block(
    text: str, syntax: Syntax, unexpected: str
) -> None:
    # The loader decodes each check block itself, so it sees the parts of a
    # broken one and adds its own diagnostics beside HCL's.
    file = hcl.parse(text, filename="t.hcl", syntax=syntax)
    schema = BodySchema([AttributeSchema("region")], [BlockHeaderSchema("check", ("name",))])
    content, _ = file.body.content(schema)
    (block,) = content.blocks
    found = hcl.decode_body(block, Check)
    assert found.fields == {"name": "a", "owner": "ops"}
    # In source order: JSON's missing-item range is the closing brace.
    assert sorted(d.summary for d in found.diagnostics) == sorted(
        ["Insufficient assert blocks", unexpected]
    )
    # The loader's own rule, checked on the parts that did decode:
    assert found.fields["owner"] != ""


def test_a_clean_body_gives_the_object_and_unwrap_gives_it_too() -> None:
    text = 'check "a" {\n  assert {\n    condition = true\n    message = "m"\n  }\n}\n'
    found = hcl.decode_body(hcl.parse(text).body, Module)
    assert found.ok and found.diagnostics == []
    assert found.value is not None and found.value.checks[0].name == "a"
    assert found.unwrap() is found.value
    assert set(found.fields) == {"checks"}


def test_unwrap_raises_what_decode_raises() -> None:
    file = hcl.parse(NATIVE, filename="t.hcl")
    found = hcl.decode_body(file.body, Module)
    with pytest.raises(hcl.DecodeError) as info:
        found.unwrap()
    with pytest.raises(hcl.DecodeError) as direct:
        hcl.decode(file, Module)
    assert listed(info.value) == listed(direct.value)
    assert str(info.value) == str(direct.value)


def test_partial_leaves_the_rest_in_remaining() -> None:
    text = 'region = "us"\nextra = 1\n'
    found = hcl.decode_body(hcl.parse(text, filename="t.hcl").body, Module, partial=True)
    assert found.ok and found.value == Module([], "us")
    assert found.remaining is not None
    with pytest.raises(hcl.DecodeError) as info:
        hcl.reject_unclaimed(found.remaining)
    assert listed(info.value) == [
        (
            "Unsupported argument",
            'An argument named "extra" is not expected here.',
            span(text, "extra"),
        )
    ]


def listed_of(found: hcl.Decoded[Module]) -> list[tuple[str, str, str]]:
    return [(d.summary, d.detail, str(d.subject)) for d in found.diagnostics]


def test_a_class_with_labels_needs_a_block() -> None:
    with pytest.raises(hcl.SchemaError, match="a label\\(\\) field can only be in a class"):
        hcl.decode_body(hcl.parse("").body, Check)
    block = (
        hcl.parse('check "a" "b" {}\n')
        .body.content(BodySchema(blocks=[BlockHeaderSchema("check", ("x", "y"))]))[0]
        .blocks[0]
    )
    with pytest.raises(TypeError, match="Check has 1 label fields, but the check block has 2"):
        hcl.decode_body(block, Check)


@dataclasses.dataclass
class Lifecycle:
    prevent_destroy: bool = False
    ignore_changes: list[str] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class Instance:
    kind: Annotated[str, hcl.label()]
    name: Annotated[str, hcl.label()]
    ami: str
    size: str = "small"
    lifecycle: Annotated[Lifecycle | None, hcl.block()] = None


OVERRIDE = (
    'instance "web" "a" {\n  size = "large"\n  lifecycle {\n    prevent_destroy = true\n  }\n}\n'
)
OVERRIDE_JSON = (
    '{"instance": {"web": {"a": {"size": "large", "lifecycle": {"prevent_destroy": true}}}}}'
)
INSTANCES = BodySchema(blocks=[BlockHeaderSchema("instance", ("kind", "name"))])


@pytest.mark.parametrize(("text", "syntax"), [(OVERRIDE, "native"), (OVERRIDE_JSON, "json")])
def test_an_override_body_requires_nothing(text: str, syntax: Syntax) -> None:
    file = hcl.parse(text, filename="override.hcl", syntax=syntax)
    (block,) = file.body.content(INSTANCES)[0].blocks
    found = hcl.decode_body(block, Instance, override=True)
    assert found.ok and found.diagnostics == []
    # "ami" is required but not set here: there is no object, only what is set.
    assert found.value is None
    assert found.fields == {
        "kind": "web",
        "name": "a",
        "size": "large",
        "lifecycle": Lifecycle(prevent_destroy=True),
    }
    # The same body decoded normally misses "ami".
    assert [d.summary for d in hcl.decode_body(block, Instance).diagnostics] == [
        "Missing required argument"
    ]


def test_an_override_that_sets_everything_gives_the_object() -> None:
    text = 'instance "web" "a" {\n  ami = "ami-1"\n}\n'
    (block,) = hcl.parse(text).body.content(INSTANCES)[0].blocks
    found = hcl.decode_body(block, Instance, override=True)
    assert found.value == Instance("web", "a", "ami-1")


def test_an_override_still_reports_its_mistakes() -> None:
    text = 'instance "web" "a" {\n  size = 3\n  sise = "x"\n}\n'
    (block,) = hcl.parse(text, filename="o.hcl").body.content(INSTANCES)[0].blocks
    found = hcl.decode_body(block, Instance, override=True)
    assert [(d.summary, str(d.subject)) for d in found.diagnostics] == [
        ("Unsupported argument", span(text, "sise", filename="o.hcl")),
    ]
    assert found.fields["size"] == "3"
