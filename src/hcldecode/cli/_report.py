"""How the ``hcldecode`` commands write diagnostics: text or JSON, coloured or not,
at most ``--max-errors`` of them."""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping, Sequence
from typing import TextIO

from .._text import go_quote
from ..model._diagnostics import Diagnostic, Range, Severity, SourceFile
from ..model._render import is_terminal, render_diagnostics, terminal_width
from ._output import JsonWriter

__all__ = ["add_diagnostic_options", "diagnostics_data", "range_json", "report"]


def add_diagnostic_options(parser: argparse.ArgumentParser) -> None:
    """``--diagnostics``, ``--color`` and ``--max-errors``."""
    parser.add_argument(
        "--diagnostics",
        choices=("text", "json"),
        default="text",
        help="how to write diagnostics on standard error (default: text)",
    )
    parser.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour diagnostics (auto: on a terminal, unless NO_COLOR is set)",
    )
    parser.add_argument(
        "--max-errors",
        type=_max_errors,
        default=50,
        metavar="N",
        help="show at most N diagnostics as text, 0 for all (default: 50)",
    )


def _max_errors(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        number = -1
    if number < 0:
        raise argparse.ArgumentTypeError(f"not a count (0 or more): {go_quote(text)}")
    return number


def _use_color(choice: str, stream: TextIO) -> bool:
    if choice != "auto":
        return choice == "always"
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return is_terminal(stream)


def range_json(r: Range) -> dict[str, object]:
    return {
        "filename": r.filename,
        "start": {"line": r.start.line, "column": r.start.column, "byte": r.start.byte},
        "end": {"line": r.end.line, "column": r.end.column, "byte": r.end.byte},
    }


def diagnostics_data(diags: Sequence[Diagnostic]) -> dict[str, object]:
    """``{"diagnostics": [...]}``, each with its severity, summary, detail and
    subject range, as ``hcldec --diags=json`` writes them."""
    entries = []
    for diag in diags:
        entry: dict[str, object] = {
            "severity": "error" if diag.severity is Severity.ERROR else "warning",
            "summary": diag.summary,
        }
        if diag.detail:
            entry["detail"] = diag.detail
        if diag.subject is not None:
            entry["subject"] = range_json(diag.subject)
        entries.append(entry)
    return {"diagnostics": entries}


def _diagnostics_json(diags: Sequence[Diagnostic]) -> str:
    return JsonWriter({}).text(diagnostics_data(diags)) + "\n"


def report(
    diags: Sequence[Diagnostic],
    files: Mapping[str, SourceFile],
    args: argparse.Namespace,
    err: TextIO,
) -> None:
    if args.diagnostics == "json":
        err.write(_diagnostics_json(diags))
        return
    color = _use_color(args.color, err)
    shown = diags if args.max_errors == 0 else diags[: args.max_errors]
    width = terminal_width(err, 0) if is_terminal(err) else 0
    err.write(
        render_diagnostics(shown, files, width=width, color=color, carets=not color, safe=True)
    )
    hidden = len(diags) - len(shown)
    if hidden:
        noun = "diagnostic" if hidden == 1 else "diagnostics"
        err.write(f"and {hidden} more {noun}, not shown (--max-errors=0 shows all)\n")
