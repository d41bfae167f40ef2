"""Random sequences of every edit operation leave a valid file: it parses, its
layout by the formatter is a fixed point, and what no edit touched is written
back byte for byte (on the corpus and on generated files)."""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path
from typing import Annotated

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hcldecode as hcl
from hcldecode.native import parse_config, parse_traversal_abs
from hcldecode.write import (
    Document,
    DocumentAttribute,
    DocumentBlock,
    DocumentBody,
    format,
    parse_document,
    tokens_text,
)

Item = DocumentAttribute | DocumentBlock

# --------------------------------------------------------------------------- files

_COMMENTS = st.sampled_from(["", " # c", " // d", " /* e */", " /* f */ # g"])
_LEADS = st.sampled_from(["", "# lead\n", "/* loose */\n", "\n", "// one\n// two\n"])
_EXPRESSIONS = st.sampled_from(
    [
        "1",
        '"x"',
        "var.a",
        "[1, 2]",
        "{ k = 1 }",
        "{\n  k = 1\n}",
        "[\n  1, # one\n  2,\n]",
        "<<EOT\nhi\nEOT",
        "<<-EOT\n  hi\n  EOT",
        "a ? b : c",
        '"${x}-y"',
    ]
)
_NAMES = st.sampled_from(["a", "b", "name", "x-y", "for", "count"])


@st.composite
def _attribute_text(draw: st.DrawFn, indent: str) -> str:
    lead = draw(_LEADS).replace("\n", "\n" + indent) if draw(st.booleans()) else ""
    expression = draw(_EXPRESSIONS)
    comment = "" if expression.startswith("<<") else draw(_COMMENTS)
    return f"{indent}{lead}{draw(_NAMES)} = {expression}{comment}\n"


@st.composite
def _body_text(draw: st.DrawFn, depth: int) -> str:
    indent = "  " * depth
    parts = []
    names: set[str] = set()
    for _ in range(draw(st.integers(0, 4))):
        if depth < 2 and draw(st.integers(0, 3)) == 0:
            labels = "".join(f' "{label}"' for label in draw(st.lists(_NAMES, max_size=2)))
            head = f"{indent}{draw(_NAMES)}{labels} {{"
            if draw(st.booleans()):  # a one-line block
                inner = f" {draw(_NAMES)} = {draw(_EXPRESSIONS.filter(_one_line))} " * draw(
                    st.booleans()
                )
                parts.append(f"{head}{inner}}}{draw(_COMMENTS)}\n")
            else:
                parts.append(f"{head}{draw(_COMMENTS)}\n{draw(_body_text(depth + 1))}{indent}}}\n")
        else:
            text = draw(_attribute_text(indent))
            name = text.split("=")[0].split()[-1]
            if name in names:
                continue
            names.add(name)
            parts.append(text)
        if draw(st.booleans()):
            parts.append("\n")
    return "".join(parts)


def _one_line(expression: str) -> bool:
    return "\n" not in expression


@st.composite
def _generated_file(draw: st.DrawFn) -> str:
    text = draw(_body_text(0))
    if draw(st.booleans()):
        text = text.rstrip("\n")  # no newline at the end
        if text.endswith("EOT"):
            text += "\n"
    return text


@functools.cache
def _corpus_texts(folder: Path) -> tuple[bytes, ...]:
    invalid = set((folder / "native-invalid.txt").read_text().split())
    return tuple(
        path.read_bytes()
        for path in sorted((folder / "native").iterdir())
        if path.name not in invalid
    )


# --------------------------------------------------------------------------- edits


@dataclasses.dataclass
class _Tag:
    key: Annotated[str, hcl.label()]
    value: str = ""


@dataclasses.dataclass
class _Config:
    name: str = "n"
    count: int = 1
    tag: Annotated[list[_Tag], hcl.block()] = dataclasses.field(default_factory=list)


_RAW = st.sampled_from(
    [
        "2",
        "var.x # set",
        "[3, /* inline */ 4]",
        "<<EOT\nnew\nEOT\n",
        "<<-EOT\n    new\n    EOT",
        "{\n  a = 1\n  b = 2\n}",
        "f(1,\n  2)",
        "1 /* after */",
    ]
)
_VALUES = st.sampled_from(
    [1, "text", "${not a template}", [1, "two"], {"k": "v", "x y": [True]}, None, {}]
)


def _items(body: DocumentBody) -> list[Item]:
    return [*body.attributes.values(), *body.blocks()]


def _bodies(body: DocumentBody) -> list[DocumentBody]:
    found = [body]
    for block in body.blocks():
        found += _bodies(block.body)
    return found


