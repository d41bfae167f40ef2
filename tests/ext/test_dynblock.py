"""Dynamic blocks (hcldecode.ext.dynblock) against HCL's own ext/dynblock.

Each case is a configuration, a schema tree and what
``tools/differential/go/godynblock`` (HCL v2.14.1's dynblock and hcldec) gives
for it, kept in ``tests/data/ext/dynblock.json``: the value (go-cty's JSON
encoding with its type), the diagnostics (sorted: the reference walks an
object spec in random order) and the variables that
``dynblock.VariablesHCLDec`` and ``ExpandVariablesHCLDec`` find.
``tools/differential/differential_dynblock.py`` runs these cases and thousands of
generated ones through both.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Annotated, Any

import pytest

import hcldecode as hcl
from expected_data import load_expected
from hcldecode import hcldec, native
from hcldecode import json as hcljson
from hcldecode.ext import dynblock
from hcldecode.model import EvalContext, Traversal
from hcldecode.values import (
    BOOL,
    DYNAMIC,
    NUMBER,
    STRING,
    ListType,
    Type,
    Value,
    encode_json,
    type_to_json,
)

_TYPES: dict[str, Type] = {
    "any": DYNAMIC, "string": STRING, "number": NUMBER, "bool": BOOL,
    "list(string)": ListType(STRING),
}  # fmt: skip
_KINDS: dict[str, Any] = {
    "list": hcldec.BlockListSpec,
    "set": hcldec.BlockSetSpec,
    "tuple": hcldec.BlockTupleSpec,
    "single": hcldec.BlockSpec,
}


def spec_for(tree: dict[str, Any], labels: list[str] | None = None) -> hcldec.Spec:
    """The hcldec spec that tools/differential/go/godynblock builds from a schema tree."""
    specs: dict[str, hcldec.Spec] = {
        name: hcldec.AttrSpec(name, _TYPES[t]) for name, t in tree.get("attrs", {}).items()
    }
    for index, label in enumerate(labels or []):
        specs["label_" + label] = hcldec.BlockLabelSpec(index, label)
    for name, block in tree.get("blocks", {}).items():
        kind, names = block.get("kind", "single"), block.get("labels", [])
        if kind in ("map", "object"):
            cls = hcldec.BlockMapSpec if kind == "map" else hcldec.BlockObjectSpec
            specs[name] = cls(name, spec_for(block.get("schema", {})), label_names=names)
        else:
            specs[name] = _KINDS[kind](name, spec_for(block.get("schema", {}), names))
    return hcldec.ObjectSpec(specs)


def _traversals(found: list[Traversal]) -> list[str]:
    return sorted(f"{t.root_name}@{t.range}" for t in found)


def ours(case: dict[str, Any]) -> dict[str, Any]:
    """What hcldecode gives for a case, in the form tools/differential/go/godynblock prints."""
    text = case["config"]
    if text.startswith("{"):
        file, diags = hcljson.parse(text, "t.hcl.json")
    else:
        file, diags = native.parse_config(text.encode(), "t.hcl")
    assert not diags.has_errors(), diags
    variables: dict[str, Value] = {}
    for name, src in case.get("vars", {}).items():
        if src == "unknown":
            variables[name] = Value.unknown(DYNAMIC)
        else:
            variables[name] = native.parse_expression(src, "vars")[0].value()[0]
    ctx = EvalContext(variables)
    spec = spec_for(case["schema"])
    value, diags = hcldec.decode(dynblock.expand(file.body, ctx), spec, ctx)
    return {
        "type": json.loads(json.dumps(type_to_json(value.type))),
        "value": json.loads(encode_json(value, value.type)) if value.is_wholly_known else "unknown",
        "diags": sorted([d.summary, d.detail, str(d.subject or "")] for d in diags),
        "variables": _traversals(hcldec.variables(file.body, spec, dynamic_blocks=True)),
        "expand_variables": _traversals(hcldec.expansion_variables(file.body, spec)),
    }


LIST = {
    "attrs": {"top": "any"},
    "blocks": {"setting": {"kind": "list", "schema": {"attrs": {"value": "any"}}}},
}
LABELLED = {
    "blocks": {
        "setting": {"kind": "list", "labels": ["name"], "schema": {"attrs": {"value": "any"}}}
    }
}
MAP = {
    "blocks": {
        "setting": {"kind": "map", "labels": ["name"], "schema": {"attrs": {"value": "number"}}}
    }
}
NESTED = {
    "blocks": {
        "group": {
            "kind": "list",
            "schema": {
                "attrs": {"name": "string"},
                "blocks": {
                    "rule": {
                        "kind": "list",
                        "schema": {"attrs": {"port": "number", "group": "string"}},
                    }
                },
            },
        }
    }
}
SINGLE = {"blocks": {"setting": {"kind": "single", "schema": {"attrs": {"value": "any"}}}}}
VARS = {
    "var": '{names = ["a", "b"], ports = {http = 80, https = 443}, v = "V"}',
    "unknown_list": "unknown",
}


# What the reference gives for each case below, by the case's name.
EXPECTED: dict[str, dict[str, Any]] = load_expected("ext/dynblock.json")


def _case(name: str, config: str, schema: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    return {"name": name, "config": config, "schema": schema, "vars": VARS}, EXPECTED[name]


# go-cty 1.13 and later name the type given in a conversion error ("string
# required, but have tuple"), as hcldecode does; Debian's 1.12.1 writes "string
# required": the one expected detail that says so is written as 1.13 has it.
CASES = [
    _case(
        "a list of blocks from a list",
        """\
