"""``gloam play``: play Nightmarium or Nightfall at the terminal against bots or friends.

    gloam play nightmarium --seats you,greedy,random [--seed N] [--creatures 5|6|7]
                           [--first-player K] [--names A,B,C] [--save FILE] [--replay-out FILE]
                           [--hints] [--no-auto-pass]
    gloam play nightfall --seats you,heuristic,random [--quick-start | --draft | --ml-draft]
                         [--moons] [--long] [--layout compact|full] [same options as above]
    gloam play --resume FILE
    gloam play nightfall --position FILE  # play on from a position (docs/positions.md)
    gloam play nightfall --lang ja       # the Nightfall table in Japanese

``--lang ja`` shows Nightfall's card names (seed 002, the Japanese rulebook), phases,
prompts, menus, the status panel and the log in Japanese; card texts stay English (the
seeds give no Japanese card texts). Nightmarium is always played in English.

A seat is ``you`` (a human at this terminal) or a bot name. Several ``you`` seats
play pass-and-play: the screen and its scrollback are wiped and the next player is asked
to take the keyboard before their hand is shown. Each human sees only their own view.

Nightfall's screen is compact (cli/screen_nightfall.py): a turn fits an 80x24 terminal;
``b`` shows the whole board, ``l`` the whole log, ``? KEY`` any card in full, ``?`` the
keys. A decision with nothing to decide (one option, or only passing) is taken for the
player and their next screen says so (``--no-auto-pass`` asks every one); in
pass-and-play a decision that depends on a hand is never taken at once for a seat not
at the screen. "All your minions attack" is one keystroke.

The game is kept in its save file after every action (atomically, core/record.py), so a
killed process or a closed terminal loses nothing; Ctrl-C, ``q``, the end of input,
SIGTERM and SIGHUP save it and print the command that resumes it. At the end the full
record is saved as a replay file. Seeds are 64 secret bits, shown when the game is over.

Bots are re-seeded before every decision from (game seed, seat, decision number), so a
resumed game continues exactly as the uninterrupted game would have.

With ``--hints``, before each of your decisions the search bot (level ``normal``) searches
from your own observation — never the hidden cards — and the three options it rates best
are shown, best first, with why: their estimated win chance and share of the search.
Hints never change what the bots do.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import secrets
import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from gloam.bots import bot_names, make_bot
from gloam.cli.console import print_error, safe_console
from gloam.cli.frontends import FRONTENDS, Item, frontend
from gloam.cli.options import add_setup_options, setup_from_args
from gloam.core.errors import GloamError, RecordError, SetupError
from gloam.core.record import Record
from gloam.core.rng import derive_seed
from gloam.core.text import clean_text
from gloam.games import declaration, get_game
from gloam.nightfall import i18n

HUMAN = "you"
GAMES = tuple(FRONTENDS)  # the games with a terminal front end
INTERRUPTED = 130  # the shell's exit status for Ctrl-C
HINT_SALT = 0x4817  # mixed into the hint search's seed, apart from every bot's


class QuitRequested(Exception):
    """The player typed ``q``: save and stop, as with Ctrl-C."""


class StopSignal(KeyboardInterrupt):
    """SIGTERM or SIGHUP (the terminal closed): save and stop, as with Ctrl-C."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


#: the signals that stop a game cleanly (saved first), where the system has them
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
#: held back while an action is applied and kept, so none is half-recorded
HELD_SIGNALS = frozenset((signal.SIGINT, *STOP_SIGNALS))


@contextlib.contextmanager
def stop_on_signals() -> Iterator[None]:
    """While the game runs, SIGTERM and SIGHUP raise :class:`StopSignal` (so the game is
    saved and the command exits cleanly, as after Ctrl-C); the old handlers come back
    afterwards. Outside the main thread nothing changes."""
    def handler(signum: int, frame: Any) -> None:
        raise StopSignal(signum)

    old = {}
    for sig in STOP_SIGNALS:
        try:
            old[sig] = signal.signal(sig, handler)
        except (ValueError, OSError):  # not the main thread
            pass
    try:
        yield
    finally:
        for sig, previous in old.items():
            signal.signal(sig, previous)


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Hold Ctrl-C, SIGTERM and SIGHUP back (they arrive right after) where the system
    can: an action is applied, recorded and saved as one step."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, HELD_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


