"""Forks (gloam.core.fork) and the record's version 2 (``engine``, ``fork``): a fair fork
re-deals what the forker could not see with the fork's own seed, so it owes nothing to
the parent's hidden cards or seed; a fork's record replays, with ``gloam replay`` too."""

from __future__ import annotations

import json
import random

import pytest

from gloam.cli.main import main
from gloam.core.errors import RecordError
from gloam.core.fork import fork_state
from gloam.core.record import VERSION, Record
from gloam.core.rng import Rng
from gloam.games import get_game

SETUPS = [("nightmarium", {"players": 3}), ("nightfall", {"players": 2})]


def played(game, seed: int, steps: int):
    """A state ``steps`` random legal actions after the deal of ``seed``."""
    state = game.new_initial_state(seed)
    pick = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(pick.choice(state.legal_action_indices()))
    return state


def hidden_from(state, viewer: int) -> list:
    """What ``viewer`` cannot see: every other hand (and the deck's order)."""
    return [list(h) for p, h in enumerate(state.hands) if p != viewer]


@pytest.mark.parametrize("name, setup", SETUPS)
def test_two_parents_that_differ_only_in_hidden_cards_fork_alike(name, setup):
    game = get_game(name, setup)
    parent = played(game, 11, 6)
    # another parent: the same for seat 0 to see, every other card re-dealt, another seed
    other = game.determinize(parent.observation(0), Rng(12345))
    assert other.observation(0) == parent.observation(0)
    assert hidden_from(other, 0) != hidden_from(parent, 0) or other.rng != parent.rng
    a = fork_state(game, parent, 0, seed=99)
    b = fork_state(game, other, 0, seed=99)
    assert a.to_json() == b.to_json()
    assert a.observation(0) == parent.observation(0)          # what the forker saw is kept
    assert a.rng != parent.rng                                # the fork draws from its own generator
    assert fork_state(game, parent, 0, seed=100).to_json() != a.to_json()


@pytest.mark.parametrize("name, setup", SETUPS)
def test_an_exact_fork_is_the_state_and_leaves_it_alone(name, setup):
    game = get_game(name, setup)
    parent = played(game, 5, 4)
    before = parent.to_json()
    exact = fork_state(game, parent, None, seed=1)
    assert exact.to_json() == before and exact is not parent
    fork_state(game, parent, 1, seed=1)
    assert parent.to_json() == before


def fork_record(name: str, setup: dict, seed: int = 3) -> tuple[Record, object]:
    """A fork of a game at step 5, played to the end by random choices, as a record."""
    game = get_game(name, setup)
    start = fork_state(game, played(game, seed, 5), 1, seed=seed + 1)
    state, pick, actions = start.clone(), random.Random(seed), []
    while not state.is_terminal():
        actions.append(pick.choice(state.legal_action_indices()))
        state.apply(actions[-1])
    record = Record.of(game, 0, actions, ["random"] * game.num_players, start=start.to_json(),
                       fork={"table": "abc", "at": 5, "as": 1, "exact": False})
    return record, state


@pytest.mark.parametrize("name, setup", SETUPS)
def test_a_fork_record_round_trips_and_replays(name, setup):
    record, final = fork_record(name, setup)
    data = json.loads(json.dumps(record.to_json()))
    assert data["version"] == VERSION == 2 and data["engine"].startswith("gloam ")
    assert data["fork"] == {"table": "abc", "at": 5, "as": 1, "exact": False}
    again = Record.from_json(data)
    assert again == record
    assert again.replay().to_json() == final.to_json()


def test_a_version_1_record_is_still_read():
    game = get_game("nightmarium", {"players": 2})
    data = Record.of(game, 7, [0, 0]).to_json()
    data["version"] = 1
    del data["engine"]
    record = Record.from_json(data)
    assert record.engine is None and record.fork is None
    assert record.replay() == Record.of(game, 7, [0, 0]).replay()


@pytest.mark.parametrize("fork", [{"at": -1}, {"at": "5"}, {"at": 1, "as": "0"}, {"at": 1, "table": 5},
                                  {"at": 1, "exact": 1}, {"at": 1, "parent": {}}, [1]])
def test_a_bad_fork_field_is_refused(fork):
    record, _ = fork_record("nightmarium", {"players": 2})
    data = dict(record.to_json(), fork=fork)
    with pytest.raises(RecordError, match="record field 'fork' must be"):
        Record.from_json(data)


def test_a_fork_field_without_a_start_is_refused():
    data = Record.of(get_game("nightmarium", {"players": 2}), 1, []).to_json()
    data["fork"] = {"table": None, "at": 0, "as": 0}
    with pytest.raises(RecordError, match="come with a 'start'"):
        Record.from_json(data)


@pytest.mark.parametrize("name, setup", SETUPS)
def test_gloam_replay_plays_a_fork_record(name, setup, tmp_path, capsys):
    record, _ = fork_record(name, setup)
    path = tmp_path / "fork.json"
    record.save(path)
    assert main(["replay", str(path), "--all"]) == 0
    out = capsys.readouterr().out
    assert f"{len(record.actions)}/{len(record.actions)}" in out.replace(" ", "")


@pytest.mark.parametrize("name, setup", [*SETUPS, ("nightfall", {"players": 3, "archives": "draft",
                                                                 "secret_archives": True})])
def test_the_every_card_view_lists_every_hand_and_keeps_to_the_schema(name, setup):
    import importlib.resources

    jsonschema = pytest.importorskip("jsonschema")
    from gloam.games import omniscient_table_view

    schema = json.loads(importlib.resources.files(f"gloam.{name}").joinpath("data/view.schema.json")
                        .read_text("utf-8"))
    game = get_game(name, setup)
    state = played(game, 8, 2 if setup.get("archives") == "draft" else 12)
    view = omniscient_table_view(state, "en")
    jsonschema.Draft202012Validator(schema).validate(view)
    if setup.get("archives") == "draft":                      # mid-draft: every player's draft hand
        assert len(view["drafts"]) == 3 and all(d["hand"] for d in view["drafts"])
    hands = [p["hand"] for p in view["players"]]
    assert [len(h) for h in hands] == [len(h) for h in state.hands] and all(h is not None for h in hands)
    assert "options" not in (view["decision"] or {})
