"""JSON values as HCL expressions.

Objects evaluate to HCL objects, arrays to tuples, numbers, booleans and
``null`` (a null of the dynamic pseudo-type) to themselves. A string depends
on the mode: with no evaluation context (literal-only mode) it is the string
itself, ``${`` and all; with a context it is a native-syntax template, so
``"${a + b}"`` may well be a number. Object keys are strings like any other,
evaluated the same way.

Static analysis follows the JSON specification: an array is a static list,
an object a static map, and a string holding native expression syntax a
static call or a static traversal.

A JSON string's characters are not its source when it has escapes (``\\n``
in the file is one newline in the template). Ranges that the native parser
and evaluator produce for such a string are mapped back onto the file,
character by character, so diagnostics and traversals point at the right
place; inside a single escape they point at its backslash.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from .._text import go_quote, is_identifier
from ..model._context import too_costly
from ..model._diagnostics import (
    FIRST_REPEAT_CHECK,
    REPEATED_ERRORS,
    Diagnostic,
    Diagnostics,
    Range,
    bound_repeats,
    drop_repeats,
)
from ..model._source import utf8_length
from ..model._static import abs_traversal_for_expr, expr_call
from ..model._structure import Expression, StaticCall
from ..model._traversal import Traversal, Traverser, TraverseSplat
from ..native import parse_expression, parse_template
from ..native._ast import LiteralValue as NativeLiteral
from ..native._ast import Node as NativeNode
from ..native._ast import Template as NativeTemplate
from ..native._ast import TemplateWrap, interpolated_text, template_source
from ..native._evaluate import STEPS_PER_TEMPLATE_PART
from ..values import _number as number
from ..values._convert import ConversionError, convert
from ..values._errors import raw_text
from ..values._json import go_json_text
from ..values._limits import BUDGET, CHARACTERS_PER_UNIT, DEFAULT_LIMITS, Budget, BudgetExhausted
from ..values._types import (
    DYNAMIC,
    NUMBER,
    STRING,
)
from ..values._value import DYNAMIC_VALUE, FALSE, TRUE, Value
from ._ast import (
    ArrayNode,
    BoolNode,
    Node,
    NodeView,
    NullNode,
    NumberNode,
    ObjectNode,
    Property,
    Source,
    StringNode,
)
from ._scanner import decode_string, replace_surrogates

if TYPE_CHECKING:
    from ..model._context import EvalContext
    from ..values._limits import Limits

__all__ = ["JsonExpression", "json_expression_text", "json_native_text", "json_number"]

_UNKNOWN_NUMBER = Value.unknown(NUMBER)

# One escape sequence of a valid JSON string (a surrogate pair counts as one).
_ESCAPE = re.compile(r"\\(?:u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|u....|.)")


def json_number(text: str) -> number.Num:
    """The HCL number of a valid JSON number literal, read exactly like a native literal.

    Raises:
        NumberRangeError: the number's magnitude is beyond hcldecode's range
            (the reference turns magnitudes beyond its own range into
            infinity or zero).
        ValueError: the exponent does not fit Go's int64 (a syntax error
            for the reference).
    """
    negative = text.startswith("-")
    value = number.parse_literal(text[1:] if negative else text)
    return number.neg(value) if negative else value


# The longest literal text whose template a document keeps (short texts, such as
# names and keywords, are the ones that repeat).
_KEPT_LITERAL = 64


def _literal_template(text: str, filename: str) -> tuple[Value, int, int] | None:
    """The value of ``text`` read as a template of literal parts alone, its count of parts
    and its length.

    ``None`` when the template has another part or a diagnostic.
    """
    template, diags = parse_template(text, filename)
    if diags or not isinstance(template, NativeTemplate):
        return None
    pieces: list[str] = []
    for part in template.parts:
        if type(part) is not NativeLiteral or not isinstance(part.raw, str):
            return None
        pieces.append(part.raw)
    value = Value.string("".join(pieces))
    return value, len(template.parts), len(value.as_str())


class _StringPositions:
    """Maps ranges in a JSON string's decoded text back to its source.

    ``start`` is the position of the first character after the opening
    quote: the native parser counts its own positions from there, which is
    exact when the string has no escapes (:attr:`exact`). Otherwise a range
    is mapped through its byte offsets.
    """

    __slots__ = ("_breaks", "_node", "_source", "exact", "start")

    def __init__(self, source: Source, node: StringNode) -> None:
        self._source = source
        self._node = node
        self.start = source.pos(node.start + 1)
        raw = source.text[node.start + 1 : node.end - 1]
        self.exact = raw == node.value
        # (byte offset in the decoded text, offset in the source text, escape
        # length or 0 for a run of literal characters), in order.
        self._breaks: list[tuple[int, int, int]] = []
        if not self.exact:
            self._breaks = self._build(raw, node.start + 1)

    @staticmethod
    def _build(raw: str, base: int) -> list[tuple[int, int, int]]:
        breaks: list[tuple[int, int, int]] = []
        decoded = 0
        last = 0
        for m in _ESCAPE.finditer(raw):
            if m.start() > last:
                breaks.append((decoded, base + last, 0))
                decoded += utf8_length(replace_surrogates(raw[last : m.start()]))
            breaks.append((decoded, base + m.start(), m.end() - m.start()))
            decoded += utf8_length(decode_string(f'"{m.group()}"'))
            last = m.end()
        breaks.append((decoded, base + last, 0))
        return breaks

    def _offset(self, byte: int) -> int:
        """The source offset of the decoded text's UTF-8 offset ``byte``."""
        breaks = self._breaks
        i = bisect.bisect_right(breaks, (byte, len(self._source.text) + 1, 0)) - 1
        decoded, offset, escape = breaks[max(i, 0)]
        if escape:
            return offset
        text = self._source.text
        end = breaks[i + 1][1] if i + 1 < len(breaks) else self._node.end - 1
        remaining = byte - decoded
        while remaining > 0 and offset < end:
            # A byte that is not UTF-8 (a lone surrogate) was decoded as U+FFFD.
            remaining -= utf8_length(replace_surrogates(text[offset]))
            offset += 1
        return offset

    def remap(self, r: Range) -> Range:
        """``r`` moved onto the source, when it lies within this string's decoded text."""
        if self.exact or r.filename != self._source.filename:
            return r
        first = self.start.byte
        if r.start.byte < first:
            return r
        return self._source.range(
            self._offset(r.start.byte - first), self._offset(r.end.byte - first)
        )

    def remap_diagnostics(self, diags: Diagnostics) -> Diagnostics:
        if self.exact:
            return diags
        return Diagnostics(
            attrs.evolve(
                d,
                subject=None if d.subject is None else self.remap(d.subject),
                context=None if d.context is None else self.remap(d.context),
            )
            for d in diags
        )

    def remap_traversal(self, traversal: Traversal) -> Traversal:
        if self.exact:
            return traversal
        return Traversal([self._remap_step(step) for step in traversal])

    def _remap_step(self, step: Traverser) -> Traverser:
        new_range = self.remap(step.range)
        if isinstance(step, TraverseSplat):
            return TraverseSplat(self.remap_traversal(step.each), new_range)
        return attrs.evolve(step, range=new_range)


