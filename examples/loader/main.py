"""Load a folder of the deployment language: ``python examples/loader/main.py FOLDER``."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from loader import load

import hcldecode as hcl
from hcldecode.model import HCLError


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python examples/loader/main.py FOLDER", file=sys.stderr)
        return 2
    config, diags, files = load(Path(argv[1]))
    if diags.has_errors():
        print(HCLError(sorted_diagnostics(diags), files), file=sys.stderr)
        return 1
    for (kind, name), service in sorted(config.services.items()):
        protected = ", protected" if service.lifecycle and service.lifecycle.prevent_destroy else ""
        print(f"service {kind}.{name}: {service.image} x{service.count}{protected}")
    for variable in config.variables.values():
        print(f"variable {variable.name} = {variable.default!r}")
    return 0


def sorted_diagnostics(diags: hcl.Diagnostics) -> hcl.Diagnostics:
    return hcl.Diagnostics(
        sorted(
            diags,
            key=lambda d: (d.subject.filename, d.subject.start.byte) if d.subject else ("", 0),
        )
    )


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
