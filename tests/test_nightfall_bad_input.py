"""Nightfall: bad input of every kind gives a typed error (``gloam.core.errors``) with a
message that says what is wrong, and changes nothing: rejected actions (illegal, out of
range, not actions, the wrong player, after the end), impossible setups, corrupt saved
states and records, broken card-data files, and card effects that do not match the card
data. Wall time ~1.5 s.

Tests marked ``xfail(strict=True, reason="engine: …")`` are engine bugs found here: they
fail today and will start passing (and so fail as XPASS) once the engine is fixed.
"""

from __future__ import annotations

import copy
import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest

from gloam.core.errors import (
    ActionIndexError,
    CardDataError,
    GameOverError,
    GloamError,
    IllegalActionError,
    RecordError,
    SetupError,
    WrongPlayerError,
)
from gloam.core.record import Record
from gloam.games import get_game
from gloam.nightfall.actions import (
    CARD0,
    PLAY0,
    SIZE,
    Attack,
    Block,
    Card,
    Done,
    Feed,
    Pass,
    Play,
    action_space,
)
from gloam.nightfall.cards import load_card_file, load_set
from gloam.nightfall.game import NightfallGame
from gloam.nightfall.registry import Effects
from gloam.nightfall.state import NightfallState
from gloam.nightmarium import Draw

SEED = 17
DATA = Path(__file__).resolve().parents[1] / "src" / "gloam" / "nightfall" / "data" / "coldest_war.json"


# --------------------------------------------------------------------- helpers
def random_positions(game: NightfallGame, seed: int) -> list[NightfallState]:
    """Every position of one seeded random game, including the final one."""
    chooser = random.Random(seed)
    state = game.new_initial_state(seed)
    positions = []
    while not state.is_terminal():
        positions.append(state.clone())
        state.apply(chooser.choice(state.legal_action_indices()))
    positions.append(state)
    return positions


def play_until(game: NightfallGame, kind: str, seed: int = SEED, tries: int = 40) -> NightfallState:
    """The first position of a seeded random game whose pending decision is ``kind``."""
    for attempt in range(tries):
        for state in random_positions(game, seed + attempt):
            if state.decision_kind() == kind:
                return state
    raise AssertionError(f"no {kind} decision reached in {tries} random games")


def assert_rejected(state: NightfallState, action: Any, error: type[GloamError], match: str,
                    player: Any = None) -> None:
    """``apply`` raises exactly ``error`` (matching ``match``) and changes nothing."""
    before = state.to_json()
    legal = list(state.legal_action_indices())
    with pytest.raises(error, match=match) as info:
        state.apply(action, player=player)
    assert type(info.value) is error, f"{type(info.value).__name__} raised, expected {error.__name__}"
    assert state.to_json() == before, "a rejected action changed the state"
    assert state.legal_action_indices() == legal


# --------------------------------------------------------------------- actions
def test_an_action_legal_in_another_position_is_rejected() -> None:
    """At every position of random 2-, 3- and 5-player games (quick start and drafts,
    with moons: every decision kind they reach), an action that was legal somewhere else
    in the game but is not legal now is refused and changes nothing."""
    picker = random.Random(5)
    kinds = set()
    tried = 0
    for players, archives, seed in ((2, "quick", 3), (3, "draft", 4), (5, "ml-draft", 5)):
        positions = random_positions(NightfallGame(players=players, archives=archives, moons=True), seed)
        seen = sorted({i for s in positions for i in s.legal_action_indices()})
        for position in positions[:-1:3]:
            legal = set(position.legal_action_indices())
            action = picker.choice([i for i in seen if i not in legal])
            assert_rejected(position, action, IllegalActionError, r"is not legal now \(\w+ decision of player \d\)")
            kinds.add(position.decision_kind())
            tried += 1
    assert tried > 300
    assert {"draft", "combat_window", "attack", "block", "chain_start", "link", "claim", "wound_effect",
            "moon"} <= kinds