class JsonExpression(NodeView, Expression):
    """A JSON value used as an expression.

    Made by :func:`hcldecode.json.parse_expression` and by JSON bodies; the
    constructor is internal.
    """

    __slots__ = ()

    @property
    def range(self) -> Range:
        return self._source.range(self._node.start, self._node.end)

    @property
    def start_range(self) -> Range:
        return self._source.range(*self._node.start_span())

    # ------------------------------------------------------------------ evaluation

    def value(self, ctx: EvalContext | None = None) -> tuple[Value, Diagnostics]:
        """The value of the JSON value; strings are templates only when ``ctx`` is given.

        Evaluation walks the tree with an explicit stack, so deep nesting
        needs no recursion. The templates share one budget (see
        :class:`~hcldecode.values.Limits`).
        """
        budget = BUDGET.get()
        if budget is not None:
            try:
                return self._value(ctx)
            except BudgetExhausted as stop:
                stop.where, stop.ctx = self, ctx  # the outermost expression wins
                raise
        token = BUDGET.set(Budget(ctx.limits if ctx is not None else DEFAULT_LIMITS))
        try:
            return self._value(ctx)
        except BudgetExhausted as stop:
            stop.where, stop.ctx = self, ctx
            return DYNAMIC_VALUE, Diagnostics([too_costly(stop, self, ctx)])
        finally:
            BUDGET.reset(token)

    def _value(self, ctx: EvalContext | None) -> tuple[Value, Diagnostics]:
        diags = Diagnostics()
        node = self._node
        if not isinstance(node, (ObjectNode, ArrayNode)):
            return self._scalar(node, ctx, diags), diags
        frames = [_Frame(node)]
        compact_at = FIRST_REPEAT_CHECK
        while True:
            if len(diags) >= compact_at:
                compact_at = bound_repeats(diags)
            frame = frames[-1]
            container = frame.container
            i = len(frame.values)
            if isinstance(container, ObjectNode):
                if i < len(container.properties):
                    prop = container.properties[i]
                    frame.keys.append(self._string(prop.name_node(), ctx, diags))
                    child = prop.value
                else:
                    child = None
            else:
                child = container.elements[i] if i < len(container.elements) else None
            if child is None:
                result = frame.result()
                frames.pop()
                if not frames:
                    if len(diags) > REPEATED_ERRORS:
                        diags = drop_repeats(diags, self.range)
                    return result, diags
                frames[-1].add(result, self, ctx, diags)
            elif isinstance(child, (ObjectNode, ArrayNode)):
                frames.append(_Frame(child))
            else:
                frame.add(self._scalar(child, ctx, diags), self, ctx, diags)

    def constant_value(self, limits: Limits) -> Value | None:
        """A number, ``true``, ``false`` or ``null`` (see :meth:`Expression.constant_value`).

        Strings are not constants here: they are templates when evaluated in
        an evaluation context.
        """
        node = self._node
        if isinstance(node, NumberNode):
            try:
                return Value.number(json_number(node.text))
            except ValueError:  # out of range or malformed: value() reports it
                return None
        if isinstance(node, BoolNode):
            return TRUE if node.value else FALSE
        if isinstance(node, NullNode):
            return Value.null(DYNAMIC)
        return None

    def template_text(self) -> str | None:
        """A string's text (the template it is read as); ``None`` for other values."""
        node = self._node
        return node.value if isinstance(node, StringNode) else None

    def _scalar(self, node: Node, ctx: EvalContext | None, diags: Diagnostics) -> Value:
        if isinstance(node, StringNode):
            return self._string(node, ctx, diags)
        if isinstance(node, NumberNode):
            return self._number(node, ctx, diags)
        if isinstance(node, BoolNode):
            return TRUE if node.value else FALSE
        if isinstance(node, NullNode):
            return Value.null(DYNAMIC)
        return DYNAMIC_VALUE  # an invalid node, already reported

    def _number(self, node: NumberNode, ctx: EvalContext | None, diags: Diagnostics) -> Value:
        """The number's value; one out of range is an unknown number and an error."""
        try:
            return Value.number(json_number(node.text))
        except number.NumberRangeError as err:
            message = raw_text(err)
            detail = f"{message[0].upper()}{message[1:]}."
        except ValueError:
            detail = "There is a syntax error in the given JSON number."
        diags.append(
            Diagnostic.error(
                "Invalid JSON number",
                detail,
                self._source.range(node.start, node.end),
                expression=self,
                eval_context=ctx,
            )
        )
        return _UNKNOWN_NUMBER

    def _string(self, node: StringNode, ctx: EvalContext | None, diags: Diagnostics) -> Value:
        text = node.value
        if ctx is None or ctx.literal_only:
            return Value.string(text)
        if "${" not in text and "%{" not in text:
            # Literal text alone: its template (parsed where it would start a file,
            # once per document for a short one) is a run of literal parts, whose
            # value is known here; it gives no diagnostic unless the result is too
            # long, so its positions are never asked for. The budget is charged as
            # the evaluator charges a template (see native/_evaluate.py's _run and
            # _template): the parts, then one for each part's value, then the result.
            literals = self._source.literal_templates
            if text in literals:
                literal = literals[text]
            else:
                literal = _literal_template(text, self._source.filename)
                if len(text) <= _KEPT_LITERAL:
                    literals[text] = literal
            if literal is not None:
                value, parts, length = literal
                if length <= ctx.limits.max_string_length:
                    budget = BUDGET.get()
                    assert budget is not None  # value() opens one
                    budget.charge(STEPS_PER_TEMPLATE_PART * parts)
                    for _ in range(parts):
                        budget.charge(1)
                    budget.charge(1 + length // CHARACTERS_PER_UNIT)
                    return value
        template, parse_diags, positions = self._template(node)
        diags.extend(parse_diags)
        if template is None:
            return DYNAMIC_VALUE
        value, eval_diags = template.value(ctx)
        diags.extend(positions.remap_diagnostics(eval_diags))
        return value

    def _template(
        self, node: StringNode
    ) -> tuple[Expression | None, Diagnostics, _StringPositions]:
        """The string parsed as a native template (None if it has errors), with its diagnostics."""
        positions = _StringPositions(self._source, node)
        template, diags = parse_template(node.value, self._source.filename, start=positions.start)
        diags = positions.remap_diagnostics(diags)
        return (None if diags.has_errors() else template), diags, positions

    # ------------------------------------------------------------------ variables

    def variables(self) -> list[Traversal]:
        """The traversals of the templates in every string of the value, keys included."""
        found: list[Traversal] = []
        for string in _strings(self._node):
            template, _diags, positions = self._template(string)
            if template is not None:
                found += [positions.remap_traversal(t) for t in template.variables()]
        return found

    # ------------------------------------------------------------------ static analysis

    def static_list(self) -> list[Expression] | None:
        node = self._node
        if not isinstance(node, ArrayNode):
            return None
        return [JsonExpression(self._source, element) for element in node.elements]

    def static_map(self) -> list[tuple[Expression, Expression]] | None:
        node = self._node
        if not isinstance(node, ObjectNode):
            return None
        return [
            (JsonExpression(self._source, p.name_node()), JsonExpression(self._source, p.value))
            for p in node.properties
        ]

    def _native(self, analyse: Callable[[Expression], tuple[object, Diagnostics]]) -> object:
        """The result of ``analyse`` on the string's content parsed as a native expression."""
        node = self._node
        if not isinstance(node, StringNode):
            return None
        positions = _StringPositions(self._source, node)
        expr, diags = parse_expression(node.value, self._source.filename, start=positions.start)
        if diags.has_errors():
            return None
        result, diags = analyse(expr)
        if diags.has_errors() or result is None:
            return None
        if isinstance(result, Traversal):
            return positions.remap_traversal(result)
        if isinstance(result, StaticCall):
            return attrs.evolve(
                result,
                name_range=positions.remap(result.name_range),
                args_range=positions.remap(result.args_range),
            )
        return result

    def static_call(self) -> StaticCall | None:
        call = self._native(expr_call)
        return call if isinstance(call, StaticCall) else None

    def static_traversal(self) -> Traversal | None:
        traversal = self._native(abs_traversal_for_expr)
        return traversal if isinstance(traversal, Traversal) else None


class _Frame:
    """An object or array being evaluated: the values of its children so far.

    For an object, ``keys`` holds each property's key value (``None`` once
    it proved unusable) and ``seen`` the property that defined each key.
    """

    __slots__ = ("container", "keys", "seen", "values")

    def __init__(self, container: ObjectNode | ArrayNode) -> None:
        self.container = container
        self.values: list[Value] = []
        self.keys: list[Value | None] = []
        self.seen: dict[str, Property] = {}

    def add(
        self, value: Value, expr: JsonExpression, ctx: EvalContext | None, diags: Diagnostics
    ) -> None:
        """Record the value of the next child; for an object, check its key.

        A key that is not a string, is null, or repeats an earlier one is
        reported and left out of the object; an unknown key makes the whole
        object unknown.
        """
        self.values.append(value)
        container = self.container
        if not isinstance(container, ObjectNode):
            return
        index = len(self.values) - 1
        prop = container.properties[index]
        source = expr.source
        name_range = source.range(prop.name_start, prop.name_end)
        value_expr = JsonExpression(source, prop.value)
        key = self.keys[index]
        assert key is not None
        detail = None
        try:
            key = convert(key, STRING)
        except ConversionError as e:
            detail = f"Cannot use this expression as an object key: {e.message}."
        else:
            if key.is_null:
                detail = "Cannot use null value as an object key."
        if detail is not None:
            self.keys[index] = None
            diags.append(
                Diagnostic.error(
                    "Invalid object key expression",
                    detail,
                    name_range,
                    expression=value_expr,
                    eval_context=ctx,
                )
            )
            return
        self.keys[index] = key
        if not key.is_known:
            return
        name = key.unmark()[0].as_str()
        earlier = self.seen.get(name)
        if earlier is None:
            self.seen[name] = prop
            return
        self.keys[index] = None
        where = source.range(earlier.name_start, earlier.name_end)
        diags.append(
            Diagnostic.error(
                "Duplicate object attribute",
                f"An attribute named {go_quote(name)} was already defined at {where}.",
                name_range,
                expression=expr,
                eval_context=ctx,
            )
        )

    def result(self) -> Value:
        """The tuple or object of the values (an unknown object when a key is unknown)."""
        if not isinstance(self.container, ObjectNode):
            return Value.tuple(self.values)
        attributes: dict[str, Value] = {}
        marks = []  # a marked key marks the object, as in the native syntax
        for key, value in zip(self.keys, self.values, strict=True):
            if key is None:
                continue
            if not key.is_known:
                return DYNAMIC_VALUE
            plain, key_marks = key.unmark()
            marks.append(key_marks)
            attributes[plain.as_str()] = value
        return Value.object(attributes).with_marks(*marks)


def _strings(node: Node) -> list[StringNode]:
    """Every string in the value, object keys included, in source order."""
    found: list[StringNode] = []
    stack: list[Node | Property] = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, Property):
            found.append(item.name_node())
            stack.append(item.value)
        elif isinstance(item, StringNode):
            found.append(item)
        elif isinstance(item, ObjectNode):
            stack.extend(reversed(item.properties))
        elif isinstance(item, ArrayNode):
            stack.extend(reversed(item.elements))
    return found


