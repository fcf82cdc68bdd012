"""Nightmarium positions as data: what FEN is to chess (docs/positions.md).

A position names its cards by their codes and says where each lies: hands, Creatures
(each bottom first: legs, body, head), the deck and the discard pile (bottom first), the
cards Songbird revealed, whose turn it is and the pending decision. Every card of the
composition not named goes under the deck (``rest = "deck"``), under the discard pile
(``"discard"``) or into a seat's hand (``rest = 1``), in composition order.
:func:`parse` turns it (TOML text or the same data as a mapping) into a full, playable
:class:`~gloam.nightmarium.state.NightmariumState`, or raises
:class:`~gloam.core.errors.PositionError` listing every fault found, each naming its zone
and entry. Nothing is returned half-built; the module does no I/O.

>>> s = parse('''
... [[players]]
... hand = ["MAN-15"]
... creatures = [["NEC-01", "NEC-10"]]
... ''')
>>> str(s.decision_kind()), s.hands[0], s.creatures[0], len(s.deck)
('turn', [95], [[0, 9]], 105)
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from gloam.core.errors import GloamError, PositionError
from gloam.core.positions import PositionReader, load_data
from gloam.nightmarium.cards import ABILITIES, LEGIONS
from gloam.nightmarium.state import MODE_NAMES

if TYPE_CHECKING:
    from gloam.nightmarium.game import NightmariumGame
    from gloam.nightmarium.state import NightmariumState

TOP_KEYS = ("game", "seed", "setup", "active", "turn", "actions_left", "first_legion", "rest",
            "deck", "discard", "revealed", "players", "pending")
PLAYER_KEYS = ("hand", "creatures", "known")
PENDING_KEYS = ("decision", "resolving", "abilities", "penalties", "need", "any", "discarded")
DECISIONS = tuple(m for m in MODE_NAMES if m != "over")


def load(source: str | Mapping[str, Any]) -> dict[str, Any]:
    """The position's data: TOML text parsed, or a mapping copied as it is."""
    return load_data(source)


def parse(source: str | Mapping[str, Any], game: NightmariumGame | None = None) -> NightmariumState:
    """A playable state from a position (TOML text or its data). ``game``: play it in
    this game (the position's ``setup`` must then be absent); otherwise the game is made
    from ``setup``. Raises :class:`PositionError` with every fault found."""
    return _Builder(load(source), game).build()


