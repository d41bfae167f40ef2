"""Decoding a body into an instance of a configuration class.

The decoder reads a body through the schema derived from the class, then
fills each field: attributes are evaluated, converted by HCL's rules and
lowered to the field's Python type; blocks are decoded recursively into
their own classes. Every problem becomes a diagnostic and decoding goes on,
so one run reports every mistake; an object is only built when nothing in
it failed.
"""

from __future__ import annotations

import decimal
import fractions
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from .._text import counted, go_quote, suggest
from ..model._context import EvalContext
from ..model._diagnostics import Diagnostic, Diagnostics, Range
from ..model._structure import Attribute, Block, Body, BodyContent, Expression
from ..pytypes._fields import FieldProblem, InvalidFields, class_name, problem_steps
from ..pytypes._lowering import Lowering, declares_sensitive
from ..pytypes._rules import LowerError
from ..values._convert import AttrStep, Path
from ..values._errors import raw_text
from ..values._limits import DEFAULT_LIMITS
from ..values._sensitive import redact
from ..values._types import NUMBER, STRING
from ..values._value import SENSITIVE, Value
from ._classinfo import ClassInfo, FieldInfo, class_info
from ._pytypes import ConfigTypes, TypePlan
from ._report import Decoded, Partial

__all__ = ["FAILED", "decode_class", "evaluate", "lower_value"]

_MISSING = object()
_FAILED = object()


class _Scope:
    """One body being decoded into one class, with what its schema gave."""

    __slots__ = (
        "block",
        "body",
        "content",
        "ctx",
        "diags",
        "info",
        "or_attributes",
        "override",
        "partial",
        "partials",
        "remaining",
        "types",
    )

    def __init__(  # noqa: PLR0917 (made in one place, with every part)
        self,
        info: ClassInfo,
        body: Body,
        content: BodyContent,
        remaining: Body | None,
        block: Block | None,
        types: ConfigTypes,
        ctx: EvalContext | None,
        diags: Diagnostics,
        override: bool,
        partial: bool,
        or_attributes: Mapping[str, Attribute],
    ) -> None:
        self.info = info
        self.body = body
        self.content = content
        self.remaining = remaining
        self.block = block
        self.types = types
        self.ctx = ctx
        self.diags = diags
        self.override = override
        self.partial = partial
        #: The attributes that give block fields' values (block(or_attribute=True)).
        self.or_attributes = or_attributes
        #: Block fields that failed, in their own shape with a Partial for each
        #: block that failed (for the caller's partial results).
        self.partials: dict[str, Any] = {}


def decode_class(
    body: Body,
    cls: type,
    types: ConfigTypes,
    ctx: EvalContext | None,
    diags: Diagnostics,
    *,
    partial: bool = False,
    block: Block | None = None,
    fields: dict[str, Any] | None = None,
    failed_fields: set[str] | None = None,
    override: bool = False,
) -> tuple[Any, Body | None]:
    """Decode ``body`` into ``cls``, appending problems to ``diags``.

    Returns the object (``None`` if anything in it failed) and, when
    ``partial`` or the class has a ``remain()`` field, the body of what the
    class did not claim. ``fields``, when given, receives every field that
    decoded, by field name, whether or not the object could be built, and
    block fields that did not, in their shape with a :class:`Partial` for
    each failed block; ``failed_fields`` receives the names of the fields
    given whose value failed.
    ``override`` decodes an override file's body: nothing is required, in
    nested blocks too, and the object is built only when every required
    field is set (``fields`` has what the body sets).
    """
    info = class_info(cls, types)
    schema = info.schema.optional() if override else info.schema
    remaining: Body | None = None
    or_attributes: Mapping[str, Attribute] = {}
    if info.or_attributes is not None:  # attributes that give block fields' values
        found, body, found_diags = body.partial_content(info.or_attributes)
        diags.extend(found_diags)
        or_attributes = found.attributes
    # A class with a body() field keeps its body for later decoding, which
    # checks it then: here nothing outside the class's own fields is an error.
    if partial or info.keeps_rest:
        content, remaining, content_diags = body.partial_content(schema)
    else:
        content, content_diags = body.content(schema)
    diags.extend(content_diags)
    scope = _Scope(
        info, body, content, remaining, block, types, ctx, diags, override, partial, or_attributes
    )
    failed = bool(content_diags) and content_diags.has_errors()
    kwargs: dict[str, Any] = {}
    attributes = content.attributes
    for field in info.fields:
        if field.kind == "attr":  # most fields: at once
            attribute = attributes.get(field.hcl_name)
            if attribute is None:
                continue
            value = _attribute_value(field, attribute, ctx, diags)
        else:
            value = _field_value(scope, field)
        if value is _FAILED:
            failed = True
            if failed_fields is not None and _given(scope, field):
                failed_fields.add(field.name)
        elif value is not _MISSING:
            kwargs[field.name] = value
    if fields is not None:
        fields.update(kwargs)
        fields.update(scope.partials)
    remaining = scope.remaining  # what a remain() class left, if it decoded the rest
    if failed:
        if not override:  # what the class refuses of the fields that did decode
            checked = info.kind.check(info.cls, kwargs)
            secrets = _secrets(info, kwargs)
            diags.extend(_redacted(_problem(scope, problem), secrets) for problem in checked)
        return None, remaining
    if override and any(
        f.required and f.kind in ("attr", "block") and f.name not in kwargs for f in info.fields
    ):
        return None, remaining
    return _construct(scope, kwargs), remaining


