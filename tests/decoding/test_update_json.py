"""``update_document`` on JSON-syntax documents changes only what changed.

Values the object still has keep their text byte for byte (``"${...}"``
templates included); changed ones are rewritten in place as JSON; blocks are
added in the file's indentation and removed with their comma. The property
tests decode generated files and write the same object back (the file comes
back byte for byte), and change one field (only its value's text changes).
"""

from __future__ import annotations

import dataclasses
import datetime
import json
from typing import Annotated

import pytest
from decoding_helpers import Generated, Item
from hypothesis import given, settings
from hypothesis import strategies as st

import hcldecode as hcl
from hcldecode.write import parse_document, parse_json_document


@dataclasses.dataclass
class Listener:
    port: int
    protocol: str = "http"


@dataclasses.dataclass
class Service:
    name: Annotated[str, hcl.label()]
    image: str
    timeout: datetime.timedelta = datetime.timedelta(seconds=30)
    listeners: Annotated[list[Listener], hcl.block("listener")] = dataclasses.field(
        default_factory=list
    )


@dataclasses.dataclass
class Config:
    region: str
    replicas: int
    services: Annotated[list[Service], hcl.block("service")] = dataclasses.field(
        default_factory=list
    )


TEXT = """\
{
    "region": "${upper(\\"eu\\")}-west-1",
    "replicas" : 2,
    "service": {
        "web": {
            "image": "nginx:1.27",
            "timeout": "1m30s",
            "listener": [
                {"port": 80},
                {"port": 443, "protocol": "https"}
            ]
        },
        "old": {
            "image": "old:1"
        }
    }
}
"""

DECODER = hcl.Decoder(functions=hcl.STDLIB)


def _updated(obj: object, text: str = TEXT, decoder: hcl.Decoder = DECODER) -> str:
    document, diags = parse_json_document(text)
    assert document is not None, diags
    decoder.update_document(document, obj)
    return document.text


def _config() -> Config:
    return DECODER.loads(TEXT, Config, syntax="json")


def test_the_same_object_gives_the_file_back() -> None:
    config = _config()
    assert config.region == "EU-west-1"
    assert config.services[0].timeout == datetime.timedelta(seconds=90)
    assert _updated(config) == TEXT


def test_a_changed_value_is_rewritten_in_place() -> None:
    config = _config()
    assert _updated(dataclasses.replace(config, replicas=3)) == TEXT.replace(
        '"replicas" : 2', '"replicas" : 3'
    )
    assert _updated(dataclasses.replace(config, region="us-east-1")) == TEXT.replace(
        '"${upper(\\"eu\\")}-west-1"', '"us-east-1"'
    )
    web = dataclasses.replace(config.services[0], timeout=datetime.timedelta(minutes=2))
    changed = dataclasses.replace(config, services=[web, config.services[1]])
    assert _updated(changed) == TEXT.replace('"1m30s"', "120")


def test_blocks_added_and_removed() -> None:
    config = _config()
    web = config.services[0]
    web = dataclasses.replace(web, listeners=[web.listeners[0], Listener(8080)])
    changed = dataclasses.replace(config, services=[web, Service("api", "api:2")])
    assert (
        _updated(changed)
        == """\
{
    "region": "${upper(\\"eu\\")}-west-1",
    "replicas" : 2,
    "service": {
        "web": {
            "image": "nginx:1.27",
            "timeout": "1m30s",
            "listener": [
                {"port": 80},
                {"port": 8080, "protocol": "http"}
            ]
        },
        "api": {
            "image": "api:2"
        }
    }
}
"""
    )
    assert DECODER.loads(_updated(changed), Config, syntax="json") == changed


def test_a_block_of_labels_already_there_makes_an_array() -> None:
    config = _config()
    changed = dataclasses.replace(config, services=[*config.services, Service("old", "old:2")])
    assert _updated(changed) == TEXT.replace(
        '"old": {\n            "image": "old:1"\n        }',
        '"old": [{\n            "image": "old:1"\n        }, {\n            "image": "old:2"\n'
        "        }]",
    )
    assert DECODER.loads(_updated(changed), Config, syntax="json") == changed


def test_the_last_block_removed_takes_its_property() -> None:
    config = dataclasses.replace(_config(), services=[])
    assert _updated(config) == (
        '{\n    "region": "${upper(\\"eu\\")}-west-1",\n    "replicas" : 2\n}\n'
    )


def test_literal_template_text_is_escaped_where_strings_are_templates() -> None:
    config = dataclasses.replace(_config(), region="${not a reference}")
    # With functions, JSON strings are templates: "${" is written doubled.
    updated = _updated(config)
    assert '"region": "$${not a reference}",' in updated
    assert DECODER.loads(updated, Config, syntax="json") == config
    # Without a context they are literal text.
    plain = hcl.Decoder()
    text = TEXT.replace('"${upper(\\"eu\\")}-west-1"', '"eu-west-1"')
    assert '"region": "${not a reference}",' in _updated(config, text, plain)


def test_a_new_attribute_follows_the_file_s_indentation() -> None:
    @dataclasses.dataclass
    class Small:
        a: int = 0
        b: list[int] = dataclasses.field(default_factory=list)

    assert _updated(Small(1, [2]), '{\n\t"a": 0\n}\n') == '{\n\t"a": 1,\n\t"b": [2]\n}\n'
    assert _updated(Small(1, [2]), '{"a": 0}') == '{"a": 1, "b": [2]}'
    assert _updated(Small(0, [2]), "{}") == '{"b": [2]}'
    # Explicit attributes equal to the defaults stay.
    assert _updated(Small(), '{"a": 1, "b": [2]}') == '{"a": 0, "b": []}'


