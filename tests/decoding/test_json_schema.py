"""``hcl.json_schema``: a JSON Schema of a class's HCL JSON form that agrees with decoding.

Exact schemas for small classes; the examples' configurations, in their JSON
form, validate; broken configurations are refused at the place decoding
reports them; whatever decoding accepts, and whatever ``dumps`` writes,
validates.
"""

from __future__ import annotations

import dataclasses
import datetime
import enum
import importlib.util
import json
import re
import sys
from pathlib import Path
from typing import Annotated, Any, Literal

import attrs
import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema.exceptions import best_match

import hcldecode as hcl
from hcldecode.json import parse_expression

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"

NUMBER = r"^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eEpP][+-]?[0-9]+)?$|^[+-]?[Ii]nf$|[$%]\{"
TEMPLATE = r"[$%]\{"
STRING = {"type": ["string", "number", "boolean"]}
TEMPLATE_STRING = {"type": "string", "pattern": TEMPLATE}
DRAFT = "https://json-schema.org/draft/2020-12/schema"


def validator(cls: type, decoder: hcl.Decoder | None = None) -> jsonschema.Draft202012Validator:
    schema = (decoder or hcl.Decoder()).json_schema(cls)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


# --------------------------------------------------------------------------- exact schemas


@dataclasses.dataclass
class Server:
    """A server.

    It listens.
    """

    host: str = dataclasses.field(metadata={"doc": "Where it listens."})
    port: int = 8080
    mode: Literal["fast", "safe"] = "safe"
    tags: list[str] = dataclasses.field(default_factory=list)


def test_attributes_with_types_defaults_documentation_and_required() -> None:
    assert hcl.json_schema(Server) == {
        "$schema": DRAFT,
        "title": "Server",
        "description": "A server.\n\nIt listens.",
        "type": "object",
        "properties": {
            "//": {},
            "host": {"description": "Where it listens.", **STRING},
            "port": {"type": ["integer", "string", "null"], "pattern": NUMBER, "default": 8080},
            "mode": {
                "anyOf": [{"enum": ["fast", "safe"]}, TEMPLATE_STRING, {"type": "null"}],
                "default": "safe",
            },
            "tags": {
                "type": ["array", "string", "null"],
                "items": STRING,
                "pattern": TEMPLATE,
                "default": [],
            },
        },
        "required": ["host"],
        "additionalProperties": False,
    }
    assert hcl.json_schema(Server, title="Servers")["title"] == "Servers"


@dataclasses.dataclass
class Rule:
    name: Annotated[str, hcl.label()]
    allow: bool


@dataclasses.dataclass
class Firewall:
    rules: Annotated[list[Rule], hcl.block("rule")]
    env: Annotated[dict[str, str], hcl.block()]
    extra: Annotated[dict[str, int], hcl.remain()]


RULE_BODIES = {
    "anyOf": [
        {"$ref": "#/$defs/Rule"},
        {"type": "array", "items": {"$ref": "#/$defs/Rule"}},
        {"type": "null"},
    ]
}


def test_blocks_labels_free_form_blocks_and_the_remaining_attributes() -> None:
    env_body = {"type": "object", "properties": {"//": {}}, "additionalProperties": STRING}
    assert hcl.json_schema(Firewall) == {
        "$schema": DRAFT,
        "title": "Firewall",
        "type": "object",
        "properties": {
            "//": {},
            "rule": {
                "anyOf": [
                    {"type": "object", "minProperties": 1, "additionalProperties": RULE_BODIES},
                    {
                        "type": "array",
                        "items": {"type": "object", "additionalProperties": RULE_BODIES},
                        "contains": {"minProperties": 1},
                    },
                ]
            },
            "env": {
                "anyOf": [
                    env_body,
                    {"type": "array", "items": env_body, "minItems": 1, "maxItems": 1},
                ]
            },
        },
        "required": ["env"],
        "additionalProperties": {"type": ["integer", "string"], "pattern": NUMBER},
        "$defs": {
            "Rule": {
                "type": "object",
                "properties": {
                    "//": {},
                    "allow": {
                        "type": ["boolean", "string"],
                        "pattern": f"^(?:true|false|1|0)$|{TEMPLATE}",
                    },
                },
                "required": ["allow"],
                "additionalProperties": False,
            }
        },
    }