def _given(scope: _Scope, field: FieldInfo) -> bool:
    """Whether the body gives ``field`` a value (that may have failed)."""
    if field.kind == "attr":
        return field.hcl_name in scope.content.attributes
    if field.kind == "block":
        name = field.hcl_name
        return bool(scope.content.blocks_of_type(name)) or name in scope.or_attributes
    return field.kind == "remain"


def _label_value(scope: _Scope, field: FieldInfo, index: int) -> Any:
    """The value of a label field: the label, or the ``Literal``/``Enum`` choice it
    names (one it does not name is an error at the label, with a suggestion)."""
    assert scope.block is not None
    label = scope.block.labels[index]
    if field.label_choices is None:
        return label
    for text, value in field.label_choices:
        if text == label:
            return value
    texts = [text for text, _ in field.label_choices]
    hint = suggest(label, texts)
    scope.diags.append(
        Diagnostic.error(
            "Invalid block label",
            f"The {go_quote(field.hcl_name)} label of the {scope.block.type} block is not "
            f"valid: {go_quote(label)} is not one of {', '.join(map(go_quote, texts))}."
            + (f" Did you mean {go_quote(hint)}?" if hint else ""),
            scope.block.label_ranges[index],
        )
    )
    return _FAILED


def _field_value(scope: _Scope, field: FieldInfo) -> Any:
    """The value of a field that is not an attribute (whose values ``decode_class``
    reads itself)."""
    kind = field.kind
    if kind == "block":
        return _blocks_value(scope, field)
    if kind == "label":
        assert scope.block is not None  # labels on a root class are rejected earlier
        index = scope.info.labels.index(field)
        if index < len(scope.block.labels):
            return _label_value(scope, field, index)
        return _MISSING if field.has_default else _FAILED  # an optional label left out
    if kind == "remain":
        if field.block_class is not None and scope.remaining is not None:
            return _remain_object(scope, field.block_class)
        if field.value_type is not None and scope.remaining is not None:
            attributes, diags = scope.remaining.just_attributes()
            scope.diags.extend(diags)
            value = _attributes_value(attributes, field.value_type, scope)
            return _FAILED if diags.has_errors() else value
        return scope.remaining
    if kind == "body":
        return scope.body
    return _range_value(scope, field)


def _remain_object(scope: _Scope, cls: type) -> Any:
    """The rest of the body decoded into the ``remain()`` field's class: what that
    class does not claim is an error, unless the decoding is partial (the rest of
    the rest is then what the decoding leaves)."""
    assert scope.remaining is not None
    obj, rest = decode_class(
        scope.remaining,
        cls,
        scope.types,
        scope.ctx,
        scope.diags,
        partial=scope.partial,
        block=scope.block,
        override=scope.override,
    )
    if scope.partial:
        scope.remaining = rest
    return _FAILED if obj is None else obj


