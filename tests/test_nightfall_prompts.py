"""Nightfall's prompts in Japanese (docs/view.md, "The decision"): every prompt the engine
can ask has its Japanese sentence in ``nightfall/i18n.py``, so a Japanese table never
shows an English prompt. Two checks: every prompt written in the engine's code (read
with ``ast``: the text given to ``Ask``, ``_choose`` and ``may``, word for word or as an
f-string's shape), and every prompt asked in seeded random games of every set, draft and
variant."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from gloam.games import get_game
from gloam.nightfall import i18n
from gloam.nightfall.game import VARIANTS

ENGINE = Path(i18n.__file__).parent
PROMPT_ARG = {"Ask": 3, "_choose": 4, "may": 1}     # the position of the prompt in each call
#: prompts passed on in a variable, made elsewhere (covered by the games below)
PASSED_ON = {"prompt", "_prompt(d, seat)", "frame['prompt']"}


def _shape(node: ast.expr) -> str:
    """An f-string's literal parts with ``{}`` for each value."""
    return "".join(part.value if isinstance(part, ast.Constant) else "{}" for part in node.values)


def _template_shapes() -> set[str]:
    return {re.sub(r"\{\w+\}", "{}", en) for en in i18n.PROMPTS_JA}


def engine_prompts() -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(literal prompts, f-string shapes) in the engine's code, each with where it is."""
    literals, shapes = [], []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or node.func.id not in PROMPT_ARG:
                continue
            k = PROMPT_ARG[node.func.id]
            arg = node.args[k] if len(node.args) > k else None
            where = f"{path.name}:{node.lineno}"
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                literals.append((arg.value, where))
            elif isinstance(arg, ast.JoinedStr):
                shapes.append((_shape(arg), where))
            else:
                assert arg is not None and ast.unparse(arg).replace('"', "'") in PASSED_ON, \
                    f"{where}: a prompt made some new way ({ast.unparse(arg) if arg else 'none'}): check it here"
    return literals, shapes


def test_every_prompt_in_the_engines_code_has_its_japanese():
    literals, shapes = engine_prompts()
    assert len(literals) > 30 and len(shapes) >= 5          # the reader finds them
    missing = [f"{where}: {text!r}" for text, where in literals if i18n.prompt_text(text, "ja") is None]
    assert not missing, "no Japanese for: " + "; ".join(missing)
    known = _template_shapes()
    unmatched = [f"{where}: {shape!r}" for shape, where in shapes if shape not in known]
    assert not unmatched, "no Japanese template for: " + "; ".join(unmatched)


SETUPS = [
    {"players": 2},
    {"players": 3, "sets": ["CW", "ML"], "archives": "draft", "moons": True},
    {"players": 4, "sets": ["CW", "ML", "NF"], "archives": "draft", "moons": True, "promos": True},
    {"players": 2, "sets": ["NF", "BC"], "archives": "quick", "long": True, "promos": True},
    {"players": 5, "sets": ["ML", "BC"], "archives": "draft", "promos": True},
    {"players": 3, "sets": ["CW", "NF"], "custom_starters": True},
    *({"players": 4 if v == "teams" else 3, "sets": ["CW", "ML"], "archives": "draft", v: True} for v in VARIANTS),
]


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: "-".join(k for k, v in s.items() if v is True) or "-".join(s.get("sets", ["CW"])))
def test_every_prompt_asked_in_random_games_reads_in_japanese(setup):
    rng = random.Random(hash(tuple(sorted(setup))) % 1000)
    asked: dict[str, str] = {}
    for _ in range(12):
        state = get_game("nightfall", setup).new_initial_state(rng.randrange(2**32))
        while True:
            english = state.prompt()
            asked.setdefault(english, i18n.prompt_text(english, "ja"))
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_action_indices()))
    missing = sorted(en for en, ja in asked.items() if ja is None)
    assert not missing, f"no Japanese for {missing}"
    assert all(not re.search(r"[A-Za-z]{4}", ja) or "初期デッキ" in ja for ja in asked.values()), asked
    view = state.view(0, "ja")
    assert view["decision"] is None or view["decision"]["prompt"] == asked[state.prompt()]


def test_a_japanese_view_carries_the_japanese_prompt_and_an_english_one_the_english():
    state = get_game("nightfall", {"players": 2}).new_initial_state(5)
    en, ja = state.view(0, "en")["decision"], state.view(0, "ja")["decision"]
    assert en["prompt"] == state.prompt()
    assert ja["prompt"] == i18n.prompt_text(state.prompt(), "ja") and ja["prompt"] != en["prompt"]
    spectator = state.view(-1, "ja")["decision"]
    assert spectator["prompt"] == ja["prompt"] and "options" not in spectator