def test_playing_an_opponents_card_is_rejected() -> None:
    """Rule 122: only the active player starts a chain, with a card from their own hand:
    player 1's order cannot be played by player 0, nor by player 1 out of turn."""
    game = NightfallGame(players=2)
    state = play_until(game, "chain_start")
    p = state.current_player()
    theirs = state.hands[1 - p][0]
    assert_rejected(state, Play(theirs), IllegalActionError, rf"Play\(card={theirs}\) is not legal now "
                    rf"\(chain_start decision of player {p}\)")
    mine = next(i for i in state.legal_action_indices() if i >= PLAY0)
    assert_rejected(state, mine, WrongPlayerError, rf"player {1 - p} cannot act", player=1 - p)


def test_the_wrong_kind_of_action_for_a_decision_is_rejected() -> None:
    """A block during the attack decision, a feed or an attack outside their decisions,
    a target card during a combat window: refused, nothing changes."""
    game = NightfallGame(players=3)
    attack = play_until(game, "attack")
    assert_rejected(attack, Block(0, 0), IllegalActionError, r"Block\(slot=0, attack=0\) is not legal now "
                    r"\(attack decision")
    assert_rejected(attack, Feed(), IllegalActionError, "attack decision")
    window = play_until(game, "combat_window")
    assert_rejected(window, Attack(0, 1), IllegalActionError, "combat_window decision")
    assert_rejected(window, Card(0), IllegalActionError, "combat_window decision")
    assert_rejected(window, Done(), IllegalActionError, "combat_window decision")


@pytest.mark.parametrize("index", [-1, -SIZE, SIZE, SIZE + 1, 10**9])
def test_an_index_out_of_range_is_rejected(index: int) -> None:
    state = NightfallGame(players=2).new_initial_state(SEED)
    assert_rejected(state, index, ActionIndexError,
                    rf"action index {index} is outside the action space 0\.\.{SIZE - 1}")


@pytest.mark.parametrize("value", ["0", "Pass", b"0", True, False, None, 0.0, 2.5, [0], (0,),
                                   {"type": "Pass"}, Pass])
def test_a_value_that_is_not_an_action_is_rejected(value: Any) -> None:
    """Strings, bools (even though ``True == 1``), None, floats, containers and the
    action class itself are not actions."""
    state = NightfallGame(players=2).new_initial_state(SEED)
    assert_rejected(state, value, IllegalActionError,
                    rf"an action must be an Action or an int, not {type(value).__name__}")


@pytest.mark.parametrize("action", [Card(512), Play(-1), Attack(16, 0), Attack(0, 6), Block(0, 16), Draw()])
def test_an_action_object_outside_the_action_space_is_rejected(action: Any) -> None:
    """Nightfall actions beyond the table's limits, and another game's action."""
    state = NightfallGame(players=2).new_initial_state(SEED)
    assert_rejected(state, action, IllegalActionError, "is not an action of this game")


def test_an_action_by_the_wrong_player_is_rejected() -> None:
    """``apply(a, player=q)`` for q not to act is refused even when ``a`` is legal, and
    seats that do not exist or are not ints are refused too."""
    game = NightfallGame(players=3)
    state = game.new_initial_state(SEED)
    legal = state.legal_action_indices()[0]
    p = state.current_player()
    for q in ((p + 1) % 3, (p + 2) % 3, 3, 7, -1):
        assert_rejected(state, legal, WrongPlayerError, rf"player {q} cannot act: it is player {p}'s decision",
                        player=q)
    for q in ("0", True, 0.0):
        assert_rejected(state, legal, WrongPlayerError, "a player is a seat number", player=q)
    state.apply(legal, player=p)  # the right player may


def test_a_defender_cannot_block_for_another_defender() -> None:
    """Rule 106: each defender blocks with his own minions when asked; another player
    cannot answer that block decision."""
    game = NightfallGame(players=3)
    state = play_until(game, "block")
    who = state.current_player()
    assert who != state.active
    for q in range(3):
        if q != who:
            assert_rejected(state, state.legal_action_indices()[0], WrongPlayerError,
                            rf"it is player {who}'s decision", player=q)


