"""The one-call API: parse files and decode them into configuration classes."""

from __future__ import annotations

import os
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any, Generic, Literal, TypeVar, Union

import attrs

from ..model._context import EvalContext
from ..model._diagnostics import (
    Diagnostic,
    Diagnostics,
    SourceFile,
)
from ..model._merge import merge_bodies
from ..model._render import HCLError
from ..model._structure import (
    Block,
    Body,
    BodyContent,
    BodySchema,
    Expression,
    File,
)
from ..native import parse_config as parse_native
from ..values._limits import Limits
from ..values._python import TypeRule
from ..values._types import Type
from ._classinfo import ClassInfo, SchemaError, class_info
from ._decoder import FAILED, decode_class, lower_value
from ._pytypes import ConfigTypes

if typing.TYPE_CHECKING:
    from ..write._document import Document, DocumentBody

__all__ = [
    "DecodeError",
    "Decoded",
    "Decoder",
    "Source",
    "decode",
    "decode_block",
    "decode_body",
    "decode_expression",
    "decode_partial",
    "loads",
    "parse",
    "parse_config",
    "parse_config_file",
    "parse_file",
    "reject_unclaimed",
    "schema_of",
]

T = TypeVar("T")
Syntax = Literal["native", "json"]
Source = Union[
    str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]], IO[bytes], Body, File
]


@attrs.frozen
class Decoded(Generic[T]):
    """What :meth:`Decoder.decode_body` found, errors or not.

    ``value`` is the object, or ``None`` when the configuration has errors;
    ``fields`` holds every field that did decode, by field name, even then,
    so a loader can still check the rest of a broken block itself;
    ``diagnostics`` are every problem found (in source order); ``remaining``
    is the body of what the class did not claim, when it was decoded
    partially or has a ``remain()`` field. :meth:`unwrap` gives the value or
    raises the :class:`DecodeError` that :func:`decode` would have raised.
    """

    value: T | None
    fields: Mapping[str, Any]
    diagnostics: Diagnostics
    remaining: Body | None = None
    files: Mapping[str, SourceFile] = attrs.field(factory=dict, repr=False)

    @property
    def ok(self) -> bool:
        """True when there is no error."""
        return not self.diagnostics.has_errors()

    def unwrap(self) -> T:
        """The object; :class:`DecodeError` with every diagnostic if there is none."""
        _raise(self.diagnostics, self.files, self.remaining)
        return typing.cast(T, self.value)


class DecodeError(HCLError):
    """A configuration could not be decoded; ``diagnostics`` holds every reason, in source order.

    When :func:`decode_partial` fails, ``remaining`` is the body of what its
    class did not claim, so that later steps can still run and report their
    own mistakes too; otherwise it is ``None``.
    """

    remaining: Body | None = None


def parse(text: str | bytes, *, filename: str = "<string>", syntax: Syntax = "native") -> File:
    """Parse configuration text; raise :class:`DecodeError` on syntax errors."""
    file, diags = _parse(text, filename, syntax)
    _raise(diags, {filename: file})
    return file


def parse_file(path: str | os.PathLike[str]) -> File:
    """Parse a file, choosing the syntax from its name (``.json`` means JSON)."""
    file, diags = parse_config_file(path)
    _raise(diags, {file.filename: file})
    return file


def parse_config(
    text: str | bytes, *, filename: str = "<string>", syntax: Syntax = "native"
) -> tuple[File, Diagnostics]:
    """Parse configuration text without raising: the file and its diagnostics.

    After syntax errors the file is still usable, as far as the syntax
    allows: what parsed is there, and the parts in error are placeholders
    whose evaluation gives unknown values (HCL's own recovery).
    """
    return _parse(text, filename, syntax)


def parse_config_file(path: str | os.PathLike[str]) -> tuple[File, Diagnostics]:
    """Parse a file without raising (see :func:`parse_config`); ``.json`` means JSON.

    A file that cannot be read raises ``OSError``: that is the program's
    business, not the configuration's.
    """
    name = os.fspath(path)
    with open(name, "rb") as stream:
        data = stream.read()
    return _parse(data, name, _syntax_for(name))


