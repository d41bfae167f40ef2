"""The budget steps that real configurations cost: ``python benchmarks/corpus_cost.py DIR``.

Evaluates every attribute of every native-syntax file under DIR (the shared
corpus: ``../shared/corpus/native``), in blocks too, with the standard
library and an unknown value for each undefined variable, under one budget
per file (as one decoder call shares it), and prints the costliest files and
the total. The default ``max_cost`` must stay far above the costliest.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import hcldecode as hcl
from hcldecode import native
from hcldecode.model import EvalContext
from hcldecode.values import DYNAMIC, Value
from hcldecode.values._limits import BUDGET, Budget

BIG = hcl.Limits(max_cost=10**12)


def _attributes(body: Any) -> list[Any]:
    found = list(body.attributes.values())
    for block in body.blocks:
        found.extend(_attributes(block.body))
    return found


def cost(path: Path) -> int:
    """The steps that evaluating every attribute of the file at ``path`` costs."""
    file, _ = native.parse_config(path.read_bytes(), str(path))
    ctx = EvalContext(
        functions=hcl.STDLIB, limits=BIG, undefined_variable=lambda _t: Value.unknown(DYNAMIC)
    )
    budget = Budget(BIG)
    token = BUDGET.set(budget)
    try:
        for attribute in _attributes(file.body):
            attribute.expr.value(ctx)
    finally:
        BUDGET.reset(token)
    return budget.spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=Path)
    parser.add_argument("--top", type=int, default=5)
    options = parser.parse_args()
    paths = [path for path in sorted(options.directory.rglob("*")) if path.is_file()]
    costs = sorted(((cost(path), path.name) for path in paths), reverse=True)
    for steps, name in costs[: options.top]:
        print(f"{steps:>9,} {name}")
    print(f"{sum(s for s, _ in costs):>9,} in all, {len(costs)} files")


if __name__ == "__main__":
    main()
