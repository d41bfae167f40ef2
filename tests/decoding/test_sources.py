"""Where a configuration comes from: paths, merged files, streams, parsed files and bodies."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Annotated

import attrs
import pytest
from decoding_helpers import Syntax, listed, span

import hcldecode as hcl
from hcldecode.model import BlockHeaderSchema, BodySchema, File, HCLError, merge_bodies


@attrs.define
class Listener:
    name: Annotated[str, hcl.label()]
    port: int


@attrs.define
class Service:
    name: str
    port: int = 80
    debug: bool = False
    listeners: Annotated[list[Listener], hcl.block("listener")] = attrs.Factory(list)


APP = 'name = "web"\nlistener "a" {\n  port = 1\n}\n'
OVERRIDE = '{"debug": true, "listener": {"b": {"port": 2}}}'
EXPECTED = Service("web", debug=True, listeners=[Listener("a", 1), Listener("b", 2)])


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    app = tmp_path / "app.hcl"
    override = tmp_path / "override.hcl.json"
    app.write_text(APP)
    override.write_text(OVERRIDE)
    return app, override


def test_a_path_as_str_or_pathlike(files: tuple[Path, Path]) -> None:
    app, override = files
    assert hcl.decode(str(app), Service) == Service("web", listeners=[Listener("a", 1)])
    # A name ending in .json is read as JSON.
    override.write_text('{"name": "j"}')
    assert hcl.decode(override, Service) == Service("j")


def test_a_list_of_paths_is_one_configuration(files: tuple[Path, Path]) -> None:
    assert hcl.decode(list(files), Service) == EXPECTED
    assert hcl.decode([str(p) for p in files], Service) == EXPECTED


def test_an_argument_set_in_two_files(files: tuple[Path, Path]) -> None:
    app, override = files
    override.write_text('{"name": "other", "port": 1}')
    with pytest.raises(hcl.DecodeError) as info:
        hcl.decode([app, override], Service)
    text = override.read_text()
    assert listed(info.value) == [
        (
            "Duplicate argument",
            f'Argument "name" was already set at {app}:1,1-5',
            span(text, '"name"', filename=str(override)),
        )
    ]


def test_a_required_argument_set_in_no_file_has_no_range(tmp_path: Path) -> None:
    paths = [tmp_path / "a.hcl", tmp_path / "b.hcl"]
    paths[0].write_text("port = 1\n")
    paths[1].write_text("bogus = 1\n")
    with pytest.raises(hcl.DecodeError) as info:
        hcl.decode(paths, Service)
    # Source order: diagnostics with a range first, by file and offset; then the rest.
    assert listed(info.value) == [
        (
            "Unsupported argument",
            'An argument named "bogus" is not expected here.',
            f"{paths[1]}:1,1-6",
        ),
        ("Missing required argument", 'The argument "name" is required, but was not set.', "None"),
    ]


def test_syntax_errors_in_several_files_are_reported_together(tmp_path: Path) -> None:
    paths = [tmp_path / "a.hcl", tmp_path / "b.hcl.json"]
    paths[0].write_text('name = "x"\nport =\n')
    paths[1].write_text('{"port": 1,}')
    with pytest.raises(hcl.DecodeError) as info:
        hcl.decode(paths, Service)
    assert [(d.summary, str(d.subject)) for d in info.value.diagnostics] == [
        ("Invalid expression", f"{paths[0]}:2,7-3,1"),
        ("Trailing comma in object", f"{paths[1]}:1,11-12"),
    ]


def test_a_binary_stream(files: tuple[Path, Path]) -> None:
    with files[0].open("rb") as stream:
        assert hcl.decode(stream, Service) == Service("web", listeners=[Listener("a", 1)])
    named = io.BytesIO(b'{"name": "s"}')
    named.name = "inline.json"
    assert hcl.decode(named, Service) == Service("s")
    # Without a name, the stream is native syntax called "<stream>".
    with pytest.raises(hcl.DecodeError) as info:
        hcl.decode(io.BytesIO(b"port = 1\n"), Service)
    assert listed(info.value) == [
        (
            "Missing required argument",
            'The argument "name" is required, but no definition was found.',
            "<stream>:1,1-1",
        )
    ]


def test_a_text_stream_is_a_mistake_of_the_program(files: tuple[Path, Path]) -> None:
    with files[0].open() as stream, pytest.raises(TypeError, match="binary file object"):
        hcl.decode(stream, Service)  # type: ignore[arg-type]


def test_a_parsed_file_or_body() -> None:
    file = hcl.parse(APP, filename="app.hcl")
    assert isinstance(file, File)
    assert hcl.decode(file, Service) == Service("web", listeners=[Listener("a", 1)])
    assert hcl.decode(file.body, Service) == Service("web", listeners=[Listener("a", 1)])
    json_file = hcl.parse(OVERRIDE.replace("{", '{"name": "j", ', 1), syntax="json")
    assert hcl.decode(json_file, Service).listeners == [Listener("b", 2)]


def test_a_body_from_a_file_renders_with_its_source() -> None:
    body = hcl.parse("name = 1\nport = true\n", filename="b.hcl").body
    with pytest.raises(hcl.DecodeError) as info:
        hcl.decode(body, Service)
    assert listed(info.value) == [
        (
            "Unsuitable value type",
            "Unsuitable value: number required, but have bool.",
            "b.hcl:2,8-12",
        )
    ]
    assert str(info.value) == (
        "Error: Unsuitable value type\n\n  on b.hcl line 2:\n   2: port = true\n\n"
        "Unsuitable value: number required, but have bool."
    )


@attrs.define
class Core:
    name: str
    rest: Annotated[hcl.Body, hcl.remain()]


@attrs.define
class Plugin:
    port: int


PLUGINS = 'name = "x"\nplugin "a" {\n  port = true\n}\n'
PLUGINS_JSON = '{"name": "x", "plugin": {"a": {"port": true}}}'


@pytest.mark.parametrize(
    ("text", "syntax", "where"),
    [
        (PLUGINS, "native", '  on p.hcl line 3, in plugin "a":\n   3:   port = true\n'),
        (
            PLUGINS_JSON,
            "json",
            "  on p.hcl line 1, in plugin.a:\n"
            '   1: {"name": "x", "plugin": {"a": {"port": true}}}\n',
        ),
    ],
)
def test_a_remain_body_and_its_blocks_keep_their_source(
    text: str, syntax: Syntax, where: str
) -> None:
    core = hcl.loads(text, Core, filename="p.hcl", syntax=syntax)
    schema = BodySchema(blocks=[BlockHeaderSchema("plugin", ("name",))])
    (block,) = core.rest.content(schema)[0].blocks
    with pytest.raises(hcl.DecodeError) as info:
        hcl.decode(block.body, Plugin)
    assert str(info.value) == (
        f"Error: Unsuitable value type\n\n{where}\n"
        "Unsuitable value: number required, but have bool."
    )


def test_reject_unclaimed_shows_the_source() -> None:
    core = hcl.loads(PLUGINS, Core, filename="p.hcl")
    with pytest.raises(hcl.DecodeError) as info:
        hcl.reject_unclaimed(core.rest)
    assert str(info.value) == (
        'Error: Unsupported block type\n\n  on p.hcl line 2, in plugin "a":\n'
        '   2: plugin "a" {\n\nBlocks of type "plugin" are not expected here.'
    )


def test_a_body_made_in_code_has_no_source() -> None:
    body = merge_bodies([])
    assert body.source_files() == {}
    with pytest.raises(hcl.DecodeError) as info:
        hcl.decode(body, Service)
    assert [d.summary for d in info.value.diagnostics] == ["Missing required argument"]


def test_parse_file_chooses_the_syntax_by_name(files: tuple[Path, Path]) -> None:
    app, override = files
    assert hcl.parse_file(app).filename == str(app)
    assert hcl.parse_file(app).text == APP
    override.write_text('{"name": "${x}"}')
    # A context makes JSON strings templates.
    assert hcl.decode(hcl.parse_file(override), Service, variables={"x": 1}).name == "1"


def test_parse_raises_on_syntax_errors() -> None:
    with pytest.raises(hcl.DecodeError) as info:
        hcl.parse("a = \n", filename="p.hcl")
    assert [d.summary for d in info.value.diagnostics] == ["Invalid expression"]
    with pytest.raises(hcl.DecodeError) as info:
        hcl.parse('{"a" = 1}', filename="p.json", syntax="json")
    assert listed(info.value) == [
        (
            "Missing property value colon",
            "JSON uses a colon as its name/value delimiter, not an equals sign.",
            "p.json:1,6-7",
        )
    ]
    with pytest.raises(ValueError, match="syntax must be"):
        hcl.parse("", syntax="yaml")  # type: ignore[arg-type]


def test_loads_bytes_and_json() -> None:
    assert hcl.loads(b'name = "b"\n', Service) == Service("b")
    assert hcl.loads('{"name": "j", "port": "8"}', Service, syntax="json") == Service("j", 8)


def test_errors_are_collected_and_raised_together_in_source_order() -> None:
    text = """\
