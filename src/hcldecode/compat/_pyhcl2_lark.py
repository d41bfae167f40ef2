"""python-hcl2's exception type (lark's) for syntax errors, made when first asked for.

lark is imported only here, and only when a caller asks for lark errors.
"""

from __future__ import annotations

from typing import Any

from ..model import Diagnostics, HCLError, SourceFile

__all__ = ["lark_error"]

_CLASSES: dict[type[HCLError], type[HCLError]] = {}


def _lark_class(base: type[HCLError]) -> type[HCLError]:
    made = _CLASSES.get(base)
    if made is not None:
        return made
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken  # noqa: PLC0415

    class PythonHcl2LarkError(base, UnexpectedToken, UnexpectedCharacters):  # type: ignore[valid-type,misc]
        """A syntax error that is hcldecode's error and lark's exceptions at once."""

        def __init__(self, diagnostics: Diagnostics, files: dict[str, SourceFile]) -> None:
            base.__init__(self, diagnostics, files)
            first = diagnostics[0] if diagnostics else None
            start = first.subject.start if first is not None and first.subject else None
            fields: dict[str, Any] = {
                "line": start.line if start is not None else -1,
                "column": start.column if start is not None else -1,
                "pos_in_stream": start.byte if start is not None else None,
                "state": None,
                "interactive_parser": None,
                "token": None,
                "char": "",
                "expected": set(),
                "allowed": set(),
                "considered_tokens": set(),
                "token_history": None,
                "_terminals_by_name": {},
            }
            for name, value in fields.items():
                setattr(self, name, value)

        def __str__(self) -> str:
            return base.__str__(self)

    PythonHcl2LarkError.__module__ = base.__module__
    _CLASSES[base] = PythonHcl2LarkError
    return PythonHcl2LarkError


def lark_error(
    base: type[HCLError], diagnostics: Diagnostics, files: dict[str, SourceFile]
) -> HCLError:
    """An instance of ``base`` that is lark's ``UnexpectedToken`` and
    ``UnexpectedCharacters`` too (both ``UnexpectedInput``, a ``LarkError``)."""
    return _lark_class(base)(diagnostics, files)
