"""Nightfall positions as data: what FEN is to chess (docs/positions.md).

A position names its cards and says where each lies: hands, decks and discard piles
(bottom first), minions in play with their damage and attached cards, the archives, the
wound stack, the moon, the chain or combat in progress, the phase and its pending step.
:func:`parse` turns it (TOML text or the same data as a mapping) into a full, playable
:class:`~gloam.nightfall.state.NightfallState` whose pending decision comes from running
the engine from that step, or raises :class:`~gloam.core.errors.PositionError` listing
every fault found, each naming its zone and entry. Nothing is returned half-built.

>>> s = parse('''
... phase = "chain"
... [[players]]
... hand = ["Kilo 13"]
... [[players]]
... minions = [{card = "Emil Balev", damage = 1}]
... ''')
>>> str(s.decision_kind()), [s.card(c).name for c in s.hands[0]], s.minions[s.play[1][0]]["damage"]
('chain_start', ['Kilo 13'], 1)

A card is named by its name (any case, with or without its quotation marks) or its data
id; each entry is a fresh copy, unless it carries a tag (``"Kilo 13#2"``): entries with
the same name and tag are the same copy, so naming it twice puts a card in two places.
A wound names its type: ``"NF Wound (bite)"``. The module does no I/O.
"""

from __future__ import annotations

import difflib
import re
from collections import defaultdict
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gloam.core.errors import GloamError, PositionError
from gloam.core.positions import PositionReader, load_data
from gloam.core.rng import Rng
from gloam.nightfall import engine

if TYPE_CHECKING:
    from gloam.nightfall.cards import Card
    from gloam.nightfall.game import NightfallGame
    from gloam.nightfall.state import NightfallState

WOUND_TYPES = ("bite", "burn", "bleed")
#: the most cards a position may place (every card of all four sets is 1,101): a
#: ``wound_stack.count`` or archive ``size`` beyond it is refused before it is dealt
MAX_CARDS = 2_000
COMBAT_STEPS = ("before attackers", "attackers", "after attackers", "blockers", "after blockers",
                "after damage")
STEPS = {"combat": COMBAT_STEPS, "chain": ("start", "link", "resolve"), "claim": ("start",),
         "cleanup": ("start",)}
PHASES = tuple(STEPS)
# the turn frame's next step once each phase has begun (phases.turn)
_TURN_STEP = {"combat": 1, "chain": 2, "claim": 4, "cleanup": 5}
# the combat frame's step and the window (if any) open at each pending combat step (phases.combat)
_COMBAT_FRAMES = {
    "before attackers": (0, None), "attackers": (2, None), "after attackers": (3, "after attackers"),
    "blockers": (4, None), "after blockers": (5, "after blockers"), "after damage": (7, "after damage"),
}

TOP_KEYS = ("game", "seed", "setup", "copy_limit", "active", "first_player", "turn", "phase", "step", "influence",
            "moon", "moons", "exiled", "players", "archives", "wound_stack", "chain", "combat", "window")
PLAYER_KEYS = ("hand", "deck", "discard", "minions", "wounds", "wound_stack")
WOUND_ZONES = ("hand", "deck", "discard")
_TYPED = re.compile(r"^(?P<name>.*?)\s*\((?P<type>[A-Za-z]+)\)$")


def load(source: str | Mapping[str, Any]) -> dict[str, Any]:
    """The position's data: TOML text parsed, or a mapping copied as it is."""
    return load_data(source)


def parse(source: str | Mapping[str, Any], game: NightfallGame | None = None) -> NightfallState:
    """A playable state from a position (TOML text or its data). ``game``: play it in
    this game (the position's ``setup`` must then be absent); otherwise the game is made
    from ``setup``. Raises :class:`PositionError` with every fault found."""
    return _Builder(load(source), game).build()


