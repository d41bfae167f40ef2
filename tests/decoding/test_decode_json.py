"""Every Python field type, decoded from JSON and native syntax, with each error and its range."""

from __future__ import annotations

import dataclasses
import datetime
import enum
import json
import pathlib
from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Annotated, Any, Literal

import attrs
import pytest
from decoding_helpers import Syntax, listed, problems, span

import hcldecode as hcl
from hcldecode.values import NUMBER


class Color(enum.Enum):
    RED = "red"
    GREEN = "green"


class Level(enum.IntEnum):
    LOW = 1
    HIGH = 2


@attrs.define
class Inner:
    q: int
    note: str = "-"


@dataclasses.dataclass
class Outer:
    inner: Inner
    size: Annotated[int, hcl.attr("size_mb")] = 0
    maybe: int | None = None


@dataclasses.dataclass
class Everything:
    must: int | None
    s: str = ""
    i: int = 0
    f: float = 0.0
    d: Decimal = Decimal(0)
    q: Fraction = Fraction(0)
    b: bool = False
    n: None = None
    li: list[int] = dataclasses.field(default_factory=list)
    tv: tuple[str, ...] = ()
    tf: tuple[str, int, bool] = ("", 0, False)
    st: set[str] = dataclasses.field(default_factory=set)
    fs: frozenset[int] = frozenset()
    dm: dict[str, int] = dataclasses.field(default_factory=dict)
    mp: Mapping[str, bool] = dataclasses.field(default_factory=dict)
    sq: Sequence[float] = ()
    lit: Literal["a", "b"] = "a"
    num: Literal[1, 2] = 1
    en: Color = Color.RED
    lv: Level = Level.LOW
    opt: int | None = None
    un: int | str = 0
    an: Any = None
    path: pathlib.Path = pathlib.Path()
    when: datetime.datetime = datetime.datetime(2000, 1, 1)
    day: datetime.date = datetime.date(2000, 1, 1)
    outer: Outer | None = None
    outers: list[Outer] = dataclasses.field(default_factory=list)
    by_name: dict[str, Inner] = dataclasses.field(default_factory=dict)
    raw: hcl.Value | None = None
    expr: hcl.Expression | None = None


NATIVE = """\
must = null
s    = 12
i    = "42"
f    = 1.5
d    = "0.1"
q    = 0.25
b    = "false"
n    = null
li   = ["1", 2]
tv   = ["a", true, 3]
tf   = ["x", "7", "true"]
st   = ["b", "a", "b"]
fs   = [3, 1, 3]
dm   = { a = 1, b = "2" }
mp   = { on = true, off = "false" }
sq   = [0.5, "2"]
lit  = "b"
num  = "2"
en   = "green"
lv   = 2
opt  = 5
un   = "word"
an   = { k = [1, "two", true, null, 0.5] }
path = "/etc/app.conf"
when = "2024-05-06T07:08:09Z"
day  = "2024-05-06"
outer  = { inner = { q = "1" }, size_mb = 10 }
outers = [{ inner = { q = 2, note = "n" } }, { inner = { q = 3 }, maybe = null }]
by_name = { x = { q = 4 } }
raw  = [1, "a"]
expr = a + 1
"""

JSON = """\
{
  "must": null,
  "s": 12,
  "i": "42",
  "f": 1.5,
  "d": "0.1",
  "q": 0.25,
  "b": "false",
  "n": null,
  "li": ["1", 2],
  "tv": ["a", true, 3],
  "tf": ["x", "7", "true"],
  "st": ["b", "a", "b"],
  "fs": [3, 1, 3],
  "dm": {"a": 1, "b": "2"},
  "mp": {"on": true, "off": "false"},
  "sq": [0.5, "2"],
  "lit": "b",
  "num": "2",
  "en": "green",
  "lv": 2,
  "opt": 5,
  "un": "word",
  "an": {"k": [1, "two", true, null, 0.5]},
  "path": "/etc/app.conf",
  "when": "2024-05-06T07:08:09Z",
  "day": "2024-05-06",
  "outer": {"inner": {"q": "1"}, "size_mb": 10},
  "outers": [{"inner": {"q": 2, "note": "n"}}, {"inner": {"q": 3}, "maybe": null}],
  "by_name": {"x": {"q": 4}},
  "raw": [1, "a"],
  "expr": "${a + 1}"
}
"""


