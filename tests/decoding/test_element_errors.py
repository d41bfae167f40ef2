"""Every part of a value that does not fit its field is reported, each at its own place.

A value is walked once: each element, attribute or key that does not fit
is an ``Unsuitable value type`` error whose subject is that part of the
expression where the syntax shows it (tuple and object constructors, in
both syntaxes), and the whole expression where it does not (a variable, a
function call).
"""

from __future__ import annotations

import dataclasses
import datetime
import enum
import ipaddress
import json
import pathlib
import uuid
from typing import Any, Literal

import attrs
import pytest
from decoding_helpers import Syntax, listed, problems, span

import hcldecode as hcl
from hcldecode.values import NUMBER, STRING

UNSUITABLE = "Unsuitable value type"


class Shade(enum.Enum):
    LIGHT = "light"
    DARK = "dark"


@dataclasses.dataclass(frozen=True)
class Point:
    x: int
    label: str = ""


@attrs.define
class Loose:
    """A class with an ``Any`` field: lists of it are converted whole."""

    anything: Any = None
    count: int = 0


@dataclasses.dataclass
class Issue:
    """The example of issue 10."""

    ports: list[int] = dataclasses.field(default_factory=list)
    lit: list[Literal["a", "b"]] = dataclasses.field(default_factory=list)
    e: list[Shade] = dataclasses.field(default_factory=list)
    d: list[datetime.date] = dataclasses.field(default_factory=list)
    objs: list[Point] = dataclasses.field(default_factory=list)


ISSUE_NATIVE = """\
ports = [1, 2.5, "x", 3.5]
lit   = ["a", "c", "b", "d"]
e     = ["light", "dim", "dark", "pale"]
d     = ["2020-01-01", "nope", "2020-13-01"]
objs  = [{ x = 1 }, { x = 1, y = 2 }, { x = "q" }]
"""

ISSUE_JSON = """\
{
  "ports": [1, 2.5, "x", 3.5],
  "lit": ["a", "c", "b", "d"],
  "e": ["light", "dim", "dark", "pale"],
  "d": ["2020-01-01", "nope", "2020-13-01"],
  "objs": [{"x": 1}, {"x": 1, "y": 2}, {"x": "q"}]
}
"""


@pytest.mark.parametrize("syntax", ["native", "json"])
def test_every_element_error_of_every_attribute_at_its_element(syntax: Syntax) -> None:
    text = ISSUE_NATIVE if syntax == "native" else ISSUE_JSON
    y = "y" if syntax == "native" else '"y"'
    assert problems(text, Issue, syntax=syntax) == [
        (UNSUITABLE, "Unsuitable value: element 1: a whole number is required.", span(text, "2.5")),
        (UNSUITABLE, "Unsuitable value: element 2: a number is required.", span(text, '"x"')),
        (UNSUITABLE, "Unsuitable value: element 3: a whole number is required.", span(text, "3.5")),
        (UNSUITABLE, 'Unsuitable value: element 1: "c" is not one of "a", "b".', span(text, '"c"')),
        (UNSUITABLE, 'Unsuitable value: element 3: "d" is not one of "a", "b".', span(text, '"d"')),
        (
            UNSUITABLE,
            'Unsuitable value: element 1: "dim" is not one of "light", "dark".',
            span(text, '"dim"'),
        ),
        (
            UNSUITABLE,
            'Unsuitable value: element 3: "pale" is not one of "light", "dark".',
            span(text, '"pale"'),
        ),
        (
            UNSUITABLE,
            "Unsuitable value: element 1: a date in ISO 8601 form is required, not 'nope'.",
            span(text, '"nope"'),
        ),
        (
            UNSUITABLE,
            "Unsuitable value: element 2: a date in ISO 8601 form is required, not '2020-13-01'.",
            span(text, '"2020-13-01"'),
        ),
        (UNSUITABLE, 'Unsuitable value: element 1: unexpected attribute "y".', span(text, y)),
        (
            UNSUITABLE,
            'Unsuitable value: element 2: attribute "x": a number is required.',
            span(text, '"q"'),
        ),
    ]


