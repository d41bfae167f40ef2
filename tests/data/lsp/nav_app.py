"""A configuration with referenceable names, for go to definition and find
references (``references`` below), and labels of a few values (``Listener``)."""

from __future__ import annotations

import dataclasses
import enum
from typing import Annotated, Any, Literal

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


class Proto(enum.Enum):
    HTTP = "http"
    GRPC = "grpc"


@dataclasses.dataclass
class Listener:
    proto: Annotated[Proto, hcl.label()]
    kind: Annotated[Literal["tcp", "udp"], hcl.label()]
    port: int = 80


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
    listeners: Annotated[list[Listener], hcl.block("listener")] = dataclasses.field(
        default_factory=list
    )


references = [
    Reference("var", block="variable"),
    Reference("local", attributes_of="locals"),
    Reference(block="resource", labels=2),
]
