"""Conformance of Nightfall over seeded random games that mix every set and every variant
(issue 4): Martial Law, the Nightfall base set and Blood Country alone and mixed with The
Coldest War, promos, chosen wound stacks, Common Ground, Hidden / Secret / Open Archives,
Upstream Draft, customised starting decks, Team Play (4 and 6 players), longer games,
moons and the constructed deck format. ``tests/test_conformance_nightfall.py`` sweeps the
Coldest War setups; this file reuses its checks (``gloam.conformance.nightfall``).

Game ``i`` draws its setup from a generator seeded by ``i`` (:func:`game_setup`): a set
combination, an archive setup, variants and options at random; a setup the rules refuse
(a ``SetupError``, e.g. Hidden Archives with the Martial Law draft) is drawn again, so
the sweep plays only legal setups, and :func:`test_every_set_and_variant_occurs` shows
that every set and variant is played.

* on every action: every card instance exactly once, the protocol's pieces agreeing, a
  sound position, every option fitting its decision, ``clone()`` equal and independent
  (the game is played on clones);
* on every ``EXPENSIVE_EVERY``-th action and the final state: the exact JSON round trip,
  ``legal_mask()``, observations unchanged when the cards a viewer cannot see are
  permuted, and ``determinize(observation(p))`` for every p giving a sound state p
  cannot tell from the real one, which plays on;
* at the end: the game ended with its winner(s) (one player; a team of two in Team Play,
  rule 178; the last player left in the constructed format, rule 171) having the fewest
  wounds where wounds decide, the event redaction for every viewer, and the record
  replaying to the identical final state.

~600 games, about 60-90 CPU-seconds; marked ``slow`` like the Coldest War sweep.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from gloam.conformance import core as cf
from gloam.conformance.nightfall import (
    DETERMINIZED_STEPS,
    DRAFT_VARIANTS,
    check_cards,
    check_clone,
    check_options,
    check_position,
    check_winners,
    draw_game,
    permute_any_format as permute,
    sound,
)
from gloam.core.rng import Rng, derive_seed
from gloam.nightfall.game import NightfallGame
from gloam.nightfall.state import NightfallState

N_GAMES = 600
N_CHUNKS = 10
EXPENSIVE_EVERY = 150
MAX_ACTIONS = 20_000
MASTER_SEED = 20261129


def game_setup(i: int) -> tuple[NightfallGame, int, dict[str, Any]]:
    """Game ``i``: its game, seed and the options drawn (the first legal draw)."""
    game, options = draw_game(random.Random(derive_seed(MASTER_SEED, i)))
    return game, derive_seed(MASTER_SEED, i, 9), options


def expensive(game: NightfallGame, state: NightfallState, rng: random.Random, det_rng: Any) -> int:
    cf.check_legal_mask(state)
    cf.check_json_round_trip(state)
    moved = cf.check_observation_hides_unseen(state, permute, rng)
    for p in range(state.num_players):
        cf.check_determinize_for(game, state, p, det_rng, sound)
    acting = state.current_player()
    if acting >= 0:
        det = game.determinize(state.observation(acting), det_rng)
        for step in range(DETERMINIZED_STEPS):
            if det.is_terminal():
                break
            det.apply(rng.choice(det.legal_action_indices()))
            sound(det, f"determinized state after {step + 1} actions: ")
    return moved


def run_game(i: int) -> tuple[NightfallState, dict[str, Any], Counter[str]]:
    game, seed, options = game_setup(i)
    chooser = random.Random(derive_seed(MASTER_SEED, i, 1))
    rng = random.Random(derive_seed(MASTER_SEED, i, 2))
    det_rng = Rng(derive_seed(MASTER_SEED, i, 3)) if i % 2 else random.Random(i)
    offset = i % EXPENSIVE_EVERY
    state = game.new_initial_state(seed)
    actions: list[int] = []
    kinds: Counter[str] = Counter()
    while not state.is_terminal() and len(actions) < MAX_ACTIONS:
        step = len(actions)
        check_cards(state, f"game {i} step {step}: ")
        cf.check_protocol(state)
        check_position(state)
        check_options(state)
        action = chooser.choice(state.legal_action_indices())
        kinds[state.decision_kind()] += 1
        if step % EXPENSIVE_EVERY == offset:
            expensive(game, state, rng, det_rng)
        state = check_clone(state, action)
        actions.append(action)
    assert state.is_terminal(), f"game {i} ({options}) not over after {len(actions)} actions"
    expensive(game, state, rng, det_rng)
    check_winners(state, options)
    cf.check_event_redaction(state)
    cf.check_replay(game, seed, actions, state)
    return state, options, kinds


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(N_CHUNKS))
def test_random_games_mixing_sets_and_variants_conform(chunk: int) -> None:
    """Games ``chunk``, ``chunk + 10``, ... (60 games) pass every check."""
    for i in range(chunk, N_GAMES, N_CHUNKS):
        run_game(i)


def test_every_set_and_variant_occurs() -> None:
    """The sweep's setups play every set, every variant, the constructed format, promos,
    chosen wound stacks and Team Play with 4 and 6 players, each many times."""
    counts: Counter[str] = Counter()
    for i in range(N_GAMES):
        _, _, options = game_setup(i)
        counts.update(options["sets"])
        counts.update(k for k, v in options.items() if v is True)
        counts[f"players={options['players']}"] += 1
        counts[f"archives={options.get('archives', 'constructed')}"] += 1
        if "wounds" in options:
            counts["wounds"] += 1
        if options.get("teams"):
            counts[f"teams of {options['players']}"] += 1
    wanted = ["CW", "ML", "NF", "BC", "promos", "long", "moons", "custom_starters", "teams", "wounds",
              "archives=quick", "archives=draft", "archives=ml-draft", "archives=constructed",
              "teams of 4", "teams of 6", *DRAFT_VARIANTS, *(f"players={n}" for n in range(2, 7))]
    rare = {k: counts[k] for k in wanted if counts[k] < 10}
    assert not rare, f"setups played fewer than 10 times: {rare}"
