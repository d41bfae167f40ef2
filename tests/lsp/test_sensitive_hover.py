"""The language server's hover of a reference to a sensitive variable shows
``(sensitive value)``, not the value, nor do its diagnostics."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsp_client import LspClient

pytestmark = pytest.mark.lsp

APP = """\
import dataclasses
from typing import Annotated

import hcldecode as hcl

decoder = hcl.Decoder(
    variables={"secrets": {"db_password": hcl.sensitive("hunter2")}, "region": "eu"},
    functions=hcl.STDLIB,
)


@dataclasses.dataclass
class Config:
    password: Annotated[str, hcl.attr(sensitive=True)]
    region: str = ""
    mode: str = ""
"""

TEXT = """\
password = secrets.db_password
region   = region
mode     = upper(secrets.db_password)
"""


def test_hover_and_diagnostics_hide_a_sensitive_variable(tmp_path: Path) -> None:
    (tmp_path / "app.py").write_text(APP, encoding="utf-8")
    client = LspClient(["--schema", f"{tmp_path / 'app.py'}:Config", "--debounce", "0.1"], tmp_path)
    client.initialize(tmp_path)
    try:
        uri = (tmp_path / "config.hcl").as_uri()
        client.open(uri, TEXT)
        published = client.diagnostics(uri)
        hovers = [client.hover(uri, 0, 25), client.hover(uri, 0, 13), client.hover(uri, 1, 13)]
    finally:
        assert client.stop() == 0
    assert [d["message"].split(":")[0] for d in published["diagnostics"]] == [
        "Sensitive value not allowed"
    ]
    assert [h["contents"]["value"].split("\n")[1] for h in hovers] == [
        "secrets.db_password = (sensitive value)",
        "secrets = (sensitive value)",
        'region = "eu"',
    ]
    assert "hunter2" not in repr((published, hovers))
