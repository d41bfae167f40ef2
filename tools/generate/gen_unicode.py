"""Generate the Unicode tables and the grapheme break test cases.

The script writes ``src/hcldecode/_text/_tables.py`` and
``tests/data/_text/grapheme_break_test.txt``.

hcldecode needs a few Unicode properties that the standard library does not
offer (``ID_Start``, ``ID_Continue``, ``White_Space``, the grapheme cluster
break property and ``Extended_Pictographic``). This script reads them from
the Unicode Character Database and writes them as regular-expression
character-class bodies (compact range lists such as ``A-Za-z\\u00aa``),
ready to be placed inside ``[...]``.

It also turns the official ``GraphemeBreakTest.txt`` into a compact table
of test cases for ``tests/_text/test_text.py``.

Usage (the directory is where Debian's ``unicode-data`` package installs
the database)::

    python tools/generate/gen_unicode.py /usr/share/unicode

All files read must be of one Unicode version, which is recorded in the
generated module.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TABLES = ROOT / "src" / "hcldecode" / "_text" / "_tables.py"
TEST_TABLE = ROOT / "tests" / "data" / "_text" / "grapheme_break_test.txt"

# Where each needed file lives under the database directory.
DERIVED_CORE = "DerivedCoreProperties.txt"
PROP_LIST = "PropList.txt"
GRAPHEME_BREAK = "auxiliary/GraphemeBreakProperty.txt"
GRAPHEME_TEST = "auxiliary/GraphemeBreakTest.txt"
EMOJI_DATA = "emoji/emoji-data.txt"

# The grapheme cluster break property values hcldecode uses, with the name
# of the generated constant for each.
GRAPHEME_VALUES = {
    "CR": "GB_CR",
    "LF": "GB_LF",
    "Control": "GB_CONTROL",
    "Extend": "GB_EXTEND",
    "ZWJ": "GB_ZWJ",
    "Regional_Indicator": "GB_REGIONAL_INDICATOR",
    "Prepend": "GB_PREPEND",
    "SpacingMark": "GB_SPACING_MARK",
    "L": "GB_L",
    "V": "GB_V",
    "T": "GB_T",
    "LV": "GB_LV",
    "LVT": "GB_LVT",
}

_LINE = re.compile(r"^([0-9A-F]{4,6})(?:\.\.([0-9A-F]{4,6}))?\s*;\s*([\w.]+)")
_VERSION = re.compile(r"-(\d+\.\d+\.\d+)\.txt")
_EMOJI_VERSION = re.compile(r"Emoji Version (\d+\.\d+)")


def read_properties(path: Path) -> dict[str, list[int]]:
    """Map each property value named in a UCD file to its sorted code points."""
    table: dict[str, list[int]] = defaultdict(list)
    with path.open(encoding="utf-8") as f:
        for line in f:
            m = _LINE.match(line)
            if m is None:
                continue
            first = int(m[1], 16)
            last = int(m[2], 16) if m[2] else first
            table[m[3]].extend(range(first, last + 1))
    return {name: sorted(points) for name, points in table.items()}


def file_version(path: Path) -> str:
    """The Unicode version a UCD file declares in its first lines."""
    with path.open(encoding="utf-8") as f:
        head = "".join(f.readline() for _ in range(10))
    m = _VERSION.search(head)
    if m is not None:
        return m[1]
    m = _EMOJI_VERSION.search(head)
    if m is not None:
        return f"{m[1]}.0"
    raise SystemExit(f"{path}: no version found in the header")


def ranges(points: list[int]) -> list[tuple[int, int]]:
    """Merge sorted code points into inclusive ``(first, last)`` ranges."""
    out: list[tuple[int, int]] = []
    for cp in points:
        if out and out[-1][1] + 1 == cp:
            out[-1] = (out[-1][0], cp)
        else:
            out.append((cp, cp))
    return out


def escape(cp: int) -> str:
    """A regular-expression escape (or the character itself) for one code point."""
    ch = chr(cp)
    if ch.isascii() and ch.isalnum():
        return ch
    if cp < 0x80:
        return f"\\x{cp:02x}"
    if cp <= 0xFFFF:
        return f"\\u{cp:04x}"
    return f"\\U{cp:08x}"


def class_body(points: list[int]) -> list[str]:
    """The body of a character class for the code points, as a list of range items."""
    items = []
    for first, last in ranges(points):
        if first == last:
            items.append(escape(first))
        elif first + 1 == last:
            items.append(escape(first) + escape(last))
        else:
            items.append(f"{escape(first)}-{escape(last)}")
    return items


def string_literal(items: list[str], indent: str) -> str:
    """Raw string literal(s) holding the concatenated items, wrapped at 100 columns."""
    chunks = [""]
    for item in items:
        if len(chunks[-1]) + len(item) > 88:
            chunks.append("")
        chunks[-1] += item
    if len(chunks) == 1:
        return f'r"{chunks[0]}"'
    body = "\n".join(f'{indent}    r"{chunk}"' for chunk in chunks)
    return f"(\n{body}\n{indent})"


def constant(name: str, doc: str, points: list[int]) -> str:
    """Python source for one ``(bmp, astral)`` pair of character-class bodies.

    The class is split at U+FFFF because Python's regular expression engine
    tests a class of Basic Multilingual Plane characters with a fast table
    but one that also holds other planes' characters range by range.
    """
    bmp = class_body([cp for cp in points if cp <= 0xFFFF])
    astral = class_body([cp for cp in points if cp > 0xFFFF])
    return (
        f"#: {doc}\n{name}: tuple[str, str] = (\n"
        f"    {string_literal(bmp, '    ')},\n"
        f"    {string_literal(astral, '    ')},\n"
        ")"
    )


def generate_tables(ucd: Path) -> tuple[str, str]:
    """Source of ``_text/_tables.py`` and the Unicode version it was made from."""
    files = [DERIVED_CORE, PROP_LIST, GRAPHEME_BREAK, EMOJI_DATA]
    versions = {name: file_version(ucd / name) for name in files}
    version = versions[DERIVED_CORE]
    if any(not v.startswith(version.rsplit(".", 1)[0]) for v in versions.values()):
        raise SystemExit(f"mixed Unicode versions: {versions}")

    core = read_properties(ucd / DERIVED_CORE)
    props = read_properties(ucd / PROP_LIST)
    grapheme = read_properties(ucd / GRAPHEME_BREAK)
    emoji = read_properties(ucd / EMOJI_DATA)
    if set(grapheme) != set(GRAPHEME_VALUES):
        raise SystemExit(f"unexpected Grapheme_Cluster_Break values: {sorted(grapheme)}")

    parts = [
        f'"""Unicode {version} properties used by :mod:`hcldecode._text._unicode`.',
        "",
        f"Generated by ``tools/generate/gen_unicode.py`` from the Unicode {version}",
        "Character Database; do not edit. Each property is a pair of",
        "regular-expression character-class bodies (for use inside ``[...]``): its",
        "code points up to U+FFFF, and the others.",
        '"""',
        "",
        f'UNICODE_VERSION = "{version}"',
        "",
        constant("ID_START", "Code points with the ID_Start property.", core["ID_Start"]),
        "",
        constant("ID_CONTINUE", "Code points with the ID_Continue property.", core["ID_Continue"]),
        "",
        constant("WHITE_SPACE", "Code points with the White_Space property.", props["White_Space"]),
        "",
        constant(
            "EXTENDED_PICTOGRAPHIC",
            "Code points with the Extended_Pictographic property.",
            emoji["Extended_Pictographic"],
        ),
    ]
    for value, name in GRAPHEME_VALUES.items():
        parts += ["", constant(name, f"Grapheme_Cluster_Break={value}.", grapheme[value])]
    return "\n".join(parts) + "\n", version


