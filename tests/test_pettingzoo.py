"""gloam's Nightmarium as a PettingZoo AEC environment (issue 6): PettingZoo's own
``api_test`` and ``seed_test``, plus what an agent relies on — the mask is exactly the
legal options, rewards are the game's returns, the deal follows the seed, and the turn
limit truncates."""

from __future__ import annotations

import random

import pytest

pettingzoo = pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from gloam.bots import make_bot  # noqa: E402
from gloam.core.errors import IllegalActionError, SetupError  # noqa: E402
from gloam.games import get_game  # noqa: E402
from gloam.interop.pettingzoo import GloamAECEnv, bot_policy, nightmarium_env  # noqa: E402
from gloam.match import play_match  # noqa: E402

pytestmark = pytest.mark.filterwarnings(
    # PettingZoo's checks warn about every Dict observation with an action mask
    "ignore:Observation is not a NumPy array", "ignore:Observation space for each agent")


def random_action(observation, rng):
    return int(rng.choice(np.flatnonzero(observation["action_mask"])))


def play(env, choose, seed):
    """Play one episode; ``choose(agent, observation)``. Returns the final
    (reward, terminated, truncated) of every agent."""
    env.reset(seed=seed)
    final = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = (reward, terminated, truncated)
            env.step(None)
        else:
            env.step(choose(agent, observation))
    return final


@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_api_test_passes(players):
    api_test(nightmarium_env(players=players), num_cycles=1000)


def test_pettingzoo_seed_test_passes():
    seed_test(lambda: nightmarium_env(players=3), num_cycles=500)


def test_agents_spaces_and_first_observation():
    env = nightmarium_env(players=3)
    env.reset(seed=1)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    assert env.agent_selection == "player_0"  # rule 191: the first player starts
    space = env.observation_space("player_1")
    assert space["action_mask"].shape == (1010,) and env.action_space("player_1").n == 1010
    observation = env.observe("player_1")
    assert space.contains(observation)
    assert observation["observation"].dtype == np.float32


def test_reset_with_a_seed_deals_that_gloam_game():
    env = nightmarium_env(players=3)
    env.reset(seed=42)
    game = get_game("nightmarium", {"players": 3, "turn_limit": 500})
    assert env.unwrapped.game_state == game.new_initial_state(42)
    env.reset()
    second = env.unwrapped.game_state
    assert second != game.new_initial_state(42)
    env.reset(seed=42)
    env.reset()
    assert env.unwrapped.game_state == second  # the episodes after a seed are reproducible


def test_the_mask_is_exactly_the_legal_options_of_the_agent_to_act():
    env = nightmarium_env(players=3)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(150):
        agent = env.agent_selection
        state = env.unwrapped.game_state
        if state.is_terminal():
            break
        for other in env.agents:
            mask = env.observe(other)["action_mask"]
            if other == agent:
                assert sorted(np.flatnonzero(mask)) == sorted(state.legal_action_indices())
            else:
                assert not mask.any()  # only the player of the pending decision acts
        env.step(random_action(env.observe(agent), rng))


def test_an_agent_may_act_twice_in_a_row():
    """Rule 193: a turn is two actions, so the same agent is selected again."""
    env = nightmarium_env(players=2)
    env.reset(seed=0)
    env.step(0)  # action A: draw
    assert env.agent_selection == "player_0"
    env.step(0)
    assert env.agent_selection == "player_1"


def test_greedy_seats_play_the_same_game_as_gloam_match_and_the_winner_gets_the_reward():
    env = nightmarium_env(players=2)
    policies = {f"player_{p}": bot_policy(env, "greedy", seed=p) for p in range(2)}
    final = play(env, lambda agent, _: policies[agent](agent), seed=21)
    game = get_game("nightmarium", {"players": 2, "turn_limit": 500})
    reference = play_match(game, [make_bot("greedy", game, p) for p in range(2)], seed=21)
    winner = reference.state.winner
    assert winner >= 0
    assert env.unwrapped.game_state == reference.state
    assert final == {f"player_{p}": (1.0 if p == winner else 0.0, True, False) for p in range(2)}


