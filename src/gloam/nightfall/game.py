"""Nightfall as a :class:`~gloam.core.protocol.Game`: the setup options and their checks
(what the lobby and the command line offer of them is declared in
:mod:`gloam.nightfall.declaration`), the chosen sets' cards (a player's own values
applied) and their effect registry (``game.effects``), Team Play's teams, and the format
(``game.format``: :class:`~gloam.nightfall.formats.StandardFormat` or
:class:`~gloam.nightfall.constructed.ConstructedFormat`) that deals the start (rules
13-37) and re-deals the unseen cards for :meth:`NightfallGame.determinize`.

>>> game = NightfallGame(players=2)
>>> state = game.new_initial_state(seed=3)
>>> [len(h) for h in state.hands], state.face_up, len(state.archives)
([5, 5], 20, 12)
>>> str(state.pending().kind)
'combat_window'
"""

from __future__ import annotations

from typing import Any

from gloam.core.errors import SetupError
from gloam.core.protocol import Game
from gloam.core.rng import Rng
from gloam.core.text import name_some
from gloam.nightfall import constructed, engine, phases, setup  # noqa: F401  (phases registers the turn's frame ops)
from gloam.nightfall.actions import action_space
from gloam.nightfall.cards import SET_FILES, Card, load_set
from gloam.nightfall.constructed import ConstructedFormat
from gloam.nightfall.formats import StandardFormat
from gloam.nightfall.registry import Effects
from gloam.nightfall.setup import ARCHIVE_SETUPS as SETUPS, LONG_EXTRA, WOUNDS_PER_PLAYER
from gloam.nightfall.state import NightfallState
from gloam.nightfall.user_cards import UserCards, user_cards_from_json

_OPTIONS = ("players", "sets", "archives", "draft_cards", "long", "moons", "first_player", "turn_limit", "promos")
#: the variants (rules 34, 174-179, readings 4 and 11-14), all off by default
VARIANTS = ("common_ground", "hidden_archives", "secret_archives", "open_archives", "upstream",
             "custom_starters", "teams")
_OPTIONS = _OPTIONS + VARIANTS + ("wounds",)
_OPTIONS = _OPTIONS + ("decks",)  # the constructed format (rules 166-173, constructed.py)
_OPTIONS = _OPTIONS + ("cards",)  # a player's own card values (user_cards.py, docs/user-cards.md)


def check_sets(sets: Any) -> None:
    """The sets a game mixes: known codes, each once, and at least one standalone set
    (Blood Country has no starters or wounds, seed 003)."""
    if isinstance(sets, str) or not isinstance(sets, (list, tuple)) or not sets \
            or not all(isinstance(code, str) for code in sets):
        raise SetupError(f"sets must be a non-empty list of set codes, not {sets!r}")
    unknown = [code for code in sets if code not in SET_FILES]
    if unknown:
        raise SetupError(f"unknown set {unknown[0]!r}: the sets are {', '.join(SET_FILES)}")
    if len(set(sets)) != len(sets):
        raise SetupError(f"each set once, not {', '.join(sets)}")
    if not any(load_set(code).is_standalone for code in sets):
        raise SetupError(f"{', '.join(sets)}: Blood Country is not standalone (seed 003); "
                         "mix it with a set that has starting minions and wounds")


def _check_variants(variants: dict[str, Any], archives: str) -> None:
    """The variants' combinations (rules 174-179): each is true or false; the draft
    variants need a draft; Hidden Archives changes the Coldest War draft only; Open
    Archives deals its own way and takes neither Common Ground nor Hidden Archives;
    Common Ground has no private archives to keep secret."""
    for key, value in variants.items():
        if not isinstance(value, bool):
            raise SetupError(f"{key} must be true or false, not {value!r}")
    rules = {"common_ground": "Common Ground (rule 174)", "hidden_archives": "Hidden Archives (rule 175)",
             "secret_archives": "Secret Archives (rule 176)", "open_archives": "Open Archives (rule 177)",
             "upstream": "Upstream Draft (rule 179)"}
    for key, name in rules.items():
        if variants[key] and archives not in setup.DRAFTS:
            raise SetupError(f"{name} is a draft variant: use archives=\"draft\" or \"ml-draft\","
                             f" not {archives!r}")
    if variants["hidden_archives"] and archives != "draft":
        raise SetupError("Hidden Archives (rule 175) changes the Coldest War draft (archives=\"draft\");"
                         " the Martial Law draft already fills the commons after drafting")
    if variants["open_archives"] and (variants["common_ground"] or variants["hidden_archives"]):
        raise SetupError("Open Archives (rule 177) deals all 8 commons first: it does not combine with"
                         " Common Ground or Hidden Archives")
    if variants["secret_archives"] and variants["common_ground"]:
        raise SetupError("Common Ground (rule 174) has no private archives for Secret Archives (rule 176)"
                         " to keep face down")


