"""``python -m hcldecode``: the ``hcldecode`` command."""

from __future__ import annotations

from .cli import main

raise SystemExit(main())
