"""Write tests/data/gojsonerrors/cases.txt: invalid JSON for ``gojsonerrors``.

The first cases are written by hand, one per error path of HCL's JSON parser
and of its recovery; the rest are seeded random mutations (a character
deleted, inserted or replaced, one to three times) of three valid documents.
Run from the repository root, then regenerate the expected output:

    python tools/generate/json_error_cases.py
    /tmp/gojsonerrors < tests/data/gojsonerrors/cases.txt > tests/data/gojsonerrors/expected.txt
"""

from __future__ import annotations

import random
from pathlib import Path

HAND = [
    ("file", '{"vault": {"a" = 1}, "b": 2}'),
    ("file", '{"a": 1,}'),
    ("file", '{"a": {"b": 1,}, "c": 3}'),
    ("file", '{"a": [1, 2,], "c": 3}'),
    ("file", '{"a": 1 "b": 2}'),
    ("file", '{"a": [1 2], "c": 3}'),
    ("file", '{"a": {"b": 1]'),
    ("file", '{"a": {"b": 1], "c": 3}'),
    ("file", '{"a": [1, 2}, "c": 3}'),
    ("file", '{"a": [1: 2], "c": 3}'),
    ("file", '{"a": {"b" 1}, "c": 3}'),
    ("file", '{"a": {"b"}, "c": 3}'),
    ("file", '{"a": {"b", "x": 1}, "c": 3}'),
    ("file", '{"a": 1'),
    ("file", '{"a": [1, 2'),
    ("file", '{"a": {"b": {"c": 1} "d": 2}, "e": 3}'),
    ("file", '{"a": {"b": {"c": 1} "d": {"x": 1}, "y": 2}, "e": 3}'),
    ("file", '{1: 2, "c": 3}'),
    ("file", "{tru: 1}"),
    ("file", '{"a": tru, "b": 2}'),
    ("file", '{"a": NaN, "b": 2}'),
    ("file", '{"a": "x\\q", "b": 2}'),
    ("file", '{"a": "unterminated\n, "b": 2}'),
    ("file", '{"a": 01, "b": 2}'),
    ("file", '{"a": }'),
    ("file", '{"a": [,]}'),
    ("file", '{"a": [1, ]}'),
    ("file", '{"a": 1} x'),
    ("file", '{"a": 1,} x'),
    ("file", '{"a": {"b": 1}}}'),
    ("file", '[{"a": 1}, {"b" = 2}]'),
    ("file", '[{"a": 1}, {"b": 2},]'),
    ("file", '"str"'),
    ("file", ""),
    ("file", '{"a": @}'),
    ("file", '{"a": 1, "b": 2 // comment\n}'),
    ("file", "{\"a\": 'x'}"),
    ("file", '{"a": [[1, 2} ], "b": 1}'),
    ("file", '{"a": [[1, 2] }, "b": 1}'),
    (
        "file",
        '{"resource": {"aws_instance": {"web": {"ami" = "x"}}}, "variable": {"v": {"default": 1}}}',
    ),
    (
        "file",
        '{\n  "resource": {\n    "aws_instance": {\n      "web": {\n        "ami": "x",\n'
        '      }\n    }\n  },\n  "variable": {"v": {"default": 1}}\n}',
    ),
    ("file", '{"é": {"ü" = 1}, "b": "日本", "c": [1 2]}'),
    ("file", '{\t"a" = 1, "b": 2}'),
    ("file", '{"a": {"b": [1, {"c" = 2}, 3], "d": 4}, "e": 5}'),
    ("file", '{"a": {"b": 1},\n "c": {"d": 2,},\n "e": {"f": 3}}'),
    ("file", '{"a": ]}'),
    ("file", '{"a": 1, ]'),
    ("file", '{"a": 1, "b"'),
    ("file", '{"a": 1, "b":'),
    ("file", '{"a": [1, 2], "b": {"c": [3 4]}}'),
    ("expr", "[1, 2,]"),
    ("expr", '{"a": 1 "b": 2}'),
    ("expr", "1 2"),
    ("expr", '{"a": [1}'),
    ("expr", "tru"),
    ("expr", '{"a": {"b" = 1}, "c": 2}'),
    ("expr", '[1, {"a": 1,}, 3]'),
    ("expr", ""),
    ("file", '{"a": "ab\\u12x4", "b": 2}'),
    ("file", '{"a": "ab\\u12", "b": 2}'),
    ("file", '{"a": "éé\\x", "b": 2}'),
    ("file", '{"a": "\\q unterminated\n}'),
    ("file", '{"a": "abc\\"\n}'),
    ("file", '{"a": "abc\\\n}'),
    ("file", '{"k\\q": 1, "b": 2}'),
    ("expr", '"x\\q"'),
]

BASES = [
    '{"resource": {"aws_instance": {"web": {"ami": "x", "count": 2, "tags": {"a": "b"}}}}, '
    '"variable": {"v": {"default": [1, 2, 3]}}}',
    '{\n  "job": {\n    "web": {\n      "group": [{"count": 1}, {"count": 2}],\n'
    '      "meta": {"k": "v\\n"}\n    }\n  }\n}',
    '[{"a": 1, "b": [true, false, null]}, {"c": {"d": "\\u00e9"}}]',
]
ALPHABET = [*'{}[],:="x1 \n\\u', "tru", "//", "'"]
SEPARATOR = "\n====\n"


def mutations(count: int, seed: int = 26) -> list[tuple[str, str]]:
    """``count`` distinct mutated documents, each to be read as a file or an expression."""
    rng = random.Random(seed)
    found: list[tuple[str, str]] = []
    seen: set[str] = set()
    while len(found) < count:
        s = rng.choice(BASES)
        for _ in range(rng.choice([1, 1, 2, 3])):
            i = rng.randrange(len(s) + 1)
            op = rng.randrange(3)
            if op == 0 and s:
                s = s[:i] + s[i + 1 :]
            elif op == 1:
                s = s[:i] + rng.choice(ALPHABET) + s[i:]
            else:
                s = s[:i] + rng.choice(ALPHABET) + s[i + 1 :]
        if s in seen or SEPARATOR in s:
            continue
        seen.add(s)
        found.append(("file" if rng.random() < 0.8 else "expr", s))
    return found


def main() -> None:
    cases = HAND + mutations(400)
    path = Path("tests/data/gojsonerrors/cases.txt")
    path.write_text(SEPARATOR.join(f"{kind}\n{src}" for kind, src in cases), encoding="utf-8")


if __name__ == "__main__":
    main()
