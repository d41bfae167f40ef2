"""python-hcl2 8.x dictionaries written back as native HCL.

The reverse of the serializer: quoted strings and ``"${...}"`` expressions are
python-hcl2's source text already (heredocs inside expressions come back as
heredocs), numbers and constants are written as literals that read back as
the same Python values, lists and dicts as tuple and object constructors, and
lists of dicts marked ``__is_block__`` as blocks under their labels. Comments
are written where python-hcl2 reads them back into the same lists:
``__comments__`` between a body's items (a comment of several lines as a
block comment in a run of its own), ``__inline_comments__`` inside the first
attribute value that has a place python-hcl2 counts as inline. The text is
then laid out as ``hclfmt`` does.
"""

from __future__ import annotations

import ast
import re
from decimal import Decimal
from typing import Any

from ..native import parse_expression
from ..native._ast import (
    ForExpr,
    FunctionCall,
    Index,
    Node,
    ObjectCons,
    Parens,
    TupleCons,
)
from ..write import format as format_text
from ._pyhcl2_comments import looks_into, taker
from ._pyhcl2_options import SerializationOptions
from ._pyhcl2_serialize import IS_BLOCK

__all__ = ["write_body"]

_COMMENTS = "__comments__"
_INLINE = "__inline_comments__"
_SPECIAL = {IS_BLOCK, _COMMENTS, _INLINE}
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_HEREDOC_TEXT = re.compile(r"<<-?([A-Za-z][A-Za-z0-9._-]*)\r?\n[\s\S]*\n[ \t]*\1")
_HEREDOC_IN_TEXT = re.compile(r'"(<<-?([A-Za-z][A-Za-z0-9._-]*)\r?\n[\s\S]*?\n[ \t]*\2)"')


def write_body(data: dict[str, Any], options: SerializationOptions) -> str:
    """The native text of a python-hcl2 dictionary, laid out as ``hclfmt`` does.

    Raises:
        ValueError: The dictionary is not one python-hcl2's reading gives.
    """
    writer = _Writer(options)
    text = writer.body(data, 0)
    formatted, diags = format_text(text)
    if diags.has_errors():
        raise ValueError(f"the dictionary does not make valid HCL:\n{text}")
    # Runs of several block comments go in after the layout, as they were read: their
    # line breaks and indentation are part of the value (see ``_Writer.run``).
    for placeholder, run in writer.verbatim.items():
        formatted = formatted.replace(placeholder, run, 1)
    return formatted


def _is_blocks(value: Any, explicit: bool) -> bool:
    return (
        isinstance(value, list)
        and bool(value)
        and all(
            isinstance(item, dict) and _block_body(item, explicit) is not None for item in value
        )
    )


def _block_body(item: dict[str, Any], explicit: bool) -> tuple[list[str], dict[str, Any]] | None:
    """The labels and the body of a block's dict, or ``None`` if it is no block.

    Without ``explicit_blocks`` no mark tells a block from an attribute's list of
    objects: a list of dicts is written as blocks when each can be one (keys
    alone over dicts are labels, as deep as the body left has identifiers for
    names); either reads back as the same dict.
    """
    labels: list[str] = []
    if explicit:
        while IS_BLOCK not in item:
            if len(item) != 1:
                return None
            ((label, inner),) = item.items()
            if not isinstance(inner, dict):
                return None
            labels.append(label)
            item = inner
        return labels, item
    # The deepest reading as labels over a body that is one (a body with comments
    # must be one; an object value with a key ``for`` cannot be written).
    found = None
    while True:
        if all(key in _SPECIAL or _IDENTIFIER.fullmatch(key) for key in item):
            found = (list(labels), item)
        if len(item) != 1:
            break
        ((label, inner),) = item.items()
        if not isinstance(inner, dict):
            break
        if not (label.startswith('"') or _IDENTIFIER.fullmatch(label)):
            break
        labels.append(label)
        item = inner
    return found


