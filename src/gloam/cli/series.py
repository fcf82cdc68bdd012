"""``gloam series nightfall``: the End-of-the-World Series (rule 180): games in a row
keeping each player's wound total until someone reaches 100; the lowest total wins.
Prints a table after each game and the final standings (or one JSON object).

    gloam series nightfall --players 3 --bots heuristic,normal,random --seed 7
    gloam series nightfall --players 2 --bots heuristic --seed 1 --save series.json
    gloam series nightfall --resume series.json
    gloam series nightfall --seats you,heuristic --seed 1 --save s.json [--lang ja]

A seat ``you`` (in ``--seats`` or ``--bots``) is a human at this terminal: each game is
played on the same terminal table as ``gloam play`` (pass-and-play with several ``you``
seats; ``--names``, ``--lang ja``). After a game its table is shown; press Enter for the
next game. ``q`` (or Ctrl-C) during a game stops the series: with ``--save`` the finished
games are kept and ``--resume`` deals the unfinished game again from its start.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from gloam.cli import play
from gloam.core.errors import GloamError, SetupError
from gloam.series import Series

EXIT_USAGE = 2
DEFAULT_TURN_LIMIT = 200  # per game, so a series of bots can never hang (the rules have no limit)


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    from gloam.cli.options import add_setup_options

    parser = subparsers.add_parser(
        "series", help="play an End-of-the-World Series of Nightfall games (rule 180): bots, and people here",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", nargs="?", choices=("nightfall",), help="the game (the series is Nightfall's)")
    parser.add_argument("--players", type=int, metavar="N", help="number of players (default: one per bot)")
    parser.add_argument("--bots", metavar="BOT[,BOT...]",
                        help="one bot for every player, or one per player in seat order ('you' for a human)")
    parser.add_argument("--seats", metavar="SEAT[,SEAT...]",
                        help="as in gloam play: 'you' (a human at this terminal) or a bot, one per player")
    parser.add_argument("--names", help="with human seats: comma-separated player names, one per seat")
    parser.add_argument("--lang", default="en", metavar="{en,ja}",
                        help="with human seats: the language of the table (en or ja), as in gloam play")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="series seed (default 0)")
    parser.add_argument("--target", type=int, default=100, metavar="W",
                        help="the wound total that ends the series (default 100, rule 180)")
    parser.add_argument("--turn-limit", type=int, default=DEFAULT_TURN_LIMIT, metavar="T",
                        help=f"stop a game after T turns, its wounds still counted (default {DEFAULT_TURN_LIMIT})")
    parser.add_argument("--save", metavar="FILE", help="save the series (its game records) after every game")
    parser.add_argument("--resume", metavar="FILE", help="continue a saved series")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the tables")
    add_setup_options(parser)
    parser.set_defaults(run=run)
    return parser


def build_series(args: argparse.Namespace):
    """The series the options describe, or the saved one to resume."""
    from gloam.cli.options import setup_from_args
    from gloam.core.errors import RecordError

    if args.resume:
        try:
            data = json.loads(Path(args.resume).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise RecordError(f"{args.resume}: cannot read a saved series ({exc})") from None
        if isinstance(data, dict) and HUMAN in (data.get("seats") or ()):
            return HumanSeries.from_json(data)
        return Series.from_json(data)
    if args.game is None:
        raise SetupError("name the game (nightfall), or --resume FILE")
    if args.bots and getattr(args, "seats", None):
        raise SetupError("give the seats with --seats or --bots, not both")
    args.bots = args.bots or getattr(args, "seats", None)
    if not args.bots:
        raise SetupError("--bots names the bots, e.g. --bots heuristic,random (or --seats you,heuristic)")
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    players = args.players or len(bots)
    if len(bots) == 1:
        bots = bots * players
    if len(bots) != players:
        raise SetupError(f"--bots names {len(bots)} bots for {players} players: name one, or one per player")
    setup = setup_from_args(args, players, turn_limit=args.turn_limit)
    if HUMAN in bots:
        return HumanSeries(setup, bots, args.seed, target=args.target)
    return Series(setup, bots, args.seed, target=args.target)


HUMAN = "you"


class HumanSeries(Series):
    """A series with human seats (``you``): each game is played at the terminal with
    ``gloam play``'s session, the other seats by their bots (re-seeded before every
    decision from the game's seed, as ``gloam play`` does). Finished games are recorded
    as in a series of bots, so totals, standings, save and resume work the same."""

    PLACEHOLDER = "random"  # what the bots-only checks of Series see for a human seat

    def __init__(self, setup: dict[str, Any], seats: list[str], seed: int, target: int = 100,
                 max_games: int = 1000) -> None:
        seats = list(seats)
        play._check_seats(seats, "nightfall")
        super().__init__(setup, [self.PLACEHOLDER if s == HUMAN else s for s in seats], seed, target, max_games)
        self.seats = seats
        self.terminal: Any = None
        self.names: list[str] | None = None
        self.lang = "en"
        self.replay_base: str | None = None

    def play_next(self):
        from gloam.core.rng import derive_seed
        from gloam.games import get_game

        if HUMAN not in self.seats:
            return super().play_next()
        if self.over:
            raise SetupError("the series is over")
        k = len(self.games)
        game = get_game("nightfall", self.game_setup(k))
        terminal = self.terminal or play.make_terminal()
        names = play.seat_names(self.seats, self.names, lang=self.lang)
        replay = f"{self.replay_base}-game{k + 1}.json" if self.replay_base else None
        session = SeriesSession(game, derive_seed(self.seed, k), self.seats, names, terminal,
                                replay_out=replay, lang=self.lang)
        totals = ", ".join(f"{names[p]} {t}" for p, t in enumerate(self.totals))
        session.notice = Text.assemble((f"End-of-the-World Series · game {k + 1}", "bold"),
                                       (f" · wound totals so far: {totals} (the series ends at {self.target})",
                                        "dim"))
        if session.play() != 0:
            raise KeyboardInterrupt
        return self._add(session.record(), session.state)


class SeriesSession(play.Session):
    """``gloam play``'s session for one game of a series: ``q`` or Ctrl-C stops the
    series (the game is not saved on its own: resuming the series deals it again)."""

    def _save_and_stop(self) -> int:
        self.console.print()
        self.console.print(Text("Series stopped during this game; it is dealt again from its start"
                                " when the series is resumed.", style="bold"))
        return play.INTERRUPTED


def run(args: argparse.Namespace, terminal: Any = None) -> int:
    try:
        i18n_check(getattr(args, "lang", "en"))
        series = build_series(args)
    except GloamError as exc:
        print(f"gloam series: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if HUMAN in series.seats:
        return _run_humans(args, series, terminal)
    out = sys.stdout
    if not args.json:
        out.write(f"End-of-the-World Series: {series.players} players ({', '.join(series.seats)}),"
                  f" seed {series.seed}, to {series.target} wounds\n")
        for game in series.games:  # a resumed series: the games already played
            out.write(game_table(series, game) + "\n")
    try:
        for game in series.iter_games():
            if args.save:
                Path(args.save).write_text(json.dumps(series.to_json()), encoding="utf-8")
            if not args.json:
                out.write(game_table(series, game) + "\n")
                out.flush()
    except KeyboardInterrupt:
        print("gloam series: interrupted" + (f"; resume with --resume {args.save}" if args.save else ""),
              file=sys.stderr)
        return 130
    if args.json:
        print(json.dumps({"seed": series.seed, "target": series.target, "seats": series.seats,
                          "games": [{"game": g.index + 1, "wounds": list(g.wounds), "winner": g.winner,
                                     "totals": list(g.totals), "turns": g.turns} for g in series.games],
                          "standings": series.standings(), "winners": series.winners()}))
        return 0
    out.write(standings_table(series) + "\n")
    return 0


def i18n_check(lang: Any) -> None:
    from gloam.nightfall import i18n

    i18n.check_lang(lang)


def _run_humans(args: argparse.Namespace, series, terminal: Any = None) -> int:
    """A series with human seats, played on ``gloam play``'s terminal table."""
    if args.json:
        Console(stderr=True).print("gloam series: error: --json is for series of bots", highlight=False,
                                   markup=False)
        return EXIT_USAGE
    terminal = terminal or play.make_terminal()
    console = terminal.console
    names = [n.strip() for n in args.names.split(",")] if getattr(args, "names", None) else None
    if names is not None and len(names) != series.players:
        Console(stderr=True).print(f"gloam series: error: --names gives {len(names)} names for"
                                   f" {series.players} seats", highlight=False, markup=False)
        return EXIT_USAGE
    series.terminal, series.names, series.lang = terminal, names, getattr(args, "lang", "en")
    args.save = args.save or args.resume  # a resumed human series keeps saving to its file
    if args.save:
        series.replay_base = str(Path(args.save).with_suffix(""))
    console.print(Text(f"End-of-the-World Series: {series.players} players ({', '.join(series.seats)}),"
                       f" seed {series.seed}, to {series.target} wounds", style="bold"))
    for game in series.games:
        console.print(Text(game_table(series, game)), highlight=False)
    try:
        for game in series.iter_games():
            if args.save:
                Path(args.save).write_text(json.dumps(series.to_json()), encoding="utf-8")
            console.print(Text(game_table(series, game)), highlight=False)
            if not series.over:
                answer = terminal.ask(Text("Press Enter for the next game (q = stop the series): ", style="bold"))
                if answer.strip().lower() in ("q", "quit", "exit"):
                    raise KeyboardInterrupt
    except (KeyboardInterrupt, EOFError):
        console.print(Text("gloam series: stopped" + (f"; resume with: gloam series --resume {args.save}"
                                                      if args.save else ""), style="bold"))
        return 130
    console.print(Text(standings_table(series)), highlight=False)
    return 0


