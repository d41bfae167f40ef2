"""Differential test of ``hcldecode.compat.python_hcl2`` against python-hcl2 8.1.4.

Runs the installed python-hcl2 (``hcl2.loads``) and our layer on every file of
the shared corpus (``native/``) and on seeded generated files, with the
default options and with each option python-hcl2's own tests set, and reports
every file whose dictionaries differ (value, Python type or key order), and
every file one side accepts and the other rejects (python-hcl2 accepts some
invalid HCL: those must be the corpus's ``native-invalid.txt``). In the same
run it times both on the corpus (CPU time, default options, best of
``--repeat`` rounds), and checks ``loads(dumps(d)) == d`` for the dictionary of
every file it reads.

``--write-expected DIR`` stores python-hcl2's dictionaries for the files of
python-hcl2's fixtures and ``EXPECTED_OTHERS`` and for generated files as JSON (what
``tests/compat/test_python_hcl2.py`` compares with, so that the tests do not
need python-hcl2).

Usage: ``python tools/differential/differential_python_hcl2.py [CORPUS_DIR]
[--generated N] [--seed N] [--repeat N] [--show N] [--write-expected DIR]
[--reference-dumps]``.
Exits 1 when a dictionary differs or acceptance differs other than on the
files HCL rejects.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import pprint
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hcldecode.compat import python_hcl2

ROOT = Path(__file__).resolve().parents[2]

# The option sets are the tests' (each option python-hcl2 8.1.4's tests set, one at a
# time, and one combination): one table for both.
sys.path.insert(0, str(ROOT / "tests" / "compat"))
from test_python_hcl2 import OPTION_SETS  # noqa: E402

# The corpus files whose expected dictionaries the tests keep (a representative
# subset): python-hcl2's own fixtures that HCL accepts, and real modules of each source.
EXPECTED_OTHERS = [
    "terraform-aws-vpc__vpc-flow-logs.tf",
    "terraform-aws-vpc__examples__network-acls__main.tf",
    "terraform-aws-eks__modules__fargate-profile__main.tf",
    "terraform-aws-eks__modules__self-managed-node-group__outputs.tf",
    "nomad-pack-community-registry__packs__alertmanager__variables.hcl",
    "packer-plugin-amazon__builder__ebs__test-fixtures__interpolated_run_tags.pkr.hcl",
]


# --------------------------------------------------------------------------- generated files


class Generator:
    """Seeded random native files over python-hcl2's syntax: every kind of
    expression, comments where its grammar keeps them, heredocs, directives."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def file(self) -> str:
        rng = self.rng
        lines = []
        used: set[str] = set()
        for _ in range(rng.randint(1, 6)):
            lines.append(self.comment_line() if rng.random() < 0.3 else "")
            if rng.random() < 0.3:
                lines.append(self.block(0))
            else:
                lines.append(self.attribute(0, used))
        return "\n".join(line for line in lines if line) + "\n"

    def comment_line(self) -> str:
        return self.rng.choice(
            ["# standalone", "// slashes", "/* block */", "/*\n  multi\n  line\n*/"]
        )

    def inline_comment(self) -> str:
        return self.rng.choice(["", "", "", " # inline", " // inline", " /* inline */"])

    def attribute(self, depth: int, used: set[str]) -> str:
        names = [n for n in ("a", "b", "name", "in", "for", "count", "value_2") if n not in used]
        name = self.rng.choice(names)
        used.add(name)
        value = self.heredoc() if self.rng.random() < 0.08 else self.expr(3)
        return f"{'  ' * depth}{name} = {value}{self.inline_comment()}"

    def block(self, depth: int) -> str:
        rng = self.rng
        labels = " ".join(
            rng.choice(['"x"', "y", '"a b"', '"q\\"t"']) for _ in range(rng.randint(0, 2))
        )
        header = f"{'  ' * depth}{rng.choice(['resource', 'b', 'dynamic'])} {labels}".rstrip()
        if rng.random() < 0.15:
            return header + " {}"
        items = []
        used: set[str] = set()
        for _ in range(rng.randint(0, 3)):
            if rng.random() < 0.2:
                items.append("  " * (depth + 1) + self.comment_line())
            if depth < 2 and rng.random() < 0.2:
                items.append(self.block(depth + 1))
            else:
                items.append(self.attribute(depth + 1, used))
        return (
            header
            + " {"
            + self.inline_comment()
            + "\n"
            + "\n".join(items)
            + "\n"
            + "  " * depth
            + "}"
        )

    def expr(self, depth: int) -> str:
        rng = self.rng
        if depth <= 0 or rng.random() < 0.3:
            return self.term()
        kind = rng.randint(0, 8)
        if kind == 0:
            op = rng.choice(["+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=", "&&", "||"])
            return f"{self.expr(depth - 1)} {op} {self.expr(depth - 1)}"
        if kind == 1:
            return f"{self.expr(depth - 1)} ? {self.expr(depth - 1)} : {self.expr(depth - 1)}"
        if kind == 2:
            return f"({self.expr(depth - 1)})"
        if kind == 3:
            return rng.choice(["!", "-"]) + self.term()
        if kind == 4:
            items = [self.expr(depth - 1) for _ in range(rng.randint(0, 3))]
            if rng.random() < 0.4 and items:
                inner = "".join(f"\n    {item},{self.inline_comment()}" for item in items)
                return "[" + self.inline_comment() + inner + "\n  ]"
            return "[" + ", ".join(items) + (rng.choice(["", ","]) if items else "") + "]"
        if kind == 5:
            pairs = [
                f"{self.key()} {rng.choice(['=', ':'])} {self.expr(depth - 1)}"
                for _ in range(rng.randint(0, 3))
            ]
            if rng.random() < 0.5 and pairs:
                inner = "".join(f"\n    {pair}{self.inline_comment()}" for pair in pairs)
                return "{" + self.inline_comment() + inner + "\n  }"
            return "{" + ", ".join(pairs) + "}"
        if kind == 6:
            name = rng.choice(["f", "lookup", "provider::aws::arn"])
            args = [self.expr(depth - 1) for _ in range(rng.randint(0, 3))]
            tail = rng.choice(["", "", ",", "..."]) if args else ""
            return f"{name}({', '.join(args)}{tail})"
        if kind == 7:
            cond = f" if {self.expr(depth - 1)}" if rng.random() < 0.5 else ""
            if rng.random() < 0.5:
                return f"[for x in {self.term()} : {self.expr(depth - 1)}{cond}]"
            group = "..." if rng.random() < 0.3 else ""
            return f"{{for k, v in {self.term()} : k => {self.expr(depth - 1)}{group}{cond}}}"
        return self.template(depth)

    def key(self) -> str:
        return self.rng.choice(
            ["k", '"q"', '"a b"', "1", "1.5", "-2.5", "(var.k)", "a.b", "true", "in", "f(1)"]
        )

    def term(self) -> str:
        return self.rng.choice([
            "1", "007", "-3", "1.50", "-2.5", "1e3", "2.5E-2", "-1e3", "true", "false", "null",
            '"plain"', '"esc\\"aped\\n\\t"', '"\\u00e9"', '"x${var.a}y"', '"${var.a}"', '"$${lit}"',
            '"%%{lit}"', "var.a", "var.a.b[0]", 'var.m["k"]', "x.0", "x[*].y", "x.*.y", "x[*][0]",
            "local.list[var.i]", "f(1).x", "x", "module.m.out",
        ])  # fmt: skip

    def template(self, depth: int) -> str:
        rng = self.rng
        choice = rng.randint(0, 3)
        if choice == 0:
            return f'"%{{ if {self.term()} }}yes%{{ else }}no%{{ endif }}"'
        if choice == 1:
            return '"%{~ for i, v in var.l ~}${v}%{~ endfor ~}"'
        if choice == 2:
            return f'"pre ${{{self.expr(depth - 1)}}} post"'
        return '"%{ if a }%{ if b }both%{ endif }%{ endif }"'

    def heredoc(self) -> str:
        if self.rng.random() < 0.5:
            return '<<EOT\nline one\n  ${var.a}\n"quoted" \\ back\nEOT\n'
        return "<<-EOT\n    indented\n      more\n\n    last\n  EOT\n"


