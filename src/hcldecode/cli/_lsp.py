"""``hcldecode lsp``: the language server (see :mod:`hcldecode.lsp`) for the
schemas given with ``--schema [PATTERN=]module:Class``, or else those of the
``[tool.hcldecode.lsp]`` table of ``pyproject.toml`` in the current folder::

    [tool.hcldecode.lsp]
    schemas = [
        { pattern = "plugins/*.hcl", schema = "app.plugins:Plugin" },
        { schema = "app.config:Core", plugins = ["app.metrics:MetricsPlugin"] },
    ]

Each file is served by the first schema whose pattern matches it (one with
no pattern takes every file). On the command line, plugin classes follow
the class after ``+`` (``app.config:Core+app.metrics:MetricsPlugin``). A
class is loaded as ``check`` loads it, and decoded by its module's
``decoder`` when the module has one; the module's ``references`` (a list of
:class:`hcldecode.lsp.Reference`), when it has them, are the names its files
refer to.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .._text import go_quote
from ..decoding import Decoder, SchemaError
from ._schema import CommandError, is_spec_file, load_class

__all__ = ["register", "run"]

_PYPROJECT = "pyproject.toml"


def register(commands: Any) -> None:
    """Add the ``lsp`` command to the parser's subcommands."""
    sub = commands.add_parser(
        "lsp",
        help="run a language server for the configuration files of a schema (stdio)",
        description="Run a Language Server Protocol server over standard input and output: "
        "diagnostics, completion and hover for the configuration files of the schemas. "
        "Needs pygls (pip install hcldecode[lsp]). See docs/lsp.md.",
    )
    sub.add_argument(
        "--schema",
        dest="schemas",
        action="append",
        default=[],
        metavar="[PATTERN=]SCHEMA[+PLUGIN...]",
        help="a configuration class (module:Class or path/to/file.py:Class), followed by "
        "the plugin classes that decode what it leaves (+module:Plugin...), for the files "
        "matching the glob PATTERN when one is given; repeatable, the first match serves a "
        "file; without any, [tool.hcldecode.lsp] in pyproject.toml",
    )
    sub.add_argument(
        "--debounce",
        type=float,
        default=0.1,
        metavar="SECONDS",
        help="how long after a change a document is checked (default 0.1)",
    )


def _configured(folder: Path) -> list[tuple[str | None, list[str]]]:
    """The schemas of ``[tool.hcldecode.lsp]`` in the folder's pyproject.toml."""
    path = folder / _PYPROJECT
    if not path.is_file():
        return []
    try:
        tomllib: Any = importlib.import_module("tomllib")  # (Python 3.11 and later)
    except ModuleNotFoundError:  # pragma: no cover (Python 3.10)
        raise CommandError(f"reading {_PYPROJECT} needs Python 3.11; give --schema") from None
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise CommandError(f"cannot read {path}: {error}") from None
    table = data.get("tool", {}).get("hcldecode", {}).get("lsp", {})
    found: list[tuple[str | None, list[str]]] = []
    for item in table.get("schemas", []) if isinstance(table, dict) else []:
        schema = item.get("schema") if isinstance(item, dict) else None
        pattern = item.get("pattern") if isinstance(item, dict) else None
        plugins = item.get("plugins", []) if isinstance(item, dict) else None
        if (
            not isinstance(schema, str)
            or not isinstance(pattern, str | None)
            or not isinstance(plugins, list)
            or not all(isinstance(p, str) for p in plugins)
        ):
            raise CommandError(
                f"{path}: each of [tool.hcldecode.lsp] schemas is a table with a schema "
                "string, optionally a pattern string and a plugins list of strings"
            )
        found.append((pattern, [schema, *plugins]))
    return found


def _parse(text: str) -> tuple[str | None, list[str]]:
    pattern, sep, schemas = text.partition("=")
    if not sep:
        return None, text.split("+")
    return pattern, schemas.split("+")


def run(args: argparse.Namespace, decoder_for: Callable[[type], Decoder]) -> int:
    """Serve until the client shuts the server down; 0 then."""
    given = [_parse(text) for text in args.schemas] or _configured(Path.cwd())
    if not given:
        raise CommandError(f"give --schema, or [tool.hcldecode.lsp] schemas in {_PYPROJECT}")
    from ..lsp import Reference, Schema, serve  # noqa: PLC0415 (on first use)

    schemas = []
    for pattern, names in given:
        classes = []
        for name in names:
            if is_spec_file(name):
                raise CommandError(
                    f"lsp needs a configuration class, not a spec file: {go_quote(name)}"
                )
            classes.append(load_class(name))
        for cls in classes:  # a class that cannot be decoded into is said at once
            try:
                decoder_for(cls).schema_of(cls)
            except SchemaError as error:
                raise CommandError(str(error)) from None
        plugins = [(cls, decoder_for(cls)) for cls in classes[1:]]
        patterns = () if pattern is None else (pattern,)
        references = getattr(sys.modules.get(classes[0].__module__), "references", ())
        if not isinstance(references, list | tuple) or not all(
            isinstance(r, Reference) for r in references
        ):
            raise CommandError(
                f"{classes[0].__module__}.references must be a list of hcldecode.lsp.Reference"
            )
        schemas.append(Schema(classes[0], decoder_for(classes[0]), patterns, plugins, references))
    try:
        serve(schemas, debounce=args.debounce)
    except ModuleNotFoundError as error:
        raise CommandError(str(error)) from None
    return 0
