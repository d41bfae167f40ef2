"""The base of every exception hcldecode raises for a configuration or schema problem."""

from __future__ import annotations

from .._text import terminal_safe

__all__ = ["Error", "raw_text"]


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

    ``str()`` of any of them is safe to print on a terminal: control
    characters (ESC and the other C0 and C1 controls but tab and newline),
    the bidirectional controls and lone surrogates that a configuration's
    text or values put in the message are written escaped (``\\x1b``,
    ``\\u202e``). :meth:`text` with ``safe=False`` gives the message as it
    is.
    """

    def __str__(self) -> str:
        return self.text()

    def text(self, *, safe: bool = True) -> str:
        """The error's message.

        Args:
            safe: Write the characters that could act on a terminal escaped,
                as ``str()`` does; ``False`` gives the text unchanged.

        Returns:
            The message.
        """
        raw = Exception.__str__(self)
        return terminal_safe(raw) if safe else raw


def raw_text(error: BaseException) -> str:
    """The message of an exception as it is: for hcldecode's own errors, without the
    escaping ``str()`` does (a diagnostic built from it is escaped when shown)."""
    return error.text(safe=False) if isinstance(error, Error) else str(error)