# ---------------------------------------------------------------------- the builder
class _Builder(PositionReader):
    """Reads one position, collecting every fault before anything is returned."""

    player_keys = PLAYER_KEYS

    def __init__(self, data: dict[str, Any], game: NightfallGame | None) -> None:
        super().__init__(data, game)
        self.copies: dict[tuple[str, str | None], list[str]] = defaultdict(list)  # (card, type) -> where
        self.tagged: dict[tuple[str, str | None, str], tuple[int, str]] = {}  # copy -> (id, first place)

    @property
    def game_class(self) -> type:
        from gloam.nightfall.game import NightfallGame

        return NightfallGame

    # ------------------------------------------------------------------ the whole
    def build(self) -> NightfallState:
        from gloam.nightfall.state import NightfallState

        data = self.data
        for key in data:
            if key not in TOP_KEYS:
                self.fail(str(key), f"unknown field (a position has {', '.join(TOP_KEYS)})")
        if data.get("game", "nightfall") != "nightfall":
            raise PositionError(f"game: this is a {data['game']!r} position, not a Nightfall one")
        game = self.read_game()
        self.game = game
        self.names = _card_names(game)
        n = game.num_players
        state = NightfallState(game)
        self.state = state
        players = self.read_players(n)
        self._seat_fields(state, n)
        for zone, attr in (("hand", "hands"), ("deck", "decks"), ("discard", "discards")):
            for p, spec in enumerate(players):
                getattr(state, attr)[p] = self._cards(f"players[{p}].{zone}", spec.get(zone, []), p)
        for p, spec in enumerate(players):
            self._wounds(p, spec.get("wounds", {}))
        for p, spec in enumerate(players):
            self._minions(p, spec.get("minions", []))
        self._archives(data.get("archives", []), n)
        self._wound_stack(data.get("wound_stack", {}))
        self._moons()
        state.exiled = self._cards("exiled", data.get("exiled", []), -1)
        self._phase(n)
        self._constructed(players)
        limit = data.get("copy_limit", True)
        if not isinstance(limit, bool):
            self.fail("copy_limit", f"must be true or false, not {limit!r}")
        elif limit:
            self._over_copies()
        if self.errors:
            raise PositionError(self.errors)
        return self._start(state)

    def _seat_fields(self, state: NightfallState, n: int) -> None:
        data = self.data
        state.active = self._int("active", data.get("active", state.game.start_seat), 0, n - 1,
                                 f"no seat {{}} in a {n}-player game (seats 0 to {n - 1})")
        state.first_player = self._int("first_player", data.get("first_player", state.game.start_seat), 0, n - 1,
                                       f"no seat {{}} in a {n}-player game (seats 0 to {n - 1})")
        state.turn = self._int("turn", data.get("turn", 1), 1, None, "turns are numbered from 1, not {}")
        state.influence = self._int("influence", data.get("influence", 0), 0, None,
                                    "influence cannot be negative ({})")
        seed = data.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int):
            self.fail("seed", f"must be an integer, not {seed!r}")
        else:
            state.rng = Rng(seed)

    def _int(self, where: str, value: Any, low: int, high: int | None, out_of_range: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(where, f"must be an integer, not {value!r}")
            return low
        if value < low or (high is not None and value > high):
            self.fail(where, out_of_range.format(value))
            return low
        return value

    # ------------------------------------------------------------------ cards
    def card(self, where: str, text: Any) -> tuple[Card, str | None, str | None] | None:
        """The card an entry names, its wound type and its copy tag; None (and a fault)
        if it names none."""
        if not isinstance(text, str) or not text.strip():
            self.fail(where, f"a card is named by a non-empty string, not {text!r}")
            return None
        name, tag = text.strip(), None
        if "#" in name:
            name, _, tag = name.rpartition("#")
            name, tag = name.strip(), tag.strip()
            if not name or not tag:
                self.fail(where, f"{text!r}: a copy tag is written \"Name#tag\"")
                return None
        wtype = None
        typed = _TYPED.match(name)
        if typed and typed["type"].lower() in WOUND_TYPES and self._known(typed["name"]):
            name, wtype = typed["name"], typed["type"].lower()
        found = self._known(name)
        if found is None:
            close = difflib.get_close_matches(name.casefold(), list(self.names), n=6, cutoff=0.6)
            named = list(dict.fromkeys(self.names[c] for c in close))[:3]
            hint = f" (did you mean {', '.join(map(repr, named))}?)" if named else ""
            self.fail(where, f"unknown card {text!r} in sets {', '.join(self.game.sets)}{hint}")
            return None
        if found.type == "wound" and wtype is None:
            self.fail(where, f"{text!r}: a wound names its type, e.g. \"{found.name} (bite)\"")
            return None
        if found.type != "wound" and wtype is not None:
            self.fail(where, f"{text!r}: only a wound has a type; {found.name} is {_a(found.type)}")
            return None
        return found, wtype, tag

    def _known(self, name: str) -> Card | None:
        try:
            return self.game.card_named(name.strip().strip('"'))
        except KeyError:
            return None

    def place(self, where: str, text: Any, owner: int = -1) -> int | None:
        """A new card instance for an entry (or the tagged copy's only one); None on a fault."""
        found = self.card(where, text)
        if found is None:
            return None
        card, wtype, tag = found
        if len(self.state.cards) >= MAX_CARDS:
            raise PositionError(self.errors + [f"{where}: a position places at most {MAX_CARDS:,} cards"])
        if tag is not None:
            key = (card.id, wtype, tag)
            if key in self.tagged:
                self.fail(where, f"{text!r} is also in {self.tagged[key][1]}: a card cannot be in two places")
                return None
        cid = self.state.new_instance(card.id, wound_type=wtype, owner=owner)
        self.copies[(card.id, wtype)].append(re.sub(r"\[\d+\]$", "", where))
        if tag is not None:
            self.tagged[(card.id, wtype, tag)] = (cid, where)
        return cid

    def _cards(self, where: str, entries: Any, owner: int) -> list[int]:
        """The cards of a zone whose cards ``owner`` owns (-1: nobody); an entry
        ``{card = ..., owner = seat}`` is a card someone else owns (an exiled starting
        minion, an attached card of another player's)."""
        if not isinstance(entries, list):
            self.fail(where, f"must be a list of card names, not {entries!r}")
            return []
        out = []
        for k, text in enumerate(entries):
            here = f"{where}[{k}]"
            if isinstance(text, Mapping):
                text, whose = self._owned(here, text, owner)
            else:
                whose = owner
            cid = self.place(here, text, whose)
            if cid is not None:
                out.append(cid)
        return out

    def _owned(self, where: str, spec: Mapping[str, Any], owner: int, keys: tuple[str, ...] = ()) -> tuple[Any, int]:
        """The card and its owner of an entry ``{card = ..., owner = seat}`` (-1: nobody);
        ``keys``: the other fields the entry may have."""
        for key in spec:
            if key not in ("card", "owner", *keys):
                self.fail(f"{where}.{key}", f"unknown field (a card entry has {', '.join(('card', 'owner', *keys))})")
        if "owner" not in spec:
            return spec.get("card"), owner
        n = self.game.num_players
        return spec.get("card"), self._int(f"{where}.owner", spec["owner"], -1, n - 1,
                                           f"no seat {{}} in a {n}-player game (an owner is a seat, or -1: nobody)")

    def _over_copies(self) -> None:
        """No more copies of a card than its sets hold (a wound: of its type); in the
        constructed format (rules 166-173), than the players' decks bring, the moons aside."""
        from gloam.nightfall.setup import STARTER_COPIES

        brought = _deck_copies(self.game)
        for (card_id, wtype), places in self.copies.items():
            card = self.game.card(card_id)
            limit = card.copies if wtype is None else (card.copies_by_type or {}).get(wtype, card.copies)
            holder = card.set
            if card.type == "starting-minion":  # each player's starting deck has two (rule 33): six players, twelve
                limit = max(limit, STARTER_COPIES * self.game.num_players)
            if brought is not None and card.type != "moon":
                limit, holder = brought.get((card_id, wtype), 0), "the decks"
            if len(places) > limit:
                counts = defaultdict(int)
                for place in places:
                    counts[place] += 1
                spread = ", ".join(f"{z}: {c}" for z, c in counts.items())
                called = card_name(self.game, card)
                named = called if wtype is None else f"{called} ({wtype})"
                self.fail(named, f"{len(places)} copies placed ({spread}) but {holder} {'hold' if brought else 'holds'}"
                                 f" {limit}")

    # ------------------------------------------------------------------ zones
    def _wounds(self, p: int, spec: Any) -> None:
        """``wounds = {hand = ["bite", "ml:burn"], deck = [...], discard = [...]}``: wound
        cards on top of those zones, by type (``kind:type``; the kind NF unless given)."""
        where = f"players[{p}].wounds"
        if not isinstance(spec, Mapping):
            self.fail(where, f"must be a table of zones (hand, deck, discard), not {spec!r}")
            return
        for zone, entries in spec.items():
            if zone not in WOUND_ZONES:
                self.fail(f"{where}.{zone}", f"unknown zone (wounds go to {', '.join(WOUND_ZONES)})")
                continue
            pile = {"hand": self.state.hands, "deck": self.state.decks, "discard": self.state.discards}[zone][p]
            pile += self._cards(f"{where}.{zone}", _wound_names(entries), p)

    def _minions(self, p: int, entries: Any) -> None:
        where = f"players[{p}].minions"
        if not isinstance(entries, list):
            self.fail(where, f"must be a list of minions, not {entries!r}")
            return
        state = self.state
        for k, entry in enumerate(entries):
            here = f"{where}[{k}]"
            spec = {"card": entry} if isinstance(entry, str) else entry
            if not isinstance(spec, Mapping) or "card" not in spec:
                self.fail(here, "a minion is a card name or {card = ..., damage = ..., attached = [...]},"
                                f" not {entry!r}")
                continue
            _, owner = self._owned(here, spec, p, ("damage", "attached", "entered"))
            cid = self.place(here, spec["card"], owner)
            if cid is None:
                continue
            card = state.card(cid)
            if card.type not in ("minion", "starting-minion"):
                self.fail(here, f"{spec['card']!r} is {_a(card.type)}, not a minion")
            damage = self._int(f"{here}.damage", spec.get("damage", 0), 0, None, "damage cannot be negative ({})")
            entered = self._int(f"{here}.entered", spec.get("entered", 0), 0, state.turn,
                                f"the turn it entered play is 0 (before the position) to the turn ({state.turn}),"
                                " not {}")
            state.minions[cid] = {"controller": p, "damage": damage, "attached": [], "turn": entered}
            state.play[p].append(cid)
            state.minions[cid]["attached"] = self._cards(f"{here}.attached", spec.get("attached", []), p)

    def _archives(self, entries: Any, n: int) -> None:
        if not isinstance(entries, list):
            self.fail("archives", "must be a list of tables ([[archives]] in TOML)")
            return
        for k, spec in enumerate(entries):
            here = f"archives[{k}]"
            if not isinstance(spec, Mapping):
                self.fail(here, f"an archive is a table {{card, owner, size}}, not {spec!r}")
                continue
            for key in spec:
                if key not in ("card", "owner", "size", "cards", "secret", "mixed"):
                    self.fail(f"{here}.{key}", "unknown field (an archive has card, owner, size or cards,"
                                               " secret, mixed)")
            owner = spec.get("owner", "common")
            if owner == "common":
                owner = -1
            owner = self._int(f"{here}.owner", owner, -1, n - 1,
                              f"no seat {{}} in a {n}-player game (an owner is a seat or \"common\")")
            found = self.card(f"{here}.card", spec["card"]) if "card" in spec else None
            if "cards" in spec:
                if "size" in spec:
                    self.fail(here, "give its size or its cards, not both")
                cards = self._cards(f"{here}.cards", spec["cards"], -1)
            else:
                size = self._int(f"{here}.size", spec.get("size", 0), 0, None, "a size cannot be negative ({})")
                cards = [] if found is None else [self.place(f"{here}.card", spec["card"]) for _ in range(size)]
                cards = [c for c in cards if c is not None]
            orders = [c for c in cards if self.state.wtype[c] is None]  # a wound on it (Pipe Bomb) aside
            if found is not None:
                card_id = found[0].id
            elif cards and "card" not in spec:
                card_id = self.state.cards[(orders or cards)[-1]]
            else:
                if "card" not in spec:
                    self.fail(here, "an archive names its card (card = ...), or lists its cards")
                continue
            archive: dict[str, Any] = {"card": card_id, "owner": owner, "cards": cards}
            if spec.get("mixed") or any(self.state.cards[c] != card_id for c in orders):
                archive["mixed"] = True
            if spec.get("secret"):
                if owner < 0:
                    self.fail(f"{here}.secret", "only a private archive can be secret (rule 176)")
                archive["secret"] = True
            self.state.archives.append(archive)

    def _wound_stack(self, spec: Any) -> None:
        """``[wound_stack]``: ``count`` wounds (NF kind; bite, burn, bleed in turn from the
        bottom) or the explicit ``cards`` bottom first, ``face_up`` of them face up."""
        state = self.state
        if not isinstance(spec, Mapping):
            self.fail("wound_stack", f"must be a table {{count, face_up}} or {{cards, face_up}}, not {spec!r}")
            return
        for key in spec:
            if key not in ("count", "face_up", "cards"):
                self.fail(f"wound_stack.{key}", "unknown field (the wound stack has count or cards, face_up)")
        if "cards" in spec:
            if "count" in spec:
                self.fail("wound_stack", "give its count or its cards, not both")
            state.wounds = self._cards("wound_stack.cards", _wound_names(spec["cards"]), -1)
        else:
            count = self._int("wound_stack.count", spec.get("count", self.game.face_up), 0, None,
                              "a count cannot be negative ({})")
            state.wounds = [c for c in (self.place("wound_stack.count", f"NF Wound ({WOUND_TYPES[k % 3]})")
                                        for k in range(count)) if c is not None]
        size = len(state.wounds)
        state.face_up = self._int("wound_stack.face_up", spec.get("face_up", size), 0, size,
                                  f"{{}} face-up wounds, but the stack holds {size}")

    def _moons(self) -> None:
        data = self.data
        if "moon" in data and "moons" in data:
            self.fail("moon", "give the current moon or the moon stack (moons), not both")
            return
        if "moon" in data:
            cards = self._cards("moon", [data["moon"]], -1)
        else:
            cards = self._cards("moons", data.get("moons", []), -1)
        for cid in cards:
            if self.state.card(cid).type != "moon":
                self.fail("moon", f"{self.state.card(cid).name} is {_a(self.state.card(cid).type)}, not a moon")
        self.state.moons = cards

    # ------------------------------------------------------------------ phase and step
    def _phase(self, n: int) -> None:
        state, data = self.state, self.data
        phase = data.get("phase", "chain")
        if not isinstance(phase, str) or phase not in STEPS:
            self.fail("phase", f"{phase!r} is not a phase; a position starts in {', '.join(PHASES)}")
            return
        steps = STEPS[phase]
        step = data.get("step", steps[0])
        if step not in steps:
            self.fail("step", f"{step!r} is not a step of the {phase} phase ({', '.join(steps)})")
            return
        state.phase = phase
        state.stack = [{"op": "turn", "step": _TURN_STEP[phase]}]
        for key, allowed in (("chain", phase == "chain" and step != "start"),
                             ("combat", phase == "combat" and step != "before attackers")):
            if key in data and not allowed:
                self.fail(key, f"a {key} in progress needs the {key} phase past its start (phase = {phase!r},"
                               f" step = {step!r})")
        if phase == "combat":
            self._combat(step, n)
            return
        state.flags["attacks"] = []  # the turn's combat is over (phases.combat leaves it so)
        if phase == "chain":
            self._chain(step, n)
        else:
            state.stack.append({"op": "claim"} if phase == "claim" else {"op": "cleanup", "step": 0})

    def _chain(self, step: str, n: int) -> None:
        state = self.state
        if step == "start":
            state.stack.append({"op": "chain", "step": "start"})
            return
        spec = self.data.get("chain", {})
        if not isinstance(spec, Mapping):
            self.fail("chain", f"must be a table {{links, next}}, not {spec!r}")
            return
        for key in spec:
            if key not in ("links", "next"):
                self.fail(f"chain.{key}", "unknown field (a chain has links, next)")
        links = spec.get("links", [])
        if not isinstance(links, list) or not links:
            self.fail("chain.links", f"the {step} step needs the chain's links, first link first")
            return
        for k, link in enumerate(links):
            here = f"chain.links[{k}]"
            if not isinstance(link, Mapping) or "card" not in link:
                self.fail(here, f"a link is {{card = ..., player = ..., kicker = ...}}, not {link!r}")
                continue
            player = self._int(f"{here}.player", link.get("player", state.active), 0, n - 1,
                               f"no seat {{}} in a {n}-player game")
            kicker = link.get("kicker", False)
            if not isinstance(kicker, bool):
                self.fail(f"{here}.kicker", f"must be true or false, not {kicker!r}")
            cid = self.place(here, link["card"], player)
            if cid is not None:
                if not state.card(cid).is_order:
                    self.fail(here, f"{link['card']!r} is not an order; only orders are chained (rule 122)")
                state.chain.append({"card": cid, "player": player, "kicker": bool(kicker)})
        frame: dict[str, Any] = {"op": "chain", "step": step}
        if step == "link":
            order = state.clockwise_from(state.active)
            nxt = self._int("chain.next", spec.get("next", state.active), 0, n - 1,
                            f"no seat {{}} in a {n}-player game")
            frame["seat"] = order.index(nxt) if nxt in order else 0
        elif "next" in spec:
            self.fail("chain.next", "only the link step has a next player to link")
        state.stack.append(frame)

    def _combat(self, step: str, n: int) -> None:
        state = self.state
        combat_step, window = _COMBAT_FRAMES[step]
        if step == "before attackers" and "window" in self.data:  # the first window, part-answered
            combat_step, window = 1, "before attackers"
        state.stack.append({"op": "combat", "step": combat_step})
        state.flags["attacks"] = attacks = self._attacks(step, n)
        if "window" in self.data and window is None:
            self.fail("window", f"the {step!r} step is not a combat window")
        if step == "attackers":
            state.stack.append({"op": "declare_attacks"})
        elif step == "blockers":
            state.stack.append({"op": "declare_blocks", "d": self._blocking(attacks, n)})
        elif window is not None:
            turns, passes = self._window(n)
            state.stack.append({"op": "window", "which": window, "i": turns, "passes": passes})
        if COMBAT_STEPS.index(step) >= COMBAT_STEPS.index("after attackers") and not attacks \
                and not any(e.startswith("combat") for e in self.errors):
            self.fail("combat.attacks", f"the {step!r} step comes only after minions attacked: list the attacks")

    def _window(self, n: int) -> tuple[int, int]:
        """``window = {turns, passes}``: the turns players have taken in the open combat
        window (the next is the turns-th player after the active one, in seat order) and
        how many of the last were passes (rules 81-86); none taken by default."""
        spec = self.data.get("window", {})
        if not isinstance(spec, Mapping):
            self.fail("window", f"must be a table {{turns, passes}}, not {spec!r}")
            return 0, 0
        for key in spec:
            if key not in ("turns", "passes"):
                self.fail(f"window.{key}", "unknown field (a window has turns, passes)")
        turns = self._int("window.turns", spec.get("turns", 0), 0, None, "turns cannot be negative ({})")
        passes = self._int("window.passes", spec.get("passes", 0), 0, min(turns, n - 1),
                           f"{{}} passes in a row: at most the turns taken ({turns}) and fewer than the players"
                           f" ({n}: then the window is closed)")
        return turns, passes

    def _blocking(self, attacks: list[dict[str, Any]], n: int) -> int:
        """``combat.blocking``: the defender declaring blocks now (those before, in seat
        order from the active player, are done); by default the first."""
        spec = self.data.get("combat", {})
        if not isinstance(spec, Mapping) or "blocking" not in spec:
            return 0
        defenders = [q for q in self.state.opponents(self.state.active) if q in {a["target"] for a in attacks}]
        seat = self._int("combat.blocking", spec["blocking"], 0, n - 1, f"no seat {{}} in a {n}-player game")
        if seat not in defenders:
            self.fail("combat.blocking", f"player {seat} is not attacked (the defenders: "
                                         f"{', '.join(map(str, defenders)) or 'none'})")
            return 0
        return defenders.index(seat)

    def _attacks(self, step: str, n: int) -> list[dict[str, Any]]:
        state = self.state
        spec = self.data.get("combat", {})
        if not isinstance(spec, Mapping):
            self.fail("combat", f"must be a table {{attacks}}, not {spec!r}")
            return []
        for key in spec:
            if key not in ("attacks", "blocking"):
                self.fail(f"combat.{key}", "unknown field (a combat has attacks, blocking)")
        if "blocking" in spec and step != "blockers":
            self.fail("combat.blocking", f"only the blockers step has a defender blocking (step = {step!r})")
        entries = spec.get("attacks", [])
        if not isinstance(entries, list):
            self.fail("combat.attacks", f"must be a list of attacks, not {entries!r}")
            return []
        attacks, sent, blocking = [], set(), set()
        for k, entry in enumerate(entries):
            here = f"combat.attacks[{k}]"
            if not isinstance(entry, Mapping) or "attacker" not in entry or "target" not in entry:
                self.fail(here, f"an attack is {{attacker = ..., target = seat, blockers = [...]}}, not {entry!r}")
                continue
            minion = self._in_play(f"{here}.attacker", entry["attacker"], state.active, sent)
            target = self._int(f"{here}.target", entry["target"], 0, n - 1, f"no seat {{}} in a {n}-player game")
            if target == state.active:
                self.fail(f"{here}.target", "a minion attacks an opponent, not its controller (rule 103)")
            blockers, named = [], entry.get("blockers", [])
            if not isinstance(named, list):
                self.fail(f"{here}.blockers", f"must be a list of the target's minions, not {named!r}")
                named = []
            for b, name in enumerate(named):
                blocker = self._in_play(f"{here}.blockers[{b}]", name, target, blocking)
                if blocker is not None:
                    blockers.append(blocker)
            if blockers and COMBAT_STEPS.index(step) < COMBAT_STEPS.index("blockers"):
                self.fail(f"{here}.blockers", f"blockers are declared after the {step!r} step")
            if minion is not None:
                sent.add(minion)
                attacks.append({"minion": minion, "target": target, "blockers": blockers, "unblockable": False})
        return attacks

    def _in_play(self, where: str, text: Any, player: int, used: set[int]) -> int | None:
        """The minion ``text`` names among ``player``'s minions in play, not yet used."""
        found = self.card(where, text)
        if found is None:
            return None
        card, _, tag = found
        if tag is not None:
            cid = self.tagged.get((card.id, None, tag), (None, ""))[0]
            candidates = [cid] if cid in self.state.play[player] else []
        else:
            candidates = [m for m in self.state.play[player] if self.state.cards[m] == card.id]
        free = [m for m in candidates if m not in used]
        if not free:
            self.fail(where, f"player {player} has no {'other ' if candidates else ''}{text!r} in play")
            return None
        used.add(free[0])
        return free[0]

    def _constructed(self, players: list[dict[str, Any]]) -> None:
        """The constructed format (rules 166-173): each player's own wound stack, bottom first."""
        constructed = self.game.decks is not None
        for p, spec in enumerate(players):
            if "wound_stack" in spec and not constructed:
                self.fail(f"players[{p}].wound_stack", "a player's own wound stack is the constructed"
                                                      " format's (rule 171); this game has one wound stack")
        if constructed:
            self.state.wound_stacks = [
                self._cards(f"players[{p}].wound_stack", _wound_names(spec.get("wound_stack", [])), -1)
                for p, spec in enumerate(players)]

    # ------------------------------------------------------------------ playing on
    def _start(self, state: NightfallState) -> NightfallState:
        """Check the whole and run the engine to the pending decision."""
        try:
            state.check_cards()
            state._check_structure()
            engine.run(state)
        except GloamError as exc:
            raise PositionError(f"the position does not play: {exc}") from None
        except (KeyError, ValueError, IndexError, TypeError, AttributeError) as exc:
            raise PositionError(f"the position does not play from phase {state.phase!r}: {exc!r}") from None
        if state.ask is None and not state.over:
            raise PositionError("the position does not play: no decision is pending")
        return state


def _a(kind: str) -> str:
    """A card type with its article: "a minion", "an action"."""
    return f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}"


