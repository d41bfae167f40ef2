"""Editable native-syntax documents that keep every byte: HCL's ``hclwrite``.

:func:`parse_document` reads a file into a :class:`Document`: a tree of
bodies, attributes and blocks over the file's writer tokens, each token with
the exact spaces before it. Written back unchanged, a document is the file,
byte for byte: comments, blank lines, tabs and odd spacing included. Edits
change only the tokens of what they touch:

* :meth:`DocumentBody.set_attribute` (from a value or a Python object),
  :meth:`DocumentBody.set_attribute_raw` (from expression text),
  :meth:`DocumentBody.set_attribute_traversal`, :meth:`DocumentBody.rename_attribute`,
  :meth:`DocumentBody.remove_attribute`;
* :meth:`DocumentBody.append_block`, :meth:`DocumentBody.remove_block`, :meth:`DocumentBody.blocks`,
  :meth:`DocumentBody.first_block`, :meth:`DocumentBody.append_newline`, and
  :attr:`DocumentBlock.labels` (assignable);
* every block has a :attr:`DocumentBlock.body`, edited the same way.
* :attr:`DocumentBlock.type` (assignable), :meth:`DocumentBody.clear`,
  :meth:`DocumentBody.append_block_copy` (a block from this document or
  another one, with its text and comments), and
  :meth:`DocumentBody.rename_references` /
  :meth:`DocumentAttribute.rename_references` (references renamed by
  prefix in every expression: HCL's ``RenameVariablePrefix``).

The comments on the lines right above an attribute or block (with no blank
line between) belong to it, like a comment after it on its line: they move
and go with it. New items are written in canonical layout (two spaces of
indentation a level, values as :func:`~hcldecode.write.value_text` writes
them); :func:`~hcldecode.write.format` lays out the whole text afterwards if
wanted.

Every edit leaves a valid file: a one-line block gets lines of its own when
an edit needs them (a second item, a blank line, a line that must end before
its closing brace), and a value ending with a heredoc moves the comments
that followed the old value on its line to lines of their own above the
attribute. Mistakes of the calling program raise at once, before anything
is changed.

The tree is the writer's own, apart from the read-only syntax tree of
:mod:`hcldecode.native`, as Go keeps ``hclwrite`` apart from ``hclsyntax``;
both come from the same scanner.

A document is read as far as it is used: the top-level items are cut from
the scanned file as bounds into it, a block reads its body when it is first
asked for, and an item makes its writer tokens when it is first edited.
What was not edited is written back as slices of the file's text. Like a
list, a document is not to be edited from several threads at once (reading
it makes parts of it): a program that shares one between threads locks it.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence

from .._text import is_identifier
from ..model._diagnostics import Diagnostics
from ..model._traversal import Traversal, TraverseAttr, TraverseIndex, TraverseRoot
from ..native import LiteralValue, Template, parse_expression
from ..native import _scanner as S
from ..pytypes._rules import DEFAULT_TYPES
from ..values._value import Value
from ._format import format_tokens
from ._tokens import (
    BRACKET_CHANGE,
    TokenKind,
    WriterToken,
    bracket_levels,
    scan_checked,
    spaced_tokens_of,
    tokens_of,
    tokens_text,
)
from ._values import StringError, check_text, quoted_string, raw_value_text

__all__ = [
    "Document",
    "DocumentAttribute",
    "DocumentBlock",
    "DocumentBody",
    "ends_with_blank_line",
    "ends_with_block",
    "new_document",
    "parse_document",
    "remove_block_and_blank_line",
]

K = TokenKind
_BOM = "\ufeff"

_EOF = S.EOF
_NEWLINE = S.NEWLINE
_COMMENT = S.COMMENT
_IDENT = S.IDENT
_EQUAL = S.EQUAL
_OBRACE = S.OBRACE
_OQUOTE = S.OQUOTE
_CQUOTE = S.CQUOTE
_QUOTED_LIT = S.QUOTED_LIT


def _ends_line(token: WriterToken) -> bool:
    return token.kind is K.NEWLINE or (token.kind is K.COMMENT and token.text.endswith("\n"))


# --------------------------------------------------------------------------- token runs


class _Source:
    """A file read into a document: its text and scanned tokens, from which the
    items read make their writer tokens when first changed (or asked for)."""

    __slots__ = ("scanned", "text")

    def __init__(self, text: str, scanned: Sequence[S.Token]) -> None:
        self.text = text
        self.scanned = scanned

    def offset(self, i: int) -> int:
        """Where the spaces before token ``i`` start: the end of token ``i - 1``."""
        return self.scanned[i - 1][2] if i else 0

    def token_text(self, i: int) -> str:
        _, start, end = self.scanned[i]
        return self.text[start:end]


class _Runs:
    """The runs of tokens that make up an item (or a block's braces), in the order
    they are written, with what lies between them elsewhere (a block's body).

    Runs read from a file stay as bounds into its :class:`_Source` (``bounds``
    holds the first token and the end of each run) until a run is asked for:
    then all of them become lists of writer tokens, to be changed in place.
    Until then they are written as slices of the file's text, and a large
    document costs a few objects per item rather than one per token.
    """

    __slots__ = ("_bounds", "_lists", "_source")

    def __init__(
        self,
        lists: list[list[WriterToken]] | None,
        source: _Source | None = None,
        bounds: tuple[int, ...] = (),
    ) -> None:
        self._lists = lists
        self._source = source
        self._bounds = bounds

    def __getitem__(self, k: int) -> list[WriterToken]:
        """Run ``k``, as a list of tokens to read or change in place."""
        return self._made()[k]

    def __setitem__(self, k: int, tokens: list[WriterToken]) -> None:
        self._made()[k] = tokens

    def _made(self) -> list[list[WriterToken]]:
        """The runs as lists of tokens, made from the source the first time."""
        lists = self._lists
        if lists is None:
            source, bounds = self._source, self._bounds
            assert source is not None
            text, scanned = source.text, source.scanned
            lists = self._lists = [
                spaced_tokens_of(text, scanned, bounds[i], bounds[i + 1])
                for i in range(0, len(bounds), 2)
            ]
            self._source = None
        return lists

    def first_text(self, k: int) -> str:
        """The text of the first token of run ``k`` (not empty)."""
        source = self._source
        if source is None:
            return self[k][0].text
        return source.token_text(self._bounds[2 * k])

    def text(self, first: int, stop: int) -> str:
        """What runs ``first`` to before ``stop`` write (runs that follow each other
        in the file, while they are as read)."""
        source = self._source
        if source is None:
            assert self._lists is not None
            return "".join([tokens_text(run) for run in self._lists[first:stop]])
        bounds = self._bounds
        return source.text[source.offset(bounds[2 * first]) : source.offset(bounds[2 * stop - 1])]


# --------------------------------------------------------------------------- items

# The runs of an attribute: the comments right above it, its name, the "=" (with
# any comments between the name and it), the expression, and what follows on its
# line (comments, the newline).
_LEAD, _NAME, _EQ, _EXPR, _TAIL = range(5)
# The runs of a block: the comments above it, its type and labels, the opening
# brace (with what follows it on its line), the closing brace, and what follows
# that on its line; the body comes between the opening and the closing brace.
_HEAD, _OPEN, _CLOSE, _AFTER = 1, 2, 3, 4


class DocumentAttribute:
    """``name = expression`` in a document, with its comments.

    Get one from :attr:`DocumentBody.attributes` or :meth:`DocumentBody.get_attribute`, or make
    one with :meth:`DocumentBody.set_attribute`; the constructor is internal.
    """

    __slots__ = ("_runs",)

    def __init__(self, runs: _Runs) -> None:
        self._runs = runs

    @property
    def name(self) -> str:
        """The attribute's name."""
        return self._runs.first_text(_NAME)

    @property
    def expression_text(self) -> str:
        """The expression's source text, as written."""
        return self._runs.text(_EXPR, _EXPR + 1).lstrip(" \t")

    def rename_references(self, search: Sequence[str], replacement: Sequence[str]) -> int:
        """Rename the references that start with some names (HCL's
        ``Expression.RenameVariablePrefix``).

        Each variable reference in the expression (``var.old.x``, in a
        template, a call, a ``for`` expression...) whose first names are
        ``search`` gets ``replacement`` in their place; the rest of the
        reference and the expression's text stay as written. As in HCL, a
        name matches only as a variable or ``.name`` step (``var["old"]`` and
        index steps do not match), and the names a ``for`` expression
        declares are not references.

        Args:
            search: The names to find, such as ``["var", "old"]``.
            replacement: The names to put in their place, as many.

        Returns:
            How many references were renamed.

        Raises:
            ValueError: ``search`` is empty, the two differ in length, or a
                replacement name is not a valid identifier.
            TypeError: Either is not a sequence of strings (one string is not).
        """
        return _rename_in(self._runs, *_check_prefix(search, replacement))

    def tokens(self) -> Iterator[WriterToken]:
        """The attribute's tokens, its comments and the end of its line included."""
        runs = self._runs
        for k in range(5):
            yield from runs[k]

    def _write(self, out: list[str]) -> None:
        """Add the text of :meth:`tokens` to ``out``."""
        out.append(self._runs.text(0, 5))

    def _last_token(self) -> WriterToken:
        """The last of :meth:`tokens`, found without walking them."""
        runs = self._runs
        return (runs[_TAIL] or runs[_EXPR] or runs[_EQ])[-1]

    def __repr__(self) -> str:
        return f"<Attribute {self.name} = {self.expression_text}>"


class DocumentBlock:
    """``type "label" ... { body }`` in a document, with its comments.

    Get one from :meth:`DocumentBody.blocks` or :meth:`DocumentBody.first_block`, or make one
    with :meth:`DocumentBody.append_block`; the constructor is internal.
    """

    __slots__ = ("_body", "_labels", "_runs")

    def __init__(self, runs: _Runs, labels: list[str], body: DocumentBody | _Unread) -> None:
        self._runs = runs
        self._labels = labels
        # A block read from a file reads its body when it is first asked for.
        self._body = body

    @property
    def body(self) -> DocumentBody:
        """The attributes and blocks inside the braces, to read and edit."""
        body = self._body
        if isinstance(body, _Unread):
            body = self._body = body.read()
            body._braces = self._runs
        return body

    @property
    def type(self) -> str:
        """The block type; setting it (HCL's ``SetType``) changes only that name,
        and raises ``ValueError`` for a name that is not a valid identifier."""
        return self._runs.first_text(_HEAD)

    @type.setter
    def type(self, type: str) -> None:
        """Set the block type (HCL's ``SetType``)."""
        _check_name(type)
        head = self._runs[_HEAD]
        head[0] = WriterToken(K.IDENT, type, head[0].spaces_before, head[0].space)

    @property
    def labels(self) -> tuple[str, ...]:
        """The labels' values; setting them (HCL's ``SetLabels``) writes each as a
        quoted string, and raises ``TypeError`` for anything but a sequence of
        strings, ``ValueError`` for a label with a lone surrogate (which no
        UTF-8 file can hold)."""
        return tuple(self._labels)

    @labels.setter
    def labels(self, labels: Sequence[str]) -> None:
        """Set the labels (HCL's ``SetLabels``); each is written as a quoted string."""
        labels = _check_labels(labels)
        self._runs[_HEAD][1:] = [
            token for label in labels for token in _spaced(tokens_of(quoted_string(label))[:-1])
        ]
        self._labels = list(labels)

    def tokens(self) -> Iterator[WriterToken]:
        """The block's tokens, its comments, body and braces included."""
        runs = self._runs
        for k in (_LEAD, _HEAD, _OPEN):
            yield from runs[k]
        yield from self.body.tokens()
        yield from runs[_CLOSE]
        yield from runs[_AFTER]

    def _write(self, out: list[str]) -> None:
        """Add the text of :meth:`tokens` to ``out``."""
        runs = self._runs
        out.append(runs.text(_LEAD, _CLOSE))
        self._body._write(out)
        out.append(runs.text(_CLOSE, _AFTER + 1))

    def _last_token(self) -> WriterToken:
        """The last of :meth:`tokens`, found without walking them."""
        runs = self._runs
        for part in (runs[_AFTER], runs[_CLOSE]):
            if part:
                return part[-1]
        return self.body._last_token() or (runs[_OPEN] or runs[_HEAD])[-1]

    def __repr__(self) -> str:
        labels = "".join(f" {quoted_string(label)}" for label in self._labels)
        return f"<Block {self.type}{labels}>"


# --------------------------------------------------------------------------- bodies


class DocumentBody:
    """The attributes and blocks of a document or a block, in order, with what lies
    between them (blank lines, comments of their own).

    Get one as :attr:`Document.body` or :attr:`DocumentBlock.body`; the constructor is
    internal.
    """

    __slots__ = ("_braces", "_depth", "_items", "_names")

    def __init__(
        self,
        items: list[DocumentAttribute | DocumentBlock | list[WriterToken]],
        depth: int,
        braces: _Runs | None = None,
    ) -> None:
        self._items = items
        # The attributes by name, kept with ``_items`` so that setting one is not a
        # search (a document has each name once: the parser refuses duplicates).
        self._names = {i.name: i for i in items if isinstance(i, DocumentAttribute)}
        self._depth = depth
        # The runs of the block whose body this is (its braces are changed when
        # the body gains an item), or None for a document's body.
        self._braces = braces

    def tokens(self) -> Iterator[WriterToken]:
        """The body's tokens, in order."""
        for item in self._items:
            if isinstance(item, list):
                yield from item
            else:
                yield from item.tokens()

    def _write(self, out: list[str]) -> None:
        """Add the text of :meth:`tokens` to ``out``."""
        for item in self._items:
            if isinstance(item, list):
                out.append(tokens_text(item))
            else:
                item._write(out)

    # ------------------------------------------------------------------ reading

    @property
    def attributes(self) -> dict[str, DocumentAttribute]:
        """The attributes by name, in order."""
        return {i.name: i for i in self._items if isinstance(i, DocumentAttribute)}

    def get_attribute(self, name: str) -> DocumentAttribute | None:
        """The attribute of a name.

        Args:
            name: The attribute's name.

        Returns:
            The attribute, or ``None`` when the body has none of that name.
        """
        return self._names.get(name)

    def blocks(self, type: str | None = None) -> list[DocumentBlock]:
        """The blocks, in order.

        Args:
            type: Only the blocks of this type; by default all.

        Returns:
            A new list of the blocks.
        """
        return [i for i in self._items if isinstance(i, DocumentBlock) and type in (None, i.type)]

    def first_block(self, type: str, labels: Sequence[str] | None = None) -> DocumentBlock | None:
        """The first block of a type.

        Args:
            type: The block type.
            labels: When given, only a block with exactly these labels.

        Returns:
            The block, or ``None``.
        """
        for block in self.blocks(type):
            if labels is None or block.labels == tuple(labels):
                return block
        return None

    # ------------------------------------------------------------------ attributes

    def set_attribute(self, name: str, value: object) -> DocumentAttribute:
        """Set an attribute to a value.

        The value is written as :func:`~hcldecode.write.value_text` writes it.
        An existing attribute keeps its place and comments; a new one is added at
        the end.

        Args:
            name: The attribute's name.
            value: A :class:`~hcldecode.values.Value`, or a Python object that
                :func:`~hcldecode.pytypes.to_value` converts.

        Returns:
            The attribute set.

        Raises:
            ValueError: ``name`` is not a valid identifier; the value is, or holds,
                an unknown value, an infinity or a capsule, which have no HCL text,
                or a string with a lone surrogate, which no UTF-8 file can hold
                (the message gives its path, such as ``name["key"][0]``, and the
                character's index); or a Python object cannot be converted.
            TypeError: A Python object of a type that has no HCL value.
        """
        converted = value if isinstance(value, Value) else DEFAULT_TYPES.to_value(value)
        try:
            text = raw_value_text(converted)
        except StringError as exc:
            raise exc.within(name) from None
        return self._set(name, text)

    def set_attribute_raw(self, name: str, expression: str) -> DocumentAttribute:
        """Set an attribute to an expression written in native syntax.

        Args:
            name: The attribute's name.
            expression: The expression's text, such as ``"var.a + 1"``; it is
                kept as written, less surrounding white space. Comments may
                follow it on its last line: they replace those after the old
                value (without any, those stay). A heredoc may end the text.

        Returns:
            The attribute set.

        Raises:
            ValueError: The expression does not parse (the message gives the
                first diagnostic's summary); it is not one expression that
                starts on the attribute's line (comments before it, or text on
                lines after it); it has a lone surrogate outside comments; or
                ``name`` is not a valid identifier.
        """
        # (a heredoc's closing marker may end the text: the line ends after it)
        _, diags = parse_expression(expression.rstrip() + "\n")
        if diags.has_errors():
            raise ValueError(f"not a valid expression: {expression!r}: {diags[0].summary}")
        return self._set(name, expression.strip(), raw=True)

    def set_attribute_traversal(self, name: str, traversal: Traversal) -> DocumentAttribute:
        """Set an attribute to a reference such as ``var.region[0]``.

        Args:
            name: The attribute's name.
            traversal: An absolute traversal; index keys are written as values.

        Returns:
            The attribute set.

        Raises:
            ValueError: The traversal does not start with a variable name, a name
                in it or ``name`` is not a valid identifier, or a key has no HCL
                text (a string key with a lone surrogate included).
        """
        try:
            text = _traversal_text(traversal)
        except StringError as exc:
            raise exc.within(name) from None
        return self._set(name, text)

    def rename_attribute(self, old: str, new: str) -> bool:
        """Rename an attribute, keeping its value and comments.

        Args:
            old: The attribute's name.
            new: Its new name.

        Returns:
            ``True`` when renamed; ``False`` if there is no ``old`` or there
            already is a ``new``.

        Raises:
            ValueError: ``new`` is not a valid identifier.
        """
        names = self._names
        if old not in names or new in names:
            return False
        _check_name(new)
        attribute = names.pop(old)
        name = attribute._runs[_NAME]
        name[0] = WriterToken(K.IDENT, new, name[0].spaces_before, name[0].space)
        names[new] = attribute
        return True

    def remove_attribute(self, name: str) -> DocumentAttribute | None:
        """Remove an attribute and its comments.

        Args:
            name: The attribute's name.

        Returns:
            The removed attribute, or ``None`` when there is none of that name.
        """
        attribute = self._names.pop(name, None)
        if attribute is not None:
            self._items.remove(attribute)
        return attribute

    def _set(self, name: str, expression: str, *, raw: bool = False) -> DocumentAttribute:
        _check_name(name)
        made = self._laid_out(f"{name} = {expression}\n")
        expr, after = _split_expression(made[2:], expression)
        if raw:
            _check_raw(name, expression)
        existing = self._names.get(name)
        if existing is None:
            attribute = DocumentAttribute(_Runs([[], made[:1], made[1:2], expr, after]))
            _end_heredoc(attribute._runs)
            self._append(attribute)
            self._names[name] = attribute
            return attribute
        runs = existing._runs
        runs[_EXPR] = expr
        if after[0].kind is K.COMMENT:  # comments of its own replace those of the old value
            tail = runs[_TAIL]
            if not (tail and _ends_line(tail[-1])) and after[-1].kind is K.NEWLINE:
                after = after[:-1]  # the line went on (a one-line block's, or at the end)
            runs[_TAIL] = after
        if expr[-1].kind is K.CHEREDOC or any(_ends_line(t) for t in runs[_TAIL]):
            # (in a one-line block, this attribute is the only item)
            self._break_lines()
        _end_heredoc(runs)
        return existing

    # ------------------------------------------------------------------ blocks

    def append_block(self, type: str, labels: Sequence[str] = ()) -> DocumentBlock:
        """Add an empty block at the end of the body, and return it to fill.

        Args:
            type: The block type.
            labels: The labels, each written as a quoted string.

        Returns:
            The new block.

        Raises:
            ValueError: ``type`` is not a valid identifier, or a label has a lone
                surrogate, which no UTF-8 file can hold.
            TypeError: ``labels`` is not a sequence of strings (one string is not).
        """
        _check_name(type)
        labels = _check_labels(labels)
        header = "".join(f" {quoted_string(label)}" for label in labels)
        made = self._laid_out(f"{type}{header} {{\n}}\n")
        runs = _Runs([[], made[:-4], made[-4:-2], made[-2:-1], made[-1:]])
        block = DocumentBlock(runs, list(labels), DocumentBody([], self._depth + 1, runs))
        self._append(block)
        return block

    def append_newline(self) -> None:
        """Add a blank line at the end of the body (to set off what is appended next).

        In a one-line block (``b { a = 1 }``), the body first gets lines of its own.
        """
        self._break_lines()
        last = self._last_token()
        if last is not None and not _ends_line(last):
            self._items.append([WriterToken(K.NEWLINE, "\n")])
        self._items.append([WriterToken(K.NEWLINE, "\n")])

    def remove_block(self, block: DocumentBlock) -> bool:
        """Remove a block and its comments.

        Args:
            block: The block to remove (this very object, not an equal one).

        Returns:
            ``True`` when removed, ``False`` if it is not in this body.
        """
        for index, item in enumerate(self._items):
            if item is block:
                del self._items[index]
                return True
        return False

    # ------------------------------------------------------------------ whole bodies

    def clear(self) -> None:
        """Remove everything from the body (HCL's ``Body.Clear``): attributes,
        blocks, comments and blank lines.

        A block's body becomes ``{}``, on the line of its header, as in HCL;
        a document's body becomes empty.
        """
        self._items.clear()
        self._names.clear()
        braces = self._braces
        if braces is not None:
            braces[_OPEN] = braces[_OPEN][:1]
            _indent(braces[_CLOSE][0], 0)

    def append_block_copy(self, block: DocumentBlock) -> DocumentBlock:
        """Add a copy of a block at the end of the body (HCL's ``AppendBlock``).

        The block may come from this document or another one (to move it,
        remove it from its body afterwards). The copy keeps the block's text
        as it is now, the comments above it and on its lines included, with
        its lines moved right or left so that it is indented as this body's
        items are, and a newline after it if it had none. It is a new block:
        editing it does not change the original.

        Args:
            block: The block to copy.

        Returns:
            The new block, in this body.

        Raises:
            TypeError: ``block`` is not a :class:`DocumentBlock`.
        """
        if not isinstance(block, DocumentBlock):
            raise TypeError(f"append_block_copy takes a DocumentBlock, not {type(block).__name__}")
        out: list[str] = []
        block._write(out)
        text = _reindented("".join(out), 2 * self._depth)
        if not text.endswith("\n"):
            text += "\n"  # the last block of a file with no newline at its end
        text, scanned, kinds, _, diags = scan_checked(text, "<block>")
        assert not diags.has_errors(), diags
        body, _ = _Builder(_Source(text, scanned), kinds).body(0, self._depth)
        copy = next(item for item in body._items if isinstance(item, DocumentBlock))
        self._append(copy)
        return copy

    def rename_references(self, search: Sequence[str], replacement: Sequence[str]) -> int:
        """Rename references by prefix in every expression of the body and of the
        blocks in it, as :meth:`DocumentAttribute.rename_references` does for one
        attribute (HCL's ``RenameVariablePrefix`` on each).

        Args:
            search: The names to find, such as ``["var", "old"]``.
            replacement: The names to put in their place, as many.

        Returns:
            How many references were renamed.

        Raises:
            ValueError: ``search`` is empty, the two differ in length, or a
                replacement name is not a valid identifier.
            TypeError: Either is not a sequence of strings (one string is not).
        """
        prefix = _check_prefix(search, replacement)
        count = 0
        for item in self._items:
            if isinstance(item, DocumentAttribute):
                count += _rename_in(item._runs, *prefix)
            elif isinstance(item, DocumentBlock):
                count += item.body.rename_references(*prefix)
        return count

    # ------------------------------------------------------------------ layout

    def _laid_out(self, text: str) -> list[WriterToken]:
        """The tokens of ``text`` (whole lines) in canonical layout at this depth, without
        the final ``EOF``."""
        tokens = tokens_of(text)[:-1]
        format_tokens(tokens)
        indent = 2 * self._depth
        at_line_start = True
        for token in tokens:
            if at_line_start and indent and token.kind is not K.NEWLINE:
                token.spaces_before += indent
            at_line_start = _ends_line(token) or (
                token.kind is K.STRING_LIT and token.text.endswith("\n")
            )
        return tokens

    def _append(self, item: DocumentAttribute | DocumentBlock) -> None:
        self._break_lines()
        last = self._last_token()
        if last is not None and not _ends_line(last):
            self._items.append([WriterToken(K.NEWLINE, "\n")])
        self._items.append(item)

    def _break_lines(self) -> None:
        """Give a one-line block's body (``b { a = 1 }``) lines of its own, as it
        must before it takes a second item, a blank line, or an attribute whose
        line ends before the closing brace; other bodies are left as they are."""
        braces = self._braces
        if braces is None:
            return
        opening, closing = braces[_OPEN], braces[_CLOSE]
        if any(_ends_line(token) for token in opening):
            return
        opening.append(WriterToken(K.NEWLINE, "\n"))
        first = next(self.tokens(), None)
        if first is not None:
            _indent(first, 2 * self._depth)
        last = self._last_token()
        if last is not None and not _ends_line(last):
            newline = WriterToken(K.NEWLINE, "\n")
            item = self._items[-1]
            if isinstance(item, DocumentAttribute):  # its line ends with it
                item._runs[_TAIL].append(newline)
            else:
                self._items.append([newline])
        _indent(closing[0], 2 * (self._depth - 1))

    def _last_token(self) -> WriterToken | None:
        """The last of :meth:`tokens` (``None`` for an empty body), found without
        walking them."""
        for item in reversed(self._items):
            if not isinstance(item, list):
                return item._last_token()
            if item:
                return item[-1]
        return None


def ends_with_blank_line(body: DocumentBody) -> bool:
    """Whether the body's last line is blank (what follows is set off already)."""
    last: list[WriterToken] = []
    for item in reversed(body._items):
        if not isinstance(item, list):
            token = item._last_token()
            return len(last) == 1 and _ends_line(token)
        last = item[-2:] + last if len(last) < 2 else last
        if len(last) >= 2:
            return last[-1].kind is K.NEWLINE and _ends_line(last[-2])
    return len(last) == 1 and last[0].kind is K.NEWLINE  # at the top: blank


def ends_with_block(body: DocumentBody) -> bool:
    """Whether the body's last item (blank lines and comments aside) is a block."""
    item = next((i for i in reversed(body._items) if not isinstance(i, list)), None)
    return isinstance(item, DocumentBlock)


def remove_block_and_blank_line(body: DocumentBody, block: DocumentBlock) -> bool:
    """Remove a block (:meth:`DocumentBody.remove_block`) and the blank lines that
    set it off, as far as they would be left over: the body then starts and ends
    with no blank line, and has no two blank lines in a row, where it had none."""
    items = body._items
    index = next((i for i, item in enumerate(items) if item is block), None)
    if index is None:
        return False
    del items[index]
    before = items[index - 1] if index > 0 else None
    after = items[index] if index < len(items) else None
    if isinstance(after, list) and (
        before is None or (isinstance(before, list) and _blank_at_end(before))
    ):
        while after and after[0].kind is K.NEWLINE:  # blank lines left at the top or doubled
            del after[0]
    elif isinstance(before, list) and after is None:
        while len(before) > 1 and before[-1].kind is K.NEWLINE and _ends_line(before[-2]):
            del before[-1]  # blank lines left at the end
        if len(before) == 1 and before[0].kind is K.NEWLINE:
            del before[0]  # after an item's line, or at the top: blank
    return True


def _blank_at_end(tokens: list[WriterToken]) -> bool:
    return bool(tokens) and tokens[-1].kind is K.NEWLINE


def _indent(token: WriterToken, spaces: int) -> None:
    token.spaces_before = spaces
    token.space = None


def _check_raw(name: str, expression: str) -> None:
    """Raise :class:`StringError` for a lone surrogate in expression text outside its
    comments (in comments, it stands for a byte of a file that is not UTF-8)."""
    for kind, start, end in S.scan(expression):
        if kind != _COMMENT:
            try:
                check_text(expression, "the expression", start, end)
            except StringError as exc:
                raise exc.within(name) from None


def _split_expression(
    tokens: list[WriterToken], expression: str
) -> tuple[list[WriterToken], list[WriterToken]]:
    """The tokens after ``name =`` of a laid-out attribute line, cut into its
    expression and what follows it on its line (comments, the line end).

    Raises ``ValueError`` when the text is not one expression that starts on the
    attribute's line and ends on its last line (a comment before it, or anything
    on lines after it)."""
    change = BRACKET_CHANGE
    level = 0
    end = 0
    for i, token in enumerate(tokens):
        if token.kind is K.COMMENT and (level or not token.text.endswith("\n")):
            continue
        if level == 0 and token.kind in (K.NEWLINE, K.COMMENT, K.EOF):
            break
        level += change[token.kind]
        end = i + 1
    after = tokens[end:]
    line_end = next((k for k, t in enumerate(after) if _ends_line(t)), len(after))
    if not end or line_end != len(after) - 1:
        raise ValueError(
            f"not one expression on the attribute's line: {expression!r} (comments "
            "may follow it on its last line, not come before it or on lines after it)"
        )
    return tokens[:end], after


def _end_heredoc(runs: _Runs) -> None:
    """After an expression ending with a heredoc, whose closing marker must end its
    line, what followed on the line: the comments go on lines of their own above
    the attribute, indented as it is (they stay its own), and the line ends."""
    expr, tail = runs[_EXPR], runs[_TAIL]
    if not expr or expr[-1].kind is not K.CHEREDOC or (tail and tail[0].kind is K.NEWLINE):
        return
    name = runs[_NAME][0]
    lead = runs[_LEAD]
    for token in tail:
        if token.kind is K.COMMENT:
            lead.append(WriterToken(K.COMMENT, token.text, name.spaces_before, name.space))
            if not token.text.endswith("\n"):
                lead.append(WriterToken(K.NEWLINE, "\n"))
    runs[_TAIL] = [WriterToken(K.NEWLINE, "\n")]


def _check_name(name: str) -> None:
    if not isinstance(name, str) or not is_identifier(name):
        raise ValueError(f"{name!r} is not a valid HCL identifier")


def _check_labels(labels: Sequence[str]) -> list[str]:
    if isinstance(labels, str) or not all(isinstance(label, str) for label in labels):
        raise TypeError(f"labels must be a sequence of strings, not {labels!r}")
    for index, label in enumerate(labels):
        try:
            check_text(label, "the label")
        except StringError as exc:
            raise exc.within(f"label {index}") from None
    return list(labels)


def _spaced(tokens: list[WriterToken]) -> list[WriterToken]:
    """Label tokens with one space before the first."""
    if tokens:
        tokens[0].spaces_before = 1
    return tokens


def _traversal_text(traversal: Traversal) -> str:
    parts = []
    for step in traversal:
        if isinstance(step, TraverseRoot):
            _check_name(step.name)
            parts.append(step.name)
        elif isinstance(step, TraverseAttr):
            _check_name(step.name)
            parts.append("." + step.name)
        elif isinstance(step, TraverseIndex):
            parts.append(f"[{raw_value_text(step.key)}]")
    if not parts or not isinstance(traversal[0], TraverseRoot):
        raise ValueError("a traversal to write must start with a variable name")
    return "".join(parts)


def _check_prefix(search: Sequence[str], replacement: Sequence[str]) -> tuple[list[str], list[str]]:
    for names in (search, replacement):
        if isinstance(names, str) or not all(isinstance(name, str) for name in names):
            raise TypeError(f"names must be a sequence of strings, not {names!r}")
    search, replacement = list(search), list(replacement)
    if not search or len(search) != len(replacement):
        raise ValueError(
            "search and replacement must have the same number of names, at least one "
            f"(not {len(search)} and {len(replacement)})"
        )
    for name in replacement:
        _check_name(name)
    return search, replacement


def _rename_in(runs: _Runs, search: list[str], replacement: list[str]) -> int:
    """Rename the references of an attribute's expression (see
    :meth:`DocumentAttribute.rename_references`)."""
    if search[0] not in runs.text(_EXPR, _EXPR + 1):
        return 0  # no token can match: the expression is left unread
    expr = runs[_EXPR]
    # The byte offset where each token starts in the expression's text.
    starts: dict[int, int] = {}
    offset = 0
    for index, token in enumerate(expr):
        offset += token.spaces_before
        starts[offset] = index
        offset += len(token.text.encode("utf-8", "surrogateescape"))
    # A heredoc's closing marker needs the end of its line.
    node, diags = parse_expression(tokens_text(expr) + "\n")
    assert not diags.has_errors(), diags
    count = 0
    for traversal in node.variables():
        if len(traversal) < len(search) or not all(
            isinstance(step, TraverseRoot | TraverseAttr) and step.name == name
            for step, name in zip(traversal, search, strict=False)
        ):
            continue
        for step, name in zip(traversal, replacement, strict=False):
            rng = step.range
            # The step's name is its last token: ``name``, or ``.`` then ``name``.
            index = max(i for at, i in starts.items() if rng.start.byte <= at < rng.end.byte)
            old = expr[index]
            assert old.kind is K.IDENT, old
            expr[index] = WriterToken(K.IDENT, name, old.spaces_before, old.space)
        count += 1
    return count


def _reindented(text: str, indent: int) -> str:
    """Whole lines of text with each line that starts with a token moved right or
    left as far as it takes to indent the first line by ``indent`` spaces (lines
    inside heredocs and comments are not moved)."""
    tokens = spaced_tokens_of(text, tuple(S.scan(text)))
    delta = indent - tokens[0].spaces_before
    if delta == 0:
        return text
    at_line_start = True
    for token in tokens:
        if at_line_start and token.kind not in (K.NEWLINE, K.EOF):
            _indent(token, max(0, token.spaces_before + delta))
        at_line_start = _ends_line(token)
    return tokens_text(tokens)


# --------------------------------------------------------------------------- documents


class Document:
    """A native-syntax file as an editable tree (see the module).

    Make one with :func:`parse_document` or :func:`new_document`; the
    constructor is internal. ``str()`` gives :attr:`text`.

    Attributes:
        body: The top-level body, to read and edit.
    """

    __slots__ = ("_bom", "_eof", "body")

    def __init__(self, body: DocumentBody, eof: WriterToken, *, bom: bool = False) -> None:
        self.body = body
        self._eof = eof
        self._bom = bom

    def tokens(self) -> Iterator[WriterToken]:
        """The document's tokens, ending with the ``EOF`` token."""
        yield from self.body.tokens()
        yield self._eof

    @property
    def text(self) -> str:
        """The document as text (a byte order mark it was read with included)."""
        pieces = [_BOM] if self._bom else []
        self.body._write(pieces)
        pieces.append(tokens_text([self._eof]))
        return "".join(pieces)

    def __str__(self) -> str:
        return self.text

    def to_bytes(self) -> bytes:
        """The document as UTF-8 bytes: exactly the bytes it was read from, where
        nothing was edited (bytes that are not UTF-8 in comments included)."""
        return self.text.encode("utf-8", "surrogateescape")

    def __repr__(self) -> str:
        return f"<Document of {len(self.body._items)} items>"


def new_document() -> Document:
    """An empty document to fill."""
    return Document(DocumentBody([], 0), WriterToken(K.EOF, ""))


def parse_document(
    src: bytes | str, filename: str = "<string>"
) -> tuple[Document | None, Diagnostics]:
    """A native-syntax file as a :class:`Document`, with the diagnostics of parsing it.

    Args:
        src: The file's content, as bytes (UTF-8) or text.
        filename: The name used in the diagnostics.

    Returns:
        ``(document, diagnostics)``. A file with syntax errors gives ``None``
        and the error diagnostics: edits need to know where each item starts
        and ends.

    Raises:
        TypeError: ``filename`` is not a ``str``.
    """
    text, scanned, kinds, bom, diags = scan_checked(src, filename)
    if diags.has_errors():
        return None, diags
    builder = _Builder(_Source(text, scanned), kinds)
    body, eof = builder.body(0, 0)
    return Document(body, builder.loose(eof, eof + 1)[0], bom=bom), diags


class _Unread:
    """The body of a block read from a file, until it is first asked for: where
    it is, and the builder that reads it then."""

    __slots__ = ("_builder", "_closing", "_depth", "_start")

    def __init__(self, builder: _Builder, start: int, closing: int, depth: int) -> None:
        self._builder = builder
        self._start = start
        self._closing = closing
        self._depth = depth

    def read(self) -> DocumentBody:
        return self._builder.body(self._start, self._depth)[0]

    def _write(self, out: list[str]) -> None:
        """Add the body's text (what lies between the block's braces) to ``out``."""
        source = self._builder.source
        out.append(source.text[source.offset(self._start) : source.offset(self._closing)])


class _Builder:
    """Cuts a valid file's tokens into bodies, attributes and blocks.

    In a valid file, the tokens between the items of a body are newlines and
    comments; an item starts with a name; an attribute's expression ends
    before the first newline (or line comment) that is outside its
    brackets, or before the brace closing a one-line block; a block's body
    ends at the brace matching its opening one. Items keep bounds into the
    source (see :class:`_Runs`); only what lies between them becomes tokens.
    """

    def __init__(self, source: _Source, kinds: bytes) -> None:
        self.source = source
        self.kinds = kinds
        self.levels: array[int] | None = None

    def loose(self, start: int, stop: int) -> list[WriterToken]:
        """The tokens ``start`` to before ``stop``."""
        return spaced_tokens_of(self.source.text, self.source.scanned, start, stop)

    def body(self, at: int, depth: int) -> tuple[DocumentBody, int]:
        """The body whose content starts at token ``at``, and the index of the
        token that ends it (its closing brace, or ``EOF``)."""
        source = self.source
        kinds = self.kinds
        items: list[DocumentAttribute | DocumentBlock | list[WriterToken]] = []
        first = at
        while True:
            while kinds[first] == _NEWLINE or kinds[first] == _COMMENT:
                first += 1
            if kinds[first] != _IDENT:  # the closing brace, or EOF
                break
            # The line comments right above the item are its lead; blank lines
            # and comments before them are loose.
            lead_from = first
            while lead_from > at and self._is_line_comment(lead_from - 1):
                lead_from -= 1
            if lead_from > at:
                items.append(self.loose(at, lead_from))
            after = first + 1
            while kinds[after] == _COMMENT:
                after += 1
            if kinds[after] == _EQUAL:
                last = self._last(after + 1)
                tail_end = self._tail(last + 1)
                # lead, name, "=", expression, tail
                bounds = (
                    *(lead_from, first, first, first + 1, first + 1, after + 1),
                    *(after + 1, last + 1, last + 1, tail_end),
                )
                items.append(DocumentAttribute(_Runs(None, source, bounds)))
            else:
                opening = kinds.index(_OBRACE, after)
                open_end = self._tail(opening + 1)
                closing = self._closing(opening)
                tail_end = self._tail(closing + 1)
                # lead, head, opening brace, closing brace, tail
                bounds = (
                    *(lead_from, first, first, opening, opening, open_end),
                    *(closing, closing + 1, closing + 1, tail_end),
                )
                body = _Unread(self, open_end, closing, depth + 1)
                labels = self._labels(first + 1, opening)
                items.append(DocumentBlock(_Runs(None, source, bounds), labels, body))
            at = first = tail_end
        if at < first:
            items.append(self.loose(at, first))
        return DocumentBody(items, depth), first

    def _closing(self, opening: int) -> int:
        """The index of the brace that closes the one at ``opening``: the first
        token after it that brings the bracket level back to where it was."""
        levels = self.levels
        if levels is None:
            # Made on the first block (an array: the garbage collector does not
            # traverse it, and the document keeps it while bodies are unread).
            levels = self.levels = array("q", bracket_levels(self.kinds))
        # levels[i] is the level before token i, levels[i + 1] after it.
        return levels.index(levels[opening], opening + 2) - 1

    def _is_line_comment(self, i: int) -> bool:
        return self.kinds[i] == _COMMENT and self._ends_with_newline(i)

    def _ends_with_newline(self, i: int) -> bool:
        """Whether token ``i`` (a comment) ends with a newline: a line comment."""
        return self.source.text[self.source.scanned[i][2] - 1] == "\n"

    def _last(self, i: int) -> int:
        """The index of the last token of the expression starting at token ``i``:
        the last that is not a comment before the end of its line outside
        brackets, or before a bracket it did not open."""
        kinds = self.kinds
        change = BRACKET_CHANGE
        level = 0
        last = i
        while True:
            kind = kinds[i]
            if kind == _COMMENT:
                if level == 0 and self._ends_with_newline(i):
                    return last
            elif level == 0 and (kind in (_NEWLINE, _EOF) or change[kind] < 0):
                return last
            else:
                level += change[kind]
                last = i
            i += 1

    def _tail(self, i: int) -> int:
        """The end of what follows an item on its line: inline comments, then the
        line's end (a newline, or a line comment), if they are there."""
        kinds = self.kinds
        j = i
        while kinds[j] == _COMMENT and not self._ends_with_newline(j):
            j += 1
        if kinds[j] == _NEWLINE or (kinds[j] == _COMMENT and self._ends_with_newline(j)):
            return j + 1
        return j

    def _labels(self, start: int, stop: int) -> list[str]:
        """The labels of a valid block header whose labels (and comments) are
        tokens ``start`` to before ``stop``."""
        kinds = self.kinds
        token_text = self.source.token_text
        labels: list[str] = []
        quoted: list[str] | None = None  # the text of the quoted label being read
        for i in range(start, stop):
            kind = kinds[i]
            if kind == _QUOTED_LIT and quoted is not None:
                quoted.append(token_text(i))
            elif kind == _OQUOTE:
                quoted = []
            elif kind == _CQUOTE and quoted is not None:
                labels.append(_label_value("".join(quoted)))
                quoted = None
            elif kind == _IDENT:
                labels.append(token_text(i))
        return labels


def _label_value(raw: str) -> str:
    """The value of a valid quoted label whose text between the quotes is ``raw``."""
    if "\\" not in raw and "$${" not in raw and "%%{" not in raw:
        return raw
    # Escapes: the parser knows them. The label is a template of literal parts.
    node, _ = parse_expression(f'"{raw}"')
    assert isinstance(node, Template)
    values: list[str] = []
    for part in node.parts:
        assert isinstance(part, LiteralValue) and isinstance(part.raw, str)
        values.append(part.raw)
    return "".join(values)