@dataclasses.dataclass
class Step:
    run: str


@dataclasses.dataclass
class Gate:
    kind: Annotated[str, hcl.label()]
    name: Annotated[str, hcl.label()]


@dataclasses.dataclass
class Job:
    steps: Annotated[list[Step], hcl.block("step", min_items=1, max_items=3)]
    gate: Annotated[Gate | None, hcl.block()] = None
    raw: Annotated[list[hcl.Block], hcl.block("hook", labels=["event"])] = dataclasses.field(
        default_factory=list
    )
    rest: Annotated[hcl.Body | None, hcl.remain()] = None


def test_block_counts_one_object_level_per_label_and_raw_blocks() -> None:
    schema = hcl.json_schema(Job)
    step = {"$ref": "#/$defs/Step"}
    gate = {"$ref": "#/$defs/Gate"}
    assert schema["properties"]["step"] == {
        "anyOf": [step, {"type": "array", "items": step, "minItems": 1, "maxItems": 3}]
    }
    at_most_one = {
        "anyOf": [gate, {"type": "array", "items": gate, "maxItems": 1}, {"type": "null"}]
    }
    for _ in ("name", "kind"):  # one single label each: exactly one property in all
        at_most_one = {
            "anyOf": [
                {
                    "type": "object",
                    "minProperties": 1,
                    "maxProperties": 1,
                    "additionalProperties": at_most_one,
                },
                {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "maxProperties": 1,
                        "additionalProperties": at_most_one,
                    },
                    "contains": {"minProperties": 1},
                    "maxContains": 1,
                },
            ]
        }
    assert schema["properties"]["gate"] == at_most_one
    hook = {"type": "object"}
    hooks = {"anyOf": [hook, {"type": "array", "items": hook}, {"type": "null"}]}
    assert schema["properties"]["hook"]["anyOf"][0]["additionalProperties"] == hooks
    assert schema["required"] == ["step"]
    assert "additionalProperties" not in schema  # the rest is kept, not refused
    assert list(schema["$defs"]) == ["Gate", "Step"]
    assert schema["$defs"]["Gate"] == {
        "type": "object",
        "properties": {"//": {}},
        "additionalProperties": False,
    }


class Colour(enum.Enum):
    RED = "red"
    ONE = "1"


class Size(enum.IntEnum):
    S = 1
    M = 2


@attrs.define
class Limits:
    cpu: float
    memory: int = 512


class Ge:
    """An annotated_types-style bound, read by its attribute."""

    def __init__(self, ge: int) -> None:
        self.ge = ge


class Meta:
    """A msgspec-style ``Meta``: every constraint an attribute, unset ones ``None``."""

    def __init__(self, **given: Any) -> None:
        for name in ("gt", "ge", "lt", "le", "multiple_of", "min_length", "max_length"):
            setattr(self, name, given.get(name))
        self.pattern = given.get("pattern")


class Anything:
    """Answers every attribute name: not asked (only attributes it defines are)."""

    def __getattr__(self, name: str) -> int:
        return 1


@attrs.define
class Checked:
    port: int = attrs.field(validator=[attrs.validators.ge(1), attrs.validators.lt(65536)])
    name: str = attrs.field(
        default="web",
        validator=attrs.validators.and_(
            attrs.validators.min_len(1),
            attrs.validators.max_len(8),
            attrs.validators.matches_re(r"[a-z]+"),
        ),
    )
    level: str = attrs.field(default="low", validator=attrs.validators.in_(["low", "high"]))
    ratio: Annotated[float, Ge(0), Meta(lt=1, multiple_of=0.25), Anything()] = 0.5
    names: Annotated[list[str], Meta(min_length=1, max_length=3)] = attrs.Factory(lambda: ["a"])
    code: Annotated[str, Meta(pattern="^[A-Z]{3}$")] = "ABC"
    colour: Colour = Colour.RED
    size: Size | None = None
    limits: Limits | None = None
    pair: tuple[int, str] = (1, "a")
    wait: datetime.timedelta = datetime.timedelta(seconds=90)
    when: datetime.date = datetime.date(2024, 1, 2)
    either: int | list[int] = 0
    anything: Any = None
    value: hcl.Value | None = None
    exact: Annotated[str | None, hcl.attr(null="error")] = None


