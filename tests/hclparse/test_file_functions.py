"""Terraform's file functions bound to a base directory: ``file_functions``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import hcldecode as hcl
from hcldecode.functions import STDLIB
from hcldecode.hclparse import file_functions


@pytest.fixture
def base(tmp_path: Path) -> Path:
    root = tmp_path / "base"
    (root / "sub").mkdir(parents=True)
    (root / "a.txt").write_text("hello", encoding="utf-8")
    (root / "sub" / "b.txt").write_text("b", encoding="utf-8")
    (root / "sub" / "c.md").write_text("c", encoding="utf-8")
    (root / "t.tpl").write_text(
        "Hi ${name}! ${upper(x)}%{ for t in tags }[${t}]%{ endfor }", encoding="utf-8"
    )
    (root / "bad.tpl").write_text("Hi ${nope}", encoding="utf-8")
    (root / "err.tpl").write_text("${1 + true}", encoding="utf-8")
    (root / "rec.tpl").write_text('${templatefile("a.txt", {})}', encoding="utf-8")
    (root / "latin1.txt").write_bytes(b"caf\xe9")
    (tmp_path / "secret.txt").write_text("secret", encoding="utf-8")
    (root / "link.txt").symlink_to(tmp_path / "secret.txt")
    return root


def run(base: Path, expr: str, **kwargs: object) -> object:
    functions: dict[str, Any] = file_functions(base, functions=STDLIB, **kwargs)  # type: ignore[arg-type]
    try:
        return hcl.loads(f"v = {expr}", dict[str, hcl.Value], functions=functions)["v"]
    except hcl.DecodeError as error:
        return [(d.summary, d.detail, str(d.subject)) for d in error.diagnostics]


def test_file_reads_text(base: Path) -> None:
    assert run(base, 'file("a.txt")') == hcl.Value.string("hello")
    assert run(base, 'file("sub/../a.txt")') == hcl.Value.string("hello")


@pytest.mark.parametrize("path", ["../secret.txt", "link.txt", "/etc/hostname", "sub/../.."])
def test_paths_outside_the_base_are_refused(base: Path, path: str) -> None:
    end = 11 + len(path)
    assert run(base, f'file("{path}")') == [
        (
            "Invalid function argument",
            f'Invalid value for "path" parameter: {path} is outside the base directory '
            f"{base}; paths must stay inside it.",
            f"<string>:1,11-{end}",
        )
    ]


def test_file_errors(base: Path) -> None:
    assert run(base, 'file("no.txt")') == [
        (
            "Invalid function argument",
            'Invalid value for "path" parameter: no file exists at no.txt; this function '
            "works only with files that are distributed as part of the configuration source "
            "code, so if this file will be created by a resource in this configuration you "
            "must instead obtain this result from an attribute of that resource.",
            "<string>:1,11-17",
        )
    ]
    assert run(base, 'file("latin1.txt")') == [
        (
            "Invalid function argument",
            'Invalid value for "path" parameter: contents of latin1.txt are not valid UTF-8.',
            "<string>:1,11-21",
        )
    ]


def test_reads_are_bounded_by_the_limits(base: Path) -> None:
    assert run(base, 'file("a.txt")', limits=hcl.Limits(max_string_length=4)) == [
        (
            "Invalid function argument",
            'Invalid value for "path" parameter: a.txt is larger than the 4 characters a '
            "string may hold.",
            "<string>:1,11-16",
        )
    ]


def test_fileexists(base: Path) -> None:
    assert run(base, 'fileexists("a.txt")') == hcl.Value.bool(True)
    assert run(base, 'fileexists("no.txt")') == hcl.Value.bool(False)
    assert run(base, 'fileexists("sub")') == [
        (
            "Invalid function argument",
            f'Invalid value for "path" parameter: {base / "sub"} is a directory, not a file.',
            "<string>:1,17-20",
        )
    ]


def test_fileset(base: Path) -> None:
    assert run(base, 'fileset("sub", "*.txt")') == hcl.Value.set([hcl.Value.string("b.txt")])
    assert run(base, 'fileset(".", "sub/*")') == hcl.Value.set(
        [hcl.Value.string("sub/b.txt"), hcl.Value.string("sub/c.md")]
    )
    assert run(base, 'fileset(".", "**/*.md")') == hcl.Value.set([hcl.Value.string("sub/c.md")])
    assert run(base, 'fileset(".", "*.txt")') == [
        (
            "Invalid function argument",
            'Invalid value for "pattern" parameter: link.txt is outside the base directory '
            f"{base}; paths must stay inside it.",
            "<string>:1,19-24",
        )
    ]


def test_templatefile(base: Path) -> None:
    assert run(
        base, 'templatefile("t.tpl", {name = "Ann", x = "y", tags = [1, 2]})'
    ) == hcl.Value.string("Hi Ann! Y[1][2]")


def test_templatefile_errors(base: Path) -> None:
    def detail(expr: str) -> str:
        found = run(base, expr)
        assert isinstance(found, list)
        return str(found[0][1])

    assert detail('templatefile("bad.tpl", {})') == (
        'Invalid value for "vars" parameter: vars map does not contain key "nope", '
        "referenced at bad.tpl:1,6-10."
    )
    assert detail('templatefile("t.tpl", 1)') == (
        'Invalid value for "vars" parameter: invalid vars value: must be a map.'
    )
    assert detail('templatefile("t.tpl", {"a b" = 1})') == (
        'Invalid value for "vars" parameter: invalid template variable name "a b": must '
        "start with a letter, followed by zero or more letters, digits, and underscores."
    )
    assert detail('templatefile("err.tpl", {})') == (
        'Call to function "templatefile" failed: err.tpl:1,7-11: Invalid operand; '
        "Unsuitable value for right operand: number required, but have bool.."
    )
    assert detail('templatefile("rec.tpl", {})') == (
        'Call to function "templatefile" failed: rec.tpl:1,3-16: Error in function call; '
        'Call to function "templatefile" failed: cannot recursively call templatefile '
        "from inside templatefile call.."
    )


def test_nothing_reads_files_unless_given() -> None:
    assert "file" not in STDLIB
    with pytest.raises(hcl.DecodeError, match="Call to unknown function"):
        hcl.loads('v = file("x")', dict[str, str], functions=dict[str, Any](STDLIB))
