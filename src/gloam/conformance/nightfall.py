"""Nightfall's invariant checks (the conformance sweeps in tests/ and the soak in
benchmarks/soak.py share them): every card instance once, a sound position, options that
fit their decision, ``clone()`` equal and independent, the permutation of what a viewer
cannot see (:func:`permute_unseen`, :func:`permute_any_format`), the re-deal of
everything hidden from every seat (:func:`redeal_everything_hidden`, the spectator's
fairness check), determinization for every viewer, private events, the end of a game, and
random legal setups mixing every set and variant (:func:`draw_game`).

Each check raises ``AssertionError`` saying what broke."""

from __future__ import annotations

import random
from operator import is_
from typing import Any

from gloam.conformance import core as cf
from gloam.core import SPECTATOR
from gloam.core.errors import RecordError, SetupError
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
from gloam.nightfall.cards import WOUND_TYPES
from gloam.nightfall.constructed import Deck
from gloam.nightfall.game import NightfallGame
from gloam.nightfall.registry import Effects
from gloam.nightfall.state import NightfallState

DETERMINIZED_STEPS = 8  # random actions played on from each determinized state of the player to act

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
    other; the to_json-based check of ``gloam.conformance.core``, which applies an action
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
        for hand in draft["hands"]:
            hand.sort()  # draft hands are kept sorted (Option(k) picks the k-th card)
    places: dict[tuple, list[tuple[list[int], int]]] = {}
    for archive in new.archives:
        for j, cid in enumerate(archive["cards"]):
            if state.wtype[cid] is not None:  # a wound put on an archive in plain view: its place is public
                continue
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
PRIVATE_EVENTS = {"draw": ["cards"], "look": ["cards"], "draft_hand": ["cards"], "draft_pick": ["card"],
                  "secret_archives": ["cards"]}


def check_private_events(state: NightfallState, views: dict | None = None) -> None:
    """Deals and draws show their card ids to the drawer only (the count to all); a look
    at a hand or a deck shows it to the looker and the owner only (a look at one's own
    deck to the looker alone); a draft hand, a draft pick and the cards of one's Secret
    Archives (rule 176) only to their player. No other event carries a secret.
    ``views``: ``events_for(p)`` by viewer, if the caller has them."""
    n = state.num_players
    by_seat = [state.events_for(p) if views is None else views[p] for p in range(n)]
    draws = 0
    for i, event in enumerate(state.events):
        kind = event["type"]
        if kind not in PRIVATE_EVENTS:
            assert "secret" not in event, f"event {i} ({kind}) has secrets: {event}"
            continue
        allowed = list(dict.fromkeys([event["player"], event["target"]])) if kind == "look" else [event["player"]]
        assert set(event.get("to", ())) == set(allowed) and event.get("secret") == PRIVATE_EVENTS[kind], \
            f"{kind} event {i} is not private to {allowed}: {event}"
        if kind == "draw":
            draws += 1
            assert len(event["cards"]) == event["count"]
        for p in range(n):
            seen = by_seat[p][i]
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


# --------------------------------------------------------------------- the spectator
def redeal_hands_and_decks(new: NightfallState, rng: random.Random) -> None:
    """Each player's cards in hand and deck that nobody saw go there, shuffled together
    (the cards everyone saw go into the hand or onto the deck stay where they are). The
    deciding player's hand stays (their pending options were worked out from it): only
    their deck is shuffled."""
    decider = new.current_player()
    for q in range(new.num_players):
        if q == decider:
            known_top = len(new.known[q]["top"])
            under = new.decks[q][: len(new.decks[q]) - known_top]
            rng.shuffle(under)
            new.decks[q][: len(under)] = under
            continue
        known_hand = set(new.known[q]["hand"])
        known_top = len(new.known[q]["top"])
        hand_spots = [j for j, c in enumerate(new.hands[q]) if c not in known_hand]
        deck_spots = list(range(len(new.decks[q]) - known_top))
        pool = [new.hands[q][j] for j in hand_spots] + [new.decks[q][j] for j in deck_spots]
        rng.shuffle(pool)
        for j in hand_spots:
            new.hands[q][j] = pool.pop()
        for j in deck_spots:
            new.decks[q][j] = pool.pop()
    tutored = new.flags.get("tutored")
    if tutored is not None and new.hands[tutored["player"]]:  # Tactical Prep: another card of that hand
        tutored["card"] = rng.choice(new.hands[tutored["player"]])


