"""Broken versions of real files: every mistake is a diagnostic, never an exception.

Each case takes a corpus file, damages it a few times (deletes a run of
bytes, inserts a token that often breaks structure, or copies a piece from
elsewhere), then decodes it with a Terraform-like schema, evaluates the
expressions it kept, and renders the diagnostics.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import hcldecode as hcl
from hcldecode import json as hcljson
from hcldecode import native
from hcldecode.model import render_diagnostics

ROOT = Path(__file__).resolve().parents[1]
TOKENS = [
    b"{", b"}", b"[", b"]", b"(", b")", b'"', b"${", b"%{", b"<<EOT\n", b"<<-EOT\n", b"EOT\n",
    b"\n", b"=", b":", b",", b"...", b"*", b".", b"?", b"null", b"for", b"in", b"if", b"~}",
    b"\\", b"\xff", b"\xe2\x80", b"\xc3\xa9", b"#", b"/*", b"//", b"0", b"1e9999", b"-", b"::",
]  # fmt: skip


def mutate(data: bytes, rng: random.Random) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randrange(1, 6)):
        pos = rng.randrange(len(out) + 1)
        choice = rng.randrange(3)
        if choice == 0 and out:
            del out[pos : pos + rng.randrange(1, 20)]
        elif choice == 1:
            out[pos:pos] = rng.choice(TOKENS)
        else:
            start = rng.randrange(len(out) + 1)
            out[pos:pos] = out[start : start + rng.randrange(1, 40)]
    return bytes(out)


@pytest.mark.parametrize("seed", range(400))
def test_damaged_files_give_diagnostics(corpus_files: list[Path], seed: int) -> None:
    sys.path.insert(0, str(ROOT / "examples" / "terraform"))
    try:
        from schema import Module  # noqa: PLC0415 (the example folder is put on sys.path first)
    finally:
        sys.path.remove(str(ROOT / "examples" / "terraform"))
    rng = random.Random(seed)
    path = rng.choice(corpus_files)
    data = mutate(path.read_bytes(), rng)
    syntax = "json" if path.suffix == ".json" else "native"
    name = f"damaged.{'tf.json' if syntax == 'json' else 'tf'}"
    try:
        module = hcl.loads(data, Module, filename=name, syntax=syntax)
    except hcl.DecodeError as err:
        assert err.diagnostics.has_errors()
        assert all(d.subject is not None for d in err.diagnostics)
        assert str(err).startswith("Error: ")
    else:
        for output in module.outputs:
            output.value.value(None)
            output.value.variables()
    file, diags = (hcljson.parse if syntax == "json" else native.parse_config)(data, name)
    render_diagnostics(diags, {name: file})
