"""Conformance of Nightfall over 2,000 seeded random games (2-5 players; quick start,
the Coldest War draft and the Martial Law draft; moons on and off; long games where the
wound stack allows; every first player and a random one), using the game-agnostic
checks of ``tests/conformance.py`` plus Nightfall's own helpers below.

What runs where. Measured: a random game is ~890 actions (2 players ~350-500, 5 players
~1,350; 1.79 million in all, the longest 2,335). ``to_json()`` costs ~30-40 us and a JSON
round trip ~1 ms (``from_json`` rebuilds the game's effect registry), so the checks that
need ``to_json`` cannot run on every action. The sweep costs ~145 CPU-seconds: ~75 s of
wall time with ``pytest -n 2`` on two idle cores (20 chunks of 100 games; measured 160
CPU-s / 243 s wall while other test runs shared the two cores). It is marked ``slow``
(``-m "not slow"`` skips it); the other tests of the file take ~1 s.

* on EVERY action of EVERY game (cheap tier): every card instance exactly once
  (``state.check_cards()``: orders, wounds, moons, exiled cards, attachments, the chain;
  rules 6, 13, 33, 44), the protocol's pieces agreeing, the Nightfall position being
  sound (``check_position``: minion records and play areas agree, no minion in play at 0
  health, rule 110; the face-up count; the chain holds orders; the turn's frame is the
  bottom of the frame stack, so nothing pending outlives its turn), every option
  fitting its decision (``check_options``), and ``clone()`` equal and independent:
  the clone equals the state field by field (everything ``to_json`` holds) and shares no
  list or dict with it; the action is applied to the clone and the game goes on from
  it, so the whole game is played on clones and the final replay (from scratch, no
  clones) checks that clones behave exactly like the original.
* expensive tier, on every action of one 2-player game per chunk, on every
  ``EXPENSIVE_EVERY``-th action of the others (the offset varies per game) and on every
  final state: every zone holding what it may (``check_zones``: piles hold their
  owner's cards, archives their card, the wound stack wounds), the exact JSON round trip
  (same state, same legal actions), ``legal_mask()``, the ``to_json``-based clone check of ``tests/conformance.py``,
  ``observation(p)`` unchanged for every p when the cards p cannot see are permuted
  (:func:`permute_unseen`), and ``game.determinize(observation(p))`` for every p: a
  sound state whose ``observation(p)`` is the original's (for the player to act: the
  same legal actions), which then plays on.
* at the end of every game: it ended within ``MAX_ACTIONS`` after the last face-up
  wound was given (rule 161), ``returns()`` names the one winner and the winner has the
  fewest wounds (rules 162-165), the card texts are unchanged, the event redaction for
  every viewer (private draws, looks and draft picks show no card ids to others), and
  the record (game, setup, seed, actions) replays to the identical final state and
  events.

The last tests show that the checks can fail (leaking observations, shared clones,
unredacted draws, a determinize that changes what its viewer sees, a lost card).
"""

from __future__ import annotations

import random
from collections import Counter
from operator import is_
from typing import Any

import pytest

from gloam.core import SPECTATOR
from gloam.core.errors import RecordError, SetupError
from gloam.core.rng import Rng, derive_seed
from gloam.nightfall import engine
from gloam.nightfall.actions import (
    ARCHIVE0,
    ATTACK0,
    BLOCK0,
    CARD0,
    DISCARD0,
    DONE,
    FEED,
    MAX_PLAYERS,
    MAX_SLOTS,
    OPTION0,
    PASS,
    PLAY0,
    PLAYER0,
    SIZE,
)
from gloam.nightfall.game import NightfallGame
from gloam.nightfall.registry import Effects
from gloam.nightfall.setup import ARCHIVE_SETUPS
from gloam.nightfall.state import NightfallState

import conformance as cf

N_GAMES = 2000
N_CHUNKS = 20
EXPENSIVE_EVERY = 400  # the expensive tier runs on every 400th action (offset varies per game),
#                        on every action of one 2-player game per chunk, and on every final state
MAX_ACTIONS = 20_000  # the longest of these 2,000 random games is far shorter (see the test)
MASTER_SEED = 20240617
DETERMINIZED_STEPS = 8  # random actions played on from each determinized state of the player to act

#: the decision kinds every chunk of 100 games reaches (measured: each at least 36 times in
#: every chunk). Not here: "order_blockers" (which of several minions that must block
#: damage dealt to their player absorbs it first, rule 113): no Coldest War card has such
#: text, so it cannot come up yet.
COMMON_KINDS = {"draft", "combat_window", "attack", "block", "chain_start", "link", "target_minion",
                "target_player", "target_card", "target_archive", "feed", "claim", "wound_effect", "moon",
                "choose_wounds", "choose_discard", "order_events"}
#: the events every chunk reaches
COMMON_EVENTS = {"draft_pick", "draft_reveal", "first_player", "reshuffle", "combat_text", "attack", "block",
                 "damage", "destroyed", "discarded", "exile", "chain", "kicker", "feed", "resolve", "enter_play",
                 "attach", "fetch", "look", "restore", "strength", "influence", "claim", "wounds", "moon",
                 "last_wound", "game_over"}