def redeal_face_down_piles(new: NightfallState, rng: random.Random) -> None:
    """The wound stack under its face-up top (all of it when none is face up), the moons
    under the current one, each constructed wound stack, and the cards under each
    archive's top (a wound on an archive stays where it is: its place is public)."""
    shuffle_face_down_stacks(new, rng)
    for stack in new.wound_stacks:
        rng.shuffle(stack)
    for archive in new.archives:
        cards = archive["cards"]
        spots = [j for j in range(len(cards) - 1) if new.wtype[cards[j]] is None]
        pool = [cards[j] for j in spots]
        rng.shuffle(pool)
        for j, cid in zip(spots, pool, strict=True):
            cards[j] = cid


def redeal_secret_archives(new: NightfallState, rng: random.Random) -> None:
    """Rule 176: the face-down archives swap their identities (every card of each); the
    deciding player's own stay (their pending options may claim from them)."""
    secret = [a for a in new.archives if a.get("secret") and a["owner"] != new.current_player()]
    names = [a["card"] for a in secret]
    rng.shuffle(names)
    new.cards = list(new.cards)  # the instance table is shared by clones: copy it first
    for archive, name in zip(secret, names, strict=True):
        archive["card"] = name
        for cid in archive["cards"]:
            new.cards[cid] = name


def redeal_draft(new: NightfallState, rng: random.Random) -> None:
    """The draft cards nobody saw face up (every hand, every pick, the box) re-dealt
    among their places (rules 17-30); the hands are kept sorted as the engine keeps them."""
    draft = new.flags.get("draft")
    if draft is None:
        return
    piles = draft["hands"] + draft["picks"] + [draft["rest"]]
    spots = [(pile, j) for pile in piles for j in range(len(pile))]
    pool = [pile[j] for pile, j in spots]
    rng.shuffle(pool)
    for (pile, j), card in zip(spots, pool, strict=True):
        pile[j] = card
    for hand in draft["hands"]:
        hand.sort()


def redeal_private_events(new: NightfallState) -> None:
    """Every private event's secret part replaced by something else."""
    events = []
    for event in new.events:
        if "secret" in event:
            event = dict(event)
            for key in event["secret"]:
                event[key] = ["someone else's card"] if isinstance(event[key], list) else -7
        events.append(event)
    new.events = events


def redeal_everything_hidden(state: NightfallState, rng: random.Random) -> NightfallState:
    """A copy of ``state`` in which everything hidden from every seat is dealt anew."""
    new = state.clone()
    redeal_hands_and_decks(new, rng)
    redeal_face_down_piles(new, rng)
    redeal_secret_archives(new, rng)
    redeal_draft(new, rng)
    redeal_private_events(new)
    return new


# --------------------------------------------------------------------- every set and variant
SET_CHOICES = [("ML",), ("NF",), ("CW", "ML"), ("ML", "BC"), ("NF", "BC"), ("CW", "BC"), ("CW", "ML", "NF"),
               ("ML", "NF", "BC"), ("CW", "ML", "NF", "BC")]
DRAFT_VARIANTS = ("common_ground", "hidden_archives", "secret_archives", "open_archives", "upstream")


def random_deck(game: NightfallGame, rng: random.Random) -> Deck:
    """A legal constructed deck (rules 166-167) of the game's cards, at random."""
    orders = [c.id for s in game.card_sets for c in s.draftable]
    picks = [c for c in orders for _ in range(3)]
    rng.shuffle(picks)
    wounds = [c.id for s in game.card_sets for c in s.wounds]
    stack = tuple((rng.choice(wounds), rng.choice(WOUND_TYPES)) for _ in range(15))
    return Deck("random", (tuple(picks[:12]), tuple(picks[12:24])), stack)


