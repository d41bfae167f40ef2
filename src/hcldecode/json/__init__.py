"""HCL's JSON syntax: configuration written as JSON.

:func:`parse` reads a JSON document into a :class:`~hcldecode.model.File`
whose body interprets object properties as attributes or blocks according
to the schema it is given; :func:`parse_expression` reads one JSON value as
an expression. Both keep the order of properties and every duplicate, read
numbers exactly, and report every mistake as a diagnostic with a range.
"""

from __future__ import annotations

import functools

from ..model._diagnostics import Diagnostic, Diagnostics, Pos
from ..model._source import decode_source
from ..model._structure import File
from ._ast import ArrayNode, InvalidNode, Node, ObjectNode, Source
from ._body import JsonBody
from ._expression import JsonExpression
from ._fast import fast_parse
from ._goparser import GoParser
from ._parser import parse_value

__all__ = ["JsonBody", "JsonExpression", "parse", "parse_expression"]


def _read(
    src: bytes | str, filename: str, start: Pos | None, go_errors: bool
) -> tuple[Source, Node | None, Diagnostics]:
    if not isinstance(filename, str):
        raise TypeError(f"filename must be a str, not {type(filename).__name__}")
    # As in the reference, bytes that are not UTF-8 are no error in themselves:
    # inside strings they read as U+FFFD, elsewhere the parser finds an
    # invalid character. So the decoder's encoding diagnostics are not used.
    text, encoding_diags = decode_source(src, filename, strip_bom=False)
    source = Source(filename, text, start)
    fast = None if encoding_diags else fast_parse(source)
    if fast is not None:
        return source, fast, Diagnostics()
    if go_errors:
        parser = GoParser(source)
        root, _complete = parser.parse()
        return source, root, parser.diags
    root, _complete, diags = parse_value(source)
    return source, root, diags


def parse(
    src: bytes | str,
    filename: str = "<string>",
    start: Pos | None = None,
    *,
    go_errors: bool = False,
) -> tuple[File, Diagnostics]:
    """Parse a JSON configuration file (HCL's ``json.Parse``).

    The root value must be an object or an array of objects.

    Args:
        src: The document, as bytes (UTF-8) or text.
        filename: The name used in ranges and diagnostics.
        start: The position of the document's first character, for a document
            that is part of a bigger file, as HCL's ``json.ParseWithStartPos``
            counts them; by default :data:`~hcldecode.model.INITIAL_POS`.
        go_errors: Report invalid JSON as HCL's Go parser does (see
            "JSON syntax" in ``docs/compatibility.md``): a container with a
            structural error becomes an invalid value, parsing goes on after
            it with the follow-on errors HCL gives, and ``=`` for ``:`` or a
            trailing comma is not forgiven. By default parsing stops at the
            first structural error and keeps what it read.

    Returns:
        ``(file, diagnostics)``; the file's body is a :class:`JsonBody`. Syntax
        errors and a root value of another kind are error diagnostics, and the
        body then holds what could be read (an empty body if nothing could).

    Raises:
        TypeError: ``filename`` is not a ``str``.
    """
    source, root, diags = _read(src, filename, start, go_errors)
    if not isinstance(root, (ObjectNode, ArrayNode)):
        if root is not None and (go_errors or not isinstance(root, InvalidNode)):
            diags.append(
                Diagnostic.error(
                    "Root value must be object",
                    "The root value in a JSON-based configuration must be either a JSON "
                    "object or a JSON array of objects.",
                    source.range(*root.start_span()),
                )
            )
        root = ObjectNode(0, 0, [], closed=False)
    nav_root = root
    file = File(
        filename, source.text, JsonBody(source, root), functools.partial(_context, source, nav_root)
    )
    source.keep_file(
        file, functools.partial(_parsed_again, source.text, filename, start, go_errors)
    )
    return file, diags


def _parsed_again(text: str, filename: str, start: Pos | None, go_errors: bool) -> File:
    """The file of ``text`` parsed again (for :class:`~hcldecode.model.FileRef`)."""
    return parse(text, filename, start, go_errors=go_errors)[0]


def parse_expression(
    src: bytes | str,
    filename: str = "<string>",
    start: Pos | None = None,
    *,
    go_errors: bool = False,
) -> tuple[JsonExpression, Diagnostics]:
    """Parse one JSON value as an expression (HCL's ``json.ParseExpression``).

    Args:
        src: The JSON value, as bytes (UTF-8) or text.
        filename: The name used in ranges and diagnostics.
        start: The position of its first character, as HCL's
            ``json.ParseExpressionWithStartPos`` counts them; by default
            :data:`~hcldecode.model.INITIAL_POS`.
        go_errors: Report invalid JSON as HCL's Go parser does, as for
            :func:`parse`.

    Returns:
        ``(expression, diagnostics)``. Syntax errors are error diagnostics;
        the expression then stands for what could be read.

    Raises:
        TypeError: ``filename`` is not a ``str``.
    """
    source, root, diags = _read(src, filename, start, go_errors)
    if root is None:
        root = InvalidNode(0, 0)
    return JsonExpression(source, root), diags


def _context(source: Source, root: Node, byte: int) -> str | None:
    """The path to the innermost object or array around ``byte``: ``resource.aws_instance.web``.

    Array elements show as ``[index]``. ``None`` when ``byte`` is in no
    nested object or array.
    """
    offset = source.offset_of_byte(byte)
    steps: list[str] = []
    node = root
    while True:
        if isinstance(node, ObjectNode):
            children = [("." + p.name, p.value) for p in node.properties]
        elif isinstance(node, ArrayNode):
            children = [(f"[{i}]", e) for i, e in enumerate(node.elements)]
        else:
            break
        for step, child in children:
            if isinstance(child, (ObjectNode, ArrayNode)) and child.start <= offset < child.end:
                steps.append(step)
                node = child
                break
        else:
            break
    return "".join(steps).removeprefix(".") or None
