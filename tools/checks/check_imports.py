"""Check the import structure of ``src/hcldecode``: layers point down, no circles.

Reads every module's imports from its source (nothing is imported or run)
and fails, listing each problem, when

* a module imports one of a higher layer, or a package of its own layer
  that the table below does not let it use;
* a module above the syntaxes imports one of them (``native``, ``json``) when its
  package is not one of ``SYNTAX_AWARE``;
* a module imports a private name (one starting with ``_``, not a module)
  from another module;
* runtime imports form a circle (imports inside ``if TYPE_CHECKING:`` are
  left out, since they never run), apart from the pairs in ``ALLOWED_CIRCLES``.

Usage: ``python tools/checks/check_imports.py [SRC_DIR]``; exit status 0 when the
structure is sound, 1 otherwise.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

PACKAGE = "hcldecode"

# The layers, lowest first. A module may import modules of its own package and of
# lower layers; packages that share a layer may not import each other unless listed
# in SIDEWAYS.
LAYERS: list[tuple[str, ...]] = [
    # Unicode text rules, quoting, suggestions; lazily loaded names; the methods that
    # attrs classes share instead of generating them; marks for the compiled build
    ("_text", "_lazy", "_record", "_compile"),
    ("values",),  # types, numbers, values, conversion, the function model (go-cty)
    # go-cty's function library, over emulations of Go's regexp, time, fmt, csv; and
    # Python types and classes as values (the rule table, the field model)
    ("functions", "pytypes"),
    ("model",),  # positions, diagnostics, bodies, expressions, traversals (hcl)
    ("native", "json", "write"),  # the two syntaxes (hclsyntax, json), writing (hclwrite)
    ("ext", "hclparse"),  # extensions (ext/*), and parsing many files (hclparse)
    ("decoding", "hcldec"),  # class decoding (gohcl) and specs (hcldec)
    ("lsp",),  # the language server, from configuration classes (pygls only when serving)
    # the hcldecode command; an HCL file as a pydantic-settings source; mock bodies and
    # expressions for tests (hcltest); front ends giving other libraries' results (compat)
    ("cli", "settings", "testing", "compat"),
    ("",),  # the package's own __init__ and __main__: the public API
]

# The JSON syntax reads its strings as native templates, as HCL's json package
# uses hclsyntax.
# Writing native files (formatting, later editing) works on the native scanner's
# tokens and checks files with its parser, as HCL's hclwrite builds on hclsyntax.
# Editing JSON-syntax files works on the JSON parser's ranges.
SIDEWAYS = {("json", "native"), ("write", "native"), ("write", "json")}

# The syntaxes. Above their layer only these packages may import them: hclparse (which
# chooses a syntax by a file's name and parses either), the command, the test mocks
# (which parse a traversal's text, as hcltest does), the language server (which colours
# native tokens), the compatibility front ends (which write other libraries' results
# from the syntax trees), and the package's own __init__.
# Everything else above them (the extensions, the decoders) works on the
# syntax-independent model (Body, Expression) and parses through hclparse.
SYNTAXES = {"native", "json"}
SYNTAX_AWARE = {"hclparse", "cli", "lsp", "testing", "compat", ""}

# The expression tree and its evaluator are one unit split in two files: nodes
# call evaluate() to compute their value, and the evaluator dispatches on the
# node classes. Keeping them apart keeps each file readable.
ALLOWED_CIRCLES = [{"hcldecode.native._ast", "hcldecode.native._evaluate"}]


def _rank(module: str) -> tuple[int, str]:
    parts = module.split(".")
    top = parts[1] if len(parts) > 1 and not parts[1].startswith("__") else ""
    for rank, names in enumerate(LAYERS):
        if top in names:
            return rank, top
    raise SystemExit(f"check_imports: {module} is in no layer; add its package to LAYERS")


def _module_name(path: Path, src: Path) -> str:
    parts = list(path.relative_to(src).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.Module, module: str, is_package: bool) -> Iterator[tuple[str, int, bool]]:
    """(imported module, line, runs at run time) for every import of ``module``."""
    package = module if is_package else module.rpartition(".")[0]

    def walk(node: ast.AST, runtime: bool) -> Iterator[tuple[str, int, bool]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                for stmt in child.body:
                    yield from walk_stmt(stmt, runtime=False)
                for stmt in child.orelse:
                    yield from walk_stmt(stmt, runtime)
            else:
                yield from walk_stmt(child, runtime)

    def walk_stmt(node: ast.AST, runtime: bool) -> Iterator[tuple[str, int, bool]]:
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno, runtime
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not module.startswith(target + "."):  # an ancestor package is already loaded
                yield target, node.lineno, runtime
            for alias in node.names:
                yield f"{target}.{alias.name}", node.lineno, runtime
        else:
            yield from walk(node, runtime)

    yield from walk(tree, runtime=True)


def check(src: Path) -> list[str]:
    """Every problem in the package under ``src``, as printable lines."""
    modules: dict[str, Path] = {}
    for path in sorted((src / PACKAGE).rglob("*.py")):
        modules[_module_name(path, src)] = path
    problems: list[str] = []
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        rank, top = _rank(name)
        for target, line, runtime in _imports(tree, name, path.name == "__init__.py"):
            if target not in modules:
                module, _, imported = target.rpartition(".")
                if module in modules and imported.startswith("_"):
                    where = f"{path.relative_to(src)}:{line}"
                    problems.append(f"{where}: {name} imports the private name {target}")
                continue  # not ours, or a name imported from a module
            target_rank, target_top = _rank(target)
            where = f"{path.relative_to(src)}:{line}"
            if target_rank > rank:
                problems.append(
                    f"{where}: {name} (layer {rank}) imports {target} (layer {target_rank})"
                )
            elif target_rank == rank and target_top != top and (top, target_top) not in SIDEWAYS:
                problems.append(f"{where}: {name} imports {target}, a package of its own layer")
            elif target_top in SYNTAXES and rank > target_rank and top not in SYNTAX_AWARE:
                problems.append(
                    f"{where}: {name} imports the syntax {target}; above the syntaxes only "
                    f"{', '.join(sorted(p or 'the root' for p in SYNTAX_AWARE))} may"
                )
            if runtime and target != name:
                graph[name].add(target)
    for circle in _circles(graph):
        if set(circle) not in ALLOWED_CIRCLES:
            members = set(circle)
            edges = [f"{a} -> {b}" for a in circle for b in sorted(graph[a]) if b in members]
            problems.append(f"import circle among {len(circle)} modules: " + "; ".join(edges))
    return problems


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def main(argv: list[str]) -> int:
    src = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parents[2] / "src"
    problems = check(src)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} import problem(s)")
        return 1
    print(f"imports: layers point down, no circles ({PACKAGE} under {src})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
