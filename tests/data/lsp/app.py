"""The configuration classes the language server's tests serve (``--schema``)."""

from __future__ import annotations

import dataclasses
import enum
from typing import Annotated, Literal

import attrs

import hcldecode as hcl


class Level(enum.Enum):
    DEBUG = "debug"
    INFO = "info"


def shout(text: str) -> str:
    """The text in capitals, with an exclamation mark."""
    return text.upper() + "!"


decoder = hcl.Decoder(
    variables={"env": {"region": "eu", "zone": 2}},
    functions={"shout": shout, "upper": hcl.STDLIB["upper"]},
)


@dataclasses.dataclass
class Listener:
    name: Annotated[str, hcl.label()]
    port: int
    """The TCP port it listens on."""
    tls: bool = False
    protocol: Literal["http", "grpc"] = "http"


@dataclasses.dataclass
class Logging:
    level: Level = Level.INFO


@dataclasses.dataclass
class Config:
    service: str
    """The service's name, as the registry knows it."""
    replicas: int = 1
    listeners: Annotated[list[Listener], hcl.block("listener")] = dataclasses.field(
        default_factory=list
    )
    logging: Annotated[Logging | None, hcl.block()] = None


@dataclasses.dataclass
class Plugin:
    """A plugin's own file (plugins/*.hcl)."""

    plugin: str
    enabled: bool = True


@dataclasses.dataclass
class Core:
    """An application's core, for layered decoding (plugins decode what it leaves)."""

    listen: str


@attrs.define
class Metrics:
    interval: int = attrs.field(default=60, validator=attrs.validators.ge(1))
    """Seconds between two reports."""


@dataclasses.dataclass
class MetricsPlugin:
    metrics: Annotated[Metrics | None, hcl.block()] = None
