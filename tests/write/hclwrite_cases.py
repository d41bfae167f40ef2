"""Cases shared by the hclwrite tests and ``tools/differential/differential_hclwrite.py``.

A builder case is a JSON *spec* of nested ``TokensFor*`` calls, which
``tools/differential/go/gohclwrite`` runs with HCL's ``hclwrite`` and
:func:`build` with :mod:`hcldecode.write`:

* ``{"value": {"type": T, "value": V}}`` (go-cty JSON): ``tokens_for_value``;
* ``{"traversal": [{"root": NAME} | {"attr": NAME} | {"index": {"type": T,
  "value": V}}, ...]}``: ``tokens_for_traversal``;
* ``{"ident": NAME}``, ``{"tuple": [SPEC, ...]}``, ``{"object": [[SPEC, SPEC],
  ...]}``, ``{"call": NAME, "args": [SPEC, ...]}``.

An edit case is a file and a list of operations (:func:`apply_edits`);
``EDIT_CASES`` are the sample files the differential runs.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st
from value_strategies import hcl_values

from hcldecode.model import INITIAL_POS, Range, Traversal, TraverseAttr, TraverseIndex, TraverseRoot
from hcldecode.values import Value, encode_json, type_from_json, type_to_json, value_from_json
from hcldecode.write import (
    DocumentBody,
    WriterToken,
    parse_document,
    tokens_for_function_call,
    tokens_for_identifier,
    tokens_for_object,
    tokens_for_traversal,
    tokens_for_tuple,
    tokens_for_value,
)

# --------------------------------------------------------------------------- builders

# Characters whose printability Go and Python agree on, with escapes, template
# introducers, combining marks (which count columns differently by token) and wide ones.
_ALPHABET = 'aZ0 "\\${}%\n\r\t\x00\x7f\u200bé日\U0001f600\u0301'

# Numbers whose JSON text Python's json module reads back exactly: integers of any
# size, and decimals of at most 15 digits.
_NUMBERS = st.one_of(
    st.integers(-(10**30), 10**30).map(Value.number),
    st.builds(
        lambda whole, part: Value.number(f"{whole}.{part}"),
        st.integers(-(10**8), 10**8),
        st.integers(0, 10**6),
    ),
    st.sampled_from(["1e-5", "-0.001", "1e21", "0.1"]).map(Value.number),
)
_NAMES = st.one_of(
    st.from_regex(r"[a-z_][a-z0-9_-]{0,5}", fullmatch=True),
    st.sampled_from(["é", "日本", "null", "true", "if", "in"]),
)
_KEYS = st.one_of(_NAMES, st.text(_ALPHABET, max_size=4)).filter(lambda k: k != "for")
VALUES = hcl_values(_NUMBERS, _KEYS, max_size=3, max_leaves=8, texts=st.text(_ALPHABET, max_size=6))


def _value_spec(value: Value) -> dict[str, Any]:
    return {"value": _typed(value)}


def _typed(value: Value) -> dict[str, Any]:
    data = encode_json(value, value.type)
    return {"type": type_to_json(value.type), "value": json.loads(data)}


_KEY_VALUES = st.one_of(
    st.integers(0, 20).map(Value.number), st.text(_ALPHABET, max_size=4).map(Value.string)
)
_STEPS = st.one_of(
    _NAMES.map(lambda name: {"attr": name}),
    _KEY_VALUES.map(lambda key: {"index": _typed(key)}),
)
TRAVERSALS = st.builds(
    lambda root, steps: {"traversal": [{"root": root}, *steps]},
    _NAMES,
    st.lists(_STEPS, max_size=4),
)


def _compound(inner: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
    names = st.one_of(_NAMES.map(lambda name: {"ident": name}), VALUES.map(_value_spec))
    return st.one_of(
        st.lists(inner, max_size=3).map(lambda elements: {"tuple": elements}),
        st.lists(st.tuples(names, inner).map(list), max_size=3).map(lambda a: {"object": a}),
        st.builds(
            lambda name, args: {"call": name, "args": args}, _NAMES, st.lists(inner, max_size=3)
        ),
    )


SPECS = st.recursive(
    st.one_of(VALUES.map(_value_spec), TRAVERSALS, _NAMES.map(lambda name: {"ident": name})),
    _compound,
    max_leaves=6,
)


def _value(typed: dict[str, Any]) -> Value:
    t = type_from_json(typed["type"])
    return value_from_json(typed["value"], t)


_NOWHERE = Range("<spec>", INITIAL_POS, INITIAL_POS)


def build(spec: dict[str, Any]) -> list[WriterToken]:
    """The tokens hcldecode's builders make for a spec."""
    if "value" in spec:
        return tokens_for_value(_value(spec["value"]))
    if "traversal" in spec:
        steps: list[TraverseRoot | TraverseAttr | TraverseIndex] = []
        for step in spec["traversal"]:
            if "root" in step:
                steps.append(TraverseRoot(step["root"], _NOWHERE))
            elif "attr" in step:
                steps.append(TraverseAttr(step["attr"], _NOWHERE))
            else:
                steps.append(TraverseIndex(_value(step["index"]), _NOWHERE))
        return tokens_for_traversal(Traversal(steps))
    if "ident" in spec:
        return tokens_for_identifier(spec["ident"])
    if "tuple" in spec:
        return tokens_for_tuple([build(element) for element in spec["tuple"]])
    if "object" in spec:
        return tokens_for_object([(build(name), build(value)) for name, value in spec["object"]])
    return tokens_for_function_call(spec["call"], *[build(arg) for arg in spec["args"]])


