"""Nightfall's setup (checklist part A, rules 13-37): the archive setups (quick start, the
Coldest War draft, the Martial Law draft, the 2-player draft), the starting decks, the
opening hands and the first player.

A draft is made of player decisions like the rest of the game. Its data lives in
``state.flags["draft"]`` (plain data; draft cards are named by their card data id, since
they only help set up the game and never become card instances, rule 7):

``procedure``
    ``"draft"`` (The Coldest War, rules 17-24) or ``"ml-draft"`` (Martial Law, 25-29);
``schedule``
    where each pick goes: ``"private"``, ``"commons"`` or ``"removed"`` (rule 30);
``round``, ``seat``
    the pick in progress and the next seat to pick in it;
``hands``
    each player's draft hand, sorted by card id (``Option(k)`` picks the k-th card);
``picks``
    each player's face-down picks, in pick order;
``passed``
    per player, per finished round, the cards passed to the left (what that player saw);
``commons``
    the face-up commons (CW deals 8 - N of them before the picks, rule 18);
``rest``
    the draft cards nobody has seen: back in the box (CW, rule 19) or the face-down
    set-aside deck the ML commons are filled from (rule 27), top = end;
``fill``
    how many commons come from ``rest`` after the picks (ML, rule 27; Hidden Archives,
    rule 175: 8 - N; otherwise 0);
``direction``
    ``"left"``, or ``"right"`` in an Upstream Draft (rule 179).

The variants (rules 34, 174-179) change the numbers and destinations here:
:func:`schedule`, :func:`draft_layout`, :func:`check_draft`; Secret Archives keep the
private archives face down (``archive["secret"]``, :func:`reveal_archive`); customised
starting decks are chosen in the ``starters`` frame (:func:`choose_starters`).

Picks are simultaneous at the table; gloam asks the players one after the other in seat
order within a pick, and passes the hands only when everyone has picked. Another
player's hand and picks stay hidden (``observation`` shows their counts) until rule 23
turns the picks face up; the 2-player "removed" pick is never shown. When the last pick
is made, the archives and their 7 order cards are created (rule 23) and the hands dealt.

>>> from gloam.nightfall.game import NightfallGame
>>> game = NightfallGame(players=3, archives="draft")
>>> state = game.new_initial_state(seed=1)
>>> str(state.pending().kind), len(state.observation(0)["draft"]["hand"])
('draft', 4)
>>> while state.pending().kind == "draft":
...     state.apply(state.legal_action_indices()[0])
>>> sorted(sum(a["owner"] == p for a in state.archives) for p in (-1, 0, 1, 2))
[2, 2, 2, 8]
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from itertools import combinations_with_replacement
from typing import Any

from gloam.core.errors import SetupError
from gloam.core.events import private
from gloam.nightfall.actions import MAX_INSTANCES, MAX_OPTIONS, Option, option_index
from gloam.nightfall.engine import DONE, Ask, op

PILE = 7  # each archive starts with seven identical cards (rule 6)
COMMONS = 8  # rule 24
START_HAND = 5  # rule 35
WOUNDS_PER_PLAYER = 10  # rule 13
LONG_EXTRA = 5  # rule 14
PRIVATES = 2  # rule 24: two private archives per player
STARTER_COPIES = 2  # rule 33
ARCHIVE_SETUPS = ("quick", "draft", "ml-draft")
DRAFTS = ("draft", "ml-draft")

_ORDINAL = ("first", "second", "third", "fourth")


# ---------------------------------------------------------------------- options
def draft_card_range(sets: int, procedure: str = "draft") -> tuple[int, int]:
    """Rule 19: draft cards dealt to each player by the number of sets mixed (the Coldest
    War draft); rules 25 and 29: the Martial Law draft deals 4, or 5 with two sets (with
    three or more sets Martial Law says nothing: gloam uses rule 19's 7 to 10).

    >>> [draft_card_range(k) for k in (1, 2, 3, 4)]
    [(4, 4), (5, 6), (7, 10), (7, 10)]
    >>> [draft_card_range(k, "ml-draft") for k in (1, 2, 3)]
    [(4, 4), (5, 5), (7, 10)]
    """
    if sets <= 1:
        return 4, 4
    if sets == 2:
        return (5, 5) if procedure == "ml-draft" else (5, 6)
    return 7, 10


def schedule(players: int, common_ground: bool = False, open_archives: bool = False) -> list[str]:
    """Where each pick goes: private, private, commons (rules 20-22, 26); with 2 players
    removed, private, private, commons (rule 30, reading 11). Common Ground (rule 174,
    reading 12): every pick goes to the commons. Open Archives (rule 177, reading 12):
    private, private, and the third card goes back to the box (2 players: removed first).

    >>> schedule(3, common_ground=True), schedule(2, open_archives=True)
    (['commons', 'commons', 'commons'], ['removed', 'private', 'private'])
    """
    if open_archives:
        return (["removed"] if players == 2 else []) + ["private", "private"]
    picks = ["private", "private", "commons"]
    if common_ground:
        picks = ["commons", "commons", "commons"]
    if players == 2:
        return ["removed"] + picks
    return picks


OPEN_DEAL = 3  # rule 177: Open Archives deals three draft cards to each player


def draft_layout(game) -> tuple[int, int]:
    """(commons dealt face up before the picks, commons filled from the set-aside deck
    after them) for the game's draft: CW 8 - N before (rule 18); ML 8 - N after (rule 27,
    "until there are 8"); Hidden Archives moves CW's 8 - N to after the picks (rule 175,
    reading 12); Open Archives deals all 8 before (rule 177)."""
    n = game.players
    if getattr(game, "open_archives", False):
        return COMMONS, 0
    if game.archive_setup == "ml-draft" or getattr(game, "hidden_archives", False):
        return 0, COMMONS - n
    return COMMONS - n, 0


def check_draft(players: int, sets: int, pool: int, draft_cards: Any, procedure: str = "draft",
                picks: int | None = None, open_archives: bool = False) -> int:
    """Validate ``draft_cards`` for a draft of ``players`` with ``sets`` sets whose draft
    cards number ``pool``; return the count to deal (the low end of rule 19's range when
    ``draft_cards`` is None; rule 29's 5 for a two-set Martial Law draft; always 3 with
    Open Archives, rule 177). ``picks``: the picks each player makes (default: the
    standard schedule)."""
    if open_archives:
        if draft_cards not in (None, OPEN_DEAL) or isinstance(draft_cards, bool):
            raise SetupError(f"Open Archives deals {OPEN_DEAL} draft cards to each player (rule 177):"
                             f" leave draft_cards out, not {draft_cards!r}")
        needed = COMMONS + players * OPEN_DEAL
        if needed > pool:
            raise SetupError(f"Open Archives with {players} players needs {needed} draft cards"
                             f" but the sets have {pool}: mix in another set")
        return OPEN_DEAL
    low, high = draft_card_range(sets, procedure)
    if draft_cards is None:
        draft_cards = low
    if isinstance(draft_cards, bool) or not isinstance(draft_cards, int):
        raise SetupError(f"draft_cards must be an integer, not {draft_cards!r}")
    if not low <= draft_cards <= high:
        span = str(low) if low == high else f"{low} to {high}"
        rule = "rule 29" if procedure == "ml-draft" and sets == 2 else "rule 19"
        raise SetupError(f"with {sets} set(s), deal {span} draft cards to each player ({rule}),"
                         f" not {draft_cards}")
    picks = len(schedule(players)) if picks is None else picks
    if draft_cards < picks:
        raise SetupError(f"a {players}-player draft makes {picks} picks: deal at least {picks} draft cards")
    needed = (COMMONS - players) + players * draft_cards  # commons dealt or filled + hands
    if needed > pool:
        raise SetupError(f"this draft needs {needed} draft cards but the sets have {pool}")
    if draft_cards > MAX_OPTIONS:
        raise SetupError(f"at most {MAX_OPTIONS} draft cards per player")
    return draft_cards


def instance_count(game) -> int:
    """Card instances a game holds: starting decks, wounds, moons and 7 cards for each of
    the 8 commons and 2 private archives per player."""
    n = game.players
    moons = sum(len(s.moons) for s in game.card_sets) if game.use_moons else 0
    wounds = sum(len(s.wound_cards()) for s in wound_sets(game))
    return n * STARTER_COPIES * len(starters(game)) + wounds + moons + PILE * (COMMONS + PRIVATES * n)


_MEMO: weakref.WeakKeyDictionary[Any, dict[str, Any]] = weakref.WeakKeyDictionary()


def _memo(game, key: str, make: Callable[[], Any]) -> Any:
    """A setup fact that depends only on the game's options (which never change), worked
    out once per game: every deal reads it."""
    facts = _MEMO.get(game)
    if facts is None:
        facts = _MEMO[game] = {}
    if key not in facts:
        facts[key] = make()
    return facts[key]


def starters(game) -> tuple:
    """Rule 33: the six starting minions (of the first set that has them)."""
    for card_set in game.card_sets:
        if card_set.starters:
            return card_set.starters
    raise SetupError("none of the sets has starting minions")


def wound_sets(game) -> list:
    """The sets whose wound cards form the wound stack: the game's ``wound_sets`` codes,
    or every chosen set (reading 4: stacks may be mixed)."""
    codes = getattr(game, "wound_sets", None)
    return [s for s in game.card_sets if codes is None or s.code in codes]


def starter_colours(game) -> list[tuple[str, list[str]]]:
    """Rule 34 (reading 2: each set's six starters are one per colour): for each colour,
    in the order of the first set's starters, the starting minions of that colour in the
    game's sets (each card once, the first set's first)."""
    out: list[tuple[str, list[str]]] = [(c.colour, []) for c in starters(game)]
    by_colour = dict(out)
    for card_set in game.card_sets:
        for card in card_set.starters:
            ids = by_colour.get(card.colour)
            if ids is None:
                raise SetupError(f"{card.name} ({card_set.code}) is {card.colour}, a colour none of"
                                 f" the first set's starters has: starting decks cannot be customised")
            if card.id not in ids:
                ids.append(card.id)
    return out


def starter_pairs(ids: list[str]) -> list[tuple[str, str]]:
    """Rule 34: the ways to choose two cards of one colour (old, new or a mix); the first
    is two of the first set's starter (the default deck, rule 33)."""
    return list(combinations_with_replacement(ids, STARTER_COPIES))


