"""Configuration objects written as HCL: the inverse of class decoding.

:func:`encode` writes an instance of a configuration class as a body in the
native syntax or the JSON syntax, by the same markers that decoding reads:
attribute fields as attributes (values made by the decoder's Python types,
the plan decoding follows back), block fields as blocks with their label
fields as labels (lists, tuples and dicts of blocks as several blocks, an
optional block left out when it is ``None``), free-form attribute blocks
and ``remain()`` dicts as attributes. Fields that keep what was read
(``hcl.Expression``, ``hcl.Attribute``, ``hcl.Block``, ``hcl.Body`` of a
``remain()`` field, and of a ``body()`` field what the other fields do not
write) are written as their source text, converted to the syntax written
when they were read in the other.
Fields equal to their defaults are left
out unless ``defaults`` is true, and so are fields the object leaves out (a
``TypedDict`` key that is not required). ``None`` is written as ``null`` where that
reads back as ``None`` (a required field, or one that keeps an explicit null
with ``attr(null="value")``), left out where the default is ``None``, and
refused otherwise. Range fields are not written: they say where something
was read, not what the object says. A sensitive field (``attr(sensitive=True)``)
is never written as text: :func:`encode` refuses it unless it is left out
(equal to its default), and :func:`update` keeps the file's expression when it
gives the object's value, and refuses otherwise.

Native text is laid out as ``hclfmt`` lays it out (one blank line around
each block); JSON text is indented by two spaces.
"""

from __future__ import annotations

import builtins
import contextlib
import enum
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import attrs

from .._text import go_quote
from ..hclparse._convert import expression_json_text, expression_native_text, may_be_block
from ..hclparse._syntax import parse_source
from ..model._structure import Attribute, Block, Body, Expression
from ..pytypes._fields import MISSING, class_name
from ..values._limits import max_nesting
from ..values._sensitive import is_sensitive
from ..write._document import (
    DocumentBody,
    ends_with_blank_line,
    ends_with_block,
    parse_document,
    remove_block_and_blank_line,
)
from ..write._items import AttributeItem, BlockItem, body_text, json_value_text
from ..write._json_document import JsonDocumentBody
from ..write._values import StringError, check_text, key_step, raw_value_text, shown
from ._classinfo import ClassInfo, FieldInfo, class_info
from ._pytypes import ConfigTypes

__all__ = ["Gives", "encode", "same_value", "update"]

_NO_DEFAULT: Any = object()


def encode(
    obj: object,
    types: ConfigTypes,
    *,
    syntax: str,
    defaults: bool,
    templates: bool = False,
    cls: type | None = None,
) -> str:
    """``obj`` written as a whole file in ``syntax`` (see the module); with ``templates``,
    JSON strings are written for a reader that evaluates them as templates; ``cls`` is
    the class ``obj`` is written as (by default its own)."""
    cls = _class_of(obj, cls, types, "encode")
    if syntax not in ("native", "json"):
        raise ValueError(f"syntax must be 'native' or 'json', not {syntax!r}")
    items = list(_items(obj, cls, _Walk(types, defaults, templates, syntax)))
    return body_text(items, "json" if syntax == "json" else "native")


def _class_of(obj: object, cls: type | None, types: ConfigTypes, caller: str) -> type:
    """The class to write ``obj`` as: ``cls`` (checked), else ``obj``'s own."""
    if cls is None:
        if types.is_object_class(type(obj)) and not isinstance(obj, type):
            return type(obj)
        hint = (
            " (a TypedDict's instances are plain dicts: give its class as cls=)"
            if isinstance(obj, Mapping)
            else ""
        )
        raise TypeError(f"{caller}() needs an instance of a configuration class, not {obj!r}{hint}")
    kind = types.kind_of(cls)
    if kind is None:
        raise TypeError(f"{caller}(): cls={cls!r} is not a configuration class")
    if not kind.instance_of(obj, cls):
        raise TypeError(f"{caller}(): {obj!r} is not an instance of {cls.__qualname__}")
    return cls


# --------------------------------------------------------------------------- what to write


@attrs.frozen
class _Block(BlockItem):
    """A block to write, with the class of its object (``None`` for a free-form
    attribute block), which :func:`update` needs."""

    cls: builtins.type | None = None