#: every kind of decision the engine asks, with the option ranges each may offer
KIND_OPTIONS = {
    "combat_window": ("pass", "play"),
    "attack": ("attack",),
    "block": ("block", "done"),
    "chain_start": ("pass", "play"),
    "link": ("play", "done"),
    "target_minion": ("card",),
    "target_player": ("player",),
    "target_archive": ("archive",),
    "target_card": ("card",),
    "order_blockers": ("card",),
    "feed": ("feed", "pass"),
    "claim": ("archive", "discard", "done"),
    "wound_effect": ("pass", "play"),
    "moon": ("option",),
    "choose_wounds": ("card", "done"),
    "choose_discard": ("card", "done"),
    "order_events": ("player",),
    "draft": ("option",),
    "starters": ("option",),  # customised starting decks (rule 34)
    "optional": ("option", "pass"),  # "you may …" card text
    "may_discard": ("card", "pass"),  # "you may discard … to …" card text
}


def option_range(index: int) -> str:
    """The name of the part of the action table ``index`` lies in."""
    if index == PASS:
        return "pass"
    if index == DONE:
        return "done"
    if index == FEED:
        return "feed"
    for name, start, end in (("card", CARD0, PLAY0), ("play", PLAY0, DISCARD0), ("discard", DISCARD0, PLAYER0),
                             ("player", PLAYER0, ARCHIVE0), ("archive", ARCHIVE0, OPTION0),
                             ("option", OPTION0, ATTACK0), ("attack", ATTACK0, BLOCK0), ("block", BLOCK0, SIZE)):
        if start <= index < end:
            return name
    raise AssertionError(f"option {index} is outside the action table")