def draft_pool(game) -> list[str]:
    """Every draft card of the game's sets (rule 17), by card id."""
    pool: list[str] = []
    for card_set in game.card_sets:
        for card in card_set.draftable + (card_set.promos if game.promos else ()):
            if card.id not in pool:
                pool.append(card.id)
    return pool


# ---------------------------------------------------------------------- the setup
def starting_decks(state) -> None:
    """Rule 33: each player's starting deck, two of each of the six starting minions.
    With customised starting decks (rule 34) the players choose them later, in setup
    decisions (the ``starters`` frame)."""
    game = state.game
    if getattr(game, "custom_starters", False):
        return
    deck = _memo(game, "starting_deck", lambda: [c.id for c in starters(game) for _ in range(STARTER_COPIES)])
    for p in range(game.players):
        state.decks[p].extend(state.new_instances(deck, owner=p))


def wound_stack(state) -> None:
    """Rules 13-15: shuffle every wound; 10 per player (15 in a long game) are face up."""
    game = state.game
    ids, types = _memo(game, "wound_cards", lambda: tuple(map(list, zip(*[
        (w.card.id, w.wound_type) for s in wound_sets(game) for w in s.wound_cards()])) or ([], [])))
    wounds = state.new_instances(ids, types)
    state.rng.shuffle(wounds)
    state.wounds = wounds
    state.face_up = game.face_up


