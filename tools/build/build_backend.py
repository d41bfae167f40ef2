"""The build backend: setuptools', with mypy added to the build requirements when
``HCLDECODE_COMPILE=1`` asks for the compiled build (see setup.py).

pyproject.toml names this module (``backend-path``); every hook is setuptools'
own, and without the switch the requirements are too.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from setuptools import build_meta
from setuptools.build_meta import (
    build_editable,
    build_sdist,
    build_wheel,
    get_requires_for_build_sdist,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)

__all__ = [
    "build_editable",
    "build_sdist",
    "build_wheel",
    "get_requires_for_build_editable",
    "get_requires_for_build_sdist",
    "get_requires_for_build_wheel",
    "prepare_metadata_for_build_editable",
    "prepare_metadata_for_build_wheel",
]

# mypyc comes with mypy; mypy type-checks the compiled modules against attrs's
# annotations, so attrs (a dependency in pyproject.toml) is needed to build too.
_COMPILE_REQUIRES = ["mypy>=1.8", "attrs>=23.1"]
_SWITCH = "HCLDECODE_COMPILE"


def _requires(
    hook: Callable[[dict[str, object] | None], list[str]], config_settings: dict[str, object] | None
) -> list[str]:
    """setuptools' requirements, and mypy and attrs for the compiled build.

    setuptools finds its own by running setup.py, which must not ask for mypyc
    before it is installed: the switch is off while it runs (this is the build's
    own process).
    """
    switch = os.environ.pop(_SWITCH, None)
    try:
        requires = hook(config_settings)
    finally:
        if switch is not None:
            os.environ[_SWITCH] = switch
    return [*requires, *_COMPILE_REQUIRES] if switch == "1" else requires


def get_requires_for_build_wheel(config_settings: dict[str, object] | None = None) -> list[str]:
    return _requires(build_meta.get_requires_for_build_wheel, config_settings)


def get_requires_for_build_editable(
    config_settings: dict[str, object] | None = None,
) -> list[str]:
    return _requires(build_meta.get_requires_for_build_editable, config_settings)
