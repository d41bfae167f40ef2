"""What the compiled build (mypyc, ``setup.py``) reads from the source, meaning
nothing to the Python build.

``mypyc_attr(allow_interpreted_subclasses=True)`` marks a compiled class that
Python classes may derive from (an application's own, or another syntax's), and
one whose objects pickle makes: only then does the compiled class's ``__new__``
leave ``__init__`` to be called after it, as a Python class's does (mypyc's
``serializable`` does so too, but then a call of the class from Python code
does not run ``__init__`` at all). The compiler recognises the decorator by its
name in ``mypy_extensions``, which the compiled build has (mypy needs it); the
Python build has not, and gets a decorator that leaves the class as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

__all__ = ["mypyc_attr"]

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:
    _T = TypeVar("_T")

    def mypyc_attr(*_flags: str, **_settings: object) -> Callable[[_T], _T]:
        def keep(cls: _T) -> _T:
            return cls

        return keep
