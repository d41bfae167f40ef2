"""The one field model and the rule table a Decoder owns.

A class is read once into :class:`hcldecode.pytypes.Field` records; every
annotation is handled by the first rule of a table that an application can
extend per decoder, with a ``(predicate, factory)`` pair or a new
:class:`~hcldecode.pytypes.ClassKind`.
"""

from __future__ import annotations

import dataclasses
import decimal
import typing
from typing import Annotated, Any, NamedTuple

import attrs
import pytest
from decoding_helpers import span

import hcldecode as hcl
from hcldecode.pytypes import (
    ATTRS_CLASSES,
    DATACLASSES,
    MISSING,
    ClassKind,
    Field,
    FieldProblem,
    InvalidFields,
    PythonTypes,
)
from hcldecode.values import STRING, Value

# --------------------------------------------------------------------------- the field model


@attrs.define
class Listener:
    port: int = attrs.field(metadata={"doc": "The port to listen on."})
    _secret: str = attrs.field(default="x")
    tags: list[str] = attrs.field(factory=list)
    mirror: int = attrs.field(default=attrs.Factory(lambda self: self.port, takes_self=True))


@dataclasses.dataclass
class Service:
    name: Annotated[str, hcl.label()]
    listeners: Annotated[list[Listener], hcl.block("listener")]
    timeout: Annotated[int, hcl.attr("timeout_seconds")] = 30
    extra: dict[str, int] = dataclasses.field(
        default_factory=dict, metadata={"description": "Anything else."}
    )
    hidden: int = dataclasses.field(default=0, init=False)


def test_a_class_is_read_into_one_record_per_init_field() -> None:
    types = PythonTypes()
    assert types.kind_of(Service) is DATACLASSES
    assert types.kind_of(Listener) is ATTRS_CLASSES
    name, listeners, timeout, extra = types.class_fields(Service)
    assert name == Field("name", "name", str, "name", hcl.label())
    assert listeners == Field(
        "listeners", "listeners", list[Listener], "listener", hcl.block("listener")
    )
    assert timeout == Field(
        "timeout", "timeout", int, "timeout_seconds", hcl.attr("timeout_seconds"), 30
    )
    assert extra == Field(
        "extra", "extra", dict[str, int], "extra", factory=dict, doc="Anything else."
    )
    assert (timeout.has_default, timeout.default_value()) == (True, 30)
    assert (extra.default_value(), name.has_default, name.default) == ({}, False, MISSING)
    with pytest.raises(LookupError, match="name has no default"):
        name.default_value()
    port, secret, tags, mirror = types.class_fields(Listener)
    assert (port.doc, port.default) == ("The port to listen on.", MISSING)
    assert (secret.name, secret.attribute, secret.default) == ("secret", "_secret", "x")
    assert (tags.factory, tags.default_value()) == (list, [])
    assert (mirror.has_default, mirror.factory_takes_self) == (True, True)
    with pytest.raises(LookupError, match="the default of mirror is made from the instance"):
        mirror.default_value()
    # Read once: the same records each time.
    assert types.class_fields(Service)[0] is name


def test_annotated_metadata_that_is_no_marker_is_kept_beside_the_field() -> None:
    @dataclasses.dataclass
    class Limits:
        size: Annotated[int, "bytes", hcl.attr("max_size")]

    (size,) = PythonTypes().class_fields(Limits)
    assert (size.hcl_name, size.metadata, size.marker) == (
        "max_size",
        ("bytes",),
        hcl.attr("max_size"),
    )


def test_mistakes_in_a_class_are_schema_errors_naming_the_field() -> None:
    @dataclasses.dataclass
    class Twice:
        a: Annotated[int, hcl.attr(), hcl.attr()]

    @dataclasses.dataclass
    class Clash:
        a: int
        b: Annotated[int, hcl.attr("a")]

    with pytest.raises(hcl.SchemaError) as info:
        hcl.schema_of(Twice)
    assert str(info.value) == (
        "test_mistakes_in_a_class_are_schema_errors_naming_the_field.<locals>.Twice.a "
        "has more than one hcldecode marker"
    )
    with pytest.raises(hcl.SchemaError) as info:
        hcl.schema_of(Clash)
    assert str(info.value) == (
        "test_mistakes_in_a_class_are_schema_errors_naming_the_field.<locals>.Clash: "
        "fields 'a' and 'b' both map to the HCL name 'a'"
    )


