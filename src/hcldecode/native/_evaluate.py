"""Evaluation of native-syntax expressions.

:func:`evaluate` gives the value of an expression node of
:mod:`hcldecode.native` in an evaluation context, with the diagnostics
of the reference implementation (``hclsyntax`` of HCL v2): the same
summaries, details and ranges, the same rules for unknown values (an unknown
input makes the result, or the affected part of it, unknown) and the same
placeholder results after errors.

Expressions nest arbitrarily deep, so the evaluator does not recurse on the
Python stack. Each node kind has an evaluator; leaves are plain functions,
and nodes with children are generators that *yield* ``(child, context)``
requests and receive the child's value back. :func:`_run` drives them with
an explicit stack, so the depth of an expression only costs heap memory.
Left-nested chains of binary operators (``a + b + c + ...``, which the
parser builds one level per operator) are folded in a loop by one evaluator
instead of one generator per level.

All evaluators append their diagnostics to one list shared by the whole
evaluation; an evaluator that must drop or reorder the diagnostics of some
children (a conditional keeps only those of the selected result, ``&&`` and
``||`` those of the deciding operand) works on the slice its children added.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Generator, Hashable, Iterator
from typing import Any, NamedTuple, TypeAlias

import attrs

from .._text import go_quote, suggest
from ..model import _ops as ops
from ..model._call import evaluate_call
from ..model._closure import EXPRESSION, EXPRESSION_CLOSURE
from ..model._context import EvalContext, too_costly
from ..model._diagnostics import (
    FIRST_REPEAT_CHECK,
    REPEATED_ERRORS,
    Diagnostic,
    Diagnostics,
    Range,
    bound_repeats,
    drop_repeats,
)
from ..model._structure import Expression
from ..model._traversal import Traversal
from ..values._convert import Conversion, ConversionError, convert, get_conversion, unify_unsafe
from ..values._errors import raw_text
from ..values._limits import (
    BITS_PER_UNIT,
    BUDGET,
    CHARACTERS_PER_UNIT,
    DEFAULT_LIMITS,
    Budget,
    BudgetExhausted,
    Limits,
    charge,
)
from ..values._refinement import prefix_before_split
from ..values._sensitive import REDACTED
from ..values._types import (
    BOOL,
    DYNAMIC,
    NUMBER,
    STRING,
    CollectionType,
    ListType,
    ObjectType,
    SetType,
    TupleType,
    Type,
)
from ..values._value import (
    DYNAMIC_VALUE,
    EMPTY_TUPLE_VALUE,
    FALSE,
    SENSITIVE,
    SMALL_INTEGERS,
    TRUE,
    OperationError,
    Value,
)
from . import _ast as ast

__all__ = ["evaluate"]

_Ctx: TypeAlias = "EvalContext | None"
_Request: TypeAlias = "tuple[ast.Node, EvalContext | None]"
_Gen: TypeAlias = "Generator[_Request, Value, Value]"

_UNKNOWN_STRING = Value.unknown(STRING)
_UNKNOWN_NUMBER = Value.unknown(NUMBER)
_UNKNOWN_BOOL = Value.unknown(BOOL)
_UNKNOWN_STRING_NOT_NULL = _UNKNOWN_STRING.refine_not_null()
_UNKNOWN_NUMBER_NOT_NULL = _UNKNOWN_NUMBER.refine_not_null()
_UNKNOWN_BOOL_NOT_NULL = _UNKNOWN_BOOL.refine_not_null()
# What the budget is charged (see values.Limits) for each iteration of a ``for``
# expression or a splat, for each operator applied, and for each part of a
# template converted to a string: each takes about as long as evaluating that
# many parts of an expression (measured by benchmarks/steps.py).
STEPS_PER_ITERATION = 2
STEPS_PER_OPERATOR = 5
STEPS_PER_TEMPLATE_PART = 1
# The longest known start of a template result kept as a refinement (HCL's limit).
_MAX_PREFIX_BYTES = 128


def evaluate(node: ast.Node, ctx: EvalContext | None) -> tuple[Value, Diagnostics]:
    """The value of ``node`` in ``ctx`` (``None`` for literal-only mode), with its diagnostics.

    On errors the value is a placeholder, as in the reference: usually the
    unknown value of the type the expression would have had, or the
    unknown value of the dynamic pseudo-type. The context's
    :class:`~hcldecode.values.Limits` bound the evaluation; it is charged to
    the budget of the evaluation running (a decoder's call, or a function
    call evaluating its arguments), or to a budget of its own.
    """
    diags = Diagnostics()
    limits = ctx.limits if ctx is not None else DEFAULT_LIMITS
    budget = BUDGET.get()
    leaf = _LEAVES.get(type(node))
    if leaf is not None and budget is None:  # a reference or a literal: nothing to share
        value = leaf(node, ctx, diags)
        kind = type(value.payload)
        if (value.deep_count if kind is tuple or kind is dict else 1) > limits.max_cost:
            diags.append(too_costly(BudgetExhausted(Budget(limits)), node, ctx))
            value = DYNAMIC_VALUE
    elif budget is not None:
        try:
            value = _run(node, ctx, diags, limits, budget)
        except BudgetExhausted as stop:
            stop.where, stop.ctx = node, ctx  # the outermost expression wins
            raise
    else:
        budget = Budget(limits)
        token = BUDGET.set(budget)
        try:
            value = _run(node, ctx, diags, limits, budget)
        except BudgetExhausted as stop:
            diags.append(too_costly(stop, node, ctx))
            value = DYNAMIC_VALUE
        finally:
            BUDGET.reset(token)
    if len(diags) > REPEATED_ERRORS:  # the range is built only when it is needed
        diags = drop_repeats(diags, node.range)
    return value, diags


# --------------------------------------------------------------------------- the driver


def _run(root: ast.Node, ctx: _Ctx, diags: Diagnostics, limits: Limits, budget: Budget) -> Value:
    """Evaluate ``root`` without Python recursion, appending diagnostics to ``diags``.

    Every result is checked against ``limits`` as it is handed up: a string
    or integer too large becomes unknown with an error at the node that made
    it. Each node and each value handed up is charged to ``budget`` (one per
    node, plus the :attr:`~Value.deep_count` of each collection, and the
    size of strings and integers), which raises
    :class:`~hcldecode.values.BudgetExhausted` when it runs out.
    """
    stack: list[_Gen] = []
    makers: list[ast.Node] = []  # the node of each generator on the stack
    node, node_ctx = root, ctx
    compact_at = FIRST_REPEAT_CHECK
    max_length = limits.max_string_length
    max_bits = limits.max_integer_bits
    limit = budget.limit
    try:
        while True:
            if len(diags) >= compact_at:
                compact_at = bound_repeats(diags)
            while isinstance(node, (ast.Parens, ast.TemplateWrap)):
                node = node.inner if isinstance(node, ast.Parens) else node.wrapped
            leaf = _LEAVES.get(type(node))
            if leaf is not None:  # a literal or a variable: built by the file or the application
                result = leaf(node, node_ctx, diags)
                kind = type(result.payload)
                budget.spent += result.deep_count if kind is tuple or kind is dict else 1
                if budget.spent > limit:
                    raise BudgetExhausted(budget)
                built = False
            else:
                gen = _BRANCHES[type(node)](node, node_ctx, diags)
                try:
                    child = next(gen)
                except StopIteration as done:
                    result = done.value
                else:
                    stack.append(gen)
                    makers.append(node)
                    node, node_ctx = child
                    continue
                built = True
            # Hand the result up until some evaluator asks for another child.
            while True:
                if built:
                    payload: Any = result.payload
                    kind = type(payload)
                    if kind is str:
                        length = len(payload)
                        if length > max_length:
                            diags.append(_too_large(node, node_ctx, result, limits))
                            result = _UNKNOWN_STRING
                            length = 0
                        budget.spent += 1 + length // CHARACTERS_PER_UNIT
                    elif kind is tuple or kind is dict:
                        budget.spent += result.deep_count
                    elif kind is int:
                        bits = payload.bit_length()
                        if bits > max_bits:
                            diags.append(_too_large(node, node_ctx, result, limits))
                            result = _UNKNOWN_NUMBER
                            bits = 0
                        budget.spent += 1 + bits // BITS_PER_UNIT
                    else:
                        budget.spent += 1
                    if budget.spent > limit:
                        raise BudgetExhausted(budget)
                built = True
                if not stack:
                    return result
                try:
                    child = stack[-1].send(result)
                except StopIteration as done:
                    stack.pop()
                    node = makers.pop()
                    result = done.value
                else:
                    node, node_ctx = child
                    break
    except BudgetExhausted:
        for gen in reversed(stack):  # their clean-up (a splat's slot) runs now
            gen.close()
        raise


def _too_large(node: ast.Node, ctx: _Ctx, result: Value, limits: Limits) -> Diagnostic:
    payload = result.payload
    if isinstance(payload, str):
        summary = "String too long"
        detail = (
            f"The result is a string of {len(payload)} characters, more than the "
            f"{limits.max_string_length} that hcldecode allows for one string."
        )
    else:
        assert isinstance(payload, int)
        summary = "Number too large"
        detail = (
            f"The result is an integer of {payload.bit_length()} binary digits, more than "
            f"the {limits.max_integer_bits} that hcldecode allows for one number."
        )
    return Diagnostic.error(summary, detail, node.range, expression=node, eval_context=ctx)


def _has_errors(diags: Diagnostics, start: int) -> bool:
    """Whether the diagnostics from index ``start`` on include an error."""
    return any(diags[i].is_error for i in range(start, len(diags)))


def _attach(found: Diagnostics, expr: ast.Node, ctx: _Ctx, diags: Diagnostics) -> None:
    """Append ``found`` to ``diags``, naming ``expr`` and ``ctx`` where no expression is named."""
    diags.extend(
        attrs.evolve(diag, expression=expr, eval_context=ctx) if diag.expression is None else diag
        for diag in found
    )


def _child_context(ctx: _Ctx, variables: dict[str, Value] | None = None) -> EvalContext:
    """A new scope below ``ctx`` (a literal-only context has nothing to inherit)."""
    if ctx is None:
        return EvalContext(variables)
    return EvalContext(variables, None, None if ctx.literal_only else ctx, limits=ctx.limits)


def _part_error(
    summary: str, detail: str, part: ast.Node, whole: ast.Node | None, ctx: _Ctx
) -> Diagnostic:
    """An error about ``part`` (subject and expression) of the expression ``whole`` (context).

    ``whole`` is ``None`` for an error about a whole expression (no context).
    """
    return Diagnostic.error(
        summary,
        detail,
        part.range,
        None if whole is None else whole.range,
        expression=part,
        eval_context=ctx,
    )


# --------------------------------------------------------------------------- leaves


def _remarked(value: Value, *marks: frozenset[Hashable]) -> Value:
    """``value`` with the ``marks`` added (itself when they are all empty)."""
    for found in marks:
        if found:
            return value.with_marks(*marks)
    return value


def _literal(node: ast.LiteralValue, ctx: _Ctx, diags: Diagnostics) -> Value:
    return node.literal_value()


def _scope_traversal(node: ast.ScopeTraversal, ctx: _Ctx, diags: Diagnostics) -> Value:
    value, found = node.traversal.traverse_abs(ctx)
    _attach(found, node, ctx, diags)
    return value


def _anon_symbol(node: ast.AnonSymbol, ctx: _Ctx, diags: Diagnostics) -> Value:
    # The splat being evaluated stores the current element under the id of
    # the scope it evaluates its "each" expression in.
    if ctx is None:
        return DYNAMIC_VALUE
    return node.slots.get(id(ctx), DYNAMIC_VALUE)


def _error_expr(node: ast.ErrorExpr, ctx: _Ctx, diags: Diagnostics) -> Value:
    diags.extend(node.diagnostics)
    return DYNAMIC_VALUE


# --------------------------------------------------------------------------- traversals


def _relative_traversal(node: ast.RelativeTraversal, ctx: _Ctx, diags: Diagnostics) -> _Gen:
    source = yield node.source_expr, ctx
    value, found = node.traversal.traverse_rel(source)
    _attach(found, node, ctx, diags)
    return value


def _index(node: ast.Index, ctx: _Ctx, diags: Diagnostics) -> _Gen:
    collection = yield node.collection, ctx
    key = yield node.key, ctx
    value, found = ops.index(collection, key, node.bracket_range)
    _attach(found, node, ctx, diags)
    return value


# --------------------------------------------------------------------------- collections


def _tuple_cons(node: ast.TupleCons, ctx: _Ctx, diags: Diagnostics) -> _Gen:
    elements = []
    for item in node.items:
        elements.append((yield item, ctx))
    return Value.tuple(elements)


def _object_key(node: ast.ObjectKey, ctx: _Ctx, diags: Diagnostics) -> _Gen:
    if not node.force_non_literal:
        wrapped = node.wrapped
        if isinstance(wrapped, ast.ScopeTraversal) and wrapped.steps:
            diags.append(
                Diagnostic.error(
                    "Ambiguous attribute key",
                    "If this expression is intended to be a reference, wrap it in "
                    "parentheses. If it's instead intended as a literal name containing "
                    "periods, wrap it in quotes to create a string literal.",
                    node.range,
                )
            )
            return DYNAMIC_VALUE
        name = node.literal_name()
        if name is not None:
            return Value.string(name)
    return (yield node.wrapped, ctx)


def _object_cons(node: ast.ObjectCons, ctx: _Ctx, diags: Diagnostics) -> _Gen:
    attributes: dict[str, Value] = {}
    key_marks: list[frozenset[Hashable]] = []  # marked keys mark the object
    known = True  # false once some key cannot be had: the attribute names are unknown
    for item in node.items:
        mark = len(diags)
        key = yield item.key, ctx
        key_failed = _has_errors(diags, mark)
        value = yield item.value, ctx
        if key_failed:
            known = False
            continue
        if key.is_null:
            diags.append(
                Diagnostic.error(
                    "Null value as key",
                    "Can't use a null value as a key.",
                    item.value.range,
                    expression=item.key,
                    eval_context=ctx,
                )
            )
            known = False
            continue
        if key._marks:
            key, marks = key.unmark()
            key_marks.append(marks)
        try:
            key = convert(key, STRING)
        except ConversionError as error:
            diags.append(
                Diagnostic.error(
                    "Incorrect key type",
                    f"Can't use this value as a key: {raw_text(error)}.",
                    item.key.range,
                    expression=item.key,
                    eval_context=ctx,
                )
            )
            known = False
            continue
        if not key.is_known:
            known = False
            continue
        attributes[key.as_str()] = value  # a repeated key silently replaces the earlier one
    if not known:
        return DYNAMIC_VALUE
    return _remarked(Value.object(attributes), *key_marks)


# --------------------------------------------------------------------------- for expressions


def _iteration(collection: Value) -> Iterator[tuple[Value, Value]]:
    """The (key, value) pairs a ``for`` expression visits, in the reference's order.

    Sequences give their indexes, maps and objects their keys in
    lexicographic order, sets each element as its own key.
    """
    t = collection.type
    if isinstance(t, (ListType, TupleType)):
        shared = len(SMALL_INTEGERS)
        for i, element in enumerate(collection.elements()):
            yield SMALL_INTEGERS[i] if i < shared else Value.number(i), element
    elif isinstance(t, SetType):
        for element in collection.elements():
            yield element, element
    else:
        for name, element in collection.items():
            yield Value.string(name), element


def _for_expr(node: ast.ForExpr, ctx: _Ctx, diags: Diagnostics) -> _Gen:
    collection = yield node.collection, ctx
    if collection.is_null:
        diags.append(
            _part_error(
                "Iteration over null value",
                "A null value cannot be used as the collection in a 'for' expression.",
                node.collection,
                node,
                ctx,
            )
        )
        return DYNAMIC_VALUE
    t = collection.type
    if t == DYNAMIC:
        return DYNAMIC_VALUE
    # The marks of the collection, of the conditions and of the keys mark the result.
    marks: list[frozenset[Hashable]] = []
    if collection._marks:
        marks.append(collection._marks)
        collection = collection.unmark()[0]
    if not isinstance(t, (CollectionType, ObjectType, TupleType)):
        diags.append(
            _part_error(
                "Iteration over non-iterable value",
                f"A value of type {t.friendly_name()} cannot be used as the collection "
                "in a 'for' expression.",
                node.collection,
                node,
                ctx,
            )
        )
        return DYNAMIC_VALUE

    def scope(key: Value, value: Value) -> EvalContext:
        names = {} if node.key_var is None else {node.key_var: key}
        names[node.value_var] = value  # the value wins when both have one name
        return _child_context(ctx, names)

    cond = node.cond
    if cond is not None:
        # An early check with placeholder variables catches a condition of
        # the wrong type once rather than for every element.
        mark = len(diags)
        result = yield cond, scope(DYNAMIC_VALUE, DYNAMIC_VALUE)
        if result.is_null:
            diags.append(
                _part_error(
                    "Condition is null",
                    "The value of the 'if' clause must not be null.",
                    cond,
                    node,
                    ctx,
                )
            )
            return DYNAMIC_VALUE
        cond_marks = result._marks
        try:
            convert(result, BOOL)
        except ConversionError as error:
            diags.append(_condition_error(node, cond, ctx, error))
            return DYNAMIC_VALUE
        if _has_errors(diags, mark):
            return DYNAMIC_VALUE
    else:
        cond_marks = frozenset()
    # Checked after the condition (HCL v2.23 and later), so a wrong condition
    # is reported even while the collection is unknown.
    if not collection.is_known:
        return DYNAMIC_VALUE.with_marks(*marks, cond_marks)

    producing_object = node.key_expr is not None
    elements: list[Value] = []
    attributes: dict[str, Value] = {}
    groups: dict[str, list[Value]] = {}
    known = True  # false once an element's inclusion or key is unknown or failed
    budget = BUDGET.get()
    for key, value in _iteration(collection):
        if budget is not None:  # a scope made and its variables bound
            budget.charge(STEPS_PER_ITERATION)
        child = scope(key, value)
        if cond is not None:
            include = yield cond, child
            if include.is_null:
                if known:
                    diags.append(
                        _part_error(
                            "Invalid 'for' condition",
                            "The value of the 'if' clause must not be null.",
                            cond,
                            node,
                            child,
                        )
                    )
                known = False
                continue
            if include._marks:
                marks.append(include._marks)
                include = include.unmark()[0]
            # The reference checks for unknown before the conversion when
            # producing a tuple, and after it when producing an object.
            if not producing_object and not include.is_known:
                known = False
                continue
            try:
                include = convert(include, BOOL)
            except ConversionError as error:
                if known:
                    diags.append(_condition_error(node, cond, child, error))
                known = False
                continue
            if not include.is_known:
                known = False
                continue
            if not include.as_bool():
                continue

        if node.key_expr is None:
            elements.append((yield node.value_expr, child))
            continue

        key_expr = node.key_expr
        raw_key = yield key_expr, child
        if raw_key.is_null:
            if known:
                diags.append(
                    _part_error(
                        "Invalid object key",
                        "Key expression in 'for' expression must not produce a null value.",
                        key_expr,
                        node,
                        child,
                    )
                )
            known = False
            continue
        secret_key = False
        if raw_key._marks:
            marks.append(raw_key._marks)
            secret_key = SENSITIVE in raw_key._marks
            raw_key = raw_key.unmark()[0]
        if not raw_key.is_known:
            known = False
            continue
        try:
            name = convert(raw_key, STRING).as_str()
        except ConversionError as error:
            if known:
                diags.append(
                    _part_error(
                        "Invalid object key",
                        f"The key expression produced an invalid result: {raw_text(error)}.",
                        key_expr,
                        node,
                        child,
                    )
                )
            known = False
            continue
        item = yield node.value_expr, child
        if node.group:
            groups.setdefault(name, []).append(item)
        elif name in attributes:
            diags.append(
                _part_error(
                    "Duplicate object key",
                    "Two different items produced the key "
                    f"{REDACTED if secret_key else go_quote(name)} in this 'for' "
                    "expression. If duplicates are expected, use the ellipsis (...) after "
                    "the value expression to enable grouping by key.",
                    key_expr,
                    node,
                    child,
                )
            )
        else:
            attributes[name] = item

    if not known:
        return _remarked(DYNAMIC_VALUE, *marks)
    if not producing_object:
        return _remarked(Value.tuple(elements), *marks)
    if node.group:
        grouped = {name: Value.tuple(items) for name, items in groups.items()}
        return _remarked(Value.object(grouped), *marks)
    return _remarked(Value.object(attributes), *marks)


def _condition_error(
    node: ast.ForExpr, cond: ast.Node, ctx: _Ctx, error: ConversionError
) -> Diagnostic:
    return _part_error(
        "Invalid 'for' condition", f"The 'if' clause value is invalid: {error}.", cond, node, ctx
    )


# --------------------------------------------------------------------------- splat


def _splat(node: ast.Splat, ctx: _Ctx, diags: Diagnostics) -> _Gen:
    mark = len(diags)
    source = yield node.source_expr, ctx
    if _has_errors(diags, mark):
        return DYNAMIC_VALUE
    t = source.type
    sequence = isinstance(t, (ListType, SetType, TupleType))
    if source.is_null:
        if not sequence:
            return EMPTY_TUPLE_VALUE.with_same_marks(source)
        diags.append(
            Diagnostic.error(
                "Splat of null value",
                "Splat expressions (with the * symbol) cannot be applied to null sequences.",
                node.source_expr.range,
                node.source_expr.range.cover(node.marker_range),
                expression=node.source_expr,
                eval_context=ctx,
            )
        )
        return DYNAMIC_VALUE
    if t == DYNAMIC:
        return DYNAMIC_VALUE.with_same_marks(source)
    upgraded_unknown = False
    if not sequence:
        # Any other value is taken as a one-element tuple. An unknown one
        # that might turn out null (no elements) makes the result unknown,
        # but the "each" expression is still applied to find its errors.
        upgraded_unknown = not source.is_known and source.range().could_be_null
        source = Value.tuple([source]).with_same_marks(source)
        t = source.type

    scope = _child_context(ctx)
    slot = id(scope)
    try:
        if not source.is_known:
            # Unknown, but not null; a list as long as the source collection.
            result_type = yield from _splat_result_type(node, t, scope, slot)
            result = Value.unknown(result_type)
            if result_type == DYNAMIC:
                return result.with_same_marks(source)
            builder = result.refine().not_null()
            if isinstance(result_type, ListType) and isinstance(t, CollectionType):
                source_range = source.range()
                builder.collection_length_lower_bound(source_range.length_lower_bound)
                builder.collection_length_upper_bound(source_range.length_upper_bound)
            return builder.new_value().with_same_marks(source)
        marks = source._marks
        if marks:
            source = source.unmark()[0]
        results = []
        all_known = True
        budget = BUDGET.get()
        for element in source.elements():
            if budget is not None:
                budget.charge(STEPS_PER_ITERATION)
            node.item.slots[slot] = element
            mark = len(diags)
            results.append((yield node.each, scope))
            if _has_errors(diags, mark):
                all_known = False
        if upgraded_unknown:
            return _remarked(DYNAMIC_VALUE, marks)
        if not all_known:
            # The element errors are reported already; the type probe would repeat them.
            mark = len(diags)
            result_type = yield from _splat_result_type(node, t, scope, slot)
            del diags[mark:]
            return _remarked(Value.unknown(result_type), marks)
        if isinstance(t, TupleType):
            return _remarked(Value.tuple(results), marks)
        if not results:
            result_type = yield from _splat_result_type(node, t, scope, slot)
            assert isinstance(result_type, ListType)
            return _remarked(Value.list((), result_type.element), marks)
        if len({r.type for r in results} - {DYNAMIC}) > 1:
            diags.append(
                Diagnostic.error(
                    "Invalid nested splat expressions",
                    "The second level of splat expression produced elements of different "
                    "types, so it isn't possible to construct a valid list to represent the "
                    "top-level result.\n\nConsider using a for expression instead, to "
                    "produce a tuple-typed result which can therefore have non-homogenous "
                    "element types.",
                    node.each.range,
                    node.range,
                )
            )
            return DYNAMIC_VALUE
        return _remarked(Value.list(results), marks)
    finally:
        node.item.slots.pop(slot, None)


def _splat_result_type(
    node: ast.Splat, source_type: Type, scope: EvalContext, slot: int
) -> Generator[_Request, Value, Type]:
    """The type a splat over a value of ``source_type`` produces, found with unknown elements."""
    if isinstance(source_type, TupleType):
        types = []
        for element_type in source_type.elements:
            node.item.slots[slot] = Value.unknown(element_type)
            types.append((yield node.each, scope).type)
        return TupleType(types)
    assert isinstance(source_type, (ListType, SetType))
    node.item.slots[slot] = Value.unknown(source_type.element)
    return ListType((yield node.each, scope).type)


# --------------------------------------------------------------------------- function calls


class _Evaluated(Expression):
    """An argument expression already evaluated, standing in for it in :func:`evaluate_call`.

    The arguments are evaluated by the driver (so that nested calls cost no
    Python stack); ``evaluate_call`` then "evaluates" them in the
    reference's order, so the diagnostics of arguments it never evaluates
    (after an unknown function name, a wrong argument count...) are dropped.
    """

    __slots__ = ("diags", "node", "result")

    def __init__(self, node: ast.Node, result: Value, diags: Diagnostics) -> None:
        self.node = node
        self.result = result
        self.diags = diags

    def value(self, ctx: EvalContext | None = None) -> tuple[Value, Diagnostics]:
        return self.result, Diagnostics(self.diags)

    def variables(self) -> list[Traversal]:
        return self.node.variables()

    @property
    def range(self) -> Range:
        return self.node.range

    @property
    def start_range(self) -> Range:
        return self.node.start_range


def _function_call(node: ast.FunctionCall, ctx: _Ctx, diags: Diagnostics) -> _Gen:
    fn = ctx.lookup_function(node.name) if ctx is not None else None
    if fn is None:
        diags.append(_unknown_function(node, ctx))
        return DYNAMIC_VALUE
    arguments: list[Expression] = []
    for index, arg in enumerate(node.args):
        param = fn.param_for(index)
        if param is not None and param.type in (EXPRESSION_CLOSURE, EXPRESSION):
            arguments.append(arg)  # the function receives the expression itself
            continue
        mark = len(diags)
        value = yield arg, ctx
        arguments.append(_Evaluated(arg, value, diags[mark:]))
        del diags[mark:]
    result, found = evaluate_call(
        node.name,
        fn,
        arguments,
        ctx,
        call_range=node.range,
        name_range=node.name_range,
        open_paren_range=node.open_paren_range,
        close_paren_range=node.close_paren_range,
        expand_final=node.expand_final,
        expression=node,
    )
    diags.extend(
        attrs.evolve(diag, expression=diag.expression.node)
        if isinstance(diag.expression, _Evaluated)
        else diag
        for diag in found
    )
    return result


def _unknown_function(node: ast.FunctionCall, ctx: _Ctx) -> Diagnostic:
    """The diagnostic for a call of a function that the context does not have."""
    if ctx is None or not ctx.has_functions:
        return _part_error(
            "Function calls not allowed",
            "Functions may not be called here.",
            node,
            None,
            ctx,
        )
    name = node.name
    available = ctx.function_names()
    separator = name.rfind("::")
    if separator < 0:
        detail = f"There is no function named {go_quote(name)}."
        suggestion = suggest(name, available)
        if suggestion is not None:
            detail += f" Did you mean {go_quote(suggestion)}?"
    else:
        # Report a misspelled namespace apart from a misspelled name in it.
        namespace, short = name[: separator + 2], name[separator + 2 :]
        in_namespace = [
            candidate[len(namespace) :]
            for candidate in available
            if candidate.startswith(namespace)
        ]
        if not in_namespace:
            detail = f"There are no functions in namespace {go_quote(namespace)}."
        else:
            detail = f"There is no function named {go_quote(short)} in namespace {namespace}."
            suggestion = suggest(short, in_namespace)
            if suggestion is not None:
                detail += f" Did you mean {namespace}{suggestion}?"
    return Diagnostic.error(
        "Call to unknown function",
        detail,
        node.name_range,
        node.range,
        expression=node,
        eval_context=ctx,
    )


# --------------------------------------------------------------------------- conditional


def _conditional(node: ast.Conditional, ctx: _Ctx, diags: Diagnostics) -> _Gen:
    start = len(diags)
    true_value = yield node.true_result, ctx
    middle = len(diags)
    false_value = yield node.false_result, ctx
    true_diags, false_diags = diags[start:middle], diags[middle:]
    del diags[start:]

    # A literal null arm takes the other arm's type; an arm of unknown type
    # leaves the result type unknown; otherwise the two types are unified.
    result_type: Type | None
    conversions: list[Conversion | None] = [None, None]
    if _is_dynamic_null(true_value):
        result_type = false_value.type
        conversions[0] = get_conversion(DYNAMIC, result_type, safe=False)
    elif _is_dynamic_null(false_value):
        result_type = true_value.type
        conversions[1] = get_conversion(DYNAMIC, result_type, safe=False)
    elif DYNAMIC in (true_value.type, false_value.type):
        result_type = DYNAMIC
    else:
        result_type, conversions = unify_unsafe([true_value.type, false_value.type])
    if result_type is None:
        diags.append(
            Diagnostic.error(
                "Inconsistent conditional result types",
                "The true and false result expressions must have consistent types. "
                f"{_describe_mismatch(true_value.type, false_value.type)}.",
                node.true_result.range.cover(node.false_result.range),
                node.range,
                expression=node,
                eval_context=ctx,
            )
        )
        return DYNAMIC_VALUE

    condition = yield node.condition, ctx
    if condition.is_null:
        diags.append(
            _part_error(
                "Null condition",
                "The condition value is null. Conditions must either be true or false.",
                node.condition,
                node,
                ctx,
            )
        )
        return Value.unknown(result_type)
    # The marks of the condition and of both results mark the result (HCL v2.24).
    marks: tuple[frozenset[Hashable], ...] = ()
    if condition._marks or true_value._marks or false_value._marks:
        condition, condition_marks = condition.unmark()
        true_value, true_marks = true_value.unmark()
        false_value, false_marks = false_value.unmark()
        marks = (condition_marks, true_marks, false_marks)
    if not condition.is_known:
        return _remarked(_either(true_value, false_value, result_type), *marks)
    try:
        condition = convert(condition, BOOL)
    except ConversionError:
        diags.append(
            _part_error(
                "Incorrect condition type",
                "The condition expression must be of type bool.",
                node.condition,
                node,
                ctx,
            )
        )
        return Value.unknown(result_type)

    if condition.as_bool():
        chosen, arm, which = true_value, node.true_result, "true"
        chosen_diags, conversion = true_diags, conversions[0]
    else:
        chosen, arm, which = false_value, node.false_result, "false"
        chosen_diags, conversion = false_diags, conversions[1]
    diags.extend(chosen_diags)
    if conversion is None:
        return _remarked(chosen, *marks)
    try:
        return _remarked(conversion(chosen), *marks)
    except ConversionError as error:
        diags.append(
            _part_error(
                "Inconsistent conditional result types",
                f"The {which} result value has the wrong type: {error}.",
                arm,
                node,
                ctx,
            )
        )
        return _remarked(Value.unknown(result_type), *marks)


def _either(true_value: Value, false_value: Value, result_type: Type) -> Value:
    """The result of a conditional whose condition is unknown: null when both arms
    are null, else unknown, refined with what both arms' ranges share (HCL v2.17
    and later): not null if neither can be, the wider of their number bounds or
    collection lengths."""
    if true_value.is_null and false_value.is_null:
        return Value.null(result_type)
    true_range, false_range = true_value.range(), false_value.range()
    not_null = true_range.definitely_not_null and false_range.definitely_not_null
    if true_value.type == NUMBER and false_value.type == NUMBER:
        builder = Value.unknown(NUMBER).refine()
        if not_null:
            builder.not_null()
        for lower in (True, False):
            if lower:
                true_bound, true_inclusive = true_range.number_lower_bound()
                false_bound, false_inclusive = false_range.number_lower_bound()
                wider = true_bound.less_than(false_bound)
            else:
                true_bound, true_inclusive = true_range.number_upper_bound()
                false_bound, false_inclusive = false_range.number_upper_bound()
                wider = true_bound.greater_than(false_bound)
            bound, inclusive = false_bound, false_inclusive
            if wider is TRUE:
                bound, inclusive = true_bound, true_inclusive
            elif true_bound.equals(false_bound) is TRUE:
                inclusive = true_inclusive or false_inclusive
            if lower:
                builder.number_lower_bound(bound, inclusive)
            else:
                builder.number_upper_bound(bound, inclusive)
        return builder.new_value()
    if isinstance(true_value.type, CollectionType) and true_value.type == false_value.type:
        builder = Value.unknown(result_type).refine()
        if not_null:
            builder.not_null()
        builder.collection_length_lower_bound(
            min(true_range.length_lower_bound, false_range.length_lower_bound)
        )
        builder.collection_length_upper_bound(
            max(true_range.length_upper_bound, false_range.length_upper_bound)
        )
        return builder.new_value()
    unknown = Value.unknown(result_type)
    return unknown.refine_not_null() if not_null else unknown


def _is_dynamic_null(value: Value) -> bool:
    return value.is_null and value.type == DYNAMIC


def _describe_mismatch(true_type: Type, false_type: Type) -> str:
    """Why two result types cannot be unified, in the reference's words."""
    if isinstance(true_type, ObjectType) and isinstance(false_type, ObjectType):
        for name in true_type.attributes:  # attributes are in lexicographic order
            if name not in false_type.attributes:
                return (
                    f"The 'true' value includes object attribute {go_quote(name)}, "
                    "which is absent in the 'false' value"
                )
            true_attr, false_attr = true_type.attributes[name], false_type.attributes[name]
            if true_attr != false_attr:
                return (
                    f"Type mismatch for object attribute {go_quote(name)}: "
                    f"{_describe_mismatch(true_attr, false_attr)}"
                )
    elif isinstance(true_type, TupleType) and isinstance(false_type, TupleType):
        true_count, false_count = len(true_type.elements), len(false_type.elements)
        if true_count != false_count:
            return (
                f"The 'true' tuple has length {true_count}, "
                f"but the 'false' tuple has length {false_count}"
            )
        for i, (true_elem, false_elem) in enumerate(
            zip(true_type.elements, false_type.elements, strict=True)
        ):
            if true_elem != false_elem:
                return (
                    f"Type mismatch for tuple element {i}: "
                    f"{_describe_mismatch(true_elem, false_elem)}"
                )
    elif (
        isinstance(true_type, CollectionType)
        and type(true_type) is type(false_type)
        and isinstance(false_type, CollectionType)
        and (
            (
                isinstance(true_type.element, ObjectType)
                and isinstance(false_type.element, ObjectType)
            )
            or (
                isinstance(true_type.element, TupleType)
                and isinstance(false_type.element, TupleType)
            )
        )
    ):
        return (
            f"Mismatched {true_type.kind} element types: "
            f"{_describe_mismatch(true_type.element, false_type.element)}"
        )
    true_name, false_name = true_type.friendly_name(), false_type.friendly_name()
    if true_name == false_name:
        return (
            "At least one deeply-nested attribute or element is not compatible across "
            "both the 'true' and the 'false' value"
        )
    return f"The 'true' value is {true_name}, but the 'false' value is {false_name}"