def _range_value(scope: _Scope, field: FieldInfo) -> Any:
    marker = field.range_marker
    assert marker is not None
    block = scope.block
    result: Range | None = None
    if marker.part in ("def", "type", "label"):
        if block is not None:
            if marker.part == "def":
                result = block.def_range
            elif marker.part == "type":
                result = block.type_range
            else:
                label_fields = [f.name for f in scope.info.labels]
                index = label_fields.index(marker.target or "")
                if index < len(block.label_ranges):
                    result = block.label_ranges[index]
    else:
        target = next(f for f in scope.info.fields if f.name == marker.target)
        attribute = scope.content.attributes.get(target.hcl_name)
        if attribute is not None:
            if marker.part == "attr":
                result = attribute.range
            elif marker.part == "attr_name":
                result = attribute.name_range
            else:
                result = attribute.expr.range
    if result is None and not field.optional_none:
        return scope.content.missing_item_range
    return result


def _attribute_value(
    field: FieldInfo,
    attribute: Attribute,
    ctx: EvalContext | None,
    diags: Diagnostics,
) -> Any:
    plan = field.plan
    assert plan is not None
    expr = attribute.expr
    if plan.raw is Expression:
        return expr
    if plan.raw is Attribute:
        return attribute
    value = evaluate(expr, ctx, diags)
    if value is None:
        return _FAILED
    null = value.is_null
    if null and field.null == "absent":
        if not field.required:
            return _MISSING
        if plan.nullable:
            return value if plan.raw else None
        diags.append(
            Diagnostic.error(
                "Missing required argument",
                f"The argument {go_quote(field.hcl_name)} is required, but it is set to null.",
                expr.range,
                attribute.range,
            )
        )
        return _FAILED
    if null and field.null == "error":
        diags.append(_unsuitable(expr.range, expr, "null value is not allowed", ctx))
        return _FAILED
    return lower_value(value, expr, plan, ctx=ctx, diags=diags, sensitive=field.sensitive)


def evaluate(expr: Expression, ctx: EvalContext | None, diags: Diagnostics) -> Value | None:
    """The value of ``expr``, its diagnostics added to ``diags``; ``None`` on errors.

    Constants (most attributes) are read without the evaluator
    (:meth:`Expression.constant_value`).
    """
    value = expr.constant_value(ctx.limits if ctx is not None else DEFAULT_LIMITS)
    if value is not None:
        return value
    value, found = expr.value(ctx)
    diags.extend(found)
    return None if found.has_errors() else value


def lower_value(
    value: Value,
    expr: Expression,
    plan: TypePlan,
    *,
    ctx: EvalContext | None,
    diags: Diagnostics,
    sensitive: bool | None = None,
) -> Any:
    """``value`` (of ``expr``) as ``plan``'s type; ``_FAILED`` if it does not fit.

    The value is walked once (by the values layer's lowering), and
    every part that does not fit is a diagnostic, worded as gohcl words it
    (``Unsuitable value type``), at the part of the expression it is about,
    in source order. ``sensitive`` is whether the value goes to a field
    declared sensitive (no message then shows any part of it, and a raw
    ``hcl.Value`` is marked so), or to one that is not (a sensitive part is
    then refused unless it goes to a sensitive field of a class inside, since
    the Python object would not say it is one); ``None`` for a value the
    caller asked for as it is.
    """
    lowering = plan.lowering
    if lowering is None:  # a raw value, which keeps its marks
        return value.mark(SENSITIVE) if sensitive else value
    undeclared = (
        _undeclared(value, lowering) if sensitive is False and value.contains_marked else None
    )
    if undeclared is not None:
        diags.append(
            Diagnostic.error(
                "Sensitive value not allowed",
                "This value is derived from a sensitive value, and the field it is for is "
                "not declared sensitive: a field takes a sensitive value only where its "
                "class says it holds one (hcl.attr(sensitive=True)).",
                _locate(expr, LowerError("", undeclared), ctx),
                expr.range,
                expression=expr,
                eval_context=ctx,
            )
        )
        return _FAILED
    result, errors = lowering.lower(value, strict=True, sensitive=bool(sensitive))
    if not errors:
        return result
    found = [_unsuitable(_locate(expr, error, ctx), expr, raw_text(error), ctx) for error in errors]
    found.sort(key=_position)
    diags.extend(found)
    return _FAILED


