"""The public surface: unique class names, and old names that still work for one release."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import warnings

import pytest

import hcldecode

# Every public package and module, with the names it exports.
PUBLIC = [
    "hcldecode",
    "hcldecode.cli",
    "hcldecode.compat",
    "hcldecode.compat.python_hcl2",
    "hcldecode.decoding",
    "hcldecode.ext.dynblock",
    "hcldecode.ext.localvalues",
    "hcldecode.ext.tryfunc",
    "hcldecode.ext.typeexpr",
    "hcldecode.ext.userfunc",
    "hcldecode.functions",
    "hcldecode.hcldec",
    "hcldecode.hclparse",
    "hcldecode.json",
    "hcldecode.lsp",
    "hcldecode.model",
    "hcldecode.native",
    "hcldecode.pytypes",
    "hcldecode.settings",
    "hcldecode.testing",
    "hcldecode.values",
    "hcldecode.write",
]

# Classes renamed so that no two public classes share a name: old spelling, new spelling.
RENAMED = {
    "hcldecode.native.Body": "hcldecode.native.NativeBody",
    "hcldecode.write.Attribute": "hcldecode.write.DocumentAttribute",
    "hcldecode.write.Block": "hcldecode.write.DocumentBlock",
    "hcldecode.write.Body": "hcldecode.write.DocumentBody",
    "hcldecode.write.Token": "hcldecode.write.WriterToken",
}

# Names that left the root for the subpackage that defines them.
MOVED_FROM_ROOT = {
    "hcldecode.model": [
        "EXPRESSION",
        "EXPRESSION_CLOSURE",
        "AttributeSchema",
        "BlockHeaderSchema",
        "BodyContent",
        "BodySchema",
        "ExpressionClosure",
        "File",
        "HCLError",
        "LiteralExpression",
        "Pos",
        "Severity",
        "StaticCall",
        "Traversal",
        "TraversalExpression",
        "TraverseAttr",
        "TraverseIndex",
        "TraverseRoot",
        "TraverseSplat",
        "abs_traversal_for_expr",
        "expr_as_keyword",
        "expr_call",
        "expr_list",
        "expr_map",
        "merge_bodies",
        "merge_files",
        "rel_traversal_for_expr",
        "render_diagnostics",
        "write_diagnostics",
    ],
    "hcldecode.values": [
        "DEFAULT_LIMITS",
        "ConversionError",
        "Function",
        "Parameter",
        "current_limits",
        "max_nesting",
    ],
    "hcldecode.hclparse": ["Parser"],
    "hcldecode.ext.typeexpr": ["type_constraint", "type_constraint_with_defaults"],
}
MOVED = sorted(
    (name, f"{home}.{name}") for home, names in MOVED_FROM_ROOT.items() for name in names
)


def _resolve(spelling: str) -> object:
    module, _, name = spelling.rpartition(".")
    return getattr(importlib.import_module(module), name)


# Public modules that need an optional extra: the module each needs. Without it they
# are left out here (importing one says what to install).
NEEDS = {"hcldecode.settings": "pydantic_settings"}


def _exported() -> dict[str, list[tuple[str, object]]]:
    """Each exported name with the packages that export it and the object each gives."""
    found: dict[str, list[tuple[str, object]]] = {}
    for package in PUBLIC:
        if package in NEEDS and importlib.util.find_spec(NEEDS[package]) is None:
            continue
        module = importlib.import_module(package)
        for name in module.__all__:
            found.setdefault(name, []).append((package, getattr(module, name)))
    return found


def test_every_exported_name_resolves_without_a_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        exported = _exported()
    assert len(exported["Body"]) == 2  # the root and hcldecode.model: one class


def test_no_class_name_means_two_classes() -> None:
    clashes = {
        name: sorted(package for package, _ in entries)
        for name, entries in _exported().items()
        if any(inspect.isclass(obj) for _, obj in entries)
        and len({id(obj) for _, obj in entries}) > 1
    }
    assert clashes == {}


def test_same_named_functions_are_package_qualified() -> None:
    # Functions of the same name in different packages are fine (as in Go:
    # json.parse, native.parse_config); these are all of them.
    shared = {
        name: sorted(package for package, _ in entries)
        for name, entries in _exported().items()
        if len({id(obj) for _, obj in entries}) > 1
    }
    assert shared == {
        "decode": ["hcldecode", "hcldecode.decoding", "hcldecode.hcldec"],
        "dump": ["hcldecode", "hcldecode.compat.python_hcl2", "hcldecode.decoding"],
        "dumps": ["hcldecode", "hcldecode.compat.python_hcl2", "hcldecode.decoding"],
        "lex_config": ["hcldecode.native", "hcldecode.write"],
        "loads": ["hcldecode", "hcldecode.compat.python_hcl2", "hcldecode.decoding"],
        "parse": ["hcldecode", "hcldecode.decoding", "hcldecode.json"],
        "parse_config": ["hcldecode", "hcldecode.decoding", "hcldecode.native"],
        "parse_expression": ["hcldecode.json", "hcldecode.native"],
    }


@pytest.mark.parametrize(("old", "new"), sorted(RENAMED.items()))
def test_renamed_class_warns_and_is_the_new_class(old: str, new: str) -> None:
    new_class = _resolve(new)
    assert inspect.isclass(new_class)
    assert new_class.__name__ == new.rpartition(".")[2]
    with pytest.warns(DeprecationWarning) as caught:
        old_class = _resolve(old)
    assert old_class is new_class
    assert [str(w.message) for w in caught] == [
        f"{old} is deprecated and will be removed in the next release: use {new}"
    ]
    assert caught[0].filename == __file__
    module, _, name = old.rpartition(".")
    assert name not in importlib.import_module(module).__all__


def test_from_import_of_an_old_name_warns() -> None:
    with pytest.warns(DeprecationWarning, match=r"use hcldecode\.write\.DocumentBody$"):
        from hcldecode.write import Body  # noqa: PLC0415
    from hcldecode.write import DocumentBody  # noqa: PLC0415

    assert Body is DocumentBody


def test_unknown_names_are_still_attribute_errors() -> None:
    with pytest.raises(AttributeError) as raised:
        _resolve("hcldecode.write.Nope")
    assert str(raised.value) == "module 'hcldecode.write' has no attribute 'Nope'"
    assert not hasattr(hcldecode, "Nope")


def test_the_root_exports_what_an_application_uses() -> None:
    assert sorted(hcldecode.__all__) == [
        "Attribute",
        "Block",
        "Body",
        "DecodeError",
        "Decoded",
        "Decoder",
        "Diagnostic",
        "Diagnostics",
        "Error",
        "EvalContext",
        "Expression",
        "Limits",
        "Range",
        "SENSITIVE",
        "STDLIB",
        "SchemaError",
        "Value",
        "attr",
        "attr_range",
        "block",
        "body",
        "decode",
        "decode_block",
        "decode_body",
        "decode_expression",
        "decode_partial",
        "def_range",
        "dump",
        "dumps",
        "function",
        "json_schema",
        "label",
        "label_range",
        "loads",
        "parse",
        "parse_config",
        "parse_config_file",
        "parse_file",
        "reject_unclaimed",
        "remain",
        "schema_of",
        "sensitive",
        "to_dict",
        "type_range",
        "update_document",
    ]
    assert len(MOVED) == 38


@pytest.mark.parametrize(("name", "home"), MOVED)
def test_a_name_moved_from_the_root_warns_and_is_the_same_object(name: str, home: str) -> None:
    assert name not in hcldecode.__all__
    module = importlib.import_module(home.rpartition(".")[0])
    assert name in module.__all__
    with pytest.warns(DeprecationWarning) as caught:
        old = getattr(hcldecode, name)
    assert old is getattr(module, name)
    assert [str(w.message) for w in caught] == [
        f"hcldecode.{name} is deprecated and will be removed in the next release: use {home}"
    ]
    assert caught[0].filename == __file__


@pytest.mark.parametrize("name", ["function", "to_python", "to_value"])
def test_python_objects_moved_from_values_to_pytypes_warn(name: str) -> None:
    import hcldecode.pytypes  # noqa: PLC0415
    import hcldecode.values  # noqa: PLC0415

    with pytest.warns(DeprecationWarning) as caught:
        old = getattr(hcldecode.values, name)
    assert [str(w.message) for w in caught] == [
        f"hcldecode.values.{name} is deprecated and will be removed in the next release: "
        f"use hcldecode.pytypes.{name}"
    ]
    assert old is getattr(hcldecode.pytypes, name)
    assert name not in hcldecode.values.__all__


def test_write_exports_the_token_builders_and_hclwrite_edits() -> None:
    from hcldecode import write  # noqa: PLC0415

    builders = [
        "tokens_for_function_call",
        "tokens_for_identifier",
        "tokens_for_object",
        "tokens_for_traversal",
        "tokens_for_tuple",
        "tokens_for_value",
    ]
    assert [name for name in write.__all__ if name.startswith("tokens_for_")] == builders
    methods = [
        write.DocumentBody.clear,
        write.DocumentBody.append_block_copy,
        write.DocumentBody.rename_references,
        write.DocumentAttribute.rename_references,
    ]
    for function in [getattr(write, name) for name in builders] + methods:
        doc = inspect.getdoc(function) or ""
        assert "Returns:" in doc or function is write.DocumentBody.clear, function
        assert "hcldecode.write._" not in doc
    assert isinstance(write.DocumentBlock.type, property)
    assert write.DocumentBlock.type.fset is not None


def test_write_exports_editable_json_documents() -> None:
    from hcldecode import write  # noqa: PLC0415

    names = [
        "JsonDocument",
        "JsonDocumentAttribute",
        "JsonDocumentBlock",
        "JsonDocumentBody",
        "parse_json_document",
    ]
    assert [n for n in write.__all__ if n.startswith(("Json", "parse_json"))] == names
    functions = [
        write.parse_json_document,
        write.JsonDocumentBody.set_attribute_raw,
        write.JsonDocumentBody.remove_attribute,
        write.JsonDocumentBody.blocks,
        write.JsonDocumentBody.append_block,
        write.JsonDocumentBody.remove_block,
    ]
    for function in functions:
        doc = inspect.getdoc(function) or ""
        assert "Returns:" in doc and "Args:" in doc, function
        assert "hcldecode.write._" not in doc
    doc = inspect.getdoc(hcldecode.update_document) or ""
    assert "new_items_to" in doc and "Raises:" in doc
