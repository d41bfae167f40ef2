"""Reading ``.hcldec`` spec files: specs written in HCL, as the reference's ``hcldec`` reads them.

A spec file has exactly one root spec block, optionally a ``variables``
block (values for the input's expressions) and ``function`` blocks
(functions written in HCL, see :mod:`hcldecode.ext.userfunc`)::

    variables {
      region = "eu"
    }
    function "twice" {
      params = [n]
      result = n * 2
    }
    object {
      attr "name" { type = string, required = true }
      block_list "listener" {
        object {
          attr "port" { type = number }
        }
      }
    }

The spec blocks are ``object`` (labelled children), ``array``, ``attr``,
``block``, ``block_list``, ``block_set``, ``block_map``, ``block_attrs``,
``literal``, ``default`` and ``transform``; the children of ``object``
carry a label that is the result's attribute name and, for ``attr`` and
the block specs, the default name to read. Type expressions (``type``,
``element_type``) are evaluated as the reference evaluates them, with
``string``, ``number``, ``bool`` and ``any`` as variables and ``list``,
``set``, ``map``, ``tuple`` and ``object`` as functions (``null`` means
``any``). Beyond the reference, an object attribute's type may be
``optional(T)`` or ``optional(T, default)``: an expression that uses
``optional`` is read with the static rules of
:mod:`hcldecode.ext.typeexpr`, and its defaults are applied to the
decoded values. Expressions elsewhere in the file may call the functions
of :data:`hcldecode.functions.SPEC_FUNCTIONS`.

Differences from the reference (``hcldec`` of HCL 2.14): ``block_attrs`` is
accepted as the format documentation says (the reference rejects it),
``optional(...)`` works in type expressions (the reference has no such
function), and a ``default`` block with one spec gives its warning instead
of crashing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

from ..ext._frozen import frozen_mapping
from ..ext.typeexpr import Defaults, type_constraint_with_defaults
from ..ext.userfunc import decode_user_functions
from ..functions._stdlib import SPEC_FUNCTIONS
from ..model._context import EvalContext
from ..model._diagnostics import Diagnostic, Diagnostics, Range
from ..model._static import expr_call, expr_list, expr_map
from ..model._structure import (
    AttributeSchema,
    Block,
    BlockHeaderSchema,
    Body,
    BodySchema,
    Expression,
)
from ..model._traversal import Traversal
from ..values._convert import ConversionError, convert
from ..values._errors import raw_text
from ..values._function import Function, Parameter
from ..values._types import (
    BOOL,
    DYNAMIC,
    NUMBER,
    STRING,
    CapsuleType,
    ListType,
    MapType,
    ObjectType,
    SetType,
    TupleType,
    Type,
)
from ..values._value import Value
from ._specs import (
    AttrSpec,
    BlockAttrsSpec,
    BlockListSpec,
    BlockMapSpec,
    BlockSetSpec,
    BlockSpec,
    DefaultSpec,
    LiteralSpec,
    ObjectSpec,
    Spec,
    TransformExprSpec,
    TupleSpec,
)

__all__ = ["SPEC_CONTEXT", "SpecFile", "read_spec", "read_type_expr"]

SPEC_CONTEXT = EvalContext(functions=SPEC_FUNCTIONS)
"""The context of a spec file's own expressions: the spec functions, no variables."""

_ERROR_SPEC = LiteralSpec(Value.null(DYNAMIC))


@attrs.frozen
class SpecFile:
    """What a spec file defines: the root spec, and the input's variables and functions.

    Attributes:
        root: The root spec, to decode the input with.
        variables: The variables the input may use (from ``variables``
            blocks), by name.
        functions: The functions the input may use (from ``function``
            blocks), by name.
    """

    root: Spec
    variables: Mapping[str, Value] = attrs.field(factory=dict, converter=frozen_mapping)
    functions: Mapping[str, Function] = attrs.field(factory=dict, converter=frozen_mapping)

    def eval_context(self) -> EvalContext | None:
        """The context for the input.

        Returns:
            An :class:`~hcldecode.model.EvalContext` with the file's variables and
            functions, or ``None`` when the file defines no names.
        """
        if not self.variables and not self.functions:
            return None
        return EvalContext(self.variables or None, self.functions or None)


# --------------------------------------------------------------------------- type expressions

