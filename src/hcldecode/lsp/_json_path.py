"""Where a position is in a JSON document: the keys leading to it, read from the
text before it alone, so that a document being typed (unfinished, invalid)
still says where its cursor is."""

from __future__ import annotations

import json
import re

import attrs

__all__ = ["JsonPlace", "json_place"]

_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*("?)|[{}\[\]:,]|[^\s{}\[\]:,"]+', re.DOTALL)


@attrs.define
class _Frame:
    is_object: bool
    key: str | None = None
    #: "key" (a key may come), "colon" (after a key), "value" (after the colon)
    state: str = "key"
    seen: set[str] = attrs.field(factory=set)


@attrs.frozen
class JsonPlace:
    """The object keys from the document's root to the innermost object holding
    the position (arrays between them left out), and what the position is in it."""

    path: tuple[str, ...]
    #: "key" where a property name goes, "value" in a property's value.
    where: str
    #: The property whose value holds the position (``where == "value"``).
    key: str | None
    #: The names the object already has.
    seen: frozenset[str]
    #: The unfinished text before the position (a key's opening quote and letters).
    prefix: str


def _text(token: str) -> str:
    body = token if token.endswith('"') and len(token) > 1 else token + '"'
    try:
        decoded = json.loads(body)
    except ValueError:
        return token.strip('"')
    return decoded if isinstance(decoded, str) else token.strip('"')


def json_place(before: str) -> JsonPlace | None:
    """Where the end of ``before`` is; ``None`` outside every object."""
    stack: list[_Frame] = []
    prefix = ""
    for match in _TOKEN.finditer(before):
        token = match.group()
        prefix = ""
        if token == "{":
            stack.append(_Frame(is_object=True))
        elif token == "[":
            stack.append(_Frame(is_object=False))
        elif token in "}]":
            if stack:
                stack.pop()
        elif not stack:
            continue
        elif token == ":":
            stack[-1].state = "value"
        elif token == ",":
            stack[-1].state = "key"
            stack[-1].key = None
        elif token.startswith('"'):
            top = stack[-1]
            unfinished = match.end() == len(before) and not match.group(1)
            if top.is_object and top.state == "key":
                if unfinished:
                    prefix = token
                else:
                    top.key = _text(token)
                    top.seen.add(top.key)
                    top.state = "colon"
            elif unfinished:
                prefix = token
        elif match.end() == len(before):
            prefix = token
    if not stack or not stack[-1].is_object:
        # In an array: the position is a value of the key holding the array.
        holders = [f for f in stack if f.is_object]
        if not holders:
            return None
        path = tuple(f.key or "" for f in holders)
        return JsonPlace(path[:-1], "value", path[-1], frozenset(holders[-1].seen), prefix)
    top = stack[-1]
    path = tuple(f.key or "" for f in stack[:-1] if f.is_object)
    if top.state == "value" and top.key is not None:
        return JsonPlace(path, "value", top.key, frozenset(top.seen), prefix)
    return JsonPlace(path, "key", None, frozenset(top.seen), prefix)
