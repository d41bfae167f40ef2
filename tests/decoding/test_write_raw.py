"""Fields kept as they were read (hcl.Block, hcl.Body, hcl.Attribute, hcl.Expression)
written back by dumps, in the syntax they were read in and in the other."""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path
from typing import Annotated, Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import hcldecode as hcl
from hcldecode.testing import mock_expr_variable
from hcldecode.write import parse_document, quoted_string


@dataclasses.dataclass
class Task:
    name: Annotated[str, hcl.label()]
    driver: str
    config: Annotated[hcl.Block, hcl.block()]
    whole: Annotated[hcl.Body | None, hcl.body()] = None


@dataclasses.dataclass
class Job:
    tasks: Annotated[list[Task], hcl.block("task")]
    hooks: Annotated[dict[str, hcl.Block], hcl.block("hook", labels=["event"])]
    image: hcl.Attribute | None = None
    rest: Annotated[hcl.Body | None, hcl.remain()] = None


JOB = """\
image = var.image
task "web" {
  driver = "docker"
  extra  = 1
  config {
    ports = [80, 443]
    args  = ["-v", "${var.level}"]
  }
}
hook "deploy" {
  run = <<EOT
echo ${var.name}
EOT
}
owner = "ops"
"""

JOB_NATIVE = """\
task "web" {
  driver = "docker"

  config {
    ports = [80, 443]
    args  = ["-v", "${var.level}"]
  }

  extra = 1
}

hook "deploy" {
  run = <<EOT
echo ${var.name}
EOT
}

image = var.image
owner = "ops"
"""

JOB_JSON = """\
{
  "task": {
    "web": {
      "driver": "docker",
      "config": {
        "ports": [80,443],
        "args": "${[\\"-v\\", \\"${var.level}\\"]}"
      },
      "extra": 1
    }
  },
  "hook": {
    "deploy": {
      "run": "echo ${var.name}\\n"
    }
  },
  "image": "${var.image}",
  "owner": "ops"
}
"""


def test_raw_blocks_bodies_and_attributes_are_written_as_their_text() -> None:
    # The body() field writes what the class's other fields do not: "extra".
    job = hcl.loads(JOB, Job)
    assert hcl.dumps(job) == JOB_NATIVE
    assert hcl.dumps(job, syntax="json") == JOB_JSON


def test_raw_fields_read_from_json_are_written_in_both_syntaxes() -> None:
    job = hcl.loads(JOB_JSON, Job, syntax="json")
    assert hcl.dumps(job, syntax="json") == JOB_JSON
    # a JSON string that is one interpolation is the expression itself in the native syntax
    assert hcl.dumps(job) == JOB_NATIVE.replace(
        "run = <<EOT\necho ${var.name}\nEOT\n", 'run = "echo ${var.name}\\n"\n'
    )


@dataclasses.dataclass
class Exprs:
    values: Annotated[dict[str, hcl.Expression], hcl.remain()]


NATIVE = """\
heredoc = <<EOT
hi ${x}
EOT
flush = <<-EOT
    first ${x}
      second %%{ not a directive
    EOT
quoted  = "tab\\there \\"q\\" $${lit} ${x}"
wrapped = "${x}"
if      = "%{ if a ~} yes %{~ else }no%{ endif }"
for     = "%{ for k, v in m }${k}=${v};%{ endfor }"
list    = [1, "two", null]
call = upper(<<EOT
x
EOT
)
"""

AS_JSON = """\
{
  "heredoc": "hi ${x}\\n",
  "flush": "first ${x}\\n  second %%{ not a directive\\n",
  "quoted": "tab\\there \\"q\\" $${lit} ${x}",
  "wrapped": "${x}",
  "if": "%{ if a }yes%{ else }no%{ endif }",
  "for": "%{ for k, v in m }${k}=${v};%{ endfor }",
  "list": [1,"two",null],
  "call": "${upper(\\u003c\\u003cEOT\\nx\\nEOT\\n)}"
}
"""

BACK_AS_NATIVE = """\
heredoc = "hi ${x}\\n"
flush   = "first ${x}\\n  second %%{ not a directive\\n"
quoted  = "tab\\there \\"q\\" $${lit} ${x}"
wrapped = x
if      = "%{if a}yes%{else}no%{endif}"
for     = "%{for k, v in m}${k}=${v};%{endfor}"
list    = [1, "two", null]
call = upper(<<EOT
x
EOT
)
"""


