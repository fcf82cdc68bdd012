"""Conformance of Nightmarium over 2,000 seeded random games (2-5 players, 5/6/7
Creatures to win, every first player), using the game-agnostic checks of
``gloam.conformance.core``.

What runs where. Measured: a random game is ~355 actions (~710,000 in all); a JSON
round trip costs ~0.4 ms late in a game because the event log grows, and the
expensive tier costs ~0.7 ms per position, so it cannot run on every action of every
game within the time budget (the whole file takes ~65 CPU-seconds: ~35 s of wall
time with ``-n 2`` on two idle cores):

* on EVERY action of EVERY game (cheap tier): card conservation (rule 190's 108 cards,
  each once), the protocol's pieces agreeing, the Nightmarium position being buildable
  (rules 197-198, 192), ``clone()`` equal and independent, and determinism (the
  advanced clone equals the state after the same action);
* expensive tier, on every action of 20 games (one per chunk, 5 for each player
  count), on every 50th action of the other 1,980 (the offset varies per game), and
  on every final state: the exact JSON round trip, ``legal_mask()``,
  ``observation(p)`` unchanged for every p when the cards p cannot see are permuted,
  and ``determinize`` for the player to act;
* at the end of every game: it ended within ``MAX_ACTIONS``, ``returns()`` names the
  one winner (rule 192), the event redaction for every viewer (private draws show no
  card ids to others), and the replay of the record reproduces the final state.

Nightmarium can reach a dead position that no action can change (a gap in the rules;
the game ends with no winner, gloam's reading): the two deadlock tests at the end hold it.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from gloam.conformance import core as cf
from gloam.conformance.nightmarium import (
    N_CARDS,
    check_position,
    check_private_draws,
    nightmarium_cards,
    permute_unseen,
)
from gloam.core.rng import Rng, derive_seed
from gloam.nightmarium import NightmariumGame, NightmariumState
from gloam.nightmarium.cards import composition_from_json

N_GAMES = 2000
N_CHUNKS = 20
EXPENSIVE_EVERY = 50  # the expensive tier runs on every 50th action (offset varies per game),
#                       and on every action of one game per chunk (see GameChecker.full)
MAX_ACTIONS = 3000  # the longest of these 2,000 random games takes 1,076 actions
MASTER_SEED = 20240531
DECISION_KINDS = {"turn", "discard", "penalty", "songbird", "mockingbird", "executioner",
                  "scavenger", "devourer"}


# --------------------------------------------------------------------- one game
def game_setup(i: int) -> tuple[NightmariumGame, int]:
    """Game number ``i`` and its seed. Each chunk (``i % N_CHUNKS``) gets every player
    count in turn (so chunks cost about the same); over all games every (players,
    Creatures) pair and every first player occur."""
    chunk, k = i % N_CHUNKS, i // N_CHUNKS
    players = 2 + k % 4
    creatures = 5 + (k // 4 + chunk) % 3
    first = (k // 12 + chunk) % players
    return NightmariumGame(players=players, creatures=creatures, first_player=first), derive_seed(MASTER_SEED, i)


class GameChecker:
    """The per-action hook of one game: runs the tiers and keeps coverage counts."""

    def __init__(self, game: NightmariumGame, i: int) -> None:
        self.game = game
        chunk, k = i % N_CHUNKS, i // N_CHUNKS
        self.full = k == chunk % 4  # one game per chunk, 2 + chunk % 4 players
        self.offset = i % EXPENSIVE_EVERY
        self.rng = random.Random(derive_seed(MASTER_SEED, i, 2))
        # determinize accepts both generators: alternate them between games
        self.det_rng = Rng(derive_seed(MASTER_SEED, i, 3)) if i % 2 else random.Random(i)
        self.advanced: NightmariumState | None = None
        self.kinds: Counter[str] = Counter()
        self.expensive = 0
        self.moved = 0

    def __call__(self, state: NightmariumState, step: int, action: int | None) -> None:
        snapshot = state.to_json()
        if self.advanced is not None:
            assert self.advanced.to_json() == snapshot, f"step {step}: the same action gave different states"
        cf.check_conservation(nightmarium_cards(state), N_CARDS, f"step {step}: ")
        cf.check_protocol(state)
        check_position(state)
        if action is not None:
            self.kinds[state.decision_kind()] += 1
            self.advanced = cf.check_clone_and_apply(state, action, snapshot)
        if self.full or action is None or step % EXPENSIVE_EVERY == self.offset:
            self.expensive += 1
            cf.check_legal_mask(state)
            cf.check_json_round_trip(state)
            self.moved += cf.check_observation_hides_unseen(state, permute_unseen, self.rng)
            if action is not None:
                cf.check_determinize(self.game, state, self.det_rng, nightmarium_cards, N_CARDS)


def run_game(i: int) -> tuple[GameChecker, NightmariumState, int]:
    game, seed = game_setup(i)
    checker = GameChecker(game, i)
    final, actions = cf.play_random_game(game, seed, derive_seed(MASTER_SEED, i, 1), checker, MAX_ACTIONS)
    winner = cf.check_game_over(final, MAX_ACTIONS, len(actions))
    assert winner == final.winner and final.complete_creatures(winner) >= game.creatures  # rule 192
    cf.check_event_redaction(final)
    check_private_draws(final)
    cf.check_replay(game, seed, actions, final)
    return checker, final, len(actions)


# chunk 0 runs in `make test-quick` too; the other chunks are the slow sweep
@pytest.mark.parametrize("chunk", [c if c == 0 else pytest.param(c, marks=pytest.mark.slow) for c in range(N_CHUNKS)])
def test_random_games_conform(chunk: int) -> None:
    """Games ``chunk``, ``chunk + 20``, ... (100 games) pass every check; together they
    reach every kind of decision, a reshuffle of the discard pile (rule 190), the
    same-Legion penalty (rule 203), a stopped resolution (rule 201) and the three
    targeted abilities (rules 207-209)."""
    kinds: Counter[str] = Counter()
    event_types: Counter[str] = Counter()
    expensive = moved = 0
    for i in range(chunk, N_GAMES, N_CHUNKS):
        checker, final, _ = run_game(i)
        kinds += checker.kinds
        expensive += checker.expensive
        moved += checker.moved
        event_types.update(e["type"] for e in final.events)
    assert set(kinds) == DECISION_KINDS, f"decision kinds not reached: {DECISION_KINDS - set(kinds)}"
    assert {"reshuffle", "same_legion", "stop", "execute", "scavenge", "devour", "win"} <= set(event_types)
    assert moved > expensive // 2, "the permutation of unseen cards rarely moved a card: the check is weak"


def deadlocked_state() -> NightmariumState:
    """A reachable 2-player position with a 30-card deck (26 legs, 2 bodies, 2 heads):
    both bodies and heads are in complete Creatures, both players have 5 Creatures
    (rule 198's cap), so no card can ever be played again (rules 197-198)."""
    composition = composition_from_json({"cards": [
        {"legion": "Manster", "parts": ["legs"], "count": 26},
        {"legion": "Chimerid", "parts": ["body"], "count": 2},
        {"legion": "Constrict", "parts": ["head"], "count": 2}]})
    state = NightmariumState(NightmariumGame(players=2, composition=composition))
    state.load_fields({
        "hands": [[10, 11, 12, 13, 14], [15, 16, 17, 18, 19]], "deck": list(range(20, 26)),
        "discard": [], "revealed": [], "known": [[], []],
        "creatures": [[[0, 26, 28], [1], [2], [3], [4]], [[5, 27, 29], [6], [7], [8], [9]]],
        "active": 0, "actions_left": 2, "first_legion": -1, "turn": 1, "mode": "turn",
        "resolving": -1, "abilities": [], "penalties": [], "pen_need": 0, "pen_any": False,
        "discarded": 0, "winner": -1})
    return state


def test_deadlock_ends() -> None:
    """Every game must end (the protocol's loop needs it): a dead position — no card
    outside the Creatures fits any open place — ends the game at the end of the turn with
    no winner (gloam's reading, docs/rules-decisions.md)."""
    state = deadlocked_state()
    chooser = random.Random(0)
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            break
        assert {type(state.action_space[i]).__name__ for i in state.legal_action_indices()} <= \
            {"Draw", "Discard", "DiscardCard", "StopDiscarding"}, "a card became playable"
        state.apply(chooser.choice(state.legal_action_indices()))
    assert state.is_terminal(), f"still going at turn {state.turn} with nothing playable"
    assert state.turn == 1 and state.returns() == [0.0, 0.0]
    assert state.events[-1]["type"] == "dead_position"


def test_deadlocked_standard_game_ends() -> None:
    """A random 5-player game to 7 Creatures with the standard deck that reaches a dead
    position (every player at 7 Creatures, the free cards all legs-only or head-only,
    no Creature with legs and body) ends within the bound. (Found by playing such games
    from ``derive_seed(MASTER_SEED, i)``, first player ``i % 5``: about 1.5 in 1,000
    end so.)"""
    game = NightmariumGame(players=5, creatures=7, first_player=4)
    final, actions = cf.play_random_game(game, derive_seed(MASTER_SEED, 2859),
                                         derive_seed(MASTER_SEED, 2859, 1), lambda *_: None, MAX_ACTIONS)
    cf.check_game_over(final, MAX_ACTIONS, len(actions), no_winner=True)
    assert final.events[-1]["type"] == "dead_position"


def test_conformance_checks_catch_a_leak() -> None:
    """The permutation check is not vacuous: an observation that shows the top card of
    the deck (which nobody may see) fails it."""

    class Leaky(NightmariumState):
        __slots__ = ()

        def observation(self, player):
            return dict(super().observation(player), deck_top=self.deck[-1])

    game, seed = game_setup(1)
    state = Leaky.from_json(game.new_initial_state(seed).to_json())

    def leaky_permute(s: NightmariumState, viewer: int, rng: random.Random) -> NightmariumState:
        return Leaky.from_json(permute_unseen(s, viewer, rng).to_json())

    with pytest.raises(AssertionError, match="deck_top"):
        cf.check_observation_hides_unseen(state, leaky_permute, random.Random(0))


def test_conformance_checks_catch_a_shared_clone() -> None:
    """The clone check is not vacuous: a clone sharing the hands with the original fails."""

    class Shallow(NightmariumState):
        __slots__ = ()

        def clone(self):
            new = super().clone()
            new.__class__ = Shallow
            new.hands = self.hands
            return new

    game, seed = game_setup(0)
    state = game.new_initial_state(seed)
    state.__class__ = Shallow
    draw = 0  # drawing a card changes the drawer's hand
    with pytest.raises(AssertionError, match="changed the original"):
        cf.check_clone_and_apply(state, draw)


def test_conformance_checks_catch_an_unredacted_draw() -> None:
    """The redaction checks are not vacuous: showing every player the dealt hands fails."""

    class Open(NightmariumState):
        __slots__ = ()

        def events_for(self, viewer):
            return super().events_for(None)

    game, seed = game_setup(2)
    state = Open.from_json(game.new_initial_state(seed).to_json())
    with pytest.raises(AssertionError, match=r"\(deal\) shows \['cards'\] to player 1"):
        cf.check_event_redaction(state)
    with pytest.raises(AssertionError, match="sees player 0's draw"):
        check_private_draws(state)


def test_conformance_checks_catch_lost_card() -> None:
    """The conservation check names a missing and a doubled card."""
    with pytest.raises(AssertionError, match=r"missing \[3\], more than once \[2\]"):
        cf.check_conservation([0, 1, 2, 2, 4], 5)
