"""``hcldecode fmt``: native-syntax files in HCL's canonical layout, as ``hclfmt`` writes it.

``hcldecode fmt PATH...`` prints each file formatted; ``--write`` rewrites
the files that change and names them; ``--check`` only names them, and
exits with 3 when there are any (as ``terraform fmt -check`` does);
``--diff`` prints what would change as a unified diff. A directory means
the files in it with the suffixes given by ``--suffix`` (default ``.hcl``),
and with ``--recursive`` those in its subdirectories too; ``-`` is standard
input. A file with syntax errors is left alone and its diagnostics are
reported: the exit status is then 2.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path
from typing import TextIO

from ..model._render import terminal_safe
from ..native import parse_config
from ..write._format import format
from ._report import add_diagnostic_options, report

__all__ = ["CHANGES_FOUND", "register", "run"]

OK, SYNTAX_ERRORS = 0, 2
CHANGES_FOUND = 3


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``fmt`` to the ``hcldecode`` command's subcommands."""
    sub = commands.add_parser(
        "fmt",
        help="lay out native-syntax files as HCL's hclfmt does",
        description=(
            "Lay out native-syntax files as HCL's hclfmt does. Without --write or --check, "
            "print each file formatted."
        ),
        epilog=(
            "exit status: 0 when all went well (with --check: nothing to change), 3 when "
            "--check finds files to change, 2 for syntax errors or a mistake on the command "
            "line. See docs/cli.md."
        ),
    )
    sub.add_argument(
        "paths", nargs="+", metavar="PATH", help="files, directories, or - for standard input"
    )
    sub.add_argument("--check", action="store_true", help="name the files that would change")
    sub.add_argument("--diff", action="store_true", help="print the changes as a unified diff")
    sub.add_argument("--write", action="store_true", help="rewrite the files that change")
    sub.add_argument("--recursive", action="store_true", help="also the files in subdirectories")
    sub.add_argument(
        "--suffix",
        dest="suffixes",
        action="append",
        metavar=".SUFFIX",
        help="the files of a directory to take (repeatable; default: .hcl)",
    )
    add_diagnostic_options(sub)


def _files(args: argparse.Namespace, err: TextIO) -> tuple[list[str], bool]:
    """The files the paths name, and whether all could be listed (those that could
    not are reported)."""
    suffixes = tuple(args.suffixes or [".hcl"])
    names: list[str] = []
    listed = True
    for name in args.paths:
        path = Path(name)
        if name != "-" and path.is_dir():
            try:
                found = path.rglob("*") if args.recursive else path.iterdir()
                names += sorted(str(p) for p in found if p.is_file() and p.name.endswith(suffixes))
            except OSError as error:
                _file_error(err, "list", name, error)
                listed = False
        else:
            names.append(name)
    return names, listed


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Format the files on the command line; the exit status."""
    if args.write and "-" in args.paths:
        err.write("hcldecode fmt: error: --write cannot rewrite standard input\n")
        return SYNTAX_ERRORS
    names, listed = _files(args, err)
    status = OK if listed else SYNTAX_ERRORS
    for name in names:
        try:
            src = sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
        except OSError as error:
            _file_error(err, "read", name, error)
            status = SYNTAX_ERRORS
            continue
        label = "<stdin>" if name == "-" else name
        text, diags = format(src, label)
        if diags.has_errors():
            file, _ = parse_config(src, label)
            report(diags, {label: file}, args, err)
            status = SYNTAX_ERRORS
            continue
        formatted = text.encode("utf-8", "surrogateescape")
        changed = formatted != src
        if args.diff and changed:
            before = src.decode("utf-8", "surrogateescape").splitlines(keepends=True)
            after = text.splitlines(keepends=True)
            diff = "".join(difflib.unified_diff(before, after, f"{label}.orig", label))
            _write_bytes(out, diff.encode("utf-8", "surrogateescape"))
        if args.check or args.write:
            if changed:
                out.write(f"{terminal_safe(label)}\n")
                if args.check and status == OK:
                    status = CHANGES_FOUND
            if args.write and changed and not args.check:
                try:
                    Path(name).write_bytes(formatted)
                except OSError as error:
                    _file_error(err, "write", name, error)
                    status = SYNTAX_ERRORS
        elif not args.diff:
            _write_bytes(out, formatted)
    return status


def _file_error(err: TextIO, verb: str, name: str, error: OSError) -> None:
    err.write(f"hcldecode fmt: error: cannot {verb} {terminal_safe(name)}: {error.strerror}\n")


def _write_bytes(out: TextIO, data: bytes) -> None:
    """The bytes as they are: a file's text may hold bytes that are not UTF-8."""
    buffer = getattr(out, "buffer", None)
    if buffer is None:
        out.write(data.decode("utf-8", "surrogateescape"))
        return
    out.flush()
    buffer.write(data)
    buffer.flush()
