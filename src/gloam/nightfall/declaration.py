"""Nightfall declared once (:class:`~gloam.core.declaration.GameDeclaration`): what the
front ends, the server, the bots' search and the soak learn about Nightfall without
asking its name. Registered in ``gloam/games.py``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from gloam.core.declaration import GameDeclaration, SetupOption
from gloam.core.errors import SetupError
from gloam.nightfall.game import VARIANTS, NightfallGame
from gloam.nightfall.state import NightfallState


def describe_event(game: Any, observation: Mapping[str, Any], event: Mapping[str, Any], viewer: int,
                   names: Sequence[str], lang: str) -> str:
    """The event's line (``nightfall.describe``): the reader is the seat called "You"."""
    from gloam.nightfall.describe import describe_event as line

    return line(game, observation, event, list(names), lang=lang)


def omniscient_observation(state: NightfallState) -> dict[str, Any]:
    """A spectator's observation plus every hand (``hands``), every player's draft view
    (``drafts``), every card of the instance table and every Secret Archive's card (still
    marked face down to the table)."""
    from gloam.core import SPECTATOR
    from gloam.nightfall.setup import draft_view

    view = state.observation(SPECTATOR)
    view["hands"] = [list(h) for h in state.hands]
    if view.get("draft"):
        view["drafts"] = [draft_view(state, p) for p in range(state.game.num_players)]
    view["cards"] = list(state.cards)
    view["archives"] = [dict(a, card=state.archives[k]["card"]) if a.get("card") is None else a
                        for k, a in enumerate(view["archives"])]
    return view


def omniscient_table_view(state: NightfallState, lang: str = "en") -> dict[str, Any]:
    """The table view of :func:`omniscient_observation`, the decision without options."""
    from gloam.core import SPECTATOR
    from gloam.nightfall.view import view_from_observation

    view = view_from_observation(state.game, omniscient_observation(state), lang)
    view["decision"] = state.view(SPECTATOR, lang)["decision"]   # who decides and the prompt, no options
    return view


def parse_position(data: Any) -> NightfallState:
    from gloam.nightfall.position import parse

    return parse(data)


def write_position(state: NightfallState) -> str:
    from gloam.nightfall.position import to_toml

    return to_toml(state)


def _sets() -> list[dict[str, Any]]:
    """Every set a game may mix: its code, title and whether it stands alone."""
    from gloam.nightfall.cards import SET_FILES, load_set

    return [{"code": code, "title": load_set(code).title, "standalone": load_set(code).is_standalone}
            for code in SET_FILES]


def setup_options() -> tuple[SetupOption, ...]:
    """The choices of the lobby's form, and the command line's flags of them."""
    from gloam.nightfall.setup import ARCHIVE_SETUPS

    return (
        SetupOption("sets", ["CW"], "the sets to mix", kind="sets", choices=tuple(_sets()), label="sets"),
        SetupOption("archives", "quick", "the archive setup", choices=ARCHIVE_SETUPS, label="archives_setup",
                    words="archives.", choice_flags=("--quick-start", "--draft", "--ml-draft"),
                    choice_help=("the quick-start archive pairs", "draft the archives (The Coldest War procedure)",
                                 "draft the archives (the Martial Law procedure)")),
        SetupOption("moons", False, "play with the moon phases", kind="flag", start=True, group="extras",
                    legend="options"),
        SetupOption("long", False, "longer games (5 more wounds per player)", kind="flag", group="extras",
                    legend="options"),
        SetupOption("promos", False, "the promo cards", kind="flag", group="extras", legend="options", flag=None),
        SetupOption("variants", [], "the variants (rules 34, 174-179)", kind="flags", choices=VARIANTS,
                    label="variants", words="variant.", choice_help=VARIANT_HELP),
    )


#: the English help of each variant (``VARIANTS``' order)
VARIANT_HELP = ("no private archives: every draft pick goes to the commons",
                "with --draft: fill the commons after drafting, not before",
                "private archives stay face down until their owner first claims from one",
                "8 commons face up first, then 3 draft cards each (2 private picks)",
                "pass draft cards to the right",
                "with --sets mixing starters: choose two starting minions of each colour",
                "Team Play for 4 or 6 players: seats opposite each other are teammates")


