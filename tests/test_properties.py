"""Property-based tests (issue 16, hypothesis): random sequences of legal and illegal
actions against both engines, and malformed card-data, deck, composition, position,
record and saved-state files. What must hold:

* a legal action is applied; anything else — an index out of range, negative or huge, a
  legal index sent by another seat, a bool, None, a string, a float, a numpy integer, an
  action object of another game, an action after the game is over, a viewer nobody is —
  raises a :class:`GloamError` (never anything else) and leaves the state exactly as it
  was (``==`` its clone from before and the same ``to_json()``);
* every reader, given a mutation of a valid file (truncated, bytes inserted, invalid
  UTF-8, a field of the wrong type, a huge number, deep nesting, an unknown or a missing
  key), either reads it or raises its typed error (a ``GloamError``): never a bare
  ``KeyError``, ``TypeError``, ``RecursionError`` or the like.

The examples are derandomized and the hypothesis database is off, so CI runs the same
examples every time (``max_examples`` keeps the file to about a minute on one core)."""

from __future__ import annotations

import copy
import json
import os
import random
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from gloam.core import SPECTATOR
from gloam.core.errors import (
    CardDataError,
    GloamError,
    PositionError,
    RecordError,
    SetupError,
    ViewerError,
)
from gloam.core.record import Record
from gloam.games import get_game, parse_position, state_from_json
from gloam.nightfall.cards import card_set_from_json, load_card_file
from gloam.nightfall.constructed import load_deck, parse_deck
from gloam.nightfall.user_cards import load_user_cards, parse_user_cards, user_cards_from_json
from gloam.nightmarium.cards import composition_from_json, load_composition

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
#: examples per test (GLOAM_PROPERTY_EXAMPLES=N for a longer local hunt)
EXAMPLES_PER_TEST = int(os.environ.get("GLOAM_PROPERTY_EXAMPLES", "150"))
PROFILE = settings(max_examples=EXAMPLES_PER_TEST, deadline=None, derandomize=True, database=None,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# ---------------------------------------------------------------------- the engines
SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("nightfall", {"players": 2}),
    ("nightfall", {"players": 3, "archives": "draft", "moons": True}),
    ("nightfall", {"players": 4, "archives": "ml-draft", "first_player": "random", "sets": ["CW", "ML"]}),
    ("nightfall", {"players": 5, "sets": ["NF", "BC"], "promos": True}),
    ("nightfall", {"players": 3, "archives": "draft", "secret_archives": True, "upstream": True}),
    ("nightfall", {"players": 4, "teams": True, "long": True}),
    ("nightfall", {"players": 2, "sets": ["CW", "ML"], "archives": "draft", "common_ground": True,
                   "custom_starters": True}),
    ("nightmarium", {"players": 2}),
    ("nightmarium", {"players": 3, "creatures": 6}),
    ("nightmarium", {"players": 4, "creatures": 7, "first_player": 2}),
    ("nightmarium", {"players": 5, "creatures": 5}),
]
GAMES = [get_game(name, setup) for name, setup in SETUPS]

try:  # numpy (gloam[research]): its integers are no action index, and seats only in range
    import numpy as np

    def numpy_ints(low: int, high: int) -> Any:
        return st.builds(np.int64, st.integers(low, high))
except ImportError:  # pragma: no cover - a test install without the research extra
    def numpy_ints(low: int, high: int) -> Any:
        return st.nothing()

FOREIGN = "an action object of the other game"
#: an action object of each game's space that the other game's space does not hold
FOREIGN_ACTIONS = {"nightfall": GAMES[0].new_initial_state(0).action_space[0],
                   "nightmarium": GAMES[-1].new_initial_state(0).action_space[3]}
#: what is never an action index: wrong types and integers out of any range
NOT_AN_INDEX = st.one_of(
    st.none(), st.booleans(), st.text(max_size=6), st.floats(allow_nan=True, allow_infinity=True),
    st.integers(max_value=-1), st.integers(min_value=10**6), st.integers(min_value=2**63, max_value=2**200),
    st.lists(st.integers(0, 5), max_size=3), numpy_ints(0, 50),
    st.just(FOREIGN))