def _syntax_for(name: str) -> Syntax:
    return "json" if name.endswith(".json") else "native"


def _parse(text: str | bytes, filename: str, syntax: Syntax) -> tuple[File, Diagnostics]:
    if syntax == "native":
        return parse_native(text, filename)
    if syntax == "json":
        from ..json import parse as parse_json  # noqa: PLC0415 (a syntax loads on first use)

        return parse_json(text, filename)
    raise ValueError(f"syntax must be 'native' or 'json', not {syntax!r}")


def _raise(
    diags: Diagnostics, files: Mapping[str, SourceFile], remaining: Body | None = None
) -> None:
    if diags.has_errors():
        error = DecodeError(_in_source_order(diags, files), files)
        error.remaining = remaining
        raise error


def _in_source_order(diags: Diagnostics, files: Mapping[str, SourceFile]) -> Diagnostics:
    order = {name: i for i, name in enumerate(files)}

    def key(d: Diagnostic) -> tuple[int, int]:
        if d.subject is None:
            return (len(order) + 1, 0)
        return (order.get(d.subject.filename, len(order)), d.subject.start.byte)

    return Diagnostics(sorted(diags, key=key))


def _load(source: Source) -> tuple[Body, dict[str, SourceFile]]:
    if isinstance(source, File):  # first: the classes of bodies are abstract, slower to test
        return source.body, {source.filename: source}
    if isinstance(source, ClaimedBody):
        return source, dict(source.files)
    if isinstance(source, Body):
        return source, dict(source.source_files())
    if isinstance(source, str | os.PathLike):
        file = parse_file(source)
        return file.body, {file.filename: file}
    if hasattr(source, "read"):
        data = source.read()
        if not isinstance(data, bytes):
            raise TypeError("decode() needs a binary file object (open the file with 'rb')")
        name = str(getattr(source, "name", "<stream>"))
        file = parse(data, filename=name, syntax=_syntax_for(name))
        return file.body, {name: file}
    if isinstance(source, Sequence):
        files: dict[str, SourceFile] = {}
        parsed: list[File] = []
        diags = Diagnostics()
        for item in source:
            if not isinstance(item, str | os.PathLike):
                raise TypeError(f"decode() takes a list of paths, but the list holds {item!r}")
            name = os.fspath(item)
            with open(name, "rb") as stream:
                file, file_diags = _parse(stream.read(), name, _syntax_for(name))
            diags.extend(file_diags)
            files[name] = file
            parsed.append(file)
        _raise(diags, files)
        return merge_bodies([f.body for f in parsed]), files
    raise TypeError(f"cannot decode from {source!r}")


Functions = Mapping[str, Callable[..., Any]]
TypeRules = Mapping[type, TypeRule]


