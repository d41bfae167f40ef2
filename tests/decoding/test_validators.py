"""attrs validators and converters, class invariants, and the kinds of class that can be decoded.

The classes are defined at module level: with ``from __future__ import
annotations`` their annotations are strings, which ``typing.get_type_hints``
resolves in the module's namespace.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any

import attrs
import pytest
from decoding_helpers import problems, span

import hcldecode as hcl
from hcldecode.model import AttributeSchema


def positive(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value <= 0:
        raise ValueError(f"{attribute.name} must be positive")


def _upper(text: str) -> str:
    return text.upper()


@attrs.define
class Limits:
    port: int = attrs.field(validator=positive)
    name: str = attrs.field(default="x", converter=_upper)
    count: Annotated[int, hcl.attr("n")] = attrs.field(
        default=1, validator=[attrs.validators.gt(0), attrs.validators.lt(10)]
    )
    tags: list[str] = attrs.field(factory=list, validator=attrs.validators.max_len(1))


@attrs.frozen
class Window:
    low: int = attrs.field()
    high: int = attrs.field()

    @high.validator
    def _check_high(self, _attribute: attrs.Attribute[int], value: int) -> None:
        if value < self.low:
            raise ValueError("high must not be below low")


def _times_factor(value: int, instance: Any) -> int:
    return value * int(instance.factor)


@attrs.define
class Scaled:
    factor: int = 2
    # (the attrs mypy plugin does not know Converter objects)
    size: int = attrs.field(
        default=0,
        converter=attrs.Converter(_times_factor, takes_self=True),  # type: ignore[misc]
    )


@attrs.define(slots=False)
class Checked:
    low: int = 0
    high: int = attrs.field(default=10)

    @high.validator
    def _check_high(self, _attribute: attrs.Attribute[int], value: int) -> None:
        if value < self.low:
            raise ValueError("high must not be below low")


@attrs.define
class Invariant:
    low: int
    high: int

    def __attrs_post_init__(self) -> None:
        if self.high < self.low:
            raise ValueError("the window is empty")


@dataclasses.dataclass
class Span:
    start: int
    end: int

    def __post_init__(self) -> None:
        if self.end < self.start:
            raise ValueError("end comes before start")


def parse_port(value: Any) -> int:
    number = int(value)
    if not 0 < number < 65536:
        raise ValueError(f"port {number} is out of range")
    return number


@attrs.define
class Converted:
    port: int = attrs.field(converter=parse_port)


@attrs.define
class Holder:
    limits: Annotated[list[Limits], hcl.block()] = attrs.Factory(list)
    window: Annotated[Window | None, hcl.block()] = None
    span: Annotated[Span | None, hcl.block()] = None
    invariant: Annotated[Invariant | None, hcl.block()] = None


def test_validators_and_converters_run() -> None:
    assert hcl.loads('port = 5\nname = "abc"\n', Limits) == Limits(5, "ABC")
    assert hcl.loads("low = 1\nhigh = 3\n", Window) == Window(1, 3)


def test_each_failing_validator_is_a_diagnostic_at_its_attribute() -> None:
    text = 'port = -5\nn = 20\ntags = ["a", "b"]\n'
    assert problems(text, Limits) == [
        (
            "Invalid attribute value",
            'The value of "port" is not valid: port must be positive',
            span(text, "-5"),
        ),
        (
            "Invalid attribute value",
            "The value of \"n\" is not valid: 'count' must be < 10: 20",
            span(text, "20"),
        ),
        (
            "Invalid attribute value",
            "The value of \"tags\" is not valid: Length of 'tags' must be <= 1: 2",
            span(text, '["a", "b"]'),
        ),
    ]


def test_validator_diagnostics_in_json_and_their_context() -> None:
    text = '{"port": 0, "n": 0}'
    with pytest.raises(hcl.DecodeError) as info:
        hcl.loads(text, Limits, filename="t.hcl", syntax="json")
    assert [
        (d.summary, d.detail, str(d.subject), str(d.context)) for d in info.value.diagnostics
    ] == [
        (
            "Invalid attribute value",
            'The value of "port" is not valid: port must be positive',
            span(text, "0"),
            span(text, '"port": 0'),
        ),
        (
            "Invalid attribute value",
            "The value of \"n\" is not valid: 'count' must be > 0: 0",
            span(text, "0", 1),
            span(text, '"n": 0'),
        ),
    ]


def test_a_method_validator_sees_the_other_values() -> None:
    text = "low = 5\nhigh = 1\n"
    assert problems(text, Window) == [
        (
            "Invalid attribute value",
            'The value of "high" is not valid: high must not be below low',
            span(text, "1"),
        )
    ]


def test_a_converter_that_takes_self() -> None:
    scaled = hcl.loads("factor = 3\nsize = 2\n", Scaled)
    assert (scaled.factor, scaled.size) == (3, 6)


def test_a_validator_reading_a_default() -> None:
    # The validator of "high" reads "low", which keeps its default.
    @attrs.define
    class Wrapper:
        checked: Annotated[Checked, hcl.block()]

    text = "checked {\n  high = -1\n}\n"
    assert problems(text, Wrapper) == [
        (
            "Invalid attribute value",
            'The value of "high" is not valid: high must not be below low',
            span(text, "-1"),
        )
    ]


@attrs.define
class ScaledAndChecked:
    factor: int = attrs.field(factory=lambda: 2)
    size: int = attrs.field(
        default=0,
        converter=attrs.Converter(_times_factor, takes_self=True),  # type: ignore[misc]
    )
    port: int = attrs.field(default=1, validator=positive)


def test_a_converter_reading_a_default_while_another_field_fails() -> None:
    text = "size = 2\nport = 0\n"
    assert problems(text, ScaledAndChecked) == [
        (
            "Invalid attribute value",
            'The value of "port" is not valid: port must be positive',
            span(text, "0"),
        )
    ]


def test_a_converter_error_is_a_diagnostic_at_its_attribute() -> None:
    assert hcl.loads("port = 80\n", Converted) == Converted(80)
    text = "port = 70000\n"
    assert problems(text, Converted) == [
        (
            "Invalid attribute value",
            'The value of "port" is not valid: port 70000 is out of range',
            span(text, "70000"),
        )
    ]


def test_class_invariants_are_reported_on_the_block_or_the_file() -> None:
    text = """\
