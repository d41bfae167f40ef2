"""``update_document`` changes only what changed.

An attribute whose expression already gives the object's value keeps its
text (references, calls, the form a value was written in, comments); a
changed one is set where it is; an explicit attribute equal to the default
stays. The property test decodes generated files and writes the same object
back: the file must come back byte for byte, and changing one field must
change only that field's line.
"""

from __future__ import annotations

import dataclasses
import datetime

from decoding_helpers import Generated, Item
from hypothesis import given, settings
from hypothesis import strategies as st

import hcldecode as hcl
from hcldecode.write import parse_document


@dataclasses.dataclass
class Server:
    name: str
    timeout: datetime.timedelta
    ports: list[int]
    n: int
    level: str = "info"


TEXT = """\
name    = upper("web")
timeout = "1m30s"
ports = [
  80, # http
  443,
]
n     = var.x # from the caller
level = "info"
"""

DECODER = hcl.Decoder(functions=hcl.STDLIB, variables={"var": {"x": 3}})


def _updated(obj: object, text: str = TEXT, decoder: hcl.Decoder = DECODER) -> str:
    document, diags = parse_document(text)
    assert document is not None, diags
    decoder.update_document(document, obj)
    return document.text


def test_the_same_object_gives_the_file_back() -> None:
    server = DECODER.loads(TEXT, Server)
    assert server == Server("WEB", datetime.timedelta(seconds=90), [80, 443], 3)
    assert _updated(server) == TEXT


def test_a_changed_field_changes_its_line_only() -> None:
    server = DECODER.loads(TEXT, Server)
    assert _updated(dataclasses.replace(server, n=4)) == TEXT.replace("var.x", "4")
    assert _updated(dataclasses.replace(server, ports=[80])) == TEXT.replace(
        "ports = [\n  80, # http\n  443,\n]", "ports = [80]"
    )
    # A changed value is written in the form its type writes (seconds for a timedelta).
    assert _updated(dataclasses.replace(server, timeout=datetime.timedelta(minutes=2))) == (
        TEXT.replace('"1m30s"', "120")
    )


def test_a_default_is_written_where_the_file_has_the_attribute() -> None:
    server = DECODER.loads(TEXT.replace('"info"', '"debug"'), Server)
    assert server.level == "debug"
    # Back to the default: written where the file has it.
    assert _updated(
        dataclasses.replace(server, level="info"), TEXT.replace('"info"', '"debug"')
    ) == (TEXT)
    # A default the file leaves out stays out.
    short = TEXT.replace('level = "info"\n', "")
    assert _updated(DECODER.loads(short, Server), short) == short


def test_variables_given_to_the_call() -> None:
    decoder = hcl.Decoder(functions=hcl.STDLIB)
    server = decoder.loads(TEXT, Server, variables={"var": {"x": 3}})
    document, _ = parse_document(TEXT)
    assert document is not None
    decoder.update_document(document, server, variables={"var": {"x": 3}})
    assert document.text == TEXT
    # Without them the reference cannot be evaluated: the value is written.
    document, _ = parse_document(TEXT)
    assert document is not None
    decoder.update_document(document, server)
    assert document.text == TEXT.replace("var.x", "3")


def _int_text(n: int) -> st.SearchStrategy[str]:
    return st.sampled_from(
        [str(n), f"{n - 1} + 1", f"max({n}, {n - 5})", f"var.n + {n - 7}", f"({n})"]
    )


def _str_text(s: str) -> st.SearchStrategy[str]:
    return st.sampled_from(
        [f'"{s}"', f'lower("{s.upper()}")', f'"${{"{s}"}}"', f"trimspace(<<EOT\n{s}\nEOT\n)"]
    )


def _bool(b: bool) -> str:
    return "true" if b else "false"


_WORDS = st.sampled_from(["web", "api", "db", "cache"])
_COMMENT = st.sampled_from(["", " # note", " // why"])


@st.composite
def _files(draw: st.DrawFn) -> tuple[str, Generated]:
    count = draw(st.integers(0, 50))
    label = draw(_WORDS)
    enabled = draw(st.booleans())
    lines = [
        f"count = {draw(_int_text(count))}{draw(_COMMENT)}\n",
        f"label = {draw(_str_text(label))}".rstrip("\n") + "\n",
        f"enabled = {draw(st.sampled_from([_bool(enabled), f'!{_bool(not enabled)}']))}\n",
    ]
    items = []
    for name in draw(st.lists(_WORDS, max_size=3, unique=True)):
        size = draw(st.integers(1, 9))
        tags = draw(st.lists(_WORDS, max_size=3))
        body = []
        if size != 1 or draw(st.booleans()):
            body.append(f"  size = {draw(_int_text(size))}{draw(_COMMENT)}\n")
        if tags or draw(st.booleans()):
            elements = "".join(f'    "{t}",{draw(_COMMENT)}\n' for t in tags)
            body.append(f"  tags = [\n{elements}  ]\n" if tags else "  tags = []\n")
        lines.append(f'\nitem "{name}" {{\n{"".join(body)}}}\n')
        items.append(Item(name, size, tags))
    order = draw(st.permutations(range(3)))
    text = "".join(lines[i] for i in order) + "".join(lines[3:])
    return text, Generated(count, label, enabled, items)


GENERATED = hcl.Decoder(functions=hcl.STDLIB, variables={"var": {"n": 7}})


@settings(max_examples=150, deadline=None)
@given(_files())
def test_decode_then_update_with_the_same_object_gives_the_file_back(
    case: tuple[str, Generated],
) -> None:
    text, expected = case
    config = GENERATED.loads(text, Generated)
    assert config == expected
    assert _updated(config, text, GENERATED) == text


@settings(max_examples=150, deadline=None)
@given(_files(), st.integers(0, 50))
def test_changing_one_field_changes_only_its_line(case: tuple[str, Generated], count: int) -> None:
    text, _ = case
    config = GENERATED.loads(text, Generated)
    changed = _updated(dataclasses.replace(config, count=count), text, GENERATED)
    old_lines, new_lines = text.splitlines(keepends=True), changed.splitlines(keepends=True)
    assert len(old_lines) == len(new_lines)
    differing = [(a, b) for a, b in zip(old_lines, new_lines, strict=True) if a != b]
    assert all(a.startswith("count = ") and b.startswith("count = ") for a, b in differing)
    assert GENERATED.loads(changed, Generated) == dataclasses.replace(config, count=count)