# The reference evaluates type expressions: the keywords are variables and
# the constructors functions, over a capsule type that holds a type.
_TYPE = CapsuleType("type", Type)


def _type_value(t: Type) -> Value:
    return Value.capsule(_TYPE, t)


def _held_type(value: Value) -> Type:
    held = value.payload
    assert isinstance(held, Type)
    return held


def _type_function(param: Parameter, make: Callable[[Value], Type]) -> Function:
    return Function([param], return_type=_TYPE, impl=lambda args, _ret: _type_value(make(args[0])))


_TYPE_CONTEXT = EvalContext(
    {
        "string": _type_value(STRING),
        "bool": _type_value(BOOL),
        "number": _type_value(NUMBER),
        "any": _type_value(DYNAMIC),
    },
    {
        "list": _type_function(Parameter("element_type", _TYPE), lambda v: ListType(_held_type(v))),
        "set": _type_function(Parameter("element_type", _TYPE), lambda v: SetType(_held_type(v))),
        "map": _type_function(Parameter("element_type", _TYPE), lambda v: MapType(_held_type(v))),
        "tuple": _type_function(
            Parameter("element_types", ListType(_TYPE)),
            lambda v: TupleType(_held_type(e) for e in v.elements()),
        ),
        "object": _type_function(
            Parameter("attribute_types", MapType(_TYPE)),
            lambda v: ObjectType({name: _held_type(e) for name, e in v.items()}),
        ),
    },
)


def _evaluate_type_expr(expr: Expression) -> tuple[Type, Diagnostics]:
    result, diags = expr.value(_TYPE_CONTEXT)
    if result.is_null:
        return DYNAMIC, diags
    if result.type != _TYPE or not result.is_known:
        diags.append(
            Diagnostic.error(
                "Invalid type expression",
                f"A type is required, not {result.type.friendly_name()}.",
            )
        )
        return DYNAMIC, diags
    return _held_type(result), diags


def _mentions_optional(expr: Expression) -> bool:
    """Whether ``optional(...)`` is called anywhere in the static structure of ``expr``."""
    call, _diags = expr_call(expr)
    if call is not None:
        return call.name == "optional" or any(_mentions_optional(a) for a in call.arguments)
    items, list_diags = expr_list(expr)
    if not list_diags:
        return any(_mentions_optional(item) for item in items)
    pairs, _diags = expr_map(expr)
    return any(_mentions_optional(value) for _key, value in pairs)


def read_type_expr(expr: Expression) -> tuple[Type, Defaults | None, Diagnostics]:
    """The type a spec file's type expression describes, and its attribute defaults.

    An expression that uses ``optional(...)`` anywhere is read statically
    as a type constraint with defaults
    (:func:`hcldecode.ext.typeexpr.type_constraint_with_defaults`); the
    reference's ``hcldec`` has no ``optional``. Any other expression is
    evaluated as the reference evaluates it, with ``string``, ``number``,
    ``bool`` and ``any`` as variables and the type constructors as functions,
    so that it gives the reference's types and messages; ``null`` means
    ``any``.
    """
    if _mentions_optional(expr):
        return type_constraint_with_defaults(expr)
    t, diags = _evaluate_type_expr(expr)
    return t, None, diags


# --------------------------------------------------------------------------- spec arguments


@attrs.frozen
class _NullExpression(Expression):
    """Stands for an absent optional expression argument: null, at the body's end."""

    at: Range

    def value(self, ctx: EvalContext | None = None) -> tuple[Value, Diagnostics]:
        return Value.null(DYNAMIC), Diagnostics()

    def variables(self) -> list[Traversal]:
        return []

    @property
    def range(self) -> Range:
        return self.at


_INT64 = 2**63
_KINDS: dict[str, Type] = {
    "string": STRING,
    "bool": BOOL,
    "int": NUMBER,
    "strings": ListType(STRING),
    "value": DYNAMIC,
}


def _to_python(value: Value, kind: str) -> object:
    """``value`` (already converted) as the Python value of an argument ``kind``."""
    if kind == "value":
        return value
    if value.is_null:
        return None
    if not value.is_wholly_known:
        raise ConversionError("value must be known")
    if kind == "string":
        return value.as_str()
    if kind == "bool":
        return value.as_bool()
    if kind == "int":
        n = value.as_number()
        if not isinstance(n, int) or not -_INT64 <= n < _INT64:
            raise ConversionError(
                f"value must be a whole number, between {-_INT64} and {_INT64 - 1}"
            )
        return n
    if kind == "strings":
        if any(e.is_null for e in value.elements()):
            raise ConversionError("null value is not allowed")
        return [e.as_str() for e in value.elements()]
    raise TypeError(f"unknown argument kind {kind!r}")