def moon_stack(state) -> None:
    """Rule 36: the moon phases shuffled, face up by the commons (current = top). After
    a draft this runs on the last pick: the instance table is copied, as in
    :func:`build_archives`."""
    if state.game.use_moons:
        state.cards, state.wtype, state.owner = list(state.cards), list(state.wtype), list(state.owner)
        state.moons = [state.new_instance(m.id) for s in state.game.card_sets for m in s.moons]
        state.rng.shuffle(state.moons)


def quick_start(game, rng) -> tuple[list[list[str]], list[str]]:
    """Rule 31: each player gets one quick-start pair as private archives, the pairs
    dealt at random. The commons are 8 of the remaining draft cards, at random (gloam's
    reading: the rulebook does not say which commons a quick-start game uses). Returns
    card ids: the pairs per player and the commons (sorted by name)."""
    pairs = list(_memo(game, "quick_start_pairs", lambda: _quick_start_pairs(game)))
    rng.shuffle(pairs)
    privates = pairs[: game.players]
    used = {c.id for pair in privates for c in pair}
    rest = [game.card(c) for c in _memo(game, "draft_pool", lambda: draft_pool(game)) if c not in used]
    rng.shuffle(rest)
    commons = sorted(rest[:COMMONS], key=lambda c: c.name)
    return [[c.id for c in pair] for pair in privates], [c.id for c in commons]


