"""msgspec Structs as decode targets: fields, constraints as diagnostics, writing back."""

from __future__ import annotations

import dataclasses
import decimal
import subprocess
import sys
from typing import Annotated, Any

import pytest
from decoding_helpers import listed, problems, span

import hcldecode as hcl
from extras import need
from hcldecode.pytypes import PythonTypes
from hcldecode.write import parse_document

msgspec = need("msgspec")

pytestmark = pytest.mark.msgspec

Meta = msgspec.Meta
Struct = msgspec.Struct


class Endpoint(Struct, kw_only=True, forbid_unknown_fields=True):
    host: Annotated[str, Meta(min_length=1, description="The host name.")]
    port: Annotated[int, Meta(ge=1, le=65535)] = 80


class Pool(Struct, rename="kebab"):
    name: Annotated[str, hcl.label(), Meta(pattern="^[a-z]+$")]
    endpoints: list[Endpoint] = msgspec.field(default_factory=list)
    pool_sizes: Annotated[list[Annotated[int, Meta(ge=1)]], Meta(min_length=1)] = msgspec.field(
        default_factory=lambda: [1]
    )
    weights: dict[str, Annotated[int, Meta(le=10)]] = msgspec.field(default_factory=dict)
    members: Annotated[list[Endpoint], hcl.block("member")] = msgspec.field(default_factory=list)
    where: Annotated[hcl.Range, hcl.def_range()] = hcl.Range(
        "", hcl.model.Pos(1, 1, 0), hcl.model.Pos(1, 1, 0)
    )

    def __post_init__(self) -> None:
        if len(self.pool_sizes) > 3:
            raise ValueError("at most three pool sizes")


class Config(Struct, omit_defaults=True):
    pools: Annotated[list[Pool], hcl.block("pool")]
    owner: Annotated[str, hcl.attr(name="owned_by")] = "nobody"
    retries: int = msgspec.field(default=3, name="max_retries")


# --------------------------------------------------------------------------- fields


def test_fields_take_encode_names_defaults_docs_and_metas() -> None:
    fields = PythonTypes().class_fields(Pool)
    assert [(f.name, f.hcl_name, f.has_default) for f in fields] == [
        ("name", "name", False),
        ("endpoints", "endpoints", True),
        ("pool_sizes", "pool-sizes", True),
        ("weights", "weights", True),
        ("members", "member", True),
        ("where", "where", True),
    ]
    assert fields[2].annotation == list[Annotated[int, Meta(ge=1)]]
    assert fields[2].metadata == (Meta(min_length=1),)
    assert fields[2].default_value() == [1]
    (host, port) = PythonTypes().class_fields(Endpoint)
    assert (host.doc, host.metadata) == (
        "The host name.",
        (Meta(min_length=1, description="The host name."),),
    )
    assert (port.doc, port.default, port.metadata) == (None, 80, (Meta(ge=1, le=65535),))
    config = PythonTypes().class_fields(Config)
    assert [(f.name, f.hcl_name) for f in config] == [
        ("pools", "pool"),
        ("owner", "owned_by"),
        ("retries", "max_retries"),
    ]


