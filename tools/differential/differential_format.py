"""Differential test of the formatter against HCL's reference ``hclfmt``: ``nox -s differential``.

Runs ``hclfmt -check`` (which prints nothing for a file with syntax errors)
and :func:`hcldecode.write.format` on the same inputs and counts the inputs
both accept on which the outputs are byte-identical:

* corpus: every native file of the shared corpus;
* generated: for each corpus file, variants with random spacing and
  indentation (spaces and tabs, kept within heredoc and string text too)
  and random trailing comments, and small random files of every construct
  the formatter treats specially (brackets across lines, heredocs,
  templates, unary minus, comments, attributes to align, non-ASCII text).
  The generator is seeded, so the inputs are the same on every run.

Usage: ``python tools/differential/differential_format.py REFERENCE_HCLFMT [CORPUS_DIR]
[--variants N] [--snippets N] [--seed N]``. Exits 1 when an input both accept
formats differently, other than for the reasons listed in ``KNOWN``.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from hcldecode.write import TokenKind, WriterToken, format, lex_config

ROOT = Path(__file__).resolve().parents[2]

# Files the reference (HCL v2.14 as Debian ships it) treats otherwise, and why.
KNOWN = {
    "pyhcl2v7__test__helpers__terraform-config__provider_function.tf": (
        "namespaced function calls exist since HCL v2.20; v2.14 rejects the file"
    ),
}

# Tokens that must stay apart from each other to keep their meaning.
_WORDS = {TokenKind.IDENT, TokenKind.NUMBER}


def reference_format(reference: str, path: Path) -> bytes | None:
    """The reference's output, or None when it finds syntax errors."""
    done = subprocess.run([reference, "-check", str(path)], capture_output=True, check=False)
    return done.stdout if done.returncode == 0 else None


def our_format(src: bytes) -> bytes | None:
    text, diags = format(src)
    return None if diags.has_errors() else text.encode("utf-8", "surrogateescape")


def _gap(rng: random.Random, least: int) -> int:
    return rng.choice([least, least, 1, 1, 2, 3, 5]) if least == 0 else rng.choice([1, 1, 2, 4])


def respaced(src: bytes, rng: random.Random) -> bytes:
    """``src`` with random spaces and tabs before its tokens and random trailing comments."""
    tokens = lex_config(src)
    out: list[str] = []
    previous: WriterToken | None = None
    for token in tokens:
        least = 1 if previous is not None and {previous.kind, token.kind} <= _WORDS else 0
        if token.spaces_before and least == 0 and rng.random() < 0.2:
            least = 1
        spaces = _gap(rng, least)
        out.append("".join(rng.choice(" \t") if rng.random() < 0.1 else " " for _ in range(spaces)))
        if token.kind == TokenKind.NEWLINE and rng.random() < 0.15:
            out.append(rng.choice(["#", "//"]) + " " + "c" * rng.randrange(0, 12))
        out.append(token.text)
        previous = token
    return "".join(out).encode("utf-8", "surrogateescape")


_NAMES = ["a", "bb", "name", "long_name_here", "e\u0301t\u00e9", "\u65e5\u672c", "x-y"]