def _quick_start_pairs(game) -> list[list[Any]]:
    """The quick-start pairs of the game's sets (rule 31), in the sets' order."""
    pairs: list[list[Any]] = []
    seen: set[str] = set()
    for card_set in game.card_sets:
        for card in card_set.draftable:
            partner = card.quick_start_partner
            if partner and card.name not in seen:
                pairs.append([card, card_set.card(partner)])
                seen.update({card.name, partner})
    return pairs


def make_archive(state, card_id: str, owner: int, secret: bool = False) -> None:
    """Rule 23: a draft card becomes its pile of seven identical order cards. A Secret
    Archive (rule 176) is marked ``"secret": True`` until its owner first claims from it."""
    cards = state.new_instances([card_id] * PILE)
    archive = {"card": card_id, "owner": owner, "cards": cards}
    if secret:
        archive["secret"] = True
    state.archives.append(archive)


def build_archives(state, privates: list[list[str]], commons: list[str]) -> None:
    """Create the archives: each player's privates in order, then the commons sorted by
    name. The instance table is copied first, never grown in place: clones share it.
    With Secret Archives (rule 176) the private archives stay face down."""
    state.cards, state.wtype, state.owner = list(state.cards), list(state.wtype), list(state.owner)
    secret = getattr(state.game, "secret_archives", False)
    for p, cards in enumerate(privates):
        for card_id in cards:
            make_archive(state, card_id, p, secret=secret)
    names = state.game.card
    for card_id in sorted(commons, key=lambda c: names(c).name):
        make_archive(state, card_id, -1)


def setup_event(state) -> None:
    """The public setup event: every archive's card and owner, and the face-up wounds. A
    secret archive's card is None in it; its owner gets a private ``secret_archives``
    event naming theirs (rule 176)."""
    state.events.append({"type": "setup", "players": state.game.players,
                         "archives": [None if a.get("secret") else a["card"] for a in state.archives],
                         "owners": [a["owner"] for a in state.archives], "face_up": state.face_up})
    for p in range(state.game.players):
        mine = [k for k, a in enumerate(state.archives) if a.get("secret") and a["owner"] == p]
        if mine:
            state.events.append(private("secret_archives", [p], ["cards"], player=p, archives=mine,
                                        cards=[state.archives[k]["card"] for k in mine]))


def reveal_archive(state, k: int) -> None:
    """Rule 176: a secret archive is turned face up (replaced by its stack) when its owner
    first claims from it; from then on it is an archive like any other."""
    archive = state.archives[k]
    if archive.pop("secret", False):
        state.events.append({"type": "archive_revealed", "archive": k, "player": archive["owner"],
                             "card": archive["card"]})


def secret_for(state, player: int) -> set[int]:
    """Instance ids in secret archives that ``player`` does not own (hidden from them)."""
    return {cid for a in state.archives if a.get("secret") and a["owner"] != player for cid in a["cards"]}