class Decoder:
    """Decodes configurations with the types, variables and functions it is given.

    ``types`` teaches it Python types of the application's own: each maps to
    the HCL type its values are converted to first, and a callable that
    builds the object from the converted value made plain Python (``str``,
    ``int``, ``Decimal``, ``bool``, ``None``, ``list``, ``dict``); a
    ``ValueError`` or ``TypeError`` that callable raises becomes a
    diagnostic at the value. An optional third callable turns an object
    back into plain Python, so that objects of the type can be variables
    and function results. The decoder's types serve class fields, the
    parameters and results of functions given as plain callables, and
    variables alike. ``variables`` and ``functions`` are available
    to every configuration it decodes; a call's own ``variables`` and
    ``functions`` are added to them (the call's win), and a call's ``ctx``
    is used instead of all of them. ``limits`` bounds what evaluating one
    expression may build and spend (:class:`~hcldecode.values.Limits`; by
    default :data:`~hcldecode.values.DEFAULT_LIMITS`). With ``dynamic_blocks``,
    ``dynamic`` blocks are expanded before decoding
    (:func:`hcldecode.ext.dynblock.expand`, with the evaluation context of
    the call).

    A decoder never changes: :meth:`with_type` makes a new one, so two
    libraries in one process can each have their own without meeting. The
    module-level :func:`decode`, :func:`loads` and the rest use a decoder
    that knows no types of the application's own.
    """

    __slots__ = ("_base", "_dynamic_blocks", "_functions", "_limits", "_types", "_variables")

    def __init__(
        self,
        *,
        types: TypeRules | None = None,
        variables: Mapping[str, Any] | None = None,
        functions: Functions | None = None,
        limits: Limits | None = None,
        dynamic_blocks: bool = False,
    ) -> None:
        self._types = ConfigTypes(types)
        self._dynamic_blocks = dynamic_blocks
        self._variables = dict(variables) if variables is not None else None
        self._functions = dict(functions) if functions is not None else None
        self._limits = limits
        self._base: EvalContext | None = None
        if variables is not None or functions is not None:
            self._base = EvalContext(
                self._variables, self._functions, types=self._types, limits=limits
            )
        elif limits is not None:
            self._base = EvalContext(literal_only=True, limits=limits)

    def with_type(
        self,
        tp: type,
        hcl_type: Type,
        structure: Callable[[Any], Any],
        unstructure: Callable[[Any], Any] | None = None,
    ) -> Decoder:
        """A new decoder that also knows ``tp`` (see the class description)."""
        rule: TypeRule = (
            (hcl_type, structure) if unstructure is None else (hcl_type, structure, unstructure)
        )
        return Decoder(
            types={**self._types.registered, tp: rule},
            variables=self._variables,
            functions=self._functions,
            limits=self._limits,
            dynamic_blocks=self._dynamic_blocks,
        )

    def _expanded(self, body: Body, ctx: EvalContext | None) -> Body:
        """``body``, with its dynamic blocks expanded if the decoder is to expand them."""
        if not self._dynamic_blocks:
            return body
        from ..ext import dynblock  # noqa: PLC0415 (loads on first use)

        return dynblock.expand(body, ctx)

    def decode(
        self,
        source: Source,
        cls: type[T],
        *,
        variables: Mapping[str, Any] | None = None,
        functions: Functions | None = None,
        ctx: EvalContext | None = None,
    ) -> T:
        """Decode a configuration into an instance of ``cls``.

        ``source`` is a path, a list of paths (merged into one configuration), a
        binary file object, a parsed :class:`File` or a :class:`Body`. Files
        whose name ends in ``.json`` are read as HCL JSON. Expressions are
        evaluated with ``variables`` and ``functions`` (or a prepared ``ctx``);
        with neither, in literal-only mode. Everything the class does not claim
        is an error, unless the class has a ``remain()`` field. Raises
        :class:`DecodeError` with every problem found.
        """
        obj, _ = self._run(source, cls, False, self._context(variables, functions, ctx))
        return obj

    def decode_partial(
        self,
        source: Source,
        cls: type[T],
        *,
        variables: Mapping[str, Any] | None = None,
        functions: Functions | None = None,
        ctx: EvalContext | None = None,
    ) -> tuple[T, Body]:
        """Decode what ``cls`` claims and return it with the body of everything else.

        The remaining body can be decoded by other classes (plugins), and
        finally passed to :func:`reject_unclaimed`, which reports what nobody
        claimed, with suggestions drawn from every class that took part. When
        decoding fails, the :class:`DecodeError` holds that body as ``remaining``.
        """
        obj, remaining = self._run(source, cls, True, self._context(variables, functions, ctx))
        assert remaining is not None
        return obj, remaining

    def loads(
        self,
        text: str | bytes,
        cls: type[T],
        *,
        filename: str = "<string>",
        syntax: Syntax = "native",
        variables: Mapping[str, Any] | None = None,
        functions: Functions | None = None,
        ctx: EvalContext | None = None,
    ) -> T:
        """Decode configuration text into an instance of ``cls`` (see :meth:`decode`)."""
        return self.decode(
            parse(text, filename=filename, syntax=syntax),
            cls,
            variables=variables,
            functions=functions,
            ctx=ctx,
        )

    def decode_body(
        self,
        source: Body | Block,
        cls: type[T],
        *,
        partial: bool = False,
        override: bool = False,
        variables: Mapping[str, Any] | None = None,
        functions: Functions | None = None,
        ctx: EvalContext | None = None,
    ) -> Decoded[T]:
        """Decode a body (or a block) into ``cls`` without raising for the configuration's mistakes.

        A block's labels go to the class's label fields and its ranges to its
        range markers, as with :meth:`decode_block`.

        The result (a :class:`Decoded`) holds the object when there is no
        error, and otherwise every field that did decode, beside all the
        diagnostics: a loader can go on checking the rest of a broken block.
        With ``partial``, what the class does not claim is left in
        ``remaining`` (as :meth:`decode_partial` does) instead of being an
        error. With ``override``, the body is an override file's (as Go
        loaders read them): nothing in it is required, in nested blocks too;
        ``fields`` holds what it sets, and ``value`` is the object only when
        it sets every required field. Mistakes of the program (a class that cannot be decoded into)
        still raise.
        """
        block = source if isinstance(source, Block) else None
        body = source.body if isinstance(source, Block) else source
        info = self._info(cls, block)
        eval_ctx = self._context(variables, functions, ctx)
        diags = Diagnostics()
        fields: dict[str, Any] = {}
        obj, remaining = decode_class(
            self._expanded(body, eval_ctx),
            cls,
            self._types,
            eval_ctx,
            diags,
            partial=partial,
            block=block,
            fields=fields,
            override=override,
        )
        files = dict(body.source_files())
        if partial and remaining is not None:
            remaining = ClaimedBody.wrap(remaining, info.schema, files)
        ordered = _in_source_order(diags, files)
        return Decoded(None if ordered.has_errors() else obj, fields, ordered, remaining, files)

    def decode_block(
        self,
        block: Block,
        cls: type[T],
        *,
        variables: Mapping[str, Any] | None = None,
        functions: Functions | None = None,
        ctx: EvalContext | None = None,
    ) -> T:
        """Decode one block (from :attr:`BodyContent.blocks`, say) into ``cls``.

        The class's label fields receive the block's labels in order, and its
        range markers the block's ranges, as for a block decoded as part of
        an enclosing class. ``cls`` must have one label field per label of
        the block (``TypeError`` otherwise). Raises :class:`DecodeError`.
        """
        self._info(cls, block)
        eval_ctx = self._context(variables, functions, ctx)
        diags = Diagnostics()
        body = self._expanded(block.body, eval_ctx)
        obj, _ = decode_class(body, cls, self._types, eval_ctx, diags, block=block)
        _raise(diags, _files_of(block.body))
        return typing.cast(T, obj)

    def decode_expression(
        self,
        expr: Expression,
        pytype: Any,
        ctx: EvalContext | None = None,
        *,
        variables: Mapping[str, Any] | None = None,
        functions: Functions | None = None,
    ) -> tuple[Any, Diagnostics]:
        """The value of one expression as a ``pytype``, and the diagnostics found.

        The counterpart of gohcl's ``DecodeExpression``: the value is
        converted by HCL's rules and then built as a field of that type
        would be; when it does not fit, the error is ``Unsuitable value
        type`` (``Unsuitable value: <reason>``) at the part that does not fit,
        and the value returned is ``None``. Nothing is raised for a mistake
        in the configuration; a ``pytype`` hcldecode cannot decode into raises
        :class:`SchemaError`.
        """
        try:
            plan = self._types.plan(pytype)
        except TypeError as exc:
            raise SchemaError(f"decode_expression: {exc}") from None
        if plan.raw is Expression:
            return expr, Diagnostics()
        eval_ctx = self._context(variables, functions, ctx)
        value, diags = expr.value(eval_ctx)
        if diags.has_errors():
            return None, diags
        result = lower_value(value, expr, plan, ctx=eval_ctx, diags=diags)
        return (None if result is FAILED else result), diags

    def schema_of(self, cls: type) -> BodySchema:
        """The body schema that a configuration class implies."""
        return class_info(cls, self._types).schema

    def dumps(
        self,
        obj: object,
        *,
        syntax: Syntax = "native",
        defaults: bool = False,
        templates: bool = False,
    ) -> str:
        """``obj``, an instance of a configuration class, written as an HCL file.

        The inverse of :meth:`loads`, by the same markers and the decoder's
        types: the text decodes back to an equal object. ``syntax`` is
        ``"native"`` (laid out as ``hclfmt`` lays it out) or ``"json"``.
        Fields equal to their defaults are left out unless ``defaults`` is
        true; ``None`` is written as ``null`` where that reads back as
        ``None``, left out where the default is ``None``, and refused
        (``ValueError``) where it cannot be read back.
        Expression fields are written as their source text (native syntax
        expressions only); bodies, raw blocks and ranges are not written.
        Raises ``TypeError`` for what cannot be written (an object of a type
        the decoder cannot turn back into a value) and ``ValueError`` for a
        value that has no HCL form (an infinity, NaN).

        The JSON syntax reads strings as templates only when it evaluates
        with variables or functions (an evaluation context): ``templates``
        writes ``${`` and ``%{`` in strings doubled, for a reader that will
        (as applications with variables do), and by default they are
        written as they are, for one that will not (as :meth:`loads` without
        variables or functions). Native-syntax strings are always templates,
        and always written so.
        """
        from ._encode import encode  # noqa: PLC0415 (loads the writer on first use)

        return encode(obj, self._types, syntax=syntax, defaults=defaults, templates=templates)

    def update_document(
        self, document: Document | DocumentBody, obj: object, *, defaults: bool = False
    ) -> None:
        """Make an editable document (or a body in one) say what ``obj`` says.

        What :meth:`dumps` would write is set in place, keeping the
        document's comments and layout elsewhere: attributes are set where
        they are, blocks matched by type and labels and updated, new ones
        appended, and the attributes and blocks of the class's fields that
        the object no longer has removed. What the class does not know is
        left alone. See :func:`hcldecode.write.parse_document`.
        """
        from ..write._document import Document  # noqa: PLC0415 (the writer loads on first use)
        from ._encode import update  # noqa: PLC0415

        body = document.body if isinstance(document, Document) else document
        update(body, obj, self._types, defaults=defaults)

    def dump(
        self,
        obj: object,
        destination: str | os.PathLike[str] | IO[str],
        *,
        syntax: Syntax | None = None,
        defaults: bool = False,
        templates: bool = False,
    ) -> None:
        """Write :meth:`dumps` of ``obj`` to a path or a text file.

        Without ``syntax``, a path ending in ``.json`` gets the JSON syntax
        and anything else the native syntax.
        """
        if isinstance(destination, str | os.PathLike):
            name = os.fspath(destination)
            syntax = syntax or _syntax_for(name)
            text = self.dumps(obj, syntax=syntax, defaults=defaults, templates=templates)
            with open(name, "w", encoding="utf-8") as stream:
                stream.write(text)
            return
        syntax = syntax or "native"
        destination.write(self.dumps(obj, syntax=syntax, defaults=defaults, templates=templates))

    def _context(
        self,
        variables: Mapping[str, Any] | None,
        functions: Functions | None,
        ctx: EvalContext | None,
    ) -> EvalContext | None:
        if ctx is not None:
            if variables is not None or functions is not None:
                raise TypeError("give either ctx or variables/functions, not both")
            return ctx
        if variables is None and functions is None:
            return self._base
        base = self._base
        parent = base if base is not None and not base.literal_only else None
        return EvalContext(variables, functions, parent, types=self._types, limits=self._limits)

    def _info(self, cls: type, block: Block | None) -> ClassInfo:
        """The class's information, checked against what it is decoded from: a
        block gives its labels to the class's label fields, one each; a class
        with label fields cannot be decoded from a body alone."""
        info = class_info(cls, self._types)
        if block is not None:
            if len(info.labels) != len(block.labels):
                raise TypeError(
                    f"{cls.__qualname__} has {len(info.labels)} label fields, but the "
                    f"{block.type} block has {len(block.labels)} labels"
                )
        elif info.labels:
            raise SchemaError(
                f"{cls.__qualname__}.{info.labels[0].name}: a label() field can only be in a "
                "class decoded from a block, not in the top-level class"
            )
        return info

    def _run(
        self, source: Source, cls: type[T], partial: bool, ctx: EvalContext | None
    ) -> tuple[T, Body | None]:
        info = self._info(cls, None)
        body, files = _load(source)
        diags = Diagnostics()
        obj, remaining = decode_class(
            self._expanded(body, ctx), cls, self._types, ctx, diags, partial=partial
        )
        if partial and remaining is not None:
            remaining = ClaimedBody.wrap(remaining, info.schema, files)
        _raise(diags, files, remaining if partial else None)
        return obj, remaining


