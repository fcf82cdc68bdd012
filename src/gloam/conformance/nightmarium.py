"""Nightmarium's invariant checks (the conformance sweep in tests/ and the soak in
benchmarks/soak.py share them): every card id in its zones, the permutation of what a
viewer cannot see (:func:`permute_unseen`), a buildable position (rules 197-198, 192)
and private deals and draws. Each check raises ``AssertionError`` saying what broke."""

from __future__ import annotations

import random
from collections import Counter

from gloam.nightmarium.cards import BODY, HEAD, LEGS
from gloam.nightmarium.state import NightmariumState

N_CARDS = 108  # rule 190: the standard composition


def nightmarium_cards(state: NightmariumState) -> list[int]:
    """Every card id in every zone: deck, discard, revealed, hands, Creatures."""
    cards = list(state.deck) + list(state.discard) + list(state.revealed)
    for hand in state.hands:
        cards += hand
    for creatures in state.creatures:
        for creature in creatures:
            cards += creature
    return cards


def permute_unseen(state: NightmariumState, viewer: int, rng: random.Random) -> NightmariumState:
    """A copy of ``state`` where the deck and the cards of the other players' hands that
    are not in ``state.known[q]`` are shuffled among those places (same sizes)."""
    data = state.to_json()
    places: list[tuple[list[int], int]] = []
    for q, hand in enumerate(data["hands"]):
        if q == viewer:
            continue
        known = Counter(data["known"][q])
        for i, card in enumerate(hand):
            if known[card]:
                known[card] -= 1
            else:
                places.append((hand, i))
    deck = data["deck"]
    places += [(deck, i) for i in range(len(deck))]
    pool = [pile[i] for pile, i in places]
    rng.shuffle(pool)
    for (pile, i), card in zip(places, pool, strict=True):
        pile[i] = card
    # Not from_json: a permuted position may be one no game reaches (e.g. a Mockingbird
    # decision whose player now holds no playable card), which from_json rejects.
    permuted = state.clone()
    permuted.hands, permuted.deck = data["hands"], data["deck"]
    permuted._legal = None
    return permuted


def check_position(state: NightmariumState) -> None:
    """Rules 197-198 and 192 hold in every position: Creatures built bottom-up from
    cards that fit each part, never more in play than the number needed to win, and a
    player reaching that number of complete Creatures has won. Known cards are in hand."""
    g = state.game
    for p, creatures in enumerate(state.creatures):
        assert len(creatures) <= g.creatures, f"player {p} has {len(creatures)} Creatures (rule 198)"
        for creature in creatures:
            assert 1 <= len(creature) <= 3
            for card, bit in zip(creature, (LEGS, BODY, HEAD), strict=False):
                assert g.parts[card] & bit, f"card {card} cannot be part {bit} of {creature} (rule 197)"
        done = sum(1 for c in creatures if len(c) == 3)
        if done >= g.creatures:
            assert state.is_terminal() and state.winner == p, f"player {p} has {done} complete, not won"
        assert set(state.known[p]) <= set(state.hands[p]), f"player {p}'s known cards are not in hand"


def check_private_draws(state: NightmariumState, views: dict | None = None) -> None:
    """Deals and draws show their card ids to the drawer only, with the count to all.
    ``views``: ``events_for(p)`` by viewer, if the caller has them."""
    by_seat = [state.events_for(p) if views is None else views[p] for p in range(state.num_players)]
    assert any(e["type"] in ("deal", "draw") for e in state.events), "no deal or draw to check"
    for i, event in enumerate(state.events):
        if event["type"] not in ("deal", "draw"):
            continue
        assert event["to"] == [event["player"]] and len(event["cards"]) == event["count"]
        for p, view in enumerate(by_seat):
            seen = view[i]
            assert seen["count"] == event["count"]
            if p == event["player"]:
                assert seen["cards"] == event["cards"]
            else:
                assert "cards" not in seen, f"player {p} sees player {event['player']}'s draw {seen}"