@dataclass
class Terminal:
    """Where the game talks to people: a rich console and a line reader.

    Tests pass their own (a recording console, a scripted ``read``)."""

    console: Console = field(default_factory=safe_console)
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

    def clear(self, scrollback: bool = False) -> None:
        """Clear the screen; with ``scrollback`` the terminal's scrollback too (ESC[3J),
        so the next player cannot scroll up to the last player's hand."""
        if scrollback and self.console.is_terminal and not self.console.is_dumb_terminal:
            self.console.file.write("\x1b[H\x1b[2J\x1b[3J")
            self.console.file.flush()
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
    parser.add_argument("--seed", type=int, help="deal seed (default: a random 64-bit seed, shown when the game"
                                                  " is over and kept in the save)")
    add_setup_options(parser)
    parser.add_argument("--first-player", type=int, default=0, metavar="K",
                        help="seat index (from 0, in --seats order) of the first player (default 0)")
    parser.add_argument("--hints", action="store_true",
                        help="before each of your decisions, show the search bot's top three options"
                             " with their estimated win chance (from your own view only)")
    parser.add_argument("--layout", choices=("compact", "full"), default="compact",
                        help="Nightfall: compact (default: a turn fits an 80x24 terminal; b shows the whole board,"
                             " l the whole log, ? KEY a card) or full (the whole board on every screen)")
    parser.add_argument("--no-auto-pass", action="store_true",
                        help="ask every decision, even one with a single option or only passing (by default"
                             " those are taken for you, and the next screen says so)")
    parser.add_argument("--lang", default="en", metavar="{en,ja}",
                        help="language of the table, prompts, menus and log: en (default) or ja (Japanese:"
                             " card names from the Japanese rulebook, card texts stay English)."
                             " ja applies to Nightfall; Nightmarium is always English")
    parser.add_argument("--resume", metavar="FILE", help="continue a saved game")
    parser.add_argument("--position", metavar="FILE",
                        help="play on from a position file (docs/positions.md); its setup replaces the"
                             " setup options")
    parser.add_argument("--save", metavar="FILE", help="where the game is kept after every move, and saved on"
                                                       " Ctrl-C, q, SIGTERM or a closed terminal (default"
                                                       " gloam-save-<game>-<time>.json here, removed once the"
                                                       " finished game's replay is saved)")
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
        print_error(str(exc), "gloam play")
        return 2
    return session.play()


def new_seed() -> int:
    """A fresh deal seed: 64 random bits from the system's secure source, so nobody can
    work the seed (and every hand) out from the cards they were dealt."""
    return secrets.randbits(64)


def player_names(text: str, seats: int) -> list[str]:
    """``--names``: one name per seat, stripped of control and escape sequences (a name
    must not clear the screen or fake output); an empty name is an error."""
    names = [clean_text(n).strip() for n in text.split(",")]
    if len(names) != seats:
        raise SetupError(f"--names gives {len(names)} names for {seats} seats")
    for k, name in enumerate(names, 1):
        if not name:
            raise SetupError(f"--names: name {k} is empty")
    return names


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
    """The session's language: ``--lang`` if the game speaks it (Nightmarium is English only)."""
    lang = i18n.check_lang(getattr(args, "lang", "en"))
    return declaration(game.name).lang(lang)


def _split(text: str) -> list[str]:
    return [s.strip() for s in text.split(",")]


def _output_paths(args: argparse.Namespace) -> tuple[Path | None, Path | None]:
    """``--save`` and ``--replay-out``, checked now (a bad path is an error before the
    game starts, not after it ends)."""
    save = check_output_path(args.save, "--save") if args.save else None
    replay = check_output_path(args.replay_out, "--replay-out") if args.replay_out else None
    return save, replay


