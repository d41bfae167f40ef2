"""``hcldecode fmt`` and ``hcldecode convert``, run as a user runs them."""

from __future__ import annotations

import errno
import os
import subprocess
from pathlib import Path

import pytest
from test_cli import run_command

import hcldecode as hcl
from hcldecode.cli import main

ROOT = Path(__file__).resolve().parents[2]


def hcldecode(cwd: Path, *args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """Run the command as a user would, its output kept as bytes."""
    return run_command(cwd, *args, stdin=stdin)


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.hcl").write_bytes(b'a=1\nbb = "x"\n')
    (tmp_path / "good.hcl").write_bytes(b"ok = 1\n")
    (tmp_path / "sub" / "b.hcl").write_bytes(b"c  =  2\n")
    (tmp_path / "notes.txt").write_bytes(b"x=1\n")
    return tmp_path


def test_fmt_prints_files_formatted(tree: Path) -> None:
    done = hcldecode(tree, "fmt", "a.hcl", "good.hcl")
    assert (done.returncode, done.stdout, done.stderr) == (0, b'a  = 1\nbb = "x"\nok = 1\n', b"")


def test_fmt_check_names_the_files_to_change_and_exits_3(tree: Path) -> None:
    done = hcldecode(tree, "fmt", "--check", ".")
    assert (done.returncode, done.stdout) == (3, b"a.hcl\n")
    done = hcldecode(tree, "fmt", "--check", "--recursive", ".")
    assert (done.returncode, done.stdout) == (3, b"a.hcl\nsub/b.hcl\n")
    done = hcldecode(tree, "fmt", "--check", "good.hcl")
    assert (done.returncode, done.stdout) == (0, b"")
    assert (tree / "a.hcl").read_bytes() == b'a=1\nbb = "x"\n'


def test_fmt_write_rewrites_the_files_that_change(tree: Path) -> None:
    done = hcldecode(
        tree, "fmt", "--write", "--recursive", "--suffix", ".hcl", "--suffix", ".txt", "."
    )
    assert (done.returncode, done.stdout) == (0, b"a.hcl\nnotes.txt\nsub/b.hcl\n")
    assert (tree / "a.hcl").read_bytes() == b'a  = 1\nbb = "x"\n'
    assert (tree / "notes.txt").read_bytes() == b"x = 1\n"
    assert (tree / "sub" / "b.hcl").read_bytes() == b"c = 2\n"
    assert hcldecode(tree, "fmt", "--check", "--recursive", ".").returncode == 0


def test_fmt_diff(tree: Path) -> None:
    done = hcldecode(tree, "fmt", "--diff", "a.hcl", "good.hcl")
    assert done.returncode == 0
    assert done.stdout == (
        b'--- a.hcl.orig\n+++ a.hcl\n@@ -1,2 +1,2 @@\n-a=1\n+a  = 1\n bb = "x"\n'
    )


def test_fmt_reads_standard_input(tree: Path) -> None:
    done = hcldecode(tree, "fmt", "-", stdin=b"a=1\n# \xff kept\n")
    assert (done.returncode, done.stdout) == (0, b"a = 1\n# \xff kept\n")
    done = hcldecode(tree, "fmt", "--write", "-")
    assert done.returncode == 2
    assert done.stderr == b"hcldecode fmt: error: --write cannot rewrite standard input\n"


def test_fmt_leaves_files_with_syntax_errors_alone_and_exits_2(tree: Path) -> None:
    (tree / "bad.hcl").write_bytes(b"x = \n")
    done = hcldecode(tree, "fmt", "--write", "--color=never", "bad.hcl", "a.hcl")
    assert done.returncode == 2
    assert done.stdout == b"a.hcl\n"
    assert done.stderr.decode() == (
        "Error: Invalid expression\n"
        "\n"
        "  on bad.hcl line 1:\n"
        "   1: x = \n"
        "          ^\n"
        "\n"
        "Expected the start of an expression, but found an invalid expression token.\n"
        "\n"
    )
    assert (tree / "bad.hcl").read_bytes() == b"x = \n"
    missing = hcldecode(tree, "fmt", "nothing.hcl")
    assert missing.returncode == 2
    assert missing.stderr == (
        b"hcldecode fmt: error: cannot read nothing.hcl: No such file or directory\n"
    )


def test_fmt_write_reports_a_file_it_cannot_write(
    tree: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def refuse(self: Path, data: bytes) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self))

    monkeypatch.chdir(tree)
    monkeypatch.setattr(Path, "write_bytes", refuse)
    assert main(["fmt", "--write", "a.hcl", "good.hcl"]) == 2
    assert capsys.readouterr() == (
        "a.hcl\n",
        "hcldecode fmt: error: cannot write a.hcl: No space left on device\n",
    )
    assert (tree / "a.hcl").read_bytes() == b'a=1\nbb = "x"\n'


