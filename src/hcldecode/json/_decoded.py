"""What Python's C JSON decoder calls back, for the fast path (``_fast``): how an object is kept.

A module of its own so that the compiled build compiles it (``setup.py``): the
decoder calls :func:`decoded_object` once per object, and a compiled function
costs that call less than a Python one.
"""

from __future__ import annotations

from typing import Any

__all__ = ["decoded_object"]


def decoded_object(pairs: list[tuple[str, Any]]) -> Any:
    """A decoded object: a dict, or when a name repeats, ``(pairs,)``.

    ``pairs`` is the list of (name, value) pairs, every duplicate kept, in order. A
    dict whose values are strings, numbers and keywords is one object that the cyclic
    garbage collector does not track (as ``json.loads`` makes them); a tuple of pairs
    would be one tracked object per property, and on a big document the collector's
    passes over them cost more than decoding. The list is wrapped in a tuple to tell
    it from an array; holding a list, the tuple is never untracked, nor is the object
    that holds it (the nesting check in ``_fast`` counts on that).
    """
    obj = dict(pairs)
    return obj if len(obj) == len(pairs) else (pairs,)