def _wound_names(entries: Any) -> Any:
    """Wound entries in their short forms (``"bite"``, ``"ml:burn"``) as card names
    (``"NF Wound (bite)"``, ``"ML Wound (burn)"``); full names and other values pass."""
    if not isinstance(entries, list):
        return entries
    out = []
    for text in entries:
        if isinstance(text, str):
            kind, colon, wtype = text.strip().rpartition(":")
            if (colon or not kind) and wtype.lower() in WOUND_TYPES:
                text = f"{(kind or 'nf').upper()} Wound ({wtype.lower()})"
        out.append(text)
    return out


def _deck_copies(game: NightfallGame) -> dict[tuple[str, str | None], int] | None:
    """In the constructed format, the copies of each (card, wound type) the decks bring
    (constructed.setup_game deals exactly these: starting decks, archives, wound stacks);
    None in the other formats, whose cards come from the sets' boxes."""
    if game.decks is None:
        return None
    from gloam.nightfall import setup

    standard = [s.id for s in setup.starters(game) for _ in range(setup.STARTER_COPIES)]
    copies: dict[tuple[str, str | None], int] = defaultdict(int)
    for deck in game.decks:
        for card_id in list(deck.starting or standard) + [c for archive in deck.archives for c in archive]:
            copies[(card_id, None)] += 1
        for card_id, wtype in deck.wounds:
            copies[(card_id, wtype)] += 1
    return copies


