"""An HCL file as a source of pydantic-settings: :class:`HclSettingsSource`.

A ``pydantic_settings.BaseSettings`` class reads its values from several
sources, the first in its ``settings_customise_sources`` winning:
arguments, environment variables, ``.env`` files, secrets, and any source
the class adds. :class:`HclSettingsSource` is one for an HCL file, in the
native syntax or, for a name ending in ``.json``, the JSON syntax, with the
variables and functions the application gives its expressions::

    class Settings(BaseSettings):
        model_config = SettingsConfigDict(env_prefix="APP_")

        port: int = 8080

        @classmethod
        def settings_customise_sources(cls, settings_cls, init_settings, env_settings,
                                       dotenv_settings, file_secret_settings):
            return (init_settings, env_settings,
                    HclSettingsSource(settings_cls, "settings.hcl"))

This module needs pydantic-settings (``pip install hcldecode[settings]``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from .decoding._api import Decoder
from .pytypes._fields import ClassKind, Field, FieldProblem, InvalidFields
from .pytypes._pydantic import PYDANTIC_MODELS, field_problems, model_keys

try:
    from pydantic_settings import BaseSettings, InitSettingsSource
except ImportError as exc:  # pragma: no cover - the message says what to install
    raise ImportError(
        "hcldecode.settings needs pydantic-settings: pip install hcldecode[settings]"
    ) from exc

__all__ = ["HclSettingsSource"]


class HclSettingsSource(InitSettingsSource):
    """The settings an HCL file gives a ``pydantic_settings.BaseSettings`` class.

    The file is read when the source is made (in the class's
    ``settings_customise_sources``, so each time the settings are made). A
    file that does not exist gives no settings, as pydantic-settings' own
    file sources do.

    What the file leaves out is not its mistake: another source may give it,
    or the field's default. What the file says must be right by itself:

    * its attributes and blocks must be fields of the class, and their
      values must fit the fields' types; each block is decoded whole, so its
      required attributes are required, and its model's validation runs;
    * the value of each field the file sets is validated by pydantic
      (constraints, field validators) as the class validates it;

    every mistake found raises :class:`hcldecode.DecodeError`, with all of
    them, each at its place in the file. The merged settings are then
    validated by pydantic-settings as usual: a field no source gives, or a
    model validator that refuses the combination, raises pydantic's own
    ``ValidationError``.

    Blocks become dictionaries of what they set, so that an environment
    variable of a nested field (with ``env_nested_delimiter``) changes one
    field of the block, not the whole block.

    Args:
        settings_cls: The settings class.
        path: The file; its syntax is chosen by its name (``.json`` is
            the JSON syntax).
        variables: Variables for the file's expressions.
        functions: Functions for the file's expressions
            (:class:`~hcldecode.values.Function` objects or plain callables).
        decoder: The :class:`~hcldecode.Decoder` that reads the file (its
            types, rules, variables, functions and limits); by default one
            with none of the application's own.

    Raises:
        hcldecode.DecodeError: The file has mistakes: every one, in source order.
        hcldecode.SchemaError: ``settings_cls`` cannot be decoded into.
        OSError: The file exists but cannot be read.
    """

    def __init__(
        self,
        settings_cls: type[BaseSettings],
        path: str | os.PathLike[str],
        *,
        variables: Mapping[str, Any] | None = None,
        functions: Mapping[str, Any] | None = None,
        decoder: Decoder | None = None,
    ) -> None:
        self.path = Path(path)
        found: dict[str, Any] = {}
        if self.path.is_file():
            reader = (decoder or Decoder()).with_rule(_SettingsFile(settings_cls))
            cls: Any = settings_cls  # the file's reading of it gives what the file sets
            found = reader.decode(self.path, cls, variables=variables, functions=functions)
        super().__init__(settings_cls, found)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(path={str(self.path)!r})"


_GIVEN_ELSEWHERE: Any = object()
"""The default the file's reading gives a field it leaves out (another source's)."""


class _SettingsFile(ClassKind):
    """The settings class as the file reads it: no field is required, and the
    result is what the file sets, by the key pydantic takes each field by."""

    name = "settings class"

    def __init__(self, cls: type) -> None:
        self.cls = cls

    def matches(self, tp: Any) -> bool:
        return tp is self.cls

    def fields(self, cls: type, hints: Mapping[str, Any]) -> Sequence[Field]:
        return [
            f if f.has_default else attrs.evolve(f, default=_GIVEN_ELSEWHERE)
            for f in PYDANTIC_MODELS.fields(cls, hints)
        ]

    def unhandled(self, field: Field) -> Any:
        return PYDANTIC_MODELS.unhandled(field)

    def construct(self, cls: type, kwargs: dict[str, Any]) -> Any:
        # Each value the file sets is validated on its own, as the class validates
        # it; the whole object is validated once, from the merged sources.
        found = field_problems(cls, kwargs)
        if found:
            raise InvalidFields(found)
        keys, _ = model_keys(cls)
        return {keys[name]: _mergeable(value) for name, value in kwargs.items()}

    def check(self, cls: type, kwargs: dict[str, Any]) -> Sequence[FieldProblem]:
        return field_problems(cls, kwargs)


def _mergeable(value: Any) -> Any:
    """A model (a block) as the dictionary of what it sets, and a dictionary of
    them likewise, so that pydantic-settings merges other sources into it."""
    pydantic = sys.modules["pydantic"]
    if isinstance(value, pydantic.BaseModel):
        dumped: dict[str, Any] = value.model_dump(by_alias=True, exclude_unset=True)
        return dumped
    if isinstance(value, dict):
        return {key: _mergeable(element) for key, element in value.items()}
    return value
