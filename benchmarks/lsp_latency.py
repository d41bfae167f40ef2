"""Language server latency: re-check per change, completion, and a plain decode.

Starts ``hcldecode lsp`` (needs ``pip install hcldecode[lsp]``) over stdio on a
generated configuration of 10 KB, 100 KB and 1 MB (``--quick``: the first two),
and prints, per size, in milliseconds (the median of ``--runs`` rounds):

- ``decode``: ``hcl.loads`` of the same text in this process, for comparison
  (wall clock, then the CPU time it took);
- ``re-check``: from an edit (one character, incremental) sent to the diagnostics
  of that version received, with ``--debounce 0`` (the check alone); then the
  server process's CPU time for it (on Linux, from ``/proc``), which a busy
  machine does not inflate;
- ``completion``: a completion request answered, in a block, after the check;
- ``error`` and ``mended``: the server's CPU time for an edit near the top that
  makes a syntax error (a character after the first block's opening brace: the
  native parser recovers from it within the block, and nothing is decoded), and
  for the edit that takes it out again;
- ``burst``: ten edits sent at once with the default debounce: how many reports
  came (1 means only the last state was checked).

With ``--json``, the same for the configuration written in the JSON syntax
(``.hcl.json``), which the server parses whole after each change.

Usage: ``python benchmarks/lsp_latency.py [--quick] [--runs N] [--json]``.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from queue import Queue
from typing import Any

import hcldecode as hcl

SCHEMA = """
import dataclasses
from typing import Annotated, Literal
import hcldecode as hcl


@dataclasses.dataclass
class Listener:
    name: Annotated[str, hcl.label()]
    port: int
    tls: bool = False
    protocol: Literal["http", "grpc"] = "http"


@dataclasses.dataclass
class Config:
    service: str
    listeners: Annotated[list[Listener], hcl.block("listener")] = dataclasses.field(
        default_factory=list
    )
"""

BLOCK = 'listener "l{n}" {{\n  port     = {n}\n  tls      = true\n  protocol = "grpc"\n}}\n'


JSON_BLOCK = (
    '    "l{n}": {{\n      "port": {n},\n      "tls": true,\n      "protocol": "grpc"\n    }}'
)
JSON_START = '{\n  "service": "bench",\n  "listener": {\n'


def config_text(size: int, json_syntax: bool = False) -> str:
    """A configuration of about ``size`` characters, in either syntax: line 2 of the
    native one (line 4 of the JSON one) sets the first port, 0, at column 13 (14)."""
    block = JSON_BLOCK if json_syntax else BLOCK
    parts = [JSON_START if json_syntax else 'service = "bench"\n']
    total, n = len(parts[0]), 0
    while total < size:
        parts.append(block.format(n=n))
        total += len(parts[-1])
        n += 1
    if json_syntax:
        return parts[0] + ",\n".join(parts[1:]) + "\n  }\n}\n"
    return "".join(parts)


class Client:
    def __init__(self, folder: Path, debounce: str) -> None:
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "hcldecode",
                "lsp",
                "--schema",
                "schema.py:Config",
                "--debounce",
                debounce,
            ],
            cwd=folder,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        self.messages: Queue[dict[str, Any]] = Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()
        self.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        self.notify("initialized", {})

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            length = 0
            while (line := stream.readline()) not in (b"\r\n", b""):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            if not line:
                return
            self.messages.put(json.loads(stream.read(length)))

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        self.process.stdin.flush()

    def notify(self, method: str, params: Any) -> None:
        self.send({"method": method, "params": params})

    def request(self, method: str, params: Any) -> Any:
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        while True:
            message = self.messages.get(timeout=60)
            if message.get("id") == self.next_id and "method" not in message:
                return message.get("result")

    def diagnostics(self, version: int, timeout: float = 60) -> list[int]:
        """The versions reported until the one asked for arrives."""
        seen = []
        while True:
            message = self.messages.get(timeout=timeout)
            if message.get("method") == "textDocument/publishDiagnostics":
                seen.append(message["params"].get("version"))
                if seen[-1] == version:
                    return seen

    def stop(self) -> None:
        self.request("shutdown", None)
        self.notify("exit", None)
        self.process.wait(timeout=60)


def _cpu(pid: int) -> float:
    """The CPU time (user + system, seconds) of a process so far; NaN where ``/proc``
    does not say it."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def change(client: Client, uri: str, version: int, where: tuple[int, int, int], text: str) -> None:
    """Replace the characters ``where`` (line, start, end) with ``text``, incrementally."""
    line, start, end = where
    client.notify(
        "textDocument/didChange",
        {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [
                {
                    "range": {
                        "start": {"line": line, "character": start},
                        "end": {"line": line, "character": end},
                    },
                    "text": text,
                }
            ],
        },
    )