# --------------------------------------------------------------------------- edits


def _body(body: DocumentBody, path: list[int]) -> DocumentBody:
    for index in path:
        body = body.blocks()[index].body
    return body


def apply_edits(text: str, ops: list[dict[str, Any]]) -> str:
    """The text of a file after ``ops``, done with hcldecode's documents as
    ``gohclwrite`` does them with ``hclwrite`` (see its main.go)."""
    document, diags = parse_document(text, "in.hcl")
    assert document is not None, diags
    for op in ops:
        kind = op["op"]
        if kind == "set_type":
            path = op["block"]
            _body(document.body, path[:-1]).blocks()[path[-1]].type = op["type"]
        elif kind == "clear":
            _body(document.body, op["block"]).clear()
        elif kind == "append_block":
            source = document
            if op.get("from_file") is not None:
                source, diags = parse_document(op["from_file"], "from.hcl")
                assert source is not None, diags
            path = op["from"]
            parent = _body(source.body, path[:-1])
            block = parent.blocks()[path[-1]]
            _body(document.body, op["to"]).append_block_copy(block)
            parent.remove_block(block)
        elif kind == "rename":
            body = _body(document.body, op["block"])
            if op.get("attribute") is not None:
                attribute = body.get_attribute(op["attribute"])
                assert attribute is not None
                attribute.rename_references(op["search"], op["replace"])
            else:
                body.rename_references(op["search"], op["replace"])
        else:
            raise ValueError(kind)
    return document.text


_RENAME_FILE = """\
# Names to rename
a = var.old
b = var.old.x[0].y # trailing
c = var["old"]
d = var.old[*].id
e = "${var.old.x}-%{for old in var.old}${old}%{endfor}"
f = [for old in var.old : old.name if var.old.enabled]
g = {
  for k, v in var.old : k => v.old
}
h = merge(var.old, { key = var.old.x }, local.old)
i = <<EOT
  ${var.old.x} and $${var.old}
EOT
j = var.older
k = var.old.x ? var.old : var.oldest
m = var.old.0.x
n = { var = 1, (var.old) = 2 }
o = old.var

resource "kind" "name" {
  p = var.old

  nested {
    q = [var.old, var.other]
  }
}
"""

_BLOCKS_FILE = """\
# Header comment

a = 1

# About b
b "one" {
  x = 1 # one
}

b "two" {
  y = 2

  inner "i" {
    z = 3
  }
}
c {}
"""

