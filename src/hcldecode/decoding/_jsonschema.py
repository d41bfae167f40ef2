"""The JSON Schema of a configuration class's HCL JSON form, for editors.

:func:`json_schema` walks what the decoder derives from a class (its
:class:`~._classinfo.ClassInfo`, and each attribute's compiled lowering)
and writes it as a JSON Schema (draft 2020-12) of the JSON syntax
(docs/json-schema.md): each class whose blocks a body holds is one entry
of ``$defs`` (so that a class may hold itself), the top-level class is
the schema itself.

What the schema accepts follows what decoding accepts, HCL's conversions
included: a number where a string is wanted, a numeric string where a
number is, and, since a JSON string is a template, a string with an
interpolation or directive where any other value is wanted. Only the
constraints that JSON Schema can express are written (the rest is checked
when the file is decoded).
"""

from __future__ import annotations

import datetime
import decimal
import enum
import fractions
import inspect
import math
import re
import typing
from collections.abc import Mapping
from typing import Any, Literal

import attrs

from ..model._structure import Block
from ..pytypes._fields import Field
from ..pytypes._lowering import (
    ClassLowering,
    LeafLowering,
    Lowering,
    MappingLowering,
    OptionalLowering,
    SequenceLowering,
    TupleLowering,
    UnionLowering,
    leaf_entry,
)
from ..pytypes._rules import PythonTypes
from ..values import _number as number
from ..values._types import (
    BOOL,
    DYNAMIC,
    NUMBER,
    STRING,
    ListType,
    MapType,
    ObjectType,
    SetType,
    TupleType,
    Type,
)
from ..values._value import Value
from ._classinfo import ClassInfo, FieldInfo, class_info
from ._pytypes import ConfigTypes

__all__ = ["DRAFT", "json_schema"]

DRAFT = "https://json-schema.org/draft/2020-12/schema"

JSON = dict[str, Any]

#: A string that is a template with an interpolation or a directive: its value is
#: only known when the file is decoded, so it may stand for any value.
TEMPLATE = r"[$%]\{"
#: A string that HCL converts to a number (go-cty's number parsing).
NUMBER_TEXT = r"^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eEpP][+-]?[0-9]+)?$|^[+-]?[Ii]nf$"
#: A string that HCL converts to a bool.
BOOL_TEXT = r"^(?:true|false|1|0)$"
#: A Go duration (``"1h30m"``), as a ``timedelta`` field takes one.
DURATION_TEXT = r"^[-+]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:ns|us|µs|μs|ms|s|m|h))+$|^[-+]?0$"

_TEMPLATE_STRING: JSON = {"type": "string", "pattern": TEMPLATE}

Mode = Literal["one", "most1", "any"]


def json_schema(cls: type, types: ConfigTypes, title: str | None = None) -> JSON:
    """The JSON Schema of the JSON form of configurations of ``cls`` (see the module).

    Raises:
        SchemaError: ``cls`` cannot be decoded into.
    """
    return _Writer(cls, types).root(title)


