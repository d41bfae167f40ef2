"""The decoding API: :class:`Decoder`, and the module-level functions that are the
methods of one default decoder.

Where configurations come from (paths, streams, text) is written in
``_sources``, how results and errors are reported in ``_report``, and the
body that remains after a layered decode in ``_claimed``.
"""

from __future__ import annotations

import os
import typing
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import IO, Any, TypeVar

from ..hclparse._syntax import Syntax, syntax_for
from ..model._context import EvalContext, UndefinedVariable, too_costly
from ..model._diagnostics import Diagnostics
from ..model._structure import Block, Body, BodySchema, Expression, File
from ..model._traversal import Traversal
from ..pytypes._fields import ClassKind, class_name
from ..pytypes._rules import PythonTypes, Rule, TypeRule
from ..values._limits import BUDGET, DEFAULT_LIMITS, Budget, BudgetExhausted, Limits
from ..values._types import Type
from ..values._value import Value
from ._claimed import ClaimedBody
from ._classinfo import ClassInfo, SchemaError, class_info
from ._decoder import decode_class
from ._expression import FAILED as EXPRESSION_FAILED
from ._expression import decode_expression_value
from ._pytypes import BlockDecoder, ConfigTypes
from ._report import VALUE as _VALUE
from ._report import Decoded, in_source_order, raise_errors
from ._sources import Source, load, load_plain, parse

if typing.TYPE_CHECKING:
    from ..write._document import Document, DocumentBody
    from ..write._json_document import JsonDocument, JsonDocumentBody

__all__ = [
    "Decoder",
    "decode",
    "decode_block",
    "decode_body",
    "decode_expression",
    "decode_partial",
    "dump",
    "dumps",
    "json_schema",
    "load_variables",
    "loads",
    "references",
    "schema_of",
    "to_dict",
    "update_document",
]

T = TypeVar("T")

Functions = Mapping[str, Callable[..., Any]]
TypeRules = Mapping[type, TypeRule]


