"""hcldecode.functions.STDLIB: go-cty's standard library functions, exactly.

The expected values and messages are go-cty 1.12.1's (Debian's package),
from ``tools/differential/go/gofuncs``; ``nox -s differential`` compares thousands of
generated calls the same way (tools/differential/differential_functions.py).
"""

from __future__ import annotations

import warnings

import pytest

from hcldecode.functions import STDLIB
from hcldecode.model import EvalContext
from hcldecode.native import parse_expression
from hcldecode.values import DYNAMIC_VALUE, STRING, ListType, Value

CTX = EvalContext(
    {"unknown": Value.unknown(STRING), "unknown_list": Value.unknown(ListType(STRING))},
    dict(STDLIB),
)


def _call(src: str) -> tuple[Value, list[tuple[str, str, str]]]:
    expr, diags = parse_expression(src, "t.hcl")
    assert not diags.has_errors()
    value, diags = expr.value(CTX)
    return value, [(d.summary, d.detail or "", str(d.subject)) for d in diags]


def _strings(*items: str) -> Value:
    return Value.list([Value.string(i) for i in items])


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        ('title("hello wörld-x_y ǆa 1st ßtraße")', Value.string("Hello Wörld-X_y ǅa 1st ßtraße")),
        ('join(", ", ["a", "b"], ["c"])', Value.string("a, b, c")),
        ('join("-", [])', Value.string("")),
        ('join(",", unknown_list)', Value.unknown(STRING).refine_not_null()),
        ('sort(["b", "a", "é", "B", "10", "9"])', _strings("10", "9", "B", "a", "b", "é")),
        ('split(",", "a,b,,c")', _strings("a", "b", "", "c")),
        ('split("", "héllo")', _strings("h", "é", "l", "l", "o")),
        ('split(",", "")', _strings("")),
        ('chomp("text\\r\\n\\n\\r")', Value.string("text")),
        ('chomp("a\\n\\nb\\n")', Value.string("a\n\nb")),
        ('indent(2, "a\\nb\\n")', Value.string("a\n  b\n  ")),
        ('trimspace("\\u001c a \\u00a0\\u3000")', Value.string("\x1c a")),
        ('trim("?!hello?!", "!?")', Value.string("hello")),
        ('trimprefix("helloworld", "hello")', Value.string("world")),
        ('trimsuffix("helloworld", "world")', Value.string("hello")),
        ('trimprefix("hello", "")', Value.string("hello")),
        ('strrev("cafe\\u0301s")', Value.string("séfac")),
        ("upper(unknown)", Value.unknown(STRING).refine_not_null()),
    ],
)
def test_values(src: str, expected: Value) -> None:
    assert _call(src) == (expected, [])


@pytest.mark.parametrize(
    ("src", "diagnostic"),
    [
        (
            'join(",", ["a", null])',
            (
                "Invalid function argument",
                'Invalid value for "lists" parameter: element 1 is null; cannot concatenate '
                "null values.",
                "t.hcl:1,11-12",
            ),
        ),
        (
            'join(",", ["a"], ["b", null])',
            (
                "Invalid function argument",
                'Invalid value for "lists" parameter: element 1 of list 2 is null; cannot '
                "concatenate null values.",
                "t.hcl:1,18-19",
            ),
        ),
        (
            'join(",")',
            (
                "Error in function call",
                'Call to function "join" failed: at least one list is required.',
                "t.hcl:1,1-6",
            ),
        ),
        (
            'sort(["a", null])',
            (
                "Error in function call",
                'Call to function "sort" failed: given list element 1 is null; a null string '
                "cannot be sorted.",
                "t.hcl:1,1-6",
            ),
        ),
        (
            'indent(1.5, "a\\nb")',
            (
                "Error in function call",
                'Call to function "indent" failed: value must be a whole number, between '
                "-9223372036854775808 and 9223372036854775807.",
                "t.hcl:1,1-8",
            ),
        ),
        (
            'indent(-1, "a\\nb")',
            (
                "Error in function call",
                'Call to function "indent" failed: the number of spaces must not be negative.',
                "t.hcl:1,1-8",
            ),
        ),
        (
            'indent(100000000, "a\\nb")',
            (
                "Error in function call",
                'Call to function "indent" failed: the result would be longer than 16777216 '
                "characters.",
                "t.hcl:1,1-8",
            ),
        ),
        (
            'jsondecode("Ω")',
            (
                "Error in function call",
                "Call to function \"jsondecode\" failed: invalid character 'Î' looking for "
                "beginning of value.",
                "t.hcl:1,1-12",
            ),
        ),
        (
            'jsondecode("-\\tx")',
            (
                "Error in function call",
                "Call to function \"jsondecode\" failed: invalid character '\\t' in numeric "
                "literal.",
                "t.hcl:1,1-12",
            ),
        ),
        (
            'jsondecode("\\u00a0")',
            (
                "Error in function call",
                "Call to function \"jsondecode\" failed: invalid character 'Â' looking for "
                "beginning of value.",
                "t.hcl:1,1-12",
            ),
        ),
    ],
)
def test_errors(src: str, diagnostic: tuple[str, str, str]) -> None:
    value, diags = _call(src)
    assert (value.is_known, diags) == (False, [diagnostic])


