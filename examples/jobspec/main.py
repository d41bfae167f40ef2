"""Load a Nomad-style job: ``python examples/jobspec/main.py JOB [VARFILE ...]``."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from jobspec import Job
from loader import load

from hcldecode.decoding import Partial
from hcldecode.model import HCLError


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print("usage: python examples/jobspec/main.py JOB [VARFILE ...]", file=sys.stderr)
        return 2
    loaded, diags, files = load(Path(argv[1]), [Path(p) for p in argv[2:]])
    job = loaded.job
    if isinstance(job, Job):
        print(f"job {job.name} in {', '.join(job.datacenters)} {job.meta}")
        for group in job.groups:
            print(f"  group {group.name} x{group.count}")
            for task in group.tasks:
                print(f"    task {task.name} ({task.driver}) {task.env}")
                print(f"      {loaded.configs.get(task.name)}")
    elif isinstance(job, Partial):
        print(f"job (partly decoded): drivers configured {sorted(loaded.configs)}")
    if diags.has_errors():
        in_order = sorted(diags, key=lambda d: d.subject.start.byte if d.subject else -1)
        print(HCLError(in_order, files), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
