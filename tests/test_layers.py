"""The layers of ARCHITECTURE.md, as the imports are: none runs back up a layer."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"

# Lowest first. A module may import from its own layer and those below it.
LAYERS = {
    "scorekeeper.engine": 0,  # the rules: the standard library only
    "scorekeeper.network": 0,  # address helpers, below everything
    "scorekeeper.paths": 0,
    "scorekeeper.limits": 1,  # what results add up to and what the app accepts: pure too
    "scorekeeper.stats": 1,
    "scorekeeper.standings": 1,
    "scorekeeper.night": 1,
    "scorekeeper.ratings": 1,
    "scorekeeper.seasons": 1,
    "scorekeeper.scoresheet": 1,
    "scorekeeper.summary": 1,  # a game's summary, as the store keeps it
    "scorekeeper.store": 2,  # SQLite
    "scorekeeper.web": 3,  # the faces: thin, asking the layers below
    "scorekeeper.pdf": 3,
    "scorekeeper.cli": 4,  # what starts: the command line and the server it launches
    "scorekeeper.serve": 4,
    "scorekeeper.__main__": 4,
}


def layer(module: str) -> int | None:
    found = [
        n for prefix, n in LAYERS.items() if module == prefix or module.startswith(prefix + ".")
    ]
    return found[0] if found else None


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, module: str) -> set[str]:
    """Every scorekeeper module `path` imports, at its top or inside a function."""
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            names = [f"{target}.{alias.name}" for alias in node.names]
            found.update(name if layer(name) is not None else target for name in names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.startswith("scorekeeper")}


def test_every_module_has_a_layer():
    unplaced = [module_name(p) for p in PACKAGE.rglob("*.py") if layer(module_name(p)) is None]
    assert unplaced == [module_name(PACKAGE / "__init__.py")]  # the package itself


def test_no_import_runs_back_up_a_layer():
    upward = []
    for path in PACKAGE.rglob("*.py"):
        module = module_name(path)
        own = layer(module)
        if own is None:
            continue
        for target in imported(path, module):
            theirs = layer(target)
            if theirs is not None and theirs > own:
                upward.append(f"{module} imports {target}")
    assert upward == [], "\n".join(sorted(upward))


def _cycles(prefix: str) -> list[list[str]]:
    """The import circles among the modules under `prefix` (inside functions too)."""
    graph: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        module = module_name(path)
        if module.startswith(prefix):
            graph[module] = {m for m in imported(path, module) if m.startswith(prefix)}
    found, done = [], set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            found.append([*path[path.index(module) :], module])
            return
        if module in done:
            return
        for target in sorted(graph.get(module, ())):
            visit(target, [*path, module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])
    return found


def test_no_import_circle_in_the_engine_or_the_entries():
    circles = _cycles("scorekeeper.engine") + _cycles("scorekeeper.web.entry")
    assert circles == [], "\n".join(" → ".join(circle) for circle in circles)
