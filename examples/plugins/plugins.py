"""Two plugins, each with its own configuration class."""

from __future__ import annotations

from typing import Annotated

import attrs

import hcldecode as hcl


@attrs.define
class Metrics:
    endpoint: str = "/metrics"
    interval: int = 60


@attrs.define
class MetricsPlugin:
    metrics: Annotated[Metrics, hcl.block()]


@attrs.define
class Provider:
    kind: Annotated[str, hcl.label()]
    issuer: str
    client_id: str
    scopes: list[str] = attrs.Factory(lambda: ["openid"])


@attrs.define
class AuthPlugin:
    providers: Annotated[list[Provider], hcl.block("auth")]


PLUGINS: dict[str, type] = {"metrics": MetricsPlugin, "auth": AuthPlugin}
