"""``update_document`` on a configuration read from several files, and the
layout of blocks it adds and removes.

Each change goes to the file its attribute or block came from; new items go
to the file the caller names (by default the first). A block added is laid
out as ``hclfmt`` lays it out and set off by one blank line; a block removed
takes the blank line that set it off.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Annotated

import pytest

import hcldecode as hcl
from hcldecode.write import parse_document


@dataclasses.dataclass
class Service:
    name: Annotated[str, hcl.label()]
    image: str
    replicas: int = 1


@dataclasses.dataclass
class Config:
    region: str
    services: Annotated[list[Service], hcl.block("service")] = dataclasses.field(
        default_factory=list
    )
    debug: bool = False


MAIN = """\
# Where it runs
region = "eu-west-1"

service "web" {
  image = "nginx:1.27" # pinned
}
"""

EXTRA = """\
service "api" {
  image    = "api:2"
  replicas = 2
}

service "worker" {
  image = "worker:1"
}
"""


def _files(tmp_path: Path) -> list[Path]:
    (tmp_path / "main.hcl").write_text(MAIN)
    (tmp_path / "extra.hcl").write_text(EXTRA)
    return [tmp_path / "main.hcl", tmp_path / "extra.hcl"]


def _documents(*texts: str) -> list[hcl.write.Document]:
    documents = []
    for text in texts:
        document, diags = parse_document(text)
        assert document is not None, diags
        documents.append(document)
    return documents


def test_each_change_goes_to_the_file_it_came_from(tmp_path: Path) -> None:
    config = hcl.decode(_files(tmp_path), Config)
    web, api, _worker = config.services
    changed = dataclasses.replace(
        config,
        services=[
            dataclasses.replace(web, replicas=3),  # in main.hcl
            dataclasses.replace(api, image="api:3"),  # in extra.hcl
            Service("cache", "redis:7"),  # new
        ],  # worker (extra.hcl) removed
    )
    main, extra = _documents(MAIN, EXTRA)
    hcl.update_document([main, extra], changed)
    assert main.text == (
        "# Where it runs\n"
        'region = "eu-west-1"\n'
        "\n"
        'service "web" {\n'
        '  image = "nginx:1.27" # pinned\n'
        "  replicas = 3\n"
        "}\n"
        "\n"
        'service "cache" {\n'
        '  image = "redis:7"\n'
        "}\n"
    )
    assert extra.text == ('service "api" {\n  image    = "api:3"\n  replicas = 2\n}\n')
    (tmp_path / "main.hcl").write_text(main.text)
    (tmp_path / "extra.hcl").write_text(extra.text)
    assert hcl.decode(_files_as_they_are(tmp_path), Config) == dataclasses.replace(
        changed, services=[changed.services[0], changed.services[2], changed.services[1]]
    )


def _files_as_they_are(tmp_path: Path) -> list[Path]:
    return [tmp_path / "main.hcl", tmp_path / "extra.hcl"]


def test_the_same_object_leaves_every_file_as_it_was(tmp_path: Path) -> None:
    config = hcl.decode(_files(tmp_path), Config)
    main, extra = _documents(MAIN, EXTRA)
    hcl.update_document([main, extra], config)
    assert (main.text, extra.text) == (MAIN, EXTRA)


@pytest.mark.parametrize("new_items_to", [1, -1, "extra"])
def test_new_items_go_to_the_file_named(tmp_path: Path, new_items_to: object) -> None:
    config = hcl.decode(_files(tmp_path), Config)
    changed = dataclasses.replace(
        config, debug=True, services=[*config.services, Service("cache", "redis:7")]
    )
    main, extra = _documents(MAIN, EXTRA)
    target = extra if new_items_to == "extra" else new_items_to
    hcl.update_document([main, extra], changed, new_items_to=target)  # type: ignore[arg-type]
    assert main.text == MAIN
    assert extra.text == EXTRA + '\ndebug = true\n\nservice "cache" {\n  image = "redis:7"\n}\n'


def test_an_attribute_changes_in_the_file_that_has_it() -> None:
    main, extra = _documents('service "web" {\n  image = "a"\n}\n', 'region = "x" # here\n')
    config = Config("y", [Service("web", "a")])
    hcl.update_document([main, extra], config)
    assert main.text == 'service "web" {\n  image = "a"\n}\n'
    assert extra.text == 'region = "y" # here\n'


def test_new_items_to_must_be_one_of_the_documents() -> None:
    main, extra = _documents(MAIN, EXTRA)
    other = _documents("")[0]
    config = Config("x")
    with pytest.raises(TypeError) as info:
        hcl.update_document([main, extra], config, new_items_to=other)
    assert str(info.value) == "update_document(): new_items_to is not one of the documents"
    with pytest.raises(IndexError):
        hcl.update_document([main, extra], config, new_items_to=2)
    with pytest.raises(TypeError) as info:
        hcl.update_document([main, extra.body], config)  # type: ignore[list-item]
    assert str(info.value) == (
        "update_document() needs a list of Documents and JsonDocuments (parse_document's or "
        "parse_json_document's first result), not DocumentBody"
    )
    with pytest.raises(TypeError) as info:
        hcl.update_document([], config)
    assert str(info.value) == "update_document() needs at least one document"


# --------------------------------------------------------------------------- layout


@dataclasses.dataclass
class Item:
    name: Annotated[str, hcl.label()]
    size: int = 1


@dataclasses.dataclass
class Items:
    items: Annotated[list[Item], hcl.block("item")] = dataclasses.field(default_factory=list)
    count: int = 0


THREE = """\
count = 3

