"""Nightfall as a :class:`~gloam.core.protocol.Game`: setup options, the setup itself
(rules 13-37), and :meth:`NightfallGame.determinize`.

>>> game = NightfallGame(players=2)
>>> state = game.new_initial_state(seed=3)
>>> [len(h) for h in state.hands], state.face_up, len(state.archives)
([5, 5], 20, 12)
>>> state.pending().kind
'combat_window'
"""

from __future__ import annotations

from typing import Any

from gloam.core.errors import SetupError
from gloam.core.protocol import Game
from gloam.core.rng import Rng
from gloam.nightfall import engine
from gloam.nightfall.actions import MAX_INSTANCES, action_space
from gloam.nightfall.cards import Card, load_set
from gloam.nightfall.registry import Effects
from gloam.nightfall.state import NightfallState

PILE = 7  # each archive starts with seven identical cards (rule 6)
COMMONS = 8  # rule 24
START_HAND = 5  # rule 35
WOUNDS_PER_PLAYER = 10  # rule 13
LONG_EXTRA = 5  # rule 14
SETUPS = ("quick",)


class NightfallGame(Game):
    """Setup: 2-5 players (reading 5), the sets (The Coldest War for now), the archive
    setup (``"quick"``: the quick-start pairings, rule 31), longer games (rule 14), moon
    phases (rule 36), the first player (rule 37), and an optional turn limit for
    simulations (0: none)."""

    name = "nightfall"
    min_players = 2
    max_players = 5

    def __init__(self, players: int = 2, sets: tuple[str, ...] = ("CW",), archives: str = "quick",
                 long: bool = False, moons: bool = False, first_player: int = 0, turn_limit: int = 0) -> None:
        for key, value in (("players", players), ("first_player", first_player), ("turn_limit", turn_limit)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise SetupError(f"{key} must be an integer, not {value!r}")
        if not self.min_players <= players <= self.max_players:
            raise SetupError(f"Nightfall is for 2 to 5 players, not {players}")
        if not 0 <= first_player < players:
            raise SetupError(f"first_player must be a seat from 0 to {players - 1}, not {first_player}")
        if archives not in SETUPS:
            raise SetupError(f"archives must be one of {', '.join(SETUPS)}, not {archives!r}")
        if tuple(sets) != ("CW",):
            raise SetupError(f"only The Coldest War (CW) is playable so far, not {', '.join(sets)}")
        if turn_limit < 0:
            raise SetupError("turn_limit must be 0 (no limit) or positive")
        self.players = players
        self.sets = tuple(sets)
        self.archive_setup = archives
        self.long = bool(long)
        self.use_moons = bool(moons)
        self.first_player = first_player
        self.turn_limit = turn_limit
        self.card_sets = [load_set(code) for code in self.sets]
        self._cards = {c.id: c for s in self.card_sets for c in s.cards}
        self.effects = Effects(self.card_sets)
        wounds = sum(len(s.wound_cards()) for s in self.card_sets)
        self.face_up = players * (WOUNDS_PER_PLAYER + (LONG_EXTRA if long else 0))
        if self.face_up > wounds:
            raise SetupError(f"{self.face_up} face-up wounds are needed but the wound stack has {wounds}"
                             " (mix in another set's wounds for this game)")
        self._setup_json = {"players": players, "sets": list(self.sets), "archives": archives,
                            "long": self.long, "moons": self.use_moons, "first_player": first_player,
                            "turn_limit": turn_limit}

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def action_space(self):
        return action_space()

    def card(self, card_id: str) -> Card:
        return self._cards[card_id]

    def setup_json(self) -> dict[str, Any]:
        return self._setup_json

    @classmethod
    def from_setup_json(cls, data: dict[str, Any]) -> "NightfallGame":
        if not isinstance(data, dict):
            raise SetupError("setup must be an object")
        unknown = set(data) - {"players", "sets", "archives", "long", "moons", "first_player", "turn_limit"}
        if unknown:
            raise SetupError(f"unknown setup option(s): {', '.join(sorted(unknown))}")
        return cls(players=data.get("players", 2), sets=tuple(data.get("sets", ("CW",))),
                   archives=data.get("archives", "quick"), long=data.get("long", False),
                   moons=data.get("moons", False), first_player=data.get("first_player", 0),
                   turn_limit=data.get("turn_limit", 0))

    # ------------------------------------------------------------------ setup
    def new_initial_state(self, seed: int) -> NightfallState:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SetupError(f"seed must be an integer, not {seed!r}")
        state = NightfallState(self)
        state.rng = rng = Rng(seed)
        n = self.players
        cw = self.card_sets[0]
        for p in range(n):  # rule 33: two of each of the six starting minions
            for starter in cw.starters:
                for _ in range(2):
                    state.decks[p].append(state.new_instance(starter.id, owner=p))
        privates, commons = self._quick_start(cw, rng)
        for p, pair in enumerate(privates):
            for card in pair:
                self._archive(state, card, p)
        for card in commons:
            self._archive(state, card, -1)
        wounds = [state.new_instance(w.card.id, wound_type=w.wound_type) for w in cw.wound_cards()]
        rng.shuffle(wounds)
        state.wounds = wounds
        state.face_up = self.face_up
        if self.use_moons:
            state.moons = [state.new_instance(m.id) for m in cw.moons]
            rng.shuffle(state.moons)
        if len(state.cards) > MAX_INSTANCES:
            raise SetupError(f"{len(state.cards)} cards exceed the {MAX_INSTANCES} a game can hold")
        state.events.append({"type": "setup", "players": n, "archives": [a["card"] for a in state.archives],
                             "owners": [a["owner"] for a in state.archives], "face_up": state.face_up})
        for p in range(n):  # rule 35
            rng.shuffle(state.decks[p])
            state.draw(p, START_HAND, reason="deal")
        state.stack.append({"op": "turn", "step": 0})
        engine.run(state)
        return state

    def _quick_start(self, cw, rng: Rng) -> tuple[list[list[Card]], list[Card]]:
        """Rule 31: each player gets one quick-start pair as private archives. The
        commons are 8 of the remaining draft cards, at random (gloam's reading: the
        rulebook does not say which commons a quick-start game uses)."""
        pairs = []
        seen = set()
        for card in cw.draftable:
            partner = card.quick_start_partner
            if partner and card.name not in seen:
                pairs.append([card, cw.card(partner)])
                seen.update({card.name, partner})
        rng.shuffle(pairs)
        privates = pairs[: self.players]
        used = {c.id for pair in privates for c in pair}
        rest = [c for c in cw.draftable if c.id not in used]
        rng.shuffle(rest)
        return privates, sorted(rest[:COMMONS], key=lambda c: c.name)

    @staticmethod
    def _archive(state: NightfallState, card: Card, owner: int) -> None:
        cards = [state.new_instance(card.id) for _ in range(PILE)]
        state.archives.append({"card": card.id, "owner": owner, "cards": cards})

    # ------------------------------------------------------------------ determinize
    def determinize(self, observation: dict[str, Any], rng: Any) -> NightfallState:
        """A full state agreeing with ``observation``: each player's cards that the viewer
        cannot see (the viewer's own deck order; other players' hands and decks) are
        re-dealt at random among those hidden places; the wounds under the visible top
        and the moons under the current one are shuffled. ``rng``: a gloam ``Rng`` or a
        ``random.Random``."""
        obs = observation
        viewer = obs["viewer"]
        state = NightfallState(self)
        state.cards, state.wtype, state.owner = list(obs["cards"]), list(obs["wtype"]), list(obs["owner"])
        looking = obs.get("looking_at")
        visible = set(obs["hand"]) | set(obs["exiled"]) | {e["card"] for e in obs["chain"]}
        if looking:
            visible.update(looking["cards"])
        for pile in obs["discards"] + obs["play"]:
            visible.update(pile)
        for info in obs["minions"].values():
            visible.update(info["attached"])
        if obs["moon"] is not None:
            visible.add(obs["moon"])
        if obs["wound_top"] is not None:
            visible.add(obs["wound_top"])
        hidden: dict[Any, list[int]] = {}
        for cid, owner in enumerate(state.owner):
            if cid not in visible:
                key = owner if owner >= 0 else ("wound" if state.wtype[cid] else state.cards[cid])
                hidden.setdefault(key, []).append(cid)
        for cards in hidden.values():
            rng.shuffle(cards)
        for q in range(self.players):
            mine = hidden.pop(q, [])
            if q == viewer:
                state.hands[q] = list(obs["hand"])
            elif looking and looking["player"] == q:
                state.hands[q] = list(looking["cards"])
            else:
                state.hands[q], mine = mine[: obs["hand_sizes"][q]], mine[obs["hand_sizes"][q]:]
            if len(mine) != obs["deck_sizes"][q]:
                raise ValueError(f"observation is inconsistent: player {q}'s hidden cards do not fill the deck")
            state.decks[q] = mine
        for archive in obs["archives"]:
            pool = hidden.get(archive["card"], [])
            cards, hidden[archive["card"]] = pool[: archive["size"]], pool[archive["size"]:]
            state.archives.append({"card": archive["card"], "owner": archive["owner"], "cards": cards})
        moons: list[int] = []
        for key in list(hidden):
            if key != "wound" and isinstance(key, str) and self.card(key).type == "moon":
                moons += hidden.pop(key)
        state.moons = moons + ([obs["moon"]] if obs["moon"] is not None else [])
        state.wounds = hidden.pop("wound", []) + ([obs["wound_top"]] if obs["wound_top"] is not None else [])
        if any(hidden.values()) or len(state.wounds) != obs["wound_count"]:
            raise ValueError("observation is inconsistent with the cards of this game")
        state.discards = [list(d) for d in obs["discards"]]
        state.play = [list(p) for p in obs["play"]]
        state.minions = {int(k): engine.deep_copy(v) for k, v in obs["minions"].items()}
        state.exiled = list(obs["exiled"])
        state.chain = engine.deep_copy(obs["chain"])
        state.effects = engine.deep_copy(obs["effects"])
        state.flags = engine.deep_copy(obs["flags"])
        state.stack = engine.deep_copy(obs["stack"])
        for key in ("face_up", "active", "first_player", "turn", "influence", "winner"):
            setattr(state, key, obs[key])
        state.phase, state.ending, state.over = obs["phase"], obs["ending"], obs["over"]
        state.rng = Rng(rng.next_u64() if isinstance(rng, Rng) else rng.getrandbits(64))
        state.check_cards()
        if not state.over:
            engine.run(state)  # the top frame asks its decision again, from this position
        return state