def test_the_turn_limit_truncates_every_agent_with_no_reward():
    env = nightmarium_env(players=3, turn_limit=2)
    rng = np.random.default_rng(0)
    final = play(env, lambda agent, obs: random_action(obs, rng), seed=5)
    assert final == {f"player_{p}": (0.0, False, True) for p in range(3)}
    assert env.agents == []


def test_an_illegal_action_is_refused_and_changes_nothing():
    env = nightmarium_env(players=2)
    env.reset(seed=2)
    before = env.unwrapped.game_state.to_json()
    with pytest.raises(IllegalActionError):
        env.step(3)  # an Executioner target, not an option of a turn decision
    assert env.unwrapped.game_state.to_json() == before
    assert env.agent_selection == "player_0"


@pytest.mark.parametrize("make", [nightmarium_env, lambda **setup: GloamAECEnv("nightmarium", **setup)],
                         ids=["wrapped", "raw"])
def test_an_action_is_a_python_or_numpy_integer(make):
    """Issue 13: the mask's indices are numpy integers and are taken as they are; a float
    (0.9 used to play action 0), a string ("0" too), a bool, a numpy bool or float, a
    list, and None for an agent still playing are refused with a typed error, and the
    environment is left as it was."""
    env = make(players=2)
    env.reset(seed=2)
    raw = env.unwrapped
    legal = np.flatnonzero(raw.observe("player_0")["action_mask"])
    assert 0 in legal  # so 0.9 and "0" would have played a legal action
    for bad in (0.9, "0", True, np.bool_(True), np.float64(0.0), [0], None, b"0"):
        before = (raw.game_state.to_json(), env.agent_selection, dict(raw._cumulative_rewards))
        with pytest.raises(IllegalActionError, match="an action is an integer index|must choose an action"):
            env.step(bad)
        assert (raw.game_state.to_json(), env.agent_selection, dict(raw._cumulative_rewards)) == before
    for _ in range(2):  # numpy integers, as the mask gives them, are actions
        before = raw.game_state.to_json()
        env.step(np.int32(np.flatnonzero(raw.observe(env.agent_selection)["action_mask"])[0]))
        assert raw.game_state.to_json() != before


def test_observations_hide_the_other_hands():
    """Two worlds that differ only in what player 0 cannot see (player 1's hand and the
    deck) give player 0 the same observation; player 1 sees the difference."""
    env = nightmarium_env(players=2)
    env.reset(seed=8)
    raw = env.unwrapped
    seen_0 = raw.observe("player_0")["observation"]
    seen_1 = raw.observe("player_1")["observation"]
    truth = raw.game_state
    world = raw.game.determinize(truth.observation(0), random.Random(1))
    assert sorted(world.hands[1]) != sorted(truth.hands[1])
    raw.game_state = world
    assert np.array_equal(raw.observe("player_0")["observation"], seen_0)
    assert not np.array_equal(raw.observe("player_1")["observation"], seen_1)


def test_render_shows_the_table():
    env = nightmarium_env(render_mode="ansi", players=2)
    env.reset(seed=4)
    text = env.render()
    assert "Player 1: hand" in text and "Player 2: hand" in text and "Deck (98" in text


def test_setup_errors_are_reported():
    with pytest.raises(SetupError):
        nightmarium_env(players=6)
    with pytest.raises(SetupError):
        GloamAECEnv("nightmarium", turn_limit=0)
    with pytest.raises(ValueError):
        nightmarium_env(render_mode="rgb_array")


# ============================================================================ Nightfall
from gloam.bots.nightfall_heuristic import HeuristicBot  # noqa: E402
from gloam.interop.pettingzoo import nightfall_env  # noqa: E402


@pytest.mark.parametrize("players", [2, 3])
def test_pettingzoo_api_test_passes_on_nightfall(players):
    api_test(nightfall_env(players=players), num_cycles=1000)


def test_pettingzoo_seed_test_passes_on_nightfall():
    seed_test(lambda: nightfall_env(players=3, moons=True), num_cycles=500)


def test_nightfall_agents_spaces_and_first_observation():
    env = nightfall_env(players=3, first_player=2)
    env.reset(seed=1)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    assert env.agent_selection == "player_2"  # rule 37: the chosen first player starts
    space = env.observation_space("player_0")
    assert space["action_mask"].shape == (1937,) and env.action_space("player_0").n == 1937
    observation = env.observe("player_0")
    assert space.contains(observation)
    assert not observation["action_mask"].any()


