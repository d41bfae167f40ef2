"""Expected outputs kept as data files under ``tests/data/``, one folder per package.

Tables of expected results that are longer than the tests reading them live
there as JSON, so that a test file shows its inputs and its checks. The
tests compare against the loaded values exactly, as against literals.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hcldecode.values import JSONNumber

DATA = Path(__file__).resolve().parent / "data"


def load_expected(name: str, *, exact_numbers: bool = False) -> Any:
    """The JSON value of the file ``tests/data/<name>`` (e.g. ``ext/dynblock.json``).

    With ``exact_numbers``, numbers with a fraction or an exponent are read as
    ``hcldecode.values.JSONNumber`` (which keeps their exact text, as
    ``value_from_json`` reads it) rather than as the nearest float.
    """
    with (DATA / name).open(encoding="utf-8") as file:
        if exact_numbers:
            return json.load(file, parse_float=JSONNumber)
        return json.load(file)
