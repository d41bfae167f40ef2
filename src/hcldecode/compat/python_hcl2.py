"""python-hcl2 8.x's ``load``/``loads`` on hcldecode's parser (temporary header)."""

from __future__ import annotations

from typing import IO, Any

from ..native import parse_config
from ..model import HCLError
from ._pyhcl2_options import read_options
from ._pyhcl2_serialize import Serializer

__all__ = ["loads"]


def loads(text: str, *, serialization_options: object = None, **options: Any) -> dict[str, Any]:
    opts = read_options(serialization_options, options)
    file, diags = parse_config(text, "<string>")
    if diags.has_errors():
        raise HCLError(diags, {"<string>": file})
    return Serializer(text, opts, {}).body(file.body)
