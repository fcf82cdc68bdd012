"""gloam's Nightmarium as an OpenSpiel game (issue 6): OpenSpiel's own random-simulation
test, its MCTS and IS-MCTS bots through pyspiel, and the contracts those rely on —
information states that hide other hands, resampling that keeps them, reproducible
deals, serialization, and the length bound."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # noqa: E402

from gloam.core.errors import IllegalActionError, SetupError  # noqa: E402
from gloam.core.rng import derive_seed  # noqa: E402
from gloam.games import get_game  # noqa: E402
from gloam.interop import openspiel as gos  # noqa: E402
from gloam.match import play_match  # noqa: E402
from gloam.nightmarium.actions import DRAW  # noqa: E402


def load(**params) -> gos.GloamGame:
    text = ",".join(f"{k}={v}" for k, v in params.items())
    return pyspiel.load_game(f"python_gloam_nightmarium({text})")


def dealt(game, deal: int = 0):
    state = game.new_initial_state()
    state.apply_action(deal)
    return state


def play_random(state, steps: int, rng: random.Random):
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


# ---------------------------------------------------------------------------- registration
def test_importing_registers_nightmarium_with_its_setup_parameters():
    game = load(players=3, creatures=6, turn_limit=50, seed=4)
    assert "python_gloam_nightmarium" in pyspiel.registered_names()
    assert game.num_players() == 3
    assert game.gloam_game.creatures == 6 and game.gloam_game.turn_limit == 50
    assert game.num_distinct_actions() == len(game.gloam_game.action_space) == 1010
    assert game.max_game_length() == 50 * 100
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert (kind.min_num_players, kind.max_num_players) == (2, 5)


def test_default_parameters_bound_the_game_at_500_turns():
    game = pyspiel.load_game("python_gloam_nightmarium")
    assert game.get_parameters() == {"players": 2, "creatures": 5, "first_player": 0,
                                     "turn_limit": 500, "seed": 0}


@pytest.mark.parametrize("params, error", [
    ("players=6", SetupError),  # rule 186: 2 to 5 players
    ("creatures=4", SetupError),  # rule 192: 5, 6 or 7 Creatures
    ("turn_limit=0", SetupError),  # OpenSpiel needs a bounded game
    ("colour=3", pyspiel.SpielError),
])
def test_bad_parameters_are_refused(params, error):
    with pytest.raises(error):
        pyspiel.load_game(f"python_gloam_nightmarium({params})")


# ---------------------------------------------------------------------------- OpenSpiel's tests
@pytest.mark.parametrize("players, sims", [(2, 6), (3, 2), (5, 1)])
def test_openspiel_random_simulation_test_passes(players, sims):
    """pyspiel's own API-consistency test, with serialization round trips."""
    game = load(players=players, seed=players)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def _finish(state, bots, rng):
    """Play to the end with one bot per seat; every bot action must be legal."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.randint(gos.DEALS)))
            continue
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    return state


def _assert_finished(state):
    returns = state.returns()
    winner = state.gloam_state.winner
    assert state.gloam_state.is_terminal()
    assert returns == [1.0 if p == winner else 0.0 for p in range(len(returns))]


def test_mcts_bot_plays_a_complete_game_through_pyspiel():
    game = load(players=2, seed=11)
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=rng, solve=False),
            gos.GloamBot(game, "greedy", 1, seed=1)]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, rng)
    _assert_finished(state)
    assert returns == state.returns()


def test_ismcts_bot_plays_a_complete_game_through_pyspiel():
    """IS-MCTS resamples the world from the acting player's information state at
    every simulation and asserts the sample has the same information state."""
    game = load(players=3, seed=12)
    rng = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    search = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=rng)
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    resamples = []

    def resample(state, player):
        resamples.append(player)
        return state.resample_from_infostate(player, sampler)

    search.set_resampler(resample)
    bots = [search, gos.GloamBot(game, "greedy", 1, seed=1), gos.GloamBot(game, "random", 2, seed=2)]
    state = _finish(game.new_initial_state(), bots, rng)
    _assert_finished(state)
    assert resamples and set(resamples) == {0}  # it searched sampled worlds, from its own view


# ---------------------------------------------------------------------------- the deal
def test_a_deal_is_the_gloam_game_from_the_derived_seed():
    game = load(players=3, seed=9)
    state = dealt(game, 77)
    assert state.gloam_state == game.gloam_game.new_initial_state(derive_seed(9, 77))
    assert str(state) == str(dealt(load(players=3, seed=9), 77))
    assert str(state) != str(dealt(load(players=3, seed=10), 77))


def test_the_deal_is_the_only_chance_node():
    game = load(seed=1)
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == gos.DEALS
    assert state.information_state_string(0) == "" and not any(state.observation_tensor(1))
    state = dealt(game, 5)
    rng = random.Random(2)
    while not state.is_terminal():
        assert not state.is_chance_node()
        state.apply_action(rng.choice(state.legal_actions()))


# ---------------------------------------------------------------------------- views
def test_information_state_has_your_draws_and_hides_the_others():
    """Perfect recall of what you saw: your own drawn card is in your information state
    (rule 194: you draw the top card), and nobody else's is."""
    game = load(seed=2)
    state = dealt(game, 3)
    drawn = state.gloam_state.deck[-1]
    state.apply_action(DRAW)
    assert drawn in state.gloam_state.hands[0]
    mine = state.information_state_string(0).splitlines()
    theirs = state.information_state_string(1).splitlines()
    assert any(f'"cards":[{drawn}]' in line and '"type":"draw"' in line for line in mine)
    assert not any('"cards"' in line for line in theirs if '"player":0' in line)
    hand_1 = state.gloam_state.hands[1]
    assert f'"hand":{hand_1}'.replace(" ", "") in state.observation_string(1)
    assert str(hand_1).replace(" ", "") not in state.information_state_string(0)


