"""The layout the redesign keeps: what the core may import, no cycles, no reaching into privates, small modules."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("toolfilter_core", "langchain_toolfilter", "llamaindex_toolfilter")
FORBIDDEN_IN_CORE = {"langchain", "langchain_core", "llama_index", "bm25s", "matplotlib"}
# The reports' plots (the bench extra): matplotlib there alone, imported inside its functions.
ALLOWED_IN_CORE = {("toolfilter_core._report.plots", "matplotlib")}
MAX_LINES = 450


def modules() -> dict[str, Path]:
    out = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            out[name] = path
    return out


MODULES = modules()


def _is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def _type_checking_lines(tree: ast.AST) -> set[int]:
    """Lines inside ``if TYPE_CHECKING:`` blocks (imports there never run)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for child in node.body:
                lines.update(range(child.lineno, (child.end_lineno or child.lineno) + 1))
    return lines


def imports(name: str) -> list[tuple[str, list[str], int]]:
    """Every import of a module, lazy ones included: (absolute module, names taken, line)."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    guarded = _type_checking_lines(tree)
    here = name if _is_package(name) else name.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        if node.lineno in guarded if isinstance(node, ast.Import | ast.ImportFrom) else True:
            continue
        if isinstance(node, ast.Import):
            out.extend((alias.name, [], node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = here
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            module = node.module or ""
            target = (f"{base}.{module}" if module else base) if node.level else module
            out.append((target, [alias.name for alias in node.names], node.lineno))
    return out


def internal_edges(name: str) -> set[str]:
    """The project modules ``name`` imports (``from pkg import mod`` counts as importing mod)."""
    edges = set()
    for target, names, _ in imports(name):
        for candidate in [f"{target}.{n}" for n in names] + [target]:
            if candidate in MODULES:
                edges.add(candidate)
                break
    edges.discard(name)
    return edges


@pytest.mark.parametrize("name", [n for n in MODULES if n.split(".")[0] == "toolfilter_core"])
def test_the_core_never_imports_a_framework_or_a_benchmark_dependency(name: str) -> None:
    found = {
        (t, line)
        for t, _, line in imports(name)
        if t.split(".")[0] in FORBIDDEN_IN_CORE and (name, t.split(".")[0]) not in ALLOWED_IN_CORE
    }
    assert not found, f"{name} imports {sorted(found)}"


def test_matplotlib_is_imported_only_inside_the_plot_functions() -> None:
    tree = ast.parse(MODULES["toolfilter_core._report.plots"].read_text(encoding="utf-8"))
    top = [n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)]
    names = [a.name for n in top if isinstance(n, ast.Import) for a in n.names]
    names += [n.module or "" for n in top if isinstance(n, ast.ImportFrom)]
    assert not [n for n in names if n.split(".")[0] == "matplotlib"]


def test_there_is_no_import_cycle_among_the_packages() -> None:
    graph = {name: internal_edges(name) for name in MODULES}
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append(path[path.index(nxt) :] + [nxt] if nxt in path else [node, nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert not cycles, f"import cycles: {cycles}"


# Names that hold an instance of the class whose method reads them.
OWN_INSTANCES = {"self", "cls", "clone"}
# Private attributes of third-party packages read on purpose, each with its reason.
THIRD_PARTY_PRIVATES = {
    # chromadb keeps one System per path and never releases it; the store closes it itself
    ("toolfilter_core.index._chroma_connect", "SharedSystemClient._identifier_to_system"),
    ("toolfilter_core.index._chroma_connect", "SharedSystemClient._identifier_to_refcount"),
    # not third-party: a classmethod of the directory lock closing its own instance's descriptor
    ("toolfilter_core.index._chroma_lock", "lock._fd"),
}


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_imports_or_calls_another_modules_private_names(name: str) -> None:
    # a private module of the project may be imported; a private name inside one may not
    taken = [
        (t, n, line) for t, names, line in imports(name) for n in names if _private(n) and f"{t}.{n}" not in MODULES
    ]
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    reached = [
        (ast.unparse(node), node.lineno)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and _private(node.attr)
        and not (isinstance(node.value, ast.Name) and node.value.id in OWN_INSTANCES)
        and (name, ast.unparse(node)) not in THIRD_PARTY_PRIVATES
    ]
    assert not taken, f"{name} imports private names: {taken}"
    assert not reached, f"{name} reaches into private attributes: {reached}"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_is_over_the_line_limit(name: str) -> None:
    lines = len(MODULES[name].read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{name}: {lines} lines (limit {MAX_LINES}); split it by what it holds"
