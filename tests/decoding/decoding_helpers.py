"""Helpers shared by the decoding tests: source ranges found by snippet, error lists,
and the classes of the generated files of the update_document property tests."""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any, Literal

import pytest

import hcldecode as hcl

Syntax = Literal["native", "json"]


def _position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, column


def span(
    text: str,
    snippet: str,
    nth: int = 0,
    *,
    part: str | None = None,
    empty: bool = False,
    filename: str = "t.hcl",
) -> str:
    """The range (as ``str(Range)`` gives it) of the ``nth`` occurrence of ``snippet``.

    ``part`` narrows it to the first occurrence of ``part`` inside that
    snippet; ``empty`` makes it the empty range at its start. The text must
    be ASCII, where columns count characters.
    """
    assert text.isascii()
    start = -1
    for _ in range(nth + 1):
        start = text.index(snippet, start + 1)
    end = start + len(snippet)
    if part is not None:
        start = text.index(part, start, end)
        end = start + len(part)
    if empty:
        end = start
    line, column = _position(text, start)
    end_line, end_column = _position(text, end)
    if end_line == line:
        return f"{filename}:{line},{column}-{end_column}"
    return f"{filename}:{line},{column}-{end_line},{end_column}"


def problems(
    text: str, cls: type, *, filename: str = "t.hcl", syntax: Syntax = "native", **kwargs: Any
) -> list[tuple[str, str, str]]:
    """The (summary, detail, subject) of each error decoding ``text`` into ``cls`` reports."""
    with pytest.raises(hcl.DecodeError) as info:
        hcl.loads(text, cls, filename=filename, syntax=syntax, **kwargs)
    return listed(info.value)


def listed(error: hcl.DecodeError) -> list[tuple[str, str, str]]:
    """The (summary, detail, subject) of each diagnostic of ``error``."""
    return [(d.summary, d.detail, str(d.subject)) for d in error.diagnostics]


@dataclasses.dataclass
class Item:
    """A block of the update_document property tests' generated files."""

    name: Annotated[str, hcl.label()]
    size: int = 1
    tags: list[str] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class Generated:
    """The update_document property tests' generated files (native and JSON)."""

    count: int
    label: str
    enabled: bool
    items: Annotated[list[Item], hcl.block("item")] = dataclasses.field(default_factory=list)
