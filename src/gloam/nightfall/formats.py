"""The rules that differ between Nightfall's formats, behind one object the game holds.

``game.format`` is a :class:`StandardFormat` (the rulebook game, drafts and variants
included) or a :class:`~gloam.nightfall.constructed.ConstructedFormat` (rules 166-173),
which overrides its hooks, as python-chess variants override a board's. The shared
engine (``state.py``, ``phases.py``, ``verbs.py``, ``game.py``) asks the format and never
which format it is:

* setup and determinization: :meth:`~StandardFormat.setup`, :meth:`~StandardFormat.determinize`
* who is in the game: :meth:`~StandardFormat.in_game`, :meth:`~StandardFormat.opponents`,
  :meth:`~StandardFormat.clockwise_from`, :meth:`~StandardFormat.next_active`
* wounds: :meth:`~StandardFormat.give_wounds`, :meth:`~StandardFormat.exile`,
  :meth:`~StandardFormat.wound_onto_stack`
* archives: :meth:`~StandardFormat.claimable`, ``common_archives``, ``wounds_into_archives``
* the end: :meth:`~StandardFormat.finish`; after every action: :meth:`~StandardFormat.after_action`
* what a player sees and what a save holds: :meth:`~StandardFormat.observe`,
  :meth:`~StandardFormat.save`, :meth:`~StandardFormat.load`

The determinization helpers both formats share (:func:`visible_cards`,
:func:`deal_hands_and_decks`, :func:`copy_public`) live here too.

>>> from gloam.nightfall.game import NightfallGame
>>> game = NightfallGame(players=3)
>>> type(game.format).__name__
'StandardFormat'
>>> state = game.new_initial_state(seed=1)
>>> game.format.opponents(state, 1)
[2, 0]
"""

from __future__ import annotations

from typing import Any

from gloam.core.decisions import EndReason, Outcome
from gloam.core.rng import Rng
from gloam.nightfall import engine, setup
from gloam.nightfall.state import NightfallState


def visible_cards(observation: dict[str, Any]) -> set[int]:
    """The card instances an observation lets its viewer place: the viewer's hand, cards
    every player saw go into a hand or onto a deck, discard piles, cards in play and
    attached, the chain, exiled cards, a hand being looked at, the moon, the wound stack's
    top and wounds placed on archives (Pipe Bomb). Everything else is hidden from it."""
    obs = observation
    visible = set(obs["hand"]) | set(obs["exiled"]) | {e["card"] for e in obs["chain"]}
    looking = obs.get("looking_at")
    if looking:
        visible.update(looking["cards"])
    for k in obs["known"]:
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
    for archive in obs["archives"]:
        visible.update(cid for _, cid in archive.get("wounds", ()))
    return visible


def deal_hands_and_decks(state: NightfallState, obs: dict[str, Any], hidden: dict[Any, list[int]]) -> None:
    """Determinize: give each player the hand and deck ``obs`` allows, from ``hidden``
    (each player's unseen cards, shuffled, by owner): the viewer's own hand, a hand the
    viewer is looking at, the cards everyone saw go into a hand or onto a deck, and the
    rest of each player's unseen cards to fill hand and deck to their public sizes."""
    looking, known = obs.get("looking_at"), obs["known"]
    for q in range(state.game.players):
        mine = hidden.pop(q, [])
        known_hand, known_top = known[q]["hand"], known[q]["top"]
        if q == obs["viewer"]:
            state.hands[q] = list(obs["hand"])
        elif looking and looking["player"] == q:
            state.hands[q] = list(looking["cards"])
        else:
            unknown = obs["hand_sizes"][q] - len(known_hand)
            state.hands[q], mine = list(known_hand) + mine[:unknown], mine[unknown:]
        state.decks[q] = mine + list(known_top)
        if len(state.decks[q]) != obs["deck_sizes"][q]:
            raise ValueError(f"observation is inconsistent: player {q}'s hidden cards do not fill the deck")