def test_templates_become_json_template_strings_and_back() -> None:
    exprs = hcl.loads(NATIVE, Exprs)
    assert hcl.dumps(exprs, syntax="json") == AS_JSON
    back = hcl.loads(AS_JSON, Exprs, syntax="json")
    assert hcl.dumps(back) == BACK_AS_NATIVE
    assert hcl.dumps(back, syntax="json") == AS_JSON
    # and each means the same, evaluated
    variables = {"x": "X", "a": True, "m": {"p": "1", "q": "2"}}
    functions = {"upper": str.upper}
    want = {
        name: hcl.decode_expression(expr, Any, variables=variables, functions=functions).unwrap()
        for name, expr in exprs.values.items()
    }
    for text, syntax in ((AS_JSON, "json"), (BACK_AS_NATIVE, "native")):
        again = hcl.loads(text, Exprs, syntax=syntax)
        got = {
            name: hcl.decode_expression(
                expr, Any, variables=variables, functions=functions
            ).unwrap()
            for name, expr in again.values.items()
        }
        assert got == want
    assert want["flush"] == "first X\n  second %{ not a directive\n"
    assert want["if"] == "yes"
    assert want["for"] == "p=1;q=2;"


def test_a_json_body_with_objects_cannot_be_written_in_the_native_syntax() -> None:
    @dataclasses.dataclass
    class Plugin:
        settings: Annotated[hcl.Body, hcl.remain()]

    text = '{"name": "x", "limits": {"cpu": 2}}'
    plugin = hcl.loads(text, Plugin, syntax="json", filename="p.json")
    assert hcl.dumps(plugin, syntax="json") == '{\n  "name": "x",\n  "limits": {"cpu":2}\n}\n'
    with pytest.raises(ValueError) as caught:
        hcl.dumps(plugin)
    assert str(caught.value) == (
        'p.json:1,15-35: "limits" of a JSON-syntax body kept as it was read may be blocks '
        "or an object attribute; without a schema it cannot be written in the native syntax"
    )


@dataclasses.dataclass
class One:
    value: hcl.Expression


def test_a_json_string_that_is_no_template_has_no_native_form() -> None:
    one = hcl.loads('{"value": "${a"}', One, syntax="json", filename="o.json")
    assert hcl.dumps(one, syntax="json") == '{\n  "value": "${a"\n}\n'
    with pytest.raises(ValueError) as caught:
        hcl.dumps(one)
    assert str(caught.value) == (
        'value: o.json:1,11-16: the JSON string "${a" is not a valid template (Unclosed '
        "template interpolation sequence), so it has no native-syntax form"
    )


@pytest.mark.parametrize("syntax", ["native", "json"])
def test_an_expression_made_in_code_without_text_cannot_be_written(syntax: str) -> None:
    with pytest.raises(TypeError) as caught:
        hcl.dumps(One(mock_expr_variable("v")), syntax=syntax)  # type: ignore[arg-type]
    assert str(caught.value) == (
        "value: an expression without source text (_MockExprVariable) cannot be written"
    )


def test_to_dict_tells_literal_text_from_references_when_asked() -> None:
    text = 'a = "$${x}"\nb = x\nc = <<EOT\nhi ${x}\nEOT\n'
    assert hcl.to_dict(text) == {"a": "${x}", "b": "${x}", "c": "hi ${x}\n"}
    assert hcl.to_dict(text, escape_templates=True) == {
        "a": "$${x}",
        "b": "${x}",
        "c": "hi ${x}\n",
    }
    json_text = '{"a": "$${x}", "b": "${x}", "k": {"$${y}": "%%{z}"}}'
    assert hcl.to_dict(json_text, syntax="json", escape_templates=True) == {
        "a": "$${x}",
        "b": "${x}",
        "k": {"$${y}": "%%{z}"},
    }
    assert hcl.to_dict(json_text, syntax="json") == {
        "a": "$${x}",
        "b": "${x}",
        "k": {"$${y}": "%%{z}"},
    }


def test_a_body_merged_from_files_of_both_syntaxes_is_written(tmp_path: Path) -> None:
    @dataclasses.dataclass
    class Rest:
        rest: Annotated[hcl.Body, hcl.remain()]

    (tmp_path / "a.hcl").write_text('a = 1\nblk "x" {\n  y = 2\n}\n')
    (tmp_path / "b.hcl").write_text("b = var.q\n")
    (tmp_path / "c.hcl.json").write_text('{"c": "${d}"}')
    rest = hcl.decode([tmp_path / "a.hcl", tmp_path / "b.hcl", tmp_path / "c.hcl.json"], Rest)
    assert hcl.dumps(rest) == 'a = 1\nb = var.q\nc = d\n\nblk "x" {\n  y = 2\n}\n'
    assert hcl.dumps(rest, syntax="json") == (
        '{\n  "a": 1,\n  "b": "${var.q}",\n  "c": "${d}",\n'
        '  "blk": {\n    "x": {\n      "y": 2\n    }\n  }\n}\n'
    )
    assert hcl.to_dict(rest.rest) == {
        "a": 1,
        "b": "${var.q}",
        "c": "${d}",
        "blk": [{"x": {"y": 2}}],
    }