def test_no_action_after_the_game_is_over() -> None:
    """Rule 161: the game is over; every action afterwards is refused, by anyone."""
    state = random_positions(NightfallGame(players=2), SEED)[-1]
    assert state.is_terminal()
    for action in (Pass(), Done(), 0, 1, 2, CARD0, Play(0), Attack(0, 1)):
        assert_rejected(state, action, GameOverError, "the game is over")
    assert_rejected(state, Pass(), GameOverError, "the game is over", player=state.winner)
    assert_rejected(state, SIZE, ActionIndexError, "outside the action space")  # range first
    assert state.pending() is None and state.legal_action_indices() == []


# --------------------------------------------------------------------- setups
@pytest.mark.parametrize("options, message", [
    ({"players": 6}, r"Nightfall is for 2 to 5 players, not 6"),
    ({"players": 1}, r"Nightfall is for 2 to 5 players, not 1"),
    ({"players": 0}, r"Nightfall is for 2 to 5 players, not 0"),
    ({"players": "3"}, r"players must be an integer, not '3'"),
    ({"players": 3.0}, r"players must be an integer, not 3\.0"),
    ({"players": True}, r"players must be an integer, not True"),
    ({"first_player": 2}, r"first_player must be a seat from 0 to 1, not 2"),
    ({"players": 4, "first_player": -1}, r"first_player must be a seat from 0 to 3, not -1"),
    ({"first_player": "0"}, r"first_player must be an integer or \"random\", not '0'"),
    ({"first_player": True}, r"first_player must be an integer or \"random\", not True"),
    ({"archives": "swiss"}, r"archives must be one of quick, draft, ml-draft, not 'swiss'"),
    ({"archives": None}, r"archives must be one of .*, not None"),
    ({"sets": ["CW", "XX"]}, r"unknown set 'XX': the sets are CW, ML, NF, BC"),
    ({"sets": ["BC"]}, r"BC: Blood Country is not standalone \(seed 003\)"),
    ({"sets": []}, r"sets must be a non-empty list of set codes"),
    ({"sets": "CW"}, r"sets must be a non-empty list of set codes, not 'CW'"),
    ({"long": "yes"}, r"long must be true or false, not 'yes'"),
    ({"moons": 1}, r"moons must be true or false, not 1"),
    ({"turn_limit": -1}, r"turn_limit must be 0 \(no limit\) or positive"),
    ({"turn_limit": "5"}, r"turn_limit must be an integer"),
    ({"players": 5, "long": True}, r"75 face-up wounds are needed but the wound stack has 60"),
    ({"draft_cards": 4}, r"draft_cards is an option of the drafts"),
    ({"archives": "draft", "draft_cards": 3}, r"deal 4 draft cards to each player \(rule 19\), not 3"),
    ({"colour": "red"}, r"unknown setup option\(s\): colour"),
])
def test_an_impossible_setup(options: dict[str, Any], message: str) -> None:
    """Setups no Nightfall game has are refused with SetupError, through the game class
    and through the registry (the path of ``gloam play`` and of records)."""
    with pytest.raises(SetupError, match=message):
        get_game("nightfall", options)
    if "colour" not in options:
        with pytest.raises(SetupError, match=message):
            NightfallGame(**options)


def test_a_setup_that_is_not_an_object() -> None:
    with pytest.raises(SetupError, match="setup must be an object"):
        NightfallGame.from_setup_json(["players", 2])


@pytest.mark.parametrize("seed", ["1", 1.0, None, True])
def test_a_seed_that_is_not_an_integer(seed: Any) -> None:
    with pytest.raises(SetupError, match=rf"seed must be an integer, not {seed!r}"):
        NightfallGame(players=2).new_initial_state(seed)