NOT_A_VIEWER = st.one_of(st.booleans(), st.text(max_size=3), st.floats(), st.integers(-50, -2),
                         st.integers(7, 10**30), numpy_ints(7, 50))
MOVE = st.one_of(
    st.tuples(st.just("legal"), st.integers(0, 10**6)),
    st.tuples(st.just("skip"), st.integers(1, 300)),
    st.tuples(st.just("index"), st.integers(-3, 6000)),  # in range or just outside it
    st.tuples(st.just("not an index"), NOT_AN_INDEX),
    st.tuples(st.just("other seat"), st.integers(0, 10**6)),
    st.tuples(st.just("bad player"), st.one_of(st.booleans(), st.text(max_size=2), st.integers(-9, 9), st.floats())),
    st.tuples(st.just("viewer"), NOT_A_VIEWER),
    st.tuples(st.just("lang"), st.one_of(st.none(), st.integers(), st.text(max_size=4).filter(lambda t: t not in
                                                                                       ("en", "ja")), st.just(["en"]))),
    st.tuples(st.just("since"), st.one_of(st.none(), st.booleans(), st.integers(max_value=-1), st.floats(),
                                          st.text(max_size=3))),
)


def rejected(state: Any, call: Any, *args: Any, **kwargs: Any) -> None:
    """``call`` raises a GloamError and leaves ``state`` exactly as it was."""
    before, snapshot = state.clone(), state.to_json()
    with pytest.raises(GloamError):
        call(*args, **kwargs)
    assert state == before and state.to_json() == snapshot, f"a rejected {call.__name__}{args} changed the state"


def apply_move(state: Any, move: tuple[str, Any], chooser: random.Random) -> None:
    kind, value = move
    if kind == "skip":  # play on to a later position
        for _ in range(value):
            if state.is_terminal():
                break
            state.apply(chooser.choice(state.legal_action_indices()))
        return
    if kind == "viewer":
        for look in (state.observation, state.events_for, state.view):
            with pytest.raises(ViewerError):
                look(value)
        return
    if kind == "lang":
        with pytest.raises(SetupError):
            state.view(SPECTATOR, value)
        return
    if kind == "since":
        with pytest.raises(ViewerError):
            state.events_for(SPECTATOR, value)
        return
    if state.is_terminal():
        rejected(state, state.apply, 0)
        return
    legal = state.legal_action_indices()
    player = state.current_player()
    if kind == "legal":
        state.apply(legal[value % len(legal)], player=player)
    elif kind == "index":
        if value in legal:
            state.apply(value)
        else:
            rejected(state, state.apply, value)
    elif kind == "not an index":
        if value is FOREIGN:
            value = FOREIGN_ACTIONS["nightmarium" if state.game_name == "nightfall" else "nightfall"]
        rejected(state, state.apply, value)
    elif kind == "other seat":
        other = (player + 1 + value % (state.num_players - 1)) % state.num_players
        rejected(state, state.apply, legal[value % len(legal)], player=other)
    elif kind == "bad player":
        if isinstance(value, int) and not isinstance(value, bool) and value == player:
            state.apply(legal[0], player=player)
        else:
            rejected(state, state.apply, legal[0], player=value)


@PROFILE
@given(which=st.integers(0, len(GAMES) - 1), seed=st.integers(0, 2**64 - 1),
       moves=st.lists(MOVE, min_size=1, max_size=40))
def test_random_actions_apply_or_are_refused_with_the_state_unchanged(which, seed, moves):
    game = GAMES[which]
    state = game.new_initial_state(seed)
    chooser = random.Random(seed)
    for move in moves:
        apply_move(state, move, chooser)
    assert state.observation(SPECTATOR) is not None


