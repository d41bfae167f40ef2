"""What a configuration class allows in a body, told for an editor.

Each attribute and block type of a class's body (with those of the classes
its ``remain()`` fields decode the rest into: layered plugin schemas) is an
:class:`Entry`: its HCL type written in HCL's type syntax, whether it is
required, its default, the values it takes when it has few (``bool``,
``Literal``, ``Enum``), its labels, and the field's documentation.
"""

from __future__ import annotations

import enum
import functools
import json
import typing
from collections.abc import Sequence
from typing import Any, Literal

import attrs

from ..decoding import Decoder, SchemaError
from ..decoding._classinfo import ClassInfo, FieldInfo, class_info
from ..decoding._pytypes import ConfigTypes
from ..ext.typeexpr import type_string
from ..model import Block
from ..pytypes._rules import strip_optional
from ..values import Type
from ..write import quoted_string, value_text

__all__ = ["Entry", "Layer", "body_entries", "layered_entries", "layers_at", "value_texts"]

EntryKind = Literal["attribute", "block"]
#: A class and the decoder that decodes it: one layer of a body's schema.
Layer = tuple[type, Decoder]


@attrs.frozen
class Entry:
    """One attribute or block type a body may hold."""

    name: str
    kind: EntryKind
    #: The value's type in HCL's type syntax (attributes), or "" (blocks).
    type_text: str
    required: bool
    #: The default in native syntax, when the field has one that can be written.
    default: str | None
    doc: str | None
    #: Block types: the label names; whether more than one block may be given.
    labels: tuple[str, ...] = ()
    repeatable: bool = False
    #: The values an attribute takes when they are few (bool, Literal, Enum), as Python
    #: objects: the texts differ by syntax (:func:`value_texts`).
    choices: tuple[object, ...] = ()
    #: Block types: the class of the blocks' bodies (None when the program reads them).
    block_class: type | None = None
    #: The Python field.
    field_name: str = ""
    owner: str = ""
    #: What the value must satisfy beyond its type, in words ("at least 1").
    constraints: tuple[str, ...] = ()
    #: Block types: for each label, the texts it may be (a ``Literal``/``Enum`` label
    #: field), or none (any text).
    label_choices: tuple[tuple[str, ...], ...] = ()


_BOUNDS = (
    ("minimum", "at least {}"),
    ("exclusiveMinimum", "more than {}"),
    ("maximum", "at most {}"),
    ("exclusiveMaximum", "less than {}"),
    ("minLength", "at least {} characters"),
    ("maxLength", "at most {} characters"),
    ("minItems", "at least {} elements"),
    ("maxItems", "at most {} elements"),
    ("minProperties", "at least {} elements"),
    ("maxProperties", "at most {} elements"),
)


def _constraints(cls: type, decoder: Decoder) -> dict[str, tuple[str, ...]]:
    """The constraints of each attribute, in words, as the class's JSON Schema states
    them (:meth:`hcldecode.Decoder.json_schema` reads them from the fields)."""
    try:
        properties = decoder.json_schema(cls).get("properties", {})
    except Exception:  # (a class whose JSON Schema cannot be written has none shown)
        return {}
    found: dict[str, tuple[str, ...]] = {}
    for name, schema in properties.items():
        if not isinstance(schema, dict):
            continue
        words = [text.format(schema[key]) for key, text in _BOUNDS if key in schema]
        for part in schema.get("allOf", []):
            first = (part.get("anyOf") or [{}])[0] if isinstance(part, dict) else {}
            pattern = first.get("pattern") if isinstance(first, dict) else None
            if isinstance(pattern, str) and pattern.startswith("^(?:") and pattern.endswith(")$"):
                words.append(f"matches `{pattern[4:-2]}`")
        if words:
            found[name] = tuple(words)
    return found


def _info(cls: type, decoder: Decoder) -> ClassInfo | None:
    types = decoder.types
    if not isinstance(types, ConfigTypes):  # pragma: no cover (a decoder's types always are)
        return None
    try:
        return class_info(cls, types)
    except (SchemaError, TypeError):
        return None


def _layers(cls: type, decoder: Decoder) -> list[ClassInfo]:
    """The class's information, then that of each class its ``remain()`` field (and
    theirs) decodes the rest into."""
    found: list[ClassInfo] = []
    current: type | None = cls
    while current is not None and current is not Block and len(found) < 32:
        info = _info(current, decoder)
        if info is None or any(i.cls is info.cls for i in found):
            break
        found.append(info)
        current = info.remain.block_class if info.remain is not None else None
    return found