class Snippets:
    """Random small files of the constructs the formatter treats specially."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def name(self) -> str:
        return self.rng.choice(_NAMES)

    def expr(self, depth: int = 0) -> str:
        rng = self.rng
        choice = rng.randrange(14 if depth < 3 else 5)
        if choice == 0:
            return str(rng.choice([0, 1, 42, 3.5]))
        if choice == 1:
            return self.name() + rng.choice(["", ".b", "[0]", "[*].c", ".*.d", ' ["k"]'])
        if choice == 2:
            return '"' + rng.choice(["", "x ", "\U0001f600 "]) + "${" + self.expr(depth + 1) + '}"'
        if choice == 3:
            return '"%{ if ' + self.name() + ' }y%{ else }n%{ endif }"'
        if choice == 4:
            return rng.choice(["true", "null", '"s"'])
        if choice == 5:
            return rng.choice(["-", "!"]) + " " + self.expr(depth + 1)
        if choice == 6:
            op = rng.choice(["+", "-", "*", "/", "%", "==", "!=", "<", ">=", "&&", "||"])
            return self.expr(depth + 1) + f" {op} " + rng.choice(["", "-"]) + self.expr(depth + 1)
        if choice == 7:
            return f"{self.expr(depth + 1)} ? {self.expr(depth + 1)} : {self.expr(depth + 1)}"
        if choice == 8:
            return self.collection("[", "]", lambda: self.expr(depth + 1))
        if choice == 9:
            return self.collection("{", "}", lambda: f"{self.name()} = {self.expr(depth + 1)}")
        if choice == 10:
            args = ", ".join(self.expr(depth + 1) for _ in range(rng.randrange(3)))
            return f"f({args}{rng.choice(['', '...'])})"
        if choice == 11:
            return f'[for k, v in {self.name()} : v if k != ""]'
        if choice == 12:
            return f"{{for k, v in {self.name()} : k => v...}}"
        marker = rng.choice(["<<EOT", "<<-EOT"])
        body = "".join(rng.choice(["  text\n", "${a}\n", "  %{ if b }x%{ endif }\n"]) for _ in "ab")
        return f"{marker}\n{body}{rng.choice(['', '    '])}EOT\n"

    def collection(self, opening: str, closing: str, item: object) -> str:
        assert callable(item)
        items = [item() for _ in range(self.rng.randrange(4))]
        if self.rng.random() < 0.5:
            return opening + ", ".join(items) + closing
        return opening + "\n" + "".join(f"{i},\n" for i in items) + closing

    def body(self, depth: int = 0) -> str:
        rng = self.rng
        lines = []
        for _ in range(rng.randrange(1, 6)):
            kind = rng.randrange(10 if depth < 2 else 7)
            if kind < 6:
                line = f"{self.name()} = {self.expr()}"
                if rng.random() < 0.3:
                    line += rng.choice([" # note", " // x", " /* y */"])
                lines.append(line + "\n")
            elif kind == 6:
                lines.append(rng.choice(["\n", "# comment\n", "/* block */\n"]))
            elif kind == 7:
                lines.append(f'{self.name()} "label" {{}}\n')
            elif kind == 8:
                lines.append(f"{self.name()} {{ {self.name()} = {self.expr(2)} }}\n")
            else:
                lines.append(f"{self.name()} {{\n{self.body(depth + 1)}}}\n")
        return "".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reference")
    parser.add_argument("corpus", nargs="?", default=str(ROOT.parent / "shared" / "corpus"))
    parser.add_argument("--variants", type=int, default=3)
    parser.add_argument("--snippets", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv[1:])
    rng = random.Random(args.seed)
    snippets = Snippets(rng)
    files = sorted((Path(args.corpus) / "native").iterdir())
    # Per group: byte-identical, accepted by both, accepted by one side only.
    counts = {"corpus": [0, 0, 0], "corpus variants": [0, 0, 0], "snippets": [0, 0, 0]}
    unexpected = 0
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / "input.hcl"

        def check(group: str, name: str, src: bytes) -> None:
            nonlocal unexpected
            target.write_bytes(src)
            ref = reference_format(args.reference, target)
            ours = our_format(src)
            tally = counts[group]
            if ref is None or ours is None:
                if (ref is None) != (ours is None):
                    verdict = "rejects" if ref is None else "accepts"
                    print(f"acceptance differs: {name} (the reference {verdict} it)")
                tally[2] += (ref is None) != (ours is None)
                return
            tally[1] += 1
            if ref == ours:
                tally[0] += 1
            elif name in KNOWN:
                print(f"known: {name} ({KNOWN[name]})")
            else:
                unexpected += 1
                print(f"DIFFERS: {name}\n  input: {src[:400]!r}")
                print(f"  reference: {ref[:400]!r}\n  hcldecode: {ours[:400]!r}")

        for path in files:
            src = path.read_bytes()
            check("corpus", path.name, src)
            for i in range(args.variants):
                check("corpus variants", f"{path.name} variant {i}", respaced(src, rng))
        for i in range(args.snippets):
            src = snippets.body().encode()
            check("snippets", f"snippet {i}", respaced(src, rng) if i % 2 else src)
    for group, (same, both, disagree) in counts.items():
        print(
            f"{group}: {same} of {both} inputs both accept are byte-identical"
            f" ({disagree} accepted by one side only)"
        )
    return 1 if unexpected else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
