"""Blocks that may be given as attributes (block(or_attribute=True)), and blocks the
application decodes itself (Decoder(block_decoders=...))."""

from __future__ import annotations

import dataclasses
from typing import Annotated

import pytest
from decoding_helpers import problems, span

import hcldecode as hcl
from hcldecode.model import Diagnostic, EvalContext


@dataclasses.dataclass
class Rule:
    port: int
    cidr: str = "0.0.0.0/0"


@dataclasses.dataclass
class Task:
    env: Annotated[dict[str, str], hcl.block(or_attribute=True)] = dataclasses.field(
        default_factory=dict
    )
    ingress: Annotated[list[Rule], hcl.block(or_attribute=True)] = dataclasses.field(
        default_factory=list
    )
    limits: Annotated[Rule | None, hcl.block(or_attribute=True)] = None


AS_BLOCKS = 'env {\n  A = "x"\n}\ningress {\n  port = 80\n}\ningress {\n  port = 443\n}\n'
AS_ATTRIBUTES = (
    'env = { A = "x" }\ningress = [{ port = 80 }, { port = 443 }]\nlimits = { port = 1 }\n'
)


def test_blocks_and_attributes_give_the_same_value() -> None:
    expected = Task({"A": "x"}, [Rule(80), Rule(443)])
    assert hcl.loads(AS_BLOCKS, Task) == expected
    assert hcl.loads(AS_ATTRIBUTES, Task) == dataclasses.replace(expected, limits=Rule(1))
    json = '{"env": {"A": "x"}, "ingress": [{"port": 80}, {"port": 443}]}'
    assert hcl.loads(json, Task, syntax="json") == expected


def test_both_forms_at_once_is_an_error_and_typos_are_still_found() -> None:
    text = 'env = { A = "x" }\nenv {\n  B = "y"\n}\ningress = [{ port = "x" }]\nenvv = 1\n'
    assert problems(text, Task) == [
        (
            "Duplicate env definition",
            '"env" is given as an argument here and as a block at t.hcl:2,1-4; give one or '
            "the other.",
            span(text, "env"),
        ),
        (
            "Unsuitable value type",
            'Unsuitable value: element 0: attribute "port": a number is required.',
            span(text, '"x"', 1),
        ),
        (
            "Unsupported argument",
            'An argument named "envv" is not expected here.',
            span(text, "envv"),
        ),
    ]


def test_a_required_block_given_as_null_is_missing() -> None:
    @dataclasses.dataclass
    class Needs:
        rule: Annotated[Rule, hcl.block(or_attribute=True)]

    assert problems("rule = null\n", Needs) == [
        (
            "Missing required argument",
            'The argument "rule" is required, but it is set to null.',
            "t.hcl:1,8-12",
        )
    ]


@dataclasses.dataclass
class Named:
    name: Annotated[str, hcl.label()]


@dataclasses.dataclass
class WithLabels:
    named: Annotated[list[Named], hcl.block(or_attribute=True)]


def test_blocks_with_labels_cannot_be_attributes() -> None:
    with pytest.raises(hcl.SchemaError) as info:
        hcl.schema_of(WithLabels)
    assert str(info.value) == (
        "WithLabels.named: as an attribute (or_attribute=True), Named is used as an "
        "attribute value, so its fields must be plain attributes; 'name' is not"
    )


# --------------------------------------------------------------------------- block decoders


class Duration:
    """A type hcldecode knows nothing of, decoded from a block of units."""

    def __init__(self, seconds: int) -> None:
        self.seconds = seconds

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Duration) and other.seconds == self.seconds

    __hash__ = None  # type: ignore[assignment]


def decode_duration(block: hcl.Block, ctx: EvalContext | None) -> hcl.Decoded[Duration]:
    attributes, diags = block.body.just_attributes()
    total = 0
    for name, attribute in attributes.items():
        value, found = attribute.expr.value(ctx)
        diags.extend(found)
        if name not in ("minutes", "seconds"):
            diags.append(
                Diagnostic.error("Unknown unit", f"{name} is no unit.", attribute.name_range)
            )
        elif not found.has_errors():
            total += (60 if name == "minutes" else 1) * value.as_int()
    return hcl.Decoded(Duration(total), {}, diags)


@dataclasses.dataclass
class Service:
    timeouts: Annotated[dict[str, Duration], hcl.block("timeout", labels=["operation"])]
    wait: Annotated[Duration | None, hcl.block()] = None


def test_a_decoder_decodes_the_blocks_of_a_type_with_the_application_s_function() -> None:
    decoder = hcl.Decoder(block_decoders={Duration: decode_duration})
    text = 'timeout "create" {\n  minutes = 2\n  seconds = 5\n}\nwait {\n  seconds = 1\n}\n'
    assert decoder.loads(text, Service) == Service({"create": Duration(125)}, Duration(1))
    text = 'timeout "create" {\n  hours = 2\n}\n'
    with pytest.raises(hcl.DecodeError) as info:
        decoder.loads(text, Service, filename="t.hcl")
    assert [(d.summary, d.detail, str(d.subject)) for d in info.value.diagnostics] == [
        ("Unknown unit", "hours is no unit.", span(text, "hours"))
    ]
    with pytest.raises(hcl.SchemaError) as schema_error:  # other decoders do not know it
        hcl.schema_of(Service)
    assert str(schema_error.value) == (
        "Service.timeouts: block(labels=...) is for fields of hcl.Block, or of a type with a "
        "block decoder of its own"
    )


def test_a_block_decoder_that_gives_neither_object_nor_error_is_the_program_s_mistake() -> None:
    decoder = hcl.Decoder(
        block_decoders={Duration: lambda block, ctx: hcl.Decoded(None, {}, hcl.Diagnostics())}
    )
    with pytest.raises(TypeError) as info:
        decoder.loads("wait {\n}\n", Service, filename="t.hcl")
    assert str(info.value) == (
        "the block decoder of Duration gave no object and no error for the wait block at "
        "t.hcl:1,1-5"
    )
