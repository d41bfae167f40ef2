"""The evaluation bombs of issue 29: ``python benchmarks/bombs.py``.

Each bomb is a few hundred bytes of configuration that, without a budget
shared by the whole evaluation, builds gigabytes or runs for minutes. For
each, this prints the CPU time, how much the peak memory of the process grew and the
diagnostics that stopped it. It is a measurement, not a test: the tests
(``tests/test_budget.py``) check the exact diagnostics with small limits.

``--only NAME`` runs the bombs whose name contains NAME; each bomb runs in
its own interpreter unless ``--inline`` is given, so that one bomb's memory
does not count towards the next's.
"""

from __future__ import annotations

import argparse
import dataclasses
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Annotated, Any

import hcldecode as hcl
from hcldecode.functions._regex import matching_with_python_re


@dataclasses.dataclass
class Strings:
    a: list[str]


@dataclasses.dataclass
class Anything:
    a: Any


@dataclasses.dataclass
class Sub:
    x: Any = None


@dataclasses.dataclass
class Rule:
    sub: Annotated[list[Sub], hcl.block()] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class Rules:
    rule: Annotated[list[Rule], hcl.block()] = dataclasses.field(default_factory=list)


NESTED_DYNAMIC = """\
dynamic "rule" {
  for_each = range(1024)
  content {
    dynamic "sub" {
      for_each = setproduct(range(100), range(100))
      content {
        x = sub.value
      }
    }
  }
}
"""

NESTED_DYNAMIC_SMALL = NESTED_DYNAMIC.replace("setproduct(range(100), range(100))", "range(1000)")


def _loads(text: str, cls: type, **options: Any) -> Callable[[], object]:
    decoder = hcl.Decoder(functions=hcl.STDLIB, **options)
    return lambda: decoder.loads(text, cls)


def _python_re(bomb: Callable[[], object]) -> Callable[[], object]:
    """``bomb`` with regular expressions matched by Python's re (as without the re2 extra)."""

    def run() -> object:
        with matching_with_python_re():
            return bomb()

    return run


BOMBS: dict[str, Callable[[], object]] = {
    "format-strings": _loads('a = [for i in range(100): format("%16000000s", "a")]\n', Anything),
    "format-strings-list": _loads(
        'a = [for i in range(1000): format("%16000000s", "a")]\n', Strings
    ),
    "big-number-tostring": _loads("a = [for i in range(1000): tostring(1e100000)]\n", Anything),
    "big-number-format": _loads('a = [for i in range(1000): format("%d", 1e100000)]\n', Anything),
    "big-number-jsonencode": _loads("a = [for i in range(1000): jsonencode(1e100000)]\n", Anything),
    "range-of-ranges": _loads("a = [for x in range(1000): range(1000)]\n", Anything),
    "nested-dynamic-setproduct": _loads(NESTED_DYNAMIC, Rules, dynamic_blocks=True),
    "nested-dynamic-range": _loads(NESTED_DYNAMIC_SMALL, Rules, dynamic_blocks=True),
    # Not in the issue: other ways of spending, to see that no step is much
    # slower than the others.
    "setproducts": _loads(
        "a = [for x in range(1000): setproduct(range(100), range(10))]\n", Anything
    ),
    "distincts": _loads("a = [for x in range(1000): distinct(range(1000))]\n", Anything),
    "sorts": _loads(
        "a = [for x in range(1000): sort([for y in range(1000): tostring(y)])]\n", Anything
    ),
    "jsonencodes": _loads("a = [for x in range(1000): jsonencode(range(1000))]\n", Anything),
    "joins": _loads(
        'a = [for x in range(1000): join(",", [for y in range(1000): "aaaaaaaaaa"])]\n',
        Anything,
    ),
    "comparisons": _loads("a = [for x in range(1000): [for y in range(1000): x == y]]\n", Anything),
    "nested-for": _loads(
        "a = length([for x in range(1000): [for y in range(1000): y]])\n", Anything
    ),
    "dynamic-blocks-made": _loads(
        NESTED_DYNAMIC.replace("setproduct(range(100), range(100))", "range(9)"),
        Rules,
        dynamic_blocks=True,
    ),
    # The kinds of work with the most CPU time per step (benchmarks/steps.py), and
    # what the fuzzer found (tools/fuzz).
    "object-of-ranges": _loads('a = {for k, v in range(1000): "${k}" => range(1000)}\n', Anything),
    "formats": _loads(
        'a = [for x in range(1000): [for y in range(1000): format("%d", y)]]\n', Anything
    ),
    "templates": _loads(
        'a = [for x in range(1000): "%{for y in range(1000)}${y},%{endfor}"]\n', Anything
    ),
    "arithmetic": _loads(
        "a = [for x in range(1000): [for y in range(1000): x * y + 1]]\n", Anything
    ),
    "conditionals": _loads(
        "a = [for x in range(1000): [for y in range(1000): y > 500 ? y : x]]\n", Anything
    ),
    "fractions": _loads("a = [for x in range(1000): [for y in range(1000): y / 7]]\n", Anything),
    "regex-searches": _python_re(
        _loads(
            'a = [for i in range(1000): regexall("\\\\w+x", '
            'replace(format("%3500s", ""), " ", "a"))]\n',
            Anything,
        )
    ),
    "regex-replaces": _loads(
        'a = [for i in range(1000): regex_replace(format("%100000s", ""), " ", "a")]\n', Anything
    ),
}


def run(name: str) -> None:
    """Run one bomb and print its figures."""
    bomb = BOMBS[name]
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.process_time()
    try:
        bomb()
    except hcl.DecodeError as error:
        diagnostics = list(error.diagnostics)
    else:
        diagnostics = []
    elapsed = time.process_time() - start
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before  # KiB on Linux
    print(
        f"{name}: {elapsed:.2f} s CPU, peak memory +{grown / 1024:.0f} MiB, "
        f"{len(diagnostics)} diagnostic(s)"
    )
    for diag in diagnostics[:3]:
        print(f"    {diag.summary} at {diag.subject}: {diag.detail}")
    sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="run the bombs whose name contains this")
    parser.add_argument("--inline", action="store_true", help="run all in this interpreter")
    parser.add_argument("--exact", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--timeout", type=float, default=120, help="seconds per bomb")
    options = parser.parse_args()
    if options.exact is not None:
        run(options.exact)
        return
    for name in BOMBS:
        if options.only not in name:
            continue
        if options.inline:
            run(name)
            continue
        try:
            subprocess.run(
                [sys.executable, __file__, "--inline", "--exact", name],
                check=False,
                timeout=options.timeout,
            )
        except subprocess.TimeoutExpired:
            print(f"{name}: stopped after {options.timeout:.0f} s")


if __name__ == "__main__":
    main()