def card_name(game: NightfallGame, card: Card) -> str:
    """What a position calls ``card``: its name, or its data id where the name is another
    set's card too (the first set's, :meth:`NightfallGame.card_named`): the NF Wound of
    the Nightfall set beside The Coldest War's is ``nf-nf-wound``."""
    return card.name if game.card_named(card.name).id == card.id else card.id


def _card_names(game: NightfallGame) -> dict[str, str]:
    """Every name a card can be called by (casefolded) -> its name, for hints."""
    names: dict[str, str] = {}
    for card in game._cards.values():
        for name in (card.name, card.printed_name, card.id):
            names.setdefault(name.casefold(), card.name)
    return names




# ---------------------------------------------------------------------- writing
#: the states :func:`to_position` refuses, each by the start of the reason it gives (a
#: position has no fields for them; docs/positions.md lists them). Any other refusal is a
#: fault of the writer: every other state at a decision writes and reads back the same.
REFUSALS = (
    "the game is over",
    "the deal is not over",                   # a draft (rules 17-30), the starting minions (rule 34)
    "effects until the end of the turn are in force",
    "per-turn facts are recorded",
    "cards everyone saw are in a hand or on a deck",
    "the game is ending",
    "a minion entered play this turn",
    "an attacker was made unblockable",
    "it is inside the",                       # an effect resolving, or a step part-way through
)

