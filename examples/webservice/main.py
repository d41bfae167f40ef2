"""Decode the web-service example: ``python examples/webservice/main.py``."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from config import Service

import hcldecode as hcl


def main() -> None:
    try:
        service = hcl.decode(
            Path(__file__).with_name("service.hcl"),
            Service,
            variables={"var": {"region": "eu-west-1"}},
        )
    except hcl.DecodeError as err:
        print(err, file=sys.stderr)
        raise SystemExit(1) from None
    print(f"{service.service} in {service.region}, {service.replicas} replicas")
    for listener in service.listeners:
        print(f"  listens on {listener.port} ({listener.name}{', tls' if listener.tls else ''})")
    for name, backend in service.backends.items():
        print(f"  backend {name}: {backend.url} timeout {backend.timeout}s")


if __name__ == "__main__":
    main()
