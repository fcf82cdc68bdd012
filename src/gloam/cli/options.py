"""The game-setup options shared by ``gloam play`` and ``gloam simulate``: one place
that turns command-line options into a game's setup."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from gloam.core.errors import SetupError
from gloam.nightmarium.cards import load_composition

NIGHTFALL_ONLY = ("--quick-start, --draft, --ml-draft, --moons, --long, --sets, --draft-cards, --wounds and the"
                  " variants"
                  " (--common-ground, --hidden-archives, --secret-archives, --open-archives, --upstream,"
                  " --custom-starters, --teams) are Nightfall options")
#: Nightfall's variant flags: (argparse dest, setup option), rules 34 and 174-179
NIGHTFALL_VARIANTS = (("common_ground", "common_ground"), ("hidden_archives", "hidden_archives"),
                      ("secret_archives", "secret_archives"), ("open_archives", "open_archives"),
                      ("upstream", "upstream"), ("custom_starters", "custom_starters"), ("teams", "teams"))
NIGHTMARIUM_ONLY = "--composition and --creatures are Nightmarium options"


def add_setup_options(parser: argparse.ArgumentParser) -> None:
    """Nightmarium's --creatures and --composition; Nightfall's archive setup, --moons,
    --long, --sets, --wounds and the variant flags; --cards for both."""
    parser.add_argument("--creatures", type=int, choices=(5, 6, 7), default=5,
                        help="Nightmarium: complete Creatures needed to win (default 5)")
    parser.add_argument("--composition", metavar="FILE",
                        help="Nightmarium: your own card composition (.json or .toml) instead of the standard one")
    parser.add_argument("--cards", metavar="FILE",
                        help="your own card values (.toml or .json; docs/user-cards.md): Nightfall, the values"
                             " of the printed cards you own; Nightmarium, the same as --composition")
    archives = parser.add_mutually_exclusive_group()
    archives.add_argument("--quick-start", dest="archives", action="store_const", const="quick",
                          help="Nightfall: the quick-start archive pairs (the default)")
    archives.add_argument("--draft", dest="archives", action="store_const", const="draft",
                          help="Nightfall: draft the archives (The Coldest War procedure)")
    archives.add_argument("--ml-draft", dest="archives", action="store_const", const="ml-draft",
                          help="Nightfall: draft the archives (the Martial Law procedure)")
    parser.add_argument("--moons", action="store_true", help="Nightfall: play with the moon phases")
    parser.add_argument("--long", action="store_true", help="Nightfall: longer games (5 more wounds per player)")
    parser.add_argument("--sets", metavar="CODE,CODE", type=_codes,
                        help="Nightfall: the sets to mix, e.g. CW,ML (default CW)")
    parser.add_argument("--draft-cards", type=int, metavar="N",
                        help="Nightfall drafts: draft cards dealt to each player (rule 19: 4 with one set,"
                             " 5-6 with two, 7-10 with more; default the lowest)")
    parser.add_argument("--wounds", metavar="CODE,CODE", type=_codes,
                        help="Nightfall: the sets whose wound cards form the wound stack (default: every"
                             " chosen set's)")
    parser.add_argument("--deck", dest="decks", action="append", metavar="FILE",
                        help="Nightfall: a constructed game (rules 166-173): a deck file (.toml or .json,"
                             " see docs/constructed.md) for every player, or one --deck per player in seat order")
    variants = parser.add_argument_group("Nightfall variants (rules 34, 174-179)")
    variants.add_argument("--common-ground", action="store_true",
                          help="no private archives: every draft pick goes to the commons")
    variants.add_argument("--hidden-archives", action="store_true",
                          help="with --draft: fill the commons after drafting, not before")
    variants.add_argument("--secret-archives", action="store_true",
                          help="private archives stay face down until their owner first claims from one")
    variants.add_argument("--open-archives", action="store_true",
                          help="8 commons face up first, then 3 draft cards each (2 private picks)")
    variants.add_argument("--upstream", action="store_true", help="pass draft cards to the right")
    variants.add_argument("--custom-starters", action="store_true",
                          help="with --sets mixing starters: choose two starting minions of each colour")
    variants.add_argument("--teams", action="store_true",
                          help="Team Play for 4 or 6 players: seats opposite each other are teammates")


def _codes(text: str) -> list[str]:
    """A comma-separated list of set codes, e.g. ``CW,ML``."""
    codes = [c.strip().upper() for c in text.split(",") if c.strip()]
    if not codes:
        raise argparse.ArgumentTypeError(f"name at least one set code, not {text!r}")
    return codes


def setup_from_args(args: argparse.Namespace, players: int, **extra: Any) -> dict[str, Any]:
    """The setup of ``args.game`` for ``players`` seats plus ``extra`` entries; an option
    of the other game is refused with :class:`SetupError`."""
    setup: dict[str, Any] = {"players": players, **extra}
    if args.game == "nightfall":
        if args.composition or args.creatures != 5:
            raise SetupError(NIGHTMARIUM_ONLY)
        setup = dict(setup, archives=args.archives or "quick", moons=args.moons, long=args.long)
        for dest, option in NIGHTFALL_VARIANTS:
            if getattr(args, dest, False):
                setup[option] = True
        for key in ("sets", "wounds"):
            if getattr(args, key, None):
                setup[key] = list(getattr(args, key))
        if getattr(args, "draft_cards", None) is not None:
            setup["draft_cards"] = args.draft_cards
        if getattr(args, "decks", None):
            setup.update(deck_setup(args.decks, players, setup.get("sets")))
        if getattr(args, "cards", None):
            setup["cards"] = card_setup(args.cards, setup.get("sets", ["CW"]))
        return setup
    if getattr(args, "decks", None):
        raise SetupError("--deck is a Nightfall option")
    if args.archives or args.moons or args.long or getattr(args, "sets", None) or getattr(args, "wounds", None) \
            or getattr(args, "draft_cards", None) is not None \
            or any(getattr(args, dest, False) for dest, _ in NIGHTFALL_VARIANTS):
        raise SetupError(NIGHTFALL_ONLY)
    setup["creatures"] = args.creatures
    composition = composition_file(args)
    if composition:
        setup["composition"] = load_composition(composition).to_setup()
    return setup


def composition_file(args: argparse.Namespace) -> str | None:
    """Nightmarium's composition file: ``--composition FILE``, or ``--cards FILE``, which
    means the same for Nightmarium (a Night Fear's only values are its Legion, parts and
    ability: a player's own values are a composition); both at once are refused."""
    cards, composition = getattr(args, "cards", None), getattr(args, "composition", None)
    if cards and composition:
        raise SetupError("for Nightmarium --cards FILE is --composition FILE: give one of them")
    return cards or composition


def card_setup(path: str, sets: list[str]) -> dict[str, Any]:
    """Nightfall's ``cards`` setup entry from ``--cards FILE``: the file's values of the
    cards of ``sets`` (a file may name cards of other sets too); refused if it names none."""
    from gloam.nightfall.cards import load_set
    from gloam.nightfall.user_cards import load_user_cards

    user = load_user_cards(path)
    mine = user.only(c.id for code in sets for c in load_set(code).cards)
    if not mine:
        raise SetupError(f"{Path(path).name} names no card of the sets {', '.join(sets)}: nothing to change"
                         f" (it names {', '.join(sorted(user.overrides))})")
    return mine.to_setup()


def deck_setup(files: list[str], players: int, sets: list[str] | None = None) -> dict[str, Any]:
    """The setup entries of a constructed game from ``--deck`` files: ``decks`` (one file
    for every player, or one per player) and ``sets`` (the given sets, or the sets the
    decks' cards come from, with a standalone set first if none is)."""
    from gloam.nightfall.cards import SET_FILES, load_set
    from gloam.nightfall.constructed import load_deck

    if len(files) not in (1, players):
        raise SetupError(f"give one --deck for every player or one per player: {len(files)} decks for"
                         f" {players} players")
    decks = [load_deck(f) for f in files]
    decks = decks * players if len(decks) == 1 else decks
    if sets is None:
        used = {code for d in decks for code in d.sets()}
        sets = [code for code in SET_FILES if code in used]
        if not any(load_set(code).is_standalone for code in sets):
            sets = ["CW"] + sets
    return {"decks": [d.to_json() for d in decks], "sets": list(sets)}


def read_position(path: str):
    """The state a position file describes: :class:`FileError` naming the file if it
    cannot be read as TOML (at most ``MAX_POSITION_BYTES``), else :class:`PositionError`
    listing the position's faults."""
    from gloam.core.files import parse_toml, read_text_file
    from gloam.core.positions import MAX_POSITION_BYTES
    from gloam.games import parse_position

    return parse_position(parse_toml(read_text_file(path, MAX_POSITION_BYTES), path))
