"""One way to report: raising calls raise DecodeError, the others return a Decoded;
the module-level functions are the methods of one default Decoder."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import hcldecode as hcl
from hcldecode.model import AttributeSchema, BlockHeaderSchema, BodySchema
from hcldecode.native import parse_expression


@dataclasses.dataclass
class Core:
    listen: str = hcl.attr()


MODULE_FUNCTIONS = [
    "decode",
    "decode_block",
    "decode_body",
    "decode_expression",
    "decode_partial",
    "dump",
    "dumps",
    "loads",
    "schema_of",
    "to_dict",
    "update_document",
]


def test_module_functions_are_the_methods_of_one_default_decoder() -> None:
    default = hcl.decode.__self__  # type: ignore[attr-defined]
    assert type(default) is hcl.Decoder
    for name in MODULE_FUNCTIONS:
        function = getattr(hcl, name)
        assert function.__self__ is default, name
        assert function.__func__ is getattr(hcl.Decoder, name), name
        assert function.__doc__ == getattr(hcl.Decoder, name).__doc__, name


def test_decode_partial_returns_a_decoded_with_the_rest() -> None:
    result = hcl.decode_partial(hcl.parse('listen = "x"\nother = 1\n'), Core)
    assert (result.value, dict(result.fields), list(result.diagnostics), result.ok) == (
        Core("x"),
        {"listen": "x"},
        [],
        True,
    )
    assert result.unwrap() == Core("x")
    assert result.remaining is not None
    assert hcl.to_dict(result.remaining) == {"other": 1}


def test_parse_config_returns_a_decoded_file(tmp_path: Path) -> None:
    result = hcl.parse_config("a = \n", filename="x.hcl")
    assert result.value is not None and result.value.filename == "x.hcl"
    assert [d.summary for d in result.diagnostics] == ["Invalid expression"]
    assert (result.ok, dict(result.files), dict(result.fields)) == (
        False,
        {"x.hcl": result.value},
        {},
    )
    with pytest.raises(hcl.DecodeError) as caught:
        result.unwrap()
    assert [d.summary for d in caught.value.diagnostics] == ["Invalid expression"]
    (tmp_path / "a.hcl").write_text("a = 1\n", encoding="utf-8")
    ok = hcl.parse_config_file(tmp_path / "a.hcl")
    assert ok.ok and ok.unwrap() is ok.value


def test_unpacking_the_old_pairs_still_works_with_a_warning() -> None:
    expr, _ = parse_expression('"8080"', "e.hcl")
    message = (
        r"unpacking or indexing a Decoded result as \(value, diagnostics\) is deprecated; "
        r"use result.value and result.diagnostics"
    )
    with pytest.warns(DeprecationWarning, match=message) as caught:
        value, diags = hcl.decode_expression(expr, int)
    assert (value, diags) == (8080, hcl.Diagnostics())
    assert caught[0].filename == __file__
    with pytest.warns(DeprecationWarning, match=message):
        file, diags = hcl.parse_config("a = 1\n")
    assert (file.filename, diags) == ("<string>", hcl.Diagnostics())
    with pytest.warns(DeprecationWarning, match=message):
        assert hcl.decode_expression(expr, int)[0] == 8080
    partial = (
        r"unpacking or indexing a Decoded result as \(value, remaining\) is deprecated; "
        r"use result.value and result.remaining"
    )
    with pytest.warns(DeprecationWarning, match=partial):
        core, rest = hcl.decode_partial(hcl.parse('listen = "x"\nother = 1\n'), Core)
    assert core == Core("x")
    assert hcl.to_dict(rest) == {"other": 1}


def test_a_decoders_own_variables_serve_to_dict() -> None:
    decoder = hcl.Decoder(variables={"region": "eu"})
    text = 'where = "${region}-1"\nother = nosuch\n'
    assert decoder.to_dict(text) == {"where": "eu-1", "other": "${nosuch}"}
    assert hcl.to_dict(text) == {"where": "${region}-1", "other": "${nosuch}"}


def test_to_dict_of_what_remains_holds_only_what_was_not_claimed() -> None:
    file = hcl.parse('listen = "x"\nb = 2\nblk {}\n', filename="x.hcl")
    assert hcl.to_dict(hcl.decode_partial(file, Core).remaining) == {"b": 2, "blk": [{}]}
    schema = BodySchema([AttributeSchema("listen")], [BlockHeaderSchema("blk")])
    _, rest, _ = file.body.partial_content(schema)
    assert hcl.to_dict(rest) == {"b": 2}