@PROFILE
@given(which=st.integers(0, len(GAMES) - 1), seed=st.integers(0, 2**32))
def test_a_finished_game_refuses_every_action(which, seed):
    game = GAMES[which]
    state = game.new_initial_state(seed)
    chooser = random.Random(seed)
    for _ in range(20_000):
        if state.is_terminal():
            break
        state.apply(chooser.choice(state.legal_action_indices()))
    assert state.is_terminal()
    for action in (0, len(state.action_space) - 1, state.action_space[0]):
        rejected(state, state.apply, action)


@PROFILE
@given(name=st.sampled_from(["nightfall", "nightmarium"]),
       setup=st.dictionaries(st.sampled_from(["players", "sets", "archives", "moons", "long", "first_player",
                                              "teams", "creatures", "draft_cards", "decks", "cards", "wounds",
                                              "composition", "turn_limit", "x"]),
                             st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.integers(min_value=10**20),
                                       st.text(max_size=8), st.lists(st.text(max_size=3), max_size=3),
                                       st.dictionaries(st.text(max_size=3), st.integers(), max_size=2)),
                             max_size=4))
def test_setups_are_games_or_typed_errors(name, setup):
    try:
        game = get_game(name, setup)
    except GloamError:
        return
    game.new_initial_state(1).legal_action_indices()


# ---------------------------------------------------------------------- mutations
WEIRD = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 3), st.integers(min_value=2**63, max_value=10**40),
    st.integers(max_value=-(10**30)), st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
    st.just(""), st.lists(st.integers(-1, 400), max_size=4), st.just([]), st.just({}),
    st.dictionaries(st.text(max_size=6), st.integers(-1, 9), max_size=3),
    st.integers(1, 400).map(lambda depth: nested(depth)))


def nested(depth: int) -> Any:
    value: Any = 0
    for k in range(depth):
        value = [value] if k % 2 else {"a": value}
    return value


def places(data: Any, limit: int = 4000) -> list[tuple[Any, Any]]:
    """(container, key) of every value inside ``data`` (breadth first, at most ``limit``)."""
    found: list[tuple[Any, Any]] = []
    queue = [data]
    while queue and len(found) < limit:
        node = queue.pop(0)
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, value in items:
            found.append((node, key))
            if isinstance(value, (dict, list)):
                queue.append(value)
    return found


@st.composite
def mutated(draw: Any, original: Any) -> Any:
    """``original`` (plain data) with one to three values replaced, deleted or given an
    unknown neighbour."""
    data = copy.deepcopy(original)
    for _ in range(draw(st.integers(1, 3))):
        spots = places(data)
        if not spots:
            return draw(WEIRD)
        node, key = spots[draw(st.integers(0, len(spots) - 1))]
        op = draw(st.sampled_from(["replace", "replace", "delete", "unknown key"]))
        if op == "replace":
            node[key] = draw(WEIRD)
        elif op == "delete":
            del node[key]
        elif isinstance(node, dict):
            node[draw(st.text(max_size=8))] = draw(WEIRD)
        else:
            node.insert(key, draw(WEIRD))
    return data


@st.composite
def mangled_text(draw: Any, text: str) -> str:
    """``text`` truncated, with characters inserted, deleted or repeated."""
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(["truncate", "insert", "delete", "repeat"]))
        if op == "truncate":
            text = text[:at]
        elif op == "insert":
            text = text[:at] + draw(st.text(alphabet=st.characters(codec="utf-8"), max_size=8)) + text[at:]
        elif op == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 40)):]
        else:
            text = text[:at] + text[at:at + 30] * draw(st.integers(2, 50)) + text[at:]
    return text


@st.composite
def mangled_bytes(draw: Any, text: str) -> bytes:
    """``text`` encoded, with random bytes (maybe not UTF-8) spliced in."""
    raw = text.encode("utf-8")
    at = draw(st.integers(0, len(raw)))
    return raw[:at] + draw(st.binary(min_size=1, max_size=12)) + raw[at + draw(st.integers(0, 8)):]


def read_or_typed_error(call: Any, *args: Any, expected: type[GloamError] = GloamError) -> Any:
    """The result of ``call(*args)``, or None if it raised ``expected`` (anything else
    fails the test)."""
    try:
        return call(*args)
    except expected:
        return None


