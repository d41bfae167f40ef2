"""Layered decoding: ``decode_partial`` steps, ``reject_unclaimed``, and the union property."""

from __future__ import annotations

import collections
import dataclasses
import io
import json
import re
from typing import Annotated, Any, Literal

import attrs
import pytest
from decoding_helpers import Syntax
from hypothesis import given, settings
from hypothesis import strategies as st

import hcldecode as hcl
from hcldecode.model import File, merge_files


def problems(err: hcl.DecodeError) -> list[tuple[str, str, str]]:
    return [(d.summary, d.detail, str(d.subject)) for d in err.diagnostics]


@attrs.define
class Core:
    listen: str
    plugins: list[str] = attrs.Factory(list)


@attrs.define
class Metrics:
    interval: int = 60


@attrs.define
class MetricsPlugin:
    metrics: Annotated[Metrics, hcl.block()]


@attrs.define
class Tracing:
    rate: float = 1.0


@attrs.define
class TracingPlugin:
    tracing: Annotated[Tracing | None, hcl.block()] = None
    sample: bool = False


APP = """\
listen  = "0.0.0.0:8080"
plugins = ["metrics"]

metrics {
  interval = 15
}
"""


def test_two_layers_and_nothing_left() -> None:
    result = hcl.decode_partial(hcl.parse(APP, filename="app.hcl"), Core)
    core, rest = result.value, result.remaining
    assert core == Core("0.0.0.0:8080", ["metrics"])
    result = hcl.decode_partial(rest, MetricsPlugin)
    metrics, rest = result.value, result.remaining
    assert metrics == MetricsPlugin(Metrics(15))
    hcl.reject_unclaimed(rest)


def test_the_last_layer_may_be_a_full_decode() -> None:
    rest = hcl.decode_partial(hcl.parse(APP, filename="app.hcl"), Core).remaining
    assert hcl.decode(rest, MetricsPlugin) == MetricsPlugin(Metrics(15))


def test_the_last_full_decode_reports_what_nobody_claimed_with_suggestions() -> None:
    text = APP + "metric {}\nlistne = 1\n"
    rest = hcl.decode_partial(hcl.parse(text, filename="app.hcl"), Core).remaining
    with pytest.raises(hcl.DecodeError) as info:
        hcl.decode(rest, MetricsPlugin)
    assert problems(info.value) == [
        (
            "Unsupported block type",
            'Blocks of type "metric" are not expected here. Did you mean "metrics"?',
            "app.hcl:7,1-7",
        ),
        (
            "Unsupported argument",
            'An argument named "listne" is not expected here. Did you mean "listen"?',
            "app.hcl:8,1-7",
        ),
    ]


def test_reject_unclaimed_suggests_names_claimed_by_earlier_layers() -> None:
    text = APP + "tracing {}\nsampel = true\nmetrix {}\n"
    file = hcl.parse(text, filename="app.hcl")
    rest = hcl.decode_partial(file, Core).remaining
    rest = hcl.decode_partial(rest, MetricsPlugin).remaining
    result = hcl.decode_partial(rest, TracingPlugin)
    tracing, rest = result.value, result.remaining
    assert tracing == TracingPlugin(Tracing())
    with pytest.raises(hcl.DecodeError) as info:
        hcl.reject_unclaimed(rest)
    assert problems(info.value) == [
        (
            "Unsupported argument",
            'An argument named "sampel" is not expected here. Did you mean "sample"?',
            "app.hcl:8,1-7",
        ),
        (
            "Unsupported block type",
            'Blocks of type "metrix" are not expected here. Did you mean "metrics"?',
            "app.hcl:9,1-7",
        ),
    ]
    # The error renders with the source lines, since the remaining body knows its file.
    assert "   8: sampel = true\n" in str(info.value)


def test_reject_unclaimed_on_a_clean_rest_and_on_a_plain_body() -> None:
    rest = hcl.decode_partial(hcl.parse('listen = "x"\n'), Core).remaining
    hcl.reject_unclaimed(rest)
    hcl.reject_unclaimed(hcl.parse("").body)
    with pytest.raises(hcl.DecodeError) as info:
        hcl.reject_unclaimed(hcl.parse("a = 1\n", filename="p.hcl").body)
    assert problems(info.value) == [
        ("Unsupported argument", 'An argument named "a" is not expected here.', "p.hcl:1,1-2")
    ]


