"""Nightfall's state: zones as plain data over integer card-instance ids, the frame stack,
and the protocol (docs/nightfall-engine.md; checklist part A).

Zone helpers here are the rules every effect shares: drawing with the reshuffle (rule 39),
discarding, minions leaving play with their attachments (rule 80) and starter exile
(rules 59-60). What differs between formats (wounds, exile, opponents, the end, the
observation's extra fields, saves) the state asks ``game.format`` (``formats.py``). Phases
live in ``phases.py``, the effect vocabulary in ``verbs.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, TypedDict

from gloam.core.decisions import Context, EndReason, Outcome, Refs, viewer_seat
from gloam.core.errors import RecordError
from gloam.core.events import private
from gloam.core.protocol import Action, Game, GameState
from gloam.core.rng import Rng
from gloam.nightfall import decisions, engine, integrity
from gloam.nightfall.actions import Archive, Attack, Block, action_space
from gloam.nightfall.decisions import NightfallKind
from gloam.nightfall.setup import draft_view, secret_for

if TYPE_CHECKING:
    from gloam.nightfall.cards import Card

EXILE_ALWAYS = "Exile when destroyed or discarded."
EXILE_DESTROYED = "Exile when destroyed."
STAY_IN_PLAY = "Do not discard this card at the end of the Combat Phase."
#: the kinds of continuous effect whose ``target`` is a minion in play (a turn's strength,
#: a lasting one, "Bone Cruncher"'s unblockable): they end when that minion leaves play
#: (``NightfallState.leave_play``); ``registry.Effects`` refuses a card whose text would
#: start any other kind of effect on a target minion
MINION_EFFECTS = frozenset({"strength", "unblockable"})


class InFlight(TypedDict):
    """The observation's ``in_flight``: the work the game has paused in, as the observing
    seat may know it, so that ``NightfallGame.determinize`` resumes a re-dealt state where
    this one stands. ``frames``: the engine's paused frames, the top last (every one public:
    effects played openly, the steps of the turn); ``turn``: the turn's facts (attacks,
    minions destroyed, once-per-turn uses, bare wounds...), without the draft (its public
    part is the observation's ``draft``) and without another seat's private look (Tactical
    Prep's ``tutored``). Their shapes are the engine's (docs/nightfall-engine.md); bots and
    front ends read the documented fields instead (``combat``, ``figures``,
    ``pending_effect``, ``decision``, ...)."""

    frames: list[dict[str, Any]]
    turn: dict[str, Any]
#: the routes out of play (``NightfallState.leave_play``)
LEAVE_PLAY = ("destroyed", "discarded", "to_deck", "to_hand")


class NightfallState(GameState):
    """A Nightfall position. See the table of fields in docs/nightfall-engine.md."""

    game_name = "nightfall"
    #: the game class :meth:`from_json` rebuilds a saved setup with: ``NightfallGame``, which
    #: binds itself here when ``gloam.nightfall.game`` is imported (that module makes states,
    #: so it sits above this one and this one never imports it)
    game_type: ClassVar[type[Game] | None] = None

    #: the event types that show some seat a card that was hidden (the undo rule,
    #: ``gloam.server.undo``; web-design §5.8 point 4). Playing, discarding or claiming a
    #: card is not among them: every instance's card is public (``observation()["cards"]``),
    #: only where it lay was hidden, and that the player chose it is the move itself.
    #: :meth:`reveals` adds the cases that depend on the place (a mixed archive, the moon).
    REVEALS: ClassVar[frozenset[str]] = frozenset({
        "reshuffle",         # rule 39 / Tactical Prep: a deck shuffled (random: the Rng moves too)
        "draw",              # a hidden card into a hand (private as well)
        "look",              # a hidden hand or deck looked at (Routine Questioning, Tactical Prep)
        "reveal",            # a card in a hand shown to all (Tactical Prep's kicker, resolve_from_hand)
        "archive_revealed",  # rule 176: a secret archive turned face up at its first claim
        "secret_archives",   # rule 176: a player told their own face-down archives (private)
        "draft_hand",        # a draft hand dealt or passed (private)
        "draft_pick",        # a face-down pick (private)
        "draft_reveal",      # rule 23: the drafted cards shown
        "wounds",            # rules 112, 182: wounds from the face-down stack, and the next top shows
        "wound_to_archive",  # Pipe Bomb: the bottom wound of the stack goes face up on an archive
        "new_archive",       # Bait and Switch: a shuffled face-down archive whose top shows
    })

    __slots__ = ("game", "cards", "wtype", "owner", "decks", "hands", "discards", "play",
                 "minions", "archives", "wounds", "face_up", "exiled", "chain", "effects",
                 "moons", "active", "first_player", "turn", "phase", "influence", "flags",
                 "ending", "over", "winner", "stack", "ask", "rng", "events", "known",
                 "wound_stacks", "eliminated")

    def __init__(self, game: Game) -> None:
        self.game = game
        n = game.num_players
        self.cards: list[str] = []  # instance id -> card data id
        self.wtype: list[str | None] = []  # instance id -> wound type (bite/burn/bleed) or None
        self.owner: list[int] = []  # instance id -> owning player, -1 in archives / wound stack
        self.decks: list[list[int]] = [[] for _ in range(n)]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.discards: list[list[int]] = [[] for _ in range(n)]
        self.play: list[list[int]] = [[] for _ in range(n)]  # minions in play, by controller
        self.minions: dict[int, dict[str, Any]] = {}  # id -> {"controller", "damage", "attached"}
        self.archives: list[dict[str, Any]] = []  # {"card", "owner", "cards"}
        self.wounds: list[int] = []  # the wound stack, top = end
        self.face_up = 0  # face-up wounds left on top of the stack
        self.exiled: list[int] = []
        self.chain: list[dict[str, Any]] = []  # {"card", "player", "kicker"}
        self.effects: list[dict[str, Any]] = []  # continuous effects until the end of the turn
        self.moons: list[int] = []  # the moon stack, current phase = end
        self.active = self.first_player = game.start_seat
        self.turn = 1
        self.phase = "setup"
        self.influence = 0
        self.flags: dict[str, Any] = {}  # per-turn facts: wound effects used, destroyed counts…
        self.ending = False  # the last face-up wound has been given (rule 161)
        self.over = False
        self.winner = -1
        self.stack: list[dict[str, Any]] = []
        self.ask: engine.Ask | None = None
        self.rng = Rng(0)
        self.events: list[dict[str, Any]] = []
        # cards every player saw go into a hidden place: {"hand": [...], "top": [...]} per
        # player ("top": known cards on top of the deck, the top one last)
        self.known: list[dict[str, list[int]]] = [{"hand": [], "top": []} for _ in range(n)]
        # constructed games only (rules 166-173, constructed.py): each player's own wound
        # stack (top = end; empty list otherwise) and the players eliminated, in order
        self.wound_stacks: list[list[int]] = []
        self.eliminated: list[int] = []

    # ------------------------------------------------------------------ card data
    def card(self, cid: int) -> Card:
        return self.game._cards[self.cards[cid]]  # game.card without its call: the hottest lookup

    def name(self, cid: int) -> str:
        return self.card(cid).printed_name

    def new_instance(self, card_id: str, wound_type: str | None = None, owner: int = -1) -> int:
        self.cards.append(card_id)
        self.wtype.append(wound_type)
        self.owner.append(owner)
        return len(self.cards) - 1

    def new_instances(self, card_ids: list[str], wound_types: list[str | None] | None = None,
                      owner: int = -1) -> list[int]:
        """:meth:`new_instance` for each card id in turn (with its wound type): their ids."""
        first = len(self.cards)
        self.cards.extend(card_ids)
        self.wtype.extend(wound_types if wound_types is not None else [None] * len(card_ids))
        self.owner.extend([owner] * len(card_ids))
        return list(range(first, len(self.cards)))

    # ------------------------------------------------------------------ protocol
    @property
    def action_space(self):
        return action_space()

    @property
    def num_players(self) -> int:
        return self.game.num_players

    def current_player(self) -> int:
        return -1 if self.ask is None else self.ask.player

    def reveals(self, event: dict[str, Any]) -> bool:
        """:attr:`REVEALS`, and two cases that depend on the place: a card taken from a
        mixed archive (Bait and Switch: a claim, Flank Attack's claim, ``archive_to_deck``)
        turns the next, unknown card of that archive face up; a moon phase moved to the
        bottom ("next", rule 157) shows the moon under it (a shuffle moves the Rng)."""
        kind = event.get("type")
        if kind in self.REVEALS:
            return True
        if kind in ("claim", "archive_to_deck"):
            k = event.get("archive")
            return isinstance(k, int) and 0 <= k < len(self.archives) and bool(self.archives[k].get("mixed"))
        return kind == "moon" and event.get("choice") != "keep"

    def legal_action_indices(self) -> list[int]:
        return [] if self.ask is None else list(self.ask.options)

    def decision_kind(self) -> NightfallKind:
        """The kind of the pending decision (:class:`NightfallKind`; ``over`` at the end)."""
        return NightfallKind.OVER if self.ask is None else decisions.KINDS[self.ask.kind]

    def decision_context(self) -> Context:
        """What the pending decision is about (see :mod:`gloam.nightfall.decisions`)."""
        return decisions.decision_context(self)

    def option_refs(self, action: Action) -> Refs:
        """The card instances, seats and archives an option names: an attack its minion
        and the player attacked; a block the blocker and the attacker; an archive its
        index only (which copy of a card lies on top is not public: the archive's face is
        in the view)."""
        decider = self.current_player()
        if isinstance(action, Attack):
            return Refs(cards=(self.play[decider][action.slot],), players=(action.player,))
        if isinstance(action, Block):
            attacks = self.flags.get("attacks") or []
            return Refs(cards=(self.play[decider][action.slot], attacks[action.attack]["minion"]),
                        players=(self.active,))
        if isinstance(action, Archive):
            return Refs(archives=(action.archive,))
        return super().option_refs(action)

    def option_labels(self, indices, player: int) -> list[dict[str, str]]:
        """Each option's label in English and Japanese, as ``player`` reads it
        (:func:`gloam.nightfall.describe.describe_action`)."""
        from gloam.nightfall.describe import describe_action

        obs = self.observation(player)
        return [{"en": describe_action(self.game, obs, i), "ja": describe_action(self.game, obs, i, lang="ja")}
                for i in indices]

    def prompt(self) -> str:
        return "The game is over" if self.ask is None else self.ask.prompt

    def apply(self, action: Action | int, player: int | None = None) -> None:
        """:meth:`GameState.apply`, with a fast path for the common case (an int index
        among the pending options, by the player to act or with no player given): the same
        outcome, without the general checks' action-space and list building. Anything else
        takes the general path, which raises the typed errors."""
        ask = self.ask
        if (type(action) is int and ask is not None and not self.over and action in ask.options
                and (player is None or (type(player) is int and player == ask.player))):
            self.ask = None  # _apply_index, inlined
            engine.run(self, action)
            if self.game.format.acts_after_actions:
                self.game.format.after_action(self)
            return
        super().apply(action, player)

    def _apply_index(self, index: int) -> None:
        self.ask = None
        engine.run(self, index)
        self.game.format.after_action(self)  # constructed: nothing is asked of an eliminated player

    def is_terminal(self) -> bool:
        return self.over

    def returns(self) -> list[float]:
        """1 to the winner (in Team Play, rule 178: to both players of the winning team), 0
        to the others."""
        won = self.game.team(self.winner) if self.winner >= 0 else ()
        return [1.0 if p in won else 0.0 for p in range(self.game.num_players)]

    # ------------------------------------------------------------------ players
    def opponents(self, player: int) -> list[int]:
        """The other players, clockwise (to the left) from ``player`` (rule 101); in Team
        Play a teammate is no opponent (reading 14); an eliminated player (constructed) is
        nobody's. The format decides (``game.format.opponents``)."""
        return self.game.format.opponents(self, player)

    def clockwise_from(self, player: int) -> list[int]:
        """``player``, then every other player in the game, clockwise (``game.format``)."""
        return self.game.format.clockwise_from(self, player)

    # ------------------------------------------------------------------ zones
    def draw(self, player: int, count: int, reason: str = "draw") -> list[int]:
        """Rule 39: draw what you can, shuffle the discard pile into a new deck, go on."""
        deck = self.decks[player]
        known = self.known[player]
        drawn: list[int] = []
        for _ in range(count):
            if not deck:
                pile = self.discards[player]
                if not pile:
                    break
                deck.extend(pile)
                pile.clear()
                self.rng.shuffle(deck)
                known["top"] = []
                self.events.append({"type": "reshuffle", "player": player, "count": len(deck)})
            card = deck.pop()
            if known["top"] and known["top"][-1] == card:  # a card everyone saw put on top
                known["hand"].append(known["top"].pop())
            drawn.append(card)
        self.hands[player] += drawn
        self.events.append(private("draw", [player], ["cards"], player=player, count=len(drawn),
                                   cards=drawn, reason=reason))
        return drawn

    def take_from_hand(self, player: int, cid: int) -> None:
        self.hands[player].remove(cid)
        if cid in self.known[player]["hand"]:
            self.known[player]["hand"].remove(cid)

    def put_in_hand_openly(self, player: int, cid: int) -> None:
        """A card goes into a hand in plain view (every player knows it is there)."""
        self.hands[player].append(cid)
        self.known[player]["hand"].append(cid)

    def put_on_deck_openly(self, player: int, cid: int) -> None:
        """A card goes on top of a deck in plain view."""
        self.decks[player].append(cid)
        self.known[player]["top"].append(cid)

    def discard_from_hand(self, player: int, cid: int, reason: str) -> None:
        """Rule 62: from hand to the top of its owner's discard pile (no starter exile:
        rule 60)."""
        self.take_from_hand(player, cid)
        self.discards[self.owner[cid]].append(cid)
        self.events.append({"type": "discard", "player": player, "card": cid, "reason": reason})

    def put_in_discard(self, cid: int) -> None:
        self.discards[self.owner[cid]].append(cid)

    def exile(self, cid: int, reason: str) -> None:
        """Rule 44: out of the game for good (constructed, rule 172: a wound goes to the
        bottom of its player's wound stack instead). The format does it (``game.format.exile``)."""
        self.game.format.exile(self, cid, reason)

    def enter_play(self, cid: int, controller: int, health: int | None = None) -> None:
        """A minion comes into play under ``controller`` (rule 130)."""
        card = self.card(cid)
        damage = 0 if health is None else max(0, (card.health or 0) - health)
        self.minions[cid] = {"controller": controller, "damage": damage, "attached": [],
                             "turn": self.turn}
        self.play[controller].append(cid)
        self.events.append({"type": "enter_play", "player": controller, "card": cid})
        self.flags["minions_entered"] = self.flags.get("minions_entered", 0) + 1
        if not self.effects:
            return
        for effect in list(self.effects):  # "each time you place a minion into play"
            if effect["kind"] == "draw_on_minion" and effect["player"] == controller:
                self.draw(controller, effect["amount"], reason="effect")
        for effect in list(self.effects):  # "Overwatch Two": damage on each opposing minion entering play
            if effect["kind"] == "damage_on_enter" and cid in self.minions \
                    and controller in self.opponents(effect["player"]):
                self.minions[cid]["damage"] += effect["amount"]
                self.events.append({"type": "damage", "card": cid, "amount": effect["amount"], "source": None})
                if self.health_left(cid) <= 0:
                    self.leave_play(cid, "destroyed")

    def leave_play(self, cid: int, how: str, new_owner: int | None = None) -> None:
        """A minion leaves play; every route out of play comes here (rules 59-61, 79-80,
        117). ``how`` is "destroyed", "discarded" (the end of combat, an elimination),
        "to_deck" (on top of its owner's deck in plain view: Ivan Radinsky) or "to_hand"
        (into its owner's hand in plain view: Exit Strategy, Brynna & Taylor; ``new_owner``
        captures it: Exit Strategy's kicker). Whatever the route, all that lasted "until it
        leaves play" ends (:meth:`_end_time_in_play`), so a minion that comes back is a new
        one. Destroyed or discarded, a starter whose In Play text says so is exiled instead
        of going to the discard pile (Marcus Toth goes to the hand when destroyed)."""
        if how not in LEAVE_PLAY:
            raise ValueError(f"a minion leaves play {how!r}: not one of {LEAVE_PLAY}")
        info = self.minions.pop(cid)
        controller = info["controller"]
        self.play[controller].remove(cid)
        self._end_time_in_play(cid, info)
        if how == "to_deck":
            self.events.append({"type": "to_deck", "card": cid, "player": self.owner[cid]})
            self.put_on_deck_openly(self.owner[cid], cid)
            return
        if how == "to_hand":
            if new_owner is not None:
                self.owner[cid] = new_owner
            self.events.append({"type": "to_hand", "card": cid, "player": self.owner[cid], "from": controller,
                                "capture": new_owner is not None})
            self.put_in_hand_openly(self.owner[cid], cid)
            return
        self.events.append({"type": how, "card": cid, "player": controller})
        exile = self.card(cid).exile
        if how == "destroyed" and self.game.effects.to_hand_when_destroyed(self, cid):  # Marcus Toth
            self.put_in_hand_openly(self.owner[cid], cid)
        elif exile == EXILE_ALWAYS or (exile == EXILE_DESTROYED and how == "destroyed"):
            self.exile(cid, f"starter {how}")
        else:
            self.put_in_discard(cid)
        if how == "destroyed":
            destroyed = self.flags.setdefault("destroyed", [0] * self.game.num_players)
            destroyed[controller] += 1
            resolving = self.flags.get("resolving")
            if resolving is not None:  # which order destroyed it (Bleak Resurrection's kicker)
                self.flags.setdefault("destroyed_by", []).append([resolving["card"], cid])
            self.game.effects.friendly_destroyed(self, controller)  # Ahmad Hassan

    def _end_time_in_play(self, cid: int, info: dict[str, Any]) -> None:
        """What lasts "until it leaves play" ends with the minion's time in play: its
        attached actions go to their owners' discard piles (rule 80), and every continuous
        effect on it ends, a turn's (strength, "Bone Cruncher"'s unblockable) as well as a
        lasting one (Vampiric Turning); its damage and the turn it came in go with its
        record (``enter_play`` makes a new one)."""
        for attached in info["attached"]:
            self.put_in_discard(attached)
        effects = self.effects
        if effects and any(e.get("target") == cid and e["kind"] in MINION_EFFECTS for e in effects):
            self.effects = [e for e in effects if not (e.get("target") == cid and e["kind"] in MINION_EFFECTS)]

    def health_left(self, cid: int) -> int:
        return (self.card(cid).health or 0) - self.minions[cid]["damage"]

    def health_modifiers(self, cid: int) -> list[dict[str, Any]]:
        """What changes minion ``cid``'s printed health: the damage it has taken this turn
        (``{"source": "damage", "card": None, "amount": -damage}``), if any."""
        damage = self.minions[cid]["damage"]
        return [{"source": "damage", "card": None, "amount": -damage}] if damage else []

    def strength(self, cid: int, attacking: bool = False) -> int:
        """Printed strength with every modifier (:meth:`strength_modifiers`), never
        below 0."""
        value = self.card(cid).strength or 0
        for modifier in self.strength_modifiers(cid, attacking):
            value += modifier["amount"]
        return max(0, value)

    def strength_modifiers(self, cid: int, attacking: bool = False) -> list[dict[str, Any]]:
        """What changes minion ``cid``'s printed strength (rules 76-78, 95), in the order
        they add up, each ``{"source", "card", "amount"}``: each attached card
        (``"attachment"``, the card), the minion's own In Play text (``"in_play"``: strength
        per opposing minion destroyed this turn), each turn effect on it or on its
        controller's minions (``"effect"``, no card, with ``"until"``), and the moon while
        it attacks (``"moon"``, the moon card). A modifier of 0 is left out. The one
        formula of a minion's strength: :meth:`strength` adds these up, and every
        observation publishes them (``figures``)."""
        effects = self.game.effects
        out: list[dict[str, Any]] = []
        info = self.minions.get(cid)
        if info is not None:
            for attached in info["attached"]:
                amount = effects.attached_strength(self.cards[attached])
                if amount:
                    out.append({"source": "attachment", "card": attached, "amount": amount})
            amount = effects.own_strength(self, cid)
            if amount:
                out.append({"source": "in_play", "card": cid, "amount": amount})
        for effect in self.effects:
            if (effect["kind"] == "strength" and effect["target"] == cid) or (
                    effect["kind"] == "strength_all" and info is not None and info["controller"] == effect["player"]):
                out.append({"source": "effect", "card": None, "amount": effect["amount"],
                            "until": effect.get("until", "turn")})
        if attacking:
            amount = effects.moon_attack_bonus(self, cid)
            if amount:
                out.append({"source": "moon", "card": self.moons[-1], "amount": amount})
        return out

    def attacking_minions(self) -> set[int]:
        """The minions attacking in the Combat Phase in progress (empty outside it)."""
        if self.phase != "combat":
            return set()
        return {a["minion"] for a in self.flags.get("attacks") or ()}

    def figures(self) -> dict[str, dict[str, Any]]:
        """Every minion in play's strength and health as the table shows them (public),
        by instance id as a string: ``{"attacking", "strength": {"printed", "current",
        "modifiers"}, "health": {"printed", "damage", "current", "modifiers"}}``; the
        current strength counts the moon while the minion attacks (rules 103-110)."""
        attacking = self.attacking_minions()
        out = {}
        for cid, info in self.minions.items():
            card = self.card(cid)
            printed, health, damage = card.strength or 0, card.health or 0, info["damage"]
            attacks = cid in attacking
            modifiers = self.strength_modifiers(cid, attacks)
            out[str(cid)] = {
                "attacking": attacks,
                "strength": {"printed": printed, "current": max(0, printed + sum(x["amount"] for x in modifiers)),
                             "modifiers": modifiers},
                "health": {"printed": health, "damage": damage, "current": health - damage,
                           "modifiers": self.health_modifiers(cid)},
            }
        return out

    def give_wounds(self, player: int, count: int, reason: str) -> None:
        """Rules 112, 182: each wound from the top of the wound stack onto the player's
        discard pile, the last face-up one ending the game (rule 161); constructed (rule
        171): from the player's own wound stack, which eliminates them when it runs out.
        The format does it (``game.format.give_wounds``)."""
        self.game.format.give_wounds(self, player, count, reason)

    # ------------------------------------------------------------------ end of game
    def wound_count(self, player: int) -> tuple[int, list[int]]:
        """Rule 162: wounds in deck, hand and discard pile (plus bare-number wounds), and
        the counts of each wound type for rule 163."""
        per_type = {"bite": 0, "burn": 0, "bleed": 0}
        total = 0
        for pile in (self.decks[player], self.hands[player], self.discards[player]):
            for cid in pile:
                wt = self.wtype[cid]
                if wt is not None:
                    total += 1
                    per_type[wt] += 1
        total += self.flags.get("bare_wounds", [0] * self.game.num_players)[player]
        return total, sorted(per_type.values(), reverse=True)

    def finish(self) -> None:
        """The game ends now: the format says who won (``game.format.finish``: rules
        161-165, the fewest wounds; constructed, reading 15: the last player left)."""
        self.game.format.finish(self)

    def outcome(self) -> Outcome | None:
        """Who won and why (None while the game goes on): a simulation's turn limit (no
        winner), else what the format says (``game.format.outcome``: the fewest wounds
        after the last face-up wound, rules 161-165, with the tie-break in ``detail``;
        Team Play, rule 178: both partners; the last player left in a constructed game,
        reading 15)."""
        if not self.over:
            return None
        if self.events and self.events[-1]["type"] == "turn_limit":
            return Outcome(winners=(), reason=EndReason.TURN_LIMIT,
                           detail=f"the turn limit of {self.events[-1]['turns']} turns was reached")
        return self.game.format.outcome(self)

    # ------------------------------------------------------------------ views
    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: every public zone, their own hand, the sizes of decks and
        other hands, archives (card, owner, top card; sizes too, docs/rules-decisions.md),
        the top of the wound stack while it is face up, who owns each card (public from
        the starting decks and every claim), and the pending work (all public).

        ``SPECTATOR`` (-1) sees what a person watching the table sees: no hand (an empty
        ``hand``; the cards everyone saw go into a hand stay in ``known``), every Secret
        Archive face down (rule 176, reading 13), no private look (``looking_at``, Tactical
        Prep's ``tutored``), no draft hand or pick, and no ``legal`` options."""
        g = self.game
        n = g.num_players
        player = viewer_seat(player, n)
        acting = self.current_player()
        hidden = secret_for(self, player)  # Secret Archives (rule 176): other players' face-down piles
        obs = {
            "game": "nightfall",
            "setup": g.setup_json(),
            "viewer": player,
            "cards": [None if i in hidden else c for i, c in enumerate(self.cards)] if hidden else list(self.cards),
            "wtype": list(self.wtype),
            "owner": list(self.owner),
            "active": self.active,
            "first_player": self.first_player,
            "turn": self.turn,
            "phase": self.phase,
            "influence": self.influence,
            "to_act": acting,
            "kind": self.decision_kind(),
            "legal": list(self.legal_action_indices()) if acting == player >= 0 else None,
            "hand": list(self.hands[player]) if player >= 0 else [],
            "hand_sizes": [len(h) for h in self.hands],
            "deck_sizes": [len(d) for d in self.decks],
            "discards": [list(d) for d in self.discards],
            "play": [list(p) for p in self.play],
            "minions": {str(k): engine.deep_copy(v) for k, v in self.minions.items()},
            "archives": [self._archive_wounds(a, self._archive_view(a, player, self.cards)) for a in self.archives],
            "wound_top": self.wounds[-1] if self.wounds and self.face_up else None,
            "wound_count": len(self.wounds),
            "face_up": self.face_up,
            "exiled": list(self.exiled),
            "chain": engine.deep_copy(self.chain),
            "effects": engine.deep_copy(self.effects),
            "moon": self.moons[-1] if self.moons else None,
            "moon_count": len(self.moons),
            "in_flight": self._in_flight(player),
            "ending": self.ending,
            "over": self.over,
            "winner": self.winner,
            "looking_at": self._looking_at(player),
            "draft": draft_view(self, player),  # a draft in progress (setup.py), else None
            "known": engine.deep_copy(self.known),
        }
        g.format.observe(self, player, obs)  # constructed (rules 169, 171): tops, hidden order, eliminations
        obs.update(self._public_facts(player))
        return obs

    def _public_facts(self, player: int) -> dict[str, Any]:
        """The observation's documented fields for front ends, bots and encoders (so none
        reads ``stack``, ``flags`` or frames):

        * ``combat``: the open attacks of this combat, each ``{"attack", "attacker",
          "controller", "target", "blockers", "unblockable"}``, or None;
        * ``combat_window``: the combat window open now ("before attackers", …) or None;
        * ``bare_wounds``: per player, wounds counted past the end of the wound stack
          (reading 10);
        * ``pending_effect``: the step the game is at, ``{"op", "controller", "source"}``
          (the engine op of the top frame), or None;
        * ``decision``: the typed context of the pending decision (``to_json()``) when
          ``player`` is the one deciding, else None;
        * ``figures``: each minion in play's strength and health with their modifiers
          (:meth:`figures`, the engine's one formula);
        * ``starter_picks``: while starting decks are customised (rule 34), each player's
          chosen starting minions so far (public), else None.

        The engine's own frames and flags are not among them: ``in_flight``
        (:class:`InFlight`) carries the paused work for determinization only."""
        deciding = self.ask is not None and self.ask.player == player
        return {
            "combat": decisions.combat(self) if self.flags.get("attacks") is not None else None,
            "combat_window": decisions.open_window(self),
            "bare_wounds": list(self.flags.get("bare_wounds") or [0] * self.game.num_players),
            "pending_effect": decisions.pending_effect(self),
            "decision": decisions.decision_json(self) if deciding else None,
            "figures": self.figures(),
            "starter_picks": decisions.starter_picks(self),
        }

    def _in_flight(self, player: int) -> InFlight:
        """The work in flight as ``player`` may know it (:class:`InFlight`): the paused
        frames and the turn's facts, less what only another seat or the draft knows."""
        return {"frames": engine.deep_copy(self.stack),
                "turn": engine.deep_copy({k: v for k, v in self.flags.items() if k != "draft"
                                          and not (k == "tutored" and v["player"] != player)})}  # Tactical Prep

    @staticmethod
    def _archive_view(archive: dict[str, Any], player: int, cards: list[str] | None = None) -> dict[str, Any]:
        """An archive as ``player`` sees it; a secret archive (rule 176) is ``"secret":
        True`` and its card is None for everyone but its owner (reading 13). A mixed archive
        (Bait and Switch) shows its top card, and which cards lie below it but not their order."""
        view = {"card": archive["card"], "owner": archive["owner"], "size": len(archive["cards"])}
        if archive.get("mixed") and cards is not None:
            if archive["cards"]:
                view["card"] = cards[archive["cards"][-1]]
            view["mixed"] = sorted(cards[c] for c in archive["cards"][:-1])
        if archive.get("secret"):
            view["secret"] = True
            if archive["owner"] != player:
                view["card"] = None
        return view

    def _archive_wounds(self, archive: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
        """Wounds placed on an archive (Pipe Bomb) are public: ``"wounds"`` lists their
        [position from the bottom, card id] (only when there are some)."""
        wtype = self.wtype
        cards = archive["cards"]
        if any(map(wtype.__getitem__, cards)):  # a wound type is a non-empty string
            view["wounds"] = [[i, c] for i, c in enumerate(cards) if wtype[c] is not None]
        return view

    def _looking_at(self, player: int) -> dict[str, Any] | None:
        """A hand ``player`` is looking at right now (Routine Questioning), if any."""
        top = self.stack[-1] if self.stack else None
        if top and top["op"] == "inspect_discard" and "victim" in top and top["controller"] == player:
            return {"player": top["victim"], "cards": list(self.hands[top["victim"]])}
        return None

    def view(self, viewer: int, lang: str = "en") -> dict[str, Any]:
        """The table as ``viewer`` (a seat or ``SPECTATOR``) sees it, in ``lang``: one
        JSON-able structure built from ``observation(viewer)`` and the card data
        (``gloam.nightfall.view``, documented in docs/view.md)."""
        from gloam.nightfall.view import table_view

        return table_view(self, viewer_seat(viewer, self.game.num_players), lang)

    # ------------------------------------------------------------------ copies
    _LISTS = ("cards", "wtype", "owner", "wounds", "exiled", "moons")

    def clone(self) -> NightfallState:
        new = NightfallState.__new__(NightfallState)
        new.game = self.game
        new.cards = self.cards  # the instance table never changes after setup
        new.wtype = self.wtype
        new.owner = self.owner[:]
        new.decks = [d[:] for d in self.decks]
        new.hands = [h[:] for h in self.hands]
        new.discards = [d[:] for d in self.discards]
        new.play = [p[:] for p in self.play]
        new.minions = {k: {"controller": v["controller"], "damage": v["damage"],
                           "attached": v["attached"][:], "turn": v["turn"]} for k, v in self.minions.items()}
        new.archives = [dict(a, cards=a["cards"][:]) for a in self.archives]  # keeps "secret" (rule 176)
        new.wounds = self.wounds[:]
        new.face_up = self.face_up
        new.exiled = self.exiled[:]
        new.chain = [dict(e) for e in self.chain]
        new.effects = [dict(e) for e in self.effects]
        new.moons = self.moons[:]
        new.active = self.active
        new.first_player = self.first_player
        new.turn = self.turn
        new.phase = self.phase
        new.influence = self.influence
        new.flags = engine.deep_copy(self.flags)
        new.ending = self.ending
        new.over = self.over
        new.winner = self.winner
        new.stack = engine.deep_copy(self.stack)
        new.ask = self.ask  # immutable once made
        new.rng = Rng(self.rng.state)
        new.events = self.events[:]
        new.known = [{"hand": k["hand"][:], "top": k["top"][:]} for k in self.known]
        new.wound_stacks = [w[:] for w in self.wound_stacks]
        new.eliminated = self.eliminated[:]
        return new

    def to_json(self) -> dict[str, Any]:
        data = {
            "game": "nightfall",
            "setup": self.game.setup_json(),
            "cards": list(self.cards),
            "wtype": list(self.wtype),
            "owner": list(self.owner),
            "decks": engine.deep_copy(self.decks),
            "hands": engine.deep_copy(self.hands),
            "discards": engine.deep_copy(self.discards),
            "play": engine.deep_copy(self.play),
            "minions": {str(k): engine.deep_copy(v) for k, v in self.minions.items()},
            "archives": engine.deep_copy(self.archives),
            "wounds": list(self.wounds),
            "face_up": self.face_up,
            "exiled": list(self.exiled),
            "chain": engine.deep_copy(self.chain),
            "effects": engine.deep_copy(self.effects),
            "moons": list(self.moons),
            "active": self.active,
            "first_player": self.first_player,
            "turn": self.turn,
            "phase": self.phase,
            "influence": self.influence,
            "flags": engine.deep_copy(self.flags),
            "ending": self.ending,
            "over": self.over,
            "winner": self.winner,
            "stack": engine.deep_copy(self.stack),
            "ask": None if self.ask is None else self.ask.to_json(),
            "rng": self.rng.to_json(),
            "events": list(self.events),
            "known": engine.deep_copy(self.known),
        }
        self.game.format.save(self, data)  # constructed (rules 171-172, reading 15): wound stacks, eliminations
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> NightfallState:
        if not isinstance(data, dict) or data.get("game") != "nightfall":
            raise RecordError("not a saved Nightfall state")
        try:
            state = cls(cls._game_type().from_setup_json(data["setup"]))
            for key in ("cards", "wtype", "owner", "wounds", "exiled", "moons"):
                setattr(state, key, list(data[key]))
            for key in ("decks", "hands", "discards", "play", "archives", "chain", "effects", "flags", "stack"):
                setattr(state, key, engine.deep_copy(data[key]))
            state.minions = {int(k): engine.deep_copy(v) for k, v in data["minions"].items()}
            for key in ("face_up", "active", "first_player", "turn", "influence", "winner"):
                setattr(state, key, int(data[key]))
            state.phase = str(data["phase"])
            state.ending, state.over = bool(data["ending"]), bool(data["over"])
            state.ask = None if data["ask"] is None else engine.Ask.from_json(data["ask"])
            state.rng = Rng.from_json(data["rng"])
            state.events = list(data["events"])
            state.known = [{"hand": list(k["hand"]), "top": list(k["top"])} for k in data["known"]]
            state.game.format.load(state, data)  # constructed: each player's wound stack, the eliminated
            state._check_structure()
            state.check_cards()
            integrity.check_state(state)  # every record, flag and pending frame (integrity.py)
            state._check_decision()
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise RecordError(f"malformed Nightfall state: {exc!r}") from None
        return state

    @classmethod
    def _game_type(cls) -> type[Game]:
        """The bound game class (see ``game_type``)."""
        if cls.game_type is None:
            raise RecordError("no Nightfall game class is bound: import gloam.nightfall.game"
                              " before loading a saved Nightfall state")
        return cls.game_type

    def _check_structure(self) -> None:
        """Refuse a loaded position no game could reach before it can fail later: zones
        of card ids, known cards, minion records for exactly the minions in play, known
        frame ops, seats in range."""
        n = self.game.num_players
        for key in ("decks", "hands", "discards", "play"):
            piles = getattr(self, key)
            if not isinstance(piles, list) or len(piles) != n or not all(isinstance(p, list) for p in piles):
                raise RecordError(f"{key} must be a list of {n} card lists")
        for cid in self.cards:
            self.game.card(cid)  # KeyError for a card no loaded set has
        for archive in self.archives:
            if not isinstance(archive["cards"], list) or not isinstance(archive["owner"], int):
                raise RecordError("each archive needs an owner and a card list")
            self.game.card(archive["card"])
        in_play = {m for pile in self.play for m in pile}
        if set(self.minions) != in_play:
            raise RecordError("every minion in play needs exactly one minion record")
        for m, info in self.minions.items():
            if not isinstance(info["attached"], list) or info["controller"] not in range(n) \
                    or m not in self.play[info["controller"]]:
                raise RecordError(f"minion {m}'s record does not match the play areas")
        for frame in self.stack:
            if frame.get("op") not in engine.OPS:
                raise RecordError(f"unknown pending step {frame.get('op')!r}")
        if not (0 <= self.active < n and 0 <= self.first_player < n and -1 <= self.winner < n):
            raise RecordError("a seat is out of range")
        if len(self.known) != n or any(not set(k["hand"]) <= set(self.hands[p])
                                       or self.decks[p][len(self.decks[p]) - len(k["top"]):] != k["top"]
                                       for p, k in enumerate(self.known)):
            raise RecordError("known cards are not where everyone saw them go")

    def _check_decision(self) -> None:
        """The saved decision must be the one the pending step asks: the top frame's
        handler, run on a copy as the engine runs it, gives exactly the stored ``ask``
        (its player, kind, options and prompt). A finished game has none; a game going on
        has a step and a decision."""
        if self.over:
            if self.ask is not None:
                raise RecordError("a game that is over has no pending decision")
            return
        if not self.stack or self.ask is None:
            raise RecordError("a game going on needs its pending step and the decision it asks")
        probe = NightfallState.clone(self)  # this class's copy, whatever a subclass makes of clone()
        top = probe.stack[-1]
        implied = engine.OPS[top["op"]](probe, top, None)
        if not isinstance(implied, engine.Ask) or implied.to_json() != self.ask.to_json():
            raise RecordError(f"the saved decision is not the one its pending step ({top['op']}) asks")

    def all_cards(self) -> list[int]:
        """Every instance id in every zone; each exactly once in a sound state."""
        cards = self.wounds + self.exiled + self.moons
        for stack in self.wound_stacks:
            cards = cards + stack
        for piles in (self.decks, self.hands, self.discards, self.play):
            for pile in piles:
                cards += pile
        for info in self.minions.values():
            cards += info["attached"]
        for archive in self.archives:
            cards += archive["cards"]
        cards += [e["card"] for e in self.chain]
        return cards

    def check_cards(self) -> None:
        cards = self.all_cards()
        if sorted(cards) != list(range(len(self.cards))):
            raise RecordError(f"cards are not conserved: {len(cards)} placed, {len(set(cards))} distinct,"
                              f" {len(self.cards)} exist")

    def __repr__(self) -> str:
        return f"<NightfallState turn {self.turn} player {self.active} {self.phase} {self.decision_kind()}>"
