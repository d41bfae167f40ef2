"""The configuration classes of the web-service example."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Literal

import attrs

import hcldecode as hcl


@attrs.define
class Listener:
    name: Annotated[str, hcl.label()]
    port: int = attrs.field(
        validator=attrs.validators.and_(attrs.validators.ge(1), attrs.validators.le(65535))
    )
    tls: bool = False


@attrs.define
class Health:
    path: str
    interval: int = 30


@attrs.define
class Backend:
    name: Annotated[str, hcl.label()]
    url: str
    timeout: Decimal = Decimal(5)
    weights: list[int] = attrs.Factory(list)
    health: Health | None = None


@attrs.define
class Logging:
    level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    format: Literal["text", "json"] = "text"


@attrs.define
class Service:
    service: str
    region: str
    replicas: int = 1
    tags: dict[str, str] = attrs.Factory(dict)
    listeners: Annotated[list[Listener], hcl.block("listener", min_items=1)] = attrs.Factory(list)
    backends: Annotated[dict[str, Backend], hcl.block("backend")] = attrs.Factory(dict)
    logging: Annotated[Logging | None, hcl.block()] = None
