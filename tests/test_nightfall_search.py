"""The search bots on Nightfall (``gloam.bots.ismcts`` with ``gloam.bots.nightfall_eval``):
their own level budgets guided by the heuristic bot, always legal, deterministic for a
seed, blind to the cards they cannot see, and a leaf value that follows the rules' way
of winning (rules 161-162: the fewest wounds when the last face-up wound is given out).
Tiny budgets keep this file fast; strength is measured in docs/bots.md."""

from __future__ import annotations

import copy
import random

import pytest

from gloam.bots import make_bot
from gloam.bots.ismcts import (
    GAME_LEVELS,
    ISMCTS,
    LEVELS,
    NIGHTFALL_PLAYOUT_KINDS,
    ISMCTSBot,
    PolicyRolloutEvaluator,
    SearchConfig,
    evaluator_for,
    level_config,
    play_out,
)
from gloam.bots.nightfall_eval import NightfallValue
from gloam.bots.nightfall_heuristic import HeuristicBot, _View
from gloam.core.rng import Rng
from gloam.games import get_game
from gloam.match import play_match
from nf_scenario import NfTable

TINY = SearchConfig(iterations=12, hint_bias=1.0)
#: TINY with flat play-outs at link decisions (2 sampled states)
FLAT = SearchConfig(iterations=12, hint_bias=1.0, playout_kinds=("link",), playout_samples=2)


class _Checked(ISMCTSBot):
    """A search bot that checks each answer is legal and that it left its observation
    as it was given."""

    def choose(self, game, observation, legal):
        before = copy.deepcopy(observation)
        choice = super().choose(game, observation, legal)
        assert choice in legal, f"illegal choice {choice} in {observation['kind']}: {legal}"
        assert observation == before, "the bot changed its observation"
        return choice


def _walk(game, seed: int, decisions: int):
    """A position after ``decisions`` heuristic decisions, at a decision with a choice."""
    state = game.new_initial_state(seed)
    bots = [HeuristicBot(seed + p) for p in range(game.num_players)]
    for _ in range(decisions):
        if state.is_terminal():
            break
        p = state.current_player()
        state.apply(bots[p].choose(game, state.observation(p), state.legal_action_indices()))
    while not state.is_terminal() and len(state.legal_action_indices()) < 2:
        state.apply(state.legal_action_indices()[0])
    assert not state.is_terminal()
    return state


def _walk_to(game, seed: int, kind: str, skip: int = 0):
    """The first position of a heuristic game (after ``skip`` such positions) where the
    player to act has a choice of ``kind``."""
    state = game.new_initial_state(seed)
    bots = [HeuristicBot(seed + p) for p in range(game.num_players)]
    while not state.is_terminal():
        p, legal = state.current_player(), state.legal_action_indices()
        if len(legal) > 1 and state.observation(p)["kind"] == kind:
            if skip == 0:
                return state
            skip -= 1
        state.apply(bots[p].choose(game, state.observation(p), legal))
    raise AssertionError(f"no {kind} decision in game {seed}")


# --------------------------------------------------------------------------- levels
def test_nightfall_levels_are_their_own_budgets_guided_by_the_heuristic() -> None:
    game = get_game("nightfall", {"players": 2})
    state = _walk(game, seed=1, decisions=30)
    budgets = []
    for level in ("easy", "normal", "hard"):
        bot = make_bot(level, game, seed=1)
        bot.choose(game, state.observation(state.current_player()), state.legal_action_indices())
        assert bot.config == level_config(level, game) == GAME_LEVELS["nightfall"][level]
        assert bot.config.hint_bias > 0 and bot.last.iterations == bot.config.iterations
        budgets.append(bot.config.iterations)
    assert budgets == sorted(budgets) and len(set(budgets)) == 3
    assert level_config("hard", get_game("nightmarium", {"players": 2})) == LEVELS["hard"]
    evaluator = evaluator_for(game)
    assert isinstance(evaluator, PolicyRolloutEvaluator) and isinstance(evaluator.value, NightfallValue)


@pytest.mark.parametrize("bad", [-1.0, float("inf"), True, "1"])
def test_bad_hint_bias_is_refused(bad) -> None:
    with pytest.raises(ValueError):
        SearchConfig(hint_bias=bad)


@pytest.mark.parametrize("bad", [{"playout_kinds": ["link"]}, {"playout_kinds": ("link", 3)},
                                 {"playout_samples": 0}, {"playout_samples": 2.0}, {"playout_samples": True}])
