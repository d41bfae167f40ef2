"""A parser that keeps the files it parses, by name: HCL's ``hclparse.Parser``."""

from __future__ import annotations

import os
from collections.abc import Mapping
from types import MappingProxyType

from .._text import go_quote
from ..model._diagnostics import Diagnostic, Diagnostics
from ..model._source import encode_source
from ..model._structure import File
from ._syntax import Syntax, parse_source

__all__ = ["Parser"]


class Parser:
    """Parses configuration files of either syntax and remembers each by its name.

    Asking again for a file of a name already parsed gives the same
    :class:`~hcldecode.model.File` and no diagnostics: a file's diagnostics
    come once, from its first parse, as in HCL, so that a program that
    collects them all reports each once. :attr:`files` maps every name to
    its file, which is what :func:`~hcldecode.model.render_diagnostics` and
    :class:`~hcldecode.model.HCLError` take to show source lines. A parser
    is not meant to be shared between threads.

    Args:
        go_json_errors: Report invalid JSON-syntax files as HCL's Go parser
            does, follow-on errors included (see :func:`hcldecode.json.parse`),
            for a program that must give the diagnostics Terraform gives. By
            default parsing stops at the first structural error.
    """

    __slots__ = ("_files", "_go_json_errors", "_sources")

    def __init__(self, *, go_json_errors: bool = False) -> None:
        self._files: dict[str, File] = {}
        self._sources: dict[str, bytes] = {}
        self._go_json_errors = go_json_errors

    def parse_hcl(self, src: bytes | str, filename: str) -> tuple[File, Diagnostics]:
        """Parse text read from a file as a native-syntax file (HCL's ``ParseHCL``).

        Args:
            src: The file's content, as bytes (UTF-8) or text.
            filename: The name to parse and remember it under.

        Returns:
            ``(file, diagnostics)``. Syntax errors are error diagnostics, and the
            file then holds what could be read. A name parsed before gives the
            same file and no diagnostics.

        Raises:
            TypeError: ``filename`` is not a ``str``.
        """
        return self._parse("native", src, filename)

    def parse_json(self, src: bytes | str, filename: str) -> tuple[File, Diagnostics]:
        """Parse text read from a file as a JSON-syntax file (HCL's ``ParseJSON``).

        Args:
            src: The file's content, as bytes (UTF-8) or text.
            filename: The name to parse and remember it under.

        Returns:
            ``(file, diagnostics)``, as for :meth:`parse_hcl`.

        Raises:
            TypeError: ``filename`` is not a ``str``.
        """
        return self._parse("json", src, filename)

    def _parse(
        self,
        syntax: Syntax,
        src: bytes | str,
        filename: str,
    ) -> tuple[File, Diagnostics]:
        """The file parsed before under ``filename`` (no diagnostics again), or
        ``src`` parsed in ``syntax`` and kept."""
        existing = self._files.get(filename)
        if existing is not None:
            return existing, Diagnostics()
        file, diags = parse_source(src, filename, syntax, go_json_errors=self._go_json_errors)
        self._keep(filename, file, src)
        return file, diags

    def parse_hcl_file(self, filename: str | os.PathLike[str]) -> tuple[File | None, Diagnostics]:
        """Read a file and parse it as native syntax (HCL's ``ParseHCLFile``).

        Args:
            filename: The file's path; it is also the name the file is kept under.

        Returns:
            ``(file, diagnostics)``, as for :meth:`parse_hcl`. A file that cannot be
            read gives ``None`` and the error diagnostic ``Failed to read file``,
            and is not remembered.
        """
        name = os.fspath(filename)
        existing = self._files.get(name)
        if existing is not None:
            return existing, Diagnostics()
        try:
            with open(name, "rb") as stream:
                src = stream.read()
        except OSError:
            return None, Diagnostics(
                [
                    Diagnostic.error(
                        "Failed to read file",
                        f"The configuration file {go_quote(name)} could not be read.",
                    )
                ]
            )
        return self.parse_hcl(src, name)

    def parse_json_file(self, filename: str | os.PathLike[str]) -> tuple[File | None, Diagnostics]:
        """Read a file and parse it as JSON syntax (HCL's ``ParseJSONFile``).

        Args:
            filename: The file's path; it is also the name the file is kept under.

        Returns:
            ``(file, diagnostics)``, as for :meth:`parse_json`. A file that cannot
            be opened gives ``None`` and the error diagnostic ``Failed to open
            file``, one that cannot be read after opening ``Failed to read file``;
            neither is remembered.
        """
        name = os.fspath(filename)
        existing = self._files.get(name)
        if existing is not None:
            return existing, Diagnostics()
        try:
            stream = open(name, "rb")  # noqa: SIM115 (opening and reading fail differently)
        except OSError:
            return None, Diagnostics(
                [
                    Diagnostic.error(
                        "Failed to open file", f"The file {go_quote(name)} could not be opened."
                    )
                ]
            )
        try:
            with stream:
                src = stream.read()
        except OSError:
            return None, Diagnostics(
                [
                    Diagnostic.error(
                        "Failed to read file",
                        f"The file {go_quote(name)} was opened, but an error occured while "
                        "reading it.",
                    )
                ]
            )
        return self.parse_json(src, name)

    def add_file(self, filename: str, file: File) -> None:
        """Remember a file parsed some other way (HCL's ``AddFile``).

        Args:
            filename: The name to keep it under; it replaces any file of that
                name.
            file: The parsed file.
        """
        self._files[filename] = file
        self._sources[filename] = encode_source(file.text)

    @property
    def files(self) -> Mapping[str, File]:
        """Every file parsed or added, by name, in the order they came (HCL's ``Files``).

        A read-only view that follows the parser; pass it to
        :func:`~hcldecode.model.render_diagnostics` to show source lines.
        """
        return MappingProxyType(self._files)

    def sources(self) -> dict[str, bytes]:
        """The source bytes of every file, by name (HCL's ``Sources``).

        For a file given as text, its UTF-8 encoding; for one added with
        :meth:`add_file`, the encoding of its text.
        """
        return dict(self._sources)

    def _keep(self, filename: str, file: File, src: bytes | str) -> None:
        self._files[filename] = file
        self._sources[filename] = src if isinstance(src, bytes) else encode_source(src)
