"""The serialisation options of python-hcl2 8.x, read from keywords or an options object."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

__all__ = ["OPTION_NAMES", "Options", "read_options"]


@dataclass(frozen=True, slots=True)
class Options:
    """python-hcl2's ``SerializationOptions``, with its defaults."""

    with_comments: bool = True
    with_meta: bool = False
    wrap_objects: bool = False
    wrap_tuples: bool = False
    explicit_blocks: bool = True
    preserve_heredocs: bool = True
    force_operation_parentheses: bool = False
    preserve_scientific_notation: bool = True
    strip_string_quotes: bool = False


OPTION_NAMES = tuple(f.name for f in fields(Options))
DEFAULT = Options()


def read_options(serialization_options: object, given: dict[str, Any]) -> Options:
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