# --------------------------------------------------------------------------- operators

_BinaryImpl: TypeAlias = "Callable[[Value, Value], Value]"

# operator: (operand type, implementation, result type)
_BINARY: dict[ast.Operator, tuple[Type, _BinaryImpl, Type]] = {
    ast.Operator.OR: (BOOL, Value.or_, BOOL),
    ast.Operator.AND: (BOOL, Value.and_, BOOL),
    ast.Operator.EQUAL: (DYNAMIC, Value.equals, BOOL),
    ast.Operator.NOT_EQUAL: (DYNAMIC, Value.not_equals, BOOL),
    ast.Operator.LESS: (NUMBER, Value.less_than, BOOL),
    ast.Operator.GREATER: (NUMBER, Value.greater_than, BOOL),
    ast.Operator.LESS_EQUAL: (NUMBER, Value.less_equal, BOOL),
    ast.Operator.GREATER_EQUAL: (NUMBER, Value.greater_equal, BOOL),
    ast.Operator.ADD: (NUMBER, Value.add, NUMBER),
    ast.Operator.SUBTRACT: (NUMBER, Value.subtract, NUMBER),
    ast.Operator.MULTIPLY: (NUMBER, Value.multiply, NUMBER),
    ast.Operator.DIVIDE: (NUMBER, Value.divide, NUMBER),
    ast.Operator.MODULO: (NUMBER, Value.modulo, NUMBER),
}

