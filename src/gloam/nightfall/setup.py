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
    set-aside deck the ML commons are filled from (rule 27), top = end.

Picks are simultaneous at the table; gloam asks the players one after the other in seat
order within a pick, and passes the hands only when everyone has picked. Another
player's hand and picks stay hidden (``observation`` shows their counts) until rule 23
turns the picks face up; the 2-player "removed" pick is never shown. When the last pick
is made, the archives and their 7 order cards are created (rule 23) and the hands dealt.

>>> from gloam.nightfall.game import NightfallGame
>>> game = NightfallGame(players=3, archives="draft")
>>> state = game.new_initial_state(seed=1)
>>> state.pending().kind, len(state.observation(0)["draft"]["hand"])
('draft', 4)
>>> while state.pending().kind == "draft":
...     state.apply(state.legal_action_indices()[0])
>>> sorted(sum(a["owner"] == p for a in state.archives) for p in (-1, 0, 1, 2))
[2, 2, 2, 8]
"""

from __future__ import annotations

from typing import Any

from gloam.core.errors import SetupError
from gloam.core.events import private
from gloam.nightfall.actions import MAX_INSTANCES, MAX_OPTIONS, OPTION0
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
def draft_card_range(sets: int) -> tuple[int, int]:
    """Rule 19: draft cards dealt to each player by the number of sets mixed.

    >>> [draft_card_range(k) for k in (1, 2, 3, 4)]
    [(4, 4), (5, 6), (7, 10), (7, 10)]
    """
    if sets <= 1:
        return 4, 4
    if sets == 2:
        return 5, 6
    return 7, 10


def schedule(players: int) -> list[str]:
    """Where each pick goes: private, private, commons (rules 20-22, 26); with 2 players
    removed, private, private, commons (rule 30, reading 11)."""
    if players == 2:
        return ["removed", "private", "private", "commons"]
    return ["private", "private", "commons"]


def check_draft(players: int, sets: int, pool: int, draft_cards: Any) -> int:
    """Validate ``draft_cards`` for a draft of ``players`` with ``sets`` sets whose draft
    cards number ``pool``; return the count to deal (the low end of rule 19's range when
    ``draft_cards`` is None)."""
    low, high = draft_card_range(sets)
    if draft_cards is None:
        draft_cards = low
    if isinstance(draft_cards, bool) or not isinstance(draft_cards, int):
        raise SetupError(f"draft_cards must be an integer, not {draft_cards!r}")
    if not low <= draft_cards <= high:
        span = str(low) if low == high else f"{low} to {high}"
        raise SetupError(f"with {sets} set(s), deal {span} draft cards to each player (rule 19),"
                         f" not {draft_cards}")
    picks = len(schedule(players))
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
    wounds = sum(len(s.wound_cards()) for s in game.card_sets)
    return n * STARTER_COPIES * len(starters(game)) + wounds + moons + PILE * (COMMONS + PRIVATES * n)


def starters(game) -> tuple:
    """Rule 33: the six starting minions (of the first set that has them)."""
    for card_set in game.card_sets:
        if card_set.starters:
            return card_set.starters
    raise SetupError("none of the sets has starting minions")


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
    """Rule 33: each player's starting deck, two of each of the six starting minions."""
    game = state.game
    for p in range(game.players):
        for starter in starters(game):
            for _ in range(STARTER_COPIES):
                state.decks[p].append(state.new_instance(starter.id, owner=p))


def wound_stack(state) -> None:
    """Rules 13-15: shuffle every wound; 10 per player (15 in a long game) are face up."""
    game = state.game
    wounds = [state.new_instance(w.card.id, wound_type=w.wound_type)
              for s in game.card_sets for w in s.wound_cards()]
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
    pairs: list[list[Any]] = []
    seen: set[str] = set()
    for card_set in game.card_sets:
        for card in card_set.draftable:
            partner = card.quick_start_partner
            if partner and card.name not in seen:
                pairs.append([card, card_set.card(partner)])
                seen.update({card.name, partner})
    rng.shuffle(pairs)
    privates = pairs[: game.players]
    used = {c.id for pair in privates for c in pair}
    rest = [game.card(c) for c in draft_pool(game) if c not in used]
    rng.shuffle(rest)
    commons = sorted(rest[:COMMONS], key=lambda c: c.name)
    return [[c.id for c in pair] for pair in privates], [c.id for c in commons]


def make_archive(state, card_id: str, owner: int) -> None:
    """Rule 23: a draft card becomes its pile of seven identical order cards."""
    cards = [state.new_instance(card_id) for _ in range(PILE)]
    state.archives.append({"card": card_id, "owner": owner, "cards": cards})


def build_archives(state, privates: list[list[str]], commons: list[str]) -> None:
    """Create the archives: each player's privates in order, then the commons sorted by
    name. The instance table is copied first, never grown in place: clones share it."""
    state.cards, state.wtype, state.owner = list(state.cards), list(state.wtype), list(state.owner)
    for p, cards in enumerate(privates):
        for card_id in cards:
            make_archive(state, card_id, p)
    names = state.game.card
    for card_id in sorted(commons, key=lambda c: names(c).name):
        make_archive(state, card_id, -1)


