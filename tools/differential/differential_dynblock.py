"""Differential test of dynamic-block expansion against HCL's ``ext/dynblock``.

Each case is a configuration with dynamic blocks, a schema tree and
variables. ``tools/differential/go/godynblock`` expands it with HCL's own
package and decodes it with an hcldec spec built from the tree; hcldecode
does the same with
:func:`hcldecode.ext.dynblock.expand` and :mod:`hcldecode.hcldec`. The values,
the diagnostics (sorted: the reference walks an object spec in random order)
and the variables both find must agree.

Usage: ``python tools/differential/differential_dynblock.py GODYNBLOCK [--count N]
[--seed N]``: the hand-written cases of ``tests/ext/test_dynblock.py``, then N generated ones.
Exits 1 when a case differs.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

# The cases, and the loader of their expected results.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests" / "ext"))
from test_dynblock import CASES, ours

# go-cty 1.13 and later name the type given in a conversion error ("string
# required, but have tuple"), as hcldecode does; Debian's 1.12.1 does not.
_BUT_HAVE = re.compile(r"(?<= required), but have [^.:]+(?=\.)")


def _as_go_1_12(result: dict[str, Any]) -> dict[str, Any]:
    result["diags"] = sorted([s, _BUT_HAVE.sub("", d), r] for s, d, r in result["diags"])
    return result


def theirs(godynblock: str, cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What tools/differential/go/godynblock gives for each case."""
    done = subprocess.run(
        [godynblock],
        input="".join(json.dumps(c) + "\n" for c in cases),
        capture_output=True,
        text=True,
        check=True,
    )
    results = [json.loads(line) for line in done.stdout.splitlines()]
    for result in results:
        result["diags"] = sorted(result.get("diags") or [])
    return results


# --------------------------------------------------------------------------- generated cases

_COLLECTIONS = ['["a", "b"]', "[]", '{x = 1, y = "2"}', 'toset(["b", "a"])', "[[1], [2, 3]]",
                "{}", "null", "1", '"s"', "coll", "unknown_coll", "[null]",
                '[true, "t"]']  # fmt: skip
_VALUES = ["it.key", "it.value", "setting.value", "outer.key", "var.v", '"${it.key}-x"', "1",
           "it", "nothing.here", "it.value[0]", "[it.key]"]  # fmt: skip


def _dynamic(rng: random.Random, depth: int, block_type: str, labels: int) -> str:
    iterator = rng.choice(["", "it", "outer", "setting"])
    lines = [f'dynamic "{block_type}" {{', f"  for_each = {rng.choice(_COLLECTIONS)}"]
    if iterator:
        written = rng.choice([iterator, iterator, "a.b", '"q"'])
        lines.append(f"  iterator = {written}")
    if labels or rng.random() < 0.1:
        count = labels + (rng.choice([-1, 1]) if rng.random() < 0.15 else 0)
        items = [
            rng.choice(["it.key", '"l"', "it.value", "null", "var.v", "1"]) for _ in range(count)
        ]
        lines.append(f"  labels = [{', '.join(items)}]")
    for _ in range(1 if rng.random() < 0.9 else rng.choice([0, 2])):
        lines.append("  content {")
        lines.append(f"    value = {rng.choice(_VALUES)}")
        if depth < 2 and rng.random() < 0.4:
            lines.extend(
                "    " + line for line in _dynamic(rng, depth + 1, "inner", 0).splitlines()
            )
        lines.append("  }")
    lines.append("}")
    return "\n".join(lines)


def generated(rng: random.Random) -> dict[str, Any]:
    """A random case: a few static and dynamic blocks of random shapes."""
    kind = rng.choice(["list", "set", "tuple", "map", "object", "single"])
    labels = 1 if kind in ("map", "object") else rng.choice([0, 0, 1])
    # (the reference refuses attributes of any type inside a block map)
    value_type = "string" if kind == "map" else "any"
    inner = {"attrs": {"value": value_type}, "blocks": {"inner": {"kind": "list"}}}
    inner["blocks"]["inner"]["schema"] = {"attrs": {"value": value_type}}
    schema = {"attrs": {"top": "any"}, "blocks": {"setting": {
        "kind": kind, "labels": ["name"] if labels else [], "schema": inner}}}  # fmt: skip
    parts = ["top = var.v"]
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.25:
            label = ' "s"' if labels else ""
            parts.append(f"setting{label} {{\n  value = var.v\n}}")
        else:
            parts.append(_dynamic(rng, 0, rng.choice(["setting", "setting", "other"]), labels))
    variables = {"var": '{v = "V"}', "coll": '["c1", "c2"]', "unknown_coll": "unknown"}
    return {"config": "\n".join(parts) + "\n", "schema": schema, "vars": variables}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("godynblock")
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    cases = [case for case, _expected in CASES] + [generated(rng) for _ in range(args.count)]
    for case in cases:
        case.pop("name", None)
    agree, differ, failed = 0, [], 0
    for case, result in zip(cases, theirs(args.godynblock, cases), strict=True):
        if "error" in result:
            failed += 1
            continue
        mine = _as_go_1_12(ours(case))
        if mine == result:
            agree += 1
        else:
            differ.append(f"{case['config']}\n  ours:   {mine}\n  theirs: {result}")
    print(
        f"dynamic blocks: {agree} of {len(cases)} cases agree "
        f"({len(CASES)} written, {args.count} generated); "
        f"{failed} the Go program could not decode"
    )
    for text in differ[:10]:
        print(text)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
