"""Marking a variable's value sensitive as it is given: :func:`sensitive`."""

from __future__ import annotations

from ..values._value import SENSITIVE, Value
from ._rules import to_value

__all__ = ["sensitive"]


def sensitive(value: object) -> Value:
    """A value marked sensitive, to give as a variable (or a function's result).

    ``variables={"var": {"db_password": hcl.sensitive(os.environ["DB_PASSWORD"])}}``:
    everything computed from it is sensitive too, no diagnostic or message
    shows it, and only a field declared sensitive (``hcl.attr(sensitive=True)``)
    takes it.

    Args:
        value: A :class:`~hcldecode.Value`, or a Python object with the built-in
            types (as :func:`~hcldecode.pytypes.to_value` makes one).

    Returns:
        The value, marked with :data:`~hcldecode.SENSITIVE`.

    Raises:
        TypeError: ``value`` is a Python object the built-in types cannot make a
            value of.
    """
    found = value if isinstance(value, Value) else to_value(value)
    return found.mark(SENSITIVE)
