"""hcldecode and hcldecode.lsp import without pygls: only serving needs it."""

from __future__ import annotations

import subprocess
import sys


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
