"""A drop-in for python-hcl2 8.x's ``load`` and ``loads``, on hcldecode's parser.

``load(fp)`` and ``loads(text)`` give the dictionaries python-hcl2 8.1.4's
``hcl2.load`` and ``hcl2.loads`` give, with the same Python types and key
order, for every file both accept, and take the same serialisation options
(as keywords, or as python-hcl2's ``serialization_options`` object). Files
that HCL rejects raise :class:`PythonHcl2Error` with HCL's diagnostics (or,
with ``lark_errors=True``, an error that is lark's exception types too).
JSON-syntax files are read as well (see :func:`loads`).
"""

from __future__ import annotations

from typing import IO, Any

from ..model import Diagnostics, HCLError, SourceFile
from ..native import NativeBody, parse_config
from ._pyhcl2_comments import collect_comments
from ._pyhcl2_dumps import write_body
from ._pyhcl2_json import json_root, read_json
from ._pyhcl2_options import SerializationOptions, read_options
from ._pyhcl2_serialize import DuplicateNameError, Serializer

__all__ = [
    "DuplicateNameError",
    "PythonHcl2Error",
    "SerializationOptions",
    "dump",
    "dumps",
    "load",
    "loads",
]


class PythonHcl2Error(HCLError):
    """HCL rejects the file: ``diagnostics`` holds every reason (``str()`` renders them).

    Attributes:
        diagnostics: The error diagnostics, in source order.
        files: The file, by name, for the rendering of source lines.
    """


def loads(
    text: str,
    *,
    serialization_options: object = None,
    syntax: str | None = None,
    filename: str = "<string>",
    lark_errors: bool = False,
    **options: bool,
) -> dict[str, Any]:
    """Read HCL text into python-hcl2 8.x's dictionary (``hcl2.loads``).

    Attribute values keep python-hcl2's form: quoted strings with their quotes
    and escapes (``'"web"'``), numbers as ``int`` or ``float``, other
    expressions as ``"${...}"`` text; blocks are lists of dicts under their
    type, nested by label and marked ``"__is_block__": True``; comments are
    under ``"__comments__"`` and ``"__inline_comments__"``.

    A JSON-syntax file (``syntax="json"``, or text whose first character that
    is not white space is ``{``) gives the dictionary of the native file of
    the same meaning, reading every property as an attribute: JSON cannot
    tell blocks from object values without a schema (see "JSON files" in
    ``docs/migrating-from-python-hcl2.md``).

    Args:
        text: The file's text.
        serialization_options: A :class:`SerializationOptions`, python-hcl2's own (or any
            object with its option attributes); keywords override it.
        syntax: ``"native"``, ``"json"``, or ``None`` to tell by the text.
        filename: The name used in diagnostics.
        lark_errors: Raise syntax errors as an error that is also lark's
            ``UnexpectedToken`` and ``UnexpectedCharacters`` (what
            python-hcl2 raises), for programs that catch those; lark must be
            installed.
        **options: python-hcl2's options, each a ``bool``: ``with_comments``
            (default ``True``), ``with_meta`` (``False``; python-hcl2 8.1.4
            adds nothing for it), ``wrap_objects`` (``False``),
            ``wrap_tuples`` (``False``), ``explicit_blocks`` (``True``),
            ``preserve_heredocs`` (``True``), ``force_operation_parentheses``
            (``False``), ``preserve_scientific_notation`` (``True``),
            ``strip_string_quotes`` (``False``).

    Returns:
        The dictionary.

    Raises:
        PythonHcl2Error: HCL rejects the file (a syntax error).
        DuplicateNameError: A block has the name of an attribute defined
            before it in the same body (python-hcl2's ``RuntimeError``).
        TypeError: An unknown option, or one that is not a ``bool``.
        ValueError: ``syntax`` is not one of the three.
    """
    opts = read_options(serialization_options, options)
    if syntax is None:
        syntax = "json" if text.lstrip(" \t\r\n\ufeff").startswith("{") else "native"
    if syntax == "json":
        root = json_root(text, filename)
        if root is None:
            from ..json import parse as parse_json  # noqa: PLC0415

            file, diags = parse_json(text, filename)
            raise _error(diags, {filename: file}, lark_errors)
        return read_json(root, opts)
    if syntax != "native":
        raise ValueError(f"syntax must be 'native', 'json' or None, not {syntax!r}")
    native, diags = parse_config(text, filename)
    if diags.has_errors():
        raise _error(diags, {filename: native}, lark_errors)
    body = native.body
    assert isinstance(body, NativeBody)
    comments = collect_comments(native.text, body) if opts.with_comments else {}
    return Serializer(native.text, opts, comments).body(body)