def test_several_files_of_both_syntaxes() -> None:
    native, _ = parse_document('region = "eu-west-1"\nreplicas = 2\n')
    document, _ = parse_json_document('{\n  "service": {\n    "web": {"image": "a"}\n  }\n}\n')
    assert native is not None and document is not None
    config = Config("eu-west-1", 2, [Service("web", "b"), Service("api", "c")])
    hcl.update_document([native, document], config, new_items_to=document)
    assert native.text == 'region = "eu-west-1"\nreplicas = 2\n'
    assert document.text == (
        '{\n  "service": {\n    "web": {"image": "b"},\n    "api": {\n      "image": "c"\n'
        "    }\n  }\n}\n"
    )


def test_parse_json_document_refuses_what_it_cannot_edit() -> None:
    document, diags = parse_json_document('{"a": }')
    assert document is None
    assert [(d.summary, str(d.subject)) for d in diags] == [
        ("Missing JSON value", "<string>:1,7-8")
    ]
    document, diags = parse_json_document("[1]", "x.json")
    assert document is None
    assert [(d.summary, d.detail, str(d.subject)) for d in diags] == [
        (
            "Root value must be object",
            "An editable JSON document needs a JSON object at its root.",
            "x.json:1,1-4",
        )
    ]
    with pytest.raises(TypeError):
        parse_json_document("{}", 1)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- property


_WORDS = st.sampled_from(["web", "api", "db", "cache"])
_INDENT = st.sampled_from(["  ", "    ", "\t"])


def _int_text(n: int) -> st.SearchStrategy[str]:
    return st.sampled_from([str(n), f'"${{{n - 1} + 1}}"', f'"{n}"', f'"${{max({n}, 0)}}"'])


def _str_text(s: str) -> st.SearchStrategy[str]:
    return st.sampled_from(
        [f'"{s}"', f'"${{lower(\\"{s.upper()}\\")}}"', f'"%{{if true}}{s}%{{endif}}"']
    )


@st.composite
def _files(draw: st.DrawFn) -> tuple[str, Generated]:
    unit = draw(_INDENT)
    colon = draw(st.sampled_from([": ", ":", " : "]))
    count = draw(st.integers(0, 50))
    label = draw(_WORDS)
    enabled = draw(st.booleans())
    members = [
        f'"count"{colon}{draw(_int_text(count))}',
        f'"label"{colon}{draw(_str_text(label))}',
        f'"enabled"{colon}{json.dumps(enabled)}',
    ]
    members = [members[i] for i in draw(st.permutations(range(3)))]
    items = []
    names = draw(st.lists(_WORDS, max_size=3, unique=True))
    if names:
        blocks = []
        for name in names:
            size = draw(st.integers(1, 9))
            tags = draw(st.lists(_WORDS, max_size=3))
            body = []
            if size != 1 or draw(st.booleans()):
                body.append(f'"size"{colon}{draw(_int_text(size))}')
            if tags or draw(st.booleans()):
                body.append(f'"tags"{colon}{json.dumps(tags)}')
            inner = ",".join(f"\n{unit * 3}{b}" for b in body)
            inner += f"\n{unit * 2}" if body else ""
            blocks.append(f'\n{unit}{unit}"{name}"{colon}{{{inner}}}')
            items.append(Item(name, size, tags))
        members.append(f'"item"{colon}{{{",".join(blocks)}\n{unit}}}')
    text = "{" + ",".join(f"\n{unit}{m}" for m in members) + "\n}\n"
    return text, Generated(count, label, enabled, items)


GENERATED = hcl.Decoder(functions=hcl.STDLIB)


@settings(max_examples=150, deadline=None)
@given(_files())
def test_decode_then_update_with_the_same_object_gives_the_file_back(
    case: tuple[str, Generated],
) -> None:
    text, expected = case
    config = GENERATED.loads(text, Generated, syntax="json")
    assert config == expected
    assert _updated(config, text, GENERATED) == text


@settings(max_examples=150, deadline=None)
@given(_files(), st.integers(0, 50))
def test_changing_one_field_changes_only_its_value(case: tuple[str, Generated], count: int) -> None:
    text, _ = case
    config = GENERATED.loads(text, Generated, syntax="json")
    changed = _updated(dataclasses.replace(config, count=count), text, GENERATED)
    old_lines, new_lines = text.splitlines(keepends=True), changed.splitlines(keepends=True)
    assert len(old_lines) == len(new_lines)
    differing = [(a, b) for a, b in zip(old_lines, new_lines, strict=True) if a != b]
    assert all(
        a.lstrip().startswith('"count"') and b.lstrip().startswith('"count"') for a, b in differing
    )
    if config.count != count:
        assert len(differing) == 1
        before, after = differing[0]
        assert after.rstrip(",\n").endswith(f"{count}")
        assert before[: before.index('"count"') + 7] == after[: after.index('"count"') + 7]
    assert GENERATED.loads(changed, Generated, syntax="json") == dataclasses.replace(
        config, count=count
    )
