"""Nightfall's determinize keeps the viewer's open decision (found by the soak: game 6529
of seed 16, Team Play with six players, a kicker resolving from a hidden hand — a re-deal
without a card that fits let the engine move on past the decision)."""

from __future__ import annotations

import random

from gloam.conformance.soak import SoakGame, play_soak_game
from gloam.core.rng import Rng
from gloam.games import get_game


def _position(soak: SoakGame, step: int):
    game = get_game(soak.name, soak.setup)
    chooser = random.Random(soak.chooser_seed)
    state = game.new_initial_state(soak.seed)
    for _ in range(step):
        state.apply(chooser.choice(state.legal_action_indices()))
    return game, state


def test_a_redeal_keeps_a_pick_from_a_hidden_hand_open():
    soak = SoakGame.make("nightfall", 16, 6529)
    game, state = _position(soak, 1827)
    assert (state.current_player(), state.decision_kind()) == (3, "target_card")
    observation = state.observation(1)
    for seed in range(20):
        redealt = game.determinize(observation, Rng(seed))
        assert redealt.observation(1) == observation


def test_the_soak_game_that_found_it_passes():
    result = play_soak_game(SoakGame.make("nightfall", 16, 6529), every=400)
    assert result.failure is None, result.failure
