"""The core application: it decodes its own settings and hands the rest to plugins."""

from __future__ import annotations

from typing import Annotated

import attrs
from plugins import PLUGINS

import hcldecode as hcl


@attrs.define
class CoreConfig:
    listen: str
    debug: bool = False
    plugins: list[str] = attrs.Factory(list)
    plugins_at: Annotated[hcl.Range | None, hcl.attr_range("plugins", part="value")] = None


def load(path: str) -> tuple[CoreConfig, dict[str, object]]:
    """Decode the core's part, then each enabled plugin's, then reject leftovers."""
    file = hcl.parse_file(path)
    step = hcl.decode_partial(file, CoreConfig)  # raises DecodeError for the core's mistakes
    core, rest = step.unwrap(), step.remaining
    settings: dict[str, object] = {}
    for name in core.plugins:
        plugin = PLUGINS.get(name)
        if plugin is None:  # a mistake in the configuration, reported like any other
            known = " and ".join(f'"{p}"' for p in sorted(PLUGINS))
            problem = hcl.Diagnostic.error(
                "Unknown plugin",
                f'There is no plugin "{name}"; the plugins are {known}.',
                core.plugins_at,
            )
            raise hcl.DecodeError([problem], {path: file})
        step = hcl.decode_partial(rest, plugin)
        settings[name], rest = step.value, step.remaining
    hcl.reject_unclaimed(rest)  # anything nobody claimed is a typo
    return core, settings