def _undeclared(value: Value, lowering: Lowering) -> Path | None:
    """Where the first sensitive part of ``value`` is that does not go to a field
    declared sensitive (of a class the value is lowered into), if one does not."""
    if not value.has_mark_deep(SENSITIVE):
        return None
    for found in value.unmark_deep_with_paths()[1]:
        if SENSITIVE in found.marks and not declares_sensitive(lowering, found.path):
            return found.path
    return None


def _position(diagnostic: Diagnostic) -> int:
    subject = diagnostic.subject
    return subject.start.byte if subject is not None else -1


def _unsuitable(
    subject: Range, expr: Expression, reason: str, ctx: EvalContext | None
) -> Diagnostic:
    return Diagnostic.error(
        "Unsuitable value type",
        f"Unsuitable value: {_sentence(reason)}",
        subject,
        expr.range,
        expression=expr,
        eval_context=ctx,
    )


FAILED = _FAILED


def _sentence(text: str) -> str:
    """``text`` ended with a full stop, unless it ends with a question already."""
    return text if text.endswith("?") else f"{text}."


def _locate(expr: Expression, error: LowerError, ctx: EvalContext | None) -> Range:
    """The source range of the part of ``expr`` that ``error`` is about.

    The error's path is followed into the expression as far as its syntax
    shows the parts (tuple and object constructors, nested or not): the
    innermost element reached is the subject, so a diagnostic points at the
    offending part of ``{a = 1, b = "many"}`` rather than the whole. An
    error about one key of an object (``error.key``) points at that key.
    Where the value came from elsewhere (a variable, a function), the
    subject is as far as the syntax went: at worst the whole expression.
    """
    current: Expression | None = expr
    found = expr
    for step in error.path:
        key: str | Value = step.name if isinstance(step, AttrStep) else step.key
        if isinstance(key, Value):
            if not key.is_known or key.is_null or key.type not in (NUMBER, STRING):
                current = None
                break
            if key.type == STRING:
                key = key.as_str()
        current = _element(current, key, ctx)[1] if current is not None else None
        if current is None:
            break
        found = current
    if current is not None and error.key is not None:
        key_expr, _ = _element(current, error.key, ctx)
        if key_expr is not None:
            return key_expr.range
    return found.range


def _element(
    expr: Expression, key: str | Value, ctx: EvalContext | None
) -> tuple[Expression | None, Expression | None]:
    """The key and element expressions of a constructor under ``key``, if the syntax
    shows them (a tuple's elements have no key expression)."""
    if isinstance(key, str):
        found: tuple[Expression | None, Expression | None] = (None, None)
        for key_expr, value_expr in expr.static_map() or ():  # the last one wins, as in
            name, name_diags = key_expr.value(ctx)  # evaluation
            known = name.type == STRING and name.is_known and not name.is_null
            if known and not name_diags.has_errors() and name.as_str() == key:
                found = (key_expr, value_expr)
        return found
    items = expr.static_list()
    index = key.as_number()
    if items is None or not isinstance(index, int) or not 0 <= index < len(items):
        return None, None
    return None, items[index]


