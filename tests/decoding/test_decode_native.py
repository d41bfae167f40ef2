"""Decoding native-syntax configurations into classes: values, shapes and diagnostics."""

from __future__ import annotations

import dataclasses
import datetime
import enum
import pathlib
from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Annotated, Any, Literal

import attrs
import pytest

import hcldecode as hcl


def problems(text: str, cls: type, **kwargs: Any) -> list[tuple[str, str, str]]:
    with pytest.raises(hcl.DecodeError) as info:
        hcl.loads(text, cls, filename="t.hcl", **kwargs)
    return [(d.summary, d.detail, str(d.subject)) for d in info.value.diagnostics]


@attrs.define
class Listener:
    name: Annotated[str, hcl.label()]
    port: int
    tls: bool = False


@attrs.define
class Logging:
    level: str = "info"


@attrs.define
class Config:
    service: str
    replicas: Annotated[int, hcl.attr("replica_count")] = 1
    tags: dict[str, str] = attrs.Factory(dict)
    listeners: Annotated[list[Listener], hcl.block("listener")] = attrs.Factory(list)
    logging: Annotated[Logging | None, hcl.block()] = None


CONFIG = """\
service       = "web-${env}"
replica_count = "3"
tags = { team = "core", cost = 12 }

listener "http" {
  port = 8080
}
listener "https" {
  port = "8443"
  tls  = "true"
}
logging {}
"""


def test_the_issue_example_decodes() -> None:
    cfg = hcl.loads(CONFIG, Config, variables={"env": "prod"})
    assert cfg == Config(
        service="web-prod",
        replicas=3,
        tags={"team": "core", "cost": "12"},
        listeners=[Listener("http", 8080), Listener("https", 8443, tls=True)],
        logging=Logging(),
    )


def test_defaults_apply_when_absent() -> None:
    assert hcl.loads('service = "x"\n', Config) == Config("x")


def test_null_counts_as_absent() -> None:
    cfg = hcl.loads('service = "x"\nreplica_count = null\n', Config)
    assert cfg.replicas == 1


def test_null_for_a_required_argument() -> None:
    assert problems("service = null\n", Config) == [
        (
            "Missing required argument",
            'The argument "service" is required, but it is set to null.',
            "t.hcl:1,11-15",
        )
    ]


def test_every_mistake_is_reported_in_source_order() -> None:
    text = """\
servce = "x"
replica_count = "three"
listener {
  port = 1
}
listener "a" "b" {
  port = 2
}
logging {}
logging {}
"""
    assert problems(text, Config) == [
        (
            "Missing required argument",
            'The argument "service" is required, but no definition was found.',
            "t.hcl:1,1-1",
        ),
        (
            "Unsupported argument",
            'An argument named "servce" is not expected here. Did you mean "service"?',
            "t.hcl:1,1-7",
        ),
        (
            "Incorrect attribute value type",
            'Inappropriate value for attribute "replica_count": a number is required.',
            "t.hcl:2,17-24",
        ),
        (
            "Missing name for listener",
            "All listener blocks must have 1 labels (name).",
            "t.hcl:3,10-11",
        ),
        (
            "Extraneous label for listener",
            "Only 1 labels (name) are expected for listener blocks.",
            "t.hcl:6,14-17",
        ),
        (
            "Duplicate logging block",
            "Only one logging block is allowed. Another was defined at t.hcl:9,1-8.",
            "t.hcl:10,1-8",
        ),
    ]


@dataclasses.dataclass
class Point:
    x: int
    y: int
    label: str = ""


class Color(enum.Enum):
    RED = "red"
    GREEN = "green"


@dataclasses.dataclass
class Types:
    s: str = ""
    i: int = 0
    f: float = 0.0
    d: Decimal = Decimal(0)
    q: Fraction = Fraction(0)
    b: bool = False
    n: None = None
    li: list[int] = dataclasses.field(default_factory=list)
    tv: tuple[str, ...] = ()
    tf: tuple[str, int] = ("", 0)
    st: set[str] = dataclasses.field(default_factory=set)
    fs: frozenset[int] = frozenset()
    dm: dict[str, int] = dataclasses.field(default_factory=dict)
    mp: Mapping[str, bool] = dataclasses.field(default_factory=dict)
    sq: Sequence[str] = ()
    lit: Literal["a", "b"] = "a"
    en: Color = Color.RED
    opt: int | None = None
    un: int | str = 0
    an: Any = None
    path: pathlib.Path = pathlib.Path()
    when: datetime.datetime = datetime.datetime(2000, 1, 1)
    day: datetime.date = datetime.date(2000, 1, 1)
    point: Point | None = None
    points: list[Point] = dataclasses.field(default_factory=list)
    raw: hcl.Value | None = None
    expr: hcl.Expression | None = None


