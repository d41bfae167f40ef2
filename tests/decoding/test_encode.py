"""hcl.dumps / hcl.dump: configuration objects written as HCL, and read back equal."""

from __future__ import annotations

import dataclasses
import datetime
import enum
import io
import keyword
import pathlib
import unicodedata
from typing import Annotated, Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hcldecode as hcl
from hcldecode.values import STRING, Value
from hcldecode.write import format as hcl_format
from hcldecode.write import parse_document, quoted_string, value_text


class Mode(enum.Enum):
    FAST = "fast"
    SAFE = "safe"


@dataclasses.dataclass
class Listener:
    name: Annotated[str, hcl.label()]
    port: int
    protocol: str = "http"
    tags: list[str] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class Service:
    name: Annotated[str, hcl.label()]
    image: str
    env: Annotated[dict[str, str], hcl.block()] = dataclasses.field(default_factory=dict)
    listeners: Annotated[list[Listener], hcl.block("listener")] = dataclasses.field(
        default_factory=list
    )


@dataclasses.dataclass
class Config:
    region: str
    timeout: datetime.timedelta
    mode: Mode
    weights: dict[str, float]
    services: Annotated[dict[str, Service], hcl.block("service")]
    note: str | None = None


CONFIG = Config(
    "eu-west-1",
    datetime.timedelta(seconds=90),
    Mode.FAST,
    {"a b": 0.5, "c": 2.0},
    {
        "web": Service(
            "web",
            "nginx:1.27 ${x}",
            {"PORT": "80"},
            [Listener("http", 80), Listener("tls", 443, "https", ["tls"])],
        )
    },
)

NATIVE = """\
region  = "eu-west-1"
timeout = 90
mode    = "fast"
weights = {
  "a b" = 0.5
  c     = 2
}

service "web" {
  image = "nginx:1.27 $${x}"

  env {
    PORT = "80"
  }

  listener "http" {
    port = 80
  }

  listener "tls" {
    port     = 443
    protocol = "https"
    tags     = ["tls"]
  }
}
"""

JSON = """\
{
  "region": "eu-west-1",
  "timeout": 90,
  "mode": "fast",
  "weights": {"a b":0.5,"c":2},
  "service": {
    "web": {
      "image": "nginx:1.27 ${x}",
      "env": {
        "PORT": "80"
      },
      "listener": [
        {
          "http": {
            "port": 80
          }
        },
        {
          "tls": {
            "port": 443,
            "protocol": "https",
            "tags": ["tls"]
          }
        }
      ]
    }
  }
}
"""


def test_dumps_writes_native_syntax_as_hclfmt_lays_it_out() -> None:
    assert hcl.dumps(CONFIG) == NATIVE
    assert hcl_format(NATIVE)[0] == NATIVE
    assert hcl.loads(NATIVE, Config) == CONFIG


def test_dumps_writes_json_syntax() -> None:
    assert hcl.dumps(CONFIG, syntax="json") == JSON
    assert hcl.loads(JSON, Config, syntax="json") == CONFIG


def test_json_strings_are_written_for_a_reader_of_templates_when_asked() -> None:
    @dataclasses.dataclass
    class Greeting:
        text: str

    greeting = Greeting("say ${name} %{if}")
    plain = hcl.dumps(greeting, syntax="json")
    assert plain == '{\n  "text": "say ${name} %{if}"\n}\n'
    assert hcl.loads(plain, Greeting, syntax="json") == greeting
    templated = hcl.dumps(greeting, syntax="json", templates=True)
    assert templated == '{\n  "text": "say $${name} %%{if}"\n}\n'
    assert hcl.loads(templated, Greeting, syntax="json", variables={"name": "x"}) == greeting
    # native strings are always templates, whatever is asked
    assert hcl.dumps(greeting, templates=True) == hcl.dumps(greeting)


def test_defaults_are_left_out_unless_asked_for() -> None:
    listener = Listener("http", 80)
    config = Config("r", datetime.timedelta(0), Mode.SAFE, {}, {})
    assert hcl.dumps(config) == 'region  = "r"\ntimeout = 0\nmode    = "safe"\nweights = {}\n'
    with_defaults = dataclasses.replace(
        config, services={"s": Service("s", "i", listeners=[listener])}
    )
    # None is left out even so: a null reads as absent, and the default is None.
    assert hcl.dumps(with_defaults, defaults=True) == (
        'region  = "r"\n'
        "timeout = 0\n"
        'mode    = "safe"\n'
        "weights = {}\n"
        "\n"
        'service "s" {\n'
        '  image = "i"\n'
        "\n"
        "  env {\n"
        "  }\n"
        "\n"
        '  listener "http" {\n'
        "    port     = 80\n"
        '    protocol = "http"\n'
        "    tags     = []\n"
        "  }\n"
        "}\n"
    )


@attrs.define
class Origin:
    _host: str
    _port: int = 443


@attrs.define
class Route:
    _name: Annotated[str, hcl.label()]
    _origin: Origin
    _weight: int = 1


@attrs.define
class Routes:
    _routes: Annotated[list[Route], hcl.block("route")]


