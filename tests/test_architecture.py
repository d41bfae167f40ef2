"""The package's structure: layers, circles, what tests may reach into, message quoting."""

from __future__ import annotations

import ast
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "hcldecode"

# Test modules that import private modules, and why. Every other test goes through the
# public API (what the package's __init__ files export).
PRIVATE_IMPORTS = {
    "tests/values/test_number.py": "pins down the 512-bit arithmetic operation by operation",
    "tests/values/test_pyvalues.py": "checks annotation-to-type mapping and number text directly",
    "tests/_text/test_text.py": "checks the Unicode tables against Unicode's own test data",
    "tests/_text/test_suggest.py": "checks the edit distances behind every suggestion",
    "tests/model/test_source.py": "checks offsets turned into lines, columns and bytes",
    "tests/model/test_render.py": "checks word wrapping and value summaries on their own",
    "tests/native/test_native_scanner.py": "checks the scanner's own kinds, modes and offsets",
    "tests/native/test_parts.py": "reads in one-line parts and the nodes' lazily read fields",
    "tests/json/test_json_parser.py": "checks the JSON parser's node tree",
    "tests/json/test_go_errors.py": "quotes strings as Go's %q does, to compare with Go",
    "tests/json/test_json_nesting_count.py": (
        "checks the JSON fast path's nesting count, CPython's way and the portable one"
    ),
    "tests/write/test_tokens.py": "checks that writer token kinds are the scanner's kinds",
    "tests/hcldec/test_hcldec_command.py": "runs the hcldec command with its own streams",
    "tests/lsp/test_positions.py": "checks byte offsets turned into LSP lines and columns",
    "tests/lsp/test_incremental.py": "checks the incremental parse against the whole text's",
    "tests/functions/test_stdlib_regex.py": (
        "forces Python's re, to test that engine with google-re2 there"
    ),
    "tests/test_budget.py": "reads the steps an evaluation spent, to pin the documented rates",
    "tests/pytypes/test_leaf_lowering.py": "compares a leaf type's shortcut with the whole walk",
    "tests/pytypes/test_lower_errors.py": (
        "copies and pickles the misfit errors (several at once come only from cattrs)"
    ),
}


def _private_imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        modules: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        for module in modules:
            parts = module.split(".")
            if parts[0] == "hcldecode" and any(p.startswith("_") for p in parts[1:]):
                found.add(module)
    return found


def test_layers_point_down_and_nothing_imports_in_a_circle() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "checks" / "check_imports.py")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (
        result.stdout
        == f"imports: layers point down, no circles (hcldecode under {ROOT / 'src'})\n"
    )
    assert result.returncode == 0


def test_only_listed_tests_import_private_modules() -> None:
    reaching = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "tests").rglob("*.py")
        if _private_imports(path)
    }
    assert reaching == set(PRIVATE_IMPORTS)


def test_examples_and_docs_use_only_the_public_api() -> None:
    sources = [path.read_text(encoding="utf-8") for path in (ROOT / "examples").rglob("*.py")]
    sources += [path.read_text(encoding="utf-8") for path in (ROOT / "docs").glob("*.md")]
    private = re.compile(r"\bhcldecode(\.\w+)*\._\w+|from hcldecode(\.\w+)* import _")
    assert [m.group() for text in sources for m in private.finditer(text)] == []


def test_messages_quote_with_go_quote_not_json_dumps() -> None:
    # Names in messages are quoted by one function with Go's %q rules; json.dumps
    # escapes differently (e.g. "\u00e9" for é), so it writes only JSON text.
    calls = set()
    for path in SRC.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef):
                continue
            for node in ast.walk(function):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "dumps"
                    and isinstance(node.func.value, ast.Name)
                    and node.func.value.id == "json"
                ):
                    calls.add((path.relative_to(SRC).as_posix(), function.name))
    assert calls == {
        ("values/_json.py", "_scalar_text"),
        ("cli/_main.py", "_print_schema"),  # a JSON Schema, as JSON text
        ("lsp/_schema.py", "value_texts"),  # values to complete, as JSON-syntax text
        ("lsp/_outline.py", "fixes"),  # a suggested name, as a JSON-syntax key
    }


def test_import_leaves_what_decoding_does_not_need_unloaded() -> None:
    # What loads on first use (through the lazy names of the package __init__
    # files), so that ``import hcldecode`` stays cheap; the names still work.
    code = """
import sys
import hcldecode
lazy = ["hcldecode.functions", "hcldecode.functions._stdlib", "hcldecode.values._json",
        "hcldecode.ext.dynblock", "hcldecode.native._lexer", "hcldecode.native._walk",
        "hcldecode.model._call",
        "hcldecode.model._closure", "hcldecode.json", "hcldecode.write", "hcldecode.hcldec",
        "pathlib"]
print([m for m in lazy if m in sys.modules])
from hcldecode.values import *
from hcldecode.functions import *
from hcldecode.native import *
from hcldecode.model import *
print(len(hcldecode.STDLIB) == 86, STDLIB is hcldecode.STDLIB, callable(value_to_json),
      callable(lex_config), callable(walk), callable(call_function),
      EXPRESSION is sys.modules["hcldecode.model._closure"].EXPRESSION)
print([m for m in lazy if m not in sys.modules])
"""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.splitlines() == [
        "[]",
        "True True True True True True True",
        "['hcldecode.ext.dynblock', 'hcldecode.json', 'hcldecode.write', 'hcldecode.hcldec', "
        "'pathlib']",
    ]


def test_above_the_syntaxes_only_hclparse_and_the_command_import_them(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location(
        "check_imports", ROOT / "tools" / "checks" / "check_imports.py"
    )
    assert spec is not None and spec.loader is not None
    checker = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(checker)
    package = tmp_path / "hcldecode"
    files = {
        "__init__.py": "from . import native\n",
        "native/__init__.py": "",
        "json/__init__.py": "",
        "hclparse/__init__.py": "from ..native import x\nfrom ..json import y\n",
        "cli/__init__.py": "from .. import json\n",
        "decoding/__init__.py": "from ..native import parse_config\n",
        "hcldec/_specs.py": "from ..json._ast import Node\n",
        "json/_ast.py": "",
        "ext/dynblock.py": "from .. import native\n",
    }
    for name, text in files.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text, encoding="utf-8")
    assert checker.check(tmp_path) == [
        "hcldecode/decoding/__init__.py:1: hcldecode.decoding imports the syntax "
        "hcldecode.native; above the syntaxes only cli, compat, hclparse, lsp, testing, "
        "the root may",
        "hcldecode/ext/dynblock.py:1: hcldecode.ext.dynblock imports the syntax "
        "hcldecode.native; above the syntaxes only cli, compat, hclparse, lsp, testing, "
        "the root may",
        "hcldecode/hcldec/_specs.py:1: hcldecode.hcldec._specs imports the syntax "
        "hcldecode.json._ast; above the syntaxes only cli, compat, hclparse, lsp, testing, "
        "the root may",
    ]