@dataclasses.dataclass
class Many:
    """One field of each kind; each case below sets one."""

    i: int = 0
    f: float = 0.0
    b: bool = False
    s: str = ""
    lit: Literal[1, 2] = 1
    shade: Shade = Shade.LIGHT
    when: datetime.datetime | None = None
    at: datetime.time | None = None
    timeout: datetime.timedelta = datetime.timedelta(0)
    ident: uuid.UUID | None = None
    where: pathlib.PurePosixPath | None = None
    ints: list[int] = dataclasses.field(default_factory=list)
    nested: list[list[int]] = dataclasses.field(default_factory=list)
    by_name: dict[str, int] = dataclasses.field(default_factory=dict)
    points: dict[str, Point] = dataclasses.field(default_factory=dict)
    point: Point | None = None
    some: set[int] = dataclasses.field(default_factory=set)
    pair: tuple[int, str] = (0, "")
    either: tuple[int | bool, int | bool] = (0, 0)
    loose: list[Loose] = dataclasses.field(default_factory=list)
    paths: list[pathlib.PurePosixPath] = dataclasses.field(default_factory=list)
    times: list[datetime.time] = dataclasses.field(default_factory=list)
    moments: list[datetime.datetime] = dataclasses.field(default_factory=list)
    durations: list[datetime.timedelta] = dataclasses.field(default_factory=list)
    idents: list[uuid.UUID] = dataclasses.field(default_factory=list)
    scalars: tuple[float, bool, str] = (0.0, False, "")


