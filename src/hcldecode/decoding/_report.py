"""How the decoding API reports: :class:`Decoded` results and :class:`DecodeError`.

Two ways, one for each kind of call. A call that gives an object raises
:class:`DecodeError` with every diagnostic when the configuration has
errors (``decode``, ``loads``, ``decode_block``, ``parse``). A call that
does not raise for the configuration's mistakes (``decode_body``,
``decode_expression``, ``parse_config``), and one that gives more than an
object (``decode_partial``), returns a :class:`Decoded`: the result, the
diagnostics, and what else the call found. Diagnostics are reported in
source order, file by file.
"""

from __future__ import annotations

import typing
import warnings
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Generic, Literal, TypeVar

from .._record import Record
from ..model._diagnostics import Diagnostic, Diagnostics, Range, SourceFile
from ..model._render import HCLError
from ..model._structure import Body
from ..values._sensitive import REDACTED

__all__ = ["VALUE", "DecodeError", "Decoded", "Partial", "in_source_order", "raise_errors"]

T = TypeVar("T")


class DecodeError(HCLError):
    """A configuration could not be decoded.

    Attributes:
        diagnostics: Every reason, in source order (``str()`` renders them).
        files: The files they are about, by name.
        remaining: When :func:`~hcldecode.decode_partial` fails, the body of
            what its class did not claim, so that later steps can still run
            and report their own mistakes too; otherwise ``None``.
    """

    remaining: Body | None = None

    def __reduce__(
        self,
    ) -> tuple[Callable[..., HCLError], tuple[object, ...], dict[str, object]]:
        # The remaining body is a parsed tree: it stays in the process that parsed it.
        made, args, state = super().__reduce__()
        return (made, args, {k: v for k, v in state.items() if k != "remaining"})


class _Hidden:
    """Shown in place of a sensitive field's value."""

    def __repr__(self) -> str:
        return REDACTED


_HIDDEN = _Hidden()

#: In the sensitive names of a :class:`Decoded`, the value itself (a field's
#: name is an identifier: no field has this name).
VALUE = "(value)"


def _set(obj: object, **values: Any) -> None:
    """Set the fields of a new immutable result."""
    for name, value in values.items():
        object.__setattr__(obj, name, value)


def _shown(fields: Mapping[str, Any], sensitive: frozenset[str]) -> Mapping[str, Any]:
    """``fields`` with the values of the ``sensitive`` ones hidden, for a ``repr``."""
    if not sensitive:
        return fields
    return {name: _HIDDEN if name in sensitive else value for name, value in fields.items()}


class Partial(Record, Generic[T]):
    """What decoded of a block whose object could not be built.

    A non-raising decode (:meth:`~hcldecode.Decoder.decode_partial`,
    :meth:`~hcldecode.Decoder.decode_body`) puts one where an object of a
    block field failed, in :attr:`Decoded.fields` and, nested, in the
    ``fields`` of another: so a later layer (a plugin) can still work on
    every block that was fine, at any depth.

    Attributes:
        cls: The class the block decodes into.
        fields: Every field of the block that decoded, by field name. A block
            field whose blocks did not all decode holds them in the field's
            own shape (one, a list, a tuple, a dict by labels), each an
            object or, where it failed, a :class:`Partial`.
        failed: The fields the configuration gives whose value could not be
            decoded: an attribute in error, blocks that failed.
        range: Where the block is (its definition: type and labels).
    """

    record_fields = ("cls", "fields", "failed", "range")
    # _sensitive: the fields that are sensitive, whose values repr() does not show.
    __slots__ = (*record_fields, "__weakref__", "_sensitive")  # as attrs made them

    cls: type[T]
    fields: Mapping[str, Any]
    failed: frozenset[str]
    range: Range | None
    _sensitive: frozenset[str]

    def __init__(
        self,
        cls: type[T],
        fields: Mapping[str, Any],
        failed: frozenset[str],
        range: Range | None = None,
        *,
        _sensitive: frozenset[str] = frozenset(),
    ) -> None:
        _set(self, cls=cls, fields=fields, failed=failed, range=range, _sensitive=_sensitive)

    def __getstate__(self) -> dict[str, Any]:
        return {**super().__getstate__(), "_sensitive": self._sensitive}

    def __repr__(self) -> str:
        return (
            f"Partial(cls={self.cls!r}, fields={_shown(self.fields, self._sensitive)!r}, "
            f"failed={self.failed!r}, range={self.range!r})"
        )