TYPES = """\
s   = 12
i   = "42"
f   = 1.5
d   = "0.1"
q   = 0.5
b   = "false"
n   = null
li  = ["1", 2]
tv  = ["a", true]
tf  = ["x", "7"]
st  = ["b", "a", "b"]
fs  = [3, 1]
dm  = { a = 1, b = "2" }
mp  = { on = true, off = "false" }
sq  = ["p", "q"]
lit = "b"
en  = "green"
opt = 5
un  = "word"
an  = { k = [1, "two", true, null] }
path = "/etc/app.conf"
when = "2024-05-06T07:08:09Z"
day  = "2024-05-06"
point  = { x = 1, y = "2" }
points = [{ x = 1, y = 2, label = "a" }, { x = 3, y = 4 }]
raw  = [1, "a"]
expr = a + 1
"""


def test_every_python_type() -> None:
    t = hcl.loads(TYPES, Types)
    assert t == Types(
        s="12",
        i=42,
        f=1.5,
        d=Decimal("0.1"),
        q=Fraction(1, 2),
        b=False,
        n=None,
        li=[1, 2],
        tv=("a", "true"),
        tf=("x", 7),
        st={"a", "b"},
        fs=frozenset({1, 3}),
        dm={"a": 1, "b": 2},
        mp={"on": True, "off": False},
        sq=["p", "q"],
        lit="b",
        en=Color.GREEN,
        opt=5,
        un="word",
        an={"k": [1, "two", True, None]},
        path=pathlib.Path("/etc/app.conf"),
        when=datetime.datetime(2024, 5, 6, 7, 8, 9, tzinfo=datetime.timezone.utc),
        day=datetime.date(2024, 5, 6),
        point=Point(1, 2),
        points=[Point(1, 2, "a"), Point(3, 4)],
        raw=t.raw,
        expr=t.expr,
    )
    assert t.raw == hcl.Value.tuple([hcl.Value.number(1), hcl.Value.string("a")])
    assert isinstance(t.expr, hcl.Expression)
    assert t.expr.value(hcl.EvalContext(variables={"a": 2}))[0] == hcl.Value.number(3)


@pytest.mark.parametrize(
    ("source", "detail", "where"),
    [
        ('i = "eighty"', 'Inappropriate value for attribute "i": a number is required.', "1,5-13"),
        ("i = 1.5", 'Inappropriate value for attribute "i": a whole number is required.', "1,5-8"),
        (
            'b = "True"',
            'Inappropriate value for attribute "b": a bool is required; to convert from '
            'string, use lowercase "true".',
            "1,5-11",
        ),
        (
            'lit = "c"',
            'Inappropriate value for attribute "lit": "c" is not one of "a", "b".',
            "1,7-10",
        ),
        (
            'en = "blue"',
            'Inappropriate value for attribute "en": "blue" is not one of "red", "green".',
            "1,6-12",
        ),
        (
            "li = [1, {}]",
            'Inappropriate value for attribute "li": element 1: number required, but have object.',
            "1,6-13",
        ),
        (
            "point = { x = 1 }",
            'Inappropriate value for attribute "point": attribute "y" is required.',
            "1,9-18",
        ),
        (
            "point = { x = 1, y = 2, z = 3 }",
            'Inappropriate value for attribute "point": unexpected attribute "z" for Point; '
            'did you mean "x".',
            "1,9-32",
        ),
        (
            'points = [{ x = 1, y = 2, lable = "a" }]',
            'Inappropriate value for attribute "points": element 0: unexpected attribute '
            '"lable" for Point; did you mean "label".',
            "1,10-41",
        ),
        (
            'day = "May 6"',
            'Inappropriate value for attribute "day": a date in ISO 8601 form is required, '
            "not 'May 6'.",
            "1,7-14",
        ),
    ],
)
def test_value_errors(source: str, detail: str, where: str) -> None:
    assert problems(source + "\n", Types) == [
        ("Incorrect attribute value type", detail, f"t.hcl:{where}")
    ]


DEFAULT = hcl.Value.string("default")


@attrs.define
class Raw:
    required: hcl.Value
    optional: hcl.Value = DEFAULT


def test_value_fields_take_null_as_absent_and_unknowns_as_they_are() -> None:
    unknown = hcl.Value.unknown(hcl.types.NUMBER)
    raw = hcl.loads("required = u\noptional = null\n", Raw, variables={"u": unknown})
    assert raw == Raw(required=unknown, optional=DEFAULT)
    raw = hcl.loads("required = null\n", Raw)
    assert raw.required == hcl.Value.null(hcl.types.DYNAMIC)