# operator: (operand type, implementation)
_UNARY: dict[ast.Operator, tuple[Type, Callable[[Value], Value]]] = {
    ast.Operator.NOT: (BOOL, Value.not_),
    ast.Operator.NEGATE: (NUMBER, Value.negate),
}


class _Operand(NamedTuple):
    """An evaluated operand of a binary operator, whose diagnostics start at ``start``."""

    value: Value
    start: int
    errors: bool


# Operators that, on two integers, give their exact integer result and never fail.
_INTEGER_FOLDS: dict[ast.Operator, Callable[[int, int], int]] = {
    ast.Operator.ADD: operator.add,
    ast.Operator.SUBTRACT: operator.sub,
    ast.Operator.MULTIPLY: operator.mul,
}


def _binary_op(node: ast.BinaryOp, ctx: _Ctx, diags: Diagnostics) -> _Gen:
    # Walk down the left spine of the chain, then fold it bottom-up.
    chain = [node]
    while isinstance(chain[-1].lhs, ast.BinaryOp):
        chain.append(chain[-1].lhs)
    start = len(diags)
    value = yield chain[-1].lhs, ctx
    acc = _Operand(value, start, _has_errors(diags, start))
    # While the result so far is an integer and the operators are integer
    # folds with integer literals, the running integer is kept in ``total``
    # (``acc`` is then stale) and no value is built per operator.
    total: int | None = None
    max_bits = (ctx.limits if ctx is not None else DEFAULT_LIMITS).max_integer_bits
    for op_node in reversed(chain):
        rhs_node = op_node.rhs
        if type(rhs_node) is ast.LiteralValue:
            rhs = rhs_node.literal_value()
            fold = _INTEGER_FOLDS.get(op_node.op)
            if fold is not None and type(rhs.payload) is int and rhs.type == NUMBER:
                if total is None and not acc.errors and _is_integer(acc.value):
                    total = acc.value.as_int()
                if total is not None:
                    total = fold(total, rhs.payload)
                    if total.bit_length() > max_bits:  # checked at each step of a long chain
                        return _number_too_large(op_node, ctx, Value.number(total), diags)
                    continue
            rhs_operand = _Operand(rhs, len(diags), False)
        else:
            rhs_start = len(diags)
            # Operands are mostly leaves: evaluate those here, sparing the driver.
            leaf = _LEAVES.get(type(rhs_node))
            rhs = (yield rhs_node, ctx) if leaf is None else leaf(rhs_node, ctx, diags)
            rhs_operand = _Operand(rhs, rhs_start, _has_errors(diags, rhs_start))
        if total is not None:
            acc = _Operand(Value.number(total), acc.start, False)
            total = None
        charge(STEPS_PER_OPERATOR)  # operands converted, the operation applied
        acc = _apply_binary(op_node, acc, rhs_operand, ctx, diags)
        payload = acc.value.payload
        if type(payload) is int and payload.bit_length() > max_bits:
            return _number_too_large(op_node, ctx, acc.value, diags)
    return acc.value if total is None else Value.number(total)