def test_bad_playout_settings_are_refused(bad) -> None:
    with pytest.raises(ValueError):
        SearchConfig(**bad)


# --------------------------------------------------------------------------- play-outs
def test_hard_plays_whole_games_out_at_chain_feed_and_combat_text_decisions() -> None:
    """``hard`` searches starting and linking a chain, feeding and the combat-text
    windows by whole-game play-outs (every option tried in each of 16 sampled states),
    and every other decision (here: claiming, rule 144) by the tree search."""
    game = get_game("nightfall", {"players": 2})
    assert set(NIGHTFALL_PLAYOUT_KINDS) == {"chain_start", "link", "feed", "combat_window"}
    assert level_config("hard", game).playout_kinds == NIGHTFALL_PLAYOUT_KINDS
    assert level_config("normal", game).playout_kinds == () == LEVELS["hard"].playout_kinds
    samples = level_config("hard", game).playout_samples
    for kind, flat in (("link", True), ("claim", False)):
        state = _walk_to(game, 7, kind)
        p, legal = state.current_player(), state.legal_action_indices()
        bot = make_bot("hard", game, seed=2)
        bot.choose(game, state.observation(p), legal)
        visits = [o.visits for o in bot.last.options]
        if flat:
            assert visits == [samples] * len(legal) and bot.last.iterations == samples * len(legal)
            values = [o.value for o in bot.last.options]
            assert values == sorted(values, reverse=True) and all(0 <= v <= 1 for v in values)
        else:
            assert sum(visits) == bot.last.iterations == bot.config.iterations


def test_a_play_out_value_is_the_mean_return_over_the_same_sampled_states_for_every_option() -> None:
    """Each option is played out in the same sampled states by the same seeded policy
    (common random numbers), so the options differ only by the option taken; its value
    is the mean return of the player to act over those play-outs."""
    game = get_game("nightfall", {"players": 2})
    state = _walk_to(game, 11, "link")
    p, obs, legal = state.current_player(), state.observation(state.current_player()), state.legal_action_indices()
    result = ISMCTS(FLAT).search(game, obs, legal, Rng(5))
    rng, policy, totals = Rng(5), HeuristicBot(0), dict.fromkeys(legal, 0.0)
    for _ in range(FLAT.playout_samples):
        sample, seed = game.determinize(obs, rng), rng.next_u64()
        for a in legal:
            copy_ = sample.clone()
            copy_.apply(a)
            policy.rng.seed(seed)
            totals[a] += play_out(game, copy_, policy)[p]
    assert {o.action: o.value for o in result.options} == {a: t / FLAT.playout_samples for a, t in totals.items()}
    assert result.best == max(legal, key=lambda a: (totals[a], -legal.index(a)))


def test_a_play_out_cut_short_counts_as_a_draw() -> None:
    game = get_game("nightfall", {"players": 2})
    state = game.new_initial_state(3)
    assert play_out(game, state, HeuristicBot(1), max_decisions=5) == [0.5, 0.5]
    assert not state.is_terminal()
    finished = play_out(game, game.new_initial_state(3), HeuristicBot(1))
    assert sorted(finished) == [0.0, 1.0]


# --------------------------------------------------------------------------- legality
@pytest.mark.parametrize("players", [2, 3])
def test_always_legal_through_a_whole_game(players: int) -> None:
    """Search bots in two seats answer every decision of a whole game (rules 161-162:
    it ends when the face-up wounds run out) with a legal option."""
    game = get_game("nightfall", {"players": players})
    bots = [_Checked(p, TINY) if p < 2 else HeuristicBot(p) for p in range(players)]
    result = play_match(game, bots, seed=40 + players)
    assert result.state.is_terminal() and result.state.winner in range(players)


def test_same_seed_same_choice_and_same_statistics() -> None:
    game = get_game("nightfall", {"players": 2})
    state = _walk(game, seed=6, decisions=60)
    p = state.current_player()
    a, b = ISMCTSBot(5, TINY), ISMCTSBot(5, TINY)
    assert a.choose(game, state.observation(p), state.legal_action_indices()) == \
        b.choose(game, state.observation(p), state.legal_action_indices())
    assert a.last.options == b.last.options


