"""Values written back as bodies: the inverse of decoding with a spec.

:func:`encode` writes a value as the text of a body that decodes with the
same spec to an equal value. Each spec kind writes its part of the body:

* :class:`ObjectSpec` and :class:`TupleSpec`: their children's parts, in
  the one body;
* :class:`AttrSpec`: ``name = value``; a null is left out, or written as
  ``null`` when the attribute is required;
* :class:`BlockSpec`: one block (none for a null); :class:`BlockListSpec`,
  :class:`BlockSetSpec` and :class:`BlockTupleSpec`: one block per element;
  :class:`BlockMapSpec` and :class:`BlockObjectSpec`: one block per leaf,
  labelled by its keys; :class:`BlockAttrsSpec`: one block of the map's
  attributes (none for a null);
* :class:`BlockLabelSpec`: its string becomes the label of the block being
  written; labels no spec reads are empty strings;
* :class:`DefaultSpec`: nothing when the default gives the value by itself,
  else the primary's part;
* :class:`LiteralSpec` and :class:`ExprSpec`: nothing, when the value is
  the literal's or the expression's (evaluated in ``ctx``);
* :class:`TransformExprSpec` and :class:`TransformFuncSpec`: the wrapped
  spec's part for the same value, when the transform gives that value back
  (always true of ``result = nested``); :class:`ValidateSpec` and
  :class:`RefineSpec`: the wrapped spec's part, when the validation passes
  or the value meets the refinements.

A value the spec could not have decoded raises ``ValueError`` naming the
spec kind and where in the value the problem is; a spec kind of the
application's own raises ``TypeError``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Literal

import attrs

from .._text import go_quote, is_identifier
from ..ext.typeexpr import Defaults, type_string
from ..hclparse._syntax import parse_source
from ..model._context import EvalContext
from ..model._diagnostics import Severity
from ..model._render import value_summary
from ..values._convert import ConversionError, convert
from ..values._function import FunctionError
from ..values._types import (
    DYNAMIC,
    STRING,
    ListType,
    MapType,
    ObjectType,
    SetType,
    TupleType,
    Type,
)
from ..values._value import Value
from ..write._items import AttributeItem, BlockItem, body_text, json_value_text
from ..write._values import check_text, raw_value_text
from ._specs import (
    AttrSpec,
    BlockAttrsSpec,
    BlockLabelSpec,
    BlockListSpec,
    BlockMapSpec,
    BlockObjectSpec,
    BlockSetSpec,
    BlockSpec,
    BlockTupleSpec,
    DefaultSpec,
    ExprSpec,
    LiteralSpec,
    ObjectSpec,
    RefineSpec,
    Spec,
    TransformExprSpec,
    TransformFuncSpec,
    TupleSpec,
    ValidateSpec,
    decode,
)

__all__ = ["encode"]

Syntax = Literal["native", "json"]


def encode(
    value: Value, spec: Spec, ctx: EvalContext | None = None, *, syntax: Syntax = "native"
) -> str:
    """A value written as the text of a whole file that a spec decodes back to it.

    Attributes are written first, in the order the spec reads them, then
    blocks, grouped by type, in the same order; the native text is laid
    out as ``hclfmt`` lays it out, the JSON text indented by two spaces.
    The text is decoded again before it is returned.

    Args:
        value: The value, of the spec's implied type.
        spec: The spec.
        ctx: The context the text is meant to be decoded in (as for
            :func:`decode`): with one, the JSON syntax reads strings as
            templates, so ``${`` and ``%{`` in them are escaped; without one
            (literal-only mode) they are written as they are. The native syntax
            reads the same either way. ``ctx`` also evaluates the expressions
            of :class:`ExprSpec` and :class:`TransformExprSpec`, to check the
            value.
        syntax: ``"native"`` or ``"json"``.

    Returns:
        The text.

    Raises:
        ValueError: ``syntax`` is neither; the value cannot be written (an
            unknown value, an infinity, a value of the wrong type, a value one
            spec kind could not have decoded: see the module); or it does not
            come back equal when the text is decoded.
        TypeError: A :class:`BlockLabelSpec` is used outside the nested spec of
            a block spec.
    """
    if syntax not in ("native", "json"):
        raise ValueError(f"syntax must be 'native' or 'json', not {syntax!r}")
    _check_root(spec)
    body = _Body()
    _Writer(ctx, native=syntax == "native").write(spec, value, body, "")
    text = body_text(body.items(), "json" if syntax == "json" else "native")
    _check_round_trip(text, value, spec, ctx, json=syntax == "json")
    return text


def _check_root(spec: Spec) -> None:
    pending = [spec]
    while pending:
        s = pending.pop()
        if isinstance(s, BlockLabelSpec):
            raise TypeError("BlockLabelSpec used outside the nested spec of a block spec")
        pending.extend(s.same_body_children())


# --------------------------------------------------------------------------- the body written


@attrs.define
class _Body:
    """What the specs of one body need it to hold: attributes (``None``: left out),
    the blocks of each type (an empty list: none), and the labels of the block
    whose body it is, by index."""

    attributes: dict[str, AttributeItem | None] = attrs.field(factory=dict)
    blocks: dict[str, list[BlockItem]] = attrs.field(factory=dict)
    labels: dict[int, str] = attrs.field(factory=dict)

    def is_empty(self) -> bool:
        """Whether nothing is written (parts left out do not count)."""
        return (
            not self.labels and not any(self.attributes.values()) and not any(self.blocks.values())
        )

    def merge(self, other: _Body, spec: Spec, path: str) -> None:
        """Add what ``other`` needs, for ``spec``; ``ValueError``, and no change, where
        the two differ."""
        for what, mine, theirs in (
            ("the attribute", self.attributes, other.attributes),
            ("the blocks of type", self.blocks, other.blocks),
            ("label number", self.labels, other.labels),
        ):
            for key, need in theirs.items():
                if key in mine and mine[key] != need:  # type: ignore[index]
                    shown = go_quote(key) if isinstance(key, str) else str(key)
                    raise _fail(
                        spec, path, f"another spec reads {what} {shown} and needs it to differ"
                    )
        self.attributes.update(other.attributes)
        self.blocks.update(other.blocks)
        self.labels.update(other.labels)

    def add_attribute(self, name: str, item: AttributeItem | None, spec: Spec, path: str) -> None:
        """Ask for the attribute ``name`` (left out when ``item`` is ``None``)."""
        self.merge(_Body(attributes={name: item}), spec, path)

    def add_blocks(self, type_name: str, blocks: list[BlockItem], spec: Spec, path: str) -> None:
        """Ask for exactly ``blocks`` of type ``type_name``."""
        self.merge(_Body(blocks={type_name: blocks}), spec, path)

    def items(self) -> list[AttributeItem | BlockItem]:
        """Attributes first, then blocks, each in the order the specs asked for them."""
        found: list[AttributeItem | BlockItem] = [
            item for item in self.attributes.values() if item is not None
        ]
        for blocks in self.blocks.values():
            found.extend(blocks)
        return found


# --------------------------------------------------------------------------- messages


def _name(spec: Spec) -> str:
    kind = type(spec).__name__
    if isinstance(spec, AttrSpec):
        return f"{kind} {go_quote(spec.name)}"
    if isinstance(spec, BlockAttrsSpec | _BlockKind):
        return f"{kind} {go_quote(spec.type_name)}"
    return kind


def _fail(spec: Spec, path: str, problem: str) -> ValueError:
    where = f" at {path}" if path else ""
    return ValueError(f"{_name(spec)}{where}: {problem}")


def _attr_path(path: str, name: str) -> str:
    return f"{path}.{name}" if is_identifier(name) else f"{path}[{go_quote(name)}]"


def _type_name(t: Type) -> str:
    return t.friendly_name()


def _names(names: Iterable[str]) -> str:
    shown = [go_quote(n) for n in names]
    if not shown:
        return "no attributes"
    return f"the attribute{'s' if len(shown) > 1 else ''} {', '.join(shown)}"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


# --------------------------------------------------------------------------- values of attributes


def _literal(value: Value) -> Value:
    """The value that the literal text of ``value`` reads as: tuples for sequences,
    objects for maps, nulls of no type."""
    t = value.type
    if value.is_null:
        return Value.null(DYNAMIC)
    if isinstance(t, ListType | SetType | TupleType):
        return Value.tuple([_literal(e) for e in value.elements()])
    if isinstance(t, MapType | ObjectType):
        return Value.object({k: _literal(e) for k, e in value.items()})
    return value


def _read_back(value: Value, target: Type, defaults: Defaults | None) -> Value:
    """What an attribute holding the text of ``value`` decodes to, as :class:`AttrSpec`
    decodes it (``ConversionError`` if it does not convert)."""
    literal = _literal(value)
    if defaults is not None:
        literal = defaults.apply(literal)
    return convert(literal, target)


def _null_of(spec: Spec) -> Value:
    """The null that ``spec`` decodes from a body with nothing for it."""
    if isinstance(spec, AttrSpec):
        return Value.null(spec.type.without_optional_attributes_deep())
    if isinstance(spec, DefaultSpec):
        return _null_of(spec.default)
    if isinstance(spec, ValidateSpec | RefineSpec):
        return _null_of(spec.wrapped)
    return Value.null(spec.implied_type())


def _may_be_absent(spec: Spec) -> bool:
    """Whether a body with nothing for ``spec`` decodes without errors."""
    if isinstance(spec, LiteralSpec | ExprSpec | BlockLabelSpec | BlockMapSpec | BlockObjectSpec):
        return True
    if isinstance(spec, AttrSpec | BlockSpec | BlockAttrsSpec):
        return not spec.required
    if isinstance(spec, BlockListSpec | BlockSetSpec | BlockTupleSpec):
        return spec.min_items == 0
    if isinstance(spec, ObjectSpec | TupleSpec | DefaultSpec | ValidateSpec | RefineSpec):
        return all(_may_be_absent(child) for child in spec.same_body_children())
    return False


# --------------------------------------------------------------------------- the writer


@attrs.frozen
class _Writer:
    """Writes values by their specs into :class:`_Body` objects."""

    ctx: EvalContext | None
    native: bool

    def write(self, spec: Spec, value: Value, body: _Body, path: str) -> None:
        """Add to ``body`` what ``spec`` needs there to decode ``value``."""
        for cls in type(spec).__mro__:
            write = _WRITERS.get(cls)
            if write is not None:
                write(self, spec, value, body, path)
                return
        raise TypeError(
            f"{type(spec).__name__}: values of this spec kind cannot be written back "
            "(encode knows the spec kinds of hcldecode.hcldec)"
        )

    def attribute(
        self, spec: AttrSpec | BlockAttrsSpec, name: str, value: Value, path: str
    ) -> tuple[AttributeItem, Value]:
        """The attribute ``name = value``, and the value ``spec`` decodes from it."""
        target = spec.type if isinstance(spec, AttrSpec) else spec.element_type
        if not value.is_wholly_known:
            raise _fail(spec, path, "an unknown value cannot be written")
        try:
            native = raw_value_text(value)
            json = json_value_text(value, templates=self.ctx is not None)
        except ValueError as error:
            raise _fail(spec, path, str(error)) from None
        try:
            back = _read_back(value, target, spec.defaults)
        except ConversionError as error:
            raise _fail(spec, path, f"the value does not fit the type: {error}") from None
        return AttributeItem(name, native, json), back

    def block(self, spec: _BlockKind, value: Value, keys: tuple[str, ...], path: str) -> BlockItem:
        """One block of ``spec``'s type, labelled by ``keys`` and then by the labels the
        nested spec reads."""
        inner = _Body()
        self.write(spec.nested, value, inner, path)
        count = len(spec.block_schemata()[0].label_names) - len(keys)
        labels = keys + tuple(inner.labels.get(i, "") for i in range(count))
        return BlockItem(spec.type_name, labels, tuple(inner.items()))


_BlockKind = (
    BlockSpec | BlockListSpec | BlockSetSpec | BlockTupleSpec | BlockMapSpec | BlockObjectSpec
)


def _need_present(spec: Spec, value: Value, path: str) -> None:
    if not value.is_known:
        raise _fail(spec, path, "an unknown value cannot be written")
    if value.is_null:
        raise _fail(spec, path, "a null value cannot be written: this spec never decodes one")


def _write_object(w: _Writer, spec: ObjectSpec, value: Value, body: _Body, path: str) -> None:
    _need_present(spec, value, path)
    t = value.type
    if not isinstance(t, ObjectType) or set(t.attributes) != set(spec.specs):
        found = f"one with {_names(t.attributes)}" if isinstance(t, ObjectType) else _type_name(t)
        raise _fail(spec, path, f"needs an object with {_names(spec.specs)}, not {found}")
    for name, child in spec.specs.items():
        w.write(child, value.get(name), body, _attr_path(path, name))


def _write_tuple(w: _Writer, spec: TupleSpec, value: Value, body: _Body, path: str) -> None:
    _need_present(spec, value, path)
    t = value.type
    if not isinstance(t, TupleType) or len(t.elements) != len(spec.specs):
        found = f"one of {len(t.elements)}" if isinstance(t, TupleType) else _type_name(t)
        wanted = _count(len(spec.specs), "element")
        raise _fail(spec, path, f"needs a tuple of {wanted}, not {found}")
    for index, (child, element) in enumerate(zip(spec.specs, value.elements(), strict=True)):
        w.write(child, element, body, f"{path}[{index}]")


def _write_attr(w: _Writer, spec: AttrSpec, value: Value, body: _Body, path: str) -> None:
    if value.is_null and not spec.required and value == _null_of(spec):
        body.add_attribute(spec.name, None, spec, path)
        return
    item, back = w.attribute(spec, spec.name, value, path)
    if back != value:
        raise _fail(spec, path, _differs(value, back))
    body.add_attribute(spec.name, item, spec, path)


def _differs(value: Value, back: Value) -> str:
    """Why ``value`` cannot be written where it would be read back as ``back``."""
    if value.type != back.type:
        null = "null" if value.is_null else "value"
        return (
            f"a {null} of type {_type_name(value.type)} would be read back as one of type "
            f"{_type_name(back.type)}"
        )
    return f"the value would be read back as {value_summary(back)}"


def _write_literal(w: _Writer, spec: LiteralSpec, value: Value, body: _Body, path: str) -> None:
    if value != spec.value:
        raise _fail(
            spec,
            path,
            f"the value is not the literal's ({value_summary(value)}, not "
            f"{value_summary(spec.value)}); a literal reads nothing from the body",
        )


def _write_expr(w: _Writer, spec: ExprSpec, value: Value, body: _Body, path: str) -> None:
    result, diags = spec.expr.value(w.ctx)
    if diags.has_errors() or result != value:
        raise _fail(
            spec,
            path,
            "the value is not what the expression gives in the context given; "
            "an expression reads nothing from the body",
        )


def _write_label(w: _Writer, spec: BlockLabelSpec, value: Value, body: _Body, path: str) -> None:
    if not value.is_known or value.is_null or value.type != STRING:
        raise _fail(spec, path, f"a label must be a known string, not {value_summary(value)}")
    try:
        check_text(value.as_str(), "the label")
    except ValueError as error:
        raise _fail(spec, path, str(error)) from None
    body.merge(_Body(labels={spec.index: value.as_str()}), spec, path)


def _write_block(w: _Writer, spec: BlockSpec, value: Value, body: _Body, path: str) -> None:
    if not value.is_known:
        raise _fail(spec, path, "an unknown value cannot be written")
    if value.is_null:
        if spec.required:
            raise _fail(spec, path, "a null value means no block, but the block is required")
        if value != _null_of(spec):
            raise _fail(spec, path, _differs(value, _null_of(spec)))
        body.add_blocks(spec.type_name, [], spec, path)
        return
    body.add_blocks(spec.type_name, [w.block(spec, value, (), path)], spec, path)


_SEQUENCE_TYPES: dict[type[Spec], tuple[type[Type], str]] = {
    BlockListSpec: (ListType, "list"),
    BlockSetSpec: (SetType, "set"),
    BlockTupleSpec: (TupleType, "tuple"),
}


def _write_sequence(
    w: _Writer,
    spec: BlockListSpec | BlockSetSpec | BlockTupleSpec,
    value: Value,
    body: _Body,
    path: str,
) -> None:
    _need_present(spec, value, path)
    kind, kind_name = next(v for k, v in _SEQUENCE_TYPES.items() if isinstance(spec, k))
    if not isinstance(value.type, kind):
        raise _fail(spec, path, f"needs a {kind_name}, not {_type_name(value.type)}")
    elements = value.elements()
    count = len(elements)
    if count < spec.min_items:
        raise _fail(
            spec, path, f"{_count(count, 'block')}, but at least {spec.min_items} are required"
        )
    if 0 < spec.max_items < count:
        raise _fail(
            spec, path, f"{_count(count, 'block')}, but no more than {spec.max_items} are allowed"
        )
    blocks = [w.block(spec, e, (), f"{path}[{i}]") for i, e in enumerate(elements)]
    body.add_blocks(spec.type_name, blocks, spec, path)


def _write_keyed(
    w: _Writer, spec: BlockMapSpec | BlockObjectSpec, value: Value, body: _Body, path: str
) -> None:
    is_map = isinstance(spec, BlockMapSpec)
    kind_name = "map" if is_map else "object"
    depth = len(spec.label_names)
    blocks: list[BlockItem] = []
    # Each level: its value, its keys so far, its path.
    pending: list[tuple[Value, tuple[str, ...], str]] = [(value, (), path)]
    while pending:
        level, keys, where = pending.pop()
        _need_present(spec, level, where)
        if not isinstance(level.type, MapType if is_map else ObjectType):
            article = "a" if is_map else "an"
            raise _fail(spec, where, f"needs {article} {kind_name}, not {_type_name(level.type)}")
        if keys and not len(level):
            raise _fail(
                spec,
                where,
                f"an empty {kind_name} cannot be written: a level holds the blocks under it",
            )
        children = [(e, (*keys, k), _attr_path(where, k)) for k, e in level.items()]
        if len(keys) + 1 < depth:
            pending.extend(reversed(children))
        else:
            blocks.extend(w.block(spec, e, k, p) for e, k, p in children)
    body.add_blocks(spec.type_name, blocks, spec, path)


def _write_block_attrs(
    w: _Writer, spec: BlockAttrsSpec, value: Value, body: _Body, path: str
) -> None:
    if not value.is_known:
        raise _fail(spec, path, "an unknown value cannot be written")
    null = Value.null(MapType(spec.element_type))
    if value.is_null:
        if spec.required:
            raise _fail(spec, path, "a null value means no block, but the block is required")
        if value != null:
            raise _fail(spec, path, _differs(value, null))
        body.add_blocks(spec.type_name, [], spec, path)
        return
    if not isinstance(value.type, MapType):
        raise _fail(spec, path, f"needs a map, not {_type_name(value.type)}")
    # With an element type of ``any`` the values are unified when decoded: the
    # final check compares them.
    exact = not spec.element_type.has_dynamic_types()
    items: list[AttributeItem | BlockItem] = []
    for key, element in value.items():
        where = _attr_path(path, key)
        if w.native and not is_identifier(key):
            raise _fail(spec, where, "the native syntax has no attribute of this name")
        if not w.native and key == "//":
            raise _fail(spec, where, 'the JSON syntax reads a property "//" as a comment')
        item, back = w.attribute(spec, key, element, where)
        if exact and back != element:
            raise _fail(spec, where, _differs(element, back))
        items.append(item)
    block = BlockItem(spec.type_name, (), tuple(items))
    body.add_blocks(spec.type_name, [block], spec, path)


def _write_default(w: _Writer, spec: DefaultSpec, value: Value, body: _Body, path: str) -> None:
    def both(primary: Value, default: Value | None) -> _Body:
        part = _Body()
        w.write(spec.primary, primary, part, path)
        if default is not None:
            w.write(spec.default, default, part, path)
        elif not _may_be_absent(spec.default):
            raise _fail(spec, path, "the default spec needs a part of its own in the body")
        return part

    def by_default() -> _Body:
        part = _Body()
        w.write(spec.default, value, part, path)
        part.merge(both(_null_of(spec.primary), None), spec, path)
        if not part.is_empty():
            raise _fail(spec, path, "the default does not give the value by itself")
        return part

    attempts: list[Callable[[], _Body]]
    if not value.is_known or value.is_null:
        attempts = [lambda: both(value, value)]
    else:
        # Left out when the default gives the value, else the primary's part; last,
        # the default's own part (a default that reads the body).
        attempts = [
            by_default,
            lambda: both(value, None),
            lambda: both(_null_of(spec.primary), value),
        ]
    errors: list[ValueError] = []
    for attempt in attempts:
        try:
            part = attempt()
            body.merge(part, spec, path)
        except ValueError as error:
            errors.append(error)
            continue
        return
    raise errors[1] if len(errors) > 1 else errors[0]


def _evaluated(spec: TransformExprSpec, value: Value) -> Value | None:
    ctx = EvalContext({spec.var_name: value}, parent=spec.transform_ctx)
    result, diags = spec.expr.value(ctx)
    return None if diags.has_errors() else result


def _write_transform_expr(
    w: _Writer, spec: TransformExprSpec, value: Value, body: _Body, path: str
) -> None:
    _write_if_given_back(w, spec, value, body, path, result=_evaluated(spec, value))


def _write_transform_func(
    w: _Writer, spec: TransformFuncSpec, value: Value, body: _Body, path: str
) -> None:
    try:
        result: Value | None = spec.func.call([value])
    except FunctionError:
        result = None
    _write_if_given_back(w, spec, value, body, path, result=result)


def _write_if_given_back(
    w: _Writer,
    spec: TransformExprSpec | TransformFuncSpec,
    value: Value,
    body: _Body,
    path: str,
    *,
    result: Value | None,
) -> None:
    """The wrapped spec's part for ``value``, when the transform gives it back."""
    if result != value:
        hint = " (as result = nested does)" if isinstance(spec, TransformExprSpec) else ""
        raise _fail(
            spec,
            path,
            f"a transform cannot be written back unless it gives the value back{hint}, "
            "and it does not for this value",
        )
    w.write(spec.wrapped, value, body, path)


def _write_validate(w: _Writer, spec: ValidateSpec, value: Value, body: _Body, path: str) -> None:
    for found in spec.func(value):
        if found.severity is Severity.ERROR:
            problem = found.summary + (f": {found.detail}" if found.detail else "")
            raise _fail(spec, path, f"the value does not pass the validation ({problem})")
    w.write(spec.wrapped, value, body, path)


def _write_refine(w: _Writer, spec: RefineSpec, value: Value, body: _Body, path: str) -> None:
    try:
        value.refine_with(spec.refine)
    except ValueError as error:
        raise _fail(spec, path, f"the value breaks the refinement ({error})") from None
    w.write(spec.wrapped, value, body, path)


_WRITERS: dict[type, Callable[[_Writer, Any, Value, _Body, str], None]] = {
    ObjectSpec: _write_object,
    TupleSpec: _write_tuple,
    AttrSpec: _write_attr,
    LiteralSpec: _write_literal,
    ExprSpec: _write_expr,
    BlockLabelSpec: _write_label,
    BlockSpec: _write_block,
    BlockListSpec: _write_sequence,
    BlockSetSpec: _write_sequence,
    BlockTupleSpec: _write_sequence,
    BlockMapSpec: _write_keyed,
    BlockObjectSpec: _write_keyed,
    BlockAttrsSpec: _write_block_attrs,
    DefaultSpec: _write_default,
    TransformExprSpec: _write_transform_expr,
    TransformFuncSpec: _write_transform_func,
    ValidateSpec: _write_validate,
    RefineSpec: _write_refine,
}


# --------------------------------------------------------------------------- the check


def _check_round_trip(
    text: str, value: Value, spec: Spec, ctx: EvalContext | None, *, json: bool
) -> None:
    """Decode ``text`` again; ``ValueError`` unless that gives ``value`` back."""
    file, diags = parse_source(text, "<encoded>", "json" if json else "native")
    decoded = value
    if not diags.has_errors():
        decoded, more = decode(file.body, spec, ctx)
        diags.extend(more)
    prefix = "the value cannot be written back with this spec"
    for found in diags:
        if found.severity is Severity.ERROR:
            raise ValueError(
                f"{prefix}: the text written does not decode ({found.summary}: {found.detail})"
            )
    if decoded != value:
        where, back, wanted = _difference(decoded, value)
        at = f" at {where}" if where else ""
        raise ValueError(f"{prefix}: it would be read back as {back}{at}, not {wanted}")


def _difference(found: Value, wanted: Value) -> tuple[str, str, str]:
    """Where two values first differ, and how each looks there: their types where
    the types differ, else their summaries."""
    path = ""
    while True:
        step = _first_difference(found, wanted)
        if step is None:
            break
        key, found, wanted = step
        path = f"{path}[{key}]" if isinstance(key, int) else _attr_path(path, key)
    if found.type != wanted.type:
        return path, _type_text(found.type), _type_text(wanted.type)
    return path, value_summary(found), value_summary(wanted)


def _first_difference(found: Value, wanted: Value) -> tuple[int | str, Value, Value] | None:
    """The first differing element of two sequences of one length, or attribute of two
    mappings of the same keys; ``None`` for values that are not such a pair."""
    if not (found.is_known and wanted.is_known) or found.is_null or wanted.is_null:
        return None
    sequences = ListType | SetType | TupleType
    if isinstance(found.type, sequences) and isinstance(wanted.type, sequences):
        mine, theirs = found.elements(), wanted.elements()
        if len(mine) == len(theirs):
            for index, (a, b) in enumerate(zip(mine, theirs, strict=True)):
                if a != b:
                    return index, a, b
        return None
    mappings = MapType | ObjectType
    if isinstance(found.type, mappings) and isinstance(wanted.type, mappings):
        found_items, wanted_items = dict(found.items()), dict(wanted.items())
        if found_items.keys() == wanted_items.keys():
            for key, a in found_items.items():
                if a != wanted_items[key]:
                    return key, a, wanted_items[key]
    return None


def _type_text(t: Type) -> str:
    try:
        return type_string(t)
    except TypeError:
        return t.friendly_name()
