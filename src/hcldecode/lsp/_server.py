"""The language server itself, on pygls: documents in, diagnostics, completion and
hover out. Everything it says is worked out by the modules beside it, which do
not need pygls; this one only speaks the protocol."""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Sequence
from typing import Any

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.workspace import TextDocument

from ..model import Diagnostic, Severity
from ._check import Document, Target, check, target_for
from ._completion import Candidate, complete
from ._hover import hover
from ._navigation import Key, definitions, keys_at, uses
from ._outline import Symbol, TextEdit, fixes, folding_ranges, formatted, symbols
from ._positions import Encoding, LineIndex
from ._tokens import TOKEN_TYPES, semantic_tokens

__all__ = ["HCLLanguageServer"]

_KINDS = {
    "attribute": lsp.CompletionItemKind.Property,
    "block": lsp.CompletionItemKind.Class,
    "value": lsp.CompletionItemKind.EnumMember,
    "function": lsp.CompletionItemKind.Function,
    "variable": lsp.CompletionItemKind.Variable,
}
_ENCODINGS: dict[str, Encoding] = {"utf-8": "utf-8", "utf-16": "utf-16", "utf-32": "utf-32"}


def _lsp_diagnostic(d: Diagnostic, index: LineIndex, filename: str) -> lsp.Diagnostic:
    if d.subject is not None and d.subject.filename == filename:
        start = index.position(d.subject.start.byte)
        end = index.position(d.subject.end.byte)
    else:
        start = end = (0, 0)
    return lsp.Diagnostic(
        range=lsp.Range(lsp.Position(*start), lsp.Position(*end)),
        message=f"{d.summary}: {d.detail}" if d.detail else d.summary,
        severity=(
            lsp.DiagnosticSeverity.Error
            if d.severity is Severity.ERROR
            else lsp.DiagnosticSeverity.Warning
        ),
        source="hcldecode",
    )


def _item(candidate: Candidate, edit_range: lsp.Range) -> lsp.CompletionItem:
    return lsp.CompletionItem(
        label=candidate.label,
        kind=_KINDS[candidate.kind],
        detail=candidate.detail or None,
        documentation=(
            lsp.MarkupContent(lsp.MarkupKind.Markdown, candidate.documentation)
            if candidate.documentation
            else None
        ),
        text_edit=lsp.TextEdit(edit_range, candidate.insert_text or candidate.label),
        insert_text_format=(
            lsp.InsertTextFormat.Snippet if candidate.snippet else lsp.InsertTextFormat.PlainText
        ),
    )


def _position(place: tuple[int, int]) -> lsp.Position:
    return lsp.Position(line=place[0], character=place[1])


def _edit(edit: TextEdit) -> lsp.TextEdit:
    return lsp.TextEdit(lsp.Range(_position(edit.start), _position(edit.end)), edit.text)


def _symbol(symbol: Symbol, index: LineIndex) -> lsp.DocumentSymbol:
    def span(start: int, end: int) -> lsp.Range:
        return lsp.Range(_position(index.position(start)), _position(index.position(end)))

    return lsp.DocumentSymbol(
        name=symbol.name,
        kind=lsp.SymbolKind.Struct if symbol.kind == "block" else lsp.SymbolKind.Property,
        range=span(symbol.start, symbol.end),
        selection_range=span(symbol.name_start, symbol.name_end),
        children=[_symbol(child, index) for child in symbol.children],
    )


