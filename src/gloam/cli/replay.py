"""``gloam replay FILE [--as SEAT] [--all] [--lang {en,ja}]``: step through a recorded game.

Enter shows the next action, ``b`` goes back one, ``q`` quits. ``--all`` prints every
step without waiting (for scripts and logs). The whole table is shown by default
(every hand, every drawn card, every draft hand); ``--as SEAT`` shows only what that
seat saw (another seat's draft pick is "a draft pick (hidden)"). ``--lang ja`` shows a
Nightfall record in Japanese, as ``gloam play --lang ja`` does (card names from seed 002;
card texts stay English); Nightmarium is English only.

A record that cannot be read or does not replay is reported in one line (exit code 2).
"""

from __future__ import annotations

import argparse
from typing import Any

from rich.rule import Rule
from rich.text import Text

from gloam.cli import play
from gloam.cli.console import print_error
from gloam.cli.frontends import frontend
from gloam.cli.play import GAMES, HUMAN, Terminal, seat_names
from gloam.core.errors import GloamError, RecordError
from gloam.core.record import Record
from gloam.games import declaration, omniscient_observation as omniscient_view
from gloam.nightfall import i18n


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "replay", help="step through a recorded game (a replay or save file)",
        description="Step through a game record: Enter = next step, b = back, q = quit.")
    parser.add_argument("file", help="a record written by gloam play or gloam simulate")
    parser.add_argument("--as", dest="seat", type=int, metavar="SEAT",
                        help="show only what seat SEAT (from 0) could see (default: everything)")
    parser.add_argument("--all", action="store_true", help="print every step without waiting")
    parser.add_argument("--lang", default="en", metavar="{en,ja}",
                        help="language of a Nightfall replay: en (default) or ja (Japanese: card names from"
                             " seed 002, phases, labels and log; card texts stay English)")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace, terminal: Terminal | None = None) -> int:
    """Entry point of ``gloam replay``: 0, or 2 for an unreadable record or a bad seat."""
    try:
        lang = i18n.check_lang(getattr(args, "lang", "en"))
        viewer = Replay.load(args.file, args.seat, terminal or play.make_terminal(), lang)
    except GloamError as exc:
        print_error(str(exc), "gloam replay")
        return 2
    try:
        if args.all:
            viewer.print_all()
        else:
            viewer.browse()
    except KeyboardInterrupt:
        return 130
    return 0


class Replay:
    """The snapshots of a record (one per step) and how to show each."""

    def __init__(self, record: Record, seat: int | None, terminal: Terminal, source: str = "",
                 lang: str = "en") -> None:
        self.record = record
        self.game = record.new_game()
        speaks = declaration(self.game.name).languages
        self.lang = i18n.check_lang(lang) if len(speaks) > 1 else speaks[0]  # Nightmarium: English
        self.ui = frontend(self.game, self.lang)
        n = self.game.num_players
        if seat is not None and not 0 <= seat < n:
            raise RecordError(f"--as {seat}: this is a {n}-player game, seats are 0 to {n - 1}")
        self.seat = seat
        self.term = terminal
        self.console = terminal.console
        self.source = source
        self.states = [state.clone() for state, _ in record.states()]
        seats = record.seats if record.seats and len(record.seats) == n else [HUMAN] * n
        self.names = seat_names(seats, lone_you=False, lang=self.lang)

    def say(self, key: str, **values: Any) -> str:
        """A line of the replay's own text in its language."""
        return i18n.fill("ui", key, self.lang, **values)

    @classmethod
    def load(cls, path: str, seat: int | None, terminal: Terminal, lang: str = "en") -> Replay:
        record = Record.load(path)
        if record.game not in GAMES:
            raise RecordError(f"{path} is a {record.game} record; gloam replay shows {', '.join(GAMES)}")
        return cls(record, seat, terminal, path, lang)

    @property
    def last(self) -> int:
        return len(self.states) - 1

    def title(self) -> Text:
        human = self.say("replay_human")
        seats = i18n.text("event", "list_sep", self.lang).join(
            self.say("replay_seat", name=name, seat=human if seat == HUMAN else seat)
            for name, seat in zip(self.names, self.record.seats or []))
        who = (self.say("replay_as", player=self.names[self.seat]) if self.seat is not None
               else self.say("replay_all"))
        return Text.assemble((self.say("replay"), "bold"),
                             self.say("replay_of", source=self.source or self.say("replay_a_record"),
                                      game=self.record.game, seed=self.record.seed, moves=self.last),
                             (f"{who}", "dim"), (self.say("replay_seats", seats=seats) if seats else "", "dim"))

    def step_label(self, k: int) -> Text:
        """``Step k/n``, and for k > 0 who did what. In a replay ``--as`` a seat, another
        seat's choice of a card that seat cannot see (a draft pick, rules 20-23; a card
        searched for in a deck) is not named."""
        text = Text(self.say("replay_step", k=k, last=self.last), style="bold")
        if k == 0:
            text.append(self.say("replay_deal"))
            return text
        before = self.states[k - 1]
        actor = before.current_player()
        action = self.record.actions[k - 1]
        observation = before.observation(actor)
        if (self.seat is not None and actor != self.seat
                and self.ui.hides_choice(before, self.states[k], self.seat, action)):
            label = i18n.text("action", "draft_hidden" if before.decision_kind() == "draft" else "choice_hidden",
                              self.lang)
        else:
            label = self.ui.action_label(observation, action, self.names, second_person=False)
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
                hint = self.say("replay_end_hint") if k == self.last else self.say("replay_hint")
                answer = self.term.ask(Text(hint, style="cyan")).strip().lower()
                if answer in ("q", "quit"):
                    return
                if answer == "b":
                    if k == 0:
                        note = self.say("replay_first")
                    k = max(0, k - 1)
                elif answer == "":
                    if k == self.last:
                        return
                    k += 1
                else:
                    note = self.say("replay_bad_answer", answer=answer[:20])
        except (KeyboardInterrupt, EOFError):
            self.console.print()