def _check_seats(seats: list[str], game_name: str) -> None:
    known = bot_names(game_name)
    for seat in seats:
        if seat != HUMAN and seat not in known:
            raise SetupError(f"unknown seat {seat!r}: use 'you' or a bot ({', '.join(known)})")


def data_folder() -> Path:
    """gloam's own data folder: ``$XDG_DATA_HOME/gloam`` (default ``~/.local/share/gloam``;
    ``%LOCALAPPDATA%\\gloam`` on Windows), where records go when the current folder
    cannot take them."""
    base = os.environ.get("XDG_DATA_HOME") or (os.environ.get("LOCALAPPDATA") if os.name == "nt" else None)
    return (Path(base) if base else Path.home() / ".local" / "share") / "gloam"


def _writable(folder: Path) -> bool:
    return folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)


def _stamp_path(kind: str, game: str, folder: Path | None = None) -> Path:
    """A new file name ``gloam-<kind>-<game>-<time>.json`` in ``folder`` (default: the
    current folder if it can be written to, else :func:`data_folder`)."""
    if folder is None:
        folder = Path(".") if _writable(Path(".")) else data_folder()
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
    base = f"gloam-{kind}-{game}-{time.strftime('%Y%m%d-%H%M%S')}"
    path = folder / f"{base}.json"
    n = 2
    while path.exists():
        path = folder / f"{base}-{n}.json"
        n += 1
    return path


def check_output_path(path: str, option: str) -> Path:
    """A file ``--save`` or ``--replay-out`` names, checked when the game starts (not
    when it ends): not a folder, in a folder that exists and can be written to."""
    target = Path(path).expanduser()
    if target.is_dir():
        raise SetupError(f"{option} {path} is a folder: name a file in it")
    folder = target.parent
    if not folder.is_dir():
        raise SetupError(f"{option} {path}: there is no folder {folder}")
    if not _writable(folder):
        raise SetupError(f"{option} {path}: cannot write in the folder {folder}")
    return target


