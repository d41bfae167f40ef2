"""``hcldecode.hclparse.Parser`` (HCL's ``hclparse.Parser``): files parsed once, kept by name."""

from __future__ import annotations

from pathlib import Path

import pytest

import hcldecode as hcl
from hcldecode.hclparse import Parser, parse_source, syntax_for
from hcldecode.model import render_diagnostics


def test_a_file_is_parsed_once_and_its_diagnostics_come_once() -> None:
    parser = Parser()
    file, diags = parser.parse_hcl("a = \n", "a.hcl")
    assert [d.summary for d in diags] == ["Invalid expression"]
    again, diags = parser.parse_hcl("b = 2\n", "a.hcl")
    assert again is file and not diags
    # The name decides, whatever the syntax asked for.
    same, diags = parser.parse_json('{"b": 2}', "a.hcl")
    assert same is file and not diags
    assert dict(parser.files) == {"a.hcl": file}


def test_both_syntaxes_and_the_sources() -> None:
    parser = Parser()
    native, _ = parser.parse_hcl(b"\xef\xbb\xbfa = 1\n", "a.hcl")
    json_file, diags = parser.parse_json('{"b": "\u00e9"}', "b.json")
    assert not diags
    attrs, _ = json_file.body.just_attributes()
    assert list(attrs) == ["b"]
    assert list(parser.files) == ["a.hcl", "b.json"]
    assert parser.files["a.hcl"] is native
    # The bytes as given (a byte order mark included), or the UTF-8 of text.
    assert parser.sources() == {
        "a.hcl": b"\xef\xbb\xbfa = 1\n",
        "b.json": '{"b": "\u00e9"}'.encode(),
    }


def test_files_are_read_from_disk(tmp_path: Path) -> None:
    (tmp_path / "main.hcl").write_text('service "web" {\n  port = "x"\n}\n', encoding="utf-8")
    (tmp_path / "vars.json").write_text('{"port": 8080}', encoding="utf-8")
    parser = Parser()
    main, diags = parser.parse_hcl_file(tmp_path / "main.hcl")
    assert main is not None and not diags
    assert main.filename == str(tmp_path / "main.hcl")
    again, _ = parser.parse_hcl_file(str(tmp_path / "main.hcl"))
    assert again is main
    variables, diags = parser.parse_json_file(tmp_path / "vars.json")
    assert variables is not None and not diags
    assert set(parser.files) == {str(tmp_path / "main.hcl"), str(tmp_path / "vars.json")}


def test_a_missing_file_is_a_diagnostic_and_is_not_kept(tmp_path: Path) -> None:
    parser = Parser()
    missing = str(tmp_path / "nope.hcl")
    file, diags = parser.parse_hcl_file(missing)
    assert file is None
    assert [(d.summary, d.detail, d.subject) for d in diags] == [
        ("Failed to read file", f'The configuration file "{missing}" could not be read.', None)
    ]
    file, diags = parser.parse_json_file(missing)
    assert file is None
    assert [(d.summary, d.detail) for d in diags] == [
        ("Failed to open file", f'The file "{missing}" could not be opened.')
    ]
    file, diags = parser.parse_json_file(tmp_path)  # a folder opens but cannot be read
    assert file is None
    assert [d.summary for d in diags] in (["Failed to read file"], ["Failed to open file"])
    assert dict(parser.files) == {}


def test_added_files_and_rendering_diagnostics_with_the_files() -> None:
    parser = Parser()
    elsewhere = hcl.parse_config('x = "a"\n', filename="x.hcl").value
    parser.add_file("x.hcl", elsewhere)
    assert parser.files["x.hcl"] is elsewhere
    assert parser.sources()["x.hcl"] == b'x = "a"\n'
    _, diags = parser.parse_hcl('service "web" {\n  port = \n}\n', "main.hcl")
    assert render_diagnostics(diags, parser.files) == (
        "Error: Invalid expression\n\n"
        '  on main.hcl line 2, in service "web":\n'
        "   2:   port = \n"
        "   3: }\n\n"
        "Expected the start of an expression, but found an invalid expression token.\n\n"
    )


def test_the_files_view_is_read_only_and_follows_the_parser() -> None:
    parser = Parser()
    view = parser.files
    parser.parse_hcl("a = 1\n", "a.hcl")
    assert list(view) == ["a.hcl"]
    try:
        view["b"] = view["a.hcl"]  # type: ignore[index]
    except TypeError:
        pass
    else:  # pragma: no cover
        raise AssertionError("the files view is writable")


def test_the_syntax_of_a_file_is_chosen_by_its_name() -> None:
    assert [
        syntax_for(name)
        for name in ("main.tf", "main.tf.json", "a.json", "a.JSON", "json", Path("b.json"))
    ] == ["native", "json", "json", "native", "native", "json"]


def test_parse_source_parses_either_syntax() -> None:
    native, diags = parse_source("a = 1\n", "a.hcl")
    assert list(native.body.just_attributes()[0]) == ["a"] and not diags
    as_json, diags = parse_source('{"b": 2}', "b.json")
    assert list(as_json.body.just_attributes()[0]) == ["b"] and not diags
    # The syntax given wins over the name.
    forced, diags = parse_source('{"c": 3}', "c.hcl", "json")
    assert list(forced.body.just_attributes()[0]) == ["c"] and not diags
    _, diags = parse_source('{"c": 3}', "c.json", "native")
    assert [d.summary for d in diags] == ["Argument or block definition required"]
    with pytest.raises(ValueError, match="syntax must be 'native' or 'json', not 'yaml'"):
        parse_source("", "x", "yaml")  # type: ignore[arg-type]