# --------------------------------------------------------------------------- as text again


def json_expression_text(expr: JsonExpression) -> str:
    """The JSON value of ``expr`` as compact JSON text, as Go writes it (the form of
    values in written files), keeping what was written: strings
    keep their template text, numbers their digits, objects their order (and their
    repeated names)."""
    return _json_text(expr._node)


def _json_text(node: Node) -> str:
    if isinstance(node, StringNode):
        return go_json_text(node.value)
    if isinstance(node, NumberNode):
        return node.text
    if isinstance(node, BoolNode):
        return "true" if node.value else "false"
    if isinstance(node, NullNode):
        return "null"
    if isinstance(node, ArrayNode):
        return "[" + ",".join(_json_text(e) for e in node.elements) + "]"
    if isinstance(node, ObjectNode):
        members = (f"{go_json_text(p.name)}:{_json_text(p.value)}" for p in node.properties)
        return "{" + ",".join(members) + "}"
    raise ValueError("an invalid JSON value cannot be written")


def json_may_be_block(expr: JsonExpression) -> bool:
    """Whether ``expr`` is an object or an array of objects, which a JSON-syntax body
    without a schema may mean as blocks as well as an attribute's value."""
    node = expr._node
    if isinstance(node, ArrayNode):
        return bool(node.elements) and all(isinstance(e, ObjectNode) for e in node.elements)
    return isinstance(node, ObjectNode)