def test_reject_unclaimed_in_json() -> None:
    text = '{"listen": "x", "plugin": [], "//": "a comment"}'
    rest = hcl.decode_partial(hcl.parse(text, filename="app.json", syntax="json"), Core).remaining
    with pytest.raises(hcl.DecodeError) as info:
        hcl.reject_unclaimed(rest)
    assert problems(info.value) == [
        (
            "Extraneous JSON object property",
            'No argument or block type is named "plugin". Did you mean "plugins"?',
            "app.json:1,17-25",
        )
    ]


def test_layers_over_files_merged_from_both_syntaxes(tmp_path: Any) -> None:
    (tmp_path / "app.hcl").write_text('listen = "x"\nmetrics {\n  interval = 5\n}\n')
    (tmp_path / "override.hcl.json").write_text('{"plugins": ["metrics"], "tracing": {}}')
    paths = [tmp_path / "app.hcl", tmp_path / "override.hcl.json"]
    result = hcl.decode_partial(paths, Core)
    core, rest = result.value, result.remaining
    assert core == Core("x", ["metrics"])
    result = hcl.decode_partial(rest, MetricsPlugin)
    metrics, rest = result.value, result.remaining
    assert metrics == MetricsPlugin(Metrics(5))
    with pytest.raises(hcl.DecodeError) as info:
        hcl.reject_unclaimed(rest)
    name = str(tmp_path / "override.hcl.json")
    assert problems(info.value) == [
        (
            "Extraneous JSON object property",
            'No argument or block type is named "tracing".',
            f"{name}:1,26-35",
        )
    ]


def test_a_failing_layer_hands_on_what_it_did_not_claim() -> None:
    text = 'listen = 1\nplugins = "metrics"\nmetrics {\n  interval = "often"\n}\nextra = 1\n'
    with pytest.raises(hcl.DecodeError) as info:
        hcl.decode_partial(hcl.parse(text, filename="app.hcl"), Core)
    assert problems(info.value) == [
        (
            "Unsuitable value type",
            "Unsuitable value: list of string required, but have string.",
            "app.hcl:2,11-20",
        )
    ]
    rest = info.value.remaining
    assert rest is not None
    with pytest.raises(hcl.DecodeError) as info:
        hcl.decode(rest, MetricsPlugin)
    assert problems(info.value) == [
        (
            "Unsuitable value type",
            "Unsuitable value: a number is required.",
            "app.hcl:4,14-21",
        ),
        (
            "Unsupported argument",
            'An argument named "extra" is not expected here.',
            "app.hcl:6,1-6",
        ),
    ]
    assert info.value.remaining is None


def test_a_class_with_remain_takes_its_leftovers() -> None:
    @attrs.define
    class Host:
        listen: str
        rest: Annotated[hcl.Body, hcl.remain()]

    host = hcl.loads(APP, Host, filename="app.hcl")
    assert host.listen == "0.0.0.0:8080"
    result = hcl.decode_partial(host.rest, MetricsPlugin)
    plugin, left = result.value, result.remaining
    assert plugin == MetricsPlugin(Metrics(15))
    with pytest.raises(hcl.DecodeError) as info:
        hcl.reject_unclaimed(left)
    # "listen" was claimed by Host, so only "plugins" is left over.
    assert problems(info.value) == [
        (
            "Unsupported argument",
            'An argument named "plugins" is not expected here.',
            "app.hcl:2,1-8",
        )
    ]


def test_a_stream_source_can_be_split_too() -> None:
    stream = io.BytesIO(APP.encode())
    stream.name = "stream.hcl"
    result = hcl.decode_partial(stream, Core)
    core, rest = result.value, result.remaining
    assert core.listen == "0.0.0.0:8080"
    assert hcl.decode(rest, MetricsPlugin) == MetricsPlugin(Metrics(15))


# --------------------------------------------------------------------------- the union property
#
# A random union class (attributes and blocks named from a small alphabet) is
# split into two or three classes. Decoding a random configuration with the
# layers one after the other gives the same values and the same errors as one
# decode with the union class.

NAMES = ("a", "b", "c", "x", "y", "z")
LABELS = ("p", "q")


@attrs.define
class Plain:
    v: int = 0


@attrs.define
class Named:
    name: Annotated[str, hcl.label()]
    v: int = 0


@dataclasses.dataclass(frozen=True)
class FieldSpec:
    name: str
    kind: str  # "int", "str", "int?", "ints", "one", "opt", "list", "dict"
    required: bool
    labelled: bool


def _annotation(spec: FieldSpec) -> Any:
    block_class = Named if spec.labelled else Plain
    return {
        "int": int,
        "str": str,
        "int?": int | None,
        "ints": list[int],
        "one": Annotated[block_class, hcl.block()],
        "opt": Annotated[block_class | None, hcl.block()],
        "list": Annotated[list[block_class], hcl.block()],  # type: ignore[valid-type]
        "dict": Annotated[dict[str, Named], hcl.block()],
    }[spec.kind]


