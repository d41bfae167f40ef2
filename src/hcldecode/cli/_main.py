"""The ``hcldecode`` command.

``hcldecode decode FILE... --schema module:Class [--var NAME=VALUE]`` prints
the decoded object as JSON; ``hcldecode check ...`` only validates, printing
diagnostics and exiting with status 1 when there are errors.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import decimal
import enum
import fractions
import importlib
import importlib.util
import json
import os
import pathlib
import sys
from collections.abc import Sequence
from typing import Any

import attrs

from ..decoding import DecodeError, SchemaError, decode
from ..model._diagnostics import Range
from ..model._render import write_diagnostics
from ..model._structure import Body, Expression
from ..values._python import to_python
from ..values._value import Value
from ._hcldec import register as register_hcldec
from ._hcldec import run_subcommand as run_hcldec

__all__ = ["main"]


def _load_class(spec: str) -> type:
    """``module:Class`` or ``path/to/file.py:Class``."""
    module_name, sep, qualname = spec.rpartition(":")
    if not sep or not module_name or not qualname:
        raise SystemExit(f"hcldecode: --schema must look like module:Class, not {spec!r}")
    if module_name.endswith(".py"):
        path = pathlib.Path(module_name).resolve()
        sys.path.insert(0, str(path.parent))
        module_name = path.stem
    else:
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise SystemExit(f"hcldecode: cannot import {module_name!r}: {exc}") from None
    target: Any = module
    for part in qualname.split("."):
        target = getattr(target, part, None)
        if target is None:
            raise SystemExit(f"hcldecode: {module_name!r} has no class {qualname!r}")
    if not isinstance(target, type):
        raise SystemExit(f"hcldecode: {spec!r} is not a class")
    return target


def _parse_var(text: str) -> tuple[str, Any]:
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise SystemExit(f"hcldecode: --var must look like NAME=VALUE, not {text!r}")
    try:
        value: Any = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return name, value


def _jsonable(obj: Any) -> Any:
    if attrs.has(type(obj)):
        return {a.name: _jsonable(getattr(obj, a.name)) for a in attrs.fields(type(obj))}
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: _jsonable(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, dict):
        return {str(k): _jsonable(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [_jsonable(v) for v in obj]
    if isinstance(obj, set | frozenset):
        return sorted((_jsonable(v) for v in obj), key=repr)
    if isinstance(obj, enum.Enum):
        return _jsonable(obj.value)
    if isinstance(obj, decimal.Decimal | fractions.Fraction):
        return int(obj) if obj == int(obj) else float(obj)
    if isinstance(obj, datetime.date):
        return obj.isoformat()
    if isinstance(obj, Range | pathlib.PurePath):
        return str(obj)
    if isinstance(obj, Value):
        return _jsonable(to_python(obj)) if obj.is_wholly_known else None
    if isinstance(obj, Body | Expression):
        return None
    return obj


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hcldecode", description="Decode HCL configuration into typed objects."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    for name, help_text in (
        ("decode", "decode files and print the result as JSON"),
        ("check", "validate files, printing diagnostics"),
    ):
        sub = commands.add_parser(name, help=help_text)
        sub.add_argument("files", nargs="+", metavar="FILE", help="configuration files")
        sub.add_argument(
            "--schema", required=True, metavar="MODULE:CLASS", help="the configuration class"
        )
        sub.add_argument(
            "--var",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help="a variable (VALUE is JSON, or else a string)",
        )
    register_hcldec(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status."""
    hcldec_status = run_hcldec(argv)
    if hcldec_status is not None:
        return hcldec_status
    args = _build_parser().parse_args(argv)
    try:
        cls = _load_class(args.schema)
        variables = dict(_parse_var(v) for v in args.var) or None
        obj: object = decode(
            args.files if len(args.files) > 1 else args.files[0], cls, variables=variables
        )
    except DecodeError as err:
        write_diagnostics(err.diagnostics, err.files, sys.stderr)
        return 1
    except (SchemaError, OSError) as err:
        print(f"hcldecode: {err}", file=sys.stderr)
        return 2
    if args.command == "decode":
        json.dump(_jsonable(obj), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