def test_private_attrs_fields_are_written_under_their_parameter_names() -> None:
    # attrs names the parameter of an attribute ``_x`` ``x``; that is the HCL name too.
    routes = Routes([Route("a", Origin("example.com"), 2), Route("b", Origin("b.test", 80))])
    text = hcl.dumps(routes)
    assert text == (
        'route "a" {\n'
        "  origin = {\n"
        '    host = "example.com"\n'
        "    port = 443\n"
        "  }\n"
        "  weight = 2\n"
        "}\n"
        "\n"
        'route "b" {\n'
        "  origin = {\n"
        '    host = "b.test"\n'
        "    port = 80\n"
        "  }\n"
        "}\n"
    )
    assert hcl.loads(text, Routes) == routes


@dataclasses.dataclass
class Nulls:
    kept: Annotated[str | None, hcl.attr(null="value")] = "x"
    absent: str | None = "y"


@dataclasses.dataclass
class RequiredNull:
    value: int | None


def test_none_is_written_as_null_where_null_reads_back_as_none() -> None:
    assert hcl.dumps(Nulls(None, "y")) == "kept = null\n"
    assert hcl.loads("kept = null\n", Nulls) == Nulls(None, "y")
    assert hcl.dumps(RequiredNull(None)) == "value = null\n"
    assert hcl.loads("value = null\n", RequiredNull) == RequiredNull(None)
    with pytest.raises(ValueError) as info:
        hcl.dumps(Nulls("x", None))
    assert str(info.value) == (
        "absent: None cannot be written, since a null reads as absent here and the default "
        "is not None (attr(null='value') keeps nulls)"
    )


@attrs.define
class Rule:
    name: Annotated[str, hcl.label()]
    expr: hcl.Expression
    weight: int = attrs.field(default=attrs.Factory(lambda: 1))


@attrs.define
class Rules:
    rules: Annotated[list[Rule], hcl.block("rule")]


def test_expressions_are_written_as_their_source_text() -> None:
    text = 'rule "a" {\n  expr = var.x + 1 # kept as written\n}\n'
    rules = hcl.loads(text, Rules)
    assert hcl.dumps(rules) == 'rule "a" {\n  expr = var.x + 1\n}\n'
    assert hcl.dumps(rules, syntax="json") == (
        '{\n  "rule": {\n    "a": {\n      "expr": "${var.x + 1}"\n    }\n  }\n}\n'
    )
    assert hcl.dumps(rules, defaults=True) == 'rule "a" {\n  expr   = var.x + 1\n  weight = 1\n}\n'


def test_dump_writes_to_paths_and_files(tmp_path: pathlib.Path) -> None:
    hcl.dump(CONFIG, tmp_path / "c.hcl")
    hcl.dump(CONFIG, tmp_path / "c.hcl.json")
    assert (tmp_path / "c.hcl").read_text() == NATIVE
    assert (tmp_path / "c.hcl.json").read_text() == JSON
    stream = io.StringIO()
    hcl.dump(CONFIG, stream, syntax="json")
    assert stream.getvalue() == JSON
    assert hcl.decode([tmp_path / "c.hcl"], Config) == CONFIG


def test_what_cannot_be_written_is_refused() -> None:
    with pytest.raises(TypeError) as info:
        hcl.dumps(Config)
    assert str(info.value).startswith("encode() needs an instance of a configuration class")
    with pytest.raises(ValueError) as value_info:
        hcl.dumps(dataclasses.replace(CONFIG, weights={"x": float("inf")}))
    assert str(value_info.value) == "weights: an infinite number has no HCL literal"
    with pytest.raises(ValueError) as value_info:
        hcl.dumps(CONFIG, syntax="yaml")  # type: ignore[arg-type]
    assert str(value_info.value) == "syntax must be 'native' or 'json', not 'yaml'"


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (
            Value.string('a "q" \\ \n\r\t ${x} %{y} $x %'),
            '"a \\"q\\" \\\\ \\n\\r\\t $${x} %%{y} $x %"',
        ),
        (Value.string("\x00\u200b\U000e0001é"), '"\\u0000\\u200b\\U000e0001é"'),
        (Value.number("1e-5"), "0.00001"),
        (Value.number(10**30), "1000000000000000000000000000000"),
        (Value.tuple([Value.number(1), Value.bool(True), Value.null(STRING)]), "[1, true, null]"),
        (
            Value.object(
                {"for": Value.number(1), "ok_name": Value.string("v"), "a-b": Value.object({})}
            ),
            '{\n  a-b     = {}\n  "for"   = 1\n  ok_name = "v"\n}',  # keys in order
        ),
    ],
)
def test_values_are_written_as_hclwrite_writes_them(value: Value, text: str) -> None:
    assert value_text(value) == text


def test_quoted_strings_read_back() -> None:
    assert quoted_string("plain") == '"plain"'
    assert quoted_string("") == '""'


# --------------------------------------------------------------------------- round trips

_TEXT = st.text().filter(lambda s: unicodedata.normalize("NFC", s) == s)
_NAME = st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True).filter(
    lambda n: not keyword.iskeyword(n)
)