@attrs.frozen
class _Attr(AttributeItem):
    """An attribute of a field, with the object's value, the type it is decoded as
    and whether it equals the field's default, which :func:`update` needs."""

    value: Any = None
    annotation: Any = None
    default: builtins.bool = False
    #: The field is sensitive: the value has no text here, and is never written.
    sensitive: builtins.bool = False


@attrs.frozen
class _Walk:
    """One object being written: the types, whether fields equal to their defaults
    are written, whether JSON strings are for a reader of templates, the syntax
    written (expressions kept raw are converted to it only), and the defaults of
    each class met (computed once)."""

    types: ConfigTypes
    defaults: bool
    templates: bool = False
    syntax: str = "native"
    #: Whether attributes equal to their defaults are given too, marked as such.
    mark_defaults: bool = False
    known: dict[type, dict[str, Any]] = attrs.field(factory=dict)

    def defaults_of(self, info: ClassInfo) -> dict[str, Any]:
        found = self.known.get(info.cls)
        if found is None:
            found = self.known[info.cls] = _defaults(info)
        return found


def _items(
    obj: object, cls: type, walk: _Walk, depth: int = 0
) -> Iterator[AttributeItem | BlockItem]:
    """The attributes and blocks that ``obj`` (of the configuration class ``cls``) holds;
    ``depth`` counts the blocks around it, which may not pass the nesting limit
    (a block class may contain itself, and an object itself)."""
    limit = max_nesting()
    if depth > limit:
        raise ValueError(
            f"{class_name(cls)}: blocks nest more than {limit} levels deep (does an "
            "object contain itself?)"
        )
    types = walk.types
    info = class_info(cls, types)
    own_defaults = walk.defaults_of(info)
    for field in info.fields:
        value = info.kind.get(obj, field.field)
        if value is MISSING:  # left out of the object
            if field.required and field.kind in ("attr", "block"):
                raise ValueError(f"{field.name}: the object has no value for this required field")
            continue
        is_default = not walk.defaults and _equal(value, own_defaults.get(field.name, _NO_DEFAULT))
        if is_default and not (walk.mark_defaults and field.kind == "attr"):
            continue
        if field.kind == "attr":
            if value is None and not field.required and field.null != "value":
                if own_defaults.get(field.name, _NO_DEFAULT) is not None:
                    raise ValueError(
                        f"{field.name}: None cannot be written, since a null reads as absent "
                        "here and the default is not None (attr(null='value') keeps nulls)"
                    )
                continue
            item = _attr(field.hcl_name, value, field, walk)
            yield (
                attrs.evolve(item, default=True) if is_default and isinstance(item, _Attr) else item
            )
        elif field.kind == "block":
            yield from _blocks(value, field, walk, depth + 1)
        elif field.kind == "remain" and field.value_type is not None:
            for name, element in value.items():
                yield _attr(name, element, field, walk)
        elif field.kind == "remain" and field.block_class is not None and value is not None:
            rest = type(value) if walk.types.is_object_class(type(value)) else field.block_class
            yield from _items(value, rest, walk, depth)  # the rest: in the same body
        elif field.kind == "remain" and isinstance(value, Body):
            yield from _body_items(value, walk, frozenset(), depth)
        elif field.kind == "body" and isinstance(value, Body) and info.remain is None:
            # the whole body: what the other fields do not write
            claimed = frozenset(a.name for a in info.schema.attributes) | frozenset(
                b.type for b in info.schema.blocks
            )
            yield from _body_items(value, walk, claimed, depth)


def _attr(name: str, value: Any, field: FieldInfo, walk: _Walk) -> AttributeItem:
    """An attribute: an expression as its source text (a template in JSON), a value as
    its text (which also checks that it can be written)."""
    if isinstance(value, Attribute):
        value = value.expr
    # a remain() dict's or a free-form block's attribute: its key in the field
    where = field.name if name == field.hcl_name else field.name + key_step(name)
    try:
        check_text(name, f"the name {shown(name)}")
        if isinstance(value, Expression):
            return _expression_item(name, value, walk)
        annotation = field.value_type or field.annotation
        if field.sensitive:  # compared as the field's plan decodes it
            planned = field.plan.annotation if field.plan is not None else annotation
            return _sensitive(name, value, planned, walk, "the field is sensitive")
        converted = walk.types.to_value(value, annotation=annotation)
        if is_sensitive(converted):  # a Value marked sensitive
            return _sensitive(name, value, annotation, walk, "the value is sensitive")
        native = raw_value_text(converted)
        json = json_value_text(converted, templates=walk.templates)
        return _Attr(name, native, json, value, annotation)
    except StringError as exc:
        raise exc.within(where) from None
    except (TypeError, ValueError) as exc:
        raise type(exc)(f"{field.name}: {exc}") from None