def test_resampling_keeps_the_players_view_and_redeals_the_rest():
    game = load(players=3, seed=5)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    rng = random.Random(5)
    state = play_random(dealt(game, 8), 40, rng)
    assert not state.is_terminal()
    for player in range(3):
        others = [q for q in range(3) if q != player]
        changed = False
        for _ in range(5):
            world = state.resample_from_infostate(player, sampler)
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.observation_string(player) == state.observation_string(player)
            assert world.information_state_tensor(player) == state.information_state_tensor(player)
            assert world.observation_tensor(player) == state.observation_tensor(player)
            assert world.current_player() == state.current_player()
            truth, sample = state.gloam_state, world.gloam_state
            assert sample.hands[player] == truth.hands[player]
            changed |= any(sorted(sample.hands[q]) != sorted(truth.hands[q]) for q in others)
            changed |= sample.deck != truth.deck
            play_random(world, 1000, rng)  # a resampled world plays on to the end
            assert world.is_terminal()
        assert changed, "resampling never changed what the player cannot see"


def _penalty_position(game, pen_any: bool):
    """A position where someone owes the same-Legion penalty (rule 203), found by
    random play; with ``pen_any`` the owner holds no card of the Legion."""
    for deal in range(500):
        rng = random.Random(deal)
        state = dealt(game, deal)
        while not state.is_terminal():
            g = state.gloam_state
            if g.decision_kind() == "penalty" and g.penalties[0][0] != g.active and g.pen_any == pen_any:
                return state
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("no penalty position found")


def test_resampling_during_anothers_penalty_gives_them_a_card_of_the_legion():
    """Rule 203: a player owing the penalty who must discard a card *of the Legion*
    (pen_any false: everyone sees they hold one) keeps holding one in every resampled
    world, from another player's view."""
    game = load(players=2, seed=6)
    state = _penalty_position(game, pen_any=False)
    owner, legion = state.gloam_state.penalties[0]
    viewer = 1 - owner
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(40):
        world = state.resample_from_infostate(viewer, sampler)
        assert any(game.gloam_game.legion[c] == legion for c in world.gloam_state.hands[owner])
        assert world.legal_actions()


def test_resampling_during_anothers_penalty_respects_no_card_of_the_legion():
    game = load(players=2, seed=6)
    state = _penalty_position(game, pen_any=True)
    owner, legion = state.gloam_state.penalties[0]
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(40):
        world = state.resample_from_infostate(1 - owner, sampler)
        assert not any(game.gloam_game.legion[c] == legion for c in world.gloam_state.hands[owner])


def test_tensors_have_the_declared_shapes_and_values_in_the_unit_range():
    game = load(players=4, seed=3)
    state = dealt(game, 2)
    rng = random.Random(3)
    sizes = game.observation_tensor_size(), game.information_state_tensor_size()
    assert sizes[1] > sizes[0]
    while not state.is_terminal():
        for p in range(4):
            for tensor, size in ((state.observation_tensor(p), sizes[0]),
                                 (state.information_state_tensor(p), sizes[1])):
                values = np.asarray(tensor)
                assert values.shape == (size,)
                assert values.min() >= 0.0 and values.max() <= 1.0
        state.apply_action(rng.choice(state.legal_actions()))


