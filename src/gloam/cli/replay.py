"""``gloam replay FILE [--as SEAT] [--all]``: step through a recorded game.

Enter shows the next action, ``b`` goes back one, ``q`` quits. ``--all`` prints every
step without waiting (for scripts and logs). The whole table is shown by default
(every hand, every drawn card); ``--as SEAT`` shows only what that seat saw.

A record that cannot be read or does not replay is reported in one line (exit code 2).
"""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from gloam.cli import play
from gloam.cli.play import GAMES, HUMAN, Terminal, seat_names
from gloam.cli.frontends import frontend
from gloam.core.errors import GloamError, RecordError
from gloam.core.record import Record


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "replay", help="step through a recorded game (a replay or save file)",
        description="Step through a game record: Enter = next step, b = back, q = quit.")
    parser.add_argument("file", help="a record written by gloam play or gloam simulate")
    parser.add_argument("--as", dest="seat", type=int, metavar="SEAT",
                        help="show only what seat SEAT (from 0) could see (default: everything)")
    parser.add_argument("--all", action="store_true", help="print every step without waiting")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace, terminal: Terminal | None = None) -> int:
    """Entry point of ``gloam replay``: 0, or 2 for an unreadable record or a bad seat."""
    try:
        viewer = Replay.load(args.file, args.seat, terminal or play.make_terminal())
    except GloamError as exc:
        Console(stderr=True).print(f"gloam replay: error: {exc}", highlight=False, markup=False, soft_wrap=True)
        return 2
    try:
        if args.all:
            viewer.print_all()
        else:
            viewer.browse()
    except KeyboardInterrupt:
        return 130
    return 0


def omniscient_view(state: Any) -> dict[str, Any]:
    """The table with every hand face up (only for replays of finished records)."""
    return dict(state.observation(0), viewer=None, hand=[], legal=None,
                hands=[list(h) for h in state.hands])


class Replay:
    """The snapshots of a record (one per step) and how to show each."""

    def __init__(self, record: Record, seat: int | None, terminal: Terminal, source: str = "") -> None:
        self.record = record
        self.game = record.new_game()
        self.ui = frontend(self.game)
        n = self.game.num_players
        if seat is not None and not 0 <= seat < n:
            raise RecordError(f"--as {seat}: this is a {n}-player game, seats are 0 to {n - 1}")
        self.seat = seat
        self.term = terminal
        self.console = terminal.console
        self.source = source
        self.states = [state.clone() for state, _ in record.states()]
        seats = record.seats if record.seats and len(record.seats) == n else [HUMAN] * n
        self.names = seat_names(seats, lone_you=False)

    @classmethod
    def load(cls, path: str, seat: int | None, terminal: Terminal) -> "Replay":
        record = Record.load(path)
        if record.game not in GAMES:
            raise RecordError(f"{path} is a {record.game} record; gloam replay shows {', '.join(GAMES)}")
        return cls(record, seat, terminal, path)

    @property
    def last(self) -> int:
        return len(self.states) - 1

    def title(self) -> Text:
        seats = ", ".join(f"{name} ({'human' if seat == HUMAN else seat})"
                          for name, seat in zip(self.names, self.record.seats or []))
        who = f" as seen by {self.names[self.seat]}" if self.seat is not None else " (all cards face up)"
        return Text.assemble(("Replay", "bold"), f" of {self.source or 'a record'}: {self.record.game},"
                             f" seed {self.record.seed}, {self.last} moves", (f"{who}", "dim"),
                             (f" — {seats}" if seats else "", "dim"))

    def step_label(self, k: int) -> Text:
        """``Step k/n``, and for k > 0 who did what."""
        text = Text(f"Step {k}/{self.last}", style="bold")
        if k == 0:
            text.append(" · the deal")
            return text
        before = self.states[k - 1]
        actor = before.current_player()
        action = self.record.actions[k - 1]
        label = self.ui.action_label(before.observation(actor), action, self.names, second_person=False)
        text.append(f" · {self.names[actor]}: ", style="bold")
        text.append_text(self.ui.styled(label))
        return text

    def show(self, k: int) -> None:
        """Print step ``k``: its label, then the board with this step's events highlighted."""
        state = self.states[k]
        if self.seat is None:
            observation = omniscient_view(state)
        else:
            observation = state.observation(self.seat)
        events = state.events_for(self.seat)
        new = len(events) - (len(self.states[k - 1].events) if k > 0 else 0)
        self.console.print(Rule(self.step_label(k), align="left"))
        self.console.print(self.ui.view(observation, events, self.names, self.seat, new, self.term.width))

    def print_all(self) -> None:
        self.console.print(self.title())
        for k in range(len(self.states)):
            self.show(k)

    def browse(self) -> None:
        """Interactive stepping: Enter next, b back, q quit (Ctrl-C and end of input quit too)."""
        k = 0
        note = ""
        try:
            while True:
                self.term.clear()
                self.console.print(self.title())
                self.show(k)
                if note:
                    self.console.print(Text(note, style="bold red"))
                    note = ""
                hint = "end of the game — b = back, Enter or q = quit: " if k == self.last else \
                    "Enter = next, b = back, q = quit: "
                answer = self.term.ask(Text(hint, style="cyan")).strip().lower()
                if answer in ("q", "quit"):
                    return
                if answer == "b":
                    if k == 0:
                        note = "This is the first step."
                    k = max(0, k - 1)
                elif answer == "":
                    if k == self.last:
                        return
                    k += 1
                else:
                    note = f"“{answer[:20]}”: press Enter for the next step, b to go back, q to quit."
        except (KeyboardInterrupt, EOFError):
            self.console.print()
