"""TypedDict and NamedTuple classes as decode targets: blocks, values, markers, writing back."""

from __future__ import annotations

import collections
import dataclasses
import json
import typing
from pathlib import Path
from typing import Annotated, Any, NamedTuple

import pytest
from decoding_helpers import problems, span
from hypothesis import given
from hypothesis import strategies as st
from typing_extensions import NotRequired, Required, TypedDict

import hcldecode as hcl
from hcldecode.cli import main
from hcldecode.pytypes import PythonTypes
from hcldecode.values import NUMBER, STRING, ObjectType
from hcldecode.write import parse_document

# --------------------------------------------------------------------------- classes


class Options(TypedDict, total=False):
    debug: bool
    level: Annotated[int, hcl.attr(name="log-level")]
    owner: Required[str]


class Listener(TypedDict):
    name: Annotated[str, hcl.label()]
    port: int
    hosts: NotRequired[list[str]]


class Service(TypedDict):
    name: str
    options: NotRequired[Options]
    listeners: Annotated[list[Listener], hcl.block("listener")]
    extra: NotRequired[Annotated[Options, hcl.block()]]


class Point(NamedTuple):
    x: int
    y: int = 0


class Shape(NamedTuple):
    kind: Annotated[str, hcl.label()]
    points: list[Point]
    where: Annotated[hcl.Range, hcl.def_range()]
    colour: str = "black"


@dataclasses.dataclass
class Drawing:
    shapes: Annotated[list[Shape], hcl.block("shape")]
    origin: Point = Point(0, 0)  # noqa: RUF009 (a NamedTuple is immutable)
    settings: list[Options] = dataclasses.field(default_factory=list)


# --------------------------------------------------------------------------- the rules


def test_the_kinds_come_from_the_table_and_no_built_in_rule_takes_them() -> None:
    types = PythonTypes()
    assert [k.name for k in types.kinds] == [
        "dataclass",
        "attrs class",
        "pydantic model",
        "msgspec Struct",
        "TypedDict",
        "NamedTuple",
    ]
    assert types.kind_of(Point) is types.kinds[5]
    assert types.kind_of(Options) is types.kinds[4]
    assert types.kind_of(dict) is None
    assert types.kind_of(tuple) is None
    assert types.hcl_type(Point) == ObjectType({"x": NUMBER, "y": NUMBER}, frozenset({"y"}))
    assert types.hcl_type(Options) == ObjectType(
        {"debug": hcl.values.BOOL, "log-level": NUMBER, "owner": STRING},
        frozenset({"debug", "log-level"}),
    )


def test_fields_of_a_typeddict_say_which_keys_may_be_left_out() -> None:
    fields = PythonTypes().class_fields(Options)
    assert [(f.name, f.hcl_name, f.annotation, f.omittable, f.has_default) for f in fields] == [
        ("debug", "debug", bool, True, True),
        ("level", "log-level", int, True, True),
        ("owner", "owner", str, False, False),
    ]
    with pytest.raises(LookupError, match=r"^debug has no default$"):
        fields[0].default_value()


def test_values_become_objects_of_their_fields() -> None:
    types = PythonTypes()
    assert types.to_value(Point(1, 2)) == hcl.Value.object(
        {"x": hcl.Value.number(1), "y": hcl.Value.number(2)}
    )
    # a plain dict is an object of its keys; declared as a TypedDict, of its fields' HCL names
    assert types.to_value({"level": 3}) == hcl.Value.object({"level": hcl.Value.number(3)})
    assert types.to_value({"level": 3}, annotation=Options | None) == hcl.Value.object(
        {"log-level": hcl.Value.number(3)}
    )
    assert types.to_value([{"level": 3}], annotation=list[Options]) == hcl.Value.tuple(
        [hcl.Value.object({"log-level": hcl.Value.number(3)})]
    )


# --------------------------------------------------------------------------- decoding


SERVICE = (
    'name = "web"\n'
    'options = { log-level = 2, owner = "ops" }\n'
    'listener "http" {\n'
    "  port = 80\n"
    "}\n"
    'listener "https" {\n'
    "  port  = 443\n"
    '  hosts = ["a.example"]\n'
    "}\n"
)


def test_a_typeddict_decodes_and_leaves_out_the_keys_not_set() -> None:
    service = hcl.loads(SERVICE, Service)
    assert service == {
        "name": "web",
        "options": {"level": 2, "owner": "ops"},
        "listeners": [
            {"name": "http", "port": 80},
            {"name": "https", "port": 443, "hosts": ["a.example"]},
        ],
    }
    assert type(service) is dict
    assert hcl.loads('name = "x"\n', Service) == {"name": "x", "listeners": []}