_DEFAULT = Decoder()


def decode(
    source: Source,
    cls: type[T],
    *,
    variables: Mapping[str, Any] | None = None,
    functions: Functions | None = None,
    ctx: EvalContext | None = None,
) -> T:
    """Decode a configuration into an instance of ``cls`` (see :meth:`Decoder.decode`)."""
    return _DEFAULT.decode(source, cls, variables=variables, functions=functions, ctx=ctx)


def decode_partial(
    source: Source,
    cls: type[T],
    *,
    variables: Mapping[str, Any] | None = None,
    functions: Functions | None = None,
    ctx: EvalContext | None = None,
) -> tuple[T, Body]:
    """Decode what ``cls`` claims; that and the rest (see :meth:`Decoder.decode_partial`)."""
    return _DEFAULT.decode_partial(source, cls, variables=variables, functions=functions, ctx=ctx)


def loads(
    text: str | bytes,
    cls: type[T],
    *,
    filename: str = "<string>",
    syntax: Syntax = "native",
    variables: Mapping[str, Any] | None = None,
    functions: Functions | None = None,
    ctx: EvalContext | None = None,
) -> T:
    """Decode configuration text into an instance of ``cls`` (see :meth:`Decoder.decode`)."""
    return _DEFAULT.loads(
        text,
        cls,
        filename=filename,
        syntax=syntax,
        variables=variables,
        functions=functions,
        ctx=ctx,
    )


