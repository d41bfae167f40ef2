from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs
from hypothesis import given
from hypothesis import strategies as st

from hcldecode.model import (
    Attribute,
    AttributeSchema,
    Block,
    BlockHeaderSchema,
    Body,
    BodyContent,
    BodySchema,
    Diagnostic,
    Diagnostics,
    Expression,
    File,
    Pos,
    Range,
    merge_bodies,
    merge_files,
)
from hcldecode.native import parse_config

# --------------------------------------------------------------------------- a minimal body


def rng(filename: str, start: int, end: int) -> Range:
    return Range(filename, Pos(1, start + 1, start), Pos(1, end + 1, end))


class NoExpr(Expression):
    """A placeholder expression: merging never evaluates anything."""

    def __init__(self, where: Range) -> None:
        self._range = where

    def value(self, ctx: object = None) -> object:  # type: ignore[override]
        raise AssertionError("not evaluated in these tests")

    def variables(self) -> list[object]:  # type: ignore[override]
        return []

    @property
    def range(self) -> Range:
        return self._range


@attrs.frozen
class ListBody(Body):
    """Attributes and blocks in source order, processed like the native syntax does."""

    attributes: tuple[Attribute, ...]
    blocks: tuple[Block, ...]
    missing: Range

    @property
    def missing_item_range(self) -> Range:
        return self.missing

    def partial_content(self, schema: BodySchema) -> tuple[BodyContent, Body, Diagnostics]:
        diags = Diagnostics()
        names = schema.attribute_names()
        types = schema.block_types()
        attributes = {a.name: a for a in self.attributes if a.name in names}
        for attr_schema in schema.attributes:
            if attr_schema.required and attr_schema.name not in attributes:
                diags.append(
                    Diagnostic.error(
                        "Missing required argument",
                        f'The argument "{attr_schema.name}" is required, '
                        "but no definition was found.",
                        self.missing,
                    )
                )
        blocks = tuple(b for b in self.blocks if b.type in types)
        remain = ListBody(
            tuple(a for a in self.attributes if a.name not in names),
            tuple(b for b in self.blocks if b.type not in types),
            self.missing,
        )
        return BodyContent(attributes, blocks, self.missing), remain, diags

    def content(self, schema: BodySchema) -> tuple[BodyContent, Diagnostics]:
        content, remain, diags = self.partial_content(schema)
        assert isinstance(remain, ListBody)
        for attr in remain.attributes:
            diags.append(
                Diagnostic.error(
                    "Unsupported argument",
                    f'An argument named "{attr.name}" is not expected here.',
                    attr.name_range,
                )
            )
        for block in remain.blocks:
            diags.append(
                Diagnostic.error(
                    "Unsupported block type",
                    f'Blocks of type "{block.type}" are not expected here.',
                    block.type_range,
                )
            )
        return content, diags

    def just_attributes(self) -> tuple[dict[str, Attribute], Diagnostics]:
        diags = Diagnostics()
        if self.blocks:
            block = self.blocks[0]
            diags.append(
                Diagnostic.error(
                    f'Unexpected "{block.type}" block',
                    "Blocks are not allowed here.",
                    block.type_range,
                )
            )
        return {a.name: a for a in self.attributes}, diags


def make_body(filename: str, attr_names: Sequence[str], block_types: Sequence[str]) -> ListBody:
    """A body with one-character items: attribute ``n`` at offset 2i, blocks after them."""
    attributes = []
    for i, name in enumerate(attr_names):
        where = rng(filename, 2 * i, 2 * i + 1)
        attributes.append(Attribute(name, NoExpr(where), where, where))
    blocks = []
    for j, type_name in enumerate(block_types):
        where = rng(filename, 100 + 2 * j, 101 + 2 * j)
        blocks.append(Block(type_name, (), merge_bodies([]), where, where, ()))
    return ListBody(tuple(attributes), tuple(blocks), rng(filename, 0, 0))


def schema(attrs_: Sequence[tuple[str, bool]] = (), blocks: Sequence[str] = ()) -> BodySchema:
    return BodySchema(
        [AttributeSchema(n, r) for n, r in attrs_], [BlockHeaderSchema(t) for t in blocks]
    )


# --------------------------------------------------------------------------- merging


def test_merge_bodies_flattens_and_drops_empties() -> None:
    a, b, c = make_body("a", ["x"], []), make_body("b", ["y"], []), make_body("c", [], [])
    inner = merge_bodies([b, c])
    merged = merge_bodies([a, inner, merge_bodies([])])
    assert merged.just_attributes() == ({"x": a.attributes[0], "y": b.attributes[0]}, [])
    empty = merge_bodies([merge_bodies([]), merge_bodies([])])
    assert empty.just_attributes() == ({}, [])
    assert empty.missing_item_range == Range("<empty>", Pos(0, 0, 0), Pos(0, 0, 0))


def test_merge_files_uses_file_bodies_in_order() -> None:
    a, b = make_body("a.hcl", ["x"], []), make_body("b.hcl", ["y"], [])
    merged = merge_files([File("a.hcl", "", a), File("b.hcl", "", b)])
    assert merged.just_attributes() == ({"x": a.attributes[0], "y": b.attributes[0]}, [])