def to_position(state: NightfallState) -> dict[str, Any]:
    """The position data of ``state`` (what :func:`parse` reads back into the same
    position, cards named instead of numbered). Only a state waiting at a step a position
    can name is written; mid-effect states, effects until the end of the turn, per-turn
    facts and cards everyone saw go into a hand are not: :class:`PositionError` says
    which."""
    _writable(state)
    game = state.game
    n = game.num_players
    tags = _tags(state)

    def name(cid: int) -> str:
        card = state.card(cid)
        called = card_name(game, card)
        text = called if state.wtype[cid] is None else f"{called} ({state.wtype[cid]})"
        return f"{text}#{tags[cid]}" if cid in tags else text

    def entry(cid: int, owner: int) -> Any:
        """The card in a zone whose cards ``owner`` owns: its name, or ``{card, owner}``."""
        return name(cid) if state.owner[cid] == owner else {"card": name(cid), "owner": state.owner[cid]}

    players = []
    for p in range(n):
        spec: dict[str, Any] = {}
        for zone, piles in (("hand", state.hands), ("deck", state.decks), ("discard", state.discards)):
            if piles[p]:
                spec[zone] = [entry(c, p) for c in piles[p]]
        if state.play[p]:
            spec["minions"] = [_minion(state, m, name, entry) for m in state.play[p]]
        if state.wound_stacks:
            spec["wound_stack"] = [entry(c, -1) for c in state.wound_stacks[p]]
        players.append(spec)
    data: dict[str, Any] = {"game": "nightfall", "seed": state.rng.state, "active": state.active,
                            "turn": state.turn, "phase": state.phase}
    if state.first_player != game.start_seat:  # drawn at random (first_player = "random")
        data["first_player"] = state.first_player
    data.update(_step(state, name))
    if state.influence:
        data["influence"] = state.influence
    if state.moons:
        data["moons"] = [entry(c, -1) for c in state.moons]
    if state.exiled:
        data["exiled"] = [entry(c, -1) for c in state.exiled]
    data["setup"] = dict(game.setup_json())
    data["players"] = players
    if state.archives:
        data["archives"] = [_archive(state, a, entry) for a in state.archives]
    data["wound_stack"] = _stack(state, entry)
    if "chain" in data:
        data["chain"] = data.pop("chain")
    if "combat" in data:
        data["combat"] = data.pop("combat")
    try:
        again = parse({k: v for k, v in data.items() if k != "setup"}, game=game)
    except PositionError as exc:
        raise PositionError(f"this state cannot be written as a position: {exc}") from None
    if again.stack != state.stack or again.decision_kind() != state.decision_kind() \
            or again.current_player() != state.current_player() \
            or [len(h) for h in again.hands] != [len(h) for h in state.hands]:
        raise PositionError(f"this state cannot be written as a position: it is inside the {state.phase} phase's"
                            f" {state.decision_kind()} step, which a position cannot start from")
    return data