class _Writer:
    def __init__(self, options: SerializationOptions) -> None:
        self.options = options
        # Placeholder comment -> the run of several block comments it stands for.
        self.verbatim: dict[str, str] = {}

    def body(self, data: dict[str, Any], depth: int, *, lists_as_values: bool = False) -> str:
        """``data`` as a body's text. ``lists_as_values`` writes lists of dicts as attribute
        values even where they could be blocks (without ``explicit_blocks``)."""
        indent = "  " * depth
        # Each item's text, and whether a run of comments may follow it and come
        # back as the body's comments (not after an operation deeper in a value,
        # which takes the run, nor after a comment hosted at its end), and the
        # attribute's name (None for a block).
        items: list[tuple[str, bool, str | None]] = []
        inline = self.runs([c["value"] for c in data.get(_INLINE, [])])
        for name, value in data.items():
            if name in _SPECIAL:
                continue
            if not lists_as_values and _is_blocks(value, self.options.explicit_blocks):
                for block in value:
                    found = _block_body(block, self.options.explicit_blocks)
                    assert found is not None
                    labels, body = found
                    if self.options.strip_string_quotes:
                        labels = [_quoted(label) for label in labels]
                    header = " ".join([name, *labels])
                    inner = self.body(body, depth + 1)
                    items.append((f"{indent}{header} {{\n{inner}{indent}}}\n", True, None))
            else:
                text = self.value(value)
                hosted_at_end = False
                if inline:
                    # The first values with places for them take the runs, in order.
                    text, hosted_at_end, inline = _host(text, inline)
                followable = not hosted_at_end and _followable(text)
                # A heredoc's closing marker ends the line already.
                line = text if text.endswith("\n") else text + "\n"
                items.append((f"{indent}{name} = {line}", followable, name))
        if inline:
            if not (lists_as_values or self.options.explicit_blocks):
                # Lists of dicts read back the same as values: they hold the comments.
                return self.body(data, depth, lists_as_values=True)
            raise ValueError("inline comments with no attribute value to hold them")
        comments = [c["value"] for c in data.get(_COMMENTS, [])]
        return _with_comments(items, self.runs(comments), indent)

    def value(self, value: Any) -> str:
        if value is None:
            return "null"
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, int):
            if self.options.force_operation_parentheses and -10 < value < 0:
                # ``-7`` reads back as an operation then; python-hcl2's lexer takes
                # ``-`` and two or more digits as one literal.
                return f"-0{-value}"
            return str(value)
        if isinstance(value, float):
            text = format(Decimal(repr(value)), "f")
            return text if "." in text else text + ".0"
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, list):
            return "[" + ", ".join(self.value(item) for item in value) + "]"
        if isinstance(value, dict):
            pairs = [
                f"{self.key(key)} = {self.value(item)}"
                for key, item in value.items()
                if key not in _SPECIAL
            ]
            # A heredoc ends its line, which ends the item: no comma after it.
            joined = "".join(
                pair + ("" if pair.endswith("\n") or last else ", ")
                for last, pair in ((i == len(pairs) - 1, pair) for i, pair in enumerate(pairs))
            )
            return "{" + joined + "}"
        raise ValueError(f"no HCL for a {type(value).__name__}")

    def text(self, value: str) -> str:
        if not self.options.preserve_heredocs and value.startswith('"') and value.endswith('"'):
            heredoc = _flattened_heredoc(value)
            if heredoc is not None:
                return heredoc
        if self.options.strip_string_quotes:
            return self.stripped(value)
        if value.startswith('"<<') and value.endswith('"'):
            return value[1:-1] + "\n"
        if value.startswith("${") and value.endswith("}"):
            value = value[2:-1]
            if value.startswith("(") and value.endswith(")"):
                value = self.parenthesized(value)
        return _heredocs_in_text(value)

    def stripped(self, value: str) -> str:
        """A string read with ``strip_string_quotes``: an expression's ``"${...}"``
        text, a heredoc, or else a quoted string (an identifier's name reads back
        the same as the string of it)."""
        if value.startswith("${") and value.endswith("}"):
            inner = value[2:-1]
            if inner.startswith("(") and inner.endswith(")"):
                inner = self.parenthesized(inner)
            if not parse_expression(inner)[1].has_errors():
                return _heredocs_in_text(inner)
        if _HEREDOC_TEXT.fullmatch(value):
            return value + "\n"
        quoted = _quoted(value)
        if not self.options.preserve_heredocs and parse_expression(quoted)[1].has_errors():
            # A flattened trim heredoc: its lines escaped, quotes in interpolations too.
            content = re.sub(r'\\(["\\])', r"\1", value)
            return _heredoc("<<-", content)
        return quoted

    def parenthesized(self, text: str) -> str:
        """The HCL of python-hcl2's text for parentheses around a whole value.

        python-hcl2 writes ``(x)`` as ``"(" + str(value of x) + ")"``: for a tuple,
        an object or a constant that is Python's ``str`` of the list, dict, bool
        or ``None`` (``([1, 2])``, ``({'k': '"v"'})``, ``(True)``), which reads
        back the same once written as the HCL of that value.
        """
        depth = 0
        while text.startswith("(" * (depth + 1)) and text.endswith(")" * (depth + 1)):
            depth += 1
            core = text[depth:-depth]
            try:
                value = ast.literal_eval(core)
            except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
                continue
            if (isinstance(value, (list, dict, bool)) or value is None) and str(value) == core:
                written = self.value(value).rstrip("\n")
                return "(" * depth + written + ")" * depth
        return text

    def runs(self, comments: list[str]) -> list[list[str]]:
        """Comment values grouped in runs that read back as the same values: line
        comments together, a comment of several lines as a block comment alone.

        A value of several block comments (python-hcl2 reads a run of block
        comments on several lines as one value, from the first ``/*`` to the
        last ``*/``) is written as it was read, after the layout (hclfmt would
        indent its later lines, changing the value): here a placeholder
        comment stands for it.
        """
        runs: list[list[str]] = [[]]
        for comment in comments:
            if "\n" in comment:
                if runs[-1]:
                    runs.append([])
                if "*/" in comment:
                    placeholder = f"/* hcldecode-comment-{len(self.verbatim)}-{id(self)} */"
                    self.verbatim[placeholder] = f"/* {comment} */"
                    runs[-1].append(placeholder)
                else:
                    runs[-1].append(f"/* {comment} */")
                runs.append([])
            else:
                runs[-1].append(f"# {comment}")
        return [run for run in runs if run]

    def key(self, key: str) -> str:
        if key.startswith("${") and key.endswith("}"):
            return key[2:-1]
        if self.options.strip_string_quotes and not _IDENTIFIER.fullmatch(key):
            return _quoted(key)
        return key


