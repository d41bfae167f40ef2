"""The undefined-variable hook (``EvalContext(undefined_variable=...)``,
``Decoder(undefined_variable=...)``) against Nomad's HCL fork.

HCL v2.14.1 has no ``EvalContext.UndefinedVariable``: it is in Nomad's fork
of HCL only. ``tools/differential/go/goundefined`` (built by its
``build.sh`` against HCL v2.14.1 with the fork's two commits applied)
evaluated each case of ``tests/data/model/undefined_variable.json`` with a
hook that returns ``"${" + traversal + "}"`` ("text"), an unknown string
("unknown") or an error ("diag"), recording the traversals it was called
with; the cases with ``"dynamic"`` expand dynamic blocks and read a
``group "name" { count = string, meta { free-form strings } }`` body, as
Nomad's fork does (its dynblock gives the iterator to ``JustAttributes``).
"""

from __future__ import annotations

import dataclasses
import json
from typing import Annotated, Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hcldecode as hcl
from expected_data import load_expected
from hcldecode import hcldec, native
from hcldecode.ext import dynblock
from hcldecode.model import Diagnostic, Diagnostics, EvalContext, Traversal
from hcldecode.values import DYNAMIC, STRING, MapType, Value, type_to_json, value_to_json

CASES: dict[str, dict[str, Any]] = load_expected("model/undefined_variable.json")

GROUPS = hcldec.ObjectSpec(
    {
        "group": hcldec.BlockListSpec(
            "group",
            hcldec.ObjectSpec(
                {
                    "name": hcldec.BlockLabelSpec(0, "name"),
                    "count": hcldec.AttrSpec("count", STRING),
                    "meta": hcldec.BlockAttrsSpec("meta", STRING),
                }
            ),
        )
    }
)


def _encode(value: Value) -> Any:
    if not value.is_wholly_known:
        return {"unknown": type_to_json(value.type)}
    return {"value": value_to_json(value, value.type), "type": type_to_json(value.type)}


def run(case: dict[str, Any]) -> dict[str, Any]:
    """What ``goundefined`` prints for a case, computed by hcldecode."""
    calls: list[str] = []

    def hook(traversal: Traversal) -> object:
        calls.append(f"{traversal} {traversal.range}")
        if case["hook"] == "unknown":
            return Value.unknown(STRING)
        if case["hook"] == "diag":
            return Diagnostic.error(
                "Runtime value",
                f"{traversal} is only known when the job runs.",
                traversal.range,
            )
        return "${" + str(traversal) + "}"

    config: str = case["config"]
    is_json = config.lstrip().startswith("{")
    file = hcl.parse(
        config, filename="t.json" if is_json else "t.hcl", syntax="json" if is_json else "native"
    )
    variables = None
    if case.get("vars") is not None:
        variables = {
            name: native.parse_expression(src, filename="var")[0].value(None)[0]
            for name, src in case["vars"].items()
        }
    ctx = EvalContext(variables, undefined_variable=hook)
    diags = Diagnostics()  # hcl.parse raises for syntax errors; the cases have none
    values: dict[str, Any] = {}
    if case.get("dynamic"):
        value, found = hcldec.decode(dynblock.expand(file.body, ctx), GROUPS, ctx)
        diags.extend(found)
        values["_"] = _encode(value)
    else:
        attributes, found = file.body.just_attributes()
        diags.extend(found)
        for name in sorted(attributes):
            value, found = attributes[name].expr.value(ctx)
            diags.extend(found)
            values[name] = _encode(value)
    return {
        "values": values,
        "diags": [[d.summary, d.detail, str(d.subject)] for d in diags],
        "calls": sorted(calls),
    }


@pytest.mark.parametrize("name", sorted(CASES))
def test_as_nomads_fork(name: str) -> None:
    expected = dict(CASES[name]["go"])
    expected["calls"] = sorted(expected["calls"])  # hcldec reads an object spec in random order
    assert json.loads(json.dumps(run(CASES[name]["input"]))) == expected


