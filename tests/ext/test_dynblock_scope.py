"""Dynamic blocks: what the iterator reaches, and bodies read in several steps.

The iterator is visible to everything inside ``content``, the attributes of
free-form blocks (read with ``just_attributes``) included, as in Nomad's
fork of HCL (its ``TestParseDynamic``), where upstream dynblock leaves them
out; it shadows a variable of the same name. A body read partly by one
class and then by another behaves as it does without dynamic blocks.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated

import pytest

import hcldecode as hcl
from hcldecode.ext import dynblock
from hcldecode.model import AttributeSchema, BlockHeaderSchema, BodySchema


@dataclasses.dataclass
class Group:
    name: Annotated[str, hcl.label()]
    count: str = ""
    meta: Annotated[dict[str, str], hcl.block()] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass
class Job:
    group: Annotated[list[Group], hcl.block()] = dataclasses.field(default_factory=list)


NATIVE = """\
dynamic "group" {
  for_each = ["a", "b"]
  labels   = [group.value]
  content {
    count = group.value
    meta {
      NAME = group.value
      KEY  = "${group.key}"
    }
  }
}
"""

JSON = """\
{"dynamic": {"group": {
  "for_each": ["a", "b"],
  "labels": ["${group.value}"],
  "content": {"count": "${group.value}", "meta": {"NAME": "${group.value}", "KEY": "${group.key}"}}
}}}
"""

EXPECTED = Job(
    [Group("a", "a", {"NAME": "a", "KEY": "0"}), Group("b", "b", {"NAME": "b", "KEY": "1"})]
)


@pytest.mark.parametrize(("text", "syntax"), [(NATIVE, "native"), (JSON, "json")])
def test_free_form_blocks_see_the_iterator(text: str, syntax: hcl.Syntax) -> None:
    decoder = hcl.Decoder(dynamic_blocks=True)
    assert decoder.loads(text, Job, syntax=syntax) == EXPECTED
    # with functions but no variables the iterator is the only variable
    decoder = hcl.Decoder(dynamic_blocks=True, functions={"upper": str.upper})
    assert decoder.loads(text, Job, syntax=syntax) == EXPECTED


@pytest.mark.parametrize(("text", "syntax"), [(NATIVE, "native"), (JSON, "json")])
def test_the_iterator_shadows_an_outer_variable(text: str, syntax: hcl.Syntax) -> None:
    decoder = hcl.Decoder(
        dynamic_blocks=True, variables={"group": {"value": "outer", "key": "outer"}}
    )
    assert decoder.loads(text, Job, syntax=syntax) == EXPECTED


def test_mistakes_in_free_form_blocks() -> None:
    text = NATIVE.replace("NAME = group.value", "NAME = group.nope")
    decoder = hcl.Decoder(dynamic_blocks=True)
    with pytest.raises(hcl.DecodeError) as info:
        decoder.loads(text, Job, filename="job.hcl")
    assert [(d.summary, d.detail, str(d.subject)) for d in info.value.diagnostics] == [
        (
            "Unsupported attribute",
            'This object does not have an attribute named "nope".',
            "job.hcl:7,19-24",
        ),
        (
            "Unsupported attribute",
            'This object does not have an attribute named "nope".',
            "job.hcl:7,19-24",
        ),
    ]


@dataclasses.dataclass
class Task:
    env: Annotated[dict[str, str], hcl.block()]


@dataclasses.dataclass
class Outer:
    name: Annotated[str, hcl.label()]
    task: Annotated[list[Task], hcl.block()]


@dataclasses.dataclass
class Top:
    outer: Annotated[list[Outer], hcl.block()]


def test_nested_free_form_blocks_see_every_iterator() -> None:
    text = """\
dynamic "outer" {
  for_each = {x = 1}
  labels   = [outer.key]
  content {
    dynamic "task" {
      for_each = [10, 20]
      content {
        env {
          V = "${outer.key}${outer.value}-${task.key}${task.value}"
        }
      }
    }
  }
}
"""
    decoder = hcl.Decoder(dynamic_blocks=True)
    assert decoder.loads(text, Top) == Top(
        [Outer("x", [Task({"V": "x1-010"}), Task({"V": "x1-120"})])]
    )


# --------------------------------------------------------------------------- reading in steps


@dataclasses.dataclass
class MetaAttribute:
    meta: dict[str, str] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass
class MetaBlock:
    meta: Annotated[dict[str, str], hcl.block()] = dataclasses.field(default_factory=dict)


@pytest.mark.parametrize("dynamic_blocks", [False, True])
@pytest.mark.parametrize(
    ("text", "first", "second", "expected"),
    [
        ('meta { a = "b" }\n', MetaAttribute, MetaBlock, MetaBlock({"a": "b"})),
        ('meta = { a = "b" }\n', MetaAttribute, MetaBlock, MetaBlock({})),
        ('meta = { a = "b" }\n', MetaBlock, MetaAttribute, MetaAttribute({"a": "b"})),
        ('meta { a = "b" }\n', MetaBlock, MetaAttribute, MetaAttribute({})),
        ('meta = { a = "b" }\nk = "v"\n', MetaAttribute, dict[str, str], {"k": "v"}),
        ('meta { a = "b" }\nk = "v"\n', MetaBlock, dict[str, str], {"k": "v"}),
    ],
)
def test_a_body_read_in_steps(
    text: str, first: type, second: type, expected: object, dynamic_blocks: bool
) -> None:
    decoder = hcl.Decoder(dynamic_blocks=dynamic_blocks)
    rest = decoder.decode_partial(hcl.parse(text), first).remaining
    assert rest is not None
    assert decoder.decode(rest, second) == expected


def test_remaining_bodies_hide_what_was_read() -> None:
    body = dynblock.expand(
        hcl.parse('meta = { a = "b" }\nk = "v"\nblk {}\n', filename="t.hcl").body
    )
    _, rest, diags = body.partial_content(
        BodySchema([AttributeSchema("meta")], [BlockHeaderSchema("blk")])
    )
    assert list(diags) == []
    attributes, diags = rest.just_attributes()
    assert (sorted(attributes), list(diags)) == (["k"], [])
    content, diags = rest.content(BodySchema([], [BlockHeaderSchema("meta")]))
    assert content.blocks == ()
    assert [(d.summary, d.detail, str(d.subject)) for d in diags] == [
        ("Unsupported argument", 'An argument named "k" is not expected here.', "t.hcl:2,1-2")
    ]
