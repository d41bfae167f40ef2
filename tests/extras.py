"""The optional extras the tests of some modules need, and the one line that says one is missing.

Each extra has a pytest marker of its name (:data:`EXTRAS`). A test module
that cannot even be imported without an extra's package starts with
``library = need("pydantic")``: without the package, the module is skipped
with the same line as each test marked with the extra (``tests/conftest.py``
reports them all as one), and with ``HCLDECODE_WITHOUT_EXTRAS=1`` it is not
collected at all, as the marked tests are deselected.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
from types import ModuleType

import pytest

#: Each optional extra, by its pytest marker: the module its tests need and the
#: package that installs it.
EXTRAS = {
    "re2": ("re2", "google-re2"),
    "pydantic": ("pydantic", "pydantic"),
    "settings": ("pydantic_settings", "pydantic-settings"),
    "msgspec": ("msgspec", "msgspec"),
    "cattrs": ("cattrs", "cattrs"),
    "lsp": ("pygls", "pygls"),
}


@functools.cache
def missing(name: str) -> str | None:
    """None when the extra's package is installed, else the one line saying so."""
    module, package = EXTRAS[name]
    if importlib.util.find_spec(module) is not None:
        return None
    return f"{package} not installed (pip install hcldecode[{name}])"


def need(name: str) -> ModuleType:
    """The module of the extra ``name``; without it, the calling test module is skipped."""
    message = missing(name)
    if message is not None:
        raise pytest.skip.Exception(message, allow_module_level=True)
    return importlib.import_module(EXTRAS[name][0])