# --------------------------------------------------------------------------- comparison


def _run(load: Callable[[str], Any], text: str) -> tuple[bool, Any]:
    try:
        return True, load(text)
    except Exception as error:  # either side's rejection, compared
        return False, f"{type(error).__name__}"


def _same(a: Any, b: Any) -> bool:
    return repr(a) == repr(b)


def _diff(a: Any, b: Any) -> str:
    left = pprint.pformat(a, width=110, sort_dicts=False).splitlines()
    right = pprint.pformat(b, width=110, sort_dicts=False).splitlines()
    return "\n".join(
        difflib.unified_diff(left, right, "python-hcl2", "hcldecode", lineterm="", n=1)
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    shared = os.environ.get("HCLDECODE_SHARED")
    default = Path(shared) / "corpus" if shared else ROOT.parent / "shared" / "corpus"
    parser.add_argument("corpus", nargs="?", default=str(default))
    parser.add_argument("--generated", type=int, default=300)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--show", type=int, default=5)
    parser.add_argument("--write-expected", type=Path, default=None)
    parser.add_argument(
        "--reference-dumps",
        action="store_true",
        help="also round-trip through python-hcl2's own dumps (slow)",
    )
    args = parser.parse_args()
    try:
        import hcl2  # noqa: PLC0415
    except ImportError:
        print("python-hcl2 is not installed: pip install python-hcl2==8.1.4")
        return 2
    print(f"python-hcl2 {getattr(hcl2, '__version__', '?')}")

    corpus = Path(args.corpus)
    invalid = set((corpus / "native-invalid.txt").read_text(encoding="utf-8").split())
    files = {p.name: p.read_text(encoding="utf-8") for p in sorted((corpus / "native").iterdir())}
    rng = random.Random(args.seed)
    generator = Generator(rng)
    generated = {f"generated-{i:04d}.tf": generator.file() for i in range(args.generated)}

    failures = 0
    shown = 0
    for set_name, options in OPTION_SETS.items():
        reference_options = hcl2.SerializationOptions(**options)

        def reference(text: str, o: Any = reference_options) -> Any:
            return hcl2.loads(text, serialization_options=o)

        def ours(text: str, o: dict[str, bool] = options) -> Any:
            return python_hcl2.loads(text, **o)

        for source_name, texts in (("corpus", files), ("generated", generated)):
            counts = dict.fromkeys(
                ("identical", "different", "both reject", "only python-hcl2 accepts",
                 "only hcldecode accepts"), 0)  # fmt: skip
            wrong_acceptance = []
            for name, text in texts.items():
                ok_ref, ref = _run(reference, text)
                ok_ours, got = _run(ours, text)
                if ok_ref and ok_ours:
                    if _same(ref, got):
                        counts["identical"] += 1
                    else:
                        counts["different"] += 1
                        failures += 1
                        if shown < args.show:
                            shown += 1
                            print(f"DIFFERENT {set_name} {name}\n{_diff(ref, got)}")
                elif ok_ref:
                    counts["only python-hcl2 accepts"] += 1
                    if source_name == "corpus" and name not in invalid:
                        wrong_acceptance.append(name)
                elif ok_ours:
                    counts["only hcldecode accepts"] += 1
                    if source_name == "corpus":
                        wrong_acceptance.append(name)
                else:
                    counts["both reject"] += 1
            failures += len(wrong_acceptance)
            summary = ", ".join(f"{v} {k}" for k, v in counts.items() if v)
            print(f"{set_name:28} {source_name:9} {len(texts)} files: {summary}")
            for name in wrong_acceptance:
                print(f"  acceptance differs, not a file HCL rejects: {name}")

    failures += _round_trip(
        hcl2,
        {**{n: t for n, t in files.items() if n not in invalid}, **generated},
        args.reference_dumps,
    )
    _benchmark(hcl2, files, invalid, args.repeat)
    if args.write_expected is not None:
        _write_expected(hcl2, args.write_expected, files, invalid, generated)
    print("OK" if not failures else f"FAILED: {failures}")
    return 1 if failures else 0


def _round_trip(hcl2: Any, texts: dict[str, str], reference_dumps: bool) -> int:
    """``loads(dumps(d, **o), **o) == d`` for the dictionary of every file we read, under
    each option set, with our ``dumps`` and (beside it) python-hcl2's own ``dumps``;
    and our ``dumps`` text is hclfmt's layout."""
    from hcldecode.write import format as format_text  # noqa: PLC0415

    failures = 0
    for set_name, options in OPTION_SETS.items():
        reference_options = hcl2.SerializationOptions(**options)
        ours = {"same": 0, "different": 0, "refused": 0, "not hclfmt": 0}
        theirs = {"same": 0, "different": 0, "error": 0}
        shown = 0
        for name, text in texts.items():
            ok, data = _run(lambda t, o=options: python_hcl2.loads(t, **o), text)
            if not ok:
                continue
            try:
                written = python_hcl2.dumps(data, **options)
            except ValueError:
                ours["refused"] += 1
                failures += 1
                continue
            if not _comment_runs(repr(data)) and format_text(written)[0] != written:
                ours["not hclfmt"] += 1
                failures += 1
            back = _run(lambda t, o=options: python_hcl2.loads(t, **o), written)
            if back[0] and _same(back[1], data):
                ours["same"] += 1
            else:
                ours["different"] += 1
                failures += 1
                if shown < 2:
                    shown += 1
                    print(f"ROUND TRIP DIFFERS {set_name} {name}")
            if not reference_dumps:
                continue
            ok_ref, ref = _run(
                lambda t, o=reference_options: hcl2.loads(t, serialization_options=o), text
            )
            if not ok_ref:
                continue
            try:
                again = hcl2.loads(hcl2.dumps(ref), serialization_options=reference_options)
            except Exception:  # python-hcl2's own failure, counted
                theirs["error"] += 1
                continue
            theirs["same" if _same(again, ref) else "different"] += 1
        own = f"; python-hcl2's own dumps: {_counts(theirs)}" if reference_dumps else ""
        print(f"round trip {set_name:28} hcldecode: {_counts(ours)}{own}")
    return failures


def _comment_runs(text: str) -> bool:
    """Whether a comment value is several block comments (written as it was read)."""
    return "*/\\n" in text


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{v} {k}" for k, v in counts.items() if v) or "none"


def _benchmark(hcl2: Any, files: dict[str, str], invalid: set[str], repeat: int) -> None:
    texts = [text for name, text in files.items() if name not in invalid]
    size = sum(len(t.encode("utf-8")) for t in texts)

    def timed(load: Callable[[str], Any]) -> float:
        best = float("inf")
        for _ in range(repeat):
            start = time.process_time()
            for text in texts:
                load(text)
            best = min(best, time.process_time() - start)
        return best

    hcl2.loads(texts[0])  # python-hcl2 builds its parser once (cached); not timed
    reference = timed(hcl2.loads)
    ours = timed(python_hcl2.loads)
    print(
        f"benchmark: {len(texts)} corpus files, {size / 1e6:.2f} MB, CPU time best of {repeat}: "
        f"python-hcl2 {reference:.3f} s, hcldecode.compat.python_hcl2 {ours:.3f} s "
        f"({reference / ours:.1f}x faster)"
    )


def _write_expected(
    hcl2: Any, folder: Path, files: dict[str, str], invalid: set[str], generated: dict[str, str]
) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    inputs: dict[str, str] = {}
    names = [n for n in files if n.startswith("pyhcl2") and n not in invalid] + EXPECTED_OTHERS
    for name in names:
        _store(hcl2, folder / f"{name}.json", files[name])
    for name, text in list(generated.items())[:80]:
        # Only files python-hcl2 reads under every option set (it fails on some:
        # a for expression giving a number, for one).
        if all(
            _run(lambda t, o=o: hcl2.loads(t, serialization_options=o), text)[0]
            for o in (hcl2.SerializationOptions(**options) for options in OPTION_SETS.values())
        ):
            inputs[name] = text
    (folder / "generated-inputs.json").write_text(
        json.dumps(inputs, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    expected = {
        name: {
            set_name: hcl2.loads(text, serialization_options=hcl2.SerializationOptions(**options))
            for set_name, options in OPTION_SETS.items()
        }
        for name, text in inputs.items()
    }
    (folder / "generated-expected.json").write_text(
        json.dumps(expected, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(f"wrote {len(names)} corpus and {len(inputs)} generated expectations to {folder}")


def _store(hcl2: Any, path: Path, text: str) -> None:
    expected = {
        set_name: hcl2.loads(text, serialization_options=hcl2.SerializationOptions(**options))
        for set_name, options in OPTION_SETS.items()
    }
    path.write_text(json.dumps(expected, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
