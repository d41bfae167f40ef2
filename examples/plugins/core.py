"""The core application: it decodes its own settings and hands the rest to plugins."""

from __future__ import annotations

import attrs
from plugins import PLUGINS

import hcldecode as hcl


@attrs.define
class CoreConfig:
    listen: str
    debug: bool = False
    plugins: list[str] = attrs.Factory(list)


def load(path: str) -> tuple[CoreConfig, dict[str, object]]:
    """Decode the core's part, then each enabled plugin's, then reject leftovers."""
    core, rest = hcl.decode_partial(path, CoreConfig)
    settings: dict[str, object] = {}
    for name in core.plugins:
        plugin = PLUGINS[name]
        settings[name], rest = hcl.decode_partial(rest, plugin)
    hcl.reject_unclaimed(rest)  # anything nobody claimed is a typo
    return core, settings
