"""Completion of label values, over stdio: the labels of a block whose class has
``Literal``/``Enum`` label fields (tests/data/lsp/nav_app.py's ``Listener``), and the
diagnostic of a label that names no choice, in the native and the JSON syntax."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from lsp_client import LspClient, completion_items

pytestmark = pytest.mark.lsp

APP = Path(__file__).resolve().parents[1] / "data" / "lsp" / "nav_app.py"
ENUM_MEMBER = 20


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LspClient]:
    root = tmp_path_factory.mktemp("labels")
    started = LspClient(["--schema", f"{APP}:Config"], root)
    started.initialize(root)
    yield started
    assert started.stop() == 0


def test_native_label_values(client: LspClient, tmp_path: Path) -> None:
    uri = (tmp_path / "a.hcl").as_uri()
    client.open(uri, 'listener "ht" {}\nlistener "grpc" \nlistener "grpc" "u\n')
    client.diagnostics(uri)
    # inside the first label, begun: the texts, replacing from after the quote
    assert completion_items(client.completion(uri, 0, 12)) == [
        ("http", ENUM_MEMBER, "listener label proto", "http", 10),
        ("grpc", ENUM_MEMBER, "listener label proto", "grpc", 10),
    ]
    # after the first label, none begun: the second label's texts, quoted
    assert completion_items(client.completion(uri, 1, 16)) == [
        ("tcp", ENUM_MEMBER, "listener label kind", '"tcp"', 16),
        ("udp", ENUM_MEMBER, "listener label kind", '"udp"', 16),
    ]
    assert completion_items(client.completion(uri, 2, 18)) == [
        ("tcp", ENUM_MEMBER, "listener label kind", "tcp", 17),
        ("udp", ENUM_MEMBER, "listener label kind", "udp", 17),
    ]
    # inside a label already written: its texts too
    assert completion_items(client.completion(uri, 2, 11)) == [
        ("http", ENUM_MEMBER, "listener label proto", "http", 10),
        ("grpc", ENUM_MEMBER, "listener label proto", "grpc", 10),
    ]
    client.close_document(uri)
    client.diagnostics(uri)


def test_no_label_values_for_str_labels(client: LspClient, tmp_path: Path) -> None:
    uri = (tmp_path / "b.hcl").as_uri()
    client.open(uri, 'variable "\n')
    client.diagnostics(uri)
    assert completion_items(client.completion(uri, 0, 10)) == []
    client.close_document(uri)
    client.diagnostics(uri)


def test_json_label_values(client: LspClient, tmp_path: Path) -> None:
    uri = (tmp_path / "c.hcl.json").as_uri()
    client.open(uri, '{"listener": {"gr": {"')
    client.diagnostics(uri)
    assert completion_items(client.completion(uri, 0, 17)) == [
        ("http", ENUM_MEMBER, "listener label proto", "http", 15),
        ("grpc", ENUM_MEMBER, "listener label proto", "grpc", 15),
    ]
    assert completion_items(client.completion(uri, 0, 22)) == [
        ("tcp", ENUM_MEMBER, "listener label kind", "tcp", 22),
        ("udp", ENUM_MEMBER, "listener label kind", "udp", 22),
    ]
    client.close_document(uri)
    client.diagnostics(uri)


def test_a_label_that_names_no_choice(client: LspClient, tmp_path: Path) -> None:
    uri = (tmp_path / "d.hcl").as_uri()
    client.open(uri, 'listener "htp" "tcp" {}\n')
    assert client.diagnostics(uri)["diagnostics"] == [
        {
            "range": {
                "start": {"line": 0, "character": 9},
                "end": {"line": 0, "character": 14},
            },
            "message": 'Invalid block label: The "proto" label of the listener block is not '
            'valid: "htp" is not one of "http", "grpc". Did you mean "http"?',
            "severity": 1,
            "source": "hcldecode",
        }
    ]
    client.close_document(uri)
    client.diagnostics(uri)
