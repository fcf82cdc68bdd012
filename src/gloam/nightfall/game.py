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
from gloam.nightfall import engine, setup
from gloam.nightfall.actions import action_space
from gloam.nightfall.cards import SET_FILES, Card, load_set
from gloam.nightfall.registry import Effects
from gloam.nightfall.setup import ARCHIVE_SETUPS as SETUPS
from gloam.nightfall.setup import LONG_EXTRA, WOUNDS_PER_PLAYER
from gloam.nightfall.state import NightfallState

_OPTIONS = ("players", "sets", "archives", "draft_cards", "long", "moons", "first_player", "turn_limit", "promos")


def check_sets(sets: Any) -> None:
    """The sets a game mixes: known codes, each once, and at least one standalone set
    (Blood Country has no starters or wounds, seed 003)."""
    if isinstance(sets, str) or not isinstance(sets, (list, tuple)) or not sets \
            or not all(isinstance(code, str) for code in sets):
        raise SetupError(f"sets must be a non-empty list of set codes, not {sets!r}")
    unknown = [code for code in sets if code not in SET_FILES]
    if unknown:
        raise SetupError(f"unknown set {unknown[0]!r}: the sets are {', '.join(SET_FILES)}")
    if len(set(sets)) != len(sets):
        raise SetupError(f"each set once, not {', '.join(sets)}")
    if not any(load_set(code).is_standalone for code in sets):
        raise SetupError(f"{', '.join(sets)}: Blood Country is not standalone (seed 003); "
                         "mix it with a set that has starting minions and wounds")


