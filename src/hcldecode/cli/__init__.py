"""The ``hcldecode`` command."""

from ._main import main

__all__ = ["main"]