@pytest.fixture(scope="module")
def temp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder for the mangled files (module-scoped: hypothesis runs many examples per
    test call)."""
    return tmp_path_factory.mktemp("properties")


def written(folder: Path, name: str, content: bytes) -> Path:
    path = folder / name
    path.write_bytes(content)
    return path


# ---------------------------------------------------------------------- the files
def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


DECKS = sorted((EXAMPLES / "decks").iterdir())
USER_CARDS = _text(EXAMPLES / "cards" / "coldest-war-mine.toml")
POSITIONS = sorted((EXAMPLES / "positions").iterdir())
COMPOSITION = json.loads(files("gloam.nightmarium").joinpath("data/standard.json").read_text(encoding="utf-8"))
CARD_SET = json.loads(files("gloam.nightfall").joinpath("data/martial_law.json").read_text(encoding="utf-8"))


def _record(name: str, setup: dict[str, Any], actions: int) -> dict[str, Any]:
    game = get_game(name, setup)
    state, chooser, played = game.new_initial_state(5), random.Random(5), []
    for _ in range(actions):
        played.append(chooser.choice(state.legal_action_indices()))
        state.apply(played[-1])
    return Record.of(game, 5, played, seats=["a"] * game.num_players, start=None).to_json() | \
        {"state": state.to_json()}


RECORDS = [_record("nightfall", {"players": 3, "archives": "draft"}, 60),
           _record("nightmarium", {"players": 3}, 60)]


@PROFILE
@given(data=st.data(), which=st.integers(0, len(DECKS) - 1))
def test_deck_files(data, which, temp):
    path = DECKS[which]
    text = _text(path)
    read_or_typed_error(parse_deck, data.draw(mangled_text(text)), path.name)
    if path.suffix == ".json":
        read_or_typed_error(parse_deck, json.dumps(data.draw(mutated(json.loads(text)))), path.name)
    else:
        import tomllib
        read_or_typed_error(parse_deck, json.dumps(data.draw(mutated(tomllib.loads(text)))), "deck.json")
    read_or_typed_error(load_deck, written(temp, path.name, data.draw(mangled_bytes(text))))


@PROFILE
@given(data=st.data())
def test_user_card_files(data, temp):
    import tomllib
    read_or_typed_error(parse_user_cards, data.draw(mangled_text(USER_CARDS)), "mine.toml", expected=CardDataError)
    read_or_typed_error(user_cards_from_json, data.draw(mutated(tomllib.loads(USER_CARDS))), expected=CardDataError)
    read_or_typed_error(load_user_cards, written(temp, "mine.toml", data.draw(mangled_bytes(USER_CARDS))),
                        expected=CardDataError)


@PROFILE
@given(data=st.data())
def test_card_set_files(data, temp):
    read_or_typed_error(card_set_from_json, data.draw(mutated(CARD_SET)), "martial_law.json", expected=CardDataError)
    text = json.dumps(CARD_SET)
    read_or_typed_error(load_card_file, written(temp, "set.json", data.draw(mangled_bytes(text))),
                        expected=CardDataError)


@PROFILE
@given(data=st.data())
def test_composition_files(data, temp):
    comp = read_or_typed_error(composition_from_json, data.draw(mutated(COMPOSITION)), expected=CardDataError)
    if comp is not None:  # a composition that reads is one a game can be set up with, or a SetupError
        read_or_typed_error(lambda: get_game("nightmarium", {"players": 2, "composition": comp.to_setup()})
                            .new_initial_state(1), expected=GloamError)
    text = json.dumps(COMPOSITION)
    read_or_typed_error(load_composition, written(temp, "comp.json", data.draw(mangled_text(text)).encode("utf-8")),
                        expected=CardDataError)
    read_or_typed_error(load_composition, written(temp, "comp.json", data.draw(mangled_bytes(text))),
                        expected=CardDataError)


@PROFILE
@given(data=st.data(), which=st.integers(0, len(POSITIONS) - 1))
def test_position_files(data, which):
    import tomllib
    text = _text(POSITIONS[which])
    read_or_typed_error(parse_position, data.draw(mangled_text(text)), expected=PositionError)
    state = read_or_typed_error(parse_position, data.draw(mutated(tomllib.loads(text))), expected=PositionError)
    if state is not None:
        state.legal_action_indices()


@PROFILE
@given(data=st.data(), which=st.integers(0, len(RECORDS) - 1))
def test_record_files(data, which, temp):
    original = {k: v for k, v in RECORDS[which].items() if k != "state"}
    record = read_or_typed_error(Record.from_json, data.draw(mutated(original)), expected=RecordError)
    if record is not None:
        read_or_typed_error(record.replay, expected=RecordError)
    text = json.dumps(original)
    read_or_typed_error(Record.load, written(temp, "game.json", data.draw(mangled_bytes(text))), expected=RecordError)
    read_or_typed_error(Record.load, written(temp, "game.json", data.draw(mangled_text(text)).encode("utf-8")),
                        expected=RecordError)


@PROFILE
@given(data=st.data(), which=st.integers(0, len(RECORDS) - 1))
def test_saved_states(data, which):
    """A saved state (a record's ``start``, a server snapshot) that was tampered with is
    a state or a RecordError."""
    saved = RECORDS[which]["state"]
    name = RECORDS[which]["game"]
    state = read_or_typed_error(state_from_json, name, data.draw(mutated(saved)), expected=RecordError)
    if state is not None:
        state.legal_action_indices()
        state.observation(SPECTATOR)


# ---------------------------------------------------------------------- found by these tests
def test_found_a_card_set_whose_set_is_not_a_string():
    """Was ``TypeError: unhashable type: 'list'``."""
    with pytest.raises(CardDataError, match="'set' must be one of"):
        card_set_from_json({**CARD_SET, "set": []})


def test_found_a_colour_that_is_not_a_string():
    """Was ``TypeError: unhashable type: 'dict'`` (set data and a player's own values)."""
    card = copy.deepcopy(CARD_SET)
    card["cards"][0]["colour"]["value"] = {}
    with pytest.raises(CardDataError, match="colour must be one of"):
        card_set_from_json(card)


def test_found_a_position_whose_game_is_not_a_string():
    """Was ``TypeError: unhashable type: 'list'``."""
    with pytest.raises(PositionError, match="name the game"):
        parse_position({"game": ["nightfall"]})


@pytest.mark.parametrize("name", ["nightfall", "nightmarium"])
def test_found_a_language_and_an_event_number_gloam_does_not_know(name):
    """A Nightmarium view in an unknown language was a bare ValueError (Nightfall's a
    SetupError); ``events_for(v, since)`` took a negative ``since`` as counting from
    the end and a string or float raised TypeError."""
    state = get_game(name, {}).new_initial_state(1)
    with pytest.raises(SetupError, match="unknown language"):
        state.view(0, "xx")
    for since in (-1, "a", 2.5, True, None):
        with pytest.raises(ViewerError, match="since"):
            state.events_for(0, since)
    assert state.events_for(0, 0) == state.events_for(0) and state.events_for(0, 10**9) == []


def test_found_a_finished_nightmarium_game_that_would_not_load():
    """Soak game 15035 (seed 16): a 5-player game that ended in a dead position at the
    end of a turn has no action left; its saved state was refused ("actions_left 0 is
    out of range"), so its JSON round trip failed."""
    from test_conformance_nightmarium import deadlocked_state

    state = deadlocked_state()
    while not state.is_terminal():
        state.apply(state.legal_action_indices()[0])
    assert state.to_json()["actions_left"] == 0 and state.to_json()["mode"] == "over"
    assert type(state).from_json(json.loads(json.dumps(state.to_json()))) == state
    live = get_game("nightmarium", {}).new_initial_state(1).to_json()
    with pytest.raises(RecordError, match="actions_left 0 is out of range"):
        state_from_json("nightmarium", {**live, "actions_left": 0})
    with pytest.raises(RecordError, match="mode"):
        state_from_json("nightmarium", {**live, "mode": ["turn"]})
