"""python-hcl2 8.x dictionaries written from the native syntax tree.

python-hcl2 keeps its own form of each expression: literal strings with their
quotes and escapes as written, numbers as ``int`` or ``float`` by their
spelling (scientific notation as an expression), ``true``/``false``/``null``
as Python constants, tuple and object constructors decomposed into lists and
dicts element by element, and every other expression re-written on one line
as ``"${...}"``. Blocks are lists of dicts under their type, nested by their
labels and marked with ``__is_block__``. This module writes that form from
our parser's nodes and the source text they point into.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from typing import Any

from ..native._ast import (
    AnonSymbol,
    BinaryOp,
    Conditional,
    ForExpr,
    FunctionCall,
    Index,
    LiteralKind,
    LiteralValue,
    Node,
    ObjectCons,
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
)
from ..native._body import AttributeNode, BlockNode, NativeBody
from ..native._scanner import (
    COMMENT,
    EOF,
    NEWLINE,
    TEMPLATE_CONTROL,
    TEMPLATE_INTERP,
    TEMPLATE_SEQ_END,
    scan,
)
from ..values import Error
from ._pyhcl2_options import SerializationOptions

__all__ = ["IS_BLOCK", "Comments", "DuplicateNameError", "Serializer", "run_text", "unescape"]

IS_BLOCK = "__is_block__"

# Comments of one body: ``(comments, inline comments)``, each a list of
# ``{"value": text}`` dicts in source order.
Comments = tuple[list[dict[str, str]], list[dict[str, str]]]

_INT = re.compile(r"-?[0-9]+")
_FLOAT = re.compile(r"[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?")
_HEREDOC = re.compile(r"<<-?([A-Za-z][A-Za-z0-9._-]*)\r?\n([\s\S]*)\1", re.S)
_SIMPLE_ESCAPES = {"n": "\n", "r": "\r", "t": "\t", '"': '"', "\\": "\\"}
_HEX = frozenset("0123456789abcdefABCDEF")


class DuplicateNameError(Error, RuntimeError):
    """A block's type is the name of an attribute defined before it in the same body.

    python-hcl2 raises a ``RuntimeError`` with the same message; this is one.
    HCL's syntax allows it (a schema decides), so it is no syntax error.

    Args:
        message: ``Attribute <name> is already defined.``
    """


def unescape(text: str) -> str:
    """The value of quoted-string literal text: its escapes processed; an escape
    that is not one leaves its backslash."""
    if "\\" not in text:
        return text
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        char = text[i]
        if char != "\\" or i + 1 >= n:
            out.append(char)
            i += 1
            continue
        mark = text[i + 1]
        simple = _SIMPLE_ESCAPES.get(mark)
        if simple is not None:
            out.append(simple)
            i += 2
            continue
        if mark in "uU":
            width = 4 if mark == "u" else 8
            digits = text[i + 2 : i + 2 + width]
            if len(digits) == width and all(d in _HEX for d in digits):
                code = int(digits, 16)
                if code <= 0x10FFFF and not 0xD800 <= code < 0xE000:
                    out.append(chr(code))
                    i += 2 + width
                    continue
        out.append(char)
        out.append(mark)
        i += 2
    return "".join(out)


def run_text(gap: str, *, after_heredoc: bool) -> str:
    """A run of newlines and comments as python-hcl2's lexer keeps it: spaces
    dropped, but those after a newline."""
    out: list[str] = []
    i, n = 0, len(gap)
    if after_heredoc:  # the heredoc's own token took the newline after its marker
        if gap.startswith("\r\n"):
            i = 2
        elif gap.startswith("\n"):
            i = 1
    while i < n:
        char = gap[i]
        if char == "\n":
            j = i + 1
            while j < n and gap[j] in " \t":
                j += 1
            out.append(gap[i:j])
            i = j
        elif char == "#" or gap.startswith("//", i):
            j = gap.find("\n", i)
            if j < 0:
                out.append(gap[i:] + "\n")
                break
            out.append(gap[i : j + 1])
            i = j + 1
        elif gap.startswith("/*", i):
            j = gap.find("*/", i + 2)
            out.append(gap[i : j + 2])
            i = j + 2
        else:
            i += 1
    return "".join(out)


def _negative_literal(node: UnaryOp) -> str | None:
    """The text of ``-`` and a number literal right after it that python-hcl2's lexer
    reads as one negative literal: a fractional or exponent one, or an integer of two
    digits or more (before one digit, ``-`` stays an operator)."""
    operand = node.operand
    if (
        node.op is Operator.NEGATE
        and type(operand) is LiteralValue
        and operand.kind is LiteralKind.NUMBER
        and operand.start == node.start + 1
    ):
        text = operand.native_text()
        if len(text) > 1 or not _INT.fullmatch(text):
            return "-" + text
    return None


def _header(strips: tuple[bool, bool], inner: str) -> str:
    return "%{" + ("~ " if strips[0] else " ") + inner + (" ~" if strips[1] else " ") + "}"


def _dollar(text: str) -> str:
    if text.startswith("${") and text.endswith("}"):
        return text
    return "${" + text + "}"


def _parenthesize(value: Any) -> str:
    if isinstance(value, str) and value.startswith("${") and value.endswith("}"):
        return "${(" + value[2:-1] + ")}"
    return f"({value})"


class Serializer:
    """Writes one file's nodes as python-hcl2 does.

    Args:
        text: The file's source text.
        options: python-hcl2's serialisation options.
        comments: The comments of each body, keyed by ``id()`` of the body.
        template: Whether ``text`` is a bare template (a JSON string), not a file.
    """

    __slots__ = ("_bare", "_comments", "_options", "_text", "_tokens")

    def __init__(
        self,
        text: str,
        options: SerializationOptions,
        comments: dict[int, Comments],
        *,
        template: bool = False,
    ) -> None:
        self._text = text
        self._bare = template
        self._tokens: list[tuple[int, ...]] | None = None
        self._options = options
        self._comments = comments

    # ------------------------------------------------------------------ bodies

    def body(self, body: NativeBody) -> dict[str, Any]:
        """The dictionary of a body: attributes and blocks in source order."""
        items: list[AttributeNode | BlockNode] = [*body.attributes.values(), *body.blocks]
        items.sort(key=lambda item: item.start)
        result: dict[str, Any] = {}
        attribute_names: set[str] = set()
        for item in items:
            if isinstance(item, AttributeNode):
                attribute_names.add(item.name)
                result[item.name] = self.expr(
                    item.native_expr, dollar=False, parens=False, nested=False
                )
            else:
                name = item.type
                if name in attribute_names:
                    raise DuplicateNameError(f"Attribute {name} is already defined.")
                blocks = result.get(name)
                if not isinstance(blocks, list):
                    blocks = result[name] = []
                blocks.append(self.block(item))
        comments = self._comments.get(id(body))
        if comments is not None:
            if comments[0]:
                result["__comments__"] = comments[0]
            if comments[1]:
                result["__inline_comments__"] = comments[1]
        return result

    def block(self, block: BlockNode) -> dict[str, Any]:
        result: dict[str, Any] = self.body(block.native_body)
        if self._options.explicit_blocks:
            result[IS_BLOCK] = True
        text = self._text
        spans = list(block.label_spans)
        header_end = spans[-1][1] if spans else block.type_span[1]
        between = text[header_end : block.open_start]
        if "#" in between or "/" in between:
            # python-hcl2 reads comments before the "{" as one more label.
            result = {run_text(between, after_heredoc=False): result}
        for start, end in reversed(spans):
            raw = text[start:end]
            if raw.startswith('"'):
                label = unescape(raw[1:-1]) if self._options.strip_string_quotes else raw
            else:
                label = raw
            result = {label: result}
        return result

    # ------------------------------------------------------------------ expressions

    def expr(self, node: Node, *, dollar: bool, parens: bool, nested: bool) -> Any:
        """python-hcl2's value of ``node``.

        Args:
            node: The expression.
            dollar: Whether it is part of a bigger expression's text
                (python-hcl2's "inside a dollar string").
            parens: Whether it is inside parentheses.
            nested: Whether its parent is an expression that
                ``force_operation_parentheses`` puts operations in parentheses in.
        """
        kind = type(node)
        if kind is LiteralValue:
            assert isinstance(node, LiteralValue)
            return self._literal(node, dollar)
        if kind is Template:
            assert isinstance(node, Template)
            return self._template(node, dollar)
        if kind is TemplateWrap:
            assert isinstance(node, TemplateWrap)
            if self._text.startswith("<<", node.start):
                return self._heredoc(self._text[node.start : node.end])
            inner = self.expr(node.wrapped, dollar=True, parens=parens, nested=False)
            text = '"${' + str(inner) + '}"'
            if self._options.strip_string_quotes and not dollar:
                return text[1:-1]
            return text
        if kind is ScopeTraversal:
            assert isinstance(node, ScopeTraversal)
            if not node.steps:
                return node.name
            result = node.name + self._steps(node.steps)
            return result if dollar else _dollar(result)
        if kind is TupleCons:
            assert isinstance(node, TupleCons)
            if not dollar and not self._options.wrap_tuples:
                return [
                    self.expr(item, dollar=False, parens=parens, nested=False)
                    for item in node.items
                ]
            text = (
                "["
                + ", ".join(
                    str(self.expr(item, dollar=True, parens=parens, nested=False))
                    for item in node.items
                )
                + "]"
            )
            return text if dollar else _dollar(text)
        if kind is ObjectCons:
            assert isinstance(node, ObjectCons)
            return self._object(node, dollar, parens)
        if kind is BinaryOp:
            assert isinstance(node, BinaryOp)
            lhs = self.expr(node.lhs, dollar=True, parens=parens, nested=True)
            rhs = self.expr(node.rhs, dollar=True, parens=parens, nested=True)
            text = f"{lhs} {node.op.value} {rhs}"
            return self._operation(text, dollar, parens, nested)
        if kind is UnaryOp:
            assert isinstance(node, UnaryOp)
            return self._unary(node, dollar, parens, nested)
        if kind is Conditional:
            assert isinstance(node, Conditional)
            cond = self.expr(node.condition, dollar=True, parens=parens, nested=True)
            true = self.expr(node.true_result, dollar=True, parens=parens, nested=True)
            false = self.expr(node.false_result, dollar=True, parens=parens, nested=True)
            return self._operation(f"{cond} ? {true} : {false}", dollar, parens, nested)
        if kind is Parens:
            assert isinstance(node, Parens)
            inner = self.expr(node.inner, dollar=dollar, parens=True, nested=False)
            result = _parenthesize(inner)
            return result if dollar else _dollar(result)
        if kind is FunctionCall:
            assert isinstance(node, FunctionCall)
            args = ", ".join(
                str(self.expr(arg, dollar=True, parens=parens, nested=False)) for arg in node.args
            )
            if node.expand_final:
                args += " ..."
            text = f"{node.name}({args})"
            return text if dollar else _dollar(text)
        if kind is RelativeTraversal:
            assert isinstance(node, RelativeTraversal)
            source = self.expr(node.source_expr, dollar=True, parens=parens, nested=True)
            text = f"{source}{self._steps(node.steps)}"
            return text if dollar else _dollar(text)
        if kind is Index:
            assert isinstance(node, Index)
            collection = self.expr(node.collection, dollar=True, parens=parens, nested=True)
            key = self.expr(node.key, dollar=True, parens=parens, nested=False)
            text = f"{collection}[{key}]"
            return text if dollar else _dollar(text)
        if kind is Splat:
            assert isinstance(node, Splat)
            source = self.expr(node.source_expr, dollar=True, parens=parens, nested=True)
            text = f"{source}{self._splat_rest(node, parens)}"
            return text if dollar else _dollar(text)
        if kind is ForExpr:
            assert isinstance(node, ForExpr)
            return self._for(node, dollar, parens)
        raise NotImplementedError(f"no python-hcl2 form for {kind.__name__}")

    def _operation(self, text: str, dollar: bool, parens: bool, nested: bool) -> str:
        if not dollar:
            text = _dollar(text)
        if self._options.force_operation_parentheses and nested and not parens:
            text = _parenthesize(text)
        return text

    def _unary(self, node: UnaryOp, dollar: bool, parens: bool, nested: bool) -> Any:
        symbol = "!" if node.op is Operator.NOT else "-"
        negative = _negative_literal(node)
        if negative is not None:
            return self.number(negative, dollar)
        operand = self.expr(node.operand, dollar=True, parens=parens, nested=True)
        if (
            not dollar
            and symbol == "-"
            and not self._options.force_operation_parentheses
            and isinstance(operand, (int, float))
            and not isinstance(operand, bool)
        ):
            return -operand
        return self._operation(f"{symbol}{operand}", dollar, parens, nested)

    def _literal(self, node: LiteralValue, dollar: bool) -> Any:
        kind = node.kind
        if kind is LiteralKind.NUMBER:
            return self.number(node.native_text(), dollar)
        if kind is LiteralKind.BOOL:
            if dollar:
                return "true" if node.raw else "false"
            return bool(node.raw)
        if kind is LiteralKind.NULL:
            return "null" if dollar else None
        # A string literal outside a template (a bare word in a key, say).
        return node.raw

    def number(self, text: str, dollar: bool) -> Any:
        """A number literal's value: ``int``, ``float``, or its text as an expression."""
        if _INT.fullmatch(text):
            return int(text)
        if self._options.preserve_scientific_notation and ("e" in text or "E" in text):
            return text if dollar else _dollar(text)
        return float(text)

    def _template(self, node: Template, dollar: bool) -> Any:
        text = self._text
        raw = text[node.start : node.end]
        if raw.startswith("<<"):
            return self._heredoc(raw)
        strip = self._options.strip_string_quotes and not dollar
        joined = self._parts(node.parts, strip)
        return joined if strip else '"' + joined + '"'

    def _parts(self, parts: Sequence[Node], strip: bool) -> str:
        text = self._text
        out: list[str] = []
        for part in parts:
            if isinstance(part, LiteralValue) and part.kind is LiteralKind.STRING:
                literal = text[part.start : part.end]
                out.append(unescape(literal) if strip else literal)
            else:
                out.append(self.template_part(part))
        return "".join(out)

    def template_part(self, part: Node) -> str:
        """An interpolation or directive of a template, as python-hcl2 writes it."""
        kind = type(part)
        directive = kind is Conditional or kind is TemplateJoin
        if directive and self._text.startswith("%{", part.start):
            return self._directive(part)
        return "${" + str(self.expr(part, dollar=True, parens=False, nested=False)) + "}"

    def _heredoc(self, raw: str) -> str:
        options = self._options
        trim = raw.startswith("<<-")
        if options.preserve_heredocs and not trim:
            body = raw.rstrip("\r\n\t ")
            return body if options.strip_string_quotes else '"' + body + '"'
        if options.preserve_heredocs:
            body = raw
        else:
            match = _HEREDOC.match(raw)
            assert match is not None
            body = match.group(2)
        body = re.sub(r"\r?\n\Z", "", re.sub(r"[ \t]*\Z", "", body))
        if not trim:
            if options.strip_string_quotes:
                return body
            body = body.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
            return '"' + body + '"'
        lines = body.split("\n")
        indents = [len(line) - len(line.lstrip(" ")) for line in lines if line.strip()]
        cut = min(indents) if indents else 0
        lines = [line[cut:] for line in lines]
        if not options.preserve_heredocs:
            lines = [line.replace("\\", "\\\\").replace('"', '\\"') for line in lines]
        if options.strip_string_quotes:
            return "\n".join(lines)
        return '"' + ("\n" if options.preserve_heredocs else "\\n").join(lines) + '"'

    def _directive(self, node: Node) -> str:
        """A ``%{if}`` or ``%{for}`` directive, its headers written as python-hcl2 does."""
        headers = self._headers(node.start, node.end)
        if isinstance(node, TemplateJoin):
            loop = node.tuple
            names = loop.value_var if loop.key_var is None else f"{loop.key_var}, {loop.value_var}"
            collection = self.expr(loop.collection, dollar=True, parens=False, nested=False)
            body = loop.value_expr
            parts = body.parts if isinstance(body, Template) else [body]
            return (
                _header(headers[0], f"for {names} in {collection}")
                + self._parts(parts, False)
                + _header(headers[-1], "endfor")
            )
        assert isinstance(node, Conditional)
        cond = self.expr(node.condition, dollar=True, parens=False, nested=False)
        out = [_header(headers[0], f"if {cond}"), self._branch(node.true_result)]
        if len(headers) == 3:
            out.append(_header(headers[1], "else"))
            out.append(self._branch(node.false_result))
        out.append(_header(headers[-1], "endif"))
        return "".join(out)

    def _branch(self, node: Node) -> str:
        return self._parts(node.parts if isinstance(node, Template) else [node], False)

    def _headers(self, start: int, end: int) -> list[tuple[bool, bool]]:
        """The strip markers (before, after) of the directive headers of the
        directive at ``start``: its own, not those of directives inside it."""
        if self._tokens is None:
            self._tokens = scan(self._text, template=self._bare)
        tokens = self._tokens
        index = bisect_left(tokens, (start,), key=lambda token: (token[1],))
        found: list[tuple[bool, bool]] = []
        depth = 0
        text = self._text
        # What each open "${" or "%{" is: "" for an interpolation, else the
        # directive's keyword and whether its "%{" has a strip marker.
        opened: list[tuple[str, bool]] = []
        while index < len(tokens):
            kind, first, last = tokens[index][:3]
            if first >= end:
                break
            if kind == TEMPLATE_CONTROL:
                word = text[tokens[index + 1][1] : tokens[index + 1][2]]
                opened.append((word, text[first:last].endswith("~")))
                if word in ("if", "for"):
                    depth += 1
            elif kind == TEMPLATE_INTERP:
                opened.append(("", False))
            elif kind == TEMPLATE_SEQ_END and opened:
                word, open_strip = opened.pop()
                if word and depth == 1:
                    found.append((open_strip, text[first:last].startswith("~")))
                if word in ("endif", "endfor"):
                    depth -= 1
            index += 1
        return found

    def _object(self, node: ObjectCons, dollar: bool, parens: bool) -> Any:
        if not dollar and not self._options.wrap_objects:
            result: dict[Any, Any] = {}
            for item in node.items:
                key = self._key(item.key, False, parens)
                result[key] = self.expr(item.value, dollar=False, parens=parens, nested=False)
            return result
        text = (
            "{"
            + ", ".join(
                f"{self._key(item.key, True, parens)} = "
                f"{self.expr(item.value, dollar=True, parens=parens, nested=False)}"
                for item in node.items
            )
            + "}"
        )
        return text if dollar else _dollar(text)

    def _key(self, key: ObjectKey, dollar: bool, parens: bool) -> Any:
        wrapped = key.wrapped
        if not key.force_non_literal:
            kind = type(wrapped)
            if kind is ScopeTraversal:
                assert isinstance(wrapped, ScopeTraversal)
                if not wrapped.steps:
                    return wrapped.name
            elif kind is LiteralValue:
                assert isinstance(wrapped, LiteralValue)
                if wrapped.kind is LiteralKind.NUMBER:
                    number = self.number(wrapped.native_text(), dollar)
                    return str(number)
                if wrapped.kind is not LiteralKind.STRING:
                    return wrapped.native_text()
            elif kind is UnaryOp:
                assert isinstance(wrapped, UnaryOp)
                negative = _negative_literal(wrapped)
                if negative is not None:
                    return str(self.number(negative, dollar))
            elif (kind is Template or kind is TemplateWrap) and not self._text.startswith(
                "<<", wrapped.start
            ):
                return self.expr(wrapped, dollar=dollar, parens=parens, nested=False)
        text = str(self.expr(wrapped, dollar=True, parens=parens, nested=False))
        return text if dollar else _dollar(text)

    def _for(self, node: ForExpr, dollar: bool, parens: bool) -> str:
        intro = "for "
        if node.key_var is not None:
            intro += f"{node.key_var}, {node.value_var}"
        else:
            intro += node.value_var
        collection = self.expr(node.collection, dollar=True, parens=parens, nested=False)
        intro += f" in {collection} : "
        value = self.expr(node.value_expr, dollar=True, parens=parens, nested=True)
        cond = ""
        if node.cond is not None:
            cond = " if " + str(self.expr(node.cond, dollar=True, parens=parens, nested=False))
        if node.key_expr is None:
            text = f"[{intro}{value}{cond}]"
        else:
            key = self.expr(node.key_expr, dollar=True, parens=parens, nested=True)
            group = "..." if node.group else ""
            text = f"{{{intro}{key} => {value}{group}{cond}}}"
        return text if dollar else _dollar(text)

    # ------------------------------------------------------------------ traversals

    def _steps(self, steps: list[Step] | tuple[Step, ...]) -> str:
        text = self._text
        out: list[str] = []
        for step in steps:
            if step.kind is StepKind.ATTR:
                out.append("." + step.name)
            elif step.kind is StepKind.INDEX:
                raw = text[step.start : step.end]
                if raw.startswith("."):
                    out.append("." + str(int(raw[1:].strip())))
                else:
                    out.append("[" + self._index_key(raw[1:-1].strip()) + "]")
            else:
                out.append(text[step.start : step.end])
        return "".join(out)

    def _index_key(self, raw: str) -> str:
        if any(char in raw for char in " \t\r\n#/"):
            # Comments and spaces inside the brackets: python-hcl2 writes the tokens.
            raw = "".join(
                raw[token[1] : token[2]]
                for token in scan(raw)
                if token[0] not in (NEWLINE, COMMENT, EOF)
            )
        if _FLOAT.fullmatch(raw):
            return str(self.number(raw, True))
        return raw

    def _splat_rest(self, node: Splat, parens: bool) -> str:
        marker = self._text[node.marker_start : node.marker_end]
        return ("[*]" if marker.startswith("[") else ".*") + self._each(node.each, parens)

    def _each(self, node: Node, parens: bool) -> str:
        if isinstance(node, AnonSymbol):
            return ""
        if isinstance(node, RelativeTraversal):
            return self._each(node.source_expr, parens) + self._steps(node.steps)
        if isinstance(node, Index):
            key = self.expr(node.key, dollar=True, parens=parens, nested=False)
            return f"{self._each(node.collection, parens)}[{key}]"
        if isinstance(node, Splat):
            return self._each(node.source_expr, parens) + self._splat_rest(node, parens)
        raise NotImplementedError(f"no python-hcl2 form for {type(node).__name__} in a splat")
