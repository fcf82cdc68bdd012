"""The setup schema is listed once (issue 24 §1): each game's ``SetupOption``s
(``setup_options()``, the lobby's form and ``GET /api/options``; ``cli_options()``, the
command line's own) make the command line's flags, and their defaults are the game's
own, so the schema, the flags and the game's setup cannot drift apart."""

from __future__ import annotations

import argparse
import dataclasses

import pytest

from gloam import games
from gloam.cli.main import main
from gloam.cli.options import add_setup_options
from gloam.core.declaration import SetupOption
from toy_game import DECLARATION


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="gloam test")
    add_setup_options(parser)
    return parser


def _flags(parser: argparse.ArgumentParser) -> dict[str, argparse.Action]:
    return {flag: action for action in parser._actions for flag in action.option_strings}


@pytest.fixture
def toy_with_an_option():
    """The toy game declaring one setup option of its own."""
    option = SetupOption("hand_size", 1, "cards dealt to each player", choices=(1, 2))
    declaration = dataclasses.replace(DECLARATION, setup_options=lambda: (option,))
    games.register(declaration)
    yield declaration
    games.unregister(declaration.name)


def test_a_games_declared_option_is_a_command_line_flag(toy_with_an_option, capsys):
    """A game's option reaches ``gloam simulate`` with no change to the CLI: its flag,
    choices, default and help come from the declaration."""
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--hand-size {1,2}" in out
    assert "High Card: cards dealt to each player (default 1)" in out
    assert _parser().parse_args([]).hand_size == 1
    with pytest.raises(SystemExit):
        _parser().parse_args(["--hand-size", "3"])    # not a choice: argparse refuses it
    assert "invalid choice: 3" in capsys.readouterr().err


def test_a_declared_option_given_reaches_the_setup_and_is_refused_for_another_game(toy_with_an_option):
    """A game that declares no ``cli_setup`` gets the schema's: a flag given is its setup
    entry, a flag not given leaves the game's default; given for another game, it is
    refused by name and nothing is played."""
    from gloam.cli.options import setup_from_args
    from gloam.core.errors import SetupError

    args = _parser().parse_args(["--hand-size", "2"])
    args.game = "highcard"
    assert setup_from_args(args, 2) == {"players": 2, "hand_size": 2}
    args = _parser().parse_args([])
    args.game = "highcard"
    assert setup_from_args(args, 3) == {"players": 3}
    args = _parser().parse_args(["--hand-size", "2"])
    args.game = "nightmarium"
    with pytest.raises(SetupError, match="--hand-size is a High Card option"):
        setup_from_args(args, 2)


def test_every_schema_option_has_its_flag():
    """The flags users type (README) are the schema's: every option of every game, and
    nothing else of the game's, with the schema's help and choices."""
    flags = _flags(_parser())
    expected = {"--creatures", "--composition", "--cards", "--quick-start", "--draft", "--ml-draft", "--moons",
                "--long", "--sets", "--draft-cards", "--wounds", "--deck", "--common-ground",
                "--hidden-archives", "--secret-archives", "--open-archives", "--upstream", "--custom-starters",
                "--teams"}
    assert set(flags) - {"-h", "--help"} == expected
    for declaration in games.declarations():
        for option in (*declaration.setup_options(), *declaration.cli_options()):
            names = (["--" + c.replace("_", "-") for c in option.choices or ()] if option.kind == "flags"
                     else list(option.choice_flags) or [option.flag_name()])
            for name in names:
                if name is not None:
                    assert name in flags, (declaration.name, option.key, name)
            if option.kind == "choice" and not option.choice_flags:
                action = flags[option.flag_name()]
                assert action.default == option.default and tuple(action.choices) == option.choices
                assert option.help in action.help


@pytest.mark.parametrize("name", ["nightfall", "nightmarium"])
def test_the_schemas_defaults_are_the_games(name):
    """Setting any schema option to its default changes nothing in the game's setup
    object (``setup_json``): the schema's defaults and the game's cannot drift. A flag
    group's choices (Nightfall's variants) are setup keys, each off by default."""
    declaration = games.declaration(name)
    plain = declaration.game_class.from_setup_json({}).setup_json()
    for option in (*declaration.setup_options(), *declaration.cli_options()):
        if option.kind in ("file", "files"):    # a file the CLI reads into the setup, no default value
            continue
        entries = ({choice: False for choice in option.choices} if option.kind == "flags"
                   else {option.key: option.default})
        for key, value in entries.items():
            assert declaration.game_class.from_setup_json({key: value}).setup_json() == plain, (name, key)
            assert plain.get(key, value) == value, (name, key)