class _Editor:
    """Applies random edits to a document, keeping which items they touched."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.touched: set[int] = set()

    def touch_body(self, body: DocumentBody) -> None:
        """An edit in ``body``: the block holding it (and those around) is touched,
        and so is the lone item of a one-line block (it gets lines of its own)."""
        for block in self._path_to(body):
            self.touched.add(id(block))
        for item in _items(body):
            if "\n" not in tokens_text(item.tokens()):
                self.touched.add(id(item))

    def _path_to(
        self, body: DocumentBody, within: DocumentBody | None = None
    ) -> list[DocumentBlock]:
        within = within or self.doc.body
        for block in within.blocks():
            if block.body is body:
                return [block]
            inner = self._path_to(body, block.body)
            if inner:
                return [block, *inner]
        return []

    def edit(self, draw: st.DrawFn) -> None:
        bodies = _bodies(self.doc.body)
        body = draw(st.sampled_from(bodies))
        names = [*body.attributes, "new", "a"]
        operation = draw(st.integers(0, 10))
        self.touch_body(body)
        name = draw(st.sampled_from(names))
        if name in body.attributes:
            self.touched.add(id(body.attributes[name]))
        if operation == 0:
            body.set_attribute(name, draw(_VALUES))
        elif operation == 1:
            body.set_attribute_raw(name, draw(_RAW))
        elif operation == 2:
            body.set_attribute_traversal(name, parse_traversal_abs("var.list[0].x")[0])
        elif operation == 3:
            new = draw(st.sampled_from(["renamed", "b", "x-y"]))
            body.rename_attribute(name, new)
        elif operation == 4:
            body.remove_attribute(name)
        elif operation == 5:
            block = body.append_block("added", draw(st.lists(st.just("l"), max_size=2)))
            block.body.set_attribute("inside", 1)
        elif operation == 6:
            body.append_newline()
        elif operation == 7 and body.blocks():
            body.remove_block(draw(st.sampled_from(body.blocks())))
        elif operation == 8 and body.blocks():
            block = draw(st.sampled_from(body.blocks()))
            self.touched.add(id(block))
            block.labels = draw(st.lists(st.sampled_from(["p", "q r"]), max_size=2))
        elif operation == 9:
            for item, _ in _texts(body):
                self.touched.add(id(item))
            config = _Config(draw(st.sampled_from(["m", "n"])), tag=[_Tag("k", "v")])
            hcl.update_document(body, config)
        elif operation == 10 and body.blocks():
            block = draw(st.sampled_from(body.blocks()))
            self.touch_body(block.body)
            block.body.append_newline()


def _texts(body: DocumentBody) -> list[tuple[Item, str]]:
    """Every item of a body and the bodies in it, with its text."""
    found = []
    for item in _items(body):
        found.append((item, tokens_text(item.tokens())))
        if isinstance(item, DocumentBlock):
            found += _texts(item.body)
    return found


def _check(doc: Document, before: list[tuple[Item, str]], touched: set[int]) -> None:
    text = doc.text
    _, diags = parse_config(text)
    assert not diags.has_errors(), (text, diags)
    formatted, diags = format(text)
    assert not diags.has_errors()
    assert format(formatted)[0] == formatted
    again, diags = parse_document(text)
    assert again is not None
    live = _texts(doc.body)
    read = _texts(again.body)
    # the document read back has the items of the edited one, in order
    assert [_kind(item) for item, _ in read] == [_kind(item) for item, _ in live]
    untouched = {id(item): text for item, text in before if id(item) not in touched}
    for (item, _), (_, text) in zip(live, read, strict=True):
        if id(item) in untouched:
            # (an item that ended the file gets the line end that the next one needs)
            assert text in (untouched[id(item)], untouched[id(item)] + "\n"), text


def _kind(item: Item) -> tuple[str, ...]:
    if isinstance(item, DocumentAttribute):
        return ("=", item.name)
    return (item.type, *item.labels)


def _run_edits(data: st.DataObject, src: str | bytes) -> None:
    doc, diags = parse_document(src)
    assert doc is not None, diags
    before = _texts(doc.body)
    editor = _Editor(doc)
    for _ in range(data.draw(st.integers(1, 6))):
        editor.edit(data.draw)
    _check(doc, before, editor.touched)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_edits_on_corpus_files_leave_valid_files(corpus: Path, data: st.DataObject) -> None:
    texts = _corpus_texts(corpus)
    _run_edits(data, data.draw(st.sampled_from(texts)))


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_edits_on_generated_files_leave_valid_files(data: st.DataObject) -> None:
    src = data.draw(_generated_file())
    _run_edits(data, src)
