"""Shapes of classes that gohcl decodes into: block classes that contain themselves,
generic classes, remain() into a class, and a body's attributes as a dict."""

from __future__ import annotations

import dataclasses
import json
import sys
from typing import Annotated, Any, Generic, TypeVar

import attrs
import jsonschema
import pytest
from decoding_helpers import problems, span
from hypothesis import given
from hypothesis import strategies as st

import hcldecode as hcl
from hcldecode.values import max_nesting
from hcldecode.write import parse_document

T = TypeVar("T")
N = TypeVar("N", bound=int)


# --------------------------------------------------------------------------- recursion


@attrs.define
class Node:
    name: Annotated[str, hcl.label()]
    weight: int = 0
    kids: Annotated[list[Node], hcl.block(name="node")] = attrs.Factory(list)


@attrs.define
class Tree:
    nodes: Annotated[list[Node], hcl.block(name="node")] = attrs.Factory(list)


TREE = """\
node "a" {
  weight = 1
  node "b" {
    node "c" {
      weight = 3
    }
  }
}
"""


def test_a_block_class_that_contains_itself() -> None:
    assert hcl.loads(TREE, Tree) == Tree([Node("a", 1, [Node("b", 0, [Node("c", 3)])])])


def test_mistakes_deep_in_a_tree_are_reported_where_they_are() -> None:
    text = TREE.replace("weight = 3", 'weight = "x"\n      colour = 1')
    assert problems(text, Tree) == [
        ("Unsuitable value type", "Unsuitable value: a number is required.", span(text, '"x"')),
        (
            "Unsupported argument",
            'An argument named "colour" is not expected here.',
            span(text, "colour"),
        ),
    ]


def test_a_tree_nested_past_the_limit_is_a_diagnostic() -> None:
    limit = max_nesting()
    text = "".join(f'node "n{i}" {{\n' for i in range(limit + 5)) + "}\n" * (limit + 5)
    assert problems(text, Tree) == [
        (
            "Nesting too deep",
            f"This configuration nests expressions, templates or blocks more than {limit} levels "
            "deep, which is more than hcldecode supports at the interpreter's recursion limit "
            f"({sys.getrecursionlimit()}).",
            f"t.hcl:{limit + 1},{len(str(limit)) + 11}-{limit + 2},1",
        )
    ]


def test_a_tree_is_written_back_and_an_object_that_contains_itself_is_refused() -> None:
    tree = hcl.loads(TREE, Tree)
    assert hcl.dumps(tree) == (
        'node "a" {\n  weight = 1\n\n  node "b" {\n    node "c" {\n      weight = 3\n'
        "    }\n  }\n}\n"
    )
    looped = Node("x")
    looped.kids.append(looped)
    with pytest.raises(ValueError) as info:
        hcl.dumps(Tree([looped]))
    assert str(info.value) == (
        f"Node: blocks nest more than {max_nesting()} levels deep (does an object contain itself?)"
    )


def _trees(depth: int) -> st.SearchStrategy[Node]:
    leaf = st.builds(Node, st.from_regex(r"[a-z]{1,3}", fullmatch=True), st.integers(0, 9))
    if depth == 0:
        return leaf
    return st.builds(
        Node,
        st.from_regex(r"[a-z]{1,3}", fullmatch=True),
        st.integers(0, 9),
        st.lists(_trees(depth - 1), max_size=3),
    )


@given(st.lists(_trees(3), max_size=3))
def test_trees_round_trip_in_both_syntaxes(nodes: list[Node]) -> None:
    tree = Tree(nodes)
    assert hcl.loads(hcl.dumps(tree), Tree) == tree
    assert hcl.loads(hcl.dumps(tree, syntax="json"), Tree, syntax="json") == tree


@attrs.define
class Looped:
    inner: Looped | None = None


