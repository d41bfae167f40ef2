"""A language server for an application's HCL configuration, from its classes.

``hcldecode lsp --schema module:Class`` (or :func:`serve` from Python) runs
a Language Server Protocol server over standard input and output, for
``.hcl`` and ``.hcl.json`` files: diagnostics exactly as the application's
decoder reports them, completion of the attribute names, block types and
values the classes allow, hover text with each field's type, default
and documentation, and go to definition and find references for the names
the application declares referenceable (:class:`Reference`). It needs
pygls (``pip install hcldecode[lsp]``), which only :func:`serve` imports. See docs/lsp.md.
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import os
import sys
from collections.abc import Iterable, Sequence
from typing import BinaryIO

import attrs

from ..decoding import Decoder
from ._check import Target
from ._navigation import Reference

__all__ = ["Reference", "Schema", "serve"]


def _patterns(patterns: Iterable[str]) -> tuple[str, ...]:
    if isinstance(patterns, str):
        return (patterns,)
    return tuple(patterns)


def _plugins(
    plugins: Iterable[type | tuple[type, Decoder]],
) -> tuple[type | tuple[type, Decoder], ...]:
    return tuple(plugins)


def _references(references: Iterable[Reference]) -> tuple[Reference, ...]:
    return tuple(references)


@attrs.frozen
class Schema:
    """A configuration class, the decoder of its application, and the files it is for.

    Args:
        cls: The configuration class the files decode into.
        decoder: The application's decoder (its types, functions and
            variables); by default a plain :class:`~hcldecode.Decoder`.
        patterns: Glob patterns for the files of this schema, matched against
            a file's path and its name (``"plugins/*.hcl"``, ``"*.hcl.json"``);
            empty, the schema takes every file.
        plugins: Plugin classes that decode, in turn, what ``cls`` and the
            plugins before them leave of a file (layered decoding, as
            :func:`hcldecode.decode_partial` does it); each is a class, decoded
            by ``decoder``, or a ``(class, decoder)`` pair. What none of them
            claims is an error.
        references: The names the files refer to, for go to definition and
            find references (:class:`Reference`).
    """

    cls: type
    decoder: Decoder = attrs.field(factory=Decoder)
    patterns: tuple[str, ...] = attrs.field(default=(), converter=_patterns)
    plugins: tuple[type | tuple[type, Decoder], ...] = attrs.field(default=(), converter=_plugins)
    references: tuple[Reference, ...] = attrs.field(default=(), converter=_references)

    def _target(self) -> Target:
        plugins = tuple(p if isinstance(p, tuple) else (p, self.decoder) for p in self.plugins)
        return Target(self.cls, self.decoder, self.patterns, plugins, self.references)


def _version() -> str:
    try:
        return importlib.metadata.version("hcldecode")
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover (a source tree)
        return "unknown"


def serve(
    schema: type | Sequence[Schema],
    decoder: Decoder | None = None,
    *,
    references: Sequence[Reference] = (),
    debounce: float = 0.1,
    stdin: BinaryIO | None = None,
    stdout: BinaryIO | None = None,
) -> None:
    """Run the language server until its client shuts it down.

    Args:
        schema: The configuration class; or several :class:`Schema`, the
            first whose patterns match a file serving it (a file none
            matches gets nothing).
        decoder: The application's decoder for ``schema`` given as a class
            (its types, functions and variables); by default a plain one.
        debounce: Seconds to wait after a change before checking the
            document, so that only the last of quick changes is checked.
        stdin: The stream the client writes to; by default standard input.
        stdout: The stream the client reads. By default standard output, and
            then, while serving, ``sys.stdout`` is standard error, so that what
            the application prints does not break the protocol; with a
            stream given, ``sys.stdout`` is left alone.

    Raises:
        ModuleNotFoundError: pygls is not installed (``pip install
            hcldecode[lsp]``).
        TypeError: ``schema`` is neither a class nor a sequence of
            :class:`Schema`, or ``decoder`` or ``references`` is given with
            a sequence.
    """
    if isinstance(schema, type):
        chosen = decoder if decoder is not None else Decoder()
        targets = [Target(schema, chosen, references=tuple(references))]
    elif decoder is None and not references and all(isinstance(s, Schema) for s in schema):
        targets = [s._target() for s in schema]
    else:
        raise TypeError(
            "serve() takes a configuration class (and its decoder), or a sequence of Schema"
        )
    try:
        from ._server import HCLLanguageServer  # noqa: PLC0415 (pygls, only when serving)
    except ModuleNotFoundError as error:
        if error.name not in ("pygls", "lsprotocol"):
            raise
        raise ModuleNotFoundError(
            "the language server needs pygls: pip install hcldecode[lsp]", name=error.name
        ) from None
    server = HCLLanguageServer(targets, debounce=debounce, version=_version())
    source = stdin if stdin is not None else sys.stdin.buffer
    if stdout is not None:  # the caller's streams: the process's own are left alone
        server.start_io(source, stdout)
        return
    # The protocol takes standard output (a stream of its own, closed when the client
    # says exit); while it serves, whatever the application's code prints goes to
    # standard error, so as not to break the protocol.
    out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    with contextlib.redirect_stdout(sys.stderr):
        server.start_io(source, out)
