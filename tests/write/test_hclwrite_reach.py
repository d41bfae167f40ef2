"""hclwrite's reach: block types, clearing bodies, copying blocks, renaming
references, and the token builders (their Go comparison is test_hclwrite_go.py)."""

from __future__ import annotations

import pytest
from hclwrite_cases import SPECS, TRAVERSALS, VALUES, build
from hypothesis import given, settings
from hypothesis import strategies as st

from hcldecode.model import INITIAL_POS, Range, Traversal, TraverseRoot, TraverseSplat
from hcldecode.native import parse_config, parse_expression, parse_traversal_abs
from hcldecode.values import NUMBER, Value
from hcldecode.write import (
    Document,
    TokenKind,
    WriterToken,
    format,
    parse_document,
    tokens_for_function_call,
    tokens_for_identifier,
    tokens_for_object,
    tokens_for_traversal,
    tokens_for_tuple,
    tokens_for_value,
    tokens_text,
    value_text,
)

_NOWHERE = Range("<test>", INITIAL_POS, INITIAL_POS)


def _parsed(text: str) -> Document:
    document, diags = parse_document(text)
    assert document is not None, diags
    return document


def _traversal(text: str) -> Traversal:
    traversal, diags = parse_traversal_abs(text)
    assert not diags.has_errors()
    return traversal


# --------------------------------------------------------------------------- block types


def test_setting_a_block_type_changes_only_the_name() -> None:
    doc = _parsed('# lead\nold "a" { # open\n  x = 1\n}\n\nouter {\n  \tinner {}\n}\n')
    doc.body.blocks()[0].type = "new"
    doc.body.blocks()[1].body.blocks()[0].type = "é"
    assert doc.text == '# lead\nnew "a" { # open\n  x = 1\n}\n\nouter {\n  \té {}\n}\n'
    assert [b.type for b in doc.body.blocks()] == ["new", "outer"]
    assert doc.body.first_block("new", ["a"]) is doc.body.blocks()[0]


@pytest.mark.parametrize("bad", ["", "1x", "a b", "a.b"])
def test_a_block_type_must_be_an_identifier(bad: str) -> None:
    doc = _parsed("b {}\n")
    with pytest.raises(ValueError, match="is not a valid HCL identifier"):
        doc.body.blocks()[0].type = bad
    assert doc.text == "b {}\n"


# --------------------------------------------------------------------------- clear


def test_clearing_a_block_body_leaves_empty_braces() -> None:
    doc = _parsed('a = 1\nb "x" { # note\n  # inside\n  c = 2\n\n  d {\n  }\n}\ne { f = 1 }\n')
    doc.body.blocks()[0].body.clear()
    doc.body.blocks()[1].body.clear()
    assert doc.text == 'a = 1\nb "x" {}\ne {}\n'
    assert doc.body.blocks()[0].body.attributes == {}
    assert doc.body.blocks()[0].body.get_attribute("c") is None


def test_a_cleared_body_can_be_filled_again() -> None:
    doc = _parsed("outer {\n  b {\n    c = 2\n  }\n}\n")
    inner = doc.body.blocks()[0].body.blocks()[0]
    inner.body.clear()
    assert doc.text == "outer {\n  b {}\n}\n"
    inner.body.set_attribute("c", 3)
    inner.body.append_block("d")
    assert doc.text == "outer {\n  b {\n    c = 3\n    d {\n    }\n  }\n}\n"


def test_clearing_a_document_leaves_nothing() -> None:
    doc = _parsed("# c\na = 1\n\nb {\n}\n# end")
    doc.body.clear()
    assert doc.text == ""
    doc.body.set_attribute("a", 2)
    assert doc.text == "a = 2\n"


def test_appending_to_an_empty_one_line_block_puts_its_brace_on_its_own_line() -> None:
    doc = _parsed("x {\n  inner {}\n  two { }\n}\n")
    for block in doc.body.blocks()[0].body.blocks():
        block.body.set_attribute("a", 1)
    assert doc.text == "x {\n  inner {\n    a = 1\n  }\n  two {\n    a = 1\n  }\n}\n"


# --------------------------------------------------------------------------- copies

_OTHER = """\
# From the other file
moved "m" { # open
  # inside
  v = "x"   # value
  w = <<EOT
  text
EOT
  nested {
\tt = 1
  }
} # after
"""


def test_a_block_from_another_document_keeps_its_text() -> None:
    other = _parsed(_OTHER)
    doc = _parsed("a = 1\n")
    copy = doc.body.append_block_copy(other.body.blocks()[0])
    assert doc.text == "a = 1\n" + _OTHER
    assert other.text == _OTHER
    assert (copy.type, copy.labels) == ("moved", ("m",))
    assert doc.body.blocks() == [copy]


