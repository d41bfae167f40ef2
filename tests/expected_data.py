"""Expected outputs kept as data files under ``tests/data/``, one folder per package.

Tables of expected results that are longer than the tests reading them live
there as JSON, so that a test file shows its inputs and its checks. The
tests compare against the loaded values exactly, as against literals.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data"


def load_expected(name: str) -> Any:
    """The JSON value of the file ``tests/data/<name>`` (e.g. ``ext/dynblock.json``)."""
    with (DATA / name).open(encoding="utf-8") as file:
        return json.load(file)