def _quoted(value: str) -> str:
    """A quoted string whose text python-hcl2 strips back to ``value``: the text
    between its interpolations and directives escaped, those kept as they are."""
    out: list[str] = []
    index = 0
    while index < len(value):
        if value.startswith(("${", "%{"), index):
            end = _closing_brace(value, index + 2)
            out.append(value[index:end])
            index = end
            continue
        char = value[index]
        out.append(_ESCAPES.get(char, char))
        index += 1
    return '"' + "".join(out) + '"'


_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _closing_brace(text: str, index: int) -> int:
    """The end of the ``${...}`` or ``%{...}`` whose text starts at ``index``."""
    depth = 1
    while index < len(text):
        char = text[index]
        if char == '"':
            index = _string_end(text, index + 1)
            continue
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return index + 1
        index += 1
    return index


def _string_end(text: str, index: int) -> int:
    while index < len(text):
        if text[index] == "\\":
            index += 2
        elif text[index] == '"':
            return index + 1
        elif text.startswith(("${", "%{"), index):
            index = _closing_brace(text, index + 2)
        else:
            index += 1
    return index


def _flattened_heredoc(value: str) -> str | None:
    """A heredoc for python-hcl2's flattened text of one (``preserve_heredocs=False``)
    that is no quoted string HCL reads: it escaped the quotes inside interpolations
    too (``"${m[\\"k\\"]}"``), which reading the heredoc gives again."""
    if not parse_expression(value)[1].has_errors():
        return None
    content = re.sub(
        r'\\(n|"|\\)', lambda m: "\n" if m.group(1) == "n" else m.group(1), value[1:-1]
    )
    return _heredoc("<<", content)


def _heredoc(opening: str, content: str) -> str:
    marker = "EOT"
    while re.search(rf"^[ \t]*{marker}[ \t]*$", content, re.MULTILINE):
        marker += "X"
    return f"{opening}{marker}\n{content}\n{marker}\n"


def _heredocs_in_text(value: str) -> str:
    """python-hcl2's one-line text with its quoted heredocs written as heredocs. A
    heredoc's closing marker ends its line, which separates an object's items: the
    comma after one inside an object goes (HCL refuses it there)."""
    out: list[str] = []
    last = 0
    for match in _HEREDOC_IN_TEXT.finditer(value):
        out.append(value[last : match.start()] + match.group(1) + "\n")
        last = match.end()
        if value.startswith(", ", last) and _innermost_bracket(value, match.start()) == "{":
            last += 2
    return "".join(out) + value[last:]


