"""The same configuration in native and JSON syntax decodes to equal objects.

Each case is one feature the JSON syntax can express, written both ways and
decoded with variables given, so that JSON strings are templates (HCL's
full-expression mode).
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from typing import Annotated, Any

import attrs
import pytest
from decoding_helpers import Syntax

import hcldecode as hcl


@attrs.define
class Rule:
    port: int
    proto: str = "tcp"


@attrs.define
class Listener:
    name: Annotated[str, hcl.label()]
    rules: Annotated[list[Rule], hcl.block("rule")] = attrs.Factory(list)
    tls: bool = False


@attrs.define
class Route:
    method: Annotated[str, hcl.label()]
    path: Annotated[str, hcl.label()]
    target: str = ""


@attrs.define
class Settings:
    level: str = "info"
    extra: dict[str, Any] = attrs.Factory(dict)


@attrs.define
class App:
    name: str = ""
    count: int = 0
    ratio: Decimal = Decimal(0)
    big: int = 0
    enabled: bool = False
    nothing: str | None = "unset"
    tags: list[str] = attrs.Factory(list)
    labels: dict[str, str] = attrs.Factory(dict)
    nested: dict[str, list[int]] = attrs.Factory(dict)
    anything: Any = None
    settings: Annotated[Settings | None, hcl.block()] = None
    listeners: Annotated[list[Listener], hcl.block("listener")] = attrs.Factory(list)
    routes: Annotated[list[Route], hcl.block("route")] = attrs.Factory(list)


VARIABLES = {"env": "prod", "n": 3, "zones": ["a", "b"], "on": True, "key": "k"}


def _upper(text: str) -> str:
    return text.upper()


FUNCTIONS = {"upper": _upper}

CASES: list[tuple[str, str, str, App]] = [
    ("empty", "", "{}", App()),
    (
        "primitive attributes",
        'name = "web"\ncount = 3\nenabled = true\n',
        '{"name": "web", "count": 3, "enabled": true}',
        App(name="web", count=3, enabled=True),
    ),
    (
        "numbers at full precision",
        "ratio = 0.1000000000000000000000000000001\nbig = 123456789012345678901234567890\n",
        '{"ratio": 0.1000000000000000000000000000001, "big": 123456789012345678901234567890}',
        App(ratio=Decimal("0.1000000000000000000000000000001"), big=123456789012345678901234567890),
    ),
    (
        "exponents",
        "ratio = 1.5e-3\nbig = 1e30\n",
        '{"ratio": 1.5e-3, "big": 1E+30}',
        App(ratio=Decimal("0.0015"), big=10**30),
    ),
    ("null is absent", "nothing = null\n", '{"nothing": null}', App()),
    (
        "lists and maps",
        'tags = ["a", "b"]\nlabels = { team = "core", "with space" = "x" }\n',
        '{"tags": ["a", "b"], "labels": {"team": "core", "with space": "x"}}',
        App(tags=["a", "b"], labels={"team": "core", "with space": "x"}),
    ),
    (
        "nested collections",
        "nested = { a = [1, 2], b = [] }\n",
        '{"nested": {"a": [1, 2], "b": []}}',
        App(nested={"a": [1, 2], "b": []}),
    ),
    (
        "anything",
        'anything = { k = [1, "two", true, null], n = 0.5 }\n',
        '{"anything": {"k": [1, "two", true, null], "n": 0.5}}',
        App(anything={"k": [1, "two", True, None], "n": Decimal("0.5")}),
    ),
    (
        "templates",
        'name = "${env}-${n + 1}"\ntags = ["x-${zones[0]}", "%{ if on }y%{ else }n%{ endif }"]\n',
        '{"name": "${env}-${n + 1}", "tags": ["x-${zones[0]}", "%{ if on }y%{ else }n%{ endif }"]}',
        App(name="prod-4", tags=["x-a", "y"]),
    ),
    (
        "template loops and escapes",
        'name = "%{ for z in zones }${z};%{ endfor }$${literal}"\n',
        '{"name": "%{ for z in zones }${z};%{ endfor }$${literal}"}',
        App(name="a;b;${literal}"),
    ),
    (
        "a lone interpolation keeps the value's type",
        "count = n\ntags = zones\nenabled = on\n",
        '{"count": "${n}", "tags": "${zones}", "enabled": "${on}"}',
        App(count=3, tags=["a", "b"], enabled=True),
    ),
    (
        "function calls",
        'name = upper("${env}")\n',
        '{"name": "${upper(env)}"}',
        App(name="PROD"),
    ),
    (
        "object keys from expressions",
        'labels = { (key) = "v", "${env}-x" = "w" }\n',
        '{"labels": {"${key}": "v", "${env}-x": "w"}}',
        App(labels={"k": "v", "prod-x": "w"}),
    ),
    (
        "a heredoc is a string with newlines",
        "name = <<EOT\nline one\n  ${env}\nEOT\n",
        '{"name": "line one\\n  ${env}\\n"}',
        App(name="line one\n  prod\n"),
    ),
    (
        "block without labels",
        'settings {\n  level = "debug"\n}\n',
        '{"settings": {"level": "debug"}}',
        App(settings=Settings("debug")),
    ),
    (
        "empty block",
        "settings {}\n",
        '{"settings": {}}',
        App(settings=Settings()),
    ),
    (
        "block with one label, repeated, with nested repeated blocks",
        """\