@pytest.mark.parametrize(("text", "syntax"), [(NATIVE, "native"), (JSON, "json")])
def test_every_python_type(text: str, syntax: Syntax) -> None:
    # With variables given, JSON strings are templates: "${a + 1}" is an expression.
    e = hcl.loads(text, Everything, syntax=syntax, variables={"a": 1})
    assert e == Everything(
        must=None,
        s="12",
        i=42,
        f=1.5,
        d=Decimal("0.1"),
        q=Fraction(1, 4),
        b=False,
        n=None,
        li=[1, 2],
        tv=("a", "true", "3"),
        tf=("x", 7, True),
        st={"a", "b"},
        fs=frozenset({1, 3}),
        dm={"a": 1, "b": 2},
        mp={"on": True, "off": False},
        sq=[0.5, 2.0],
        lit="b",
        num=2,
        en=Color.GREEN,
        lv=Level.HIGH,
        opt=5,
        un="word",
        an={"k": [1, "two", True, None, Decimal("0.5")]},
        path=pathlib.Path("/etc/app.conf"),
        when=datetime.datetime(2024, 5, 6, 7, 8, 9, tzinfo=datetime.timezone.utc),
        day=datetime.date(2024, 5, 6),
        outer=Outer(Inner(1), size=10),
        outers=[Outer(Inner(2, "n")), Outer(Inner(3))],
        by_name={"x": Inner(4)},
        raw=e.raw,
        expr=e.expr,
    )
    assert type(e.i) is int
    assert type(e.st) is set
    assert type(e.fs) is frozenset
    assert type(e.tv) is tuple
    assert type(e.sq) is list
    assert type(e.an["k"][0]) is int
    assert e.raw == hcl.Value.tuple([hcl.Value.number(1), hcl.Value.string("a")])
    assert e.expr is not None
    assert e.expr.value(hcl.EvalContext(variables={"a": 2})) == (hcl.Value.number(3), [])


def test_json_strings_are_literal_without_variables() -> None:
    e = hcl.loads(
        '{"must": 1, "s": "${a}", "expr": "${a}", "an": "%{ if x }"}', Everything, syntax="json"
    )
    assert (e.s, e.an) == ("${a}", "%{ if x }")
    # The expression still knows it is JSON: a context makes it a template.
    assert e.expr is not None
    assert e.expr.value(None)[0] == hcl.Value.string("${a}")
    assert e.expr.value(hcl.EvalContext(variables={"a": "v"}))[0] == hcl.Value.string("v")


@pytest.mark.parametrize(
    ("text", "syntax"), [("must = 1\nopt = null\n", "native"), ('{"must": 1, "opt": null}', "json")]
)
def test_null_counts_as_absent(text: str, syntax: Syntax) -> None:
    e = hcl.loads(text, Everything, syntax=syntax)
    assert (e.must, e.opt) == (1, None)


@dataclasses.dataclass
class Required:
    name: str


@pytest.mark.parametrize(
    ("text", "syntax"), [("name = null\n", "native"), ('{"name": null}', "json")]
)
def test_null_for_a_required_field(text: str, syntax: Syntax) -> None:
    assert problems(text, Required, syntax=syntax) == [
        (
            "Missing required argument",
            'The argument "name" is required, but it is set to null.',
            span(text, "null"),
        )
    ]


@pytest.mark.parametrize(("text", "syntax"), [("", "native"), ("{}", "json")])
def test_a_nullable_field_without_default_is_still_required(text: str, syntax: Syntax) -> None:
    where = "t.hcl:1,1-1" if syntax == "native" else "t.hcl:1,2-3"
    assert problems(text, Everything, syntax=syntax) == [
        (
            "Missing required argument",
            'The argument "must" is required, but no definition was found.',
            where,
        )
    ]