def deal_hands(state, moons: bool = False) -> None:
    """Rule 35: each player shuffles their starting deck and draws 5; rule 36 if
    ``moons``: the moon stack; rule 37: the first player (a seat, or drawn from the
    game's generator)."""
    game = state.game
    for p in range(game.players):
        state.rng.shuffle(state.decks[p])
        state.draw(p, START_HAND, reason="deal")
    if moons:
        moon_stack(state)
    if game.random_first:
        first = state.rng.below(game.players)
        state.first_player = state.active = first
        state.events.append({"type": "first_player", "player": first})
    state.phase = "setup"


# ---------------------------------------------------------------------- drafts
def start_draft(state) -> None:
    """Rules 17-19 (CW) / 25 (ML): shuffle the draft cards, deal the commons face up (CW
    only), deal each player's draft hand face down; push the draft frames."""
    game = state.game
    n = game.players
    pool = draft_pool(game)
    state.rng.shuffle(pool)
    before, after = draft_layout(game)  # rule 18: 8 - N commons first, face up (CW)
    commons = [pool.pop() for _ in range(before)]
    hands = []
    for _ in range(n):
        hands.append(sorted(pool.pop() for _ in range(game.draft_cards)))
    picks = schedule(n, getattr(game, "common_ground", False), getattr(game, "open_archives", False))
    state.flags["draft"] = {
        "procedure": game.archive_setup,
        "schedule": picks,
        "fill": after,
        "direction": "right" if getattr(game, "upstream", False) else "left",
        "round": 0,
        "seat": 0,
        "hands": hands,
        "picks": [[] for _ in range(n)],
        "passed": [[] for _ in range(n)],
        "commons": sorted(commons),
        "rest": pool,
    }
    state.phase = "draft"
    state.events.append({"type": "draft", "procedure": game.archive_setup, "commons": sorted(commons),
                         "dealt": game.draft_cards, "schedule": list(picks)})
    for p in range(n):
        state.events.append(private("draft_hand", [p], ["cards"], player=p, count=len(hands[p]),
                                    cards=list(hands[p])))
    state.stack.append({"op": "deal_hands"})
    if getattr(game, "custom_starters", False):
        state.stack.append({"op": "starters"})  # rule 34: after the draft (seed 000's order)
    state.stack.append({"op": "draft"})


def _prompt(d: dict[str, Any], player: int) -> str:
    r = d["round"]
    dest = d["schedule"][r]
    where = {"removed": "to remove from the game",
             "commons": "to add to the commons, face down",
             "private": f"for your {_ORDINAL[d['schedule'][: r + 1].count('private') - 1]} private archive"}[dest]
    return f"Draft pick {r + 1} of {len(d['schedule'])}: choose a card {where}"


@op("draft")
def draft(state, frame, choice):
    """One pick per player per round, in seat order; then pass the hands to the left
    (rules 20-22, 26, 30). A hand of one card is picked without asking."""
    d = state.flags["draft"]
    n = state.game.players
    while True:
        seat = d["seat"]
        if seat < n:
            hand = d["hands"][seat]
            if choice is None and len(hand) > 1:
                return Ask(seat, "draft", [option_index(k) for k in range(len(hand))], _prompt(d, seat))
            k = choice.option if isinstance(choice, Option) else 0  # a hand of one: its only card
            choice = None
            card = hand.pop(k)
            d["picks"][seat].append(card)
            state.events.append(private("draft_pick", [seat], ["card"], player=seat, pick=d["round"] + 1,
                                        dest=d["schedule"][d["round"]], card=card))
            d["seat"] = seat + 1
            continue
        # everyone has picked: pass to the left (Upstream Draft: right, rule 179), or end
        if d["round"] + 1 == len(d["schedule"]):
            finish_draft(state)
            return DONE
        hands = d["hands"]
        for p in range(n):
            d["passed"][p].append(list(hands[p]))
        direction = d.get("direction", "left")
        step = 1 if direction == "left" else -1
        d["hands"] = [hands[(p - step) % n] for p in range(n)]  # seat p gets its right (left) neighbour's hand
        d["round"] += 1
        d["seat"] = 0
        state.events.append({"type": "draft_pass", "pick": d["round"], "direction": direction,
                             "counts": [len(h) for h in d["hands"]]})
        for p in range(n):
            state.events.append(private("draft_hand", [p], ["cards"], player=p, count=len(d["hands"][p]),
                                        cards=list(d["hands"][p])))


