"""Parser and decoder throughput: ``nox -s bench`` or ``python benchmarks/bench.py``.

Reports, in one run:

* the native parser on every file of the shared corpus, in MB/s, beside
  python-hcl2 (when it is installed) on the same files;
* how native parse time grows with file size (10 KB to 10 MB);
* the JSON parser on a generated ``.tf.json`` file, beside ``json.loads``,
  and how its time grows with size;
* formatting and the editable document's round trip against parsing, beside
  python-hcl2's ``dumps(loads(...))``;
* the peak memory of native parsing per MB of input, on the corpus and on
  generated files of each size;
* decoding the terraform-aws-vpc files with a Terraform-like schema,
  against the time to parse them;
* how native parse time grows on inputs that once took quadratic time: a
  string left open at the start of a file, and one long operator chain;
* start-up: the CPU time of ``import hcldecode`` beside ``import attrs,
  cattrs``, and of the first small ``loads`` after import, each in fresh
  interpreters (bytecode cached, as installed packages are);
* a small call: ``loads`` of a 5-line configuration into a 3-field class,
  steady state, beside ``tomllib.loads`` plus building the object by hand.

The corpus is read from ``$HCLDECODE_SHARED/corpus`` (default: ``shared/``
beside the repository, as for the tests); without it the parts that need it
are skipped with a note. Each figure is the best of several runs.
``--quick`` skips the 10 MB sizes.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

try:
    import tomllib
except ImportError:  # Python 3.10
    tomllib = None  # type: ignore[assignment]

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("HCLDECODE_SHARED") or ROOT.parent / "shared").resolve()
CORPUS = SHARED / "corpus"
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "examples" / "terraform"))

from gen_tfjson import generate as generate_tfjson  # noqa: E402
from schema import Module  # noqa: E402

import hcldecode as hcl  # noqa: E402
from hcldecode import json as hcljson  # noqa: E402
from hcldecode import native, write  # noqa: E402

MB = 1_000_000


def best_of(runs: int, work: Callable[[], Any]) -> float:
    """The shortest wall time of ``runs`` calls, with the cyclic garbage collector on,
    as applications run (each run starts from a collected heap)."""
    times = []
    for _ in range(runs):
        gc.collect()
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def _corpus_for_peer(work: str) -> tuple[Any, list[str]]:
    """python-hcl2 (or None when it is not installed) and the valid corpus files it
    can also take through ``work`` (``"loads"`` or ``"dumps"``: a round trip)."""
    invalid = set((CORPUS / "native-invalid.txt").read_text().split())
    files = [p for p in sorted((CORPUS / "native").iterdir()) if p.name not in invalid]
    texts = [p.read_text(encoding="utf-8") for p in files]
    try:
        import hcl2  # noqa: PLC0415 (an optional peer, imported only when installed)
    except ImportError:
        return None, texts
    both = []
    for text in texts:
        try:
            data = hcl2.loads(text)
            if work == "dumps":
                hcl2.dumps(data)
        except Exception:  # python-hcl2 rejects some valid files; leave them out
            continue
        both.append(text)
    return hcl2, both


def native_corpus(runs: int) -> None:
    hcl2, both = _corpus_for_peer("loads")
    size = sum(len(t.encode()) for t in both)
    ours = best_of(runs, lambda: [native.parse_config(t) for t in both])
    print(f"native corpus: {len(both)} files, {size / MB:.2f} MB")
    print(f"  hcldecode     {size / MB / ours:8.2f} MB/s")
    plain = best_of(runs, lambda: [hcl.to_dict(t) for t in both])
    print(f"  hcldecode to_dict {size / MB / plain:4.2f} MB/s  ({plain / ours:.2f}x parse)")
    if hcl2 is not None:
        theirs = best_of(max(1, runs // 2), lambda: [hcl2.loads(t) for t in both])
        print(f"  python-hcl2   {size / MB / theirs:8.2f} MB/s")
        print(f"  speed-up      {theirs / ours:8.1f}x (to_dict: {theirs / plain:.1f}x)")
    else:
        print("  python-hcl2 is not installed: pip install python-hcl2 to compare")


def memory(sizes: list[int]) -> None:
    """Peak memory (tracemalloc) per MB of input: the whole corpus parsed and kept, as
    an application keeps its configuration, and generated files of each size."""
    files = [p for p in sorted((CORPUS / "native").iterdir()) if p.is_file()]
    datas = [(p.name, p.read_bytes()) for p in files]
    size = sum(len(d) for _, d in datas)

    def peak(work: Callable[[], Any]) -> float:
        gc.collect()
        tracemalloc.start()
        kept = work()
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        del kept
        return peak / MB

    corpus = peak(lambda: [native.parse_config(d, n) for n, d in datas])
    print("native parse memory (peak, the trees kept; target at most 15 MB per MB):")
    print(f"  corpus {size / MB:6.2f} MB  {corpus:7.1f} MB  {corpus / (size / MB):5.1f} MB per MB")
    for n in sizes:
        data = native_text(n).encode()
        mb = peak(lambda data=data: native.parse_config(data, "big.tf"))
        print(
            f"  {len(data) / 1000:>9.0f} KB  {mb:7.1f} MB  {mb / (len(data) / MB):5.1f} MB per MB"
        )


def writing(runs: int) -> None:
    """Formatting and the editable document's round trip against parsing, and
    python-hcl2's ``dumps(loads(...))``, on the corpus files all of them read."""
    hcl2, both = _corpus_for_peer("dumps")
    size = sum(len(t.encode()) for t in both)
    parse_s = best_of(runs, lambda: [native.parse_config(t) for t in both])
    format_s = best_of(runs, lambda: [write.format(t) for t in both])
    trip_s = best_of(runs, lambda: [write.parse_document(t)[0].text for t in both])  # type: ignore[union-attr]
    print(f"writing: {len(both)} corpus files, {size / MB:.2f} MB")
    print(f"  parse                      {parse_s * 1000:8.1f} ms")
    print(
        f"  format                     {format_s * 1000:8.1f} ms  ({format_s / parse_s:.2f}x parse)"
    )
    print(f"  document round trip        {trip_s * 1000:8.1f} ms  ({trip_s / parse_s:.2f}x parse)")
    if hcl2 is not None:
        theirs = best_of(max(1, runs // 2), lambda: [hcl2.dumps(hcl2.loads(t)) for t in both])
        print(
            f"  python-hcl2 dumps(loads()) {theirs * 1000:8.1f} ms  "
            f"(format is {theirs / format_s:.1f}x faster)"
        )
    else:
        print("  python-hcl2 is not installed: pip install python-hcl2 to compare")


def native_text(size: int) -> str:
    """A realistic native-syntax file of about ``size`` bytes."""
    chunk = (CORPUS / "native" / "terraform-aws-vpc__main.tf").read_text(encoding="utf-8")
    parts = []
    total = 0
    i = 0
    while total < size:
        part = chunk.replace('resource "', f'resource "r{i}_')
        parts.append(part)
        total += len(part)
        i += 1
    return "".join(parts)[:size].rsplit("\n}\n", 1)[0] + "\n}\n"


def scaling(
    name: str, sizes: list[int], make: Callable[[int], str], parse: Callable[[str], Any]
) -> None:
    print(f"{name} scaling:")
    base = None
    for size in sizes:
        text = make(size)
        runs = 3 if size <= MB else 1
        seconds = best_of(runs, lambda text=text: parse(text))
        per_mb = seconds / (len(text) / MB)
        base = base or per_mb
        kb, ms, ms_per_mb = len(text) / 1000, seconds * 1000, per_mb * 1000
        print(f"  {kb:>9.0f} KB  {ms:9.1f} ms  {ms_per_mb:7.1f} ms/MB  x{per_mb / base:.2f}")


def json_throughput(runs: int, size: int) -> None:
    text = generate_tfjson(size)
    data = text.encode()
    ours = best_of(runs, lambda: hcljson.parse(data, "big.tf.json"))
    stdlib = best_of(runs, lambda: json.loads(data))
    print(f"JSON syntax: generated .tf.json of {len(data) / MB:.2f} MB")
    print(f"  hcldecode     {len(data) / MB / ours:8.2f} MB/s")
    print(f"  json.loads    {len(data) / MB / stdlib:8.2f} MB/s")
    print(f"  fraction of json.loads: 1/{ours / stdlib:.1f}")


def decode_cost(runs: int) -> None:
    files = sorted(p for p in (CORPUS / "native").glob("terraform-aws-vpc__*.tf"))
    groups: dict[str, list[Path]] = {}
    for path in files:
        groups.setdefault(path.name.rsplit("__", 1)[0], []).append(path)
    sources = [[(p.name, p.read_bytes()) for p in group] for group in groups.values()]

    def parse_all() -> list[list[hcl.File]]:
        return [[native.parse_config(data, name)[0] for name, data in group] for group in sources]

    def decode_all() -> None:
        for group in sources:
            bodies = [native.parse_config(data, name)[0].body for name, data in group]
            hcl.decode(hcl.merge_bodies(bodies), Module)

    parse_s = best_of(runs, parse_all)
    decode_s = best_of(runs, decode_all)
    size = sum(len(d) for g in sources for _, d in g)
    print(f"terraform-aws-vpc: {len(files)} files in {len(sources)} modules, {size / MB:.2f} MB")
    print(f"  parse            {parse_s * 1000:8.1f} ms")
    print(f"  parse + decode   {decode_s * 1000:8.1f} ms  ({decode_s / parse_s:.2f}x parse)")


def unclosed_string_text(size: int) -> str:
    """About ``size`` bytes of lines after a string that is never closed."""
    return 'a = "' + "x = 1\n" * (size // 6)


def operator_chain_text(size: int) -> str:
    """One attribute whose value is a chain of about ``size / 4`` additions."""
    return "a = " + " + ".join(["1"] * (size // 4)) + "\n"


def _fresh_cpu_ms(code: str, runs: int) -> float:
    """The least CPU time, in ms, that ``code`` takes in a fresh interpreter."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    timed = f"import time\n_t = time.process_time()\n{code}\nprint(time.process_time() - _t)"
    # The first run writes the bytecode caches that installed packages have.
    subprocess.run([sys.executable, "-c", timed], env=env, check=True, capture_output=True)
    return 1000 * min(
        float(
            subprocess.run(
                [sys.executable, "-c", timed], env=env, check=True, capture_output=True, text=True
            ).stdout
        )
        for _ in range(runs)
    )


_SMALL_CLASS = """
import dataclasses
@dataclasses.dataclass
class Server:
    host: str
    port: int
    tags: list[str]
"""
_SMALL_HCL = 'host = "example.com"\nport = 8080\n# tags\ntags = ["a", "b"]\n\n'
_SMALL_TOML = 'host = "example.com"\nport = 8080\n# tags\ntags = ["a", "b"]\n\n'


def startup(runs: int) -> None:
    runs = max(runs, 7)
    peers = _fresh_cpu_ms("import attrs, cattrs", runs)
    ours = _fresh_cpu_ms("import hcldecode", runs)
    first = _fresh_cpu_ms(
        f"import hcldecode\n{_SMALL_CLASS}\n_t = time.process_time()\n"
        f"hcldecode.loads({_SMALL_HCL!r}, Server)",
        runs,
    )
    print("start-up (CPU time in a fresh interpreter):")
    print(f"  import attrs, cattrs   {peers:6.1f} ms")
    print(f"  import hcldecode       {ours:6.1f} ms  ({ours - peers:+.1f} ms)")
    print(f"  first small loads      {first:6.1f} ms after import")


def small_call(runs: int) -> None:
    if tomllib is None:
        print("small call: skipped (tomllib, the peer, needs Python 3.11)")
        return
    namespace: dict[str, Any] = {}
    exec(_SMALL_CLASS, namespace)
    server = namespace["Server"]

    def ours() -> None:
        for _ in range(1000):
            hcl.loads(_SMALL_HCL, server)

    def peer() -> None:
        for _ in range(1000):
            data = tomllib.loads(_SMALL_TOML)
            server(host=data["host"], port=data["port"], tags=list(data["tags"]))

    ours_s = best_of(runs, ours) / 1000
    peer_s = best_of(runs, peer) / 1000
    print("small call (5-line file into a 3-field class, steady state):")
    print(f"  hcldecode.loads                 {ours_s * 1e6:7.1f} us")
    print(f"  tomllib.loads + construction    {peer_s * 1e6:7.1f} us  ({ours_s / peer_s:.1f}x)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the 10 MB sizes")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    sizes = [10_000, 100_000, 1_000_000] + ([] if args.quick else [10_000_000])
    if CORPUS.is_dir():
        native_corpus(args.runs)
        scaling("native parse", sizes, native_text, native.parse_config)
        memory(sizes)
        writing(args.runs)
    else:
        print(
            f"corpus not found at {CORPUS}: the native corpus, native scaling and decoding"
            " figures are skipped (set HCLDECODE_SHARED to the folder holding corpus/)"
        )
    json_throughput(args.runs, 5 * MB)
    scaling("JSON parse", sizes, generate_tfjson, hcljson.parse)
    if CORPUS.is_dir():
        decode_cost(args.runs)
    scaling("native parse, string left open", sizes[:3], unclosed_string_text, native.parse_config)
    scaling("native parse, operator chain", sizes[:3], operator_chain_text, native.parse_config)
    startup(args.runs)
    small_call(args.runs)


if __name__ == "__main__":
    main()