# ---------------------------------------------------------------------- the session
class Session:
    """One game at the terminal: the state, the record so far, the seats and bots."""

    #: keep the game in a save file after every action (a series deals an unfinished game again)
    keeps = True

    def __init__(self, game: Any, seed: int, seats: list[str], names: list[str], terminal: Terminal,
                 actions: list[int] | None = None, save_to: str | Path | None = None,
                 replay_out: str | Path | None = None, hints: bool = False, lang: str = "en",
                 start: Any = None, auto_pass: bool = True, layout: str = "compact") -> None:
        self.game = game
        self.lang = declaration(game.name).lang(lang)  # Nightmarium is English only
        self.ui = frontend(game, self.lang, compact=layout != "full")
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
        # where the game is kept after every action: --save, the resumed file, or a new
        # stamped file (removed once the finished game's replay is saved)
        self.stamped_save = save_to is None and self.keeps
        self.save_to = Path(save_to) if save_to else (_stamp_path("save", game.name) if self.keeps else None)
        self.replay_out = Path(replay_out) if replay_out else None
        self.keep_failed = False  # the save file could not be written: said once
        self.warned_hands = False  # pass-and-play: told that the save holds every hand
        self.printed = 0  # events printed live (games without a human)
        self.notice: Text | None = None  # shown once, above the next screen
        self.hints = hints  # show the search bot's top options at each human decision
        self.auto_pass = auto_pass  # take decisions with nothing to decide
        self.notes: dict[int, list[list[Any]]] = {}  # per human: [label, times] taken for them
        self.plans: dict[int, tuple[Any, ...]] = {}  # per human: a grouping under way (all attack)

    def say(self, key: str, **values: Any) -> str:
        """A line of the terminal's own text in this session's language."""
        return i18n.fill("ui", key, self.lang, **values)

    @classmethod
    def from_args(cls, args: argparse.Namespace, terminal: Terminal) -> Session:
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
        bot = declaration(args.game).default_bot  # each game's own default bot
        players = position.game.num_players if position is not None else 2  # a position: each of its seats
        default = ",".join([HUMAN] + [bot] * (players - 1))
        seats = _split(args.seats or default)
        _check_seats(seats, args.game)
        names = player_names(args.names, len(seats)) if args.names else None
        save, replay = _output_paths(args)
        if position is None:
            game = get_game(args.game, setup_from_args(args, len(seats), first_player=args.first_player))
        elif len(seats) != position.game.num_players:
            raise SetupError(f"{args.position} is a {position.game.num_players}-player position:"
                             f" give --seats for {position.game.num_players} seats")
        else:
            game = position.game
        seed = args.seed if args.seed is not None else new_seed()
        lang = _lang(args, game)
        session = cls(game, seed, seats, seat_names(seats, names, lang=lang), terminal,
                      save_to=save, replay_out=replay, hints=getattr(args, "hints", False), lang=lang,
                      auto_pass=not getattr(args, "no_auto_pass", False),
                      layout=getattr(args, "layout", "compact"),
                      start=position)
        session.notice = Text(session.say("new_game"), style="bold")  # the seed is shown when the game is over
        session._note_texts()
        return session

    @classmethod
    def _resume(cls, args: argparse.Namespace, terminal: Terminal) -> Session:
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
        names = player_names(args.names, len(seats)) if args.names else None
        if not args.save and _writable(Path(args.resume).parent):
            args.save = args.resume  # a resumed game is kept in its own file (else in a new one)
        save, replay = _output_paths(args)
        lang = _lang(args, game)
        session = cls(game, record.seed, seats, seat_names(seats, names, lang=lang), terminal, record.actions,
                      save_to=save, replay_out=replay,
                      hints=getattr(args, "hints", False), lang=lang,
                      auto_pass=not getattr(args, "no_auto_pass", False),
                      layout=getattr(args, "layout", "compact"),
                      start=None if record.start is None else record.initial_state())
        for p in session.humans:
            session.seen[p] = max(0, len(session.state.events) - 8)
        session.printed = len(session.state.events)
        session.notice = Text.assemble((session.say("resumed"), "bold"), args.resume,
                                       (session.say("resumed_moves", moves=len(record.actions)), "dim"))
        session._note_texts()
        return session

    def _note_texts(self) -> None:
        """In Japanese, say once (with the first screen) that card texts stay English."""
        if self.lang != "en" and self.notice is not None:
            self.notice.append("\n")
            self.notice.append(self.say("texts_english"), style="dim")

    # ------------------------------------------------------------------ the loop
    def play(self) -> int:
        """Play to the end (0), or until Ctrl-C, ``q``, the end of input, SIGTERM or SIGHUP
        (the game is saved: 130, or 128 + the signal's number)."""
        if not self.humans and self.notice is not None:
            self.console.print(self.notice)
            self.notice = None
        with stop_on_signals():
            try:
                self._keep()  # a resumed game in a new file, a position: kept before the first move
                while not self.state.is_terminal():
                    player = self.state.current_player()
                    if player in self.bots:
                        self._bot_move(player)
                    else:
                        self._human_move(player)
            except StopSignal as stop:
                return self._save_and_stop(stop.signum)
            except (KeyboardInterrupt, EOFError, QuitRequested):
                return self._save_and_stop()
            except GloamError as exc:  # a bot chose an illegal action: keep the game for a bug report
                print_error(str(exc), "gloam play")
                self._save_and_stop()
                return 1
            try:
                return self._finish()
            except StopSignal as stop:  # the record is kept already: stop quietly
                return 128 + stop.signum

    def record(self) -> Record:
        return Record.of(self.game, self.seed, self.actions, self.seats, start=self.start)

    def _apply(self, action: int, player: int) -> None:
        """Apply and record an action, and keep the game: one step no signal can split."""
        with signals_held():
            self.state.apply(action, player)
            self.actions.append(action)
            self._keep()

    def _keep(self) -> None:
        """Save the record so far to the save file (atomically; nothing is written when
        nothing changed), so a killed process or a closed terminal loses no move. A
        failure is said once; the game goes on, and quitting tries other places."""
        if self.save_to is None or self.keep_failed:
            return
        try:
            self.record().save(self.save_to)
        except OSError as exc:
            self.keep_failed = True
            print_error(f"cannot keep the game in {self.save_to}: {exc.strerror or exc}; it is saved when"
                        " you quit", "gloam play")

    def _store(self, preferred: Path | None, kind: str) -> Path | None:
        """Save the record to ``preferred``, or if that fails to a new stamped file in the
        current folder, else in :func:`data_folder`; say each failure. The path written,
        or None if nowhere would take it."""
        tried = [preferred] if preferred is not None else []
        tried += [_stamp_path(kind, self.game.name, Path(".")), _stamp_path(kind, self.game.name, data_folder())]
        for path in tried:
            try:
                self.record().save(path)
                return path
            except OSError as exc:
                print_error(f"cannot save to {path}: {exc.strerror or exc}", "gloam play")
        return None

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
        """A decision of a person here: taken for them when there is nothing to decide
        (one option, or only passing; not with ``--no-auto-pass``) or when a plan of
        theirs goes on (all attack); else shown and asked."""
        state = self.state
        decision = state.pending()
        observation = state.observation(player)
        items = self.ui.menu(decision, observation, self.names)
        planned = self._planned(player, decision, items)
        if planned is not None:
            self._take_for(player, planned)
            return
        if self.auto_pass and self._nothing_to_decide(player, decision, items):
            self._take_for(player, items[0] if len(items) == 1 else next(i for i in items if i.plan is None))
            return
        if len(self.humans) > 1 and self.on_screen != player:
            self._hand_over(player)
        self.on_screen = player
        events = state.events_for(player)
        new = len(events) - self.seen[player]
        self.seen[player] = len(events)
        hints = self._hints(player, decision, observation, items) if self.hints and len(items) > 1 else None
        item = self._ask(player, observation, events, items, new, hints)
        if item.plan is not None:
            self.plans[player] = item.plan
        self._apply(item.index, player)

    def _nothing_to_decide(self, player: int, decision: Any, items: list[Item]) -> bool:
        """One option (or only passing and stopping) — and, in pass-and-play, a decision
        for a seat not at the screen only if its options follow from what everyone sees:
        taking a hand-dependent one at once would tell the player looking that the other
        holds nothing to play."""
        options = [i for i in items if i.plan is None]
        if not (len(options) == 1 or all(i.passive for i in options)):
            return False
        looking = len(self.humans) == 1 or self.on_screen == player
        return looking or str(decision.kind) in self.ui.public_kinds

    def _planned(self, player: int, decision: Any, items: list[Item]) -> Item | None:
        plan = self.plans.get(player)
        if plan is None:
            return None
        item = self.ui.follow(plan, decision, items)
        if item is None:
            del self.plans[player]
        return item

    def _take_for(self, player: int, item: Item) -> None:
        """Take ``item`` for ``player`` without asking; their next screen says so."""
        notes = self.notes.setdefault(player, [])
        if notes and notes[-1][0] == item.label:
            notes[-1][1] += 1
        else:
            notes.append([item.label, 1])
        self._apply(item.index, player)

    def _notes(self, player: int) -> list[Text]:
        """What was taken for ``player`` since their last screen (then forgotten)."""
        lines = []
        for label, times in self.notes.pop(player, []):
            line = self.term_say("auto", label=label) + (self.term_say("auto_times", n=times) if times > 1 else "")
            lines.append(self.ui.styled(line, "dim italic"))
        return lines[-4:]

    def term_say(self, key: str, **values: Any) -> str:
        return i18n.fill("term", key, self.lang, **values)

    def _ask(self, player: int, observation: dict[str, Any], events: list[dict[str, Any]], items: list[Item],
             new: int, hints: list[Text] | None) -> Item:
        """Show the screen and read answers until one picks an option; ``?``, ``b``, ``l``
        show a card, the board or the log and come back; ``q`` saves and quits."""
        notes = self._notes(player)
        error: Text | None = None
        while True:
            self.term.clear()
            extra = notes + (hints or []) + ([error] if error is not None else [])
            for part in self.ui.screen(self.console, self.state, player, observation, events, self.names, items,
                                       new, extra, self.notice):
                self.console.print(part)
            answer = self.term.ask(self._prompt(player, len(items))).strip()
            word, _, rest = answer.partition(" ")
            command = word.lower()
            error = None
            if command in ("q", "quit", "exit"):
                raise QuitRequested
            if answer.isdigit() and 1 <= int(answer) <= len(items):
                self.notice = None
                return items[int(answer) - 1]
            if self.ui.reads_cards and command in ("?", "h", "help", "r", "read", "i") or answer.startswith("?"):
                query = rest if command in ("?", "h", "help", "r", "read", "i") else answer[1:]
                self._show_card(player, query.strip(), items)
                continue
            if self.ui.reads_cards and command in ("b", "board"):
                self._show(self.ui.board(self.state, player, observation, events, self.names, self.term.width))
                continue
            if command in ("l", "log"):
                lines = self.ui.log(observation, events, self.names)
                self._show(Text(self.term_say("log_all", count=len(lines)), style="bold"), *lines)
                continue
            shown = answer if len(answer) <= 20 else answer[:20] + "…"
            error = Text(self.say("not_an_option", answer=shown, count=len(items)), style="bold red")

    def _prompt(self, player: int, count: int) -> Text:
        alone = self.names[player] == self.say("you")
        ask = self.say("choose", count=count) if alone else self.say("player_choose", player=self.names[player],
                                                                       count=count)
        hint = self.term_say("keys_hint") if self.ui.reads_cards else self.say("quit_hint")
        return Text.assemble(("▸ ", "bold cyan"), ask, (hint, "dim"))

    def _show_card(self, player: int, query: str, items: list[Item]) -> None:
        if not query:
            self._show(Text(self.term_say("help")))
            return
        sheets = self.ui.read(self.state, player, query, items, self.names)
        shown = query if len(query) <= 30 else query[:30] + "…"
        self._show(*(sheets or [Text(self.term_say("read_none", query=shown), style="bold red")]))

    def _show(self, *parts: Any) -> None:
        """A page over the screen (a card, the board, the log, the help), until Enter."""
        self.term.clear()
        for part in parts:
            self.console.print(part)
        self.term.ask(Text(self.term_say("back"), style="dim"))

    def _hand_over(self, player: int) -> None:
        """Pass-and-play: wipe the screen and its scrollback (the last player's hand must
        not be one scroll away), then a screen that shows no hand asks for the keyboard to
        go to ``player``. The first one also says that the save holds every hand."""
        self.on_screen = None
        self.term.clear(scrollback=True)
        body = Text.assemble((self.say("decision_of", player=self.names[player]), "bold"),
                             self.say("only_look", player=self.names[player]))
        if not self.warned_hands and self.save_to is not None:
            body.append("\n\n")
            body.append(self.say("save_holds_hands", path=str(self.save_to)), style="dim")
            self.warned_hands = True
        self.console.print(Panel(body, border_style="yellow", box=box.ROUNDED, padding=(1, 4), expand=False))
        self.term.ask(Text.assemble(self.say("pass_to"), (self.names[player], "bold"), self.say("press_enter")))
        self.term.clear(scrollback=True)

    def _hints(self, player: int, decision: Any, observation: dict[str, Any], items: list[Item]) -> list[Text]:
        """The search bot's three best options for this decision, best first (most
        searched: the search's choice), each with why — its estimated win chance and its
        share of the search — searched from the player's own observation with a seed of
        its own (so hints change no bot's play)."""
        from gloam.bots.ismcts import HINT_LEVEL, hint_search

        options = list(decision.indices)
        result = hint_search(self.game, observation, options,
                             seed=derive_seed(self.seed, player, len(self.actions), HINT_SALT))
        number = self._item_numbers(decision, observation, items)
        total = sum(stat.visits for stat in result.options) or 1
        lines = [Text(self.say("hints", level=HINT_LEVEL, samples=result.iterations), style="bold magenta")]
        shown: set[int] = set()
        for stat in sorted(result.options, key=lambda s: (-s.visits, -s.value)):
            k = number.get(stat.action)
            if k is None or k in shown:
                continue
            shown.add(k)
            line = Text(f"  {self.term_say('hint', value=stat.value, share=stat.visits / total)}  ",
                        style="bold magenta")
            line.append(f"{k:>2}. ", style="bold cyan")
            line.append_text(self.ui.styled(items[k - 1].label))
            lines.append(line)
            if len(shown) == 3:
                break
        return lines

    def _item_numbers(self, decision: Any, observation: dict[str, Any], items: list[Item]) -> dict[int, int]:
        """Each legal index's menu number (an option folded into a line with the same
        label gets that line's number)."""
        by_label = {i.label: k for k, i in enumerate(items, 1) if i.plan is None}
        return {c.index: by_label[label] for c in decision.choices
                if (label := self.ui.action_label(observation, c.index, self.names)) in by_label}

    # ------------------------------------------------------------------ the end
    def _save_and_stop(self, signum: int | None = None) -> int:
        """Save the game (it is kept already; written again only if that failed) and say
        how to resume it: 130 after Ctrl-C or ``q``, 128 + ``signum`` after a signal, 1 if
        nowhere would take the save."""
        with signals_held():
            path = self._store(self.save_to, "save")
        if path is None:
            return 1
        with contextlib.suppress(OSError):  # after SIGHUP the terminal may be gone
            self.console.print()
            self.console.print(Text.assemble((self.say("saved_to"), "bold"), (str(path), "bold cyan")),
                               soft_wrap=True)
            resume = f"gloam play --resume {path}" + ("" if self.lang == "en" else f" --lang {self.lang}")
            self.console.print(Text.assemble(self.say("resume_with"), (resume, "bold")), soft_wrap=True)
        return INTERRUPTED if signum is None else 128 + signum

    def _finish(self) -> int:
        state = self.state
        if len(self.humans) == 1:
            seat = self.humans[0]
            viewer: int | None = seat
            observation = state.observation(seat)
            events = state.events_for(seat)
            new = len(events) - self.seen[seat]
        else:  # pass-and-play or bots only: everyone may be looking, so only what is public
            viewer = None
            observation = self.ui.spectator(state)
            events = state.events_for(-1)
            new = 12 if self.humans else 0
        if self.humans:
            self.term.clear(scrollback=len(self.humans) > 1)
        banner = Text(self.ui.result(state, self.names), style="bold green")
        seed = Text(self.say("final_seed", seed=self.seed), style="dim")
        notes = self._notes(viewer) if viewer is not None else []
        for part in self.ui.final(self.console, state, viewer, observation, events, self.names, new,
                                  [*notes, banner, seed]):
            self.console.print(part)
        with signals_held():
            self._keep()
            path = self._store(self.replay_out or _stamp_path("replay", self.game.name), "replay")
            if path is not None and self.stamped_save and self.save_to is not None and not self.keep_failed:
                with contextlib.suppress(OSError):  # the replay holds the game now
                    self.save_to.unlink()
        if path is None:
            if self.save_to is not None and not self.keep_failed:
                self.console.print(Text.assemble(self.say("kept_in"), (str(self.save_to), "bold cyan")),
                                   soft_wrap=True)
                return 0
            return 1
        self.console.print(Text.assemble(self.say("replay_saved"), (str(path), "bold cyan"),
                                         self.say("watch_with"), (f"gloam replay {path}", "bold")), soft_wrap=True)
        return 0
