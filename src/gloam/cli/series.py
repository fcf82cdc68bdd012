"""``gloam series nightfall``: the End-of-the-World Series (rule 180): games in a row
keeping each player's wound total until someone reaches 100; the lowest total wins.
Prints a table after each game and the final standings (or one JSON object).

    gloam series nightfall --players 3 --bots heuristic,normal,random --seed 7
    gloam series nightfall --players 2 --bots heuristic --seed 1 --save series.json
    gloam series nightfall --resume series.json
    gloam series nightfall --seats you,heuristic --seed 1 --save s.json [--lang ja]

A seat ``you`` (in ``--seats`` or ``--bots``) is a human at this terminal: each game is
played on the same terminal table as ``gloam play`` (pass-and-play with several ``you``
seats; ``--names``). After a game its table is shown; press Enter for the next game.
``q`` (or Ctrl-C) during a game stops the series: with ``--save`` the finished games are
kept and ``--resume`` deals the unfinished game again from its start. ``--lang ja`` prints
the series' tables and prompts in Japanese (and, with human seats, the game's table).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from rich.text import Text

from gloam.cli import play
from gloam.cli.console import print_error
from gloam.core.errors import GloamError, SetupError
from gloam.core.record import write_atomic
from gloam.nightfall import i18n
from gloam.series import HUMAN, Series

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
                        help="the language of the series' tables and prompts (en or ja); with human seats"
                             " also of the game's table, as in gloam play")
    parser.add_argument("--seed", type=int, metavar="S",
                        help="series seed (default 0 for a series of bots; with a person seated, a random"
                             " 64-bit seed, shown when the series is over)")
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
    from gloam.core.files import read_json_file
    from gloam.series import MAX_SERIES_BYTES

    if args.resume:
        data = read_json_file(args.resume, MAX_SERIES_BYTES, RecordError)
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
    if HUMAN in bots:  # a person must not know the seed: it would tell every hand
        return HumanSeries(setup, bots, play.new_seed() if args.seed is None else args.seed, target=args.target)
    return Series(setup, bots, 0 if args.seed is None else args.seed, target=args.target)


class HumanSeries(Series):
    """A series with human seats (``you``): each game is played at the terminal with
    ``gloam play``'s session, the other seats by their bots (re-seeded before every
    decision from the game's seed, as ``gloam play`` does). The games come from
    :meth:`Series.next_game` and go back with :meth:`Series.add_result`, so totals,
    standings, save and resume work as in a series of bots."""

    def __init__(self, setup: dict[str, Any], seats: list[str], seed: int, target: int = 100,
                 max_games: int = 1000) -> None:
        super().__init__(setup, seats, seed, target, max_games)
        self.terminal: Any = None
        self.names: list[str] | None = None
        self.lang = "en"
        self.replay_base: str | None = None

    def play_next(self):
        if not self.humans:
            return super().play_next()
        k, game, seed = self.next_game()
        terminal = self.terminal or play.make_terminal()
        names = play.seat_names(self.seats, self.names, lang=self.lang)
        replay = f"{self.replay_base}-game{k + 1}.json" if self.replay_base else None
        session = SeriesSession(game, seed, self.seats, names, terminal, replay_out=replay, lang=self.lang)
        totals = _say("sep", self.lang).join(_say("notice_total", self.lang, player=names[p], total=t)
                                             for p, t in enumerate(self.totals))
        session.notice = Text.assemble((_say("notice", self.lang, n=k + 1), "bold"),
                                       (_say("notice_totals", self.lang, totals=totals, target=self.target), "dim"))
        session._note_texts()  # in Japanese: card texts stay English, as gloam play says
        if session.play() != 0:
            raise KeyboardInterrupt
        return self.add_result(session.record(), session.state)


class SeriesSession(play.Session):
    """``gloam play``'s session for one game of a series: ``q`` or Ctrl-C stops the
    series (the game is not saved on its own: resuming the series deals it again)."""

    keeps = False

    def _save_and_stop(self, signum: int | None = None) -> int:
        self.console.print()
        self.console.print(Text(_say("stopped_in_game", self.lang), style="bold"))
        return play.INTERRUPTED


def _say(key: str, lang: str, **values: Any) -> str:
    """A line of the series' own text in ``lang`` (i18n's ``series`` table)."""
    return i18n.fill("series", key, lang, **values)


def run(args: argparse.Namespace, terminal: Any = None) -> int:
    try:
        lang = i18n.check_lang(getattr(args, "lang", "en"))
        series = build_series(args)
    except GloamError as exc:
        print(f"gloam series: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if series.humans:
        return _run_humans(args, series, terminal)
    out = sys.stdout
    if not args.json:
        out.write(header(series, lang) + "\n")
        for game in series.games:  # a resumed series: the games already played
            out.write(game_table(series, game, lang) + "\n")
    try:
        for game in series.iter_games():
            if args.save:
                write_atomic(args.save, json.dumps(series.to_json()))
            if not args.json:
                out.write(game_table(series, game, lang) + "\n")
                out.flush()
    except KeyboardInterrupt:
        print(_say("interrupted", lang) + (_say("resume_hint", lang, file=args.save) if args.save else ""),
              file=sys.stderr)
        return 130
    if args.json:
        print(json.dumps({"seed": series.seed, "target": series.target, "seats": series.seats,
                          "games": [{"game": g.index + 1, "wounds": list(g.wounds), "winner": g.winner,
                                     "totals": list(g.totals), "turns": g.turns} for g in series.games],
                          "standings": series.standings(), "winners": series.winners()}))
        return 0
    out.write(standings_table(series, lang) + "\n")
    return 0


def _run_humans(args: argparse.Namespace, series, terminal: Any = None) -> int:
    """A series with human seats, played on ``gloam play``'s terminal table."""
    if args.json:
        print_error("--json is for series of bots", "gloam series")
        return EXIT_USAGE
    terminal = terminal or play.make_terminal()
    console = terminal.console
    try:
        names = play.player_names(args.names, series.players) if getattr(args, "names", None) else None
    except SetupError as exc:
        print_error(str(exc), "gloam series")
        return EXIT_USAGE
    lang = getattr(args, "lang", "en")
    series.terminal, series.names, series.lang = terminal, names, lang
    args.save = args.save or args.resume  # a resumed human series keeps saving to its file
    if args.save:
        series.replay_base = str(Path(args.save).with_suffix(""))
    chosen = args.seed is not None  # a random seed is not shown before the end: it tells every hand
    console.print(Text(header(series, lang, seed=chosen), style="bold"))
    for game in series.games:
        console.print(Text(game_table(series, game, lang)), highlight=False)
    try:
        for game in series.iter_games():
            if args.save:
                write_atomic(args.save, json.dumps(series.to_json()))
            console.print(Text(game_table(series, game, lang)), highlight=False)
            if not series.over:
                answer = terminal.ask(Text(_say("next_game", lang), style="bold"))
                if answer.strip().lower() in ("q", "quit", "exit"):
                    raise KeyboardInterrupt
    except (KeyboardInterrupt, EOFError):
        console.print(Text(_say("stopped", lang) + (_say("resume_with", lang, file=args.save) if args.save else ""),
                           style="bold"))
        return 130
    console.print(Text(standings_table(series, lang)), highlight=False)
    if not chosen:
        console.print(Text(_say("seed", lang, seed=series.seed), style="dim"))
    return 0