# --------------------------------------------------------------------------- Nomad's use


@dataclasses.dataclass
class Task:
    name: Annotated[str, hcl.label()]
    command: str
    args: list[str] = dataclasses.field(default_factory=list)
    env: Annotated[dict[str, str], hcl.block()] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass
class Group:
    name: Annotated[str, hcl.label()]
    task: Annotated[list[Task], hcl.block()] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class Job:
    group: Annotated[list[Group], hcl.block()]


JOB = """\
group "web" {
  dynamic "task" {
    for_each = var.tasks
    labels   = [task.key]
    content {
      command = "${task.value}-${attr.kernel.name}"
      args    = [for a in ["-p", meta.port]: "${a}"]
      env {
        NODE = "${node.unique.name}"
        KEY  = task.key
        ID   = NOMAD_ALLOC_ID
      }
    }
  }
}
"""


def runtime_text(seen: list[str]) -> Any:
    """Nomad's hook: a reference to anything but ``var`` is kept as text for the client."""

    def hook(traversal: Traversal) -> str:
        seen.append(str(traversal))
        return "${" + str(traversal) + "}"

    return hook


def test_nomad_keeps_runtime_interpolation_as_text() -> None:
    seen: list[str] = []
    decoder = hcl.Decoder(
        variables={"var": {"tasks": {"api": "serve"}}},
        undefined_variable=runtime_text(seen),
        dynamic_blocks=True,
    )
    job = decoder.loads(JOB, Job, filename="job.hcl")
    assert job == Job(
        [
            Group(
                "web",
                [
                    Task(
                        "api",
                        "serve-${attr.kernel.name}",
                        ["-p", "${meta.port}"],
                        {"NODE": "${node.unique.name}", "KEY": "api", "ID": "${NOMAD_ALLOC_ID}"},
                    )
                ],
            )
        ]
    )
    # neither the dynamic block's iterator (task) nor the for's (a) reach the hook
    assert sorted(set(seen)) == [
        "NOMAD_ALLOC_ID",
        "attr.kernel.name",
        "meta.port",
        "node.unique.name",
    ]


def _expr(text: str) -> hcl.Expression:
    expr, diags = native.parse_expression(text, filename="x.hcl")
    assert list(diags) == []
    return expr


def test_a_partly_defined_namespace() -> None:
    # meta has no variable at all: meta.x is the hook's; var.x is looked up as usual
    decoder = hcl.Decoder(variables={"var": {"x": "1"}}, undefined_variable=runtime_text([]))
    expr = _expr('"${var.x}/${meta.x}/${meta["y z"]}/${var.y}"')
    assert [(d.summary, d.detail) for d in decoder.decode_expression(expr, str).diagnostics] == [
        ("Unsupported attribute", 'This object does not have an attribute named "y".'),
        ("Unsuitable value type", "Unsuitable value: value must be known"),  # as gohcl adds
    ]
    expr = _expr('"${var.x}/${meta.x}/${meta["y z"]}"')
    assert decoder.decode_expression(expr, str).value == '1/${meta.x}/${meta["y z"]}'


def test_an_unknown_of_a_type() -> None:
    seen: list[Traversal] = []

    def hook(traversal: Traversal) -> Value:
        seen.append(traversal)
        return Value.unknown(STRING)

    expr, _ = native.parse_expression("{a = attr.name}", filename="x.hcl")
    value, diags = expr.value(EvalContext({}, undefined_variable=hook))
    assert (value, list(diags)) == (Value.object({"a": Value.unknown(STRING)}), [])
    assert [(str(t), str(t.range)) for t in seen] == [("attr.name", "x.hcl:1,6-15")]


