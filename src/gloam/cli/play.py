"""``gloam play``: play Nightmarium at the terminal against bots or friends.

    gloam play nightmarium --seats you,greedy,random [--seed N] [--creatures 5|6|7]
                           [--first-player K] [--names A,B,C] [--save FILE] [--replay-out FILE]
                           [--hints]
    gloam play nightfall --seats you,heuristic,random [--quick-start | --draft | --ml-draft]
                         [--moons] [--long] [same options as above]
    gloam play --resume FILE
    gloam play nightfall --position FILE  # play on from a position (docs/positions.md)
    gloam play nightfall --lang ja       # the Nightfall table in Japanese

``--lang ja`` shows Nightfall's card names (seed 002, the Japanese rulebook), phases,
prompts, menus, the status panel and the log in Japanese; card texts stay English (the
seeds give no Japanese card texts). Nightmarium is always played in English.

A seat is ``you`` (a human at this terminal) or a bot name. Several ``you`` seats
play pass-and-play: the screen is cleared and the next player is asked to take the
keyboard before their hand is shown. Each human sees only their own observation.

Ctrl-C (or ``q`` at a prompt) saves the game as a record and prints the command that
resumes it. At the end the full record is saved as a replay file.

Bots are re-seeded before every decision from (game seed, seat, decision number), so a
resumed game continues exactly as the uninterrupted game would have.

With ``--hints``, before each of your decisions the search bot (level ``normal``) searches
from your own observation — never the hidden cards — and the three options it rates best
are shown with their estimated win chance. Hints never change what the bots do.
"""

from __future__ import annotations

import argparse
import random
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from rich import box
from rich.console import Console
from rich.panel import Panel
from rich.rule import Rule
from rich.text import Text

from gloam.bots import bot_names, make_bot
from gloam.core.errors import GloamError, RecordError, SetupError
from gloam.core.record import Record
from gloam.core.rng import derive_seed
from gloam.cli.frontends import frontend
from gloam.cli.options import add_setup_options, setup_from_args
from gloam.cli.render import options_table
from gloam.games import get_game
from gloam.nightfall import i18n

HUMAN = "you"
GAMES = ("nightmarium", "nightfall")
INTERRUPTED = 130  # the shell's exit status for Ctrl-C
HINT_SALT = 0x4817  # mixed into the hint search's seed, apart from every bot's


class QuitRequested(Exception):
    """The player typed ``q``: save and stop, as with Ctrl-C."""


@dataclass
class Terminal:
    """Where the game talks to people: a rich console and a line reader.

    Tests pass their own (a recording console, a scripted ``read``)."""

    console: Console = field(default_factory=Console)
    read: Callable[[str], str] | None = None

    def ask(self, prompt: str | Text) -> str:
        """Print ``prompt`` and read one line: with ``input()``, or with ``read`` (given
        the prompt's plain text; the answer is echoed so a transcript shows it)."""
        if self.read is None:
            return self.console.input(prompt)
        self.console.print(prompt, end="")
        line = self.read(prompt.plain if isinstance(prompt, Text) else str(prompt))
        self.console.print(line, highlight=False, markup=False, soft_wrap=True)
        return line

    def clear(self) -> None:
        self.console.clear()

    @property
    def width(self) -> int:
        return self.console.width


def make_terminal() -> Terminal:
    """The terminal used by ``gloam play`` and ``gloam replay`` (tests may replace it)."""
    return Terminal()