# Templates made of literal text, interpolations and directives, written as a native
# quoted string and as a heredoc: each, written in the JSON syntax and then in the
# native syntax again, evaluates to the same string.
_LITERAL = st.text(alphabet='ab $%{}"\\\n\té', max_size=8)
_PART = st.one_of(
    _LITERAL.map(lambda t: ("text", t)),
    st.sampled_from(["x", "upper(x)", '"${x}!"', "n + 1"]).map(lambda e: ("interp", e)),
    st.sampled_from(["if c", "for v in xs"]).map(lambda d: ("directive", d)),
)


def _native_template(parts: list[tuple[str, str]], *, heredoc: bool) -> str:
    out = []
    for kind, text in parts:
        if kind == "text":
            literal = text.replace("${", "$${").replace("%{", "%%{")
            if heredoc:
                out.append(literal)
            else:
                out.append(quoted_string(text)[1:-1])
        elif kind == "interp":
            out.append("${" + text + "}")
        elif text.startswith("if"):
            out.append("%{ " + text + " }yes${x}%{ else }no%{ endif }")
        else:
            out.append("%{ " + text + " }${v};%{ endfor }")
    body = "".join(out)
    return f"<<EOT\n{body}\nEOT\n" if heredoc else f'"{body}"'


def _expressible(parts: list[tuple[str, str]], heredoc: bool) -> bool:
    """A literal ending in "$" or "%" before a sequence cannot be written (it would make
    an escape), and a heredoc's text must not end it early or leave a quoted newline."""
    for (kind, text), (following, _) in itertools.pairwise(parts):
        if kind == "text" and following != "text" and text.endswith(("$", "%")):
            return False
    text = "".join(t for k, t in parts if k == "text")
    if heredoc:
        return "EOT" not in text and not text.endswith(("$", "%"))
    return not text.endswith(("$", "%"))


@settings(max_examples=200, deadline=None)
@given(st.lists(_PART, max_size=5), st.booleans())
def test_templates_mean_the_same_in_both_syntaxes(
    parts: list[tuple[str, str]], heredoc: bool
) -> None:
    merged: list[tuple[str, str]] = []
    for kind, text in parts:  # adjacent literal texts are one text
        if kind == "text" and merged and merged[-1][0] == "text":
            merged[-1] = ("text", merged[-1][1] + text)
        else:
            merged.append((kind, text))
    parts = merged
    assume(_expressible(parts, heredoc))
    source = _native_template(parts, heredoc=heredoc)
    native = hcl.loads(f"t = {source}\n", Exprs)
    as_json = hcl.dumps(native, syntax="json")
    from_json = hcl.loads(as_json, Exprs, syntax="json")
    again = hcl.loads(hcl.dumps(from_json), Exprs)
    variables = {"x": "X", "n": 1, "c": True, "xs": ["p", "q"]}
    functions = {"upper": str.upper}
    values = [
        hcl.decode_expression(
            obj.values["t"], Any, variables=variables, functions=functions
        ).unwrap()
        for obj in (native, from_json, again)
    ]
    assert values[0] == values[1] == values[2], (source, as_json)
    assert hcl.dumps(from_json, syntax="json") == as_json


def test_update_document_writes_raw_fields_too() -> None:
    # (was TypeError for the hcl.Block fields; a heredoc gets its closing newline)
    document, _ = parse_document(JOB)
    job = hcl.loads(JOB, Job)
    hcl.update_document(document, job)
    assert hcl.dumps(hcl.loads(document.text, Job), syntax="json") == JOB_JSON


class Duration(int):
    pass


@dataclasses.dataclass
class Driver:
    timeout: Annotated[Duration, hcl.block()]


def test_blocks_read_by_an_application_function_are_refused_clearly() -> None:
    def decode_duration(block: hcl.Block, ctx: hcl.EvalContext | None) -> Duration:
        return Duration(5)

    decoder = hcl.Decoder(block_decoders={Duration: decode_duration})
    driver = decoder.loads("timeout {\n  s = 5\n}\n", Driver)
    with pytest.raises(TypeError) as caught:
        decoder.dumps(driver)
    assert str(caught.value) == (
        "timeout: blocks of Duration are read by the application's own function "
        "(block_decoders), and cannot be written back"
    )
