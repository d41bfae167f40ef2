"""A configuration with referenceable names, for go to definition and find
references (``references`` below)."""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any

import hcldecode as hcl
from hcldecode.lsp import Reference


@dataclasses.dataclass
class Variable:
    name: Annotated[str, hcl.label()]
    default: Any = None


@dataclasses.dataclass
class Resource:
    kind: Annotated[str, hcl.label()]
    name: Annotated[str, hcl.label()]
    options: Annotated[dict[str, hcl.Expression], hcl.remain()] = dataclasses.field(
        default_factory=dict
    )


@dataclasses.dataclass
class Config:
    variables: Annotated[list[Variable], hcl.block("variable")] = dataclasses.field(
        default_factory=list
    )
    locals: Annotated[list[hcl.Block], hcl.block("locals")] = dataclasses.field(
        default_factory=list
    )
    resources: Annotated[list[Resource], hcl.block("resource")] = dataclasses.field(
        default_factory=list
    )


references = [
    Reference("var", block="variable"),
    Reference("local", attributes_of="locals"),
    Reference(block="resource", labels=2),
]