def test_action_strings_name_the_typed_actions():
    state = dealt(load(seed=1), 0)
    assert state.action_to_string(0, DRAW) == "Draw()"
    legal = state.legal_actions()
    assert legal == sorted(legal)
    assert state.string_to_action(state.action_to_string(0, legal[-1])) == legal[-1]


# ---------------------------------------------------------------------------- copies and ends
def test_clone_and_serialization_continue_exactly_like_the_original():
    game = load(players=3, seed=8)
    state = play_random(dealt(game, 4), 30, random.Random(0))
    clone = state.clone()
    text = pyspiel.serialize_game_and_state(game, state)
    _, restored = pyspiel.deserialize_game_and_state(text)
    before = str(state)
    clone.apply_action(clone.legal_actions()[0])
    assert str(state) == before  # the clone is independent
    rng_a, rng_b = random.Random(9), random.Random(9)
    play_random(state, 2000, rng_a)
    play_random(restored, 2000, rng_b)
    assert state.history()[-5:] == restored.history()[-5:]
    assert str(state) == str(restored) and state.returns() == restored.returns()


def test_the_turn_limit_ends_the_game_with_no_winner():
    game = load(players=2, turn_limit=2, seed=1)
    state = play_random(dealt(game, 1), 1000, random.Random(4))
    assert state.is_terminal() and state.gloam_state.turn == 2
    assert state.returns() == [0.0, 0.0]


def test_the_declared_maximum_game_length_is_enforced():
    game = load(players=2, turn_limit=3, seed=1)
    inner = game.gloam_game.new_initial_state(5)
    state = game.from_gloam_state(inner, decisions=game.max_game_length() - 1)
    state.apply_action(DRAW)
    assert state.is_terminal() and not state.gloam_state.is_terminal()
    assert state.returns() == [0.0, 0.0]
    assert "maximum game length" in str(state)


def test_illegal_actions_are_refused():
    state = dealt(load(seed=1), 0)
    with pytest.raises(IllegalActionError):
        state.apply_action(3)  # an Executioner target at a turn decision


def test_an_action_is_a_python_or_numpy_integer():
    """Issue 13: pyspiel turned True into action 1 and a float into a TypeError; the
    adapter takes Python and numpy integers and refuses everything else (and a deal or an
    index out of range) with a typed error, changing nothing."""
    import numpy as np

    from gloam.core.errors import ActionIndexError

    state = load(seed=1).new_initial_state()
    for bad, error in ((True, IllegalActionError), (0.0, IllegalActionError), ("0", IllegalActionError),
                       (None, IllegalActionError), (np.bool_(False), IllegalActionError),
                       (-1, ActionIndexError), (gos.DEALS, ActionIndexError)):
        with pytest.raises(error):
            state.apply_action(bad)
        assert state.history() == [] and state.is_chance_node()
    state.apply_action(np.int64(5))  # the deal
    assert state.history() == [5]
    legal = state.legal_actions()
    for bad, error in ((float(legal[0]), IllegalActionError), (str(legal[0]), IllegalActionError),
                       (bool(legal[1]), IllegalActionError), (np.float32(legal[0]), IllegalActionError),
                       (10**30, ActionIndexError), (-1, ActionIndexError)):
        before = state.gloam_state.to_json()
        with pytest.raises(error):
            state.apply_action(bad)
        assert state.gloam_state.to_json() == before and state.history() == [5]
    state.apply_action(np.uint16(legal[0]))
    assert state.history() == [5, legal[0]]


def test_gloam_bot_plays_the_same_game_as_gloam_match():
    """The adapter gives a gloam bot exactly what gloam's own match loop gives it."""
    from gloam.bots import make_bot
    from gloam.match import play_match

    game = load(players=2, seed=3)
    state = dealt(game, 6)
    seed = derive_seed(3, 6)
    bots = [gos.GloamBot(game, "greedy", p, seed=p) for p in range(2)]
    _finish(state, bots, np.random.RandomState(0))
    reference = play_match(get_game("nightmarium", {"turn_limit": 500}),
                           [make_bot("greedy", game.gloam_game, p) for p in range(2)], seed)
    assert state.history()[1:] == reference.actions


