"""Nightmarium as a :class:`~gloam.core.protocol.Game`: setup options, the derived card
tables the rules read, and :meth:`NightmariumGame.determinize` for search bots.

>>> game = NightmariumGame(players=3, creatures=6)
>>> state = game.new_initial_state(seed=1)
>>> [len(h) for h in state.hands], len(state.deck)
([5, 5, 5], 93)
>>> state.pending().player, state.pending().kind == "turn"
(0, True)
"""

from __future__ import annotations

import copy
from typing import Any

from gloam.core.errors import CardDataError, SetupError
from gloam.core.protocol import Game
from gloam.core.rng import Rng
from gloam.core.text import name_some
from gloam.nightmarium.actions import MAX_PLAYERS, PLAY0, SLOTS, action_space, discard_index0
from gloam.nightmarium.cards import Composition, composition_from_setup, standard_composition
from gloam.nightmarium.state import NightmariumState, _plays

HAND_SIZE = 5  # seed 004 Setup: deal 5 cards to each player
_DEAL_TRIES = 1000  # re-deals tried before a determinization gives up


class NightmariumGame(Game):
    """Setup: 2-5 players (rule 186), 5, 6 or 7 Creatures to win (rule 192), the first
    player (rule 191: whoever most recently had a nightmare), an optional turn limit
    for simulations (0: none — the rules have no limit), and the card composition."""

    name = "nightmarium"
    min_players = 2
    max_players = MAX_PLAYERS

    def __init__(self, players: int = 2, creatures: int = 5, first_player: int = 0,
                 turn_limit: int = 0, composition: Composition | None = None) -> None:
        for key, value in (("players", players), ("creatures", creatures),
                           ("first_player", first_player), ("turn_limit", turn_limit)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise SetupError(f"{key} must be an integer, not {value!r}")
        if not self.min_players <= players <= self.max_players:
            raise SetupError(f"Nightmarium is for 2 to 5 players, not {players}")
        if creatures not in (5, 6, 7):
            raise SetupError(f"play to 5, 6 or 7 Creatures, not {creatures}")
        if not 0 <= first_player < players:
            raise SetupError(f"first_player must be a seat from 0 to {players - 1}, not {first_player}")
        if turn_limit < 0:
            raise SetupError("turn_limit must be 0 (no limit) or positive")
        self.players = players
        self.creatures = creatures
        self.first_player = first_player
        self.turn_limit = turn_limit
        self.composition = composition or standard_composition()
        self.hand_size = HAND_SIZE
        if len(self.composition.cards) < players * HAND_SIZE + 2:
            raise SetupError(f"{len(self.composition.cards)} cards are too few to deal {players} players")
        cards = self.composition.cards
        self.legion = [c.legion for c in cards]
        self.parts = [c.parts for c in cards]
        self.ability = [c.ability for c in cards]
        self.play_base = [PLAY0 + c.id * SLOTS for c in cards]
        self.discard0 = discard_index0(len(cards))
        self._space = action_space(len(cards))
        self.actions = self._space.actions  # index -> typed action, read on every apply
        self._setup_json = {
            "players": players, "creatures": creatures, "first_player": first_player,
            "turn_limit": turn_limit, "composition": self.composition.to_setup(),
        }

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def action_space(self):
        return self._space

    def card(self, card_id: int):
        return self.composition.cards[card_id]

    def setup_json(self) -> dict[str, Any]:
        """The setup as fresh plain data (changing it changes nothing in the game)."""
        return copy.deepcopy(self._setup_json) if isinstance(self._setup_json["composition"], dict) \
            else dict(self._setup_json)

    @classmethod
    def from_setup_json(cls, data: dict[str, Any]) -> NightmariumGame:
        if not isinstance(data, dict):
            raise SetupError("setup must be an object")
        unknown = set(data) - {"players", "creatures", "first_player", "turn_limit", "composition"}
        if unknown:
            raise SetupError(f"unknown setup option(s): {name_some(unknown)}")
        try:
            composition = composition_from_setup(data.get("composition", "standard"))
        except CardDataError as exc:
            raise SetupError(str(exc)) from None
        return cls(players=data.get("players", 2), creatures=data.get("creatures", 5),
                   first_player=data.get("first_player", 0), turn_limit=data.get("turn_limit", 0),
                   composition=composition)

    def new_initial_state(self, seed: int) -> NightmariumState:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SetupError(f"seed must be an integer, not {seed!r}")
        return NightmariumState.new(self, seed)

    def determinize(self, observation: dict[str, Any], rng: Any) -> NightmariumState:
        """A full state agreeing with ``observation``: the cards its viewer has not seen
        (the deck and the unknown part of the other hands) are re-dealt at random, among
        the deals that fit what the table has seen: a player owing the same-Legion
        penalty holds a card of that Legion exactly when they were asked for one
        (rule 203), and a player resolving Mockingbird holds a playable card (rule 206).

        ``rng`` is a :class:`~gloam.core.rng.Rng` or a :class:`random.Random`.
        """
        viewer = observation["viewer"]
        seen = set(observation["hand"]) | set(observation["discard"]) | set(observation["revealed"])
        for known in observation["known"]:
            seen.update(known)
        for player in observation["creatures"]:
            for creature in player:
                seen.update(creature)
        unseen = [c for c in range(len(self.composition.cards)) if c not in seen]
        need = [0 if p == viewer else observation["hand_sizes"][p] - len(observation["known"][p])
                for p in range(self.players)]
        if sum(need) + observation["deck_size"] != len(unseen):
            raise ValueError("observation is inconsistent with the card composition")
        for _ in range(_DEAL_TRIES):
            pool = list(unseen)
            rng.shuffle(pool)
            hands = []
            for p in range(self.players):
                if p == viewer:
                    hands.append(list(observation["hand"]))
                else:
                    hands.append(list(observation["known"][p]) + [pool.pop() for _ in range(need[p])])
            if self._deal_fits(observation, hands):
                break
        else:
            raise ValueError("no deal of the unseen cards fits this observation")
        new_seed = rng.next_u64() if isinstance(rng, Rng) else rng.getrandbits(64)
        state = NightmariumState(self)
        state.load_fields(dict(observation, hands=hands, deck=pool, rng=new_seed))
        return state

    def _deal_fits(self, observation: dict[str, Any], hands: list[list[int]]) -> bool:
        """Whether a re-deal agrees with the decision the table sees pending."""
        mode = observation["mode"]
        if mode == "penalty":
            owner, legion = observation["penalties"][0]
            holds = any(self.legion[c] == legion for c in hands[owner])
            return holds != observation["pen_any"]
        if mode == "mockingbird":
            active = observation["active"]
            return bool(_plays(hands[active], observation["creatures"][active], self.parts, self.creatures,
                               self.play_base))
        return True


# a saved state rebuilds its setup with this class (state.py does not import this module)
NightmariumState.game_class = NightmariumGame