def test_iterators_never_reach_the_hook() -> None:
    seen: list[str] = []
    ctx = EvalContext(undefined_variable=runtime_text(seen))
    expr, _ = native.parse_expression(
        "{for k, v in {a = 1}: k => [for x in [v]: x + other]}", filename="x.hcl"
    )
    value, _ = expr.value(ctx)
    assert seen == ["other"]

    body = hcl.parse(
        'dynamic "b" {\n  for_each = [1]\n  iterator = it\n  content {\n'
        "    v = [it.value, b, it]\n  }\n}\n",
        filename="d.hcl",
    ).body
    seen.clear()
    spec = hcldec.BlockListSpec("b", hcldec.AttrSpec("v", DYNAMIC))
    value, diags = hcldec.decode(dynblock.expand(body, ctx), spec, ctx)
    assert list(diags) == []
    assert seen == ["b"]
    assert value_to_json(value, value.type) == [[1, "${b}", {"key": 0, "value": 1}]]


# --------------------------------------------------------------------------- the API


def _errors(expr_text: str, ctx: EvalContext | None) -> list[tuple[str, str, str]]:
    expr, _ = native.parse_expression(expr_text, filename="x.hcl")
    _, diags = expr.value(ctx)
    return [(d.summary, d.detail, str(d.subject)) for d in diags]


def test_none_keeps_the_usual_diagnostics() -> None:
    calls: list[str] = []

    def hook(traversal: Traversal) -> None:
        calls.append(str(traversal))

    assert _errors("vr.x", EvalContext({"var": 1}, undefined_variable=hook)) == [
        ("Unknown variable", 'There is no variable named "vr". Did you mean "var"?', "x.hcl:1,1-3")
    ]
    assert _errors("a.b", EvalContext(undefined_variable=hook)) == [
        ("Variables not allowed", "Variables may not be used here.", "x.hcl:1,1-2")
    ]
    assert calls == ["vr.x", "a.b"]


def test_diagnostics_from_the_hook() -> None:
    def hook(traversal: Traversal) -> Diagnostics:
        return Diagnostics(
            [Diagnostic.error("Runtime value", f"{traversal} is for later.", traversal.range)]
        )

    assert _errors('"${attr.x[0]}"', EvalContext(undefined_variable=hook)) == [
        ("Runtime value", "attr.x[0] is for later.", "x.hcl:1,4-13")
    ]


def test_children_inherit_the_hook_and_may_replace_it() -> None:
    def outer(traversal: Traversal) -> str:
        return "outer"

    def inner(traversal: Traversal) -> str:
        return "inner"

    parent = EvalContext({"a": 1}, undefined_variable=outer)
    child = parent.child({"b": 2})
    assert child.undefined_variable is outer
    assert parent.child(undefined_variable=inner).undefined_variable is inner
    assert EvalContext({}).undefined_variable is None
    expr, _ = native.parse_expression("[a, b, c]", filename="x.hcl")
    assert value_to_json(*_typed(expr.value(child)[0])) == [1, 2, "outer"]
    grandchild = parent.child(undefined_variable=inner).child({})
    assert value_to_json(*_typed(expr.value(grandchild)[0])) == [1, "inner", "inner"]


def _typed(value: Value) -> tuple[Value, Any]:
    return value, value.type


def test_python_results_are_converted_by_the_types() -> None:
    def hook(traversal: Traversal) -> object:
        return {"path": [traversal.root_name, len(traversal)]}

    expr, _ = native.parse_expression("x.y.z", filename="x.hcl")
    value, diags = expr.value(EvalContext(undefined_variable=hook))
    assert (value_to_json(value, value.type), list(diags)) == ({"path": ["x", 3]}, [])