window {
  low  = 3
  high = 0
}
span {
  start = 2
  end   = 1
}
invariant {
  low  = 1
  high = 0
}
"""
    assert problems(text, Holder) == [
        (
            "Invalid attribute value",
            'The value of "high" is not valid: high must not be below low',
            span(text, "0"),
        ),
        (
            "Invalid configuration",
            "The span block is not valid: end comes before start",
            span(text, "span"),
        ),
        (
            "Invalid configuration",
            "The invariant block is not valid: the window is empty",
            span(text, "invariant"),
        ),
    ]
    assert problems("start = 2\nend = 1\n", Span) == [
        (
            "Invalid configuration",
            "The configuration is not valid: end comes before start",
            "t.hcl:1,1-1",
        )
    ]


def test_every_block_is_checked() -> None:
    text = "limits {\n  port = 0\n}\nlimits {\n  port = 1\n}\nlimits {\n  port = -1\n}\n"
    assert problems(text, Holder) == [
        (
            "Invalid attribute value",
            'The value of "port" is not valid: port must be positive',
            span(text, "0"),
        ),
        (
            "Invalid attribute value",
            'The value of "port" is not valid: port must be positive',
            span(text, "-1"),
        ),
    ]


# --------------------------------------------------------------------------- kinds of class


@attrs.define
class Private:
    _secret: str = "x"
    _where: Annotated[hcl.Range | None, hcl.attr_range("secret")] = None


@dataclasses.dataclass(frozen=True)
class FrozenPart:
    v: int = 0


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class FrozenWhole:
    name: str
    parts: Annotated[tuple[FrozenPart, ...], hcl.block("part")] = ()
    extra: dict[str, FrozenPart] = dataclasses.field(default_factory=dict)


@attrs.frozen(kw_only=True)
class AttrsWhole:
    name: str
    parts: Annotated[tuple[FrozenPart, ...], hcl.block("part")] = ()
    extra: dict[str, FrozenPart] = attrs.Factory(dict)


@dataclasses.dataclass
class WithNonInit:
    a: int = 0
    computed: int = dataclasses.field(init=False, default=0)

    def __post_init__(self) -> None:
        self.computed = self.a * 2


def test_private_attrs_fields_use_their_init_name() -> None:
    text = 'secret = "y"\n'
    private = hcl.loads(text, Private, filename="t.hcl")
    assert private == Private("y", private._where)
    assert str(private._where) == span(text, 'secret = "y"')


@pytest.mark.parametrize("cls", [FrozenWhole, AttrsWhole])
def test_frozen_slotted_and_keyword_only_classes(cls: type) -> None:
    text = 'name = "n"\npart {}\npart { v = 2 }\nextra = { e = { v = 3 } }\n'
    assert hcl.loads(text, cls) == cls(
        name="n", parts=(FrozenPart(), FrozenPart(2)), extra={"e": FrozenPart(3)}
    )


def test_fields_outside_init_are_not_decoded() -> None:
    assert hcl.schema_of(WithNonInit).attributes == (AttributeSchema("a"),)
    assert hcl.loads("a = 2\n", WithNonInit).computed == 4
    text = "computed = 1\n"
    assert problems(text, WithNonInit) == [
        (
            "Unsupported argument",
            'An argument named "computed" is not expected here.',
            span(text, "computed"),
        )
    ]


def test_classes_local_to_a_function_cannot_be_resolved() -> None:
    # With string annotations, get_type_hints looks names up in the module only.
    @attrs.define
    class LocalPart:
        v: int = 0

    @attrs.define
    class LocalWhole:
        part: Annotated[LocalPart | None, hcl.block()] = None

    with pytest.raises(hcl.SchemaError) as info:
        hcl.loads("", LocalWhole)
    assert str(info.value) == (
        "cannot resolve the annotations of test_classes_local_to_a_function_cannot_be_resolved."
        "<locals>.LocalWhole: name 'LocalPart' is not defined; define the classes it refers to "
        "at module level"
    )


@attrs.define
class UsesValues:
    window: Window | None = None
    spans: list[Span] = attrs.Factory(list)


def test_validators_of_classes_used_as_attribute_values() -> None:
    text = (
        "window = { low = 2, high = 1 }\nspans = [{ start = 1, end = 2 }, { start = 3, end = 0 }]\n"
    )
    assert hcl.loads("window = { low = 1, high = 2 }\n", UsesValues) == UsesValues(Window(1, 2))
    assert problems(text, UsesValues) == [
        (
            "Unsuitable value type",
            'Unsuitable value: attribute "high": high must not be below low.',
            span(text, "high = 1", part="1"),
        ),
        (
            "Unsuitable value type",
            "Unsuitable value: element 1: end comes before start.",
            span(text, "{ start = 3, end = 0 }"),
        ),
    ]
