"""hcldecode and hcldecode.lsp import without pygls: only serving needs it."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from hcldecode import Decoder
from hcldecode.lsp import Schema, serve


@dataclasses.dataclass
class Config:
    name: str


def test_importing_never_imports_pygls() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, hcldecode, hcldecode.lsp, hcldecode.cli; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pygls', 'lsprotocol')))",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout == "[]\n"


def test_serve_takes_a_class_or_schemas() -> None:
    with pytest.raises(TypeError) as raised:
        serve([Config], Decoder())  # type: ignore[list-item]
    assert str(raised.value) == (
        "serve() takes a configuration class (and its decoder), or a sequence of Schema"
    )
    assert Schema(Config, patterns="*.hcl").patterns == ("*.hcl",)
