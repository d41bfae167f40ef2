"""Property-based fuzzing of the surfaces a configuration reaches: ``nox -s fuzz``.

Targets (tools/fuzz/targets.py): the function library (generated calls with
generated values), expressions with ``try``/``can``, dynamic blocks
(``Decoder(dynamic_blocks=True)``), documents and sequences of their edit
operations, ``dumps``/``loads`` round trips in both syntaxes, and the
soundness of refinements (an operation on refined unknowns must give a
result whose refinement contains the result on concrete values within them).

Every example is measured (tools/fuzz/budget.py): CPU time and peak of
allocations; an example over ``--seconds`` or ``--megabytes`` is a finding,
as is any crash or broken check. Findings are printed with their input,
written to ``--findings`` (``.fuzz/findings/`` by default), and make the run
exit with status 1; the run goes on after one (up to ``--max-findings``).

Usage: ``python tools/fuzz/run.py [--minutes N] [--seconds S] [--megabytes M]
[--targets a,b] [--seed N] [--shrink]``.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import random
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis.reporting import with_reporter

sys.path.insert(0, str(Path(__file__).resolve().parent))

import targets
from budget import MIB, OverBudget

ROOT = Path(__file__).resolve().parents[2]
CHUNK = 200  # examples per hypothesis run, between which the clock is read


def _key(target: str, error: BaseException) -> str:
    """What makes two findings the same: the target, the exception's type, and the
    innermost frame of hcldecode (or of the target) it came from."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = [f for f in frames if "hcldecode" in f.filename] or frames[-1:]
    where = f"{Path(ours[-1].filename).name}:{ours[-1].lineno}" if ours else "?"
    kind = type(error).__name__
    if isinstance(error, OverBudget):
        kind += ":" + str(error).split(":", 1)[0]
    return f"{target} {kind} {where}"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU budget per example")
    parser.add_argument("--megabytes", type=float, default=256.0, help="allocations per example")
    parser.add_argument("--address-space", type=int, default=3072, help="MiB for the process")
    parser.add_argument("--targets", default=",".join(targets.TARGETS))
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--shrink", action="store_true", help="shrink findings (slower)")
    parser.add_argument("--max-findings", type=int, default=50)
    parser.add_argument(
        "--strict", action="store_true", help="known problems (issue 29 items 3, 4) are findings"
    )
    parser.add_argument("--findings", type=Path, default=ROOT / ".fuzz" / "findings")
    args = parser.parse_args(argv[1:])
    names = [n for n in args.targets.split(",") if n]
    unknown = [n for n in names if n not in targets.TARGETS]
    if unknown:
        parser.error(f"unknown targets {unknown}; there are {sorted(targets.TARGETS)}")
    targets.STRICT = args.strict
    budget = targets.BUDGET
    budget.seconds, budget.megabytes = args.seconds, args.megabytes
    budget.start(args.address_space)
    rng = random.Random(args.seed)
    phases = [Phase.explicit, Phase.generate] + ([Phase.shrink] if args.shrink else [])
    findings: dict[str, tuple[int, str]] = {}
    args.findings.mkdir(parents=True, exist_ok=True)
    deadline = time.monotonic() + args.minutes * 60
    runs = 0
    print(
        f"fuzzing {', '.join(names)} for {args.minutes} min; budget per example "
        f"{args.seconds} s CPU, {args.megabytes:.0f} MiB",
        flush=True,
    )
    while time.monotonic() < deadline and len(findings) < args.max_findings:
        name = names[runs % len(names)]
        runs += 1
        check, strategy = targets.TARGETS[name]
        seed = rng.randrange(2**32)
        test = settings(
            max_examples=CHUNK,
            deadline=None,
            database=None,
            derandomize=False,
            phases=phases,
            suppress_health_check=list(HealthCheck),
            print_blob=False,
        )(given(strategy)(check))
        test = _seeded(test, seed)
        report = io.StringIO()
        try:
            with with_reporter(lambda text, out=report: out.write(str(text) + "\n")):
                test()
        except Exception as error:
            key = _key(name, error)
            count, _ = findings.get(key, (0, ""))
            text = f"{key}\n{type(error).__name__}: {error}\n\n{report.getvalue()}\n" + "".join(
                traceback.format_exception(error)[-6:]
            )
            if count == 0:
                print(f"\nFINDING {key}\n{text[:3000]}", flush=True)
                digest = hashlib.sha1(key.encode()).hexdigest()[:12]
                (args.findings / f"{name}-{digest}.txt").write_text(text, encoding="utf-8")
            findings[key] = (count + 1, text)
    print("\ntarget           examples   CPU s   max CPU s   max MiB")
    for name in names:
        stats = budget.stats.get(name)
        if stats is None:
            continue
        print(
            f"{name:16} {stats.examples:8d} {stats.total_cpu:7.1f} {stats.max_cpu:11.3f} "
            f"{stats.max_peak / MIB:9.1f}"
        )
    for name in names:
        stats = budget.stats.get(name)
        if stats is not None:
            print(f"  {name}: slowest {stats.slowest[:160]}")
    for issue, count in sorted(targets.KNOWN.items()):
        print(f"known (not counted): {count} x {issue}")
    if findings:
        print(f"\n{len(findings)} distinct findings:")
        for key, (count, _) in sorted(findings.items()):
            print(f"  {count:4d} x {key}")
        return 1
    print("\nno finding")
    return 0


def _seeded(test: Callable[[], None], seed: int) -> Callable[[], None]:
    return hypothesis_seed(seed)(test)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
