"""Migrate a configuration file from version 1 to version 2, keeping its comments.

Version 2 renames ``log_level`` to ``logging``, moves the listener to port
80, adds an ``https`` listener, and sets ``version = 2``. The file is read
as an editable document: everything the migration does not touch is written
back as it was, comments and layout included.

Usage: python examples/migrate/main.py [FILE]   (prints the migrated file;
without FILE, the app.hcl beside this script)
"""

from __future__ import annotations

import sys
from pathlib import Path

from hcldecode.model import render_diagnostics
from hcldecode.write import Document, parse_document


def migrate(document: Document) -> None:
    body = document.body
    version = body.get_attribute("version")
    if version is not None and version.expression_text != "1":
        raise SystemExit(f"not a version 1 file (version = {version.expression_text})")
    body.set_attribute("version", 2)
    body.rename_attribute("log_level", "logging")
    http = body.first_block("listener", ["http"])
    if http is not None:
        http.body.set_attribute("port", 80)
    body.append_newline()
    https = body.append_block("listener", ["https"])
    https.body.set_attribute("port", 443)
    https.body.set_attribute("tls", True)


def main(argv: list[str]) -> int:
    path = Path(argv[1]) if len(argv) > 1 else Path(__file__).with_name("app.hcl")
    document, diags = parse_document(path.read_bytes(), str(path))
    if document is None:
        sys.stderr.write(render_diagnostics(diags))
        return 1
    migrate(document)
    sys.stdout.write(document.text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
