"""A peer parser timed in its own interpreter: ``python peer.py MODE RUNS`` with file paths on
standard input, one a line; prints one JSON value.

``bench.py`` runs this with the interpreter of a separate environment, for a peer that
cannot share an environment with the others (python-hcl2 7.x beside 8.x). MODE is
``accept`` (the indices of the files that ``hcl2.loads`` reads without an exception),
``loads`` (the least CPU time, in seconds, of ``RUNS`` passes of ``hcl2.loads`` over all
files) or ``version``. Times are CPU time with the cyclic garbage collector on, each pass
after a collection, as ``bench.py`` measures.
"""

from __future__ import annotations

import gc
import json
import sys
import time
from importlib.metadata import version
from pathlib import Path


def main() -> None:
    import hcl2  # noqa: PLC0415 (only in the peer's environment)

    mode, runs = sys.argv[1], int(sys.argv[2])
    if mode == "version":
        print(json.dumps(version("python-hcl2")))
        return
    paths = [Path(p) for p in sys.stdin.read().split("\n") if p]
    texts = [p.read_text(encoding="utf-8") for p in paths]
    if mode == "accept":
        accepted = []
        for i, text in enumerate(texts):
            try:
                hcl2.loads(text)
            except Exception:  # the peer rejects some valid files
                continue
            accepted.append(i)
        print(json.dumps(accepted))
        return
    best = float("inf")
    for _ in range(runs):
        gc.collect()
        start = time.process_time()
        for text in texts:
            hcl2.loads(text)
        best = min(best, time.process_time() - start)
    print(json.dumps(best))


if __name__ == "__main__":
    main()
