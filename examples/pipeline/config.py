"""The configuration classes of the CI-pipeline example."""

from __future__ import annotations

import dataclasses
import enum
from typing import Annotated

import hcldecode as hcl


class When(enum.Enum):
    ALWAYS = "always"
    ON_FAILURE = "on_failure"
    MANUAL = "manual"


@dataclasses.dataclass
class Job:
    name: Annotated[str, hcl.label()]
    stage: str
    image: str
    script: list[str]
    needs: frozenset[str] = frozenset()
    artifacts: tuple[str, ...] = ()
    retries: int = 0
    when: When = When.ALWAYS
    defined_at: Annotated[hcl.Range | None, hcl.def_range()] = None


@dataclasses.dataclass
class Pipeline:
    name: str
    stages: list[str]
    timeout: str
    env: dict[str, str] = dataclasses.field(default_factory=dict)
    jobs: Annotated[list[Job], hcl.block("job", min_items=1)] = dataclasses.field(
        default_factory=list
    )
