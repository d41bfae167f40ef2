"""HCL native syntax: scanner, parser, expression tree and body."""

from __future__ import annotations
