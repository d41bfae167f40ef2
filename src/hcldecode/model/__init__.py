"""HCL's information model, independent of any syntax.

* positions and diagnostics: :class:`Pos` (:data:`INITIAL_POS`),
  :class:`Range`, :class:`Severity`, :class:`Diagnostic`,
  :class:`Diagnostics`, and :class:`HCLError` whose ``str()`` renders them
  like HCL does (:func:`render_diagnostics`, :func:`write_diagnostics`);
* structure: :class:`Body` (content by schema, partial content, just
  attributes), :class:`BodySchema`, :class:`AttributeSchema`,
  :class:`BlockHeaderSchema`, :class:`BodyContent`, :class:`Attribute`,
  :class:`Block`, :class:`File` (with position lookups for tools:
  ``file.blocks_at_pos(pos)`` and the like), and one body made of several
  (:func:`merge_bodies`, :func:`merge_files`), and a body with an override
  body over it, as Terraform merges override files (:func:`override_body`,
  :class:`OverrideBody`);
* expressions: :class:`Expression`, :class:`EvalContext` (variables and
  functions), traversals (:class:`Traversal` and its steps), and the static
  analyses (:func:`expr_list`, :func:`expr_map`, :func:`expr_call`,
  :func:`abs_traversal_for_expr`, :func:`rel_traversal_for_expr`,
  :func:`expr_as_keyword`), :class:`TraversalExpression`, a reference
  built in code, and :func:`static_expr`, a value standing as an
  expression;
* indexing and attribute access with HCL's diagnostics (:func:`index`,
  :func:`get_attr`, and :func:`apply_path` for a path into a value).

The syntaxes (:mod:`hcldecode.native`, :mod:`hcldecode.json`) implement
:class:`Body` and :class:`Expression`; nothing here knows either syntax.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_names
from ._context import EvalContext
from ._diagnostics import (
    INITIAL_POS,
    Diagnostic,
    Diagnostics,
    Pos,
    Range,
    Severity,
    SourceFile,
)
from ._ops import apply_path, get_attr, index
from ._render import HCLError, render_diagnostics, terminal_safe, write_diagnostics
from ._structure import (
    Attribute,
    AttributeSchema,
    Block,
    BlockHeaderSchema,
    Body,
    BodyContent,
    BodySchema,
    Expression,
    File,
    StaticCall,
)
from ._traversal import Traversal, TraverseAttr, TraverseIndex, TraverseRoot, TraverseSplat

if TYPE_CHECKING:
    from ._call import FunctionCallDiagExtra, call_function, evaluate_call
    from ._closure import (
        EXPRESSION,
        EXPRESSION_CLOSURE,
        ExpressionClosure,
        LiteralExpression,
        static_expr,
    )
    from ._merge import merge_bodies, merge_files
    from ._override import OverrideBody, override_body
    from ._reference import TraversalExpression
    from ._static import (
        abs_traversal_for_expr,
        expr_as_keyword,
        expr_call,
        expr_list,
        expr_map,
        rel_traversal_for_expr,
    )

# Names whose modules load on first use: function calls, which only the evaluator
# makes, expression closures, override bodies, merged bodies, references built in
# code, and the static analyses (none of which a plain decode of one file uses).
_LAZY = {
    "FunctionCallDiagExtra": "_call",
    "call_function": "_call",
    "evaluate_call": "_call",
    "EXPRESSION": "_closure",
    "EXPRESSION_CLOSURE": "_closure",
    "ExpressionClosure": "_closure",
    "LiteralExpression": "_closure",
    "static_expr": "_closure",
    "OverrideBody": "_override",
    "override_body": "_override",
    "merge_bodies": "_merge",
    "merge_files": "_merge",
    "TraversalExpression": "_reference",
    "abs_traversal_for_expr": "_static",
    "expr_as_keyword": "_static",
    "expr_call": "_static",
    "expr_list": "_static",
    "expr_map": "_static",
    "rel_traversal_for_expr": "_static",
}


__getattr__ = lazy_names(__name__, _LAZY)


__all__ = [
    "EXPRESSION",
    "EXPRESSION_CLOSURE",
    "INITIAL_POS",
    "Attribute",
    "AttributeSchema",
    "Block",
    "BlockHeaderSchema",
    "Body",
    "BodyContent",
    "BodySchema",
    "Diagnostic",
    "Diagnostics",
    "EvalContext",
    "Expression",
    "ExpressionClosure",
    "File",
    "FunctionCallDiagExtra",
    "HCLError",
    "LiteralExpression",
    "OverrideBody",
    "Pos",
    "Range",
    "Severity",
    "SourceFile",
    "StaticCall",
    "Traversal",
    "TraversalExpression",
    "TraverseAttr",
    "TraverseIndex",
    "TraverseRoot",
    "TraverseSplat",
    "abs_traversal_for_expr",
    "apply_path",
    "call_function",
    "evaluate_call",
    "expr_as_keyword",
    "expr_call",
    "expr_list",
    "expr_map",
    "get_attr",
    "index",
    "merge_bodies",
    "merge_files",
    "override_body",
    "rel_traversal_for_expr",
    "render_diagnostics",
    "static_expr",
    "terminal_safe",
    "write_diagnostics",
]
