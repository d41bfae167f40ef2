"""The serialisation options of python-hcl2 8.x, read from keywords or an options object."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

__all__ = ["OPTION_NAMES", "SerializationOptions", "read_options"]


@dataclass(slots=True)
class SerializationOptions:
    """python-hcl2 8.x's serialisation options, with its defaults.

    The same fields as python-hcl2's ``hcl2.SerializationOptions``, so that
    ``loads(text, serialization_options=SerializationOptions(...))`` keeps
    working after ``import hcldecode.compat.python_hcl2 as hcl2``.

    Attributes:
        with_comments: Report comments under ``"__comments__"`` and
            ``"__inline_comments__"``.
        with_meta: Accepted and ignored, as python-hcl2 8.1.4 does.
        wrap_objects: Give object constructors as ``"${{k = v}}"`` text
            instead of dicts.
        wrap_tuples: Give tuple constructors as ``"${[a, b]}"`` text instead
            of lists.
        explicit_blocks: Mark each block's dict with ``"__is_block__": True``.
        preserve_heredocs: Keep heredocs as written, markers included;
            otherwise give their text as an escaped quoted string.
        force_operation_parentheses: Put every nested operation in parentheses.
        preserve_scientific_notation: Give a number written with an exponent
            as ``"${1e3}"`` text; otherwise as a ``float``.
        strip_string_quotes: Give quoted strings without their quotes, their
            escapes processed.
    """

    with_comments: bool = True
    with_meta: bool = False
    wrap_objects: bool = False
    wrap_tuples: bool = False
    explicit_blocks: bool = True
    preserve_heredocs: bool = True
    force_operation_parentheses: bool = False
    preserve_scientific_notation: bool = True
    strip_string_quotes: bool = False


OPTION_NAMES = tuple(f.name for f in fields(SerializationOptions))
DEFAULT = SerializationOptions()


def read_options(serialization_options: object, given: dict[str, Any]) -> SerializationOptions:
    """The options: those of ``serialization_options`` (any object with python-hcl2's
    option attributes, such as its ``SerializationOptions``), then the keywords."""
    options = DEFAULT
    if serialization_options is not None:
        options = replace(
            options,
            **{
                name: bool(getattr(serialization_options, name))
                for name in OPTION_NAMES
                if hasattr(serialization_options, name)
            },
        )
    unknown = sorted(set(given) - set(OPTION_NAMES))
    if unknown:
        raise TypeError(
            f"unknown python-hcl2 option {unknown[0]!r}; the options are {', '.join(OPTION_NAMES)}"
        )
    for name, value in given.items():
        if not isinstance(value, bool):
            raise TypeError(f"option {name!r} must be a bool, not {type(value).__name__}")
    return replace(options, **given) if given else options
