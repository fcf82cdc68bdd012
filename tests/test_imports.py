"""Import structure (issue 12, "a house a newcomer can change"): the import circles it
removed stay removed. The modules' imports are read from their source (every ``import``,
at the top, inside a function or under ``TYPE_CHECKING``), so a lazy import that closes a
circle again fails here too; the one circle allowed is Nightfall's effect registry and its
``effects/*.py`` plugins (one plugin pattern)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"


def _module_names() -> dict[str, Path]:
    """Every module of the gloam package by dotted name (a package by its own name)."""
    names = {}
    for path in sorted((SRC / "gloam").rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join(parts)] = path
    return names


def import_graph() -> dict[str, set[str]]:
    """module -> the gloam modules it imports anywhere in its source."""
    modules = _module_names()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                # "from gloam.nightfall import engine" imports the submodule engine
                targets = [f"{node.module}.{alias.name}" if f"{node.module}.{alias.name}" in modules
                           else node.module for alias in node.names]
            else:
                continue
            graph[name].update(t for t in targets if t in modules and t != name)
    return graph


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(component)

    for v in graph:
        if v not in index:
            visit(v)
    return found


#: the circles issue 12 names, by the modules that formed them
REMOVED = {
    "bots/base.py and the concrete bots": {"gloam.bots.base", "gloam.bots.ismcts", "gloam.bots.nightfall_heuristic",
                                            "gloam.bots.nightmarium_greedy", "gloam.bots.registry"},
    "nightfall game.py, constructed.py, state.py": {"gloam.nightfall.game", "gloam.nightfall.constructed",
                                                   "gloam.nightfall.state", "gloam.nightfall.formats"},
    "nightfall phases.py and verbs.py": {"gloam.nightfall.phases", "gloam.nightfall.verbs"},
    "nightmarium game.py and state.py": {"gloam.nightmarium.game", "gloam.nightmarium.state"},
    "a state and its table view": {"gloam.nightfall.state", "gloam.nightfall.view", "gloam.nightmarium.state",
                                   "gloam.nightmarium.view"},
    "cli play.py and position.py": {"gloam.cli.play", "gloam.cli.position"},
}


def test_the_graph_reader_sees_lazy_imports():
    """The reader counts an import inside a function (Nightfall's registry imports its
    effect modules that way), so it finds the plugin circle it must find."""
    graph = import_graph()
    assert "gloam.nightfall.effects" in graph["gloam.nightfall.registry"]
    plugin = next(c for c in circles(graph) if "gloam.nightfall.registry" in c)
    assert {"gloam.nightfall.effects", "gloam.nightfall.effects.cw"} <= plugin


@pytest.mark.parametrize("name", sorted(REMOVED))
def test_a_removed_circle_stays_removed(name):
    """No two of the modules that formed the circle sit in one import circle again."""
    modules = REMOVED[name]
    tangled = [sorted(c & modules) for c in circles(import_graph()) if len(c & modules) > 1]
    assert tangled == [], f"{name}: import circle again among {tangled}"


def test_the_bots_interface_loads_no_bot():
    """Importing the bots package (and so base.py) loads no concrete bot and no game's
    rules: the registry imports a bot when it is first asked for."""
    code = ("import sys, gloam.bots, gloam.bots.base\n"
            "print(sorted(m for m in sys.modules if m.startswith(('gloam.bots.', 'gloam.nightfall', "
            "'gloam.nightmarium'))))\n"
            "from gloam.games import get_game\n"
            "print(gloam.bots.make_bot('hard', get_game('nightmarium', {})).name)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(SRC)})
    loaded, made = out.stdout.split("\n")[:2]
    assert loaded == "['gloam.bots.base', 'gloam.bots.registry']"
    assert made == "hard"
