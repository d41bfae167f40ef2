"""hcl.Decoder: types, variables and functions owned by one decoder, never shared."""

from __future__ import annotations

import dataclasses
import ipaddress
from typing import Any

import pytest
from decoding_helpers import listed

import hcldecode as hcl
from hcldecode.values import NUMBER, STRING


@dataclasses.dataclass
class Server:
    address: ipaddress.IPv4Address


@dataclasses.dataclass
class Tagged:
    tag: Any


def test_a_decoder_knows_the_types_it_was_given_and_nobody_else_does() -> None:
    strict = hcl.Decoder(types={ipaddress.IPv4Address: (STRING, ipaddress.IPv4Address)})
    assert strict.loads('address = "10.0.0.1"', Server) == Server(ipaddress.IPv4Address("10.0.0.1"))
    # Another decoder teaching the same type differently does not disturb it.
    by_number = hcl.Decoder(types={ipaddress.IPv4Address: (NUMBER, ipaddress.IPv4Address)})
    assert by_number.loads("address = 167772161", Server) == Server(
        ipaddress.IPv4Address("10.0.0.1")
    )
    assert strict.loads('address = "10.0.0.2"', Server).address == ipaddress.IPv4Address("10.0.0.2")
    # The module-level functions' decoder knows no types of the application's own.
    with pytest.raises(hcl.SchemaError) as info:
        hcl.loads('address = "10.0.0.1"', Server)
    assert str(info.value) == (
        "Server.address: hcldecode has no HCL type for <class 'ipaddress.IPv4Address'> "
        "(a Decoder learns the application's own types from its types= and rules=)"
    )


def test_with_type_makes_a_new_decoder() -> None:
    plain = hcl.Decoder()
    taught = plain.with_type(ipaddress.IPv4Address, STRING, ipaddress.IPv4Address)
    assert taught.loads('address = "10.0.0.1"', Server).address == ipaddress.IPv4Address("10.0.0.1")
    with pytest.raises(hcl.SchemaError):
        plain.loads('address = "10.0.0.1"', Server)


def test_a_structure_error_is_a_diagnostic_at_the_value() -> None:
    decoder = hcl.Decoder(types={ipaddress.IPv4Address: (STRING, ipaddress.IPv4Address)})
    with pytest.raises(hcl.DecodeError) as info:
        decoder.loads('address = "10.0.0.300"', Server, filename="t.hcl")
    assert listed(info.value) == [
        (
            "Unsuitable value type",
            "Unsuitable value: Octet 300 (> 255) not permitted in '10.0.0.300'.",
            "t.hcl:1,11-23",
        )
    ]


def test_variables_and_functions_of_the_decoder_and_of_the_call() -> None:
    decoder = hcl.Decoder(variables={"env": "prod", "region": "eu"}, functions={"upper": str.upper})
    assert decoder.loads('tag = upper("${env}-${region}")', Tagged) == Tagged("PROD-EU")
    assert decoder.loads(
        'tag = twice("${env}-${region}")',
        Tagged,
        variables={"region": "us"},
        functions={"twice": lambda s: s * 2},
    ) == Tagged("prod-usprod-us")
    # A call's ctx is used instead of everything else.
    with pytest.raises(hcl.DecodeError) as info:
        decoder.loads("tag = env", Tagged, ctx=hcl.EvalContext({"other": 1}), filename="t.hcl")
    assert [d.summary for d in info.value.diagnostics] == ["Unknown variable"]
    with pytest.raises(TypeError, match="give either ctx or variables/functions, not both"):
        decoder.loads("tag = 1", Tagged, ctx=hcl.EvalContext(), variables={})


def test_the_decoder_checks_its_types_at_once() -> None:
    with pytest.raises(TypeError, match="a registered type must be a class, not 'ip'"):
        hcl.Decoder(types={"ip": (STRING, str)})  # type: ignore[dict-item]
    with pytest.raises(TypeError, match="IPv4Address needs an hcldecode type, not 'string'"):
        hcl.Decoder(types={ipaddress.IPv4Address: ("string", str)})  # type: ignore[dict-item]
    with pytest.raises(TypeError, match="IPv4Address is not callable"):
        hcl.Decoder(types={ipaddress.IPv4Address: (STRING, "x")})  # type: ignore[dict-item]


def test_schema_of_and_decode_partial_use_the_decoders_types() -> None:
    decoder = hcl.Decoder(types={ipaddress.IPv4Address: (STRING, ipaddress.IPv4Address)})
    assert [a.name for a in decoder.schema_of(Server).attributes] == ["address"]
    result = decoder.decode_partial(hcl.parse('address = "10.0.0.1"\nx = 1\n'), Server)
    server, rest = result.value, result.remaining
    assert server.address == ipaddress.IPv4Address("10.0.0.1")
    with pytest.raises(hcl.DecodeError) as info:
        hcl.reject_unclaimed(rest)
    assert [d.summary for d in info.value.diagnostics] == ["Unsupported argument"]


# --------------------------------------------------------------------------- one type plan


@dataclasses.dataclass
class Host:
    address: str


def test_functions_and_variables_use_the_decoders_types() -> None:
    decoder = hcl.Decoder(
        types={ipaddress.IPv4Address: (STRING, ipaddress.IPv4Address, str)},
        variables={"gateway": ipaddress.IPv4Address("10.0.0.1")},
        functions={"next_address": lambda a: a + 1},
    )
    # A plain callable's annotations are read by the decoder's types too.

    def next_address(a: ipaddress.IPv4Address) -> ipaddress.IPv4Address:
        return a + 1

    host = decoder.loads(
        "address = next_address(gateway)", Host, functions={"next_address": next_address}
    )
    assert host == Host("10.0.0.2")


def test_a_type_without_unstructure_cannot_be_a_variable() -> None:
    with pytest.raises(TypeError) as info:
        hcl.Decoder(
            types={ipaddress.IPv4Address: (STRING, ipaddress.IPv4Address)},
            variables={"gateway": ipaddress.IPv4Address("10.0.0.1")},
        )
    assert str(info.value) == (
        "variable 'gateway': IPv4Address has no unstructure function to make it an HCL value"
    )


def test_the_module_level_functions_reject_a_parameter_of_an_unknown_type() -> None:
    def f(a: ipaddress.IPv4Address) -> str:
        return str(a)

    with pytest.raises(TypeError) as info:
        hcl.loads("address = f(1)", Host, functions={"f": f})
    assert str(info.value) == (
        "function 'f', parameter 'a': hcldecode has no HCL type for "
        "<class 'ipaddress.IPv4Address'> (a Decoder learns the application's own types "
        "from its types= and rules=)"
    )