def test_a_class_that_contains_itself_is_no_attribute_value() -> None:
    @attrs.define
    class UsesLooped:
        x: Looped | None = None

    with pytest.raises(hcl.SchemaError) as info:
        hcl.loads("", UsesLooped)
    assert str(info.value) == (
        "test_a_class_that_contains_itself_is_no_attribute_value.<locals>.UsesLooped.x: "
        "Looped contains itself, and HCL's object types cannot (a class that contains "
        "itself can be decoded from nested blocks)"
    )


@attrs.define
class Part:
    broken: complex


@attrs.define
class Whole:
    part: Annotated[Part | None, hcl.block()] = None


def test_a_mistake_in_a_nested_block_class_is_reported_before_reading() -> None:
    with pytest.raises(hcl.SchemaError) as info:
        hcl.loads("", Whole)  # no "part" block: the class is checked all the same
    assert str(info.value) == (
        "Part.broken: hcldecode has no HCL type for <class 'complex'> (a Decoder learns the "
        "application's own types from its types= and rules=)"
    )


# --------------------------------------------------------------------------- generic classes


@dataclasses.dataclass
class Box(Generic[T]):
    name: Annotated[str, hcl.label()]
    item: T
    items: list[T] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class Pair(Generic[T]):
    a: T
    b: T


@dataclasses.dataclass
class Bounded(Generic[N]):
    n: N


@dataclasses.dataclass
class Boxes:
    ints: Annotated[list[Box[int]], hcl.block(name="int")]
    strs: Annotated[dict[str, Box[str]], hcl.block(name="str")] = dataclasses.field(
        default_factory=dict
    )
    pair: Pair[bool] | None = None


def test_generic_classes_with_their_type_arguments() -> None:
    text = 'int "a" {\n  item  = 1\n  items = [2, "3"]\n}\nstr "s" {\n  item = 4\n}\n'
    text += "pair = { a = true, b = false }\n"
    assert hcl.loads(text, Boxes) == Boxes(
        [Box("a", 1, [2, 3])], {"s": Box("s", "4")}, Pair(True, False)
    )
    assert hcl.loads('a = 1\nb = "2"\n', Pair[int]) == Pair(1, 2)


def test_a_generic_class_field_is_checked_against_its_argument() -> None:
    text = 'int "a" {\n  item = "one"\n}\n'
    assert problems(text, Boxes) == [
        ("Unsuitable value type", "Unsuitable value: a number is required.", span(text, '"one"'))
    ]


def test_a_bare_generic_class_takes_bounds_or_any() -> None:
    assert hcl.loads('a = 1\nb = ["x"]\n', Pair) == Pair(1, ["x"])
    assert hcl.loads("n = 2\n", Bounded) == Bounded(2)
    assert problems('n = "x"\n', Bounded) == [
        ("Unsuitable value type", "Unsuitable value: a number is required.", "t.hcl:1,5-8")
    ]


def test_generic_classes_are_written_back() -> None:
    boxes = Boxes([Box("a", 1, [2])], pair=Pair(True, False))
    assert hcl.dumps(boxes) == (
        'int "a" {\n  item  = 1\n  items = [2]\n}\n\npair = {\n  a = true\n  b = false\n}\n'
    )


# --------------------------------------------------------------------------- remain() into a class


@dataclasses.dataclass
class Extra:
    colour: str = "red"
    size: int = 1


@dataclasses.dataclass
class Service:
    name: Annotated[str, hcl.label()]
    port: int
    extra: Annotated[Extra, hcl.remain()]


@dataclasses.dataclass
class Services:
    services: Annotated[list[Service], hcl.block(name="service")]


def test_the_rest_of_a_body_decoded_into_a_class() -> None:
    text = 'service "web" {\n  port = 80\n  size = 3\n}\n'
    assert hcl.loads(text, Services) == Services([Service("web", 80, Extra(size=3))])


def test_what_the_remain_class_does_not_claim_is_an_error() -> None:
    text = 'service "web" {\n  port = 80\n  sise = 3\n}\n'
    assert problems(text, Services) == [
        (
            "Unsupported argument",
            'An argument named "sise" is not expected here. Did you mean "size"?',
            span(text, "sise"),
        )
    ]


