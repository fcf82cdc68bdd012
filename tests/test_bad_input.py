"""Bad input of every kind gives a typed error (``gloam.core.errors``) with a message
that says what is wrong, and changes nothing: rejected actions, corrupt replay files,
invalid composition files, impossible setups and broken saved states."""

from __future__ import annotations

import copy
import json
import random
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
    ViewerError,
    WrongPlayerError,
)
from gloam.core.record import Record
from gloam.games import get_game
from gloam.nightmarium import (
    Discard,
    DiscardCard,
    Draw,
    NightmariumGame,
    NightmariumState,
    Play,
    StopDiscarding,
    Target,
)
from gloam.nightmarium.actions import NEW
from gloam.nightmarium.cards import load_composition

SEED = 11


# --------------------------------------------------------------------- helpers
def play_until(game: NightmariumGame, kind: str, seed: int = SEED, tries: int = 50) -> NightmariumState:
    """The first position of a seeded random game whose pending decision is ``kind``."""
    for attempt in range(tries):
        chooser = random.Random(seed * 1000 + attempt)
        state = game.new_initial_state(seed + attempt)
        while not state.is_terminal():
            if state.decision_kind() == kind:
                return state
            state.apply(chooser.choice(state.legal_action_indices()))
        if kind == "over":
            return state
    raise AssertionError(f"no {kind} decision reached in {tries} random games")


def assert_rejected(state: NightmariumState, action: Any, error: type[GloamError], match: str,
                    player: int | None = None) -> None:
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
    """At every position of three random games (all decision kinds), an action that was
    legal somewhere else in the game but is not legal now is refused and changes nothing."""
    picker = random.Random(5)
    tried = 0
    for players, seed in ((2, 3), (3, 4), (5, 5)):
        game = NightmariumGame(players=players)
        positions = []
        state = game.new_initial_state(seed)
        chooser = random.Random(seed)
        while not state.is_terminal():
            positions.append(state.clone())
            state.apply(chooser.choice(state.legal_action_indices()))
        seen = sorted({i for s in positions for i in s.legal_action_indices()})
        for position in positions:
            legal = set(position.legal_action_indices())
            action = picker.choice([i for i in seen if i not in legal])
            assert_rejected(position, action, IllegalActionError, r"is not legal now \(")
            tried += 1
    assert tried > 300


def test_stop_discarding_before_a_discard_is_rejected() -> None:
    """Rule 195: StopDiscarding is legal once a card is discarded, not on the turn decision
    nor right after starting action B."""
    game = NightmariumGame(players=2)
    state = game.new_initial_state(SEED)
    assert_rejected(state, StopDiscarding(), IllegalActionError,
                    r"StopDiscarding\(\) is not legal now \(turn decision of player 0\)")
    state.apply(Discard())
    assert_rejected(state, StopDiscarding(), IllegalActionError, r"discard decision of player 0")
    state.apply(DiscardCard(state.hands[0][0]))
    state.apply(StopDiscarding())  # now it is legal


def test_playing_an_opponents_card_is_rejected() -> None:
    """A card in player 1's hand (legal for player 1 to play) cannot be played by player 0."""
    game = NightmariumGame(players=2)
    state = game.new_initial_state(SEED)
    theirs = next(c for c in state.hands[1] if game.parts[c] & 1)  # a legs card of player 1
    assert_rejected(state, Play(theirs, NEW), IllegalActionError, rf"Play\(card={theirs}, slot=7\) is not legal now")
    assert_rejected(state, DiscardCard(theirs), IllegalActionError, "is not legal now")


def test_a_target_outside_a_target_decision_is_rejected() -> None:
    game = NightmariumGame(players=3)
    state = play_until(game, "executioner")
    other = play_until(game, "turn")
    target = state.legal_action_indices()[0]
    assert isinstance(state.action_space[target], Target)
    assert_rejected(other, target, IllegalActionError, "turn decision")
    assert_rejected(state, Draw(), IllegalActionError, "executioner decision")