# ---------------------------------------------------------------------- arguments
def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "play", help="play a game at the terminal against bots or friends",
        description="Play Nightmarium or Nightfall at the terminal. Seats are 'you' (a human here) or"
                    f" bot names (Nightmarium: {', '.join(bot_names('nightmarium'))};"
                    f" Nightfall: {', '.join(bot_names('nightfall'))}). Several 'you' seats play pass-and-play."
                    " Ctrl-C saves the game; resume it with --resume FILE.")
    parser.add_argument("game", nargs="?", choices=GAMES, help="the game to play")
    parser.add_argument("--seats", help="comma-separated seats in turn order, e.g. you,greedy,random"
                                        " (default: you against the game's own bot: greedy for"
                                        " Nightmarium, heuristic for Nightfall)")
    parser.add_argument("--names", help="comma-separated player names, one per seat")
    parser.add_argument("--seed", type=int, help="deal seed (default: random, printed at the start)")
    add_setup_options(parser)
    parser.add_argument("--first-player", type=int, default=0, metavar="K",
                        help="seat index (from 0, in --seats order) of the first player (default 0)")
    parser.add_argument("--hints", action="store_true",
                        help="before each of your decisions, show the search bot's top three options"
                             " with their estimated win chance (from your own view only)")
    parser.add_argument("--lang", default="en", metavar="{en,ja}",
                        help="language of the table, prompts, menus and log: en (default) or ja (Japanese:"
                             " card names from the Japanese rulebook, card texts stay English)."
                             " ja applies to Nightfall; Nightmarium is always English")
    parser.add_argument("--resume", metavar="FILE", help="continue a saved game")
    parser.add_argument("--position", metavar="FILE",
                        help="play on from a position file (docs/positions.md); its setup replaces the"
                             " setup options")
    parser.add_argument("--save", metavar="FILE", help="where Ctrl-C saves the game"
                                                       " (default gloam-save-<game>-<time>.json here)")
    parser.add_argument("--replay-out", metavar="FILE", help="where the finished game's replay is saved"
                                                             " (default gloam-replay-<game>-<time>.json here)")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace, terminal: Terminal | None = None) -> int:
    """Entry point of ``gloam play``: 0 after a finished game, 130 after a save, 2 on bad
    options or a bad save file."""
    terminal = terminal or make_terminal()
    try:
        session = Session.from_args(args, terminal)
    except GloamError as exc:
        Console(stderr=True).print(f"gloam play: error: {exc}", highlight=False, markup=False, soft_wrap=True)
        return 2
    return session.play()


def seat_names(seats: list[str], names: list[str] | None = None, lone_you: bool = True,
               lang: str = "en") -> list[str]:
    """Display names: ``You`` for a lone human (with ``lone_you``), ``Player N`` (N = seat
    + 1) otherwise, bots by name (numbered by seat when a bot sits twice); ``You`` and
    ``Player N`` in ``lang``."""
    if names:
        return names
    humans = seats.count(HUMAN)
    out = []
    for p, seat in enumerate(seats):
        if seat == HUMAN:
            out.append(i18n.text("ui", "you", lang) if humans == 1 and lone_you
                       else i18n.fill("ui", "player_n", lang, n=p + 1))
        else:
            out.append(seat.capitalize() if seats.count(seat) == 1 else f"{seat.capitalize()} {p + 1}")
    return out


def _lang(args: argparse.Namespace, game: Any) -> str:
    """The session's language: ``--lang`` for Nightfall; Nightmarium is English only."""
    lang = i18n.check_lang(getattr(args, "lang", "en"))
    return lang if game.name == "nightfall" else "en"


def _split(text: str) -> list[str]:
    return [s.strip() for s in text.split(",")]


def _check_seats(seats: list[str], game_name: str) -> None:
    known = bot_names(game_name)
    for seat in seats:
        if seat != HUMAN and seat not in known:
            raise SetupError(f"unknown seat {seat!r}: use 'you' or a bot ({', '.join(known)})")


def _stamp_path(kind: str, game: str) -> Path:
    """A new file name ``gloam-<kind>-<game>-<time>.json`` in the current directory."""
    base = f"gloam-{kind}-{game}-{time.strftime('%Y%m%d-%H%M%S')}"
    path = Path(f"{base}.json")
    n = 2
    while path.exists():
        path = Path(f"{base}-{n}.json")
        n += 1
    return path