def _default(spec: FieldSpec) -> Any:
    return {"int": 7, "str": "d", "int?": None, "opt": None}.get(spec.kind)


def _has_default(spec: FieldSpec) -> bool:
    return not spec.required and spec.kind != "one"


def make_class(name: str, specs: list[FieldSpec], flavour: str) -> type:
    if flavour == "attrs":
        fields: dict[str, Any] = {}
        for spec in specs:
            if spec.kind in ("list", "dict") or (spec.kind == "ints" and not spec.required):
                factory = dict if spec.kind == "dict" else list
                fields[spec.name] = attrs.field(type=_annotation(spec), factory=factory)
            elif _has_default(spec):
                fields[spec.name] = attrs.field(type=_annotation(spec), default=_default(spec))
            else:
                fields[spec.name] = attrs.field(type=_annotation(spec))
        return attrs.make_class(name, fields, kw_only=True)
    items: list[Any] = []
    for spec in specs:
        if spec.kind in ("list", "dict") or (spec.kind == "ints" and not spec.required):
            factory = dict if spec.kind == "dict" else list
            items.append((spec.name, _annotation(spec), dataclasses.field(default_factory=factory)))
        elif _has_default(spec):
            items.append((spec.name, _annotation(spec), dataclasses.field(default=_default(spec))))
        else:
            items.append((spec.name, _annotation(spec)))
    return dataclasses.make_dataclass(name, items, kw_only=True)


@st.composite
def field_specs(draw: st.DrawFn) -> list[FieldSpec]:
    names = draw(st.lists(st.sampled_from(NAMES), unique=True, max_size=len(NAMES)))
    specs = []
    for name in names:
        kind = draw(st.sampled_from(["int", "str", "int?", "ints", "one", "opt", "list", "dict"]))
        required = kind in ("int", "str", "int?", "ints") and draw(st.integers(0, 2)) == 0
        labelled = kind == "dict" or (kind in ("one", "opt", "list") and draw(st.booleans()))
        specs.append(FieldSpec(name, kind, required, labelled))
    return specs


ATTRIBUTE_VALUES = ("1", '"s"', "null", "[1]", "2.5")
FITTING_VALUES = {
    "int": ("1", '"2"', "3", "null"),
    "str": ('"s"', "3", '"t"', "null"),
    "int?": ("1", "2", "null"),
    # Lists of which several elements may not fit, each reported at its place.
    "ints": ("[1, 2]", '[1, "2"]', '[1.5, "x", 4.5]', "[]", "[null, 2, {}]"),
}
BLOCK_VALUES = ("", "1", "2", '"s"', "null")


@dataclasses.dataclass(frozen=True)
class Item:
    name: str
    is_block: bool
    value: str = ""  # an attribute's value, or a block's "v" (empty: no "v")
    labels: tuple[str, ...] = ()


@st.composite
def configurations(draw: st.DrawFn, specs: list[FieldSpec]) -> list[Item]:
    """Items that mostly fit ``specs``, some that do not, in random order."""
    items = []
    for spec in specs:
        if spec.kind in FITTING_VALUES:
            if draw(st.integers(0, 3)) > 0:
                items.append(
                    Item(spec.name, False, draw(st.sampled_from(FITTING_VALUES[spec.kind])))
                )
            continue
        for _ in range(draw(st.sampled_from((0, 1, 1, 2)))):
            labels = tuple(draw(st.sampled_from(LABELS)) for _ in range(spec.labelled))
            items.append(Item(spec.name, True, draw(st.sampled_from(BLOCK_VALUES)), labels))
    attribute_names = {item.name for item in items if not item.is_block}
    for _ in range(draw(st.integers(0, 2))):
        name = draw(st.sampled_from(NAMES))
        if draw(st.booleans()):
            labels = tuple(draw(st.lists(st.sampled_from(LABELS), max_size=2)))
            items.append(Item(name, True, draw(st.sampled_from(BLOCK_VALUES)), labels))
        elif name not in attribute_names:  # native syntax rejects a redefinition when parsing
            attribute_names.add(name)
            items.append(Item(name, False, draw(st.sampled_from(ATTRIBUTE_VALUES))))
    return draw(st.permutations(items))


def native_text(items: list[Item]) -> str:
    lines = []
    for item in items:
        if item.is_block:
            header = " ".join([item.name, *(json.dumps(label) for label in item.labels)])
            inner = f" v = {item.value} " if item.value else ""
            lines.append(f"{header} {{{inner}}}")
        else:
            lines.append(f"{item.name} = {item.value}")
    return "\n".join(lines) + "\n"