# (annotation, values)
_ATTRIBUTE_TYPES: list[tuple[Any, st.SearchStrategy[Any]]] = [
    (str, _TEXT),
    (int, st.integers()),
    (float, st.floats(allow_nan=False, allow_infinity=False)),
    (bool, st.booleans()),
    (list[str], st.lists(_TEXT, max_size=3)),
    (dict[str, int], st.dictionaries(_TEXT, st.integers(), max_size=3)),
    (int | None, st.none() | st.integers()),
    (Mode, st.sampled_from(Mode)),
    (datetime.date, st.dates()),
    (set[int], st.sets(st.integers(), max_size=3)),
]


@st.composite
def _classes_and_objects(draw: st.DrawFn, depth: int = 0) -> tuple[type, Any]:
    names = draw(st.lists(_NAME, min_size=1, max_size=5, unique=True))
    fields: list[tuple[str, Any, Any]] = []
    values: dict[str, Any] = {}
    labelled = depth > 0 and draw(st.booleans())
    if labelled:
        fields.append(("label_", Annotated[str, hcl.label()], dataclasses.field()))
    for name in names:
        if depth >= 2 or draw(st.integers(0, 2)):  # an attribute; else (a third) blocks
            annotation, strategy = draw(st.sampled_from(_ATTRIBUTE_TYPES))
            value = draw(strategy)
            if draw(st.booleans()):
                # None reads back only where the default is None (null is absent).
                default = None if annotation == int | None else draw(strategy)
                made = dataclasses.field(default_factory=lambda d=default: d)  # type: ignore[misc]
                fields.append((name, annotation, made))
            else:
                fields.append((name, annotation, dataclasses.field()))
            values[name] = value
        else:
            child, make = draw(_classes_and_objects(depth + 1))
            children = draw(st.lists(make, max_size=3))
            if dataclasses.fields(child)[0].name == "label_":
                unique = {c.label_: c for c in children}
                fields.append((name, Annotated[dict[str, child], hcl.block()], dataclasses.field()))
                values[name] = unique
            else:
                fields.append((name, Annotated[list[child], hcl.block()], dataclasses.field()))
                values[name] = children
    ordered = [f for f in fields if f[2].default_factory is dataclasses.MISSING] + [
        f for f in fields if f[2].default_factory is not dataclasses.MISSING
    ]
    cls = dataclasses.make_dataclass(f"C{depth}_{'_'.join(names)}", ordered)
    label = _TEXT if labelled else st.none()

    @st.composite
    def make(inner: st.DrawFn) -> Any:
        kwargs = {name: inner(st.just(values[name])) for name in values}
        if labelled:
            kwargs["label_"] = inner(label)
        return cls(**kwargs)

    return cls, make()


@settings(max_examples=150, deadline=None)
@given(st.data(), st.sampled_from(["native", "json"]), st.booleans())
def test_dumps_then_loads_gives_an_equal_object(
    data: st.DataObject, syntax: str, defaults: bool
) -> None:
    cls, make = data.draw(_classes_and_objects())
    obj = data.draw(make)
    text = hcl.dumps(obj, syntax=syntax, defaults=defaults)  # type: ignore[arg-type]
    assert hcl.loads(text, cls, syntax=syntax) == obj  # type: ignore[arg-type]
    if syntax == "native":
        assert hcl_format(text)[0] == text


# --------------------------------------------------------------------------- in place

BEFORE = """\
# Region of the deployment
region  = "eu-west-1" # default region
timeout = 90
mode    = "fast"
weights = {
  "a b" = 0.5
  c     = 2
}
note = "to go"

# The web service
service "web" {
  image = "nginx:1.27 $${x}" # pinned

  # the plain listener
  listener "http" {
    port = 80
  }

  listener "old" {
    port = 8080
  }
}

# Not the class's
extra {
}
"""

AFTER = """\
# Region of the deployment
region  = "us-east-1" # default region
timeout = 90
mode    = "fast"
weights = {
  "a b" = 0.5
  c     = 2
}

# The web service
service "web" {
  image = "nginx:1.27 $${x}" # pinned

  # the plain listener
  listener "http" {
    port = 81
  }

  env {
    PORT = "80"
  }

  listener "tls" {
    port     = 443
    protocol = "https"
    tags     = ["tls"]
  }
}

# Not the class's
extra {
}
"""


def test_update_document_changes_only_what_differs_and_keeps_comments() -> None:
    document, diags = parse_document(BEFORE)
    assert document is not None, diags
    web = dataclasses.replace(
        CONFIG.services["web"],
        listeners=[Listener("http", 81), Listener("tls", 443, "https", ["tls"])],
    )
    new = dataclasses.replace(CONFIG, region="us-east-1", services={"web": web})
    hcl.update_document(document, new)
    assert document.text == AFTER
    extra = document.body.first_block("extra")
    assert extra is not None and document.body.remove_block(extra)
    assert hcl.loads(document.text, Config) == new


def test_update_document_needs_an_object() -> None:
    document, _ = parse_document("")
    assert document is not None
    with pytest.raises(TypeError) as info:
        hcl.update_document(document, Config)
    assert str(info.value).startswith("update() needs an instance of a configuration class")
