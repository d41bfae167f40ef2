"""cattrs' validation errors read as misfits, each at its own path.

A cattrs converter that validates in detail (its default) raises one
exception group for everything wrong with an object: a
``ClassValidationError`` or ``IterableValidationError``, nested as the object
is, whose leaves carry notes that say which attribute, index or key each
was raised for. :func:`misfits` walks such a group and gives every leaf with
the path cattrs recorded, as steps into the value (the path that
``cattrs.transform_error`` prints as ``$.lines[1].quantity``), so the
decoder can point at that part of the expression.

Nothing here imports cattrs: :func:`is_validation_error` looks for it among
the modules already imported (an exception of cattrs exists only once its
program has imported cattrs), and the walk reads the module found there.
"""

from __future__ import annotations

import sys
from typing import Any

from .._text import go_quote
from ..values._convert import AttrStep, IndexStep, Path, PathStep
from ..values._errors import raw_text
from ..values._value import Value

__all__ = ["Misfit", "is_validation_error", "misfits"]

Misfit = tuple[str, Path, str | None]
"""One leaf of a validation error: its message, its path, and the key it is about
(an attribute the class does not have), as a ``LowerError`` takes them."""


def is_validation_error(exc: BaseException) -> bool:
    """Whether ``exc`` is a cattrs validation error (``cattrs.errors.BaseValidationError``)."""
    errors = sys.modules.get("cattrs.errors")
    return errors is not None and isinstance(exc, errors.BaseValidationError)


def misfits(exc: BaseException) -> list[Misfit]:
    """Every leaf of the validation error ``exc``, in the order cattrs found them."""
    found: list[Misfit] = []
    _walk(exc, (), sys.modules["cattrs.errors"], found)
    return found


def _walk(exc: BaseException, path: Path, errors: Any, found: list[Misfit]) -> None:
    if not isinstance(exc, errors.BaseValidationError):
        found.extend(_leaf(exc, path, errors))
        return
    for sub in exc.exceptions:
        note = _note(sub, errors)
        if note is None:  # about the object itself (extra keys, a failed __init__)
            _walk(sub, path, errors, found)
        elif isinstance(note, errors.AttributeValidationNote):
            if isinstance(sub, KeyError) and not isinstance(sub, errors.BaseValidationError):
                # cattrs read the attribute's key, and it is not there
                key = sub.args[0] if sub.args else note.name
                found.append((f"attribute {go_quote(str(key))} is required", path, None))
            else:
                _walk(sub, (*path, AttrStep(note.name)), errors, found)
        elif note.startswith("Structuring mapping key"):  # the key itself failed
            key = str(note.index)
            found.extend(
                (f"key {go_quote(key)}: {message}", path, key)
                for message, _, _ in _leaves(sub, errors)
            )
        else:
            _walk(sub, (*path, _index_step(note.index)), errors, found)


def _leaves(exc: BaseException, errors: Any) -> list[Misfit]:
    found: list[Misfit] = []
    _walk(exc, (), errors, found)
    return found


def _note(exc: BaseException, errors: Any) -> Any:
    """The note cattrs put on ``exc`` to say where it was raised, if any."""
    for note in getattr(exc, "__notes__", ()):
        if isinstance(note, errors.AttributeValidationNote | errors.IterableValidationNote):
            return note
    return None


def _index_step(index: object) -> PathStep:
    if isinstance(index, int) and not isinstance(index, bool):
        return IndexStep(Value.number(index))
    return IndexStep(Value.string(str(index)))


def _leaf(exc: BaseException, path: Path, errors: Any) -> list[Misfit]:
    if isinstance(exc, errors.ForbiddenExtraKeysError):
        return [
            (f"unexpected attribute {go_quote(key)}", path, key) for key in sorted(exc.extra_fields)
        ]
    return [(raw_text(exc) or type(exc).__name__, path, None)]