def _blocks_value(scope: _Scope, field: FieldInfo) -> Any:
    content, diags = scope.content, scope.diags
    blocks = content.blocks_of_type(field.hcl_name)
    attribute = scope.or_attributes.get(field.hcl_name)
    if attribute is not None:  # the value given as an attribute instead
        if blocks:
            diags.append(
                Diagnostic.error(
                    f"Duplicate {field.hcl_name} definition",
                    f"{go_quote(field.hcl_name)} is given as an argument here and as a block "
                    f"at {blocks[0].def_range}; give one or the other.",
                    attribute.name_range,
                    attribute.range,
                )
            )
            return _FAILED
        plan = field.attribute_plan
        assert plan is not None
        value = evaluate(attribute.expr, scope.ctx, diags)
        if value is None:
            return _FAILED
        if value.is_null and (field.has_default or field.optional_none):
            return _MISSING if field.has_default else None
        if value.is_null:
            diags.append(
                Diagnostic.error(
                    "Missing required argument",
                    f"The argument {go_quote(field.hcl_name)} is required, but it is set to null.",
                    attribute.expr.range,
                    attribute.range,
                )
            )
            return _FAILED
        return lower_value(value, attribute.expr, plan, ctx=scope.ctx, diags=diags, sensitive=False)
    shape = field.block_shape
    type_name = field.hcl_name
    if shape in ("one", "optional", "attributes"):
        if len(blocks) > 1:
            if shape != "attributes":  # each block's own mistakes are reported too
                for b in blocks:
                    _decode_block(b, field.block_class, scope, diags)
            diags.append(
                Diagnostic.error(
                    f"Duplicate {type_name} block",
                    f"Only one {type_name} block is allowed. Another was defined at "
                    f"{blocks[0].def_range}.",
                    blocks[1].def_range,
                )
            )
            return _FAILED
        if not blocks:
            if field.has_default or scope.override:
                return _MISSING
            if shape == "optional" or field.optional_none:
                return None
            if type_name in content.mislabelled:  # reported for its labels already
                return _FAILED
            diags.append(
                Diagnostic.error(
                    f"Missing {type_name} block",
                    f"A {type_name} block is required.",
                    content.missing_item_range,
                )
            )
            return _FAILED
        if shape == "attributes":
            attributes, found = blocks[0].body.just_attributes()
            diags.extend(found)
            value = _attributes_value(attributes, field.value_type, scope)
            return _FAILED if found.has_errors() else value
        obj = _decode_block(blocks[0], field.block_class, scope, diags)
        if isinstance(obj, Partial):
            scope.partials[field.name] = obj
            return _FAILED
        return obj

    if scope.override and not blocks:
        return _MISSING
    ok = _check_counts(field, blocks, content, diags)
    if not blocks and ok and field.has_default:
        return _MISSING
    decoded = [(b, _decode_block(b, field.block_class, scope, diags)) for b in blocks]
    if shape == "dict":
        ok = _check_unique_labels(type_name, blocks, diags) and ok
    if shape == "list":
        result: Any = [obj for _, obj in decoded]
    elif shape == "tuple":
        result = tuple(obj for _, obj in decoded)
    else:
        result = {}
        for b, obj in decoded:
            level = result
            for label in b.labels[:-1]:
                level = level.setdefault(label, {})
            level[b.labels[-1]] = obj
    if any(isinstance(obj, Partial) for _, obj in decoded):
        scope.partials[field.name] = result  # the blocks that were fine, beside the others
        return _FAILED
    return result if ok else _FAILED


def _attributes_value(attributes: Mapping[str, Attribute], value_type: Any, scope: _Scope) -> Any:
    """A free-form attribute body as ``dict[str, value_type]``, in source order."""
    result: dict[str, Any] = {}
    failed = False
    for name, attribute in attributes.items():
        if value_type is Attribute:
            result[name] = attribute
            continue
        if value_type is Expression:
            result[name] = attribute.expr
            continue
        value = evaluate(attribute.expr, scope.ctx, scope.diags)
        if value is None:
            failed = True
            continue
        item = lower_value(
            value,
            attribute.expr,
            scope.types.plan(value_type),
            ctx=scope.ctx,
            diags=scope.diags,
            sensitive=False,
        )
        if item is _FAILED:
            failed = True
        else:
            result[name] = item
    return _FAILED if failed else result


