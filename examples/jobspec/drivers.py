"""Task drivers, each decoding the ``config`` blocks of its tasks in a later layer."""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass
class DockerConfig:
    image: str
    ports: list[int] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class ExecConfig:
    command: str
    args: list[str] = dataclasses.field(default_factory=list)


DRIVERS: dict[str, type] = {"docker": DockerConfig, "exec": ExecConfig}