def test_constraints_enums_unions_objects_and_defaults() -> None:
    properties = hcl.json_schema(Checked)["properties"]
    integer = {"type": ["integer", "string"], "pattern": NUMBER}
    assert properties["port"] == {**integer, "minimum": 1, "exclusiveMaximum": 65536}
    assert properties["name"] == {
        "type": ["string", "number", "boolean", "null"],
        "minLength": 1,
        "maxLength": 8,
        "allOf": [{"anyOf": [{"pattern": "^(?:[a-z]+)$"}, TEMPLATE_STRING, {"type": "null"}]}],
        "default": "web",
    }
    assert properties["level"]["allOf"] == [
        {"anyOf": [{"enum": ["low", "high"]}, TEMPLATE_STRING, {"type": "null"}]}
    ]
    assert properties["ratio"] == {
        "type": ["number", "string", "null"],
        "pattern": NUMBER,
        "minimum": 0,
        "exclusiveMaximum": 1,
        "multipleOf": 0.25,
        "default": 0.5,
    }
    assert properties["names"]["minItems"] == 1
    assert properties["names"]["maxItems"] == 3
    assert properties["names"]["default"] == ["a"]
    assert properties["code"]["allOf"] == [
        {"anyOf": [{"pattern": "^[A-Z]{3}$"}, TEMPLATE_STRING, {"type": "null"}]}
    ]
    assert properties["colour"] == {
        "anyOf": [{"enum": ["red", "1", 1]}, TEMPLATE_STRING, {"type": "null"}],
        "default": "red",
    }
    assert properties["size"] == {
        "anyOf": [{"enum": [1, "1", 2, "2"]}, TEMPLATE_STRING, {"type": "null"}],
        "default": None,
    }
    assert properties["limits"] == {
        "type": ["object", "string", "null"],
        "properties": {
            "cpu": {"type": ["number", "string"], "pattern": NUMBER},
            "memory": {"type": ["integer", "string", "null"], "pattern": NUMBER, "default": 512},
        },
        "required": ["cpu"],
        "additionalProperties": False,
        "pattern": TEMPLATE,
        "default": None,
    }
    assert properties["pair"] == {
        "type": ["array", "string", "null"],
        "prefixItems": [integer, STRING],
        "minItems": 2,
        "items": False,
        "pattern": TEMPLATE,
        "default": [1, "a"],
    }
    assert properties["wait"]["type"] == ["number", "string", "null"]
    assert properties["wait"]["default"] == 90
    assert properties["when"] == {"type": ["string", "null"], "default": "2024-01-02"}
    assert properties["either"] == {
        "anyOf": [
            integer,
            {"type": ["array", "string"], "items": integer, "pattern": TEMPLATE},
            {"type": "null"},
        ],
        "default": 0,
    }
    assert properties["anything"] == {"default": None}
    assert properties["value"] == {"default": None}
    assert properties["exact"] == {"type": ["string", "number", "boolean"], "default": None}


class Other:
    @dataclasses.dataclass
    class Rule:  # the same name as the module's Rule
        deny: bool


@dataclasses.dataclass
class Both:
    a: Annotated[list[Rule], hcl.block()]
    b: Annotated[list[Other.Rule], hcl.block()]
    c: Annotated[Other.Rule | None, hcl.block()] = None


def test_classes_of_the_same_name_have_their_own_defs() -> None:
    schema = hcl.json_schema(Both)
    assert list(schema["$defs"]) == ["Other.Rule", "Rule"]
    refs = [
        sorted(set(re.findall(r'"\$ref": "([^"]+)"', json.dumps(schema["properties"][name]))))
        for name in ("a", "b", "c")
    ]
    assert refs == [["#/$defs/Rule"], ["#/$defs/Other.Rule"], ["#/$defs/Other.Rule"]]
    assert schema["$defs"]["Other.Rule"]["required"] == ["deny"]


