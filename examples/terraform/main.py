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


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python examples/terraform/main.py DIRECTORY", file=sys.stderr)
        return 2
    directory = Path(argv[1])
    if not directory.is_dir():
        print(f"main.py: {directory} is not a directory", file=sys.stderr)
        return 2
    try:
        print(summarise(directory))
    except hcl.DecodeError as err:
        print(err, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
