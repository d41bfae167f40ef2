"""``hcldecode convert`` on every example's configuration and schema, into both
syntaxes: what it writes decodes back (with the same variables) to the same object.

Objects are compared as they write themselves (``dumps`` in the JSON syntax, as data),
which keeps what they say and leaves out where it was read (ranges, and
expressions kept raw, whose source objects compare by identity); classes without
such fields are compared as objects too.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import hcldecode as hcl
from hcldecode.cli import main as cli_main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _load_class(schema: str) -> type:
    """The class of ``path.py:Class``, its module loaded under a name of its own (the
    examples' modules share names) with its folder on the path for its imports."""
    path, _, name = schema.rpartition(":")
    folder = str(Path(path).parent)
    module_name = "example_" + Path(path).parent.name + "_" + Path(path).stem
    module = sys.modules.get(module_name)
    if module is None:
        sys.path.insert(0, folder)
        try:
            spec = importlib.util.spec_from_file_location(module_name, path)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            sys.modules[module_name] = module
            spec.loader.exec_module(module)
        finally:
            sys.path.remove(folder)
    cls = getattr(module, name)
    assert isinstance(cls, type)
    return cls


# (files, schema, variables given as --var, the same as Python values, compared as objects)
CASES: dict[str, tuple[list[str], str, list[str], dict[str, Any], bool]] = {
    "webservice": (
        ["webservice/service.hcl"],
        "webservice/config.py:Service",
        ['var={"region": "eu-west-1"}'],
        {"var": {"region": "eu-west-1"}},
        True,
    ),
    "pipeline": (
        ["pipeline/pipeline.hcl", "pipeline/release.hcl.json"],
        "pipeline/config.py:Pipeline",
        ["pipeline=build-and-release", "env_python=3.12"],
        {"pipeline": "build-and-release", "env_python": "3.12"},
        False,
    ),
    "jobspec": (["jobspec/jobs/web.nomad.hcl"], "jobspec/jobspec.py:JobFile", [], {}, False),
    "terraform-main": (["terraform/demo/main.tf"], "terraform/schema.py:Module", [], {}, False),
    "terraform-variables": (
        ["terraform/demo/variables.tf"],
        "terraform/schema.py:Module",
        [],
        {},
        False,
    ),
}


def _read(text: str, cls: type, syntax: str, variables: dict[str, Any]) -> Any:
    """The text decoded as the command decodes: JSON strings as templates."""
    if variables:
        return hcl.loads(text, cls, syntax=syntax, variables=variables)  # type: ignore[arg-type]
    return hcl.loads(text, cls, syntax=syntax, ctx=hcl.EvalContext())  # type: ignore[arg-type]


def _said(obj: object) -> Any:
    """What an object says: its JSON-syntax text as data (a body kept raw from a JSON
    file writes its objects on one line, a native one as nested blocks)."""
    return json.loads(hcl.dumps(obj, syntax="json", templates=True), parse_float=Decimal)


@pytest.mark.parametrize("to", ["json", "hcl"])
@pytest.mark.parametrize("case", list(CASES))
def test_convert_example(case: str, to: str, capsys: pytest.CaptureFixture[str]) -> None:
    files, schema, var_args, variables, as_objects = CASES[case]
    paths = [str(EXAMPLES / f) for f in files]
    schema_arg = str(EXAMPLES / schema)
    options = [a for v in var_args for a in ("--var", v)]
    status = cli_main(["convert", *paths, "--schema", schema_arg, *options, "--to", to])
    out = capsys.readouterr()
    assert (status, out.err) == (0, "")
    cls = _load_class(schema_arg)
    if variables:
        original = hcl.decode(paths, cls, variables=variables)
    else:
        original = hcl.decode(paths, cls, ctx=hcl.EvalContext())
    again = _read(out.out, cls, "json" if to == "json" else "native", variables)
    assert _said(again) == _said(original)
    if as_objects:
        assert again == original


@pytest.mark.parametrize("syntax", ["native", "json"])
def test_each_layer_of_the_plugins_example_writes_and_reads_back(syntax: str) -> None:
    # The plugins example decodes its file in layers, a class for each part: each
    # layer's object written alone reads back as that class.
    file = hcl.parse_file(EXAMPLES / "plugins" / "app.hcl")
    rest: Any = file
    for schema in ("plugins/core.py:CoreConfig", "plugins/plugins.py:MetricsPlugin"):
        cls = _load_class(str(EXAMPLES / schema))
        step = hcl.decode_partial(rest, cls)
        obj, rest = step.unwrap(), step.remaining
        text = hcl.dumps(obj, syntax=syntax)  # type: ignore[arg-type]
        again = _read(text, cls, syntax, {})
        assert _said(again) == _said(obj)
    auth = _load_class(str(EXAMPLES / "plugins/plugins.py:AuthPlugin"))
    obj = hcl.decode_partial(rest, auth).unwrap()
    again = _read(hcl.dumps(obj, syntax=syntax), auth, syntax, {})  # type: ignore[arg-type]
    assert again == obj
