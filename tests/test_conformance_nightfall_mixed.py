"""Conformance of Nightfall over seeded random games that mix every set and every variant
(issue 4): Martial Law, the Nightfall base set and Blood Country alone and mixed with The
Coldest War, promos, chosen wound stacks, Common Ground, Hidden / Secret / Open Archives,
Upstream Draft, customised starting decks, Team Play (4 and 6 players), longer games,
moons and the constructed deck format. ``tests/test_conformance_nightfall.py`` sweeps the
Coldest War setups; this file reuses its checks.

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
from test_conformance_nightfall import (
    DETERMINIZED_STEPS,
    check_cards,
    check_clone,
    check_options,
    check_position,
    permute_unseen,
)

import conformance as cf
from gloam.core.errors import SetupError
from gloam.core.rng import Rng, derive_seed
from gloam.nightfall.cards import WOUND_TYPES
from gloam.nightfall.constructed import Deck
from gloam.nightfall.game import NightfallGame
from gloam.nightfall.state import NightfallState

N_GAMES = 600
N_CHUNKS = 10
EXPENSIVE_EVERY = 150
MAX_ACTIONS = 20_000
MASTER_SEED = 20261129

SET_CHOICES = [("ML",), ("NF",), ("CW", "ML"), ("ML", "BC"), ("NF", "BC"), ("CW", "BC"), ("CW", "ML", "NF"),
               ("ML", "NF", "BC"), ("CW", "ML", "NF", "BC")]
DRAFT_VARIANTS = ("common_ground", "hidden_archives", "secret_archives", "open_archives", "upstream")


def random_deck(game: NightfallGame, rng: random.Random) -> Deck:
    """A legal constructed deck (rules 166-167) of the game's cards, at random."""
    orders = [c.id for s in game.card_sets for c in s.draftable]
    picks = [c for c in orders for _ in range(3)]
    rng.shuffle(picks)
    wounds = [c.id for s in game.card_sets for c in s.wounds]
    stack = tuple((rng.choice(wounds), rng.choice(WOUND_TYPES)) for _ in range(15))
    return Deck("random", (tuple(picks[:12]), tuple(picks[12:24])), stack)


def draw_setup(rng: random.Random) -> dict[str, Any]:
    """One setup at random (maybe one the rules refuse)."""
    sets = rng.choice(SET_CHOICES)
    options: dict[str, Any] = {"sets": sets, "first_player": rng.choice([0, 1, "random"])}
    roll = rng.random()
    if roll < 0.12:  # the constructed format
        options["players"] = rng.choice([2, 3, 4])
        options["decks"] = "random"
        options["moons"] = "CW" in sets and rng.random() < 0.5
        return options
    if roll < 0.3:  # Team Play
        options["players"] = rng.choice([4, 4, 6])
        options["teams"] = True
    else:
        options["players"] = rng.choice([2, 3, 4, 5])
    options["archives"] = rng.choice(["quick", "draft", "ml-draft"])
    if options["archives"] != "quick":
        for name in DRAFT_VARIANTS:
            if rng.random() < 0.25:
                options[name] = True
    if rng.random() < 0.3:
        options["custom_starters"] = True
    if rng.random() < 0.4:
        options["promos"] = True
    if rng.random() < 0.25:
        options["long"] = True
    if "CW" in sets and rng.random() < 0.4:
        options["moons"] = True
    with_wounds = [s for s in sets if s != "BC"]
    if len(with_wounds) > 1 and rng.random() < 0.3:
        options["wounds"] = tuple(rng.sample(with_wounds, rng.randint(1, len(with_wounds))))
    return options


def game_setup(i: int) -> tuple[NightfallGame, int, dict[str, Any]]:
    """Game ``i``: its game, seed and the options drawn (the first legal draw)."""
    rng = random.Random(derive_seed(MASTER_SEED, i))
    for _ in range(200):
        options = draw_setup(rng)
        if options.get("first_player") == 1 and options["players"] < 2:
            continue
        try:
            if options.get("decks") == "random":
                probe = NightfallGame(players=options["players"], sets=options["sets"])
                options["decks"] = [random_deck(probe, rng) for _ in range(options["players"])]
            return NightfallGame(**options), derive_seed(MASTER_SEED, i, 9), options
        except SetupError:
            continue
    raise AssertionError(f"no legal setup drawn for game {i}")


def permute(state: NightfallState, viewer: int, rng: random.Random) -> NightfallState:
    """The Coldest War sweep's permutation of the cards ``viewer`` cannot see. In the
    constructed format an archive holds a deck's mix of cards whose top card is face up
    (rule 169) and each player has a face-down wound stack: there the cards under each
    archive's top and each wound stack are shuffled in place instead."""
    new = permute_unseen(state, viewer, rng)
    if state.game.decks is None:
        return new
    for archive, mine in zip(state.archives, new.archives):
        under = archive["cards"][:-1]
        rng.shuffle(under)
        mine["cards"] = under + archive["cards"][-1:]
    for stack in new.wound_stacks:
        rng.shuffle(stack)
    return new


def sound(det: NightfallState, where: str) -> None:
    check_cards(det, where)
    check_position(det)


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


def wound_counts(state: NightfallState) -> list[int]:
    return state.events[-1]["wounds"]


def check_winners(state: NightfallState, options: dict[str, Any]) -> None:
    """The game named its winner(s) by the rules of its format."""
    returns = state.returns()
    winners = [p for p, r in enumerate(returns) if r == max(returns)]
    over = state.events[-1]
    assert over["type"] == "game_over", f"the last event is {over['type']}, not game_over"
    n = state.num_players
    if options.get("decks"):  # rule 171: the last player left wins
        left = [p for p in range(n) if p not in state.eliminated]
        assert len(winners) == 1 and left == winners, f"winner {winners} but players left {left}"
        assert sorted(state.eliminated) == [p for p in range(n) if p not in winners]
        return
    counts = wound_counts(state)
    if options.get("teams"):  # rule 178: the team with the fewest wounds, both teammates win
        half = n // 2
        totals = [counts[p] + counts[p + half] for p in range(half)]
        assert len(winners) == 2 and winners[1] == winners[0] + half, f"team winners {winners}"
        assert totals[winners[0]] == min(totals), f"team {winners} won with totals {totals}"
        return
    assert len(winners) == 1 and counts[winners[0]] == min(counts), f"{winners} won with {counts} (rule 162)"


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
