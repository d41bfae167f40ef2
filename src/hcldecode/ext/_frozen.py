"""Read-only copies of the mappings that the spec classes keep."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

__all__ = ["frozen_mapping"]


def frozen_mapping(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    """A read-only copy of ``mapping`` (later changes to ``mapping`` do not show).

    Meant as an ``attrs`` converter: the field's annotation gives the value
    type (a generic converter would hide it from mypy's attrs plugin).
    """
    return MappingProxyType(dict(mapping))
