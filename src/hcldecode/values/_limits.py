"""Explicit limits on nesting, and the interpreter room that nesting needs.

Configuration may nest up to :data:`MAX_NESTING` levels (brackets,
parentheses, templates, blocks); deeper input is refused with a diagnostic
where the limit is passed. Parsing is iterative where it can be, but
values nested that deep are compared, converted and turned into Python by
recursive code, which needs more room than the interpreter's default
recursion limit of 1,000 frames. :func:`with_room` gives that room while
any library call that needs it runs, in any thread, and puts the limit back
when the last one ends.
"""

from __future__ import annotations

import functools
import sys
import threading
from collections.abc import Callable
from typing import ParamSpec, TypeVar

__all__ = ["MAX_NESTING", "with_room"]

MAX_NESTING = 2500
"""The deepest nesting a configuration may have."""

_FRAMES_PER_LEVEL = 8
_P = ParamSpec("_P")
_T = TypeVar("_T")


class _Room:
    def __init__(self, needed: int) -> None:
        self._needed = needed
        self._lock = threading.Lock()
        self._users = 0
        self._saved = 0

    def enter(self) -> None:
        with self._lock:
            if self._users == 0:
                self._saved = sys.getrecursionlimit()
                if self._saved < self._needed:
                    sys.setrecursionlimit(self._needed)
            self._users += 1

    def leave(self) -> None:
        with self._lock:
            self._users -= 1
            raised = max(self._needed, self._saved)
            if self._users == 0 and sys.getrecursionlimit() == raised:
                sys.setrecursionlimit(self._saved)


_room = _Room(MAX_NESTING * _FRAMES_PER_LEVEL + 1000)


def with_room(func: Callable[_P, _T]) -> Callable[_P, _T]:
    """Decorate a function that may recurse once per nesting level of its input."""

    @functools.wraps(func)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> _T:
        _room.enter()
        try:
            return func(*args, **kwargs)
        finally:
            _room.leave()

    return wrapper
