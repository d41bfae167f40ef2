"""``hcldecode hcldec``: every flag, output formats and exit statuses."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from hcldecode.cli import main as cli_main
from hcldecode.cli._hcldec import main

SPEC = """
variables {
  greeting = "hi"
}
object {
  attr "name" { type = string }
  attr "n" { type = number }
  attr "gone" { type = string }
  block_list "item" {
    attr {
      name = "v"
      type = any
    }
  }
}
"""


def run(
    tmp_path: Path, *args: str, stdin: bytes = b"", files: dict[str, str] | None = None
) -> tuple[int, str, str]:
    (tmp_path / "s.hcldec").write_text(SPEC)
    for name, text in (files or {}).items():
        (tmp_path / name).write_text(text)
    out, err = io.StringIO(), io.StringIO()
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        status = main(list(args), stdin=lambda: stdin, stdout=out, stderr=err)
    finally:
        os.chdir(old)
    return status, out.getvalue(), err.getvalue()


INPUT = {"in.hcl": 'name = "${greeting} <you>"\nn = "12"\nitem { v = 1 }\nitem { v = "x" }\n'}


def test_default_output_strips_nulls_and_sorts_keys(tmp_path: Path) -> None:
    assert run(tmp_path, "--spec=s.hcldec", "in.hcl", files=INPUT) == (
        0,
        '{"item":["1","x"],"n":12,"name":"hi \\u003cyou\\u003e"}\n',
        "",
    )


def test_keep_nulls(tmp_path: Path) -> None:
    assert run(tmp_path, "--spec", "s.hcldec", "--keep-nulls", "in.hcl", files=INPUT)[1] == (
        '{"gone":null,"item":["1","x"],"n":12,"name":"hi \\u003cyou\\u003e"}\n'
    )


def test_with_type(tmp_path: Path) -> None:
    status, out, _ = run(tmp_path, "-s", "s.hcldec", "--with-type", "in.hcl", files=INPUT)
    assert status == 0
    assert out == (
        '{"type":["object",{"gone":"string","item":["list","string"],"n":"number",'
        '"name":"string"}],"value":{"item":["1","x"],"n":12,"name":"hi \\u003cyou\\u003e"}}\n'
    )
    _, out, _ = run(tmp_path, "-s=s.hcldec", "--with-type", "--keep-nulls", "in.hcl")
    assert out.startswith('{"value":{"gone":null,')


def test_standard_input_is_read_without_files(tmp_path: Path) -> None:
    assert run(tmp_path, "--spec=s.hcldec", stdin=b"n = 1\n") == (0, '{"item":[],"n":1}\n', "")


def test_several_files_are_merged_and_json_files_use_json(tmp_path: Path) -> None:
    files = {"a.hcl": "n = 1\n", "b.json": '{"name": "j", "item": [{"v": true}]}'}
    assert run(tmp_path, "--spec=s.hcldec", "a.hcl", "b.json", files=files)[1] == (
        '{"item":[true],"n":1,"name":"j"}\n'
    )


def test_vars_json_and_file(tmp_path: Path) -> None:
    files = {"in.hcl": "name = greeting\nn = extra\n", "v.hcl": "extra = 3\n"}
    status, out, _ = run(
        tmp_path,
        "--spec=s.hcldec",
        '--vars={"greeting": "yo"}',
        "-V",
        "v.hcl",
        "in.hcl",
        files=files,
    )
    assert (status, out) == (0, '{"item":[],"n":3,"name":"yo"}\n')


def test_out_file(tmp_path: Path) -> None:
    assert run(tmp_path, "--spec=s.hcldec", "-o", "result.json", "in.hcl", files=INPUT)[:2] == (
        0,
        "",
    )
    assert (tmp_path / "result.json").read_text().startswith('{"item"')
    status, _, err = run(tmp_path, "--spec=s.hcldec", "--out=no/such/dir", "in.hcl")
    assert (status, err) == (
        1,
        "Error: can't open no/such/dir for writing: open no/such/dir: no such file or "
        "directory\n\n",
    )
    # A folder: Go's words too (HCL v2.14.1's hcldec, -o /tmp).
    (tmp_path / "folder").mkdir()
    status, _, err = run(tmp_path, "--spec=s.hcldec", "--out=folder", "in.hcl")
    assert (status, err) == (
        1,
        "Error: can't open folder for writing: open folder: is a directory\n\n",
    )


def test_var_refs(tmp_path: Path) -> None:
    status, out, _ = run(
        tmp_path, "--spec=s.hcldec", "--var-refs", "in.hcl", files={"in.hcl": "n = x[0]\n"}
    )
    assert status == 0
    pos = {"line": 1, "column": 5, "byte": 4}
    assert json.loads(out) == [
        {
            "root_name": "x",
            "steps": [
                {
                    "kind": "root",
                    "name": "x",
                    "range": {
                        "filename": "in.hcl",
                        "start": pos,
                        "end": {"line": 1, "column": 6, "byte": 5},
                    },
                },
                {
                    "kind": "index",
                    "key": 0,
                    "range": {
                        "filename": "in.hcl",
                        "start": {"line": 1, "column": 6, "byte": 5},
                        "end": {"line": 1, "column": 9, "byte": 8},
                    },
                },
            ],
            "range": {
                "filename": "in.hcl",
                "start": pos,
                "end": {"line": 1, "column": 9, "byte": 8},
            },
        }
    ]
    assert out.startswith('[\n  {\n    "root_name": "x",\n    "steps": [\n')


def test_diagnostics_as_json(tmp_path: Path) -> None:
    status, out, err = run(
        tmp_path, "--spec=s.hcldec", "--diags=json", "in.hcl", files={"in.hcl": 'n = "x"\n'}
    )
    assert (status, out) == (2, "")
    assert json.loads(err) == {
        "diagnostics": [
            {
                "severity": "error",
                "summary": "Incorrect attribute value type",
                "detail": 'Inappropriate value for attribute "n": a number is required.',
                "subject": {
                    "filename": "in.hcl",
                    "start": {"line": 1, "column": 5, "byte": 4},
                    "end": {"line": 1, "column": 8, "byte": 7},
                },
            }
        ]
    }


def test_diagnostics_as_text(tmp_path: Path) -> None:
    status, _, err = run(tmp_path, "--spec=s.hcldec", "in.hcl", files={"in.hcl": "bad = 1\n"})
    assert status == 2
    assert err.startswith("Error: Unsupported argument\n\n  on in.hcl line 1:\n   1: bad = 1\n")


def test_missing_input_file(tmp_path: Path) -> None:
    status, _, err = run(tmp_path, "--spec=s.hcldec", "--diags=json", "nope.hcl")
    assert status == 2
    assert json.loads(err)["diagnostics"] == [
        {
            "severity": "error",
            "summary": "Failed to read file",
            "detail": 'The configuration file "nope.hcl" could not be read.',
        }
    ]


def test_spec_file_errors_exit_2(tmp_path: Path) -> None:
    (tmp_path / "bad.hcldec").write_text("variables {}\n")
    status, _, err = run(tmp_path, "--spec=bad.hcldec", "--diags=json", "in.hcl", files=INPUT)
    assert status == 2
    assert json.loads(err)["diagnostics"][0]["summary"] == "Missing spec block"


@pytest.mark.parametrize(
    ("args", "status", "out", "err_start"),
    [
        ((), 1, "", "Error: the --spec=... argument is required\n\n"),
        (("--version",), 0, "0.0.1-dev\n", ""),
        (("--bogus",), 2, "", "unknown flag: --bogus\nusage: hcldec --spec=<spec-file>"),
        (("--help",), 2, "", "usage: hcldec --spec=<spec-file> [options] [hcl-file ...]\n"),
        (
            ("--spec=s.hcldec", "--diags=xml"),
            2,
            "",
            'Invalid diagnostics format "xml": only "json" is supported.\n',
        ),
        (("--spec",), 2, "", "flag needs an argument: --spec\n"),
    ],
)
def test_command_line(
    tmp_path: Path, args: tuple[str, ...], status: int, out: str, err_start: str
) -> None:
    got_status, got_out, got_err = run(tmp_path, *args)
    assert (got_status, got_out) == (status, out)
    assert got_err.startswith(err_start)


def test_hcldecode_cli_delegates(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["hcldec", "--version"]) == 0
    assert capsys.readouterr().out == "0.0.1-dev\n"


def test_text_diagnostics_off_a_terminal_are_plain_and_wrapped_at_80(tmp_path: Path) -> None:
    name = "an_argument_with_a_name_long_enough_to_wrap_the_detail"
    status, _, err = run(tmp_path, "--spec=s.hcldec", "in.hcl", files={"in.hcl": f"{name} = 1\n"})
    assert status == 2
    assert "\x1b[" not in err
    assert err.endswith(f'\nAn argument named "{name}" is\nnot expected here.\n\n')


def test_numbers_longer_than_pythons_digit_limit_are_printed(tmp_path: Path) -> None:
    # The reference prints every digit; Python's str(int) would refuse beyond 4,300.
    files = {"in.hcl": "n = 1e4300\n", "v.hcl": "n = x\n", "r.hcl": "n = 1 / 1e-300\n"}
    assert run(tmp_path, "--spec=s.hcldec", "in.hcl", files=files) == (
        0,
        '{"item":[],"n":1' + "0" * 4300 + "}\n",
        "",
    )
    assert run(tmp_path, "--spec=s.hcldec", '--vars={"x": 1e5000}', "v.hcl") == (
        0,
        '{"item":[],"n":1' + "0" * 5000 + "}\n",
        "",
    )
    # A rounded whole value prints as its shortest decimal, as the reference does.
    assert run(tmp_path, "--spec=s.hcldec", "r.hcl") == (
        0,
        '{"item":[],"n":1' + "0" * 300 + "}\n",
        "",
    )


def test_text_diagnostics_show_terminal_escapes_escaped(tmp_path: Path) -> None:
    # The reference writes the source line as it is; hcldecode escapes what
    # could act on a terminal (docs/compatibility.md, "Diagnostics rendering").
    files = {"in.hcl": 'name = "\x1b]0;title\x07\u202e" + 1\n'}
    status, _, err = run(tmp_path, "--spec=s.hcldec", "in.hcl", files=files)
    assert status == 2
    assert err == (
        "Error: Invalid operand\n\n"
        "  on in.hcl line 1:\n"
        '   1: name = "\\x1b]0;title\\a\\u202e" + 1\n\n'
        "Unsuitable value for left operand: a number is required.\n\n"
    )
