"""The error of a value that does not fit a Python type, and of several found at once.

A module of their own, left out of the compiled build (``setup.py``) on
purpose: an exception class that mypyc compiles keeps its attributes in no
``__dict__``, so a copied or pickled error would lose its path and key, and
Python classes could not derive from it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._text import terminal_safe
from ..values._convert import Path, PathStep, path_text
from ..values._errors import Error

__all__ = ["LowerError", "LowerErrors"]


class LowerError(Error, ValueError):
    """A value, or a part of it, that does not fit the Python type (``1.5`` for an ``int``).

    ``message`` says what is wrong; ``path`` leads from the value to the
    part that does not fit, as :attr:`ConversionError.path` does, so that a
    diagnostic can point at that part. ``key``, when set, names the key of
    that part (an object) that the error is about: an attribute the class
    does not have. ``str()`` gives the path and the message.
    """

    def __init__(self, message: str, path: Path = (), key: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.key = key

    def text(self, *, safe: bool = True) -> str:
        """The path and the message; see :meth:`hcldecode.Error.text`."""
        raw = path_text(self.path) + self.message
        return terminal_safe(raw) if safe else raw

    def within(self, step: PathStep) -> LowerError:
        """The same error, one step further from the failing part."""
        return LowerError(self.message, (step, *self.path), self.key)

    def __reduce__(self) -> tuple[object, ...]:
        # Copied or pickled with what __init__ takes (the exception's own args are
        # the message alone).
        return (type(self), (self.message, self.path, self.key))


class LowerErrors(LowerError):
    """Several misfits found in one step: an application's ``structure`` that checks
    a whole object (a cattrs converter's) and reports each part that does not fit.
    A leaf raises it; its ``errors`` are each reported at their own path."""

    def __init__(self, errors: Sequence[LowerError]) -> None:
        first = errors[0]
        super().__init__(first.message, first.path, first.key)
        self.errors = tuple(errors)

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.errors,))
