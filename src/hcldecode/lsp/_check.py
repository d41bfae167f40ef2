"""What the application's decoder reports for one document: its diagnostics.

The document is parsed as ``hcldecode check`` parses a file (its syntax
chosen by its name), and, when it has no syntax error, decoded into the
configuration class by the schema module's decoder with the call that does
not raise (:meth:`hcldecode.Decoder.decode_body`): the diagnostics are
exactly the ones the application would get.
"""

from __future__ import annotations

import fnmatch
import threading
from collections.abc import Sequence
from pathlib import PurePath
from typing import Any

import attrs

from ..decoding import Decoded, DecodeError, Decoder, reject_unclaimed
from ..hclparse import parse_source, syntax_for
from ..model import Body, Diagnostic, Diagnostics, EvalContext, File, Severity
from ._incremental import IncrementalParse
from ._navigation import Reference
from ._positions import Encoding, LineIndex

__all__ = ["Document", "Target", "check", "parse_document", "target_for"]


@attrs.frozen
class Target:
    """A configuration class, the decoder that decodes it, and the files it is for.

    ``patterns`` are glob patterns matched against a file's path and its
    name (``*.hcl``, ``plugins/*.hcl``); empty, the target takes every file.
    ``plugins`` are the classes (with their decoders) that decode, in turn,
    what the class and the plugins before them leave (layered decoding,
    :func:`hcldecode.decode_partial`); what none claims is an error.
    ``references`` are the names go to definition and find references follow.
    """

    cls: type
    decoder: Decoder = attrs.field(factory=Decoder)
    patterns: tuple[str, ...] = ()
    plugins: tuple[tuple[type, Decoder], ...] = ()
    references: tuple[Reference, ...] = ()

    def layers(self) -> list[tuple[type, Decoder]]:
        """The class and each plugin class, with their decoders, in decoding order."""
        return [(self.cls, self.decoder), *self.plugins]

    def matches(self, path: str) -> bool:
        if not self.patterns:
            return True
        where = PurePath(path)
        return any(
            fnmatch.fnmatchcase(where.as_posix(), p)
            or fnmatch.fnmatchcase(where.name, p)
            or where.match(p)
            for p in self.patterns
        )


def _context(decoder: Decoder) -> EvalContext | None:
    """The evaluation context ``hcldecode check`` gives a decode: the decoder's own
    variables and functions, else one that knows none (so that JSON strings are
    templates, as they are for the command)."""
    if (
        decoder.variables is not None
        or decoder.functions is not None
        or decoder.undefined_variable is not None
    ):
        return None
    return EvalContext(types=decoder.types, limits=decoder.limits)


def target_for(targets: Sequence[Target], path: str) -> Target | None:
    """The first target whose patterns match ``path``."""
    for target in targets:
        if target.matches(path):
            return target
    return None


def parse_document(source: bytes, filename: str) -> tuple[File, Diagnostics]:
    """The document parsed in the syntax its name says (``.json``: JSON)."""
    return parse_source(source, filename, syntax_for(filename))


class Document:
    """One version of a document: its text with its lines, and its syntax tree, parsed
    once when first asked for (by the check, a completion, a hover, ...).

    A native-syntax document's versions share one :class:`IncrementalParse`:
    a version parses again only the parts of the text its edits changed.
    The trees of the earlier versions then no longer give their own positions.

    Args:
        text: The document's text.
        filename: Its path: its name says its syntax.
        encoding: The code units LSP columns count.
        previous: The document's version before this one, if any.
    """

    def __init__(
        self,
        text: str,
        filename: str,
        encoding: Encoding = "utf-16",
        previous: Document | None = None,
    ) -> None:
        self.index = LineIndex(text, encoding)
        self.filename = filename
        self._parsed: tuple[File, Diagnostics] | None = None
        self._lock = threading.Lock()
        self._incremental: IncrementalParse | None = None
        if not self.is_json:
            kept = previous._incremental if previous and previous.filename == filename else None
            self._incremental = kept or IncrementalParse(filename)

    @property
    def is_json(self) -> bool:
        return syntax_for(self.filename) == "json"

    def parsed(self) -> tuple[File, Diagnostics]:
        """The parsed file and the syntax diagnostics."""
        with self._lock:
            if self._parsed is None:
                if self._incremental is not None:
                    self._parsed = self._incremental.parse(self.index.text)
                else:
                    self._parsed = parse_document(self.index.source, self.filename)
            return self._parsed


def check(document: Document, target: Target) -> list[Diagnostic]:
    """Every diagnostic the target's decoder reports for the document, in source order.

    Syntax errors come alone, as ``hcldecode check`` reports them; an
    exception from the application's own code (a validator that raises
    what it should not) is one error diagnostic without a range.
    """
    file, diags = document.parsed()
    if diags.has_errors():
        return list(diags)
    found = list(diags)
    layered = bool(target.plugins)
    source: Body | File = file
    for cls, decoder in target.layers():
        try:
            decoded: Decoded[Any] = decoder.decode_body(
                source, cls, partial=layered, ctx=_context(decoder)
            )
        except Exception as error:  # the application's own code failed: said, not raised
            found.append(
                Diagnostic(
                    Severity.ERROR,
                    f"{cls.__qualname__} could not be created",
                    f"{type(error).__name__}: {error}",
                )
            )
            return found
        found.extend(decoded.diagnostics)
        if decoded.remaining is None:
            return _in_order(found)
        source = decoded.remaining
    if layered and isinstance(source, Body):
        try:
            reject_unclaimed(source)
        except DecodeError as error:
            found.extend(error.diagnostics)
    return _in_order(found) if layered else found


def _in_order(diags: list[Diagnostic]) -> list[Diagnostic]:
    """Layers' diagnostics in source order (those without a range last)."""
    return sorted(
        diags, key=lambda d: (d.subject is None, d.subject.start.byte if d.subject else 0)
    )