def setup_event(state) -> None:
    """The public setup event: every archive's card and owner, and the face-up wounds."""
    state.events.append({"type": "setup", "players": state.game.players,
                         "archives": [a["card"] for a in state.archives],
                         "owners": [a["owner"] for a in state.archives], "face_up": state.face_up})


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
    commons: list[str] = []
    if game.archive_setup == "draft":  # rule 18: 8 - N commons first, face up
        commons = [pool.pop() for _ in range(COMMONS - n)]
    hands = []
    for p in range(n):
        hands.append(sorted(pool.pop() for _ in range(game.draft_cards)))
    state.flags["draft"] = {
        "procedure": game.archive_setup,
        "schedule": schedule(n),
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
                         "dealt": game.draft_cards, "schedule": schedule(n)})
    for p in range(n):
        state.events.append(private("draft_hand", [p], ["cards"], player=p, count=len(hands[p]),
                                    cards=list(hands[p])))
    state.stack.append({"op": "deal_hands"})
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
                return Ask(seat, "draft", [OPTION0 + k for k in range(len(hand))], _prompt(d, seat))
            k = 0 if choice is None else choice - OPTION0
            choice = None
            card = hand.pop(k)
            d["picks"][seat].append(card)
            state.events.append(private("draft_pick", [seat], ["card"], player=seat, pick=d["round"] + 1,
                                        dest=d["schedule"][d["round"]], card=card))
            d["seat"] = seat + 1
            continue
        # everyone has picked: pass to the left, or end the draft
        if d["round"] + 1 == len(d["schedule"]):
            finish_draft(state)
            return DONE
        hands = d["hands"]
        for p in range(n):
            d["passed"][p].append(list(hands[p]))
        d["hands"] = [hands[(p - 1) % n] for p in range(n)]  # each hand goes to the left
        d["round"] += 1
        d["seat"] = 0
        state.events.append({"type": "draft_pass", "pick": d["round"], "direction": "left",
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
    if d["procedure"] == "ml-draft":
        rest = d["rest"]
        while len(commons) + len(filled) < COMMONS and rest:
            filled.append(rest.pop())
        commons += filled
    state.events.append({"type": "draft_reveal", "private": privates, "commons": picked, "filled": filled})
    build_archives(state, privates, commons)
    setup_event(state)


@op("deal_hands")
def deal_hands_op(state, frame, choice):
    """After a draft, in the rulebook's order: hands (rule 35), moons (36), first player
    (37). The moons are not known while drafting."""
    deal_hands(state, moons=True)
    return DONE


def draft_view(state, player: int) -> dict[str, Any] | None:
    """What ``player`` sees of a draft in progress: their own hand, picks and the cards
    they passed on; the face-up commons; every player's pick count and hand size."""
    d = state.flags.get("draft")
    if d is None:
        return None
    return {
        "procedure": d["procedure"],
        "schedule": list(d["schedule"]),
        "round": d["round"],
        "seat": d["seat"],
        "hand": list(d["hands"][player]),
        "picks": list(d["picks"][player]),
        "passed": [list(x) for x in d["passed"][player]],
        "commons": list(d["commons"]),
        "pick_counts": [len(x) for x in d["picks"]],
        "hand_sizes": [len(x) for x in d["hands"]],
        "rest_size": len(d["rest"]),
    }


def redeal_draft(game, view: dict[str, Any], viewer: int, rng) -> dict[str, Any]:
    """The draft data of a state consistent with ``view`` (``draft_view(state, viewer)``)
    for :meth:`NightfallGame.determinize`: the cards ``viewer`` never saw are dealt at
    random to the other players' hands, their picks and the box; a card the viewer saw
    and passed on is only ever where it can be (still in that hand, or picked from it by
    a player it reached), so a 2-player draft gives back what the viewer can deduce."""
    n = game.players
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

    for k in range(n):  # the hand first dealt to seat k is held by seat k + t in round t
        content: list[str] | None = None
        pending: list[tuple[int, int]] = []
        for t in range(r + 1):
            holder = (k + t) % n
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
        hands[(k + r) % n] = sorted(content)
    if hands[viewer] != sorted(view["hand"]) or len(unseen) != view["rest_size"]:
        raise ValueError("observation is inconsistent with this game's draft")
    passed: list[list[Any]] = [[None] * r for _ in range(n)]
    for k in range(n):  # replay each hand forward to know what every player passed on
        content = list(hands[(k + r) % n]) + [picks[(k + t) % n][t] for t in range(r + 1)
                                               if t < len(picks[(k + t) % n])]
        for t in range(r):
            holder = (k + t) % n
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
    }


def check_instances(game) -> None:
    if instance_count(game) > MAX_INSTANCES:
        raise SetupError(f"{instance_count(game)} cards exceed the {MAX_INSTANCES} a game can hold")