def to_toml(state: NightfallState) -> str:
    """:func:`to_position` as TOML text (docs/positions.md)."""
    from gloam.core.toml_writer import dumps

    return dumps(to_position(state), comments={
        "players": "one table per seat; decks and discard piles bottom first (the last card is the top)"})


def _writable(state: NightfallState) -> None:
    problems = []
    if state.over or state.ask is None:
        problems.append("the game is over")
    elif state.phase not in STEPS:  # the draft (rules 17-30) or the starting decks (rule 34)
        problems.append("the deal is not over (a position starts from a dealt game, after any draft"
                        " and choice of starting minions)")
    if state.effects:
        problems.append("effects until the end of the turn are in force")
    facts = sorted(k for k in state.flags if k not in ("attacks", "draft"))
    if facts:
        problems.append(f"per-turn facts are recorded ({', '.join(facts)})")
    if any(k["hand"] or k["top"] for k in state.known):
        problems.append("cards everyone saw are in a hand or on a deck")
    if state.eliminated or state.ending:
        problems.append("the game is ending")
    if any(info["turn"] == state.turn for info in state.minions.values()):
        problems.append("a minion entered play this turn")
    if any(a.get("unblockable") for a in state.flags.get("attacks", [])):
        problems.append("an attacker was made unblockable")
    if problems:
        raise PositionError(f"this state cannot be written as a position: {'; '.join(problems)}")


