"""Nightfall scenario tests as data: write a position with card names, drive it through
the same decisions a front end offers, read it back with card names.

>>> t = NfTable(players=2)
>>> s = t.position(hands={0: ["Kilo 13"]}, play={1: ["Emil Balev"]}, phase="chain")
>>> str(s.pending().kind)
'chain_start'
>>> t.choose(s, "play", "Kilo 13", by=0)
>>> t.choose(s, "done", by=0); t.choose(s, "done", by=1)   # no links
>>> t.choose(s, "card", "Emil Balev", by=0)                  # Kilo 13's 1 damage
>>> t.view(s)["damage"]["Emil Balev"]
1
"""

from __future__ import annotations

from typing import Any

from gloam.nightfall import position
from gloam.nightfall.actions import (
    ARCHIVE0,
    CARD0,
    DISCARD0,
    DONE,
    FEED,
    OPTION0,
    PASS,
    PLAY0,
    PLAYER0,
    attack_index,
    block_index,
)
from gloam.nightfall.game import NightfallGame
from gloam.nightfall.state import NightfallState

#: every (table, position) a test built, checked when the test ends (tests/conftest.py): a
#: scenario must not end with a card's own decision still pending (a choice it did not make)
#: unless it is marked ``@pytest.mark.leaves_decision``
BUILT: list[tuple[NfTable, NightfallState]] = []

#: the decisions a card's effect asks in the middle of resolving it; ending a scenario on one
#: means an effect never finished, so what the test read was half-way
EFFECT_KINDS = frozenset({
    "choose_discard", "choose_wounds", "may_discard", "optional", "order_blockers", "order_events",
    "target_archive", "target_card", "target_minion", "target_player",
})


def leftover(t: NfTable, s: NightfallState) -> str | None:
    """What is left undecided in ``s``: a card effect's pending decision, described, or None."""
    if str(s.decision_kind()) not in EFFECT_KINDS:
        return None
    return (f"player {s.current_player()}'s {s.decision_kind()} decision ({s.prompt()});"
            f" options: {t.describe(s)}")