def _number_too_large(node: ast.Node, ctx: _Ctx, result: Value, diags: Diagnostics) -> Value:
    diags.append(_too_large(node, ctx, result, ctx.limits if ctx is not None else DEFAULT_LIMITS))
    return _UNKNOWN_NUMBER


def _is_integer(value: Value) -> bool:
    """Whether ``value`` is a known, unmarked number that is an integer (held as an ``int``)."""
    return type(value.payload) is int and value.type == NUMBER and not value._marks


def _apply_binary(
    node: ast.BinaryOp, lhs: _Operand, rhs: _Operand, ctx: _Ctx, diags: Diagnostics
) -> _Operand:
    """One operator applied to its operands, whose diagnostics end ``diags``.

    The result is an operand again (its diagnostics starting where the left
    operand's did), for the next operator of a chain.
    """
    param_type, _, result_type = _BINARY[node.op]
    lhs_value = _converted(lhs.value, param_type, node.lhs, "left", node, ctx, diags)
    rhs_value = _converted(rhs.value, param_type, node.rhs, "right", node, ctx, diags)
    if lhs_value is None or rhs_value is None:
        return _Operand(Value.unknown(result_type), lhs.start, True)
    if lhs_value._marks or rhs_value._marks:
        # Applied to the unmarked operands; their marks mark the result.
        lhs_value, lhs_marks = lhs_value.unmark()
        rhs_value, rhs_marks = rhs_value.unmark()
        result = _apply_converted(node, lhs, rhs, lhs_value, rhs_value, ctx, diags)
        return result._replace(value=result.value.with_marks(lhs_marks, rhs_marks))
    return _apply_converted(node, lhs, rhs, lhs_value, rhs_value, ctx, diags)