def test_a_remain_class_is_written_into_the_same_body() -> None:
    text = 'service "web" {\n  port   = 80\n  size   = 3 # three\n  colour = "blue"\n}\n'
    services = hcl.loads(text, Services)
    assert hcl.dumps(services) == (
        'service "web" {\n  port   = 80\n  colour = "blue"\n  size   = 3\n}\n'
    )
    document, _ = parse_document(text)
    assert document is not None
    services.services[0].extra.colour = "red"
    hcl.update_document(document, services)
    # The default, given where the file had the attribute, is written there.
    assert document.to_bytes().decode() == (
        'service "web" {\n  port   = 80\n  size   = 3 # three\n  colour = "red"\n}\n'
    )


@dataclasses.dataclass
class Core:
    port: int
    extra: Annotated[Extra, hcl.remain()]


def test_partial_decoding_with_a_remain_class_leaves_what_it_does_not_claim() -> None:
    result = hcl.decode_partial(hcl.parse("port = 1\nsize = 2\nplugin = true\n"), Core)
    assert result.value == Core(1, Extra(size=2))
    assert sorted(result.remaining.just_attributes()[0]) == ["plugin"]


@dataclasses.dataclass
class Endless:
    x: int = 0
    more: Annotated[Endless | None, hcl.remain()] = None


def test_a_remain_class_that_leads_back_to_itself_is_refused() -> None:
    with pytest.raises(hcl.SchemaError) as info:
        hcl.loads("x = 1\n", Endless)
    assert str(info.value) == (
        "Endless.more: the rest of a body cannot be decoded into Endless again (remain() "
        "fields lead back to it)"
    )


# --------------------------------------------------------------------------- a dict


def test_a_body_decoded_into_a_dict() -> None:
    assert hcl.loads('a = 1\nb = "2"\n', dict[str, int]) == {"a": 1, "b": 2}
    assert hcl.loads("a = [true]\nb = { c = null }\n", dict[str, Any]) == {
        "a": [True],
        "b": {"c": None},
    }
    assert hcl.loads('{"a": 1}', dict[str, int], syntax="json") == {"a": 1}


def test_a_dict_takes_attributes_only() -> None:
    text = 'a = 1\nb = "x"\nc {}\n'
    assert problems(text, dict[str, int]) == [
        ("Unsuitable value type", "Unsuitable value: a number is required.", span(text, '"x"')),
        ('Unexpected "c" block', "Blocks are not allowed here.", span(text, "c")),
    ]


# --------------------------------------------------------------------------- optional labels


@dataclasses.dataclass
class Provisioner:
    kind: Annotated[str, hcl.label()]
    name: Annotated[str | None, hcl.label()] = None
    when: str = "create"


@dataclasses.dataclass
class Resource:
    provisioners: Annotated[list[Provisioner], hcl.block("provisioner")] = dataclasses.field(
        default_factory=list
    )


PROVISIONERS = Resource(
    [Provisioner("shell"), Provisioner("file", "copy", "destroy"), Provisioner("x", "y")]
)


def test_optional_labels_in_the_native_syntax() -> None:
    text = (
        'provisioner "shell" {}\nprovisioner "file" "copy" {\n  when = "destroy"\n}\n'
        'provisioner "x" "y" {}\n'
    )
    assert hcl.loads(text, Resource) == PROVISIONERS
    text = 'provisioner {}\nprovisioner "a" "b" "c" {}\n'
    assert problems(text, Resource) == [
        (
            "Missing kind for provisioner",
            "All provisioner blocks must have at least 1 label (kind).",
            span(text, "{"),
        ),
        (
            "Extraneous label for provisioner",
            "Only 2 labels (kind, name) are expected for provisioner blocks.",
            span(text, '"c"'),
        ),
    ]


