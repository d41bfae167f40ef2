"""One configuration's classes written with each model library hcldecode decodes into.

A shop: ``service`` blocks with two labels, each with repeated ``listener``
blocks (at least one), a ``Literal`` protocol and defaults, and a recursive
``menu`` tree. :func:`classes` gives the root class of one library's version,
importing the library only then (the optional ones may be absent). The
tests compare what each decodes, and the diagnostics each gives for one
broken file; ``benchmarks/bench.py`` times them against parsing.
"""

import dataclasses
import sys
from typing import Annotated, Any, Literal

import attrs

import hcldecode as hcl

#: The libraries, by name, with the pytest marker of their extra (``None``: built in).
LIBRARIES = {
    "dataclass": None,
    "attrs": None,
    "pydantic": "pydantic",
    "msgspec": "msgspec",
    "typeddict": None,
}

Protocol = Literal["tcp", "udp"]

SHOP = """\
name = "shop"

service "web" "frontend" {
  port     = 8080
  protocol = "tcp"

  listener {
    address = "0.0.0.0"
    tags    = ["public", "v4"]
  }

  listener {
    address = "::"
  }
}

service "api" "backend" {
  port = "9090"

  listener {
    address = "10.0.0.1"
  }
}

menu "root" {
  menu "products" {
    menu "books" {}
  }
  menu "about" {}
}
"""

#: What every version decodes SHOP into, as plain data.
SHOP_DATA: dict[str, Any] = {
    "name": "shop",
    "services": [
        {
            "kind": "web",
            "name": "frontend",
            "port": 8080,
            "protocol": "tcp",
            "listeners": [
                {"address": "0.0.0.0", "tags": ["public", "v4"]},
                {"address": "::", "tags": []},
            ],
        },
        {
            "kind": "api",
            "name": "backend",
            "port": 9090,
            "protocol": "tcp",
            "listeners": [{"address": "10.0.0.1", "tags": []}],
        },
    ],
    "menus": [
        {
            "name": "root",
            "children": [
                {"name": "products", "children": [{"name": "books", "children": []}]},
                {"name": "about", "children": []},
            ],
        }
    ],
}

BROKEN = """\
name = ["x"]
colour = "red"

service "web" "frontend" {
  port     = "many"
  protocol = "icmp"
}

service "api" {
  port = 1
  listener {
    address = "x"
  }
}

menu "root" {
  menu "child" {
    link = true
  }
}
"""


def _dataclasses() -> type:
    @dataclasses.dataclass
    class Listener:
        address: str
        tags: list[str] = dataclasses.field(default_factory=list)

    @dataclasses.dataclass
    class Service:
        kind: Annotated[str, hcl.label()]
        name: Annotated[str, hcl.label()]
        port: int
        listeners: Annotated[list[Listener], hcl.block("listener", min_items=1)]
        protocol: Protocol = "tcp"

    @dataclasses.dataclass
    class Menu:
        name: Annotated[str, hcl.label()]
        children: Annotated[list["Menu"], hcl.block("menu")] = dataclasses.field(
            default_factory=list
        )

    @dataclasses.dataclass
    class Shop:
        name: str
        services: Annotated[list[Service], hcl.block("service")]
        menus: Annotated[list["Menu"], hcl.block("menu")] = dataclasses.field(default_factory=list)

    return _published(Shop, Listener, Service, Menu)


def _attrs() -> type:
    @attrs.define
    class Listener:
        address: str
        tags: list[str] = attrs.Factory(list)

    @attrs.define
    class Service:
        kind: Annotated[str, hcl.label()]
        name: Annotated[str, hcl.label()]
        port: int
        listeners: Annotated[list[Listener], hcl.block("listener", min_items=1)]
        protocol: Protocol = "tcp"

    @attrs.define
    class Menu:
        name: Annotated[str, hcl.label()]
        children: Annotated[list["Menu"], hcl.block("menu")] = attrs.Factory(list)

    @attrs.define
    class Shop:
        name: str
        services: Annotated[list[Service], hcl.block("service")]
        menus: Annotated[list["Menu"], hcl.block("menu")] = attrs.Factory(list)

    return _published(Shop, Listener, Service, Menu)


