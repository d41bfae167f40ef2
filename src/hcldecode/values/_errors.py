"""The base of every exception hcldecode raises for a configuration or schema problem."""

from __future__ import annotations

__all__ = ["Error"]


class Error(Exception):
    """Base of every exception hcldecode raises for a problem in a configuration,
    a schema or a value.

    ``except hcldecode.Error`` catches them all. Each subclass also keeps the
    built-in base that says what kind of problem it is, so code that catches
    those goes on working: a configuration's mistakes
    (:class:`~hcldecode.DecodeError`, :class:`~hcldecode.HCLError`),
    conversions and operations on values (:class:`~hcldecode.ConversionError`,
    ``OperationError``: ``ValueError``), function calls (``FunctionError``),
    a class or schema hcldecode cannot use (:class:`~hcldecode.SchemaError`, a
    ``TypeError``), and the command line's mistakes.
    """
