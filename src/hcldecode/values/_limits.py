"""How deep a configuration may nest, derived from the interpreter's recursion limit.

Configurations nest: brackets, braces, parentheses, unary operators,
templates and their directives, blocks, splat steps. Each level of nesting
makes the values a configuration produces one level deeper, and the code
that parses and decodes them, and the application that compares, hashes,
prints or converts them, recurses once or a few times per level.

So the limit is explicit and stays within the recursion limit that the
interpreter has *when the work starts* (hcldecode never changes it, nor any
other interpreter-wide setting): :func:`max_nesting` is an eighth of
:func:`sys.getrecursionlimit`, which is 125 levels at Python's default of
1,000, and at most :data:`NESTING_CAP` (200). Parsing spends at most four Python
frames per level (the parsers are written for it), value operations one to
three, so the deepest accepted configuration uses well under half of the
recursion limit, and runs within the small stacks of threads made with
``threading.stack_size(256 * 1024)``. Deeper input is reported as a
``Nesting too deep`` diagnostic where the limit is passed.

An application that needs deeper configurations raises the interpreter's
recursion limit itself before decoding, and gives its threads the stack
space that the deeper recursion needs.
"""

from __future__ import annotations

import sys

__all__ = ["NESTING_CAP", "max_nesting", "nesting_too_deep_detail"]

NESTING_CAP = 200
"""The most levels a configuration may nest, whatever the recursion limit.

Python 3.12 bounds recursion through C code (comparisons, hashing, string
building) by a fixed depth of its own, which operations on values much
deeper than this would pass."""


def max_nesting() -> int:
    """The deepest nesting a configuration may have, under the current recursion limit."""
    return max(1, min(NESTING_CAP, sys.getrecursionlimit() // 8))


def nesting_too_deep_detail(what: str, limit: int) -> str:
    """The detail of the ``Nesting too deep`` diagnostic; ``what`` names what nests."""
    return (
        f"This {what} more than {limit} levels deep, which is more than hcldecode "
        f"supports at the interpreter's recursion limit ({sys.getrecursionlimit()})."
    )