def test_a_copied_block_is_indented_as_its_new_body() -> None:
    other = _parsed(_OTHER)
    doc = _parsed("outer {\n  a = 1\n}\n")
    doc.body.blocks()[0].body.append_block_copy(other.body.blocks()[0])
    assert doc.text == (
        "outer {\n"
        "  a = 1\n"
        "  # From the other file\n"
        '  moved "m" { # open\n'
        "    # inside\n"
        '    v = "x"   # value\n'
        "    w = <<EOT\n"
        "  text\n"
        "EOT\n"
        "    nested {\n"
        "   t = 1\n"  # a tab counts as one column, moved two to the right
        "    }\n"
        "  } # after\n"
        "}\n"
    )
    # and back out, one level up
    top = _parsed("")
    top.body.append_block_copy(doc.body.blocks()[0].body.blocks()[0])
    assert top.text == _OTHER.replace("\tt = 1", " t = 1")


def test_a_copy_is_edited_apart_from_its_original() -> None:
    doc = _parsed('b "x" {\n  a = 1\n}\n')
    original = doc.body.blocks()[0]
    copy = doc.body.append_block_copy(original)
    copy.body.set_attribute("a", 2)
    copy.labels = ["y"]
    nested = copy.body.append_block("n")
    nested.body.set_attribute("z", True)
    assert doc.text == 'b "x" {\n  a = 1\n}\nb "y" {\n  a = 2\n  n {\n    z = true\n  }\n}\n'
    assert doc.body.remove_block(original)
    assert doc.text == 'b "y" {\n  a = 2\n  n {\n    z = true\n  }\n}\n'


def test_a_copied_block_has_lines_of_its_own() -> None:
    doc = _parsed("a = 1")
    doc.body.append_block_copy(_parsed("b {\n}").body.blocks()[0])
    assert doc.text == "a = 1\nb {\n}\n"
    doc.body.set_attribute("c", 2)
    assert doc.text == "a = 1\nb {\n}\nc = 2\n"


def test_a_copy_into_a_one_line_block() -> None:
    doc = _parsed("a { x = 1 }\n")
    doc.body.blocks()[0].body.append_block_copy(_parsed("b {\n  y = 2\n}").body.blocks()[0])
    assert doc.text == "a {\n  x = 1\n  b {\n    y = 2\n  }\n}\n"


def test_only_a_block_is_copied() -> None:
    doc = _parsed("a = 1\n")
    with pytest.raises(TypeError, match="append_block_copy takes a DocumentBlock, not"):
        doc.body.append_block_copy(doc.body.get_attribute("a"))  # type: ignore[arg-type]


# --------------------------------------------------------------------------- renames


def test_renaming_keeps_the_text_around_the_names() -> None:
    text = (
        "a = var. old .x  # spaced\n"
        'b = "${ var.old }-%{ if var.old.on }on%{ endif }"\n'
        "c = var/*c*/.old[0]\n"
        "d = var.older + old.var + var.old.0\n"
    )
    doc = _parsed(text)
    assert doc.body.rename_references(["var", "old"], ["local", "new"]) == 5
    assert doc.text == (
        "a = local. new .x  # spaced\n"
        'b = "${ local.new }-%{ if local.new.on }on%{ endif }"\n'
        "c = local/*c*/.new[0]\n"
        "d = var.older + old.var + local.new.0\n"
    )


def test_names_a_for_expression_declares_are_not_references() -> None:
    doc = _parsed("a = [for x in x.list : x.v if y.x]\nb = { for k, x in x : k => x }\n")
    assert doc.body.rename_references(["x"], ["z"]) == 2
    assert doc.text == "a = [for x in z.list : x.v if y.x]\nb = { for k, x in z : k => x }\n"


def test_renaming_in_one_attribute() -> None:
    doc = _parsed("a = var.old\nb = var.old\n")
    attribute = doc.body.get_attribute("b")
    assert attribute is not None
    assert attribute.rename_references(("var", "old"), ("var", "new")) == 1
    assert attribute.rename_references(("var", "old"), ("var", "new")) == 0
    assert doc.text == "a = var.old\nb = var.new\n"


def test_renaming_reaches_nested_blocks() -> None:
    doc = _parsed("a {\n  b {\n    c = old + 1\n  }\n}\nold = old\n")
    assert doc.body.blocks()[0].body.rename_references(["old"], ["new"]) == 1
    assert doc.text == "a {\n  b {\n    c = new + 1\n  }\n}\nold = old\n"


def test_renaming_without_a_match_changes_nothing() -> None:
    text = "a = var.old\nb = <<EOT\n${old}\nEOT\n"
    doc = _parsed(text)
    assert doc.body.rename_references(["nothing"], ["x"]) == 0
    assert doc.body.rename_references(["var", "old", "deeper"], ["a", "b", "c"]) == 0
    assert doc.text == text


@pytest.mark.parametrize(
    ("search", "replacement", "error", "message"),
    [
        (["a"], ["b", "c"], ValueError, r"the same number of names, at least one \(not 1 and 2\)"),
        ([], [], ValueError, r"\(not 0 and 0\)"),
        (["a"], ["1b"], ValueError, "'1b' is not a valid HCL identifier"),
        ("a", "b", TypeError, "names must be a sequence of strings, not 'a'"),
        (["a"], [1], TypeError, r"names must be a sequence of strings, not \[1\]"),
    ],
)
def test_rename_arguments(
    search: object, replacement: object, error: type[Exception], message: str
) -> None:
    doc = _parsed("x = a\n")
    with pytest.raises(error, match=message):
        doc.body.rename_references(search, replacement)  # type: ignore[arg-type]