def _check_unique_labels(type_name: str, blocks: Sequence[Block], diags: Diagnostics) -> bool:
    seen: set[tuple[str, ...]] = set()
    for b in blocks:
        key = b.labels
        if key in seen:
            diags.append(
                Diagnostic.error(
                    f"Duplicate {type_name} block",
                    f"A block for {type_name} {' '.join(go_quote(label) for label in key)} was "
                    f"already defined. The {type_name} labels must be unique.",
                    b.def_range,
                )
            )
        seen.add(key)
    return len(seen) == len(blocks)


def _check_counts(
    field: FieldInfo, blocks: Sequence[Block], content: BodyContent, diags: Diagnostics
) -> bool:
    type_name = field.hcl_name
    # Blocks left out for their labels are reported already, and may count.
    countable = type_name not in content.mislabelled
    if countable and field.min_items is not None and len(blocks) < field.min_items:
        diags.append(
            Diagnostic.error(
                f"Insufficient {type_name} blocks",
                f"At least {counted(field.min_items, f'{go_quote(type_name)} block')} "
                f"{'is' if field.min_items == 1 else 'are'} required.",
                content.missing_item_range,
            )
        )
        return False
    if field.max_items is not None and len(blocks) > field.max_items:
        diags.append(
            Diagnostic.error(
                f"Too many {type_name} blocks",
                f"No more than {counted(field.max_items, f'{go_quote(type_name)} block')} "
                f"{'is' if field.max_items == 1 else 'are'} allowed.",
                blocks[field.max_items].def_range,
            )
        )
        return False
    return True


def _decode_block(block: Block, cls: type | None, scope: _Scope, diags: Diagnostics) -> Any:
    """The block's object, or, when it failed, a :class:`Partial` of what decoded."""
    assert cls is not None  # only "attributes" block fields have no element class
    if cls is Block:  # kept as it is
        return block
    custom = scope.types.block_decoders.get(cls)
    if custom is not None:  # the application decodes these blocks itself
        result = custom(block, scope.ctx)
        if not isinstance(result, Decoded):
            return result
        diags.extend(result.diagnostics)
        if result.diagnostics.has_errors():
            return Partial(
                cls,
                dict(result.fields),
                frozenset(result.failed),
                block.def_range,
                _sensitive=_sensitive_fields(cls, scope),
            )
        if result.value is None:  # nothing to report, and nothing made: the program's mistake
            raise TypeError(
                f"the block decoder of {class_name(cls)} gave no object and no error "
                f"for the {block.type} block at {block.def_range}"
            )
        return result.value
    fields: dict[str, Any] = {}
    failed: set[str] = set()
    obj, _ = decode_class(
        block.body,
        cls,
        scope.types,
        scope.ctx,
        diags,
        block=block,
        fields=fields,
        failed_fields=failed,
        override=scope.override,
    )
    if obj is None:
        return Partial(
            cls,
            fields,
            frozenset(failed),
            block.def_range,
            _sensitive=_sensitive_fields(cls, scope),
        )
    return obj


def _sensitive_fields(cls: type, scope: _Scope) -> frozenset[str]:
    """The fields of ``cls`` declared sensitive (none for a class the decoder's
    types do not read fields of, such as one an application decodes itself)."""
    try:
        return class_info(cls, scope.types).sensitive
    except TypeError:
        return frozenset()


def _construct(scope: _Scope, kwargs: dict[str, Any]) -> Any:
    info = scope.info
    try:
        return info.kind.construct(info.cls, kwargs)
    except InvalidFields as exc:
        secrets = _secrets(info, kwargs)
        scope.diags.extend(_redacted(_problem(scope, p), secrets) for p in exc.problems)
    except (ValueError, TypeError) as error:
        scope.diags.append(
            _redacted(_invalid_object(scope, raw_text(error)), _secrets(info, kwargs))
        )
    return None


def _secrets(info: ClassInfo, kwargs: dict[str, Any]) -> list[str]:
    """The texts of the values of ``info``'s sensitive fields in ``kwargs``, as a
    class's own message could show them (see :func:`redact`)."""
    found: set[str] = set()
    for field in info.fields:
        if field.sensitive and field.name in kwargs:
            _python_secrets(kwargs[field.name], found, 0)
    return sorted(found, key=lambda text: (-len(text), text))