# ---------------------------------------------------------------------- the tables
def _seat(series, p: int, lang: str) -> str:
    """Seat ``p``'s name: its ``--names`` entry when the players gave names, else the bot,
    or ``you`` (in Japanese あなた) for a person."""
    names = getattr(series, "names", None)
    if names:
        return names[p]
    return _say("human", lang) if series.seats[p] == HUMAN else series.seats[p]


def _who(series, p: int, lang: str = "en") -> str:
    """"P1 heuristic" (in Japanese "プレイヤー1（heuristic）")."""
    return _say("who", lang, n=p + 1, player=i18n.player_label(p, lang=lang), seat=_seat(series, p, lang))


def _pad(text: str, width: int) -> str:
    """``text`` left-justified to ``width`` terminal cells (a CJK character takes two)."""
    return text + " " * (width - cell_len(text))


def _cols(lang: str, *keys: str) -> list[tuple[str, int]]:
    """Each column's heading and width in cells (the numbers are right-justified to it)."""
    return [(label, cell_len(label)) for label in (_say(key, lang) for key in keys)]


def header(series, lang: str = "en", seed: bool = True) -> str:
    """The series' first line: players, seats, seed (not with ``seed=False``: people
    play, and the seed would tell them every hand) and target."""
    seats = _say("sep", lang).join(_seat(series, p, lang) for p in range(series.players))
    return _say("header" if seed else "header_people", lang, players=series.players, seats=seats,
                seed=series.seed, target=series.target)


def game_table(series, game, lang: str = "en") -> str:
    """One game: each player's wounds this game and the running total."""
    width = max(cell_len(_who(series, p, lang)) for p in range(series.players))
    result = _say("no_winner", lang) if game.winner < 0 else _say("won_by", lang, who=_who(series, game.winner, lang))
    (player, _), (wounds, w_wounds), (total, w_total) = _cols(lang, "col_player", "col_wounds", "col_total")
    lines = [_say("game", lang, n=game.index + 1, first=game.index % series.players + 1, turns=game.turns,
                  result=result),
             f"  {_pad(player, width)}  {wounds}  {total}"]
    for p in range(series.players):
        lines.append(f"  {_pad(_who(series, p, lang), width)}  {game.wounds[p]:>{w_wounds}}"
                     f"  {game.totals[p]:>{w_total}}")
    return "\n".join(lines)


def standings_table(series, lang: str = "en") -> str:
    """The final standings, lowest total first, and the winner (rule 180)."""
    rows = series.standings()
    width = max(cell_len(_who(series, r["seat"], lang)) for r in rows)
    (place, w_place), (player, _), (total, w_total), (wins, w_wins) = _cols(
        lang, "col_place", "col_player", "col_total", "col_wins")
    lines = [_say("standings", lang, games=len(series.games)),
             f"  {place}  {_pad(player, width)}  {total}  {wins}"]
    for r in rows:
        lines.append(f"  {r['place']:>{w_place}}  {_pad(_who(series, r['seat'], lang), width)}"
                     f"  {r['total']:>{w_total}}  {r['wins']:>{w_wins}}")
    winners = series.winners()
    if len(winners) == 1:
        lines.append(_say("series_win", lang, who=_who(series, winners[0], lang), total=series.totals[winners[0]]))
    elif winners:
        lines.append(_say("shared_win", lang, who=_say("sep", lang).join(_who(series, p, lang) for p in winners)))
    return "\n".join(lines)