# --------------------------------------------------------------------- saved states
def saved_state() -> tuple[NightfallState, dict[str, Any]]:
    """A mid-game 3-player position (a chain in progress if the game reaches one) and its
    JSON data, through JSON text."""
    game = NightfallGame(players=3, moons=True)
    state = game.new_initial_state(SEED)
    chooser = random.Random(SEED)
    for _ in range(400):
        state.apply(chooser.choice(state.legal_action_indices()))
        if state.chain and state.play[0] and state.play[1] and len(state.stack) > 3:
            break
    return state, json.loads(json.dumps(state.to_json()))


def test_a_valid_saved_state_loads() -> None:
    """The baseline of the corrupt-state tests."""
    state, data = saved_state()
    assert NightfallState.from_json(data) == state


@pytest.mark.parametrize("key", sorted(NightfallGame(players=2).new_initial_state(1).to_json()))
def test_a_saved_state_missing_a_field(key: str) -> None:
    """Every field of a saved state is needed: without it, RecordError names the field."""
    _, data = saved_state()
    del data[key]
    message = "not a saved Nightfall state" if key == "game" else rf"malformed Nightfall state: KeyError\('{key}'\)"
    with pytest.raises(RecordError, match=message):
        NightfallState.from_json(data)


def test_a_saved_state_with_a_duplicated_card() -> None:
    """A card in two places (a hand card also in a discard pile) is refused."""
    _, data = saved_state()
    data["discards"][2].append(data["hands"][0][0])
    with pytest.raises(RecordError, match=r"cards are not conserved: (\d+) placed, (?!\1)\d+ distinct"):
        NightfallState.from_json(data)


@pytest.mark.parametrize("zone", ["decks", "hands", "discards", "wounds", "archives", "moons"])
def test_a_saved_state_with_a_missing_card(zone: str) -> None:
    """A card taken out of any zone is refused."""
    _, data = saved_state()
    pile = {"decks": lambda: data["decks"][1], "hands": lambda: data["hands"][2],
            "discards": lambda: max(data["discards"], key=len), "wounds": lambda: data["wounds"],
            "archives": lambda: data["archives"][0]["cards"], "moons": lambda: data["moons"]}[zone]()
    assert pile, f"the saved state has no card in {zone} to remove"
    pile.pop()
    with pytest.raises(RecordError, match=rf"cards are not conserved: \d+ placed, \d+ distinct, {len(data['cards'])}"
                                          r" exist"):
        NightfallState.from_json(data)


@pytest.mark.parametrize("card", [-1, 511, 10**6])
def test_a_saved_state_with_a_card_id_that_does_not_exist(card: int) -> None:
    _, data = saved_state()
    data["hands"][0][0] = card
    with pytest.raises(RecordError, match="cards are not conserved"):
        NightfallState.from_json(data)


@pytest.mark.parametrize("change, message", [
    ({"game": "nightmarium"}, "not a saved Nightfall state"),
    ({"setup": {"players": 6}}, r"malformed Nightfall state: SetupError\('Nightfall is for 2 to 5 players, not 6'\)"),
    ({"face_up": "many"}, r"malformed Nightfall state: ValueError"),
    ({"rng": -1}, r"malformed Nightfall state: ValueError\('rng state must be an integer"),
    ({"rng": "seed"}, r"malformed Nightfall state: ValueError\('rng state must be an integer"),
    ({"events": 5}, r"malformed Nightfall state: TypeError"),
    ({"ask": ["nobody"]}, r"malformed Nightfall state: ValueError"),
    ({"minions": {"first": {}}}, r"malformed Nightfall state: ValueError"),
])
def test_a_saved_state_with_a_bad_field(change: dict[str, Any], message: str) -> None:
    _, data = saved_state()
    data.update(change)
    with pytest.raises(RecordError, match=message):
        NightfallState.from_json(data)


@pytest.mark.parametrize("data", [None, [], "state", 5, {"game": "nightfall"}])
def test_a_saved_state_that_is_not_one(data: Any) -> None:
    with pytest.raises(RecordError, match="not a saved Nightfall state|malformed Nightfall state"):
        NightfallState.from_json(data)