# (field, native value, JSON value, [(detail, part in native, part in JSON), ...]):
# each part is the text the subject covers (its first occurrence in the value).
CASES: list[tuple[str, str, str, list[tuple[str, str, str]]]] = [
    (
        "ints",
        '[1, "one", 1.5, null]',
        '[1, "one", 1.5, null]',
        [
            ("element 1: a number is required.", '"one"', '"one"'),
            ("element 2: a whole number is required.", "1.5", "1.5"),
            ("element 3: null value is not allowed.", "null", "null"),
        ],
    ),
    (
        "nested",
        '[[1], [2, "b"], 3, [4.5]]',
        '[[1], [2, "b"], 3, [4.5]]',
        [
            ("element 1: element 1: a number is required.", '"b"', '"b"'),
            ("element 2: list of number required, but have number.", "3", "3"),
            ("element 3: element 0: a whole number is required.", "4.5", "4.5"),
        ],
    ),
    (
        "by_name",
        '{ a = 1, b = "two", c = 3.5 }',
        '{"a": 1, "b": "two", "c": 3.5}',
        [
            ('element "b": a number is required.', '"two"', '"two"'),
            ('element "c": a whole number is required.', "3.5", "3.5"),
        ],
    ),
    (
        "points",
        '{ p = { x = 1 }, q = { x = "one", labl = "" }, r = {} }',
        '{"p": {"x": 1}, "q": {"x": "one", "labl": ""}, "r": {}}',
        [
            ('element "q": attribute "x": a number is required.', '"one"', '"one"'),
            ('element "q": unexpected attribute "labl". Did you mean "label"?', "labl", '"labl"'),
            ('element "r": attribute "x" is required.', "{}", "{}"),
        ],
    ),
    (
        "point",
        "{ x = 1.5, y = 1, z = 2 }",
        '{"x": 1.5, "y": 1, "z": 2}',
        [
            ('attribute "x": a whole number is required.', "1.5", "1.5"),
            ('unexpected attribute "y".', "y", '"y"'),
            ('unexpected attribute "z".', "z", '"z"'),
        ],
    ),
    (
        "some",
        '[1, "x", 2.5]',
        '[1, "x", 2.5]',
        [
            ("element 1: a number is required.", '"x"', '"x"'),
            ("element 2: a whole number is required.", "2.5", "2.5"),
        ],
    ),
    (
        "pair",
        "[1.5, []]",
        "[1.5, []]",
        [
            ("element 0: a whole number is required.", "1.5", "1.5"),
            ("element 1: string required, but have tuple.", "[]", "[]"),
        ],
    ),
    (
        "either",
        '["x", {}]',
        '["x", {}]',
        [
            (
                "element 0: no alternative fits: a number is required; a bool is required.",
                '"x"',
                '"x"',
            ),
            (
                "element 1: no alternative fits: number required, but have object; "
                "bool required, but have object.",
                "{}",
                "{}",
            ),
        ],
    ),
    (
        "scalars",
        '[1e400, "maybe", []]',
        '[1e400, "maybe", []]',
        [
            ("element 0: the number is too large for a float.", "1e400", "1e400"),
            ("element 1: a bool is required.", '"maybe"', '"maybe"'),
            ("element 2: string required, but have tuple.", "[]", "[]"),
        ],
    ),
    (
        "paths",
        '["/etc", [], "/var"]',
        '["/etc", [], "/var"]',
        [("element 1: string required, but have tuple.", "[]", "[]")],
    ),
    (
        "times",
        '["08:00", "8 am", "25:00"]',
        '["08:00", "8 am", "25:00"]',
        [
            (
                "element 1: a time of day in ISO 8601 form is required, not '8 am'.",
                '"8 am"',
                '"8 am"',
            ),
            (
                "element 2: a time of day in ISO 8601 form is required, not '25:00'.",
                '"25:00"',
                '"25:00"',
            ),
        ],
    ),
    (
        "moments",
        '["2020-01-01T10:00:00Z", "later"]',
        '["2020-01-01T10:00:00Z", "later"]',
        [
            (
                "element 1: a date and time in ISO 8601 form is required, not 'later'.",
                '"later"',
                '"later"',
            )
        ],
    ),
    (
        "durations",
        '["1h", "1d", "3x"]',
        '["1h", "1d", "3x"]',
        [
            (
                'element 1: a duration like "1h30m" or "250ms" is required, not "1d".',
                '"1d"',
                '"1d"',
            ),
            (
                'element 2: a duration like "1h30m" or "250ms" is required, not "3x".',
                '"3x"',
                '"3x"',
            ),
        ],
    ),
    (
        "idents",
        '["12345678-1234-5678-1234-567812345678", "nope"]',
        '["12345678-1234-5678-1234-567812345678", "nope"]',
        [("element 1: a UUID is required, not 'nope'.", '"nope"', '"nope"')],
    ),
    (
        "loose",
        "[{ anything = 1 }, { anything = [], cuont = 2, size = 3 }]",
        '[{"anything": 1}, {"anything": [], "cuont": 2, "size": 3}]',
        [
            ('element 1: unexpected attribute "cuont". Did you mean "count"?', "cuont", '"cuont"'),
            ('element 1: unexpected attribute "size".', "size", '"size"'),
        ],
    ),
    ("lit", "3", "3", [("3 is not one of 1, 2.", "3", "3")]),
    ("shade", '"dim"', '"dim"', [('"dim" is not one of "light", "dark".', '"dim"', '"dim"')]),
]


@pytest.mark.parametrize("syntax", ["native", "json"])
@pytest.mark.parametrize("case", CASES, ids=lambda case: case[0])
def test_each_misfit_at_its_part(
    case: tuple[str, str, str, list[tuple[str, str, str]]], syntax: Syntax
) -> None:
    field, native, json_value, expected = case
    if syntax == "native":
        text, value = f"{field} = {native}\n", native
    else:
        text, value = f"{{{json.dumps(field)}: {json_value}}}", json_value
    at = text.index(value)
    parts = [
        (detail, part if syntax == "native" else json_part) for detail, part, json_part in expected
    ]
    assert problems(text, Many, syntax=syntax) == [
        (UNSUITABLE, f"Unsuitable value: {detail}", _span_from(text, at, part))
        for detail, part in parts
    ]


