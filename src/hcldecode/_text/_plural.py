"""Counted nouns in messages: ``1 label``, ``2 labels``."""

from __future__ import annotations

__all__ = ["counted"]


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """``count`` followed by the noun in the number it needs.

    ``plural`` defaults to ``singular`` with an ``s``; the noun may be a
    phrase (``'"listener" block'``), whose last word takes the ``s``.
    """
    if count == 1:
        return f"1 {singular}"
    return f"{count} {plural if plural is not None else singular + 's'}"