@pytest.mark.parametrize("index", [-1, -1010, 1010, 10**9])
def test_an_index_out_of_range_is_rejected(index: int) -> None:
    state = NightmariumGame(players=2).new_initial_state(SEED)
    assert_rejected(state, index, ActionIndexError, rf"action index {index} is outside the action space 0\.\.1009")


@pytest.mark.parametrize("value", ["0", "Draw", b"0", True, False, None, 0.0, 1.5, [0], {"type": "Draw"}])
def test_a_value_that_is_not_an_action_is_rejected(value: Any) -> None:
    """Strings, bools (even though ``True == 1``), None, floats and containers are not actions."""
    state = NightmariumGame(players=2).new_initial_state(SEED)
    assert_rejected(state, value, IllegalActionError,
                    rf"an action must be an Action or an int, not {type(value).__name__}")


@pytest.mark.parametrize("action", [Target(5, 0), Target(0, 7), Play(108, 0), Play(0, 8), DiscardCard(-1)])
def test_an_action_object_outside_the_action_space_is_rejected(action: Any) -> None:
    state = NightmariumGame(players=2).new_initial_state(SEED)
    assert_rejected(state, action, IllegalActionError, "is not an action of this game")


def test_an_action_by_the_wrong_player_is_rejected() -> None:
    """``apply(a, player=q)`` for q not to act is refused even when ``a`` is legal."""
    game = NightmariumGame(players=3)
    state = game.new_initial_state(SEED)
    for q in (1, 2, 7, -1):
        assert_rejected(state, Draw(), WrongPlayerError, rf"player {q} cannot act: it is player 0's decision", player=q)
    state.apply(Draw(), player=0)  # the right player may


def test_the_active_player_cannot_answer_an_opponents_penalty() -> None:
    """Rule 203: during the same-Legion penalty the opponent decides, not the active player."""
    game = NightmariumGame(players=3)
    state = play_until(game, "penalty")
    who = state.current_player()
    assert who != state.active
    legal = state.legal_action_indices()[0]
    assert_rejected(state, legal, WrongPlayerError, rf"it is player {who}'s decision", player=state.active)


def test_no_action_after_the_game_is_over() -> None:
    """Rule 192: the game ends at once; every action afterwards is refused."""
    game = NightmariumGame(players=2)
    state = play_until(game, "over")
    assert state.is_terminal()
    for action in (Draw(), Discard(), 0, 1, 2, 100, Play(0, NEW)):
        assert_rejected(state, action, GameOverError, "the game is over")
    assert_rejected(state, Draw(), GameOverError, "the game is over", player=state.winner)
    assert_rejected(state, 5000, ActionIndexError, "outside the action space")  # range first


# --------------------------------------------------------------------- replay files
def valid_record() -> tuple[Record, list[int]]:
    game = NightmariumGame(players=3)
    state = game.new_initial_state(SEED)
    chooser = random.Random(1)
    actions = []
    for _ in range(30):
        action = chooser.choice(state.legal_action_indices())
        state.apply(action)
        actions.append(action)
    return Record.of(game, SEED, actions), actions


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_valid_record_loads(tmp_path: Path) -> None:
    """The baseline of the corrupt-file tests: the untouched record loads and replays."""
    record, actions = valid_record()
    record.save(tmp_path / "game.json")
    loaded = Record.load(tmp_path / "game.json")
    assert loaded.actions == actions and loaded.replay() == record.replay()


def test_a_replay_file_that_is_not_json(tmp_path: Path) -> None:
    path = write(tmp_path, "game.json", "gloam record\nactions: 0 1 2\n")
    with pytest.raises(RecordError, match=r"game\.json is not valid JSON \(line 1, column 1"):
        Record.load(path)