# --------------------------------------------------------------------- setups
def game_setup(i: int) -> tuple[NightfallGame, int]:
    """Game number ``i`` and its seed. Each chunk (``i % N_CHUNKS``) gets every player
    count in turn (so chunks cost about the same); over all games every player count
    plays every archive setup (quick start, the CW draft, the ML draft; rules 17-31),
    with and without moons (rule 36), long (2-4 players; 5-player long games are refused,
    see :func:`test_five_player_long_game_is_refused`) and normal, from every seat and
    with a random first player (rule 37)."""
    chunk, k = i % N_CHUNKS, i // N_CHUNKS
    players = 2 + k % 4
    archives = ARCHIVE_SETUPS[(k + chunk) % len(ARCHIVE_SETUPS)]
    moons = (k // 4) % 2 == 1
    long = players < 5 and (k // 8 + chunk) % 2 == 1
    first: int | str = (k // 16 + chunk) % (players + 1)
    if first == players:
        first = "random"
    game = NightfallGame(players=players, archives=archives, moons=moons, long=long, first_player=first)
    return game, derive_seed(MASTER_SEED, i)


# --------------------------------------------------------------------- Nightfall helpers
def fields(state: NightfallState) -> tuple:
    """Everything ``to_json`` holds, as the live objects (no copies): comparing two of
    these with ``==`` is ``to_json`` equality at C speed. The event list is append-only
    (clones share its dicts), so its length and last event stand for it here; the exact
    JSON round trip and the replay compare every event."""
    s, a = state, state.ask
    return (s.game.setup_json(), s.cards, s.wtype, s.owner, s.decks, s.hands, s.discards, s.play, s.minions,
            s.archives, s.wounds, s.face_up, s.exiled, s.chain, s.effects, s.moons, s.active, s.first_player,
            s.turn, s.phase, s.influence, s.flags, s.ending, s.over, s.winner, s.stack,
            None if a is None else (a.player, a.kind, a.options, a.prompt), s.rng.state,
            len(s.events), s.events[-1] if s.events else None, s.known)


_CONTAINERS = (list, dict)


def _disjoint(a: Any, b: Any, where: str) -> None:
    """``a`` and ``b`` (equal plain data) share no list or dict. Lists hold either only
    scalars or only containers, so a list's first item says whether to descend."""
    if a is b:
        raise AssertionError(f"clone() shares {where} with the original")
    if type(a) is list:
        if a and type(a[0]) in _CONTAINERS:
            for i, x in enumerate(a):
                _disjoint(x, b[i], f"{where}[{i}]")
    elif type(a) is dict:
        for k, x in a.items():
            if type(x) in _CONTAINERS:
                _disjoint(x, b[k], f"{where}[{k!r}]")


def check_disjoint(state: NightfallState, copy: NightfallState) -> None:
    """The clone shares no list or dict with the original, except what is shared by
    design: the instance tables ``cards`` / ``wtype`` (fixed once the archives exist),
    the append-only event dicts and the immutable pending ``ask``. (The zones of known
    shape are walked with C-speed identity maps; the rest with :func:`_disjoint`.)"""
    for name in ("owner", "wounds", "exiled", "moons", "events"):
        if getattr(state, name) is getattr(copy, name):
            raise AssertionError(f"clone() shares {name} with the original")
    for name in ("decks", "hands", "discards", "play"):
        a, b = getattr(state, name), getattr(copy, name)
        if a is b or any(map(is_, a, b)):
            _disjoint(a, b, name)  # names the shared pile
    a, b = state.minions, copy.minions
    if a is b or any(x is b[k] or x["attached"] is b[k]["attached"] for k, x in a.items()):
        _disjoint(a, b, "minions")
    a, b = state.archives, copy.archives
    if a is b or any(x is y or x["cards"] is y["cards"] for x, y in zip(a, b)):
        _disjoint(a, b, "archives")
    for name in ("chain", "effects", "flags", "stack"):
        _disjoint(getattr(state, name), getattr(copy, name), name)


def check_clone(state: NightfallState, action: int) -> NightfallState:
    """``clone()`` is equal to ``state`` (every field ``to_json`` holds) and independent:
    it shares no list or dict with the original (so nothing done to one can change the
    other; the to_json-based check of ``tests/conformance.py``, which applies an action
    to a clone and compares the original, runs in the expensive tier). Applies ``action``
    to the clone and returns it: the game goes on from the clone."""
    copy = state.clone()
    assert copy is not state and type(copy) is type(state), "clone() is not a new state of the same type"
    if fields(copy) != fields(state):
        diff = [k for k, v in state.to_json().items() if copy.to_json().get(k) != v]
        raise AssertionError(f"clone() differs from the original in {diff}")
    check_disjoint(state, copy)
    copy.apply(action, player=state.current_player())
    return copy


def check_cards(state: NightfallState, where: str = "") -> None:
    """Every card instance exactly once (``check_cards``), with the missing and doubled
    ids named when it fails."""
    try:
        state.check_cards()
    except RecordError:
        cf.check_conservation(state.all_cards(), len(state.cards), where)
        raise


def check_position(state: NightfallState) -> None:
    """What a player at the table would notice if it were wrong (cheap: minions only):
    minions in play are minions with health left (rule 110), each in its controller's
    play area once, with actions attached; the wound stack never holds fewer cards than
    the face-up wounds still to give (rule 13); the chain holds orders; the turn's frame
    is the one at the bottom of the frame stack (a frame buried beneath it would never
    resolve and would be carried into every later turn, clone and save)."""
    g = state.game
    cards = state.cards
    minions = state.minions
    placed = 0
    for p, area in enumerate(state.play):
        placed += len(area)
        for m in area:
            info = minions.get(m)
            assert info is not None and info["controller"] == p, \
                f"minion {m} in player {p}'s play area has the record {info}"
    assert placed == len(minions), f"minion records {sorted(minions)} disagree with the play areas {state.play}"
    for m, info in minions.items():
        card = g.card(cards[m])
        assert card.is_minion, f"{card.name} ({m}) is in play but is not a minion"
        assert 0 <= info["damage"] < (card.health or 0), \
            f"{card.name} ({m}) is in play with {info['damage']} damage and {card.health} health (rule 110)"
        for a in info["attached"]:
            assert g.card(cards[a]).type == "action", f"{cards[a]} ({a}) is attached to minion {m}"
    assert 0 <= state.face_up <= len(state.wounds), \
        f"{state.face_up} face-up wounds to give but {len(state.wounds)} in the wound stack (rule 13)"
    for e in state.chain:
        assert g.card(cards[e["card"]]).is_order, "a non-order is in the chain"
    assert state.phase in ("setup", "draft", "combat", "chain", "claim", "cleanup", "over"), f"phase {state.phase!r}"
    ops = [f["op"] for f in state.stack]
    assert not ops or (ops[0] == "turn" and ops.count("turn") == 1), f"frames outlive their turn: {ops}"


def check_zones(state: NightfallState) -> None:
    """The rest of a sound position (every card, so run in the expensive tier): decks,
    hands and discard piles hold their owner's cards (rule 38); archives hold their own
    card; the wound stack holds wounds; moons are moons."""
    g = state.game
    owner, cards = state.owner, state.cards
    for zone in ("decks", "hands", "discards"):
        for p, pile in enumerate(getattr(state, zone)):
            strangers = [c for c in pile if owner[c] != p]
            assert not strangers, f"player {p}'s {zone[:-1]} holds cards owned by others: {strangers}"
    for k, archive in enumerate(state.archives):
        wrong = [c for c in archive["cards"] if cards[c] != archive["card"]]
        assert not wrong, f"archive {k} ({archive['card']}) holds other cards {wrong}"
    assert all(state.wtype[c] is not None for c in state.wounds), "a non-wound is in the wound stack"
    assert all(g.card(cards[c]).type == "moon" for c in state.moons), "a non-moon is in the moon stack"


def check_options(state: NightfallState) -> None:
    """Each option fits the decision's kind and names something that exists where it must:
    a card played or discarded is in the decider's hand, a target minion is in play, an
    attacker / blocker slot holds a minion, a target archive is not empty (rule 43)."""
    kind = state.decision_kind()
    if kind == "over":
        return
    assert kind in KIND_OPTIONS, f"unknown decision kind {kind!r}"
    allowed = KIND_OPTIONS[kind]
    p = state.current_player()
    hand = state.hands[p]
    for i in state.legal_action_indices():
        part = option_range(i)
        assert part in allowed, f"{kind} decision offers {state.action_space[i]!r}"
        if part in ("play", "discard"):
            cid = i - (PLAY0 if part == "play" else DISCARD0)
            assert cid in hand, f"{kind}: player {p} may play/discard card {cid}, not in hand {hand}"
        elif part == "card" and kind in ("target_minion", "order_blockers"):
            assert i - CARD0 in state.minions, f"{kind}: target {i - CARD0} is not a minion in play"
        elif part == "card" and kind in ("choose_wounds", "choose_discard", "may_discard"):
            assert i - CARD0 in hand, f"{kind}: card {i - CARD0} is not in player {p}'s hand"
        elif part == "attack":
            slot, target = divmod(i - ATTACK0, MAX_PLAYERS)
            assert p == state.active and slot < len(state.play[p]) and target in state.opponents(p), \
                f"attack option {state.action_space[i]!r} of player {p}"
        elif part == "block":
            slot, _ = divmod(i - BLOCK0, MAX_SLOTS)
            assert p != state.active and slot < len(state.play[p]), f"block option {state.action_space[i]!r}"
        elif part == "archive":
            assert state.archives[i - ARCHIVE0]["cards"], f"{kind}: archive {i - ARCHIVE0} is empty (rule 43)"
        elif part == "player":
            assert 0 <= i - PLAYER0 < state.num_players
        elif part == "option" and kind == "draft":
            assert i - OPTION0 < len(state.flags["draft"]["hands"][p]), f"draft pick {i - OPTION0} of {p}"


def permute_unseen(state: NightfallState, viewer: int, rng: random.Random) -> NightfallState:
    """A copy of ``state`` where the cards ``viewer`` cannot see are shuffled among their
    places: for each other player q, q's hand and deck together (unless the viewer is
    looking at q's hand right now); the viewer's own deck order; the face-down wounds
    under the visible top of the wound stack (all of them once none is face up); the
    moons under the current one; identical cards among the archives; and during a draft
    the draft cards the viewer never saw, among the other players' hands and picks and
    the box (rules 17-30: a card the viewer saw and passed on stays where it is)."""
    new = state.clone()
    looking = state.observation(viewer)["looking_at"]
    _swap_secret_archives(new, viewer, rng)
    for q in range(state.num_players):
        if q == viewer or (looking and looking["player"] == q):
            rng.shuffle(new.decks[q])
            continue
        pool = new.hands[q] + new.decks[q]
        rng.shuffle(pool)
        cut = len(new.hands[q])
        new.hands[q], new.decks[q] = pool[:cut], pool[cut:]
    shuffle_face_down_stacks(new, rng)
    draft = new.flags.get("draft")
    if draft is not None:  # the draft cards the viewer never saw, among the places they can be
        seen = set(draft["commons"])
        if viewer != SPECTATOR:  # a spectator saw only the commons
            seen |= set(draft["hands"][viewer]) | set(draft["picks"][viewer])
            for cards in draft["passed"][viewer]:
                seen.update(cards)
        spots = [(pile, j) for q in range(state.num_players) if q != viewer
                 for pile in (draft["hands"][q], draft["picks"][q]) for j, c in enumerate(pile) if c not in seen]
        spots += [(draft["rest"], j) for j in range(len(draft["rest"]))]
        pool = [pile[j] for pile, j in spots]
        rng.shuffle(pool)
        for (pile, j), card in zip(spots, pool, strict=True):
            pile[j] = card
        for q, hand in enumerate(draft["hands"]):
            hand.sort()  # draft hands are kept sorted (Option(k) picks the k-th card)
    places: dict[tuple, list[tuple[list[int], int]]] = {}
    for archive in new.archives:
        for j, cid in enumerate(archive["cards"]):
            places.setdefault((state.cards[cid], state.wtype[cid], state.owner[cid]), []).append(
                (archive["cards"], j))
    for spots in places.values():
        pool = [pile[j] for pile, j in spots]
        rng.shuffle(pool)
        for (pile, j), cid in zip(spots, pool, strict=True):
            pile[j] = cid
    return new


def shuffle_face_down_stacks(state: NightfallState, rng: random.Random) -> None:
    """Re-deal what nobody sees of the two shared stacks: the wound stack under its
    face-up top (all of it once none is face up), and the moons under the current one."""
    hidden = len(state.wounds) - (1 if state.face_up > 0 and state.wounds else 0)
    under = state.wounds[:hidden]
    rng.shuffle(under)
    state.wounds[:hidden] = under
    under = state.moons[:-1]
    rng.shuffle(under)
    state.moons[:-1] = under


def _swap_secret_archives(state: NightfallState, viewer: int, rng: random.Random) -> None:
    """Rule 176: face-down archives that ``viewer`` does not own (every one, for a
    spectator) hide their card: shuffle whole piles among those of the same owner and
    size, a re-deal the viewer cannot tell from the real one."""
    groups: dict[tuple[int, int], list[int]] = {}
    for k, archive in enumerate(state.archives):
        if archive.get("secret") and archive["owner"] != viewer:
            groups.setdefault((archive["owner"], len(archive["cards"])), []).append(k)
    for ks in groups.values():
        piles = [(state.archives[k]["card"], state.archives[k]["cards"]) for k in ks]
        rng.shuffle(piles)
        for k, (card, cards) in zip(ks, piles, strict=True):
            state.archives[k]["card"], state.archives[k]["cards"] = card, cards


def check_determinize_every_viewer(game: NightfallGame, state: NightfallState, rng: Any,
                                   chooser: random.Random) -> None:
    """For every player p, ``game.determinize(observation(p))`` is a sound state (every
    card once, a sound position) that p cannot tell from the real one: its
    ``observation(p)`` is the original's. For the player to act the legal actions are the
    same, and the determinized game plays on (a search bot's rollout)."""
    acting = state.current_player()

    def sound(det: NightfallState, where: str) -> None:
        check_cards(det, where)
        check_position(det)
        check_zones(det)

    for p in range(state.num_players):
        cf.check_determinize_for(game, state, p, rng, sound)
    if acting >= 0:
        det = game.determinize(state.observation(acting), rng)
        for step in range(DETERMINIZED_STEPS):
            if det.is_terminal():
                break
            det.apply(chooser.choice(det.legal_action_indices()))
            sound(det, f"determinized state after {step + 1} actions: ")


#: private events and their secret keys: draws (rule 35, 39, 153), a look at a hand
#: (Routine Questioning), a draft hand and a face-down draft pick (rules 19-22)
PRIVATE_EVENTS = {"draw": ["cards"], "look": ["cards"], "draft_hand": ["cards"], "draft_pick": ["card"]}


def check_private_events(state: NightfallState) -> None:
    """Deals and draws show their card ids to the drawer only (the count to all); a look
    at a hand shows it to the looker and the hand's owner only; a draft hand and a draft
    pick only to their player. No other event carries a secret."""
    n = state.num_players
    views = [state.events_for(p) for p in range(n)]
    draws = 0
    for i, event in enumerate(state.events):
        kind = event["type"]
        if kind not in PRIVATE_EVENTS:
            assert "secret" not in event, f"event {i} ({kind}) has secrets: {event}"
            continue
        allowed = [event["player"], event["target"]] if kind == "look" else [event["player"]]
        assert event.get("to") == allowed and event.get("secret") == PRIVATE_EVENTS[kind], \
            f"{kind} event {i} is not private to {allowed}: {event}"
        if kind == "draw":
            draws += 1
            assert len(event["cards"]) == event["count"]
        for p in range(n):
            seen = views[p][i]
            if p in allowed:
                assert all(seen[k] == event[k] for k in PRIVATE_EVENTS[kind])
            else:
                assert not any(k in seen for k in PRIVATE_EVENTS[kind]), \
                    f"player {p} sees player {event['player']}'s {kind}: {seen}"
            if kind == "draw":
                assert seen["count"] == event["count"]
    assert draws >= n, "no deal to check"


PRISTINE: dict[str, Any] = {}


def check_card_texts_unchanged(game: NightfallGame) -> None:
    """Playing never changes the card texts (the frames effects push are copies): the
    game's texts equal freshly built ones, card by card."""
    if not PRISTINE:
        fresh = Effects(game.card_sets)
        PRISTINE.update({c.id: fresh.texts(c.id) for s in game.card_sets for c in s.cards})
    for cid, texts in PRISTINE.items():
        assert game.effects.texts(cid) == texts, f"the texts of {cid} changed during the game"


def check_end(state: NightfallState) -> None:
    """Rules 161-165: the game ended because the last face-up wound was given; the
    winner has the fewest wounds (counted in deck, hand and discard pile)."""
    assert state.ending and any(e["type"] == "last_wound" for e in state.events), \
        "the game ended without the last face-up wound being given (rule 161)"
    assert state.events[-1]["type"] == "game_over" and state.events[-1]["winner"] == state.winner
    counts = []
    for p in range(state.num_players):
        piles = state.decks[p] + state.hands[p] + state.discards[p]
        counts.append(sum(1 for c in piles if state.wtype[c] is not None)
                      + state.flags.get("bare_wounds", [0] * state.num_players)[p])
    assert counts == state.events[-1]["wounds"], f"wound counts {counts} vs {state.events[-1]['wounds']}"
    assert counts[state.winner] == min(counts), f"player {state.winner} won with {counts} wounds (rule 162)"


# --------------------------------------------------------------------- one game
class GameChecker:
    """Plays one game on clones and runs the tiers; keeps coverage counts."""

    def __init__(self, game: NightfallGame, i: int) -> None:
        self.game = game
        chunk, k = i % N_CHUNKS, i // N_CHUNKS
        # one 2-player game (not long) per chunk: without moons in even chunks, with in odd ones
        self.full = k == (0 if chunk % 2 == 0 else 12)
        self.offset = i % EXPENSIVE_EVERY
        self.rng = random.Random(derive_seed(MASTER_SEED, i, 2))
        # determinize accepts both generators: alternate them between games
        self.det_rng = Rng(derive_seed(MASTER_SEED, i, 3)) if i % 2 else random.Random(i)
        self.kinds: Counter[str] = Counter()
        self.expensive = 0
        self.moved = 0

    def cheap(self, state: NightfallState, step: int) -> None:
        check_cards(state, f"step {step}: ")
        cf.check_protocol(state)
        check_position(state)
        check_options(state)

    def expensive_tier(self, state: NightfallState, action: int | None) -> None:
        self.expensive += 1
        check_zones(state)
        cf.check_legal_mask(state)
        cf.check_json_round_trip(state)
        self.moved += cf.check_observation_hides_unseen(state, permute_unseen, self.rng)
        check_determinize_every_viewer(self.game, state, self.det_rng, self.rng)
        if action is not None:
            cf.check_clone_and_apply(state, action)

    def check_start(self, state: NightfallState) -> None:
        """After the setup (and the draft): rules 23-24, 31 two private archives each and
        8 commons; rules 33, 35 twelve starters, five in hand; rule 36 the moons; rule 37
        the first player."""
        n = self.game.num_players
        assert [len(h) for h in state.hands] == [5] * n and [len(d) for d in state.decks] == [7] * n
        owners = Counter(a["owner"] for a in state.archives)
        assert owners == Counter({-1: 8, **{p: 2 for p in range(n)}}), f"archives by owner: {owners}"
        assert all(len(a["cards"]) == 7 for a in state.archives), "an archive does not hold 7 cards (rule 6)"
        assert state.turn == 1 and state.active == state.first_player and state.phase == "combat"
        assert len(state.moons) == (6 if self.game.use_moons else 0)  # rule 36
        if not self.game.random_first:
            assert state.first_player == self.game.first_player

    def play(self, seed: int, chooser_seed: int) -> tuple[NightfallState, list[int]]:
        chooser = random.Random(chooser_seed)
        state = self.game.new_initial_state(seed)
        game = self.game
        assert state.face_up == game.num_players * (15 if game.long else 10)  # rules 13-14
        drafting = game.archive_setup != "quick"
        if drafting:
            assert state.pending().kind == "draft" and not state.archives, "a draft starts with the picks"
        else:
            self.check_start(state)
        actions: list[int] = []
        while not state.is_terminal() and len(actions) < MAX_ACTIONS:
            step = len(actions)
            if drafting and state.decision_kind() != "draft":
                drafting = False
                self.check_start(state)
            self.cheap(state, step)
            action = chooser.choice(state.legal_action_indices())
            self.kinds[state.decision_kind()] += 1
            if self.full or step % EXPENSIVE_EVERY == self.offset:
                self.expensive_tier(state, action)
            state = check_clone(state, action)
            actions.append(action)
        self.cheap(state, len(actions))
        self.expensive_tier(state, None)
        return state, actions


def run_game(i: int) -> tuple[GameChecker, NightfallState, int]:
    game, seed = game_setup(i)
    checker = GameChecker(game, i)
    final, actions = checker.play(seed, derive_seed(MASTER_SEED, i, 1))
    winner = cf.check_game_over(final, MAX_ACTIONS, len(actions))
    assert winner == final.winner
    check_end(final)
    check_card_texts_unchanged(game)
    cf.check_event_redaction(final)
    check_private_events(final)
    cf.check_replay(game, seed, actions, final)
    return checker, final, len(actions)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(N_CHUNKS))
def test_random_games_conform(chunk: int) -> None:
    """Games ``chunk``, ``chunk + 20``, ... (100 games of 2-5 players) pass every check;
    together they reach every decision kind but one (see ``COMMON_KINDS``) and the
    events of ``COMMON_EVENTS``: draft picks (rules 19-23), a reshuffle of the discard
    pile (rule 39), kickers (rule 135), feed (rule 88), attachments (rule 79), claims
    (rule 143), destroyed and discarded minions (rules 110, 117), exiled starters (rule 59),
    moon changes (rule 98) and the end of the game (rule 161)."""
    kinds: Counter[str] = Counter()
    event_types: Counter[str] = Counter()
    expensive = moved = longest = 0
    for i in range(chunk, N_GAMES, N_CHUNKS):
        checker, final, length = run_game(i)
        kinds += checker.kinds
        expensive += checker.expensive
        moved += checker.moved
        longest = max(longest, length)
        event_types.update(e["type"] for e in final.events)
    assert COMMON_KINDS <= set(kinds), f"decision kinds not reached: {COMMON_KINDS - set(kinds)}"
    assert COMMON_EVENTS <= set(event_types), f"events not reached: {sorted(COMMON_EVENTS - set(event_types))}"
    assert moved > expensive * 0.9, "the permutation of unseen cards rarely moved a card: the check is weak"
    assert longest < MAX_ACTIONS // 4, f"a game took {longest} actions: the bound is too close"


def test_public_events_do_not_use_the_audience_key() -> None:
    """gloam.core.events reserves ``"to"`` (with ``"secret"``) for the players who may see
    a private event's secrets; ``events_for`` strips it for viewers. A public event that
    uses ``"to"`` for something else (a claim's ``"to": "discard"``, a fetch's
    ``"to": "hand"``, an attach's ``"to": <minion>``) breaks that contract: the generic
    redaction check fails, and a client reading the audience gets a string or an int."""
    game, seed = game_setup(0)
    state = game.new_initial_state(seed)
    chooser = random.Random(1)
    while not state.is_terminal():
        state.apply(chooser.choice(state.legal_action_indices()))
    assert any(e["type"] == "claim" for e in state.events)
    cf.check_event_redaction(state)


# --------------------------------------------------------------------- setups and the end
def test_five_player_long_game_is_refused() -> None:
    """Rule 14: a long game needs 5 more face-up wounds per player; 5 x 15 = 75 is more
    than The Coldest War's 60-card wound stack, so the setup is refused with the reason."""
    with pytest.raises(SetupError, match=r"75 face-up wounds .* wound stack has 60"):
        NightfallGame(players=5, long=True)
    for players in (2, 3, 4):
        assert NightfallGame(players=players, long=True).new_initial_state(1).face_up == players * 15


def test_every_setup_of_the_sweep_occurs() -> None:
    """The 2,000 games cover every (players, moons, long, first player) the setup allows,
    and every archive setup with every player count."""
    setups = [g.setup_json() for g, _ in map(game_setup, range(N_GAMES))]
    seen = {(s["players"], s["moons"], s["long"], s["first_player"]) for s in setups}
    wanted = {(n, m, lg, f) for n in range(2, 6) for m in (False, True) for lg in (False, True)
              for f in [*range(n), "random"] if not (n == 5 and lg)}
    assert seen == wanted
    assert {(s["players"], s["archives"]) for s in setups} == {(n, a) for n in range(2, 6) for a in ARCHIVE_SETUPS}


def test_turn_limit_ends_a_game_without_a_winner() -> None:
    """``turn_limit`` (simulations only; the rules have none) ends a game at the end of
    that turn, with no winner, and such a game replays like any other."""
    game = NightfallGame(players=3, turn_limit=3)
    final, actions = cf.play_random_game(game, 4, 4, lambda *_: None, MAX_ACTIONS)
    cf.check_game_over(final, MAX_ACTIONS, len(actions), no_winner=True)
    assert final.turn == 3 and sum(e["type"] == "turn" for e in final.events) == 3, \
        f"ended in turn {final.turn}, not at the end of turn 3"
    assert not final.ending, "the turn limit, not the last face-up wound, ended this game"
    cf.check_replay(game, 4, actions, final)


def test_a_card_taken_into_a_hand_in_plain_view_stays_known() -> None:
    """docs/architecture.md: an observation holds "the cards in other hands that everyone
    saw arrive". Doktor Nyilaszy's chain text takes a ghoul from the discard pile (a
    public zone) into its player's hand, with a public "fetch" event naming the card; so
    the opponent knows that card is in that hand, and every state determinized from the
    opponent's observation must keep it there. Today the observation forgets it and
    determinize() deals it into the deck most of the time. (The same holds for a card
    put on top of a deck in plain view: R&D's kicker, All Fears Revealed's claims to the deck,
    Unholy Resurrection's archive cards.)"""
    from nf_scenario import NfTable

    table = NfTable(players=2)
    ghoul = next(c.name for c in table.game.card_sets[0].starters if c.keyword == "ghoul")
    state = table.position(hands={0: ["Doktor Nyilaszy"]}, discards={0: [ghoul]}, phase="chain",
                           decks={0: ["Kilo 13", "Clever Ivan", "Snowstorm", "Victor One"] * 3})
    table.choose(state, "play", "Doktor Nyilaszy", by=0)
    table.choose(state, "done", by=0)
    table.choose(state, "done", by=1)
    table.choose(state, "card", ghoul, by=0)
    fetched = table.id(state, ghoul)
    assert state.hands[0] == [fetched]
    assert any(e["type"] == "fetch" and e["card"] == fetched for e in state.events_for(1))  # player 1 saw it
    kept = [fetched in table.game.determinize(state.observation(1), random.Random(k)).hands[0] for k in range(20)]
    assert all(kept), f"the fetched card left player 0's hand in {kept.count(False)} of 20 determinizations"


# --------------------------------------------------------------------- the checks can fail
def _state(i: int = 1, actions: int = 120, until=None) -> tuple[NightfallGame, NightfallState]:
    """Game ``i`` of the sweep after ``actions`` random actions (or fewer, at its end, or
    as soon as ``until(state)`` holds)."""
    game, seed = game_setup(i)
    state = game.new_initial_state(seed)
    chooser = random.Random(seed)
    for _ in range(actions):
        if state.is_terminal() or (until is not None and until(state)):
            break
        state.apply(chooser.choice(state.legal_action_indices()))
    return game, state


def test_checks_catch_a_leaking_observation() -> None:
    """The permutation check is not vacuous: an observation that shows the face-down
    wound under the visible top, or another player's deck top, fails it."""

    class Leaky(NightfallState):
        __slots__ = ()

        def observation(self, player):
            return dict(super().observation(player), under_top=self.wounds[-2],
                        deck_tops=[d[-1] if d else None for d in self.decks])

    _, plain = _state()
    state = Leaky.from_json(plain.to_json())

    def leaky_permute(s, viewer, rng):
        permuted = permute_unseen(s, viewer, rng)
        permuted.__class__ = Leaky
        return permuted

    with pytest.raises(AssertionError, match="depends on cards it cannot see"):
        cf.check_observation_hides_unseen(state, leaky_permute, random.Random(0))
    assert cf.check_observation_hides_unseen(plain, permute_unseen, random.Random(0))  # moved cards, no leak


def test_checks_catch_a_shared_clone() -> None:
    """The clone check is not vacuous: a clone that shares one player's hand, or a
    minion's attachment list deep inside, or forgets the per-turn flags, fails it; and
    the to_json-based check of tests/conformance.py catches the shared hand once an
    action changes it."""

    def variant(name, change):
        def clone(self):
            new = NightfallState.clone(self)
            new.__class__ = type(self)
            change(self, new)
            return new
        return type(name, (NightfallState,), {"__slots__": (), "clone": clone})

    Shallow = variant("Shallow", lambda old, new: new.hands.__setitem__(1, old.hands[1]))
    Attached = variant("Attached", lambda old, new: [new.minions[m].__setitem__("attached", old.minions[m]["attached"])
                                                     for m in old.minions])
    Forgetful = variant("Forgetful", lambda old, new: setattr(new, "flags", {}))

    _, state = _state(2, 0)
    shallow = Shallow.from_json(state.to_json())
    with pytest.raises(AssertionError, match=r"clone\(\) shares hands\[1\] with the original"):
        check_clone(shallow, shallow.legal_action_indices()[0])
    _, mid = _state(2, 1000, until=lambda st: len(st.minions) >= 2)
    assert mid.minions, "a position with minions in play"
    attached = Attached.from_json(mid.to_json())
    with pytest.raises(AssertionError, match=r"clone\(\) shares minions\[\d+\]\['attached'\]"):
        check_clone(attached, attached.legal_action_indices()[0])
    forgetful = Forgetful.from_json(state.to_json())
    assert forgetful.flags, "the first combat sets flags"
    with pytest.raises(AssertionError, match=r"clone\(\) differs from the original in \['flags'\]"):
        check_clone(forgetful, forgetful.legal_action_indices()[0])
    # the dynamic check: applying a card play to the shallow clone changes the original
    while not any(PLAY0 <= i < DISCARD0 and i - PLAY0 in shallow.hands[shallow.current_player()]
                  for i in shallow.legal_action_indices()) or shallow.current_player() != 1:
        shallow.apply(shallow.legal_action_indices()[0])
    play = next(i for i in shallow.legal_action_indices() if PLAY0 <= i < DISCARD0)
    with pytest.raises(AssertionError, match="changed the original"):
        cf.check_clone_and_apply(shallow, play)


def test_checks_catch_an_unredacted_draw() -> None:
    """The redaction checks are not vacuous: showing every player the dealt hands fails."""

    class Open(NightfallState):
        __slots__ = ()

        def events_for(self, viewer):
            return super().events_for(None)

    _, plain = _state(3, 10)
    state = Open.from_json(plain.to_json())
    with pytest.raises(AssertionError, match=r"\(draw\) shows \['cards'\] to player 1"):
        cf.check_event_redaction(state)
    with pytest.raises(AssertionError, match="sees player 0's draw"):
        check_private_events(state)


def test_checks_catch_a_determinize_that_changes_the_view() -> None:
    """The determinize check is not vacuous: a determinize that re-deals the viewer's own
    hand too (so the viewer would see other cards) fails it."""

    class Careless(NightfallGame):
        def determinize(self, observation, rng):
            det = super().determinize(observation, rng)
            viewer = observation["viewer"]
            pool = det.hands[viewer] + det.decks[viewer]
            rng.shuffle(pool)
            det.hands[viewer], det.decks[viewer] = pool[:len(det.hands[viewer])], pool[len(det.hands[viewer]):]
            return det

    game, state = _state(4, 30)
    careless = Careless.from_setup_json(game.setup_json())
    with pytest.raises(AssertionError, match="changed what player"):
        check_determinize_every_viewer(careless, state, random.Random(1), random.Random(2))


def test_checks_catch_a_lost_or_misplaced_card() -> None:
    """The card and position checks name what is wrong: a card in two places, a minion
    in play with no health left (rule 110)."""
    _, state = _state(5, 200)
    broken = state.clone()
    victim = broken.hands[0][0] if broken.hands[0] else broken.decks[0][0]
    broken.discards[1].append(victim)
    with pytest.raises(AssertionError, match=rf"more than once \[{victim}\]"):
        check_cards(broken)
    game, state = _state(6, 0)
    minion = next(c for c in state.decks[0] + state.hands[0] if game.card(state.cards[c]).is_minion)
    pile = state.decks[0] if minion in state.decks[0] else state.hands[0]
    pile.remove(minion)
    state.play[0].append(minion)
    state.minions[minion] = {"controller": 0, "damage": game.card(state.cards[minion]).health, "attached": [],
                             "turn": 1}
    with pytest.raises(AssertionError, match="rule 110"):
        check_position(state)


def test_checks_catch_a_frame_buried_under_the_turn() -> None:
    """The stack check is not vacuous: a pending step left beneath the turn's frame (as
    Ahmad Hassan's trigger for a minion destroyed at the end of a turn once was) fails it."""
    _, state = _state(8, 50)
    check_position(state)
    state.stack.insert(0, {"op": "damage", "target": {"player": "any"}, "amount": 1, "then": [],
                           "source": 0, "controller": 0})
    with pytest.raises(AssertionError, match="frames outlive their turn"):
        check_position(state)


def test_fast_clone_comparison_matches_to_json() -> None:
    """``fields`` (the fast comparison used on every action) sees every key of
    ``to_json``: changing any state field makes both comparisons differ."""
    _, state = _state(7, 60)
    keys = set(state.to_json()) - {"game"}
    assert len(fields(state)) == len(keys) + 1, "fields() and to_json() hold different things"  # events: 2
    for attr in ("owner", "decks", "hands", "discards", "play", "wounds", "exiled", "chain", "effects",
                 "stack", "events"):
        other = state.clone()
        value = getattr(other, attr)
        setattr(other, attr, engine.deep_copy(value) + ([[]] if attr in ("decks", "hands") else [{"x": 1}]))
        assert fields(other) != fields(state) and other != state, attr
    for attr, value in (("face_up", 99), ("turn", 99), ("phase", "x"), ("influence", 9), ("winner", 1)):
        other = state.clone()
        setattr(other, attr, value)
        assert fields(other) != fields(state) and other != state, attr
