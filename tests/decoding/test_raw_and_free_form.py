"""Raw pieces as field types, free-form attribute blocks, multi-label blocks."""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any

import pytest
from decoding_helpers import Syntax, problems, span

import hcldecode as hcl
from hcldecode.values import Value


@dataclasses.dataclass
class Instance:
    kind: Annotated[str, hcl.label()]
    name: Annotated[str, hcl.label()]
    size: str = "small"


@dataclasses.dataclass
class Module:
    source: hcl.Attribute
    version: hcl.Attribute | None = None
    env: Annotated[dict[str, str], hcl.block()] = dataclasses.field(default_factory=dict)
    resources: Annotated[dict[str, dict[str, Instance]], hcl.block("resource")] = dataclasses.field(
        default_factory=dict
    )
    later: Annotated[list[hcl.Block], hcl.block("provisioner", labels=["type"])] = (
        dataclasses.field(default_factory=list)
    )
    locals: Annotated[dict[str, hcl.Expression] | None, hcl.block()] = None


NATIVE = """\
source = "./vpc"
env {
  REGION = "eu"
  COUNT  = 3
}
resource "aws_vpc" "main" {
  size = "large"
}
resource "aws_vpc" "spare" {}
resource "aws_subnet" "a" {}
provisioner "shell" {
  inline = ["echo hi"]
}
locals {
  name = var.prefix
}
"""
JSON = """\
{
  "source": "./vpc",
  "env": {"REGION": "eu", "COUNT": 3},
  "resource": {
    "aws_vpc": {"main": {"size": "large"}, "spare": {}},
    "aws_subnet": {"a": {}}
  },
  "provisioner": {"shell": {"inline": ["echo hi"]}},
  "locals": {"name": "${var.prefix}"}
}
"""


@pytest.mark.parametrize(("text", "syntax"), [(NATIVE, "native"), (JSON, "json")])
def test_raw_pieces_free_form_blocks_and_multi_label_blocks(text: str, syntax: Syntax) -> None:
    module = hcl.loads(text, Module, filename="m.hcl", syntax=syntax)
    assert module.source.name == "source"
    assert module.source.expr.value(None)[0] == Value.string("./vpc")
    assert module.version is None
    # A free-form block: its attributes converted to the dict's value type.
    assert module.env == {"REGION": "eu", "COUNT": "3"}
    assert module.resources == {
        "aws_vpc": {
            "main": Instance("aws_vpc", "main", "large"),
            "spare": Instance("aws_vpc", "spare"),
        },
        "aws_subnet": {"a": Instance("aws_subnet", "a")},
    }
    # Raw blocks are kept, unchecked, for later decoding.
    (provisioner,) = module.later
    assert (provisioner.type, provisioner.labels) == ("provisioner", ("shell",))
    attributes, diags = provisioner.body.just_attributes()
    assert list(attributes) == ["inline"] and diags == []
    assert module.locals is not None
    (expr,) = module.locals.values()
    assert [str(t) for t in expr.variables()] == ["var.prefix"]


def test_a_free_form_block_reports_values_that_do_not_fit_and_blocks_inside() -> None:
    @dataclasses.dataclass
    class Config:
        limits: Annotated[dict[str, int], hcl.block()]

    text = 'limits {\n  cpu = "many"\n  nested {}\n}\n'
    assert problems(text, Config) == [
        (
            "Unsuitable value type",
            "Unsuitable value: a number is required.",
            span(text, '"many"'),
        ),
        (
            'Unexpected "nested" block',
            "Blocks are not allowed here.",
            span(text, "nested"),
        ),
    ]


def test_a_repeated_pair_of_labels_is_an_error() -> None:
    text = 'resource "a" "b" {}\nresource "a" "b" {}\n'

    @dataclasses.dataclass
    class Config:
        resources: Annotated[dict[str, dict[str, Instance]], hcl.block("resource")]

    assert problems(text, Config) == [
        (
            "Duplicate resource block",
            'A block for resource "a" "b" was already defined. The resource labels must be unique.',
            span(text, 'resource "a" "b"', 1),
        )
    ]


def test_remain_as_a_dict_of_attributes() -> None:
    @dataclasses.dataclass
    class Config:
        name: str
        rest: Annotated[dict[str, Any], hcl.remain()]

    config = hcl.loads('name = "x"\nimage = "nginx"\nports = ["http"]\n', Config)
    assert config.rest == {"image": "nginx", "ports": ["http"]}

    @dataclasses.dataclass
    class Raw:
        rest: Annotated[dict[str, hcl.Attribute], hcl.remain()]

    raw = hcl.loads("a = b\n", Raw, filename="t.hcl")
    assert str(raw.rest["a"].range) == "t.hcl:1,1-6"


def test_raw_block_labels_are_only_for_raw_blocks() -> None:
    @dataclasses.dataclass
    class Bad:
        things: Annotated[list[Instance], hcl.block(labels=["kind"])]

    with pytest.raises(hcl.SchemaError, match=r"block\(labels=...\) is for fields of hcl.Block"):
        hcl.schema_of(Bad)
    with pytest.raises(TypeError, match="labels must be a sequence of label names"):
        hcl.block(labels="kind")
