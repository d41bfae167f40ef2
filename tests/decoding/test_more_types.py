"""Durations, UUIDs, times of day, bare list and dict, and dict[str, Any]."""

from __future__ import annotations

import dataclasses
import datetime
import uuid
from typing import Any, Literal

import pytest
from decoding_helpers import Syntax, problems, span

import hcldecode as hcl


@dataclasses.dataclass
class Service:
    timeout: datetime.timedelta = datetime.timedelta(0)
    id: uuid.UUID | None = None
    at: datetime.time | None = None
    items: list = dataclasses.field(default_factory=list)  # type: ignore[type-arg]
    meta: dict = dataclasses.field(default_factory=dict)  # type: ignore[type-arg]
    config: dict[str, Any] = dataclasses.field(default_factory=dict)


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ('"1h30m"', datetime.timedelta(hours=1, minutes=30)),
        ('"250ms"', datetime.timedelta(milliseconds=250)),
        ('"1.5h"', datetime.timedelta(minutes=90)),
        ('"-2m3s"', datetime.timedelta(minutes=-2, seconds=-3)),
        ('"1us"', datetime.timedelta(microseconds=1)),
        ('"1500ns"', datetime.timedelta(microseconds=2)),  # rounded to microseconds
        ('"0"', datetime.timedelta(0)),
        ("90", datetime.timedelta(seconds=90)),
        ("0.25", datetime.timedelta(milliseconds=250)),
    ],
)
def test_durations_from_go_strings_and_seconds(given: str, expected: datetime.timedelta) -> None:
    assert hcl.loads(f"timeout = {given}\n", Service).timeout == expected
    assert hcl.loads(f'{{"timeout": {given}}}', Service, syntax="json").timeout == expected


@pytest.mark.parametrize(
    ("given", "detail"),
    [
        ('"90"', 'Unsuitable value: a duration like "1h30m" or "250ms" is required, not "90".'),
        ('"1d"', 'Unsuitable value: a duration like "1h30m" or "250ms" is required, not "1d".'),
        (
            "true",
            'Unsuitable value: a duration (a string like "1h30m", or a number of seconds) '
            "is required.",
        ),
        ("1e100", "Unsuitable value: the duration is too long."),
    ],
)
def test_durations_that_are_not(given: str, detail: str) -> None:
    text = f"timeout = {given}\n"
    assert problems(text, Service) == [("Unsuitable value type", detail, span(text, given))]


@pytest.mark.parametrize(("syntax"), ["native", "json"])
def test_uuids_times_and_untyped_collections(syntax: Syntax) -> None:
    native = (
        'id = "12345678-1234-5678-1234-567812345678"\nat = "08:15:30"\n'
        'items = [1, "a", true]\nmeta = { a = 1, b = ["x"] }\n'
        'config = { image = "nginx", ports = ["http"], replicas = 2 }\n'
    )
    json = (
        '{"id": "12345678-1234-5678-1234-567812345678", "at": "08:15:30",'
        ' "items": [1, "a", true], "meta": {"a": 1, "b": ["x"]},'
        ' "config": {"image": "nginx", "ports": ["http"], "replicas": 2}}'
    )
    service = hcl.loads(native if syntax == "native" else json, Service, syntax=syntax)
    assert service.id == uuid.UUID("12345678-1234-5678-1234-567812345678")
    assert service.at == datetime.time(8, 15, 30)
    assert service.items == [1, "a", True]
    assert service.meta == {"a": 1, "b": ["x"]}
    assert service.config == {"image": "nginx", "ports": ["http"], "replicas": 2}


@pytest.mark.parametrize(
    ("text", "detail", "subject"),
    [
        ('id = "nope"\n', "Unsuitable value: a UUID is required, not 'nope'.", '"nope"'),
        (
            'at = "25:00"\n',
            "Unsuitable value: a time of day in ISO 8601 form is required, not '25:00'.",
            '"25:00"',
        ),
        ('items = "x"\n', "Unsuitable value: a list is required.", '"x"'),
        ("meta = [1]\n", "Unsuitable value: an object is required.", "[1]"),
        ('config = "x"\n', "Unsuitable value: an object is required.", '"x"'),
    ],
)
def test_values_that_do_not_fit(text: str, detail: str, subject: str) -> None:
    assert problems(text, Service) == [("Unsuitable value type", detail, span(text, subject))]


@dataclasses.dataclass
class Lists:
    counts: list[int] = dataclasses.field(default_factory=list)
    modes: dict[str, Literal["fast", "slow"]] = dataclasses.field(default_factory=dict)
    days: list[datetime.date] = dataclasses.field(default_factory=list)
    ids: list[uuid.UUID] = dataclasses.field(default_factory=list)


@pytest.mark.parametrize(
    ("text", "detail", "subject"),
    [
        ("counts = [1, 2.5]\n", "element 1: a whole number is required.", "2.5"),
        (
            'modes = { a = "fast", b = "warp" }\n',
            'element "b": "warp" is not one of "fast", "slow".',
            '"warp"',
        ),
        (
            'days = ["2024-01-01", "soon"]\n',
            "element 1: a date in ISO 8601 form is required, not 'soon'.",
            '"soon"',
        ),
        ('ids = ["x"]\n', "element 0: a UUID is required, not 'x'.", '"x"'),
    ],
)
def test_every_element_error_points_at_the_element(text: str, detail: str, subject: str) -> None:
    assert problems(text, Lists) == [
        ("Unsuitable value type", f"Unsuitable value: {detail}", span(text, subject))
    ]