def test_missing_item_range_is_first_bodys() -> None:
    a, b = make_body("a.hcl", [], []), make_body("b.hcl", [], [])
    assert merge_bodies([a, b]).missing_item_range == rng("a.hcl", 0, 0)


def test_content_collects_attributes_and_blocks_in_file_order() -> None:
    a = make_body("a.hcl", ["x"], ["svc", "other"])
    b = make_body("b.hcl", ["y"], ["svc"])
    content, diags = merge_bodies([a, b]).content(
        schema([("x", True), ("y", False)], ["svc", "other"])
    )
    assert diags == []
    assert list(content.attributes) == ["x", "y"]
    assert content.attributes["x"] is a.attributes[0]
    assert content.attributes["y"] is b.attributes[0]
    assert content.blocks == (a.blocks[0], a.blocks[1], b.blocks[0])
    assert content.missing_item_range == rng("a.hcl", 0, 0)


def test_duplicate_argument_across_files() -> None:
    a = make_body("a.hcl", ["z", "x"], [])
    b = make_body("b.hcl", ["x"], [])
    content, diags = merge_bodies([a, b]).content(schema([("x", False), ("z", False)]))
    assert content.attributes["x"] is a.attributes[1]
    assert diags == [
        Diagnostic.error(
            "Duplicate argument",
            'Argument "x" was already set at a.hcl:1,3-4',
            rng("b.hcl", 0, 1),
        )
    ]


def test_required_argument_checked_after_merging() -> None:
    a = make_body("a.hcl", [], [])
    b = make_body("b.hcl", ["x"], [])
    # Set in one file: fine, although each file alone misses it.
    _content, diags = merge_bodies([a, b]).content(schema([("x", True)]))
    assert diags == []
    _content, diags = merge_bodies([a, a]).content(schema([("x", True), ("y", True)]))
    assert diags == [
        Diagnostic.error(
            "Missing required argument", 'The argument "x" is required, but was not set.'
        ),
        Diagnostic.error(
            "Missing required argument", 'The argument "y" is required, but was not set.'
        ),
    ]


def test_body_diagnostics_pass_through_in_order() -> None:
    a = make_body("a.hcl", ["bad"], [])
    b = make_body("b.hcl", [], ["blk"])
    _content, diags = merge_bodies([a, b]).content(schema())
    assert [(d.summary, d.subject) for d in diags] == [
        ("Unsupported argument", rng("a.hcl", 0, 1)),
        ("Unsupported block type", rng("b.hcl", 100, 101)),
    ]


def test_partial_content_returns_merged_leftovers() -> None:
    a = make_body("a.hcl", ["x", "extra"], ["keep", "drop"])
    b = make_body("b.hcl", ["more"], ["drop"])
    content, remain, diags = merge_bodies([a, b]).partial_content(schema([("x", False)], ["drop"]))
    assert diags == []
    assert list(content.attributes) == ["x"]
    assert content.blocks == (a.blocks[1], b.blocks[0])
    attrs_left, attr_diags = remain.just_attributes()
    assert list(attrs_left) == ["extra", "more"]
    assert [d.summary for d in attr_diags] == ['Unexpected "keep" block']


def test_partial_content_of_empty_body() -> None:
    content, remain, diags = merge_bodies([]).partial_content(schema([("x", True)]))
    assert remain.just_attributes() == ({}, [])
    assert dict(content.attributes) == {}
    assert content.blocks == ()
    assert [d.detail for d in diags] == ['The argument "x" is required, but was not set.']


def test_just_attributes_merges_and_reports_duplicates() -> None:
    a = make_body("a.hcl", ["x", "y"], [])
    b = make_body("b.hcl", ["y", "z"], [])
    attributes, diags = merge_bodies([a, b]).just_attributes()
    assert list(attributes) == ["x", "y", "z"]
    assert attributes["y"] is a.attributes[1]
    assert diags == [
        Diagnostic.error(
            "Duplicate argument",
            'Argument "y" was already set at a.hcl:1,3-4',
            rng("b.hcl", 0, 1),
        )
    ]


def test_duplicate_name_is_go_quoted() -> None:
    a = make_body("a.hcl", ['q"n'], [])
    _attrs, diags = merge_bodies([a, a]).just_attributes()
    assert diags[0].detail == 'Argument "q\\"n" was already set at a.hcl:1,1-2'


# --------------------------------------------------------------------------- partial processing

NAMES = ["a", "b", "c", "d", "e", "f"]


