"""Change a configuration in code and write the change back into its files.

The configuration is split over a native file (``app.hcl``) and a
JSON-syntax file (``services.hcl.json``). The program decodes both into
typed objects, scales the services in code (as an autoscaler would), and
updates the files' documents with ``update_document``: each change lands in
the file it came from, with comments, layout, expressions and templates
kept; a new service goes to the file named by ``new_items_to``. It prints
the unified diff of each file; with ``--write`` it writes the files too.

Run: ``python examples/autoscale/main.py [--write]``
"""

from __future__ import annotations

import dataclasses
import datetime
import difflib
import sys
from pathlib import Path
from typing import Annotated

import hcldecode as hcl
from hcldecode.write import parse_document, parse_json_document

HERE = Path(__file__).resolve().parent
FILES = [HERE / "app.hcl", HERE / "services.hcl.json"]


@dataclasses.dataclass
class Service:
    name: Annotated[str, hcl.label()]
    image: str
    replicas: int = 1
    timeout: datetime.timedelta = datetime.timedelta(seconds=30)


@dataclasses.dataclass
class Config:
    region: str
    services: Annotated[list[Service], hcl.block("service")] = dataclasses.field(
        default_factory=list
    )


def scaled(config: Config) -> Config:
    """What the autoscaler decides: twice the replicas for busy services, none
    for ``batch``, and a new ``cache`` service."""
    busy = {"web", "api"}
    services = [
        dataclasses.replace(s, replicas=s.replicas * 2) if s.name in busy else s
        for s in config.services
        if s.name != "batch"
    ]
    return dataclasses.replace(config, services=[*services, Service("cache", "redis:7", 2)])


def main(argv: list[str]) -> int:
    decoder = hcl.Decoder(functions=hcl.STDLIB)
    config = decoder.decode(FILES, Config)
    documents = []
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        parse = parse_json_document if path.suffix == ".json" else parse_document
        document, diags = parse(text, str(path))
        if document is None:
            print(diags, file=sys.stderr)
            return 1
        documents.append(document)
    before = [d.text for d in documents]
    decoder.update_document(documents, scaled(config), new_items_to=documents[0])
    for path, old, document in zip(FILES, before, documents, strict=True):
        name = path.name
        sys.stdout.writelines(
            difflib.unified_diff(
                old.splitlines(keepends=True),
                document.text.splitlines(keepends=True),
                f"a/{name}",
                f"b/{name}",
            )
        )
        if "--write" in argv:
            path.write_text(document.text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
