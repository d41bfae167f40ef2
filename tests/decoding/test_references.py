"""The variables a decode of a class would read, at every level, in source order."""

from __future__ import annotations

import dataclasses
from typing import Annotated

from decoding_helpers import span

import hcldecode as hcl
from hcldecode.decoding import references


@dataclasses.dataclass
class Port:
    number: int


@dataclasses.dataclass
class Extra:
    colour: str = ""


@dataclasses.dataclass
class App:
    name: str
    env: Annotated[dict[str, str], hcl.block()] = dataclasses.field(default_factory=dict)
    ports: Annotated[list[Port], hcl.block("port", or_attribute=True)] = dataclasses.field(
        default_factory=list
    )
    raw: Annotated[list[hcl.Block], hcl.block("hook")] = dataclasses.field(default_factory=list)
    extra: Annotated[Extra, hcl.remain()] = dataclasses.field(default_factory=Extra)


TEXT = """\
name = "${var.a}-${local.b}"
env {
  K = var.k
}
port {
  number = count.index + var.n[0]
}
hook {
  run = var.hidden
}
colour = local.colour
unknown = var.zzz
"""


def test_every_reference_a_decode_would_read_in_source_order() -> None:
    found = references(hcl.parse(TEXT, filename="t.hcl"), App)
    assert [(str(t.range), t.root_name) for t in found] == [
        (span(TEXT, "var.a"), "var"),
        (span(TEXT, "local.b"), "local"),
        (span(TEXT, "var.k"), "var"),
        (span(TEXT, "count.index"), "count"),
        (span(TEXT, "var.n[0]"), "var"),
        (span(TEXT, "local.colour"), "local"),
    ]


def test_the_attribute_form_of_a_block_field_is_read_too() -> None:
    text = "name = var.a\nport = [{ number = var.p }]\n"
    found = hcl.Decoder().references(hcl.parse(text, filename="t.hcl"), App)
    assert [str(t.range) for t in found] == [span(text, "var.a"), span(text, "var.p")]
