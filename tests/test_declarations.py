"""A game is declared once (issue 24, part 1): no layer above the rules asks which game it
serves, and the arrows between the layers point one way.

- no branch on a game's name outside the rules packages (``gloam/nightfall``,
  ``gloam/nightmarium``), in Python (read with ``ast``) or in the browser's JavaScript
  (read with patterns); a branch planted in a file of its own is found by the same scan;
- the server imports only ``gloam.core``, ``gloam.games``, ``gloam.bots`` and itself;
- ``core`` imports nothing above it, and the rules packages only ``core`` and themselves;
- the one import circle is Nightfall's effect plugins (``tests/test_imports.py`` reads
  the imports the same way);
- every registered game's declaration holds together (its classes, its setup fields,
  its event lines with the one signature).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from gloam.bots import bot_names
from gloam.core import SPECTATOR
from gloam.games import declaration, declarations, game_names, get_game
from test_imports import circles, import_graph

SRC = Path(__file__).resolve().parents[1] / "src"
GLOAM = SRC / "gloam"
RULES = ("nightfall", "nightmarium")
JS = GLOAM / "server" / "web" / "static" / "js"
#: the server's own per-game views and their registry (one module per game, as the rules)
JS_GAME_VIEWS = JS / "view"


# --- the scanner ---------------------------------------------------------------------------
def _names_a_game(node: ast.AST, names: set[str]) -> bool:
    """Whether ``node`` is a game's name, or a tuple/list/set holding one."""
    if isinstance(node, ast.Constant):
        return node.value in names
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_names_a_game(e, names) for e in node.elts)
    return False


def python_branches(path: Path, names: set[str]) -> list[str]:
    """Every comparison with a game's name (``==``, ``!=``, ``in``, ``is``…) and every
    ``case "nightfall":`` in one Python file, as ``path:line``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare) and any(_names_a_game(n, names) for n in [node.left, *node.comparators]):
            found.append(f"{path}:{node.lineno}")
        elif isinstance(node, ast.MatchValue) and _names_a_game(node.value, names):
            found.append(f"{path}:{node.lineno}")
    return found


def js_branches(path: Path, names: set[str]) -> list[str]:
    """Every comparison with a game's name, ``case "…":``, a list of game names or an
    object keyed by them (``{ nightfall: "heuristic" }``) in one JavaScript file."""
    name = "|".join(re.escape(n) for n in sorted(names))
    quoted = rf"[\"'`](?:{name})[\"'`]"
    patterns = [rf"[!=]==?\s*{quoted}", rf"{quoted}\s*[!=]==?", rf"\bcase\s+{quoted}", rf"\[\s*{quoted}\s*,",
                rf"\b(?:{name})\s*:\s*[\"'`\w]"]
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        code = line.split("//", 1)[0]
        if any(re.search(p, code) for p in patterns):
            found.append(f"{path}:{number}")
    return found


def game_name_branches(root: Path, names: set[str]) -> list[str]:
    """The branches on a game's name under ``root`` outside the rules packages and the
    browser's per-game views."""
    found = []
    for path in sorted(root.rglob("*.py")):
        if not any(part in RULES for part in path.relative_to(root).parts[:1]):
            found += python_branches(path, names)
    for path in sorted(root.rglob("*.js")):
        if JS_GAME_VIEWS not in path.parents:
            found += js_branches(path, names)
    return found


def test_no_layer_above_the_rules_branches_on_a_games_name():
    assert game_name_branches(GLOAM, set(game_names())) == []


@pytest.mark.parametrize("name, text", [
    ("planted.py", 'def bot(game):\n    return "heuristic" if game.name == "nightfall" else "greedy"\n'),
    ("planted.py", 'def lang(args, lang):\n    if args.game != "nightmarium":\n        return lang\n'),
    ("planted.py", 'def is_card_game(name):\n    return name in ("nightfall", "nightmarium")\n'),
    ("planted.py", 'def f(name):\n    match name:\n        case "nightfall":\n            return 1\n'),
    ("planted.js", 'const body = f.game === "nightfall" ? nightfallFields() : nightmariumFields();\n'),
    ("planted.js", 'const DEFAULT_BOT = { nightfall: "heuristic", nightmarium: "greedy" };\n'),
    ("planted.js", '["nightfall", "nightmarium"].map((g) => g);\n'),
])
def test_a_planted_branch_on_a_games_name_is_found(tmp_path, name, text):
    """The scan fails on a branch planted in a file of its own (so it can fail at all)."""
    (tmp_path / name).write_text(text, encoding="utf-8")
    assert len(game_name_branches(tmp_path, set(game_names()))) == 1
    (tmp_path / "rules").mkdir()
    assert game_name_branches(tmp_path / "rules", set(game_names())) == []