class NightfallGame(Game):
    """Setup: 2-5 players (reading 5), the sets (The Coldest War for now), the archive
    setup (``"quick"``: the quick-start pairings, rule 31; ``"draft"``: The Coldest War's
    draft, rules 17-24, the 2-player draft of rule 30 with 2 players; ``"ml-draft"``:
    Martial Law's draft, rules 25-29), the draft cards dealt to each player
    (``draft_cards``, rule 19: 4 with one set, 5-6 with two, 7-10 with more; default the
    lowest), longer games (rule 14), moon phases (rule 36), the first player (rule 37: a
    seat, or ``"random"`` drawn from the game's generator at the end of the setup), and
    an optional turn limit for simulations (0: none).

    With ``first_player="random"``, ``game.first_player`` is 0 until a state's setup draws
    the seat: ``state.first_player`` is the one to read."""

    name = "nightfall"
    min_players = 2
    max_players = 5

    def __init__(self, players: int = 2, sets: tuple[str, ...] = ("CW",), archives: str = "quick",
                 long: bool = False, moons: bool = False, first_player: int | str = 0, turn_limit: int = 0,
                 draft_cards: int | None = None, promos: bool = False) -> None:
        for key, value in (("players", players), ("turn_limit", turn_limit)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise SetupError(f"{key} must be an integer, not {value!r}")
        if not self.min_players <= players <= self.max_players:
            raise SetupError(f"Nightfall is for 2 to 5 players, not {players}")
        if first_player != "random":
            if isinstance(first_player, bool) or not isinstance(first_player, int):
                raise SetupError(f"first_player must be an integer or \"random\", not {first_player!r}")
            if not 0 <= first_player < players:
                raise SetupError(f"first_player must be a seat from 0 to {players - 1}, not {first_player}")
        if not isinstance(archives, str) or archives not in SETUPS:
            raise SetupError(f"archives must be one of {', '.join(SETUPS)}, not {archives!r}")
        check_sets(sets)
        for key, value in (("long", long), ("moons", moons), ("promos", promos)):
            if not isinstance(value, bool):
                raise SetupError(f"{key} must be true or false, not {value!r}")
        if turn_limit < 0:
            raise SetupError("turn_limit must be 0 (no limit) or positive")
        self.players = players
        self.sets = tuple(sets)
        self.archive_setup = archives
        self.long = long
        self.use_moons = moons
        self.random_first = first_player == "random"
        self.first_player = 0 if self.random_first else first_player
        self.turn_limit = turn_limit
        self.promos = promos
        self.card_sets = [load_set(code) for code in self.sets]
        self._cards = {c.id: c for s in self.card_sets for c in s.cards}
        self._by_name: dict[str, Card] = {}
        for c in self._cards.values():
            for name in (c.name, c.printed_name):
                self._by_name.setdefault(name.casefold(), c)
        if archives in setup.DRAFTS:
            self.draft_cards = setup.check_draft(players, len(self.sets), len(setup.draft_pool(self)), draft_cards)
        elif draft_cards is not None:
            raise SetupError(f"draft_cards is an option of the drafts ({', '.join(setup.DRAFTS)}),"
                             f" not of archives={archives!r}")
        else:
            self.draft_cards = None
        self.effects = Effects(self.card_sets)
        wounds = sum(len(s.wound_cards()) for s in self.card_sets)
        self.face_up = players * (WOUNDS_PER_PLAYER + (LONG_EXTRA if long else 0))
        if self.face_up > wounds:
            raise SetupError(f"{self.face_up} face-up wounds are needed but the wound stack has {wounds}"
                             " (mix in another set's wounds for this game)")
        setup.check_instances(self)
        self._setup_json = {"players": players, "sets": list(self.sets), "archives": archives,
                            "long": self.long, "moons": self.use_moons, "first_player": first_player,
                            "turn_limit": turn_limit}
        if promos:
            self._setup_json["promos"] = True
        if self.draft_cards is not None:
            self._setup_json["draft_cards"] = self.draft_cards

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def action_space(self):
        return action_space()

    def card(self, card_id: str) -> Card:
        return self._cards[card_id]

    def card_named(self, name: str) -> Card:
        """A card of this game's sets by id or name (with or without its quotation marks);
        a name several sets print (a wound kind) gives the first set's card."""
        card = self._cards.get(name) or self._by_name.get(name.casefold())
        if card is None:
            raise KeyError(f"no card {name!r} in sets {', '.join(self.sets)}")
        return card

    def setup_json(self) -> dict[str, Any]:
        return self._setup_json

    @classmethod
    def from_setup_json(cls, data: dict[str, Any]) -> NightfallGame:
        if not isinstance(data, dict):
            raise SetupError("setup must be an object")
        unknown = set(data) - set(_OPTIONS)
        if unknown:
            raise SetupError(f"unknown setup option(s): {', '.join(sorted(unknown))}")
        sets = data.get("sets", ("CW",))
        check_sets(sets)
        return cls(players=data.get("players", 2), sets=tuple(sets),
                   archives=data.get("archives", "quick"), long=data.get("long", False),
                   moons=data.get("moons", False), first_player=data.get("first_player", 0),
                   turn_limit=data.get("turn_limit", 0), draft_cards=data.get("draft_cards"),
                   promos=data.get("promos", False))

    # ------------------------------------------------------------------ setup
    def new_initial_state(self, seed: int) -> NightfallState:
        """Rules 13-37. Quick start: starting decks, archives, wound stack, moons, opening
        hands, first player. A draft follows the rulebook's order: starting decks and
        wound stack; the draft, whose picks are the first decisions; on the last pick the
        archives (rule 23), the opening hands, the moons (so nobody drafts knowing the
        first moon) and the first player."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SetupError(f"seed must be an integer, not {seed!r}")
        state = NightfallState(self)
        state.rng = rng = Rng(seed)
        setup.starting_decks(state)  # rule 33
        if self.archive_setup == "quick":
            privates, commons = setup.quick_start(self, rng)  # rule 31
            setup.build_archives(state, privates, commons)
            setup.wound_stack(state)  # rules 13-15
            setup.moon_stack(state)  # rule 36
            setup.setup_event(state)
            setup.deal_hands(state)  # rules 35, 37
            state.stack.append({"op": "turn", "step": 0})
        else:
            setup.wound_stack(state)
            state.stack.append({"op": "turn", "step": 0})
            setup.start_draft(state)  # rules 17-30; then hands, moons, first player (35-37)
        engine.run(state)
        return state

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
        known = obs["known"]  # cards everyone saw go into a hand or onto a deck
        visible = set(obs["hand"]) | set(obs["exiled"]) | {e["card"] for e in obs["chain"]}
        if looking:
            visible.update(looking["cards"])
        for k in known:
            visible.update(k["hand"])
            visible.update(k["top"])
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
            known_hand, known_top = known[q]["hand"], known[q]["top"]
            if q == viewer:
                state.hands[q] = list(obs["hand"])
            elif looking and looking["player"] == q:
                state.hands[q] = list(looking["cards"])
            else:
                unknown = obs["hand_sizes"][q] - len(known_hand)
                state.hands[q], mine = list(known_hand) + mine[:unknown], mine[unknown:]
            state.decks[q] = mine + list(known_top)
            if len(state.decks[q]) != obs["deck_sizes"][q]:
                raise ValueError(f"observation is inconsistent: player {q}'s hidden cards do not fill the deck")
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
        if obs.get("draft") is not None:  # a draft in progress: re-deal what the viewer never saw
            state.flags["draft"] = setup.redeal_draft(self, obs["draft"], viewer, rng)
        state.stack = engine.deep_copy(obs["stack"])
        for key in ("face_up", "active", "first_player", "turn", "influence", "winner"):
            setattr(state, key, obs[key])
        state.phase, state.ending, state.over = obs["phase"], obs["ending"], obs["over"]
        state.known = [{"hand": list(k["hand"]), "top": list(k["top"])} for k in known]
        state.rng = Rng(rng.next_u64() if isinstance(rng, Rng) else rng.getrandbits(64))
        state.check_cards()
        if not state.over:
            engine.run(state)  # the top frame asks its decision again, from this position
        return state
