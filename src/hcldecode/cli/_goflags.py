"""The ``hcldec`` command line, read as the reference's (Go's ``pflag`` package) reads it.

Long flags (``--spec=FILE`` or ``--spec FILE``), shorthands (``-s FILE``,
``-sFILE``), boolean flags with optional values (``--with-type=false``),
``--`` before files, and flags and files in any order, with the reference's
error messages.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..values._errors import Error

__all__ = ["Options", "UsageError", "parse_args"]


@attrs.define
class Options:
    """The flags of the ``hcldec`` command and its input files."""

    spec: str = ""
    out: str = ""
    diags: str = ""
    var_refs: bool = False
    with_type: bool = False
    version: bool = False
    keep_nulls: bool = False
    help: bool = False
    vars: list[str] = attrs.field(factory=list)
    files: list[str] = attrs.field(factory=list)


_LONG_VALUE = {"spec": "spec", "out": "out", "diags": "diags", "vars": "vars"}
_LONG_BOOL = {
    "var-refs": "var_refs",
    "with-type": "with_type",
    "version": "version",
    "keep-nulls": "keep_nulls",
    "help": "help",
}
_SHORT = {"s": "spec", "o": "out", "V": "vars", "v": "version", "h": "help"}
_BOOL_TEXT = {
    "1": True, "t": True, "T": True, "true": True, "TRUE": True, "True": True,
    "0": False, "f": False, "F": False, "false": False, "FALSE": False, "False": False,
}  # fmt: skip


class UsageError(Error):
    """A command line the reference would refuse; the message is its own."""


def _set(options: Options, field: str, value: str | bool) -> None:
    if field == "vars":
        options.vars.append(str(value))
    else:
        setattr(options, field, value)


def _bool_value(flag: str, text: str) -> bool:
    if text not in _BOOL_TEXT:
        raise UsageError(
            f'invalid argument "{text}" for "{flag}" flag: strconv.ParseBool: '
            f'parsing "{text}": invalid syntax'
        )
    return _BOOL_TEXT[text]


def _parse_long(options: Options, arg: str, rest: list[str]) -> None:
    name, has_value, value = arg[2:].partition("=")
    if name in _LONG_BOOL:
        _set(options, _LONG_BOOL[name], _bool_value(f"--{name}", value) if has_value else True)
    elif name in _LONG_VALUE:
        if not has_value:
            if not rest:
                raise UsageError(f"flag needs an argument: --{name}")
            value = rest.pop(0)
        _set(options, _LONG_VALUE[name], value)
    else:
        raise UsageError(f"unknown flag: --{name}")


def _parse_short(options: Options, arg: str, rest: list[str]) -> None:
    letters = arg[1:]
    while letters:
        letter, letters = letters[0], letters[1:]
        field = _SHORT.get(letter)
        if field is None:
            raise UsageError(f"unknown shorthand flag: {letter!r} in {arg}")
        if field in ("version", "help"):
            if letters.startswith("="):
                _set(options, field, _bool_value(f"-{letter}", letters[1:]))
                return
            _set(options, field, True)
            continue
        value = letters.removeprefix("=")
        if not letters:
            if not rest:
                raise UsageError(f"flag needs an argument: {letter!r} in -{letter}")
            value = rest.pop(0)
        _set(options, field, value)
        return


def parse_args(argv: Sequence[str]) -> Options:
    """The reference's command line (Go's ``pflag``): flags and files in any order."""
    options = Options()
    rest = list(argv)
    while rest:
        arg = rest.pop(0)
        if arg == "--":
            options.files.extend(rest)
            break
        if arg.startswith("--"):
            _parse_long(options, arg, rest)
        elif arg.startswith("-") and arg != "-":
            _parse_short(options, arg, rest)
        else:
            options.files.append(arg)
    return options