def test_fmt_reports_a_directory_it_cannot_list(
    tree: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def refuse(self: Path) -> list[Path]:
        raise OSError(errno.EACCES, os.strerror(errno.EACCES), str(self))

    monkeypatch.chdir(tree)
    monkeypatch.setattr(Path, "iterdir", refuse)
    assert main(["fmt", "--check", "sub", "a.hcl"]) == 2
    assert capsys.readouterr() == (
        "a.hcl\n",
        "hcldecode fmt: error: cannot list sub: Permission denied\n",
    )


def test_convert_writes_the_other_syntax_and_reads_back(tmp_path: Path) -> None:
    example = ROOT / "examples" / "webservice"
    common = (
        "--schema",
        str(example / "config.py") + ":Service",
        "--var",
        'var={"region": "eu-west-1"}',
    )
    as_json = hcldecode(tmp_path, "convert", str(example / "service.hcl"), *common, "--to", "json")
    assert as_json.returncode == 0, as_json.stderr
    (tmp_path / "service.hcl.json").write_bytes(as_json.stdout)
    back = hcldecode(tmp_path, "convert", "service.hcl.json", *common, "--to", "hcl")
    assert back.returncode == 0, back.stderr
    (tmp_path / "service.hcl").write_bytes(back.stdout)
    decoded = [
        hcldecode(tmp_path, "decode", name, *common).stdout
        for name in (str(example / "service.hcl"), "service.hcl.json", "service.hcl")
    ]
    assert decoded[0] == decoded[1] == decoded[2]
    assert back.stdout.startswith(b'service  = "storefront"\nregion   = "eu-west-1"\n')


def test_convert_keeps_template_sequences_literal_in_both_directions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "greeting.py").write_text(
        "import dataclasses\n\n@dataclasses.dataclass\nclass Greeting:\n    text: str\n"
    )
    (tmp_path / "g.hcl").write_text('text = "say $${name}"\n')
    common = ("--schema", "greeting.py:Greeting")
    assert main(["convert", "g.hcl", *common, "--to", "json"]) == 0
    as_json = capsys.readouterr().out
    assert as_json == '{\n  "text": "say $${name}"\n}\n'
    (tmp_path / "g.json").write_text(as_json)
    assert main(["convert", "g.json", *common, "--to", "hcl"]) == 0
    assert capsys.readouterr().out == 'text = "say $${name}"\n'


# ------------------------------------------------------------------------ convert with a spec file

APP_SPEC = """\
object {
  attr "name" {
    type     = string
    required = true
  }
  block_map "service" {
    labels = ["name"]
    object {
      attr "port" { type = number }
    }
  }
  default "timeout" {
    attr {
      name = "timeout"
      type = number
    }
    literal { value = 30 }
  }
}
"""

APP = 'name = "shop-${env}"\ntimeout = 30\nservice "web" { port = 8080 }\n'


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "app.hcldec").write_text(APP_SPEC)
    (tmp_path / "app.hcl").write_text(APP)
    return tmp_path


