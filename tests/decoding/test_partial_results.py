"""Partial results at every level: what decoded of each block and list element, typed,
validators on every field that decoded, and every duplicated block's own mistakes."""

from __future__ import annotations

import dataclasses
from typing import Annotated

import attrs
from decoding_helpers import listed, span

import hcldecode as hcl
from hcldecode.decoding import Partial


@dataclasses.dataclass
class Task:
    name: Annotated[str, hcl.label()]
    driver: str
    config: Annotated[hcl.Body, hcl.remain()]


@dataclasses.dataclass
class Group:
    name: Annotated[str, hcl.label()]
    tasks: Annotated[list[Task], hcl.block("task")]
    count: int = 1


@dataclasses.dataclass
class Job:
    name: Annotated[str, hcl.label()]
    groups: Annotated[list[Group], hcl.block("group")]
    region: str = "global"


@dataclasses.dataclass
class Jobspec:
    job: Annotated[Job, hcl.block()]


JOB = """\
job "web" {
  region = 1
  group "a" {
    task "ok" {
      driver = "docker"
      image  = "nginx"
    }
    task "bad" {
      driver = ["x"]
    }
  }
  group "b" {
    count = "many"
    task "fine" {
      driver = "exec"
    }
  }
}
"""


def _range(text: str, snippet: str, nth: int = 0) -> str:
    return span(text, snippet, nth)


def test_every_block_that_was_fine_is_there_beside_those_that_failed() -> None:
    result = hcl.decode_body(hcl.parse(JOB, filename="t.hcl").body, Jobspec)
    assert listed(result) == [
        (
            "Unsuitable value type",
            "Unsuitable value: string required, but have tuple.",
            _range(JOB, '["x"]'),
        ),
        (
            "Unsuitable value type",
            "Unsuitable value: a number is required.",
            _range(JOB, '"many"'),
        ),
    ]
    assert result.value is None
    assert result.failed == {"job"}
    assert result.partial == Partial(Jobspec, result.fields, frozenset({"job"}))
    (job,) = result.fields.values()
    assert isinstance(job, Partial) and job.cls is Job
    assert str(job.range) == _range(JOB, 'job "web"')
    assert job.fields["name"] == "web" and job.fields["region"] == "1"
    assert job.failed == {"groups"}
    first, second = job.fields["groups"]
    assert isinstance(first, Partial) and isinstance(second, Partial)
    assert first.failed == {"tasks"} and second.failed == {"count"}
    ok, bad = first.fields["tasks"]
    assert isinstance(ok, Task) and ok.name == "ok" and ok.driver == "docker"
    assert sorted(ok.config.just_attributes()[0]) == ["image"]  # for the driver's plugin
    assert bad == Partial(
        Task, {"name": "bad", "config": bad.fields["config"]}, frozenset({"driver"}), bad.range
    )
    (fine,) = second.fields["tasks"]
    assert isinstance(fine, Task) and fine.name == "fine"


@attrs.define
class Database:
    address: str
    db: int = attrs.field(default=0, validator=attrs.validators.ge(0))


def test_validators_run_on_the_fields_that_decoded_whatever_their_siblings_did() -> None:
    text = "db = -1\n"
    result = hcl.decode_body(hcl.parse(text, filename="t.hcl").body, Database)
    assert listed(result) == [
        (
            "Missing required argument",
            'The argument "address" is required, but no definition was found.',
            "t.hcl:1,1-1",
        ),
        (
            "Invalid attribute value",
            "The value of \"db\" is not valid: 'db' must be >= 0: -1",
            span(text, "-1"),
        ),
    ]


@dataclasses.dataclass
class Listener:
    port: int


@dataclasses.dataclass
class Server:
    listener: Annotated[Listener, hcl.block()]


def test_every_duplicated_block_reports_its_own_mistakes() -> None:
    text = 'listener {\n  port = "a"\n}\nlistener {\n  port = "b"\n}\n'
    result = hcl.decode_body(hcl.parse(text, filename="t.hcl").body, Server)
    assert listed(result) == [
        ("Unsuitable value type", "Unsuitable value: a number is required.", span(text, '"a"')),
        (
            "Duplicate listener block",
            "Only one listener block is allowed. Another was defined at t.hcl:1,1-9.",
            span(text, "listener", 1),
        ),
        ("Unsuitable value type", "Unsuitable value: a number is required.", span(text, '"b"')),
    ]
    assert result.failed == {"listener"}


def test_a_result_that_decoded_has_no_partial_view() -> None:
    result = hcl.decode_body(hcl.parse("listener {\n  port = 1\n}\n").body, Server)
    assert result.value == Server(Listener(1)) and result.partial is None
