"""Label fields of a ``Literal`` of strings or an ``Enum`` of string values: the
label names the choice; one it does not name is an error at the label, with the
choices (as a ``Literal``/``Enum`` attribute's value says them) and a suggestion."""

from __future__ import annotations

import dataclasses
import enum
from typing import Annotated, Literal

import pytest
from decoding_helpers import problems, span

import hcldecode as hcl


class Proto(enum.Enum):
    HTTP = "http"
    GRPC = "grpc"


@dataclasses.dataclass
class Listener:
    proto: Annotated[Proto, hcl.label()]
    kind: Annotated[Literal["tcp", "udp"] | None, hcl.label()] = None
    port: int = 80


@dataclasses.dataclass
class Config:
    listeners: Annotated[list[Listener], hcl.block("listener")]


def test_a_label_names_its_choice() -> None:
    config = hcl.loads('listener "grpc" "udp" {}\nlistener "http" {}\n', Config)
    assert config == Config([Listener(Proto.GRPC, "udp"), Listener(Proto.HTTP)])


def test_choices_are_written_back_as_their_text() -> None:
    config = Config([Listener(Proto.GRPC, "udp", 81), Listener(Proto.HTTP)])
    text = hcl.dumps(config)
    assert text == 'listener "grpc" "udp" {\n  port = 81\n}\n\nlistener "http" {\n}\n'
    assert hcl.loads(text, Config) == config


NATIVE = 'listener "htp" "tcp" {}\nlistener "grpc" "sctp" {}\nlistener "quic" {\n  port = 1\n}\n'
JSON = '{"listener": {"htp": {"tcp": {}}, "grpc": {"sctp": {}}, "quic": {"port": 1}}}'


@pytest.mark.parametrize("syntax", ["native", "json"])
def test_a_label_that_names_no_choice(syntax: Literal["native", "json"]) -> None:
    text = NATIVE if syntax == "native" else JSON
    assert problems(text, Config, syntax=syntax) == [
        (
            "Invalid block label",
            'The "proto" label of the listener block is not valid: "htp" is not one of '
            '"http", "grpc". Did you mean "http"?',
            span(text, '"htp"'),
        ),
        (
            "Invalid block label",
            'The "kind" label of the listener block is not valid: "sctp" is not one of '
            '"tcp", "udp". Did you mean "tcp"?',
            span(text, '"sctp"'),
        ),
        (
            "Invalid block label",
            'The "proto" label of the listener block is not valid: "quic" is not one of '
            '"http", "grpc".',
            span(text, '"quic"'),
        ),
    ]


class Size(enum.Enum):
    SMALL = 1


@dataclasses.dataclass
class NumberLabel:
    kind: Annotated[Literal[1, 2], hcl.label()]


@dataclasses.dataclass
class MixedLabel:
    kind: Annotated[Literal["a", 1], hcl.label()]


@dataclasses.dataclass
class SizeLabel:
    kind: Annotated[Size, hcl.label()]


@dataclasses.dataclass
class Holder:
    numbers: Annotated[list[NumberLabel], hcl.block()]


@dataclasses.dataclass
class MixedHolder:
    mixed: Annotated[list[MixedLabel], hcl.block()]


@dataclasses.dataclass
class SizeHolder:
    sizes: Annotated[list[SizeLabel], hcl.block()]


@pytest.mark.parametrize(
    ("holder", "where", "shown"),
    [
        (Holder, "NumberLabel", "typing.Literal[1, 2]"),
        (MixedHolder, "MixedLabel", "typing.Literal['a', 1]"),
        (SizeHolder, "SizeLabel", repr(Size)),
    ],
)
def test_a_label_of_other_choices_is_a_schema_error(holder: type, where: str, shown: str) -> None:
    with pytest.raises(hcl.SchemaError) as info:
        hcl.schema_of(holder)
    assert str(info.value) == (
        f"{where}.kind: a label field must be of type str, a Literal of strings or an Enum of "
        f"string values (or one of them | None with a default, for an optional label), not {shown}"
    )
