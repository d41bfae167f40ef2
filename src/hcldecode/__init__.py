"""hcldecode: HCL configuration (native and JSON syntax) into typed Python objects."""

from __future__ import annotations

from .diagnostics import Diagnostic, Diagnostics, HCLError, Pos, Range, Severity

__all__ = [
    "Diagnostic",
    "Diagnostics",
    "HCLError",
    "Pos",
    "Range",
    "Severity",
]