def _arguments(
    body: Body, kinds: Mapping[str, str], *, remain: bool = False, ctx: EvalContext | None = None
) -> tuple[dict[str, Any], Body | None, Diagnostics]:
    """The arguments of a spec block, read as the reference reads them into a Go struct.

    ``kinds`` maps each argument to ``string``, ``bool``, ``int``, ``strings``
    (optional unless noted), ``strings`` (required), ``value`` (required, any
    value) or ``expr`` (the expression itself). With ``remain`` the blocks
    and other attributes are left in the returned body.
    """
    schema = BodySchema(
        [AttributeSchema(n, kinds[n] in ("strings", "value")) for n in sorted(kinds)]
    )
    rest: Body | None = None
    if remain:
        content, rest, diags = body.partial_content(schema)
    else:
        content, diags = body.content(schema)
    found: dict[str, Any] = {}
    for name, kind in kinds.items():
        attr = content.attributes.get(name)
        if kind == "expr":
            found[name] = (
                attr.expr if attr is not None else _NullExpression(body.missing_item_range)
            )
            continue
        if attr is None:
            found[name] = None
            continue
        value, value_diags = attr.expr.value(ctx)
        diags.extend(value_diags)
        try:
            found[name] = _to_python(convert(value, _KINDS[kind]), kind)
        except ConversionError as error:
            diags.append(
                Diagnostic.error(
                    "Unsuitable value type",
                    f"Unsuitable value: {raw_text(error)}",
                    attr.expr.start_range,
                    attr.expr.range,
                )
            )
    return found, rest, diags


# --------------------------------------------------------------------------- spec blocks

_SPEC_BLOCK_TYPES = (
    "object",
    "array",
    "literal",
    "attr",
    "block",
    "block_list",
    "block_map",
    "block_set",
    "block_attrs",
    "default",
    "transform",
)
_LABELLED = BodySchema(blocks=[BlockHeaderSchema(t, ("key",)) for t in _SPEC_BLOCK_TYPES])
_UNLABELLED = BodySchema(blocks=[BlockHeaderSchema(t) for t in _SPEC_BLOCK_TYPES])


def _missing_type(kind: str, body: Body) -> Diagnostic:
    return Diagnostic.error(
        f"Missing block_type in {kind} spec",
        "The block_type attribute is required, to specify the block type name that is "
        "expected in an input HCL file.",
        body.missing_item_range,
    )


def _single_spec(body: Body, detail: str) -> tuple[Spec, Diagnostics]:
    """The one spec block ``body`` must contain (the root, or a block spec's nested spec)."""
    content, diags = body.content(_UNLABELLED)
    if not content.blocks:
        if not diags.has_errors():
            diags.append(Diagnostic.error("Missing spec block", detail, body.missing_item_range))
        return _ERROR_SPEC, diags
    if len(content.blocks) > 1:
        diags.append(Diagnostic.error("Extraneous spec block", detail, content.blocks[1].def_range))
        return _ERROR_SPEC, diags
    spec, spec_diags = _spec_block(content.blocks[0])
    diags.extend(spec_diags)
    return spec, diags


_ROOT_DETAIL = "A spec file must have exactly one root block specifying how to map to a JSON value."
_NESTED_DETAIL = (
    "A block spec must have exactly one child spec specifying how to decode block contents."
)


def _object_spec(block: Block, name: str) -> tuple[Spec, Diagnostics]:
    content, diags = block.body.content(_LABELLED)
    specs: dict[str, Spec] = {}
    for child in content.blocks:
        specs[child.labels[0]], child_diags = _spec_block(child)
        diags.extend(child_diags)
    return ObjectSpec(specs), diags


def _array_spec(block: Block, name: str) -> tuple[Spec, Diagnostics]:
    content, diags = block.body.content(_UNLABELLED)
    specs: list[Spec] = []
    for child in content.blocks:
        spec, child_diags = _spec_block(child)
        specs.append(spec)
        diags.extend(child_diags)
    return TupleSpec(specs), diags