port = "x"
listener "a" {
  port = "y"
}
debug = 3
listener "b" {}
"""
    with pytest.raises(hcl.DecodeError) as info:
        hcl.loads(text, Service, filename="svc.hcl")
    assert isinstance(info.value, HCLError)
    assert isinstance(info.value, ValueError)
    assert listed(info.value) == [
        (
            "Missing required argument",
            'The argument "name" is required, but no definition was found.',
            "svc.hcl:1,1-1",
        ),
        (
            "Unsuitable value type",
            "Unsuitable value: a number is required.",
            span(text, '"x"', filename="svc.hcl"),
        ),
        (
            "Unsuitable value type",
            "Unsuitable value: a number is required.",
            span(text, '"y"', filename="svc.hcl"),
        ),
        (
            "Unsuitable value type",
            "Unsuitable value: bool required, but have number.",
            span(text, "3", filename="svc.hcl"),
        ),
        (
            "Missing required argument",
            'The argument "port" is required, but no definition was found.',
            span(text, "{", 1, empty=True, filename="svc.hcl"),
        ),
    ]
    assert (
        str(info.value)
        == """\
Error: Missing required argument

  on svc.hcl line 1:
   1: port = "x"

The argument "name" is required, but no definition was found.

Error: Unsuitable value type

  on svc.hcl line 1:
   1: port = "x"