def _sensitive(name: str, value: Any, annotation: Any, walk: _Walk, why: str) -> _Attr:
    """The attribute of a sensitive value, which has no text: refused when writing a
    whole file, and for an update, kept only where the file's expression gives it."""
    if not walk.mark_defaults:  # dumps: there is no expression to keep
        raise ValueError(f"{why}, and a sensitive value is not written as text")
    return _Attr(name, "", "", value, annotation, sensitive=True)


def _blocks(
    value: Any, field: FieldInfo, walk: _Walk, depth: int
) -> Iterator[AttributeItem | BlockItem]:
    types = walk.types
    if value is None:
        return
    if field.block_shape == "attributes":
        attributes = tuple(_attr(name, element, field, walk) for name, element in value.items())
        yield _Block(field.hcl_name, (), attributes)
        return
    if field.block_shape in ("one", "optional"):
        elements = [value]
    elif field.block_shape == "dict":
        elements = list(_dict_leaves(value, field.dict_depth))
    else:
        elements = list(value)
    for element in elements:
        if isinstance(element, Block):  # kept raw: written as it was read
            yield _raw_block(element, walk, depth)
            continue
        # the element's own class (a subclass writes its own fields), else the field's
        cls = type(element) if types.is_object_class(type(element)) else field.block_class
        assert cls is not None
        if cls in types.block_decoders and not types.is_object_class(cls):
            raise TypeError(
                f"{field.name}: blocks of {class_name(cls)} are read by the application's "
                "own function (block_decoders), and cannot be written back"
            )
        info = class_info(cls, types)
        labels = tuple(_label_text(info.kind.get(element, f.field)) for f in info.labels)
        while labels and labels[-1] is None:  # optional labels left out
            labels = labels[:-1]
        for f, label in zip(info.labels, labels, strict=False):
            if isinstance(label, str):
                try:
                    check_text(label, "the label")
                except StringError as exc:
                    raise exc.within(f"{field.name}: {f.name}") from None
        yield _Block(field.hcl_name, labels, tuple(_items(element, cls, walk, depth)), cls)


def _label_text(value: Any) -> Any:
    """A label field's value as the label's text (an ``Enum`` label: its value)."""
    return value.value if isinstance(value, enum.Enum) else value


def _dict_leaves(value: Mapping[str, Any], depth: int) -> Iterator[Any]:
    for element in value.values():
        if depth > 1:
            yield from _dict_leaves(element, depth - 1)
        else:
            yield element


def _defaults(info: ClassInfo) -> dict[str, Any]:
    """The default of each field that has one that can be made without the instance."""
    found: dict[str, Any] = {}
    for f in info.fields:
        with contextlib.suppress(LookupError):
            found[f.name] = f.field.default_value()
    return found


def _equal(value: object, default: object) -> bool:
    return default is not _NO_DEFAULT and same_value(value, default)


def same_value(a: object, b: object) -> bool:
    """Whether two Python values are the same: equal, and of one type."""
    try:
        return bool(a == b) and type(a) is type(b)
    except Exception:  # an object whose comparison fails is not the same
        return False


# --------------------------------------------------------------------------- in place


#: Whether an attribute's expression, given as its text, gives a value: the text,
#: the type the value is decoded as, and the value.
Gives = Callable[[str, Any, Any], builtins.bool]