def json_text(items: list[Item]) -> str:
    # An array of objects keeps the items' order and allows repeated names.
    parts = []
    for item in items:
        if item.is_block:
            value = f'{{"v": {item.value}}}' if item.value else "{}"
            for label in reversed(item.labels):
                value = f"{{{json.dumps(label)}: {value}}}"
        else:
            value = item.value
        parts.append(f"{{{json.dumps(item.name)}: {value}}}")
    return "[" + ", ".join(parts) + "]"


_SUGGESTION = re.compile(r" Did you mean .*$")


def outcome(
    errors: list[hcl.Diagnostic],
) -> collections.Counter[tuple[str, str, str]]:
    return collections.Counter(
        (d.summary, _SUGGESTION.sub("", d.detail), str(d.subject)) for d in errors
    )


def decode_in_layers(
    source: Any, classes: list[type], reject: bool
) -> tuple[list[Any], list[hcl.Diagnostic]]:
    """Decode ``source`` with each class in turn, going on after failures."""
    objects: list[Any] = []
    errors: list[hcl.Diagnostic] = []
    for i, cls in enumerate(classes):
        last = i == len(classes) - 1
        try:
            if last and not reject:
                objects.append(hcl.decode(source, cls))
            else:
                obj: Any
                result = hcl.decode_partial(source, cls)
                obj, source = result.value, result.remaining
                objects.append(obj)
        except hcl.DecodeError as err:
            errors += err.diagnostics
            objects.append(None)
            source = err.remaining
    if reject:
        try:
            hcl.reject_unclaimed(source)
        except hcl.DecodeError as err:
            errors += err.diagnostics
    return objects, errors


def decode_bodies_in_layers(
    source: Any, classes: list[type], reject: bool
) -> tuple[list[Any], list[hcl.Diagnostic]]:
    """As :func:`decode_in_layers`, with the non-raising ``decode_body``."""
    objects: list[Any] = []
    errors: list[hcl.Diagnostic] = []
    body = source.body if isinstance(source, File) else source
    for i, cls in enumerate(classes):
        last = i == len(classes) - 1
        found = hcl.decode_body(body, cls, partial=not (last and not reject))
        objects.append(found.value)
        errors += found.diagnostics
        if found.remaining is not None:
            body = found.remaining
    if reject:
        try:
            hcl.reject_unclaimed(body)
        except hcl.DecodeError as err:
            errors += err.diagnostics
    return objects, errors


@settings(max_examples=100, deadline=None)
@given(specs=field_specs(), data=st.data())
def test_layers_decode_like_the_union_class(specs: list[FieldSpec], data: st.DataObject) -> None:
    items = data.draw(configurations(specs))
    flavour = data.draw(st.sampled_from(["attrs", "dataclass"]))
    layout: Syntax | Literal["two files"] = data.draw(
        st.sampled_from(["native", "json", "two files"])
    )
    parts = data.draw(st.integers(2, 3))
    owner = [data.draw(st.integers(0, parts - 1)) for _ in specs]
    reject = data.draw(st.booleans())
    union = make_class("Union", specs, flavour)
    layers = [
        make_class(f"Layer{k}", [s for s, o in zip(specs, owner, strict=True) if o == k], flavour)
        for k in range(parts)
    ]
    source: File | hcl.Body
    if layout == "two files":
        # One configuration in two files, one in each syntax.
        cut = data.draw(st.integers(0, len(items)))
        source = merge_files(
            [
                hcl.parse(native_text(items[:cut]), filename="c.hcl"),
                hcl.parse(json_text(items[cut:]), filename="c.json", syntax="json"),
            ]
        )
    else:
        text = native_text(items) if layout == "native" else json_text(items)
        source = hcl.parse(text, filename="c", syntax=layout)

    try:
        whole: Any = hcl.decode(source, union)
        union_errors: list[hcl.Diagnostic] = []
    except hcl.DecodeError as err:
        whole, union_errors = None, list(err.diagnostics)
    found = hcl.decode_body(source.body if isinstance(source, File) else source, union)
    assert outcome(list(found.diagnostics)) == outcome(union_errors)
    assert found.value == whole
    for way in (decode_in_layers, decode_bodies_in_layers):
        objects, layer_errors = way(source, layers, reject)
        assert outcome(layer_errors) == outcome(union_errors)
        if not union_errors:
            for spec, k in zip(specs, owner, strict=True):
                assert getattr(objects[k], spec.name) == getattr(whole, spec.name)
