"""Layered decoding by a core application and its plugins.

``python examples/plugins/main.py [FILE]``; ``typo.hcl`` shows a mistake
that no layer claims being reported at the end.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from core import load

import hcldecode as hcl


def main(argv: list[str]) -> int:
    path = argv[1] if len(argv) > 1 else str(Path(__file__).with_name("app.hcl"))
    try:
        core, settings = load(path)
    except hcl.DecodeError as err:
        print(err, file=sys.stderr)
        return 1
    print(f"core listens on {core.listen}")
    for name, config in settings.items():
        print(f"plugin {name}: {config}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
