"""CPU time per step of the evaluation budget: ``python benchmarks/steps.py``.

The budget (``Limits.max_cost``) bounds the CPU time of one evaluation only
if every kind of work is charged in proportion to its time. This evaluates
one configuration for each kind of work under a budget too large to run out,
and prints the steps it was charged, its CPU time and the microseconds per
step: the kinds with the most microseconds per step are the ones that set
how long a budget-exhausting input takes (the default budget times the
worst rate). ``benchmarks/bombs.py`` then checks the bombs themselves.

``--only NAME`` runs the workloads whose name contains NAME; ``--repeat N``
takes the fastest of N runs (the machine may be shared).
"""

from __future__ import annotations

import argparse
import dataclasses
import time
import tracemalloc
from typing import Annotated, Any

import hcldecode as hcl
from hcldecode.model import EvalContext
from hcldecode.native import parse_expression
from hcldecode.native._evaluate import evaluate as evaluate_node
from hcldecode.values._limits import BUDGET, Budget

BIG = hcl.Limits(max_cost=10**12)


@dataclasses.dataclass
class Anything:
    a: Any


DYNAMIC = """\
dynamic "rule" {
  for_each = setproduct(range(100), range(%d))
  content {
    x = rule.value
  }
}
"""


@dataclasses.dataclass
class Rule:
    x: Any = None


@dataclasses.dataclass
class Rules:
    rule: Annotated[list[Rule], hcl.block()] = dataclasses.field(default_factory=list)


# name -> (text, class, decoder options)
WORKLOADS: dict[str, tuple[str, type, dict[str, Any]]] = {
    "range-of-ranges": ("a = [for x in range(100): range(1000)]", Anything, {}),
    "range-of-ranges-object": (
        'a = {for k, v in range(100): "${k}" => range(1000)}',
        Anything,
        {},
    ),
    "range-of-ranges-keyed": ("a = [for i, v in range(100): range(1000)]", Anything, {}),
    "for-identity": ("a = length([for x in range(100): [for y in range(1000): y]])", Anything, {}),
    "for-numbers": ("a = [for x in range(100): [for y in range(1000): 1.5]]", Anything, {}),
    "for-object": (
        'a = [for x in range(30): {for y in range(1000): "${y}" => y}]',
        Anything,
        {},
    ),
    "for-strings": ('a = [for x in range(100): [for y in range(1000): "a${y}"]]', Anything, {}),
    "splat": ("a = [for x in range(100): range(1000)[*]]", Anything, {}),
    "comparisons": ("a = [for x in range(100): [for y in range(1000): x == y]]", Anything, {}),
    "arithmetic": ("a = [for x in range(100): [for y in range(1000): x * y + 1]]", Anything, {}),
    "conditionals": (
        "a = [for x in range(100): [for y in range(1000): y > 500 ? y : x]]",
        Anything,
        {},
    ),
    "templates": (
        'a = [for x in range(100): "%{for y in range(1000)}${y},%{endfor}"]',
        Anything,
        {},
    ),
    "setproduct": ("a = [for x in range(100): setproduct(range(100), range(10))]", Anything, {}),
    "distinct": ("a = [for x in range(100): distinct(range(1000))]", Anything, {}),
    "sort": ("a = [for x in range(30): sort([for y in range(1000): tostring(y)])]", Anything, {}),
    "jsonencode": ("a = [for x in range(100): jsonencode(range(1000))]", Anything, {}),
    "jsondecode": (
        "a = [for x in range(100): jsondecode(jsonencode(range(1000)))]",
        Anything,
        {},
    ),
    "join": (
        'a = [for x in range(100): join(",", [for y in range(1000): "aaaaaaaaaa"])]',
        Anything,
        {},
    ),
    "split": ('a = [for x in range(100): split(",", join(",", range(1000)))]', Anything, {}),
    "concat": ("a = [for x in range(100): concat(range(500), range(500))]", Anything, {}),
    "flatten": ("a = [for x in range(100): flatten([range(500), range(500)])]", Anything, {}),
    "keys-values": (
        'a = [for x in range(30): values({for y in range(1000): "${y}" => y})]',
        Anything,
        {},
    ),
    "tolist-tostring": (
        "a = [for x in range(100): tolist([for y in range(1000): y])]",
        Anything,
        {},
    ),
    "tostring-numbers": (
        "a = [for x in range(100): [for y in range(1000): tostring(y)]]",
        Anything,
        {},
    ),
    "format": ('a = [for x in range(100): [for y in range(1000): format("%d", y)]]', Anything, {}),
    "upper": ('a = [for x in range(100): [for y in range(1000): upper("abc")]]', Anything, {}),
    "big-number-tostring": ("a = [for i in range(10): tostring(1e100000)]", Anything, {}),
    "big-number-arithmetic": ("a = [for i in range(1000): 1e100000 * 3 + i]", Anything, {}),
    "big-number-compare": ("a = [for i in range(1000): 1e100000 == i]", Anything, {}),
    "big-number-read": (
        'a = [for i in range(10): tonumber(format("1%0100000d", i))]',
        Anything,
        {},
    ),
    "fractions": ("a = [for x in range(100): [for y in range(1000): y / 7]]", Anything, {}),
    "long-strings": ('a = [for i in range(100): "${format("%100000s", "a")}b"]', Anything, {}),
    "string-functions": (
        'a = [for i in range(100): upper(format("%100000s", "a"))]',
        Anything,
        {},
    ),
    "replace": (
        'a = [for i in range(100): replace(format("%100000s", "a"), " ", "ab")]',
        Anything,
        {},
    ),
    "regex": (
        'a = [for i in range(100): regexall("a", format("%10000s", "a"))]',
        Anything,
        {},
    ),
    "dynamic-blocks": (DYNAMIC % 50, Rules, {"dynamic_blocks": True}),
}


