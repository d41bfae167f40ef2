"""``hcldecode fmt`` and ``hcldecode convert``, run as a user runs them."""

from __future__ import annotations

import errno
import os
import subprocess
from pathlib import Path

import pytest

from hcldecode.cli import main
from test_cli import run_command

ROOT = Path(__file__).resolve().parents[1]


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
