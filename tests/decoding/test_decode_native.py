"""Decoding native-syntax configurations: the issue's example, null handling, error order.

Every Python type, in both syntaxes, is tested in test_decode_json.py.
"""

from __future__ import annotations

import attrs
from decoding_helpers import problems
from issue_example import Config, Listener, Logging

import hcldecode as hcl

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
            "Unsuitable value type",
            "Unsuitable value: a number is required.",
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


DEFAULT = hcl.Value.string("default")


@attrs.define
class Raw:
    required: hcl.Value
    optional: hcl.Value = DEFAULT


def test_value_fields_take_null_as_absent_and_unknowns_as_they_are() -> None:
    unknown = hcl.Value.unknown(hcl.values.NUMBER)
    raw = hcl.loads("required = u\noptional = null\n", Raw, variables={"u": unknown})
    assert raw == Raw(required=unknown, optional=DEFAULT)
    raw = hcl.loads("required = null\n", Raw)
    assert raw.required == hcl.Value.null(hcl.values.DYNAMIC)
