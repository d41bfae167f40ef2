"""Summarise a Terraform module directory: ``python examples/terraform/main.py DIR``."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from schema import Module

import hcldecode as hcl


def summarise(directory: Path) -> str:
    files = sorted(directory.glob("*.tf"))
    module = hcl.decode(files, Module)
    lines = [f"{len(files)} files"]
    for variable in module.variables:
        default = "required" if variable.default is None else "optional"
        lines.append(f"variable {variable.name} ({default})")
    for resource in module.resources:
        lines.append(f"resource {resource.type}.{resource.name}")
    lines.extend(f"output {output.name}" for output in module.outputs)
    return "\n".join(lines)


if __name__ == "__main__":
    try:
        print(summarise(Path(sys.argv[1])))
    except hcl.DecodeError as err:
        print(err, file=sys.stderr)
        raise SystemExit(1) from None