def _deal_mixed(state: NightfallState, archive: dict[str, Any], placed: dict[int, int],
                hidden: dict[Any, list[int]], rng: Any) -> list[int]:
    """Determinize a mixed archive (Bait and Switch): its wounds (Pipe Bomb) stay where
    they lie, its top order is its public top card, and the other cards it is known to
    hold are dealt below it in a random order, each from the hidden instances of its card."""
    size, top = archive["size"], archive["size"] - 1
    below = list(archive["mixed"])  # the names under the top card
    for pos, cid in placed.items():
        if pos != top:
            below.remove(state.cards[cid])
    rng.shuffle(below)
    names = iter(below)
    cards = []
    for pos in range(size):
        if pos in placed:
            cards.append(placed[pos])
        else:
            cards.append(hidden[archive["card"] if pos == top else next(names)].pop())
    return cards


def copy_public(state: NightfallState, obs: dict[str, Any], rng: Any) -> None:
    """Determinize: copy what ``obs`` shows as it is (discard piles, play areas, minions,
    exiled cards, the chain, effects, the work in flight (``in_flight``: the paused
    frames and the turn's facts), the known cards) and seed the new state's generator from ``rng``."""
    state.discards = [list(d) for d in obs["discards"]]
    state.play = [list(p) for p in obs["play"]]
    state.minions = {int(k): engine.deep_copy(v) for k, v in obs["minions"].items()}
    state.exiled = list(obs["exiled"])
    state.chain = engine.deep_copy(obs["chain"])
    state.effects = engine.deep_copy(obs["effects"])
    in_flight = obs["in_flight"]
    state.flags = engine.deep_copy(in_flight["turn"])
    state.stack = engine.deep_copy(in_flight["frames"])
    for key in ("face_up", "active", "first_player", "turn", "influence", "winner"):
        setattr(state, key, obs[key])
    state.phase, state.ending, state.over = obs["phase"], obs["ending"], obs["over"]
    state.known = [{"hand": list(k["hand"]), "top": list(k["top"])} for k in obs["known"]]
    state.rng = Rng(rng.next_u64() if isinstance(rng, Rng) else rng.getrandbits(64))