def _type_text(f: FieldInfo) -> str:
    plan = f.plan if f.plan is not None else f.attribute_plan
    if plan is None:
        return "any"
    hcl_type: Type = plan.hcl_type
    try:
        return type_string(hcl_type)
    except TypeError:  # a capsule type has no type expression
        return hcl_type.friendly_name()


def _choices(annotation: Any) -> tuple[object, ...]:
    """Every value of a bool, Literal or Enum type (as HCL reads them), else none."""
    inner, _ = strip_optional(annotation)
    choices: list[object]
    if inner is bool:
        choices = [True, False]
    elif typing.get_origin(inner) is Literal:
        choices = list(typing.get_args(inner))
    elif isinstance(inner, type) and issubclass(inner, enum.Enum):
        choices = [member.value for member in inner]
    else:
        return ()
    return tuple(c for c in choices if isinstance(c, str | int | float | bool))


def value_texts(entry: Entry, syntax: Literal["native", "json"]) -> list[str]:
    """The texts of an attribute's values, in the syntax of the document."""
    texts = []
    for choice in entry.choices:
        if syntax == "json" or isinstance(choice, bool):
            texts.append(json.dumps(choice, ensure_ascii=False))
        elif isinstance(choice, str):
            texts.append(quoted_string(choice))
        else:
            texts.append(str(choice))
    return texts


def _default(f: FieldInfo, decoder: Decoder) -> str | None:
    field = f.field
    if not field.has_default:
        return None
    try:
        value = field.default_value()
        if isinstance(value, enum.Enum):
            value = value.value
        text = value_text(decoder.types.to_value(value))
    except Exception:  # (a default that cannot be written is not shown)
        return None
    return text if len(text) <= 200 else None


def _entry(owner: ClassInfo, f: FieldInfo, decoder: Decoder) -> Entry | None:
    if f.kind == "attr":
        return Entry(
            f.hcl_name,
            "attribute",
            _type_text(f),
            f.required,
            _default(f, decoder),
            f.field.doc,
            choices=_choices(f.annotation),
            field_name=f.name,
            owner=owner.cls.__qualname__,
        )
    if f.kind == "block":
        header = owner.schema.block_types().get(f.hcl_name)
        labels = tuple(header.label_names) if header is not None else f.raw_labels
        block_class = f.block_class if f.block_class is not Block else None
        info = _info(block_class, decoder) if block_class is not None else None
        choices = tuple(
            tuple(text for text, _ in label.label_choices or ())
            for label in (info.labels if info is not None else ())
        )
        return Entry(
            f.hcl_name,
            "block",
            "",
            f.required,
            None,
            f.field.doc,
            labels=labels,
            repeatable=f.block_shape in ("list", "tuple", "dict"),
            block_class=block_class,
            label_choices=choices,
            field_name=f.name,
            owner=owner.cls.__qualname__,
        )
    return None


def body_entries(cls: type, decoder: Decoder) -> dict[str, Entry]:
    """Every attribute and block type a body of ``cls`` may hold, by HCL name."""
    return dict(_body_entries(cls, decoder))


@functools.lru_cache(maxsize=512)
def _body_entries(cls: type, decoder: Decoder) -> dict[str, Entry]:
    # (a decoder and the classes it decodes never change: read once)
    found: dict[str, Entry] = {}
    for info in _layers(cls, decoder):
        constraints = _constraints(info.cls, decoder)
        for f in info.fields:
            entry = _entry(info, f, decoder)
            if entry is not None and entry.name not in found:
                if entry.kind == "attribute" and entry.name in constraints:
                    entry = attrs.evolve(entry, constraints=constraints[entry.name])
                found[entry.name] = entry
    return found


def layered_entries(layers: Sequence[Layer]) -> dict[str, tuple[Entry, Decoder]]:
    """What a body decoded by these classes in turn may hold (the first class to
    claim a name has it), each with the decoder of its class."""
    found: dict[str, tuple[Entry, Decoder]] = {}
    for cls, decoder in layers:
        for name, entry in body_entries(cls, decoder).items():
            found.setdefault(name, (entry, decoder))
    return found


def layers_at(layers: Sequence[Layer], block_types: Sequence[str]) -> list[Layer]:
    """The class of the body inside nested blocks of these types (from a body decoded
    by ``layers``); none when a block type is not known there, or its blocks are
    read by the program itself."""
    current = list(layers)
    for name in block_types:
        found = layered_entries(current).get(name)
        if found is None or found[0].kind != "block" or found[0].block_class is None:
            return []
        current = [(found[0].block_class, found[1])]
    return current