# Each: field, value in native syntax, value in JSON, detail after 'Unsuitable value: '.
# The subject is the value.
VALUE_ERRORS = [
    ("i", '"eighty"', '"eighty"', "a number is required."),
    ("i", "1.5", "1.5", "a whole number is required."),
    ("f", "1e400", "1e400", "the number is too large for a float."),
    ("b", '"True"', '"True"', 'a bool is required; to convert from string, use lowercase "true".'),
    ("b", "1", "1", "bool required, but have number."),
    ("s", "[1]", "[1]", "string required, but have tuple."),
    ("n", "1", "1", "null is required."),
    ("li", '"1"', '"1"', "list of number required, but have string."),
    ("li", "[1, {}]", "[1, {}]", "element 1: number required, but have object.", ("{}", "{}")),
    ("li", "[null]", "[null]", "element 0: null value is not allowed.", ("null", "null")),
    ("st", "[[1]]", "[[1]]", "element 0: string required, but have tuple.", ("[1]", "[1]")),
    ("dm", "[1]", "[1]", "map of number required."),
    (
        "dm",
        "{ a = null }",
        '{"a": null}',
        'element "a": null value is not allowed.',
        ("null", "null"),
    ),
    ("lit", '"c"', '"c"', '"c" is not one of "a", "b".'),
    ("num", "3", "3", "3 is not one of 1, 2."),
    ("en", '"blue"', '"blue"', '"blue" is not one of "red", "green".'),
    ("lv", "3", "3", "3 is not one of 1, 2."),
    (
        "un",
        "{}",
        "{}",
        "no alternative fits: number required, but have object; string required, but have object.",
    ),
    ("path", "[]", "[]", "string required, but have tuple."),
    (
        "when",
        '"yesterday"',
        '"yesterday"',
        "a date and time in ISO 8601 form is required, not 'yesterday'.",
    ),
    ("day", '"May 6"', '"May 6"', "a date in ISO 8601 form is required, not 'May 6'."),
    ("outer", "{}", "{}", 'attribute "inner" is required.'),
    ("outer", "{ inner = null }", '{"inner": null}', 'attribute "inner" is required.'),
    (
        "outer",
        "{ inner = {} }",
        '{"inner": {}}',
        'attribute "inner": attribute "q" is required.',
        ("{}", "{}"),
    ),
    (
        "outer",
        "{ inner = { q = 1, extra = 2 } }",
        '{"inner": {"q": 1, "extra": 2}}',
        'attribute "inner": unexpected attribute "extra".',
        ("extra", '"extra"'),
    ),
    (
        "outer",
        "{ inner = { q = 1 }, sizemb = 2 }",
        '{"inner": {"q": 1}, "sizemb": 2}',
        'unexpected attribute "sizemb". Did you mean "size_mb"?',
        ("sizemb", '"sizemb"'),
    ),
    (
        "outers",
        "[{ inner = { q = 1 } }, { inner = { q = 1, nose = 1 } }]",
        '[{"inner": {"q": 1}}, {"inner": {"q": 1, "nose": 1}}]',
        'element 1: attribute "inner": unexpected attribute "nose". Did you mean "note"?',
        ("nose", '"nose"'),
    ),
]
# The subject is the whole value unless an entry names the part it points at
# (native, JSON): the element that does not fit.
VALUE_ERRORS = [entry if len(entry) == 5 else (*entry, None) for entry in VALUE_ERRORS]


@pytest.mark.parametrize(
    ("syntax", "text", "subject"),
    [
        ("native", 'must = 1\nby_name = { x = { q = "many" } }\n', '"many"'),
        ("json", '{"must": 1, "by_name": {"x": {"q": "many"}}}', '"many"'),
    ],
)
def test_conversion_errors_point_into_constructors(syntax: Syntax, text: str, subject: str) -> None:
    assert problems(text, Everything, syntax=syntax) == [
        (
            "Unsuitable value type",
            'Unsuitable value: element "x": attribute "q": a number is required.',
            span(text, subject),
        )
    ]


@pytest.mark.parametrize("syntax", ["native", "json"])
@pytest.mark.parametrize("case", VALUE_ERRORS, ids=lambda case: f"{case[0]}-{case[1]}")
def test_value_errors_in_both_syntaxes(
    case: tuple[str, str, str, str, tuple[str, str] | None], syntax: Syntax
) -> None:
    field, native, json_value, detail, parts = case
    if syntax == "native":
        value, definition = native, f"{field} = {native}"
        text = f"must = 1\n{definition}\n"
    else:
        value, definition = json_value, f"{json.dumps(field)}: {json_value}"
        text = f'{{"must": 1, {definition}}}'
    part = value if parts is None else parts[0 if syntax == "native" else 1]
    assert problems(text, Everything, syntax=syntax) == [
        (
            "Unsuitable value type",
            f"Unsuitable value: {detail}",
            span(text, definition, part=part),
        )
    ]


def test_the_diagnostic_context_is_the_expression_as_in_gohcl() -> None:
    text = '{"must": 1, "i": ["x"]}'
    with pytest.raises(hcl.DecodeError) as info:
        hcl.loads(text, Everything, filename="t.hcl", syntax="json")
    (diag,) = info.value.diagnostics
    assert str(diag.context) == span(text, '["x"]')
    assert diag.expression is not None


def test_an_unknown_value_is_an_error() -> None:
    text = "must = x\n"
    assert problems(text, Everything, variables={"x": hcl.Value.unknown(NUMBER)}) == [
        (
            "Unsuitable value type",
            "Unsuitable value: the value is not known yet.",
            span(text, "x"),
        )
    ]