_OTHER_FILE = """\
# From the other file
moved "m" {
  # inside
  v = "x" # value
  w = <<EOT
text
EOT
}

deep {
  deeper {
    d = 1
  }
}
"""

_ONE_LINE_FILE = """\
a { b = 1 }
c {
  # only a comment
}
"""

# name: (file, ops, known difference or None). A known difference is compared
# after both texts are laid out with hclfmt. hclwrite lays out a whole file as
# hclfmt does when it writes it (File.WriteTo), where a document keeps the bytes
# it read: the sample files are laid out so, and the texts compared as they are.
EDIT_CASES: dict[str, tuple[str, list[dict[str, Any]], str | None]] = {
    "rename everywhere": (
        _RENAME_FILE,
        [{"op": "rename", "block": [], "search": ["var", "old"], "replace": ["var", "new"]}],
        None,
    ),
    "rename one name": (
        _RENAME_FILE,
        [{"op": "rename", "block": [], "search": ["old"], "replace": ["renamed"]}],
        None,
    ),
    "rename three names": (
        _RENAME_FILE,
        [{"op": "rename", "block": [], "search": ["var", "old", "x"], "replace": ["a", "b", "c"]}],
        None,
    ),
    "rename in one attribute": (
        _RENAME_FILE,
        [
            {
                "op": "rename",
                "block": [],
                "attribute": "h",
                "search": ["var", "old"],
                "replace": ["local", "new"],
            }
        ],
        None,
    ),
    "rename in one block": (
        _RENAME_FILE,
        [{"op": "rename", "block": [0], "search": ["var", "old"], "replace": ["var", "é"]}],
        None,
    ),
    "set a block's type": (
        _BLOCKS_FILE,
        [
            {"op": "set_type", "block": [1], "type": "renamed"},
            {"op": "set_type", "block": [2], "type": "c2"},
        ],
        None,
    ),
    "set a nested block's type": (
        _BLOCKS_FILE,
        [{"op": "set_type", "block": [1, 0], "type": "other"}],
        None,
    ),
    "clear a block": (_BLOCKS_FILE, [{"op": "clear", "block": [0]}], None),
    "clear an empty block": (_BLOCKS_FILE, [{"op": "clear", "block": [2]}], None),
    "clear a nested block": (_BLOCKS_FILE, [{"op": "clear", "block": [1, 0]}], None),
    "clear the file": (_BLOCKS_FILE, [{"op": "clear", "block": []}], None),
    "clear one-line blocks": (
        _ONE_LINE_FILE,
        [{"op": "clear", "block": [0]}, {"op": "clear", "block": [1]}],
        None,
    ),
    "move a block to the end": (
        _BLOCKS_FILE,
        [{"op": "append_block", "to": [], "from": [0]}],
        None,
    ),
    "append a block from another file": (
        _BLOCKS_FILE,
        [{"op": "append_block", "to": [], "from": [0], "from_file": _OTHER_FILE}],
        None,
    ),
    "append a nested block from another file": (
        _BLOCKS_FILE,
        [{"op": "append_block", "to": [1], "from": [1, 0], "from_file": _OTHER_FILE}],
        None,
    ),
    "append a block one level deeper": (
        _BLOCKS_FILE,
        [{"op": "append_block", "to": [1], "from": [0], "from_file": _OTHER_FILE}],
        None,
    ),
    "append a block one level up": (
        _BLOCKS_FILE,
        [{"op": "append_block", "to": [], "from": [1, 0], "from_file": _OTHER_FILE}],
        None,
    ),
    "every edit": (
        _BLOCKS_FILE,
        [
            {"op": "set_type", "block": [0], "type": "first"},
            {"op": "rename", "block": [], "search": ["x"], "replace": ["y"]},
            {"op": "append_block", "to": [], "from": [0], "from_file": _OTHER_FILE},
            {"op": "clear", "block": [1, 0]},
        ],
        None,
    ),
}


def edit_lines() -> list[str]:
    """The edit cases as input lines for ``gohclwrite``."""
    return [json.dumps({"file": text, "ops": ops}) for text, ops, _ in EDIT_CASES.values()]