def test_a_not_required_block_present_is_set() -> None:
    text = 'name = "x"\nextra {\n  owner = "me"\n  debug = true\n}\n'
    assert hcl.loads(text, Service) == {
        "name": "x",
        "listeners": [],
        "extra": {"debug": True, "owner": "me"},
    }


def test_a_null_for_a_key_that_may_be_left_out_leaves_it_out() -> None:
    assert hcl.loads('name = "x"\noptions = null\n', Service) == {"name": "x", "listeners": []}
    text = 'owner = "o"\ndebug = null\n'
    assert hcl.loads(text, Options) == {"owner": "o"}


def test_missing_and_unexpected_keys_are_diagnostics() -> None:
    text = 'listener "a" {\n}\noptions = { log_level = 1 }\n'
    assert problems(text, Service) == [
        (
            "Missing required argument",
            'The argument "name" is required, but no definition was found.',
            "t.hcl:1,1-1",
        ),
        (
            "Missing required argument",
            'The argument "port" is required, but no definition was found.',
            span(text, "{", empty=True),
        ),
        (
            "Unsuitable value type",
            'Unsuitable value: attribute "owner" is required.',
            span(text, "{ log_level = 1 }"),
        ),
        (
            "Unsuitable value type",
            'Unsuitable value: unexpected attribute "log_level". Did you mean "log-level"?',
            span(text, "log_level"),
        ),
    ]


def test_a_required_key_in_an_object_value_is_required() -> None:
    text = 'name = "x"\noptions = { debug = true }\n'
    assert problems(text, Service) == [
        (
            "Unsuitable value type",
            'Unsuitable value: attribute "owner" is required.',
            span(text, "{ debug = true }"),
        )
    ]


def test_a_namedtuple_decodes_from_blocks_and_values() -> None:
    text = 'origin = { x = 1 }\nshape "line" {\n  points = [{ x = 0 }, { x = 2, y = 1 }]\n}\n'
    drawing = hcl.loads(text, Drawing, filename="d.hcl")
    assert drawing == Drawing(
        [Shape("line", [Point(0, 0), Point(2, 1)], drawing.shapes[0].where)], Point(1, 0)
    )
    assert str(drawing.shapes[0].where) == span(text, 'shape "line"', filename="d.hcl")


def test_a_namedtuple_value_that_does_not_fit_is_a_diagnostic() -> None:
    text = 'origin = { x = "one" }\n'
    assert problems(text, Drawing) == [
        (
            "Unsuitable value type",
            'Unsuitable value: attribute "x": a number is required.',
            span(text, '"one"'),
        )
    ]


def test_a_namedtuple_is_a_root_class_and_a_set_element() -> None:
    @dataclasses.dataclass
    class Cloud:
        points: set[Point]

    assert hcl.loads("x = 4\n", Point) == Point(4, 0)
    assert hcl.loads("points = [{ x = 1 }, { x = 1, y = 0 }]\n", Cloud) == Cloud({Point(1, 0)})


class Rest(TypedDict):
    name: str
    rest: Annotated[dict[str, int], hcl.remain()]


class Kept(NamedTuple):
    name: str
    body: Annotated[hcl.Body, hcl.body()]


def test_remain_and_body_markers() -> None:
    assert hcl.loads('name = "a"\nb = 1\nc = 2\n', Rest) == {
        "name": "a",
        "rest": {"b": 1, "c": 2},
    }
    kept = hcl.loads('name = "a"\nport = 1\n', Kept)
    assert kept.name == "a"
    assert hcl.decode_body(kept.body, Point).ok is False


def test_a_namedtuple_without_annotations_is_a_schema_error() -> None:
    Bare = typing.NamedTuple("Bare", [("x", int)])  # noqa: UP014 (a class made by a call)
    assert hcl.loads("x = 1\n", Bare) == Bare(1)
    Untyped = collections.namedtuple("Untyped", ["x"])
    with pytest.raises(hcl.SchemaError) as info:
        hcl.schema_of(Untyped)
    assert str(info.value) == "Untyped.x has no type annotation"


@given(st.sets(st.sampled_from(["debug", "level"])), st.booleans())
def test_exactly_the_keys_set_are_in_the_dict_and_written_back(
    present: set[str], as_block: bool
) -> None:
    values: dict[str, Any] = {"debug": True, "level": 3, "owner": "o"}
    expected = {k: v for k, v in values.items() if k in present or k == "owner"}
    text = hcl.dumps(expected, cls=Options)
    assert hcl.loads(text, Options) == expected
    root: Service = {"name": "n", "listeners": []}
    root["extra" if as_block else "options"] = expected
    assert hcl.loads(hcl.dumps(root, cls=Service), Service) == root
    assert hcl.loads(hcl.dumps(root, cls=Service, syntax="json"), Service, syntax="json") == root