def _who(series, p: int) -> str:
    return f"P{p + 1} {series.seats[p]}"


def game_table(series, game) -> str:
    """One game: each player's wounds this game and the running total."""
    width = max(len(_who(series, p)) for p in range(series.players))
    winner = "no winner (turn limit)" if game.winner < 0 else f"won by {_who(series, game.winner)}"
    lines = [f"Game {game.index + 1} (first player P{game.index % series.players + 1}, {game.turns} turns,"
             f" {winner})", f"  {'player'.ljust(width)}  wounds  total"]
    for p in range(series.players):
        lines.append(f"  {_who(series, p).ljust(width)}  {game.wounds[p]:>6}  {game.totals[p]:>5}")
    return "\n".join(lines)


def standings_table(series) -> str:
    """The final standings, lowest total first, and the winner (rule 180)."""
    rows = series.standings()
    width = max(len(_who(series, r["seat"])) for r in rows)
    lines = [f"Final standings after {len(series.games)} games",
             f"  place  {'player'.ljust(width)}  total  games won"]
    for r in rows:
        lines.append(f"  {r['place']:>5}  {_who(series, r['seat']).ljust(width)}  {r['total']:>5}  {r['wins']:>9}")
    winners = series.winners()
    if len(winners) == 1:
        lines.append(f"{_who(series, winners[0])} wins the End-of-the-World Series with {series.totals[winners[0]]}"
                     " wounds")
    elif winners:
        lines.append("Shared win: " + ", ".join(_who(series, p) for p in winners))
    return "\n".join(lines)
