"""The classes of a Nomad-style job file: variables, locals and one job of groups of tasks.

A task's ``config`` block belongs to its driver, which decodes it later
(``drivers.py``): here it is kept as it is (``hcl.Block``). ``env`` and
``meta`` may be written as blocks or as attributes, as Nomad allows.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated

import hcldecode as hcl


@dataclasses.dataclass
class Variable:
    name: Annotated[str, hcl.label()]
    where: Annotated[hcl.Range, hcl.def_range()]
    type: hcl.Expression | None = None
    default: hcl.Expression | None = None
    description: str = ""


@dataclasses.dataclass
class Resources:
    cpu: int = 100
    memory: int = 300


@dataclasses.dataclass
class Task:
    name: Annotated[str, hcl.label()]
    where: Annotated[hcl.Range, hcl.def_range()]
    driver: str
    config: Annotated[hcl.Block, hcl.block()]
    env: Annotated[dict[str, str], hcl.block(or_attribute=True)] = dataclasses.field(
        default_factory=dict
    )
    resources: Annotated[Resources, hcl.block()] = dataclasses.field(default_factory=Resources)


@dataclasses.dataclass
class Group:
    name: Annotated[str, hcl.label()]
    tasks: Annotated[list[Task], hcl.block("task", min_items=1)]
    count: int = 1


@dataclasses.dataclass
class Job:
    name: Annotated[str, hcl.label()]
    datacenters: list[str]
    groups: Annotated[list[Group], hcl.block("group", min_items=1)]
    meta: Annotated[dict[str, str], hcl.block(or_attribute=True)] = dataclasses.field(
        default_factory=dict
    )


@dataclasses.dataclass
class JobFile:
    """The first layer: what the rest is evaluated with, and the job kept for later."""

    variables: Annotated[dict[str, Variable], hcl.block("variable")]
    locals: Annotated[list[hcl.Block], hcl.block("locals")]
    job: Annotated[hcl.Block, hcl.block("job", labels=["name"])]