dynamic "setting" {
  for_each = ["a", "b"]
  content {
    value = setting.value
  }
}
""",
        LIST,
    ),
    _case(
        "keys of a list are indexes",
        """\
dynamic "setting" {
  for_each = var.names
  iterator = it
  content {
    value = "${it.key}=${it.value}"
  }
}
""",
        LIST,
    ),
    _case(
        "a failing for_each drops the dynamic block",
        """\
setting {
  value = "first"
}
dynamic "setting" {
  for_each = toset(["y", "x"])
  content {
    value = setting.key
  }
}
setting {
  value = "last"
}
top = var.v
""",
        LIST,
    ),
    _case(
        "static and dynamic blocks keep their order",
        """\
setting {
  value = "first"
}
dynamic "setting" {
  for_each = var.names
  content {
    value = setting.key
  }
}
setting {
  value = "last"
}
top = var.v
""",
        LIST,
    ),
    _case(
        "a map keyed by labels",
        """\
dynamic "setting" {
  for_each = var.ports
  labels   = [setting.key]
  content {
    value = setting.value
  }
}
""",
        MAP,
    ),
    _case(
        "labels from an object",
        """\
dynamic "setting" {
  for_each = {b = 2, a = 1}
  labels   = ["${setting.key}-${setting.value}"]
  content {
    value = setting.value * 10
  }
}
""",
        LABELLED,
    ),
    _case(
        "nested dynamic blocks see the outer iterator",
        """\
dynamic "group" {
  for_each = var.names
  content {
    name = group.value
    dynamic "rule" {
      for_each = var.ports
      content {
        port  = rule.value
        group = group.value
      }
    }
  }
}
""",
        NESTED,
    ),
    _case(
        "an unknown for_each makes the list unknown",
        """\
dynamic "setting" {
  for_each = unknown_list
  content {
    value = setting.value
  }
}
""",
        LIST,
    ),
    _case(
        "an unknown for_each makes the map unknown",
        """\
dynamic "setting" {
  for_each = unknown_list
  labels = [setting.key]
  content {
    value = 1
  }
}
""",
        MAP,
    ),
    _case(
        "for_each must be a collection",
        """\
dynamic "setting" {
  for_each = "abc"
  content {
    value = 1
  }
}
""",
        LIST,
    ),
    _case(
        "for_each must not be null",
        """\
dynamic "setting" {
  for_each = null
  content {
    value = 1
  }
}
""",
        LIST,
    ),
    _case(
        "an error in for_each gives one unknown block",
        """\
dynamic "setting" {
  for_each = var.missing
  content {
    value = 1
  }
}
""",
        LIST,
    ),
    _case(
        "for_each is required",
        """\