# --------------------------------------------------------------------------- fairness
@pytest.mark.parametrize("players", [2, 3])
def test_choice_unchanged_when_the_cards_it_cannot_see_are_permuted(players: int) -> None:
    """The bot searches from its observation only: re-deal the cards it cannot see (the
    other hands, every deck's order; rule 162's wound counts stay public) and the same
    seed gives the same choice and the same statistics of every option."""
    game = get_game("nightfall", {"players": players})
    checked = 0
    for seed in range(3):
        state = _walk(game, seed=200 + seed, decisions=40 + 25 * seed)
        p = state.current_player()
        other = game.determinize(state.observation(p), random.Random(seed))
        assert (other.hands, other.decks) != (state.hands, state.decks)
        assert other.observation(p) == state.observation(p)
        a, b = ISMCTSBot(seed, TINY), ISMCTSBot(seed, TINY)
        choice_a = a.choose(game, state.observation(p), state.legal_action_indices())
        choice_b = b.choose(game, other.observation(p), other.legal_action_indices())
        assert choice_a == choice_b and a.last.options == b.last.options
        checked += 1
    assert checked == 3


@pytest.mark.parametrize("players", [2, 3])
def test_play_out_choice_unchanged_when_the_cards_it_cannot_see_are_permuted(players: int) -> None:
    """The same holds where the bot plays whole games out (a link decision): every
    sampled state comes from its observation, never from the real one."""
    game = get_game("nightfall", {"players": players})
    for seed in range(2):
        state = _walk_to(game, 500 + seed, "link", skip=seed)
        p = state.current_player()
        other = game.determinize(state.observation(p), random.Random(seed))
        assert (other.hands, other.decks) != (state.hands, state.decks)
        a, b = ISMCTSBot(seed, FLAT), ISMCTSBot(seed, FLAT)
        choice_a = a.choose(game, state.observation(p), state.legal_action_indices())
        choice_b = b.choose(game, other.observation(p), other.legal_action_indices())
        assert choice_a == choice_b and a.last.options == b.last.options
        assert a.last.iterations == FLAT.playout_samples * len(state.legal_action_indices())


# --------------------------------------------------------------------------- the hint
def test_the_hint_is_tried_first_so_one_iteration_plays_the_heuristic_choice() -> None:
    """With a hint bias the first iteration expands the option the heuristic bot scores
    best (progressive bias): a one-iteration search plays like the heuristic bot."""
    game = get_game("nightfall", {"players": 2})
    for seed in range(4):
        state = _walk(game, seed=300 + seed, decisions=20 + 30 * seed)
        p = state.current_player()
        obs, legal = state.observation(p), state.legal_action_indices()
        search = ISMCTS(SearchConfig(iterations=1, hint_bias=1.0))
        result = search.search(game, obs, legal, Rng(seed))
        view = _View(game, obs)
        scores = {a: HeuristicBot()._score(view, a) for a in legal}
        assert result.best == search.root.hint and scores[result.best] == max(scores.values())


# --------------------------------------------------------------------------- the value
def test_value_prefers_the_player_with_fewer_wounds_and_more_so_near_the_end() -> None:
    """Rules 161-162: when the last face-up wound is given out the fewest wounds wins.
    Player 1 holds three wounds more than player 0: player 0 is ahead, and the same lead
    is worth more with 2 face-up wounds left than with 20."""
    t = NfTable(players=2)
    early = t.position(hands={0: ["Kilo 13"], 1: ["Kilo 13"]}, wound_cards={1: ["bite", "burn", "bleed"]},
                       face_up=20)
    late = t.position(hands={0: ["Kilo 13"], 1: ["Kilo 13"]}, wound_cards={1: ["bite", "burn", "bleed"]},
                      face_up=2)
    value = NightfallValue()
    v_early, v_late = value(early.game, early), value(late.game, late)
    assert 0.5 < v_early[0] < v_late[0] < 1.0
    assert abs(sum(v_early) - 1.0) < 1e-9 and abs(sum(v_late) - 1.0) < 1e-9


def test_value_counts_minions_in_play_and_claimed_cards() -> None:
    """Rules 103-109: a minion in play attacks on its controller's next turn, so it is
    worth something; rules 143-146: a claimed order (cost) makes the deck stronger."""
    t = NfTable(players=2)
    value = NightfallValue()
    bare = t.position(hands={0: ["Kilo 13"], 1: ["Kilo 13"]}, face_up=10)
    minion = t.position(hands={0: ["Kilo 13"], 1: ["Kilo 13"]}, play={0: ["Emil Balev"]}, face_up=10)
    claimed = t.position(hands={0: ["Kilo 13"], 1: ["Kilo 13"]}, discards={0: ["Emil Balev"]}, face_up=10)
    assert value(bare.game, bare)[0] == pytest.approx(0.5)
    assert value(minion.game, minion)[0] > 0.5 and value(claimed.game, claimed)[0] > 0.5