def cli_options() -> tuple[SetupOption, ...]:
    """The command line's Nightfall options beside the form's: the draft's size, the
    wound stack's sets, constructed decks and a player's own card values."""
    return (
        SetupOption("draft_cards", None, "in drafts, the draft cards dealt to each player (rule 19: 4 with one"
                    " set, 5-6 with two, 7-10 with more; default the lowest)", kind="int", metavar="N"),
        SetupOption("wounds", None, "the sets whose wound cards form the wound stack (default: every chosen"
                    " set's)", kind="sets"),
        SetupOption("decks", None, "a constructed game (rules 166-173): a deck file (.toml or .json, see"
                    " docs/constructed.md) for every player, or one --deck per player in seat order",
                    kind="files", flag="--deck"),
        SetupOption("cards", None, "your own card values (.toml or .json; docs/user-cards.md), the values of"
                    " the printed cards you own", kind="file"),
    )


def form() -> dict[str, Any]:
    """What else the lobby needs: Team Play seats 6; the first player may be drawn."""
    from gloam.nightfall.setup import DRAFTS

    return {"max_players_if": {"teams": 6}, "first_random": True,
            "hints": [{"group": "variants", "word": "draft_variants_hint", "unless": {"archives": list(DRAFTS)}}]}


def lobby_options() -> dict[str, Any]:
    """``GET /api/options``'s own Nightfall entries (beside the schema)."""
    from gloam.nightfall.setup import ARCHIVE_SETUPS, DRAFTS

    return dict(sets=_sets(), archives=list(ARCHIVE_SETUPS), drafts=list(DRAFTS), variants=list(VARIANTS),
                team_players=[4, 6])


def cli_foreign(options: Mapping[str, Any]) -> str | None:
    """The refusal when a Nightfall option (any of the schema's flags but ``--cards``,
    which Nightmarium takes too) is given for another game."""
    if options.get("decks"):
        return "--deck is a Nightfall option"
    schema = [option for option in (*setup_options(), *cli_options())
              if option.flag_name() is not None and option.key not in ("cards", "decks")]
    keys = [key for option in schema for key in (option.choices if option.kind == "flags" else (option.key,))]
    if all(options.get(key) in (None, False) for key in keys):
        return None
    flags = [flag for option in schema if option.kind != "flags"
             for flag in option.choice_flags or (option.flag_name(),)]
    variants = ["--" + name.replace("_", "-") for name in VARIANTS]
    return f"{', '.join(flags)} and the variants ({', '.join(variants)}) are Nightfall options"


def cli_setup(options: Mapping[str, Any], setup: dict[str, Any]) -> dict[str, Any]:
    """The setup of the command line's Nightfall options added to ``setup``."""
    players = setup["players"]
    setup = dict(setup, archives=options.get("archives") or "quick", moons=options.get("moons"),
                 long=options.get("long"))
    for name in VARIANTS:
        if options.get(name, False):
            setup[name] = True
    for key in ("sets", "wounds"):
        if options.get(key):
            setup[key] = list(options[key])
    if options.get("draft_cards") is not None:
        setup["draft_cards"] = options["draft_cards"]
    if options.get("decks"):
        setup.update(deck_setup(options["decks"], players, setup.get("sets")))
    if options.get("cards"):
        setup["cards"] = card_setup(options["cards"], setup.get("sets", ["CW"]))
    return setup


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


DECLARATION = GameDeclaration(
    name=NightfallGame.name, title="Nightfall", languages=("en", "ja"), default_bot="heuristic",
    game_class=NightfallGame, state_class=NightfallState, describe_event=describe_event,
    omniscient_observation=omniscient_observation, omniscient_table_view=omniscient_table_view,
    parse_position=parse_position, write_position=write_position, setup_options=setup_options,
    cli_options=cli_options, form=form,
    lobby_options=lobby_options, cli_setup=cli_setup, cli_foreign=cli_foreign)