def test_mistakes_of_the_program_raise() -> None:
    with pytest.raises(TypeError, match=r"^undefined_variable must be callable, not str$"):
        EvalContext(undefined_variable="nope")  # type: ignore[arg-type]
    with pytest.raises(
        TypeError, match=r"^a literal-only evaluation context cannot have undefined_variable$"
    ):
        EvalContext(literal_only=True, undefined_variable=lambda t: None)
    expr, _ = native.parse_expression("a.b", filename="x.hcl")
    with pytest.raises(
        TypeError,
        match=r"^undefined_variable returned object for 'a\.b', which has no HCL value: ",
    ):
        expr.value(EvalContext(undefined_variable=lambda t: object()))

    def broken(traversal: Traversal) -> object:
        raise KeyError(str(traversal))

    with pytest.raises(KeyError, match=r"a\.b"):
        expr.value(EvalContext(undefined_variable=broken))


def test_the_decoder_hook() -> None:
    @dataclasses.dataclass
    class Service:
        name: str
        tags: list[str]

    decoder = hcl.Decoder(undefined_variable=runtime_text([]))
    # without variables the hook still makes JSON strings templates
    assert decoder.loads(
        '{"name": "${NOMAD_JOB_NAME}-web", "tags": ["${meta.rack}"]}', Service, syntax="json"
    ) == Service("${NOMAD_JOB_NAME}-web", ["${meta.rack}"])
    # a call's variables are added below the decoder's context, whose hook they inherit
    assert decoder.loads(
        'name = "${v}-${x}"\ntags = []\n', Service, variables={"v": "a"}
    ) == Service("a-${x}", [])
    # a decoder made from it keeps it
    with_type = decoder.with_type(bytes, STRING, str.encode)
    assert with_type.loads("name = x\ntags = [y]\n", Service) == Service("${x}", ["${y}"])
    # a call's own ctx replaces the decoder's context, hook included
    assert _listed(decoder, "name = x\ntags = []\n", Service, ctx=EvalContext({})) == [
        ("Unknown variable", 'There is no variable named "x".', "t.hcl:1,8-9")
    ]


def _listed(
    decoder: hcl.Decoder, text: str, cls: type, **kwargs: Any
) -> list[tuple[str, str, str]]:
    with pytest.raises(hcl.DecodeError) as info:
        decoder.loads(text, cls, filename="t.hcl", **kwargs)
    return [(d.summary, d.detail, str(d.subject)) for d in info.value.diagnostics]


def test_map_type_results() -> None:
    # a typed result is kept as it is: the attribute's conversion applies after
    def hook(traversal: Traversal) -> Value:
        return Value.null(MapType(STRING))

    decoder = hcl.Decoder(undefined_variable=hook)
    assert decoder.decode_expression(_expr("meta"), dict[str, str] | None).value is None
    found = decoder.decode_expression(_expr("meta"), list[str])
    assert [(d.summary, d.detail) for d in found.diagnostics] == [
        ("Unsuitable value type", "Unsuitable value: list of string required")
    ]


# --------------------------------------------------------------------------- a general rule

_NAMES = st.from_regex(r"[a-z][a-z0-9_]{0,6}", fullmatch=True).filter(
    lambda name: name not in {"true", "false", "null", "for", "in", "if", "endfor", "endif"}
)


@given(
    root=_NAMES,
    steps=st.lists(
        st.one_of(
            _NAMES.map(lambda n: "." + n),
            st.integers(0, 99).map(lambda i: f"[{i}]"),
            _NAMES.map(lambda n: f'["{n}"]'),
        ),
        max_size=4,
    ),
    defined=st.sampled_from(["v", "w", "ab"]),
)
def test_a_kept_reference_is_its_own_text(root: str, steps: list[str], defined: str) -> None:
    reference = root + "".join(steps)
    seen: list[str] = []
    ctx = EvalContext({defined: {"k": "x"}}, undefined_variable=runtime_text(seen))
    expr = _expr(f'"<${{{reference}}}>${{{defined}.k}}"')
    value, diags = expr.value(ctx)
    if root == defined:  # looked up as a variable (its steps may fail): never the hook's
        assert seen == []
        return
    assert (value.as_str(), list(diags), seen) == (f"<${{{reference}}}>x", [], [reference])
