"""The language server's incremental parse gives exactly what parsing the whole text
gives, edit after edit (no pygls needed)."""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hcldecode as hcl
from hcldecode.lsp import _incremental
from hcldecode.lsp._check import Document, Target, check
from hcldecode.lsp._incremental import IncrementalParse
from hcldecode.model import Diagnostics, File, Pos
from hcldecode.native import NativeBody, parse_config


@dataclasses.dataclass
class Listener:
    name: Annotated[str, hcl.label()]
    port: int
    tls: bool = False


@dataclasses.dataclass
class Config:
    service: str = "s"
    listeners: Annotated[list[Listener], hcl.block("listener")] = dataclasses.field(
        default_factory=list
    )


def _item(n: int, kind: int) -> str:
    return [
        f'listener "l{n}" {{\n  port = {n}\n  tls  = var.t{n}.x\n  p    = "g${{a.b}}"\n}}\n',
        f"a{n} = [1, 2, {{ k = v{n} }}]  # c\n",
        f"# comment {n}\n\n",
        f"h{n} = <<EOT\n  text {n}\nEOT\n",
        f"/* block\n comment {n} */\nb{n} {{\n  inner {{\n"
        f'    x = "\u00e9{n}\U0001f600"\n  }}\n}}\n',
    ][kind]


BASE = "".join(_item(n, n % 5) for n in range(40))

PIECES = st.sampled_from(
    ["a", " ", "\n", "=", '"', "{", "}", "1", "#", "/*", "*/", "[", "]", "${", ".", ",",
     "x = 1\n", 'blk "l" {\n', "}\n", "<<EOT\n", "EOT\n", "var.y", "\u00e9", "\U0001f600",
     _item(90, 0), _item(91, 3), "listener \"z\" {\n  port = true\n}\n"]
)  # fmt: skip


@st.composite
def _edits(draw: st.DrawFn) -> list[tuple[float, int, str]]:
    """Edits as (where, in [0, 1), how many characters to remove, what to insert)."""
    return draw(
        st.lists(
            st.tuples(st.floats(0, 0.999), st.integers(0, 120), PIECES | st.just("")),
            min_size=1,
            max_size=12,
        )
    )


def _dump(file: File, diags: Diagnostics, probes: list[int]) -> list[Any]:
    """Everything a parse gives: diagnostics, every item and node with its ranges (the
    traversals' too), and what is found at some positions."""
    found: list[Any] = [[(d.summary, d.detail, str(d.subject), str(d.context)) for d in diags]]

    def nodes(node: Any) -> None:
        found.append((type(node).__name__, str(node.range)))
        for child in node.children():
            nodes(child)

    def body(b: NativeBody) -> None:
        items = sorted([*b.attributes.values(), *b.blocks], key=lambda i: i.range.start.byte)
        for item in items:
            if hasattr(item, "expr"):
                found.append((item.name, str(item.range), str(item.name_range)))
                found.append([str(t.range) for t in item.expr.variables()])
                nodes(item.expr)
            else:
                found.append(
                    (
                        item.type,
                        item.labels,
                        str(item.def_range),
                        str(item.type_range),
                        *(str(r) for r in item.label_ranges),
                        str(item.open_brace_range),
                        str(item.close_brace_range),
                    )
                )
                body(item.native_body)

    assert isinstance(file.body, NativeBody)
    body(file.body)
    root = file.body
    for byte in probes:
        at = Pos(1, 1, byte)
        attribute = root.attribute_at_pos(at)
        found.append(
            (
                [block.type for block in root.blocks_at_pos(at)],
                None if attribute is None else attribute.name,
                root.context_string(byte),
                str(root.context_def_range(byte)),
            )
        )
    found.append((str(root.range), str(root.missing_item_range)))
    return found


def _apply(text: str, where: float, remove: int, insert: str) -> str:
    at = int(where * (len(text) + 1))
    return text[:at] + insert + text[at + remove :]


def _same(incremental: IncrementalParse, text: str) -> tuple[File, Diagnostics]:
    """The incremental parse of ``text``, checked against the whole text's."""
    file, diags = incremental.parse(text)
    whole, whole_diags = parse_config(text, "a.hcl")
    size = len(text.encode())
    probes = sorted({0, size, size // 3, size // 2, (2 * size) // 3, max(size - 5, 0)})
    assert _dump(file, diags, probes) == _dump(whole, whole_diags, probes)
    return file, diags


def _parser(monkeypatch: pytest.MonkeyPatch, size: int) -> IncrementalParse:
    """An incremental parse whose units are made of ``size`` characters at least."""
    monkeypatch.setattr(_incremental, "UNIT_SIZE", size)
    return IncrementalParse("a.hcl")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_edits(), st.sampled_from([200, 1000]))
def test_every_edit_parses_as_the_whole_text(
    edits: list[tuple[float, int, str]], size: int
) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_incremental, "UNIT_SIZE", size)
        incremental = IncrementalParse("a.hcl")
        text = BASE
        _same(incremental, text)
        for where, remove, insert in edits:
            text = _apply(text, where, remove, insert)
            _same(incremental, text)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_edits())