@attrs.frozen
class _Typed:
    """The arguments of ``attr`` and ``block_attrs``: a name, a type, ``required``."""

    name: str
    type: Type
    defaults: Defaults | None
    required: bool


def _typed_arguments(
    block: Block, name: str, name_arg: str, type_arg: str
) -> tuple[_Typed | None, Diagnostics]:
    """The arguments of ``attr`` or ``block_attrs`` (none after errors in them).

    The name defaults to the block's label; the type is read even when the
    name is missing, as the reference does.
    """
    args, _rest, diags = _arguments(
        block.body, {name_arg: "string", type_arg: "expr", "required": "bool"}
    )
    if diags.has_errors():
        return None, diags
    t, defaults, type_diags = read_type_expr(args[type_arg])
    diags.extend(type_diags)
    given = args[name_arg]
    return _Typed(given if given is not None else name, t, defaults, bool(args["required"])), diags


def _attr_spec(block: Block, name: str) -> tuple[Spec, Diagnostics]:
    typed, diags = _typed_arguments(block, name, "name", "type")
    if typed is None:
        return _ERROR_SPEC, diags
    if not typed.name:
        diags.append(
            Diagnostic.error(
                "Missing name in attribute spec",
                "The name attribute is required, to specify the attribute name that is "
                "expected in an input HCL file.",
                block.body.missing_item_range,
            )
        )
        return _ERROR_SPEC, diags
    return AttrSpec(typed.name, typed.type, typed.required, defaults=typed.defaults), diags


def _block_kind_spec(
    block: Block, name: str, kinds: Mapping[str, str]
) -> tuple[dict[str, Any] | None, Spec, Diagnostics]:
    """The arguments and nested spec of a block spec (no arguments after errors in them)."""
    args, rest, diags = _arguments(block.body, {"block_type": "string", **kinds}, remain=True)
    if diags.has_errors():
        return None, _ERROR_SPEC, diags
    assert rest is not None
    args["block_type"] = args["block_type"] if args["block_type"] is not None else name
    nested, nested_diags = _single_spec(rest, _NESTED_DETAIL)
    diags.extend(nested_diags)
    return args, nested, diags


def _block_spec(block: Block, name: str) -> tuple[Spec, Diagnostics]:
    args, nested, diags = _block_kind_spec(block, name, {"required": "bool"})
    if args is None:
        return _ERROR_SPEC, diags
    return BlockSpec(args["block_type"], nested, bool(args["required"])), diags


def _sequence_spec(
    make: type[BlockListSpec] | type[BlockSetSpec], kind: str
) -> Callable[[Block, str], tuple[Spec, Diagnostics]]:
    def read(block: Block, name: str) -> tuple[Spec, Diagnostics]:
        args, nested, diags = _block_kind_spec(
            block, name, {"min_items": "int", "max_items": "int"}
        )
        if args is None:
            return _ERROR_SPEC, diags
        if not args["block_type"]:
            diags.append(_missing_type(kind, block.body))
            return _ERROR_SPEC, diags
        spec = make(args["block_type"], nested, args["min_items"] or 0, args["max_items"] or 0)
        return spec, diags

    return read


def _block_map_spec(block: Block, name: str) -> tuple[Spec, Diagnostics]:
    args, nested, diags = _block_kind_spec(block, name, {"labels": "strings"})
    if args is None:
        return _ERROR_SPEC, diags
    body = block.body
    if not args["block_type"]:
        diags.append(_missing_type("block_map", body))
        return _ERROR_SPEC, diags
    if not args["labels"]:
        diags.append(
            Diagnostic.error(
                "Invalid block label name list",
                "A block_map must have at least one label specified.",
                body.missing_item_range,
            )
        )
        return _ERROR_SPEC, diags
    if nested.implied_type().has_dynamic_types():
        diags.append(
            Diagnostic.error(
                "Invalid block_map spec",
                "A block_map spec may not contain attributes with type 'any'.",
                body.missing_item_range,
            )
        )
        return _ERROR_SPEC, diags
    return BlockMapSpec(args["block_type"], nested, label_names=args["labels"]), diags