def _apply_converted(  # noqa: PLR0917 (the operands before and after conversion)
    node: ast.BinaryOp,
    lhs: _Operand,
    rhs: _Operand,
    lhs_value: Value,
    rhs_value: Value,
    ctx: _Ctx,
    diags: Diagnostics,
) -> _Operand:
    """:func:`_apply_binary` once the operands are converted and unmarked."""
    _, impl, result_type = _BINARY[node.op]
    if node.op in (ast.Operator.AND, ast.Operator.OR):
        decided = _short_circuit(node.op, lhs_value, rhs_value, lhs.errors)
        if decided is not None:
            result, keep_left = decided
            if keep_left:
                del diags[rhs.start :]
                return _Operand(result, lhs.start, lhs.errors)
            del diags[lhs.start : rhs.start]
            return _Operand(result, lhs.start, rhs.errors)

    if lhs.errors or rhs.errors:
        return _Operand(Value.unknown(result_type), lhs.start, True)
    try:
        result = impl(lhs_value, rhs_value)
    except OperationError as error:
        diags.append(_operation_failed(node, ctx, error))
        return _Operand(Value.unknown(result_type), lhs.start, True)
    if result_type == NUMBER and not (
        result.is_known and lhs_value.is_known and rhs_value.is_known
    ):
        # go-cty's arithmetic functions take no unknown operands: their unknown
        # result is only known not to be null (no bounds from the operands'), even
        # where the bounds would decide it (``r * 0`` with ``r`` between 1 and 9).
        result = _UNKNOWN_NUMBER_NOT_NULL
    return _Operand(result, lhs.start, False)