class HCLLanguageServer(LanguageServer):
    """A pygls server that checks, completes and explains the documents of its targets.

    Changes are checked ``debounce`` seconds after the last one, one check at
    a time, off the protocol's thread; a check whose document changed in the
    meantime is not reported.
    """

    def __init__(self, targets: Sequence[Target], *, debounce: float, version: str) -> None:
        super().__init__("hcldecode", version)
        self.targets = tuple(targets)
        self.debounce = debounce
        self._pending: dict[str, asyncio.Task[None]] = {}
        self._documents: dict[str, tuple[int | None, Document]] = {}
        self._checker = concurrent.futures.ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="hcldecode-check"
        )
        self._register()

    # ------------------------------------------------------------------ helpers

    def _encoding(self) -> Encoding:
        chosen = self.server_capabilities.position_encoding
        return _ENCODINGS.get(str(chosen or "utf-16"), "utf-16")

    def _target(self, doc: TextDocument) -> Target | None:
        return target_for(self.targets, doc.path)

    def _document(self, doc: TextDocument) -> Document:
        """The document's current version, parsed at most once."""
        text = doc.source
        known = self._documents.get(doc.uri)
        if known is not None and known[0] == doc.version and known[1].index.text == text:
            return known[1]
        previous = None if known is None else known[1]
        document = Document(text, doc.path, self._encoding(), previous)
        self._documents[doc.uri] = (doc.version, document)
        return document

    def _known(self, target: Target) -> list[tuple[str, Document]]:
        """The open documents the target serves, by URI."""
        found = []
        for uri in sorted(self.workspace.text_documents):
            doc = self.workspace.get_text_document(uri)
            if self._target(doc) is target:
                found.append((uri, self._document(doc)))
        return found

    def _keys_at(self, uri: str, position: lsp.Position) -> tuple[Target, list[Key]] | None:
        doc = self.workspace.get_text_document(uri)
        target = self._target(doc)
        if target is None or not target.references:
            return None
        document = self._document(doc)
        file, _ = document.parsed()
        byte = document.index.offset(position.line, position.character)
        return target, keys_at(file.body, byte, target.references)

    def _locations(
        self, target: Target, keys: list[Key], *, defined: bool, used: bool
    ) -> list[lsp.Location]:
        found = []
        for uri, document in self._known(target):
            file, _ = document.parsed()
            places = []
            if defined:
                places += [r for k, r in definitions(file.body, target.references) if k in keys]
            if used:
                places += [r for k, r in uses(file.body, target.references) if k in keys]
            for where in sorted(set(places), key=lambda r: r.start.byte):
                start = document.index.position(where.start.byte)
                end = document.index.position(where.end.byte)
                found.append(lsp.Location(uri, lsp.Range(_position(start), _position(end))))
        return found

    def _diagnostics(self, document: Document, target: Target) -> list[lsp.Diagnostic]:
        found = check(document, target)
        return [_lsp_diagnostic(d, document.index, document.filename) for d in found]

    def _schedule(self, uri: str, delay: float) -> None:
        pending = self._pending.pop(uri, None)
        if pending is not None:
            pending.cancel()
        self._pending[uri] = asyncio.get_running_loop().create_task(self._check(uri, delay))

    async def _check(self, uri: str, delay: float) -> None:
        if delay > 0:
            await asyncio.sleep(delay)
        doc = self.workspace.get_text_document(uri)
        target = self._target(doc)
        if target is None:
            return
        version, document = doc.version, self._document(doc)
        loop = asyncio.get_running_loop()
        found = await loop.run_in_executor(self._checker, self._diagnostics, document, target)
        current = self.workspace.text_documents.get(uri)
        if current is None or current.version != version:
            return
        if self._pending.get(uri) is asyncio.current_task():
            del self._pending[uri]
        self.text_document_publish_diagnostics(
            lsp.PublishDiagnosticsParams(uri=uri, diagnostics=found, version=version)
        )

    # ------------------------------------------------------------------ features

    def _register(self) -> None:
        server = self

        @self.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
        async def did_open(ls: Any, params: lsp.DidOpenTextDocumentParams) -> None:
            server._schedule(params.text_document.uri, 0)

        @self.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
        async def did_change(ls: Any, params: lsp.DidChangeTextDocumentParams) -> None:
            server._schedule(params.text_document.uri, server.debounce)

        @self.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
        async def did_close(ls: Any, params: lsp.DidCloseTextDocumentParams) -> None:
            uri = params.text_document.uri
            server._documents.pop(uri, None)
            pending = server._pending.pop(uri, None)
            if pending is not None:
                pending.cancel()
            server.text_document_publish_diagnostics(
                lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[])
            )

        @self.feature(
            lsp.TEXT_DOCUMENT_COMPLETION,
            lsp.CompletionOptions(trigger_characters=[".", '"']),
        )
        def completion(ls: Any, params: lsp.CompletionParams) -> lsp.CompletionList:
            doc = server.workspace.get_text_document(params.text_document.uri)
            target = server._target(doc)
            if target is None:
                return lsp.CompletionList(is_incomplete=False, items=[])
            line, column = params.position.line, params.position.character
            found = complete(server._document(doc), line, column, target)
            edit_range = lsp.Range(
                lsp.Position(line, found.start_column), lsp.Position(line, column)
            )
            items = [_item(c, edit_range) for c in found.candidates]
            return lsp.CompletionList(is_incomplete=False, items=items)

        @self.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
        def document_symbols(ls: Any, params: lsp.DocumentSymbolParams) -> list[lsp.DocumentSymbol]:
            doc = server.workspace.get_text_document(params.text_document.uri)
            document = server._document(doc)
            file, _ = document.parsed()
            return [_symbol(s, document.index) for s in symbols(file)]

        @self.feature(lsp.TEXT_DOCUMENT_FOLDING_RANGE)
        def folding(ls: Any, params: lsp.FoldingRangeParams) -> list[lsp.FoldingRange]:
            doc = server.workspace.get_text_document(params.text_document.uri)
            document = server._document(doc)
            file, _ = document.parsed()
            return [
                lsp.FoldingRange(start_line=first, end_line=last)
                for first, last in folding_ranges(symbols(file), document.index)
            ]

        @self.feature(lsp.TEXT_DOCUMENT_FORMATTING)
        def formatting(ls: Any, params: lsp.DocumentFormattingParams) -> list[lsp.TextEdit] | None:
            doc = server.workspace.get_text_document(params.text_document.uri)
            edits = formatted(server._document(doc).index, doc.path)
            return None if edits is None else [_edit(e) for e in edits]

        @self.feature(
            lsp.TEXT_DOCUMENT_CODE_ACTION,
            lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]),
        )
        def code_actions(ls: Any, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
            uri = params.text_document.uri
            doc = server.workspace.get_text_document(uri)
            index = server._document(doc).index
            found = []
            for d in params.context.diagnostics:
                if d.source != "hcldecode":
                    continue
                start = (d.range.start.line, d.range.start.character)
                end = (d.range.end.line, d.range.end.character)
                for fix in fixes(index, [(d.message, start, end)]):
                    found.append(
                        lsp.CodeAction(
                            title=fix.title,
                            kind=lsp.CodeActionKind.QuickFix,
                            diagnostics=[d],
                            is_preferred=True,
                            edit=lsp.WorkspaceEdit(changes={uri: [_edit(fix.edit)]}),
                        )
                    )
            return found

        @self.feature(
            lsp.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL,
            lsp.SemanticTokensLegend(token_types=list(TOKEN_TYPES), token_modifiers=[]),
        )
        def tokens(ls: Any, params: lsp.SemanticTokensParams) -> lsp.SemanticTokens:
            doc = server.workspace.get_text_document(params.text_document.uri)
            return lsp.SemanticTokens(data=semantic_tokens(server._document(doc)))

        @self.feature(lsp.TEXT_DOCUMENT_DEFINITION)
        def definition(ls: Any, params: lsp.DefinitionParams) -> list[lsp.Location] | None:
            found = server._keys_at(params.text_document.uri, params.position)
            if found is None or not found[1]:
                return None
            return server._locations(found[0], found[1], defined=True, used=False) or None

        @self.feature(lsp.TEXT_DOCUMENT_REFERENCES)
        def references(ls: Any, params: lsp.ReferenceParams) -> list[lsp.Location] | None:
            found = server._keys_at(params.text_document.uri, params.position)
            if found is None or not found[1]:
                return None
            declared = params.context.include_declaration
            return server._locations(found[0], found[1], defined=declared, used=True)

        @self.feature(lsp.TEXT_DOCUMENT_HOVER)
        def on_hover(ls: Any, params: lsp.HoverParams) -> lsp.Hover | None:
            doc = server.workspace.get_text_document(params.text_document.uri)
            target = server._target(doc)
            if target is None:
                return None
            position = params.position
            found = hover(server._document(doc), position.line, position.character, target)
            if found is None:
                return None
            return lsp.Hover(
                contents=lsp.MarkupContent(lsp.MarkupKind.Markdown, found.text),
                range=lsp.Range(
                    lsp.Position(found.line, found.start_column),
                    lsp.Position(found.line, found.end_column),
                ),
            )