class NfTable:
    """Builds positions of a Coldest War game: every card named is a fresh instance."""

    def __init__(self, players: int = 2, moons: bool = False, **setup: Any) -> None:
        self.game = NightfallGame(players=players, moons=moons, **setup)

    def position(self, *, hands=None, decks=None, discards=None, play=None, archives=None,
                 wounds: int = 20, face_up: int | None = None, active: int = 0,
                 phase: str = "chain", influence: int = 0, moon: str | None = None,
                 damage: dict[str, int] | None = None, attached: dict[str, list[str]] | None = None,
                 wound_cards: dict[int, list[str]] | None = None) -> NightfallState:
        """A position at the start of ``phase`` of ``active``'s turn. Lists name cards
        (data names or ids); decks and discards are bottom first; ``archives`` maps a
        card name to (owner, size); ``wound_cards`` gives players wounds in hand as
        "bite"/"burn"/"bleed" of the NF (card-draw) kind unless prefixed "ml:" / "cw:"."""
        return self.load(self.mapping(
            hands=hands, decks=decks, discards=discards, play=play, archives=archives, wounds=wounds,
            face_up=face_up, active=active, phase=phase, influence=influence, moon=moon, damage=damage,
            attached=attached, wound_cards=wound_cards))

    def load(self, data: dict[str, Any]) -> NightfallState:
        """The position ``data`` describes (docs/positions.md) in this table's game; every
        card but those of the wound stack and the moons gets its name in ``names``."""
        s = position.parse(data, game=self.game)
        self.names = {cid: _name(s, cid) for cid in s.all_cards() if cid not in s.wounds and cid not in s.moons}
        BUILT.append((self, s))
        return s

    def mapping(self, *, hands=None, decks=None, discards=None, play=None, archives=None,
                wounds: int = 20, face_up: int | None = None, active: int = 0, phase: str = "chain",
                influence: int = 0, moon: str | None = None, damage=None, attached=None,
                wound_cards=None) -> dict[str, Any]:
        """The position format's data (docs/positions.md) for :meth:`position`'s arguments."""
        players: list[dict[str, Any]] = [{} for _ in range(self.game.num_players)]
        for zone, spec in (("hand", hands), ("deck", decks), ("discard", discards)):
            for p, cards in (spec or {}).items():
                players[p][zone] = list(cards)
        for p, cards in (wound_cards or {}).items():
            players[p]["wounds"] = {"hand": list(cards)}
        for p, cards in (play or {}).items():
            players[p]["minions"] = [{"card": x, "damage": (damage or {}).get(x, 0),
                                      "attached": list((attached or {}).get(x, []))} for x in cards]
        data: dict[str, Any] = {  # scenarios pad decks freely: no limit of copies in the box
            "copy_limit": False, "active": active, "phase": phase, "influence": influence, "players": players,
            "archives": [{"card": name, "owner": owner, "size": size}
                         for name, (owner, size) in (archives or {}).items()],
            "wound_stack": {"count": wounds, "face_up": wounds if face_up is None else face_up},
        }
        if moon:
            data["moon"] = moon
        return data

    # ------------------------------------------------------------------ driving
    def id(self, state: NightfallState, name: str, zone: str | None = None) -> int:
        """The instance id of a card by name (the first found, optionally in a zone)."""
        for cid, n in self.names.items():
            if n.strip('"') == name.strip('"') and (zone is None or cid in _zone(state, zone)):
                return cid
        raise KeyError(f"no card {name!r}" + (f" in {zone}" if zone else ""))

    def choose(self, state: NightfallState, what: str, name: str | int | None = None, *, by: int,
               target: int | None = None) -> None:
        """Apply a decision like the UI would: ``play`` / ``card`` / ``discard`` a card
        by name, ``player`` / ``archive`` / ``option`` by number, ``attack`` (card name,
        target=player), ``block`` (blocker name, target=attack number), ``pass``,
        ``done``, ``feed``. Fails with the legal options if it is not legal."""
        index = self._index(state, what, name, by, target)
        legal = state.legal_action_indices()
        assert state.current_player() == by, \
            f"it is player {state.current_player()}'s {state.decision_kind()} decision, not {by}'s"
        assert index in legal, (f"{what} {name!r} is not legal in the {state.decision_kind()} decision;"
                                f" legal: {self.describe(state)}")
        state.apply(index, by)

    def _index(self, state, what, name, by, target) -> int:
        if what == "pass":
            return PASS
        if what == "done":
            return DONE
        if what == "feed":
            return FEED
        if what == "player":
            return PLAYER0 + int(name)
        if what == "archive":
            return ARCHIVE0 + self.archive(state, name)
        if what == "option":
            return OPTION0 + int(name)
        if what == "attack":
            slot = state.play[by].index(self.id(state, name, "play"))
            return attack_index(slot, target)
        if what == "block":
            slot = state.play[by].index(self.id(state, name, "play"))
            return block_index(slot, target)
        base = {"play": PLAY0, "card": CARD0, "discard": DISCARD0}[what]
        cid = name if isinstance(name, int) else self._legal_card(state, name, base)
        return base + cid

    def _legal_card(self, state, name, base) -> int:
        legal = set(state.legal_action_indices())
        for cid, n in self.names.items():
            if n.strip('"') == str(name).strip('"') and base + cid in legal:
                return cid
        return self.id(state, name)

    def archive(self, state, name) -> int:
        if isinstance(name, int):
            return name
        card = self.game.card_named(name)
        return next(k for k, a in enumerate(state.archives) if a["card"] == card.id)

    def describe(self, state) -> list[str]:
        return [repr(state.action_space[i]) + self._label(i) for i in state.legal_action_indices()]

    def _label(self, index: int) -> str:
        for base in (PLAY0, CARD0, DISCARD0):
            if base <= index < base + 512 and index - base in self.names:
                return f" ({self.names[index - base]})"
        return ""

    # ------------------------------------------------------------------ reading
    def view(self, state: NightfallState) -> dict[str, Any]:
        """The position with card names: hands, decks, discards, play, damage, chain,
        wounds per player, influence, and the pending decision."""
        nm = self.names.get

        def names(ids):
            return [nm(c, state.cards[c]) for c in ids]

        return {
            "hands": [names(h) for h in state.hands],
            "decks": [names(d) for d in state.decks],
            "discards": [names(d) for d in state.discards],
            "play": [names(p) for p in state.play],
            "damage": {nm(m, m): info["damage"] for m, info in state.minions.items()},
            "attached": {nm(m, m): names(info["attached"]) for m, info in state.minions.items()},
            "chain": [(nm(e["card"]), e["player"], e["kicker"]) for e in state.chain],
            "wounds": [state.wound_count(p)[0] for p in range(state.game.num_players)],
            "exiled": names(state.exiled),
            "influence": state.influence,
            "phase": state.phase,
            "pending": None if state.ask is None else (state.ask.player, state.ask.kind),
        }