def _tags(state: NightfallState) -> dict[int, int]:
    """Tags for minions an attack names when their controller has two of that card in play."""
    tags: dict[int, int] = {}
    numbers: dict[str, int] = defaultdict(int)  # per card, over every play area: tags name one copy
    for pile in state.play:
        for m in pile:
            if sum(state.cards[o] == state.cards[m] for o in pile) > 1:
                numbers[state.cards[m]] += 1
                tags[m] = numbers[state.cards[m]]
    return tags


def _minion(state: NightfallState, cid: int, name, entry) -> Any:
    """A minion in play: its name, or a table with what else there is to say (damage,
    attached cards, the turn it entered play, an owner other than its controller)."""
    info = state.minions[cid]
    controller = info["controller"]
    spec: dict[str, Any] = {"card": name(cid)}
    if state.owner[cid] != controller:  # taken control of (Nian Jiang's kicker)
        spec["owner"] = state.owner[cid]
    if info["damage"]:
        spec["damage"] = info["damage"]
    if info["attached"]:
        spec["attached"] = [entry(a, controller) for a in info["attached"]]
    if info["turn"]:
        spec["entered"] = info["turn"]
    return spec if len(spec) > 1 else spec["card"]


def _archive(state: NightfallState, archive: dict[str, Any], entry) -> dict[str, Any]:
    card = state.game.card(archive["card"])
    owner = "common" if archive["owner"] < 0 else archive["owner"]
    spec: dict[str, Any] = {"card": card_name(state.game, card), "owner": owner}
    if archive.get("mixed") or any(state.cards[c] != archive["card"] or state.owner[c] != -1
                                   for c in archive["cards"]):
        spec["cards"] = [entry(c, -1) for c in archive["cards"]]
        if archive.get("mixed"):
            spec["mixed"] = True
    else:
        spec["size"] = len(archive["cards"])
    if archive.get("secret"):
        spec["secret"] = True
    return spec