# --------------------------------------------------------------------------- writing back


def test_dumps_a_typeddict_with_its_class() -> None:
    service = hcl.loads(SERVICE, Service)
    text = hcl.dumps(service, cls=Service)
    assert text == (
        'name = "web"\n'
        "options = {\n"
        "  log-level = 2\n"
        '  owner     = "ops"\n'
        "}\n"
        "\n"
        'listener "http" {\n'
        "  port = 80\n"
        "}\n"
        "\n"
        'listener "https" {\n'
        "  port  = 443\n"
        '  hosts = ["a.example"]\n'
        "}\n"
    )
    assert hcl.loads(text, Service) == service


def test_dumps_of_a_plain_dict_asks_for_the_class() -> None:
    with pytest.raises(TypeError) as info:
        hcl.dumps({"owner": "o"})
    assert str(info.value) == (
        "encode() needs an instance of a configuration class, not {'owner': 'o'} "
        "(a TypedDict's instances are plain dicts: give its class as cls=)"
    )
    with pytest.raises(TypeError) as info:
        hcl.dumps(Point(1), cls=Options)
    assert str(info.value) == "encode(): Point(x=1, y=0) is not an instance of Options"
    with pytest.raises(TypeError) as info:
        hcl.dumps({"owner": "o"}, cls=dict)
    assert str(info.value) == "encode(): cls=<class 'dict'> is not a configuration class"


def test_dumps_refuses_a_dict_without_a_required_key() -> None:
    with pytest.raises(ValueError) as info:
        hcl.dumps({"debug": True}, cls=Options)
    assert str(info.value) == "owner: the object has no value for this required field"


def test_dumps_namedtuples_and_typeddicts_inside_a_dataclass() -> None:
    start = hcl.model.Pos(1, 1, 0)
    drawing = Drawing(
        [Shape("line", [Point(0, 0)], hcl.Range("x.hcl", start, start))],  # not written
        Point(1, 2),
        [{"level": 1, "owner": "o"}],
    )
    text = hcl.dumps(drawing)
    assert text == (
        'shape "line" {\n'
        "  points = [{\n"
        "    x = 0\n"
        "    y = 0\n"
        "  }]\n"
        "}\n"
        "\n"
        "origin = {\n"
        "  x = 1\n"
        "  y = 2\n"
        "}\n"
        "settings = [{\n"
        "  log-level = 1\n"
        '  owner     = "o"\n'
        "}]\n"
    )
    back = hcl.loads(text, Drawing)
    assert back.origin == drawing.origin
    assert back.settings == drawing.settings
    assert [(s.kind, s.points, s.colour) for s in back.shapes] == [("line", [Point(0, 0)], "black")]


def test_update_document_with_a_typeddict() -> None:
    document, _ = parse_document(
        '# the service\nname = "web" # its name\noptions = { owner = "x" }\n'
        'listener "http" {\n  port = 80 # plain\n}\nunknown = 1\n'
    )
    service: Service = {"name": "api", "listeners": [{"name": "http", "port": 8080}]}
    assert document is not None
    hcl.update_document(document, service, cls=Service)
    assert document.text == (
        '# the service\nname = "api" # its name\n'
        'listener "http" {\n  port = 8080 # plain\n}\nunknown = 1\n'
    )


def test_dump_takes_the_class_too(tmp_path: Path) -> None:
    path = tmp_path / "opts.hcl"
    hcl.dump({"owner": "o", "debug": False}, path, cls=Options)
    assert path.read_text() == 'debug = false\nowner = "o"\n'


# --------------------------------------------------------------------------- the command line


SCHEMA = """\
from typing import Annotated, NamedTuple
from typing_extensions import NotRequired, TypedDict

import hcldecode as hcl


class Point(NamedTuple):
    x: int
    y: int = 0


class Config(TypedDict):
    name: str
    at: Point
    note: NotRequired[str]
"""


def test_the_command_line_prints_namedtuples_and_typeddicts_as_objects(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "schema.py").write_text(SCHEMA, encoding="utf-8")
    (tmp_path / "c.hcl").write_text('name = "a"\nat = { x = 1 }\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["decode", "c.hcl", "--schema", "schema.py:Config"]) == 0
    assert json.loads(capsys.readouterr().out) == {"name": "a", "at": {"x": 1, "y": 0}}