def test_a_class_that_cannot_be_decoded_into_is_a_schema_error() -> None:
    with pytest.raises(hcl.SchemaError) as info:
        hcl.json_schema(int)
    assert str(info.value) == (
        "int is not a dataclass, attrs class, pydantic model, msgspec Struct, TypedDict or "
        "NamedTuple"
    )


# --------------------------------------------------------------------------- the examples


def _example(folder: str, module: str) -> Any:
    """An example's module, loaded from its file under a name of its own."""
    name = f"_json_schema_example_{folder}_{module}"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, EXAMPLES / folder / f"{module}.py")
        assert spec is not None and spec.loader is not None
        loaded = importlib.util.module_from_spec(spec)
        sys.modules[name] = loaded  # where its annotations are resolved
        spec.loader.exec_module(loaded)
    return sys.modules[name]


EXAMPLE_RUNS = {
    "webservice": (
        "config",
        "Service",
        ["service.hcl"],
        {"var": {"region": "eu-west-1"}},
    ),
    "pipeline": (
        "config",
        "Pipeline",
        ["pipeline.hcl", "release.hcl.json"],
        {"pipeline": "build-and-release", "env_python": "3.12"},
    ),
    "terraform": ("schema", "Module", ["demo/main.tf", "demo/variables.tf"], {}),
}


@pytest.mark.parametrize("folder", sorted(EXAMPLE_RUNS))
def test_every_example_in_its_json_form_validates(folder: str) -> None:
    module_name, class_name, files, variables = EXAMPLE_RUNS[folder]
    cls = getattr(_example(folder, module_name), class_name)
    obj = hcl.decode([EXAMPLES / folder / f for f in files], cls, variables=variables)
    # what `hcldecode convert --to json` writes
    text = hcl.dumps(obj, syntax="json", templates=True)
    check = validator(cls)
    assert [e.message for e in check.iter_errors(json.loads(text))] == []
    # and it is a configuration indeed
    again = hcl.loads(text, cls, syntax="json", variables={})
    if folder != "terraform":  # (expressions read from JSON are not written back)
        assert hcl.dumps(again, syntax="json", templates=True) == text


def test_the_json_file_of_an_example_validates_as_one_part_of_its_configuration() -> None:
    cls = _example("pipeline", "config").Pipeline
    doc = json.loads((EXAMPLES / "pipeline" / "release.hcl.json").read_text())
    errors = list(validator(cls).iter_errors(doc))
    # it is merged with pipeline.hcl, which sets the required attributes
    assert sorted(e.message for e in errors) == [
        "'name' is a required property",
        "'stages' is a required property",
        "'timeout' is a required property",
    ]


# --------------------------------------------------------------------------- broken files


@attrs.define
class Listener:
    name: Annotated[str, hcl.label()]
    port: int = attrs.field(validator=attrs.validators.ge(1))
    tls: bool = False


@dataclasses.dataclass
class Instance:
    kind: Annotated[str, hcl.label()]
    name: Annotated[str, hcl.label()]
    ami: str


@dataclasses.dataclass
class Logging:
    level: Literal["DEBUG", "INFO"] = "INFO"


@dataclasses.dataclass
class Service:
    service: str
    listeners: Annotated[list[Listener], hcl.block("listener")]
    resources: Annotated[dict[str, dict[str, Instance]], hcl.block("resource")]
    logging: Annotated[Logging | None, hcl.block()] = None
    replicas: int = 1
    shards: Annotated[list[Logging], hcl.block("shard", max_items=2)] = dataclasses.field(
        default_factory=list
    )


def _node(text: str, path: list[str | int]) -> hcl.Range:
    """The range of the JSON value at ``path`` in ``text``."""
    expr, diags = parse_expression(text, "t.json")
    assert not diags
    for step in path:
        if isinstance(step, int):
            items = expr.static_list()
            assert items is not None
            expr = items[step]
        else:
            pairs = expr.static_map()
            assert pairs is not None
            found = [v for k, v in pairs if k.value(None)[0].as_str() == step]
            expr = found[-1]
    return expr.range


