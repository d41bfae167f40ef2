"""Where configurations come from: paths, lists of paths, streams, text, files and bodies.

Everything here reads and parses through :mod:`hcldecode.hclparse`, which
alone decides a file's syntax from its name; the decoding API never sees a
syntax.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import IO, Union

from ..hclparse._syntax import Syntax, parse_source, syntax_for
from ..model._diagnostics import Diagnostics, SourceFile
from ..model._structure import Body, File
from ._claimed import ClaimedBody
from ._report import Decoded, raise_errors

__all__ = [
    "Source",
    "Syntax",
    "load",
    "load_plain",
    "parse",
    "parse_config",
    "parse_config_file",
    "parse_file",
]

Source = Union[
    str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]], IO[bytes], Body, File
]
"""What the decoding API decodes: a path, a list of paths (merged into one
configuration), a binary file object, a parsed :class:`~hcldecode.File` or a
:class:`~hcldecode.Body`."""


def parse(text: str | bytes, *, filename: str = "<string>", syntax: Syntax = "native") -> File:
    """Parse configuration text; see :func:`parse_config` for a call that does not raise.

    Args:
        text: The configuration, as text or UTF-8 bytes.
        filename: The name of the text in diagnostics.
        syntax: ``"native"`` or ``"json"``.

    Returns:
        The parsed :class:`~hcldecode.model.File`.

    Raises:
        DecodeError: The text has syntax errors: every one of them.
        ValueError: ``syntax`` is neither ``"native"`` nor ``"json"``.
    """
    file, diags = parse_source(text, filename, syntax)
    if diags:
        raise_errors(diags, {filename: file})
    return file


def parse_file(path: str | os.PathLike[str]) -> File:
    """Parse a file, choosing the syntax from its name (``.json`` means JSON).

    Args:
        path: The file's path.

    Returns:
        The parsed :class:`~hcldecode.model.File`.

    Raises:
        DecodeError: The file has syntax errors: every one of them.
        OSError: The file cannot be read (as ``open`` raises it: a missing
            file is the program's business here; :func:`parse_config_file`
            reports it as a diagnostic instead).
    """
    file, diags = _read(path)
    raise_errors(diags, {file.filename: file})
    return file


def parse_config(
    text: str | bytes, *, filename: str = "<string>", syntax: Syntax = "native"
) -> Decoded[File]:
    """Parse configuration text without raising for its mistakes.

    After syntax errors the file is still usable, as far as the syntax
    allows: what parsed is there, and the parts in error are placeholders
    whose evaluation gives unknown values (HCL's own recovery).

    Args:
        text: The configuration, as text or UTF-8 bytes.
        filename: The name of the text in diagnostics.
        syntax: ``"native"`` or ``"json"``.

    Returns:
        A :class:`~hcldecode.Decoded` whose ``value`` is the file and whose
        ``diagnostics`` are the syntax errors; ``result.unwrap()`` is
        :func:`parse`.

    Raises:
        ValueError: ``syntax`` is neither ``"native"`` nor ``"json"``.
    """
    file, diags = parse_source(text, filename, syntax)
    return _parsed(file, diags)


def parse_config_file(path: str | os.PathLike[str]) -> Decoded[File]:
    """Parse a file without raising for its mistakes (see :func:`parse_config`).

    Args:
        path: The file's path; its name chooses the syntax (``.json`` means JSON).

    Returns:
        A :class:`~hcldecode.Decoded` whose ``value`` is the file and whose
        ``diagnostics`` are the syntax errors. A file that cannot be read
        gives ``None`` and HCL's ``hclparse`` diagnostic, without a range:
        ``Failed to read file`` (for a ``.json`` name that cannot be opened,
        ``Failed to open file``), as :class:`hcldecode.hclparse.Parser` does.
    """
    from ..hclparse._parser import Parser  # noqa: PLC0415 (loads on first use)

    name = os.fspath(path)
    parser = Parser()
    if syntax_for(name) == "json":
        found, diags = parser.parse_json_file(name)
    else:
        found, diags = parser.parse_hcl_file(name)
    if found is None:
        return Decoded(None, {}, diags)
    return _parsed(found, diags)


def _parsed(file: File, diags: Diagnostics) -> Decoded[File]:
    return Decoded(file, {}, diags, files={file.filename: file})


def _read(path: str | os.PathLike[str]) -> tuple[File, Diagnostics]:
    name = os.fspath(path)
    with open(name, "rb") as stream:
        data = stream.read()
    return parse_source(data, name)


def load(source: Source) -> tuple[Body, dict[str, SourceFile]]:
    """The body of ``source`` and the files it was read from, by name.

    Raises :class:`~hcldecode.DecodeError` for syntax errors (in every file
    of a list), ``OSError`` for a file that cannot be read, and
    ``TypeError`` for anything that is not a :data:`Source`.
    """
    if isinstance(source, File):  # first: the classes of bodies are abstract, slower to test
        return source.body, {source.filename: source}
    if isinstance(source, ClaimedBody):
        return source, dict(source.files)
    if isinstance(source, Body):
        return source, dict(source.source_files())
    if isinstance(source, str | os.PathLike):
        file = parse_file(source)
        return file.body, {file.filename: file}
    if hasattr(source, "read"):
        data = source.read()
        if not isinstance(data, bytes):
            raise TypeError("decode() needs a binary file object (open the file with 'rb')")
        name = str(getattr(source, "name", "<stream>"))
        file = parse(data, filename=name, syntax=syntax_for(name))
        return file.body, {name: file}
    if isinstance(source, Sequence):
        files: dict[str, SourceFile] = {}
        parsed: list[File] = []
        diags = Diagnostics()
        for item in source:
            if not isinstance(item, str | os.PathLike):
                raise TypeError(f"decode() takes a list of paths, but the list holds {item!r}")
            file, file_diags = _read(item)
            diags.extend(file_diags)
            files[file.filename] = file
            parsed.append(file)
        raise_errors(diags, files)
        from ..model._merge import merge_bodies  # noqa: PLC0415 (loads on first use)

        return merge_bodies([f.body for f in parsed]), files
    raise TypeError(f"cannot decode from {source!r}")


def load_plain(
    source: str | bytes | Body | File, filename: str, syntax: Syntax
) -> tuple[Body, dict[str, SourceFile]]:
    """What :meth:`~hcldecode.Decoder.to_dict` reads: text (in ``syntax``), a
    file or a body, with the files it comes from. Raises
    :class:`~hcldecode.DecodeError` for syntax errors."""
    if isinstance(source, str | bytes):
        file = parse(source, filename=filename, syntax=syntax)
        return file.body, {filename: file}
    if isinstance(source, File):
        return source.body, dict(source.body.source_files())
    if isinstance(source, Body):
        return source, dict(source.source_files())
    raise TypeError(f"to_dict() needs text, a File or a Body, not {source!r}")
