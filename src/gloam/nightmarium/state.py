"""Nightmarium's rules: the state and every transition (seed 004; checklist 186-211,
readings 28-32).

Where each rule lives:

* setup and dealing (190-191) ......................... :meth:`NightmariumState.new`
* the three turn actions and two per turn (193-196) ... :meth:`~NightmariumState._apply_index`,
  :meth:`~NightmariumState._end_action`
* placement, bottom-up, the in-progress cap (197-198) . :func:`_plays`
* the Legion restriction on a second play (199) ....... :meth:`~NightmariumState._turn_options`
* completing a Creature, the immediate win (192, 30) .. :meth:`~NightmariumState._complete`
* the same-Legion penalty (203) ....................... :meth:`~NightmariumState._next_penalty`
* abilities, in order, the stop rules (200-202, 31) ... :meth:`~NightmariumState._resolve`
* the six abilities (204-209) ......................... ``_resolve`` and the ``_on_*`` handlers
* reshuffling the discard pile the moment the deck runs
  out (190) ........................................... :meth:`~NightmariumState._refill_deck`
* no draw with nothing to draw; a player who can take no
  action loses the rest of the turn (194, a reading) .. :meth:`~NightmariumState._turn_options`,
  :meth:`~NightmariumState._end_action`

All pending work is plain data in the state (``mode``, ``resolving``, ``abilities``,
``penalties``, ``revealed``), never on the call stack.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from gloam.core.decisions import Context, Outcome, Refs, viewer_seat
from gloam.core.errors import RecordError
from gloam.core.events import check_events, private
from gloam.core.protocol import Action, GameState
from gloam.core.rng import Rng
from gloam.nightmarium.actions import (
    DISCARD,
    DRAW,
    MAX_CREATURES,
    NEW,
    STOP,
    TARGET0,
    Discard,
    DiscardCard,
    Draw,
    Play,
    Target,
)
from gloam.nightmarium.cards import (
    ABILITIES,
    BODY,
    DEVOURER,
    EXECUTIONER,
    HEAD,
    LEGIONS,
    LEGS,
    MOCKINGBIRD,
    MOURNER,
    NO_ABILITY,
    SCAVENGER,
    SONGBIRD,
)
from gloam.nightmarium.decisions import (
    KINDS,
    Labels,
    NightmariumKind,
    context_of,
    outcome_of,
    refs_of,
)
from gloam.nightmarium.i18n import prompt_text

# What the pending decision is about (``KINDS[mode]`` is its NightmariumKind).
TURN, DISCARDING, PENALTY, SONG, MOCK, EXECUTE, SCAVENGE, DEVOUR, OVER = range(9)
MODE_NAMES = tuple(str(k) for k in KINDS)
_MODE_BY_NAME = {n: i for i, n in enumerate(MODE_NAMES)}
_TARGET_MODE = {EXECUTIONER: EXECUTE, SCAVENGER: SCAVENGE, DEVOURER: DEVOUR}
_PART_OF_HEIGHT = ("legs", "body", "head")


def _plays(cards, creatures, parts, cap, base_of) -> list[int]:
    """Legal placements of ``cards`` onto ``creatures`` (rules 197-198): legs start a new
    Creature while fewer than ``cap`` exist; a body goes on bare legs; a head on legs
    and body."""
    out: list[int] = []
    ones = [i for i, c in enumerate(creatures) if len(c) == 1]
    twos = [i for i, c in enumerate(creatures) if len(c) == 2]
    can_new = len(creatures) < cap
    for card in cards:
        bits = parts[card]
        base = base_of[card]
        if bits & LEGS and can_new:
            out.append(base + NEW)
        if bits & BODY:
            for i in ones:
                out.append(base + i)
        if bits & HEAD:
            for i in twos:
                out.append(base + i)
    return out


class NightmariumState(GameState):
    """A Nightmarium position. Cards are integer instance ids into the composition.

    Piles are lists with the top at the end. ``creatures[p]`` lists player p's
    Creatures, each a bottom-up list of card ids ``[legs, body, head]``; a Creature is
    known by its legs card (``creature[0]``) while it exists.
    """

    game_name = "nightmarium"
    #: the Game class that rebuilds a saved setup in :meth:`from_json`; set by
    #: :mod:`gloam.nightmarium.game`, which defines it (so this module need not import it)
    game_class: ClassVar[Any] = None

    #: the event types that show some seat a card that was hidden (the undo rule,
    #: ``gloam.server.undo``; web-design §5.8 point 4). Playing or discarding a card from
    #: your hand is the move itself, not a reveal; Executioner's card (rule 207) and
    #: Scavenger's and Devourer's (208-209) come from Creatures in plain view.
    REVEALS: ClassVar[frozenset[str]] = frozenset({
        "reveal",     # rule 204: Songbird turns the top two cards of the deck face up
        "reshuffle",  # rule 190: the discard pile shuffled into a new deck (random: the Rng moves too)
        "draw",       # rules 194-195, 205: hidden cards into a hand (private as well)
        "deal",       # rule 190: the opening hands (private)
    })

    __slots__ = ("game", "hands", "deck", "discard", "creatures", "revealed", "known",
                 "active", "actions_left", "first_legion", "turn", "mode", "resolving",
                 "abilities", "penalties", "pen_need", "pen_any", "discarded", "winner",
                 "rng", "events", "_legal")

    def __init__(self, game: Any) -> None:
        self.game = game
        n = game.num_players
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.creatures: list[list[list[int]]] = [[] for _ in range(n)]
        self.revealed: list[int] = []  # Songbird's revealed cards not yet played
        self.known: list[list[int]] = [[] for _ in range(n)]  # hand cards every player has seen
        self.active = game.first_player
        self.actions_left = 2
        self.first_legion = -1  # Legion of the card played as this turn's first action
        self.turn = 1
        self.mode = TURN
        self.resolving = -1  # legs card of the Creature whose abilities are resolving
        self.abilities: list[int] = []  # its abilities still to resolve, next first
        self.penalties: list[list[int]] = []  # [player, legion] still owing the penalty
        self.pen_need = 0  # cards the first of them still has to discard
        self.pen_any = False  # True: any cards (no card of the Legion in hand)
        self.discarded = 0  # cards discarded so far in the current action B
        self.winner = -1
        self.rng = Rng(0)
        self.events: list[dict[str, Any]] = []
        self._legal: list[int] | None = None

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, game: Any, seed: int) -> NightmariumState:
        """Rule 190: shuffle, deal 5 hidden cards to each player, the rest is the deck."""
        state = cls(game)
        state.rng = Rng(seed)
        state.deck = list(range(len(game.composition.cards)))
        state.rng.shuffle(state.deck)
        state.events.append({"type": "setup", "players": game.num_players,
                             "creatures": game.creatures, "first_player": game.first_player})
        for _ in range(game.hand_size):
            for p in range(game.num_players):
                state.hands[p].append(state.deck.pop())
        for p in range(game.num_players):
            state.events.append(private("deal", [p], ["cards"], player=p, count=game.hand_size,
                                        cards=list(state.hands[p])))
        state.events.append({"type": "turn", "player": state.active, "turn": 1})
        return state

    # ------------------------------------------------------------------ protocol
    @property
    def action_space(self):
        return self.game.action_space

    @property
    def num_players(self) -> int:
        return self.game.num_players

    def current_player(self) -> int:
        if self.mode == OVER:
            return -1
        if self.mode == PENALTY:
            return self.penalties[0][0]
        return self.active

    def is_terminal(self) -> bool:
        return self.mode == OVER

    def returns(self) -> list[float]:
        """1 for the winner, 0 for everyone else (all 0 when a turn limit or a dead
        position ends the game with no winner)."""
        return [1.0 if p == self.winner else 0.0 for p in range(self.game.num_players)]

    def decision_kind(self) -> NightmariumKind:
        return KINDS[self.mode]

    def prompt(self, lang: str = "en") -> str:
        """The pending decision in one line (``lang``: "en", or "ja" in gloam's translation)."""
        return prompt_text(MODE_NAMES[self.mode], lang, actions_left=self.actions_left,
                           first_legion=self.first_legion, discarded=self.discarded,
                           legion=self.penalties[0][1] if self.penalties else -1,
                           pen_any=self.pen_any, pen_need=self.pen_need)

    # ------------------------------------------------------------------ the typed boundary
    def _public(self) -> dict[str, Any]:
        """The public fields :mod:`gloam.nightmarium.decisions` reads, as in an
        observation but not copied: only for functions that read them and return
        frozen data (tuples), never handed to a caller."""
        return {"mode": MODE_NAMES[self.mode], "active": self.active, "actions_left": self.actions_left,
                "first_legion": self.first_legion, "discarded": self.discarded, "discard": self.discard,
                "penalties": self.penalties, "pen_need": self.pen_need, "pen_any": self.pen_any,
                "resolving": self.resolving, "creatures": self.creatures, "abilities": self.abilities,
                "revealed": self.revealed}

    def decision_context(self) -> Context:
        """The pending decision's typed context (:mod:`gloam.nightmarium.decisions`)."""
        return context_of(self._public())

    def option_refs(self, action: Action) -> Refs:
        """The cards and seats ``action`` names (a play: the card and the Creature it
        extends; a target: the player and that Creature's cards)."""
        return refs_of({"active": self.active, "creatures": self.creatures}, action)

    def option_labels(self, indices: Sequence[int], player: int) -> list[Labels]:
        """English and Japanese labels of the options, as the deciding ``player`` reads
        them (worked out when first read, from ``player``'s observation now)."""
        obs = self.observation(player)
        return [Labels(self.game, obs, i) for i in indices]

    def outcome(self) -> Outcome | None:
        """Who won and why (``None`` while the game goes on)."""
        if self.mode != OVER:
            return None
        return outcome_of(self.winner, self.turn, self.game.turn_limit,
                          [self.complete_creatures(p) for p in range(self.game.num_players)])

    def view(self, viewer: int, lang: str = "en") -> dict[str, Any]:
        """The table as ``viewer`` (a seat or ``SPECTATOR``) sees it, built only from that
        viewer's observation (docs/view.md, ``data/view.schema.json``)."""
        from gloam.nightmarium.view import table_view

        return table_view(self.game, self.observation(viewer), lang)

    def legal_action_indices(self) -> list[int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._options()
        return list(legal)

    def _options(self) -> list[int]:
        mode = self.mode
        g = self.game
        p = self.active
        if mode == TURN:
            return self._turn_options()
        if mode == DISCARDING:
            base = g.discard0
            out = [base + c for c in self.hands[p]]
            if self.discarded:
                out.append(STOP)
            return out
        if mode == PENALTY:
            who, legion = self.penalties[0]
            base = g.discard0
            if self.pen_any:
                return [base + c for c in self.hands[who]]
            legions = g.legion
            return [base + c for c in self.hands[who] if legions[c] == legion]
        if mode == SONG:
            return _plays(self.revealed, self.creatures[p], g.parts, g.creatures, g.play_base)
        if mode == MOCK:
            return _plays(self.hands[p], self.creatures[p], g.parts, g.creatures, g.play_base)
        if mode in (EXECUTE, SCAVENGE, DEVOUR):
            return [TARGET0 + who * MAX_CREATURES + i for who, i in self._targets(mode)]
        return []

    def _turn_options(self) -> list[int]:
        """Rules 193-199: draw (with a card to draw: docs/rules-decisions.md), discard
        (with a card in hand), or play; a second play must match the Legion of a
        first-action play."""
        g = self.game
        p = self.active
        hand = self.hands[p]
        out = [DRAW] if self.deck or self.discard else []
        if hand:
            out.append(DISCARD)
        cards = hand
        if self.actions_left == 1 and self.first_legion >= 0:
            legion = self.first_legion
            legions = g.legion
            cards = [c for c in hand if legions[c] == legion]
        out += _plays(cards, self.creatures[p], g.parts, g.creatures, g.play_base)
        return out

    def _targets(self, mode: int) -> list[tuple[int, int]]:
        """Valid targets of Executioner, Scavenger and Devourer (rules 207-209, reading 31)."""
        p = self.active
        n = self.game.num_players
        if mode == DEVOUR:
            return [(p, i) for i, c in enumerate(self.creatures[p]) if c[0] != self.resolving]
        out = []
        for k in range(1, n):
            o = (p + k) % n
            for i, c in enumerate(self.creatures[o]):
                if mode == EXECUTE or len(c) < 3:
                    out.append((o, i))
        return out

    # ------------------------------------------------------------------ applying
    def _apply_index(self, a: int) -> None:
        self._legal = None
        action = self.game.actions[a]  # the typed action of index a
        kind = type(action)  # dispatch on the action's type (as fast as the old offsets)
        if kind is Play:  # action C, Songbird, Mockingbird (197-199)
            self._play(action.card, action.slot)
        elif kind is DiscardCard:  # action B's cards, the penalty (195, 203)
            self._discard_card(action.card)
        elif kind is Target:  # Executioner, Scavenger, Devourer (207-209)
            self._on_target(action.player, action.creature)
        elif kind is Draw:  # action A (194)
            self._draw(self.active, 1, "draw")
            self._end_action()
        elif kind is Discard:  # action B begins (195)
            self.mode = DISCARDING
            self.discarded = 0
        else:  # StopDiscarding: action B ends, draw half (195)
            self._refill_deck()  # the discards are one act: a deck they emptied is refilled now
            self._draw(self.active, self.discarded // 2, "discard")
            self._end_action()

    def _take_from_hand(self, player: int, card: int) -> None:
        self.hands[player].remove(card)
        known = self.known[player]
        if card in known:
            known.remove(card)

    def _discard_card(self, card: int) -> None:
        if self.mode == DISCARDING:  # action B (rule 195)
            p = self.active
            self._take_from_hand(p, card)
            self.discard.append(card)
            self.discarded += 1
            self.events.append({"type": "discard", "player": p, "card": card, "reason": "action"})
            return
        who = self.penalties[0][0]  # the same-Legion penalty (rule 203)
        self._take_from_hand(who, card)
        self.events.append({"type": "discard", "player": who, "card": card, "reason": "penalty"})
        self._to_discard([card])
        self.pen_need -= 1
        if self.pen_need == 0 or not self.hands[who]:
            self.penalties.pop(0)
            self._next_penalty()

    def _play(self, card: int, slot: int) -> None:
        p = self.active
        mode = self.mode
        if mode == SONG:
            self.revealed.remove(card)
            source = "songbird"
        else:
            self._take_from_hand(p, card)
            source = "hand" if mode == TURN else "mockingbird"
            if mode == TURN and self.actions_left == 2:
                self.first_legion = self.game.legion[card]
        mine = self.creatures[p]
        if slot == NEW:
            slot = len(mine)
            mine.append([card])
            creature = mine[-1]
        else:
            creature = mine[slot]
            creature.append(card)
        self.events.append({"type": "play", "player": p, "card": card, "creature": slot,
                            "part": _PART_OF_HEIGHT[len(creature) - 1], "source": source})
        if len(creature) == 3:
            self._complete(p, slot)
        elif mode == TURN:
            self._end_action()
        elif mode == SONG:
            self._songbird_next()
        else:  # Mockingbird's one card is played
            self._resolve()

    def _complete(self, p: int, slot: int) -> None:
        """A Creature is completed (rules 192, 200-203; readings 28, 30)."""
        g = self.game
        creature = self.creatures[p][slot]
        legs, body, head = creature
        done = sum(1 for c in self.creatures[p] if len(c) == 3)
        abilities = [a for a in (g.ability[head], g.ability[body], g.ability[legs]) if a != NO_ABILITY]
        self.events.append({"type": "complete", "player": p, "creature": slot, "complete": done,
                            "abilities": [ABILITIES[a] for a in abilities]})
        if done >= g.creatures:  # rule 192: the immediate win
            self.winner = p
            self.mode = OVER
            self.resolving = -1  # nothing is left to resolve once the game is won
            self.abilities = []
            self.events.append({"type": "win", "player": p, "creatures": done})
            return
        if self.revealed:  # reading 28: an interrupted Songbird's other card is discarded
            self._discard_revealed()
        # rule 202: whatever was resolving stops for good; this Creature resolves now
        self.resolving = legs
        self.abilities = abilities
        legion = g.legion[legs]
        if g.legion[body] == legion and g.legion[head] == legion:  # rule 203
            n = g.num_players
            self.penalties = [[(p + k) % n, legion] for k in range(1, n)]
            self.events.append({"type": "same_legion", "player": p, "legion": LEGIONS[legion]})
            self._next_penalty()
        else:
            self._resolve()

    def _next_penalty(self) -> None:
        """Rule 203: the next opponent discards one card of the Legion, or two cards of
        their choice if they hold none (as many as they can: reading 31)."""
        legions = self.game.legion
        while self.penalties:
            who, legion = self.penalties[0]
            hand = self.hands[who]
            if not hand:
                self.events.append({"type": "penalty_empty_hand", "player": who})
                self.penalties.pop(0)
                continue
            self.pen_any = not any(legions[c] == legion for c in hand)
            self.pen_need = 2 if self.pen_any else 1
            self.mode = PENALTY
            return
        self._resolve()

    def _resolve(self) -> None:
        """Resolve the completed Creature's next abilities (rules 200-201, 204-209): head,
        then body, then legs, mandatory; the first without a valid target stops it."""
        g = self.game
        p = self.active
        while self.abilities:
            ability = self.abilities.pop(0)
            self.events.append({"type": "ability", "player": p, "ability": ABILITIES[ability]})
            if ability == SONGBIRD or ability == MOURNER:
                if not self.deck and not self.discard:
                    return self._stop(ability)
                if ability == MOURNER:
                    self._draw(p, 2, "mourner")
                    continue
                for _ in range(2):
                    card = self._draw_one()
                    if card is None:
                        break
                    self.revealed.append(card)
                self.events.append({"type": "reveal", "player": p, "cards": list(self.revealed)})
                self._refill_deck()  # rule 190: a deck the reveal emptied is replaced at once
                return self._songbird_next()
            if ability == MOCKINGBIRD:
                if not _plays(self.hands[p], self.creatures[p], g.parts, g.creatures, g.play_base):
                    return self._stop(ability)
                self.mode = MOCK
                return
            mode = _TARGET_MODE[ability]
            if not self._targets(mode):
                return self._stop(ability)
            self.mode = mode
            return
        self.resolving = -1
        self._end_action()

    def _stop(self, ability: int) -> None:
        """Rule 201: no valid target; this and every later ability is skipped."""
        self.events.append({"type": "stop", "player": self.active, "ability": ABILITIES[ability],
                            "skipped": [ABILITIES[a] for a in self.abilities]})
        self.abilities = []
        self.resolving = -1
        self._end_action()

    def _songbird_next(self) -> None:
        """Rule 204: play revealed cards while one can be played; discard the rest."""
        g = self.game
        if self.revealed and _plays(self.revealed, self.creatures[self.active], g.parts,
                                    g.creatures, g.play_base):
            self.mode = SONG
            return
        if self.revealed:
            self._discard_revealed()
        self._resolve()

    def _discard_revealed(self) -> None:
        """Songbird's revealed cards not played go to the discard pile (rule 204, reading 28)."""
        self.events.append({"type": "discard_revealed", "cards": list(self.revealed)})
        self._to_discard(self.revealed)
        self.revealed = []

    def _on_target(self, who: int, idx: int) -> None:
        p = self.active
        mode = self.mode
        creatures = self.creatures[who]
        if mode == SCAVENGE:  # rule 208
            cards = creatures.pop(idx)
            self.events.append({"type": "scavenge", "player": p, "target": who, "creature": idx,
                                "cards": cards})
            self._to_discard(cards)
        else:
            creature = creatures[idx]
            card = creature.pop()
            if not creature:
                creatures.pop(idx)
            if mode == EXECUTE:  # rule 207: into your hand, seen by all
                self.hands[p].append(card)
                self.known[p].append(card)
                self.events.append({"type": "execute", "player": p, "target": who, "creature": idx,
                                    "card": card})
            else:  # DEVOUR, rule 209
                self.events.append({"type": "devour", "player": p, "creature": idx, "card": card})
                self._to_discard([card])
        self._resolve()

    def _end_action(self) -> None:
        """One of the turn's two actions is done (rule 193); maybe pass the turn left.
        A player who can take no action at all (no card in hand, none to draw) loses
        the rest of the turn (gloam's reading, docs/rules-decisions.md; event
        ``no_action``). A dead position ends the game at the end of a turn, so some
        player with a card always comes round."""
        self.mode = TURN
        self.discarded = 0
        self.actions_left -= 1
        g = self.game
        while True:
            if self.actions_left > 0:
                if self.hands[self.active] or self.deck or self.discard:
                    return
                self.events.append({"type": "no_action", "player": self.active,
                                    "actions": self.actions_left})
            if g.turn_limit and self.turn >= g.turn_limit:
                self.mode = OVER
                self.events.append({"type": "turn_limit", "turns": self.turn})
                return
            if self._is_dead():
                self.mode = OVER
                self.events.append({"type": "dead_position", "turns": self.turn})
                return
            self.active = (self.active + 1) % g.num_players
            self.actions_left = 2
            self.first_legion = -1
            self.turn += 1
            self.events.append({"type": "turn", "player": self.active, "turn": self.turn})

    def _is_dead(self) -> bool:
        """gloam's reading (docs/rules-decisions.md): when no card outside the Creatures
        fits any open place of any player (new legs under the cap, a body on bare legs, a
        head on legs and body), no card can ever be played again and nobody can win;
        the game ends at the end of that turn with no winner."""
        g = self.game
        need = 0
        for mine in self.creatures:
            if len(mine) < g.creatures:
                need |= LEGS
            for creature in mine:
                need |= BODY if len(creature) == 1 else HEAD if len(creature) == 2 else 0
        if need:
            parts = g.parts
            for pile in (self.deck, self.discard, self.revealed, *self.hands):
                for card in pile:
                    if parts[card] & need:
                        return False
        return True

    # ------------------------------------------------------------------ the deck
    def _refill_deck(self) -> None:
        """Rule 190 ("if the deck ever runs out of cards during the game, shuffle the
        discard pile and place it face down as the new deck"): an empty deck is replaced
        by the shuffled discard pile at once. Called the moment a card leaves the deck
        or joins the discard pile, so no decision is ever asked with an empty deck and a
        discard pile beside it (except during action B, whose discards are one act)."""
        if not self.deck and self.discard:
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
            self.events.append({"type": "reshuffle", "count": len(self.deck)})

    def _to_discard(self, cards: list[int]) -> None:
        """Put ``cards`` face up on the discard pile; a deck that has run out is
        replaced by them at once (rule 190)."""
        self.discard.extend(cards)
        if not self.deck:
            self._refill_deck()

    def _draw_one(self) -> int | None:
        """Take the top card of the deck (``None`` if the deck and the discard pile are
        both empty). A multi-card draw that empties the deck goes on from the new deck
        (rule 190); the caller refills the deck after its event."""
        if not self.deck:
            self._refill_deck()
            if not self.deck:
                return None
        return self.deck.pop()

    def _draw(self, player: int, count: int, reason: str) -> None:
        drawn = []
        for _ in range(count):
            card = self._draw_one()
            if card is None:
                break
            drawn.append(card)
        self.hands[player] += drawn
        self.events.append(private("draw", [player], ["cards"], player=player, count=len(drawn),
                                   cards=drawn, reason=reason))
        self._refill_deck()  # rule 190: the deck that ran out is replaced at once

    # ------------------------------------------------------------------ views
    def complete_creatures(self, player: int) -> int:
        return sum(1 for c in self.creatures[player] if len(c) == 3)

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees at the table: everything public, their own hand, the
        sizes of the other hands and the cards in them that everyone saw taken.
        ``SPECTATOR`` sees only what is public: ``hand`` is empty and ``legal`` ``None``."""
        g = self.game
        player = viewer_seat(player, g.num_players)
        acting = self.current_player()
        seat = player >= 0
        return {
            "game": "nightmarium",
            "setup": g.setup_json(),
            "viewer": player,
            "active": self.active,
            "turn": self.turn,
            "actions_left": self.actions_left,
            "first_legion": self.first_legion,
            "mode": MODE_NAMES[self.mode],
            "to_act": acting,
            "legal": self.legal_action_indices() if seat and acting == player else None,
            "hand": list(self.hands[player]) if seat else [],
            "hand_sizes": [len(h) for h in self.hands],
            "known": [list(k) for k in self.known],
            "creatures": [[list(c) for c in cr] for cr in self.creatures],
            "deck_size": len(self.deck),
            "discard": list(self.discard),
            "revealed": list(self.revealed),
            "resolving": self.resolving,
            "abilities": list(self.abilities),
            "penalties": [list(x) for x in self.penalties],
            "pen_need": self.pen_need,
            "pen_any": self.pen_any,
            "discarded": self.discarded,
            "winner": self.winner,
        }

    # ------------------------------------------------------------------ copies
    def clone(self) -> NightmariumState:
        new = NightmariumState.__new__(NightmariumState)
        new.game = self.game
        new.hands = [h[:] for h in self.hands]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.creatures = [[c[:] for c in cr] for cr in self.creatures]
        new.revealed = self.revealed[:]
        new.known = [k[:] for k in self.known]
        new.active = self.active
        new.actions_left = self.actions_left
        new.first_legion = self.first_legion
        new.turn = self.turn
        new.mode = self.mode
        new.resolving = self.resolving
        new.abilities = self.abilities[:]
        new.penalties = [x[:] for x in self.penalties]
        new.pen_need = self.pen_need
        new.pen_any = self.pen_any
        new.discarded = self.discarded
        new.winner = self.winner
        new.rng = Rng(self.rng.state)
        new.events = self.events[:]  # events are never mutated once appended
        new._legal = self._legal
        return new

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "nightmarium",
            "setup": self.game.setup_json(),
            "hands": [h[:] for h in self.hands],
            "deck": self.deck[:],
            "discard": self.discard[:],
            "creatures": [[c[:] for c in cr] for cr in self.creatures],
            "revealed": self.revealed[:],
            "known": [k[:] for k in self.known],
            "active": self.active,
            "actions_left": self.actions_left,
            "first_legion": self.first_legion,
            "turn": self.turn,
            "mode": MODE_NAMES[self.mode],
            "resolving": self.resolving,
            "abilities": self.abilities[:],
            "penalties": [x[:] for x in self.penalties],
            "pen_need": self.pen_need,
            "pen_any": self.pen_any,
            "discarded": self.discarded,
            "winner": self.winner,
            "rng": self.rng.to_json(),
            "events": list(self.events),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> NightmariumState:
        """Rebuild a state saved with :meth:`to_json`; a malformed one raises
        :class:`~gloam.core.errors.RecordError`."""
        if not isinstance(data, dict) or data.get("game") != "nightmarium":
            raise RecordError("not a saved Nightmarium state")
        try:
            game = cls.game_class.from_setup_json(data["setup"])
            state = cls(game)
            state.load_fields(data)
            state.events = check_events(data.get("events", []), game.num_players)
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise RecordError(f"malformed Nightmarium state: {exc!r}") from None
        return state

    def load_fields(self, data: dict[str, Any]) -> None:
        """Fill the position from plain data (a save, or a determinized observation).
        Raises :class:`RecordError` unless it is a position a game could reach: every
        card in exactly one place, Creatures built by rules 197-198, and a pending
        decision that has options."""
        g = self.game
        n = g.num_players
        self.hands = [_ints(h, "hand") for h in _per_player(data["hands"], n, "hands")]
        self.deck = _ints(data["deck"], "deck")
        self.discard = _ints(data["discard"], "discard")
        self.creatures = [[_ints(c, "creature") for c in _list(pl, "creatures")]
                          for pl in _per_player(data["creatures"], n, "creatures")]
        self.revealed = _ints(data["revealed"], "revealed")
        self.known = [_ints(k, "known") for k in _per_player(data["known"], n, "known")]
        self.active = _int(data["active"], "active", 0, n - 1)
        # a game that ended at the end of a turn (a dead position, the turn limit) has none left
        self.actions_left = _int(data["actions_left"], "actions_left", 0 if data["mode"] == "over" else 1, 2)
        self.first_legion = _int(data["first_legion"], "first_legion", -1, len(LEGIONS) - 1)
        self.turn = _int(data["turn"], "turn", 1, None)
        if not isinstance(data["mode"], str) or data["mode"] not in _MODE_BY_NAME:
            raise RecordError(f"unknown decision mode {data['mode']!r}")
        self.mode = _MODE_BY_NAME[data["mode"]]
        self.resolving = _int(data["resolving"], "resolving", -1, len(g.parts) - 1)
        self.abilities = [_int(a, "ability", 0, len(ABILITIES) - 1) for a in _list(data["abilities"], "abilities")]
        self.penalties = [[_int(x[0], "penalty player", 0, n - 1), _int(x[1], "penalty legion", 0, len(LEGIONS) - 1)]
                          for x in _list(data["penalties"], "penalties")]
        self.pen_need = _int(data["pen_need"], "pen_need", 0, 2)
        if not isinstance(data["pen_any"], bool):
            raise RecordError("pen_any must be true or false")
        self.pen_any = data["pen_any"]
        self.discarded = _int(data["discarded"], "discarded", 0, None)
        self.winner = _int(data["winner"], "winner", -1, n - 1)
        self.rng = Rng.from_json(data["rng"]) if "rng" in data else Rng(0)
        self._legal = None
        self.check_cards()
        self._check_position()

    def _check_position(self) -> None:
        g = self.game
        parts = g.parts
        for p, mine in enumerate(self.creatures):
            if len(mine) > g.creatures:
                raise RecordError(f"player {p} has {len(mine)} Creatures; at most {g.creatures} (rule 198)")
            for creature in mine:
                if not 1 <= len(creature) <= 3:
                    raise RecordError("every Creature must have 1 to 3 cards")
                for height, card in enumerate(creature):
                    if not parts[card] & (LEGS, BODY, HEAD)[height]:
                        raise RecordError(f"card {card} cannot be the {_PART_OF_HEIGHT[height]} of a Creature (rule 197)")
        if self.mode == OVER:
            return
        if self.winner != -1:
            raise RecordError("a game with a winner must be over")
        if self.mode == PENALTY and not self.penalties:
            raise RecordError("a penalty decision with nobody owing the penalty")
        if not self.deck and self.discard and self.mode != DISCARDING:
            raise RecordError("the deck is empty but the discard pile is not: rule 190 shuffles"
                              " the discard pile into a new deck the moment the deck runs out")
        if not self._options():
            raise RecordError(f"the pending {MODE_NAMES[self.mode]} decision has no legal option")

    def all_cards(self) -> list[int]:
        """Every card id in every zone (each exactly once in a sound state)."""
        cards = self.deck + self.discard + self.revealed
        for h in self.hands:
            cards += h
        for pl in self.creatures:
            for c in pl:
                cards += c
        return cards

    def check_cards(self) -> None:
        """Raise :class:`RecordError` unless every card of the deck is in exactly one zone."""
        cards = self.all_cards()
        n = len(self.game.composition.cards)
        if sorted(cards) != list(range(n)):
            raise RecordError(f"cards are not conserved: {len(cards)} placed, {len(set(cards))} distinct, deck has {n}")
        for p, k in enumerate(self.known):
            if not set(k) <= set(self.hands[p]):
                raise RecordError(f"player {p}'s known cards are not in their hand")

    def __repr__(self) -> str:
        return (f"<NightmariumState turn {self.turn} player {self.active} {MODE_NAMES[self.mode]}"
                f" complete={[self.complete_creatures(p) for p in range(self.num_players)]}>")


def _list(value: Any, what: str) -> list:
    if not isinstance(value, list):
        raise RecordError(f"{what} must be a list")
    return value


def _per_player(value: Any, n: int, what: str) -> list:
    if not isinstance(value, list) or len(value) != n:
        raise RecordError(f"{what} must be a list with one entry per player ({n})")
    return value


def _int(value: Any, what: str, low: int, high: int | None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{what} must be an integer, not {value!r}")
    if value < low or (high is not None and value > high):
        raise RecordError(f"{what} {value} is out of range")
    return value


def _ints(values: Any, what: str) -> list[int]:
    return [_int(v, f"card id in {what}", 0, None) for v in _list(values, what)]