def _innermost_bracket(text: str, end: int) -> str | None:
    """The innermost bracket open at ``end`` in expression text (quoted strings skipped)."""
    stack: list[str] = []
    quoted = False
    index = 0
    while index < end:
        char = text[index]
        if quoted:
            if char == "\\":
                index += 1
            elif char == '"':
                quoted = False
        elif char == '"':
            quoted = True
        elif char in "([{":
            stack.append(char)
        elif char in ")]}" and stack:
            stack.pop()
        index += 1
    return stack[-1] if stack else None


def _with_comments(
    items: list[tuple[str, bool, str | None]], runs: list[list[str]], indent: str
) -> str:
    """Items with the body's comment runs between them, each run read back as written.

    When there are more runs than places (python-hcl2 keeps the comments around
    blocks that an attribute of their name replaces), empty blocks named as the
    first attribute go before it: python-hcl2 lets the attribute replace them
    too, and each makes one more place.
    """
    # Slot 0 is before the first item, slot i after item i - 1.
    slots = [0] + [i + 1 for i, (_, followable, _) in enumerate(items) if followable]
    if len(runs) > len(slots):
        first = next((i for i, item in enumerate(items) if item[2] is not None), None)
        if first is None:
            raise ValueError("more separate comment runs than places between the items")
        fillers = [(f"{indent}{items[first][2]} {{}}\n", True, None)] * (len(runs) - len(slots))
        return _with_comments([*items[:first], *fillers, *items[first:]], runs, indent)
    placed = dict(zip(slots, runs, strict=False))
    out: list[str] = []
    for index in range(len(items) + 1):
        run = placed.get(index)
        if run:
            if out:
                out.append("\n")
            out.extend(f"{indent}{line}\n" for line in run)
            out.append("\n")
        if index < len(items):
            out.append(items[index][0])
    return "".join(out)


def _followable(text: str) -> bool:
    node, diags = parse_expression(text)
    if diags.has_errors():
        return True
    found = taker(node, node.end)
    return found is None or found is node


def _host(text: str, runs: list[list[str]]) -> tuple[str, bool, list[list[str]]]:
    """``text`` with the first comment runs where python-hcl2 reads them as inline
    (one run at each place it has, the last one after a top-level operation),
    whether one is at its end, and the runs left for the next values."""
    node, diags = parse_expression(text)
    if diags.has_errors():
        return text, False, runs
    spots = _open_spots(node)
    count = min(len(spots), len(runs))
    out, last = [], 0
    for spot, run in zip(spots[:count], runs[:count], strict=True):
        out.append(text[last:spot] + " " + "".join(f"{line}\n" for line in run))
        last = spot
    text, rest = "".join(out) + text[last:], runs[count:]
    if rest and taker(node, node.end) is not None:
        return text + " " + "\n".join(rest[0]), True, rest[1:]
    return text, False, rest


def _open_spots(node: Node) -> list[int]:
    """Places python-hcl2 keeps inline comments at, each a run of its own: after the
    opening bracket, and after each element of a tuple or argument list."""
    spot = _open_spot(node)
    if spot is None:
        return []
    spots = [spot]
    if isinstance(node, TupleCons):
        spots += [item.end for item in node.items]
    elif isinstance(node, FunctionCall):
        spots += [arg.end for arg in node.args]
    return [s for s in spots if taker_free(node, s)]


def taker_free(node: Node, at: int) -> bool:
    """Whether no binary operation ending at ``at`` takes a run there."""
    return all(taker(child, at) is None for child in node.children() if child.end == at)


def _open_spot(node: Node) -> int | None:
    """Right after an opening bracket python-hcl2 keeps inline comments behind."""
    if isinstance(node, (TupleCons, ObjectCons, ForExpr, Parens)):
        return node.start + 1
    if isinstance(node, FunctionCall):
        return node.open_start + 1
    if isinstance(node, Index):
        return node.open_start + 1
    for child in node.children():
        if looks_into(node, child):
            spot = _open_spot(child)
            if spot is not None:
                return spot
    return None