def test_every_edit_checks_as_the_whole_text(edits: list[tuple[float, int, str]]) -> None:
    target = Target(Config)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_incremental, "UNIT_SIZE", 300)
        text = "".join(_item(n, 0) for n in range(30))
        document = Document(text, "a.hcl")
        for where, remove, insert in edits:
            text = _apply(text, where, remove, insert)
            document = Document(text, "a.hcl", previous=document)
            found = [(d.summary, d.detail, str(d.subject)) for d in check(document, target)]
            whole = Document(text, "a.hcl")
            assert found == [(d.summary, d.detail, str(d.subject)) for d in check(whole, target)]


def _twenty_listeners(monkeypatch: pytest.MonkeyPatch) -> tuple[IncrementalParse, str, int]:
    """An incremental parse of twenty listener blocks, the text, and its number of units."""
    incremental = _parser(monkeypatch, 100)
    text = "".join(_item(n, 0) for n in range(20))
    incremental.parse(text)
    return incremental, text, len(incremental._units)


def test_an_error_stays_in_its_unit_when_the_parser_is_back_at_the_top_level(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    incremental, text, units = _twenty_listeners(monkeypatch)
    _same(incremental, text.replace('listener "l5" {', 'listener "l5" {1', 1))
    # One unit has the error, and the units after it are kept.
    dirty = [bool(unit.diags) for unit in incremental._units]
    assert dirty.count(True) == 1
    assert len(dirty) == units
    assert not dirty[-1]
    _same(incremental, text)
    assert len(incremental._units) == units


def test_an_error_the_parser_may_recover_from_later_runs_to_the_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    incremental, text, units = _twenty_listeners(monkeypatch)
    # Without its closing brace, the block runs on into the items after it.
    broken = text.replace('"g${a.b}"\n}\nlistener "l6"', '"g${a.b}"\nlistener "l6"', 1)
    _same(incremental, broken)
    assert incremental._units[-1].diags
    assert incremental._units[-1].text.endswith(text[-50:])
    assert incremental._hidden
    # Mended, the units kept aside are used again.
    _same(incremental, text)
    assert len(incremental._units) == units
    assert not any(unit.diags for unit in incremental._units)


def test_an_attribute_set_in_two_units_is_the_whole_texts_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    incremental = _parser(monkeypatch, 10)
    text = "a = 1\nb = 2\nc = 3\n"
    _same(incremental, text)
    _, diags = _same(incremental, text.replace("c = 3", "a = 3"))
    assert [(d.summary, d.detail, str(d.subject)) for d in diags] == [
        (
            "Attribute redefined",
            'The argument "a" was already set at a.hcl:1,1-2. Each argument may be set only once.',
            "a.hcl:3,1-2",
        )
    ]


@pytest.mark.parametrize(
    "text",
    ["", "\n", "a = 1", "\ufeffa = 1\nb {\n}\n", 'a = "\udc80"\nb = 2\n', "a = [\n", "}\n"],
)
def test_texts_of_every_shape(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    incremental = _parser(monkeypatch, 1)
    _same(incremental, "x = 1\ny {\n}\n")
    if text.startswith("\ufeff") or "\udc80" in text:
        # The whole text is parsed, as bytes, as the document's bytes are.
        file, diags = incremental.parse(text)
        whole, whole_diags = parse_config(text.encode("utf-8", "surrogatepass"), "a.hcl")
        assert _dump(file, diags, [0]) == _dump(whole, whole_diags, [0])
    else:
        _same(incremental, text)
    _same(incremental, "x = 2\ny {\n}\n")


def test_a_comment_opened_by_an_edit_runs_into_the_units_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    incremental = _parser(monkeypatch, 12)
    text = "/* one */\na {\n}\nb {\n}\nc {\n}\n/* two */\nd {\n}\ne {\n}\n"
    _same(incremental, text)
    # Without its end, the first comment ends at the second's: a, b and c are in it.
    file, _ = _same(incremental, text.replace("one */", "one "))
    assert [block.type for block in file.body.blocks] == ["d", "e"]  # type: ignore[attr-defined]
    _same(incremental, text)