def test_the_scan_leaves_the_rules_packages_and_plain_mentions_alone(tmp_path):
    """A game's own package may ask its own name, and a name that is only data (a
    registry's key, a default argument) is no branch."""
    (tmp_path / "nightfall").mkdir()
    (tmp_path / "nightfall" / "rules.py").write_text('ok = name == "nightfall"\n', encoding="utf-8")
    (tmp_path / "registry.py").write_text('KITS = {"nightfall": 1}\ndef env(name="nightmarium"): ...\n',
                                          encoding="utf-8")
    assert game_name_branches(tmp_path, set(game_names())) == []


# --- the imports -----------------------------------------------------------------------------
#: what the server may import besides itself
#: ``gloam.workers`` is the process pool every front end shares (no game in it): the
#: server's search bots run on it so they die with the server (issue 23 §7)
SERVER_MAY_IMPORT = ("gloam.core", "gloam.games", "gloam.bots", "gloam.workers")


def gloam_imports(path: Path) -> list[tuple[int, str]]:
    """The gloam modules one file imports anywhere (top, function, ``TYPE_CHECKING``)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names if a.name.split(".")[0] == "gloam"]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module \
                and node.module.split(".")[0] == "gloam":
            out.append((node.lineno, node.module))
    return out


def foreign_imports(root: Path, own: str, allowed: tuple[str, ...]) -> list[str]:
    """Imports of the files under ``root`` (package ``own``) of a gloam module that is
    neither ``own`` nor one of ``allowed`` (a package and its modules)."""
    ok = (own, *allowed)
    return [f"{path}:{line}: {module}" for path in sorted(root.rglob("*.py"))
            for line, module in gloam_imports(path)
            if not any(module == p or module.startswith(p + ".") for p in ok)]


def test_the_server_imports_only_core_games_bots_workers_and_itself():
    assert foreign_imports(GLOAM / "server", "gloam.server", SERVER_MAY_IMPORT) == []


def test_a_planted_server_import_of_a_game_is_found(tmp_path):
    (tmp_path / "views.py").write_text("def f():\n    from gloam.nightfall.describe import describe_event\n",
                                       encoding="utf-8")
    (tmp_path / "ok.py").write_text("from gloam.games import declaration\nimport gloam.server.views\n",
                                    encoding="utf-8")
    assert foreign_imports(tmp_path, "gloam.server", SERVER_MAY_IMPORT) == [f"{tmp_path / 'views.py'}:2:"
                                                                            " gloam.nightfall.describe"]


@pytest.mark.parametrize("package, allowed", [
    ("core", ()),                                   # core/record.py imported games.py before issue 24
    ("nightfall", ("gloam.core",)),
    ("nightmarium", ("gloam.core",)),
])
def test_no_arrow_runs_back_up(package, allowed):
    """``core`` imports nothing above it; a rules package only ``core`` and itself."""
    assert foreign_imports(GLOAM / package, f"gloam.{package}", allowed) == []


#: the one import circle allowed: Nightfall's effect registry and its plugins
PLUGIN = "gloam.nightfall.registry"


def circles_besides_the_plugin(graph: dict[str, set[str]]) -> list[list[str]]:
    return [sorted(c) for c in circles(graph)
            if not (PLUGIN in c and all(m == PLUGIN or m.startswith("gloam.nightfall.effects") for m in c))]


def test_the_only_import_circle_is_the_effect_plugin():
    graph = import_graph()
    assert circles_besides_the_plugin(graph) == []
    assert len(circles(graph)) == 1


def test_a_planted_circle_is_found():
    """An import back from ``core`` to the registry would close a circle: the check sees it."""
    graph = import_graph()
    graph["gloam.core.errors"].add("gloam.games")
    assert circles_besides_the_plugin(graph) != []


# --- the declarations ------------------------------------------------------------------------
@pytest.mark.parametrize("name", RULES)
def test_each_declaration_holds_together(name):
    d = declaration(name)
    game = get_game(name, {})
    assert d.name == name == game.name and type(game) is d.game_class
    state = game.new_initial_state(seed=3)
    assert type(state) is d.state_class and d.state_class.from_json(state.to_json()) == state
    assert d.default_bot in bot_names(name)
    assert d.lang("ja") in d.languages and d.lang("en") == "en"
    for viewer in (SPECTATOR, 0):
        obs = state.observation(viewer)
        lines = [d.describe_event(game, obs, e, viewer, ["Ann", "Bob"], lang) for e in state.events_for(viewer)
                 for lang in ("en", "ja")]
        assert lines and all(isinstance(line, str) and line for line in lines)
    omniscient = d.omniscient_observation(state)
    assert omniscient["hands"] == [list(h) for h in state.hands]
    written = d.write_position(state)                  # a position written reads back to itself
    assert d.write_position(d.parse_position(written)) == written
    keys = [option.key for option in d.setup_options()]
    assert len(keys) == len(set(keys)) and keys


def test_the_registry_knows_every_game_once():
    assert [d.name for d in declarations()] == game_names() == sorted(set(game_names()))
