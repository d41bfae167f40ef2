"""``go_errors=True``: invalid JSON reported exactly as HCL's Go parser reports it.

``tests/data/gojsonerrors/expected.txt`` is what ``tools/differential/go/gojsonerrors``
(HCL v2.14.1's ``json.Parse`` and ``json.ParseExpression``) prints for the
cases in ``cases.txt``: each diagnostic (summary, detail, subject, context,
and the block context the file gives at the subject), then the attributes the
body still holds, with their ranges and values. This test prints the same for
hcldecode's parser in Go mode and compares line by line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hcldecode import json as hcljson
from hcldecode._text import go_quote
from hcldecode.hclparse import Parser
from hcldecode.model import Diagnostics, File, Range
from hcldecode.values import DYNAMIC, Value, encode_json, max_nesting

DATA = Path(__file__).parent.parent / "data" / "gojsonerrors"
CASES = (DATA / "cases.txt").read_text(encoding="utf-8").split("\n====\n")


def _expected() -> list[list[str]]:
    """The Go program's lines, case by case."""
    blocks: list[list[str]] = []
    for line in (DATA / "expected.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("case "):
            blocks.append([])
        blocks[-1].append(line)
    return blocks


EXPECTED = _expected()


def _show(r: Range | None) -> str:
    if r is None:
        return "-"
    return f"{r.start.line},{r.start.column}-{r.end.line},{r.end.column}"


def _value(v: Value) -> str:
    return encode_json(v, DYNAMIC) if v.is_wholly_known else "unknown"


def _diags(prefix: str, diags: Diagnostics, file: File | None) -> list[str]:
    lines = []
    for d in diags:
        where = "-"
        if file is not None and d.subject is not None:
            where = go_quote(file.context_string(d.subject.start.byte) or "")
        lines.append(
            f"{prefix} {go_quote(d.summary)} {go_quote(d.detail)} "
            f"{_show(d.subject)} {_show(d.context)} {where}"
        )
    return lines


def _run(index: int, case: str) -> list[str]:
    kind, _, src = case.partition("\n")
    lines = [f"case {index} {kind}"]
    if kind == "expr":
        expr, diags = hcljson.parse_expression(src, "f.json", go_errors=True)
        lines += _diags("parse", diags, None)
        value, diags = expr.value(None)
        lines += _diags("value", diags, None)
        lines.append(f"value {_value(value)}")
        return lines
    file, diags = hcljson.parse(src, "f.json", go_errors=True)
    lines += _diags("parse", diags, file)
    attributes, diags = file.body.just_attributes()
    lines += _diags("attrs", diags, file)
    for name in sorted(attributes):
        attribute = attributes[name]
        value, diags = attribute.expr.value(None)
        lines.append(
            f"attr {go_quote(name)} {_show(attribute.name_range)} "
            f"{_show(attribute.expr.range)} {_value(value)}"
        )
        lines += _diags("value", diags, file)
    return lines


def test_every_case_has_go_output() -> None:
    assert len(EXPECTED) == len(CASES) == 466


@pytest.mark.parametrize("index", range(len(CASES)))
def test_go_errors_match_go(index: int) -> None:
    assert _run(index, CASES[index]) == EXPECTED[index]


def test_parser_option_reports_as_go() -> None:
    src = '{"vault": {"a" = 1}, "b": 2}'
    _, ours = Parser().parse_json(src, "f.json")
    _, go = Parser(go_json_errors=True).parse_json(src, "f.json")
    assert [(d.summary, str(d.subject)) for d in ours] == [
        ("Missing property value colon", "f.json:1,16-17")
    ]
    # The same error, but the Go parser gives up the whole "vault" object.
    assert [(d.summary, str(d.subject)) for d in go] == [
        ("Missing property value colon", "f.json:1,16-17")
    ]
    assert Parser().parse_json(src, "a.json")[0].context_string(15) == "vault"
    assert Parser(go_json_errors=True).parse_json(src, "a.json")[0].context_string(15) is None


def test_lone_surrogate_before_a_bad_escape() -> None:
    # Go counts the bytes before the error as columns: three for a lone
    # surrogate of a str source (as ranges count it), one for a byte that is
    # not UTF-8.
    _, diags = hcljson.parse('{"a": "\ud800\\q"}', "f.json", go_errors=True)
    assert [(d.summary, str(d.subject), str(d.context)) for d in diags] == [
        ("Invalid JSON string", "f.json:1,13-14", "f.json:1,7-12"),
    ]
    _, diags = hcljson.parse(b'{"a": "\xff\\q"}', "f.json", go_errors=True)
    assert [(d.summary, str(d.subject), str(d.context)) for d in diags] == [
        ("Invalid JSON string", "f.json:1,11-12", "f.json:1,7-12"),
    ]


def test_nesting_limit_in_go_mode() -> None:
    depth = max_nesting() + 1
    _, diags = hcljson.parse('{"a": ' * depth + "1" + "}" * depth, "f.json", go_errors=True)
    assert [d.summary for d in diags] == ["Nesting too deep"]
