"""The optional compiled build (setup.py): which modules it compiles, and that they are.

The modules that setup.py compiles with mypyc are either all compiled (an
install with ``HCLDECODE_COMPILE=1``) or all pure Python. CI runs the suite
on both builds and says which one it installed with
``HCLDECODE_EXPECT_COMPILED`` (``1`` or ``0``); without it, either is right,
a mixture is not.
"""

from __future__ import annotations

import ast
import importlib
import importlib.machinery
import os
import runpy
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXPECT_VARIABLE = "HCLDECODE_EXPECT_COMPILED"


def _setup_script() -> dict[str, Any]:
    """setup.py's names, without running setuptools (it does only as ``__main__``)."""
    return runpy.run_path(str(ROOT / "setup.py"), run_name="hcldecode_setup")


def _compiled_module_names() -> list[str]:
    paths: list[str] = _setup_script()["COMPILED_MODULES"]
    return [path.removesuffix(".py").replace("/", ".") for path in paths]


def _is_extension(name: str) -> bool:
    file = importlib.import_module(name).__file__ or ""
    return file.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def test_the_listed_modules_exist() -> None:
    paths = _setup_script()["COMPILED_MODULES"]
    assert paths
    assert [p for p in paths if not (ROOT / "src" / p).is_file()] == []


def test_the_modules_are_compiled_as_expected() -> None:
    compiled = {name: _is_extension(name) for name in _compiled_module_names()}
    expected = os.environ.get(EXPECT_VARIABLE)
    if expected in ("0", "1"):
        assert compiled == dict.fromkeys(compiled, expected == "1")
    else:
        assert len(set(compiled.values())) == 1, compiled


def test_without_the_switch_nothing_is_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HCLDECODE_COMPILE", raising=False)
    assert _setup_script()["_ext_modules"]() == []


def _handlers_sharing_a_name(source: str) -> list[str]:
    """The ``except ... as name`` clauses of one function that give one name to
    exceptions of different types, as ``"function:line name"``."""
    found = []
    for function in ast.walk(ast.parse(source)):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        caught: dict[str, str] = {}
        for node in ast.walk(function):
            if isinstance(node, ast.ExceptHandler) and node.name and node.type is not None:
                kind = ast.unparse(node.type)
                if caught.setdefault(node.name, kind) != kind:
                    found.append(f"{function.name}:{node.lineno} {node.name}")
    return found


def test_handlers_of_different_exceptions_have_different_names() -> None:
    # mypyc gives a variable one type per function: the type of the first handler
    # that binds it. A later handler binding another exception to the same name
    # fails that type check in the compiled build (a TypeError in place of the
    # handler's work).
    found = {
        path: shared
        for path in _setup_script()["COMPILED_MODULES"]
        if (shared := _handlers_sharing_a_name((ROOT / "src" / path).read_text()))
    }
    assert found == {}


def test_the_check_finds_a_shared_handler_name() -> None:
    source = (
        "def f():\n"
        "    try:\n        pass\n"
        "    except KeyError as exc:\n        pass\n"
        "    except (ValueError, TypeError) as exc:\n        pass\n"
    )
    assert _handlers_sharing_a_name(source) == ["f:6 exc"]


# Exception classes the compiled modules may define: caught where they are raised
# (tests/test_errors.py's INTERNAL), so no caller copies, pickles or derives from one.
COMPILED_EXCEPTIONS = {"StringError", "Stop", "_Unsure"}


def test_no_exception_a_caller_sees_is_compiled() -> None:
    # A compiled exception keeps its attributes in no __dict__: a copied or pickled
    # one loses those its __init__ does not take back, and Python classes cannot
    # derive from it. The public ones stay in Python modules.
    found = set()
    for name in _compiled_module_names():
        module = importlib.import_module(name)
        for cls_name, cls in vars(module).items():
            if isinstance(cls, type) and issubclass(cls, BaseException) and cls.__module__ == name:
                found.add(cls_name)
    assert found == COMPILED_EXCEPTIONS