def test_every_player_is_asked_in_a_nightfall_combat_window():
    """Rules 81-86: players take turns from the active player, and the window closes
    only when everyone has passed in a row; the mask is exactly the legal options of
    the agent to act and empty for everyone else."""
    env = nightfall_env(players=3)
    env.reset(seed=3)
    state = env.unwrapped.game_state
    asked = []
    while state.decision_kind() == "combat_window" and state.turn == 1:
        agent = env.agent_selection
        asked.append(agent)
        for other in env.agents:
            mask = env.observe(other)["action_mask"]
            if other == agent:
                assert sorted(np.flatnonzero(mask)) == sorted(state.legal_action_indices())
            else:
                assert not mask.any()
        env.step(0)  # pass
    assert asked[:3] == ["player_0", "player_1", "player_2"]


def test_heuristic_seats_play_the_same_nightfall_game_as_gloam_match_and_the_winner_gets_the_reward():
    env = nightfall_env(players=2)
    policies = {f"player_{p}": bot_policy(env, HeuristicBot(p)) for p in range(2)}
    final = play(env, lambda agent, _: policies[agent](agent), seed=21)
    game = get_game("nightfall", {"players": 2, "turn_limit": 1000})
    reference = play_match(game, [HeuristicBot(p) for p in range(2)], seed=21)
    winner = reference.state.winner
    assert winner >= 0
    assert env.unwrapped.game_state.to_json() == reference.state.to_json()
    assert final == {f"player_{p}": (1.0 if p == winner else 0.0, True, False) for p in range(2)}


def test_the_turn_limit_truncates_a_nightfall_game_with_no_reward():
    env = nightfall_env(players=3, turn_limit=2)
    rng = np.random.default_rng(0)
    final = play(env, lambda agent, obs: random_action(obs, rng), seed=5)
    assert final == {f"player_{p}": (0.0, False, True) for p in range(3)}
    assert env.agents == [] and env.unwrapped.game_state.turn == 2  # the engine ends it after turn 2


def test_nightfall_observations_hide_the_other_hands():
    """Two worlds that differ only in what player 0 cannot see (NightfallGame.determinize
    re-deals the other hands and decks) give player 0 the same observation."""
    env = nightfall_env(players=2)
    env.reset(seed=8)
    raw = env.unwrapped
    seen_0 = raw.observe("player_0")["observation"]
    seen_1 = raw.observe("player_1")["observation"]
    truth = raw.game_state
    world = raw.game.determinize(truth.observation(0), random.Random(1))
    assert sorted(world.hands[1]) != sorted(truth.hands[1])
    raw.game_state = world
    assert np.array_equal(raw.observe("player_0")["observation"], seen_0)
    assert not np.array_equal(raw.observe("player_1")["observation"], seen_1)


def test_a_nightfall_draft_is_played_through_the_environment():
    """The draft setups are available here (rules 17-24): the first decisions are draft
    picks, shown in the agent's tensor, and the game plays on to its end."""
    env = nightfall_env(players=3, archives="draft")
    env.reset(seed=2)
    raw = env.unwrapped
    assert raw.game_state.decision_kind() == "draft"
    before = raw.observe("player_0")["observation"]
    env.step(int(np.flatnonzero(env.observe("player_0")["action_mask"])[0]))
    assert not np.array_equal(raw.observe("player_0")["observation"], before)
    rng = np.random.default_rng(2)
    final = play(env, lambda agent, obs: random_action(obs, rng), seed=2)
    assert sum(reward for reward, _, _ in final.values()) == 1.0
    assert len(raw.game_state.archives) == 8 + 2 * 3  # rule 24


def test_nightfall_render_shows_the_table():
    env = nightfall_env(render_mode="ansi", players=2)
    env.reset(seed=4)
    text = env.render()
    assert "Player 1:" in text and "Player 2:" in text and "Archives:" in text
    assert "Wound stack 60 (20 face up)" in text  # rule 13: 10 face-up wounds per player


def test_nightfall_setup_errors_are_reported():
    with pytest.raises(SetupError):
        nightfall_env(players=1)
    with pytest.raises(SetupError):
        nightfall_env(turn_limit=0)
