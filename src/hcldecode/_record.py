"""``==``, ``hash`` and ``repr`` for the library's attrs classes, written once.

attrs writes these three methods for each class as source text, which every
process compiles again when it imports the class: more than half of what an
attrs class costs at ``import hcldecode``. A class declared
``@attrs.frozen(eq=False, repr=False)`` with :class:`Record` among its bases
gets the same behaviour from the methods here:

* ``a == b`` when both are of the same class and the fields attrs compares
  (those not declared ``eq=False``) are equal, in order, as a tuple compares
  them; ``NotImplemented`` for an object of another class;
* the hash of those fields (and of the class);
* attrs's ``repr``, ``Name(field=value, ...)`` with the fields not declared
  ``repr=False``.

A plain class with ``__slots__`` and its own ``__init__`` may derive from
:class:`Record` too: it names its fields in ``record_fields`` (all compared and
shown), and sets them with :func:`object.__setattr__`, since :class:`Record`
makes it immutable as attrs's frozen classes are.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, ClassVar, NoReturn

from attrs.exceptions import FrozenInstanceError

__all__ = ["Record"]

_Key = Callable[[Any], tuple[Any, ...]]

_KEYS: dict[type, _Key] = {}
_SHOWN: dict[type, tuple[str, ...]] = {}


def _no_fields(_obj: object) -> tuple[Any, ...]:
    return ()


def _key_of(cls: type) -> _Key:
    """The function giving the tuple of the fields that ``==`` compares."""
    key = _KEYS.get(cls)
    if key is None:
        fields = getattr(cls, "__attrs_attrs__", None)
        if fields is None:
            names = list(cls.record_fields)  # type: ignore[attr-defined]
        elif any(a.eq_key is not None for a in fields):
            raise TypeError(f"{cls.__qualname__}: a field's eq key needs attrs's own __eq__")
        else:
            names = [a.name for a in fields if a.eq]
        if not names:
            key = _no_fields
        elif len(names) == 1:
            one = attrgetter(names[0])

            def key(obj: object) -> tuple[Any, ...]:
                return (one(obj),)

        else:
            key = attrgetter(*names)
        _KEYS[cls] = key
    return key


class Record:
    """Base of attrs classes that share these methods instead of generating them."""

    __slots__ = ()

    #: A plain class's fields, in order (attrs classes have theirs in ``__attrs_attrs__``).
    record_fields: ClassVar[tuple[str, ...]] = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        key = _key_of(self.__class__)
        return key(self) == key(other)

    def __hash__(self) -> int:
        return hash((self.__class__, *_key_of(self.__class__)(self)))

    def __repr__(self) -> str:
        cls = self.__class__
        shown = _SHOWN.get(cls)
        if shown is None:
            fields = getattr(cls, "__attrs_attrs__", None)
            if fields is None:
                shown = self.record_fields
            elif any(a.repr not in (True, False) for a in fields):
                raise TypeError(f"{cls.__qualname__}: a field's repr function needs attrs's repr")
            else:
                shown = tuple(a.name for a in fields if a.repr)
            _SHOWN[cls] = shown
        name = cls.__qualname__.rsplit(">.", 1)[-1]
        return f"{name}({', '.join(f'{n}={getattr(self, n)!r}' for n in shown)})"

    # A plain class is immutable, and copies and pickles by its fields (attrs classes
    # have their own of these).

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> NoReturn:
        raise FrozenInstanceError

    def __getstate__(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.record_fields}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