def _converted(  # noqa: PLR0917 (one diagnostic needs all of these)
    value: Value,
    param_type: Type,
    expr: ast.Node,
    side: str,
    node: ast.Node,
    ctx: _Ctx,
    diags: Diagnostics,
) -> Value | None:
    """``value`` converted to an operator's operand type, or ``None`` after a diagnostic.

    ``side`` names the operand in the message: ``left``, ``right`` or ``unary``.
    """
    if param_type in (value.type, DYNAMIC):
        return value
    try:
        return convert(value, param_type)
    except ConversionError as error:
        diags.append(
            _part_error(
                "Invalid operand",
                f"Unsuitable value for {side} operand: {error}.",
                expr,
                node,
                ctx,
            )
        )
        return None


def _short_circuit(
    op: ast.Operator, lhs: Value, rhs: Value, lhs_errors: bool
) -> tuple[Value, bool] | None:
    """The result of ``&&``/``||`` when one operand decides it (HCL v2.24).

    Returns the result and whether the left operand's diagnostics are the
    ones kept (else the right operand's), or ``None`` to apply the operator
    normally. A known operand decides when it is the controlling value
    (``true`` for ``||``, ``false`` for ``&&``); as in the reference, a null
    operand counts as ``false``. Otherwise an unknown operand makes the
    result unknown.
    """
    controlling = op is ast.Operator.OR

    def decides(value: Value) -> bool:
        return value.is_known and (not value.is_null and value.as_bool()) is controlling

    if not lhs.is_known and not rhs.is_known:
        return (_UNKNOWN_BOOL_NOT_NULL, True) if not lhs_errors else None
    result = TRUE if controlling else FALSE
    if decides(lhs):
        return result, True
    if decides(rhs):
        return result, False
    if not lhs.is_known:
        return _UNKNOWN_BOOL_NOT_NULL, True
    if not rhs.is_known:
        return _UNKNOWN_BOOL_NOT_NULL, False
    return None