def finish_draft(state) -> None:
    """Rule 22 / 26: the cards left in hand go back to the box; rule 27 (ML): fill the
    commons to 8 from the set-aside deck; rule 23: reveal the picks and make the archives."""
    d = state.flags.pop("draft")
    n = state.game.players
    privates = [[c for c, dest in zip(d["picks"][p], d["schedule"]) if dest == "private"] for p in range(n)]
    picked = [c for p in range(n) for c, dest in zip(d["picks"][p], d["schedule"]) if dest == "commons"]
    commons = d["commons"] + picked
    filled: list[str] = []
    if "fill" in d:  # rule 27 (ML) / rule 175 (Hidden Archives): 8 - N from the set-aside deck
        rest = d["rest"]
        while len(filled) < d["fill"] and rest:
            filled.append(rest.pop())
        commons += filled
    elif d["procedure"] == "ml-draft":
        rest = d["rest"]
        while len(commons) + len(filled) < COMMONS and rest:
            filled.append(rest.pop())
        commons += filled
    if getattr(state.game, "secret_archives", False):  # rule 176: the privates stay face down
        state.events.append({"type": "draft_reveal", "private": [len(x) for x in privates], "commons": picked,
                             "filled": filled})
    else:
        state.events.append({"type": "draft_reveal", "private": privates, "commons": picked, "filled": filled})
    build_archives(state, privates, commons)
    setup_event(state)


@op("deal_hands")
def deal_hands_op(state, frame, choice):
    """After a draft, in the rulebook's order: hands (rule 35), moons (36), first player
    (37). The moons are not known while drafting. ``"moons": False`` in the frame: the
    moon stack is already made (a quick start with customised starting decks)."""
    deal_hands(state, moons=frame.get("moons", True))
    return DONE


@op("starters")
def choose_starters(state, frame, choice):
    """Rule 34: each player in seat order chooses two starting minions of each of the six
    colours among the game's sets' starters (``Option(k)``: the k-th of
    :func:`starter_pairs`); the choices are public (gloam's reading: starting decks are
    open information, rule 184 calls them identical for every player). The decks are made
    when the last choice is in."""
    game = state.game
    colours = starter_colours(game)
    picks = frame.setdefault("picks", [[] for _ in range(game.players)])
    while True:
        p = next((q for q in range(game.players) if len(picks[q]) < len(colours)), None)
        if p is None:
            break
        colour, ids = colours[len(picks[p])]
        pairs = starter_pairs(ids)
        if choice is None and len(pairs) > 1:
            names = [" + ".join(game.card(c).name for c in pair) for pair in pairs]
            return Ask(p, "starters", [option_index(k) for k in range(len(pairs))],
                       f"Starting deck, {colour}: choose two starting minions ({'; '.join(names)})")
        pair = pairs[choice.option if isinstance(choice, Option) else 0]  # one pair: the default deck
        choice = None
        picks[p].append(list(pair))
        state.events.append({"type": "starters", "player": p, "colour": colour, "cards": list(pair)})
    state.cards, state.wtype, state.owner = list(state.cards), list(state.wtype), list(state.owner)
    for p in range(game.players):
        for pair in picks[p]:
            for card_id in pair:
                state.decks[p].append(state.new_instance(card_id, owner=p))
    return DONE


def draft_view(state, player: int) -> dict[str, Any] | None:
    """What ``player`` sees of a draft in progress: their own hand, picks and the cards
    they passed on; the face-up commons; every player's pick count and hand size. A
    spectator (``player`` -1) holds no draft hand, so sees no hand, pick or passed card."""
    d = state.flags.get("draft")
    if d is None:
        return None
    seat = player >= 0
    return {
        "procedure": d["procedure"],
        "schedule": list(d["schedule"]),
        "round": d["round"],
        "seat": d["seat"],
        "hand": list(d["hands"][player]) if seat else [],
        "picks": list(d["picks"][player]) if seat else [],
        "passed": [list(x) for x in d["passed"][player]] if seat else [],
        "commons": list(d["commons"]),
        "pick_counts": [len(x) for x in d["picks"]],
        "hand_sizes": [len(x) for x in d["hands"]],
        "rest_size": len(d["rest"]),
        "direction": d.get("direction", "left"),
    }