# --------------------------------------------------------------------------- (predicate, factory)


class Quantity:
    """A family of types hcldecode does not know: one rule covers every subclass."""

    unit = ""

    def __init__(self, amount: decimal.Decimal) -> None:
        self.amount = amount

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.amount == self.amount  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self), self.amount))

    def __repr__(self) -> str:
        return f"{self.amount}{self.unit}"


class Metres(Quantity):
    unit = "m"


class Seconds(Quantity):
    unit = "s"


def _is_quantity(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, Quantity)


def _quantity(tp: type[Quantity], _types: PythonTypes) -> Any:
    def structure(text: str) -> Quantity:
        if not text.endswith(tp.unit):
            raise ValueError(f"a quantity in {tp.unit} must end in {tp.unit!r}")
        return tp(decimal.Decimal(text[: -len(tp.unit)]))

    return STRING, structure, lambda q: f"{q.amount}{q.unit}"


@dataclasses.dataclass
class Run:
    distance: Metres
    laps: list[Seconds]


def test_a_rule_added_to_one_decoder_decodes_a_type_only_there() -> None:
    decoder = hcl.Decoder(rules=[(_is_quantity, _quantity)])
    text = 'distance = "400m"\nlaps = ["61.5s", "59s"]\n'
    assert decoder.loads(text, Run) == Run(
        Metres(decimal.Decimal(400)),
        [Seconds(decimal.Decimal("61.5")), Seconds(decimal.Decimal(59))],
    )
    # The same class with another decoder, or the module-level functions: unknown.
    for other in (hcl.Decoder(), hcl.Decoder(types={Seconds: (STRING, Seconds)})):
        with pytest.raises(hcl.SchemaError) as info:
            other.loads(text, Run)
        assert str(info.value) == (
            f"Run.distance: hcldecode has no HCL type for {Metres!r} (a Decoder learns the "
            "application's own types from its types= and rules=)"
        )
    with pytest.raises(hcl.SchemaError):
        hcl.loads(text, Run)


def test_a_rule_reports_what_its_structure_refuses_at_the_value() -> None:
    decoder = hcl.Decoder().with_rule(_is_quantity, _quantity)
    with pytest.raises(hcl.DecodeError) as info:
        decoder.loads('distance = "400ft"\nlaps = []\n', Run, filename="run.hcl")
    (diag,) = info.value.diagnostics
    assert (diag.summary, diag.detail, str(diag.subject)) == (
        "Unsuitable value type",
        "Unsuitable value: a quantity in m must end in 'm'.",
        "run.hcl:1,12-19",
    )


def test_a_rule_unstructures_its_objects_for_variables_and_writing() -> None:
    decoder = hcl.Decoder(
        rules=[(_is_quantity, _quantity)], variables={"best": Seconds(decimal.Decimal(58))}
    )
    run = decoder.loads('distance = "1m"\nlaps = [best]\n', Run)
    assert run.laps == [Seconds(decimal.Decimal(58))]
    assert decoder.dumps(run) == 'distance = "1m"\nlaps     = ["58s"]\n'
    assert decoder.types.to_value(Metres(decimal.Decimal(2))) == Value.string("2m")


def test_an_application_rule_comes_before_the_built_in_ones() -> None:
    as_text = hcl.Decoder(rules=[(lambda tp: tp is int, lambda _tp, _types: (STRING, len))])

    @dataclasses.dataclass
    class Counted:
        n: int

    assert as_text.loads('n = "four"', Counted) == Counted(4)
    assert hcl.loads("n = 4", Counted) == Counted(4)