dynamic "setting" {
  content {
    value = 1
  }
}
""",
        LIST,
    ),
    _case(
        "the iterator must be one name",
        """\
dynamic "setting" {
  for_each = [1]
  iterator = a.b
  content {
    value = 1
  }
}
""",
        LIST,
    ),
    _case(
        "the iterator must be a name",
        """\
dynamic "setting" {
  for_each = [1]
  iterator = "a"
  content {
    value = 1
  }
}
""",
        LIST,
    ),
    _case(
        "labels are required for labelled blocks",
        """\
dynamic "setting" {
  for_each = [1]
  content {
    value = 1
  }
}
""",
        LABELLED,
    ),
    _case(
        "no labels for blocks without labels",
        """\
dynamic "setting" {
  for_each = [1]
  labels = ["x"]
  content {
    value = 1
  }
}
""",
        LIST,
    ),
    _case(
        "too many labels",
        """\
dynamic "setting" {
  for_each = [1]
  labels = ["x", "y"]
  content {
    value = 1
  }
}
""",
        LABELLED,
    ),
    _case(
        "too few labels",
        """\
dynamic "setting" {
  for_each = [1]
  labels = []
  content {
    value = 1
  }
}
""",
        LABELLED,
    ),
    _case(
        "labels must be a static list",
        """\
dynamic "setting" {
  for_each = [1]
  labels = var.names
  content {
    value = 1
  }
}
""",
        LABELLED,
    ),
    _case(
        "a null label",
        """\
dynamic "setting" {
  for_each = [1, 2]
  labels = [null]
  content {
    value = 1
  }
}
""",
        LABELLED,
    ),
    _case(
        "an unknown label",
        """\
dynamic "setting" {
  for_each = [1]
  labels = [unknown_list]
  content {
    value = 1
  }
}
""",
        LABELLED,
    ),
    _case(
        "a label that is not a string",
        """\
dynamic "setting" {
  for_each = [1]
  labels = [[setting.value]]
  content {
    value = 1
  }
}
""",
        LABELLED,
    ),
    _case(
        "a label that fails to evaluate",
        """\
dynamic "setting" {
  for_each = [1]
  labels = [setting.nope]
  content {
    value = 1
  }
}
""",
        LABELLED,
    ),
    _case(
        "the content block is required",
        """\
dynamic "setting" {
  for_each = [1]
}
""",
        LIST,
    ),
    _case(
        "one content block only",
        """\
dynamic "setting" {
  for_each = [1]
  content {
    value = 1
  }
  content {
    value = 2
  }
}
""",
        LIST,
    ),
    _case(
        "a dynamic block of an unexpected type",
        """\
dynamic "other" {
  for_each = [1]
  content {}
}
""",
        LIST,
    ),
    _case(
        "a dynamic block without a label",
        """\
dynamic {
  for_each = [1]
  content {}
}
""",
        LIST,
    ),
    _case(
        "unexpected arguments in the dynamic block",
        """\
dynamic "setting" {
  for_each = [1]
  extra = 1
  content {
    value = 1
  }
}
""",
        LIST,
    ),
    _case(
        "unexpected arguments in the content",
        """\
dynamic "setting" {
  for_each = [1, 2]
  content {
    value = 1
    extra = setting.value
  }
}
""",
        LIST,
    ),
    _case(
        "two generated blocks for a single block",
        """\
dynamic "setting" {
  for_each = [1, 2]
  content {
    value = setting.value
  }
}
""",
        SINGLE,
    ),
    _case(
        "no generated block for a single block",
        """\
dynamic "setting" {
  for_each = []
  content {
    value = setting.value
  }
}
""",
        SINGLE,
    ),
    _case(
        "duplicate labels in a map",
        """\
dynamic "setting" {
  for_each = [1, 2]
  labels = ["same"]
  content {
    value = setting.value
  }
}
""",
        MAP,
    ),
    _case(
        "the iterator is not visible outside",
        """\