@st.composite
def bodies_and_schemas(draw: st.DrawFn) -> tuple[Body, BodySchema, BodySchema]:
    kinds = {n: draw(st.sampled_from(["attr", "block"])) for n in NAMES}
    count = draw(st.integers(min_value=1, max_value=3))
    parts = []
    for i in range(count):
        attr_names = draw(st.lists(st.sampled_from(NAMES), unique=True, max_size=4))
        block_types = draw(st.lists(st.sampled_from(NAMES), max_size=4))
        parts.append(make_body(f"f{i}.hcl", attr_names, block_types))
    body: Body = parts[0] if count == 1 and draw(st.booleans()) else merge_bodies(parts)
    # Disjoint schemas: a name requested by both steps would be consumed by
    # the first and then found missing by the second.
    shuffled = draw(st.permutations(NAMES))
    split = draw(st.integers(min_value=0, max_value=len(NAMES)))
    in_first = draw(st.lists(st.sampled_from(shuffled[:split]), unique=True)) if split else []
    rest = shuffled[split:]
    in_second = draw(st.lists(st.sampled_from(rest), unique=True)) if rest else []

    def make(names: list[str]) -> BodySchema:
        return schema(
            [(n, draw(st.booleans())) for n in names if kinds[n] == "attr"],
            [n for n in names if kinds[n] == "block"],
        )

    return body, make(in_first), make(in_second)


def diag_keys(diags: list[Diagnostic]) -> Counter[tuple[str, str, Range | None]]:
    return Counter((d.severity.value, d.summary, d.subject) for d in diags)


@given(bodies_and_schemas())
def test_partial_then_content_equals_content_of_union(
    case: tuple[Body, BodySchema, BodySchema],
) -> None:
    body, first, second = case
    content1, remain, diags1 = body.partial_content(first)
    content2, diags2 = remain.content(second)
    whole, whole_diags = body.content(first.union(second))

    assert {**content1.attributes, **content2.attributes} == dict(whole.attributes)
    assert Counter(content1.blocks + content2.blocks) == Counter(whole.blocks)
    assert diag_keys(diags1 + diags2) == diag_keys(whole_diags)


# --------------------------------------------------------------------------- native syntax


def parse(src: str, filename: str) -> Body:
    file, diags = parse_config(src, filename)
    assert diags == []
    return file.body


def test_merge_native_files() -> None:
    a = parse('name = "a"\nservice "x" {}\n', "a.hcl")
    b = parse('service "y" {}\nname = "b"\nport = 1\n', "b.hcl")
    content, diags = merge_bodies([a, b]).content(
        BodySchema(
            [AttributeSchema("name"), AttributeSchema("port", True)],
            [BlockHeaderSchema("service", ("name",))],
        )
    )
    assert [blk.labels for blk in content.blocks] == [("x",), ("y",)]
    assert content.attributes["name"].name_range.filename == "a.hcl"
    assert diags == [
        Diagnostic.error(
            "Duplicate argument",
            'Argument "name" was already set at a.hcl:1,1-5',
            Range("b.hcl", Pos(2, 1, 15), Pos(2, 5, 19)),
        )
    ]
    _content, diags = merge_bodies([a]).content(BodySchema([AttributeSchema("port", True)]))
    assert [(d.summary, d.detail, d.subject) for d in diags] == [
        (
            "Unsupported argument",
            'An argument named "name" is not expected here.',
            Range("a.hcl", Pos(1, 1, 0), Pos(1, 5, 4)),
        ),
        (
            "Unsupported block type",
            'Blocks of type "service" are not expected here.',
            Range("a.hcl", Pos(2, 1, 11), Pos(2, 8, 18)),
        ),
        ("Missing required argument", 'The argument "port" is required, but was not set.', None),
    ]


@st.composite
def native_sources(draw: st.DrawFn) -> tuple[list[str], dict[str, str]]:
    kinds = {n: draw(st.sampled_from(["attr", "block"])) for n in NAMES}
    sources = []
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        attr_names = draw(st.lists(st.sampled_from(NAMES), unique=True, max_size=4))
        block_types = draw(st.lists(st.sampled_from(NAMES), max_size=4))
        lines = [f"{name} = 1" for name in attr_names] + [f"{t} {{}}" for t in block_types]
        sources.append("\n".join(draw(st.permutations(lines))) + "\n")
    return sources, kinds


@given(native_sources(), st.data())
def test_partial_processing_property_on_native_bodies(
    case: tuple[list[str], dict[str, str]], data: st.DataObject
) -> None:
    sources, kinds = case
    bodies = [parse(src, f"f{i}.hcl") for i, src in enumerate(sources)]
    body = bodies[0] if len(bodies) == 1 else merge_bodies(bodies)
    shuffled = data.draw(st.permutations(NAMES))
    split = data.draw(st.integers(min_value=0, max_value=len(NAMES)))

    def make(names: Sequence[str]) -> BodySchema:
        chosen = data.draw(st.lists(st.sampled_from(names), unique=True)) if names else []
        return schema(
            [(n, data.draw(st.booleans())) for n in chosen if kinds[n] == "attr"],
            [n for n in chosen if kinds[n] == "block"],
        )

    first, second = make(shuffled[:split]), make(shuffled[split:])
    content1, remain, diags1 = body.partial_content(first)
    content2, diags2 = remain.content(second)
    whole, whole_diags = body.content(first.union(second))
    assert {**content1.attributes, **content2.attributes} == dict(whole.attributes)
    assert Counter(content1.blocks + content2.blocks) == Counter(whole.blocks)
    assert diag_keys(diags1 + diags2) == diag_keys(whole_diags)