def test_core_imports_none_of_the_research_packages():
    """The research packages are an optional extra: importing every module of gloam
    outside ``gloam.interop`` loads none of them."""
    code = (
        "import importlib, pkgutil, sys\n"
        "def walk(name):\n"
        "    module = importlib.import_module(name)\n"
        "    for m in pkgutil.iter_modules(getattr(module, '__path__', [])):\n"
        "        if f'{name}.{m.name}' != 'gloam.interop':\n"
        "            walk(f'{name}.{m.name}')\n"
        "walk('gloam')\n"
        "assert 'gloam.nightmarium.state' in sys.modules\n"
        "print(sorted(x for x in ('pyspiel', 'open_spiel', 'pettingzoo', 'gymnasium', 'numpy')"
        " if x in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# ============================================================================ Nightfall
# Issue 6 for Nightfall. Nightfall games are long (combat windows ask every player), so
# the search tests use two or three players and a small budget; the games still end by
# the rules (the wound stack's face-up wounds run out, rule 161), inside the turn limit
# given as a safety net (60 or 80 turns; the longest of 600 measured 2- and 3-player
# games with random seats took 65). Wall time of the Nightfall tests here: about 8 s.
from gloam.bots.nightfall_heuristic import HeuristicBot  # noqa: E402
from gloam.interop import binding  # noqa: E402
from gloam.nightfall.actions import PASS, action_space as nightfall_actions  # noqa: E402


def load_nf(**params) -> gos.GloamGame:
    text = ",".join(f"{k}={v}" for k, v in params.items())
    return pyspiel.load_game(f"python_gloam_nightfall({text})")


def _assert_nf_finished(state):
    """Ended by the rules (161-165): one winner, with the fewest wounds, gets 1."""
    gloam = state.gloam_state
    assert gloam.is_terminal() and gloam.winner >= 0
    n = len(state.returns())
    assert state.returns() == [1.0 if p == gloam.winner else 0.0 for p in range(n)]
    wounds = [gloam.wound_count(p)[0] for p in range(n)]
    assert wounds[gloam.winner] == min(wounds)


def test_importing_registers_nightfall_with_its_setup_parameters():
    game = pyspiel.load_game("python_gloam_nightfall(players=3)")
    assert "python_gloam_nightfall" in pyspiel.registered_names()
    assert game.get_parameters() == {"players": 3, "long": False, "moons": False, "first_player": 0,
                                     "turn_limit": 1000, "seed": 0}
    assert game.num_players() == 3
    assert game.num_distinct_actions() == len(nightfall_actions()) == 1937
    assert game.max_game_length() == 1000 * 250
    assert game.gloam_game.archive_setup == "quick"  # rule 31: the quick-start archives
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert (kind.min_num_players, kind.max_num_players) == (2, 5)  # reading 5


def test_nightfall_setup_parameters_reach_the_game():
    """Rule 14 (long game: 5 more face-up wounds per player), rule 36 (moon phases face
    up by the commons), rule 37 (the first player)."""
    game = load_nf(players=3, long=True, moons=True, first_player=2, turn_limit=40, seed=1)
    assert game.gloam_game.turn_limit == 40 and game.max_game_length() == 40 * 250
    state = dealt(game, 0)
    gloam = state.gloam_state
    assert gloam.face_up == 3 * 15
    assert gloam.moons and state.observation_string(0).count('"moon":null') == 0
    assert state.current_player() == 2 and gloam.active == 2
    plain = dealt(load_nf(players=3, seed=1), 0).gloam_state
    assert plain.face_up == 30 and not plain.moons and plain.active == 0


@pytest.mark.parametrize("params, error", [
    ("players=6", SetupError),  # reading 5: 2 to 5 players
    ("players=5,long=True", SetupError),  # 75 face-up wounds; The Coldest War has 60
    ("first_player=3", SetupError),
    ("turn_limit=0", SetupError),  # OpenSpiel needs a bounded game
    ("archives=draft", pyspiel.SpielError),  # only the quick start is registered
])
def test_bad_nightfall_parameters_are_refused(params, error):
    with pytest.raises(error):
        pyspiel.load_game(f"python_gloam_nightfall({params})")


@pytest.mark.parametrize("players, sims", [(2, 2), (3, 1)])
def test_openspiel_random_simulation_test_passes_on_nightfall(players, sims):
    game = load_nf(players=players, seed=players)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_mcts_bot_plays_a_complete_nightfall_game_through_pyspiel():
    game = load_nf(players=2, turn_limit=60, seed=11)
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=rng, solve=False),
            gos.GloamBot(game, HeuristicBot(1), 1)]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, rng)
    _assert_nf_finished(state)
    assert returns == state.returns()