listener "http" {
  rule {
    port = 80
  }
  rule {
    port  = 8080
    proto = "udp"
  }
}
listener "https" {
  tls = true
}
""",
        """\
{
  "listener": {
    "http": {"rule": [{"port": 80}, {"port": 8080, "proto": "udp"}]},
    "https": {"tls": true}
  }
}
""",
        App(
            listeners=[
                Listener("http", [Rule(80), Rule(8080, "udp")]),
                Listener("https", tls=True),
            ]
        ),
    ),
    (
        "repeated labels as an array of objects",
        'listener "a" {}\nlistener "b" {}\nlistener "a" {\n  tls = true\n}\n',
        '{"listener": [{"a": {}}, {"b": {}}, {"a": {"tls": true}}]}',
        App(listeners=[Listener("a"), Listener("b"), Listener("a", tls=True)]),
    ),
    (
        "blocks with two labels",
        """\
route "GET" "/" {
  target = "index"
}
route "GET" "/about" {}
route "POST" "/form" {
  target = "${env}-form"
}
""",
        """\
{
  "route": {
    "GET": {"/": {"target": "index"}, "/about": {}},
    "POST": {"/form": {"target": "${env}-form"}}
  }
}
""",
        App(
            routes=[
                Route("GET", "/", "index"),
                Route("GET", "/about"),
                Route("POST", "/form", "prod-form"),
            ]
        ),
    ),
    (
        "several bodies of one label as an array",
        'route "GET" "/" {\n  target = "a"\n}\nroute "GET" "/" {\n  target = "b"\n}\n',
        '{"route": {"GET": {"/": [{"target": "a"}, {"target": "b"}]}}}',
        App(routes=[Route("GET", "/", "a"), Route("GET", "/", "b")]),
    ),
    (
        "a body as an array of objects",
        'name = "x"\nsettings {}\ncount = 2\n',
        '[{"name": "x"}, {"settings": {}}, {"count": 2}]',
        App(name="x", count=2, settings=Settings()),
    ),
    (
        "comments",
        '# a comment\nname = "x" // more\n/* and */ settings {\n  # inside\n  level = "warn"\n}\n',
        '{"//": "a comment", "name": "x", "settings": {"//": ["any", "value"], "level": "warn"}}',
        App(name="x", settings=Settings("warn")),
    ),
    (
        "a comment property inside an expression object is data",
        'settings {\n  extra = { "//" = "kept" }\n}\n',
        '{"settings": {"extra": {"//": "kept"}}}',
        App(settings=Settings(extra={"//": "kept"})),
    ),
    (
        # (At a label level null is "Missing block label", as in the reference.)
        "a null block body is no block",
        "",
        '{"settings": null, "listener": {"a": null}}',
        App(),
    ),
    (
        "unicode",
        'name = "caf\\u00e9 ☕"\nlabels = { "ключ" = "значение" }\n',
        '{"name": "caf\\u00e9 ☕", "labels": {"ключ": "значение"}}',
        App(name="café ☕", labels={"ключ": "значение"}),
    ),
]


@pytest.mark.parametrize(
    ("native", "json_text", "expected"),
    [pytest.param(n, j, e, id=case_id) for case_id, n, j, e in CASES],
)
def test_native_and_json_decode_equal(native: str, json_text: str, expected: App) -> None:
    from_native = hcl.loads(native, App, variables=VARIABLES, functions=FUNCTIONS)
    from_json = hcl.loads(json_text, App, syntax="json", variables=VARIABLES, functions=FUNCTIONS)
    assert from_native == from_json == expected


@dataclasses.dataclass
class Errors:
    port: int = 0
    listeners: Annotated[list[Listener], hcl.block("listener")] = dataclasses.field(
        default_factory=list
    )


@pytest.mark.parametrize(
    ("native", "json_text"),
    [
        ('port = "x"\n', '{"port": "x"}'),
        ("port = 1.5\n", '{"port": 1.5}'),
        ('listener "a" {\n  rule {}\n}\n', '{"listener": {"a": {"rule": {}}}}'),
        ("pot = 1\n", '{"pot": 1}'),
    ],
)
def test_the_same_mistake_gets_the_same_summary(native: str, json_text: str) -> None:
    def summaries(text: str, syntax: Syntax) -> list[str]:
        with pytest.raises(hcl.DecodeError) as info:
            hcl.loads(text, Errors, syntax=syntax)
        return [d.summary for d in info.value.diagnostics]

    native_summaries = summaries(native, "native")
    json_summaries = summaries(json_text, "json")
    # An unexpected name has a syntax-specific summary, as in the reference.
    translated = [
        "Unsupported argument" if s == "Extraneous JSON object property" else s
        for s in json_summaries
    ]
    assert native_summaries == translated