top = setting.value
dynamic "setting" {
  for_each = [1]
  content {
    value = var.v
  }
}
""",
        LIST,
    ),
    _case(
        "JSON: a list of blocks",
        (
            '{"dynamic": {"setting": {"for_each": "${var.names}", '
            '"content": {"value": "${setting.value}"}}}}'
        ),
        LIST,
    ),
    _case(
        "JSON: labels and an iterator",
        (
            '{"dynamic": {"setting": {"for_each": "${var.ports}", "iterator": "p", '
            '"labels": ["${p.key}"], "content": {"value": "${p.value}"}}}}'
        ),
        LABELLED,
    ),
    _case(
        "JSON: nested",
        (
            '{"dynamic": {"group": {"for_each": ["x"], "content": {"name": "${group.value}", '
            '"dynamic": {"rule": {"for_each": "${var.ports}", '
            '"content": {"port": "${rule.value}", "group": "${group.key}"}}}}}}}'
        ),
        NESTED,
    ),
    _case(
        "JSON: the content block is required",
        '{"dynamic": {"setting": {"for_each": []}}}',
        LIST,
    ),
    _case(
        "JSON: two dynamic blocks of one type",
        (
            '{"dynamic": [{"setting": {"for_each": [1], "content": {"value": 1}}}, '
            '{"setting": {"for_each": [2], "content": {"value": 2}}}]}'
        ),
        LIST,
    ),
]


def test_every_expected_result_has_its_case() -> None:
    assert [case["name"] for case, _expected in CASES] == list(EXPECTED)


@pytest.mark.parametrize(("case", "expected"), CASES, ids=[c["name"] for c, _e in CASES])
def test_dynamic_blocks_as_the_reference_expands_them(
    case: dict[str, Any], expected: dict[str, Any]
) -> None:
    assert ours(case) == expected


# --------------------------------------------------------------------------- class decoding


@dataclasses.dataclass
class Rule:
    port: int
    protocol: str = "tcp"


@dataclasses.dataclass
class Group:
    name: Annotated[str, hcl.label()]
    rules: Annotated[list[Rule], hcl.block("rule")] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class Firewall:
    groups: Annotated[dict[str, Group], hcl.block("group")]


FIREWALL = """
dynamic "group" {
  for_each = var.groups
  labels   = [group.key]
  content {
    dynamic "rule" {
      for_each = group.value
      iterator = port
      content {
        port = port.value
      }
    }
  }
}
group "static" {
  rule {
    port     = 22
    protocol = "udp"
  }
}
"""


def test_a_decoder_expands_dynamic_blocks_into_classes() -> None:
    decoder = hcl.Decoder(dynamic_blocks=True)
    variables = {"var": {"groups": {"web": [80, 443], "db": [5432]}}}
    assert decoder.loads(FIREWALL, Firewall, variables=variables) == Firewall(
        {
            "db": Group("db", [Rule(5432)]),
            "web": Group("web", [Rule(80), Rule(443)]),
            "static": Group("static", [Rule(22, "udp")]),
        }
    )


def test_without_expansion_a_dynamic_block_is_an_unsupported_block() -> None:
    with pytest.raises(hcl.DecodeError) as info:
        hcl.loads(FIREWALL, Firewall, variables={"var": {"groups": {}}}, filename="fw.hcl")
    assert [(d.summary, str(d.subject)) for d in info.value.diagnostics] == [
        ("Unsupported block type", "fw.hcl:2,1-8")
    ]


def test_mistakes_in_generated_blocks_point_into_the_content_block() -> None:
    text = FIREWALL.replace("port = port.value", "prot = port.value")
    variables = {"var": {"groups": {"web": [80]}}}
    with pytest.raises(hcl.DecodeError) as info:
        hcl.Decoder(dynamic_blocks=True).loads(text, Firewall, variables=variables, filename="fw")
    assert [(d.summary, d.detail, str(d.subject)) for d in info.value.diagnostics] == [
        (
            "Missing required argument",
            'The argument "port" is required, but no definition was found.',
            "fw:9,15-15",
        ),
        (
            "Unsupported argument",
            'An argument named "prot" is not expected here. Did you mean "port"?',
            "fw:10,9-13",
        ),
    ]
    assert '  on fw line 10, in dynamic "group":\n  10:         prot = port.value' in str(
        info.value
    )


def test_blocks_from_an_unknown_collection_cannot_become_objects() -> None:
    variables = {"var": {"groups": Value.unknown(DYNAMIC)}}
    with pytest.raises(hcl.DecodeError) as info:
        hcl.Decoder(dynamic_blocks=True).loads(FIREWALL, Firewall, variables=variables)
    assert [(d.summary, d.detail) for d in info.value.diagnostics] == [
        (
            "Invalid dynamic block label",
            "This value is not yet known. Dynamic block labels must be immediately-known values.",
        )
    ]


def test_json_configurations_expand_too() -> None:
    text = """{
      "dynamic": {"group": {"for_each": "${var.groups}", "labels": ["${group.key}"],
                  "content": {"rule": [{"port": 1}]}}}
    }"""
    decoder = hcl.Decoder(dynamic_blocks=True)
    config = decoder.loads(text, Firewall, variables={"var": {"groups": {"a": 0}}}, syntax="json")
    assert config == Firewall({"a": Group("a", [Rule(1)])})


def test_partial_decoding_leaves_what_a_class_does_not_claim_expanded() -> None:
    @dataclasses.dataclass
    class Core:
        top: str

    text = 'top = "t"\n' + FIREWALL
    decoder = hcl.Decoder(dynamic_blocks=True)
    variables = {"var": {"groups": {"web": [80]}}}
    result = decoder.decode_partial(hcl.parse(text), Core, variables=variables)
    core, rest = result.value, result.remaining
    assert core == Core("t")
    assert decoder.decode(rest, Firewall, variables=variables).groups["web"] == Group(
        "web", [Rule(80)]
    )


def test_nested_dynamic_blocks_are_bounded_by_the_cost_limit() -> None:
    # (the application's limit, a small one, keeps the test short)
    text = """
