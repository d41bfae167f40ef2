"""``hcldecode hcldec``: the reference's ``hcldec`` command, flag for flag.

::

    hcldecode hcldec --spec=FILE [--diags=json] [--with-type] [--keep-nulls]
                     [--var-refs] [--vars=JSON-or-FILE]... [--out=FILE] [FILE...]

Decodes the input files (standard input when none is given; files ending
in ``.json`` use the JSON syntax; several files are merged) with the spec
file and prints the value as JSON, exactly as the reference prints it:
go-cty's JSON encoding, wrapped with its type by ``--with-type``, with null
object properties removed unless ``--keep-nulls``. ``--var-refs`` prints
the variables the input refers to instead. ``--vars`` gives variables as a
JSON object, or as a file of attributes (HCL, or JSON by suffix).
Diagnostics go to standard error as text, or as JSON with
``--diags=json``.

Exit status: 0 on success, 1 for an operational error (no ``--spec``, a
value that cannot be printed, an output file that cannot be written), 2 for
diagnostics with errors and for a wrong command line.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TextIO

import attrs

from .._text import go_quote
from ..hcldec._specfile import SpecFile, read_spec
from ..hcldec._specs import LiteralSpec, decode, variables
from ..hclparse._syntax import Syntax, parse_source, syntax_for
from ..model._context import EvalContext
from ..model._diagnostics import Diagnostic, Diagnostics
from ..model._merge import merge_bodies
from ..model._render import is_terminal, render_diagnostics, terminal_width
from ..model._structure import Body, File
from ..model._traversal import Traversal, TraverseAttr, TraverseIndex, TraverseRoot
from ..values import _json as valuejson
from ..values._json import go_json_text
from ..values._types import DYNAMIC
from ..values._value import Value
from ._goflags import Options, UsageError, parse_args
from ._report import diagnostics_data, range_json

__all__ = ["main", "register", "run_subcommand", "spec_context"]

VERSION = "0.0.1-dev"

_USAGE = """\
usage: hcldec --spec=<spec-file> [options] [hcl-file ...]
      --diags string        format any returned diagnostics in the given format; \
currently only "json" is accepted
      --keep-nulls          retain object properties that have null as their value \
(they are removed by default)
  -o, --out string          write to the given file, instead of stdout
  -s, --spec string         path to spec file (required)
      --var-refs            rather than decoding input, produce a JSON description \
of the variables referenced by it
  -V, --vars json-or-file   provide variables to the given configuration file(s)
  -v, --version             show the version number and immediately exit
      --with-type           include an additional object level at the top describing \
the HCL-oriented type of the result value
"""


class _Exit(Exception):
    """Leave the command with ``status``."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class _Failure(Exception):
    """An operational error: ``Error: <message>`` and status 1."""


# --------------------------------------------------------------------------- JSON output


def _strip_nulls(data: object) -> object:
    """``data`` without the object properties whose value is null, at every level."""
    if isinstance(data, dict):
        return {k: _strip_nulls(v) for k, v in data.items() if v is not None}
    if isinstance(data, list):
        return [_strip_nulls(e) for e in data]
    return data


def _diagnostics_json(diags: Sequence[Diagnostic]) -> str:
    return go_json_text(diagnostics_data(diags), "  ")


def _value_json(value: Value) -> object | None:
    """``value`` as JSON data by its own type, or ``None`` when it cannot be written."""
    try:
        return valuejson.value_to_json(value, value.type)
    except ValueError:
        return None