def load(fp: IO[str], **options: Any) -> dict[str, Any]:
    """Read an open HCL file into python-hcl2 8.x's dictionary (``hcl2.load``).

    Args:
        fp: A text file open for reading. Its ``name``, when it has one, is
            the file name in diagnostics, and one ending in ``.json`` is read
            as JSON syntax unless ``syntax`` says otherwise.
        **options: The keywords of :func:`loads`.

    Returns:
        The dictionary.

    Raises:
        PythonHcl2Error: HCL rejects the file.
        DuplicateNameError: As for :func:`loads`.
        TypeError: An unknown option, or one of the wrong type.
        ValueError: ``syntax`` is not one of the three.
    """
    name = getattr(fp, "name", None)
    if isinstance(name, str):
        options.setdefault("filename", name)
        if name.endswith(".json"):
            options.setdefault("syntax", "json")
    return loads(fp.read(), **options)


def dumps(data: dict[str, Any], *, serialization_options: object = None, **options: bool) -> str:
    """Write a python-hcl2 8.x dictionary back as native HCL (``hcl2.dumps``).

    The text is laid out as ``hclfmt`` lays it out, and reading it back with
    the same options gives the dictionary again: ``loads(dumps(d, **o), **o)
    == d`` for every dictionary ``loads(text, **o)`` gives, under the option
    sets listed in ``docs/migrating-from-python-hcl2.md`` ("Writing
    dictionaries back"). Comments are written where ``loads`` finds them
    again, not where they were.

    Args:
        data: A dictionary as :func:`loads` gives.
        serialization_options: The options ``data`` was read with, as for
            :func:`loads`; keywords override it.
        **options: The options ``data`` was read with (those of
            :func:`loads`): ``strip_string_quotes`` makes strings without
            quotes quoted strings, the others need nothing.

    Returns:
        The native text.

    Raises:
        ValueError: ``data`` is not a dictionary that reading HCL gives.
        TypeError: An unknown option, or one that is not a ``bool``.
    """
    return write_body(data, read_options(serialization_options, options))


def dump(
    data: dict[str, Any], fp: IO[str], *, serialization_options: object = None, **options: bool
) -> None:
    """Write a python-hcl2 8.x dictionary to an open file as native HCL (``hcl2.dump``).

    Args:
        data: A dictionary as :func:`loads` gives.
        fp: A text file open for writing.
        serialization_options: As for :func:`dumps`.
        **options: As for :func:`dumps`.

    Raises:
        ValueError: As for :func:`dumps`.
        TypeError: As for :func:`dumps`.
    """
    fp.write(write_body(data, read_options(serialization_options, options)))


def _error(diags: Diagnostics, files: dict[str, SourceFile], lark_errors: bool) -> PythonHcl2Error:
    errors = [d for d in diags if d.is_error] or list(diags)
    if lark_errors:
        from ._pyhcl2_lark import lark_error  # noqa: PLC0415

        error = lark_error(PythonHcl2Error, Diagnostics(errors), files)
        assert isinstance(error, PythonHcl2Error)
        return error
    return PythonHcl2Error(errors, files)
