"""Sensitive values: a variable, a field and a function result can be sensitive, and no
path that prints or writes a value shows one.

The first test runs every such path on one configuration with a sensitive
variable and a mistake involving it; the others pin each redaction's exact
words.
"""

from __future__ import annotations

import dataclasses
import datetime
import enum
import importlib.util
import io
import json
import pickle
import sys
import uuid
from pathlib import Path
from types import ModuleType
from typing import Annotated, Any, Literal

import attrs
import pytest
from decoding_helpers import listed, problems, span

import hcldecode as hcl
from hcldecode.cli import main as cli_main
from hcldecode.functions import STDLIB
from hcldecode.model import EvalContext, render_diagnostics, write_diagnostics
from hcldecode.native import parse_expression
from hcldecode.pytypes import to_value
from hcldecode.values import SENSITIVE, STRING, Function, Parameter, Value
from hcldecode.write import parse_document

SECRET = "hunter2"

SCHEMA = """\
import dataclasses
from typing import Annotated, Literal

import hcldecode as hcl


@dataclasses.dataclass
class Database:
    password: Annotated[str, hcl.attr(sensitive=True)] = dataclasses.field(repr=False)
    user: str = "app"
    mode: Annotated[Literal["ro", "rw"], hcl.attr(sensitive=True)] = "ro"
"""

SPEC = """\
object {
  attr "password" {
    type     = string
    required = true
  }
  attr "user" {
    type = string
  }
  attr "mode" {
    type = string
  }
}
"""

GOOD = """\
user     = "app" # who connects
password = var.db_password # from the environment
"""

BAD = """\
password = var.db_pasword
usr      = var.db_password
mode     = var.db_password
user     = "${var.db_user}-${var.db_password}"
"""


def _variables(secret: str = SECRET) -> dict[str, Any]:
    return {"var": {"db_password": hcl.sensitive(secret), "db_user": "admin"}}


@pytest.fixture
def work(tmp_path: Path) -> Path:
    (tmp_path / "schema.py").write_text(SCHEMA, encoding="utf-8")
    (tmp_path / "good.hcl").write_text(GOOD, encoding="utf-8")
    (tmp_path / "bad.hcl").write_text(BAD, encoding="utf-8")
    (tmp_path / "database.hcldec").write_text(SPEC, encoding="utf-8")
    (tmp_path / "secrets.hcl").write_text(
        f'var = {{ db_password = "{SECRET}", db_user = "admin" }}\n', encoding="utf-8"
    )
    return tmp_path