def generate_test_table(ucd: Path, version: str) -> str:
    """The official grapheme break tests in a compact form.

    One case a line: the clusters separated by ``/``, the code points of a
    cluster (hexadecimal) separated by spaces.
    """
    if file_version(ucd / GRAPHEME_TEST) != version:
        raise SystemExit("GraphemeBreakTest.txt is of another Unicode version")
    out = [
        f"# Extended grapheme cluster test cases of Unicode {version}, from the Unicode",
        "# Character Database file GraphemeBreakTest.txt; generated by",
        "# tools/generate/gen_unicode.py.",
        "# One case a line: clusters separated by '/', code points (hex) by spaces.",
    ]
    with (ucd / GRAPHEME_TEST).open(encoding="utf-8") as f:
        for line in f:
            case = line.split("#", 1)[0].strip()
            if not case:
                continue
            clusters = [c.strip().replace(" × ", " ") for c in case.strip("÷ ").split("÷")]
            out.append("/".join(clusters))
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("ucd", type=Path, help="directory of the Unicode Character Database")
    args = parser.parse_args(argv)
    tables, version = generate_tables(args.ucd)
    TABLES.write_text(tables, encoding="utf-8")
    TEST_TABLE.parent.mkdir(parents=True, exist_ok=True)
    TEST_TABLE.write_text(generate_test_table(args.ucd, version), encoding="utf-8")
    written = f"{TABLES.relative_to(ROOT)} and {TEST_TABLE.relative_to(ROOT)}"
    print(f"wrote {written} (Unicode {version})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
