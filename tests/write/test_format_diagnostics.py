"""The formatter reports exactly the parser's diagnostics, whichever way it checks a file.

The formatter checks syntax with a quick check that builds no syntax tree,
and runs the parser only when that check cannot vouch for the file. These
tests hold it to the parser on files just inside and just outside what the
quick check follows, on damaged corpus files and at the nesting limit: a
file the check wrongly accepted would be formatted without diagnostics.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from hcldecode.native import lex_config, parse_config
from hcldecode.values import max_nesting
from hcldecode.write import format

CASES = [
    "a = 1\na = 2\n",
    'a = "\\q"\n',
    'a = "\\u00e9 \\n \\" \\\\"\n',
    'a = "\\ud800"\n',
    "a = 1e999999\n",
    "a = 1.5e3\n",
    "a = 01\n",
    "a = 1.\n",
    "a = 123456789012345678901234567890\n",
    "a = [for x in y: x => x]\n",
    "a = {for x in y: x}\n",
    "a = [for x in y: x...]\n",
    "a = {for x in y: x => x...}\n",
    "a = {\n for k, v in x : k => v if v\n}\n",
    "a = [for in x: 1]\n",
    "a = [for x y: 1]\n",
    "a = [for x in y: 1 if]\n",
    "a = { for = 1 }\n",
    'a = "%{ else }"\n',
    'a = "%{ if a }%{ else }%{ else }%{ endif }"\n',
    'a = "%{ for x in y }%{ else }%{ endfor }"\n',
    'a = "%{ if a }x%{ endfor }"\n',
    'a = "%{ if a }x%{ endif"\n',
    'a = "%{ if a }x"\n',
    'a = "%{ for x, y in z }${x}%{ endfor }"\n',
    'a = "%{ unless a }x%{ endunless }"\n',
    "a = b.1.2\n",
    "a = b.*.1.2\n",
    "a = b.*.c.0\n",
    "a = b.*.*\n",
    "a = b[*].c[*]\n",
    "a = b[*\n]\n",
    'b "x${y}" {}\n',
    'b "x\\n" c {}\n',
    "b = {}\nb {}\n",
    "a = f(x..., y)\n",
    "a = f(x...)\n",
    "a = f(x,)\n",
    "a = f(,)\n",
    "a = p::f(1)\n",
    "b { a = 1 }\n",
    "b { a = 1\n}\n",
    "b { c {} }\n",
    "b {}\n",
    "b {} c {}\n",
    "b\n{}\n",
    "a = - - ! 1\n",
    "a = (\n1\n)\n",
    "a = (1\n",
    "a = [\n1,\n2,\n]\n",
    "a = [1 2]\n",
    "a = {\nb = 1\nc = 2, d = 3\n}\n",
    "a = {\nb = 1 +\n2\n}\n",
    "a = {\nb\n= 1\n}\n",
    "a = 1 +\n2\n",
    "a = (1 +\n2)\n",
    "a = x\n[0]\n",
    "a = <<EOT\nx ${y}\nEOT\n",
    "a = <<-EOT\n  x %{ if y }z%{ endif }\n  EOT\n",
    "a = <<EOT\nx\n",
    "a = a ? b : c ? d : e\n",
    "a = a ? b\n",
    "a = a ? b : \n c\n",
    "a = 1 # comment\nb = 2 // comment\n/* c */ c = 3\n",
    "a = 1 /* c */ b = 2\n",
    "a = 1 # a last line without a newline",
    "a = (1 # c",
    'a = "${1 # c',
    "b {\n} // c",
    "b { // c\n}",
    "a = [\n1, # c\n2\n] // d\n",
    "a = {\nb = 1 # c\nc = 2 /* d */ }\n",
    "a = 1; b = 2\n",
    "a = 'x'\n",
    "a = 1 & 2\n",
    'a = "x\ny"\n',
]


def _same(src: str) -> None:
    formatted, diags = format(src)
    assert list(diags) == list(parse_config(src)[1])
    if diags.has_errors():
        assert formatted == src


@pytest.mark.parametrize("src", CASES)
def test_diagnostics_are_the_parsers(src: str) -> None:
    _same(src)


@contextmanager
def _recursion_limit(limit: int) -> Iterator[None]:
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(limit)
    try:
        yield
    finally:
        sys.setrecursionlimit(before)


def _nested(depth: int) -> Iterator[str]:
    """Files nesting ``depth`` levels in each way the parser counts levels."""
    half = depth // 2
    yield "a = " + "(" * depth + "1" + ")" * depth + "\n"
    yield "a = " + "[" * depth + "1" + "]" * depth + "\n"
    yield "a = " + "-" * depth + "1\n"
    yield "b {\n" * depth + "a = 1\n" + "}\n" * depth
    yield "a = x" + "[*].y" * depth + "\n"
    yield "a = " + '"${' * depth + "1" + '}"' * depth + "\n"
    yield "a = " + "f(" * depth + "1" + ")" * depth + "\n"
    yield "a = " + "{b = " * depth + "1" + "}" * depth + "\n"
    yield "a = " + "1 ? " * depth + "1" + " : 1" * depth + "\n"
    yield 'a = "' + "%{ if a }" * depth + "%{ endif }" * depth + '"\n'
    yield "a = " + "[for x in y : " * depth + "1" + "]" * depth + "\n"
    yield (
        "b {\n" * half
        + "a = "
        + "(" * (depth - half)
        + "1"
        + ")" * (depth - half)
        + "\n"
        + ("}\n" * half)
    )


# 240 allows 30 levels, fewer than the quick check follows; 400 allows 50, more.
@pytest.mark.parametrize("recursion_limit", [240, 400])
def test_nesting_limit_diagnostics_are_the_parsers(recursion_limit: int) -> None:
    with _recursion_limit(recursion_limit):
        limit = max_nesting()
        for depth in range(max(1, limit - 2), limit + 3):
            for src in _nested(depth):
                _same(src)


_POOL = [
    "{", "}", "[", "]", "(", ")", '"', "${", "%{", "<<EOT\n", "EOT\n", "\n", "=", ":", ",", "...",
    "*", ".", "?", "null", "for", "in", "if", "else", "endif", "endfor", "~}", "\\", "#c\n",
    "/*c*/", "0", "1.5", "1e9", "-", "!", "::", "=>", "a", "x", "\\n", "\\q", "&&", "[*]", ".*",
    ".0", ".1.2", "%{ if a }", "%{ endif }", "%{ for x in y }", "%{ endfor }", "%{ else }",
    '"a"', "f(", "a =", "b {",
]  # fmt: skip


def _damaged(text: str, rng: random.Random) -> str:
    """``text`` with a few tokens removed, doubled, swapped or given a neighbour."""
    tokens, _ = lex_config(text)
    pieces = [token.text for token in tokens]
    gaps = []  # the spaces before each token
    at = 0
    for token in tokens:
        start = text.index(token.text, at)
        gaps.append(text[at:start])
        at = start + len(token.text)
    for _ in range(rng.randrange(1, 4)):
        i = rng.randrange(len(pieces))
        choice = rng.randrange(5)
        if choice == 0:
            pieces[i] = ""
        elif choice == 1:
            pieces[i] += pieces[i]
        elif choice == 2:
            pieces[i] = rng.choice(_POOL) + pieces[i]
        elif choice == 3 and i + 1 < len(pieces):
            pieces[i], pieces[i + 1] = pieces[i + 1], pieces[i]
        else:
            pieces[i] += " " + rng.choice(_POOL)
    return "".join(gap + piece for gap, piece in zip(gaps, pieces, strict=True))


@pytest.mark.parametrize("seed", range(40))
def test_damaged_corpus_files_diagnostics_are_the_parsers(
    corpus_files: list[Path], seed: int
) -> None:
    rng = random.Random(seed)
    native = [path for path in corpus_files if path.suffix != ".json"]
    for _ in range(25):
        text = rng.choice(native).read_bytes().decode("utf-8", "surrogateescape")
        _same(_damaged(text, rng))
