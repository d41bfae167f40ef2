from __future__ import annotations

import dataclasses
from typing import Annotated, Any

import attrs
import pytest
from issue_example import ConfigWithRest, Listener, Logging

import hcldecode as hcl
from hcldecode.model import AttributeSchema, BlockHeaderSchema, BodySchema


def test_schema_of_the_issue_example() -> None:
    assert hcl.schema_of(ConfigWithRest) == BodySchema(
        [
            AttributeSchema("service", required=True),
            AttributeSchema("replica_count"),
            AttributeSchema("tags"),
        ],
        [BlockHeaderSchema("listener", ("name",)), BlockHeaderSchema("logging")],
    )


@dataclasses.dataclass
class Region:
    code: Annotated[str, hcl.label("region code")]
    zone: Annotated[str, hcl.label()]


@dataclasses.dataclass
class Root:
    regions: Annotated[dict[str, Listener], hcl.block("region")]
    one: Annotated[Region, hcl.block()]


def test_dataclass_schema_with_label_names_and_required_block() -> None:
    assert hcl.schema_of(Root).blocks == (
        BlockHeaderSchema("region", ("name",)),
        BlockHeaderSchema("one", ("region code", "zone")),
    )


def _schema_error(cls: type) -> str:
    with pytest.raises(hcl.SchemaError) as info:
        hcl.schema_of(cls)
    assert isinstance(info.value, TypeError)
    return str(info.value)


def test_two_fields_for_one_name() -> None:
    @attrs.define
    class Twice:
        a: int
        b: Annotated[int, hcl.attr("a")]

    assert _schema_error(Twice).endswith("Twice: fields 'a' and 'b' both map to the HCL name 'a'")


def test_block_named_like_an_attribute() -> None:
    @attrs.define
    class Clash:
        logging: str
        log: Annotated[Logging, hcl.block("logging")]

    assert _schema_error(Clash).endswith(
        "Clash: fields 'logging' and 'log' both map to the HCL name 'logging'"
    )


def test_unsupported_attribute_type() -> None:
    @attrs.define
    class Bad:
        when: complex

    assert _schema_error(Bad).endswith(
        "Bad.when: hcldecode has no HCL type for <class 'complex'> (a Decoder learns the "
        "application's own types from its types= and rules=)"
    )


def test_map_with_non_string_keys() -> None:
    @attrs.define
    class Bad:
        ports: dict[int, str]

    assert _schema_error(Bad).endswith(
        "Bad.ports: HCL maps have string keys; dict[int, str] has <class 'int'> keys"
    )


def test_block_field_of_plain_type() -> None:
    @attrs.define
    class Bad:
        items: Annotated[list[str], hcl.block("item")]

    assert (
        "Bad.items: a block field must be T, T | None, list[T], tuple[T, ...] or dict[str, T]"
        in _schema_error(Bad)
    )


def test_dict_blocks_need_one_dict_level_per_label() -> None:
    @attrs.define
    class Bad:
        regions: Annotated[dict[str, Region], hcl.block("region")]

    assert _schema_error(Bad).endswith(
        "Bad.regions: blocks collected into a dict need one dict level per label; there are "
        "1, but the blocks have 2 labels"
    )


def test_label_must_be_str() -> None:
    @attrs.define
    class Bad:
        n: Annotated[int, hcl.label()]

    assert _schema_error(Bad).endswith(
        "Bad.n: a label field must be of type str, a Literal of strings or an Enum of string "
        "values (or one of them | None with a default, for an optional label), not <class 'int'>"
    )


def test_two_markers() -> None:
    @attrs.define
    class Bad:
        n: Annotated[str, hcl.label(), hcl.attr()]

    assert _schema_error(Bad).endswith("Bad.n has more than one hcldecode marker")


def test_two_remain_fields() -> None:
    @attrs.define
    class Bad:
        a: Annotated[hcl.Body, hcl.remain()]
        b: Annotated[hcl.Body, hcl.remain()]

    assert _schema_error(Bad).endswith("Bad has 2 remain() fields; one is allowed")


def test_remain_must_be_body_a_dict_of_attributes_or_a_class() -> None:
    @attrs.define
    class Bad:
        rest: Annotated[list[Any], hcl.remain()]

    assert _schema_error(Bad).endswith(
        "Bad.rest: a remain() field must be of type hcl.Body, hcl.Body | None, dict[str, V] "
        "(the rest as attributes) or a class (the rest decoded into it)"
    )

    @attrs.define
    class Worse:
        rest: Annotated[dict[str, complex], hcl.remain()]

    assert _schema_error(Worse).endswith(
        "Worse.rest: hcldecode has no HCL type for <class 'complex'> (a Decoder learns the "
        "application's own types from its types= and rules=)"
    )


def test_range_marker_must_name_a_field() -> None:
    @attrs.define
    class Bad:
        port: int
        where: Annotated[hcl.Range, hcl.attr_range("prot")]

    message = _schema_error(Bad)
    assert message.endswith("Bad")
    assert "Bad.where: 'prot' is not an attribute field of " in message


def test_not_a_config_class() -> None:
    class Plain:
        pass

    assert _schema_error(Plain) == (
        "test_not_a_config_class.<locals>.Plain is not a dataclass, attrs class, pydantic model, "
        "msgspec Struct, TypedDict or NamedTuple"
    )


def test_label_on_top_level_class_is_rejected_on_use() -> None:
    with pytest.raises(hcl.SchemaError) as info:
        hcl.loads("port = 1\n", Listener)
    assert str(info.value) == (
        "Listener.name: a label() field can only be in a class decoded from a block, "
        "not in the top-level class"
    )


def test_marker_arguments_are_checked() -> None:
    with pytest.raises(TypeError):
        hcl.block(min_items=-1)
    with pytest.raises(TypeError):
        hcl.attr("")
    with pytest.raises(TypeError):
        hcl.attr_range("port", part="middle")  # type: ignore[arg-type]
