"""Terraform's file functions (``file``, ``fileexists``, ``fileset``, ``templatefile``),
bound to one base directory that no path may leave.

They read files, as this layer does, and ``templatefile`` parses its
template in the native syntax (``_expression.render_template``).
"""

from __future__ import annotations

import glob
import os
import stat
from collections.abc import Mapping, Sequence

from .._text import go_quote, is_identifier
from ..values._function import Function, FunctionArgError, FunctionError, Parameter
from ..values._limits import DEFAULT_LIMITS, Limits
from ..values._types import BOOL, DYNAMIC, STRING, MapType, ObjectType, SetType, Type
from ..values._value import Value
from ._expression import render_template

__all__ = ["file_functions"]

_OUTSIDE = "{path} is outside the base directory {base}; paths must stay inside it"


class _Base:
    """The base directory, and the paths inside it."""

    def __init__(self, base_dir: str | os.PathLike[str], limits: Limits) -> None:
        self.given = os.fspath(base_dir)
        self.root = os.path.realpath(self.given)
        self.inside = self.root.rstrip(os.sep) + os.sep
        self.limits = limits

    def resolve(self, index: int, path: str) -> str:
        """``path`` (relative to the base directory, or absolute) resolved, symbolic
        links followed; an argument error when it leads outside the base."""
        resolved = os.path.realpath(os.path.join(self.root, os.path.expanduser(path)))
        if resolved != self.root and not resolved.startswith(self.inside):
            raise FunctionArgError(index, _OUTSIDE.format(path=path, base=self.given))
        return resolved

    def read(self, index: int, path: str) -> str:
        """The text of a file, as Terraform's ``file`` reads it, within the limits."""
        resolved = self.resolve(index, path)
        bound = self.limits.max_string_length * 4  # UTF-8: at most 4 bytes a character
        try:
            with open(resolved, "rb") as stream:
                data = stream.read(bound + 1)
        except FileNotFoundError:
            raise FunctionArgError(
                index,
                f"no file exists at {path}; this function works only with files that are "
                "distributed as part of the configuration source code, so if this file "
                "will be created by a resource in this configuration you must instead "
                "obtain this result from an attribute of that resource",
            ) from None
        except OSError as error:
            raise FunctionArgError(index, f"failed to read {path}: {error.strerror}") from None
        try:
            text = data[:bound].decode("utf-8")
        except UnicodeDecodeError:
            text = None
        if len(data) > bound or (text is not None and len(text) > self.limits.max_string_length):
            raise FunctionArgError(
                index,
                f"{path} is larger than the {self.limits.max_string_length} characters "
                "a string may hold",
            )
        if text is None:
            raise FunctionArgError(index, f"contents of {path} are not valid UTF-8")
        return text


def file_functions(
    base_dir: str | os.PathLike[str],
    *,
    limits: Limits | None = None,
    functions: Mapping[str, Function] | None = None,
) -> dict[str, Function]:
    """Terraform's file functions, reading files under ``base_dir`` only.

    Args:
        base_dir: The directory relative paths start from. A path that leads
            outside it (by ``..``, an absolute path or a symbolic link) is
            refused with an error at the argument.
        limits: The limits of the decoder the functions are given to: a file
            longer than a string may be is refused before it is read whole.
        functions: The functions a ``templatefile`` template may call (for
            example :data:`hcldecode.STDLIB`); by default none. ``templatefile`` itself
            is never among them.

    Returns:
        A new dictionary of ``file``, ``fileexists``, ``fileset`` and
        ``templatefile``, to pass as (or merge into) ``functions=``.
    """
    base = _Base(base_dir, limits or DEFAULT_LIMITS)
    template_functions = dict(functions or {})
    template_functions.pop("templatefile", None)
    template_functions["templatefile"] = Function(
        params=[Parameter("path", STRING), Parameter("vars", DYNAMIC)],
        return_type=DYNAMIC,
        impl=_no_recursion,
    )
    return {
        "file": Function(
            params=[Parameter("path", STRING)],
            return_type=STRING,
            impl=lambda args, _: Value.string(base.read(0, args[0].as_str())),
            description="Reads the contents of a file at the given path, as text.",
        ),
        "fileexists": Function(
            params=[Parameter("path", STRING)],
            return_type=BOOL,
            impl=lambda args, _: _exists(base, args[0].as_str()),
            description="Whether a file exists at the given path.",
        ),
        "fileset": Function(
            params=[Parameter("path", STRING), Parameter("pattern", STRING)],
            return_type=SetType(STRING),
            impl=lambda args, _: _fileset(base, args[0].as_str(), args[1].as_str()),
            description="The names of the files under a directory that match a pattern.",
        ),
        "templatefile": Function(
            params=[Parameter("path", STRING), Parameter("vars", DYNAMIC)],
            return_type=DYNAMIC,
            impl=lambda args, _: _templatefile(base, args, template_functions),
            description="Renders the template in a file with the given variables.",
        ),
    }


def _no_recursion(args: Sequence[Value], _result: Type) -> Value:
    raise FunctionError("cannot recursively call templatefile from inside templatefile call")


def _exists(base: _Base, path: str) -> Value:
    resolved = base.resolve(0, path)
    # Terraform's words, about the path joined to the base directory.
    shown = os.path.normpath(os.path.join(base.given, os.path.expanduser(path)))
    try:
        mode = os.stat(resolved).st_mode
    except FileNotFoundError:
        return Value.bool(False)
    except OSError:
        raise FunctionArgError(0, f"failed to stat {shown}") from None
    if stat.S_ISREG(mode):
        return Value.bool(True)
    if stat.S_ISDIR(mode):
        problem = f"{shown} is a directory, not a file"
    elif stat.S_ISBLK(mode) or stat.S_ISCHR(mode):
        problem = f"{shown} is a device node, not a regular file"
    elif stat.S_ISFIFO(mode):
        problem = f"{shown} is a named pipe, not a regular file"
    elif stat.S_ISSOCK(mode):
        problem = f"{shown} is a unix domain socket, not a regular file"
    else:
        problem = f"{shown} is not a regular file"
    raise FunctionArgError(0, problem)


def _fileset(base: _Base, path: str, pattern: str) -> Value:
    root = base.resolve(0, path)
    found: list[Value] = []
    for name in sorted(glob.glob(pattern, root_dir=root, recursive=True)):
        if not os.path.isfile(os.path.join(root, name)):
            continue
        relative = name.replace(os.sep, "/")
        shown = os.path.normpath(os.path.join(path, name)).replace(os.sep, "/")
        base.resolve(1, shown)  # a link out of the base is refused
        found.append(Value.string(relative))
    return Value.set(found, STRING)


def _templatefile(base: _Base, args: Sequence[Value], functions: Mapping[str, Function]) -> Value:
    path, given = args[0].as_str(), args[1]
    if not isinstance(given.type, ObjectType | MapType):
        raise FunctionArgError(1, "invalid vars value: must be a map")
    variables: dict[str, Value] = {}
    if not given.is_null:
        for key, value in given.items():
            if not is_identifier(key):
                raise FunctionArgError(
                    1,
                    f"invalid template variable name {go_quote(key)}: must start with a "
                    "letter, followed by zero or more letters, digits, and underscores",
                )
            variables[key] = value
    text = base.read(0, path)
    return render_template(text, path, variables, functions, base.limits)