def decode_body(
    source: Body | Block,
    cls: type[T],
    *,
    partial: bool = False,
    override: bool = False,
    variables: Mapping[str, Any] | None = None,
    functions: Functions | None = None,
    ctx: EvalContext | None = None,
) -> Decoded[T]:
    """Decode a body without raising (see :meth:`Decoder.decode_body`)."""
    return _DEFAULT.decode_body(
        source,
        cls,
        partial=partial,
        override=override,
        variables=variables,
        functions=functions,
        ctx=ctx,
    )


def decode_block(
    block: Block,
    cls: type[T],
    *,
    variables: Mapping[str, Any] | None = None,
    functions: Functions | None = None,
    ctx: EvalContext | None = None,
) -> T:
    """Decode one block into ``cls`` (see :meth:`Decoder.decode_block`)."""
    return _DEFAULT.decode_block(block, cls, variables=variables, functions=functions, ctx=ctx)


def decode_expression(
    expr: Expression,
    pytype: Any,
    ctx: EvalContext | None = None,
    *,
    variables: Mapping[str, Any] | None = None,
    functions: Functions | None = None,
) -> tuple[Any, Diagnostics]:
    """One expression's value as a ``pytype`` (see :meth:`Decoder.decode_expression`)."""
    return _DEFAULT.decode_expression(expr, pytype, ctx, variables=variables, functions=functions)


