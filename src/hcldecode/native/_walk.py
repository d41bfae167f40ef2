"""Walking the native syntax tree: HCL's ``hclsyntax.Walk`` and ``VisitAll``.

A walk visits a node and then, depth first in source order, every node
under it: a body's attributes (in source order) and then its blocks, a
block's body, an attribute's expression, and each expression node's child
expressions as :meth:`~hcldecode.native.Node.children` lists them, except
that the expressions a ``for`` expression evaluates once per element come
wrapped in a :class:`ChildScope` naming its variables, as in HCL. The
walk is iterative, so a tree of any depth is walked in constant stack.
Only native-syntax nodes can be walked: anything else (a JSON body, say)
raises ``TypeError``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypeAlias

from ..model._diagnostics import Diagnostic, Diagnostics
from ..model._structure import Attribute, Block
from ._ast import ForExpr, Node, ObjectKey
from ._body import AttributeNode, BlockNode, NativeBody

if TYPE_CHECKING:
    from ..model._diagnostics import Range

__all__ = ["ChildScope", "WalkNode", "Walker", "visit_all", "walk"]


@dataclass(frozen=True, slots=True)
class ChildScope:
    """A stand-in node that a walk visits around an expression of a ``for`` expression.

    HCL's ``hclsyntax.ChildScope``. It is made by the walk, not found in the
    tree.

    Attributes:
        local_names: The ``for`` expression's key and value variables, bound
            on top of the enclosing scope.
        expr: The key, value or condition expression, evaluated once per
            element.
    """

    local_names: frozenset[str]
    expr: Node

    @property
    def range(self) -> Range:
        """The range of the wrapped expression."""
        return self.expr.range


#: What a walk visits: expression nodes, bodies, attributes and blocks of the
#: native syntax, and :class:`ChildScope` stand-ins.
WalkNode: TypeAlias = Node | NativeBody | Attribute | Block | ChildScope


class Walker(Protocol):
    """What :func:`walk` calls on each node: HCL's ``hclsyntax.Walker``.

    ``enter`` is called before the node's children are walked and ``exit``
    after; each may return diagnostics (or ``None``), which the walk
    gathers in the order they were returned.
    """

    def enter(self, node: WalkNode) -> Iterable[Diagnostic] | None:
        """Called when the walk reaches ``node``."""
        ...

    def exit(self, node: WalkNode) -> Iterable[Diagnostic] | None:
        """Called when the walk leaves ``node``, after its children."""
        ...


def _check(node: WalkNode) -> None:
    if not isinstance(node, (Node, NativeBody, AttributeNode, BlockNode, ChildScope)):
        raise TypeError(
            f"cannot walk {type(node).__name__}: only native syntax nodes can be walked"
        )


def _children(node: WalkNode) -> Sequence[WalkNode]:
    """The nodes a walk visits under ``node``, in order."""
    if isinstance(node, ForExpr):
        names = frozenset(n for n in (node.key_var, node.value_var) if n)
        scoped: list[WalkNode] = [node.collection]
        scoped.extend(
            ChildScope(names, expr)
            for expr in (node.key_expr, node.value_expr, node.cond)
            if expr is not None
        )
        return scoped
    if isinstance(node, ObjectKey):
        # As HCL: the key is an expression of its own unless it reads as a
        # bare word (whether or not it was in parentheses).
        return (node.wrapped,) if node.wrapped.keyword() is None else ()
    if isinstance(node, Node):
        return node.children()
    if isinstance(node, NativeBody):
        return [*node.attributes.values(), *node.blocks]
    if isinstance(node, AttributeNode):
        return (node.native_expr,)
    if isinstance(node, BlockNode):
        return (node.native_body,)
    assert isinstance(node, ChildScope)
    return (node.expr,)


def walk(node: WalkNode, walker: Walker) -> Diagnostics:
    """Walk the tree under a node, calling ``walker.enter`` and ``walker.exit`` on each node.

    HCL's ``hclsyntax.Walk``: ``enter(node)``, then the walk of each child in
    order, then ``exit(node)``. The walk uses no recursion.

    Args:
        node: An expression node, body, attribute or block of the native
            syntax.
        walker: Its ``enter`` and ``exit`` are called on each node.

    Returns:
        Every diagnostic the walker returned, in order.

    Raises:
        TypeError: ``node`` is not a native-syntax node (a JSON body, say).
    """
    _check(node)
    diags = Diagnostics()
    stack: list[tuple[WalkNode, bool]] = [(node, False)]
    while stack:
        current, leaving = stack.pop()
        if leaving:
            found = walker.exit(current)
        else:
            found = walker.enter(current)
            stack.append((current, True))
            stack.extend((child, False) for child in reversed(_children(current)))
        if found:
            diags.extend(found)
    return diags


def visit_all(
    node: WalkNode, visit: Callable[[WalkNode], Iterable[Diagnostic] | None]
) -> Diagnostics:
    """Call a function on a node and every node under it, depth first (HCL's ``VisitAll``).

    Args:
        node: An expression node, body, attribute or block of the native
            syntax.
        visit: Called with each node; it may return diagnostics or ``None``.

    Returns:
        Every diagnostic ``visit`` returned, in order.

    Raises:
        TypeError: ``node`` is not a native-syntax node.
    """
    _check(node)
    diags = Diagnostics()
    stack: list[WalkNode] = [node]
    while stack:
        current = stack.pop()
        found = visit(current)
        if found:
            diags.extend(found)
        stack.extend(reversed(_children(current)))
    return diags
