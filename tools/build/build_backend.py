"""The build backend: setuptools', with mypy added to the build requirements when
``HCLDECODE_COMPILE=1`` asks for the compiled build (see setup.py).

pyproject.toml names this module (``backend-path``); every hook is setuptools'
own, and without the switch the requirements are too.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TypeVar

from setuptools import build_meta
from setuptools.build_meta import (
    build_editable,
    build_wheel,
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
_T = TypeVar("_T")


def _without_switch(hook: Callable[..., _T], *args: object) -> _T:
    """Run a setuptools hook with the switch off (this is the build's own process).

    setup.py must not ask for mypyc where mypy is not installed: when setuptools
    finds its own requirements, and for the sdist, which is the source whatever the
    switch (``python -m build`` makes the sdist first, then the wheel from it).
    """
    switch = os.environ.pop(_SWITCH, None)
    try:
        return hook(*args)
    finally:
        if switch is not None:
            os.environ[_SWITCH] = switch


def _requires(
    hook: Callable[[dict[str, object] | None], list[str]], config_settings: dict[str, object] | None
) -> list[str]:
    """setuptools' requirements, and mypy and attrs for the compiled build."""
    requires = _without_switch(hook, config_settings)
    return [*requires, *_COMPILE_REQUIRES] if os.environ.get(_SWITCH) == "1" else requires


def get_requires_for_build_sdist(config_settings: dict[str, object] | None = None) -> list[str]:
    return _without_switch(build_meta.get_requires_for_build_sdist, config_settings)


def build_sdist(sdist_directory: str, config_settings: dict[str, object] | None = None) -> str:
    return _without_switch(build_meta.build_sdist, sdist_directory, config_settings)


def get_requires_for_build_wheel(config_settings: dict[str, object] | None = None) -> list[str]:
    return _requires(build_meta.get_requires_for_build_wheel, config_settings)


def get_requires_for_build_editable(
    config_settings: dict[str, object] | None = None,
) -> list[str]:
    return _requires(build_meta.get_requires_for_build_editable, config_settings)