def test_rules_must_have_the_documented_form() -> None:
    with pytest.raises(TypeError) as info:
        hcl.Decoder(rules=[(_is_quantity,)])  # type: ignore[list-item]
    assert str(info.value) == (
        f"a rule must be (predicate, factory) or a ClassKind, not ({_is_quantity!r},)"
    )
    bad = hcl.Decoder(rules=[(_is_quantity, lambda _tp, _types: "text")])
    with pytest.raises(hcl.SchemaError) as info:
        bad.schema_of(Run)
    assert str(info.value) == (
        f"Run.distance: the rule for {Metres!r} must be (hcl_type, structure) or "
        "(hcl_type, structure, unstructure), not 'text'"
    )


# --------------------------------------------------------------------------- a new class kind


class _NamedTuples(ClassKind):
    """NamedTuple classes, as an application could add them (one rule)."""

    name = "NamedTuple"

    def matches(self, tp: Any) -> bool:
        return isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields")

    def fields(self, cls: type, hints: typing.Mapping[str, Any]) -> list[Field]:
        defaults = getattr(cls, "_field_defaults", {})
        return [
            self.field(cls, name, name, hints.get(name), default=defaults.get(name, MISSING))
            for name in getattr(cls, "_fields", ())
        ]


class Point(NamedTuple):
    x: int
    y: int = 0


class Shape(NamedTuple):
    name: Annotated[str, hcl.label()]
    points: list[Point]
    colour: str = "black"


@dataclasses.dataclass
class Drawing:
    shapes: Annotated[list[Shape], hcl.block("shape")]
    origin: Point = dataclasses.field(default_factory=lambda: Point(0, 0))


def test_a_new_kind_of_class_is_one_rule_for_blocks_values_and_writing() -> None:
    decoder = hcl.Decoder(rules=[_NamedTuples()])
    text = 'origin = { x = 1 }\n\nshape "square" {\n  points = [{ x = 0 }, { x = 1, y = 1 }]\n}\n'
    drawing = decoder.loads(text, Drawing)
    assert drawing == Drawing([Shape("square", [Point(0, 0), Point(1, 1)])], Point(1, 0))
    assert decoder.dumps(drawing) == (
        'shape "square" {\n  points = [{\n    x = 0\n    y = 0\n    }, {\n    x = 1\n'
        "    y = 1\n  }]\n}\n\norigin = {\n  x = 1\n  y = 0\n}\n"
    )
    # the application's rule comes before the built-in kind of NamedTuple classes
    assert type(decoder.types.kind_of(Point)) is _NamedTuples
    assert hcl.decoding.Decoder().types.kind_of(Point) is not decoder.types.kind_of(Point)
    assert hcl.loads(text, Drawing) == drawing


def test_a_class_kind_reports_an_unexpected_attribute_with_a_suggestion() -> None:
    decoder = hcl.Decoder(rules=[_NamedTuples()])
    with pytest.raises(hcl.DecodeError) as info:
        decoder.loads('shape "a" {\n  points = [{ x = 0, yy = 1 }]\n}\n', Drawing, filename="d.hcl")
    (diag,) = info.value.diagnostics
    assert (
        diag.detail == 'Unsuitable value: element 0: unexpected attribute "yy". Did you mean "y"?'
    )


# --------------------------------------------------------------------------- a kind's validation


@dataclasses.dataclass
class Checked:
    """Classes whose own check returns every problem, as a model library's would."""

    def problems(self) -> list[FieldProblem]:
        return []


class _CheckedClasses(ClassKind):
    name = "checked class"

    def matches(self, tp: Any) -> bool:
        return isinstance(tp, type) and issubclass(tp, Checked)

    def fields(self, cls: type, hints: typing.Mapping[str, Any]) -> typing.Sequence[Field]:
        return DATACLASSES.fields(cls, hints)

    def construct(self, cls: type, kwargs: dict[str, Any]) -> Any:
        obj = cls(**kwargs)
        found = obj.problems()
        if found:
            raise InvalidFields(found)
        return obj