def _schema(work: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("sensitive_schema", work / "schema.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["sensitive_schema"] = module
    spec.loader.exec_module(module)
    return module


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = cli_main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_no_path_that_prints_or_writes_a_value_shows_a_sensitive_one(
    work: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(work)
    database: Any = _schema(work).Database
    shown: dict[str, str] = {}

    # Diagnostics: DecodeError's text, the renderers, the diagnostics themselves.
    with pytest.raises(hcl.DecodeError) as raised:
        hcl.loads(BAD, database, filename="bad.hcl", variables=_variables())
    error = raised.value
    assert [d.summary for d in error.diagnostics] == [
        "Unsupported attribute",
        "Unsupported argument",
        "Unsuitable value type",
        "Sensitive value not allowed",
    ]
    shown["str(DecodeError)"] = str(error)
    shown["DecodeError.text(safe=False)"] = error.text(safe=False)
    shown["render_diagnostics"] = render_diagnostics(
        error.diagnostics, error.files, width=30, carets=True, color=True
    )
    stream = io.StringIO()
    write_diagnostics(error.diagnostics, error.files, stream)
    shown["write_diagnostics"] = stream.getvalue()
    shown["diagnostics"] = repr(error.diagnostics) + "".join(map(str, error.diagnostics))
    assert "with var.db_user as" in shown["str(DecodeError)"]  # other variables still shown

    # Decoded objects and results.
    obj = hcl.loads(GOOD, database, variables=_variables())
    assert obj.password == SECRET  # the application gets the secret itself
    shown["repr(object)"] = repr(obj)
    body = hcl.parse(GOOD)
    shown["repr(Decoded)"] = repr(hcl.decode_body(body, database, variables=_variables()))
    shown["repr(decode_partial)"] = repr(hcl.decode_partial(body, database, variables=_variables()))
    shown["repr(variable)"] = repr(_variables())
    shown["repr(Value field)"] = repr(
        hcl.decode_expression(parse_expression("var.db_password")[0], hcl.Value, **_ctx())
    )

    # Writing back.
    with pytest.raises(ValueError) as refused:
        hcl.dumps(obj)
    shown["dumps"] = str(refused.value)
    with pytest.raises(ValueError) as refused:
        hcl.dumps(obj, syntax="json")
    shown["dumps json"] = str(refused.value)
    document, _ = parse_document(GOOD)
    hcl.update_document(document, dataclasses.replace(obj, user="admin"), variables=_variables())
    shown["update_document"] = document.text
    assert document.text == GOOD.replace('"app" #', '"admin" #')
    with pytest.raises(ValueError) as refused:
        hcl.update_document(
            document, dataclasses.replace(obj, password=SECRET + "!"), variables=_variables()
        )
    shown["update_document refused"] = str(refused.value)
    shown["to_dict"] = json.dumps(hcl.to_dict(GOOD, variables=_variables()))

    # The command line: text and JSON diagnostics, decoded JSON, convert.
    sensitive = ("--sensitive", "var.db_password")
    for schema in ("schema.py:Database", "database.hcldec"):
        for command in ("check", "decode", "convert"):
            for diagnostics in ("text", "json"):
                options = ("--to", "json") if command == "convert" else ()
                for name in ("good.hcl", "bad.hcl"):
                    args = (command, name, "--schema", schema, "--var-file", "secrets.hcl")
                    args += (*sensitive, "--diagnostics", diagnostics, *options)
                    shown[" ".join(args)] = "".join(map(str, _cli(capsys, *args)))
    assert shown[
        "convert good.hcl --schema database.hcldec --var-file secrets.hcl --sensitive "
        "var.db_password --diagnostics text --to json"
    ] == (
        "2hcldecode convert: error: cannot write the value decoded with database.hcldec: "
        "it holds a sensitive value, which is not written as text\n"
    )
    given = ("--schema", "schema.py:Database", "--var-file", "secrets.hcl")
    assert _cli(capsys, "decode", "good.hcl", *given, *sensitive) == (
        0,
        '{\n  "password": "(sensitive value)",\n  "user": "app",\n'
        '  "mode": "(sensitive value)"\n}\n',
        "",
    )

    leaks = [where for where, text in shown.items() if SECRET in text]
    assert leaks == []
    # ... but asked for, the decoded JSON shows it.
    status, out, _ = _cli(capsys, "decode", "good.hcl", *given, *sensitive, "--show-sensitive")
    assert (status, json.loads(out)["password"]) == (0, SECRET)


def _ctx() -> dict[str, Any]:
    return {"variables": _variables(), "functions": STDLIB}


# --------------------------------------------------------------------------- diagnostics


class Color(enum.Enum):
    RED = "red"
    BLUE = "blue"


@dataclasses.dataclass
class Secrets:
    choice: Annotated[Literal["a", "b"], hcl.attr(sensitive=True)] = "a"
    color: Annotated[Color, hcl.attr(sensitive=True)] = Color.RED
    key: Annotated[uuid.UUID | None, hcl.attr(sensitive=True)] = None
    ttl: Annotated[datetime.timedelta | None, hcl.attr(sensitive=True)] = None
    count: Annotated[int, hcl.attr(sensitive=True)] = 0
    plain: str = ""
    labels: dict[str, str] = dataclasses.field(default_factory=dict)
    raw: hcl.Value | None = None


def test_the_messages_of_built_in_checks_do_not_show_a_sensitive_value() -> None:
    text = (
        "choice = var.db_password\n"
        "color  = var.db_password\n"
        "key    = var.db_password\n"
        "ttl    = var.db_password\n"
        'count  = "${var.db_password}"\n'
    )
    assert problems(text, Secrets, **_ctx()) == [
        (
            "Unsuitable value type",
            'Unsuitable value: (sensitive value) is not one of "a", "b".',
            span(text, "var.db_password"),
        ),
        (
            "Unsuitable value type",
            'Unsuitable value: (sensitive value) is not one of "red", "blue".',
            span(text, "var.db_password", 1),
        ),
        (
            "Unsuitable value type",
            "Unsuitable value: a UUID is required, not (sensitive value).",
            span(text, "var.db_password", 2),
        ),
        (
            "Unsuitable value type",
            'Unsuitable value: a duration like "1h30m" or "250ms" is required, not '
            "(sensitive value).",
            span(text, "var.db_password", 3),
        ),
        (
            "Unsuitable value type",
            "Unsuitable value: a number is required.",
            span(text, '"${var.db_password}"'),
        ),
    ]


def test_the_same_messages_show_a_value_that_is_not_sensitive() -> None:
    text = 'choice = "hunter2"\n'

    @dataclasses.dataclass
    class Plain:
        choice: Literal["a", "b"] = "a"

    assert problems(text, Plain) == [
        (
            "Unsuitable value type",
            'Unsuitable value: "hunter2" is not one of "a", "b".',
            span(text, '"hunter2"'),
        )
    ]
    # the same literal, in a field declared sensitive: the field's value is sensitive
    assert problems(text, Secrets) == [
        (
            "Unsuitable value type",
            'Unsuitable value: (sensitive value) is not one of "a", "b".',
            span(text, '"hunter2"'),
        )
    ]


def test_a_field_not_declared_sensitive_refuses_a_sensitive_value() -> None:
    text = (
        "plain = upper(var.db_password)\nlabels = { a = var.db_password }\nraw = var.db_password\n"
    )
    detail = (
        "This value is derived from a sensitive value, and the field it is for is not "
        "declared sensitive: a field takes a sensitive value only where its class says "
        "it holds one (hcl.attr(sensitive=True))."
    )
    assert problems(text, Secrets, **_ctx()) == [
        ("Sensitive value not allowed", detail, span(text, "upper(var.db_password)")),
        ("Sensitive value not allowed", detail, span(text, "var.db_password", 1)),
    ]


def test_a_value_field_keeps_the_mark() -> None:
    found = hcl.loads("raw = var.db_password\n", Secrets, **_ctx()).raw
    assert found == Value.string(SECRET).mark(SENSITIVE)
    assert repr(found) == "Value.string(...).mark(SENSITIVE)"


def test_free_form_attributes_refuse_sensitive_values() -> None:
    @dataclasses.dataclass
    class Free:
        env: Annotated[dict[str, str], hcl.block()]

    text = "env {\n  a = var.db_password\n}\n"
    assert listed_summaries(text, Free) == [
        ("Sensitive value not allowed", span(text, "var.db_password"))
    ]


def listed_summaries(text: str, cls: type) -> list[tuple[str, str]]:
    with pytest.raises(hcl.DecodeError) as raised:
        hcl.loads(text, cls, filename="t.hcl", **_ctx())
    return [(summary, subject) for summary, _, subject in listed(raised.value)]


def test_a_function_error_does_not_show_a_sensitive_argument() -> None:
    text = "count = parseint(var.db_password, 10)\n"
    assert problems(text, Secrets, **_ctx()) == [
        (
            "Invalid function argument",
            'Invalid value for "number" parameter: cannot parse (sensitive value) as a '
            "base 10 integer.",
            span(text, "var.db_password"),
        )
    ]
    # without the mark, the message shows the value, as go-cty's does
    assert problems(text, Secrets, functions=STDLIB, variables={"var": {"db_password": "x"}}) == [
        (
            "Invalid function argument",
            'Invalid value for "number" parameter: cannot parse "x" as a base 10 integer.',
            span(text, "var.db_password"),
        )
    ]


def test_the_variable_lines_of_a_rendered_diagnostic_leave_a_sensitive_variable_out() -> None:
    text = "plain = var.db_password + var.db_user\n"
    with pytest.raises(hcl.DecodeError) as raised:
        hcl.loads(text, Secrets, filename="t.hcl", **_ctx())
    assert str(raised.value) == (
        "Error: Invalid operand\n"
        "\n"
        "  on t.hcl line 1:\n"
        "   1: plain = var.db_password + var.db_user\n"
        "\n"
        "Unsuitable value for left operand: a number is required.\n"
        "\n"
        "Error: Invalid operand\n"
        "\n"
        "  on t.hcl line 1:\n"
        "   1: plain = var.db_password + var.db_user\n"
        "\n"
        'with var.db_user as "admin".\n'
        "\n"
        "Unsuitable value for right operand: a number is required."
    )


def _too_short(_instance: object, _attribute: object, value: str) -> None:
    if len(value) < 10:
        raise ValueError(f"{value!r} is too short; {value} has {len(value)} characters")


@attrs.define
class Login:
    password: Annotated[str, hcl.attr(sensitive=True)] = attrs.field(validator=_too_short)
    user: str = "app"


def test_a_class_validator_message_does_not_show_a_sensitive_field() -> None:
    text = "password = var.db_password\n"
    assert problems(text, Login, **_ctx()) == [
        (
            "Invalid attribute value",
            'The value of "password" is not valid: (sensitive value) is too short; '
            "(sensitive value) has 7 characters",
            span(text, "var.db_password"),
        )
    ]


def test_a_sensitive_function_result() -> None:
    @hcl.function(sensitive=True)
    def vault(name: str) -> str:
        return SECRET

    text = 'count = parseint(vault("db"), 10)\n'
    assert problems(text, Secrets, functions={"vault": vault, **STDLIB}) == [
        (
            "Invalid function argument",
            'Invalid value for "number" parameter: cannot parse (sensitive value) as a '
            "base 10 integer.",
            span(text, 'vault("db")', part="vault("),
        )
    ]
    assert vault.call([Value.string("db")]) == Value.string(SECRET).mark(SENSITIVE)
    made = Function(
        [Parameter("name", STRING)],
        return_type=STRING,
        impl=lambda args, _t: Value.string(SECRET),
        sensitive=True,
    )
    assert made.sensitive and made.described("x").sensitive
    assert made.call([Value.string("db")]).has_mark(SENSITIVE)
    with pytest.raises(hcl.DecodeError) as raised:  # the validator refuses it
        hcl.loads('password = vault("db")\n', Login, functions={"vault": vault})
    assert SECRET not in str(raised.value)
    assert hcl.loads('password = vault("db")\n', Account, functions={"vault": vault}) == (
        Account(password=SECRET)
    )


# --------------------------------------------------------------------------- fields


def test_the_ways_to_declare_a_field_sensitive() -> None:
    @dataclasses.dataclass
    class Fields:
        a: Annotated[str, hcl.attr(sensitive=True)] = ""
        b: Annotated[str, SENSITIVE] = ""
        c: str = dataclasses.field(default="", metadata={"sensitive": True})
        d: str = ""

    @attrs.define
    class AttrsFields:
        e: str = attrs.field(default="", metadata={"sensitive": True})

    text = "a = var.db_password\nb = var.db_password\nc = var.db_password\n"
    assert hcl.loads(text, Fields, **_ctx()) == Fields(SECRET, SECRET, SECRET, "")
    assert hcl.loads("e = var.db_password\n", AttrsFields, **_ctx()) == AttrsFields(SECRET)
    assert hcl.schema_of(Fields) == hcl.schema_of(Fields)  # the mark is not a marker
    assert [summary for summary, _ in listed_summaries("d = var.db_password\n", Fields)] == [
        "Sensitive value not allowed"
    ]


def test_sensitive_helper_and_mark() -> None:
    assert hcl.sensitive("x") == Value.string("x").mark(SENSITIVE)
    assert hcl.sensitive(Value.number(3)) == Value.number(3).mark(SENSITIVE)
    assert hcl.sensitive({"a": [1]}) == to_value({"a": [1]}).mark(SENSITIVE)
    assert repr(SENSITIVE) == "SENSITIVE"
    assert pickle.loads(pickle.dumps(SENSITIVE)) is SENSITIVE
    assert hcl.SENSITIVE is SENSITIVE
    assert repr(Value.object({"a": hcl.sensitive("x"), "b": Value.number(1)})) == (
        "Value.object({'a': Value.string(...).mark(SENSITIVE), 'b': Value.number(1)})"
    )
    assert repr(Value.list([Value.number(1)]).mark(SENSITIVE, "other")) == (
        "Value.list(...).mark('other', SENSITIVE)"
    )
    # propagation is go-cty's: upper(var.pw) is sensitive
    ctx = EvalContext({"pw": hcl.sensitive("x")}, dict(STDLIB))
    value, _ = parse_expression("upper(pw)")[0].value(ctx)
    assert value == Value.string("X").mark(SENSITIVE)


# --------------------------------------------------------------------------- writing


@dataclasses.dataclass
class Account:
    password: Annotated[str, hcl.attr(sensitive=True)] = ""
    user: str = "app"


def test_dumps_refuses_a_sensitive_field_unless_it_is_left_out() -> None:
    with pytest.raises(ValueError) as refused:
        hcl.dumps(Account(password=SECRET))
    assert str(refused.value) == (
        "password: the field is sensitive, and a sensitive value is not written as text"
    )
    assert hcl.dumps(Account(user="x")) == 'user = "x"\n'  # the default is left out


def test_update_document_keeps_the_expression_of_a_sensitive_field() -> None:
    text = 'password = var.db_password # secret\nuser     = "app"\n'
    document, _ = parse_document(text)
    obj = hcl.loads(text, Account, **_ctx())
    hcl.update_document(document, dataclasses.replace(obj, user="ops"), **_ctx())
    assert document.text == 'password = var.db_password # secret\nuser     = "ops"\n'
    with pytest.raises(ValueError) as refused:
        hcl.update_document(document, dataclasses.replace(obj, password="other"), **_ctx())
    assert str(refused.value) == (
        "password: the value is sensitive, and its expression in the file gives another "
        "value; a sensitive value is not written as text (set it in the file, from a "
        "variable or a function that gives it)"
    )
    empty, _ = parse_document('user = "app"\n')
    with pytest.raises(ValueError) as refused:
        hcl.update_document(empty, obj, **_ctx())
    assert str(refused.value).startswith(
        "password: the value is sensitive, and the file does not set it;"
    )
    assert document.text == 'password = var.db_password # secret\nuser     = "ops"\n'


def test_to_dict_gives_the_expression_of_a_sensitive_value() -> None:
    text = "a = var.db_password\nb = [var.db_user, var.db_password]\nc = var.db_user\n"
    assert hcl.to_dict(text, **_ctx()) == {
        "a": "${var.db_password}",
        "b": "${[var.db_user, var.db_password]}",
        "c": "admin",
    }


# --------------------------------------------------------------------------- command line


def test_the_command_line_marks_variables_sensitive(
    work: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(work)
    given = ("decode", "good.hcl", "--schema", "schema.py:Database", "--var-file", "secrets.hcl")
    status, out, err = _cli(capsys, *given, "--sensitive", "var.nope")
    assert (status, out) == (2, "")
    assert err.endswith(
        "--sensitive var.nope: no such variable is given (by --var or --var-file)\n"
    )
    # Not marked, the variable reaches the sensitive field, which the output still hides.
    status, out, err = _cli(capsys, *given)
    assert (status, json.loads(out)["password"], err) == (0, "(sensitive value)", "")
    status, out, err = _cli(capsys, "check", "bad.hcl", *given[2:], "--sensitive", "var")
    assert status == 1
    assert SECRET not in err


def test_a_value_field_holding_a_sensitive_value_is_written_as_a_sensitive_field() -> None:
    text = "raw = var.db_password # kept\n"
    obj = hcl.loads(text, Secrets, **_ctx())
    document, _ = parse_document(text)
    hcl.update_document(document, dataclasses.replace(obj, plain="x"), **_ctx())
    assert document.text == 'raw = var.db_password # kept\nplain = "x"\n'
    with pytest.raises(ValueError) as refused:
        hcl.dumps(obj)
    assert str(refused.value) == (
        "raw: the value is sensitive, and a sensitive value is not written as text"
    )
    with pytest.raises(ValueError) as refused:
        hcl.update_document(document, dataclasses.replace(obj, raw=hcl.sensitive("x")), **_ctx())
    assert str(refused.value).startswith(
        "raw: the value is sensitive, and its expression in the file gives another value;"
    )


@dataclasses.dataclass
class Inner:
    password: Annotated[str, hcl.attr(sensitive=True)]
    port: int


@dataclasses.dataclass
class Outer:
    db: Annotated[Inner, hcl.block()]


def test_the_repr_of_a_partial_result_hides_a_sensitive_field() -> None:
    text = 'db {\n  password = var.db_password\n  port     = "x"\n}\n'
    result = hcl.decode_body(hcl.parse(text), Outer, **_ctx())
    assert result.fields["db"].fields == {"password": SECRET}
    assert repr(result.fields["db"]) == (
        f"Partial(cls={Inner!r}, fields={{'password': (sensitive value)}}, "
        "failed=frozenset({'port'}), range=Range(filename='<string>', "
        "start=Pos(line=1, column=1, byte=0), end=Pos(line=1, column=3, byte=2)))"
    )
    assert SECRET not in repr(result)
    assert SECRET not in repr(result.partial)


def test_a_duplicate_key_of_a_for_expression_is_not_shown_when_sensitive() -> None:
    text = "labels = {for x in [var.db_password, var.db_password] : x => 1}\n"
    detail = (
        "Two different items produced the key (sensitive value) in this 'for' expression. "
        "If duplicates are expected, use the ellipsis (...) after the value expression to "
        "enable grouping by key."
    )
    assert problems(text, Secrets, **_ctx()) == [
        ("Duplicate object key", detail, span(text, "x =>", part="x"))
    ]


def test_decode_expression_gives_the_secret_and_its_repr_hides_it() -> None:
    expr = parse_expression("upper(var.db_password)")[0]
    result = hcl.decode_expression(expr, str, **_ctx())
    assert result.value == SECRET.upper()
    assert repr(result) == (
        "Decoded(value=(sensitive value), fields={}, diagnostics=[], remaining=None, "
        "failed=frozenset())"
    )
    plain = hcl.decode_expression(parse_expression("var.db_user")[0], str, **_ctx())
    assert repr(plain) == (
        "Decoded(value='admin', fields={}, diagnostics=[], remaining=None, failed=frozenset())"
    )


def test_only_an_attribute_field_can_be_sensitive() -> None:
    @dataclasses.dataclass
    class Bad:
        db: Annotated[Inner, hcl.block(), SENSITIVE]

    with pytest.raises(hcl.SchemaError) as raised:
        hcl.loads("", Bad)
    assert str(raised.value) == (
        "test_only_an_attribute_field_can_be_sensitive.<locals>.Bad.db: only an attribute "
        "field can be sensitive (its blocks' classes declare their own sensitive fields)"
    )


def test_a_function_error_about_a_sensitive_argument_keeps_no_cause() -> None:
    @hcl.function
    def check(text: str) -> str:
        raise ValueError(f"{text} is not allowed")

    text = "plain = check(var.db_password)\n"
    with pytest.raises(hcl.DecodeError) as raised:
        hcl.loads(text, Secrets, functions={"check": check}, variables=_variables())
    diagnostic = raised.value.diagnostics[0]
    assert diagnostic.detail == 'Call to function "check" failed: (sensitive value) is not allowed.'
    error = diagnostic.extra.function_call_error
    assert (error.message, error.__cause__, error.__context__) == (
        "(sensitive value) is not allowed",
        None,
        None,
    )


def test_an_empty_sensitive_value_is_not_shown_either() -> None:
    text = "key = var.empty\n"
    variables = {"var": {"empty": hcl.sensitive("")}}
    assert problems(text, Secrets, variables=variables) == [
        (
            "Unsuitable value type",
            "Unsuitable value: a UUID is required, not (sensitive value).",
            span(text, "var.empty"),
        )
    ]


@dataclasses.dataclass
class Credential:
    user: str
    password: Annotated[str, hcl.attr(sensitive=True)]


@dataclasses.dataclass
class Service:
    credentials: list[Credential]
    names: list[str] = dataclasses.field(default_factory=list)


def test_a_class_in_an_attribute_value_declares_its_own_sensitive_fields() -> None:
    text = (
        'credentials = [{ user = "app", password = var.db_password }] # the logins\n'
        "names = [var.db_user]\n"
    )
    obj = hcl.loads(text, Service, **_ctx())
    assert obj.credentials == [Credential("app", SECRET)]
    # the user is not declared sensitive
    bad = 'credentials = [{ user = var.db_password, password = "x" }]\n'
    assert listed_summaries(bad, Service) == [
        ("Sensitive value not allowed", span(bad, "var.db_password"))
    ]
    # written back: the value of the whole attribute is sensitive
    document, _ = parse_document(text)
    hcl.update_document(document, dataclasses.replace(obj, names=["ops"]), **_ctx())
    assert document.text == text.replace("[var.db_user]", '["ops"]')
    with pytest.raises(ValueError) as refused:
        hcl.dumps(obj)
    assert str(refused.value) == (
        "credentials: the value is sensitive, and a sensitive value is not written as text"
    )
    assert to_value(Credential("a", "b")) == Value.object(
        {"user": Value.string("a"), "password": Value.string("b").mark(SENSITIVE)}
    )