def update(
    body: Any,
    obj: object,
    types: ConfigTypes,
    *,
    defaults: bool,
    gives: Gives,
    cls: builtins.type | None = None,
    gives_json: Gives | None = None,
    templates: builtins.bool = False,
    new_items_to: int = 0,
) -> None:
    """Make a document's body (or the bodies of several documents, one
    configuration) say what ``obj`` says, changing only what changed.

    An attribute whose expression already ``gives`` the object's value keeps
    its text; others the object writes are set in place (their comments
    stay), those equal to their defaults only where the file has them;
    attributes of the class's fields that it leaves out are removed; blocks
    are matched by type and labels, in order, and updated in place, new
    ones appended (native ones laid out as ``hclfmt`` lays them out, set
    off by a blank line), and those of the class's block types that the
    object no longer has removed (with the blank line that set them off).
    Attributes and blocks the class does not know are left alone. ``cls``
    is the class ``obj`` is written as (by default its own).

    ``body`` is a native :class:`DocumentBody`, a :class:`JsonDocumentBody`,
    or a list of them: the bodies of the files of one configuration, merged
    in that order. Each change goes to the body that has the attribute or
    block; new attributes and blocks go to ``bodies[new_items_to]``. JSON
    bodies evaluate with ``gives_json`` and write strings for a reader of
    templates with ``templates``.
    """
    cls = _class_of(obj, cls, types, "update")
    bodies = list(body) if isinstance(body, list | tuple) else [body]
    views = [_view(b, gives, gives_json, templates, types) for b in bodies]
    # expressions kept raw are converted to the files' syntax (both, for a mix)
    syntax = "json" if all(isinstance(v, _JsonBody) for v in views) else "native"
    walk = _Walk(types, defaults, syntax=syntax, mark_defaults=True)
    _update(views, list(_items(obj, cls, walk)), cls, types, new_items_to)


def _view(
    body: Any, gives: Gives, gives_json: Gives | None, templates: builtins.bool, types: ConfigTypes
) -> _Edited:
    if isinstance(body, DocumentBody):
        return _NativeBody(body, gives)
    if isinstance(body, JsonDocumentBody):
        if gives_json is None:
            raise TypeError("update() of a JSON-syntax body needs gives_json")
        return _JsonBody(body, gives_json, templates, types)
    raise TypeError(f"update() needs editable document bodies, not {type(body).__name__}")


def _update(
    bodies: list[_Edited],
    items: list[AttributeItem | BlockItem],
    cls: type | None,
    types: ConfigTypes,
    new_items_to: int = 0,
) -> None:
    info = class_info(cls, types) if cls is not None else None
    claims_all, claimed, block_types = True, set[str](), dict[str, int]()
    if info is not None:  # else a free-form attribute block: all its attributes are the object's
        claims_all = _claims(info, types, claimed, block_types)
    for body in bodies:
        body.block_types = block_types
    written: set[str] = set()
    for item in items:
        if not isinstance(item, AttributeItem):
            continue
        body, existing = next(
            ((b, b.attributes[item.name]) for b in bodies if item.name in b.attributes),
            (bodies[new_items_to], None),
        )
        if isinstance(item, _Attr):
            if existing is not None and body.gives(
                existing.expression_text, item.annotation, item.value
            ):
                written.add(item.name)  # unchanged: its text stays
                continue
            if existing is None and item.default:
                continue  # a default the file leaves out stays out
            if item.sensitive:
                raise ValueError(
                    f"{item.name}: the value is sensitive, and "
                    + (
                        "the file does not set it"
                        if existing is None
                        else "its expression in the file gives another value"
                    )
                    + "; a sensitive value is not written as text (set it in the file, "
                    "from a variable or a function that gives it)"
                )
        elif existing is not None and body.same_raw(existing.expression_text, item):
            written.add(item.name)  # an expression kept raw, unchanged
            continue
        body.set(item)
        written.add(item.name)
    for body in bodies:
        for name in list(body.attributes):
            if name not in written and (claims_all or name in claimed):
                body.remove_attribute(name)
    used: set[Any] = set()
    for item in items:
        if not isinstance(item, _Block):
            continue
        found = next(
            (
                (body, block)
                for body in bodies
                for block in body.blocks(item.type)
                if block not in used and block.labels == item.labels
            ),
            None,
        )
        if found is None:
            used.add(bodies[new_items_to].append_block(item, types))
            continue
        body, match = found
        used.add(match)
        _update([body.inner(match)], list(item.items), item.cls, types)
    for body in bodies:
        for block_type in block_types:
            for block in body.blocks(block_type):
                if block not in used:
                    body.remove_block(block)