Unsuitable value: a number is required.

Error: Unsuitable value type

  on svc.hcl line 3, in listener "a":
   3:   port = "y"

Unsuitable value: a number is required.

Error: Unsuitable value type

  on svc.hcl line 5:
   5: debug = 3

Unsuitable value: bool required, but have number.

Error: Missing required argument

  on svc.hcl line 6, in listener "b":
   6: listener "b" {}

The argument "port" is required, but no definition was found."""
    )


def test_variables_functions_and_a_prepared_context() -> None:
    text = 'name = "${upper(env)}"\n'
    by_args = hcl.loads(text, Service, variables={"env": "x"}, functions={"upper": str.upper})
    ctx = hcl.EvalContext(variables={"env": "x"}, functions={"upper": str.upper})
    assert by_args == hcl.loads(text, Service, ctx=ctx) == Service("X")
    with pytest.raises(TypeError, match="either ctx or variables"):
        hcl.loads(text, Service, ctx=ctx, variables={})


def test_literal_only_mode_without_variables() -> None:
    text = 'name = "${env}"\n'
    with pytest.raises(hcl.DecodeError) as info:
        hcl.loads(text, Service, filename="v.hcl")
    assert listed(info.value) == [
        (
            "Variables not allowed",
            "Variables may not be used here.",
            span(text, "env", filename="v.hcl"),
        )
    ]


def test_mistakes_of_the_program_raise_at_once(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="list of paths"):
        hcl.decode([io.BytesIO(b"")], Service)  # type: ignore[list-item]
    with pytest.raises(TypeError, match="cannot decode from"):
        hcl.decode(42, Service)  # type: ignore[arg-type]
    with pytest.raises(
        hcl.SchemaError,
        match=r"^dict is not a dataclass, attrs class, pydantic model, msgspec Struct, "
        r"TypedDict or NamedTuple$",
    ):
        hcl.loads("", dict)
    with pytest.raises(FileNotFoundError):
        hcl.decode(tmp_path / "missing.hcl", Service)