class _Writer:
    """One schema being written: the classes named in ``$defs`` so far."""

    def __init__(self, root: type, types: ConfigTypes) -> None:
        self.root_cls = root
        self.types = types
        self.names: dict[type, str] = {}
        self.defs: dict[str, JSON] = {}
        self.taken: set[str] = set()

    def root(self, title: str | None) -> JSON:
        info = class_info(self.root_cls, self.types)
        body = self.body(info)
        schema: JSON = {"$schema": DRAFT, "title": title or self.root_cls.__name__}
        schema.update(body)
        if self.defs:
            schema["$defs"] = dict(sorted(self.defs.items()))
        return schema

    # ------------------------------------------------------------------ bodies

    def ref(self, cls: type) -> JSON:
        """A reference to the body of ``cls`` (written into ``$defs`` on first use)."""
        if cls is self.root_cls:
            return {"$ref": "#"}
        name = self.names.get(cls)
        if name is None:
            name = self.names[cls] = self.def_name(cls)
            self.defs[name] = {}  # taken before the body, which may refer to it
            self.defs[name] = self.body(class_info(cls, self.types))
        return {"$ref": f"#/$defs/{name}"}

    def def_name(self, cls: type) -> str:
        module = getattr(cls, "__module__", "")
        candidates = [cls.__name__, cls.__qualname__, f"{module}.{cls.__qualname__}"]
        for candidate in candidates:
            key = candidate.replace("<", "").replace(">", "").replace("/", ".").replace("~", "")
            if key not in self.taken:
                self.taken.add(key)
                return key
        n = 2
        while f"{candidates[-1]}-{n}" in self.taken:
            n += 1
        key = f"{candidates[-1]}-{n}"
        self.taken.add(key)
        return key

    def body(self, info: ClassInfo) -> JSON:
        """The schema of a body decoded into the class of ``info``."""
        schema: JSON = {}
        doc = _class_doc(info.cls)
        if doc:
            schema["description"] = doc
        schema["type"] = "object"
        properties: JSON = {"//": {}}
        required: list[str] = []
        for f in info.fields:
            if f.kind == "attr":
                properties[f.hcl_name] = self.attribute(info, f)
                if f.required:
                    required.append(f.hcl_name)
            elif f.kind == "block":
                properties[f.hcl_name] = self.blocks(f)
                if f.required or (f.min_items or 0) >= 1:
                    required.append(f.hcl_name)
        schema["properties"] = properties
        if required:
            schema["required"] = required
        remain = info.remain
        if remain is not None and remain.value_type is not None:
            schema["additionalProperties"] = self.free_value(remain.value_type)
        elif not info.keeps_rest:
            schema["additionalProperties"] = False
        return schema

    def free_value(self, annotation: Any) -> JSON:
        """The schema of one attribute of a free-form body of ``annotation`` values."""
        plan = self.types.plan(annotation)
        if plan.lowering is None:
            return {}
        return self.value(plan.lowering)

    # ------------------------------------------------------------------ blocks

    def blocks(self, f: FieldInfo) -> JSON:
        """The schema of the property of a block type: its label levels, then its bodies."""
        shape = f.block_shape
        labels: tuple[str, ...] = ()
        optional = 0  # how many of the last labels may be left out
        if shape == "attributes":
            element: JSON = {
                "type": "object",
                "properties": {"//": {}},
                "additionalProperties": self.free_value(f.value_type),
            }
        elif f.block_class is Block:
            element = {"type": "object"}
            labels = f.raw_labels
        else:
            assert f.block_class is not None
            element = self.ref(f.block_class)
            block_info = class_info(f.block_class, self.types)
            labels = block_info.label_names
            optional = sum(1 for label in block_info.labels if label.has_default)
        low, high = f.min_items, f.max_items
        mode: Mode
        if shape in ("one", "optional", "attributes"):
            mode = "one" if f.required else "most1"
        elif high == 1:
            mode = "one" if (low or 0) >= 1 else "most1"
        else:
            mode = "any"
        if mode == "any" and labels:  # counts over several levels: not expressible
            low, high = None, (1 if shape == "dict" else None)
        body = schema = _body_level(element, mode, low or 0, high)
        single = mode != "any"
        for depth in reversed(range(len(labels))):
            schema = _label_level(schema, single)
            if depth >= len(labels) - optional:  # the label may be left out: the body
                schema = {"anyOf": [body, schema]}
        if f.field.doc:
            schema = {"description": f.field.doc, **schema}
        return schema

    # ------------------------------------------------------------------ attributes

    def attribute(self, info: ClassInfo, f: FieldInfo) -> JSON:
        """The schema of an attribute's value, with what its field says of it."""
        plan = f.plan
        assert plan is not None
        if plan.lowering is None:  # hcl.Expression, hcl.Attribute, hcl.Value: anything
            schema: JSON = {}
        else:
            schema = self.present(plan.lowering)
            null_ok = f.null == "value" or (
                f.null == "absent" and (not f.required or plan.nullable)
            )
            if null_ok:
                schema = _with_null(schema)
            schema = _constrained(
                schema, plan.lowering.hcl_type, _field_constraints(info.cls, f.field)
            )
        return _described(schema, f.field, self.types)

    def value(self, lowering: Lowering) -> JSON:
        """The schema of a value of ``lowering``, null included where it fits."""
        schema = self.present(lowering)
        return _with_null(schema) if lowering.nullable else schema

    def present(self, lowering: Lowering) -> JSON:
        """The schema of a value of ``lowering`` that is not null."""
        if isinstance(lowering, OptionalLowering):
            return self.present(lowering.inner)
        if isinstance(lowering, LeafLowering):
            return _leaf(lowering)
        if isinstance(lowering, SequenceLowering):
            return {
                "type": ["array", "string"],
                "items": self.value(lowering.element),
                "pattern": TEMPLATE,
            }
        if isinstance(lowering, TupleLowering):
            schema: JSON = {"type": ["array", "string"]}
            if lowering.elements:
                schema["prefixItems"] = [self.value(e) for e in lowering.elements]
                schema["minItems"] = len(lowering.elements)
            schema["items"] = False
            schema["pattern"] = TEMPLATE
            return schema
        if isinstance(lowering, MappingLowering):
            schema = {"type": ["object", "string"]}
            if not lowering.any_object:
                schema["additionalProperties"] = self.value(lowering.element)
            schema["pattern"] = TEMPLATE
            return schema
        if isinstance(lowering, ClassLowering):
            return self.object_value(lowering)
        if isinstance(lowering, UnionLowering):
            alternatives: list[JSON] = []
            for member in lowering.members:
                found = self.present(member)
                for alternative in found.get("anyOf", [found]) if len(found) == 1 else [found]:
                    if alternative not in alternatives:
                        alternatives.append(alternative)
            return {"anyOf": alternatives}
        return {}  # hcl.Value, and lowerings of the application's own: anything

    def object_value(self, lowering: ClassLowering) -> JSON:
        """A class used as an attribute's value: an object of its fields' values."""
        properties: JSON = {}
        required: list[str] = []
        for field, inner in lowering.fields:
            schema = self.present(inner)
            if field.has_default or inner.nullable:
                schema = _with_null(schema)
            else:
                required.append(field.hcl_name)
            schema = _constrained(schema, inner.hcl_type, _field_constraints(lowering.cls, field))
            properties[field.hcl_name] = _described(schema, field, self.types)
        schema = {"type": ["object", "string"]}
        doc = _class_doc(lowering.cls)
        if doc:
            schema["description"] = doc
        schema["properties"] = properties
        if required:
            schema["required"] = required
        schema["additionalProperties"] = False
        schema["pattern"] = TEMPLATE
        return schema