def _break(data: dict[str, Any], what: str) -> None:
    if what == "zone is not a list":
        data["hands"] = "five cards"
    elif what == "archive without its cards":
        del data["archives"][0]["cards"]
    elif what == "unknown card":
        data["cards"][data["hands"][0][0]] = "cw-no-such-card"
    elif what == "unknown frame":
        data["stack"][-1] = {"op": "no_such_step"}
    elif what == "minion without its record":
        del data["minions"][str(data["play"][0][0])]
    elif what == "minion table that is not an object":
        data["minions"] = []
    elif what == "active seat out of range":
        data["active"] = 7
    else:  # pragma: no cover
        raise KeyError(what)


@pytest.mark.parametrize("what", [
    "zone is not a list", "archive without its cards", "minion table that is not an object",
    "unknown card", "unknown frame", "minion without its record", "active seat out of range"])
def test_a_saved_state_no_game_could_reach(what: str) -> None:
    """A saved state with a structural fault (a zone that is not a list, an archive with
    no card list, a minion table that is a list, a card id no set has, a frame op the engine does not know, a minion in
    play without its record, an active seat that does not exist) must be refused with
    RecordError when it is loaded, not crash later (KeyError / IndexError on the next
    action) or leak a TypeError."""
    _, data = saved_state()
    _break(data, what)
    with pytest.raises(RecordError):
        NightfallState.from_json(data)


# --------------------------------------------------------------------- records
def nightfall_record(actions: int = 60) -> tuple[Record, NightfallState]:
    game = NightfallGame(players=3, moons=True)
    state = game.new_initial_state(SEED)
    chooser = random.Random(3)
    taken = []
    for _ in range(actions):
        taken.append(chooser.choice(state.legal_action_indices()))
        state.apply(taken[-1])
    return Record.of(game, SEED, taken), state


def test_a_valid_record_loads(tmp_path: Path) -> None:
    record, state = nightfall_record()
    record.save(tmp_path / "game.json")
    assert Record.load(tmp_path / "game.json").replay() == state