def test_ismcts_bot_plays_a_complete_nightfall_game_through_pyspiel():
    """IS-MCTS resamples the world from its own information state (NightfallGame
    .determinize) at every simulation and asserts each sample has the same one."""
    game = load_nf(players=3, turn_limit=80, seed=12)
    rng = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    search = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=rng)
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    resamples = []

    def resample(state, player):
        resamples.append(player)
        return state.resample_from_infostate(player, sampler)

    search.set_resampler(resample)
    bots = [search, gos.GloamBot(game, HeuristicBot(1), 1), gos.GloamBot(game, "random", 2, seed=2)]
    state = _finish(game.new_initial_state(), bots, rng)
    _assert_nf_finished(state)
    assert resamples and set(resamples) == {0}


def test_nightfall_turn_limit_stops_the_game_with_no_winner():
    """After turn_limit whole turns the game is over, every return 0 (the engine ends it:
    see the engine test below)."""
    game = load_nf(players=3, turn_limit=2, seed=1)
    state = play_random(dealt(game, 1), 5000, random.Random(4))
    assert state.is_terminal() and state.returns() == [0.0, 0.0, 0.0]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    gloam = state.gloam_state
    assert gloam.is_terminal() and gloam.turn == 2 and gloam.events[-1]["type"] == "turn_limit"
    restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert restored.is_terminal() and restored.returns() == [0.0, 0.0, 0.0]


def test_nightfall_engine_ends_the_game_at_its_turn_limit():
    """The setup's turn_limit ("an optional turn limit for simulations", game.py) should
    end the game with no winner, as Nightmarium's does, with a ``turn_limit`` event."""
    game = get_game("nightfall", {"players": 2, "turn_limit": 2})
    state = game.new_initial_state(1)
    rng = random.Random(0)
    while not state.is_terminal() and state.turn <= 2:
        state.apply(rng.choice(state.legal_action_indices()))
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert state.events[-1]["type"] == "turn_limit"


def test_nightfall_resampling_keeps_the_players_view_and_redeals_the_rest():
    game = load_nf(players=3, turn_limit=30, seed=5)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    rng = random.Random(5)
    state = play_random(dealt(game, 8), 120, rng)
    assert not state.is_terminal() and state.gloam_state.turn > 2
    for player in range(3):
        others = [q for q in range(3) if q != player]
        changed = False
        for _ in range(3):
            world = state.resample_from_infostate(player, sampler)
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.observation_string(player) == state.observation_string(player)
            assert world.information_state_tensor(player) == state.information_state_tensor(player)
            assert world.observation_tensor(player) == state.observation_tensor(player)
            assert world.current_player() == state.current_player()
            truth, sample = state.gloam_state, world.gloam_state
            assert sample.hands[player] == truth.hands[player]
            assert sorted(sample.decks[player]) == sorted(truth.decks[player])
            changed |= any(sorted(sample.hands[q]) != sorted(truth.hands[q]) for q in others)
            play_random(world, 5000, rng)  # a resampled world plays on to the end
            assert world.is_terminal()
        assert changed, "resampling never changed another player's hand"


def test_nightfall_information_state_has_your_draws_and_hides_the_others():
    """Rule 35: each player draws 5 cards. Your information state names your cards, no
    one else's; your observation tensor marks exactly your hand."""
    game = load_nf(players=3, seed=2)
    state = dealt(game, 3)
    hands = state.gloam_state.hands
    mine = state.information_state_string(0)
    assert f'"cards":{hands[0]}'.replace(" ", "") in mine
    for q in (1, 2):
        assert f'"cards":{hands[q]}'.replace(" ", "") not in mine
        assert f'"hand":{hands[q]}'.replace(" ", "") not in state.observation_string(0)
    observer = game.make_py_observer()
    observer.set_from(state, 0)
    encoder = game.encoder
    in_hand = np.flatnonzero(observer.dict["zone"][:, encoder.z_hand])
    assert sorted(in_hand) == sorted(hands[0])
    assert all(observer.dict["zone"][c, encoder.z_unseen] == 1 for c in hands[1] + hands[2])