def _span_from(text: str, at: int, part: str) -> str:
    """The range of the first ``part`` at or after offset ``at``."""
    nth = text.count(part, 0, at)
    return span(text, part, nth)


def test_a_value_from_a_variable_is_reported_at_the_whole_expression() -> None:
    text = "ints = var.ints\n"
    assert problems(text, Many, variables={"var": {"ints": [1, "x", 2.5]}}) == [
        (UNSUITABLE, "Unsuitable value: element 1: a number is required.", span(text, "var.ints")),
        (
            UNSUITABLE,
            "Unsuitable value: element 2: a whole number is required.",
            span(text, "var.ints"),
        ),
    ]


def test_a_function_result_is_reported_at_the_call() -> None:
    text = 'ints = concat([1], ["x"], [2.5])\n'
    call = 'concat([1], ["x"], [2.5])'
    assert problems(text, Many, functions=hcl.STDLIB) == [
        (UNSUITABLE, "Unsuitable value: element 1: a number is required.", span(text, call)),
        (UNSUITABLE, "Unsuitable value: element 2: a whole number is required.", span(text, call)),
    ]


def test_the_syntax_is_followed_as_far_as_it_goes() -> None:
    # The outer list is a constructor; its second element is a variable.
    text = "nested = [[1, 1.5], var.more]\n"
    assert problems(text, Many, variables={"var": {"more": [2, "b"]}}) == [
        (
            UNSUITABLE,
            "Unsuitable value: element 0: element 1: a whole number is required.",
            span(text, "1.5"),
        ),
        (
            UNSUITABLE,
            "Unsuitable value: element 1: element 1: a number is required.",
            span(text, "var.more"),
        ),
    ]


def test_unknown_elements_are_reported_each() -> None:
    text = "ints = [1, x, 2, y]\n"
    unknown = hcl.Value.unknown(NUMBER)
    assert problems(text, Many, variables={"x": unknown, "y": unknown}) == [
        (UNSUITABLE, "Unsuitable value: element 1: the value is not known yet.", span(text, "x")),
        (UNSUITABLE, "Unsuitable value: element 3: the value is not known yet.", span(text, "y")),
    ]


def test_registered_types_are_checked_element_by_element() -> None:
    decoder = hcl.Decoder(types={ipaddress.IPv4Address: (STRING, ipaddress.IPv4Address)})

    @dataclasses.dataclass
    class Hosts:
        addresses: list[ipaddress.IPv4Address]

    text = 'addresses = ["10.0.0.1", "10.0.0.300", "10.0.0.2", "host"]\n'
    with pytest.raises(hcl.DecodeError) as info:
        decoder.loads(text, Hosts, filename="t.hcl")
    assert listed(info.value) == [
        (
            UNSUITABLE,
            "Unsuitable value: element 1: Octet 300 (> 255) not permitted in '10.0.0.300'.",
            span(text, '"10.0.0.300"'),
        ),
        (
            UNSUITABLE,
            "Unsuitable value: element 3: Expected 4 octets in 'host'.",
            span(text, '"host"'),
        ),
    ]
    assert decoder.loads('addresses = ["10.0.0.1"]', Hosts).addresses == [
        ipaddress.IPv4Address("10.0.0.1")
    ]


@pytest.mark.parametrize("syntax", ["native", "json"])
def test_decode_expression_reports_the_first_misfit_as_gohcl_does(syntax: Syntax) -> None:
    # gohcl's DecodeExpression (tools/differential/go/gostatic): one error, the
    # first go-cty's conversion meets, at the expression's start (the "[").
    text = '[[1, "a"], {x = 1}, 2.5]' if syntax == "native" else '[[1, "a"], {"x": 1}, 2.5]'
    if syntax == "native":
        expr, diags = hcl.native.parse_expression(text, "e.hcl")
    else:
        expr, diags = hcl.json.parse_expression(text, "e.hcl")
    assert not diags.has_errors()
    result = hcl.decode_expression(expr, list[list[int]])
    value, found = result.value, result.diagnostics
    assert value is None
    assert [(d.detail, str(d.subject), str(d.context)) for d in found] == [
        (
            "Unsuitable value: element 1: list of number required",
            "e.hcl:1,1-2",
            f"e.hcl:1,1-{25 if syntax == 'native' else 26}",
        ),
    ]