def test_importing_hcldecode_does_not_import_msgspec() -> None:
    code = (
        "import dataclasses, sys\n"
        "import hcldecode as hcl\n"
        "@dataclasses.dataclass\n"
        "class C:\n"
        "    n: int\n"
        "assert hcl.loads('n = 1', C) == C(1)\n"
        "assert hcl.dumps(C(2)) == 'n = 2\\n'\n"
        "print('msgspec' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "False\n"


# --------------------------------------------------------------------------- decoding


TEXT = (
    'owned_by = "ops"\n'
    'pool "web" {\n'
    '  endpoints  = [{ host = "a" }, { host = "b", port = 8080 }]\n'
    "  pool-sizes = [2, 4]\n"
    "  weights    = { a = 1 }\n"
    "  member {\n"
    '    host = "m"\n'
    "  }\n"
    "}\n"
)


def test_a_struct_decodes_from_blocks_labels_and_values() -> None:
    config = hcl.loads(TEXT, Config, filename="c.hcl")
    (pool,) = config.pools
    assert config == Config(
        [
            Pool(
                "web",
                [Endpoint(host="a"), Endpoint(host="b", port=8080)],
                [2, 4],
                {"a": 1},
                [Endpoint(host="m")],
                pool.where,
            )
        ],
        "ops",
    )
    assert str(pool.where) == span(TEXT, 'pool "web"', filename="c.hcl")


def test_constraints_are_diagnostics_at_the_value() -> None:
    text = (
        'pool "Web" {\n'
        "  pool-sizes = [2, 0, 5]\n"
        "  weights    = { a = 1, b = 11 }\n"
        "}\n"
        'pool "ok" {\n'
        "  pool-sizes = []\n"
        "}\n"
    )
    assert problems(text, Config) == [
        (
            "Invalid block label",
            'The "name" label of the pool block is not valid: Expected `str` matching '
            "regex '^[a-z]+$'",
            span(text, '"Web"'),
        ),
        (
            "Invalid attribute value",
            'The value of "pool-sizes" is not valid: element 1: Expected `int` >= 1',
            span(text, "0"),
        ),
        (
            "Invalid attribute value",
            # msgspec does not name the key of a dict: the whole dict
            'The value of "weights" is not valid: Expected `int` <= 10',
            span(text, "{ a = 1, b = 11 }"),
        ),
        (
            "Invalid attribute value",
            'The value of "pool-sizes" is not valid: Expected `array` of length >= 1',
            span(text, "[]"),
        ),
    ]


def test_constraints_of_a_struct_in_a_value() -> None:
    text = 'pool "a" {\n  endpoints = [{ host = "a" }, { host = "", port = 0 }]\n}\n'
    assert problems(text, Config) == [
        (
            "Unsuitable value type",
            'Unsuitable value: element 1: attribute "host": Expected `str` of length >= 1.',
            span(text, '""'),
        ),
        (
            "Unsuitable value type",
            'Unsuitable value: element 1: attribute "port": Expected `int` >= 1.',
            span(text, "0"),
        ),
    ]


def test_post_init_errors_are_about_the_block() -> None:
    text = 'pool "a" {\n  pool-sizes = [1, 2, 3, 4]\n}\n'
    assert problems(text, Config) == [
        (
            "Invalid configuration",
            "The pool block is not valid: at most three pool sizes",
            span(text, 'pool "a"'),
        )
    ]


def test_unknown_attributes_are_errors_whatever_the_struct_says() -> None:
    text = 'pool "a" {\n  endpoints = [{ host = "a", prot = 1 }]\n}\nmax_retries = 1\nretries = 2\n'
    assert problems(text, Config) == [
        (
            "Unsuitable value type",
            'Unsuitable value: element 0: unexpected attribute "prot". Did you mean "port"?',
            span(text, "prot"),
        ),
        (
            "Unsupported argument",
            'An argument named "retries" is not expected here.',
            span(text, "retries", 1),
        ),
    ]


def test_a_struct_in_a_dataclass_and_as_a_root() -> None:
    @dataclasses.dataclass
    class Holder:
        primary: Endpoint
        backups: Annotated[list[Endpoint], hcl.block("backup")]

    text = 'primary = { host = "p" }\nbackup {\n  host = "b"\n  port = 2\n}\n'
    assert hcl.loads(text, Holder) == Holder(Endpoint(host="p"), [Endpoint(host="b", port=2)])
    assert hcl.loads('host = "h"\n', Endpoint) == Endpoint(host="h")
    with pytest.raises(hcl.DecodeError) as info:
        hcl.loads('host = "h"\nport = 70000\n', Endpoint, filename="e.hcl")
    assert listed(info.value) == [
        (
            "Invalid attribute value",
            'The value of "port" is not valid: Expected `int` <= 65535',
            "e.hcl:2,8-13",
        )
    ]


# --------------------------------------------------------------------------- mistakes


def test_tagged_structs_are_refused() -> None:
    class Tagged(Struct, tag=True):
        n: int

    with pytest.raises(hcl.SchemaError) as info:
        hcl.schema_of(Tagged)
    assert str(info.value) == (
        "test_tagged_structs_are_refused.<locals>.Tagged is a tagged msgspec Struct "
        "(tag='Tagged'): hcldecode does not read tags, so tagged unions cannot be decoded; give "
        "each class a block type of its own instead"
    )


def test_constraints_msgspec_cannot_check_are_refused() -> None:
    class Money(Struct):
        amount: Annotated[decimal.Decimal, Meta(ge=0)]

    with pytest.raises(hcl.SchemaError) as info:
        hcl.schema_of(Money)
    assert str(info.value) == (
        "test_constraints_msgspec_cannot_check_are_refused.<locals>.Money.amount: msgspec "
        "cannot check its constraints: Can only set `ge` on a numeric type - type "
        "`typing.Annotated[decimal.Decimal, msgspec.Meta(ge=0)]` is invalid"
    )


# --------------------------------------------------------------------------- writing back


def test_dumps_round_trip() -> None:
    config = hcl.loads(TEXT, Config)
    text = hcl.dumps(config)
    assert text == (
        'pool "web" {\n'
        "  endpoints = [{\n"
        '    host = "a"\n'
        "    port = 80\n"
        "    }, {\n"
        '    host = "b"\n'
        "    port = 8080\n"
        "  }]\n"
        "  pool-sizes = [2, 4]\n"
        "  weights = {\n"
        "    a = 1\n"
        "  }\n"
        "\n"
        "  member {\n"
        '    host = "m"\n'
        "  }\n"
        "}\n"
        "\n"
        'owned_by = "ops"\n'
    )
    back = hcl.loads(text, Config)
    assert [_without_range(p) for p in back.pools] == [_without_range(p) for p in config.pools]
    assert hcl.loads(hcl.dumps(config, syntax="json"), Config, syntax="json").owner == "ops"


def _without_range(pool: Pool) -> tuple[Any, ...]:
    """A pool without its range (where it was read)."""
    return (pool.name, pool.endpoints, pool.pool_sizes, pool.weights, pool.members)


def test_update_document_keeps_comments() -> None:
    document, _ = parse_document(
        'owned_by = "ops" # who\nmax_retries = 5\npool "web" {\n  # sizes\n  pool-sizes = [2]\n}\n'
    )
    assert document is not None
    config = hcl.loads(document.text, Config)
    hcl.update_document(
        document,
        msgspec.structs.replace(
            config, pools=[msgspec.structs.replace(config.pools[0], pool_sizes=[3])]
        ),
    )
    assert document.text == (
        'owned_by = "ops" # who\nmax_retries = 5\npool "web" {\n  # sizes\n  pool-sizes = [3]\n}\n'
    )
