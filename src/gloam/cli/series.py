"""``gloam series nightfall``: the End-of-the-World Series (rule 180) between bots: games
in a row keeping each player's wound total until someone reaches 100; the lowest total
wins. Prints a table after each game and the final standings (or one JSON object).

    gloam series nightfall --players 3 --bots heuristic,greedy,random --seed 7
    gloam series nightfall --players 2 --bots heuristic --seed 1 --save series.json
    gloam series nightfall --resume series.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from gloam.core.errors import GloamError, SetupError

EXIT_USAGE = 2
DEFAULT_TURN_LIMIT = 200  # per game, so a series of bots can never hang (the rules have no limit)


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    from gloam.cli.options import add_setup_options

    parser = subparsers.add_parser(
        "series", help="play an End-of-the-World Series of Nightfall games between bots (rule 180)",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", nargs="?", choices=("nightfall",), help="the game (the series is Nightfall's)")
    parser.add_argument("--players", type=int, metavar="N", help="number of players (default: one per bot)")
    parser.add_argument("--bots", metavar="BOT[,BOT...]",
                        help="one bot for every player, or one per player in seat order")
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
    from gloam.series import Series

    if args.resume:
        try:
            data = json.loads(Path(args.resume).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise RecordError(f"{args.resume}: cannot read a saved series ({exc})") from None
        return Series.from_json(data)
    if args.game is None:
        raise SetupError("name the game (nightfall), or --resume FILE")
    if not args.bots:
        raise SetupError("--bots names the bots, e.g. --bots heuristic,greedy")
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    players = args.players or len(bots)
    if len(bots) == 1:
        bots = bots * players
    if len(bots) != players:
        raise SetupError(f"--bots names {len(bots)} bots for {players} players: name one, or one per player")
    setup = setup_from_args(args, players, turn_limit=args.turn_limit)
    return Series(setup, bots, args.seed, target=args.target)


def run(args: argparse.Namespace) -> int:
    try:
        series = build_series(args)
    except GloamError as exc:
        print(f"gloam series: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
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
