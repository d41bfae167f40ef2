"""The configuration classes of the decoding issue's own example, shared by several tests."""

from __future__ import annotations

from typing import Annotated

import attrs

import hcldecode as hcl


@attrs.define
class Listener:
    name: Annotated[str, hcl.label()]
    port: int
    tls: bool = False


@attrs.define
class Logging:
    level: str = "info"


@attrs.define
class Config:
    service: str
    replicas: Annotated[int, hcl.attr("replica_count")] = 1
    tags: dict[str, str] = attrs.Factory(dict)
    listeners: Annotated[list[Listener], hcl.block("listener")] = attrs.Factory(list)
    logging: Annotated[Logging | None, hcl.block()] = None


@attrs.define
class ConfigWithRest(Config):
    """The example's class exactly, with its field for what it does not claim."""

    extra: Annotated[hcl.Body | None, hcl.remain()] = None
