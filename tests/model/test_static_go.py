"""The static analyses and ``decode_expression`` against HCL v2.14.1's own.

``tests/data/gostatic/expected.txt`` is what ``tools/differential/go/gostatic``
(hcl.ExprList, ExprMap, ExprCall, AbsTraversalForExpr, RelTraversalForExpr,
ExprAsKeyword and gohcl.DecodeExpression) prints for the cases in
``cases.txt``; this test prints the same for hcldecode and compares them
line by line: results of the analyses, and every diagnostic's summary,
detail, subject and context. Two differences are documented
(docs/compatibility.md) and undone before comparing: go-cty 1.12's shorter
conversion messages (``string required`` where current go-cty says
``string required, but have tuple``) and Go's ``int`` bounds in gocty's
message (a Python ``int`` has none).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import hcldecode as hcl
from hcldecode import json as hcl_json
from hcldecode import model, native
from hcldecode.values import NUMBER, STRING, Value

DATA = Path(__file__).parent.parent / "data" / "gostatic"

TYPES: dict[str, Any] = {
    "string": str,
    "*string": str | None,
    "int": int,
    "float64": float,
    "bool": bool,
    "[]int": list[int],
    "[][]int": list[list[int]],
    "[]string": list[str],
    "map[string]string": dict[str, str],
    "cty.Value": hcl.Value,
}

INT_BOUNDS = ", between -9223372036854775808 and 9223372036854775807"


def _range(r: model.Range | None) -> str:
    if r is None:
        return "-"
    return f"{r.start.line},{r.start.column}-{r.end.line},{r.end.column}"


def _key(key: Value) -> str:
    if key.type == NUMBER:
        return f"cty.NumberIntVal({key.as_number()})"
    assert key.type == STRING
    return f'cty.StringVal("{key.as_str()}")'


def _traversal(t: model.Traversal | None) -> str:
    if t is None:
        return "nil"
    parts = []
    for step in t:
        if isinstance(step, model.TraverseRoot):
            parts.append("root:" + step.name)
        elif isinstance(step, model.TraverseAttr):
            parts.append("attr:" + step.name)
        else:
            assert isinstance(step, model.TraverseIndex)
            parts.append("index:" + _key(step.key))
    return "[" + " ".join(parts) + "]"


def _context() -> model.EvalContext:
    return model.EvalContext(
        variables={
            "known": Value.string("x"),
            "num": Value.number(1),
            "unk": Value.unknown(STRING),
            "obj": Value.object({"a": Value.string("b")}),
        }
    )


def _run(kind: str, expr: model.Expression) -> tuple[str | None, list[model.Diagnostic]]:
    """The result line (``None`` for a decode: Go prints its zero values) and diagnostics."""
    if kind == "list":
        items, diags = model.expr_list(expr)
        return f"{len(items)} items", list(diags)
    if kind == "map":
        pairs, diags = model.expr_map(expr)
        return f"{len(pairs)} pairs", list(diags)
    if kind == "call":
        call, diags = model.expr_call(expr)
        return ("nil" if call is None else f"{call.name}/{len(call.arguments)}"), list(diags)
    if kind == "abs":
        traversal, diags = model.abs_traversal_for_expr(expr)
        return _traversal(traversal), list(diags)
    if kind == "rel":
        traversal, diags = model.rel_traversal_for_expr(expr)
        return _traversal(traversal), list(diags)
    if kind == "keyword":
        return '"%s"' % (model.expr_as_keyword(expr) or ""), []
    pytype = TYPES[kind.removeprefix("decode:")]
    result = hcl.decode_expression(expr, pytype, _context())
    return None, list(result.diagnostics)


def _cases() -> list[str]:
    lines = (DATA / "cases.txt").read_text().splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def _expected() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    current: list[str] = []
    for line in (DATA / "expected.txt").read_text().splitlines():
        if line.startswith("  "):
            current.append(line)
        else:
            current = found.setdefault(line, [])
    return found


EXPECTED = _expected()


@pytest.mark.parametrize("case", _cases())
def test_as_hcl_v2_14_1(case: str) -> None:
    kind, syntax, text = case.split(" ", 2)
    if syntax == "json":
        expr, diags = hcl_json.parse_expression(text, "f")
    else:
        expr, diags = native.parse_expression(text, "f")
    assert not diags.has_errors()
    result, found = _run(kind, expr)
    lines = [] if result is None else [f"  = {result}"]
    for d in found:
        detail = re.sub(r", but have [a-z ()]+$", "", d.detail or "")
        if kind in ("decode:int", "decode:[]int", "decode:[][]int"):
            detail = detail.replace("whole number", "whole number" + INT_BOUNDS)
        lines.append(f"  {d.summary} | {detail} | {_range(d.subject)} | {_range(d.context)}")
    expected = EXPECTED[case]
    if result is None:
        expected = expected[1:]
    assert lines == expected