def run_main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_convert_with_a_spec_file_writes_what_the_spec_decodes_back(
    app: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    common = ("--schema", "app.hcldec", "--var", "env=prod")
    status, out, err = run_main(capsys, "convert", "app.hcl", *common, "--to", "json")
    assert (status, err) == (0, "")
    assert out == (
        '{\n  "name": "shop-prod",\n'
        '  "service": {\n    "web": {\n      "port": 8080\n    }\n  }\n}\n'
    )
    (app / "app.json").write_text(out)
    status, out, err = run_main(capsys, "convert", "app.json", *common, "--to", "hcl")
    assert (status, err) == (0, "")
    assert out == 'name = "shop-prod"\n\nservice "web" {\n  port = 8080\n}\n'
    (app / "back.hcl").write_text(out)
    decoded = {
        name: run_main(capsys, "decode", name, *common)
        for name in ("app.hcl", "app.json", "back.hcl")
    }
    assert decoded["app.hcl"] == decoded["app.json"] == decoded["back.hcl"]
    assert decoded["app.hcl"] == (
        0,
        '{\n  "name": "shop-prod",\n  "service": {\n    "web": {\n      "port": 8080\n    }\n'
        '  },\n  "timeout": 30\n}\n',
        "",
    )
    assert run_main(capsys, "check", "-v", "back.hcl", *common) == (
        0,
        "ok: back.hcl matches app.hcldec with variables env\n",
        "",
    )


def test_convert_with_a_spec_file_reports_configuration_errors_with_status_1(
    app: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_main(
        capsys, "convert", "app.hcl", "--schema", "app.hcldec", "--to", "json", "--color=never"
    )
    assert (status, out) == (1, "")
    assert err == (
        "Error: Variables not allowed\n"
        "\n"
        "  on app.hcl line 1:\n"
        '   1: name = "shop-${env}"\n'
        "                     ^^^\n"
        "\n"
        "Variables may not be used here. Variables can be given on the command line with "
        "--var NAME=VALUE or --var-file FILE.\n"
        "\n"
    )


def test_a_spec_file_that_cannot_be_read_is_a_command_line_mistake(
    app: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_main(capsys, "convert", "app.hcl", "--schema", "gone.hcldec", "--to", "hcl") == (
        2,
        "",
        "hcldecode convert: error: cannot read gone.hcldec: No such file or directory\n",
    )
    (app / "bad.hcldec").write_text('object {\n  attr "a" { kind = string }\n}\n')
    status, out, err = run_main(
        capsys, "check", "app.hcl", "--schema", "bad.hcldec", "--color=never"
    )
    assert (status, out) == (2, "")
    assert err == (
        "Error: Unsupported argument\n"
        "\n"
        "  on bad.hcldec line 2, in object:\n"
        '   2:   attr "a" { kind = string }\n'
        "                   ^^^^\n"
        "\n"
        'An argument named "kind" is not expected here.\n'
        "\n"
    )


TRANSFORM = 'transform {\n  attr {\n    name = "a"\n    type = string\n  }\n  result = %s\n}\n'


def test_a_value_the_spec_cannot_write_back_is_a_command_line_mistake(
    app: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (app / "a.hcl").write_text('a = "shout"\n')
    # The value written must come back through the transform unchanged.
    (app / "mark.hcldec").write_text(TRANSFORM % '"${nested}!"')
    assert run_main(capsys, "convert", "a.hcl", "--schema", "mark.hcldec", "--to", "json") == (
        2,
        "",
        "hcldecode convert: error: cannot write the value decoded with mark.hcldec: "
        "TransformExprSpec: a transform cannot be written back unless it gives the value back "
        "(as result = nested does), and it does not for this value\n",
    )
    (app / "upper.hcldec").write_text(TRANSFORM % "upper(nested)")
    assert run_main(capsys, "convert", "a.hcl", "--schema", "upper.hcldec", "--to", "json") == (
        0,
        '{\n  "a": "SHOUT"\n}\n',
        "",
    )


SPEC_SUITE = Path("/usr/share/gocode/src/github.com/hashicorp/hcl/v2/specsuite/tests")


def _suite_cases() -> list[tuple[Path, Path]]:
    """Each spec file of HCL's spec suite with each of its inputs."""
    if not SPEC_SUITE.is_dir():
        return []
    cases = []
    for spec in sorted(SPEC_SUITE.rglob("*.hcldec")):
        stem = spec.with_suffix("")
        cases += [(spec, p) for p in (Path(f"{stem}.hcl"), Path(f"{stem}.hcl.json")) if p.is_file()]
    return cases


@pytest.mark.parametrize(
    "case",
    _suite_cases() or [None],
    ids=lambda c: str(c[1].relative_to(SPEC_SUITE)) if c else "no-spec-suite",
)
def test_the_spec_suite_converts_both_ways(
    case: tuple[Path, Path] | None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    if case is None:
        pytest.skip(f"HCL's spec suite is not installed (no {SPEC_SUITE})")
    spec, source = case
    monkeypatch.chdir(tmp_path)
    expected = hcl.to_dict(source.with_name(spec.stem + ".t").read_text())
    first, second = ("hcl", "json") if source.suffix == ".json" else ("json", "hcl")
    status, out, err = run_main(
        capsys, "convert", str(source), "--schema", str(spec), "--to", first
    )
    if expected.get("diagnostics"):
        assert (status, out) == (1, "") and err.startswith("Error: "), err
        return
    assert (status, err) == (0, "")
    there = tmp_path / ("there.json" if first == "json" else "there.hcl")
    there.write_text(out)
    status, out, err = run_main(
        capsys, "convert", there.name, "--schema", str(spec), "--to", second
    )
    assert (status, err) == (0, "")
    back = tmp_path / ("back.json" if second == "json" else "back.hcl")
    back.write_text(out)
    decoded = [
        run_main(capsys, "hcldec", f"--spec={spec}", "--with-type", str(path))
        for path in (source, there, back)
    ]
    assert decoded[0][0] == 0
    assert decoded[0] == decoded[1] == decoded[2]