_NAMES = st.sampled_from(["a", "b", "old", "new", "é"])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(_NAMES, _NAMES, _NAMES), min_size=1, max_size=6), _NAMES)
def test_renaming_there_and_back_gives_the_file(
    references: list[tuple[str, str, str]], name: str
) -> None:
    # "zz" appears nowhere, so renaming to it and back is the identity.
    text = "".join(f"v{i} = {a}.{b} + f({c}.{a}[0])\n" for i, (a, b, c) in enumerate(references))
    doc = _parsed(text)
    count = doc.body.rename_references([name], ["zz"])
    expected = sum((a == name) + (c == name) for a, _, c in references)
    assert count == expected
    assert doc.body.rename_references(["zz"], [name]) == expected
    assert doc.text == text


# --------------------------------------------------------------------------- builders


def test_the_builders_make_expressions() -> None:
    call = tokens_for_function_call(
        "merge",
        tokens_for_traversal(_traversal('var.tags["a b"][0]')),
        tokens_for_object(
            [
                (tokens_for_identifier("name"), tokens_for_value(Value.string("web"))),
                (tokens_for_value(Value.string("a b")), tokens_for_tuple([])),
            ]
        ),
        tokens_for_tuple([tokens_for_value(Value.number(1)), tokens_for_identifier("x")]),
    )
    assert tokens_text(call) == (
        'merge(var.tags["a b"][0], {\n  name  = "web"\n  "a b" = []\n}, [1, x])'
    )


def test_builders_copy_what_they_are_given() -> None:
    element = tokens_for_identifier("x")
    element[0].spaces_before = 5
    tuple_tokens = tokens_for_tuple([element, element])
    assert element == [WriterToken(TokenKind.IDENT, "x", 5)]
    assert tokens_text(tuple_tokens) == "[x, x]"
    assert tuple_tokens[1] is not element[0]


def test_an_expanded_last_argument() -> None:
    args = [*tokens_for_traversal(_traversal("var.list")), WriterToken(TokenKind.ELLIPSIS, "...")]
    assert tokens_text(tokens_for_function_call("max", args)) == "max(var.list...)"


def test_a_namespaced_function_name() -> None:
    assert tokens_text(tokens_for_function_call("provider::ns::f")) == "provider::ns::f()"


def test_an_object_key_for_is_quoted() -> None:
    tokens = tokens_for_value(Value.object({"for": Value.number(1)}))
    assert tokens_text(tokens) == '{\n  "for" = 1\n}'


def test_a_relative_traversal_is_its_steps() -> None:
    from hcldecode.model import TraverseAttr, TraverseIndex  # noqa: PLC0415

    steps = Traversal([TraverseAttr("name", _NOWHERE), TraverseIndex(Value.string("k"), _NOWHERE)])
    assert tokens_text(tokens_for_traversal(steps)) == '.name["k"]'


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: tokens_for_value(Value.unknown(NUMBER)), "an unknown value has no HCL text"),
        (lambda: tokens_for_value(Value.number(float("inf"))), "an infinite number"),
        (lambda: tokens_for_identifier("a b"), '"a b" is not a valid HCL identifier for an'),
        (lambda: tokens_for_function_call("f.g"), "for a function name"),
        (
            lambda: tokens_for_traversal(Traversal([TraverseRoot("1", _NOWHERE)])),
            "for a variable",
        ),
        (
            lambda: tokens_for_traversal(
                Traversal([TraverseRoot("a", _NOWHERE), TraverseSplat(Traversal(), _NOWHERE)])
            ),
            "a splat step cannot be written as a traversal",
        ),
    ],
)
def test_what_a_builder_refuses(make: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()  # type: ignore[operator]


@settings(max_examples=200, deadline=None)
@given(VALUES)
def test_a_value_s_tokens_read_back_as_the_value_text(value: Value) -> None:
    text = tokens_text(tokens_for_value(value))
    node, diags = parse_expression(text)
    assert not diags.has_errors(), text
    got, diags = node.value(None)
    assert not diags.has_errors()
    assert value_text(got) == value_text(value)
    # hclfmt's layout but for the columns of quoted strings (see tokens_for_value)
    assert format(f"v = {text}\n")[0] == format(f"v = {value_text(value)}\n")[0]


@settings(max_examples=200, deadline=None)
@given(TRAVERSALS)
def test_a_traversal_s_tokens_read_back_as_the_traversal(spec: dict[str, object]) -> None:
    text = tokens_text(build(spec))  # type: ignore[arg-type]
    traversal, diags = parse_traversal_abs(text)
    assert not diags.has_errors(), text
    assert tokens_text(tokens_for_traversal(traversal)) == text


@settings(max_examples=200, deadline=None)
@given(SPECS)
def test_built_expressions_parse(spec: dict[str, object]) -> None:
    text = tokens_text(build(spec))  # type: ignore[arg-type]
    _, diags = parse_config(f"v = {text}\n")
    assert not diags.has_errors(), text