def _pydantic() -> type:
    import pydantic  # noqa: PLC0415 (an optional extra)

    class Listener(pydantic.BaseModel):
        address: str
        tags: list[str] = []

    class Service(pydantic.BaseModel):
        kind: Annotated[str, hcl.label()]
        name: Annotated[str, hcl.label()]
        port: int
        listeners: Annotated[list[Listener], hcl.block("listener", min_items=1)]
        protocol: Protocol = "tcp"

    class Menu(pydantic.BaseModel):
        name: Annotated[str, hcl.label()]
        children: Annotated[list["Menu"], hcl.block("menu")] = []

    class Shop(pydantic.BaseModel):
        name: str
        services: Annotated[list[Service], hcl.block("service")]
        menus: Annotated[list["Menu"], hcl.block("menu")] = []

    shop = _published(Shop, Listener, Service, Menu)
    for model in (Listener, Service, Menu, Shop):
        model.model_rebuild()
    return shop


def _msgspec() -> type:
    import msgspec  # noqa: PLC0415 (an optional extra)

    class Listener(msgspec.Struct):
        address: str
        tags: list[str] = msgspec.field(default_factory=list)

    class Service(msgspec.Struct):
        kind: Annotated[str, hcl.label()]
        name: Annotated[str, hcl.label()]
        port: int
        listeners: Annotated[list[Listener], hcl.block("listener", min_items=1)]
        protocol: Protocol = "tcp"

    class Menu(msgspec.Struct):
        name: Annotated[str, hcl.label()]
        children: Annotated[list["Menu"], hcl.block("menu")] = msgspec.field(default_factory=list)

    class Shop(msgspec.Struct):
        name: str
        services: Annotated[list[Service], hcl.block("service")]
        menus: Annotated[list["Menu"], hcl.block("menu")] = msgspec.field(default_factory=list)

    return _published(Shop, Listener, Service, Menu)


def _typeddict() -> type:
    from typing_extensions import NotRequired, TypedDict  # noqa: PLC0415

    class Listener(TypedDict):
        address: str
        tags: NotRequired[list[str]]

    class Service(TypedDict):
        kind: Annotated[str, hcl.label()]
        name: Annotated[str, hcl.label()]
        port: int
        listeners: Annotated[list[Listener], hcl.block("listener", min_items=1)]
        protocol: NotRequired[Protocol]

    class Menu(TypedDict):
        name: Annotated[str, hcl.label()]
        children: NotRequired[Annotated[list["Menu"], hcl.block("menu")]]

    class Shop(TypedDict):
        name: str
        services: Annotated[list[Service], hcl.block("service")]
        menus: NotRequired[Annotated[list["Menu"], hcl.block("menu")]]

    return _published(Shop, Listener, Service, Menu)


_MAKERS = {
    "dataclass": _dataclasses,
    "attrs": _attrs,
    "pydantic": _pydantic,
    "msgspec": _msgspec,
    "typeddict": _typeddict,
}


def _published(root: type, *others: type) -> type:
    """Put the classes in a module of their own, so that their references to
    themselves (``"Menu"``) resolve by name, as ``get_type_hints`` looks them up."""
    module = type(sys)(f"model_libraries_{root.__module__}_{id(root)}")
    for cls in (root, *others):
        cls.__module__ = module.__name__
        setattr(module, cls.__name__, cls)
    sys.modules[module.__name__] = module
    return root


def classes(library: str) -> type:
    """The root class of ``library``'s version of the shop."""
    return _MAKERS[library]()


def plain(obj: Any) -> Any:
    """A decoded object as plain data, whatever its library, with TypedDict's left-out
    keys filled in with the defaults the other versions have."""
    if isinstance(obj, list | tuple):
        return [plain(item) for item in obj]
    if isinstance(obj, dict):
        data = {key: plain(value) for key, value in obj.items()}
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        data = {f.name: plain(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    elif attrs.has(type(obj)):
        data = {a.name: plain(getattr(obj, a.name)) for a in attrs.fields(type(obj))}
    elif hasattr(type(obj), "model_fields"):  # pydantic
        data = {name: plain(getattr(obj, name)) for name in type(obj).model_fields}
    elif hasattr(type(obj), "__struct_fields__"):  # msgspec
        data = {name: plain(getattr(obj, name)) for name in type(obj).__struct_fields__}
    else:
        return obj
    if "address" in data:
        data.setdefault("tags", [])
    if "port" in data:
        data.setdefault("protocol", "tcp")
    if "children" in data or set(data) == {"name"}:
        data.setdefault("children", [])
    if "services" in data:
        data.setdefault("menus", [])
    return data