def redeal_draft(game, view: dict[str, Any], viewer: int, rng) -> dict[str, Any]:
    """The draft data of a state consistent with ``view`` (``draft_view(state, viewer)``)
    for :meth:`NightfallGame.determinize`: the cards ``viewer`` never saw are dealt at
    random to the other players' hands, their picks and the box; a card the viewer saw
    and passed on is only ever where it can be (still in that hand, or picked from it by
    a player it reached), so a 2-player draft gives back what the viewer can deduce."""
    n = game.players
    step = -1 if view.get("direction") == "right" else 1  # Upstream Draft passes right (rule 179)
    r, seat = view["round"], view["seat"]
    dealt = game.draft_cards
    seen = set(view["commons"]) | set(view["hand"]) | set(view["picks"])
    for cards in view["passed"]:
        seen.update(cards)
    unseen = [c for c in draft_pool(game) if c not in seen]
    rng.shuffle(unseen)
    picks: list[list[Any]] = [[None] * (r + (1 if q < seat else 0)) for q in range(n)]
    picks[viewer] = list(view["picks"])
    hands: list[list[str]] = [[] for _ in range(n)]

    def before_pick(t: int) -> list[str]:  # the viewer's hand at round t, before picking
        if t < r:
            return [view["picks"][t]] + view["passed"][t]
        return ([view["picks"][r]] if viewer < seat else []) + view["hand"]

    for k in range(n):  # the hand first dealt to seat k is held by seat k + step * t in round t
        content: list[str] | None = None
        pending: list[tuple[int, int]] = []
        for t in range(r + 1):
            holder = (k + step * t) % n
            picked = t < r or holder < seat
            if holder == viewer:
                known = before_pick(t)
                if content is None:
                    for q, tt in pending:
                        picks[q][tt] = unseen.pop()
                else:
                    gone = [c for c in content if c not in known]
                    if len(gone) != len(pending):
                        raise ValueError("observation is inconsistent: a draft hand came back wrong")
                    rng.shuffle(gone)
                    for (q, tt), card in zip(pending, gone):
                        picks[q][tt] = card
                pending = []
                content = [c for c in known if not (picked and c == view["picks"][t])]
            elif picked:
                pending.append((holder, t))
        if content is None:
            content = [unseen.pop() for _ in range(dealt)]
        rng.shuffle(content)
        for q, tt in pending:
            picks[q][tt] = content.pop()
        hands[(k + step * r) % n] = sorted(content)
    if hands[viewer] != sorted(view["hand"]) or len(unseen) != view["rest_size"]:
        raise ValueError("observation is inconsistent with this game's draft")
    passed: list[list[Any]] = [[None] * r for _ in range(n)]
    for k in range(n):  # replay each hand forward to know what every player passed on
        content = list(hands[(k + step * r) % n]) + [picks[(k + step * t) % n][t] for t in range(r + 1)
                                               if t < len(picks[(k + step * t) % n])]
        for t in range(r):
            holder = (k + step * t) % n
            content.remove(picks[holder][t])
            passed[holder][t] = sorted(content)
    if passed[viewer] != [sorted(x) for x in view["passed"]]:
        raise ValueError("observation is inconsistent: the viewer's passed cards do not replay")
    return {
        "procedure": view["procedure"],
        "schedule": list(view["schedule"]),
        "round": r,
        "seat": seat,
        "hands": hands,
        "picks": picks,
        "passed": passed,
        "commons": list(view["commons"]),
        "rest": unseen,
        "fill": draft_layout(game)[1],
        "direction": view.get("direction", "left"),
    }


def check_instances(game) -> None:
    if instance_count(game) > MAX_INSTANCES:
        raise SetupError(f"{instance_count(game)} cards exceed the {MAX_INSTANCES} a game can hold")
