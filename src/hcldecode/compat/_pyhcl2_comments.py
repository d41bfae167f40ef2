"""Which comments python-hcl2 8.x reports, and where (``with_comments``).

python-hcl2's grammar reads each run of newlines and comments between two
tokens as one element, at the place its grammar has room for one, and
reports it by that place:

* between the items of a body (and before the first, after the last): the
  body's ``__comments__``;
* right after a binary operation (its grammar lets the operation take the
  run that follows it, and takes it): if the run starts on the operation's
  line, with the attribute's inline comments; otherwise, when the operation
  is the attribute's whole value, the body's ``__comments__``, and nowhere
  when it is a part of the value;
* anywhere else inside an attribute's value: the body's
  ``__inline_comments__``, except inside an object constructor's items,
  inside strings, and after a splat, where python-hcl2 does not look.

A run is one ``{"value": ...}`` for a block comment alone, else one for each
of its lines that has text after the comment marker.
"""

from __future__ import annotations

from ..native._ast import BinaryOp, Conditional, Node, ObjectCons, Splat, Template, TemplateWrap
from ..native._body import AttributeNode, BlockNode, NativeBody
from ..native._scanner import CHEREDOC, COMMENT, NEWLINE, scan
from ._pyhcl2_serialize import Comments, run_text

__all__ = ["collect_comments", "looks_into", "taker"]


def collect_comments(text: str, body: NativeBody) -> dict[int, Comments]:
    """The comments python-hcl2 reports for each body of a file, by ``id()`` of the body."""
    found: dict[int, Comments] = {}
    if "#" not in text and "//" not in text and "/*" not in text:
        return found
    gaps: list[tuple[int, int, int]] = []
    previous_end = 0
    previous_kind = NEWLINE
    has_comment = False
    for token in scan(text):
        kind, first, last = token[0], token[1], token[2]
        if kind == COMMENT:
            has_comment = True
        elif kind != NEWLINE:
            if has_comment:
                gaps.append((previous_end, first, previous_kind))
                has_comment = False
            previous_end, previous_kind = last, kind
    for start, end, kind in gaps:
        run = run_text(text[start:end], after_heredoc=kind == CHEREDOC)
        values = _values(run)
        if values:
            _place(body, start, end, not run.startswith("\n"), values, found)
    return found


def _values(run: str) -> list[dict[str, str]]:
    stripped = run.strip()
    if stripped.startswith("/*") and stripped.endswith("*/"):
        inner = stripped[2:-2].strip()
        return [{"value": inner}] if inner else []
    values = []
    for raw_line in run.split("\n"):
        line = raw_line.strip()
        for marker in ("//", "#"):
            if line.startswith(marker):
                line = line[len(marker) :]
                break
        if line:
            values.append({"value": line.strip()})
    return values


def _place(  # noqa: PLR0917
    body: NativeBody,
    start: int,
    end: int,
    inline: bool,
    values: list[dict[str, str]],
    found: dict[int, Comments],
) -> None:
    items: list[AttributeNode | BlockNode] = [*body.attributes.values(), *body.blocks]
    items.sort(key=lambda item: item.start)
    before: AttributeNode | BlockNode | None = None
    for item in items:
        if isinstance(item, BlockNode):
            if item.start <= start and end <= item.close_end:
                if item.open_end <= start and end <= item.close_start:
                    _place(item.native_body, start, end, inline, values, found)
                return  # between the header's parts: python-hcl2 drops it
        elif item.start <= start and end <= item.end:
            expr = item.native_expr
            if expr.start <= start and end <= expr.end and _reported(expr, start, end, inline):
                _lists(body, found)[1].extend(values)
            return
        if item.start >= end:
            break
        before = item
    if isinstance(before, AttributeNode):
        taken_by = taker(before.native_expr, start)
        if taken_by is not None:
            if inline:
                _lists(body, found)[1].extend(values)
            elif taken_by is before.expr:
                _lists(body, found)[0].extend(values)
            return
    _lists(body, found)[0].extend(values)


def _lists(body: NativeBody, found: dict[int, Comments]) -> Comments:
    lists = found.get(id(body))
    if lists is None:
        lists = found[id(body)] = ([], [])
    return lists


def taker(node: Node, at: int) -> BinaryOp | None:
    """The binary operation that takes the run right after ``node`` ending at ``at``."""
    taker = None
    while node.end == at:
        if isinstance(node, BinaryOp):
            taker = node
            node = node.rhs
        elif isinstance(node, Conditional):
            node = node.false_result
        else:
            break
    return taker


def _reported(node: Node, start: int, end: int, inline: bool) -> bool:
    """Whether python-hcl2 reports a run inside ``node``'s value as an inline comment."""
    reachable = True
    while True:
        inner = None
        for child in node.children():
            if child.start <= start and end <= child.end:
                inner = child
                break
        if inner is None:
            break
        reachable = reachable and looks_into(node, inner)
        node = inner
    for child in node.children():
        if child.end == start and taker(child, start) is not None:
            return inline and reachable and looks_into(node, child)
    return reachable


def looks_into(parent: Node, child: Node) -> bool:
    if isinstance(parent, (ObjectCons, Template, TemplateWrap)):
        return False
    return not (isinstance(parent, Splat) and child is parent.each)