def _inside(inner: hcl.Range, outer: hcl.Range) -> bool:
    return outer.start.byte <= inner.start.byte and inner.end.byte <= outer.end.byte


BROKEN = {
    "unknown attribute": (
        '{"service": "a", "listener": {"http": {"port": 80, "colour": "red"}}}',
        ["listener", "http"],
        "Additional properties are not allowed ('colour' was unexpected)",
        ("Extraneous JSON object property", '"colour"'),
    ),
    "wrong type": (
        '{"service": "a", "listener": {"http": {"port": true}}}',
        ["listener", "http", "port"],
        "True is not of type 'integer', 'string'",
        ("Unsuitable value type", "true"),
    ),
    "a string that is no number": (
        '{"service": "a", "replicas": "many"}',
        ["replicas"],
        f"'many' does not match {NUMBER!r}",
        ("Unsuitable value type", '"many"'),
    ),
    "a choice that is not one": (
        '{"service": "a", "logging": {"level": "LOUD"}}',
        ["logging", "level"],
        f"'LOUD' does not match {TEMPLATE!r}",
        ("Unsuitable value type", '"LOUD"'),
    ),
    "a bound": (
        '{"service": "a", "listener": [{"http": {"port": 0}}]}',
        ["listener", 0, "http", "port"],
        "0 is less than the minimum of 1",
        ("Invalid attribute value", "0"),
    ),
    "missing required attribute": (
        '{"service": "a", "listener": {"http": {"tls": true}}}',
        ["listener", "http"],
        "'port' is a required property",
        ("Missing required argument", "}"),
    ),
    "missing required attribute at the top": (
        '{"listener": {"http": {"port": 80}}}',
        [],
        "'service' is a required property",
        ("Missing required argument", "}"),
    ),
    "a missing label level": (
        '{"service": "a", "resource": {"aws_instance": {"ami": "x"}}}',
        ["resource", "aws_instance", "ami"],
        "'x' is not valid under any of the given schemas",
        ("Incorrect JSON value type", '"x"'),
    ),
    "no label at all": (
        '{"service": "a", "listener": {}}',
        ["listener"],
        "{} should be non-empty",
        ("Missing block label", "{"),
    ),
    "too many blocks": (
        '{"service": "a", "logging": [{}, {"level": "INFO"}]}',
        ["logging"],
        "[{}, {'level': 'INFO'}] is too long",
        ("Duplicate logging block", "["),
    ),
    "more blocks than max_items": (
        '{"service": "a", "shard": [{}, {}, {}]}',
        ["shard"],
        "[{}, {}, {}] is too long",
        ("Too many shard blocks", "["),
    ),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_configuration_is_refused_where_decoding_reports_it(case: str) -> None:
    text, path, message, (summary, subject) = BROKEN[case]
    error = best_match(validator(Service).iter_errors(json.loads(text)))
    assert error is not None
    assert (list(error.absolute_path), error.message) == (path, message)
    with pytest.raises(hcl.DecodeError) as info:
        hcl.loads(text, Service, filename="t.json", syntax="json")
    first = info.value.diagnostics[0]
    assert first.summary == summary
    assert first.subject is not None
    # decoding points at the JSON value the schema refused, or inside it
    place = _node(text, path)
    assert _inside(first.subject, place), (str(first.subject), str(place))
    assert text[first.subject.start.byte : first.subject.end.byte].startswith(subject)


# --------------------------------------------------------------------------- general rules


@dataclasses.dataclass
class Node:
    name: Annotated[str, hcl.label()]
    size: int = 0
    ratio: float = 1.0
    on: bool = False
    mode: Literal["a", "b"] = "a"
    tags: list[str] = dataclasses.field(default_factory=list)
    meta: dict[str, int] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass
class Tree:
    title: str
    nodes: Annotated[list[Node], hcl.block("node")] = dataclasses.field(default_factory=list)
    groups: Annotated[dict[str, Node], hcl.block("group")] = dataclasses.field(default_factory=dict)
    limit: Annotated[Logging | None, hcl.block()] = None
    count: int | None = None


_TEXT = st.text(st.characters(codec="ascii", exclude_categories=["Cc"]), max_size=6)
_NODES = st.builds(
    Node,
    name=_TEXT,
    size=st.integers(-(10**20), 10**20),
    ratio=st.floats(allow_nan=False, allow_infinity=False, width=32),
    on=st.booleans(),
    mode=st.sampled_from(["a", "b"]),
    tags=st.lists(_TEXT, max_size=3),
    meta=st.dictionaries(_TEXT, st.integers(-5, 5), max_size=3),
)
_TREES = st.builds(
    Tree,
    title=_TEXT,
    nodes=st.lists(_NODES, max_size=3),
    groups=st.lists(_NODES, max_size=3, unique_by=lambda n: n.name).map(
        lambda nodes: {n.name: n for n in nodes}
    ),
    limit=st.none() | st.builds(Logging, level=st.sampled_from(["DEBUG", "INFO"])),
    count=st.none() | st.integers(0, 9),
)
TREE = validator(Tree)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_TREES, st.booleans())
def test_whatever_dumps_writes_in_json_validates(tree: Tree, defaults: bool) -> None:
    text = hcl.dumps(tree, syntax="json", defaults=defaults)
    assert [e.message for e in TREE.iter_errors(json.loads(text))] == []


