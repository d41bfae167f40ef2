"""Type expressions read from the structure of an expression, as HCL's ``ext/typeexpr``.

A type expression describes a type with keywords and constructor calls::

    string      number      bool      any (constraints only)
    list(T)     set(T)      map(T)
    tuple([T, ...])
    object({name = T, other = optional(T), third = optional(T, default)})

The expression is never evaluated: it is taken apart with the static
analyses of :mod:`hcldecode.model` (:func:`~hcldecode.model.expr_call` and
the rest), so it reads the same in both syntaxes
(in the JSON syntax a type is a string holding a native expression, such as
``"list(string)"``). Only the default of ``optional(T, default)`` is
evaluated, without variables or functions.

* :func:`type_of` reads an *exact* type: ``any`` and ``optional`` are errors;
* :func:`type_constraint` reads a *type constraint*: ``any`` is the dynamic
  pseudo-type and object attributes may be ``optional(T)``;
* :func:`type_constraint_with_defaults` also accepts ``optional(T,
  default)`` and returns the :class:`Defaults`, to be applied to a value
  before converting it to the type (as Terraform does for its variables);
* :func:`type_string` writes a type back as a type expression.

Every mistake is an ``Invalid type specification`` error (or ``Invalid
default value for optional attribute``) with the reference's detail and
ranges; the type is then the dynamic pseudo-type where the mistake was.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from .._text import go_quote, is_identifier
from ..model._diagnostics import Diagnostic, Diagnostics, Range
from ..model._static import expr_as_keyword, expr_call, expr_list, expr_map
from ..model._structure import Expression
from ..values._convert import ConversionError, convert, unify_unsafe
from ..values._types import (
    BOOL,
    DYNAMIC,
    NUMBER,
    STRING,
    CollectionType,
    ListType,
    MapType,
    ObjectType,
    SetType,
    TupleType,
    Type,
)
from ..values._value import Value
from ._frozen import frozen_mapping

__all__ = [
    "Defaults",
    "type_constraint",
    "type_constraint_with_defaults",
    "type_of",
    "type_string",
]

_SUMMARY = "Invalid type specification"

_PRIMITIVES: Mapping[str, Type] = {"bool": BOOL, "string": STRING, "number": NUMBER}
_COLLECTIONS = {"list": ListType, "set": SetType, "map": MapType}
_ONE_ARGUMENT = {
    **{
        name: f"The {name} type constructor requires one argument specifying the element type."
        for name in _COLLECTIONS
    },
    "object": "The object type constructor requires one argument specifying the attribute "
    "types and values as a map.",
    "tuple": "The tuple type constructor requires one argument specifying the element types "
    "as a list.",
}


# --------------------------------------------------------------------------- defaults


@attrs.frozen
class Defaults:
    """The defaults of the ``optional(T, default)`` attributes of a type, at every depth.

    Made by :func:`type_constraint_with_defaults`.

    Attributes:
        type: The type these defaults belong to.
        values: The default of each optional attribute of an object type
            (already converted to the attribute's type), by attribute name.
        children: The defaults of what is inside: for an object the attribute
            name, for a tuple the element index as a decimal string, for a
            list, set or map the empty string (one entry for every element).
    """

    type: Type
    values: Mapping[str, Value] = attrs.field(factory=dict, converter=frozen_mapping)
    children: Mapping[str, Defaults] = attrs.field(factory=dict, converter=frozen_mapping)

    def apply(self, value: Value) -> Value:
        """A value with every absent or null optional attribute set to its default.

        Defaults are applied at every depth: in the elements of lists,
        sets, maps and tuples, in nested objects, and in the defaults
        themselves when they are objects with optional attributes of their
        own. Null and unknown values are left as they are (a null object
        gets no defaults, a null attribute does).

        Args:
            value: The value, as read from configuration.

        Returns:
            The value with the defaults. It may have a different type from
            ``value`` and still needs converting to :attr:`type`; a value that
            does not fit the type is returned unchanged where it does not fit, so
            that the conversion reports the mistake. A list, set or map whose
            elements no longer share a type becomes a tuple or an object.
        """
        if not value.is_known or value.is_null or (not self.values and not self.children):
            return value
        t = value.type
        if isinstance(t, (ListType, SetType, TupleType)):
            elements = [self._child(i).apply(e) for i, e in enumerate(value.elements())]
            if isinstance(t, TupleType):
                return Value.tuple(elements)
            make = Value.list if isinstance(t, ListType) else Value.set
            if not elements:
                return make([], t.element)
            unified = _unified(elements)
            return make(*unified) if unified is not None else Value.tuple(elements)
        if isinstance(t, (ObjectType, MapType)):
            attributes = {k: self._child(k).apply(v) for k, v in value.items()}
            for name, default in self.values.items():
                current = attributes.get(name)
                if current is None or current.is_null:
                    attributes[name] = self._child(name).apply(default)
            if not isinstance(t, MapType):
                return Value.object(attributes)
            if not attributes:
                return Value.map({}, t.element)
            names = sorted(attributes)
            unified = _unified([attributes[k] for k in names])
            if unified is None:
                return Value.object(attributes)
            return Value.map(dict(zip(names, unified[0], strict=True)), unified[1])
        return value

    def _child(self, key: int | str) -> Defaults:
        """The defaults of one element or attribute (no defaults when there are none)."""
        if isinstance(key, int) and isinstance(self.type, TupleType):
            found = self.children.get(str(key))
        elif isinstance(key, str) and isinstance(self.type, ObjectType):
            found = self.children.get(key)
        else:
            found = self.children.get("")
        return found if found is not None else _NO_DEFAULTS


_NO_DEFAULTS = Defaults(DYNAMIC)


def _unified(values: Sequence[Value]) -> tuple[list[Value], Type] | None:
    """``values`` converted to one common type, or ``None`` when they have none."""
    common, conversions = unify_unsafe([v.type for v in values])
    if common is None:
        return None
    try:
        converted = [
            v if conversion is None else conversion(v)
            for v, conversion in zip(values, conversions, strict=True)
        ]
    except ConversionError:
        return None
    return converted, common


def _collection_defaults(t: Type, element: Defaults | None) -> Defaults | None:
    return Defaults(t, children={"": element}) if element is not None else None


def _structural_defaults(
    t: Type, values: Mapping[str, Value], children: Mapping[str, Defaults]
) -> Defaults | None:
    return Defaults(t, values, children) if values or children else None


# --------------------------------------------------------------------------- reading


def _fail(
    detail: str, subject: Range, context: Range | None = None
) -> tuple[Type, Defaults | None, Diagnostics]:
    return DYNAMIC, None, Diagnostics([Diagnostic.error(_SUMMARY, detail, subject, context)])


@attrs.frozen
class _Reader:
    """Reads type expressions: ``constraint`` allows ``any`` and ``optional(T)``,
    ``with_defaults`` also ``optional(T, default)``."""

    constraint: bool
    with_defaults: bool

    def read(self, expr: Expression) -> tuple[Type, Defaults | None, Diagnostics]:
        keyword = expr_as_keyword(expr)
        if keyword is not None:
            return self._keyword(keyword, expr)
        call, _diags = expr_call(expr)
        if call is None:
            return _fail(
                "A type specification is either a primitive type keyword (bool, number, "
                "string) or a complex type constructor call, like list(string).",
                expr.range,
            )
        name = call.name
        if name in _PRIMITIVES:
            return _fail(
                f"Primitive type keyword {go_quote(name)} does not expect arguments.",
                call.args_range,
            )
        if name == "any":
            return _fail(
                f"Type constraint keyword {go_quote(name)} does not expect arguments.",
                call.args_range,
            )
        args = call.arguments
        if name in _ONE_ARGUMENT and len(args) != 1:
            # Too many arguments: the extra ones are the subject.
            subject = args[1].range.through(args[-1].range) if args else call.args_range
            return _fail(_ONE_ARGUMENT[name], subject, call.args_range)
        if name in _COLLECTIONS:
            element, element_defaults, diags = self.read(args[0])
            t = _COLLECTIONS[name](element)
            return t, _collection_defaults(t, element_defaults), diags
        if name == "object":
            return self._object(expr, args[0])
        if name == "tuple":
            return self._tuple(expr, args[0])
        if name == "optional":
            return _fail(
                f"Keyword {go_quote(name)} is valid only as a modifier for object type attributes.",
                call.name_range,
            )
        return _fail(f"Keyword {go_quote(name)} is not a valid type constructor.", expr.range)

    def _keyword(self, keyword: str, expr: Expression) -> tuple[Type, Defaults | None, Diagnostics]:
        if keyword in _PRIMITIVES:
            return _PRIMITIVES[keyword], None, Diagnostics()
        if keyword == "any":
            if self.constraint:
                return DYNAMIC, None, Diagnostics()
            return _fail(
                f"The keyword {go_quote(keyword)} cannot be used in this type specification: "
                "an exact type is required.",
                expr.range,
            )
        if keyword in _ONE_ARGUMENT:
            return _fail(_ONE_ARGUMENT[keyword], expr.range)
        return _fail(
            f"The keyword {go_quote(keyword)} is not a valid type specification.", expr.range
        )

    def _tuple(
        self, expr: Expression, argument: Expression
    ) -> tuple[Type, Defaults | None, Diagnostics]:
        items, list_diags = expr_list(argument)
        if list_diags.has_errors():
            return _fail(
                "Tuple type constructor requires a list of element types.",
                argument.range,
                expr.range,
            )
        diags = Diagnostics()
        elements: list[Type] = []
        children: dict[str, Defaults] = {}
        for index, item in enumerate(items):
            element, element_defaults, element_diags = self.read(item)
            diags.extend(element_diags)
            elements.append(element)
            if element_defaults is not None:
                children[str(index)] = element_defaults
        t = TupleType(elements)
        return t, _structural_defaults(t, {}, children), diags

    def _object(
        self, expr: Expression, argument: Expression
    ) -> tuple[Type, Defaults | None, Diagnostics]:
        pairs, map_diags = expr_map(argument)
        if map_diags.has_errors():
            return _fail(
                "Object type constructor requires a map whose keys are attribute names and "
                "whose values are the corresponding attribute types.",
                argument.range,
                expr.range,
            )
        diags = Diagnostics()
        attributes: dict[str, Type] = {}
        optional: list[str] = []
        values: dict[str, Value] = {}
        children: dict[str, Defaults] = {}
        for key, type_expr in pairs:
            name = expr_as_keyword(key)
            problem = (
                "Object constructor map keys must be attribute names."
                if name is None
                else "Object constructor map keys must be unique."
                if name in attributes
                else None
            )
            if problem is not None:
                diags.append(Diagnostic.error(_SUMMARY, problem, key.range, expr.range))
                continue
            assert name is not None
            modifier, modifier_diags = self._optional(type_expr)
            diags.extend(modifier_diags)
            if modifier is None:
                continue
            attr_type, attr_defaults, attr_diags = self.read(modifier.expr)
            diags.extend(attr_diags)
            if modifier.optional:
                optional.append(name)
            if modifier.default is not None:
                default, default_diags = _converted_default(modifier.default, attr_type)
                diags.extend(default_diags)
                if default is not None:
                    values[name] = default
            attributes[name] = attr_type
            if attr_defaults is not None:
                children[name] = attr_defaults
        t = ObjectType(attributes, optional)
        return t, _structural_defaults(t, values, children), diags

    def _optional(self, type_expr: Expression) -> tuple[_AttributeType | None, Diagnostics]:
        """An attribute's type expression without its ``optional(...)`` modifier, if any.

        ``None`` means the attribute is left out (``optional()`` has no type).
        """
        call, _diags = expr_call(type_expr)
        if call is None or call.name != "optional":
            return _AttributeType(type_expr), Diagnostics()
        args = call.arguments
        if not args:
            return None, _modifier_error(
                "Optional attribute modifier requires the attribute type as its argument.",
                call.args_range,
                type_expr,
            )
        if not self.constraint:
            return _AttributeType(args[0]), _modifier_error(
                "Optional attribute modifier is only for type constraints, not for exact types.",
                call.name_range,
                type_expr,
            )
        if len(args) == 1:
            return _AttributeType(args[0], optional=True), Diagnostics()
        if not self.with_defaults:
            return _AttributeType(args[0]), _modifier_error(
                "Optional attribute modifier expects only one argument: the attribute type.",
                call.args_range,
                type_expr,
            )
        if len(args) > 2:
            return _AttributeType(args[0]), _modifier_error(
                "Optional attribute modifier expects at most two arguments: the attribute "
                "type, and a default value.",
                call.args_range,
                type_expr,
            )
        # The default is evaluated without variables or functions; an
        # attribute whose default cannot be evaluated is not optional.
        value, diags = args[1].value(None)
        if diags.has_errors():
            return _AttributeType(args[0]), diags
        return _AttributeType(args[0], optional=True, default=(value, args[1])), diags


def _modifier_error(detail: str, subject: Range, type_expr: Expression) -> Diagnostics:
    return Diagnostics([Diagnostic.error(_SUMMARY, detail, subject, type_expr.range)])


def _converted_default(
    default: tuple[Value, Expression], attr_type: Type
) -> tuple[Value | None, Diagnostics]:
    """A default converted to its attribute's type, or ``None`` after an error."""
    value, expr = default
    try:
        return convert(value, attr_type), Diagnostics()
    except ConversionError as error:
        return None, Diagnostics(
            [
                Diagnostic.error(
                    "Invalid default value for optional attribute",
                    "This default value is not compatible with the attribute's type "
                    f"constraint: {error}.",
                    expr.range,
                )
            ]
        )


@attrs.frozen
class _AttributeType:
    """An object attribute's type expression, whether ``optional(...)`` marked it,
    and its default's value and expression."""

    expr: Expression
    optional: bool = False
    default: tuple[Value, Expression] | None = None


# --------------------------------------------------------------------------- public functions


def type_of(expr: Expression) -> tuple[Type, Diagnostics]:
    """The exact type a type expression describes (HCL's ``typeexpr.Type``).

    Args:
        expr: The expression, such as ``list(string)``; it is taken apart
            statically, not evaluated.

    Returns:
        ``(type, diagnostics)``. ``any``, ``optional(...)`` and anything that is
        not a type expression are error diagnostics, and the type is then the
        dynamic pseudo-type.
    """
    t, _defaults, diags = _Reader(constraint=False, with_defaults=False).read(expr)
    return t, diags


def type_constraint(expr: Expression) -> tuple[Type, Diagnostics]:
    """The type constraint a type expression describes (HCL's ``typeexpr.TypeConstraint``).

    ``any`` is allowed, and ``optional(T)`` for object attributes.

    Args:
        expr: The expression, such as ``map(any)``; it is taken apart
            statically, not evaluated.

    Returns:
        ``(type, diagnostics)``. ``optional(T, default)`` and anything that is
        not a type expression are error diagnostics, and the type is then the
        dynamic pseudo-type.
    """
    t, _defaults, diags = _Reader(constraint=True, with_defaults=False).read(expr)
    return t, diags


def type_constraint_with_defaults(
    expr: Expression,
) -> tuple[Type, Defaults | None, Diagnostics]:
    """Like :func:`type_constraint`, also allowing ``optional(T, default)``.

    Args:
        expr: The expression; only the defaults are evaluated, without
            variables or functions.

    Returns:
        ``(type, defaults, diagnostics)``. The defaults are ``None`` when the
        expression gives none; apply them to a value (:meth:`Defaults.apply`)
        before converting it to the type. Mistakes are error diagnostics, as
        for :func:`type_constraint`; a default that does not convert to its
        attribute's type is one of them.
    """
    return _Reader(constraint=True, with_defaults=True).read(expr)


def type_string(t: Type) -> str:
    """A type written as a type expression, as the reference's ``TypeString``.

    Args:
        t: The type.

    Returns:
        The expression, such as ``list(object({a=string}))``. Object attributes
        come in lexicographic order, without ``optional`` marks; a name that is
        not an identifier is quoted.

    Raises:
        TypeError: The type is, or contains, a capsule type, which has no type
            expression.
    """
    if t in (STRING, NUMBER, BOOL):
        return str(t)
    if t == DYNAMIC:
        return "any"
    if isinstance(t, CollectionType):
        return f"{t.kind}({type_string(t.element)})"
    if isinstance(t, ObjectType):
        attributes = ",".join(
            f"{name if is_identifier(name) else go_quote(name)}={type_string(a)}"
            for name, a in t.attributes.items()
        )
        return "object({" + attributes + "})"
    if isinstance(t, TupleType):
        return "tuple([" + ",".join(type_string(e) for e in t.elements) + "])"
    raise TypeError(f"type_string does not support {t!r}")