class StandardFormat:
    """The rulebook game (rules 13-165, the drafts and variants of rules 17-37 and
    174-179): one shared wound stack whose face-up wounds end the game (rule 161), the
    fewest wounds win (rules 162-165), every player plays to the end."""

    name = "standard"
    #: Bait and Switch may make a common archive (there are commons in this format)
    common_archives = True
    #: Pipe Bomb may put a wound from the wound stack on an archive (000 FAQ)
    wounds_into_archives = True

    def __init__(self, game: Any) -> None:
        """The format of ``game`` (its players and teams are fixed: the seating tables
        are worked out once, for the hot paths that ask them)."""
        n = game.num_players
        self._opponents = [tuple((p + k) % n for k in range(1, n) if (p + k) % n not in game.team(p))
                           for p in range(n)]
        self._clockwise = [tuple((p + k) % n for k in range(n)) for p in range(n)]
        #: whether :meth:`after_action` does anything (the engine skips the call otherwise)
        self.acts_after_actions = type(self).after_action is not StandardFormat.after_action
        #: whether :meth:`claimable` keeps fewer archives than it is given (the claim step skips it otherwise)
        self.filters_claims = type(self).claimable is not StandardFormat.claimable

    # ------------------------------------------------------------------ setup
    def setup(self, state: NightfallState) -> None:
        """Rules 13-37, up to the first decision. Quick start: starting decks, archives,
        wound stack, moons, opening hands, first player. A draft follows the rulebook's
        order: starting decks and wound stack; the draft, whose picks are the first
        decisions; on the last pick the archives (rule 23), the opening hands, the moons (so
        nobody drafts knowing the first moon) and the first player. The caller runs the
        engine to the first decision."""
        game, rng = state.game, state.rng
        setup.starting_decks(state)  # rule 33
        if game.archive_setup == "quick":
            privates, commons = setup.quick_start(game, rng)  # rule 31
            setup.build_archives(state, privates, commons)
            setup.wound_stack(state)  # rules 13-15
            setup.moon_stack(state)  # rule 36
            setup.setup_event(state)
            if game.custom_starters:  # rule 34: the players choose their starters, then 35, 37
                state.stack.append({"op": "turn", "step": 0})
                state.stack.append({"op": "deal_hands", "moons": False})
                state.stack.append({"op": "starters"})
                return
            setup.deal_hands(state)  # rules 35, 37
            state.stack.append({"op": "turn", "step": 0})
        else:
            setup.wound_stack(state)
            state.stack.append({"op": "turn", "step": 0})
            setup.start_draft(state)  # rules 17-30; then hands, moons, first player (35-37)

    def determinize(self, game: Any, observation: dict[str, Any], rng: Any) -> NightfallState:
        """:meth:`NightfallGame.determinize <gloam.nightfall.game.NightfallGame.determinize>`:
        a full state agreeing with ``observation``: each player's cards that the viewer
        cannot see (the viewer's own deck order; other players' hands and decks) are
        re-dealt at random among those hidden places; the wounds under the visible top and
        the moons under the current one are shuffled."""
        obs = observation
        viewer = obs["viewer"]
        state = NightfallState(game)
        state.cards, state.wtype, state.owner = list(obs["cards"]), list(obs["wtype"]), list(obs["owner"])
        visible = visible_cards(obs)
        hidden: dict[Any, list[int]] = {}
        wtype, cards = state.wtype, state.cards
        for cid, owner in enumerate(state.owner):
            if cid not in visible:
                key = owner if owner >= 0 else ("wound" if wtype[cid] else cards[cid])
                group = hidden.get(key)
                if group is None:
                    hidden[key] = [cid]
                else:
                    group.append(cid)
        for cards in hidden.values():
            rng.shuffle(cards)
        deal_hands_and_decks(state, obs, hidden)
        # Secret Archives (rule 176): a face-down pile the viewer does not own gets a draft
        # card nobody has seen face up, at random
        faceless = hidden.pop(None, [])
        unknown: list[str] = []
        if faceless:
            seen = {a["card"] for a in obs["archives"]}
            unknown = [c for c in setup.draft_pool(game) if c not in seen]
            rng.shuffle(unknown)
        for archive in obs["archives"]:
            if archive["card"] is None:
                if not unknown or len(faceless) < archive["size"]:
                    raise ValueError("observation is inconsistent: a secret archive cannot be dealt")
                identity = unknown.pop()
                cards, faceless = faceless[: archive["size"]], faceless[archive["size"]:]
                for cid in cards:
                    state.cards[cid] = identity
                state.archives.append({"card": identity, "owner": archive["owner"], "cards": cards, "secret": True})
                continue
            placed = {pos: cid for pos, cid in archive.get("wounds", ())}  # Pipe Bomb's public wounds
            if archive.get("mixed") is not None:  # Bait and Switch: known cards, order hidden below the top
                state.archives.append({"card": archive["card"], "owner": archive["owner"], "mixed": True,
                                       "cards": _deal_mixed(state, archive, placed, hidden, rng)})
                continue
            size = archive["size"] - len(placed)
            pool = hidden.get(archive["card"], [])
            orders, hidden[archive["card"]] = pool[:size], pool[size:]
            cards = [placed[i] if i in placed else orders.pop() for i in range(archive["size"])]
            state.archives.append({"card": archive["card"], "owner": archive["owner"], "cards": cards})
            if archive.get("secret"):
                state.archives[-1]["secret"] = True
        if faceless:
            raise ValueError("observation is inconsistent: face-down cards outside the secret archives")
        moons: list[int] = []
        for key in list(hidden):
            if key != "wound" and isinstance(key, str) and game.card(key).type == "moon":
                moons += hidden.pop(key)
        state.moons = moons + ([obs["moon"]] if obs["moon"] is not None else [])
        state.wounds = hidden.pop("wound", []) + ([obs["wound_top"]] if obs["wound_top"] is not None else [])
        if any(hidden.values()) or len(state.wounds) != obs["wound_count"]:
            raise ValueError("observation is inconsistent with the cards of this game")
        # a draft in progress: re-deal what the viewer never saw
        draft = setup.redeal_draft(game, obs["draft"], viewer, rng) if obs.get("draft") is not None else None
        copy_public(state, obs, rng)
        if draft is not None:
            state.flags["draft"] = draft
        state.check_cards()
        if not state.over:
            engine.run(state)  # the top frame asks its decision again, from this position
        return state

    # ------------------------------------------------------------------ after each action
    def after_action(self, state: NightfallState) -> None:
        """Called after every applied action, once the engine has stopped at the next
        decision: nothing to do in the standard game."""

    # ------------------------------------------------------------------ the players
    def in_game(self, state: NightfallState, player: int) -> bool:
        """Whether ``player`` still plays (every player does, to the end)."""
        return True

    def opponents(self, state: NightfallState, player: int) -> list[int]:
        """The other players, clockwise (to the left) from ``player`` (rule 101); in Team
        Play a teammate is no opponent (reading 14)."""
        return list(self._opponents[player])

    def clockwise_from(self, state: NightfallState, player: int) -> list[int]:
        """Every player in the game, clockwise from ``player`` (who comes first)."""
        return list(self._clockwise[player])

    def seating(self, state: NightfallState, player: int) -> tuple[int, ...]:
        """:meth:`clockwise_from` as a tuple the caller only reads (no copy: hot paths)."""
        return self._clockwise[player]

    def next_active(self, state: NightfallState) -> int:
        """The player whose turn comes next: the active player's left-hand neighbour (rule 101)."""
        return (state.active + 1) % state.game.num_players

    # ------------------------------------------------------------------ wounds
    def give_wounds(self, state: NightfallState, player: int, count: int, reason: str) -> None:
        """Rules 112, 182: each wound from the top of the wound stack onto the player's
        discard pile. The last face-up wound sets ``ending`` (rule 161); past the stack, the
        previously exiled wounds are given, the last exiled first (000 "The End of the
        Game"), and only then are wounds counted as bare numbers (reading 10)."""
        given = []
        last = False
        for _ in range(count):
            cid = state.wounds.pop() if state.wounds else self._exiled_wound(state)
            if cid is not None:
                state.owner[cid] = player
                state.discards[player].append(cid)
                given.append(cid)
            else:
                state.flags.setdefault("bare_wounds", [0] * state.game.num_players)[player] += 1
            if state.face_up > 0:
                state.face_up -= 1
                if state.face_up == 0:
                    state.ending = last = True
        state.events.append({"type": "wounds", "player": player, "count": count, "cards": given,
                             "reason": reason})
        if last:
            state.events.append({"type": "last_wound", "player": player})

    @staticmethod
    def _exiled_wound(state: NightfallState) -> int | None:
        """Past the wound stack (000 "The End of the Game"): take the wound exiled last
        out of the exiled cards, or None when no wound is exiled."""
        exiled, wtype = state.exiled, state.wtype
        for i in range(len(exiled) - 1, -1, -1):
            if wtype[exiled[i]] is not None:
                return exiled.pop(i)
        return None

    def exile(self, state: NightfallState, cid: int, reason: str) -> None:
        """Rule 44: out of the game for good."""
        state.exiled.append(cid)
        state.events.append({"type": "exile", "card": cid, "reason": reason})

    def wound_onto_stack(self, state: NightfallState, player: int, cid: int) -> None:
        """A wound from ``player``'s discard pile goes back on the wound stack (Blowtorch
        Triage): on top, face up, so it becomes the next wound given."""
        state.owner[cid] = -1
        state.wounds.append(cid)
        state.face_up += 1

    # ------------------------------------------------------------------ archives
    def claimable(self, state: NightfallState, player: int, archives: list[int]) -> list[int]:
        """Of ``archives`` (indices the card texts and rules 146-148 allow), the ones
        ``player`` may claim from: all of them here."""
        return archives

    # ------------------------------------------------------------------ the end
    def finish(self, state: NightfallState) -> None:
        """Rules 161-165: the fewest wounds wins; ties by the highest, then the second
        highest type count (lower wins); then closest to the right of the first player
        (reading 9: the first player's right-hand neighbour first, the first player last).
        Team Play (rule 178, reading 14): the same over each team's wounds taken together;
        the winner is the winning team's lower seat."""
        n = state.game.num_players
        state.winner = min(self.sides(state), key=lambda side: self.rank_key(state, side))[0]
        state.over = True
        state.ask = None
        state.phase = "over"
        event = {"type": "game_over", "winner": state.winner, "wounds": [state.wound_count(p)[0] for p in range(n)]}
        if state.game.teams:
            event["winners"] = list(state.game.team(state.winner))
        state.events.append(event)

    @staticmethod
    def sides(state: NightfallState) -> list[tuple[int, ...]]:
        """Who competes for the win: each player, or in Team Play (rule 178) each team as
        (lower seat, partner opposite)."""
        n = state.game.num_players
        if state.game.teams:
            half = n // 2
            return [(p, p + half) for p in range(half)]
        return [(p,) for p in range(n)]

    @staticmethod
    def rank_key(state: NightfallState, side: tuple[int, ...]) -> tuple[int, int, int, int]:
        """Rules 161-164 as a sort key (lowest wins): the side's wounds (bare wounds too,
        reading 10), its most and second most common wound type counts, then how close to
        the right of the first player its closest player sits."""
        n = state.game.num_players
        total = 0
        per_type = {"bite": 0, "burn": 0, "bleed": 0}
        for p in side:
            total += state.wound_count(p)[0]
            for pile in (state.decks[p], state.hands[p], state.discards[p]):
                for cid in pile:
                    if state.wtype[cid] is not None:
                        per_type[state.wtype[cid]] += 1
        types = sorted(per_type.values(), reverse=True)
        return total, types[0], types[1], min((state.first_player - p) % n or n for p in side)

    def outcome(self, state: NightfallState) -> Outcome:
        """Who won a finished game and why: the fewest wounds (``stack_exhausted`` when the
        wound stack was given out entirely on the way, reading 10), with the tie-break
        that decided it in ``detail``; in Team Play both partners win (rule 178)."""
        winners = tuple(state.game.team(state.winner)) if state.game.teams else (state.winner,)
        reason = EndReason.FEWEST_WOUNDS if state.wounds else EndReason.STACK_EXHAUSTED
        return Outcome(winners=winners, reason=reason, detail=self.tie_break(state))

    def tie_break(self, state: NightfallState) -> str:
        """How the winner (or winning team) came out ahead of the best of the rest: on
        wounds, on the most common wound type, on the second (rule 163), or by seat
        (rule 164, reading 9)."""
        sides = self.sides(state)
        ranked = sorted(sides, key=lambda side: self.rank_key(state, side))
        best, second = self.rank_key(state, ranked[0]), self.rank_key(state, ranked[1])
        who = " & ".join(f"player {p + 1}" for p in ranked[0])
        tally = ", ".join(str(self.rank_key(state, side)[0]) for side in sides)
        if best[0] != second[0]:
            return f"{who}: fewest wounds ({tally})"
        if best[1] != second[1]:
            return (f"{who}: tied on {best[0]} wounds, fewer of the most common wound type"
                    f" ({best[1]} to {second[1]}, rule 163)")
        if best[2] != second[2]:
            return (f"{who}: tied on {best[0]} wounds and the most common type, fewer of the second"
                    f" ({best[2]} to {second[2]}, rule 163)")
        return f"{who}: tied on {best[0]} wounds and wound types, closest to the right of the first player (rule 164)"

    # ------------------------------------------------------------------ views and saves
    def observe(self, state: NightfallState, player: int, obs: dict[str, Any]) -> None:
        """Add what this format shows to ``observation(player)``: nothing more here."""

    def save(self, state: NightfallState, data: dict[str, Any]) -> None:
        """Add this format's fields to ``state.to_json()``: none here."""

    def load(self, state: NightfallState, data: dict[str, Any]) -> None:
        """Read this format's fields of a saved state (raises :class:`RecordError`)."""
