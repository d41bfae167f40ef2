"""Interleaved timing of the native syntax's parse, format and document round trip.

Usage: ``python benchmarks/speed_compare.py [--ops parse,format,trip,scan]
[--rounds N] [--corpus DIR] TREE [TREE ...]``, where each TREE is a checkout
of hcldecode (its ``src`` folder is imported; e.g. one made with ``git
worktree add``) and DIR the shared corpus folder. Each round runs every
operation of every tree once, each in a fresh interpreter timing the best of
three passes over the corpus's native files with ``time.process_time`` and
the cyclic garbage collector on (as applications run); the figure kept is
the best over the rounds. Interleaving the trees round by round keeps a
busy machine from favouring one of them; compare ratios, not absolute
times.

Operations: ``parse`` (``native.parse_config``), ``format``
(``write.format``), ``trip`` (``write.parse_document`` and the document's
text back), ``scan`` (the scanner alone, comments included).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Runs in a fresh interpreter: argv is (corpus folder, operation).
_WORKER = """
import gc, sys, time
from pathlib import Path
from hcldecode import native, write
from hcldecode.native import _scanner
texts = [p.read_text("utf-8", "surrogateescape") for p in sorted(Path(sys.argv[1]).iterdir())]
def trip(text):
    doc, _ = write.parse_document(text)
    return None if doc is None else doc.text
work = {"parse": native.parse_config, "format": write.format, "trip": trip,
        "scan": _scanner.scan}[sys.argv[2]]
best = float("inf")
for _ in range(3):
    gc.collect()
    start = time.process_time()
    for text in texts:
        work(text)
    best = min(best, time.process_time() - start)
print(best)
"""


def _time(tree: Path, corpus: Path, op: str) -> float:
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    done = subprocess.run(
        [sys.executable, "-c", _WORKER, str(corpus / "native"), op],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return float(done.stdout)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", default="parse,format,trip")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--corpus", default=str(ROOT.parent / "shared" / "corpus"))
    parser.add_argument("trees", nargs="+")
    args = parser.parse_args(argv[1:])
    ops = args.ops.split(",")
    trees = [Path(tree).resolve() for tree in args.trees]
    corpus = Path(args.corpus)
    best: dict[tuple[Path, str], float] = {}
    for _ in range(args.rounds):
        for tree in trees:
            for op in ops:
                seconds = _time(tree, corpus, op)
                best[tree, op] = min(best.get((tree, op), seconds), seconds)
    base = best[trees[0], ops[0]]
    for (tree, op), seconds in best.items():
        print(f"{tree}  {op:7s} {seconds * 1000:8.1f} ms  {seconds / base:6.3f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
