"""Coverage-guided fuzzing of everything a configuration file reaches: ``nox -s fuzz``.

Each input is read in both syntaxes and goes through:

* parsing (``hcldecode.parse``, native and JSON);
* evaluation of every attribute, in blocks too, without a context
  (literal-only) and with variables and functions (plain callables, the
  whole standard library, ``try`` and ``can``);
* class decoding into classes with attributes, labelled blocks and a
  ``remain()`` field, then the remaining body with ``reject_unclaimed``,
  with and without expanding ``dynamic`` blocks;
* an hcldec spec (with and without expanding ``dynamic`` blocks), and
  reading the input itself as a spec file;
* rendering every diagnostic found, as ``str()`` of the error;
* pickling the parsed file: the copy renders the diagnostics the same, and its
  attributes have the same ranges and values;
* writing: the formatter, and an editable document, which must write the
  input back byte for byte and, after a change in every block at every
  depth, give a file that parses without errors.

A configuration may be wrong in any way: the only acceptable outcome is a
value or diagnostics. Any other exception is a crash; an input that takes
longer than ``--slow`` seconds (default 2) is a finding too. libFuzzer (through
atheris) stops at the first finding, writes it to ``--findings``
(``.fuzz/findings/`` by default) and exits non-zero.

The seeds are the files of the shared corpus (``$HCLDECODE_SHARED/corpus``,
default ``../shared/corpus``), copied with the inputs libFuzzer finds
interesting into ``.fuzz/corpus/``, so that a later run goes on from there.

Usage: ``python tools/checks/fuzz.py [--minutes N] [--slow SECONDS] [--findings DIR]
[libFuzzer options...]``; ``python tools/checks/fuzz.py FILE...`` runs the given inputs
once each (to check a finding after a fix).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import pickle
import shutil
import sys
from pathlib import Path
from typing import Annotated, Any

import atheris

with atheris.instrument_imports(include=["hcldecode"]):
    import hcldecode as hcl
    from hcldecode import hcldec, native, write
    from hcldecode import json as hcljson
    from hcldecode.ext import dynblock, tryfunc
    from hcldecode.model import Body as ModelBody
    from hcldecode.model import Diagnostics, File, HCLError
    from hcldecode.native import NativeBody

ROOT = Path(__file__).resolve().parents[2]
WORK = ROOT / ".fuzz"


@dataclasses.dataclass
class Item:
    name: Annotated[str, hcl.label()]
    value: Any = None
    tags: list[str] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class Config:
    name: str | None = None
    count: int = 0
    ratio: float = 0.0
    items: Annotated[dict[str, Item], hcl.block("item")] = dataclasses.field(default_factory=dict)
    rest: Annotated[hcl.Body | None, hcl.remain()] = None


VARIABLES = {
    "var": {"name": "x", "list": [1, 2, 3], "map": {"a": "b"}},
    "count": 2,
    # Unknown values, some refined, for the refinement rules of every operation.
    "unknown": {
        "string": hcl.values.Value.unknown(hcl.values.STRING),
        "number": hcl.values.Value.unknown(hcl.values.NUMBER)
        .refine()
        .number_range_inclusive(1, 9)
        .new_value(),
        "list": hcl.values.Value.unknown(hcl.values.ListType(hcl.values.STRING))
        .refine()
        .not_null()
        .collection_length_upper_bound(3)
        .new_value(),
        "bool": hcl.values.Value.unknown(hcl.values.BOOL),
    },
}


def join(separator: str, *parts: str) -> str:
    return separator.join(parts)


def keys(mapping: dict[str, Any]) -> list[str]:
    return sorted(mapping)


FUNCTIONS = {**hcl.STDLIB, **tryfunc.FUNCTIONS, "upper": str.upper, "join": join, "keys": keys}
SPEC = hcldec.ObjectSpec(
    {
        "name": hcldec.AttrSpec("name", hcl.values.STRING),
        "count": hcldec.AttrSpec("count", hcl.values.NUMBER),
        "items": hcldec.BlockListSpec("item", hcldec.AttrSpec("value", hcl.values.NUMBER)),
    }
)


PLAIN = hcl.Decoder()
EXPANDING = hcl.Decoder(dynamic_blocks=True)


def attributes(body: ModelBody) -> list[hcl.Expression]:
    """Every attribute expression of a parsed body, blocks included."""
    if isinstance(body, NativeBody):
        found: list[hcl.Expression] = []
        pending = [body]
        while pending:
            current = pending.pop()
            found += [a.expr for a in current.attributes.values()]
            pending += [b.body for b in current.blocks if isinstance(b.body, NativeBody)]
        return found
    attrs_found, _ = body.just_attributes()
    return [a.expr for a in attrs_found.values()]


def check(data: bytes) -> None:
    """Run one input through everything; any exception but a DecodeError escapes."""
    for syntax, parse in (("native", native.parse_config), ("json", hcljson.parse)):
        file, diags = parse(data, "fuzz.hcl")
        str(HCLError(diags, {"fuzz.hcl": file}))
        check_pickled(file, diags)
        ctx = hcl.EvalContext(VARIABLES, FUNCTIONS)
        for expr in attributes(file.body):
            for context in (None, ctx):
                expr.value(context)
            expr.variables()
        for decoder in (PLAIN, EXPANDING):
            try:
                decoder.loads(
                    data,
                    Config,
                    filename="fuzz.hcl",
                    syntax=syntax,
                    variables=VARIABLES,
                    functions=FUNCTIONS,
                )
            except hcl.DecodeError as err:
                str(err)
        hcldec.decode(file.body, SPEC, ctx)
        hcldec.decode(dynblock.expand(file.body, ctx), SPEC, ctx)
        hcldec.variables(file.body, SPEC, dynamic_blocks=True)
        hcldec.read_spec(file.body)
    check_writing(data)


def check_pickled(file: File, diags: Diagnostics) -> None:
    """A pickled file renders the diagnostics as the file does, and its attributes have
    the same ranges and values."""
    again = pickle.loads(pickle.dumps(file))
    if str(HCLError(diags, {"fuzz.hcl": again})) != str(HCLError(diags, {"fuzz.hcl": file})):
        raise AssertionError("a pickled file renders the diagnostics otherwise")
    mine, theirs = attributes(file.body), attributes(again.body)
    if [(e.range, e.value(None)) for e in theirs] != [(e.range, e.value(None)) for e in mine]:
        raise AssertionError("a pickled file's attributes differ")


def check_writing(data: bytes) -> None:
    """Format the input, and read it as a document: written back unchanged it is the
    input; changed in every block, it still parses."""
    write.format(data, "fuzz.hcl")
    doc, _ = write.parse_document(data, "fuzz.hcl")
    if doc is None:
        return
    if doc.to_bytes() != data:
        raise AssertionError("the document does not write back its input")
    bodies = [doc.body]
    while bodies:
        body = bodies.pop()
        body.set_attribute("fuzzed", True)
        bodies += [block.body for block in body.blocks()]
    _, diags = native.parse_config(doc.to_bytes(), "fuzz.hcl")
    if diags.has_errors():
        raise AssertionError(f"an edited document does not parse: {diags[0]}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--slow", type=int, default=2)
    parser.add_argument("--findings", type=Path, default=WORK / "findings")
    args, rest = parser.parse_known_args(argv[1:])
    inputs = [Path(a) for a in rest if not a.startswith("-")]
    if inputs and all(p.is_file() for p in inputs):
        for path in inputs:
            check(path.read_bytes())
            print(f"{path}: no crash")
        return 0
    corpus = WORK / "corpus"
    corpus.mkdir(parents=True, exist_ok=True)
    args.findings.mkdir(parents=True, exist_ok=True)
    shared = Path(os.environ.get("HCLDECODE_SHARED") or ROOT.parent / "shared") / "corpus"
    if shared.is_dir():
        for path in sorted(shared.rglob("*")):
            if path.is_file() and path.suffix in {".hcl", ".tf", ".json", ".nomad", ".pkr"}:
                target = corpus / path.relative_to(shared).as_posix().replace("/", "__")
                if not target.exists() and path.stat().st_size <= 64_000:
                    shutil.copyfile(path, target)
    else:
        print(f"no seed corpus at {shared}: starting from {corpus} alone", file=sys.stderr)
    libfuzzer = [
        argv[0],
        *rest,
        f"-max_total_time={int(args.minutes * 60)}",
        f"-timeout={args.slow}",
        f"-artifact_prefix={args.findings}/",
        "-rss_limit_mb=4096",
        "-max_len=65536",
        str(corpus),
    ]
    atheris.Setup(libfuzzer, check)
    atheris.Fuzz()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