def _name(state: NightfallState, cid: int) -> str:
    """The harness's name of a card instance: its name; a wound's with its type."""
    card = state.card(cid)
    return card.name if state.wtype[cid] is None else f"{card.name} ({state.wtype[cid]})"


def _zone(state: NightfallState, zone: str) -> list[int]:
    if zone == "play":
        return [c for p in state.play for c in p]
    if zone == "hand":
        return [c for h in state.hands for c in h]
    if zone == "discard":
        return [c for d in state.discards for c in d]
    raise KeyError(zone)


# ---------------------------------------------------------------------- test helpers
def names(t: NfTable, ids) -> list[str]:
    """Card names of instance ids (ids the table did not name stay ids)."""
    return [t.names.get(c, c) for c in ids]


def options(t: NfTable, s) -> list[str]:
    """The names of the cards the pending decision offers (Card/Play/Discard options)."""
    return sorted(d.split(") (", 1)[1][:-1] for d in t.describe(s) if ") (" in d)


def events(s, kind: str, viewer: int | None = None) -> list[dict]:
    """The events of one type, as ``viewer`` sees them (``None``: the full stream)."""
    return [e for e in s.events_for(viewer) if e["type"] == kind]


def archives_offered(t: NfTable, s) -> list[str]:
    """The names of the archives the pending decision offers."""
    return sorted(t.game.card(s.archives[i - ARCHIVE0]["card"]).name for i in s.legal_action_indices()
                  if ARCHIVE0 <= i < ARCHIVE0 + 24)


def advance(t: NfTable, s, kind: str) -> None:
    """Pass (or stop) every decision until one of ``kind`` is pending; fails on a
    decision that cannot be passed."""
    for _ in range(300):
        if s.decision_kind() == kind:
            return
        legal = s.legal_action_indices()
        assert legal, f"the game ended before a {kind!r} decision"
        choice = PASS if PASS in legal else DONE if DONE in legal else None
        assert choice is not None, f"cannot pass a {s.decision_kind()} decision: {t.describe(s)}"
        s.apply(choice, s.current_player())
    raise AssertionError(f"no {kind!r} decision")


def pass_windows(t: NfTable, s) -> None:
    """Everyone passes every combat window until another kind of decision comes."""
    while s.decision_kind() == "combat_window":
        t.choose(s, "pass", by=s.current_player())


def pass_window(t: NfTable, s) -> None:
    """Everyone passes the one combat window now open."""
    prompt = s.prompt()
    while s.decision_kind() == "combat_window" and s.prompt() == prompt:
        t.choose(s, "pass", by=s.current_player())


def start_chain(t: NfTable, s, plays: list[tuple[int, str]]) -> None:
    """Build a chain: ``plays`` are (player, card) in order; each player stops linking
    when the next card is another player's, and the rest stop at the end."""
    for player, card in plays:
        while s.current_player() != player:
            t.choose(s, "done", by=s.current_player())
        t.choose(s, "play", card, by=player)
    while s.decision_kind() == "link":
        t.choose(s, "done", by=s.current_player())


def add_wounds(t: NfTable, s, player: int, zone: str, types: list[str], kind: str = "nf",
               at: int | None = None) -> list[int]:
    """Put wound cards of the given types (bite/burn/bleed) and kind ("nf", "ml", "cw")
    into a player's deck, hand or discard pile: on top, or at index ``at`` (0 = bottom).
    The harness's ``wound_cards`` only deals wounds into hands."""
    ids = []
    pile = getattr(s, zone)[player]
    card_id = t.game.card_named(f"{kind} Wound").id
    for wtype in types:
        cid = s.new_instance(card_id, wound_type=wtype, owner=player)
        t.names[cid] = f"{kind.upper()} Wound ({wtype})"
        if at is None:
            pile.append(cid)
        else:
            pile.insert(at + len(ids), cid)
        ids.append(cid)
    s.check_cards()
    return ids


def settle(s, until: str = "claim", limit: int = 300) -> None:
    """Answer every decision with the first legal option (Pass / Done when offered) until a
    ``until`` decision comes (the rest of a chain nobody cares about)."""
    for _ in range(limit):
        if s.decision_kind() in (until, "over"):
            return
        legal = s.legal_action_indices()
        s.apply(PASS if PASS in legal else DONE if DONE in legal else legal[0], s.current_player())
    raise AssertionError(f"no {until!r} decision")