# For each attribute, values of its type, values decoding converts to it ("8", "true",
# 5 for a string), templates, null, and now and then one that does not fit.
_WORDS = st.sampled_from(["x", "", "a b", "8", "1.5", "true", "0"])
_STRINGS = _WORDS | st.integers(-3, 3) | st.booleans() | st.just("${1 + 1}")
_NUMBERS = st.one_of(
    st.integers(-(10**6), 10**6),
    st.floats(-10, 10, allow_nan=False),
    st.sampled_from(["8", "-3", "1e2", "2.5", "${1 + 1}", "x", True]),
)
_BOOLS = st.booleans() | st.sampled_from(["true", "false", "1", "0", "yes", 1, "${true}"])
_CHOICES = st.sampled_from(["a", "b", "c", '${"a"}', 1])
_LISTS = st.lists(_STRINGS, max_size=3) | st.sampled_from(["${[]}", "x", {}])
_MAPS = st.dictionaries(st.sampled_from("ab"), _NUMBERS, max_size=2) | st.sampled_from(
    [[], "${{}}"]
)


def _maybe_null(values: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return values | st.none()


_NODE_BODY = st.fixed_dictionaries(
    {},
    optional={
        "size": _maybe_null(_NUMBERS),
        "ratio": _maybe_null(_NUMBERS),
        "on": _maybe_null(_BOOLS),
        "mode": _maybe_null(_CHOICES),
        "tags": _maybe_null(_LISTS),
        "meta": _maybe_null(_MAPS),
        "//": _STRINGS,
        "colour": _STRINGS,
    },
)
_NODE_BODIES = _NODE_BODY | st.lists(_NODE_BODY, max_size=2) | st.none()
_LABELLED = st.dictionaries(st.sampled_from(["p", "q"]), _NODE_BODIES, max_size=2)
_DOCS = st.fixed_dictionaries(
    {"title": _STRINGS},
    optional={
        "node": _LABELLED | st.lists(_LABELLED, max_size=2) | _NUMBERS,
        "group": _LABELLED | st.lists(_LABELLED, max_size=2),
        "limit": st.fixed_dictionaries({}, optional={"level": _CHOICES | _WORDS})
        | st.lists(st.just({}), max_size=2)
        | st.none(),
        "count": _maybe_null(_NUMBERS),
        "//": _STRINGS,
    },
)


@settings(max_examples=300, deadline=None)
@given(_DOCS)
def test_whatever_decoding_accepts_validates(doc: dict[str, Any]) -> None:
    text = json.dumps(doc)
    try:
        hcl.loads(text, Tree, syntax="json", variables={})
    except hcl.DecodeError:
        return
    assert [e.message for e in TREE.iter_errors(doc)] == []
