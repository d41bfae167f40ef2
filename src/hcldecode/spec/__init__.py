"""Spec-based decoding, as the reference implementation's ``hcldec``.

:mod:`hcldecode.spec.specs` has the spec kinds and :func:`decode` (all
exported here as well); :mod:`hcldecode.spec.specfile` reads ``.hcldec``
spec files; :mod:`hcldecode.spec.typeexpr` reads type constraint
expressions; :mod:`hcldecode.spec.command` is the ``hcldecode hcldec``
command.
"""

from __future__ import annotations

from . import specs as _specs
from .specs import *  # noqa: F403 (this package's API is that of specs)

__all__ = _specs.__all__