def _check_wounds(wounds: Any, sets: tuple[str, ...], card_sets: list) -> tuple[str, ...] | None:
    """The ``wounds`` option (reading 4): None (every chosen set's wounds), or the codes of
    chosen sets whose wound cards form the stack, each once."""
    if wounds is None:
        return None
    if isinstance(wounds, str) or not isinstance(wounds, (list, tuple)) or not wounds \
            or not all(isinstance(code, str) for code in wounds):
        raise SetupError(f"wounds must be a non-empty list of set codes, not {wounds!r}")
    if len(set(wounds)) != len(wounds):
        raise SetupError(f"wounds names each set once, not {', '.join(wounds)}")
    for code in wounds:
        if code not in sets:
            raise SetupError(f"wounds names {code!r}, which is not one of this game's sets ({', '.join(sets)})")
        if not next(s for s in card_sets if s.code == code).wound_cards():
            raise SetupError(f"set {code} has no wound cards to put in the wound stack")
    return tuple(wounds)


def _user_cards(cards: Any, sets: tuple[str, ...]) -> UserCards | None:
    """The ``cards`` option: None, or a card file's overrides (plain data by card id, or a
    :class:`UserCards`) naming cards of these sets only; validated again either way."""
    if cards is None:
        return None
    if isinstance(cards, UserCards):
        cards = cards.to_setup()
    if not isinstance(cards, dict) or not cards:
        raise SetupError(f"cards must be a non-empty mapping of card id to values, not {cards!r}")
    user = user_cards_from_json(cards, "setup 'cards'")
    in_game = {c.id for code in sets for c in load_set(code).cards}
    stray = [cid for cid in user.cards if cid not in in_game]
    if stray:
        raise SetupError(f"cards names {stray[0]!r}, which is no card of this game's sets ({', '.join(sets)})")
    return user


