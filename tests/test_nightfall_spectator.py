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
from nf_positions import games, positions
from test_conformance_nightfall import shuffle_face_down_stacks
from test_nightfall_variants import draft_first_cards

from gloam.core import SPECTATOR
from gloam.nightfall.game import NightfallGame
from gloam.nightfall.state import NightfallState

#: events that carry a secret, and the keys only their ``to`` players may see
PRIVATE = {"draw": {"cards"}, "look": {"cards"}, "draft_hand": {"cards"}, "draft_pick": {"card"},
           "secret_archives": {"cards"}}


def secret_game(seed: int = 7) -> NightfallState:
    """A 3-player Secret Archives game (rule 176) just after its draft."""
    state = NightfallGame(players=3, archives="draft", secret_archives=True).new_initial_state(seed)
    draft_first_cards(state)
    return state


# ---------------------------------------------------------------------- re-dealing
def redeal_hands_and_decks(new: NightfallState, rng: random.Random) -> None:
    """Each player's cards in hand and deck that nobody saw go there, shuffled together
    (the cards everyone saw go into the hand or onto the deck stay where they are). The
    deciding player's hand stays (their pending options were worked out from it): only
    their deck is shuffled."""
    decider = new.current_player()
    for q in range(new.num_players):
        if q == decider:
            known_top = len(new.known[q]["top"])
            under = new.decks[q][: len(new.decks[q]) - known_top]
            rng.shuffle(under)
            new.decks[q][: len(under)] = under
            continue
        known_hand = set(new.known[q]["hand"])
        known_top = len(new.known[q]["top"])
        hand_spots = [j for j, c in enumerate(new.hands[q]) if c not in known_hand]
        deck_spots = list(range(len(new.decks[q]) - known_top))
        pool = [new.hands[q][j] for j in hand_spots] + [new.decks[q][j] for j in deck_spots]
        rng.shuffle(pool)
        for j in hand_spots:
            new.hands[q][j] = pool.pop()
        for j in deck_spots:
            new.decks[q][j] = pool.pop()
    tutored = new.flags.get("tutored")
    if tutored is not None and new.hands[tutored["player"]]:  # Tactical Prep: another card of that hand
        tutored["card"] = rng.choice(new.hands[tutored["player"]])


def redeal_face_down_piles(new: NightfallState, rng: random.Random) -> None:
    """The wound stack under its face-up top (all of it when none is face up), the moons
    under the current one, each constructed wound stack, and the cards under each
    archive's top (a wound on an archive stays where it is: its place is public)."""
    shuffle_face_down_stacks(new, rng)
    for stack in new.wound_stacks:
        rng.shuffle(stack)
    for archive in new.archives:
        cards = archive["cards"]
        spots = [j for j in range(len(cards) - 1) if new.wtype[cards[j]] is None]
        pool = [cards[j] for j in spots]
        rng.shuffle(pool)
        for j, cid in zip(spots, pool, strict=True):
            cards[j] = cid


def redeal_secret_archives(new: NightfallState, rng: random.Random) -> None:
    """Rule 176: the face-down archives swap their identities (every card of each); the
    deciding player's own stay (their pending options may claim from them)."""
    secret = [a for a in new.archives if a.get("secret") and a["owner"] != new.current_player()]
    names = [a["card"] for a in secret]
    rng.shuffle(names)
    new.cards = list(new.cards)  # the instance table is shared by clones: copy it first
    for archive, name in zip(secret, names, strict=True):
        archive["card"] = name
        for cid in archive["cards"]:
            new.cards[cid] = name


def redeal_draft(new: NightfallState, rng: random.Random) -> None:
    """The draft cards nobody saw face up (every hand, every pick, the box) re-dealt
    among their places (rules 17-30); the hands are kept sorted as the engine keeps them."""
    draft = new.flags.get("draft")
    if draft is None:
        return
    piles = draft["hands"] + draft["picks"] + [draft["rest"]]
    spots = [(pile, j) for pile in piles for j in range(len(pile))]
    pool = [pile[j] for pile, j in spots]
    rng.shuffle(pool)
    for (pile, j), card in zip(spots, pool, strict=True):
        pile[j] = card
    for hand in draft["hands"]:
        hand.sort()


def redeal_private_events(new: NightfallState) -> None:
    """Every private event's secret part replaced by something else."""
    events = []
    for event in new.events:
        if "secret" in event:
            event = dict(event)
            for key in event["secret"]:
                event[key] = ["someone else's card"] if isinstance(event[key], list) else -7
        events.append(event)
    new.events = events


def redeal_everything_hidden(state: NightfallState, rng: random.Random) -> NightfallState:
    """A copy of ``state`` in which everything hidden from every seat is dealt anew."""
    new = state.clone()
    redeal_hands_and_decks(new, rng)
    redeal_face_down_piles(new, rng)
    redeal_secret_archives(new, rng)
    redeal_draft(new, rng)
    redeal_private_events(new)
    return new


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