def _files_of(body: Body) -> Mapping[str, SourceFile]:
    return body.source_files()


def reject_unclaimed(body: Body) -> None:
    """Raise :class:`DecodeError` for anything left in ``body``.

    Use it after the last :func:`decode_partial` step: whatever no class
    claimed is reported as unexpected, most likely a typo.
    """
    _, diags = body.content(BodySchema())
    _raise(diags, _files_of(body))


def schema_of(cls: type) -> BodySchema:
    """The body schema that a configuration class implies (see :meth:`Decoder.schema_of`)."""
    return _DEFAULT.schema_of(cls)


def dumps(
    obj: object, *, syntax: Syntax = "native", defaults: bool = False, templates: bool = False
) -> str:
    """``obj`` written as an HCL file (see :meth:`Decoder.dumps`)."""
    return _DEFAULT.dumps(obj, syntax=syntax, defaults=defaults, templates=templates)


def to_dict(
    source: str | bytes | Body | File,
    *,
    filename: str = "<string>",
    syntax: Syntax = "native",
    variables: Mapping[str, Any] | None = None,
    functions: Functions | None = None,
    ctx: EvalContext | None = None,
) -> dict[str, Any]:
    """A configuration as plain Python, without a schema.

    ``source`` is text (in ``syntax``), a parsed :class:`File` or a body.
    Attributes become their values as plain Python, evaluated with
    ``variables`` and ``functions`` (or ``ctx``); expressions that cannot be
    evaluated so are kept as template text (``"${var.region}"``); the blocks
    of a type are a list under its name, each nested in one ``dict`` per
    label. See docs/types.md. Raises :class:`DecodeError` for syntax errors.
    """
    from ._plain import plain_body  # noqa: PLC0415 (used by few programs)

    files: dict[str, SourceFile] = {}
    if isinstance(source, str | bytes):
        file, diags = _parse(source, filename, syntax)
        _raise(diags, {filename: file})
        body, files = file.body, {filename: file}
    elif isinstance(source, File):
        body = source.body
    elif isinstance(source, Body):
        body = source
    else:
        raise TypeError(f"to_dict() needs text, a File or a Body, not {source!r}")
    diags = Diagnostics()
    result = plain_body(body, _DEFAULT._context(variables, functions, ctx), diags)
    _raise(diags, files or _files_of(body))
    return result