def measure(name: str, evaluate: bool = False, traced: bool = False) -> tuple[int, float]:
    """The steps charged and the CPU time of one run of the workload ``name``:
    decoded into its class, or with ``evaluate`` the expression of its attribute
    ``a`` evaluated (as ``Expression.value`` does, without lowering); with
    ``traced``, under :mod:`tracemalloc` (as the fuzzer measures)."""
    text, cls, options = WORKLOADS[name]
    budget = Budget(BIG)
    if evaluate:
        if not text.startswith("a = "):
            return 0, 0.0
        node, _ = parse_expression(text[4:])
        ctx = EvalContext(functions=hcl.STDLIB, limits=BIG)
        run: Any = lambda: evaluate_node(node, ctx)  # noqa: E731
    else:
        decoder = hcl.Decoder(functions=hcl.STDLIB, limits=BIG, **options)
        run = lambda: decoder.loads(text + "\n", cls)  # noqa: E731
    token = BUDGET.set(budget)
    if traced:
        tracemalloc.start()
    try:
        start = time.process_time()
        run()
        elapsed = time.process_time() - start
    finally:
        BUDGET.reset(token)
        if traced:
            tracemalloc.stop()
    return budget.spent, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="run the workloads whose name contains this")
    parser.add_argument("--repeat", type=int, default=3, help="fastest of this many runs")
    parser.add_argument(
        "--evaluate", action="store_true", help="evaluate the expressions only, no decoding"
    )
    parser.add_argument(
        "--tracemalloc", action="store_true", help="trace allocations, as tools/fuzz does"
    )
    options = parser.parse_args()
    default = hcl.Limits().max_cost
    rows = []
    for name in WORKLOADS:
        if options.only not in name:
            continue
        runs = [measure(name, options.evaluate, options.tracemalloc) for _ in range(options.repeat)]
        steps = runs[0][0]
        if not steps:
            continue
        elapsed = min(r[1] for r in runs)
        rows.append((elapsed * 1e6 / max(steps, 1), name, steps, elapsed))
        print(
            f"{name:24} {steps:>10,} steps {elapsed:7.3f} s "
            f"{elapsed * 1e6 / max(steps, 1):6.2f} us/step",
            flush=True,
        )
    worst = max(rows)
    print(
        f"worst: {worst[1]} at {worst[0]:.2f} us/step: the default budget of {default:,} "
        f"steps is about {worst[0] * default / 1e6:.2f} s of it"
    )


if __name__ == "__main__":
    main()