def test_nightfall_tensors_follow_the_table():
    """Along a random game, player 1's tensor agrees with the table, seats relative to
    player 1 (player 2 is seat 1, player 0 seat 2): each card is in one zone, minions in
    play carry their slot (what Attack and Block name), chain cards their place, attacks
    their number and target, archives their card, seats their sizes; values stay in
    [0, 1]."""
    game = load_nf(players=3, moons=True, seed=3)
    encoder = game.encoder
    viewer, n = 1, 3

    def rel(q):
        return (q - viewer) % n

    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    state = dealt(game, 2)
    rng = random.Random(3)
    seen_chain = seen_attack = False
    size = game.information_state_tensor_size()
    while not state.is_terminal():
        g = state.gloam_state
        observer.set_from(state, viewer)
        values, view = observer.tensor, observer.dict
        assert values.shape == (size,) and values.min() >= 0.0 and values.max() <= 1.0
        assert (view["card"][:, : encoder.kinds].sum(axis=1) == 1).all()
        assert (view["zone"].sum(axis=1) == 1).all()
        for q in range(n):
            for slot, m in enumerate(g.play[q]):
                assert view["zone"][m, encoder.z_play + rel(q)] == 1
                assert np.flatnonzero(view["detail"][m, encoder.d_slot: encoder.d_slot + encoder.slots]) == [slot]
            for cid in g.discards[q]:
                assert view["zone"][cid, encoder.z_discard + rel(q)] == 1
            assert view["seat"][4, rel(q)] == pytest.approx(min(len(g.hands[q]) / 10, 1))
            assert view["seat"][7, rel(q)] == pytest.approx(min(g.wound_count(q)[0] / 20, 1))
        assert view["seat"][1, rel(g.active)] == 1
        for i, link in enumerate(g.chain):
            seen_chain = True
            assert view["zone"][link["card"], encoder.z_chain] == 1
            assert view["detail"][link["card"], encoder.d_position] == pytest.approx((i + 1) / len(g.chain))
            assert view["detail"][link["card"], encoder.d_chained + rel(link["player"])] == 1
        for number, attack in enumerate(g.flags.get("attacks", ())):
            seen_attack = True
            assert view["detail"][attack["minion"], encoder.d_attack_no + number] == 1
            assert view["detail"][attack["minion"], encoder.d_attacks + rel(attack["target"])] == 1
        for k, archive in enumerate(g.archives):
            assert view["archive"][k, encoder.card_index[archive["card"]]] == 1
        assert view["zone"][g.moons[-1], encoder.z_moon] == 1
        for cid in g.hands[viewer]:
            assert view["zone"][cid, encoder.z_hand] == 1
        for cid in g.decks[viewer]:
            assert view["zone"][cid, encoder.z_unseen] == 1  # not even your own deck order
        state.apply_action(rng.choice(state.legal_actions()))
    assert seen_chain and seen_attack


def test_nightfall_action_strings_name_the_typed_actions():
    state = dealt(load_nf(seed=1), 0)
    assert state.gloam_state.decision_kind() == "combat_window"
    assert state.action_to_string(0, PASS) == "Pass()"
    state = play_random(state, 40, random.Random(1))
    legal = state.legal_actions()
    assert legal == sorted(legal)
    for action in legal:
        assert state.string_to_action(state.action_to_string(state.current_player(), action)) == action


def test_nightfall_clone_and_serialization_continue_exactly_like_the_original():
    game = load_nf(players=3, seed=8)
    state = play_random(dealt(game, 4), 150, random.Random(0))
    clone = state.clone()
    _, restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    before = str(state)
    clone.apply_action(clone.legal_actions()[-1])
    assert str(state) == before
    play_random(state, 10000, random.Random(9))
    play_random(restored, 10000, random.Random(9))
    assert state.is_terminal() and state.history()[-5:] == restored.history()[-5:]
    assert str(state) == str(restored) and state.returns() == restored.returns()


def test_heuristic_seats_through_pyspiel_play_the_same_nightfall_game_as_gloam_match():
    game = load_nf(players=3, seed=3)
    state = dealt(game, 6)
    bots = [gos.GloamBot(game, HeuristicBot(p), p) for p in range(3)]
    _finish(state, bots, np.random.RandomState(0))
    _assert_nf_finished(state)
    setup = binding("nightfall").setup({"players": 3})
    reference = play_match(get_game("nightfall", setup), [HeuristicBot(p) for p in range(3)], derive_seed(3, 6))
    assert state.history()[1:] == reference.actions
    assert reference.state.winner == state.gloam_state.winner