def _traversal_json(traversal: Traversal, ctx: EvalContext | None) -> dict[str, object]:
    steps: list[dict[str, object]] = []
    root_name = ""
    for step in traversal:
        entry: dict[str, object] = {}
        if isinstance(step, TraverseRoot):
            entry = {"kind": "root", "name": step.name}
            root_name = step.name
        elif isinstance(step, TraverseAttr):
            entry = {"kind": "attr", "name": step.name}
        elif isinstance(step, TraverseIndex):
            entry = {"kind": "index"}
            key = _value_json(step.key)
            if key is not None or step.key.is_null:
                entry["key"] = key
        else:
            entry = {"kind": "(unknown)"}
        if entry.get("name") == "":
            del entry["name"]
        entry["range"] = range_json(step.range)
        steps.append(entry)
    result: dict[str, object] = {"root_name": root_name}
    value, diags = traversal.traverse_abs(ctx)
    if not diags.has_errors():
        encoded = _value_json(value)
        if encoded is not None or value.is_null:
            result["value"] = encoded
    result["steps"] = steps
    result["range"] = range_json(traversal.range)
    return result


# --------------------------------------------------------------------------- the command


def spec_context(spec_file: SpecFile, given: Mapping[str, Value]) -> EvalContext | None:
    """The context the input is decoded in: the spec file's variables, overridden by
    those ``given``, and its functions; ``None`` (literal-only mode, where JSON strings
    are not templates) when there are neither, as the reference decides."""
    scope = {**spec_file.variables, **given}
    if not scope and not spec_file.functions:
        return None
    return EvalContext(scope or None, dict(spec_file.functions) or None)