def _stack(state: NightfallState, entry) -> dict[str, Any]:
    nf_wound = state.game.card_named("NF Wound").id
    plain = all(state.cards[c] == nf_wound and state.wtype[c] == WOUND_TYPES[k % 3] and state.owner[c] == -1
                for k, c in enumerate(state.wounds))
    spec: dict[str, Any] = {"count": len(state.wounds)} if plain else {"cards": [entry(c, -1) for c in state.wounds]}
    spec["face_up"] = state.face_up
    return spec


def _step(state: NightfallState, name) -> dict[str, Any]:
    """The step (and the chain or combat in progress) the stack is waiting at."""
    phase = state.phase
    frames = state.stack
    if phase == "chain":
        frame = frames[1] if len(frames) > 1 else {}
        out: dict[str, Any] = {"step": frame.get("step", "start")}
        if state.chain:
            links = [{"card": name(e["card"]), "player": e["player"], "kicker": e["kicker"]} for e in state.chain]
            out["chain"] = {"links": links}
            if frame.get("step") == "link":
                out["chain"]["next"] = state.clockwise_from(state.active)[frame["seat"]]
        return out
    if phase == "combat":
        frame = frames[1] if len(frames) > 1 else {"step": 1}
        step = {1: "before attackers", 2: "attackers", 3: "after attackers", 4: "blockers",
                5: "after blockers", 7: "after damage"}.get(frame.get("step"))
        if step is None:  # combat damage being dealt (blockers to order, rules 112-116)
            raise PositionError(f"this state cannot be written as a position: it is inside the combat phase's"
                                f" {state.decision_kind()} step, which a position cannot start from")
        out = {"step": step}
        attacks = state.flags.get("attacks", [])
        if attacks:
            out["combat"] = {"attacks": [{"attacker": name(a["minion"]), "target": a["target"],
                                          **({"blockers": [name(b) for b in a["blockers"]]} if a["blockers"] else {})}
                                         for a in attacks]}
        inner = frames[2] if len(frames) > 2 else {}
        if inner.get("op") == "window" and (inner["i"] or inner["passes"]):  # some players have answered
            out["window"] = {"turns": inner["i"], "passes": inner["passes"]}
        if inner.get("op") == "declare_blocks" and inner["d"]:  # the defenders before are done blocking
            targets = {a["target"] for a in attacks}
            defenders = [q for q in state.opponents(state.active) if q in targets]
            out["combat"]["blocking"] = defenders[inner["d"]]
        return out
    return {}


__all__ = ["REFUSALS", "PositionError", "load", "parse", "to_position", "to_toml"]