@pytest.mark.parametrize("number", [0, 25, 59])
def test_a_record_with_an_illegal_action_names_its_number(tmp_path: Path, number: int) -> None:
    record, _ = nightfall_record()
    state = record.replay(upto=number)
    legal = set(state.legal_action_indices())
    bad = next(a for a in record.actions + list(range(SIZE)) if a not in legal)
    data = record.to_json()
    data["actions"][number] = bad
    (tmp_path / "game.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match=rf"action #{number} \({bad}\) does not replay: .*not legal now"):
        Record.load(tmp_path / "game.json")


@pytest.mark.parametrize("setup, message", [
    ({"players": 6}, r"record setup is invalid: Nightfall is for 2 to 5 players, not 6"),
    ({"players": 5, "long": True}, r"record setup is invalid: 75 face-up wounds"),
    ({"archives": "swiss"}, r"record setup is invalid: archives must be one of"),
    ({"sets": ["XX"]}, r"record setup is invalid: unknown set 'XX'"),
])
def test_a_record_with_an_impossible_setup(tmp_path: Path, setup: dict[str, Any], message: str) -> None:
    record, _ = nightfall_record(5)
    data = dict(record.to_json(), setup=setup)
    (tmp_path / "game.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match=message):
        Record.load(tmp_path / "game.json")


def test_a_record_that_goes_on_after_the_end(tmp_path: Path) -> None:
    game = NightfallGame(players=2)
    state = game.new_initial_state(SEED)
    chooser = random.Random(2)
    actions = []
    while not state.is_terminal():
        actions.append(chooser.choice(state.legal_action_indices()))
        state.apply(actions[-1])
    Record.of(game, SEED, actions + [0]).save(tmp_path / "game.json")
    with pytest.raises(RecordError, match=rf"action #{len(actions)} \(0\) does not replay: the game is over"):
        Record.load(tmp_path / "game.json")


# --------------------------------------------------------------------- card data files
def card_file(tmp_path: Path, change=None) -> Path:
    """A copy of coldest_war.json, changed by ``change(data)`` if given."""
    path = tmp_path / "coldest_war.json"
    if change is None:
        shutil.copy(DATA, path)
        return path
    data = json.loads(DATA.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False), encoding="utf-8")
    return path


def card(data: dict[str, Any], cid: str) -> dict[str, Any]:
    return next(c for c in data["cards"] if c["id"] == cid)


def test_the_copied_card_file_loads_and_matches_its_effects(tmp_path: Path) -> None:
    """The baseline of the broken-file tests: an untouched copy loads to the packaged set
    and its effects register."""
    loaded = load_card_file(card_file(tmp_path))
    assert loaded.cards == load_set("CW").cards
    Effects([loaded])


def _set(cid: str, field: str, value: Any):
    def change(data):
        card(data, cid)[field]["value"] = value
    return change


def _drop(cid: str, field: str):
    def change(data):
        del card(data, cid)[field]
    return change


def _raw(cid: str, field: str, raw: Any):
    def change(data):
        card(data, cid)[field] = raw
    return change


@pytest.mark.parametrize("change, cid, field, message", [
    (_set("cw-katya-iliyevna", "strength", "three"), "cw-katya-iliyevna", "strength", r"must be an integer ≥ 0"),
    (_set("cw-jarek", "health", 0), "cw-jarek", "health", r"must be an integer ≥ 1"),
    (_set("cw-asset-seven", "colour", "pink"), "cw-asset-seven", "colour", r"colour must be one of red, blue"),
    (_set("cw-asset-seven", "colour", "silver"), "cw-asset-seven", "colour", r"write 'white', not its synonym"),
    (_set("cw-dog-eat-dog", "cost", -2), "cw-dog-eat-dog", "cost", r"must be an integer ≥ 0, not -2"),
    (_set("cw-emil-balev", "link_colours", []), "cw-emil-balev", "link_colours", r"one or two distinct colours"),
    (_set("cw-emil-balev", "keyword", "zombie"), "cw-emil-balev", "keyword", r"zombie"),
    (_set("cw-kilo-13", "type", "spell"), "cw-kilo-13", "type", r"type must be one of"),
    (_drop("cw-sophia-otrava", "health"), "cw-sophia-otrava", "health", r"is missing \(a minion card needs it\)"),
    (_drop("cw-katya-iliyevna", "kicker_colour"), "cw-katya-iliyevna", "kicker_colour",
     r"a kicker needs both its colour"),
    (_raw("cw-fresh-meat", "cost", 2), "cw-fresh-meat", "cost", r"needs provenance"),
    (_raw("cw-fresh-meat", "cost", {"value": 2, "kind": "guessed", "note": "x"}), "cw-fresh-meat", "cost",
     r"provenance kind must be one of seed, designed"),
    (_raw("cw-fresh-meat", "cost", {"value": 2, "kind": "designed"}), "cw-fresh-meat", "cost",
     r"a designed value needs a non-empty 'note'"),
    (_raw("cw-fresh-meat", "strength", {"value": 2, "kind": "designed", "note": "x"}), "cw-fresh-meat", "strength",
     r"does not apply to an action card"),
    (_raw("cw-fresh-meat", "flavour", "tasty"), "cw-fresh-meat", "flavour", r"unknown key 'flavour'"),
    (_set("cw-emil-balev", "chain", "Chain: Draw 1 card."), "cw-emil-balev", "chain",
     r"write the text without its label"),
    (_set("cw-blue-moon", "global_text", "Nothing happens."), "cw-blue-moon", "global_text",
     r"a moon's text starts 'Global Combat:'"),
    (_set("cw-nf-wound", "copies", 3), "cw-nf-wound", "copies_by_type", r"counts add up to \d+, but the card has 3"),
])
def test_a_broken_card_field_is_named(tmp_path: Path, change, cid: str, field: str, message: str) -> None:
    """One broken field of one card: CardDataError names the file, the card and the field."""
    path = card_file(tmp_path, change)
    with pytest.raises(CardDataError) as info:
        load_card_file(path)
    text = str(info.value)
    assert text.startswith(f"coldest_war.json: card {cid!r}, field {field!r}: "), text
    assert __import__("re").search(message, text), text


def test_a_duplicated_card_id_is_named(tmp_path: Path) -> None:
    def change(data):
        twin = copy.deepcopy(card(data, "cw-jarek"))
        twin["effect"] = "cw.jarek_twin"
        data["cards"].append(twin)

    with pytest.raises(CardDataError, match=r"coldest_war\.json: card 'cw-jarek', field 'id': duplicate id 'cw-jarek'"):
        load_card_file(card_file(tmp_path, change))


def test_a_card_file_that_is_not_json_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "coldest_war.json"
    text = DATA.read_text(encoding="utf-8").splitlines()
    text[3] = text[3] + ","  # a trailing comma the parser will not take
    path.write_text("\n".join(text[:4]) + '\n "x"\n', encoding="utf-8")
    with pytest.raises(CardDataError, match=r"coldest_war\.json: line \d+, column \d+: "):
        load_card_file(path)


def test_a_missing_card_file(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match=r"nothing\.json: cannot read"):
        load_card_file(tmp_path / "nothing.json")


# --------------------------------------------------------------------- the effect registry
def effects_of(tmp_path: Path, change) -> None:
    Effects([load_card_file(card_file(tmp_path, change))])


def test_a_card_whose_effect_has_no_function(tmp_path: Path) -> None:
    """The data names an effect key no function is registered under."""
    def change(data):
        card(data, "cw-kilo-13")["effect"] = "cw.kilo_14"

    with pytest.raises(CardDataError, match=r"card 'cw-kilo-13' has no effect function 'cw\.kilo_14'"):
        effects_of(tmp_path, change)


def test_a_printed_kicker_with_no_kicker_frames(tmp_path: Path) -> None:
    """A starter given kicker text in the data, whose effect function has no kicker."""
    def change(data):
        ivan = card(data, "cw-clever-ivan")
        ivan["kicker_colour"] = {"value": "blue", "kind": "designed", "note": "test"}
        ivan["kicker"] = {"value": "Draw 1 card.", "kind": "designed", "note": "test"}

    load_card_file(card_file(tmp_path, change))  # the file itself is valid
    with pytest.raises(CardDataError, match=r"card 'cw-clever-ivan': effect 'cw\.clever_ivan' has no frames for its"
                                            r" kicker text"):
        effects_of(tmp_path, change)


def test_effect_frames_for_a_text_the_card_does_not_print(tmp_path: Path) -> None:
    """Kilo 13's chain text removed from the data while its function still has frames."""
    with pytest.raises(CardDataError, match=r"card 'cw-kilo-13': effect 'cw\.kilo_13' has frames but the card has no"
                                            r" chain text"):
        effects_of(tmp_path, _drop("cw-kilo-13", "chain"))


def test_an_effect_function_with_no_card(tmp_path: Path) -> None:
    """A card removed from the data leaves its registered function without a card."""
    def change(data):
        data["cards"] = [c for c in data["cards"] if c["id"] != "cw-wolf-moon"]

    with pytest.raises(CardDataError, match=r"effect functions with no card: cw\.wolf_moon"):
        effects_of(tmp_path, change)


def test_a_feed_on_another_text_than_the_effect_feeds(tmp_path: Path) -> None:
    """Emil Balev's feed moved (in the data) from its chain text to its kicker text."""
    def change(data):
        emil = card(data, "cw-emil-balev")
        cost = emil["feed"]["value"]["cost"]
        emil["feed"]["value"]["on"] = "kicker"
        emil["kicker"]["value"] += f" Feed: {cost}"

    with pytest.raises(CardDataError, match=r"card 'cw-emil-balev': feed is on 'kicker' text, the effect says 'chain'"):
        effects_of(tmp_path, change)


def test_the_packaged_game_still_loads() -> None:
    """The broken copies above changed nothing shared: a game with the packaged data plays."""
    state = NightfallGame(players=2).new_initial_state(SEED)
    assert state.pending().kind == "combat_window" and action_space()[0] == Pass()