class NightfallGame(Game):
    """Setup: 2-5 players (reading 5), the sets (``sets``: codes of
    :data:`~gloam.nightfall.cards.SET_FILES`, at least one standalone), the archive
    setup (``"quick"``: the quick-start pairings, rule 31; ``"draft"``: The Coldest War's
    draft, rules 17-24, the 2-player draft of rule 30 with 2 players; ``"ml-draft"``:
    Martial Law's draft, rules 25-29), the draft cards dealt to each player
    (``draft_cards``, rule 19: 4 with one set, 5-6 with two, 7-10 with more; default the
    lowest), longer games (rule 14), moon phases (rule 36), the first player (rule 37: a
    seat, or ``"random"`` drawn from the game's generator at the end of the setup), and
    an optional turn limit for simulations (0: none).

    ``game.first_player`` is the setup's value (a seat or ``"random"``); a state starts
    at ``game.start_seat`` (0 until its setup draws the seat of a random first player):
    ``state.first_player`` is the one to read.

    Variants (docs/rules-decisions.md, "Nightfall variants"), each off by default:
    ``common_ground`` (rule 174: every pick goes to the commons), ``hidden_archives``
    (rule 175: the CW draft fills the commons after the picks), ``secret_archives`` (rule
    176: private archives stay face down until their owner first claims from one),
    ``open_archives`` (rule 177: 8 commons face up, then 3 draft cards each), ``upstream``
    (rule 179: pass right), ``custom_starters`` (rule 34: each player chooses two starters
    of each colour from the mixed sets), ``teams`` (rule 178: 4 or 6 players, seats i and
    i + N/2 together) and ``wounds`` (reading 4: the sets whose wound cards form the stack;
    default every chosen set's).

    The constructed format (rules 166-173, docs/constructed.md): ``decks``, one
    :class:`~gloam.nightfall.constructed.Deck` (or its plain data) per player: no draft,
    no commons, each player's own shuffled archives and wound stack, elimination.

    A player's own card values (docs/user-cards.md): ``cards``, a card file's validated
    overrides (plain data keyed by card id, :meth:`UserCards.to_setup
    <gloam.nightfall.user_cards.UserCards.to_setup>`) for cards of this game's sets; they
    are checked again here (:class:`~gloam.core.errors.CardDataError`) and kept in the
    setup, so a record replays without the file."""

    name = "nightfall"
    min_players = 2
    max_players = 5  # reading 5; Team Play alone allows 6 (checked in __init__)

    def __init__(self, players: int = 2, sets: tuple[str, ...] = ("CW",), archives: str = "quick",
                 long: bool = False, moons: bool = False, first_player: int | str = 0, turn_limit: int = 0,
                 draft_cards: int | None = None, promos: bool = False, common_ground: bool = False,
                 hidden_archives: bool = False, secret_archives: bool = False, open_archives: bool = False,
                 upstream: bool = False, custom_starters: bool = False, teams: bool = False,
                 wounds: tuple[str, ...] | None = None, decks: Any = None, cards: Any = None) -> None:
        for key, value in (("players", players), ("turn_limit", turn_limit)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise SetupError(f"{key} must be an integer, not {value!r}")
        if not isinstance(teams, bool):
            raise SetupError(f"teams must be true or false, not {teams!r}")
        if teams and players not in (4, 6):
            raise SetupError(f"Team Play is for 4 or 6 players (rule 178), not {players}")
        if not self.min_players <= players <= (6 if teams else 5):
            raise SetupError(f"Nightfall is for 2 to 5 players, not {players}")
        if first_player != "random":
            if isinstance(first_player, bool) or not isinstance(first_player, int):
                raise SetupError(f"first_player must be an integer or \"random\", not {first_player!r}")
            if not 0 <= first_player < players:
                raise SetupError(f"first_player must be a seat from 0 to {players - 1}, not {first_player}")
        if not isinstance(archives, str) or archives not in SETUPS:
            raise SetupError(f"archives must be one of {', '.join(SETUPS)}, not {archives!r}")
        check_sets(sets)
        for key, value in (("long", long), ("moons", moons), ("promos", promos)):
            if not isinstance(value, bool):
                raise SetupError(f"{key} must be true or false, not {value!r}")
        if turn_limit < 0:
            raise SetupError("turn_limit must be 0 (no limit) or positive")
        self.players = players
        self.sets = tuple(sets)
        self.archive_setup = archives
        self.long = long
        self.use_moons = moons
        #: the setup's first player (rule 37): a seat, or "random" (drawn by each state's setup)
        self.first_player: int | str = first_player
        self.turn_limit = turn_limit
        self.promos = promos
        self.user_cards = _user_cards(cards, self.sets)
        self.card_sets = [load_set(code) for code in self.sets]
        if self.user_cards is not None:
            self.card_sets = [self.user_cards.apply(s) for s in self.card_sets]
        self._cards = {c.id: c for s in self.card_sets for c in s.cards}
        self._by_name: dict[str, Card] = {}
        for c in self._cards.values():
            for name in (c.name, c.printed_name):
                self._by_name.setdefault(name.casefold(), c)
        variants = {"common_ground": common_ground, "hidden_archives": hidden_archives,
                    "secret_archives": secret_archives, "open_archives": open_archives, "upstream": upstream,
                    "custom_starters": custom_starters, "teams": teams}
        _check_variants(variants, archives)
        for key, value in variants.items():
            setattr(self, key, value)
        self.wound_sets = _check_wounds(wounds, self.sets, self.card_sets)
        if custom_starters and all(len(ids) == 1 for _, ids in setup.starter_colours(self)):
            raise SetupError(f"custom_starters: {', '.join(self.sets)} offer only one starting minion of each"
                             " colour; rule 34 customises starting decks when sets with other starters are mixed")
        if archives in setup.DRAFTS:
            picks = len(setup.schedule(players, common_ground, open_archives))
            self.draft_cards = setup.check_draft(players, len(self.sets), len(setup.draft_pool(self)), draft_cards,
                                                 procedure=archives, picks=picks, open_archives=open_archives)
        elif draft_cards is not None:
            raise SetupError(f"draft_cards is an option of the drafts ({', '.join(setup.DRAFTS)}),"
                             f" not of archives={archives!r}")
        else:
            self.draft_cards = None
        self.effects = Effects(self.card_sets)
        # constructed (rules 166-173): one deck per player, checked against these sets
        self.decks = constructed.check_decks(self, decks, {"archives": archives != "quick", "long": long,
                                                           "wounds": wounds is not None, **variants})
        stack = sum(len(s.wound_cards()) for s in setup.wound_sets(self))
        self.face_up = 0 if self.decks else players * (WOUNDS_PER_PLAYER + (LONG_EXTRA if long else 0))
        if self.decks is None and self.face_up > stack:
            named = ", ".join(s.code for s in setup.wound_sets(self))
            raise SetupError(f"{self.face_up} face-up wounds are needed but the wound stack has {stack}"
                             f" ({named} wounds; rules 13-14, reading 4: mix in another set's wounds for this game)")
        setup.check_instances(self)
        self._setup_json = {"players": players, "sets": list(self.sets), "archives": archives,
                            "long": self.long, "moons": self.use_moons, "first_player": first_player,
                            "turn_limit": turn_limit}
        if promos:
            self._setup_json["promos"] = True
        if self.draft_cards is not None:
            self._setup_json["draft_cards"] = self.draft_cards
        for key, value in variants.items():
            if value:
                self._setup_json[key] = True
        if self.wound_sets is not None:
            self._setup_json["wounds"] = list(self.wound_sets)
        if self.decks is not None:
            self._setup_json["decks"] = [d.to_json() for d in self.decks]
        if self.user_cards is not None:
            self._setup_json["cards"] = self.user_cards.to_setup()
        #: the rules that differ between formats, asked by the shared engine (formats.py)
        self.format = StandardFormat(self) if self.decks is None else ConstructedFormat(self)

    @property
    def random_first(self) -> bool:
        """Whether each state's setup draws the first player (``first_player="random"``)."""
        return self.first_player == "random"

    @property
    def start_seat(self) -> int:
        """The first player a state starts with: the setup's seat, or 0 until a random
        first player is drawn."""
        first = self.first_player
        return 0 if first == "random" else int(first)

    # ------------------------------------------------------------------ teams
    def team(self, player: int) -> tuple[int, ...]:
        """Team Play (rule 178): seat i and i + N/2 sit opposite and are teammates; without
        teams every player is a team of one."""
        if not self.teams:
            return (player,)
        half = self.players // 2
        return tuple(sorted((player % half, player % half + half)))

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def action_space(self):
        return action_space()

    def card(self, card_id: str) -> Card:
        return self._cards[card_id]

    def card_named(self, name: str) -> Card:
        """A card of this game's sets by id or name (with or without its quotation marks);
        a name several sets print (a wound kind) gives the first set's card."""
        card = self._cards.get(name) or self._by_name.get(name.casefold())
        if card is None:
            raise KeyError(f"no card {name!r} in sets {', '.join(self.sets)}")
        return card

    def setup_json(self) -> dict[str, Any]:
        """The setup as fresh plain data (changing it changes nothing in the game)."""
        setup = self._setup_json
        if "decks" in setup or "cards" in setup:  # decks, card values: objects inside
            return engine.deep_copy(setup)
        return {k: v[:] if type(v) is list else v for k, v in setup.items()}  # flat lists of names

    @classmethod
    def from_setup_json(cls, data: dict[str, Any]) -> NightfallGame:
        if not isinstance(data, dict):
            raise SetupError("setup must be an object")
        unknown = set(data) - set(_OPTIONS)
        if unknown:
            raise SetupError(f"unknown setup option(s): {name_some(unknown)}")
        sets = data.get("sets", ("CW",))
        check_sets(sets)
        return cls(players=data.get("players", 2), sets=tuple(sets),
                   archives=data.get("archives", "quick"), long=data.get("long", False),
                   moons=data.get("moons", False), first_player=data.get("first_player", 0),
                   turn_limit=data.get("turn_limit", 0), draft_cards=data.get("draft_cards"),
                   promos=data.get("promos", False), wounds=data.get("wounds"), decks=data.get("decks"),
                   cards=data.get("cards"), **{key: data.get(key, False) for key in VARIANTS})

    # ------------------------------------------------------------------ setup
    def new_initial_state(self, seed: int) -> NightfallState:
        """The dealt start (rules 13-37; constructed, rules 168-169 and 173): the
        format's :meth:`~gloam.nightfall.formats.StandardFormat.setup`, then the engine
        runs to the first decision."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SetupError(f"seed must be an integer, not {seed!r}")
        state = NightfallState(self)
        state.rng = Rng(seed)
        self.format.setup(state)
        engine.run(state)
        return state

    # ------------------------------------------------------------------ determinize
    def determinize(self, observation: dict[str, Any], rng: Any) -> NightfallState:
        """A full state agreeing with ``observation``: each player's cards that the viewer
        cannot see (the viewer's own deck order; other players' hands and decks) are
        re-dealt at random among those hidden places; the wounds under the visible top
        and the moons under the current one are shuffled. ``rng``: a gloam ``Rng`` or a
        ``random.Random``. The format does it (:mod:`gloam.nightfall.formats`; a
        constructed game also re-deals archive orders and wound stacks).

        The open decision is part of what the viewer knows: a player asked to pick a card
        from their hand holds one that fits. A re-deal that leaves the decision without
        an option would let the engine move on past it, so such a deal is drawn again
        (up to :data:`DETERMINIZE_TRIES` times; the last deal is kept if none fits, which
        the soak has never needed)."""
        state = self.format.determinize(self, observation, rng)
        for _ in range(DETERMINIZE_TRIES - 1):
            if state.current_player() == observation["to_act"] and state.decision_kind() == observation["kind"]:
                break
            state = self.format.determinize(self, observation, rng)
        return state


#: how many re-deals :meth:`NightfallGame.determinize` draws to find one that keeps the
#: viewer's open decision (soak game 6529 of seed 16: a kicker's pick from a hidden hand)
DETERMINIZE_TRIES = 100

NightfallState.game_type = NightfallGame  # a saved state's setup is rebuilt with this class (state.from_json)