@attrs.define
class _Session:
    """One run: the files read so far (for rendering diagnostics) and the output choices."""

    options: Options
    stdin: Callable[[], bytes]
    stdout: TextIO
    stderr: TextIO
    files: dict[str, File] = attrs.field(factory=dict)
    diags: Diagnostics = attrs.field(factory=Diagnostics)

    def fail(self) -> _Exit:
        """Write every diagnostic so far and end with status 2."""
        if self.options.diags == "json":
            if self.diags:
                self.stderr.write(_diagnostics_json(self.diags) + "\n")
        else:
            width = terminal_width(self.stdout, 80)
            color = is_terminal(self.stderr)
            self.stderr.write(render_diagnostics(self.diags, self.files, width=width, color=color))
        self.stderr.flush()
        return _Exit(2)

    def parse(self, src: bytes, filename: str, *, syntax: Syntax) -> File | None:
        """Parse one file, keeping its diagnostics; the file when it has no errors.

        Invalid JSON is reported as the reference reports it (Go mode).
        """
        file, diags = parse_source(src, filename, syntax, go_json_errors=True)
        self.files[filename] = file
        self.diags.extend(diags)
        return None if diags.has_errors() else file

    def read(self, filename: str, syntax: Syntax | None = None) -> File | None:
        """Read and parse a file (JSON syntax by its ``.json`` suffix), as the reference does.

        A file read before is not read again, and gives no diagnostics again.
        """
        if syntax is None:
            syntax = syntax_for(filename)
        if filename in self.files:
            return self.files[filename]
        try:
            src = Path(filename).read_bytes()
        except OSError:
            if syntax == "json":
                summary, detail = "Failed to open file", "The file {} could not be opened."
            else:
                summary = "Failed to read file"
                detail = "The configuration file {} could not be read."
            self.diags.append(Diagnostic.error(summary, detail.format(go_quote(filename))))
            return None
        return self.parse(src, filename, syntax=syntax)

    def load_spec(self) -> SpecFile:
        """Read the spec file (always native syntax, as the reference reads it)."""
        file = self.read(self.options.spec, syntax="native")
        spec_file = SpecFile(LiteralSpec(Value.null(DYNAMIC)))
        if file is not None:
            spec_file, diags = read_spec(file.body)
            self.diags.extend(diags)
        if self.diags.has_errors():
            raise self.fail()
        return spec_file

    def variables_from(self, index: int, text: str) -> Mapping[str, Value]:
        """The variables of one ``--vars`` argument: a JSON object, or a file."""
        if text.strip().startswith("{"):
            file = self.parse(text.encode(), f"<vars argument {index}>", syntax="json")
        else:
            file = self.read(text)
        if file is None:
            return {}
        attributes, diags = file.body.just_attributes()
        self.diags.extend(diags)
        found: dict[str, Value] = {}
        for name, attr in attributes.items():
            found[name], value_diags = attr.expr.value(None)
            self.diags.extend(value_diags)
        return found

    def context(self, spec_file: SpecFile) -> EvalContext | None:
        given: dict[str, Value] = {}
        for index, text in enumerate(self.options.vars):
            given.update(self.variables_from(index, text))
        return spec_context(spec_file, given)

    def input_body(self) -> Body:
        bodies: list[Body] = []
        if not self.options.files:
            file = self.parse(self.stdin(), "<stdin>", syntax="native")
            if file is not None:
                bodies.append(file.body)
        for filename in self.options.files:
            file = self.read(filename)
            if file is not None:
                bodies.append(file.body)
        if self.diags.has_errors():
            raise self.fail()
        if len(bodies) == 1:
            return bodies[0]
        return merge_bodies(bodies)

    def output(self, text: str) -> None:
        if not self.options.out:
            self.stdout.write(text + "\n")
            return
        try:
            with open(self.options.out, "w", encoding="utf-8") as out:
                out.write(text + "\n")
        except OSError as error:
            # Go's *os.PathError: "open PATH: " and the error's text, which Go's
            # table has as the C library's with a lower-case first letter.
            reason = error.strerror or str(error)
            raise _Failure(
                f"can't open {self.options.out} for writing: open {self.options.out}: "
                f"{reason[:1].lower()}{reason[1:]}"
            ) from error

    def run(self) -> None:
        if not self.options.spec:
            raise _Failure("the --spec=... argument is required")
        spec_file = self.load_spec()
        ctx = self.context(spec_file)
        body = self.input_body()
        if self.options.var_refs:
            refs = [_traversal_json(t, ctx) for t in variables(body, spec_file.root)]
            self.output(go_json_text(refs, "  "))
            return
        value, diags = decode(body, spec_file.root, ctx)
        self.diags.extend(diags)
        if self.diags.has_errors():
            raise self.fail()
        try:
            data = valuejson.value_to_json(value, DYNAMIC if self.options.with_type else value.type)
        except ValueError as error:
            raise _Failure(str(error)) from error
        if self.options.keep_nulls:
            self.output(go_json_text(data))
        else:
            self.output(go_json_text(_strip_nulls(data), sort_keys=True))


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: Callable[[], bytes] | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run ``hcldec`` with the arguments after the command name; returns the exit status."""
    out = stdout if stdout is not None else sys.stdout
    err = stderr if stderr is not None else sys.stderr
    try:
        options = parse_args(sys.argv[1:] if argv is None else argv)
    except UsageError as error:
        err.write(f"{error}\n{_USAGE}")
        return 2
    if options.help:
        err.write(_USAGE)
        return 2
    if options.version:
        out.write(VERSION + "\n")
        return 0
    if options.diags not in ("", "json"):
        err.write(
            f'Invalid diagnostics format {go_quote(options.diags)}: only "json" is supported.\n'
        )
        return 2
    session = _Session(options, stdin or sys.stdin.buffer.read, out, err)
    try:
        session.run()
    except _Exit as exit_:
        return exit_.status
    except _Failure as error:
        err.write(f"Error: {error}\n\n")
        return 1
    return 0


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``hcldec`` to the ``hcldecode`` command's list of subcommands (for ``--help``)."""
    commands.add_parser(
        "hcldec",
        help="decode files with an hcldec spec file, as HCL's hcldec command",
        add_help=False,
    )


def run_subcommand(argv: Sequence[str] | None) -> int | None:
    """``main(argv[1:])`` when ``argv`` (default: the process's) starts with ``hcldec``.

    Returns ``None`` for any other command line.
    """
    if argv is None:
        argv = sys.argv[1:]
    if argv and argv[0] == "hcldec":
        return main(argv[1:])
    return None
