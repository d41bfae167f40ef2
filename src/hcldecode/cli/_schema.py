"""``--schema``: the configuration class, from a module name or a Python file, or an
hcldec spec file (a path ending in ``.hcldec``)."""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import sys
import traceback
from pathlib import Path
from types import ModuleType
from typing import Any

from .._text import go_quote
from ..hcldec._specfile import SpecFile, read_spec
from ..model._diagnostics import Diagnostics
from ..model._structure import File
from ..native import parse_config
from ..values._errors import Error

__all__ = ["CommandError", "is_spec_file", "load_class", "load_spec_file"]

_SPEC_SUFFIX = ".hcldec"


class CommandError(Error):
    """A mistake on the command line: the message, and exit status 2."""


def load_class(spec: str) -> type:
    """The class named by ``module:Class`` or ``path/to/file.py:Class``.

    A file is loaded by its path under a module name of its own, so that it
    neither hides nor is hidden by a module of the same name; its folder is
    searched, last, for the modules it imports. A module name is imported as
    ``python -m`` would, from the current folder first.
    """
    where, sep, qualname = spec.rpartition(":")
    if not sep or not where or not qualname:
        raise CommandError(
            f"--schema must look like module:Class or path/to/file.py:Class, not {go_quote(spec)}"
        )
    module = _load_file(where) if where.endswith(".py") else _import(where)
    target: Any = module
    for part in qualname.split("."):
        target = getattr(target, part, None)
        if target is None:
            raise CommandError(f"{where} has no class {go_quote(qualname)}")
    if not isinstance(target, type):
        raise CommandError(f"{go_quote(qualname)} in {where} is not a class")
    return target


def is_spec_file(schema: str) -> bool:
    """Whether ``--schema`` names a spec file rather than a class."""
    return schema.endswith(_SPEC_SUFFIX)


def load_spec_file(filename: str) -> tuple[File, SpecFile | None, Diagnostics]:
    """A spec file, read as ``hcldec`` reads one (always in the native syntax): the
    parsed file, the specs (``None`` after syntax errors) and the diagnostics."""
    try:
        src = Path(filename).read_bytes()
    except OSError as error:
        raise CommandError(f"cannot read {filename}: {error.strerror}") from None
    file, diags = parse_config(src, filename)
    if diags.has_errors():
        return file, None, diags
    spec_file, spec_diags = read_spec(file.body)
    diags.extend(spec_diags)
    return file, spec_file, diags


def _import(name: str) -> ModuleType:
    if os.getcwd() not in sys.path and "" not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name is not None and name.startswith(error.name):
            raise CommandError(f"no module named {go_quote(name)}") from None
        raise CommandError(_failure(name, error)) from None
    except (Exception, SystemExit) as error:  # the schema module's own failure, reported
        raise CommandError(_failure(name, error)) from None


def _load_file(filename: str) -> ModuleType:
    path = Path(filename).resolve()
    if not path.is_file():
        raise CommandError(f"the schema file {filename} does not exist")
    digest = hashlib.sha256(str(path).encode("utf-8", "surrogateescape")).hexdigest()[:16]
    name = f"_hcldecode_schema_{digest}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise CommandError(f"the schema file {filename} cannot be loaded as Python")
    module = importlib.util.module_from_spec(spec)
    if str(path.parent) not in sys.path:
        sys.path.append(str(path.parent))
    # Registered first, as an import would, so that dataclasses and type
    # hints can find the module while it runs.
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException as error:
        del sys.modules[name]
        if isinstance(error, Exception | SystemExit):
            raise CommandError(_failure(filename, error)) from None
        raise
    return module


def _failure(where: str, error: BaseException) -> str:
    """One paragraph on why a schema module could not be loaded."""
    if isinstance(error, SyntaxError):
        place = f"{error.filename}, line {error.lineno}" if error.lineno else str(error.filename)
        return f"the schema module {where} could not be loaded: {error.msg} ({place})"
    frames = traceback.extract_tb(error.__traceback__)
    place = f" ({frames[-1].filename}, line {frames[-1].lineno})" if frames else ""
    message = str(error)
    return (
        f"the schema module {where} could not be loaded: "
        f"{type(error).__name__}{': ' + message if message else ''}{place}"
    )
