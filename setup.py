"""The optional compiled build: hcldecode's hot modules compiled with mypyc.

Everything about the package is in pyproject.toml; this script only adds
the compiled modules, and only when ``HCLDECODE_COMPILE=1`` is set at
install (``HCLDECODE_COMPILE=1 pip install .``). The build backend
(``tools/build/build_backend.py``) then adds mypy, which holds mypyc, to the build
requirements; a C compiler must be there. Without the switch the package is
pure Python, built with setuptools alone. The same source runs either way;
docs/architecture.md ("The compiled build") says what compiling gives.
"""

from __future__ import annotations

import os

# The modules compiled, relative to src/: those whose Python code the time goes
# to when parsing (the scanners spend theirs in the regular expression engine,
# but the parsers use their constants and call them natively), the native
# syntax's node, attribute, block and body classes (built by the parser natively)
# with the model's Attribute and Block they derive from, and the class decoder.
COMPILED_MODULES = [
    "hcldecode/native/_scanner.py",
    "hcldecode/native/_parser.py",
    "hcldecode/native/_ast.py",
    "hcldecode/model/_items.py",
    "hcldecode/native/_body.py",
    "hcldecode/decoding/_decoder.py",
    "hcldecode/native/_check.py",
    "hcldecode/json/_scanner.py",
    "hcldecode/json/_parser.py",
    "hcldecode/json/_decoded.py",
    "hcldecode/pytypes/_lowering.py",
    "hcldecode/decoding/_classinfo.py",
    "hcldecode/native/_evaluate.py",
    "hcldecode/write/_format.py",
    "hcldecode/write/_tokens.py",
]


def _ext_modules() -> list[object]:
    if os.environ.get("HCLDECODE_COMPILE") != "1":
        return []
    from mypyc.build import mypycify  # noqa: PLC0415 (only the compiled build has mypyc)

    return list(
        mypycify(
            [f"src/{path}" for path in COMPILED_MODULES], opt_level="3", group_name="hcldecode"
        )
    )


if __name__ == "__main__":
    # Imported here: the tests read the list above, where setuptools may not be installed.
    from setuptools import setup

    setup(ext_modules=_ext_modules())