class _Edited:
    """A body being updated, in either syntax: what :func:`_update` asks of it."""

    #: The block types of the body's class, each with its number of labels.
    block_types: dict[str, int]

    @property
    def attributes(self) -> Mapping[str, Any]:
        raise NotImplementedError

    def gives(self, text: str, annotation: Any, value: Any) -> builtins.bool:
        raise NotImplementedError

    def raw_text(self, item: AttributeItem) -> str:
        """The text of an attribute item that is no value (an expression kept raw)."""
        raise NotImplementedError

    def same_raw(self, text: str, item: AttributeItem) -> builtins.bool:
        """Whether an attribute's expression text is the expression ``item`` keeps."""
        return text == self.raw_text(item)

    def set(self, item: AttributeItem) -> None:
        raise NotImplementedError

    def remove_attribute(self, name: str) -> None:
        raise NotImplementedError

    def blocks(self, type: str) -> list[Any]:
        raise NotImplementedError

    def append_block(self, item: _Block, types: ConfigTypes) -> Any:
        """Add a block saying what ``item`` says; return it."""
        raise NotImplementedError

    def remove_block(self, block: Any) -> None:
        raise NotImplementedError

    def inner(self, block: Any) -> _Edited:
        """The body of one of :meth:`blocks`."""
        raise NotImplementedError


class _NativeBody(_Edited):
    def __init__(self, body: DocumentBody, gives: Gives) -> None:
        self.body = body
        self._gives = gives
        self.block_types = {}

    @property
    def attributes(self) -> Mapping[str, Any]:
        return self.body.attributes

    def gives(self, text: str, annotation: Any, value: Any) -> builtins.bool:
        return self._gives(text, annotation, value)

    def raw_text(self, item: AttributeItem) -> str:
        if not item.native and isinstance(item, _RawAttr) and item.expr is not None:
            return expression_native_text(item.expr)
        return item.native

    def set(self, item: AttributeItem) -> None:
        body = self.body
        new = item.name not in body.attributes
        if new and ends_with_block(body) and not ends_with_blank_line(body):
            body.append_newline()  # after a block, as hclfmt sets it off
        _set_raw(body, item.name, self.raw_text(item))

    def remove_attribute(self, name: str) -> None:
        self.body.remove_attribute(name)

    def blocks(self, type: str) -> list[Any]:
        return self.body.blocks(type)

    def append_block(self, item: _Block, types: ConfigTypes) -> Any:
        # Written whole, as hclfmt lays it out, and set off by a blank line as in
        # files hclfmt lays out (the first item of a body is not).
        text = body_text([_fresh(item)], "native")
        document, diags = parse_document(text)
        assert document is not None, diags
        if (self.body.attributes or self.body.blocks()) and not ends_with_blank_line(self.body):
            self.body.append_newline()
        return self.body.append_block_copy(document.body.blocks()[0])

    def remove_block(self, block: Any) -> None:
        remove_block_and_blank_line(self.body, block)

    def inner(self, block: Any) -> _Edited:
        return _NativeBody(block.body, self._gives)


class _JsonBody(_Edited):
    def __init__(
        self, body: JsonDocumentBody, gives: Gives, templates: builtins.bool, types: ConfigTypes
    ) -> None:
        self.body = body
        self._gives = gives
        self._templates = templates
        self._types = types
        self.block_types = {}

    @property
    def attributes(self) -> Mapping[str, Any]:
        return {
            name: attribute
            for name, attribute in self.body.attributes.items()
            if name not in self.block_types
        }

    def gives(self, text: str, annotation: Any, value: Any) -> builtins.bool:
        return self._gives(text, annotation, value)

    def raw_text(self, item: AttributeItem) -> str:
        if not item.json and isinstance(item, _RawAttr) and item.expr is not None:
            return expression_json_text(item.expr)
        return item.json

    def same_raw(self, text: str, item: AttributeItem) -> builtins.bool:
        # JSON text is compared as what it says: the file's may be laid out otherwise
        if text == self.raw_text(item):
            return True
        file, diags = parse_source(f'{{"v": {text}}}', "<document>", "json")
        if diags.has_errors():
            return False
        attributes, diags = file.body.just_attributes()
        return not diags.has_errors() and expression_json_text(
            attributes["v"].expr
        ) == self.raw_text(item)

    def set(self, item: AttributeItem) -> None:
        if isinstance(item, _Attr):
            converted = self._types.to_value(item.value, annotation=item.annotation)
            text = json_value_text(converted, templates=self._templates)
        else:
            text = self.raw_text(item)
        self.body.set_attribute_raw(item.name, text)

    def remove_attribute(self, name: str) -> None:
        self.body.remove_attribute(name)

    def blocks(self, type: str) -> list[Any]:
        return self.body.blocks(type, self.block_types.get(type, 0))

    def append_block(self, item: _Block, types: ConfigTypes) -> Any:
        block = self.body.append_block(item.type, item.labels)
        _update([self.inner(block)], list(item.items), item.cls, types)
        return block

    def remove_block(self, block: Any) -> None:
        self.body.remove_block(block)

    def inner(self, block: Any) -> _Edited:
        return _JsonBody(block.body, self._gives, self._templates, self._types)


