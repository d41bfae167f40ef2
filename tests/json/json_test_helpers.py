"""Helpers shared by the JSON syntax tests."""

from __future__ import annotations

from pathlib import Path

from hcldecode.model import Diagnostics, Range

#: The shared corpus of real-world files (``shared/`` lies beside the repository).
CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"


def span(r: Range | None) -> str | None:
    """A range as ``line:column(byte)-line:column(byte)``, the way the tests write them."""
    if r is None:
        return None
    s, e = r.start, r.end
    return f"{s.line}:{s.column}({s.byte})-{e.line}:{e.column}({e.byte})"


def diags_of(diags: Diagnostics) -> list[tuple[str, str, str | None, str | None]]:
    """Each diagnostic as (summary, detail, subject, context); all must be errors."""
    assert all(d.is_error for d in diags)
    return [(d.summary, d.detail, span(d.subject), span(d.context)) for d in diags]


#: The normative seed specifications.
SEEDS = Path(__file__).resolve().parents[2] / ".." / "shared" / "seeds"