def test_optional_labels_in_the_json_syntax_where_the_schema_tells_them_apart() -> None:
    # At the level of an optional label, an object whose properties are all names of
    # the body ("when") is the body; any other is a level of labels. So a label named
    # as an attribute cannot be told from it: {"when": {}} is the attribute.
    text = '{"provisioner": {"shell": {}, "file": {"copy": {"when": "destroy"}}, "x": {"y": {}}}}'
    assert hcl.loads(text, Resource, syntax="json") == PROVISIONERS
    text = '{"provisioner": {"x": {"when": {}}}}'
    assert problems(text, Resource, syntax="json") == [
        (
            "Unsuitable value type",
            "Unsuitable value: string required, but have object.",
            span(text, "{}"),
        )
    ]


def test_optional_labels_are_written_back_and_in_the_json_schema() -> None:
    assert hcl.dumps(PROVISIONERS) == (
        'provisioner "shell" {\n}\n\nprovisioner "file" "copy" {\n  when = "destroy"\n}\n\n'
        'provisioner "x" "y" {\n}\n'
    )
    text = hcl.dumps(PROVISIONERS, syntax="json")
    assert hcl.loads(text, Resource, syntax="json") == PROVISIONERS
    validator = jsonschema.Draft202012Validator(hcl.json_schema(Resource))
    assert list(validator.iter_errors(json.loads(text))) == []


@dataclasses.dataclass
class Misplaced:
    first: Annotated[str, hcl.label()] = ""
    second: Annotated[str, hcl.label()] = dataclasses.field(kw_only=True)


@dataclasses.dataclass
class Undefaulted:
    first: Annotated[str | None, hcl.label()]


@dataclasses.dataclass
class UsesMisplaced:
    a: Annotated[list[Misplaced], hcl.block()]


@dataclasses.dataclass
class UsesUndefaulted:
    b: Annotated[list[Undefaulted], hcl.block()]


@dataclasses.dataclass
class Keyed:
    provisioners: Annotated[dict[str, dict[str, Provisioner]], hcl.block("provisioner")]


def test_an_optional_label_comes_last_and_has_a_default() -> None:
    with pytest.raises(hcl.SchemaError) as info:
        hcl.schema_of(UsesMisplaced)
    assert str(info.value) == (
        "Misplaced.first: an optional label (one with a default) must come after every required one"
    )
    with pytest.raises(hcl.SchemaError) as info:
        hcl.schema_of(UsesUndefaulted)
    assert str(info.value) == (
        "Undefaulted.first: a label field must be of type str, a Literal of strings or an Enum "
        "of string values (or one of them | None with a default, for an optional label), "
        "not str | None"
    )


def test_blocks_with_optional_labels_are_no_dict() -> None:
    with pytest.raises(hcl.SchemaError) as info:
        hcl.schema_of(Keyed)
    assert str(info.value) == (
        "Keyed.provisioners: blocks collected into a dict need every label, but 1 label of "
        "the provisioner blocks may be left out"
    )


def test_dynamic_blocks_with_optional_labels() -> None:
    decoder = hcl.Decoder(dynamic_blocks=True)
    text = (
        'dynamic "provisioner" {\n  for_each = ["a"]\n  labels   = [provisioner.value]\n'
        '  content {}\n}\ndynamic "provisioner" {\n  for_each = ["c"]\n'
        '  labels   = [provisioner.value, "n"]\n  content {}\n}\n'
    )
    assert decoder.loads(text, Resource) == Resource([Provisioner("a"), Provisioner("c", "n")])
    text = 'dynamic "provisioner" {\n  for_each = ["c"]\n  labels   = []\n  content {}\n}\n'
    with pytest.raises(hcl.DecodeError) as info:
        decoder.loads(text, Resource, filename="t.hcl")
    assert [(d.summary, d.detail, str(d.subject)) for d in info.value.diagnostics] == [
        (
            "Insufficient dynamic block labels",
            'Blocks of type "provisioner" require 1 to 2 labels.',
            span(text, "[]"),
        )
    ]