def json_native_text(expr: JsonExpression) -> str:
    """The native-syntax text of the expression ``expr`` means when read with an
    evaluation context (its strings as templates): a string that is one
    interpolation as the interpolated expression (``"${var.a}"`` is ``var.a``),
    other strings as quoted templates, numbers, ``true``, ``false`` and ``null`` as
    they are, arrays and objects by their elements.

    Raises:
        ValueError: A string is not a valid template (the message gives its range).
    """
    return _native(expr._node, expr._source)


def _template(node: StringNode, source: Source, text: str) -> NativeNode:
    template, diags = parse_template(text, source.filename)
    if diags.has_errors():
        where = source.range(node.start, node.end)
        raise ValueError(
            f"{where}: the JSON string {go_json_text(text)} is not a valid template "
            f"({diags[0].summary}), so it has no native-syntax form"
        )
    return template


def _native(node: Node, source: Source) -> str:
    if isinstance(node, StringNode):
        template = _template(node, source, node.value)
        if isinstance(template, TemplateWrap):
            return interpolated_text(template.wrapped)
        return '"' + template_source(template, quoted=True) + '"'
    if isinstance(node, ArrayNode):
        return "[" + ", ".join(_element(e, source) for e in node.elements) + "]"
    if isinstance(node, ObjectNode):
        lines = (f"{_key(p, source)} = {_element(p.value, source)}\n" for p in node.properties)
        return "{\n" + "".join(lines) + "}"
    return _json_text(node)


def _element(node: Node, source: Source) -> str:
    text = _native(node, source)
    return text + "\n" if text.startswith("<<") and not text.endswith("\n") else text


def _key(prop: Property, source: Source) -> str:
    """An object's property name as a native object key: an identifier as it is, a
    name that is one interpolation in parentheses, another as a quoted template."""
    template = _template(prop.name_node(), source, prop.name)
    if isinstance(template, TemplateWrap):
        return "(" + interpolated_text(template.wrapped) + ")"
    if isinstance(template, NativeTemplate) and template.is_string_literal():
        literal = template.parts[0]
        assert isinstance(literal, NativeLiteral)
        if isinstance(literal.raw, str) and is_identifier(literal.raw) and literal.raw != "for":
            return literal.raw
    return '"' + template_source(template, quoted=True) + '"'
