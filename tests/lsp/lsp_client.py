"""A small Language Server Protocol client, written against the specification: it
starts ``hcldecode lsp`` as a subprocess and speaks JSON-RPC to it over its
standard input and output (``Content-Length`` framed messages)."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, BinaryIO

TIMEOUT = 20.0


class LspClient:
    """The server process, the messages it sent, and the requests answered."""

    def __init__(self, args: Sequence[str], cwd: Path, *, command: Sequence[str] = ()) -> None:
        # (``command`` instead of ``hcldecode lsp ARGS``: another way to start a server)
        self.process = subprocess.Popen(
            list(command) or [sys.executable, "-m", "hcldecode", "lsp", *args],
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self._next_id = 0
        self._messages: queue.Queue[dict[str, Any] | None] = queue.Queue()
        #: Notifications received and not yet waited for, in order.
        self.notifications: list[dict[str, Any]] = []
        self._reader = threading.Thread(target=self._read, args=(self.process.stdout,))
        self._reader.daemon = True
        self._reader.start()

    def _read(self, stream: BinaryIO) -> None:
        while True:
            length = None
            while True:
                header = stream.readline()
                if not header:
                    self._messages.put(None)
                    return
                if header in (b"\r\n", b"\n"):
                    break
                name, colon, value = header.decode("ascii").partition(":")
                assert colon, f"not a header: {header!r}"
                if name.strip().lower() == "content-length":
                    length = int(value.strip())
            assert length is not None
            self._messages.put(json.loads(stream.read(length).decode("utf-8")))

    def _send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def _next(self) -> dict[str, Any]:
        try:
            message = self._messages.get(timeout=TIMEOUT)
        except queue.Empty:
            raise AssertionError("the server said nothing for too long") from None
        if message is None:
            assert self.process.stderr is not None
            raise AssertionError("the server ended: " + self.process.stderr.read().decode())
        return message

    def request(self, method: str, params: Any) -> Any:
        """Send a request and return its result (the server's requests get null)."""
        self._next_id += 1
        ident = self._next_id
        self._send({"id": ident, "method": method, "params": params})
        while True:
            message = self._next()
            if message.get("id") == ident and "method" not in message:
                assert "error" not in message, message["error"]
                return message.get("result")
            self._take(message)

    def notify(self, method: str, params: Any) -> None:
        self._send({"method": method, "params": params})

    def _take(self, message: dict[str, Any]) -> None:
        if "method" in message and "id" in message:  # a request of the server's
            self._send({"id": message["id"], "result": None})
        elif "method" in message:
            self.notifications.append(message)

    def wait_for(self, method: str, uri: str | None = None) -> dict[str, Any]:
        """The next notification ``method`` (about ``uri``), waiting for it if need be."""
        while True:
            for i, message in enumerate(self.notifications):
                if message["method"] == method and (
                    uri is None or message["params"].get("uri") == uri
                ):
                    return self.notifications.pop(i)["params"]  # type: ignore[no-any-return]
            self._take(self._next())

    # ------------------------------------------------------------------ LSP

    def initialize(self, root: Path, encodings: Sequence[str] | None = None) -> Any:
        capabilities: dict[str, Any] = {
            "textDocument": {
                "completion": {"completionItem": {"snippetSupport": True}},
                "hover": {"contentFormat": ["markdown"]},
            }
        }
        if encodings is not None:
            capabilities["general"] = {"positionEncodings": list(encodings)}
        result = self.request(
            "initialize",
            {"processId": None, "rootUri": root.as_uri(), "capabilities": capabilities},
        )
        self.notify("initialized", {})
        return result

    def open(self, uri: str, text: str, version: int = 1) -> None:
        self.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "hcl", "version": version, "text": text}},
        )

    def change(self, uri: str, version: int, changes: list[dict[str, Any]]) -> None:
        self.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": version}, "contentChanges": changes},
        )

    def close_document(self, uri: str) -> None:
        self.notify("textDocument/didClose", {"textDocument": {"uri": uri}})

    def diagnostics(self, uri: str) -> dict[str, Any]:
        return self.wait_for("textDocument/publishDiagnostics", uri)

    def completion(self, uri: str, line: int, character: int) -> Any:
        return self.request(
            "textDocument/completion",
            {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}},
        )

    def hover(self, uri: str, line: int, character: int) -> Any:
        return self.request(
            "textDocument/hover",
            {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}},
        )

    def stop(self) -> int:
        """Shut the server down as a client does; its exit status."""
        if self.process.poll() is None:
            self.request("shutdown", None)
            self.notify("exit", None)
        try:
            status = self.process.wait(timeout=TIMEOUT)
        finally:
            for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
                if stream is not None:
                    stream.close()
        return status


def at(uri: str, line: int, character: int) -> dict[str, Any]:
    """The parameters of a request about a position in a document."""
    return {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}


def completion_items(found: Any) -> list[tuple[str, int, str | None, str, int]]:
    """Each completion item as (label, kind, detail, inserted text, first column
    replaced); the list must be complete."""
    assert found["isIncomplete"] is False
    return [
        (
            item["label"],
            item["kind"],
            item.get("detail"),
            item["textEdit"]["newText"],
            item["textEdit"]["range"]["start"]["character"],
        )
        for item in found["items"]
    ]