def test_evaluation_errors_come_from_the_expression() -> None:
    text = 'must = 1\ni = nope\ns = "${1 + true}"\n'
    assert problems(text, Everything, variables={"a": 1}) == [
        (
            "Unknown variable",
            'There is no variable named "nope".',
            span(text, "nope"),
        ),
        (
            "Invalid operand",
            "Unsuitable value for right operand: number required, but have bool.",
            span(text, "true"),
        ),
    ]


def test_json_property_errors() -> None:
    text = '{"must": 1, "i": 1, "i": 2, "ii": 3, "//": "comment"}'
    assert problems(text, Everything, syntax="json") == [
        (
            "Duplicate argument",
            f'The argument "i" was already set at {span(text, chr(34) + "i" + chr(34) + ": 1")}.',
            span(text, '"i"', 1),
        ),
        (
            "Extraneous JSON object property",
            'No argument or block type is named "ii". Did you mean "s"?',
            span(text, '"ii"'),
        ),
    ]


def test_wide_numbers_keep_their_precision() -> None:
    text = '{"must": 123456789012345678901234567890, "d": 0.1000000000000000000000000001}'
    e = hcl.loads(text, Everything, syntax="json")
    assert e.must == 123456789012345678901234567890
    assert e.d == Decimal("0.1000000000000000000000000001")


@dataclasses.dataclass
class Unions:
    a: int | str = 0
    b: int | float = 0
    c: bool | str = False
    d: list[int] | str = ""


@pytest.mark.parametrize(
    ("native", "json_text", "expected"),
    [
        ("a = 5", '{"a": 5}', Unions(a=5)),
        ('a = "5"', '{"a": "5"}', Unions(a="5")),
        ("a = true", '{"a": true}', Unions(a="true")),
        ("b = 2", '{"b": 2}', Unions(b=2)),
        ("b = 1.5", '{"b": 1.5}', Unions(b=1.5)),
        ('b = "1.5"', '{"b": "1.5"}', Unions(b=1.5)),
        ('c = "true"', '{"c": "true"}', Unions(c="true")),
        ("c = true", '{"c": true}', Unions(c=True)),
        ("c = 1", '{"c": 1}', Unions(c="1")),
        ('d = [1, "2"]', '{"d": [1, "2"]}', Unions(d=[1, 2])),
        ("d = 3", '{"d": 3}', Unions(d="3")),
    ],
)
def test_a_union_takes_the_first_alternative_that_fits(
    native: str, json_text: str, expected: Unions
) -> None:
    # Preferring an alternative of the value's own type, then in the order written.
    from_native = hcl.loads(native, Unions)
    assert from_native == hcl.loads(json_text, Unions, syntax="json") == expected
    assert [type(getattr(from_native, f)) for f in "abcd"] == [
        type(getattr(expected, f)) for f in "abcd"
    ]


class Version:
    def __init__(self, text: str) -> None:
        parts = text.split(".")
        if len(parts) != 3 or not all(p.isdigit() for p in parts):
            raise ValueError(f"{text!r} is not a version like 1.2.3")
        self.parts = tuple(int(p) for p in parts)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Version) and self.parts == other.parts

    __hash__ = None  # type: ignore[assignment]


VERSIONS = hcl.Decoder(types={Version: (hcl.values.STRING, Version)})


@dataclasses.dataclass
class Release:
    version: Version
    older: list[Version] = dataclasses.field(default_factory=list)


@pytest.mark.parametrize(
    ("text", "syntax"),
    [
        ('version = "1.2.3"\nolder = ["1.0.0"]\n', "native"),
        ('{"version": "1.2.3", "older": ["1.0.0"]}', "json"),
    ],
)
def test_a_registered_type(text: str, syntax: Syntax) -> None:
    assert VERSIONS.loads(text, Release, syntax=syntax) == Release(
        Version("1.2.3"), [Version("1.0.0")]
    )


@pytest.mark.parametrize(
    ("text", "syntax"),
    [('version = "1.2"\n', "native"), ('{"version": "1.2"}', "json")],
)
def test_a_registered_type_that_refuses_a_value(text: str, syntax: Syntax) -> None:
    with pytest.raises(hcl.DecodeError) as info:
        VERSIONS.loads(text, Release, filename="t.hcl", syntax=syntax)
    assert listed(info.value) == [
        (
            "Unsuitable value type",
            "Unsuitable value: '1.2' is not a version like 1.2.3.",
            span(text, '"1.2"'),
        )
    ]