def _body_level(element: JSON, mode: Mode, low: int, high: int | None) -> JSON:
    """The value after the label levels: one body (an object), several (an array of
    them), or none (``null``), as many as ``mode`` and the bounds allow."""
    alternatives: list[JSON] = []
    array: JSON = {"type": "array", "items": element}
    if mode == "one":
        alternatives.append(element)
        array.update(minItems=1, maxItems=1)
        alternatives.append(array)
    elif mode == "most1":
        alternatives.append(element)
        array["maxItems"] = 1
        alternatives += [array, {"type": "null"}]
    else:
        if low <= 1 and (high is None or high >= 1):
            alternatives.append(element)
        if low:
            array["minItems"] = low
        if high is not None:
            array["maxItems"] = high
        alternatives.append(array)
        if not low:
            alternatives.append({"type": "null"})
    return {"anyOf": alternatives}


def _label_level(inner: JSON, single: bool) -> JSON:
    """One label level: an object whose property names are labels, or an array of such
    objects; at least one label in all (exactly one when ``single``)."""
    level: JSON = {"type": "object", "minProperties": 1}
    item: JSON = {"type": "object"}
    if single:
        level["maxProperties"] = 1
        item["maxProperties"] = 1
    level["additionalProperties"] = inner
    item["additionalProperties"] = inner
    array: JSON = {"type": "array", "items": item, "contains": {"minProperties": 1}}
    if single:
        array["maxContains"] = 1
    return {"anyOf": [level, array]}


# --------------------------------------------------------------------------- leaves


def _leaf(lowering: LeafLowering) -> JSON:
    tp = lowering.tp
    if typing.get_origin(tp) is Literal:
        return _choices(typing.get_args(tp))
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _choices([m.value for m in tp])
    if _is_known_leaf(tp):
        if tp is str:
            return {"type": ["string", "number", "boolean"]}
        if tp is int:
            return {"type": ["integer", "string"], "pattern": f"{NUMBER_TEXT}|{TEMPLATE}"}
        if tp is bool:
            return {"type": ["boolean", "string"], "pattern": f"{BOOL_TEXT}|{TEMPLATE}"}
        if tp is typing.Any or tp is object:
            return {}
        if tp is type(None):
            return {"type": ["null", "string"], "pattern": TEMPLATE}
        if tp in (list, tuple):
            return {"type": ["array", "string"], "pattern": TEMPLATE}
        if tp is dict:
            return {"type": ["object", "string"], "pattern": TEMPLATE}
        if tp is datetime.timedelta:
            return {"type": ["number", "string"], "pattern": f"{DURATION_TEXT}|{TEMPLATE}"}
        if lowering.hcl_type == STRING:  # dates, times, UUIDs
            return {"type": "string"}
    return _of_type(lowering.hcl_type)


