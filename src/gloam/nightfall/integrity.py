"""Checking a loaded Nightfall state (``NightfallState.from_json``) before anything runs on
it: a state whose fields were edited must be refused with :class:`RecordError` here, or
be a position the engine can play to the end — never one that fails later with an
untyped error deep in a handler (issue 13).

What is checked, beyond the zones, the card conservation and the pending decision that
``state.py`` checks itself:

* the instance tables: one wound type (a wound's, and only a wound's) and one owner (a
  seat, or -1) per instance;
* every record: minions (controller, damage, attached cards), archives (card, owner,
  marks), chain entries, continuous effects, the known cards, the events' audience;
* the per-turn ``flags`` gloam writes (attacks, destroyed counts, the order resolving, …,
  and a draft in progress);
* every pending frame and the effect specs it carries (``then``, ``cost``, ``frames``):
  each field by what it names — an instance id, a seat, an archive, an index, an amount,
  a target selector, a flag — so that no handler meets a value of the wrong kind;
* the stack's shape: a ``turn`` at the bottom, each phase frame on its parent
  (:data:`PARENTS`) with its fields, then effect frames, each with its context and the
  fields its source card's texts give a frame of its op.

Amounts and indices are bounded (:data:`LIMIT`): no card says more than a few, and a huge
one would only make a handler loop for ever.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Any

from gloam.core.errors import RecordError
from gloam.core.events import check_events
from gloam.nightfall import engine

#: the largest amount, count or index a saved state may hold (cards say 1 to 5)
LIMIT = 1_000
WOUND_TYPES = ("bite", "burn", "bleed")
PHASES = ("setup", "draft", "combat", "chain", "claim", "cleanup", "over")
CHAIN_STEPS = ("start", "link", "resolve")
MINION_SIDES = ("any", "friendly", "opposing", "not_controller")
PLAYER_SIDES = ("any", "opponent", "self")
#: the frames of the turn and its phases (phases.py, setup.py): the frame each sits on
#: (the stack is these, from a ``turn`` at the bottom, then effect frames above them)
PARENTS = {
    "combat": ("turn",), "chain": ("turn",), "claim": ("turn",), "cleanup": ("turn",), "deal_hands": ("turn",),
    "window": ("combat",), "declare_attacks": ("combat",), "declare_blocks": ("combat",),
    "combat_damage": ("combat",), "resolve_card": ("chain",), "starters": ("deal_hands",),
    "draft": ("deal_hands", "starters"),
    "end_of_turn": ("turn",),  # "at the end of each turn" in-play text, where the engine has that step
}
#: the fields each of them needs
STRUCTURE_FIELDS = {
    "turn": ("step",), "combat": ("step",), "cleanup": ("step",), "chain": ("step",),
    "window": ("which", "i", "passes"), "declare_blocks": ("d",), "combat_damage": ("i",),
    "resolve_card": ("card", "player", "kicker", "step"),
}
#: frames the engine makes itself (not from a card's text), and the fields they need
ENGINE_FRAMES = {"eliminate": ("player",), "damage_player": ("player", "amount", "source", "from_chain"),
                 "offer_feed": ("source", "controller", "cost", "text")}
#: what every effect frame pushed from a card's text carries (verbs.push)
CONTEXT = ("source", "controller")


class _Checker:
    """The checks, with the state they read; :meth:`fail` raises at the first fault."""

    def __init__(self, state: Any) -> None:
        self.state = state
        self.players = state.game.num_players
        self.instances = len(state.cards)
        self.roles = {"MINION": self._minion_roles(), "ARCHIVE": self._archive_roles(),
                      "CHAIN_ENTRY": self._chain_entry_roles(), "EFFECT": self._effect_roles(),
                      "FLAGS": self._flags_roles(), "FRAME": self._frame_roles()}

    @staticmethod
    def fail(where: str, what: str) -> None:
        raise RecordError(f"{where}: {what}")

    # ------------------------------------------------------------------ kinds of value
    def int_in(self, where: str, value: Any, low: int, high: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.fail(where, f"must be an integer from {low} to {high}, not {value!r}")

    def card(self, where: str, value: Any) -> None:
        self.int_in(where, value, 0, self.instances - 1)

    def cards(self, where: str, value: Any) -> None:
        if not isinstance(value, list):
            self.fail(where, f"must be a list of cards, not {value!r}")
        for k, cid in enumerate(value):
            self.card(f"{where}[{k}]", cid)

    def seat(self, where: str, value: Any) -> None:
        self.int_in(where, value, 0, self.players - 1)

    def seats(self, where: str, value: Any) -> None:
        if not isinstance(value, list):
            self.fail(where, f"must be a list of seats, not {value!r}")
        for k, p in enumerate(value):
            self.seat(f"{where}[{k}]", p)

    def index(self, where: str, value: Any) -> None:
        self.int_in(where, value, 0, LIMIT)

    def amount(self, where: str, value: Any) -> None:
        if value is not None:
            self.int_in(where, value, -LIMIT, LIMIT)

    def flag(self, where: str, value: Any) -> None:
        if not isinstance(value, bool):
            self.fail(where, f"must be true or false, not {value!r}")

    def text(self, where: str, value: Any) -> None:
        if not isinstance(value, str):
            self.fail(where, f"must be a string, not {value!r}")

    def text_or_none(self, where: str, value: Any) -> None:
        if value is not None:
            self.text(where, value)

    def archive(self, where: str, value: Any) -> None:
        self.int_in(where, value, 0, len(self.state.archives) - 1)

    def table(self, where: str, value: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.fail(where, f"must be an object, not {value!r}")
        return value

    def fields(self, where: str, record: Any, roles: dict[str, Callable[[str, Any], None]],
               required: tuple[str, ...] = ()) -> None:
        """Check ``record``'s fields by their roles; every key in ``required`` present."""
        record = self.table(where, record)
        for key in required:
            if key not in record:
                self.fail(where, f"has no {key!r}")
        for key, value in record.items():
            role = roles.get(key)
            if role is not None:
                role(f"{where}.{key}", value)

    # ------------------------------------------------------------------ the state
    def run(self) -> None:
        self.instance_tables()
        self.scalars()
        for key in ("decks", "hands", "discards", "play"):
            for p, pile in enumerate(getattr(self.state, key)):
                self.cards(f"{key}[{p}]", pile)
        for key in ("wounds", "moons"):
            self.cards(key, getattr(self.state, key))
        for cid, info in self.state.minions.items():
            self.fields(f"minions[{cid}]", info, self.roles['MINION'], ("controller", "damage", "attached", "turn"))
        for k, archive in enumerate(self.state.archives):
            self.fields(f"archives[{k}]", archive, self.roles['ARCHIVE'], ("card", "owner", "cards"))
        for k, entry in enumerate(self.state.chain):
            self.fields(f"chain[{k}]", entry, self.roles['CHAIN_ENTRY'], ("card", "player", "kicker"))
        for k, effect in enumerate(self.state.effects):
            self.fields(f"effects[{k}]", effect, self.roles['EFFECT'], ("kind",))
        for p, known in enumerate(self.state.known):
            self.fields(f"known[{p}]", known, {"hand": self.cards, "top": self.cards}, ("hand", "top"))
        self.events()
        self.fields("flags", self.state.flags, self.roles['FLAGS'])
        for k, frame in enumerate(self.state.stack):
            self.frame(f"stack[{k}]", frame)
        self.stack_shape()
        self.cards("exiled", self.state.exiled)

    def instance_tables(self) -> None:
        s = self.state
        if not (len(s.wtype) == len(s.owner) == self.instances):
            self.fail("cards", f"{self.instances} instances but {len(s.wtype)} wound types and {len(s.owner)} owners")
        for cid, (wtype, owner) in enumerate(zip(s.wtype, s.owner)):
            if (wtype is not None) != (s.card(cid).type == "wound") or (wtype is not None and wtype not in WOUND_TYPES):
                self.fail(f"wtype[{cid}]", f"{wtype!r} is not the wound type of {s.cards[cid]!r}")
            self.int_in(f"owner[{cid}]", owner, -1, self.players - 1)

    def scalars(self) -> None:
        s = self.state
        if s.phase not in PHASES:
            self.fail("phase", f"must be one of {', '.join(PHASES)}, not {s.phase!r}")
        self.int_in("face_up", s.face_up, 0, len(s.wounds))
        self.int_in("influence", s.influence, 0, LIMIT)
        self.int_in("turn", s.turn, 1, 1 << 62)
        if not isinstance(s.ending, bool) or not isinstance(s.over, bool):
            self.fail("ending", "ending and over must be true or false")
        self.seats("eliminated", s.eliminated)
        for p, stack in enumerate(s.wound_stacks):
            self.cards(f"wound_stacks[{p}]", stack)

    def events(self) -> None:
        check_events(self.state.events, self.players)

    # ------------------------------------------------------------------ the records
    def _minion_roles(self) -> dict[str, Callable[[str, Any], None]]:
        return {"controller": self.seat, "damage": self.index, "attached": self.cards,
                "turn": lambda w, v: self.int_in(w, v, 0, 1 << 62)}

    def _archive_roles(self) -> dict[str, Callable[[str, Any], None]]:
        return {"owner": lambda w, v: self.int_in(w, v, -1, self.players - 1), "cards": self.cards,
                "card": self.text, "secret": self.flag, "mixed": self.flag}

    def _chain_entry_roles(self) -> dict[str, Callable[[str, Any], None]]:
        return {"card": self.card, "player": self.seat, "kicker": self.flag, "chooser": self._seat_or_none,
                "no_chain": self.flag, "twice": self.flag}

    def _effect_roles(self) -> dict[str, Callable[[str, Any], None]]:
        return {"kind": self.text, "amount": self.amount, "target": self.card, "player": self.seat,
                "archive": self.archive, "count": self.index, "max_cost": self.index, "until": self.text}

    def _flags_roles(self) -> dict[str, Callable[[str, Any], None]]:
        counts = self._per_seat_counts
        return {"attacks": self._attacks, "bonus_influence": self.amount, "chain_wound_used": self.flag,
                "wound_effect_used": self.flag, "second_combat": self.flag, "destroyed": counts,
                "bare_wounds": counts, "destroyed_by": self._card_pairs, "last_resolved": self.card,
                "minions_entered": self.index, "resolving": self._resolving, "tutored": self._tutored,
                "draft": self._draft}

    def _seat_or_none(self, where: str, value: Any) -> None:
        if value is not None:
            self.seat(where, value)

    def _per_seat_counts(self, where: str, value: Any) -> None:
        if not isinstance(value, list) or len(value) != self.players:
            self.fail(where, f"must hold one count per player, not {value!r}")
        for p, n in enumerate(value):
            self.index(f"{where}[{p}]", n)

    def _card_pairs(self, where: str, value: Any) -> None:
        if not isinstance(value, list):
            self.fail(where, f"must be a list, not {value!r}")
        for k, pair in enumerate(value):
            if not isinstance(pair, list) or len(pair) != 2:
                self.fail(f"{where}[{k}]", f"must be a pair of cards, not {pair!r}")
            self.cards(f"{where}[{k}]", pair)

    def _attacks(self, where: str, value: Any) -> None:
        if not isinstance(value, list):
            self.fail(where, f"must be a list of attacks, not {value!r}")
        roles = {"minion": self.card, "target": self.seat, "blockers": self.cards, "unblockable": self.flag}
        for k, attack in enumerate(value):
            self.fields(f"{where}[{k}]", attack, roles, ("minion", "target", "blockers", "unblockable"))

    def _resolving(self, where: str, value: Any) -> None:
        """The order resolving (phases.resolve_card): where it goes once resolved."""
        self.fields(where, value, {"card": self.card, "exile": self.flag, "attached": self._minion_or_false,
                                   "previous": self._card_or_none, "order": self._card_or_none,
                                   "discard": self.flag, "health": self.amount}, ("card", "exile", "attached"))

    def _minion_or_false(self, where: str, value: Any) -> None:
        if value is not False:
            self.card(where, value)

    def _tutored(self, where: str, value: Any) -> None:
        self.fields(where, value, {"player": self.seat, "card": self.card, "by": self.card},
                    ("player", "card", "by"))

    def _card_or_none(self, where: str, value: Any) -> None:
        if value is not None:
            self.card(where, value)

    def _draft(self, where: str, value: Any) -> None:
        """A draft in progress (setup.py): draft cards are card data ids, not instances."""
        d = self.table(where, value)
        n = self.players
        for key in ("schedule", "hands", "picks", "passed", "commons", "rest"):
            if not isinstance(d.get(key), list):
                self.fail(f"{where}.{key}", f"must be a list, not {d.get(key)!r}")
        self.int_in(f"{where}.round", d.get("round"), 0, len(d["schedule"]))
        self.int_in(f"{where}.seat", d.get("seat"), 0, LIMIT)
        for key in ("hands", "picks", "passed"):
            if len(d[key]) != n or not all(isinstance(x, list) for x in d[key]):
                self.fail(f"{where}.{key}", f"must hold one list per player, not {d[key]!r}")
        known = self.state.game.card
        for key, lists in (("hands", d["hands"]), ("picks", d["picks"]), ("commons", [d["commons"]]),
                           ("rest", [d["rest"]])):
            for cards in lists:
                for cid in cards:
                    if not isinstance(cid, str):
                        self.fail(f"{where}.{key}", f"a draft card is a card id, not {cid!r}")
                    known(cid)  # KeyError for a card no loaded set has
        for dest in d["schedule"]:
            if dest not in ("private", "commons", "removed"):
                self.fail(f"{where}.schedule", f"a pick goes to private, commons or removed, not {dest!r}")
        self.text(f"{where}.procedure", d.get("procedure"))

    # ------------------------------------------------------------------ the frames
    def frame(self, where: str, frame: Any, spec: bool = False) -> None:
        """A pending frame (or, ``spec``, an effect spec it carries, not yet pushed)."""
        frame = self.table(where, frame)
        if frame.get("op") not in engine.OPS:
            self.fail(f"{where}.op", f"unknown pending step {frame.get('op')!r}")
        roles = self.roles["FRAME"]
        for key, value in frame.items():
            role = roles.get(key)
            if role is not None:
                role(f"{where}.{key}", value)
        step = frame.get("step")
        if frame["op"] == "chain":
            if step not in CHAIN_STEPS:
                self.fail(f"{where}.step", f"a chain step is one of {', '.join(CHAIN_STEPS)}, not {step!r}")
        elif step is not None:
            self.index(f"{where}.step", step)
        left = frame.get("left")
        if isinstance(left, list):
            self.seats(f"{where}.left", left)
        elif left is not None:
            self.index(f"{where}.left", left)

    def stack_shape(self) -> None:
        """The turn's frames in their order from a ``turn`` at the bottom, then effect
        frames, each with the fields its handler reads (:data:`STRUCTURE_FIELDS`; an effect
        frame: its context and the fields every text of its kind gives it)."""
        stack = self.state.stack
        if stack and stack[0]["op"] != "turn":
            self.fail("stack[0]", f"the bottom frame is the turn, not {stack[0]['op']!r}")
        effects_from = None
        for k, frame in enumerate(stack):
            op, where = frame["op"], f"stack[{k}]"
            if op == "turn" and k == 0 or op in PARENTS:
                if effects_from is not None or (op != "turn" and stack[k - 1]["op"] not in PARENTS[op]):
                    self.fail(where, f"a {op!r} frame cannot sit on {stack[k - 1]['op']!r}")
                if op == "chain" and frame["step"] != "start" and "seat" not in frame:
                    self.fail(where, "a chain under way needs its 'seat'")
                needs = STRUCTURE_FIELDS.get(op, ())
            elif op == "turn":
                self.fail(where, "there is one turn, at the bottom of the stack")
            else:
                if effects_from is None:
                    effects_from = k
                    if k == 0 or stack[k - 1]["op"] in ("turn", "chain", "deal_hands", "starters", "draft"):
                        self.fail(where, f"an effect ({op!r}) cannot run directly in the "
                                         f"{stack[k - 1]['op'] if k else 'empty'} frame")
                needs = ENGINE_FRAMES.get(op) or CONTEXT + self.spec_fields(frame)
            for key in needs:
                if key not in frame:
                    self.fail(where, f"a {op!r} frame needs its {key!r}")
            if op == "combat" and frame["step"] > 0 and "attacks" not in self.state.flags:
                self.fail("flags", "a combat under way needs its 'attacks'")

    def spec_fields(self, frame: dict[str, Any]) -> tuple[str, ...]:
        """The fields every spec of ``frame``'s op in its source card's texts has: a
        frame pushed from one of them has them all (none when the card has no such spec:
        a frame the engine made)."""
        source = frame.get("source")
        if type(source) is not int:
            return ()
        fields: set[str] | None = None
        for spec in _specs_in(self.state.game.effects.texts(self.state.cards[source])):
            if spec["op"] == frame["op"]:
                fields = set(spec) - {"op"} if fields is None else fields & set(spec)
        return tuple(sorted(fields or ()))

    def _frame_roles(self) -> dict[str, Callable[[str, Any], None]]:
        specs = self._specs
        return {
            "source": self._card_or_none, "card": self.card, "first": self._card_or_none, "exclude": self.cards,
            "controller": self.seat, "player": self.seat, "chooser": self.seat, "victim": self.seat,
            "archive": self.archive, "i": self.index, "d": self.index, "seat": self.index, "passes": self.index,
            "count": self.index, "max_cost": self.index, "amount": self.amount, "health": self.amount,
            "kicker": self.flag, "kicked": self.flag, "wounds_only": self.flag, "from_chain": self.flag,
            "unblockable": self.flag,
            "wound": self.flag, "no_chain": self.flag, "again": self.flag, "capture": self.flag,
            "target": self._selector_or_none, "if_target": self._selector_or_none, "data": self._data,
            "then": self._then, "cost": specs, "frames": specs, "text": self._text_or_specs,
            "which": self.text, "kind": self.text, "to": self.text, "who": self.text, "flag": self.text,
            "prompt": self.text, "verb": self.text_or_none, "keyword": self.text_or_none,
            "wound_type": self._wound_type_or_none,
            "per_friendly": self.text_or_none, "each_friendly": self.text_or_none,
        }

    def _wound_type_or_none(self, where: str, value: Any) -> None:
        if value is not None and value not in WOUND_TYPES:
            self.fail(where, f"must be one of {', '.join(WOUND_TYPES)}, not {value!r}")

    def _specs(self, where: str, value: Any) -> None:
        if not isinstance(value, list):
            self.fail(where, f"must be a list of effects, not {value!r}")
        for k, spec in enumerate(value):
            self.frame(f"{where}[{k}]", spec, spec=True)

    def _then(self, where: str, value: Any) -> None:
        """``then``: the effects that follow, or (``place_from_discard``, Nightfall set's
        Dark Awakening) ``"your_chain"``: resolve the placed minion's Your Chain text."""
        if value != "your_chain":
            self._specs(where, value)

    def _text_or_specs(self, where: str, value: Any) -> None:
        """``text``: which of the card's texts a frame comes from, or (a feed offer) the
        effects the feed gives."""
        if isinstance(value, list):
            self._specs(where, value)
        else:
            self.text(where, value)

    def _selector_or_none(self, where: str, value: Any) -> None:
        """A target selector (verbs.minion / verbs.player / an archive's), or None."""
        if value is None:
            return
        selector = self.table(where, value)
        if "minion" in selector:
            if selector["minion"] not in MINION_SIDES:
                self.fail(f"{where}.minion", f"must be one of {', '.join(MINION_SIDES)}, not {selector['minion']!r}")
            self.text_or_none(f"{where}.keyword", selector.get("keyword"))
        elif "player" in selector:
            if selector["player"] not in PLAYER_SIDES:
                self.fail(f"{where}.player", f"must be one of {', '.join(PLAYER_SIDES)}, not {selector['player']!r}")
        elif "archive" in selector:
            self.text(f"{where}.archive", selector["archive"])
        else:
            self.fail(where, f"names no minion, player or archive: {selector!r}")

    def _data(self, where: str, value: Any) -> None:
        """A continuous effect's data (verbs.continuous): its target and counts."""
        self.fields(where, value, {"target": self._selector_or_none, "count": self.index,
                                   "amount": self.amount, "max_cost": self.index})


def _specs_in(texts: Any) -> Iterator[dict[str, Any]]:
    """Every frame spec in a card's texts, with the specs nested in them (then, cost, …)."""
    todo = [value for f in dataclasses.fields(texts) for value in [getattr(texts, f.name)]
            if isinstance(value, (list, dict))]
    while todo:
        value = todo.pop()
        if isinstance(value, dict):
            if isinstance(value.get("op"), str):
                yield value
            todo.extend(v for v in value.values() if isinstance(v, (list, dict)))
        else:
            todo.extend(v for v in value if isinstance(v, (list, dict)))


def check_state(state: Any) -> None:
    """Raise :class:`RecordError` naming the first field of ``state`` no game could hold
    (see the module's docstring); nothing is changed."""
    _Checker(state).run()