class _Builder(PositionReader):
    """Reads one position, collecting every fault before anything is returned."""

    player_keys = PLAYER_KEYS

    def __init__(self, data: dict[str, Any], game: NightmariumGame | None) -> None:
        super().__init__(data, game)
        self.placed: dict[int, str] = {}  # card id -> where it was first placed

    @property
    def game_class(self) -> type:
        from gloam.nightmarium.game import NightmariumGame

        return NightmariumGame

    def build(self) -> NightmariumState:
        from gloam.nightmarium.state import NightmariumState

        data = self.data
        for key in data:
            if key not in TOP_KEYS:
                self.fail(str(key), f"unknown field (a position has {', '.join(TOP_KEYS)})")
        if data.get("game", "nightmarium") != "nightmarium":
            raise PositionError(f"game: this is a {data['game']!r} position, not a Nightmarium one")
        game = self.game = self.read_game()
        self.codes = {c.code: c.id for c in game.composition.cards}
        n = game.num_players
        players = self.read_players(n)
        hands = [self._cards(f"players[{p}].hand", spec.get("hand", [])) for p, spec in enumerate(players)]
        deck = self._cards("deck", data.get("deck", []))
        discard = self._cards("discard", data.get("discard", []))
        revealed = self._cards("revealed", data.get("revealed", []))
        creatures = [self._creatures(p, spec.get("creatures", [])) for p, spec in enumerate(players)]
        known = [self._known(p, spec.get("known", []), hands[p]) for p, spec in enumerate(players)]
        rest = [c.id for c in game.composition.cards if c.id not in self.placed]
        self._rest(data.get("rest", "deck"), rest, deck, discard, hands, n)
        fields = self._turn(n)
        fields.update(self._pending(n))
        if self.errors:
            raise PositionError(self.errors)
        state = NightmariumState(game)
        try:
            state.load_fields({"hands": hands, "deck": deck, "discard": discard, "creatures": creatures,
                               "revealed": revealed, "known": known, **fields})
        except GloamError as exc:
            raise PositionError(f"the position does not play: {exc}") from None
        return state

    def card(self, where: str, code: Any) -> int | None:
        """The id of the card ``code`` names; None (and a fault) for an unknown one."""
        if not isinstance(code, str) or code not in self.codes:
            close = self._closest(str(code))
            hint = f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""
            self.fail(where, f"unknown card {code!r} in the {self.game.composition.name} composition{hint}")
            return None
        return self.codes[code]

    def _closest(self, code: str) -> list[str]:
        """Up to three codes like ``code``: the same code in capitals or zero-padded
        (``nec-1`` -> ``NEC-01``) first, then the closest spellings."""
        first = []
        typed = re.match(r"^([A-Za-z]+)-?0*(\d+)$", code.strip())
        if typed:
            legion, number = typed[1].upper(), int(typed[2])
            first = [c for c in (f"{legion}-{number:02d}", f"{legion}-{number:03d}") if c in self.codes]
        close = difflib.get_close_matches(code, list(self.codes), n=3, cutoff=0.6)
        return list(dict.fromkeys(first + close))[:3]

    def place(self, where: str, code: Any) -> int | None:
        """The card for an entry, placed here; None (and a fault) if unknown or already placed."""
        cid = self.card(where, code)
        if cid is None:
            return None
        if cid in self.placed:
            self.fail(where, f"{code!r} is also in {self.placed[cid]}: a card cannot be in two places")
            return None
        self.placed[cid] = where
        return cid

    def _cards(self, where: str, codes: Any) -> list[int]:
        if not isinstance(codes, list):
            self.fail(where, f"must be a list of card codes, not {codes!r}")
            return []
        out = [self.place(f"{where}[{k}]", code) for k, code in enumerate(codes)]
        return [c for c in out if c is not None]

    def _creatures(self, p: int, creatures: Any) -> list[list[int]]:
        where = f"players[{p}].creatures"
        if not isinstance(creatures, list):
            self.fail(where, f"must be a list of Creatures (each a list of card codes), not {creatures!r}")
            return []
        out = []
        for k, creature in enumerate(creatures):
            cards = self._cards(f"{where}[{k}]", creature)
            if isinstance(creature, list) and not 1 <= len(creature) <= 3:
                self.fail(f"{where}[{k}]", f"a Creature has 1 to 3 cards (legs, body, head), not {len(creature)}")
            for height, cid in enumerate(cards[:3]):
                part, card = ("legs", "body", "head")[height], self.game.card(cid)
                if not card.fits(part):
                    self.fail(f"{where}[{k}][{height}]", f"{card.code} cannot be the {part} of a Creature"
                                                         f" (it is {'/'.join(card.part_names)}; rule 197)")
            if cards:
                out.append(cards)
        if len(out) > self.game.creatures:
            self.fail(where, f"{len(out)} Creatures; at most {self.game.creatures} in this game (rule 198)")
        return out

    def _known(self, p: int, codes: Any, hand: list[int]) -> list[int]:
        """Hand cards every player has seen (a Mourner's draw is private; a Mockingbird's is not)."""
        where = f"players[{p}].known"
        if not isinstance(codes, list):
            self.fail(where, f"must be a list of card codes, not {codes!r}")
            return []
        out = []
        for k, code in enumerate(codes):
            cid = self.card(f"{where}[{k}]", code)
            if cid is not None and cid not in hand:
                self.fail(f"{where}[{k}]", f"{code!r} is not in player {p}'s hand")
            elif cid is not None:
                out.append(cid)
        return out

    def _rest(self, rest: Any, cards: list[int], deck: list[int], discard: list[int],
              hands: list[list[int]], n: int) -> None:
        if rest == "deck":
            deck[:0] = cards
        elif rest == "discard":
            discard[:0] = cards
        elif isinstance(rest, int) and not isinstance(rest, bool) and 0 <= rest < n:
            hands[rest] += cards
        else:
            self.fail("rest", f"the cards not named go to \"deck\", \"discard\" or a seat's hand (0 to {n - 1}),"
                              f" not {rest!r}")

    # ------------------------------------------------------------------ turn and decision
    def _turn(self, n: int) -> dict[str, Any]:
        data = self.data
        legion = data.get("first_legion")
        if legion is not None and legion not in LEGIONS:
            close = difflib.get_close_matches(str(legion), LEGIONS, n=2)
            hint = f" (did you mean {', '.join(map(repr, close))}?)" if close else ""
            self.fail("first_legion", f"unknown Legion {legion!r}{hint}")
            legion = None
        actions = self._int("actions_left", data.get("actions_left", 2), 1, 2, "a turn has 2 actions (rule 193),"
                                                                                 " so 1 or 2 are left, not {}")
        seed = data.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int):
            self.fail("seed", f"must be an integer, not {seed!r}")
            seed = 0
        from gloam.core.rng import Rng

        return {
            "active": self._int("active", data.get("active", self.game.first_player), 0, n - 1,
                                f"no seat {{}} in a {n}-player game (seats 0 to {n - 1})"),
            "turn": self._int("turn", data.get("turn", 1), 1, None, "turns are numbered from 1, not {}"),
            "actions_left": actions,
            "first_legion": -1 if legion is None else LEGIONS.index(legion),
            "winner": -1,
            "rng": Rng(seed).to_json(),
        }

    def _int(self, where: str, value: Any, low: int, high: int | None, out_of_range: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(where, f"must be an integer, not {value!r}")
            return low
        if value < low or (high is not None and value > high):
            self.fail(where, out_of_range.format(value))
            return low
        return value

    def _pending(self, n: int) -> dict[str, Any]:
        """``[pending]``: the decision (default ``turn``) and the work still owed: the
        Creature whose abilities resolve, the abilities after this decision, the penalties."""
        spec = self.data.get("pending", {})
        if not isinstance(spec, Mapping):
            self.fail("pending", f"must be a table {{decision, ...}}, not {spec!r}")
            spec = {}
        for key in spec:
            if key not in PENDING_KEYS:
                self.fail(f"pending.{key}", f"unknown field (pending has {', '.join(PENDING_KEYS)})")
        decision = spec.get("decision", "turn")
        if decision not in DECISIONS:
            self.fail("pending.decision", f"{decision!r} is not a decision ({', '.join(DECISIONS)})")
            decision = "turn"
        resolving = -1
        if "resolving" in spec:
            cid = self.card("pending.resolving", spec["resolving"])
            legs = {cr[0] for p in self.data_creatures() for cr in p}
            if cid is not None and cid not in legs:
                self.fail("pending.resolving", f"{spec['resolving']!r} is not the legs of a Creature in play")
            resolving = -1 if cid is None else cid
        elif decision in ("songbird", "mockingbird", "executioner", "scavenger", "devourer"):
            self.fail("pending.resolving", f"a {decision} decision resolves a Creature's ability: name the"
                                           " Creature (its legs card)")
        abilities = []
        for k, name in enumerate(self._list("pending.abilities", spec.get("abilities", []))):
            if name not in ABILITIES:
                self.fail(f"pending.abilities[{k}]", f"unknown ability {name!r} ({', '.join(ABILITIES)})")
            else:
                abilities.append(ABILITIES.index(name))
        penalties = []
        for k, entry in enumerate(self._list("pending.penalties", spec.get("penalties", []))):
            here = f"pending.penalties[{k}]"
            if not isinstance(entry, Mapping) or entry.get("legion") not in LEGIONS:
                self.fail(here, f"a penalty is {{player = seat, legion = one of {', '.join(LEGIONS)}}}, not {entry!r}")
                continue
            player = self._int(f"{here}.player", entry.get("player"), 0, n - 1, f"no seat {{}} in a {n}-player game")
            penalties.append([player, LEGIONS.index(entry["legion"])])
        if decision == "penalty" and not penalties:
            self.fail("pending.penalties", "a penalty decision needs who owes the penalty")
        pen_any = spec.get("any", False)
        if not isinstance(pen_any, bool):
            self.fail("pending.any", f"must be true or false, not {pen_any!r}")
            pen_any = False
        return {
            "mode": decision, "resolving": resolving, "abilities": abilities, "penalties": penalties,
            "pen_need": self._int("pending.need", spec.get("need", 1 if penalties else 0), 0, 2,
                                  "a penalty owes 0 to 2 cards, not {}"),
            "pen_any": pen_any,
            "discarded": self._int("pending.discarded", spec.get("discarded", 0), 0, None,
                                   "cannot be negative ({})"),
        }

    def _list(self, where: str, value: Any) -> list:
        if not isinstance(value, list):
            self.fail(where, f"must be a list, not {value!r}")
            return []
        return value

    def data_creatures(self) -> list[list[list[int]]]:
        """The Creatures as ids (for references), from what was placed."""
        out: list[list[list[int]]] = []
        for spec in self.data.get("players", []) if isinstance(self.data.get("players"), list) else []:
            mine = []
            for creature in spec.get("creatures", []) if isinstance(spec, Mapping) else []:
                ids = [self.codes.get(c) for c in creature] if isinstance(creature, list) else []
                if ids and None not in ids:
                    mine.append(cast(list[int], ids))
            out.append(mine)
        return out





# ---------------------------------------------------------------------- writing
def to_position(state: NightmariumState) -> dict[str, Any]:
    """The position data of ``state``: :func:`parse` reads it back into the same state
    (its event log aside). Every card is named, so ``rest`` is never needed."""
    if state.is_terminal():
        raise PositionError("this state cannot be written as a position: the game is over")
    game = state.game

    def codes(ids: list[int]) -> list[str]:
        return [game.card(c).code for c in ids]

    players = []
    for p in range(game.num_players):
        spec: dict[str, Any] = {"hand": codes(state.hands[p])}
        if state.creatures[p]:
            spec["creatures"] = [codes(c) for c in state.creatures[p]]
        if state.known[p]:
            spec["known"] = codes(state.known[p])
        players.append(spec)
    data: dict[str, Any] = {"game": "nightmarium", "seed": state.rng.state, "active": state.active,
                            "turn": state.turn, "actions_left": state.actions_left}
    if state.first_legion >= 0:
        data["first_legion"] = LEGIONS[state.first_legion]
    data.update({"deck": codes(state.deck), "discard": codes(state.discard)})
    if state.revealed:
        data["revealed"] = codes(state.revealed)
    data["setup"] = dict(game.setup_json())
    data["players"] = players
    pending: dict[str, Any] = {"decision": state.decision_kind()}
    if state.resolving >= 0:
        pending["resolving"] = game.card(state.resolving).code
    if state.abilities:
        pending["abilities"] = [ABILITIES[a] for a in state.abilities]
    if state.penalties:
        pending["penalties"] = [{"player": p, "legion": LEGIONS[legion]} for p, legion in state.penalties]
    if state.penalties or state.pen_need:
        pending["need"] = state.pen_need
    if state.pen_any:
        pending["any"] = True
    if state.discarded:
        pending["discarded"] = state.discarded
    data["pending"] = pending
    return data


def to_toml(state: NightmariumState) -> str:
    """:func:`to_position` as TOML text (docs/positions.md)."""
    from gloam.core.toml_writer import dumps

    return dumps(to_position(state), comments={
        "players": "one table per seat; Creatures bottom first (legs, body, head)"})
__all__ = ["PositionError", "load", "parse", "to_position", "to_toml"]
