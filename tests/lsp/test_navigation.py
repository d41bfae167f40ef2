"""Go to definition and find references, over stdio: the names the schema module
declares referenceable (tests/data/lsp/nav_app.py's ``references``), in the native
and the JSON syntax, across the open documents."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lsp_client import LspClient, at

pytestmark = pytest.mark.lsp

APP = Path(__file__).resolve().parents[1] / "data" / "lsp" / "nav_app.py"

MAIN = """\
variable "region" {
  default = "eu"
}
locals {
  zone = "${var.region}-a"
  name = upper(var.region)
}
resource "server" "web" {
  zone = local.zone
}
"""
OTHER = """\
resource "server" "db" {
  peer = server.web.id
  where = local.zone
}
"""
JSON = """\
{
  "variable": {"size": {"default": 2}},
  "resource": {"disk": {"data": {"size": "${var.size}", "zone": "${local.zone}"}}}
}
"""


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LspClient]:
    root = tmp_path_factory.mktemp("nav")
    started = LspClient(["--schema", f"{APP}:Config"], root)
    started.initialize(root)
    yield started
    assert started.stop() == 0


def _loc(uri: str, line: int, start: int, end: int) -> dict[str, Any]:
    return {
        "uri": uri,
        "range": {
            "start": {"line": line, "character": start},
            "end": {"line": line, "character": end},
        },
    }


@pytest.fixture(scope="module")
def docs(client: LspClient, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str, str]:
    root = tmp_path_factory.mktemp("files")
    uris = (
        (root / "main.hcl").as_uri(),
        (root / "other.hcl").as_uri(),
        (root / "c.hcl.json").as_uri(),
    )
    for uri, text in zip(uris, (MAIN, OTHER, JSON), strict=True):
        client.open(uri, text)
        assert client.diagnostics(uri)["diagnostics"] == []
    return uris


def test_capabilities(tmp_path: Path) -> None:
    started = LspClient(["--schema", f"{APP}:Config"], tmp_path)
    capabilities = started.initialize(tmp_path)["capabilities"]
    assert started.stop() == 0
    assert capabilities["definitionProvider"] is True
    assert capabilities["referencesProvider"] is True


def test_definition_of_a_variable_a_local_and_a_resource(
    client: LspClient, docs: tuple[str, str, str]
) -> None:
    main, other, json = docs
    # var.region (on "region", and on "var") -> the variable block's label
    for column in (12, 15, 22):
        assert client.request("textDocument/definition", at(main, 4, column)) == [
            _loc(main, 0, 9, 17)
        ]
    # local.zone in another document -> the locals attribute
    assert client.request("textDocument/definition", at(other, 2, 12)) == [_loc(main, 4, 2, 6)]
    # server.web -> resource "server" "web", in the other document
    assert client.request("textDocument/definition", at(other, 1, 17)) == [_loc(main, 7, 18, 23)]
    # JSON: "${var.size}" -> the "size" key under "variable"; "${local.zone}" -> main's locals
    assert client.request("textDocument/definition", at(json, 2, 48)) == [_loc(json, 1, 15, 21)]
    assert client.request("textDocument/definition", at(json, 2, 70)) == [_loc(main, 4, 2, 6)]
    # not a reference: nothing
    assert client.request("textDocument/definition", at(main, 5, 10)) is None


def test_references_of_a_definition_and_of_a_use(
    client: LspClient, docs: tuple[str, str, str]
) -> None:
    main, other, json = docs
    # (documents in the order of their URIs)
    uses_of_zone = [_loc(json, 2, 67, 77), _loc(main, 8, 9, 19), _loc(other, 2, 10, 20)]
    params = {**at(main, 4, 3), "context": {"includeDeclaration": False}}
    assert client.request("textDocument/references", params) == uses_of_zone
    params = {**at(other, 2, 12), "context": {"includeDeclaration": True}}
    assert client.request("textDocument/references", params) == [
        uses_of_zone[0],
        _loc(main, 4, 2, 6),
        *uses_of_zone[1:],
    ]
    params = {**at(main, 0, 12), "context": {"includeDeclaration": True}}
    assert client.request("textDocument/references", params) == [
        _loc(main, 0, 9, 17),
        _loc(main, 4, 12, 22),
        _loc(main, 5, 15, 25),
    ]


def test_a_closed_document_is_no_longer_searched(
    client: LspClient, tmp_path_factory: pytest.TempPathFactory
) -> None:
    root = tmp_path_factory.mktemp("closed")
    first, second = (root / "a.hcl").as_uri(), (root / "b.hcl").as_uri()
    client.open(first, 'variable "x" {}\n')
    client.open(second, "locals {\n  y = var.x\n}\n")
    assert client.request("textDocument/definition", at(second, 1, 9)) == [_loc(first, 0, 9, 12)]
    client.close_document(first)
    assert client.request("textDocument/definition", at(second, 1, 9)) is None
    client.close_document(second)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"root": "var"}, "a Reference names either block= or attributes_of=, one of the two"),
        (
            {"root": "x", "block": "b", "attributes_of": "a"},
            "a Reference names either block= or attributes_of=, one of the two",
        ),
        ({"attributes_of": "locals"}, "a Reference with attributes_of= needs its root name"),
        ({"block": "resource", "labels": 0}, "a referenceable block has at least one label"),
    ],
)
def test_a_reference_that_says_nothing_is_refused(kwargs: dict[str, Any], message: str) -> None:
    from hcldecode.lsp import Reference  # noqa: PLC0415

    with pytest.raises(TypeError) as raised:
        Reference(**kwargs)
    assert str(raised.value) == message