def _fresh(item: _Block) -> _Block:
    """A new block's item: without the attributes equal to their defaults."""
    return attrs.evolve(item, items=tuple(_fresh_items(item.items)))


def _fresh_items(
    items: tuple[AttributeItem | BlockItem, ...],
) -> Iterator[AttributeItem | BlockItem]:
    for item in items:
        if isinstance(item, _Attr) and item.default:
            continue
        yield _fresh(item) if isinstance(item, _Block) else item


def _set_raw(body: DocumentBody, name: str, text: str) -> None:
    """Set an attribute's expression text; a text that ends with a heredoc's closing
    marker (an expression kept as it was read) is given the newline the marker needs."""
    try:
        body.set_attribute_raw(name, text)
    except ValueError:
        if text.endswith("\n"):
            raise
        body.set_attribute_raw(name, text + "\n")


def _claims(
    info: ClassInfo, types: ConfigTypes, attributes: set[str], blocks: dict[str, int]
) -> bool:
    """Add the attribute names and block types of ``info``'s fields (and of its
    ``remain()`` class's, which share its body) to ``attributes`` and ``blocks``;
    whether a ``remain()`` dict claims every attribute. Each block type is given with
    its number of labels."""
    claims_all = False
    labels = {b.type: len(b.label_names) for b in info.schema.blocks}
    for f in info.fields:
        if f.kind == "attr":
            attributes.add(f.hcl_name)
        elif f.kind == "block":
            blocks[f.hcl_name] = labels.get(f.hcl_name, 0)
        elif f.kind == "remain" and f.value_type is not None:
            claims_all = True
        elif f.kind == "remain" and f.block_class is not None:
            inner = class_info(f.block_class, types)
            claims_all = _claims(inner, types, attributes, blocks) or claims_all
    return claims_all


# --------------------------------------------------------------------------- kept raw


@attrs.frozen
class _RawAttr(AttributeItem):
    """An attribute whose expression was kept as it was read, with the expression
    (:func:`update` writes it in the syntax of the file it goes to)."""

    expr: Expression | None = None


def _expression_item(name: str, expr: Expression, walk: _Walk) -> AttributeItem:
    """An attribute whose expression was kept as it was read, in the syntax written
    (converted to it when it was read in the other)."""
    if walk.syntax == "json":
        return _RawAttr(name, "", expression_json_text(expr), expr)
    return _RawAttr(name, expression_native_text(expr), "", expr)


def _body_items(
    body: Body, walk: _Walk, skip: frozenset[str], depth: int
) -> Iterator[AttributeItem | BlockItem]:
    """The attributes and blocks of a body kept as it was read (``hcl.Body``), but those
    named in ``skip``. A JSON-syntax body says which of its objects are blocks only to
    a schema: written in the native syntax, one holding an object is refused."""
    limit = max_nesting()
    if depth > limit:
        raise ValueError(f"blocks nest more than {limit} levels deep")
    content, diags = body.content_as_written()
    if diags.has_errors():
        raise ValueError(f"a body with errors cannot be written: {diags[0].summary}")
    for name, attribute in content.attributes.items():
        if name in skip:
            continue
        if walk.syntax != "json" and may_be_block(attribute.expr):
            raise ValueError(
                f"{attribute.range}: {go_quote(name)} of a JSON-syntax body kept as it was "
                "read may be blocks or an object attribute; without a schema it cannot be "
                "written in the native syntax"
            )
        yield _expression_item(name, attribute.expr, walk)
    for block in content.blocks:
        if block.type not in skip:
            yield _raw_block(block, walk, depth + 1)


def _raw_block(block: Block, walk: _Walk, depth: int) -> _Block:
    """A block kept as it was read (``hcl.Block``): its type, labels and body."""
    return _Block(
        block.type, block.labels, tuple(_body_items(block.body, walk, frozenset(), depth))
    )
