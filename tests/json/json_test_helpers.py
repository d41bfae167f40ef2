"""Helpers shared by the JSON syntax tests."""

from __future__ import annotations

from hcldecode.model import Diagnostics, Range


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
