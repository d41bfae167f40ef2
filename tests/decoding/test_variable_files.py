"""Variable files and environment overlays from Python: ``load_variables``."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hcldecode as hcl
from hcldecode.decoding import load_variables
from hcldecode.values import NUMBER, STRING, ListType, MapType


def listed(decoded: hcl.Decoded[dict[str, hcl.Value]]) -> list[tuple[str, str, str | None]]:
    return [
        (d.summary, d.detail or "", None if d.subject is None else str(d.subject))
        for d in decoded.diagnostics
    ]


@dataclasses.dataclass
class Listener:
    port: int


DECLARED = {
    "region": str,
    "size": int,
    "ports": list[int],
    "tags": ListType(STRING),
    "mode": Literal["fast", "safe"],
    "listener": Listener,
    "limits": MapType(NUMBER),
}


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_files_in_order_later_ones_win(here: Path) -> None:
    (here / "a.tfvars").write_text('region = "eu"\nsize = 2\n', encoding="utf-8")
    (here / "b.tfvars.json").write_text('{"size": 3, "tags": ["x"]}', encoding="utf-8")
    result = load_variables(["a.tfvars", "b.tfvars.json"])
    assert result.ok
    assert result.value == {
        "region": hcl.Value.string("eu"),
        "size": hcl.Value.number(3),
        "tags": hcl.Value.tuple([hcl.Value.string("x")]),
    }


def test_values_are_converted_to_the_declared_types(here: Path) -> None:
    (here / "a.tfvars").write_text(
        'size = "3"\nports = [80, "443"]\ntags = ["a", 1]\nlistener = { port = "8080" }\n',
        encoding="utf-8",
    )
    result = load_variables("a.tfvars", declared=DECLARED)
    assert result.ok
    assert result.value == {
        "size": hcl.Value.number(3),
        "ports": hcl.Value.list([hcl.Value.number(80), hcl.Value.number(443)]),
        "tags": hcl.Value.list([hcl.Value.string("a"), hcl.Value.string("1")]),
        "listener": hcl.Value.object({"port": hcl.Value.number(8080)}),
    }
    # The values are variables of a decode as they are.
    assert hcl.loads("x = var.size + 1", dict[str, int], variables={"var": result.value}) == {
        "x": 4
    }


def test_every_mistake_in_a_file_is_a_diagnostic(here: Path) -> None:
    (here / "bad.tfvars").write_text(
        'regoin = "eu"\n'
        'size = "many"\n'
        'ports = [1, "two"]\n'
        'mode = "slow"\n'
        "limits = { a = 1, b = true }\n"
        "tags = var.tags\n"
        "zone {}\n",
        encoding="utf-8",
    )
    result = load_variables(["bad.tfvars", "missing.tfvars"], declared=DECLARED)
    assert not result.ok
    assert result.value == {}
    assert listed(result) == [
        (
            "Value for undeclared variable",
            'A value for "regoin" was found in "bad.tfvars", but no variable of that name '
            'is declared. Did you mean "region"?',
            "bad.tfvars:1,1-7",
        ),
        (
            "Invalid value for variable",
            "The given value is not suitable for var.size: a number is required.",
            "bad.tfvars:2,8-14",
        ),
        (
            "Invalid value for variable",
            "The given value is not suitable for var.ports: element 1: a number is required.",
            "bad.tfvars:3,9-19",
        ),
        (
            "Invalid value for variable",
            'The given value is not suitable for var.mode: "slow" is not one of "fast", "safe".',
            "bad.tfvars:4,8-14",
        ),
        (
            "Invalid value for variable",
            'The given value is not suitable for var.limits: element "b": number required, '
            "but have bool.",
            "bad.tfvars:5,10-29",
        ),
        ("Variables not allowed", "Variables may not be used here.", "bad.tfvars:6,8-11"),
        ('Unexpected "zone" block', "Blocks are not allowed here.", "bad.tfvars:7,1-5"),
        (
            "Failed to read file",
            'The configuration file "missing.tfvars" could not be read.',
            None,
        ),
    ]
    assert list(result.files) == ["bad.tfvars"]


def test_syntax_errors_are_reported_and_the_file_skipped(here: Path) -> None:
    (here / "a.tfvars.json").write_text('{"size": }', encoding="utf-8")
    result = load_variables("a.tfvars.json")
    assert (result.value, [(s, r) for s, _, r in listed(result)]) == (
        {},
        [("Missing JSON value", "a.tfvars.json:1,10-11")],
    )


def test_without_declared_names_every_attribute_is_a_variable_as_written(here: Path) -> None:
    (here / "a.tfvars").write_text('anything = [1, "x"]\n', encoding="utf-8")
    result = load_variables("a.tfvars")
    assert result.value == {
        "anything": hcl.Value.tuple([hcl.Value.number(1), hcl.Value.string("x")])
    }


ENV = {
    "TF_VAR_region": "eu-west-1",
    "TF_VAR_size": "3",
    "TF_VAR_ports": '[80, "443"]',
    "TF_VAR_limits": "{ cpu = 2 }",
    "TF_VAR_undeclared": "x",
    "TF_VAR_not-an-identifier!": "x",
    "OTHER": "x",
}


def test_the_environment_is_read_as_terraform_reads_tf_var() -> None:
    result = load_variables(declared=DECLARED, env_prefix="TF_VAR_", environ=ENV)
    assert result.ok
    assert result.value == {
        "limits": hcl.Value.map({"cpu": hcl.Value.number(2)}),
        "ports": hcl.Value.list([hcl.Value.number(80), hcl.Value.number(443)]),
        "region": hcl.Value.string("eu-west-1"),
        "size": hcl.Value.number(3),
    }


def test_without_declared_names_the_environment_gives_strings() -> None:
    result = load_variables(env_prefix="APP_", environ={"APP_list": "[1]", "APP_x": "1"})
    assert result.value == {"list": hcl.Value.string("[1]"), "x": hcl.Value.string("1")}


def test_files_win_over_the_environment(here: Path) -> None:
    (here / "a.tfvars").write_text('region = "us-east-1"\n', encoding="utf-8")
    result = load_variables("a.tfvars", declared=DECLARED, env_prefix="TF_VAR_", environ=ENV)
    assert result.value is not None
    assert result.value["region"] == hcl.Value.string("us-east-1")
    assert result.value["size"] == hcl.Value.number(3)


def test_mistakes_in_the_environment_are_diagnostics() -> None:
    environ = {"TF_VAR_size": "many", "TF_VAR_ports": "[1,", "TF_VAR_limits": "{ a = x }"}
    result = load_variables(declared=DECLARED, env_prefix="TF_VAR_", environ=environ)
    assert result.value == {}
    assert listed(result) == [
        (
            "Variables not allowed",
            "Variables may not be used here.",
            "<value for var.limits>:1,7-8",
        ),
        (
            "Missing expression",
            "Expected the start of an expression, but found the end of the file.",
            "<value for var.ports>:1,4-4",
        ),
        (
            "Invalid value for variable",
            "The given value is not suitable for var.size: a number is required.",
            "<value for var.size>:1,1-5",
        ),
    ]


def test_the_os_environment_is_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HCLDECODE_TEST_VAR_region", "eu")
    result = load_variables(env_prefix="HCLDECODE_TEST_VAR_")
    assert result.value == {"region": hcl.Value.string("eu")}


def test_a_decoder_s_own_types_serve_declared_annotations() -> None:
    class Port(int):
        pass

    decoder = hcl.Decoder(types={Port: (NUMBER, Port)})
    result = decoder.load_variables(
        declared={"port": Port}, env_prefix="V_", environ={"V_port": "x"}
    )
    assert listed(result) == [
        (
            "Invalid value for variable",
            "The given value is not suitable for var.port: a number is required.",
            "<value for var.port>:1,1-2",
        )
    ]


def test_program_mistakes_raise() -> None:
    with pytest.raises(TypeError):
        load_variables(declared={"x": complex})
    with pytest.raises(TypeError, match=r"^environ is read only with env_prefix$"):
        load_variables(environ={})


@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=20))
def test_a_string_variable_from_the_environment_is_the_text_as_it_is(text: str) -> None:
    result = load_variables(declared={"s": str}, env_prefix="P_", environ={"P_s": text})
    assert result.value == {"s": hcl.Value.string(text)}
