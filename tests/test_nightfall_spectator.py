"""Nightfall's spectator (issue 12 §1): ``observation(SPECTATOR)`` and
``events_for(SPECTATOR)`` show only what a person watching the table may see — no hand,
no face-down Secret Archive (rule 176, reading 13), no deck order, no private draw or
look, no draft hand or pick (rules 19-22), no options.

The fairness check: re-dealing everything hidden from every seat (each hand with its
deck, the wound stack under its face-up top, the moons under the current one, the draft
cards nobody has seen face up, the identities of the face-down archives, archive cards
under the top) changes neither the spectator's observation nor its event stream."""

from __future__ import annotations

import json
import random

import pytest

from gloam.conformance.nightfall import redeal_everything_hidden
from gloam.core import SPECTATOR
from gloam.nightfall.game import NightfallGame
from gloam.nightfall.state import NightfallState
from nf_positions import games, positions
from test_nightfall_variants import draft_first_cards

#: events that carry a secret, and the keys only their ``to`` players may see
PRIVATE = {"draw": {"cards"}, "look": {"cards"}, "draft_hand": {"cards"}, "draft_pick": {"card"},
           "secret_archives": {"cards"}}


def secret_game(seed: int = 7) -> NightfallState:
    """A 3-player Secret Archives game (rule 176) just after its draft."""
    state = NightfallGame(players=3, archives="draft", secret_archives=True).new_initial_state(seed)
    draft_first_cards(state)
    return state


# ---------------------------------------------------------------------- tests
def test_the_spectator_holds_no_hand_and_gets_no_options():
    """No hand (the sizes are public), no legal options, no private look."""
    state = NightfallGame(players=3).new_initial_state(seed=5)
    obs = state.observation(SPECTATOR)
    assert obs["viewer"] == SPECTATOR and obs["hand"] == [] and obs["legal"] is None
    assert obs["hand_sizes"] == [5, 5, 5] and obs["looking_at"] is None
    assert state.observation(state.current_player())["legal"] == state.legal_action_indices()
    json.dumps(obs)


def test_the_spectator_gets_no_options_after_the_game_either():
    """When the game is over nobody is to act (-1, the spectator's number too): still no
    ``legal`` list for the spectator."""
    state = next(s for s in positions(NightfallGame(players=2), seed=4) if s.is_terminal())
    assert state.current_player() == -1 == SPECTATOR
    assert state.observation(SPECTATOR)["legal"] is None


@pytest.mark.parametrize("viewer", [-2, 3, True, "0"])
def test_a_viewer_that_is_neither_a_seat_nor_the_spectator_is_refused(viewer):
    state = NightfallGame(players=3).new_initial_state(seed=5)
    with pytest.raises(ValueError):
        state.observation(viewer)


def test_rule_176_the_spectator_sees_no_secret_archive():
    """Secret Archives (rule 176, reading 13): every private archive is face down to the
    spectator (its card None, its cards None in the instance table) and neither its
    observation nor its event stream names any of them; the commons are open."""
    state = secret_game()
    private = {a["card"] for a in state.archives if a["owner"] >= 0}
    assert len(private) == 6
    obs = state.observation(SPECTATOR)
    assert [a["card"] for a in obs["archives"] if a["owner"] >= 0] == [None] * 6
    assert all(a["secret"] for a in obs["archives"] if a["owner"] >= 0)
    face_down = {cid for a in state.archives if a["owner"] >= 0 for cid in a["cards"]}
    assert all(obs["cards"][cid] is None for cid in face_down)
    assert [a["card"] for a in obs["archives"] if a["owner"] < 0] == \
        [a["card"] for a in state.archives if a["owner"] < 0]
    text = json.dumps(obs) + json.dumps(state.events_for(SPECTATOR))
    assert not [card for card in private if card in text]
    seat = json.dumps(state.observation(0)) + json.dumps(state.events_for(0))  # the check can see them
    assert [card for card in private if card in seat]


def test_rules_19_22_the_spectator_sees_no_draft_hand_or_pick():
    """During a draft the spectator sees the schedule, the face-up commons and how many
    cards each player holds and has picked, never a hand, a pick or a passed card."""
    state = NightfallGame(players=3, archives="draft").new_initial_state(seed=2)
    chooser = random.Random(2)
    for _ in range(4):
        state.apply(chooser.choice(state.legal_action_indices()))
    draft = state.observation(SPECTATOR)["draft"]
    assert draft["hand"] == [] and draft["picks"] == [] and draft["passed"] == []
    assert draft["commons"] == state.flags["draft"]["commons"]
    assert draft["pick_counts"] == [len(p) for p in state.flags["draft"]["picks"]]
    assert sum(draft["pick_counts"]) == 4
    hands = [card for e in state.events_for(None) if e["type"] == "draft_hand" for card in e["cards"]]
    seen = json.dumps(state.events_for(SPECTATOR))
    assert hands and not [card for card in set(hands) - set(draft["commons"]) if f'"{card}"' in seen]


def test_every_private_event_is_redacted_for_the_spectator():
    """Draws (rules 35, 39), searches, looks at a hand, draft hands and picks and the
    Secret Archives' own event reach the spectator without their secret part; every
    other event reaches the spectator as every seat sees it."""
    seen_types = set()
    for _name, game in games():
        for state in positions(game, seed=11, every=400):
            if not state.is_terminal():
                continue
            spectator = state.events_for(SPECTATOR)
            for event, shown in zip(state.events, spectator, strict=True):
                if event["type"] in PRIVATE:
                    assert set(event["secret"]) == PRIVATE[event["type"]], event
                    seen_types.add(event["type"])
                secret = set(event.get("secret", ()))
                assert shown == {k: v for k, v in event.items() if k not in secret | {"to", "secret"}}
    assert seen_types == set(PRIVATE)


@pytest.mark.parametrize("name,game", games(), ids=[name for name, _ in games()])
def test_redealing_everything_hidden_changes_nothing_the_spectator_sees(name, game):
    """At many points of seeded random games: the re-dealt copy differs from the
    original (and some seat other than the decider sees the difference), yet
    ``observation(SPECTATOR)`` and ``events_for(SPECTATOR)`` are the same."""
    rng = random.Random(name)
    moved = noticed = 0
    for seed in (1, 2):
        for state in positions(game, seed, every=17):
            other = redeal_everything_hidden(state, rng)
            moved += other != state
            noticed += any(other.observation(p) != state.observation(p)
                           for p in range(state.num_players) if p != state.current_player())
            assert other.observation(SPECTATOR) == state.observation(SPECTATOR)
            assert other.events_for(SPECTATOR) == state.events_for(SPECTATOR)
    assert moved and noticed
