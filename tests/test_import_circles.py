"""No import circle anywhere in the package: module A importing B while B imports A
(however far round) means neither can be read, tested or moved alone."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"

# Circles other developers are taking apart: the lead removes a mark when it merges
# the branch that breaks its circle.
KNOWN = {
    # The TV developer's: a view calling another blueprint's view through flask.g.
    frozenset({"scorekeeper.web.evenings", "scorekeeper.web.rounds"}),
    # The hand-shape developer's.
    frozenset({"scorekeeper.engine.spades.scoring", "scorekeeper.engine.spades.guidance"}),
}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def imported(name: str, path: Path, *, inside_functions: bool) -> set[str]:
    """The package's modules `name` imports: at its top (and in class bodies), and with
    `inside_functions` those its functions import when they run, too."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_bytes())
    nodes: list[ast.AST] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if isinstance(child, ast.Import | ast.ImportFrom) and (inside_functions or not inner):
                nodes.append(child)
            # What only a type checker reads is not imported.
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            visit(child, inner)

    visit(tree, False)
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
            continue
        assert isinstance(node, ast.ImportFrom)
        base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
        source = ".".join([*base, *([node.module] if node.module else [])])
        for alias in node.names:
            whole = f"{source}.{alias.name}"
            found.add(whole if whole in MODULES else source)
    return {module for module in found if module in MODULES and module != name}


def imports(*, inside_functions: bool) -> dict[str, set[str]]:
    """Each module of the package and the package's modules it imports."""
    return {
        name: imported(name, path, inside_functions=inside_functions)
        for name, path in MODULES.items()
    }


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """Every group of modules that import one another round a circle (Tarjan's strongly
    connected components of more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                connect(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(frozenset(group))

    for name in sorted(graph):
        if name not in index:
            connect(name)
    return found


def test_no_module_imports_itself_round_a_circle():
    found = circles(imports(inside_functions=False))
    assert [sorted(c) for c in found if c not in KNOWN] == []


def test_no_circle_either_through_the_imports_inside_functions():
    found = circles(imports(inside_functions=True))
    assert [sorted(c) for c in found if c not in KNOWN] == []


def test_the_finder_finds_every_circle_and_nothing_else():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"d", "f"}, "f": {"e"}}
    assert sorted(sorted(c) for c in circles(graph)) == [["a", "b", "c"], ["e", "f"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_imports_inside_functions_are_read_and_relative_ones_resolved():
    inside = imports(inside_functions=True)
    assert "scorekeeper.store" in inside["scorekeeper.cli"]  # `from .store import …` in a command
    assert "scorekeeper.store" not in imports(inside_functions=False)["scorekeeper.cli"]
    assert "scorekeeper.cli" in inside["scorekeeper.__main__"]  # `from .cli import main`
