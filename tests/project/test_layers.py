"""Imports run down the layers (DESIGN.md): no module imports one above it, and the engine
(like the bot and its cogs) has no import circle, counting imports inside functions and
under ``TYPE_CHECKING``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports anywhere in its body, relative imports resolved."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return found


def _graph(package: str) -> dict[str, set[str]]:
    paths = sorted((ROOT / package.replace(".", "/")).rglob("*.py"))
    modules = {_module_name(p): p for p in paths}
    return {m: {i for i in _imports(p) if i in modules and i != m} for m, p in modules.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle in ``graph``, or [] when there is none."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        state[node] = 2
        path.pop()
        return []

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return []


def _importers_of(package: str, above: str) -> list[str]:
    """Modules of ``package`` that import anything from ``above``."""
    paths = sorted((ROOT / package.replace(".", "/")).rglob("*.py"))
    return [
        _module_name(p)
        for p in paths
        if any(i == above or i.startswith(above + ".") for i in _imports(p))
    ]


def _modules_graph(package: str) -> dict[str, set[str]]:
    """The import graph of ``package``'s modules: a package's __init__ re-exports its
    modules, so it is left out, as ``from ..cards`` does."""
    graph = _graph(package)
    packages = {m for m in graph if any(other.startswith(m + ".") for other in graph)}
    return {m: deps - packages for m, deps in graph.items() if m not in packages}


@pytest.mark.parametrize("package", ["bot.engine", "bot", "cogs"])
def test_no_import_circle(package: str) -> None:
    """The store's backends import its base, never the other way round; a cog's click
    handlers get the services they use, not the cog."""
    assert _cycle(_modules_graph(package)) == []


def test_a_circle_is_found_when_there_is_one() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) == []


def test_reviews_and_shared_words_import_nothing_from_the_discord_layer() -> None:
    assert _importers_of("bot.review", "bot.ui") == []
    assert _importers_of("bot.words", "bot.ui") == []
    assert _importers_of("bot.words", "bot.tables") == []


def test_the_store_imports_nothing_from_the_layers_above_it() -> None:
    for above in ("bot.ratings", "bot.tables", "bot.ui", "bot.tournaments", "cogs"):
        assert _importers_of("bot.store", above) == [], above