item "a" {
  size = 1
}

# the second
item "b" {
  size = 2
}

item "c" {
  size = 3
}
"""


def _updated(text: str, obj: object) -> str:
    (document,) = _documents(text)
    hcl.update_document(document, obj)
    return document.text


@pytest.mark.parametrize(
    ("removed", "expected"),
    [
        ("a", THREE.replace('item "a" {\n  size = 1\n}\n\n', "")),
        ("b", THREE.replace('# the second\nitem "b" {\n  size = 2\n}\n\n', "")),
        ("c", THREE.replace('\nitem "c" {\n  size = 3\n}\n', "")),
    ],
)
def test_a_removed_block_takes_its_blank_line(removed: str, expected: str) -> None:
    config = hcl.loads(THREE, Items)
    kept = [i for i in config.items if i.name != removed]
    assert _updated(THREE, dataclasses.replace(config, items=kept)) == expected


def test_removing_the_first_block_leaves_no_blank_line_at_the_top() -> None:
    text = 'item "a" {\n}\n\nitem "b" {\n  size = 2\n}\n'
    assert _updated(text, Items([Item("b", 2)])) == 'item "b" {\n  size = 2\n}\n'
    assert _updated(text, Items([])) == ""
    assert _updated('count = 1\n\nitem "a" {\n}\n', Items([], 1)) == "count = 1\n"


def test_an_added_block_is_set_off_by_one_blank_line() -> None:
    assert _updated("count = 3\n", Items([Item("a", 2)], 3)) == (
        'count = 3\n\nitem "a" {\n  size = 2\n}\n'
    )
    # The blank line already there is not doubled.
    assert _updated("count = 3\n\n", Items([Item("a")], 3)) == 'count = 3\n\nitem "a" {\n}\n'
    # An empty file gets the block alone.
    assert _updated("", Items([Item("a")])) == 'item "a" {\n}\n'
    assert (
        _updated(
            THREE,
            dataclasses.replace(
                hcl.loads(THREE, Items),
                items=[Item("a", 1), Item("b", 2), Item("c", 3), Item("d", 4)],
            ),
        )
        == THREE + '\nitem "d" {\n  size = 4\n}\n'
    )
