"""Decode the CI-pipeline example, split over a native and a JSON file.

``python examples/pipeline/main.py``
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from config import Pipeline

import hcldecode as hcl

HERE = Path(__file__).parent


def main() -> None:
    try:
        pipeline = hcl.decode(
            [HERE / "pipeline.hcl", HERE / "release.hcl.json"],
            Pipeline,
            variables={"pipeline": "build-and-release", "env_python": "3.12"},
        )
    except hcl.DecodeError as err:
        print(err, file=sys.stderr)
        raise SystemExit(1) from None
    for stage in pipeline.stages:
        jobs = [job for job in pipeline.jobs if job.stage == stage]
        print(f"{stage}: " + ", ".join(f"{j.name} ({j.when.value})" for j in jobs))
    for job in pipeline.jobs:
        unknown = job.needs - {j.name for j in pipeline.jobs}
        if unknown:
            print(f"{job.defined_at}: {job.name} needs unknown jobs {sorted(unknown)}")


if __name__ == "__main__":
    main()
