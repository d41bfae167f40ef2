"""Writes docs/function-reference.md from the definitions of hcldecode.functions.STDLIB.

Usage: ``python tools/generate/gen_function_docs.py`` (the test suite checks that the
page is what this writes, so the page cannot drift from the functions).
"""

from __future__ import annotations

import sys
from pathlib import Path

from hcldecode.functions import STDLIB
from hcldecode.values import Function

PAGE = Path(__file__).resolve().parents[2] / "docs" / "function-reference.md"

HEADER = """\
# Function reference

The functions of `hcl.STDLIB` (go-cty's standard library under the names
Terraform-style applications use), written from their definitions by
`tools/generate/gen_function_docs.py`. Each line gives the parameters with the type
each argument is converted to; `...` marks the parameter that takes any
number of arguments. See [Functions](functions.md) for how to give them to a
configuration. Each function carries its description:

```python
import hcldecode as hcl

print(hcl.STDLIB["upper"].description)
```

```text
The string with its letters in upper case.
```

| function | description |
|---|---|
"""


def signature(name: str, fn: Function) -> str:
    parts = [f"{p.name} {p.type.friendly_name_for_constraint()}" for p in fn.params]
    if fn.var_param is not None:
        var = fn.var_param
        parts.append(f"{var.name}... {var.type.friendly_name_for_constraint()}")
    return f"`{name}({', '.join(parts)})`"


def page() -> str:
    rows = [f"| {signature(name, fn)} | {fn.description} |" for name, fn in STDLIB.items()]
    return HEADER + "\n".join(rows) + "\n"


if __name__ == "__main__":
    PAGE.write_text(page(), encoding="utf-8")
    sys.exit(0)