# ---------------------------------------------------------------------- the session
class Session:
    """One game at the terminal: the state, the record so far, the seats and bots."""

    def __init__(self, game: Any, seed: int, seats: list[str], names: list[str], terminal: Terminal,
                 actions: list[int] | None = None, save_to: str | None = None,
                 replay_out: str | None = None, hints: bool = False, lang: str = "en",
                 start: Any = None) -> None:
        self.game = game
        self.lang = lang if game.name == "nightfall" else "en"  # Nightmarium is English only
        self.ui = frontend(game, self.lang)
        self.seed = seed
        self.seats = seats
        self.names = names
        self.term = terminal
        self.console = terminal.console
        self.actions: list[int] = []
        # a game played on from a position keeps it: its record starts there (core/record.py)
        self.start = None if start is None else start.to_json()
        self.state = game.new_initial_state(seed) if start is None else start.clone()
        for action in actions or []:
            self.state.apply(action)
            self.actions.append(action)
        self.bots = {p: make_bot(s, game, seed=derive_seed(seed, p)) for p, s in enumerate(seats) if s != HUMAN}
        self.humans = [p for p, s in enumerate(seats) if s == HUMAN]
        self.seen: dict[int, int] = {p: 0 for p in self.humans}  # events each human has looked at
        self.on_screen: int | None = None  # the human whose hand may be on the screen
        self.save_to = save_to
        self.replay_out = replay_out
        self.printed = 0  # events printed live (games without a human)
        self.notice: Text | None = None  # shown once, above the next screen
        self.hints = hints  # show the search bot's top options at each human decision

    def say(self, key: str, **values: Any) -> str:
        """A line of the terminal's own text in this session's language."""
        return i18n.fill("ui", key, self.lang, **values)

    @classmethod
    def from_args(cls, args: argparse.Namespace, terminal: Terminal) -> "Session":
        i18n.check_lang(getattr(args, "lang", "en"))
        if args.resume:
            return cls._resume(args, terminal)
        position = None
        if getattr(args, "position", None):
            from gloam.cli.options import read_position

            position = read_position(args.position)
            if args.game and args.game != position.game.name:
                raise SetupError(f"{args.position} is a {position.game.name} position, not {args.game}")
            args.game = position.game.name
        if not args.game:
            raise SetupError("name the game to play (nightmarium or nightfall), or --resume FILE")
        bot = "heuristic" if args.game == "nightfall" else "greedy"  # each game's own default bot
        players = position.game.num_players if position is not None else 2  # a position: each of its seats
        default = ",".join([HUMAN] + [bot] * (players - 1))
        seats = _split(args.seats or default)
        _check_seats(seats, args.game)
        names = _split(args.names) if args.names else None
        if names is not None and len(names) != len(seats):
            raise SetupError(f"--names gives {len(names)} names for {len(seats)} seats")
        if position is None:
            game = get_game(args.game, setup_from_args(args, len(seats), first_player=args.first_player))
        elif len(seats) != position.game.num_players:
            raise SetupError(f"{args.position} is a {position.game.num_players}-player position:"
                             f" give --seats for {position.game.num_players} seats")
        else:
            game = position.game
        seed = args.seed if args.seed is not None else secrets.randbelow(10**6)
        lang = _lang(args, game)
        session = cls(game, seed, seats, seat_names(seats, names, lang=lang), terminal,
                      save_to=args.save, replay_out=args.replay_out, hints=getattr(args, "hints", False), lang=lang,
                      start=position)
        session.notice = Text.assemble((session.say("new_game"), "bold"), session.say("seed", seed=seed),
                                       (session.say("seed_again", seed=seed), "dim"))
        session._note_texts()
        return session

    @classmethod
    def _resume(cls, args: argparse.Namespace, terminal: Terminal) -> "Session":
        record = Record.load(args.resume)
        if record.game not in GAMES:
            raise RecordError(f"{args.resume} is a {record.game} game; gloam play can play {', '.join(GAMES)}")
        seats = _split(args.seats) if args.seats else record.seats
        if not seats:
            raise RecordError(f"{args.resume} does not say who sits where: give --seats")
        _check_seats(seats, record.game)
        game = record.new_game()
        if len(seats) != game.num_players:
            raise RecordError(f"{args.resume} is a {game.num_players}-player game, not {len(seats)}")
        names = _split(args.names) if args.names else None
        lang = _lang(args, game)
        session = cls(game, record.seed, seats, seat_names(seats, names, lang=lang), terminal, record.actions,
                      save_to=args.save or args.resume, replay_out=args.replay_out,
                      hints=getattr(args, "hints", False), lang=lang,
                      start=None if record.start is None else record.initial_state())
        for p in session.humans:
            session.seen[p] = max(0, len(session.state.events) - 8)
        session.printed = len(session.state.events)
        session.notice = Text.assemble((session.say("resumed"), "bold"), args.resume,
                                       (session.say("resumed_detail", seed=record.seed, moves=len(record.actions)),
                                        "dim"))
        session._note_texts()
        return session

    def _note_texts(self) -> None:
        """In Japanese, say once (with the first screen) that card texts stay English."""
        if self.lang != "en" and self.notice is not None:
            self.notice.append("\n")
            self.notice.append(self.say("texts_english"), style="dim")

    # ------------------------------------------------------------------ the loop
    def play(self) -> int:
        if not self.humans and self.notice is not None:
            self.console.print(self.notice)
            self.notice = None
        try:
            while not self.state.is_terminal():
                player = self.state.current_player()
                if player in self.bots:
                    self._bot_move(player)
                else:
                    self._human_move(player)
        except (KeyboardInterrupt, EOFError, QuitRequested):
            return self._save_and_stop()
        except GloamError as exc:  # a bot chose an illegal action: keep the game for a bug report
            Console(stderr=True).print(f"gloam play: error: {exc}", highlight=False, markup=False, soft_wrap=True)
            self._save_and_stop()
            return 1
        return self._finish()

    def record(self) -> Record:
        return Record.of(self.game, self.seed, self.actions, self.seats, start=self.start)

    def _apply(self, action: int, player: int) -> None:
        self.state.apply(action, player)
        self.actions.append(action)

    def _bot_move(self, player: int) -> None:
        bot = self.bots[player]
        if isinstance(getattr(bot, "rng", None), random.Random):
            bot.rng.seed(derive_seed(self.seed, player, len(self.actions)))
        legal = self.state.legal_action_indices()
        observation = self.state.observation(player) if bot.needs_observation else None
        action = bot.choose(self.game, observation, list(legal))
        self._apply(action, player)
        if not self.humans:
            self._print_new_events()

    def _print_new_events(self) -> None:
        events = self.state.events_for(-1)
        public = self.ui.spectator(self.state)
        for event in events[self.printed:]:
            line = self.ui.event_line(public, event, self.names)
            self.console.print(self.ui.styled("• " + line))
        self.printed = len(events)

    def _human_move(self, player: int) -> None:
        state = self.state
        if len(self.humans) > 1 and self.on_screen != player:
            self.term.clear()
            self.console.print(Panel(Text.assemble(
                (self.say("decision_of", player=self.names[player]), "bold"),
                self.say("only_look", player=self.names[player])),
                border_style="yellow", box=box.ROUNDED, padding=(1, 4), expand=False))
            self.term.ask(Text.assemble(self.say("pass_to"), (self.names[player], "bold"), self.say("press_enter")))
        self.term.clear()
        if self.notice is not None:
            self.console.print(self.notice)
            self.notice = None
        self.on_screen = player
        observation = state.observation(player)
        events = state.events_for(player)
        new = len(events) - self.seen[player]
        self.seen[player] = len(events)
        self.console.print(self.ui.view(observation, events, self.names, player, new, self.term.width))
        options = sorted(state.legal_action_indices(), key=self.ui.sort_key)
        labels = [self.ui.action_label(observation, i, self.names) for i in options]
        self.console.print(options_table(self.game, labels, self.term.width, styled=self.ui.styled))
        if self.hints and len(options) > 1:
            self.console.print(self._hints(player, observation, options, labels))
        choice = self._ask_choice(player, len(options))
        self._apply(options[choice], player)

    def _hints(self, player: int, observation: dict[str, Any], options: list[int],
               labels: list[str]) -> Text:
        """The search bot's three best options for this decision, searched from the
        player's own observation with a seed of its own (so hints change no bot's play)."""
        from gloam.bots.ismcts import HINT_LEVEL, hint_search

        result = hint_search(self.game, observation, options,
                             seed=derive_seed(self.seed, player, len(self.actions), HINT_SALT))
        number = {a: k for k, a in enumerate(options, 1)}
        text = Text.assemble((self.say("hints", level=HINT_LEVEL, samples=result.iterations), "bold magenta"))
        for stat in result.options[:3]:
            text.append("\n")
            text.append(f"  {stat.value:>4.0%}  ", style="bold magenta")
            text.append(f"{number[stat.action]:>2}. ", style="bold cyan")
            text.append_text(self.ui.styled(labels[number[stat.action] - 1]))
        return text

    def _ask_choice(self, player: int, count: int) -> int:
        alone = self.names[player] == self.say("you")
        ask = self.say("choose", count=count) if alone else self.say("player_choose", player=self.names[player],
                                                                       count=count)
        prompt = Text.assemble(("▸ ", "bold cyan"), ask, (self.say("quit_hint"), "dim"))
        while True:
            answer = self.term.ask(prompt).strip().lower()
            if answer in ("q", "quit", "exit"):
                raise QuitRequested
            if answer.isdigit() and 1 <= int(answer) <= count:
                return int(answer) - 1
            shown = answer if len(answer) <= 20 else answer[:20] + "…"
            self.console.print(Text(self.say("not_an_option", answer=shown, count=count), style="bold red"))

    # ------------------------------------------------------------------ the end
    def _save_and_stop(self) -> int:
        path = Path(self.save_to) if self.save_to else _stamp_path("save", self.game.name)
        try:
            self.record().save(path)
        except OSError as exc:
            Console(stderr=True).print(f"gloam play: error: cannot save to {path}: {exc.strerror or exc}",
                                       highlight=False, markup=False, soft_wrap=True)
            return 1
        self.console.print()
        self.console.print(Text.assemble((self.say("saved_to"), "bold"), (str(path), "bold cyan")))
        resume = f"gloam play --resume {path}" + ("" if self.lang == "en" else f" --lang {self.lang}")
        self.console.print(Text.assemble(self.say("resume_with"), (resume, "bold")))
        return INTERRUPTED

    def _finish(self) -> int:
        state = self.state
        if len(self.humans) == 1:
            viewer: int | None = self.humans[0]
            observation = state.observation(viewer)
            events = state.events_for(viewer)
            new = len(events) - self.seen[viewer]
        else:  # pass-and-play or bots only: everyone may be looking, so only what is public
            viewer = None
            observation = self.ui.spectator(state)
            events = state.events_for(-1)
            new = 12 if self.humans else 0
        if self.humans:
            self.term.clear()
        self.console.print(self.ui.view(observation, events, self.names, viewer, new, self.term.width))
        banner = self.ui.result(state, self.names)
        self.console.print(Rule(Text(banner, style="bold green")))
        path = Path(self.replay_out) if self.replay_out else _stamp_path("replay", self.game.name)
        try:
            self.record().save(path)
        except OSError as exc:
            Console(stderr=True).print(f"gloam play: error: cannot save the replay to {path}:"
                                       f" {exc.strerror or exc}", highlight=False, markup=False, soft_wrap=True)
            return 1
        self.console.print(Text.assemble(self.say("replay_saved"), (str(path), "bold cyan"),
                                         self.say("watch_with"), (f"gloam replay {path}", "bold")))
        return 0