# Where each syntax's text sets the first port (line, start, end), where a
# character is a syntax error (after the first block's opening brace), and where
# a completion is asked for (in the first block).
PORT = {False: (2, 13, 14), True: (4, 14, 15)}
ERROR = {False: (1, 15, 15), True: (3, 11, 11)}
COMPLETION = {False: (3, 2), True: (5, 6)}


def edit(client: Client, uri: str, version: int, json_syntax: bool = False) -> None:
    # The first port's digit changes back and forth.
    change(client, uri, version, PORT[json_syntax], str(version % 10))


def timed_change(
    client: Client, uri: str, version: int, where: tuple[int, int, int], text: str
) -> float:
    """The server's CPU time from a change sent to its diagnostics received."""
    cpu = _cpu(client.process.pid)
    change(client, uri, version, where, text)
    client.diagnostics(version)
    return _cpu(client.process.pid) - cpu


def measure(folder: Path, size: int, runs: int, json_syntax: bool = False) -> dict[str, float]:
    text = config_text(size, json_syntax)
    uri = (folder / f"bench-{size}.hcl{'.json' if json_syntax else ''}").as_uri()
    decode, decode_cpu = [], []
    for _ in range(runs):
        start, cpu = time.perf_counter(), time.process_time()
        hcl.loads(text, _config(folder), syntax="json" if json_syntax else "native")
        decode.append(time.perf_counter() - start)
        decode_cpu.append(time.process_time() - cpu)
    client = Client(folder, "0")
    client.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "hcl", "version": 1, "text": text}},
    )
    client.diagnostics(1)
    recheck, recheck_cpu, completion = [], [], []
    line, character = COMPLETION[json_syntax]
    for version in range(2, runs + 2):
        start, cpu = time.perf_counter(), _cpu(client.process.pid)
        edit(client, uri, version, json_syntax)
        client.diagnostics(version)
        recheck.append(time.perf_counter() - start)
        recheck_cpu.append(_cpu(client.process.pid) - cpu)
        start = time.perf_counter()
        client.request(
            "textDocument/completion",
            {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}},
        )
        completion.append(time.perf_counter() - start)
    # A character after the first block's opening brace is a syntax error; taking
    # it out mends it.
    broken, mended = [], []
    version = runs + 2
    line, start, end = ERROR[json_syntax]
    for _ in range(runs):
        broken.append(timed_change(client, uri, version, (line, start, end), "x"))
        mended.append(timed_change(client, uri, version + 1, (line, start, end + 1), ""))
        version += 2
    client.stop()
    burst = Client(folder, "0.1")
    burst.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "hcl", "version": 1, "text": text}},
    )
    burst.diagnostics(1)
    for version in range(2, 12):
        edit(burst, uri, version, json_syntax)
    reports = len(burst.diagnostics(11))
    burst.stop()
    return {
        "decode": statistics.median(decode) * 1000,
        "decode cpu": statistics.median(decode_cpu) * 1000,
        "re-check": statistics.median(recheck) * 1000,
        "re-check cpu": statistics.median(recheck_cpu) * 1000,
        "completion": statistics.median(completion) * 1000,
        "error cpu": statistics.median(broken) * 1000,
        "mended cpu": statistics.median(mended) * 1000,
        "burst": reports,
    }


def _config(folder: Path) -> type:
    """The schema's class, loaded in this process as the server loads it."""
    if "bench_schema" not in sys.modules:
        spec = importlib.util.spec_from_file_location("bench_schema", folder / "schema.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["bench_schema"] = module
        spec.loader.exec_module(module)
    config: type = sys.modules["bench_schema"].Config
    return config


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the 1 MB size")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="JSON-syntax documents too")
    args = parser.parse_args(argv)
    sizes = [10_000, 100_000] if args.quick else [10_000, 100_000, 1_000_000]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "schema.py").write_text(SCHEMA, encoding="utf-8")
        for json_syntax in (False, True) if args.json else (False,):
            print(
                f"{'JSON' if json_syntax else 'native':<6}"
                f"{'size':>9}  {'decode':>9}  {'(cpu)':>9}  {'re-check':>9}  {'(cpu)':>9}"
                f"  {'completion':>10}  {'error (cpu)':>11}  {'mended (cpu)':>12}  burst reports"
            )
            for size in sizes:
                found = measure(folder, size, args.runs, json_syntax)
                print(
                    f"{'':<6}{size:>9,}  {found['decode']:>7.1f}ms  {found['decode cpu']:>7.1f}ms"
                    f"  {found['re-check']:>7.1f}ms  {found['re-check cpu']:>7.1f}ms"
                    f"  {found['completion']:>8.1f}ms  {found['error cpu']:>9.1f}ms"
                    f"  {found['mended cpu']:>10.1f}ms  {found['burst']:>13}"
                )


if __name__ == "__main__":
    main()
