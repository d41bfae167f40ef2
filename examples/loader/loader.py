"""A loader for a small deployment language, written the way docs/loaders.md recommends.

A configuration is a folder of ``.hcl`` files: ``service "KIND" "NAME"``
blocks with the meta-arguments ``count`` and ``depends_on`` and a nested
``lifecycle`` block, and ``variable "NAME"`` blocks. Files named
``*_override.hcl`` are read last, and what each of their blocks sets
replaces the same block's settings, attribute by attribute, as Terraform
does. Besides HCL's own diagnostics, the loader checks its own rules:
``count`` is not negative, ``depends_on`` names services that exist, a
service is defined once.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Annotated, Any

import hcldecode as hcl
from hcldecode.model import BlockHeaderSchema, BodySchema, File, abs_traversal_for_expr, expr_list


@dataclasses.dataclass
class Lifecycle:
    prevent_destroy: bool = False
    ignore_changes: list[str] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class Service:
    kind: Annotated[str, hcl.label()]
    name: Annotated[str, hcl.label()]
    image: str
    count: int = 1
    depends_on: hcl.Attribute | None = None
    lifecycle: Annotated[Lifecycle | None, hcl.block()] = None
    count_at: Annotated[hcl.Range | None, hcl.attr_range("count", part="value")] = None


@dataclasses.dataclass
class Variable:
    name: Annotated[str, hcl.label()]
    default: Annotated[Any, hcl.attr(null="value")] = None
    description: str = ""


TOP = BodySchema(
    blocks=[
        BlockHeaderSchema("service", ("kind", "name")),
        BlockHeaderSchema("variable", ("name",)),
    ]
)


@dataclasses.dataclass
class Config:
    services: dict[tuple[str, str], Service]
    variables: dict[str, Variable]
    #: Every service defined, including those with errors (for references).
    declared: set[tuple[str, str]] = dataclasses.field(default_factory=set)


def load(folder: Path) -> tuple[Config, hcl.Diagnostics, dict[str, File]]:
    """Every service and variable of ``folder``, every diagnostic, and the files read."""
    diags = hcl.Diagnostics()
    files: dict[str, File] = {}
    config = Config({}, {})
    paths = sorted(folder.glob("*.hcl"), key=lambda p: (p.stem.endswith("_override"), p.name))
    for path in paths:
        parsed = hcl.parse_config_file(path)  # the file and its syntax errors: a Decoded
        file = parsed.value  # still usable after syntax errors
        assert file is not None  # a parse always gives the file
        files[file.filename] = file
        diags.extend(parsed.diagnostics)
        content, found = file.body.content(TOP)
        diags.extend(found)
        override = path.stem.endswith("_override")
        for block in content.blocks:
            if block.type == "service":
                _service(block, config, override, diags)
            else:
                _variable(block, config, diags)
    for service in config.services.values():
        diags.extend(_check_depends_on(service, config))
    return config, diags, files


def _service(block: hcl.Block, config: Config, override: bool, diags: hcl.Diagnostics) -> None:
    key = (block.labels[0], block.labels[1])
    found = hcl.decode_body(block, Service, override=override)
    diags.extend(found.diagnostics)
    if override:
        base = config.services.get(key)
        if base is None:
            diags.append(
                hcl.Diagnostic.error(
                    "Missing service to override",
                    f'There is no service "{key[0]}" "{key[1]}" to override.',
                    block.def_range,
                )
            )
            return
        changes = {k: v for k, v in found.fields.items() if k not in ("kind", "name")}
        config.services[key] = dataclasses.replace(base, **changes)
        return
    if key in config.declared:
        diags.append(
            hcl.Diagnostic.error(
                "Duplicate service",
                f'The service "{key[0]}" "{key[1]}" is defined twice.',
                block.def_range,
            )
        )
        return
    config.declared.add(key)
    # The loader's own rules, checked on whatever decoded, errors or not.
    count = found.fields.get("count")
    if isinstance(count, int) and count < 0:
        diags.append(
            hcl.Diagnostic.error(
                "Invalid count",
                "The count of a service must not be negative.",
                found.fields["count_at"],
            )
        )
    if found.value is not None:
        config.services[key] = found.value


def _variable(block: hcl.Block, config: Config, diags: hcl.Diagnostics) -> None:
    found = hcl.decode_body(block, Variable)
    diags.extend(found.diagnostics)
    if found.value is not None:
        config.variables[found.value.name] = found.value


def _check_depends_on(service: Service, config: Config) -> list[hcl.Diagnostic]:
    if service.depends_on is None:
        return []
    problems: list[hcl.Diagnostic] = []
    items, diags = expr_list(service.depends_on.expr)
    problems.extend(diags)
    for item in items:
        traversal, diags = abs_traversal_for_expr(item)
        problems.extend(diags)
        if traversal is None:
            continue
        steps = [getattr(step, "name", None) for step in traversal]
        if len(steps) != 3 or steps[0] != "service" or None in steps:
            problems.append(
                hcl.Diagnostic.error(
                    "Invalid depends_on reference",
                    "A reference here must look like service.KIND.NAME.",
                    item.range,
                )
            )
        elif (steps[1], steps[2]) not in config.declared:
            problems.append(
                hcl.Diagnostic.error(
                    "Reference to undeclared service",
                    f'There is no service "{steps[1]}" "{steps[2]}".',
                    item.range,
                )
            )
    return problems