def _unary_op(node: ast.UnaryOp, ctx: _Ctx, diags: Diagnostics) -> _Gen:
    param_type, impl = _UNARY[node.op]
    start = len(diags)
    operand = yield node.operand, ctx
    converted = _converted(operand, param_type, node.operand, "unary", node, ctx, diags)
    if converted is None or _has_errors(diags, start):
        return Value.unknown(param_type)
    try:
        return impl(converted)
    except OperationError as error:
        diags.append(_operation_failed(node, ctx, error))
        return Value.unknown(param_type)


def _operation_failed(node: ast.Node, ctx: _Ctx, error: OperationError) -> Diagnostic:
    return _part_error(
        "Operation failed",
        f"Error during operation: {error}.",
        node,
        None,
        ctx,
    )


# --------------------------------------------------------------------------- templates


def _template(node: ast.Template, ctx: _Ctx, diags: Diagnostics) -> _Gen:
    pieces: list[str] = []
    known = True
    start = len(diags)
    marks: list[frozenset[Hashable]] = []  # the parts' marks mark the result
    charge(STEPS_PER_TEMPLATE_PART * len(node.parts))  # each part is converted and joined
    for part in node.parts:
        value = yield part, ctx
        if value._marks and not value.is_null:
            value, part_marks = value.unmark()
            marks.append(part_marks)
        if value.is_null:
            diags.append(
                _part_error(
                    "Invalid template interpolation value",
                    "The expression result is null. Cannot include a null value in a "
                    "string template.",
                    part,
                    node,
                    ctx,
                )
            )
            continue
        if not value.is_known:
            known = False  # the other parts are still evaluated for their diagnostics
            continue
        try:
            piece = convert(value, STRING).as_str()
            # After an unknown part or an error only diagnostics matter (HCL v2.17+).
            if known and not _has_errors(diags, start):
                pieces.append(piece)
        except ConversionError as error:
            diags.append(
                _part_error(
                    "Invalid template interpolation value",
                    f"Cannot include the given value in a string template: {error}.",
                    part,
                    node,
                    ctx,
                )
            )
    if known:
        return _remarked(Value.string("".join(pieces)), *marks)
    prefix = "".join(pieces)
    if _has_errors(diags, start) or not prefix:
        return _remarked(_UNKNOWN_STRING_NOT_NULL, *marks)
    return _remarked(_refined_template(prefix), *marks)