def update_document(
    document: Document | DocumentBody, obj: object, *, defaults: bool = False
) -> None:
    """Make an editable document say what ``obj`` says (see :meth:`Decoder.update_document`)."""
    _DEFAULT.update_document(document, obj, defaults=defaults)


def dump(
    obj: object,
    destination: str | os.PathLike[str] | IO[str],
    *,
    syntax: Syntax | None = None,
    defaults: bool = False,
    templates: bool = False,
) -> None:
    """Write ``obj`` as an HCL file to a path or a text file (see :meth:`Decoder.dump`)."""
    _DEFAULT.dump(obj, destination, syntax=syntax, defaults=defaults, templates=templates)


class ClaimedBody(Body):
    """A remaining body that remembers which names earlier steps claimed.

    Its diagnostics for unexpected items suggest the claimed names too, so a
    typo found in the last step of a layered decode still gets "Did you
    mean ...?".
    """

    __slots__ = ("_claimed", "_inner", "files")

    def __init__(self, inner: Body, claimed: BodySchema, files: Mapping[str, SourceFile]) -> None:
        self._inner = inner
        self._claimed = claimed
        self.files = dict(files)

    @classmethod
    def wrap(
        cls, remaining: Body, schema: BodySchema, files: Mapping[str, SourceFile]
    ) -> ClaimedBody:
        """Wrap the body that remains after ``schema`` was claimed.

        A body that remains from a ``ClaimedBody`` is one already.
        """
        if isinstance(remaining, ClaimedBody):
            return remaining
        return cls(remaining, schema.optional(), files)

    def _with_claimed(self, schema: BodySchema) -> BodySchema:
        return _lenient_union(self._claimed, schema)

    def content(self, schema: BodySchema) -> tuple[BodyContent, Diagnostics]:
        content, diags = self._inner.content(self._with_claimed(schema))
        return content, diags

    def partial_content(self, schema: BodySchema) -> tuple[BodyContent, Body, Diagnostics]:
        content, remaining, diags = self._inner.partial_content(schema)
        return content, ClaimedBody(remaining, self._with_claimed(schema), self.files), diags

    def just_attributes(self) -> tuple[dict[str, Any], Diagnostics]:
        return self._inner.just_attributes()

    @property
    def missing_item_range(self) -> Any:
        return self._inner.missing_item_range

    def source_files(self) -> Mapping[str, SourceFile]:
        return {**self._inner.source_files(), **self.files}


def _lenient_union(claimed: BodySchema, schema: BodySchema) -> BodySchema:
    try:
        return claimed.optional().union(schema)
    except TypeError:
        return schema