def test_a_truncated_replay_file(tmp_path: Path) -> None:
    record, _ = valid_record()
    text = json.dumps(record.to_json(), indent=1)
    path = write(tmp_path, "game.json", text[: len(text) // 2])
    with pytest.raises(RecordError, match=r"is not valid JSON \(line \d+, column \d+"):
        Record.load(path)


def test_a_missing_replay_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"nothing\.json: cannot read \(No such file or directory\)"):
        Record.load(tmp_path / "nothing.json")


@pytest.mark.parametrize("change, message", [
    ({"format": "gloam-save"}, r"not a gloam record \(format is 'gloam-save', expected 'gloam-record'\)"),
    ({"format": None}, r"not a gloam record \(format is None"),
    ({"version": 3}, r"unsupported record version 3 \(this gloam reads 1 and 2\)"),
    ({"version": True}, r"unsupported record version True"),
    ({"version": "1"}, r"unsupported record version '1'"),
    ({"actions": [0, "1", 2]}, r"'actions' must be a list of integers"),
    ({"actions": [0, 1.0]}, r"'actions' must be a list of integers"),
    ({"actions": [True]}, r"'actions' must be a list of integers"),
    ({"actions": "0 1 2"}, r"'actions' must be a list of integers"),
    ({"seed": "11"}, r"'seed' must be an integer"),
    ({"game": "chess"}, r"record setup is invalid: unknown game 'chess'"),
    ({"setup": {"players": 6}}, r"record setup is invalid: Nightmarium is for 2 to 5 players, not 6"),
])
def test_a_replay_file_with_a_bad_field(tmp_path: Path, change: dict[str, Any], message: str) -> None:
    record, _ = valid_record()
    path = write(tmp_path, "game.json", json.dumps(dict(record.to_json(), **change)))
    with pytest.raises(RecordError, match=message):
        Record.load(path)


def test_a_replay_file_that_is_not_an_object(tmp_path: Path) -> None:
    path = write(tmp_path, "game.json", "[0, 1, 2]")
    with pytest.raises(RecordError, match="a record must be a JSON object"):
        Record.load(path)


@pytest.mark.parametrize("number", [0, 7, 29])
def test_a_replay_file_with_an_illegal_action_names_its_number(tmp_path: Path, number: int) -> None:
    """An action that is illegal at its point (legal elsewhere in the game) makes the
    file corrupt; the error names the action's number."""
    record, actions = valid_record()
    state = record.replay(upto=number)
    legal = set(state.legal_action_indices())
    bad = next(a for a in actions + list(range(1010)) if a not in legal)
    data = record.to_json()
    data["actions"][number] = bad
    path = write(tmp_path, "game.json", json.dumps(data))
    with pytest.raises(RecordError, match=rf"action #{number} \({bad}\) does not replay: .*not legal now"):
        Record.load(path)


def test_a_replay_file_with_an_action_out_of_range_names_its_number(tmp_path: Path) -> None:
    record, _ = valid_record()
    data = record.to_json()
    data["actions"][3] = 5000
    path = write(tmp_path, "game.json", json.dumps(data))
    with pytest.raises(RecordError, match=r"action #3 \(5000\) does not replay: action index 5000 is outside"):
        Record.load(path)


def test_a_replay_file_that_goes_on_after_the_end(tmp_path: Path) -> None:
    game = NightmariumGame(players=2)
    state = game.new_initial_state(SEED)
    chooser = random.Random(2)
    actions = []
    while not state.is_terminal():
        actions.append(chooser.choice(state.legal_action_indices()))
        state.apply(actions[-1])
    data = Record.of(game, SEED, actions + [0]).to_json()
    path = write(tmp_path, "game.json", json.dumps(data))
    with pytest.raises(RecordError, match=rf"action #{len(actions)} \(0\) does not replay: the game is over"):
        Record.load(path)


# --------------------------------------------------------------------- composition files
def base_cards() -> list[dict[str, Any]]:
    """A valid 30-card composition: 10 legs, 10 bodies, 10 heads."""
    return [
        {"code": "L", "legion": "Necromunculus", "parts": ["legs"], "ability": "Songbird", "count": 10},
        {"code": "B", "legion": "Constrict", "parts": ["body"], "ability": None, "count": 10},
        {"code": "H", "legion": "Chimerid", "parts": ["head"], "ability": "Mourner", "count": 10},
    ]


def composition_file(tmp_path: Path, cards: list[dict[str, Any]], **extra: Any) -> Path:
    data = {"format": "gloam-nightmarium-composition", "name": "test", "cards": cards, **extra}
    return write(tmp_path, "deck.json", json.dumps(data, indent=1))


def test_a_valid_composition_loads(tmp_path: Path) -> None:
    """The baseline of the invalid-composition tests, and it plays."""
    composition = load_composition(composition_file(tmp_path, base_cards()))
    assert len(composition.cards) == 30
    state = NightmariumGame(players=5, composition=composition).new_initial_state(1)
    assert len(state.deck) == 5


def test_a_composition_file_with_bad_json_names_the_line(tmp_path: Path) -> None:
    text = '{\n "name": "test",\n "cards": [\n  {"legion": "Manster" "parts": ["legs"]}\n ]\n}\n'
    path = write(tmp_path, "deck.json", text)
    with pytest.raises(CardDataError, match=r"deck\.json: line 4, column 24: Expecting ',' delimiter"):
        load_composition(path)


def test_a_composition_toml_file_with_bad_syntax(tmp_path: Path) -> None:
    path = write(tmp_path, "deck.toml", 'name = "test"\n[[cards]]\nlegion = \n')
    with pytest.raises(CardDataError, match=r"deck\.toml: .*line 3"):
        load_composition(path)


def test_a_missing_composition_file(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match=r"nothing\.json: cannot read"):
        load_composition(tmp_path / "nothing.json")


@pytest.mark.parametrize("entry, change, message", [
    (1, {"legion": "Vampire"},
     r"cards\[1\]: legion must be one of Necromunculus, Constrict, Chimerid, Manster, not 'Vampire'"),
    (0, {"legion": None}, r"cards\[0\]: legion must be one of"),
    (2, {"parts": []}, r"cards\[2\]: parts must be a non-empty list"),
    (2, {"parts": ["head", "head"]}, r"cards\[2\]: parts must be a non-empty list of distinct values"),
    (0, {"parts": ["feet"]}, r"cards\[0\]: parts must be .*not \['feet'\]"),
    (0, {"parts": "legs"}, r"cards\[0\]: parts must be"),
    (1, {"ability": "Vampire"}, r"cards\[1\]: ability must be null or one of Songbird, .*, not 'Vampire'"),
    (1, {"ability": "songbird"}, r"cards\[1\]: ability must be null or one of"),
    (0, {"colour": "blue"}, r"cards\[0\]: unknown field\(s\) colour"),
    (2, {"count": 0}, r"cards\[2\]: count must be an integer from 1 to 108, not 0"),
    (2, {"count": "3"}, r"cards\[2\]: count must be an integer"),
    (1, {"code": ""}, r"cards\[1\]: code must be a non-empty string"),
])
def test_an_invalid_card_entry_is_named(tmp_path: Path, entry: int, change: dict[str, Any], message: str) -> None:
    cards = base_cards()
    cards[entry] = dict(cards[entry], **change)
    path = composition_file(tmp_path, cards)
    with pytest.raises(CardDataError, match=rf"deck\.json: {message}"):
        load_composition(path)


def test_a_composition_with_too_few_cards(tmp_path: Path) -> None:
    cards = base_cards()
    cards[2]["count"] = 9
    with pytest.raises(CardDataError, match=r"deck\.json: a deck needs at least 30 cards, this one has 29"):
        load_composition(composition_file(tmp_path, cards))


def _count_cards_built(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the NightFear cards a composition load builds (to show a size check runs
    before any card is expanded)."""
    import gloam.nightmarium.cards as cards_module

    built = [0]
    real = cards_module.NightFear

    def counting(*args: Any) -> Any:
        built[0] += 1
        return real(*args)

    monkeypatch.setattr(cards_module, "NightFear", counting)
    return built


def test_a_composition_of_a_million_cards_is_refused_before_expanding(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A crafted file of 9,260 entries repeating a card 108 times (10^6 cards, which took
    1.5 GB before anything failed) is refused with a typed error at once: no card is built."""
    built = _count_cards_built(monkeypatch)
    entry = {"legion": "Manster", "parts": ["legs", "body", "head"], "count": 108}
    path = composition_file(tmp_path, [entry] * 9260)
    with pytest.raises(CardDataError, match=r"deck\.json: 'cards' has 9,260 entries; a composition holds at most 1,000 cards"):
        load_composition(path)
    assert built == [0]


def test_a_composition_over_1000_cards_by_its_counts_is_refused_before_expanding(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ten entries of 108 cards (1,080) pass 1,000 at the tenth entry: the error names
    where, and no card is built; 1,000 cards exactly load and set up a game."""
    built = _count_cards_built(monkeypatch)
    cards = [dict(c, count=108) for c in base_cards()] * 3 + [dict(base_cards()[0], code="X", count=108)]
    with pytest.raises(CardDataError, match=r"deck\.json: cards\[0\] to cards\[9\] already hold 1,080 cards"
                                            r" \(with their counts\); a composition holds at most 1,000"):
        load_composition(composition_file(tmp_path, cards))
    assert built == [0]
    cards = [dict(c, code=f"{c['code']}{k}", count=108) for k in range(3) for c in base_cards()]
    cards.append(dict(base_cards()[0], code="X", count=1000 - 9 * 108))
    composition = load_composition(composition_file(tmp_path, cards))
    assert len(composition.cards) == 1000 == built[0]
    assert len(NightmariumGame(players=5, composition=composition).new_initial_state(1).deck) == 975


def test_a_count_over_108_is_refused(tmp_path: Path) -> None:
    """One entry repeats a card at most 108 times (the size of the standard deck)."""
    cards = base_cards()
    cards[1]["count"] = 109
    with pytest.raises(CardDataError, match=r"cards\[1\]: count must be an integer from 1 to 108, not 109"):
        load_composition(composition_file(tmp_path, cards))


@pytest.mark.parametrize("part", ["legs", "body", "head"])
def test_a_composition_where_no_card_can_be_some_part(tmp_path: Path, part: str) -> None:
    """Rule 187: a Creature needs legs, body and head; a deck lacking one can never win."""
    cards = [dict(c, parts=["legs", "body", "head"]) for c in base_cards()]
    for c in cards:
        c["parts"].remove(part)
    with pytest.raises(CardDataError, match=rf"no card can be a {part}: no Creature could ever be completed"):
        load_composition(composition_file(tmp_path, cards))


@pytest.mark.parametrize("data, message", [
    ([], "the file must hold an object with a 'cards' list"),
    ({"cards": []}, "'cards' must be a non-empty list"),
    ({"cards": [1, 2]}, r"cards\[0\]: each card must be an object"),
    ({"format": "other", "cards": []}, "'format' must be 'gloam-nightmarium-composition'"),
    ({"name": "", "cards": []}, "'name' must be a non-empty string"),
])
def test_a_composition_file_with_a_bad_shape(tmp_path: Path, data: Any, message: str) -> None:
    path = write(tmp_path, "deck.json", json.dumps(data))
    with pytest.raises(CardDataError, match=message):
        load_composition(path)


def test_duplicate_card_codes_are_named(tmp_path: Path) -> None:
    cards = base_cards() + [{"code": "X", "legion": "Manster", "parts": ["legs"]},
                            {"code": "X", "legion": "Manster", "parts": ["head"]}]
    with pytest.raises(CardDataError, match=r"cards\[4\]: duplicate code 'X'"):
        load_composition(composition_file(tmp_path, cards))


# --------------------------------------------------------------------- setups
@pytest.mark.parametrize("options, message", [
    ({"players": 6}, "Nightmarium is for 2 to 5 players, not 6"),  # rule 186
    ({"players": 1}, "Nightmarium is for 2 to 5 players, not 1"),
    ({"players": "3"}, "players must be an integer, not '3'"),
    ({"players": True}, "players must be an integer, not True"),
    ({"creatures": 4}, "play to 5, 6 or 7 Creatures, not 4"),  # rule 192
    ({"creatures": 8}, "play to 5, 6 or 7 Creatures, not 8"),
    ({"players": 3, "first_player": 3}, "first_player must be a seat from 0 to 2, not 3"),  # rule 191
    ({"first_player": -1}, "first_player must be a seat from 0 to 1, not -1"),
    ({"first_player": 1.0}, "first_player must be an integer"),
    ({"turn_limit": -1}, "turn_limit must be 0"),
])
def test_an_impossible_setup(options: dict[str, Any], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        NightmariumGame(**options)
    with pytest.raises(SetupError, match=message):
        get_game("nightmarium", options)


def test_an_unknown_setup_option_or_game() -> None:
    with pytest.raises(SetupError, match="unknown setup option"):
        get_game("nightmarium", {"players": 3, "colour": "red"})
    with pytest.raises(SetupError, match="unknown game 'nightmare'"):
        get_game("nightmare", {})


def test_a_seed_that_is_not_an_integer() -> None:
    game = NightmariumGame()
    for seed in ("1", 1.0, True, None):
        with pytest.raises(SetupError, match="seed must be an integer"):
            game.new_initial_state(seed)  # type: ignore[arg-type]


# --------------------------------------------------------------------- saved states
def saved_state() -> dict[str, Any]:
    game = NightmariumGame(players=3)
    state = game.new_initial_state(SEED)
    chooser = random.Random(3)
    for _ in range(40):
        state.apply(chooser.choice(state.legal_action_indices()))
    return json.loads(json.dumps(state.to_json()))


def assert_state_rejected(data: dict[str, Any], match: str) -> None:
    kept = copy.deepcopy(data)
    with pytest.raises(RecordError, match=match):
        NightmariumState.from_json(data)
    assert data == kept, "from_json changed its input"


def test_a_saved_state_with_a_missing_card() -> None:
    data = saved_state()
    data["deck"].pop()
    assert_state_rejected(data, r"cards are not conserved: 107 placed, 107 distinct, deck has 108")


def test_a_saved_state_with_a_duplicated_card() -> None:
    data = saved_state()
    data["hands"][1].append(data["deck"][0])
    assert_state_rejected(data, r"cards are not conserved: 109 placed, 108 distinct")


def test_a_saved_state_with_a_card_replaced_by_another() -> None:
    """Same count, one card twice and one missing."""
    data = saved_state()
    data["deck"][0] = data["hands"][0][0]
    assert_state_rejected(data, r"cards are not conserved: 108 placed, 107 distinct")


@pytest.mark.parametrize("card, message", [(108, "cards are not conserved"),
                                           (-1, "card id in deck -1 is out of range")])
def test_a_saved_state_with_a_card_id_outside_the_deck(card: int, message: str) -> None:
    data = saved_state()
    data["deck"][0] = card
    assert_state_rejected(data, message)


def test_a_saved_state_with_a_known_card_not_in_hand() -> None:
    data = saved_state()
    data["known"][2] = [data["deck"][0]]
    assert_state_rejected(data, "player 2's known cards are not in their hand")


@pytest.mark.parametrize("change, message", [
    ({"game": "nightfall"}, "not a saved Nightmarium state"),
    ({"mode": "dreaming"}, "unknown decision mode 'dreaming'"),
    ({"active": 3}, "active 3 is out of range"),
    ({"actions_left": 3}, "actions_left 3 is out of range"),
    ({"hands": [[], []]}, "one entry per player"),
    ({"setup": {"players": 9}}, "Nightmarium is for 2 to 5 players"),
])
def test_a_saved_state_with_a_bad_field(change: dict[str, Any], message: str) -> None:
    data = dict(saved_state(), **change)
    assert_state_rejected(data, message)


def test_a_saved_state_missing_a_field() -> None:
    data = saved_state()
    del data["deck"]
    assert_state_rejected(data, r"malformed Nightmarium state: KeyError\('deck'\)")


def _card_as(data: dict[str, Any], value: Any) -> None:
    data["deck"][0] = value(data["deck"][0])


def _head_as_legs(data: dict[str, Any]) -> None:
    game = NightmariumGame.from_setup_json(data["setup"])
    head = next(c for c in data["deck"] if game.parts[c] == 4)  # head-only (rule 197)
    data["deck"].remove(head)
    data["creatures"][0].append([head])


def _too_many_creatures(data: dict[str, Any]) -> None:
    game = NightmariumGame.from_setup_json(data["setup"])
    legs = [c for c in data["deck"] if game.parts[c] & 1]
    while len(data["creatures"][1]) <= game.creatures:  # rule 198: at most 5
        card = legs.pop()
        data["deck"].remove(card)
        data["creatures"][1].append([card])


def _no_target(data: dict[str, Any]) -> None:
    data.update(creatures=[[], [], []], mode="executioner")  # nothing to take (rule 207)
    data["deck"] += [c for pl in saved_state()["creatures"] for cr in pl for c in cr]


@pytest.mark.parametrize("corrupt", [
    pytest.param(lambda d: _card_as(d, str), id="card-id-string"),
    pytest.param(lambda d: _card_as(d, lambda c: c + 0.5), id="card-id-float"),
    pytest.param(_head_as_legs, id="rule-197-head-as-legs"),
    pytest.param(_too_many_creatures, id="rule-198-six-creatures"),
    pytest.param(_no_target, id="pending-decision-without-options"),
    pytest.param(lambda d: d.update(mode="over", winner=5), id="winner-not-a-seat"),
])
def test_a_saved_state_no_game_could_reach(corrupt: Any) -> None:
    """A save that no game could reach (a card id that is not an integer, a Creature
    breaking rules 197-198, a decision with no option, a winner who is not a seat) is
    corrupt: ``from_json`` should say so rather than load a state that cannot go on."""
    data = saved_state()
    corrupt(data)
    with pytest.raises(RecordError):
        NightmariumState.from_json(data)


# --------------------------------------------------------------------- observations
@pytest.mark.parametrize("player", [7, 3, -2, True, "0", None])
def test_an_observation_for_a_player_who_is_not_there(player: Any) -> None:
    """-1 is not here: it is SPECTATOR, the viewer of a person watching the table."""
    state = NightmariumGame(players=3).new_initial_state(SEED)
    before = state.to_json()
    with pytest.raises(ViewerError, match=rf"no player {player!r} in a 3-player game \(seats 0 to 2, or SPECTATOR"):
        state.observation(player)
    with pytest.raises(ViewerError):
        state.view(player)
    assert state.to_json() == before


@pytest.mark.parametrize("player", [2, -2, False])
def test_a_nightfall_observation_for_a_player_who_is_not_there(player: Any) -> None:
    from gloam.nightfall.game import NightfallGame

    state = NightfallGame(players=2).new_initial_state(SEED)
    with pytest.raises(ViewerError, match=rf"no player {player!r} in a 2-player game"):
        state.observation(player)
    with pytest.raises(ViewerError):
        state.view(player)


@pytest.mark.parametrize("game_name", ["nightmarium", "nightfall"])
@pytest.mark.parametrize("viewer", [1.0, 0.0, "0", "1", True, False, [0], b"0", 2, -2, 10**30])
def test_events_and_views_for_a_viewer_who_is_not_a_seat(game_name: str, viewer: Any) -> None:
    """Issue 13: ``events_for`` took any value (a string saw what a spectator sees, a
    seat out of range too); now, like ``observation`` and ``view``, anything but a seat,
    SPECTATOR or None is a ViewerError, and nothing changes."""
    state = get_game(game_name, {"players": 2}).new_initial_state(SEED)
    before = state.to_json()
    for ask in (state.events_for, state.observation, state.view):
        with pytest.raises(ViewerError, match=r"no player .* in a 2-player game"):
            ask(viewer)
    assert state.to_json() == before


@pytest.mark.parametrize("game_name", ["nightmarium", "nightfall"])
def test_a_numpy_integer_is_a_seat(game_name: str) -> None:
    """A numpy integer (what an array of seats holds) is the seat it names: the same
    observation, view and events as the Python int, with plain ints inside."""
    np = pytest.importorskip("numpy")
    from gloam.core.decisions import SPECTATOR

    state = get_game(game_name, {"players": 2}).new_initial_state(SEED)
    for seat in (0, 1, SPECTATOR):
        for kind in (np.int64, np.int8, np.uint8) if seat >= 0 else (np.int64, np.int16):
            viewer = kind(seat)
            obs = state.observation(viewer)
            assert obs == state.observation(seat) and type(obs["viewer"]) is int
            assert json.dumps(state.view(viewer)) == json.dumps(state.view(seat))
            assert state.events_for(viewer) == state.events_for(seat)
    assert state.events_for(None) == state.events_for(None, 0)