def _is_known_leaf(tp: Any) -> bool:
    return leaf_entry(tp) is not None


def _of_type(t: Type) -> JSON:
    """The schema of values converted to the HCL type ``t``."""
    if t == STRING:
        return {"type": ["string", "number", "boolean"]}
    if t == NUMBER:
        return {"type": ["number", "string"], "pattern": f"{NUMBER_TEXT}|{TEMPLATE}"}
    if t == BOOL:
        return {"type": ["boolean", "string"], "pattern": f"{BOOL_TEXT}|{TEMPLATE}"}
    if t == DYNAMIC:
        return {}
    if isinstance(t, ListType | SetType):
        return {"type": ["array", "string"], "items": _of_type(t.element), "pattern": TEMPLATE}
    if isinstance(t, TupleType):
        schema: JSON = {"type": ["array", "string"]}
        if t.elements:
            schema["prefixItems"] = [_of_type(e) for e in t.elements]
            schema["minItems"] = len(t.elements)
        schema.update(items=False, pattern=TEMPLATE)
        return schema
    if isinstance(t, MapType):
        return {
            "type": ["object", "string"],
            "additionalProperties": _of_type(t.element),
            "pattern": TEMPLATE,
        }
    if isinstance(t, ObjectType):
        schema = {
            "type": ["object", "string"],
            "properties": {k: _of_type(v) for k, v in t.attributes.items()},
        }
        required = [k for k in t.attributes if k not in t.optional]
        if required:
            schema["required"] = required
        schema["pattern"] = TEMPLATE
        return schema
    return dict(_TEMPLATE_STRING)  # a capsule: only an expression can give one


def _choices(values: typing.Iterable[Any]) -> JSON:
    """``Literal`` and ``Enum`` values, with the JSON values HCL converts to each."""
    found: list[Any] = []
    for value in values:
        for form in _forms(value):
            if not any(_same(form, other) for other in found):
                found.append(form)
    return {"anyOf": [{"enum": found}, dict(_TEMPLATE_STRING)]}


def _forms(value: Any) -> list[Any]:
    """A choice and the JSON values that convert to it."""
    if isinstance(value, bool):
        return [value, "true", "1"] if value else [value, "false", "0"]
    if isinstance(value, int):
        return [value, str(value)]
    if isinstance(value, float):
        return [value, number.to_string(number.from_python(value))] if math.isfinite(value) else []
    if isinstance(value, str):
        forms: list[Any] = [value]
        if re.fullmatch(r"-?(?:0|[1-9][0-9]*)", value):
            forms.append(int(value))
        if value in ("true", "false"):
            forms.append(value == "true")
        return forms
    json_value = _json_number(value)
    return [] if json_value is None else [json_value]


def _same(a: Any, b: Any) -> bool:
    """Whether two JSON values are one (``1`` and ``1.0`` are; ``1`` and ``true`` are not)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    return bool(a == b) and (
        type(a) is type(b) or isinstance(a, int | float) == isinstance(b, int | float)
    )


def _with_null(schema: JSON) -> JSON:
    """``schema``, also allowing ``null``."""
    if not schema:
        return schema
    kinds = schema.get("type")
    if isinstance(kinds, list):
        if "null" not in kinds:
            return {**schema, "type": [*kinds, "null"]}
        return schema
    if isinstance(kinds, str):
        return {**schema, "type": [kinds, "null"]} if kinds != "null" else schema
    alternatives = schema.get("anyOf")
    if isinstance(alternatives, list):
        if {"type": "null"} in alternatives:
            return schema
        return {**schema, "anyOf": [*alternatives, {"type": "null"}]}
    return {"anyOf": [schema, {"type": "null"}]}


# --------------------------------------------------------------------------- field details


def _class_doc(cls: type) -> str | None:
    doc = cls.__dict__.get("__doc__")
    if not isinstance(doc, str) or not doc.strip():
        return None
    # dataclasses write a signature where a class has no docstring
    if doc.startswith(f"{cls.__name__}(") and doc.rstrip().endswith(")"):
        return None
    return inspect.cleandoc(doc)


def _described(schema: JSON, field: Field, types: PythonTypes) -> JSON:
    """``schema`` with the field's documentation and default."""
    result: JSON = {}
    if field.doc:
        result["description"] = field.doc
    result.update(schema)
    if field.has_default:
        default = _default(field, types)
        if default is not _NO_DEFAULT:
            result["default"] = default
    return result


