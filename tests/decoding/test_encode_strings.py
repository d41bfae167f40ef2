"""Strings that no UTF-8 file can hold (lone surrogates) are refused by ``dumps`` and
``update_document`` in both syntaxes, with where they are."""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any

import pytest

import hcldecode as hcl
from hcldecode.write import parse_document

ENDING = "is a lone surrogate (U+DFFF), which UTF-8 cannot encode"


@dataclasses.dataclass
class Listener:
    name: Annotated[str, hcl.label()]
    port: int = 80


@dataclasses.dataclass
class Config:
    region: str = "r"
    tags: dict[str, list[str]] = dataclasses.field(default_factory=dict)
    listeners: Annotated[list[Listener], hcl.block("listener")] = dataclasses.field(
        default_factory=list
    )
    env: Annotated[dict[str, str], hcl.block()] = dataclasses.field(default_factory=dict)
    extra: Annotated[dict[str, Any], hcl.remain()] = dataclasses.field(default_factory=dict)


CASES = [
    (Config(region="eu\udfff"), f"region: character 2 of the string {ENDING}"),
    (Config(tags={"k": ["a", "bc\udfff"]}), f'tags["k"][1]: character 2 of the string {ENDING}'),
    (Config(tags={"k\udfff": []}), f'tags: character 1 of the key "k\\udfff" {ENDING}'),
    (
        Config(listeners=[Listener("h\udfff")]),
        f"listeners: name: character 1 of the label {ENDING}",
    ),
    (Config(env={"A": "\udfff"}), f'env["A"]: character 0 of the string {ENDING}'),
    (
        Config(env={"A\udfff": "1"}),
        f'env["A\\udfff"]: character 1 of the name "A\\udfff" {ENDING}',
    ),
    (Config(extra={"x": {"y": "\udfff"}}), f'extra["x"]["y"]: character 0 of the string {ENDING}'),
]


@pytest.mark.parametrize("syntax", ["native", "json"])
@pytest.mark.parametrize(("obj", "message"), CASES)
def test_dumps_refuses_lone_surrogates(obj: Config, message: str, syntax: str) -> None:
    with pytest.raises(ValueError) as info:
        hcl.dumps(obj, syntax=syntax)  # type: ignore[arg-type]
    assert str(info.value) == message


@pytest.mark.parametrize(("obj", "message"), CASES)
def test_update_document_refuses_lone_surrogates(obj: Config, message: str) -> None:
    doc, _ = parse_document('region = "x" # kept\n')
    assert doc is not None
    with pytest.raises(ValueError) as info:
        hcl.update_document(doc, obj)
    assert str(info.value) == message
    assert doc.text == 'region = "x" # kept\n'


def test_escaped_bytes_in_strings_are_refused_too() -> None:
    # U+DC80 to U+DCFF stand for bytes of a file that is not UTF-8 ("surrogateescape"):
    # in a string they would write a file no reader accepts.
    with pytest.raises(ValueError) as info:
        hcl.dumps(Config(region="\udcff"), syntax="json")
    assert str(info.value) == (
        "region: character 0 of the string is a lone surrogate (U+DCFF), which UTF-8 cannot encode"
    )
