"""A Terraform-like reading of a module: the top-level blocks and their headers.

Resource, data and module bodies are kept as bodies (``remain()``), to be
evaluated later, the way Terraform's first pass reads a configuration.
"""

from __future__ import annotations

from typing import Annotated

import attrs

import hcldecode as hcl


@attrs.define
class Variable:
    name: Annotated[str, hcl.label()]
    type: hcl.Expression | None = None
    default: hcl.Value | None = None
    description: str = ""
    sensitive: bool = False
    nullable: bool = True
    rest: Annotated[hcl.Body | None, hcl.remain()] = None


@attrs.define
class Output:
    name: Annotated[str, hcl.label()]
    value: hcl.Expression
    description: str = ""
    sensitive: bool = False
    rest: Annotated[hcl.Body | None, hcl.remain()] = None


@attrs.define
class Resource:
    type: Annotated[str, hcl.label()]
    name: Annotated[str, hcl.label()]
    count: hcl.Expression | None = None
    for_each: hcl.Expression | None = None
    config: Annotated[hcl.Body | None, hcl.remain()] = None


@attrs.define
class ModuleCall:
    name: Annotated[str, hcl.label()]
    source: str
    version: str | None = None
    config: Annotated[hcl.Body | None, hcl.remain()] = None


@attrs.define
class Locals:
    values: Annotated[hcl.Body | None, hcl.remain()] = None


@attrs.define
class Provider:
    name: Annotated[str, hcl.label()]
    config: Annotated[hcl.Body | None, hcl.remain()] = None


@attrs.define
class Settings:
    body: Annotated[hcl.Body | None, hcl.remain()] = None


@attrs.define
class Module:
    variables: Annotated[list[Variable], hcl.block("variable")] = attrs.Factory(list)
    outputs: Annotated[list[Output], hcl.block("output")] = attrs.Factory(list)
    resources: Annotated[list[Resource], hcl.block("resource")] = attrs.Factory(list)
    data: Annotated[list[Resource], hcl.block("data")] = attrs.Factory(list)
    modules: Annotated[list[ModuleCall], hcl.block("module")] = attrs.Factory(list)
    locals: Annotated[list[Locals], hcl.block("locals")] = attrs.Factory(list)
    terraform: Annotated[list[Settings], hcl.block("terraform")] = attrs.Factory(list)
    providers: Annotated[list[Provider], hcl.block("provider")] = attrs.Factory(list)