_NO_DEFAULT: Any = object()


def _default(field: Field, types: PythonTypes) -> Any:
    """The field's default as JSON, or :data:`_NO_DEFAULT` when it has no JSON form."""
    if field.factory_takes_self:
        return _NO_DEFAULT
    try:
        value = types.to_value(field.default_value())
    except Exception:  # a default that has no HCL form is not written
        return _NO_DEFAULT
    return _json_of(value)


def _json_of(value: Value) -> Any:
    """A known value as JSON data, or :data:`_NO_DEFAULT`."""
    if not value.is_known:
        return _NO_DEFAULT
    if value.is_null:
        return None
    t = value.type
    if t == STRING:
        return value.as_str()
    if t == BOOL:
        return value.as_bool()
    if t == NUMBER:
        n = value.as_number()
        if isinstance(n, int):
            return n
        if isinstance(n, float):  # an infinity
            return _NO_DEFAULT
        return float(number.to_string(n))
    if isinstance(t, ListType | SetType | TupleType):
        items = [_json_of(e) for e in value.elements()]
        return _NO_DEFAULT if any(i is _NO_DEFAULT for i in items) else items
    if isinstance(t, MapType | ObjectType):
        fields = {k: _json_of(v) for k, v in value.items()}
        return _NO_DEFAULT if any(v is _NO_DEFAULT for v in fields.values()) else fields
    return _NO_DEFAULT


def _json_number(value: Any) -> Any:
    try:
        return _json_of(Value.number(value))
    except (TypeError, ValueError):
        return None


# --------------------------------------------------------------------------- constraints