def test_a_class_in_a_list_converted_whole_still_refuses_unknown_keys_first() -> None:
    # list[Loose] has "any" inside, so the list is converted as a whole (its
    # elements unified); the keys are checked before, where they are written.
    text = 'loose = [{ anything = 1 }, { anything = "a", extra = true }]\n'
    assert problems(text, Many) == [
        (
            UNSUITABLE,
            'Unsuitable value: element 1: unexpected attribute "extra".',
            span(text, "extra"),
        )
    ]
    fine = hcl.loads('loose = [{ anything = 1 }, { anything = "a" }]\n', Many)
    # Converted whole: the elements' "anything" unify to strings, as HCL converts them.
    assert fine.loose == [Loose("1"), Loose("a")]


def test_values_that_fit_decode_as_before() -> None:
    text = (
        'ints = [1, "2"]\nnested = [[1], []]\nby_name = { a = "3" }\n'
        'points = { p = { x = "4", label = "l" } }\nsome = [1, "1", 2]\n'
        'pair = ["5", 6]\neither = [true, "7"]\nscalars = ["0.5", "true", 8]\n'
        'paths = ["/etc"]\ndurations = ["1m", "2s"]\n'
    )
    many = hcl.loads(text, Many)
    assert many.ints == [1, 2]
    assert many.nested == [[1], []]
    assert many.by_name == {"a": 3}
    assert many.points == {"p": Point(4, "l")}
    assert many.some == {1, 2}
    assert many.pair == (5, "6")
    assert many.either == (True, 7)
    assert many.scalars == (0.5, True, "8")
    assert many.paths == [pathlib.PurePosixPath("/etc")]
    assert many.durations == [datetime.timedelta(minutes=1), datetime.timedelta(seconds=2)]


@dataclasses.dataclass
class Mutable:
    x: int


@dataclasses.dataclass
class MutableSet:
    items: set[Mutable]


@dataclasses.dataclass
class Loosely:
    items: set[Any] = dataclasses.field(default_factory=set)


def test_set_elements_must_be_hashable() -> None:
    with pytest.raises(hcl.SchemaError, match="the elements of a set must be hashable"):
        hcl.loads("items = []\n", MutableSet)
    assert hcl.loads("items = [1, 2, 1]\n", Loosely).items == {1, 2}
    text = "items = [[1], [2]]\n"
    assert problems(text, Loosely) == [
        (
            UNSUITABLE,
            "Unsuitable value: set elements must be hashable (unhashable type: 'list').",
            span(text, "[[1], [2]]"),
        )
    ]


@dataclasses.dataclass
class Inner:
    q: int


@dataclasses.dataclass
class WithInner:
    x: int
    inner: Inner | None = None


@dataclasses.dataclass
class HoldsWithInner:
    p: WithInner


def test_keys_of_objects_and_maps_from_variables_are_checked_too() -> None:
    text = "p = var.v\n"
    given = {"x": 1, "inner": {"q": 1, "z": 2}, "extra": 3}
    assert problems(text, HoldsWithInner, variables={"var": {"v": given}}) == [
        (UNSUITABLE, 'Unsuitable value: unexpected attribute "extra".', span(text, "var.v")),
        (
            UNSUITABLE,
            'Unsuitable value: attribute "inner": unexpected attribute "z".',
            span(text, "var.v"),
        ),
    ]
    text = "p = tomap(var.v)\n"
    mapped = {"x": 1, "y": 2}
    assert problems(
        text, HoldsWithInner, variables={"var": {"v": mapped}}, functions=hcl.STDLIB
    ) == [(UNSUITABLE, 'Unsuitable value: unexpected attribute "y".', span(text, "tomap(var.v)"))]
