"""Token builders: expressions made as lists of writer tokens, as HCL's
``hclwrite.TokensFor*`` functions make them.

Each builder gives new tokens laid out as ``hclfmt`` lays them out (the
columns of ``=`` signs counted token by token, as ``hclwrite`` counts
them); :func:`~hcldecode.write.tokens_text` writes them. The builders of
compound expressions (tuples, objects, calls) take the tokens of their
parts verbatim, copied, without checking that they are expressions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .._text import go_quote, is_identifier
from ..model._traversal import Traversal, TraverseAttr, TraverseIndex, TraverseRoot
from ..values import _number as number
from ..values._types import BOOL, NUMBER, STRING, ListType, MapType, ObjectType, SetType, TupleType
from ..values._value import Value
from ._format import format_tokens
from ._tokens import TokenKind, WriterToken
from ._values import quoted_string

__all__ = [
    "tokens_for_function_call",
    "tokens_for_identifier",
    "tokens_for_object",
    "tokens_for_traversal",
    "tokens_for_tuple",
    "tokens_for_value",
]

K = TokenKind


def _laid_out(tokens: list[WriterToken]) -> list[WriterToken]:
    format_tokens(tokens)
    return tokens


def _copied(tokens: Iterable[WriterToken]) -> list[WriterToken]:
    return [WriterToken(t.kind, t.text, t.spaces_before, t.space) for t in tokens]


def _check_name(name: str, what: str) -> None:
    if not isinstance(name, str) or not is_identifier(name):
        raise ValueError(f"{go_quote(str(name))} is not a valid HCL identifier for {what}")


def tokens_for_value(value: Value) -> list[WriterToken]:
    """The tokens of a known value's literal (HCL's ``hclwrite.TokensForValue``).

    The text is what :func:`~hcldecode.write.value_text` writes, but for the
    layout of ``=`` signs, which counts each token's columns as ``hclwrite``
    does (a quoted string's content is one token): the tokens are exactly
    ``hclwrite``'s, except that an object key ``for`` is quoted (unquoted,
    it would start a ``for`` expression).

    Args:
        value: The value.

    Returns:
        New tokens, laid out; no ``EOF`` token.

    Raises:
        ValueError: The value is unknown, or holds an unknown value, an
            infinity (which has no literal) or a capsule.
    """
    tokens: list[WriterToken] = []
    _append_value(value, tokens)
    return _laid_out(tokens)


def tokens_for_traversal(traversal: Traversal) -> list[WriterToken]:
    """The tokens of a traversal (HCL's ``hclwrite.TokensForTraversal``).

    An absolute traversal gives a reference expression (``var.region[0]``);
    a relative one gives steps to append to other tokens (``.name[0]``).
    Index keys are written as :func:`tokens_for_value` writes values.

    Args:
        traversal: The traversal: root, attribute and index steps.

    Returns:
        New tokens, laid out.

    Raises:
        ValueError: A name in it is not a valid identifier, a key has no HCL
            text, or a step is a splat (which a traversal cannot write).
    """
    tokens: list[WriterToken] = []
    for step in traversal:
        if isinstance(step, TraverseRoot):
            _check_name(step.name, "a variable")
            tokens.append(WriterToken(K.IDENT, step.name))
        elif isinstance(step, TraverseAttr):
            _check_name(step.name, "an attribute")
            tokens += [WriterToken(K.DOT, "."), WriterToken(K.IDENT, step.name)]
        elif isinstance(step, TraverseIndex):
            tokens.append(WriterToken(K.OBRACK, "["))
            _append_value(step.key, tokens)
            tokens.append(WriterToken(K.CBRACK, "]"))
        else:
            raise ValueError("a splat step cannot be written as a traversal")
    return _laid_out(tokens)


def tokens_for_identifier(name: str) -> list[WriterToken]:
    """The one token of an identifier (HCL's ``hclwrite.TokensForIdentifier``).

    Args:
        name: The identifier, such as a variable or a function name.

    Returns:
        A new list of one ``IDENT`` token.

    Raises:
        ValueError: ``name`` is not a valid identifier.
    """
    _check_name(name, "an identifier")
    return [WriterToken(K.IDENT, name)]


def tokens_for_tuple(elements: Iterable[Sequence[WriterToken]]) -> list[WriterToken]:
    """A tuple constructor of expressions (HCL's ``hclwrite.TokensForTuple``).

    Args:
        elements: The tokens of each element, taken verbatim (copied).

    Returns:
        New tokens: ``[a, b, c]``, laid out.
    """
    tokens = [WriterToken(K.OBRACK, "[")]
    for index, element in enumerate(elements):
        if index:
            tokens.append(WriterToken(K.COMMA, ","))
        tokens += _copied(element)
    tokens.append(WriterToken(K.CBRACK, "]"))
    return _laid_out(tokens)


def tokens_for_object(
    attributes: Iterable[tuple[Sequence[WriterToken], Sequence[WriterToken]]],
) -> list[WriterToken]:
    """An object constructor (HCL's ``hclwrite.TokensForObject``).

    As in HCL, a reference used as a key must be put in parentheses by the
    caller: a bare name is a literal key.

    Args:
        attributes: ``(name tokens, value tokens)`` pairs, taken verbatim
            (copied), one a line.

    Returns:
        New tokens: ``{``, a line ``name = value`` for each pair, ``}``, laid
        out (``{}`` when there are none).
    """
    tokens = [WriterToken(K.OBRACE, "{")]
    for index, (name, value) in enumerate(attributes):
        if not index:
            tokens.append(WriterToken(K.NEWLINE, "\n"))
        tokens += _copied(name)
        tokens.append(WriterToken(K.EQUAL, "="))
        tokens += _copied(value)
        tokens.append(WriterToken(K.NEWLINE, "\n"))
    tokens.append(WriterToken(K.CBRACE, "}"))
    return _laid_out(tokens)


def tokens_for_function_call(name: str, *args: Sequence[WriterToken]) -> list[WriterToken]:
    """A function call (HCL's ``hclwrite.TokensForFunctionCall``).

    To expand the last argument (``f(xs...)``), append a
    :attr:`~hcldecode.write.TokenKind.ELLIPSIS` token ``...`` to its tokens.

    Args:
        name: The function's name: an identifier, or identifiers joined by
            ``::`` (``provider::ns::f``).
        args: The tokens of each argument, taken verbatim (copied).

    Returns:
        New tokens: ``name(a, b)``, laid out.

    Raises:
        ValueError: ``name`` is not such a name.
    """
    for part in name.split("::") if isinstance(name, str) else [name]:
        _check_name(part, "a function name")
    tokens = [WriterToken(K.IDENT, name), WriterToken(K.OPAREN, "(")]
    for index, arg in enumerate(args):
        if index:
            tokens.append(WriterToken(K.COMMA, ","))
        tokens += _copied(arg)
    tokens.append(WriterToken(K.CPAREN, ")"))
    return _laid_out(tokens)


def _append_value(value: Value, tokens: list[WriterToken]) -> None:
    """The tokens of ``value`` in ``hclwrite``'s shape, before layout."""
    if not value.is_known:
        raise ValueError("an unknown value has no HCL text")
    if value.is_null:
        tokens.append(WriterToken(K.IDENT, "null"))
        return
    t = value.type
    if t == STRING:
        content = quoted_string(value.as_str())[1:-1]
        tokens.append(WriterToken(K.OQUOTE, '"'))
        if content:
            tokens.append(WriterToken(K.QUOTED_LIT, content))
        tokens.append(WriterToken(K.CQUOTE, '"'))
    elif t == NUMBER:
        n = value.as_number()
        if isinstance(n, float):
            raise ValueError("an infinite number has no HCL literal")
        tokens.append(WriterToken(K.NUMBER, number.to_string(n)))
    elif t == BOOL:
        tokens.append(WriterToken(K.IDENT, "true" if value.as_bool() else "false"))
    elif isinstance(t, ListType | SetType | TupleType):
        tokens.append(WriterToken(K.OBRACK, "["))
        for i, element in enumerate(value.elements()):
            if i:
                tokens.append(WriterToken(K.COMMA, ","))
            _append_value(element, tokens)
        tokens.append(WriterToken(K.CBRACK, "]"))
    elif isinstance(t, MapType | ObjectType):
        items = list(value.items())
        tokens.append(WriterToken(K.OBRACE, "{"))
        if items:
            tokens.append(WriterToken(K.NEWLINE, "\n"))
        for key, element in items:
            if is_identifier(key) and key != "for":
                tokens.append(WriterToken(K.IDENT, key))
            else:
                _append_value(Value.string(key), tokens)
            tokens.append(WriterToken(K.EQUAL, "="))
            _append_value(element, tokens)
            tokens.append(WriterToken(K.NEWLINE, "\n"))
        tokens.append(WriterToken(K.CBRACE, "}"))
    else:
        raise ValueError(f"a {t.friendly_name()} value has no HCL text")