class Decoded(Record, Generic[T]):
    """The result of a call that does not raise for a configuration's mistakes.

    What :meth:`~hcldecode.Decoder.decode_body`,
    :meth:`~hcldecode.Decoder.decode_expression`,
    :meth:`~hcldecode.Decoder.decode_partial`,
    :func:`~hcldecode.parse_config` and :func:`~hcldecode.parse_config_file`
    return, errors or not. :attr:`ok` says whether there is no error, and
    :meth:`unwrap` gives the value or raises the :class:`DecodeError` that
    the raising call would have raised.

    Some of these calls used to return a pair; unpacking a result
    (``value, diags = ...``, or ``value, rest = ...`` for
    ``decode_partial``) and indexing it still work for one release, with a
    ``DeprecationWarning``.

    Attributes:
        value: The result. With errors, a decode gives ``None`` (what did
            decode is in ``fields``), and a parse gives the file as far as it
            could be read (HCL's recovery: the parts in error evaluate to
            unknown values).
        fields: Every field of the class that did decode, by field name, even
            when others did not, so that a loader can still check the rest of
            a broken block itself (empty for expressions and files). A block
            field whose blocks did not all decode is there too, in its own
            shape, with a :class:`Partial` for each block that failed.
        failed: The fields the configuration gives whose value could not be
            decoded (an attribute in error, blocks that failed), by field name.
        cls: The class a decode decoded into (see :attr:`partial`).
        diagnostics: Every problem found, errors and warnings, in source order.
        remaining: The body of what the class did not claim, when it was
            decoded partially or has a ``remain()`` field.
        files: The files the diagnostics are about, by name, for rendering them.
    """

    record_fields = ("value", "fields", "diagnostics", "remaining", "files", "failed", "cls")
    # _second: what the pair these calls used to return held second (see __iter__);
    # _sensitive: the fields that are sensitive, whose values repr() does not show.
    __slots__ = (*record_fields, "__weakref__", "_second", "_sensitive")  # as attrs made them

    value: T | None
    fields: Mapping[str, Any]
    diagnostics: Diagnostics
    remaining: Body | None
    files: Mapping[str, SourceFile]
    failed: frozenset[str]
    cls: type | None
    _second: Literal["diagnostics", "remaining"]
    _sensitive: frozenset[str]

    def __init__(
        self,
        value: T | None,
        fields: Mapping[str, Any],
        diagnostics: Diagnostics,
        remaining: Body | None = None,
        files: Mapping[str, SourceFile] | None = None,
        *,
        failed: frozenset[str] = frozenset(),
        cls: type | None = None,
        _second: Literal["diagnostics", "remaining"] = "diagnostics",
        _sensitive: frozenset[str] = frozenset(),
    ) -> None:
        _set(
            self,
            value=value,
            fields=fields,
            diagnostics=diagnostics,
            remaining=remaining,
            files={} if files is None else files,
            failed=failed,
            cls=cls,
            _second=_second,
            _sensitive=_sensitive,
        )

    def __getstate__(self) -> dict[str, Any]:
        return {**super().__getstate__(), "_second": self._second, "_sensitive": self._sensitive}

    def __repr__(self) -> str:
        fields = _shown(self.fields, self._sensitive)
        value = _HIDDEN if VALUE in self._sensitive else self.value
        return (
            f"Decoded(value={value!r}, fields={fields!r}, "
            f"diagnostics={self.diagnostics!r}, remaining={self.remaining!r}, "
            f"failed={self.failed!r})"
        )

    @property
    def partial(self) -> Partial[Any] | None:
        """What decoded, as a typed :class:`Partial` of the class, when the object
        could not be built (``None`` when it was, and for expressions and files)."""
        if self.value is not None or self.cls is None:
            return None
        return Partial(self.cls, self.fields, self.failed, _sensitive=self._sensitive)

    @property
    def ok(self) -> bool:
        """True when there is no error (warnings may remain)."""
        return not self.diagnostics.has_errors()

    def unwrap(self) -> T:
        """The value; :class:`DecodeError` with every diagnostic if there are errors."""
        raise_errors(self.diagnostics, self.files, self.remaining)
        return typing.cast(T, self.value)

    def _pair(self) -> tuple[Any, Any]:
        second = self.remaining if self._second == "remaining" else self.diagnostics
        warnings.warn(
            f"unpacking or indexing a Decoded result as (value, {self._second}) is "
            f"deprecated; use result.value and result.{self._second}",
            DeprecationWarning,
            stacklevel=3,
        )
        return self.value, second

    def __iter__(self) -> Iterator[Any]:
        """Deprecated: ``value, diagnostics`` (``value, remaining`` for a partial decode)."""
        return iter(self._pair())

    def __getitem__(self, index: int) -> Any:
        """Deprecated: ``result[0]`` is ``result.value``, ``result[1]`` the other half."""
        return self._pair()[index]


def raise_errors(
    diags: Diagnostics, files: Mapping[str, SourceFile], remaining: Body | None = None
) -> None:
    """Raise :class:`DecodeError` with ``diags`` in source order if any is an error."""
    if diags.has_errors():
        error = DecodeError(in_source_order(diags, files), files)
        error.remaining = remaining
        raise error


def in_source_order(diags: Diagnostics, files: Mapping[str, SourceFile]) -> Diagnostics:
    """``diags`` sorted by file (in the order of ``files``) and position; those
    without a subject last."""
    order = {name: i for i, name in enumerate(files)}

    def key(d: Diagnostic) -> tuple[int, int]:
        if d.subject is None:
            return (len(order) + 1, 0)
        return (order.get(d.subject.filename, len(order)), d.subject.start.byte)

    return Diagnostics(sorted(diags, key=key))