dynamic "group" {
  for_each = range(50)
  labels   = [group.key]
  content {
    dynamic "rule" {
      for_each = range(101)
      content {
        port = rule.value
      }
    }
  }
}
"""
    decoder = hcl.Decoder(
        dynamic_blocks=True,
        functions={"range": hcl.STDLIB["range"]},
        limits=hcl.Limits(max_cost=5000 * 50),  # 50 steps a block
    )
    with pytest.raises(hcl.DecodeError) as info:
        decoder.loads(text, Firewall, filename="t.hcl")
    # Once, not once for each of the 50 outer blocks.
    assert [(d.summary, d.detail, str(d.subject)) for d in info.value.diagnostics] == [
        (
            "Too many dynamic blocks",
            "This dynamic block makes 5050 blocks (counting those of the dynamic blocks "
            "around it), more than the 5000 that hcldecode allows.",
            "t.hcl:7,18-28",
        )
    ]


def test_expand_takes_a_body_and_a_context() -> None:
    with pytest.raises(TypeError, match="expand\\(\\) needs a Body, not str"):
        dynblock.expand("body")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="ctx must be an EvalContext, not dict"):
        dynblock.expand(native.parse_config(b"", "t")[0].body, {})  # type: ignore[arg-type]


def test_walking_variables_follows_the_schema() -> None:
    text = FIREWALL.replace("port.value", "port.value\n        protocol = var.protocol")
    file, _ = native.parse_config(text.encode(), "t.hcl")
    group = hcl.schema_of(Group)
    root = hcl.schema_of(Firewall)

    def walk(node: dynblock.WalkVariablesNode, schema: Any) -> list[str]:
        found, children = node.visit(schema)
        names = [f"{t.root_name}@{t.range}" for t in found]
        for child in children:
            child_schema = group if child.block_type == "group" else hcl.schema_of(Rule)
            names.extend(walk(child.node, child_schema))
        return names

    # The iterators (group, port) are the expansion's own: they are left out.
    assert walk(dynblock.walk_variables(file.body), root) == [
        "var@t.hcl:3,14-24",
        "var@t.hcl:11,20-32",
    ]
    assert walk(dynblock.walk_expand_variables(file.body), root) == ["var@t.hcl:3,14-24"]