def draw_setup(rng: random.Random, set_choices: list[tuple[str, ...]] = SET_CHOICES) -> dict[str, Any]:
    """One setup at random (maybe one the rules refuse) of one of ``set_choices``."""
    sets = rng.choice(set_choices)
    options: dict[str, Any] = {"sets": sets, "first_player": rng.choice([0, 1, "random"])}
    roll = rng.random()
    if roll < 0.12:  # the constructed format
        options["players"] = rng.choice([2, 3, 4])
        options["decks"] = "random"
        options["moons"] = "CW" in sets and rng.random() < 0.5
        return options
    if roll < 0.3:  # Team Play
        options["players"] = rng.choice([4, 4, 6])
        options["teams"] = True
    else:
        options["players"] = rng.choice([2, 3, 4, 5])
    options["archives"] = rng.choice(["quick", "draft", "ml-draft"])
    if options["archives"] != "quick":
        for name in DRAFT_VARIANTS:
            if rng.random() < 0.25:
                options[name] = True
    if rng.random() < 0.3:
        options["custom_starters"] = True
    if rng.random() < 0.4:
        options["promos"] = True
    if rng.random() < 0.25:
        options["long"] = True
    if "CW" in sets and rng.random() < 0.4:
        options["moons"] = True
    with_wounds = [s for s in sets if s != "BC"]
    if len(with_wounds) > 1 and rng.random() < 0.3:
        options["wounds"] = tuple(rng.sample(with_wounds, rng.randint(1, len(with_wounds))))
    return options


def permute_any_format(state: NightfallState, viewer: int, rng: random.Random) -> NightfallState:
    """:func:`permute_unseen` (the Coldest War sweep's permutation of the cards ``viewer``
    cannot see) for every format. In the constructed format an archive holds a deck's
    mix of cards whose top card is face up (rule 169) and each player has a face-down
    wound stack: there the cards under each archive's top and each wound stack are
    shuffled in place instead."""
    new = permute_unseen(state, viewer, rng)
    if state.game.decks is None:
        return new
    for archive, mine in zip(state.archives, new.archives):
        under = archive["cards"][:-1]
        rng.shuffle(under)
        mine["cards"] = under + archive["cards"][-1:]
    for stack in new.wound_stacks:
        rng.shuffle(stack)
    return new


def draw_game(rng: random.Random, set_choices: list[tuple[str, ...]] = SET_CHOICES,
              ) -> tuple[NightfallGame, dict[str, Any]]:
    """A legal game drawn by :func:`draw_setup` (a setup the rules refuse is drawn
    again; random constructed decks are dealt for ``decks="random"``) and its options."""
    for _ in range(200):
        options = draw_setup(rng, set_choices)
        if options.get("first_player") == 1 and options["players"] < 2:
            continue
        try:
            if options.get("decks") == "random":
                probe = NightfallGame(players=options["players"], sets=options["sets"])
                options["decks"] = [random_deck(probe, rng) for _ in range(options["players"])]
            return NightfallGame(**options), options
        except SetupError:
            continue
    raise AssertionError("no legal setup drawn in 200 tries")


def sound(det: NightfallState, where: str) -> None:
    check_cards(det, where)
    check_position(det)


def wound_counts(state: NightfallState) -> list[int]:
    return state.events[-1]["wounds"]


def check_winners(state: NightfallState, options: dict[str, Any]) -> None:
    """The game named its winner(s) by the rules of its format."""
    returns = state.returns()
    winners = [p for p, r in enumerate(returns) if r == max(returns)]
    over = state.events[-1]
    assert over["type"] == "game_over", f"the last event is {over['type']}, not game_over"
    n = state.num_players
    if options.get("decks"):  # rule 171: the last player left wins
        left = [p for p in range(n) if p not in state.eliminated]
        assert len(winners) == 1 and left == winners, f"winner {winners} but players left {left}"
        assert sorted(state.eliminated) == [p for p in range(n) if p not in winners]
        return
    counts = wound_counts(state)
    if options.get("teams"):  # rule 178: the team with the fewest wounds, both teammates win
        half = n // 2
        totals = [counts[p] + counts[p + half] for p in range(half)]
        assert len(winners) == 2 and winners[1] == winners[0] + half, f"team winners {winners}"
        assert totals[winners[0]] == min(totals), f"team {winners} won with totals {totals}"
        return
    assert len(winners) == 1 and counts[winners[0]] == min(counts), f"{winners} won with {counts} (rule 162)"
