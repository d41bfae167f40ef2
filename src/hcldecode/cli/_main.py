"""The ``hcldecode`` command.

``hcldecode decode FILE... --schema SCHEMA`` prints the decoded object as
JSON; ``hcldecode check FILE... --schema SCHEMA`` only validates;
``hcldecode convert FILE... --schema SCHEMA --to json|hcl`` writes it back as
HCL in the syntax asked for; ``hcldecode fmt PATH...`` lays files out as
``hclfmt`` does (see ``cli/_fmt.py``);
``hcldecode schema --schema SCHEMA`` prints the JSON Schema of the class's
JSON syntax, for editors;
``hcldecode hcldec ...`` is HashiCorp's ``hcldec``, flag for flag. See
docs/cli.md. ``SCHEMA`` is a configuration class, or an hcldec spec file
(``*.hcldec``): the files are then decoded as ``hcldec`` decodes them, and
``convert`` writes the value back with :func:`hcldecode.hcldec.encode`.

Exit status of ``decode``, ``check``, ``convert`` and ``schema``: 0 when the
configuration is valid, 1 when it has errors, 2 for a mistake on the
command line (including a schema that cannot be loaded, a file that cannot
be read and a value that cannot be written back). ``hcldec`` keeps the
reference's own statuses.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.metadata
import json
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, TextIO

import attrs

from ..decoding import DecodeError, Decoder, SchemaError
from ..ext.tryfunc import FUNCTIONS as TRY_FUNCTIONS
from ..functions import STDLIB
from ..hcldec._encode import encode
from ..hcldec._specs import decode
from ..hclparse._syntax import parse_source
from ..model._context import EvalContext
from ..model._diagnostics import Diagnostic, Diagnostics
from ..model._merge import merge_bodies
from ..model._render import terminal_safe
from ..model._structure import Body, File
from ..values._path import AttrStep
from ..values._value import SENSITIVE, Value
from ._fmt import register as register_fmt
from ._fmt import run as run_fmt
from ._hcldec import register as register_hcldec
from ._hcldec import run_subcommand as run_hcldec
from ._hcldec import spec_context
from ._lsp import register as register_lsp
from ._lsp import run as run_lsp
from ._output import JsonWriter
from ._report import add_diagnostic_options, report
from ._schema import CommandError, is_spec_file, load_class, load_spec_file
from ._variables import parse_var, read_var_file

__all__ = ["main"]

OK, ERRORS, USAGE = 0, 1, 2
# A program whose output pipe was closed ends as if by SIGPIPE (128 + 13).
BROKEN_PIPE = 141
INTERRUPTED = 130

_VAR_HINT = " Variables can be given on the command line with --var NAME=VALUE or --var-file FILE."
_STDLIB_HINT = " The standard library's functions can be given with --stdlib."

_EPILOG = """\
exit status: 0 when the configuration is valid, 1 when it has errors, 2 for a
mistake on the command line; the hcldec command keeps the statuses of HCL's
own hcldec. See docs/cli.md.
"""


def _version() -> str:
    try:
        return importlib.metadata.version("hcldecode")
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover (run from a source tree)
        return "unknown"


def _build() -> str:
    """Which build of hcldecode runs: ``"compiled"`` (mypyc, setup.py) or ``"pure"``.

    The compiled build compiles the parsers; the native one is what tells.
    """
    from ..native import _parser  # noqa: PLC0415 (loaded with the package already)

    file = _parser.__file__ or ""
    return "compiled" if file.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)) else "pure"


class _AppendSource(argparse.Action):
    """``--var`` and ``--var-file`` go to one list, in command-line order."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[object] | None,
        option_string: str | None = None,
    ) -> None:
        sources = list(getattr(namespace, self.dest) or [])
        sources.append((self.const, values))
        setattr(namespace, self.dest, sources)


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hcldecode",
        description="Decode HCL configuration into typed objects.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version", action="version", version=f"hcldecode {_version()} ({_build()})"
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, help_text in (
        ("decode", "decode files and print the result as JSON"),
        ("check", "validate files, printing diagnostics"),
        ("convert", "decode files and write the result as HCL in the other syntax"),
    ):
        sub = commands.add_parser(
            name,
            help=help_text,
            description=f"{help_text[0].upper()}{help_text[1:]}.",
            epilog=_EPILOG,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        sub.add_argument(
            "files", nargs="+", metavar="FILE", help="configuration files (.json: JSON syntax)"
        )
        sub.add_argument(
            "--schema",
            required=True,
            metavar="SCHEMA",
            help="the configuration class (module:Class or path/to/file.py:Class), "
            "or an hcldec spec file (path/to/file.hcldec)",
        )
        sub.add_argument(
            "--var",
            dest="variables",
            action=_AppendSource,
            const="var",
            default=[],
            metavar="NAME=VALUE",
            help="a variable; VALUE is JSON when it looks like JSON, else a string",
        )
        sub.add_argument(
            "--var-file",
            dest="variables",
            action=_AppendSource,
            const="file",
            metavar="FILE",
            help="variables from a file of attributes (HCL, or JSON by its .json suffix)",
        )
        sub.add_argument(
            "--sensitive",
            action="append",
            default=[],
            metavar="NAME",
            help="the variable NAME (or an attribute of one: var.db_password) is "
            "sensitive: no message shows it, and only fields declared sensitive take it",
        )
        if name == "decode":
            sub.add_argument(
                "--show-sensitive",
                action="store_true",
                help='print the values of sensitive fields (by default: "(sensitive value)")',
            )
        sub.add_argument(
            "--stdlib",
            action="store_true",
            help="give expressions the standard library's functions and try and can "
            "(under the schema module's decoder's own functions of the same names)",
        )
        add_diagnostic_options(sub)
        if name == "check":
            sub.add_argument(
                "-v", "--verbose", action="store_true", help="say what was checked on success"
            )
        if name == "convert":
            sub.add_argument(
                "--to",
                choices=("json", "hcl"),
                required=True,
                help="the syntax to write: HCL's JSON syntax, or its native syntax",
            )
    schema = commands.add_parser(
        "schema",
        help="print the JSON Schema of a configuration class's JSON syntax, for editors",
        description="Print the JSON Schema (draft 2020-12) of the HCL JSON syntax of "
        "configurations of a class, for editors.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    schema.add_argument(
        "--schema",
        required=True,
        metavar="SCHEMA",
        help="the configuration class (module:Class or path/to/file.py:Class)",
    )
    schema.add_argument("--title", help="the schema's title (by default the class's name)")
    register_lsp(commands)
    register_fmt(commands)
    register_hcldec(commands)
    return parser


def _print_schema(args: argparse.Namespace, out: TextIO) -> int:
    """``hcldecode schema``: the class's JSON Schema on standard output."""
    if is_spec_file(args.schema):
        raise CommandError("schema needs a configuration class, not a spec file")
    cls = load_class(args.schema)
    try:
        schema = _decoder_for(cls).json_schema(cls, title=args.title)
    except SchemaError as error:
        raise CommandError(str(error)) from None
    _write_utf8(out, json.dumps(schema, indent=2, ensure_ascii=False) + "\n")
    return OK


def _with_hints(diags: Sequence[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics, with a hint at ``--var`` where variables were not allowed, and
    at ``--stdlib`` where function calls were not."""

    def hinted(d: Diagnostic) -> Diagnostic:
        if d.summary == "Variables not allowed" and d.detail == "Variables may not be used here.":
            return attrs.evolve(d, detail=d.detail + _VAR_HINT)
        if d.summary == "Function calls not allowed" and d.detail == (
            "Functions may not be called here."
        ):
            return attrs.evolve(d, detail=d.detail + _STDLIB_HINT)
        return d

    return [hinted(d) for d in diags]


def _stdlib(defined: Mapping[str, object] | None) -> dict[str, Any]:
    """``--stdlib``'s functions: the standard library, ``try`` and ``can``, less the
    names the schema's own functions define (theirs win)."""
    given = {**STDLIB, **TRY_FUNCTIONS}
    return {name: f for name, f in given.items() if defined is None or name not in defined}


def _in_order(diags: Sequence[Diagnostic], files: Mapping[str, File]) -> list[Diagnostic]:
    """In the order of the files on the command line, then of their text."""
    order = {name: i for i, name in enumerate(files)}

    def key(d: Diagnostic) -> tuple[int, int]:
        if d.subject is None:
            return (len(order) + 1, 0)
        return (order.get(d.subject.filename, len(order)), d.subject.start.byte)

    return sorted(diags, key=key)


# --------------------------------------------------------------------------- the commands


@attrs.define
class _Run:
    """One ``decode``, ``check`` or ``convert``: the files read and the diagnostics found."""

    args: argparse.Namespace
    out: TextIO
    err: TextIO
    files: dict[str, File] = attrs.field(factory=dict)
    sources: dict[str, bytes] = attrs.field(factory=dict)
    diags: Diagnostics = attrs.field(factory=Diagnostics)

    def fail(self, diags: Sequence[Diagnostic]) -> int:
        report(_with_hints(_in_order(diags, self.files)), self.files, self.args, self.err)
        self.err.flush()
        return ERRORS

    def variables(self) -> dict[str, Value]:
        found: dict[str, Value] = {}
        for kind, text in self.args.variables:
            if kind == "var":
                name, value = parse_var(text)
                found[name] = value
            else:
                file, values = read_var_file(text, self.diags)
                if file is not None:
                    self.files[text] = file
                found.update(values)
        for name in self.args.sensitive:
            root, *rest = name.split(".")
            given = found.get(root)
            path = tuple(AttrStep(step) for step in rest)
            marked = None if given is None else given.mark_with_paths([(path, (SENSITIVE,))])
            if marked is None or not marked.has_mark_deep(SENSITIVE):
                raise CommandError(
                    f"--sensitive {terminal_safe(name)}: no such variable is given "
                    "(by --var or --var-file)"
                )
            found[root] = marked
        return found

    def body(self) -> Body:
        bodies = []
        for name in self.args.files:
            try:
                src = Path(name).read_bytes()
            except OSError as error:
                raise CommandError(f"cannot read {name}: {error.strerror}") from None
            file, diags = parse_source(src, name)
            self.sources[name] = src
            self.files[name] = file
            self.diags.extend(diags)
            bodies.append(file.body)
        return bodies[0] if len(bodies) == 1 else merge_bodies(bodies)

    def run(self) -> int:
        if is_spec_file(self.args.schema):
            return self.run_spec()
        cls = load_class(self.args.schema)
        variables = self.variables()
        body = self.body()
        if self.diags.has_errors():
            return self.fail(self.diags)
        decoder = _decoder_for(cls)
        functions = _stdlib(decoder.functions) if self.args.stdlib else None
        try:
            if variables or functions:
                # The decoder's own variables and functions, and on top of them
                # (winning over its variables) those of the command line.
                obj: object = decoder.decode(
                    body, cls, variables=variables or None, functions=functions
                )
            elif (
                decoder.variables is not None
                or decoder.functions is not None
                or decoder.undefined_variable is not None
            ):
                obj = decoder.decode(body, cls)
            else:
                # Always a context, so that JSON strings are templates whether or
                # not variables are given (HCL reads them as literal text without one).
                ctx = EvalContext(types=decoder.types, limits=decoder.limits)
                obj = decoder.decode(body, cls, ctx=ctx)
        except DecodeError as error:
            return self.fail(error.diagnostics)
        except SchemaError as error:
            raise CommandError(str(error)) from None
        except Exception as error:  # the schema's own code failed: a clean message
            raise CommandError(
                f"{cls.__qualname__} could not be created: {type(error).__name__}: {error}"
            ) from None
        if self.args.command == "decode":
            writer = JsonWriter(
                self.sources, decoder.types, show_sensitive=self.args.show_sensitive
            )
            _write_utf8(self.out, writer.text(obj) + "\n")
        elif self.args.command == "convert":
            syntax: Literal["json", "native"] = "json" if self.args.to == "json" else "native"
            try:
                # (read back as the command reads: with a context, JSON strings are templates)
                text = _decoder_for(cls).dumps(obj, syntax=syntax, templates=True)
            except (TypeError, ValueError) as error:
                raise CommandError(f"cannot write {cls.__qualname__}: {error}") from None
            _write_utf8(self.out, text)
        elif self.args.verbose:
            self.say_ok(variables)
        return OK

    def run_spec(self) -> int:
        """:meth:`run` with a spec file: the files are decoded as ``hcldecode hcldec``
        decodes them, and written back by :func:`hcldecode.hcldec.encode`."""
        schema = self.args.schema
        file, spec_file, spec_diags = load_spec_file(schema)
        if spec_diags.has_errors() or spec_file is None:
            self.files[schema] = file
            report(spec_diags, self.files, self.args, self.err)
            self.err.flush()
            return USAGE
        variables = self.variables()
        body = self.body()
        if self.diags.has_errors():
            return self.fail(self.diags)
        ctx = spec_context(spec_file, variables)
        if self.args.stdlib:
            scope = {**spec_file.variables, **variables}
            ctx = EvalContext(
                scope or None, {**_stdlib(spec_file.functions), **spec_file.functions}
            )
        value, diags = decode(body, spec_file.root, ctx)
        if diags.has_errors():
            return self.fail(diags)
        if self.args.command == "decode":
            writer = JsonWriter(self.sources, show_sensitive=self.args.show_sensitive)
            _write_utf8(self.out, writer.text(value) + "\n")
        elif self.args.command == "convert":
            syntax: Literal["json", "native"] = "json" if self.args.to == "json" else "native"
            if value.has_mark_deep(SENSITIVE):
                raise CommandError(
                    f"cannot write the value decoded with {schema}: it holds a sensitive "
                    "value, which is not written as text"
                )
            try:
                text = encode(value, spec_file.root, ctx, syntax=syntax)
            except (TypeError, ValueError) as error:
                raise CommandError(
                    f"cannot write the value decoded with {schema}: {error}"
                ) from None
            _write_utf8(self.out, text)
        elif self.args.verbose:
            self.say_ok(variables)
        return OK

    def say_ok(self, variables: Mapping[str, Value]) -> None:
        """``check -v``'s line: what matched what, with which variables."""
        names = ", ".join(terminal_safe(n) for n in self.args.files)
        verb = "matches" if len(self.args.files) == 1 else "match"
        given = ""
        if variables:
            given = " with variables " + ", ".join(terminal_safe(n) for n in variables)
        self.out.write(f"ok: {names} {verb} {terminal_safe(self.args.schema)}{given}\n")


def _write_utf8(stream: TextIO, text: str) -> None:
    """JSON is UTF-8, whatever the encoding of the stream's locale."""
    buffer = getattr(stream, "buffer", None)
    if buffer is None:
        stream.write(text)
    else:
        stream.flush()
        # A buffered write can stop short when the pipe closes; the next one raises.
        data = memoryview(text.encode("utf-8"))
        while data:
            written = buffer.write(data)
            if not written:
                break
            data = data[written:]
    stream.flush()


def _run(argv: Sequence[str] | None) -> int:
    hcldec_status = run_hcldec(argv)
    if hcldec_status is not None:
        return hcldec_status
    parser = _build_parser()
    args = parser.parse_args(argv)
    if args.command == "fmt":
        return run_fmt(args, sys.stdout, sys.stderr)
    try:
        if args.command == "schema":
            return _print_schema(args, sys.stdout)
        if args.command == "lsp":
            return run_lsp(args, _decoder_for)
        return _Run(args, sys.stdout, sys.stderr).run()
    except CommandError as error:
        sys.stderr.write(f"hcldecode {args.command}: error: {terminal_safe(str(error))}\n")
        return USAGE


def _quiet_closed_pipe() -> None:
    """Send what is left for a closed pipe to the null device, so that exit stays quiet."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        for stream in (sys.stdout, sys.stderr):
            try:
                os.dup2(devnull, stream.fileno())
            except (AttributeError, ValueError, OSError):
                continue
    finally:
        os.close(devnull)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``hcldecode`` command (what the console script calls).

    Args:
        argv: The arguments after the program name (``["check", "app.hcl",
            "--schema", "schema.py:App"]``); ``None`` reads ``sys.argv[1:]``.

    Returns:
        The exit status (docs/cli.md): for ``decode``, ``check`` and
        ``convert`` 0 when the configuration is valid, 1 when it has errors,
        2 for a mistake on the command line; for ``fmt`` 0, 2 for errors, 3
        when ``--check`` found files to change; for ``schema`` 0, 2 for a
        class that cannot be loaded or described; 130 when interrupted, 141
        when the output pipe was closed early. ``hcldecode hcldec`` returns
        the reference ``hcldec``'s statuses.

    Raises:
        SystemExit: From the argument parser: with 0 after ``--help`` or
            ``--version``, with 2 for arguments it rejects (an unknown option,
            a missing argument); the usage is printed on standard error first.
    """
    try:
        status = _run(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        _quiet_closed_pipe()
        return BROKEN_PIPE
    except KeyboardInterrupt:
        return INTERRUPTED
    return status


def _decoder_for(cls: type) -> Decoder:
    """The schema module's ``decoder`` (a :class:`Decoder` that knows its own
    types), else a plain one."""
    module = sys.modules.get(cls.__module__)
    decoder = getattr(module, "decoder", None)
    return decoder if isinstance(decoder, Decoder) else Decoder()