class Decoder:
    """Decodes configurations with the types, rules, variables and functions it is given.

    The decoder's types serve class fields, the parameters and results of
    functions given as plain callables, and variables alike. A decoder never
    changes: :meth:`with_type` and :meth:`with_rule` make a new one, so two
    libraries in one process can each have their own without meeting. The
    module-level :func:`~hcldecode.decode`, :func:`~hcldecode.loads` and the
    rest are the methods of a decoder that knows no types, variables or
    functions of the application's own.

    Calls that give an object raise :class:`~hcldecode.DecodeError` for the
    configuration's mistakes; calls that do not raise for them, or give more
    than an object, return a :class:`~hcldecode.Decoded`. A program's own
    mistakes (a class that cannot be decoded into) raise at once:
    :class:`~hcldecode.SchemaError` or ``TypeError``.

    Args:
        types: Python types of the application's own, each mapped to
            ``(hcl_type, structure)`` or ``(hcl_type, structure, unstructure)``:
            the HCL type its values are converted to first; a callable that
            builds the object from the converted value made plain Python
            (``str``, ``int``, ``Decimal``, ``bool``, ``None``, ``list``,
            ``dict``), whose ``ValueError`` or ``TypeError`` becomes a
            diagnostic at the value; and optionally one that turns an object
            back into plain Python, so that objects of the type can be
            variables and function results.
        rules: Rules of the application's own for whole families of types, and
            new kinds of classes, tried after ``types`` and before the built-in
            rules (see :data:`hcldecode.pytypes.Rule` and
            :class:`hcldecode.pytypes.ClassKind`).
        variables: Variables for every configuration it decodes; a call's own
            are added to them (the call's win).
        functions: Functions for every configuration it decodes
            (:class:`~hcldecode.values.Function` objects or plain callables); a call's
            own are added to them.
        limits: What evaluating one expression may build and spend; by default
            :data:`~hcldecode.values.DEFAULT_LIMITS`.
        dynamic_blocks: Expand ``dynamic`` blocks before decoding
            (:func:`hcldecode.ext.dynblock.expand`, with the evaluation context
            of the call).
        converter: A ``cattrs`` converter (``pip install hcldecode[cattrs]``),
            tried after ``types``, ``rules`` and the built-in rules: the types
            none of them handles are structured by its hooks from the value
            made plain Python, and unstructured by it for :meth:`dumps`; the
            errors its hooks raise are diagnostics at the value (see
            docs/cattrs.md). It belongs to this decoder only.
        block_decoders: Functions that decode the blocks of a type themselves
            (gohcl's ``RegisterBlockDecoder``), by the type block fields name:
            each is called with the block and the evaluation context and
            returns the object, or a :class:`~hcldecode.Decoded` of it with
            its diagnostics (no object when they hold errors). A type that is
            no class of fields names its blocks' labels with
            ``hcl.block(labels=[...])``.
        undefined_variable: Called with the
            :class:`~hcldecode.model.Traversal` of each reference to a name
            that no variable has, and returns its value, or ``None`` for the
            usual error (see :class:`~hcldecode.model.EvalContext`; Python
            objects it returns are converted with this decoder's types). It
            serves every call that is not given its own ``ctx``, and makes
            JSON strings templates even without variables.

    Raises:
        TypeError: ``types`` or ``rules`` are not of the documented form,
            ``converter`` is not a cattrs converter, a block decoder is not a
            callable given for a class, or ``undefined_variable`` is not
            callable.
    """

    __slots__ = (
        "_base",
        "_dynamic_blocks",
        "_functions",
        "_limits",
        "_types",
        "_undefined_variable",
        "_variables",
    )

    def __init__(
        self,
        *,
        types: TypeRules | None = None,
        rules: Sequence[Rule] = (),
        variables: Mapping[str, Any] | None = None,
        functions: Functions | None = None,
        limits: Limits | None = None,
        dynamic_blocks: bool = False,
        converter: Any = None,
        block_decoders: Mapping[type, BlockDecoder] | None = None,
        undefined_variable: UndefinedVariable | None = None,
    ) -> None:
        self._types = ConfigTypes(types, rules, converter, block_decoders)
        self._undefined_variable = undefined_variable
        self._dynamic_blocks = dynamic_blocks
        self._variables = dict(variables) if variables is not None else None
        self._functions = dict(functions) if functions is not None else None
        self._limits = limits
        self._base: EvalContext | None = None
        if variables is not None or functions is not None or undefined_variable is not None:
            self._base = EvalContext(
                self._variables,
                self._functions,
                types=self._types,
                limits=limits,
                undefined_variable=undefined_variable,
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
        """A new decoder that also knows the application's type ``tp``.

        Args:
            tp: The type (a class).
            hcl_type: The HCL type its values are converted to first.
            structure: Builds the object from the converted value made plain
                Python; its ``ValueError`` or ``TypeError`` is a diagnostic.
            unstructure: Turns an object back into plain Python, so that
                objects of the type can be variables and function results.

        Returns:
            A new :class:`Decoder`; this one is unchanged.

        Raises:
            TypeError: ``tp`` is not a class, or the callables are not callable.
        """
        rule: TypeRule = (
            (hcl_type, structure) if unstructure is None else (hcl_type, structure, unstructure)
        )
        return self._with_types({**self._types.registered, tp: rule}, self._types.rules)

    def with_rule(
        self,
        predicate: Callable[[Any], bool] | ClassKind,
        factory: Callable[[Any, PythonTypes], Any] | None = None,
    ) -> Decoder:
        """A new decoder that also has one more rule, tried before its other rules.

        Args:
            predicate: Whether the rule handles an annotation; or a
                :class:`~hcldecode.pytypes.ClassKind` (then without ``factory``).
            factory: Called once for each annotation the rule handles, with the
                annotation and the decoder's :class:`~hcldecode.pytypes.PythonTypes`;
                returns ``(hcl_type, structure)`` or ``(hcl_type, structure,
                unstructure)`` for that annotation (see :data:`~hcldecode.pytypes.Rule`).

        Returns:
            A new :class:`Decoder`; this one is unchanged.

        Raises:
            TypeError: The rule is not of the documented form.
        """
        rule: Rule = predicate if factory is None else (predicate, factory)  # type: ignore[assignment]
        return self._with_types(self._types.registered, (rule, *self._types.rules))

    @property
    def types(self) -> PythonTypes:
        """The Python types this decoder knows: the built-in ones, ``types=``, ``rules=``
        and ``converter=``."""
        return self._types

    @property
    def variables(self) -> Mapping[str, Any] | None:
        """The variables given to this decoder (``None`` when none were), read-only."""
        return None if self._variables is None else MappingProxyType(self._variables)

    @property
    def functions(self) -> Functions | None:
        """The functions given to this decoder (``None`` when none were), read-only."""
        return None if self._functions is None else MappingProxyType(self._functions)

    @property
    def limits(self) -> Limits | None:
        """The limits given to this decoder (``None``: the default ones)."""
        return self._limits

    @property
    def undefined_variable(self) -> UndefinedVariable | None:
        """The hook given to this decoder for references to undefined names, or ``None``."""
        return self._undefined_variable

    def _with_types(self, types: TypeRules, rules: Sequence[Rule]) -> Decoder:
        return Decoder(
            types=types,
            rules=rules,
            variables=self._variables,
            functions=self._functions,
            limits=self._limits,
            dynamic_blocks=self._dynamic_blocks,
            converter=self._types.converter,
            block_decoders=self._types.block_decoders,
            undefined_variable=self._undefined_variable,
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

        Everything the class does not claim is an error, unless the class has
        a ``remain()`` field.

        Args:
            source: A path, a list of paths (merged into one configuration), a
                binary file object, a parsed :class:`~hcldecode.model.File` or a
                :class:`~hcldecode.Body`. Files whose name ends in ``.json`` are
                read as HCL JSON (:func:`hcldecode.hclparse.syntax_for`).
            cls: The configuration class (a dataclass, attrs class, msgspec
                ``Struct``, ``TypedDict`` or ``NamedTuple``, or a class
                of a kind the decoder's rules know).
            variables: Variables for this call, added to the decoder's (this
                call's win); Python objects are converted by the decoder's types.
            functions: Functions for this call, added to the decoder's
                (:class:`~hcldecode.values.Function` objects or plain callables).
            ctx: An evaluation context to use instead of all variables and
                functions; without any of the three, expressions are evaluated
                in literal-only mode.

        Returns:
            The object.

        Raises:
            DecodeError: The configuration has mistakes: every one found, in
                source order.
            SchemaError: ``cls`` cannot be decoded into.
            OSError: A file cannot be read.
        """
        eval_ctx = self._context(variables, functions, ctx)
        self._info(cls, None)
        body, files = load(source)
        diags = Diagnostics()
        obj, _ = _decode_class(self._expanded(body, eval_ctx), cls, self._types, eval_ctx, diags)
        raise_errors(diags, files)
        return typing.cast(T, obj)

    def decode_partial(
        self,
        source: Source,
        cls: type[T],
        *,
        variables: Mapping[str, Any] | None = None,
        functions: Functions | None = None,
        ctx: EvalContext | None = None,
    ) -> Decoded[T]:
        """Decode what ``cls`` claims, and keep the body of everything else.

        The remaining body can be decoded by other classes (plugins), and
        finally passed to :func:`~hcldecode.reject_unclaimed`, which reports
        what nobody claimed, with suggestions drawn from every class that
        took part.

        Args:
            source: As for :meth:`decode`.
            cls: The class that decodes its part.
            variables: Variables for this call, added to the decoder's (this
                call's win); Python objects are converted by the decoder's types.
            functions: Functions for this call, added to the decoder's
                (:class:`~hcldecode.values.Function` objects or plain callables).
            ctx: An evaluation context to use instead of all variables and
                functions; without any of the three, expressions are evaluated
                in literal-only mode.

        Returns:
            A :class:`~hcldecode.Decoded`: ``value`` is the object, ``remaining``
            the body of what the class did not claim, ``fields`` the object's
            fields by name, ``diagnostics`` any warnings. (Unpacking it as
            ``value, remaining`` is deprecated.)

        Raises:
            DecodeError: As :meth:`decode` raises it; it holds the remaining body
                as ``remaining``, so that later steps can still report their own
                mistakes.
            SchemaError: ``cls`` cannot be decoded into.
            OSError: A file cannot be read.
        """
        eval_ctx = self._context(variables, functions, ctx)
        info = self._info(cls, None)
        body, files = load(source)
        diags = Diagnostics()
        fields: dict[str, Any] = {}
        failed: set[str] = set()
        obj, remaining = _decode_class(
            self._expanded(body, eval_ctx),
            cls,
            self._types,
            eval_ctx,
            diags,
            partial=True,
            fields=fields,
            failed_fields=failed,
        )
        if remaining is not None:
            remaining = ClaimedBody.wrap(remaining, info.schema, files)
        raise_errors(diags, files, remaining)
        return Decoded(
            obj,
            fields,
            diags,
            remaining,
            files,
            failed=frozenset(failed),
            cls=cls,
            _second="remaining",
            _sensitive=info.sensitive,
        )

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
        """Decode configuration text into an instance of ``cls``, as :meth:`decode` does.

        Args:
            text: The configuration, as text or UTF-8 bytes.
            cls: The configuration class.
            filename: The name of the text in diagnostics.
            syntax: ``"native"`` or ``"json"``.
            variables: Variables for this call, added to the decoder's (this
                call's win); Python objects are converted by the decoder's types.
            functions: Functions for this call, added to the decoder's
                (:class:`~hcldecode.values.Function` objects or plain callables).
            ctx: An evaluation context to use instead of all variables and
                functions; without any of the three, expressions are evaluated
                in literal-only mode.

        Returns:
            The object.

        Raises:
            DecodeError: The configuration has mistakes (syntax errors included).
            SchemaError: ``cls`` cannot be decoded into.
        """
        return self.decode(
            parse(text, filename=filename, syntax=syntax),
            cls,
            variables=variables,
            functions=functions,
            ctx=ctx,
        )

    def decode_body(
        self,
        source: Body | Block | File,
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

        Args:
            source: The body, a block whose body is decoded, or a parsed
                :class:`~hcldecode.model.File` (its body, as :meth:`decode`
                takes one).
            cls: The configuration class.
            partial: Leave what the class does not claim in ``remaining`` (as
                :meth:`decode_partial` does) instead of reporting it.
            override: The body is an override file's (as Go loaders read them):
                nothing in it is required, in nested blocks too.
            variables: Variables for this call, added to the decoder's (this
                call's win); Python objects are converted by the decoder's types.
            functions: Functions for this call, added to the decoder's
                (:class:`~hcldecode.values.Function` objects or plain callables).
            ctx: An evaluation context to use instead of all variables and
                functions; without any of the three, expressions are evaluated
                in literal-only mode.

        Returns:
            A :class:`~hcldecode.Decoded` holding the object when there is no
            error (with ``override``, only when the body sets every required
            field), every field that did decode in ``fields``, and all the
            diagnostics: a loader can go on checking the rest of a broken block.

        Raises:
            SchemaError: ``cls`` cannot be decoded into (a mistake of the program).
            TypeError: ``cls`` has not one label field per label of the block.
        """
        block = source if isinstance(source, Block) else None
        body = source.body if isinstance(source, (Block, File)) else source
        info = self._info(cls, block)
        eval_ctx = self._context(variables, functions, ctx)
        diags = Diagnostics()
        fields: dict[str, Any] = {}
        failed: set[str] = set()
        obj, remaining = _decode_class(
            self._expanded(body, eval_ctx),
            cls,
            self._types,
            eval_ctx,
            diags,
            partial=partial,
            block=block,
            fields=fields,
            failed_fields=failed,
            override=override,
        )
        files = dict(body.source_files())
        if partial and remaining is not None:
            remaining = ClaimedBody.wrap(remaining, info.schema, files)
        ordered = in_source_order(diags, files)
        return Decoded(
            None if ordered.has_errors() else obj,
            fields,
            ordered,
            remaining,
            files,
            failed=frozenset(failed),
            cls=cls,
            _sensitive=info.sensitive,
        )

    def decode_block(
        self,
        block: Block,
        cls: type[T],
        *,
        variables: Mapping[str, Any] | None = None,
        functions: Functions | None = None,
        ctx: EvalContext | None = None,
    ) -> T:
        """Decode one block (from :attr:`~hcldecode.model.BodyContent.blocks`, say) into ``cls``.

        The class's label fields receive the block's labels in order, and its
        range markers the block's ranges, as for a block decoded as part of
        an enclosing class.

        Args:
            block: The block.
            cls: The configuration class, with one label field per label.
            variables: Variables for this call, added to the decoder's (this
                call's win); Python objects are converted by the decoder's types.
            functions: Functions for this call, added to the decoder's
                (:class:`~hcldecode.values.Function` objects or plain callables).
            ctx: An evaluation context to use instead of all variables and
                functions; without any of the three, expressions are evaluated
                in literal-only mode.

        Returns:
            The object.

        Raises:
            DecodeError: The block has mistakes: every one found.
            SchemaError: ``cls`` cannot be decoded into.
            TypeError: ``cls`` has not one label field per label of the block.
        """
        self._info(cls, block)
        eval_ctx = self._context(variables, functions, ctx)
        diags = Diagnostics()
        body = self._expanded(block.body, eval_ctx)
        obj, _ = _decode_class(body, cls, self._types, eval_ctx, diags, block=block)
        raise_errors(diags, block.body.source_files())
        return typing.cast(T, obj)

    def decode_expression(
        self,
        expr: Expression,
        pytype: Any,
        ctx: EvalContext | None = None,
        *,
        variables: Mapping[str, Any] | None = None,
        functions: Functions | None = None,
    ) -> Decoded[Any]:
        """The value of one expression as a ``pytype``, without raising for its mistakes.

        gohcl's ``DecodeExpression``: the value is converted by HCL's rules
        and then built as a field of that type would be. When it does not
        fit, the error is gohcl's: one ``Unsuitable value type`` diagnostic,
        ``Unsuitable value: <reason>`` (go-cty's or gocty's reason, no full
        stop), at the expression's start range (the ``[`` of a list, the
        first character inside the quotes of a string) with the whole
        expression as context; after an error in evaluating it, whose value
        is then unknown, ``Unsuitable value: value must be known`` too,
        unless ``pytype`` takes the value as it is (``hcl.Value``). Fields of
        classes word misfits their own way (at the part that does not fit).

        Args:
            expr: The expression.
            pytype: The Python type to build (any annotation a field may have).
            ctx: An evaluation context to use instead of ``variables`` and
                ``functions``.
            variables: Variables, added to the decoder's.
            functions: Functions, added to the decoder's.

        Returns:
            A :class:`~hcldecode.Decoded` whose ``value`` is the object (``None``
            on errors) and whose ``diagnostics`` are what was found. (Unpacking it
            as ``value, diagnostics`` is deprecated.)

        Raises:
            SchemaError: hcldecode cannot decode into ``pytype``.
        """
        try:
            plan = self._types.plan(pytype)
        except TypeError as exc:
            raise SchemaError(f"decode_expression: {exc}") from None
        if plan.raw is Expression:
            return Decoded(expr, {}, Diagnostics())
        eval_ctx = self._context(variables, functions, ctx)
        result, diags, sensitive = decode_expression_value(expr, plan, eval_ctx)
        value = None if result is EXPRESSION_FAILED else result
        return Decoded(
            value, {}, diags, _sensitive=frozenset({_VALUE}) if sensitive else frozenset()
        )

    def load_variables(
        self,
        paths: str | os.PathLike[str] | Sequence[str | os.PathLike[str]] = (),
        *,
        declared: Mapping[str, Any] | None = None,
        env_prefix: str | None = None,
        environ: Mapping[str, str] | None = None,
    ) -> Decoded[dict[str, Value]]:
        """Read variables as Terraform reads ``.tfvars`` files and ``TF_VAR_`` variables.

        Each file is a body of attributes, one per variable (``region =
        "eu-west-1"``), in the native syntax or, for a name ending in
        ``.json``, the JSON syntax; its expressions may use no variables or
        functions. Later files win over earlier ones, and files over the
        environment. Pass the result's ``value`` as ``variables=``.

        Args:
            paths: A variable file, or a list of them, read in order.
            declared: The variables the application declares: each name with
                a Python annotation (read by this decoder's types) or an HCL
                :class:`~hcldecode.values.Type`. Every value is converted to its
                declared type by HCL's rules (and must fit the annotation), and a
                value for an undeclared name is an error with a "Did you mean"
                suggestion. Without it, every attribute is a variable, as written.
            env_prefix: Also read the environment variables named
                ``env_prefix`` + a variable's name (``"TF_VAR_"``), as Terraform
                reads ``TF_VAR_name``: the text as it is where the declared type is
                a string, number or bool or no type is declared, else the text
                parsed as a native-syntax expression (``["a", "b"]``, ``{ x = 1
                }``), with ``<value for var.NAME>`` as its file name in
                diagnostics. Names that are not declared (when ``declared`` is
                given) or not identifiers are left out.
            environ: The environment to read instead of ``os.environ``.

        Returns:
            A :class:`~hcldecode.Decoded` whose ``value`` maps each variable
            that read without errors to its :class:`~hcldecode.Value`, and whose
            ``diagnostics`` hold every mistake: syntax errors, files that cannot
            be read, blocks, variables or function calls in a file, undeclared
            names, values that do not fit their declared types.

        Raises:
            TypeError: ``declared`` holds an annotation this decoder cannot
                decode into, or ``environ`` is given without ``env_prefix``.
        """
        from ._variables import load_variables as read_variables  # noqa: PLC0415 (on first use)

        return read_variables(
            paths, self._types, declared=declared, env_prefix=env_prefix, environ=environ
        )

    def schema_of(self, cls: type) -> BodySchema:
        """The body schema that a configuration class implies.

        Args:
            cls: The configuration class.

        Returns:
            Its :class:`~hcldecode.model.BodySchema`: its attributes (required or
            not) and block types with their label names.

        Raises:
            SchemaError: ``cls`` cannot be decoded into.
        """
        return class_info(cls, self._types).schema

    def references(self, source: Source, cls: type) -> list[Traversal]:
        """The variables a decode of ``cls`` would read (hcldec's ``Variables``, for a class).

        Every absolute traversal in the expressions the class's fields take,
        at every level of blocks, in source order: what an application needs
        to know before it decodes, for a dependency graph. Nothing is
        evaluated, and the configuration's mistakes are left to the decode.
        A field that keeps a body (``hcl.Body``) or blocks as they are
        (``hcl.Block``) gives nothing; ``dynamic`` blocks are not expanded
        (:mod:`hcldecode.ext.dynblock` walks theirs).

        Args:
            source: As for :meth:`decode`.
            cls: The configuration class.

        Returns:
            The traversals (``var.region``, ``local.name``, ...), with their ranges.

        Raises:
            SchemaError: ``cls`` cannot be decoded into.
            OSError: A file cannot be read.
        """
        from ._references import references  # noqa: PLC0415 (loads on first use)

        self._info(cls, None)
        body, _ = load(source)
        return references(body, cls, self._types)

    def json_schema(self, cls: type, *, title: str | None = None) -> dict[str, Any]:
        """A JSON Schema of the JSON-syntax form of configurations of a class, for editors.

        The schema (draft 2020-12) describes what decoding ``cls`` with this
        decoder accepts in HCL's JSON syntax: attributes and their types,
        blocks with one object level per label, which names are required,
        defaults, documentation, and the constraints JSON Schema can express
        (docs/json-schema.md says what it covers and what it cannot say).

        Args:
            cls: The configuration class.
            title: The schema's title; by default the class's name.

        Returns:
            The schema as a ``dict`` of JSON data (``json.dumps`` writes it).

        Raises:
            SchemaError: ``cls`` cannot be decoded into.
        """
        from ._jsonschema import json_schema  # noqa: PLC0415 (used by few programs)

        return json_schema(cls, self._types, title)

    def to_dict(
        self,
        source: str | bytes | Body | File,
        *,
        filename: str = "<string>",
        syntax: Syntax = "native",
        variables: Mapping[str, Any] | None = None,
        functions: Functions | None = None,
        ctx: EvalContext | None = None,
        escape_templates: bool = False,
    ) -> dict[str, Any]:
        """A configuration as plain Python, without a schema.

        Attributes become their values as plain Python (a number with a
        fraction a ``float`` where the float's shortest text is the same
        number, else an exact ``Decimal``, so that ``json.dumps`` takes
        nearly every file); expressions that cannot be evaluated, and those
        whose values are sensitive (:func:`~hcldecode.sensitive`), are kept
        as template text (``"${var.region}"``);
        the blocks of a type are a list under its name, each nested in one
        ``dict`` per label. Only the native syntax tells blocks from
        attributes: a JSON file's objects become dictionaries. See
        docs/types.md.
        Everything the call evaluates shares one budget (``Limits.max_cost``):
        when it runs out, the call stops with one ``Expression too costly``.

        Args:
            source: Text (in ``syntax``), a parsed :class:`~hcldecode.model.File`
                or a body.
            filename: The name of the text in diagnostics.
            syntax: ``"native"`` or ``"json"``, for text.
            variables: Variables for this call, added to the decoder's (this
                call's win); Python objects are converted by the decoder's types.
            functions: Functions for this call, added to the decoder's
                (:class:`~hcldecode.values.Function` objects or plain callables).
            ctx: An evaluation context to use instead of all variables and
                functions; without any of the three, expressions are evaluated
                in literal-only mode.
            escape_templates: Write ``${`` and ``%{`` in the strings of values
                doubled (``"$${x}"``), as HCL's JSON syntax spells literal text,
                so that they differ from expressions kept as template text
                (``"${x}"``); JSON-syntax strings are then read as templates
                (as with an evaluation context), so that ``json.dumps`` of
                the result reads back to the same values. By default strings
                are given as they are.

        Returns:
            The configuration as a ``dict``.

        Raises:
            DecodeError: The text has syntax errors, a block type is also an
                attribute name, or the evaluation ran out of its budget.
        """
        from ._plain import plain_body  # noqa: PLC0415 (used by few programs)

        body, files = load_plain(source, filename, syntax)
        diags = Diagnostics()
        context = self._context(variables, functions, ctx)
        if escape_templates and (context is None or context.literal_only):
            # JSON strings as templates, as the escaped text is
            context = EvalContext(types=self._types, limits=self._limits)
        result = _within_one_budget(
            lambda: plain_body(body, context, diags, escape=escape_templates), context, diags
        )
        raise_errors(diags, files)
        assert result is not None  # a budget that ran out is an error
        return result

    def dumps(
        self,
        obj: object,
        *,
        syntax: Syntax = "native",
        defaults: bool = False,
        templates: bool = False,
        cls: type | None = None,
    ) -> str:
        """``obj``, an instance of a configuration class, written as an HCL file.

        The inverse of :meth:`loads`, by the same markers and the decoder's
        types: the text decodes back to an equal object. Fields that keep what
        was read (expressions, attributes, raw blocks and bodies) are written as
        their source text, converted to ``syntax`` when they were read in the
        other; ranges are not written. The JSON syntax reads strings as
        templates only when it evaluates with variables or functions (an
        evaluation context); native-syntax strings are always templates, and
        always written so.

        Args:
            obj: The object.
            syntax: ``"native"`` (laid out as ``hclfmt`` lays it out) or ``"json"``.
            defaults: Write fields equal to their defaults too (by default they
                are left out). ``None`` is written as ``null`` where that reads
                back as ``None``, and left out where the default is ``None``.
            templates: In JSON, write ``${`` and ``%{`` in strings doubled, for a
                reader that evaluates them as templates (as applications with
                variables do); by default they are written as they are.
            cls: The configuration class to write ``obj`` as; by default the
                object's own. A ``TypedDict``'s instances are plain dicts, so
                one is written with its class given here (nested ones are
                known from the annotations of the fields that hold them).

        Returns:
            The file's text.

        Raises:
            TypeError: ``obj`` is not an instance of a configuration class (or
                of ``cls``), or holds an object the decoder cannot turn back
                into a value (or an expression made in code, without text).
            ValueError: A value has no HCL form (an infinity, NaN), ``None``
                cannot be read back where it is, ``syntax`` is unknown, or
                an expression kept raw has no form in ``syntax`` (a JSON
                string that is not a template, a JSON body's object, which
                may be blocks, in the native syntax), or a field is
                sensitive (``attr(sensitive=True)``) and not equal to its
                default: a secret is never written as text.
        """
        from ._encode import encode  # noqa: PLC0415 (loads the writer on first use)

        return encode(
            obj, self._types, syntax=syntax, defaults=defaults, templates=templates, cls=cls
        )

    def update_document(
        self,
        document: Document
        | DocumentBody
        | JsonDocument
        | JsonDocumentBody
        | Sequence[Document | JsonDocument],
        obj: object,
        *,
        defaults: bool = False,
        cls: type | None = None,
        variables: Mapping[str, Any] | None = None,
        functions: Functions | None = None,
        new_items_to: int | Document | JsonDocument = 0,
    ) -> None:
        """Make an editable document (or a body in one, or the documents of a
        configuration read from several files) say what ``obj`` says,
        changing only what changed.

        An attribute whose expression already gives the object's value, as
        decoding it with this decoder (and ``variables`` and ``functions``)
        would, keeps its text: references, function calls, the form a value
        was written in (``"1m30s"``, a JSON ``"${...}"`` template), comments
        and layout. Other attributes are set, as :meth:`dumps` writes them,
        where they are; one equal to its field's default is set only where
        the file has it. Blocks are matched by type and labels and updated,
        new ones appended (in the native syntax laid out as ``hclfmt`` lays
        them out, set off by a blank line), and the attributes and blocks of
        the class's fields that the object no longer has removed (with the
        blank line that set a block off). What the class does not know is
        left alone. See :func:`hcldecode.write.parse_document` and
        :func:`hcldecode.write.parse_json_document`.

        A configuration decoded from several files (:meth:`decode` of a list
        of paths) is updated as a list of their documents, in the same
        order: each change goes to the file that has the attribute or block,
        and new attributes and blocks go to the file ``new_items_to`` names.
        Native and JSON-syntax documents may be mixed.

        Args:
            document: The document (native or JSON syntax), a body in one, or
                a list of documents, one per file, in the order the
                configuration was decoded from them.
            obj: An instance of a configuration class.
            defaults: Write fields equal to their defaults too, where the file
                does not have them.
            cls: The class to write ``obj`` as, as for :meth:`dumps`.
            variables: Variables the document's expressions are evaluated
                with, added to the decoder's (those the file was decoded with).
            functions: Functions, added to the decoder's.
            new_items_to: Where new top-level attributes and blocks go, with
                several documents: the index of one in ``document``, or the
                document itself; by default the first.

        Raises:
            TypeError: ``document`` is neither a document nor a body of one nor
                a list of documents, ``new_items_to`` is not one of them, or
                as :meth:`dumps` raises it.
            IndexError: ``new_items_to`` is an index out of the list's range.
            ValueError: As :meth:`dumps` raises it; a sensitive field's value
                is not what its expression in the file gives (or the file has
                none): a secret is never written as text.
        """
        from ..hclparse._expression import parse_native_expression  # noqa: PLC0415
        from ..hclparse._syntax import parse_source  # noqa: PLC0415
        from ..write._document import (  # noqa: PLC0415 (the writer loads on first use)
            Document,
            DocumentBody,
        )
        from ..write._json_document import JsonDocument, JsonDocumentBody  # noqa: PLC0415
        from ._encode import same_value, update  # noqa: PLC0415

        editable = (Document, DocumentBody, JsonDocument, JsonDocumentBody)
        several = not isinstance(document, editable) and isinstance(document, Sequence)
        documents: list[Any] = list(document) if several else [document]  # type: ignore[arg-type]
        bodies: list[Any] = []
        for item in documents:
            if not isinstance(item, editable) or (
                several and not isinstance(item, Document | JsonDocument)
            ):
                wanted = (
                    "a list of Documents and JsonDocuments"
                    if several
                    else "a Document, a JsonDocument, a body of one, or a list of documents"
                )
                raise TypeError(
                    f"update_document() needs {wanted} (parse_document's or "
                    f"parse_json_document's first result), not {type(item).__name__}"
                )
            bodies.append(item.body if isinstance(item, Document | JsonDocument) else item)
        if not bodies:
            raise TypeError("update_document() needs at least one document")
        if isinstance(new_items_to, int) and not isinstance(new_items_to, bool):
            target = range(len(bodies))[new_items_to]
        else:
            target = next((i for i, d in enumerate(documents) if d is new_items_to), -1)
            if target < 0:
                raise TypeError("update_document(): new_items_to is not one of the documents")

        def gives(text: str, annotation: Any, value: Any) -> bool:
            expr, diags = parse_native_expression(text, "<document>")
            return not diags.has_errors() and decodes_to(expr, annotation, value)

        def gives_json(text: str, annotation: Any, value: Any) -> bool:
            file, diags = parse_source(f'{{"v": {text}}}', "<document>", "json")
            if diags.has_errors():
                return False
            attributes, diags = file.body.just_attributes()
            return not diags.has_errors() and decodes_to(attributes["v"].expr, annotation, value)

        def decodes_to(expr: Expression, annotation: Any, value: Any) -> bool:
            decoded = self.decode_expression(
                expr, annotation, variables=variables, functions=functions
            )
            return not decoded.diagnostics.has_errors() and same_value(decoded.value, value)

        # JSON strings are templates where the decoder evaluates with a context
        context = self._context(variables, functions, None)
        update(
            bodies if several else bodies[0],
            obj,
            self._types,
            defaults=defaults,
            gives=gives,
            cls=cls,
            gives_json=gives_json,
            templates=context is not None and not context.literal_only,
            new_items_to=target,
        )

    def dump(
        self,
        obj: object,
        destination: str | os.PathLike[str] | IO[str],
        *,
        syntax: Syntax | None = None,
        defaults: bool = False,
        templates: bool = False,
        cls: type | None = None,
    ) -> None:
        """Write :meth:`dumps` of ``obj`` to a path or a text file.

        Args:
            obj: An instance of a configuration class.
            destination: A path, or a text file open for writing.
            syntax: ``"native"`` or ``"json"``; without it, a path gets the syntax
                its name calls for (:func:`hcldecode.hclparse.syntax_for`:
                ``.json`` means JSON), and a text file the native syntax.
            defaults: As for :meth:`dumps`.
            templates: As for :meth:`dumps`.
            cls: As for :meth:`dumps`.

        Raises:
            TypeError: As :meth:`dumps` raises it.
            ValueError: As :meth:`dumps` raises it.
            OSError: The path cannot be written.
        """
        if isinstance(destination, str | os.PathLike):
            name = os.fspath(destination)
            syntax = syntax or syntax_for(name)
            text = self.dumps(obj, syntax=syntax, defaults=defaults, templates=templates, cls=cls)
            with open(name, "w", encoding="utf-8") as stream:
                stream.write(text)
            return
        syntax = syntax or "native"
        destination.write(
            self.dumps(obj, syntax=syntax, defaults=defaults, templates=templates, cls=cls)
        )

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
                    f"{class_name(cls)} has {len(info.labels)} label fields, but the "
                    f"{block.type} block has {len(block.labels)} labels"
                )
        elif info.labels:
            raise SchemaError(
                f"{class_name(cls)}.{info.labels[0].name}: a label() field can only be in a "
                "class decoded from a block, not in the top-level class"
            )
        return info


_DEFAULT = Decoder()

# The module-level API: the methods of a decoder that knows no types, variables or
# functions of the application's own, bound once (their documentation is the
# methods').
decode = _DEFAULT.decode
decode_partial = _DEFAULT.decode_partial
loads = _DEFAULT.loads
decode_body = _DEFAULT.decode_body
decode_block = _DEFAULT.decode_block
decode_expression = _DEFAULT.decode_expression
load_variables = _DEFAULT.load_variables
schema_of = _DEFAULT.schema_of
references = _DEFAULT.references
json_schema = _DEFAULT.json_schema
to_dict = _DEFAULT.to_dict
dumps = _DEFAULT.dumps
dump = _DEFAULT.dump
update_document = _DEFAULT.update_document


def _within_one_budget(
    work: Callable[[], T], ctx: EvalContext | None, diags: Diagnostics
) -> T | None:
    """``work()`` within one budget for the whole call (see
    :class:`~hcldecode.values.Limits`): everything it evaluates shares it, and
    when it runs out the work stops with one ``Expression too costly`` (and
    gives ``None``)."""
    if BUDGET.get() is not None:  # called by an evaluation (a function decoding): its budget
        return work()
    token = BUDGET.set(Budget(ctx.limits if ctx is not None else DEFAULT_LIMITS))
    try:
        return work()
    except BudgetExhausted as stop:
        diags.append(too_costly(stop, None, ctx))
        return None
    finally:
        BUDGET.reset(token)


def _decode_class(
    body: Body,
    cls: type,
    types: ConfigTypes,
    ctx: EvalContext | None,
    diags: Diagnostics,
    **options: Any,
) -> tuple[Any, Body | None]:
    """``decode_class`` within one budget for the whole call (see
    :class:`~hcldecode.values.Limits`): everything it evaluates shares it, and
    when it runs out the decoding stops with one ``Expression too costly``."""
    if BUDGET.get() is not None:  # called by an evaluation (a function decoding): its budget
        return decode_class(body, cls, types, ctx, diags, **options)
    token = BUDGET.set(Budget(ctx.limits if ctx is not None else DEFAULT_LIMITS))
    try:
        return decode_class(body, cls, types, ctx, diags, **options)
    except BudgetExhausted as stop:
        diags.append(too_costly(stop, None, ctx))
        return None, None
    finally:
        BUDGET.reset(token)
