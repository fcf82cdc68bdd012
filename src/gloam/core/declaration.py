"""A game declared once: the one object through which every layer above the rules
(the CLI, the server, the bots' search, the soak, the report) learns what a game is and
what it offers, instead of asking the game's name.

Each game declares itself in its own package (``gloam/nightfall/declaration.py``:
``DECLARATION = GameDeclaration(...)``) and ``gloam/games.py`` registers it with one
line. The registry lives here, in ``core``, so that ``core`` itself (a
:class:`~gloam.core.record.Record` replaying a game by name) finds a game without
importing anything above it; a declaration's module is imported the first time the
game is asked for, so registering a game loads none of its rules.

>>> from gloam.games import declaration
>>> d = declaration("nightmarium")
>>> d.title, d.languages, d.default_bot
('Nightmarium', ('en',), 'greedy')
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gloam.core.errors import SetupError

if TYPE_CHECKING:
    from gloam.core.protocol import Game, GameState


@dataclass(frozen=True, slots=True)
class SetupOption:
    """One setup choice a front end offers (the lobby form, ``GET /api/options``, the
    command line's flags): ``key`` in the setup data, its ``default``, the values it may
    take (``choices``; ``None``: any of its kind), how a form shows it (``kind``:
    ``"choice"``, ``"flag"`` (a checkbox), ``"sets"`` (several of ``choices`` at once) or
    ``"flags"`` (a checkbox each of ``choices``, each one set to true in the setup when
    on); the command line's own: ``"int"``, ``"file"``, ``"files"`` (the flag given once
    per file)), the word of its label (``label``: a key of the client's word table) and
    an English ``help``.

    The command line makes its flags from the same objects (``gloam.cli.options``): a
    ``"choice"`` is ``--key VALUE`` (or, with ``choice_flags``, one flag per value), a
    ``"flag"`` ``--key``, ``"sets"`` ``--key CODE,CODE``, ``"flags"`` one ``--choice``
    each; ``flag`` renames it (``None``: the form's only, no flag)."""

    key: str
    default: Any
    help: str
    kind: str = "choice"
    choices: tuple[Any, ...] | None = None
    label: str = ""
    #: the word key prefix of each choice's label (``"archives."``: ``archives.quick``…)
    words: str = ""
    #: the value a form starts with (the default unless told)
    start: Any = None
    #: the fieldset a form draws it in (options of one group share a box) and its legend
    group: str = ""
    legend: str = ""
    #: the command line's flag (``""``: ``--`` and the key, ``-`` for ``_``; ``None``: none)
    #: and the name of its argument in ``--help`` (``FILE``, ``N``; ``""``: the kind's)
    flag: str | None = ""
    metavar: str = ""
    #: a ``"choice"`` the command line takes as one flag per value (in ``choices``' order)
    choice_flags: tuple[str, ...] = ()
    #: the English help of each choice, in ``choices``' order (the command line's ``--help``)
    choice_help: tuple[str, ...] = ()

    def flag_name(self) -> str | None:
        """The command line's flag of this option (``None``: it has none)."""
        return None if self.flag is None else self.flag or "--" + self.key.replace("_", "-")

    def cli_default(self) -> Any:
        """What the command line holds when the flag is not given: a ``"choice"`` of one
        value its ``default``, anything else ``None`` (``False`` for a flag)."""
        if self.kind == "choice" and not self.choice_flags:
            return self.default
        return False if self.kind in ("flag", "flags") else None

    def given(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The setup entries of this option in the command line's parsed ``options`` (by
        key) when it was given: ``{key: value}``, for ``"flags"`` each choice given
        (``{choice: True}``); empty when it was not."""
        if self.kind == "flags":
            return {choice: True for choice in self.choices or () if options.get(choice)}
        value = options.get(self.key, self.cli_default())
        return {} if value in (None, False) or value == self.cli_default() else {self.key: value}

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "default": self.default, "help": self.help, "kind": self.kind,
                "choices": list(self.choices) if self.choices is not None else None,
                "label": self.label or self.key, "words": self.words,
                "start": self.default if self.start is None else self.start,
                "group": self.group or self.key, "legend": self.legend or self.label or self.key}


#: describe_event(game, observation, event, viewer, names, lang) -> one line
EventDescriber = Callable[[Any, Mapping[str, Any], Mapping[str, Any], int, Sequence[str], str], str]


@dataclass(frozen=True)
class GameDeclaration:
    """What a game is, for every layer above its rules.

    - ``name``, ``title``, ``languages`` (of its prompts and event lines; a front end
      asked for another speaks the first), ``default_bot`` (the bot a front end seats
      when none is named);
    - ``game_class`` (``from_setup_json``, ``min_players``/``max_players``) and
      ``state_class`` (``from_json``: a record's starting position);
    - ``setup_options()``: the setup choices a form offers (:class:`SetupOption`; the
      command line's flags are made from them too), ``cli_options()``: the options the
      command line offers beside them (files, counts), and
      ``form()``: what else the lobby needs (the most seats some option allows, whether
      the first player may be drawn at random), ``lobby_options()``: the game's own
      entries of ``GET /api/options`` beside them;
    - ``describe_event(game, observation, event, viewer, names, lang)``: one line for an
      event already redacted for ``viewer`` (a seat or ``SPECTATOR``), whose
      ``observation`` it is, the seats called ``names`` (``"You"`` for the reader in
      English); the same signature for every game;
    - ``omniscient_observation(state)`` / ``omniscient_table_view(state, lang)``: the table
      with every hand face up (replays of finished games only);
    - ``parse_position(data)`` / ``write_position(state)``: a position (docs/positions.md)
      read into a playable state / written as TOML;
    - ``cli_setup(options, setup)``: the setup of a command line's game options
      (``options``: the parsed options by name), and ``cli_foreign(options)``: the
      refusal to give when one of this game's own options is given for another game
      (``None`` when none is); a game that declares neither gets the schema's
      (:meth:`command_line_setup`, :meth:`command_line_refusal`).
    """

    name: str
    title: str
    languages: tuple[str, ...]
    default_bot: str
    game_class: type[Game]
    state_class: type[GameState[Any]]
    describe_event: EventDescriber
    omniscient_observation: Callable[[Any], dict[str, Any]]
    omniscient_table_view: Callable[[Any, str], dict[str, Any]]
    parse_position: Callable[[Any], Any] | None = None
    write_position: Callable[[Any], str] | None = None
    setup_options: Callable[[], Sequence[SetupOption]] = tuple
    cli_options: Callable[[], Sequence[SetupOption]] = tuple
    form: Callable[[], Mapping[str, Any]] = dict
    lobby_options: Callable[[], Mapping[str, Any]] = dict
    cli_setup: Callable[[Mapping[str, Any], dict[str, Any]], dict[str, Any]] | None = None
    cli_foreign: Callable[[Mapping[str, Any]], str | None] | None = None

    def command_line_options(self) -> list[SetupOption]:
        """The options the command line has a flag for: the form's, then its own."""
        return [option for option in (*self.setup_options(), *self.cli_options()) if option.flag_name()]

    def command_line_setup(self, options: Mapping[str, Any], setup: dict[str, Any]) -> dict[str, Any]:
        """``setup`` with the command line's ``options`` of this game: ``cli_setup``'s,
        or, if the game declares none, each schema option given as it was given."""
        if self.cli_setup is not None:
            return self.cli_setup(options, setup)
        for option in self.command_line_options():
            setup.update(option.given(options))
        return setup

    def command_line_refusal(self, options: Mapping[str, Any]) -> str | None:
        """The refusal when an option of this game is given for another (``None``: none
        is): ``cli_foreign``'s, or, if the game declares none, the schema's flags given."""
        if self.cli_foreign is not None:
            return self.cli_foreign(options)
        flags = [flag for option in self.command_line_options()
                 if option.given(options) and (flag := option.flag_name()) is not None]
        if not flags:
            return None
        return f"{', '.join(flags)} {'is a' if len(flags) == 1 else 'are'} {self.title} option" \
               f"{'' if len(flags) == 1 else 's'}"

    def lang(self, lang: str) -> str:
        """The language a front end speaks this game in when asked for ``lang``: ``lang``
        if the game has it, else its first language."""
        return lang if lang in self.languages else self.languages[0]


# --- the registry ------------------------------------------------------------------------
#: name -> its declaration, or the module path whose ``DECLARATION`` it is (not yet loaded)
_REGISTRY: dict[str, GameDeclaration | str] = {}


def register(declaration: GameDeclaration | str, name: str | None = None) -> None:
    """Register a game: its declaration, or (``name`` given) the path of the module whose
    ``DECLARATION`` it is, imported when the game is first asked for."""
    if isinstance(declaration, GameDeclaration):
        _REGISTRY[declaration.name] = declaration
    elif name:
        _REGISTRY.setdefault(name, declaration)
    else:
        raise ValueError("register a module path with the game's name")


def unregister(name: str) -> None:
    """Take a game out of the registry (a test's own game, once the test is done)."""
    _REGISTRY.pop(name, None)


def registered_names() -> list[str]:
    """The registered games' names, sorted."""
    return sorted(_REGISTRY)


def find(name: Any) -> GameDeclaration | None:
    """The declaration of game ``name``, or ``None`` if no game has that name."""
    entry = _REGISTRY.get(name) if isinstance(name, str) else None
    if isinstance(entry, str):
        entry = importlib.import_module(entry).DECLARATION
        _REGISTRY[name] = entry
    return entry


def declared(name: Any, error: type[Exception] = SetupError) -> GameDeclaration:
    """The declaration of game ``name``; ``error`` (a :class:`SetupError` unless told)
    naming the games there are if there is none."""
    found = find(name)
    if found is None:
        raise error(f"unknown game {name!r}; gloam has {', '.join(registered_names())}")
    return found