@dataclasses.dataclass
class Host(Checked):
    name: Annotated[str, hcl.label()]
    ports: list[int]
    limits: dict[str, int] = dataclasses.field(default_factory=dict)

    def problems(self) -> list[FieldProblem]:
        found = [
            FieldProblem("must be below 1024", "ports", (i,))
            for i, port in enumerate(self.ports)
            if port >= 1024
        ]
        found += [
            FieldProblem("must be positive", "limits", (k,))
            for k, v in self.limits.items()
            if v < 1
        ]
        if self.name == "x":
            found.append(FieldProblem("must not be x", "name"))
        return found


@dataclasses.dataclass
class Site(Checked):
    hosts: Annotated[list[Host], hcl.block("host")]
    owner: str = "nobody"

    def problems(self) -> list[FieldProblem]:
        found = [FieldProblem("two hosts at most", "hosts", (2,))] if len(self.hosts) > 2 else []
        if self.owner == "nobody" and not self.hosts:
            found.append(FieldProblem("an owner is needed without hosts"))
        if self.owner == "root":
            found.append(FieldProblem("not root", "owner"))
        return found


CHECKED = hcl.Decoder(rules=[_CheckedClasses()])


def _checked_problems(text: str) -> list[tuple[str, str, str]]:
    with pytest.raises(hcl.DecodeError) as info:
        CHECKED.loads(text, Site, filename="t.hcl")
    return [(d.summary, d.detail, str(d.subject)) for d in info.value.diagnostics]


def test_a_kind_reports_each_refused_part_of_an_attribute_where_it_is() -> None:
    text = 'host "a" {\n  ports  = [80, 2000, 443, 8080]\n  limits = { cpu = 0, mem = 2 }\n}\n'
    assert _checked_problems(text) == [
        (
            "Invalid attribute value",
            'The value of "ports" is not valid: element 1: must be below 1024',
            span(text, "2000"),
        ),
        (
            "Invalid attribute value",
            'The value of "ports" is not valid: element 3: must be below 1024',
            span(text, "8080"),
        ),
        (
            "Invalid attribute value",
            'The value of "limits" is not valid: attribute "cpu": must be positive',
            span(text, "cpu = 0", part="0"),
        ),
    ]


def test_a_kind_reports_a_refused_label_block_or_object_where_it_is() -> None:
    text = 'host "x" {\n  ports = []\n}\n'
    assert _checked_problems(text) == [
        (
            "Invalid block label",
            'The "name" label of the host block is not valid: must not be x',
            span(text, '"x"'),
        )
    ]
    text = "".join(f'host "h{i}" {{\n  ports = []\n}}\n' for i in range(3))
    assert _checked_problems(text) == [
        (
            "Invalid configuration",
            "The host block is not valid: two hosts at most",
            span(text, 'host "h2"'),
        )
    ]
    assert _checked_problems("") == [
        (
            "Invalid configuration",
            "The configuration is not valid: an owner is needed without hosts",
            "t.hcl:1,1-1",
        )
    ]
    text = 'owner = "root"\n'
    assert _checked_problems(text) == [
        (
            "Invalid attribute value",
            'The value of "owner" is not valid: not root',
            span(text, '"root"'),
        )
    ]


@dataclasses.dataclass
class Documented:
    """A class whose fields are documented by attribute docstrings."""

    port: int
    """The port to listen on.

    Any free one.
    """
    host: str = dataclasses.field(default="::", metadata={"doc": "From the metadata."})
    """Not this one: the metadata wins."""
    plain: int = 0


@dataclasses.dataclass
class DocumentedMore(Documented):
    extra: bool = False
    "Inherited fields keep theirs."


def test_attribute_docstrings_document_fields() -> None:
    types = PythonTypes()
    assert [f.doc for f in types.class_fields(Documented)] == [
        "The port to listen on.\n\nAny free one.",
        "From the metadata.",
        None,
    ]
    assert [f.doc for f in types.class_fields(DocumentedMore)] == [
        "The port to listen on.\n\nAny free one.",
        "From the metadata.",
        None,
        "Inherited fields keep theirs.",
    ]