def _block_attrs_spec(block: Block, name: str) -> tuple[Spec, Diagnostics]:
    typed, diags = _typed_arguments(block, name, "block_type", "element_type")
    if typed is None:
        return _ERROR_SPEC, diags
    if not typed.name:
        diags.append(_missing_type("block_attrs", block.body))
        return _ERROR_SPEC, diags
    spec = BlockAttrsSpec(typed.name, typed.type, typed.required, defaults=typed.defaults)
    return spec, diags


def _literal_spec(block: Block, name: str) -> tuple[Spec, Diagnostics]:
    args, _rest, diags = _arguments(block.body, {"value": "value"}, ctx=SPEC_CONTEXT)
    if diags.has_errors():
        return _ERROR_SPEC, diags
    return LiteralSpec(args["value"]), diags


def _default_spec(block: Block, name: str) -> tuple[Spec, Diagnostics]:
    body = block.body
    content, diags = body.content(_UNLABELLED)
    if not content.blocks:
        if not diags.has_errors():
            diags.append(
                Diagnostic.error(
                    "Missing spec block",
                    "A default block must have at least one nested spec, each specifying "
                    "a possible outcome.",
                    body.missing_item_range,
                )
            )
        return _ERROR_SPEC, diags
    if len(content.blocks) == 1 and not diags.has_errors():
        diags.append(
            Diagnostic.warning(
                "Useless default block",
                "A default block with only one spec is equivalent to using that spec alone.",
                content.blocks[0].def_range,
            )
        )
    spec: Spec | None = None
    for child in content.blocks:
        candidate, child_diags = _spec_block(child)
        diags.extend(child_diags)
        if child_diags.has_errors():
            continue
        spec = candidate if spec is None else DefaultSpec(spec, candidate)
    return spec if spec is not None else _ERROR_SPEC, diags


def _transform_spec(block: Block, name: str) -> tuple[Spec, Diagnostics]:
    args, rest, diags = _arguments(block.body, {"result": "expr"}, remain=True)
    if diags.has_errors():
        return _ERROR_SPEC, diags
    assert rest is not None
    content, nested_diags = rest.content(_UNLABELLED)
    diags.extend(nested_diags)
    if len(content.blocks) != 1:
        if not nested_diags.has_errors():
            diags.append(
                Diagnostic.error(
                    "Invalid transform spec",
                    "A transform spec block must have exactly one nested spec block.",
                    block.body.missing_item_range,
                )
            )
        return _ERROR_SPEC, diags
    wrapped, wrapped_diags = _spec_block(content.blocks[0])
    diags.extend(wrapped_diags)
    return TransformExprSpec(wrapped, args["result"], SPEC_CONTEXT, "nested"), diags


_READERS: dict[str, Callable[[Block, str], tuple[Spec, Diagnostics]]] = {
    "object": _object_spec,
    "array": _array_spec,
    "attr": _attr_spec,
    "block": _block_spec,
    "block_list": _sequence_spec(BlockListSpec, "block_list"),
    "block_set": _sequence_spec(BlockSetSpec, "block_set"),
    "block_map": _block_map_spec,
    "block_attrs": _block_attrs_spec,
    "default": _default_spec,
    "transform": _transform_spec,
    "literal": _literal_spec,
}


def _spec_block(block: Block) -> tuple[Spec, Diagnostics]:
    name = block.labels[0] if block.labels else ""
    return _READERS[block.type](block, name)


# --------------------------------------------------------------------------- files


def read_spec(body: Body) -> tuple[SpecFile, Diagnostics]:
    """Read a spec file, as HashiCorp's ``hcldec`` command reads it (see the module).

    Args:
        body: The spec file's top-level body, of either syntax.

    Returns:
        ``(spec_file, diagnostics)``. Mistakes in the spec file are error
        diagnostics; the spec file then holds what could be read.
    """
    functions, body, diags = decode_user_functions(body, "function", lambda: SPEC_CONTEXT)
    content, body, var_diags = body.partial_content(
        BodySchema(blocks=[BlockHeaderSchema("variables")])
    )
    diags.extend(var_diags)
    variables: dict[str, Value] = {}
    for block in content.blocks:
        attributes, attr_diags = block.body.just_attributes()
        diags.extend(attr_diags)
        for name, attr in attributes.items():
            variables[name], value_diags = attr.expr.value(SPEC_CONTEXT)
            diags.extend(value_diags)
    root, root_diags = _single_spec(body, _ROOT_DETAIL)
    diags.extend(root_diags)
    return SpecFile(root, variables, functions), diags