def _python_secrets(obj: object, found: set[str], depth: int) -> None:
    if isinstance(obj, str):
        if obj:
            found.update((obj, go_quote(obj), repr(obj)))
    elif isinstance(obj, bool):
        found.update((str(obj), str(obj).lower()))
    elif isinstance(obj, int | float | decimal.Decimal | fractions.Fraction):
        found.update((str(obj), repr(obj)))
    elif depth < 32 and isinstance(obj, Mapping):
        for element in obj.values():
            _python_secrets(element, found, depth + 1)
    elif depth < 32 and isinstance(obj, list | tuple | set | frozenset):
        for element in obj:
            _python_secrets(element, found, depth + 1)
    elif obj is not None:  # another object: as it would be shown
        found.update(text for text in (str(obj), repr(obj)) if text)


def _redacted(diagnostic: Diagnostic, secrets: Sequence[str]) -> Diagnostic:
    """``diagnostic`` with ``secrets`` taken out of its detail."""
    if not secrets:
        return diagnostic
    return attrs.evolve(diagnostic, detail=redact(diagnostic.detail, secrets))


def _problem(scope: _Scope, problem: FieldProblem) -> Diagnostic:
    """A diagnostic at what ``problem`` is about: the part of an attribute's
    expression its path leads to, the block or label it names, or else the
    object's own block (or the configuration's body)."""
    field = next((f for f in scope.info.fields if f.name == problem.field), None)
    steps = problem_steps(problem.path)
    if field is None:
        return _invalid_object(scope, str(LowerError(problem.message, steps)))
    if field.kind == "attr":
        attribute = scope.content.attributes.get(field.hcl_name)
        if attribute is not None:
            error = LowerError(problem.message, steps)
            return Diagnostic.error(
                "Invalid attribute value",
                f"The value of {go_quote(attribute.name)} is not valid: {raw_text(error)}",
                _locate(attribute.expr, error, scope.ctx),
                attribute.range,
            )
    elif field.kind == "block":
        found = _problem_block(scope, field, problem.path)
        if found is not None:
            block, rest = found
            return Diagnostic.error(
                "Invalid configuration",
                f"The {block.type} block is not valid: {LowerError(problem.message, rest)}",
                block.def_range,
            )
    elif field.kind == "label" and scope.block is not None:
        index = scope.info.labels.index(field)
        if index < len(scope.block.label_ranges):
            return Diagnostic.error(
                "Invalid block label",
                f"The {go_quote(field.hcl_name)} label of the {scope.block.type} block is "
                f"not valid: {problem.message}",
                scope.block.label_ranges[index],
            )
    return _invalid_object(
        scope, str(LowerError(problem.message, (AttrStep(field.hcl_name), *steps)))
    )


def _problem_block(
    scope: _Scope, field: FieldInfo, path: tuple[str | int, ...]
) -> tuple[Block, Path] | None:
    """The block of a block field that ``path`` (into the field's value) leads to,
    with the rest of the path, inside that block's object."""
    blocks = scope.content.blocks_of_type(field.hcl_name)
    shape = field.block_shape
    if not blocks or shape == "attributes":
        return None
    depth = 0
    block: Block | None = blocks[0]
    if shape in ("list", "tuple"):
        index = path[0] if path else None
        if not isinstance(index, int) or not 0 <= index < len(blocks):
            return None
        block, depth = blocks[index], 1
    elif shape == "dict":
        labels = tuple(path[: field.dict_depth])
        block = next((b for b in blocks if tuple(b.labels) == labels), None)
        depth = field.dict_depth
    if block is None:
        return None
    return block, problem_steps(path[depth:])


def _invalid_object(scope: _Scope, message: str) -> Diagnostic:
    block = scope.block
    where = block.def_range if block is not None else scope.body.missing_item_range
    what = f"The {block.type} block" if block is not None else "The configuration"
    return Diagnostic.error("Invalid configuration", f"{what} is not valid: {message}", where)
