"""HCL native syntax: scanner, parser, expression tree and body.

Entry points:

* :func:`parse_config` reads a whole configuration file into a
  :class:`~hcldecode.model.File` whose body is a :class:`NativeBody`;
* :func:`parse_expression` and :func:`parse_template` read one expression
  or one bare template (the JSON syntax uses the latter for its strings);
* :func:`parse_traversal_abs` reads a plain variable reference, and
  :func:`parse_traversal_partial` one that may have ``[*]`` steps;
* :func:`valid_identifier` tests a name against HCL's identifier rule;
* :func:`lex_config`, :func:`lex_expression` and :func:`lex_template` give
  the tokens (:class:`Token`, of a :class:`TokenType`) with their ranges.

Expressions are trees of the node classes exported here (:class:`Node` and
its subclasses, as HCL's Go package ``hclsyntax`` exports its expression
types); ``node.children()`` lists a node's children, and :func:`walk`
(with a :class:`Walker`) and :func:`visit_all` walk a whole tree, bodies,
attributes and blocks included (the nodes a walk visits are
``WalkNode``). A file's body finds the blocks and attributes at a position
(``body.blocks_at_pos(pos)`` and the like).

Every function returns its diagnostics beside its result and never raises
for a mistake in the source. Nesting deeper than the limit that the
interpreter's recursion limit allows (:func:`hcldecode.values.max_nesting`) is
reported as an error.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from .._lazy import lazy_names
from .._text import is_identifier
from ..model._diagnostics import Diagnostic, Diagnostics, Pos
from ..model._source import SourceMap, decode_source
from ..model._structure import File
from ..model._traversal import Traversal
from . import _scanner
from ._ast import (
    AnonSymbol,
    BinaryOp,
    Conditional,
    ErrorExpr,
    ForExpr,
    FunctionCall,
    Index,
    LiteralKind,
    LiteralValue,
    Node,
    ObjectCons,
    ObjectItem,
    ObjectKey,
    Operator,
    Parens,
    RelativeTraversal,
    ScopeTraversal,
    Splat,
    Step,
    StepKind,
    Template,
    TemplateJoin,
    TemplateWrap,
    TupleCons,
    UnaryOp,
    build_traversal,
)
from ._body import NativeBody
from ._parser import Parser
from ._scanner import Token as _ScanToken

if TYPE_CHECKING:
    from ._lexer import Token, TokenType, lex_config, lex_expression, lex_template
    from ._walk import ChildScope, Walker, WalkNode, visit_all, walk

# Names whose modules load on first use: tools lex and walk, decoding does neither.
_LAZY = {
    "Token": "_lexer",
    "TokenType": "_lexer",
    "lex_config": "_lexer",
    "lex_expression": "_lexer",
    "lex_template": "_lexer",
    "ChildScope": "_walk",
    "WalkNode": "_walk",
    "Walker": "_walk",
    "visit_all": "_walk",
    "walk": "_walk",
}


# Old names, working for one release with a DeprecationWarning.
_DEPRECATED = {"Body": "hcldecode.native.NativeBody"}

# How many tokens the parser takes first (a small file's all).
_FIRST_PART = 4096


__getattr__ = lazy_names(__name__, _LAZY, _DEPRECATED)


__all__ = [
    "AnonSymbol",
    "BinaryOp",
    "ChildScope",
    "Conditional",
    "ErrorExpr",
    "ForExpr",
    "FunctionCall",
    "Index",
    "LiteralKind",
    "LiteralValue",
    "NativeBody",
    "Node",
    "ObjectCons",
    "ObjectItem",
    "ObjectKey",
    "Operator",
    "Parens",
    "RelativeTraversal",
    "ScopeTraversal",
    "Splat",
    "Step",
    "StepKind",
    "Template",
    "TemplateJoin",
    "TemplateWrap",
    "Token",
    "TokenType",
    "TupleCons",
    "UnaryOp",
    "WalkNode",
    "Walker",
    "lex_config",
    "lex_expression",
    "lex_template",
    "parse_config",
    "parse_expression",
    "parse_template",
    "parse_traversal_abs",
    "parse_traversal_partial",
    "valid_identifier",
    "visit_all",
    "walk",
]


_T = TypeVar("_T")


def _parse(
    src: bytes | str,
    filename: str,
    start: Pos | None,
    work: Callable[[Parser], _T],
    *,
    template: bool = False,
) -> tuple[Parser, _T, Diagnostics]:
    """Scan ``src``, run ``work`` on a parser of its tokens and collect the
    diagnostics of both."""
    if not isinstance(filename, str):
        raise TypeError(f"filename must be a str, not {type(filename).__name__}")
    # Undecodable bytes are reported by the scanner, which knows where they
    # matter (they are allowed in comments, as in the reference).
    text, _ = decode_source(src, filename)
    source = SourceMap(filename, text, start=start)
    # The parser takes the tokens a part at a time, as it reads them, and forgets
    # those of a file's body items once read: a big file's tokens are never all
    # held at once.
    scanner = _scanner.Scanner(text, template=template, comments=False)
    checker = _scanner.ScanChecker(text, source)

    def more(limit: int) -> list[_ScanToken]:
        tokens = scanner.scan(limit)
        checker.check(tokens)
        return tokens

    parser = Parser(text, source, more(_FIRST_PART), more)
    result = work(parser)
    while not scanner.done:  # what the parser did not read still has its errors
        more(sys.maxsize)
    diags = checker.diags
    diags.extend(parser.diags)
    return parser, result, diags


def parse_config(
    src: bytes | str, filename: str = "<string>", start: Pos | None = None
) -> tuple[File, Diagnostics]:
    """Parse a native-syntax configuration file (HCL's ``hclsyntax.ParseConfig``).

    The file's body is a :class:`NativeBody`; its ``context_string`` names the
    top-level block around a byte offset (e.g. ``service "web"``).

    Args:
        src: The text, as bytes (UTF-8) or text.
        filename: The name used in ranges and diagnostics.
        start: The position of the text's first character, for text that is
            part of a bigger file; by default :data:`~hcldecode.model.INITIAL_POS`.

    Returns:
        ``(file, diagnostics)``. Syntax errors are error diagnostics, and the
        file's body then holds what could be read.

    Raises:
        TypeError: ``filename`` is not a ``str``.
    """
    parser, body, diags = _parse(src, filename, start, lambda p: p.parse_body(_scanner.EOF, None))
    file = File(filename, parser.text, body, body.context_string, def_range=body.context_def_range)
    parser.source.keep_file(file, functools.partial(_parsed_again, parser.text, filename, start))
    return file, diags


def _parsed_again(text: str, filename: str, start: Pos | None) -> File:
    """The file of ``text`` parsed again (for :class:`~hcldecode.model.FileRef`)."""
    return parse_config(text, filename, start)[0]


def parse_expression(
    src: bytes | str, filename: str = "<string>", start: Pos | None = None
) -> tuple[Node, Diagnostics]:
    """Parse one expression; newlines in it are insignificant (HCL's ``ParseExpression``).

    Args:
        src: The text, as bytes (UTF-8) or text.
        filename: The name used in ranges and diagnostics.
        start: The position of the text's first character, for text that is
            part of a bigger file; by default :data:`~hcldecode.model.INITIAL_POS`.

    Returns:
        ``(expression, diagnostics)``: the expression's root node. Syntax
        errors, and characters after the expression, are error diagnostics; the
        node then stands for what could be read.

    Raises:
        TypeError: ``filename`` is not a ``str``.
    """

    def parse(parser: Parser) -> Node:
        parser.newlines.append(False)
        expr = parser.parse_expression()
        after = parser.peek()
        if after[0] != _scanner.EOF and not parser.recovery:
            parser.diags.append(
                Diagnostic.error(
                    "Extra characters after expression",
                    "An expression was successfully parsed, but extra characters were found "
                    "after it.",
                    parser.rng(after),
                )
            )
        return expr

    _, expr, diags = _parse(src, filename, start, parse)
    return expr, diags


def parse_template(
    src: bytes | str, filename: str = "<string>", start: Pos | None = None
) -> tuple[Node, Diagnostics]:
    """Parse a bare template: text with ``${...}`` and ``%{...}`` (HCL's ``ParseTemplate``).

    Args:
        src: The text, as bytes (UTF-8) or text.
        filename: The name used in ranges and diagnostics.
        start: The position of the text's first character (the JSON syntax
            passes the position of a string's content); by default
            :data:`~hcldecode.model.INITIAL_POS`.

    Returns:
        ``(expression, diagnostics)``: the template's root node; syntax errors
        are error diagnostics.

    Raises:
        TypeError: ``filename`` is not a ``str``.
    """
    _, expr, diags = _parse(
        src, filename, start, lambda p: p.parse_template(_scanner.EOF), template=True
    )
    return expr, diags


def parse_traversal_abs(
    src: bytes | str, filename: str = "<string>", start: Pos | None = None
) -> tuple[Traversal, Diagnostics]:
    """Parse a variable reference with attribute and literal-index steps (``a.b[0]["c"]``).

    HCL's ``ParseTraversalAbs``.

    Args:
        src: The text, as bytes (UTF-8) or text.
        filename: The name used in ranges and diagnostics.
        start: The position of the text's first character, for text that is
            part of a bigger file; by default :data:`~hcldecode.model.INITIAL_POS`.

    Returns:
        ``(traversal, diagnostics)``: an absolute traversal. Anything but such
        a reference is an error diagnostic; the traversal then holds the steps
        read before it.

    Raises:
        TypeError: ``filename`` is not a ``str``.
    """

    def parse(parser: Parser) -> Traversal:
        parser.newlines.append(False)
        return build_traversal(parser.source, parser.parse_traversal_abs())

    _, traversal, diags = _parse(src, filename, start, parse)
    return traversal, diags


def parse_traversal_partial(
    src: bytes | str, filename: str = "<string>", start: Pos | None = None
) -> tuple[Traversal, Diagnostics]:
    """Parse a variable reference that may have ``[*]`` steps (``a.b[*].c``).

    As :func:`parse_traversal_abs`, but each ``[*]`` is a
    :class:`~hcldecode.model.TraverseSplat` step with an empty ``each``
    traversal, standing for any index: HCL's ``ParseTraversalPartial``
    (v2.21 and later). ``.*`` is still an error. A traversal with a splat
    step cannot be evaluated (``traverse_abs`` raises ``TypeError``); the
    program matches it against what it knows.

    Args:
        src: The text, as bytes (UTF-8) or text.
        filename: The name used in ranges and diagnostics.
        start: The position of the text's first character, for text that is
            part of a bigger file; by default :data:`~hcldecode.model.INITIAL_POS`.

    Returns:
        ``(traversal, diagnostics)``, as for :func:`parse_traversal_abs`.

    Raises:
        TypeError: ``filename`` is not a ``str``.
    """

    def parse(parser: Parser) -> Traversal:
        parser.newlines.append(False)
        return build_traversal(parser.source, parser.parse_traversal_abs(splats=True))

    _, traversal, diags = _parse(src, filename, start, parse)
    return traversal, diags


def valid_identifier(s: str) -> bool:
    """Whether a string is a valid HCL identifier (HCL's ``ValidIdentifier``).

    Args:
        s: The string.

    Returns:
        ``True`` for a valid identifier: ``(ID_Start | "_") (ID_Continue |
        "-")*`` in Unicode's terms.
    """
    return is_identifier(s)
