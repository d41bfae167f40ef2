"""Local values evaluated in dependency order, each once, with cycles reported."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import hcldecode as hcl
from hcldecode.ext.localvalues import evaluate_locals
from hcldecode.functions import STDLIB
from hcldecode.values import Value


def _locals(text: str) -> dict[str, hcl.Attribute]:
    attributes, diags = hcl.parse(text, filename="t.hcl").body.just_attributes()
    assert not diags
    return dict(attributes)


def _span(text: str, snippet: str) -> str:
    start = text.index(snippet)
    line = text.count("\n", 0, start) + 1
    column = start - (text.rfind("\n", 0, start) + 1) + 1
    return f"t.hcl:{line},{column}-{column + len(snippet)}"


def test_locals_are_evaluated_after_those_they_read() -> None:
    text = (
        'domain = "${local.name}.example.com"\nname = upper(var.app)\n'
        'urls = [for p in ["a", "b"] : "https://${local.domain}/${p}"]\n'
    )
    ctx = hcl.EvalContext({"var": {"app": "web"}}, STDLIB)
    out, diags = evaluate_locals(_locals(text), ctx)
    assert list(diags) == []
    assert out.lookup_variable("local") == Value.object(
        {
            "domain": Value.string("WEB.example.com"),
            "name": Value.string("WEB"),
            "urls": Value.tuple(
                [
                    Value.string("https://WEB.example.com/a"),
                    Value.string("https://WEB.example.com/b"),
                ]
            ),
        }
    )
    assert out.parent is ctx  # the application's variables and functions are still there


def test_each_circle_is_one_diagnostic_and_what_reads_it_is_not_reported_again() -> None:
    text = (
        "a = local.b\nb = local.a\nc = local.c\nd = local.a\ne = local.nope\nf = local.e\n"
        "g = keys(local)\n"
    )
    out, diags = evaluate_locals(_locals(text))
    assert [(d.summary, d.detail, str(d.subject)) for d in diags] == [
        (
            "Reference to undeclared local value",
            'A local value with the name "nope" has not been declared.',
            _span(text, "local.nope"),
        ),
        (
            "Invalid reference",
            'The "local" object cannot be accessed directly. Instead, access one of its '
            "attributes.",
            "t.hcl:7,10-15",
        ),
        (
            "Cycle in local values",
            "The local values local.a, local.b refer to each other in a circle, so none of "
            "them can be evaluated.",
            "t.hcl:1,1-2",
        ),
        ("Cycle in local values", "The local value local.c refers to itself.", "t.hcl:3,1-2"),
    ]
    value = out.lookup_variable("local")
    assert value is not None
    assert all(not element.is_known for _, element in value.items())


def test_a_local_with_errors_is_unknown_for_those_that_read_it() -> None:
    text = 'a = 1 + "x"\nb = local.a * 2\n'
    out, diags = evaluate_locals(_locals(text))
    assert [(d.summary, d.detail, str(d.subject)) for d in diags] == [
        (
            "Invalid operand",
            "Unsuitable value for right operand: a number is required.",
            _span(text, '"x"'),
        )
    ]
    value = out.lookup_variable("local")
    assert value is not None and not value.get("b").is_known


@given(st.integers(min_value=2, max_value=60), st.randoms(use_true_random=False))
def test_a_chain_in_any_order_is_evaluated_in_dependency_order(length: int, random: object) -> None:
    names = [f"v{i}" for i in range(length)]
    lines = [f"{name} = local.{names[i + 1]} + 1" for i, name in enumerate(names[:-1])]
    lines.append(f"{names[-1]} = 0")
    random.shuffle(lines)  # type: ignore[attr-defined]
    out, diags = evaluate_locals(_locals("\n".join(lines) + "\n"))
    assert list(diags) == []
    value = out.lookup_variable("local")
    assert value is not None
    assert value.get("v0") == Value.number(length - 1)


def test_each_local_is_evaluated_once() -> None:
    calls: list[int] = []

    def tick(n: int) -> int:
        calls.append(n)
        return n

    text = "a = tick(1)\nb = local.a + 1\nc = local.a + local.b\n"
    out, diags = evaluate_locals(_locals(text), hcl.EvalContext(functions={"tick": tick}))
    assert list(diags) == []
    assert calls == [1]
    value = out.lookup_variable("local")
    assert value is not None and value.get("c") == Value.number(3)