@attrs.define
class _Bounds:
    """The constraints found for one field, in JSON Schema's words."""

    keywords: dict[str, Any] = attrs.Factory(dict)
    lengths: dict[str, int] = attrs.Factory(dict)
    patterns: list[str] = attrs.Factory(list)
    choices: list[list[Any]] = attrs.Factory(list)

    def bound(self, keyword: str, value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            value = _json_number(value) if _is_number(value) else None
            if value is None:
                return
        if not isinstance(value, int | float) or not math.isfinite(value):
            return
        current = self.keywords.get(keyword)
        if current is None:
            self.keywords[keyword] = value
        elif keyword in ("minimum", "exclusiveMinimum"):
            self.keywords[keyword] = max(current, value)
        elif keyword in ("maximum", "exclusiveMaximum"):
            self.keywords[keyword] = min(current, value)
        else:
            self.keywords[keyword] = value

    def length(self, which: str, value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            return
        current = self.lengths.get(which)
        if current is None:
            self.lengths[which] = value
        else:
            self.lengths[which] = max(current, value) if which == "min" else min(current, value)


def _is_number(value: Any) -> bool:
    return isinstance(value, decimal.Decimal | fractions.Fraction) and not isinstance(value, bool)


_METADATA_BOUNDS = (
    ("gt", "exclusiveMinimum"),
    ("ge", "minimum"),
    ("lt", "exclusiveMaximum"),
    ("le", "maximum"),
    ("multiple_of", "multipleOf"),
)


def _field_constraints(cls: type, field: Field) -> _Bounds:
    """What the field's ``Annotated`` extras and its attrs validators say of its value."""
    found = _Bounds()
    for extra in field.metadata:
        _read_metadata(extra, found)
    if attrs.has(cls):
        definition = attrs.fields_dict(cls).get(field.attribute)
        if definition is not None and definition.validator is not None:
            _read_validator(definition.validator, found)
    return found


_ABSENT: Any = object()


def _safe_attribute(obj: object, name: str) -> Any:
    """``obj.name`` if the object or its class defines it (a ``__getattr__`` that makes up
    any name is not asked), else ``None``."""
    try:
        if inspect.getattr_static(obj, name, _ABSENT) is _ABSENT:
            return None
        return getattr(obj, name, None)
    except Exception:  # the object's own attribute lookup failed
        return None


def _read_metadata(extra: object, found: _Bounds) -> None:
    """annotated_types-style objects (``Gt(0)``, ``MinLen(1)``, ``Interval``), msgspec's
    ``Meta``, pydantic's pattern: read by their attribute names."""
    if isinstance(extra, str | int | float | bytes | type | Mapping) or extra is None:
        return
    for name, keyword in _METADATA_BOUNDS:
        value = _safe_attribute(extra, name)
        if value is not None:
            found.bound(keyword, value)
    for name, which in (("min_length", "min"), ("max_length", "max")):
        value = _safe_attribute(extra, name)
        if value is not None:
            found.length(which, value)
    pattern = _safe_attribute(extra, "pattern")
    if isinstance(pattern, re.Pattern):
        pattern = pattern.pattern
    if isinstance(pattern, str):
        found.patterns.append(pattern)


_ATTRS_COMPARISONS = {
    ">": "exclusiveMinimum",
    ">=": "minimum",
    "<": "exclusiveMaximum",
    "<=": "maximum",
}


def _read_validator(validator: object, found: _Bounds, depth: int = 0) -> None:
    """The validators of ``attrs.validators`` that JSON Schema can say, by their public
    attributes; others are left to decoding."""
    if depth > 20 or not type(validator).__module__.startswith("attr"):
        return
    name = type(validator).__name__
    if name == "_AndValidator":
        for inner in _safe_attribute(validator, "_validators") or ():
            _read_validator(inner, found, depth + 1)
    elif name == "_OptionalValidator":  # None passes too; null is decided by the type
        inner = _safe_attribute(validator, "validator")
        if isinstance(inner, list | tuple):
            for each in inner:
                _read_validator(each, found, depth + 1)
        elif inner is not None:
            _read_validator(inner, found, depth + 1)
    elif name == "_NumberValidator":
        keyword = _ATTRS_COMPARISONS.get(_safe_attribute(validator, "compare_op"))
        if keyword is not None:
            found.bound(keyword, _safe_attribute(validator, "bound"))
    elif name == "_MinLengthValidator":
        found.length("min", _safe_attribute(validator, "min_length"))
    elif name == "_MaxLengthValidator":
        found.length("max", _safe_attribute(validator, "max_length"))
    elif name == "_InValidator":
        options = _safe_attribute(validator, "options")
        if isinstance(options, list | tuple | set | frozenset | dict):
            values = list(options)
            if all(isinstance(v, str | int | float) for v in values):
                found.choices.append(values)
    elif name == "_MatchesReValidator":
        pattern = _safe_attribute(validator, "pattern")
        func = _safe_attribute(validator, "match_func")
        if isinstance(pattern, re.Pattern) and isinstance(pattern.pattern, str):
            text = pattern.pattern
            func_name = getattr(func, "__name__", "")
            if func_name == "fullmatch":
                found.patterns.append(f"^(?:{text})$")
            elif func_name == "match":
                found.patterns.append(f"^(?:{text})")
            elif func_name == "search":
                found.patterns.append(text)


def _constrained(schema: JSON, hcl_type: Type, found: _Bounds) -> JSON:
    """``schema`` with the constraints ``found`` (each applies to the JSON values of its
    kind only, so a template string is never held to a number's bounds)."""
    if not (found.keywords or found.lengths or found.patterns or found.choices):
        return schema
    result = dict(schema)
    result.update(found.keywords)
    if found.lengths:
        kinds = [("minLength", "maxLength")] if hcl_type in (STRING, DYNAMIC) else []
        if isinstance(hcl_type, ListType | SetType | TupleType) or hcl_type == DYNAMIC:
            kinds.append(("minItems", "maxItems"))
        if isinstance(hcl_type, MapType | ObjectType) or hcl_type == DYNAMIC:
            kinds.append(("minProperties", "maxProperties"))
        for low, high in kinds:
            if "min" in found.lengths:
                result[low] = found.lengths["min"]
            if "max" in found.lengths:
                result[high] = found.lengths["max"]
    checks: list[JSON] = []
    for pattern in found.patterns:
        checks.append({"anyOf": [{"pattern": pattern}, dict(_TEMPLATE_STRING)]})
    for values in found.choices:
        checks.append(_choices(values))
    if checks:
        if "null" in str(schema.get("type")) or {"type": "null"} in schema.get("anyOf", []):
            checks = [_with_null(c) for c in checks]
        result["allOf"] = [*result.get("allOf", []), *checks]
    return result
