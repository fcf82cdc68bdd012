"""The typed boundary (issue 12 §3-4): nothing the engine hands out lets a caller change
a state, and nothing outside the rules packages reaches into the engine's pending work.

Both games, mid-game positions from seeded random play (bots and front ends only ever see
what ``pending()``, ``legal_action_indices()``, ``observation()``, ``events_for()`` and
``view()`` return).
"""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

from gloam.core import SPECTATOR, Choice, Decision, IllegalActionError, Refs
from gloam.core.protocol import GameState
from gloam.games import get_game

SRC = Path(__file__).resolve().parent.parent / "src" / "gloam"

SETUPS = [
    ("nightmarium", {"players": 3}),
    ("nightfall", {"players": 2}),
    ("nightfall", {"players": 3, "archives": "draft"}),
]


def positions(name: str, setup: dict, seed: int, count: int = 6) -> list[GameState]:
    """``count`` positions along one seeded random game (with the turn limit a simulation
    uses, so it always ends)."""
    game = get_game(name, setup)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    seen: list[GameState] = []
    steps = 0
    while not state.is_terminal() and len(seen) < count and steps < 3000:
        if steps % 37 == 5:
            seen.append(state.clone())
        state.apply(rng.choice(state.legal_action_indices()))
        steps += 1
    return seen


ALL = [(name, setup, s) for name, setup in SETUPS for s in positions(name, setup, 11)]
IDS = [f"{name}-{setup.get('players')}p-{k}" for k, (name, setup, _) in enumerate(ALL)]


@pytest.mark.parametrize(("name", "setup", "state"), ALL, ids=IDS)
def test_appending_to_the_legal_list_does_not_make_an_index_legal(name, setup, state) -> None:
    legal = state.legal_action_indices()
    illegal = next(i for i in range(len(state.action_space)) if i not in legal)
    legal.append(illegal)
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply(illegal)
    assert state.to_json() == before
    assert illegal not in state.legal_action_indices()


@pytest.mark.parametrize(("name", "setup", "state"), ALL, ids=IDS)
def test_mutating_an_observation_changes_neither_the_state_nor_a_clone(name, setup, state) -> None:
    clone = state.clone()
    before = json.dumps(state.to_json(), sort_keys=True)
    for viewer in [*range(state.num_players), SPECTATOR]:
        obs = state.observation(viewer)
        _scribble(obs)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    assert clone == state
    assert state.observation(0) == clone.observation(0)


@pytest.mark.parametrize(("name", "setup", "state"), ALL, ids=IDS)
def test_mutating_events_changes_neither_the_state_nor_a_clone(name, setup, state) -> None:
    clone = state.clone()
    before = json.dumps(state.to_json(), sort_keys=True)
    for viewer in [None, *range(state.num_players), SPECTATOR]:
        for event in state.events_for(viewer):
            _scribble(event)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    assert clone == state


@pytest.mark.parametrize(("name", "setup", "state"), ALL, ids=IDS)
def test_mutating_a_view_changes_nothing(name, setup, state) -> None:
    before = json.dumps(state.to_json(), sort_keys=True)
    for viewer in [*range(state.num_players), SPECTATOR]:
        view = state.view(viewer)
        json.dumps(view)  # JSON-able
        _scribble(view)
        assert "scribbled" not in state.view(viewer)  # a fresh view, not the one handed out before
    assert json.dumps(state.to_json(), sort_keys=True) == before


@pytest.mark.parametrize(("name", "setup", "state"), ALL, ids=IDS)
def test_the_decision_is_frozen_and_every_option_is_typed_and_labelled(name, setup, state) -> None:
    decision = state.pending()
    assert isinstance(decision, Decision)
    assert decision.indices == tuple(state.legal_action_indices())
    for choice in decision.choices:
        assert isinstance(choice, Choice) and isinstance(choice.refs, Refs)
        assert state.action_space[choice.index] == choice.action
        assert choice.label["en"] and choice.label["ja"], choice
        for card in choice.refs.cards:
            assert 0 <= card < _instances(state), f"{choice.action} names no card instance {card}"
        for seat in choice.refs.players:
            assert 0 <= seat < state.num_players
    with pytest.raises(AttributeError):
        decision.player = 99  # type: ignore[misc]
    json.dumps(decision.to_json("ja"))


def _instances(state: GameState) -> int:
    data = state.to_json()
    return len(data["cards"]) if "cards" in data else len(state.game.legion)  # type: ignore[attr-defined]


def _scribble(value) -> None:
    """Change every container in ``value`` in place."""
    if isinstance(value, dict):
        for v in list(value.values()):
            _scribble(v)
        value["scribbled"] = True
    elif isinstance(value, list):
        for v in value:
            _scribble(v)
        value.append(-7)


# ------------------------------------------------------------------ no reaching in
#: the rules packages, and the conformance checks that audit their internals (the soak's and
#: the conformance suites' invariants: cards conserved, positions sound); everything else
#: is a front end, a bot, an adapter or a tool
RULES = ("core", "nightfall", "nightmarium", "conformance")
#: the engine's pending work and per-turn bookkeeping, and integer action offsets
INTERNAL_KEYS = {"stack", "flags", "in_flight"}
OFFSETS = {"PLAY0", "CARD0", "DISCARD0", "PLAYER0", "ARCHIVE0", "OPTION0", "ATTACK0", "BLOCK0",
           "TARGET0", "discard_index0"}


def _front_end_files() -> list[Path]:
    return sorted(p for p in SRC.rglob("*.py") if p.relative_to(SRC).parts[0] not in RULES)


def _reaches_in(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) \
                and node.slice.value in INTERNAL_KEYS:
            found.append(f"line {node.lineno}: [{node.slice.value!r}]")
        elif isinstance(node, ast.Attribute) and node.attr in INTERNAL_KEYS:
            found.append(f"line {node.lineno}: .{node.attr}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
                and node.args and isinstance(node.args[0], ast.Constant) and node.args[0].value in INTERNAL_KEYS:
            found.append(f"line {node.lineno}: .get({node.args[0].value!r})")
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.endswith(".actions"):
            found += [f"line {node.lineno}: imports {a.name}" for a in node.names if a.name in OFFSETS]
    return found


def test_front_ends_read_neither_pending_frames_nor_flags_nor_action_offsets() -> None:
    """Issue 12, done when: nothing outside nightfall/ and nightmarium/ touches ``stack``,
    ``flags`` or frame data, or decodes action integers by offset."""
    files = _front_end_files()
    assert len(files) > 20
    offenders = {str(p.relative_to(SRC)): hits for p in files if (hits := _reaches_in(p))}
    assert not offenders, offenders


def test_the_check_finds_a_front_end_that_reaches_in(tmp_path: Path) -> None:
    leaky = tmp_path / "leaky.py"
    leaky.write_text("from gloam.nightfall.actions import PLAY0\n"
                     "def f(obs, a):\n    return obs['stack'][-1], obs.get('flags'), a - PLAY0\n")
    assert len(_reaches_in(leaky)) == 3