def test_numbers_where_go_cty_panics_or_json_cannot_say() -> None:
    assert _call("log(0, 10)") == (Value.number(float("-inf")), [])
    assert _call("pow(0, -1)") == (Value.number(float("inf")), [])
    assert _call("log(0, 1)") == (Value.number(float("-inf")), [])  # -Inf / +0, as Go divides
    assert _call("pow(-2, 100)") == (Value.number(1267650600228229400000000000000), [])
    # go-cty panics on a NaN result ("panic in function implementation" and a stack).
    assert _call("pow(-8, 0.5)")[1] == [
        (
            "Error in function call",
            'Call to function "pow" failed: the result is not a number.',
            "t.hcl:1,1-5",
        )
    ]


@pytest.mark.parametrize(
    ("src", "expected", "diagnostics"),
    [
        ('assertnotnull("a")', Value.string("a"), []),
        ("assertnotnull(unknown)", Value.unknown(STRING).refine_not_null(), []),
        (
            "assertnotnull(null)",
            DYNAMIC_VALUE,
            [
                (
                    "Invalid function argument",
                    'Invalid value for "v" parameter: argument must not be null.',
                    "t.hcl:1,15-19",
                )
            ],
        ),
    ],
)
def test_assertnotnull_as_go_cty_1_14_has_it(
    src: str, expected: Value, diagnostics: list[tuple[str, str, str]]
) -> None:
    # Newer than Debian's go-cty 1.12.1, so not in tools/differential/go/gofuncs: from its source.
    assert _call(src) == (expected, diagnostics)


def test_the_library_is_read_only_and_names_go_ctys_functions_as_terraform_does() -> None:
    # go-cty's ReverseFunc (of a string) is Terraform's strrev; reverse is of a list.
    assert STDLIB["strrev"].params[0].type == STRING
    assert _call("reverse([1, 2])") == (Value.tuple([Value.number(2), Value.number(1)]), [])
    with pytest.raises(TypeError):
        STDLIB["x"] = STDLIB["upper"]  # type: ignore[index]


def test_large_inputs_take_linear_time() -> None:
    # Each of these was quadratic once: a CSV line cut field by field, distinct and
    # the set functions comparing every pair, parseint's digit-by-digit sum, chomp's
    # regular expression retried after every newline of a text that goes on.
    header = ",".join(f"h{i}" for i in range(50_000))
    row = ",".join(['"v""q"'] * 50_000)
    ctx = EvalContext(
        {
            "csv": f"{header}\n{row}\n",
            "items": [str(i % 100) for i in range(50_000)],
            "digits": "7" * 100_000,
            "lines": "\n" * 100_000 + "x\r\n\r\r\n",
        },
        dict(STDLIB),
    )
    records, diags = parse_expression("csvdecode(csv)")[0].value(ctx)
    assert not diags
    assert (
        records.elements()[0].items()
        == {f"h{i}": Value.string('v"q') for i in range(50_000)}.items()
    )
    distinct, _ = parse_expression("length(distinct(items))")[0].value(ctx)
    both = "length(setintersection(toset(items), toset(items)))"
    common, _ = parse_expression(both)[0].value(ctx)
    assert (distinct, common) == (Value.number(100), Value.number(100))
    number, _ = parse_expression("parseint(digits, 10)")[0].value(ctx)
    # 100,000 sevens, built without a decimal string (Python limits those).
    assert number == Value.number(7 * (10**100_000 - 1) // 9)
    chomped, _ = parse_expression("chomp(lines)")[0].value(ctx)
    assert chomped == Value.string("\n" * 100_000 + "x")


@pytest.mark.parametrize(
    ("src", "detail"),
    [
        (
            'parseint("1_0", 10)',
            'Invalid value for "number" parameter: cannot parse "1_0" as a base 10 integer.',
        ),
        (
            'parseint(" 10", 10)',
            'Invalid value for "number" parameter: cannot parse " 10" as a base 10 integer.',
        ),
        (
            'parseint("0x1f", 16)',
            'Invalid value for "number" parameter: cannot parse "0x1f" as a base 16 integer.',
        ),
    ],
)
def test_parseint_takes_only_what_go_takes(src: str, detail: str) -> None:
    assert [d[1] for d in _call(src)[1]] == [detail]


def test_parseint_refuses_numbers_past_the_integer_limit() -> None:
    ctx = EvalContext({"digits": "9" * 400_000}, dict(STDLIB))
    _, diags = parse_expression("parseint(digits, 10)", "t.hcl")[0].value(ctx)
    detail = 'Call to function "parseint" failed: the number is too large.'
    assert [(d.summary, d.detail) for d in diags] == [("Error in function call", detail)]


def test_the_library_has_moved_and_its_old_path_warns() -> None:
    import hcldecode  # noqa: PLC0415 (the root's lazy name is what is checked)
    import hcldecode.values  # noqa: PLC0415

    message = (
        "hcldecode.values.STDLIB is deprecated and will be removed in the next release: "
        "use hcldecode.functions.STDLIB"
    )
    with pytest.warns(DeprecationWarning) as caught:
        old = hcldecode.values.STDLIB
    assert [str(w.message) for w in caught] == [message]
    assert caught[0].filename == __file__  # the warning points at the code that used the name
    assert old is STDLIB
    assert "STDLIB" not in hcldecode.values.__all__
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert hcldecode.STDLIB is STDLIB  # the root's name stays, without a warning
    with pytest.raises(AttributeError, match="has no attribute 'SPEC_FUNCTIONS'"):
        hcldecode.values.SPEC_FUNCTIONS  # noqa: B018 (never public there: no shim)
