"""A fast Nightfall leaf value for the search (:mod:`gloam.bots.ismcts`).

The search calls it on a state it sampled from its own observation (``determinize``), so
it never sees the real hidden cards; the value itself reads only what every player can
see in that sample: who owns which wounds, the minions in play, how many cards each
player owns and holds, and the face-up wounds left.

A player's score (:meth:`NightfallValue.scores`):

* ``-wound`` for every wound the player owns (deck, hand or discard pile): the fewest
  wounds wins when the last face-up wound is given out (rules 161-162);
* ``minion`` per point of strength of the minions the player controls in play (they
  attack at the start of the player's next turn, one wound per unblocked point,
  rules 103-109);
* ``deck`` per point of cost of the orders the player owns (claimed cards make a
  stronger deck, rules 143-146);
* ``hand`` per card in hand (more to link and to discard for influence, rule 144).

The scores become win chances by a softmax (for two players a logistic curve of the
score difference) whose temperature grows with the face-up wounds left: early on a lead
of a few wounds is worth little, near the end it decides the game.

>>> from gloam.games import get_game
>>> game = get_game("nightfall", {"players": 2})
>>> state = game.new_initial_state(seed=1)
>>> values = NightfallValue()(game, state)
>>> round(sum(values), 6), all(0 < v < 1 for v in values)
(1.0, True)
"""

from __future__ import annotations

import math
from typing import Any

#: a leaf's estimated return per player, in [0, 1]
Values = list[float]


class NightfallValue:
    """Win chances of a Nightfall position from the public facts of a (sampled) state."""

    def __init__(self, wound: float = 1.0, minion: float = 0.5, deck: float = 0.12,
                 hand: float = 0.1, temperature: float = 1.0, per_face_up: float = 0.25) -> None:
        self.wound = wound
        self.minion = minion
        self.deck = deck
        self.hand = hand
        self.temperature = temperature
        self.per_face_up = per_face_up
        # pure caches of printed card data by card id (cost, strength): never change a value
        self._cost: dict[str, float] = {}
        self._strength: dict[str, float] = {}

    def _card_facts(self, game: Any, card_id: str) -> tuple[float, float]:
        card = game.card(card_id)
        cost = float(card.cost or 0) if card.type != "wound" else 0.0
        strength = float(card.strength or 0)
        self._cost[card_id] = cost
        self._strength[card_id] = strength
        return cost, strength

    def scores(self, game: Any, state: Any) -> list[float]:
        """Each player's score (see the module docstring)."""
        n = state.num_players
        wounds = [0] * n
        cost = [0.0] * n
        cost_of = self._cost
        cards = state.cards
        for cid, (owner, wtype) in enumerate(zip(state.owner, state.wtype)):
            if owner < 0:
                continue
            if wtype is not None:
                wounds[owner] += 1
            else:
                c = cost_of.get(cards[cid])
                if c is None:
                    c = self._card_facts(game, cards[cid])[0]
                cost[owner] += c
        strength = [0.0] * n
        strength_of = self._strength
        for cid, info in state.minions.items():
            s = strength_of.get(cards[cid])
            if s is None:
                s = self._card_facts(game, cards[cid])[1]
            strength[info["controller"]] += s
        hands = state.hands
        return [-self.wound * wounds[p] + self.minion * strength[p] + self.deck * cost[p]
                + self.hand * len(hands[p]) for p in range(n)]

    def __call__(self, game: Any, state: Any) -> Values:
        scores = self.scores(game, state)
        temperature = self.temperature + self.per_face_up * max(0, state.face_up)
        top = max(scores)
        weights = [math.exp((s - top) / temperature) for s in scores]
        total = sum(weights)
        return [w / total for w in weights]
