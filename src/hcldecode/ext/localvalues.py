"""Local values: named expressions that refer to each other, evaluated in dependency order.

::

    locals {
      name   = "web"
      domain = "${local.name}.example.com"
      urls   = [for p in var.paths : "https://${local.domain}/${p}"]
    }

Terraform, Nomad and Packer each evaluate such ``locals`` blocks by hand:
find what each refers to, evaluate them so that every local comes after
those it reads, report the ones that read each other in a circle, and
evaluate each once. :func:`evaluate_locals` does it for any set of
attributes, under any root name (``local`` by default), and gives back a
child of the application's evaluation context where the root name is an
object of every local's value.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from .._text import go_quote
from ..model._context import EvalContext
from ..model._diagnostics import Diagnostic, Diagnostics, Range
from ..model._structure import Attribute
from ..model._traversal import TraverseAttr, TraverseIndex
from ..values._types import DYNAMIC, STRING
from ..values._value import Value

__all__ = ["evaluate_locals"]


def evaluate_locals(
    attributes: Mapping[str, Attribute], ctx: EvalContext | None = None, *, name: str = "local"
) -> tuple[EvalContext, Diagnostics]:
    """Evaluate local values in dependency order, each once.

    Each expression may refer to the others as ``<name>.<other>`` (and to
    the variables and functions of ``ctx``). The locals are evaluated so that
    every one comes after those it refers to (in source order where the order
    is free). Locals that refer to each other in a circle are each reported
    once, in one diagnostic per circle, and are unknown values, as is a local
    whose expression has errors or refers to a local that is not declared
    (``Reference to undeclared local value``, in Terraform's words), so that
    what refers to them is not reported again.

    Args:
        attributes: The locals, by name: for example what ``just_attributes()``
            gives for the body of a ``locals`` block, or several such merged.
        ctx: The context the expressions are evaluated in, besides the locals.
        name: The root name the locals are read by (``local.x``).

    Returns:
        A child context of ``ctx`` (or a new one) in which ``name`` is an
        object of every local's value, and the diagnostics of evaluating them.
    """
    diags = Diagnostics()
    needs: dict[str, list[str]] = {}
    undeclared: set[str] = set()
    for local, attribute in attributes.items():
        needs[local], missing = _references(attribute, name, attributes)
        for traversal_range, other in missing:
            if other is None:  # Terraform's words
                diags.append(
                    Diagnostic.error(
                        "Invalid reference",
                        f"The {go_quote(name)} object cannot be accessed directly. Instead, "
                        "access one of its attributes.",
                        traversal_range,
                    )
                )
            else:
                diags.append(
                    Diagnostic.error(
                        "Reference to undeclared local value",
                        f"A local value with the name {go_quote(other)} has not been declared.",
                        traversal_range,
                    )
                )
            undeclared.add(local)
    values: dict[str, Value] = {}
    for group in _components(needs):
        looped = len(group) > 1 or group[0] in needs[group[0]]
        if looped:
            diags.append(_cycle(group, attributes, name))
            values.update((local, Value.unknown(DYNAMIC)) for local in group)
            continue
        (local,) = group
        if local in undeclared:  # reported above; what refers to it is not reported again
            values[local] = Value.unknown(DYNAMIC)
            continue
        attribute = attributes[local]
        scope = {name: Value.object({other: values[other] for other in needs[local]})}
        value, found = attribute.expr.value(
            ctx.child(scope) if ctx is not None else EvalContext(scope)
        )
        diags.extend(found)
        values[local] = Value.unknown(DYNAMIC) if found.has_errors() else value
    ordered = {local: values[local] for local in attributes}
    scope = {name: Value.object(ordered)}
    return (ctx.child(scope) if ctx is not None else EvalContext(scope)), diags


def _references(
    attribute: Attribute, root: str, locals_: Mapping[str, Attribute]
) -> tuple[list[str], list[tuple[Range, str | None]]]:
    """The locals that ``attribute`` refers to, each once, in source order, and the
    references to locals that are not declared, or to the object of them all
    (``None``), with where they are."""
    found: list[str] = []
    missing: list[tuple[Range, str | None]] = []
    for traversal in attribute.expr.variables():
        if traversal.root_name != root:
            continue
        if len(traversal) < 2:  # the object of every local, which is not there yet
            missing.append((traversal.range, None))
            continue
        step = traversal[1]
        other: str | None = None
        if isinstance(step, TraverseAttr):
            other = step.name
        elif isinstance(step, TraverseIndex) and step.key.type == STRING and step.key.is_known:
            other = step.key.as_str()
        if other is None:
            continue
        if other not in locals_:
            missing.append((traversal[:2].range, other))
        elif other not in found:
            found.append(other)
    return found, missing


def _components(needs: Mapping[str, list[str]]) -> list[list[str]]:
    """The strongly connected components of the graph of references, each after those
    it refers to (Tarjan's algorithm, without recursion); members in source order."""
    position = {local: i for i, local in enumerate(needs)}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in needs:
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(needs[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            advanced = False
            for other in edges:
                if other not in index:
                    index[other] = low[other] = len(index)
                    stack.append(other)
                    on_stack.add(other)
                    work.append((other, iter(needs[other])))
                    advanced = True
                    break
                if other in on_stack:
                    low[node] = min(low[node], index[other])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                found.append(sorted(group, key=position.__getitem__))
    return found


def _cycle(group: list[str], attributes: Mapping[str, Attribute], root: str) -> Diagnostic:
    names = ", ".join(f"{root}.{local}" for local in group)
    if len(group) == 1:
        detail = f"The local value {names} refers to itself."
    else:
        detail = (
            f"The local values {names} refer to each other in a circle, so none of them "
            "can be evaluated."
        )
    first = attributes[group[0]]
    return Diagnostic.error("Cycle in local values", detail, first.name_range, first.range)