def _refined_template(known: str) -> Value:
    """The unknown result of a template whose text starts with ``known``.

    As HCL does, at most :data:`_MAX_PREFIX_BYTES` bytes of UTF-8 are kept;
    the prefix is then shortened by go-cty's ``StringPrefix`` rule, except
    when the cut split a character: the rest of that character is dropped
    and only the normalisation boundary rule applies.
    """
    builder = _UNKNOWN_STRING.refine().not_null()
    data = known.encode("utf-8", "surrogatepass")
    if len(data) <= _MAX_PREFIX_BYTES:
        return builder.string_prefix(known).new_value()
    whole = data[:_MAX_PREFIX_BYTES].decode("utf-8", "ignore")
    if len(whole.encode("utf-8", "surrogatepass")) == _MAX_PREFIX_BYTES:
        return builder.string_prefix(whole).new_value()
    return builder.string_prefix_full(prefix_before_split(whole)).new_value()


def _template_join(node: ast.TemplateJoin, ctx: _Ctx, diags: Diagnostics) -> _Gen:
    results = yield node.tuple, ctx
    if results.type == DYNAMIC or not results.is_known:
        return _UNKNOWN_STRING
    tuple_marks = results._marks
    marks = [tuple_marks]  # and the marks of the pieces
    if tuple_marks:
        results = results.unmark()[0]
    pieces: list[str] = []
    for value in results.elements():
        if value.is_null:
            diags.append(
                _part_error(
                    "Invalid template interpolation value",
                    "An iteration result is null. Cannot include a null value in a "
                    "string template.",
                    node,
                    None,
                    ctx,
                )
            )
            continue
        if value.type == DYNAMIC:
            return _remarked(_UNKNOWN_STRING, tuple_marks)
        try:
            text = convert(value, STRING)
        except ConversionError as error:
            diags.append(
                _part_error(
                    "Invalid template interpolation value",
                    "Cannot include one of the interpolation results into the string "
                    f"template: {error}.",
                    node,
                    None,
                    ctx,
                )
            )
            continue
        if not text.is_known:
            return _remarked(_UNKNOWN_STRING, tuple_marks)
        if text._marks:
            marks.append(text._marks)
            text = text.unmark()[0]
        pieces.append(text.as_str())
    return _remarked(Value.string("".join(pieces)), *marks)


# --------------------------------------------------------------------------- dispatch

# Every node class has exactly one evaluator, in one of these tables.
_LEAVES: dict[type[ast.Node], Callable[[Any, _Ctx, Diagnostics], Value]] = {
    ast.LiteralValue: _literal,
    ast.ScopeTraversal: _scope_traversal,
    ast.AnonSymbol: _anon_symbol,
    ast.ErrorExpr: _error_expr,
}
_BRANCHES: dict[type[ast.Node], Callable[[Any, _Ctx, Diagnostics], _Gen]] = {
    ast.RelativeTraversal: _relative_traversal,
    ast.Index: _index,
    ast.TupleCons: _tuple_cons,
    ast.ObjectKey: _object_key,
    ast.ObjectCons: _object_cons,
    ast.ForExpr: _for_expr,
    ast.Splat: _splat,
    ast.Conditional: _conditional,
    ast.BinaryOp: _binary_op,
    ast.UnaryOp: _unary_op,
    ast.Template: _template,
    ast.FunctionCall: _function_call,
    ast.TemplateJoin: _template_join,
}
