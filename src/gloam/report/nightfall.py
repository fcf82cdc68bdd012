"""Nightfall's balance report: each game's event stream turned into per-card win-rate
effects, draft pick rates, chains, wounds and seat advantage, and the page a designer reads.

**Seat-mirrored games.** Every deal is played once with each seat going first: game ``i``
of an n-player report is deal ``i // n`` (dealt from ``derive_seed(seed, i // n)``) with
``first_player = i % n``. The first player is not drawn from the game's generator, so the
deal (draft hands or quick-start pairs, commons, starting decks, wound stack) is the same in
each of the n games; only who moves first changes, which is the same as rotating the seats
round the deal. A seat's strong private archives or good opening hand is thus played from
every position once, and deal luck cancels out of the per-card comparison. The bots are
seeded per game, ``derive_seed(seed, i, p + 1)``, as in every report. ``games`` must be a
multiple of each player count.

Everything is counted from the structured events of the finished game (read in full after
the game, the draft's private events included, and the final state's archives, each
with its card and owner): ``claim`` (the order claimed, rules 143-152), ``draft`` / ``draft_hand`` /
``draft_pick`` (rules 17-30), ``chain_complete`` (its length, rules 122-128), ``kicker``,
``feed``, ``wounds`` (rules 13-15, 113), ``turn_limit`` and ``game_over`` (the winner and
each player's wounds, rules 161-165).

**Win-rate effect when claimed.** For each draftable card and player count: among the
players of the games where the card had an archive, the win rate of those who claimed at
least one copy minus the win rate of those who did not, in points, with a 95% normal
interval for a difference of two proportions (:func:`card_effect`). A card no one can
reach in a game (no archive of it) leaves that game out of its comparison.

>>> from gloam.games import get_game
>>> from gloam.bots import make_bot
>>> from gloam.match import play_match
>>> game = get_game("nightfall", {"players": 2, "archives": "draft"})
>>> match = play_match(game, [make_bot("heuristic", game, 1), make_bot("heuristic", game, 2)], seed=5)
>>> stats = game_stats(game, match, 0)
>>> stats.end, stats.winner in (0, 1), len(stats.archives), len(stats.picks)  # rule 30: 4 picks each
('game_over', True, 12, 8)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gloam.core.decisions import EndReason
from gloam.core.errors import SetupError
from gloam.report import html
from gloam.report.html import (
    Distribution,
    Headline,
    Image,
    Page,
    Section,
    Series,
    Table,
    and_list,
    first_player_headline,
    pct,
    pct_range,
    seat_win_panels,
)
from gloam.report.nightmarium import distribution
from gloam.simulate import Z95, wilson_interval

#: how a game ended: the last wound was given (rule 161), or the simulation's turn limit
ENDS = ("game_over", "turn_limit")
#: where a draft pick goes (rules 20-22, 26, 30); "box": dealt but never picked (rule 22)
DESTS = ("private", "commons", "removed", "box")
#: a card's win-rate effect beyond this many points (either way) is flagged for tuning
THRESHOLD = 0.10
#: cards named in the headline, per player count (the rest are counted)
SHOWN = 5
#: one colour per player count, the same in every figure
COUNT_HEX = {2: html.PALETTE[0], 3: html.PALETTE[1], 4: html.PALETTE[2], 5: html.PALETTE[3]}


@dataclass(frozen=True, slots=True)
class GameStats:
    """What the report keeps of one game. Seats are the game's seats; ``first`` is the
    seat that moved first (rotated over a deal's games)."""

    index: int
    players: int
    deal: int
    first: int
    winner: int  # -1: no winner (turn limit)
    end: str  # one of ENDS, or "unfinished"
    turns: int
    decisions: int
    archives: tuple[tuple[str, int], ...]  # (card id, owner seat or -1) of every archive at setup
    claims: tuple[tuple[tuple[str, int], ...], ...]  # per seat: (card id, copies claimed), sorted
    chains: tuple[int, ...]  # the length of every chain played, in order
    kickers: int
    feeds: int
    wounds_taken: tuple[int, ...]  # per seat: wounds received during the game
    final_wounds: tuple[int, ...]  # per seat: wounds at the end (rule 162)
    draft_dealt: tuple[str, ...]  # cards dealt into the draft hands (rule 19)
    draft_face_up: tuple[str, ...]  # commons dealt face up before the picks (rule 18)
    picks: tuple[tuple[str, int, str], ...]  # (card id, pick number from 1, destination)


def arrange(setup: dict[str, Any], index: int) -> tuple[dict[str, Any], int]:
    """Seat mirroring: game ``index`` plays deal ``index // n`` with seat ``index % n``
    first. Returns the game's setup and its deal number.

    >>> arrange({"players": 3, "sets": ["CW"]}, 7)
    ({'players': 3, 'sets': ['CW'], 'first_player': 1}, 2)
    """
    n = setup["players"]
    return {**setup, "first_player": index % n}, index // n


def check_options(options: Any) -> None:
    """Seat mirroring plays every deal once per seat: ``games`` must be a multiple of
    each player count."""
    if "first_player" in options.setup:
        raise SetupError("the Nightfall report rotates the first player over each deal;"
                         " leave first_player out of its setup")
    for n in options.players:
        if options.games % n:
            step = math.lcm(*options.players)
            raise SetupError(f"the Nightfall report plays every deal once with each seat first: --games must be a"
                             f" multiple of {step} for {', '.join(map(str, options.players))} players,"
                             f" not {options.games}")


def game_stats(game: Any, match: Any, index: int) -> GameStats:
    """The statistics of one finished game (``match`` is a :class:`gloam.match.MatchResult`)."""
    state = match.state
    n = game.num_players
    claims: list[Counter[str]] = [Counter() for _ in range(n)]
    chains: list[int] = []
    taken = [0] * n
    final: list[int] | None = None
    counters: Counter[str] = Counter()
    dealt: list[str] = []
    face_up: tuple[str, ...] = ()
    picks: list[tuple[str, int, str]] = []
    passed = False
    for e in state.events:
        kind = e["type"]
        if kind == "claim":
            claims[e["player"]][state.cards[e["card"]]] += 1
        elif kind == "chain_complete":
            if e["length"]:
                chains.append(e["length"])
        elif kind in ("kicker", "feed"):
            counters[kind] += 1
        elif kind == "wounds":
            taken[e["player"]] += e["count"]
        elif kind == "game_over":
            final = list(e["wounds"])
        elif kind == "draft":
            face_up = tuple(e["commons"])
        elif kind == "draft_hand" and not passed:
            dealt.extend(e["cards"])
        elif kind == "draft_pass":
            passed = True
        elif kind == "draft_pick":
            picks.append((e["card"], e["pick"], e["dest"]))
    # every archive of the game (an emptied one stays in the list, rule 43)
    archives = tuple((a["card"], a["owner"]) for a in state.archives)
    if final is None:
        final = [state.wound_count(p)[0] for p in range(n)]
    outcome = state.outcome()
    end = "unfinished" if outcome is None else "turn_limit" if outcome.reason == EndReason.TURN_LIMIT else "game_over"
    winner = state.winner if end == "game_over" and state.winner is not None else -1
    return GameStats(
        index=index, players=n, deal=index // n, first=state.first_player, winner=winner, end=end,
        turns=state.turn, decisions=match.decisions, archives=archives,
        claims=tuple(tuple(sorted(c.items())) for c in claims), chains=tuple(chains),
        kickers=counters["kicker"], feeds=counters["feed"], wounds_taken=tuple(taken),
        final_wounds=tuple(final), draft_dealt=tuple(sorted(dealt)), draft_face_up=face_up,
        picks=tuple(picks),
    )


# ---------------------------------------------------------------------- the statistics
def card_effect(claimed_wins: int, claimed: int, other_wins: int, others: int) -> dict[str, Any]:
    """The win-rate effect of claiming a card: the claimers' win rate minus the others',
    with a 95% normal (Wald) interval for a difference of two independent proportions.
    With no claimer or no other player there is no effect to give (``None``).

    >>> e = card_effect(60, 100, 40, 100)
    >>> round(e["effect"], 3), [round(x, 3) for x in e["ci95"]]
    (0.2, [0.064, 0.336])
    >>> card_effect(0, 0, 5, 10)["effect"] is None
    True
    """
    out: dict[str, Any] = {"claimed": claimed, "claimed_wins": claimed_wins, "others": others,
                           "other_wins": other_wins,
                           "claimed_rate": claimed_wins / claimed if claimed else None,
                           "other_rate": other_wins / others if others else None,
                           "effect": None, "ci95": None}
    if claimed and others:
        p1, p0 = claimed_wins / claimed, other_wins / others
        se = math.sqrt(p1 * (1 - p1) / claimed + p0 * (1 - p0) / others)
        out["effect"] = p1 - p0
        out["ci95"] = [p1 - p0 - Z95 * se, p1 - p0 + Z95 * se]
    return out


def card_table(games: Sequence[GameStats], cards: Sequence[str]) -> dict[str, dict[str, Any]]:
    """Per card: in how many games it had an archive, how many players claimed it, copies
    claimed, and :func:`card_effect` over the players of those games."""
    table: dict[str, dict[str, Any]] = {}
    for card in cards:
        present = claimers = wins1 = others = wins0 = copies = private = 0
        for g in games:
            owners = [o for c, o in g.archives if c == card]
            if not owners:
                continue
            present += 1
            private += any(o >= 0 for o in owners)
            for p in range(g.players):
                got = dict(g.claims[p]).get(card, 0)
                won = g.winner == p
                if got:
                    claimers += 1
                    wins1 += won
                    copies += got
                else:
                    others += 1
                    wins0 += won
        entry = card_effect(wins1, claimers, wins0, others)
        entry.update({"games": present, "private_games": private,
                      "claim_rate": claimers / (claimers + others) if claimers + others else 0.0,
                      "copies_per_claimer": copies / claimers if claimers else 0.0})
        table[card] = entry
    return table


def draft_table(games: Sequence[GameStats], cards: Sequence[str]) -> dict[str, dict[str, Any]] | None:
    """Per card, over the drafted games: how often it was dealt into a draft hand, picked
    at each pick number, where the picks went (or back to the box, rule 22), and how often
    it was dealt face up as a common (rule 18). ``None`` when no game was drafted."""
    drafted = [g for g in games if g.draft_dealt]
    if not drafted:
        return None
    rounds = max((pick for g in drafted for _, pick, _ in g.picks), default=0)
    table: dict[str, dict[str, Any]] = {}
    for card in cards:
        dealt = sum(g.draft_dealt.count(card) for g in drafted)
        by_pick = [0] * rounds
        dests = dict.fromkeys(DESTS, 0)
        for g in drafted:
            for c, pick, dest in g.picks:
                if c == card:
                    by_pick[pick - 1] += 1
                    dests[dest] += 1
        dests["box"] = dealt - sum(by_pick)
        table[card] = {"dealt": dealt, "face_up": sum(g.draft_face_up.count(card) for g in drafted),
                       "by_pick": by_pick,
                       "pick_rate": [k / dealt if dealt else 0.0 for k in by_pick],
                       "first_pick": _share(by_pick[0], dealt),
                       "dests": dests,
                       "dest_share": {d: v / dealt if dealt else 0.0 for d, v in dests.items()}}
    return table


def _share(part: int, whole: int) -> dict[str, Any]:
    return {"count": part, "of": whole, "share": part / whole if whole else 0.0,
            "ci95": list(wilson_interval(part, whole))}


def summarize_count(players: int, seats: Sequence[str], games: Sequence[GameStats],
                    cards: Sequence[str]) -> dict[str, Any]:
    """The totals of the games at one player count."""
    n = len(games)
    by_position = [0] * players  # wins by turn order: 0 = the first player
    for g in games:
        if g.winner >= 0:
            by_position[(g.winner - g.first) % players] += 1
    chains = [c for g in games for c in g.chains]
    decided = [g for g in games if g.winner >= 0]
    return {
        "players": players,
        "seats": list(seats),
        "games": n,
        "deals": len({g.deal for g in games}),
        "draws": n - len(decided),
        "ends": {end: sum(1 for g in games if g.end == end) for end in (*ENDS, "unfinished")},
        "fair_share": 1 / players,
        "position_wins": by_position,
        "position_rate": [w / n if n else 0.0 for w in by_position],
        "position_ci95": [list(wilson_interval(w, n)) for w in by_position],
        "turns": distribution([g.turns for g in games]),
        "turns_per_player": distribution([math.ceil(g.turns / players) for g in games]),
        "decisions": distribution([g.decisions for g in games]),
        "chains": {
            "length": distribution(chains),
            "per_game": distribution([len(g.chains) for g in games]),
            "kickers_per_game": sum(g.kickers for g in games) / n if n else 0.0,
            "feeds_per_game": sum(g.feeds for g in games) / n if n else 0.0,
        },
        "wounds": {
            "per_game": distribution([sum(g.wounds_taken) for g in games]),
            "winner_final": distribution([g.final_wounds[g.winner] for g in decided]),
            "others_final": distribution([w for g in decided for p, w in enumerate(g.final_wounds)
                                          if p != g.winner]),
            "margin": distribution([min(w for p, w in enumerate(g.final_wounds) if p != g.winner)
                                    - g.final_wounds[g.winner] for g in decided]),
        },
        "claims_per_player": sum(c for g in games for seat in g.claims for _, c in seat) / (n * players)
        if n else 0.0,
        "cards": card_table(games, cards),
        "draft": draft_table(games, cards),
    }


def draft_cards(options: Any) -> list[str]:
    """The draftable cards of the report's sets, in set order (promos when the game has them)."""
    from gloam.games import get_game
    from gloam.nightfall.setup import draft_pool

    return draft_pool(get_game("nightfall", options.setup_for(min(options.players))))


def summarize(options: Any, per_count: dict[int, list[GameStats]]) -> dict[str, Any]:
    """The report's JSON data: per player count, the card names, and the headlines."""
    from gloam.games import get_game

    cards = draft_cards(options)
    game = get_game("nightfall", options.setup_for(min(options.players)))
    by_count = {str(n): summarize_count(n, options.seats_for(n), per_count[n], cards) for n in sorted(per_count)}
    data: dict[str, Any] = {
        "game": "nightfall", "sets": list(game.sets), "archives": game.archive_setup,
        "threshold": THRESHOLD, "mirrored": True,
        "card_names": {c: game.card(c).name for c in cards},
        "card_costs": {c: game.card(c).cost for c in cards},
        "by_players": by_count,
    }
    data["outside"] = {n: sorted((c for c, e in b["cards"].items()
                                  if e["effect"] is not None and abs(e["effect"]) > THRESHOLD),
                                 key=lambda c: -abs(b["cards"][c]["effect"]))
                       for n, b in by_count.items()}
    data["headlines"] = [vars(h) for h in headlines(data)]
    return data


# ---------------------------------------------------------------------- findings in words
def _counts(data: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    return [(int(n), block) for n, block in data["by_players"].items()]


def _pts(x: float) -> str:
    """A difference of rates in points, signed: ``0.123`` -> ``"+12.3"``."""
    return f"{100 * x:+.1f}"


def _effect_text(e: dict[str, Any]) -> str:
    lo, hi = e["ci95"]
    return f"{_pts(e['effect'])} points ({_pts(lo)} to {_pts(hi)})"




def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def headlines(data: dict[str, Any]) -> list[Headline]:
    """The findings a designer reads first, with their numbers."""
    found = [_cards_headline(data), _first_player(data), _length(data), _chains(data), _draft(data)]
    return [h for h in found if h is not None]


def _cards_headline(data: dict[str, Any]) -> Headline:
    names = data["card_names"]
    points = round(100 * data["threshold"])
    parts = []
    worst = None
    for n, b in _counts(data):
        out = data["outside"][str(n)]
        if out:
            shown = [f"{names[c]} {_effect_text(b['cards'][c])}" for c in out[:SHOWN]]
            if len(out) > SHOWN:
                shown.append(f"{len(out) - SHOWN} more")
            parts.append(f"at {n} players " + and_list(shown))
        for c, e in b["cards"].items():
            if e["effect"] is not None and (worst is None or abs(e["effect"]) > abs(worst[2]["effect"])):
                worst = (n, c, e)
    outside = sum(len(v) for v in data["outside"].values())
    if outside:
        text = (f"{outside} card{'s' if outside != 1 else ''} {'lie' if outside != 1 else 'lies'} outside"
                f" ±{points} points of win-rate effect when claimed: " + "; ".join(parts) + ".")
        return Headline(str(outside), f"cards outside ±{points} points", text, "warn",
                        "Effect: win rate of the players who claimed the card minus that of the players who"
                        " did not, in the games where it had an archive (95% interval).")
    text = f"No card's win-rate effect when claimed lies outside ±{points} points."
    detail = ""
    if worst is not None:
        n, c, e = worst
        detail = f"The largest is {names[c]} at {n} players: {_effect_text(e)}."
    return Headline("0", f"cards outside ±{points} points", text, "info", detail)


def _first_player(data: dict[str, Any]) -> Headline:
    return first_player_headline(_counts(data), "position_rate", "position_ci95")


def _length(data: dict[str, Any]) -> Headline:
    counts = _counts(data)
    n, b = counts[0]
    turns, wounds = b["turns"], b["wounds"]
    text = (f"A {n}-player game lasts {_fmt(turns['median'])} turns on median ({turns['p10']}–{turns['p90']}"
            f" for 80% of games) and hands out {wounds['per_game']['mean']:.1f} wounds.")
    detail = (f"The winner ends with {wounds['winner_final']['mean']:.1f} wounds on average, the others"
              f" {wounds['others_final']['mean']:.1f}; the winning margin is {wounds['margin']['mean']:.1f}.")
    if b["draws"]:
        detail += f" {b['draws']:,} games reached the turn limit with no winner."
    if len(counts) > 1:
        detail += " Median turns: " + ", ".join(f"{_fmt(c['turns']['median'])} at {m} players"
                                                for m, c in counts[1:]) + "."
    return Headline(f"{_fmt(turns['median'])} turns", f"median game ({n} players)", text, detail=detail)


def _chains(data: dict[str, Any]) -> Headline:
    n, b = _counts(data)[0]
    c = b["chains"]
    length = c["length"]
    text = (f"A chain is {length['mean']:.1f} orders long on average (median {_fmt(length['median'])},"
            f" longest {length['max']}); a {n}-player game has {c['per_game']['mean']:.1f} chains.")
    detail = (f"{c['kickers_per_game']:.1f} kickers and {c['feeds_per_game']:.1f} feeds per game;"
              f" each player claims {b['claims_per_player']:.1f} orders.")
    return Headline(f"{length['mean']:.1f}", f"orders per chain ({n} players)", text, detail=detail)


def _draft(data: dict[str, Any]) -> Headline | None:
    n, b = _counts(data)[0]
    draft = b["draft"]
    if not draft:
        return None
    names = data["card_names"]
    ranked = sorted(draft, key=lambda c: draft[c]["first_pick"]["share"], reverse=True)
    top, low = ranked[0], ranked[-1]
    text = (f"{names[top]} is taken with the first pick most often"
            f" ({pct(draft[top]['first_pick']['share'])} of the hands it is dealt into),"
            f" {names[low]} least ({pct(draft[low]['first_pick']['share'])}).")
    first_dest = "removed from the game" if n == 2 else "a private archive"
    detail = f"At {n} players the first pick goes to {first_dest} (rules 20, 30)."
    return Headline(pct(draft[top]["first_pick"]["share"]), f"first picks: {names[top]}", text, detail=detail)


# ---------------------------------------------------------------------- the page
INTROS = {
    "cards": ("Does claiming a card help you win? For each draftable card: the win rate of the players who"
              " claimed at least one copy, minus the win rate of those who did not, in the games where the"
              " card had an archive. Every deal is played once with each seat first, so deal luck and the"
              " first-player edge cancel."),
    "draft": ("What the draft does with each card (rules 17-30): how often it is picked at each pick"
              " number, and where it goes."),
    "wins": ("Does moving first help? Win rate by turn order: 1 moves first, play goes left. Every deal is"
             " played from each seat, so this is the seat's own effect."),
    "length": "How long a game runs, in turns (one player's combat, chain, claim and cleanup phases).",
    "chains": "How long the chains are (rules 122-128), and how many wounds a game hands out (rules 13-15).",
}


def page(data: dict[str, Any]) -> Page:
    """The report page, drawn from the JSON data alone."""
    options = data["options"]
    counts = _counts(data)
    seats = options["seats"]
    seat_text = f"{seats[0]} in every seat" if len(seats) == 1 else ", ".join(seats)
    subtitle = (f"{options['games']:,} games at each of {and_list([str(n) for n, _ in counts])} players"
                f" (seat-mirrored deals), {seat_text}, sets {', '.join(data['sets'])},"
                f" archives {data['archives']}, seed {options['seed']}.")
    facts = [("games", f"{sum(b['games'] for _, b in counts):,}"),
             ("deals", f"{sum(b['deals'] for _, b in counts):,}"), ("seats", seat_text),
             ("sets", ", ".join(data["sets"])), ("archives", data["archives"]), ("seed", str(options["seed"])),
             ("turn limit", str(options["setup"].get("turn_limit", "none") or "none"))]
    heads = [Headline(**h) for h in data["headlines"]]
    sections = [_cards_section(data)]
    if any(b["draft"] for _, b in counts):
        sections.append(_draft_section(data))
    sections += [_wins_section(data), _length_section(data), _chains_section(data)]
    footer = []
    if data.get("command"):
        footer.append(f"Reproduce: `{data['command']}` (the same seed gives the same report.json,"
                      " whatever --workers).")
    footer.append("All numbers are in report.json beside this page. Counted from each game's event stream."
                  " Shares carry 95% Wilson intervals, means and card effects 95% normal intervals; the"
                  " players of one game are not independent (one wins), so read card intervals as approximate.")
    return Page("Nightfall balance report", subtitle, heads, sections, facts, footer)


@html._styled
def forest(title: str, labels: Sequence[str], series: Sequence[Series], alt: str, caption: str = "",
           band: float = THRESHOLD) -> Image:
    """A forest plot: one row per label, a point and its 95% interval for each series
    (player count), a solid line at no effect and a shaded band of ±``band``."""
    rows = len(labels)
    fig, (ax,) = html._figure(9.0, 0.9 + 0.29 * rows)
    count = len(series)
    ax.axvspan(-band, band, color="#f1f1f1", zorder=0)
    ax.axvline(0, color=html.MUTED, linewidth=1.0, zorder=1)
    for k, s in enumerate(series):
        offset = (k - (count - 1) / 2) * min(0.22, 0.6 / max(count, 1))
        colour = s.colour or html.PALETTE[k % len(html.PALETTE)]
        ys, xs, lows, highs = [], [], [], []
        for row, value in enumerate(s.values):
            if value is None or math.isnan(value):
                continue
            lo, hi = s.intervals[row] if s.intervals else (value, value)
            ys.append(row + offset)
            xs.append(value)
            lows.append(value - lo)
            highs.append(hi - value)
        ax.errorbar(xs, ys, xerr=[lows, highs], fmt="o", color=colour, ecolor=colour, markersize=4,
                    elinewidth=1.1, capsize=2, label=s.name, zorder=3)
    ax.set_yticks(range(rows), list(labels))
    ax.set_ylim(rows - 0.5, -0.5)
    ax.set_title(title)
    ax.set_xlabel("win-rate effect when claimed (points)")
    ax.xaxis.set_major_formatter(_points_formatter())
    ax.grid(axis="y", visible=False)
    if count > 1:
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0))
    return html._image(fig, alt, caption)


@html._styled
def claim_rates(title: str, labels: Sequence[str], series: Sequence[Series], alt: str, caption: str = "") -> Image:
    """Horizontal grouped bars, one row per label (card names stay readable)."""
    rows = len(labels)
    fig, (ax,) = html._figure(9.0, 0.9 + 0.29 * rows)
    count = len(series)
    height = 0.8 / max(count, 1)
    for k, s in enumerate(series):
        offset = (k - (count - 1) / 2) * height
        ax.barh([row + offset for row in range(rows)], s.values, height=height * 0.92,
                color=s.colour or html.PALETTE[k % len(html.PALETTE)], label=s.name, zorder=2)
    ax.set_yticks(range(rows), list(labels))
    ax.set_ylim(rows - 0.5, -0.5)
    ax.set_xlim(0, 1)
    ax.set_title(title)
    ax.set_xlabel("players who claimed it")
    html._percent_axis(ax, "x")
    ax.grid(axis="y", visible=False)
    if count > 1:
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0))
    return html._image(fig, alt, caption)


def _points_formatter():
    from matplotlib.ticker import FuncFormatter

    return FuncFormatter(lambda x, _: f"{100 * x:+.0f}" if round(100 * x) else "0")


def _card_order(data: dict[str, Any]) -> list[str]:
    """Cards by their effect at the first player count, largest first."""
    _, b = _counts(data)[0]
    cards = b["cards"]
    return sorted(cards, key=lambda c: -(cards[c]["effect"] if cards[c]["effect"] is not None else -9))


def _cards_section(data: dict[str, Any]) -> Section:
    counts = _counts(data)
    names = data["card_names"]
    order = _card_order(data)
    series = [Series(f"{n} players", [b["cards"][c]["effect"] if b["cards"][c]["effect"] is not None else math.nan
                                      for c in order],
                     [tuple(b["cards"][c]["ci95"]) if b["cards"][c]["ci95"] else (0.0, 0.0) for c in order],
                     COUNT_HEX.get(n)) for n, b in counts]
    points = round(100 * data["threshold"])
    plot = forest("Win-rate effect of claiming each card", [names[c] for c in order], series,
                  "Forest plot of each card's win-rate effect when claimed, with 95% intervals",
                  f"Points: claimers' win rate minus the other players' (games where the card had an archive);"
                  f" lines: 95% intervals. The grey band is ±{points} points, the tuning target.")
    claim = claim_rates("How often each card is claimed", [names[c] for c in order],
                        [Series(f"{n} players", [b["cards"][c]["claim_rate"] for c in order],
                                colour=COUNT_HEX.get(n)) for n, b in counts],
                        "Share of players who claimed each card, in the games where it had an archive",
                        "Share of the players of a game with the card's archive who claimed at least one copy"
                        " (same card order as above).")
    tables = []
    for n, b in counts:
        rows = []
        for c in order:
            e = b["cards"][c]
            if e["effect"] is None:
                effect, interval = "–", "–"
            else:
                effect, interval = _pts(e["effect"]), f"{_pts(e['ci95'][0])} to {_pts(e['ci95'][1])}"
            flag = "outside" if e["effect"] is not None and abs(e["effect"]) > data["threshold"] else ""
            rows.append([names[c], str(data["card_costs"][c]), effect, interval, flag, f"{e['games']:,}",
                         f"{e['claimed']:,}", pct(e["claim_rate"], 1),
                         pct(e["claimed_rate"], 1) if e["claimed_rate"] is not None else "–",
                         pct(e["other_rate"], 1) if e["other_rate"] is not None else "–",
                         f"{e['copies_per_claimer']:.2f}"])
        tables.append(Table(f"Card win-rate effects, {n} players", [
            "card", "cost", "effect (points)", "95% interval", f"beyond ±{points}", "games with it",
            "claimers", "claim rate", "claimers win", "others win", "copies per claimer"], rows,
            "Effect = claimers' win rate − others' win rate, among the players of the games where the card"
            " had an archive; private archives count (their owner can claim them)."))
    return Section("cards", "Card win rates when claimed", [INTROS["cards"]], [plot, claim], tables)


def _draft_section(data: dict[str, Any]) -> Section:
    names = data["card_names"]
    figures, tables = [], []
    for n, b in _counts(data):
        draft = b["draft"]
        if not draft:
            continue
        order = sorted(draft, key=lambda c: -draft[c]["first_pick"]["share"])
        rounds = len(draft[order[0]]["by_pick"])
        parts = [Series(f"pick {k + 1}", [draft[c]["pick_rate"][k] for c in order],
                        colour=html.PALETTE[k % len(html.PALETTE)]) for k in range(rounds)]
        parts.append(Series("never picked (box)", [draft[c]["dest_share"]["box"] for c in order], colour="#bbbbbb"))
        figures.append(html.stacked_bars(
            f"When each card is picked, {n} players", [names[c] for c in order], parts,
            f"Share of the {n}-player draft hands each card was dealt into, by the pick that took it",
            "Pick 1 of a 2-player draft removes the card (rule 30); the other picks go to private archives,"
            " the last to the commons (rules 20-22).", xlabel="share of the hands it was dealt into",
            height=0.9 + 0.27 * len(order)))
        rows = []
        for c in order:
            d = draft[c]
            rows.append([names[c], f"{d['dealt']:,}", f"{d['face_up']:,}",
                         f"{pct(d['first_pick']['share'], 1)}\n{pct_range(*d['first_pick']['ci95'], 1)}",
                         *[pct(r, 1) for r in d["pick_rate"][1:]],
                         *[pct(d["dest_share"][k], 1) for k in DESTS]])
        tables.append(Table(f"Draft picks, {n} players", [
            "card", "dealt in a hand", "dealt face up", "first pick", *[f"pick {k + 2}" for k in range(rounds - 1)],
            *[f"to {k}" for k in DESTS]], rows,
            "Shares of the hands the card was dealt into. 'Dealt face up': commons dealt before the picks"
            " (rule 18), not in any hand."))
    return Section("draft", "Draft pick rates", [INTROS["draft"]], figures, tables)


def _wins_section(data: dict[str, Any]) -> Section:
    counts = _counts(data)
    panels = seat_win_panels(counts, "position_rate", "position_ci95", "turn order", COUNT_HEX)
    figure = html.bar_panels(panels, "Win rate by turn order for each player count, with 95% intervals",
                             "1 moves first. Whiskers: 95% Wilson intervals; the dashed line is the fair"
                             " share (1 in n).", width=max(4.0, 3.2 * len(counts)), height=3.5)
    most = max(n for n, _ in counts)
    rows = []
    for n, b in counts:
        cells = [f"{pct(b['position_rate'][p], 1)}\n{pct_range(*b['position_ci95'][p], 1)}" if p < n else ""
                 for p in range(most)]
        rows.append([str(n), f"{b['games']:,}", f"{b['deals']:,}", pct(b["fair_share"], 1), *cells,
                     f"{b['draws']:,}"])
    table = Table("Wins by turn order", ["players", "games", "deals", "fair share",
                                         *[f"{p + 1}{'st' if p == 0 else 'nd' if p == 1 else 'rd' if p == 2 else 'th'}"
                                           for p in range(most)], "no winner"], rows,
                  "Win rate by position in turn order with its 95% Wilson interval under it. No winner: the"
                  " simulation's turn limit was reached.")
    return Section("wins", "First-player advantage", [INTROS["wins"]], [figure], [table])


def _hist(dist: dict[str, Any]) -> dict[int, int]:
    return {int(k): v for k, v in dist["histogram"].items()} or {0: 0}


def _length_section(data: dict[str, Any]) -> Section:
    counts = _counts(data)
    turns = html.distributions("Game length in turns",
                               [Distribution(f"{n} players", _hist(b["turns"]), COUNT_HEX.get(n)) for n, b in counts],
                               "Distribution of game length in turns", "Each player's turn counts once."
                               " Dashed lines: medians.", xlabel="turns")
    rows = []
    for n, b in counts:
        t, d = b["turns"], b["decisions"]
        rows.append([str(n), _fmt(t["median"]), f"{t['mean']:.1f}", f"{t['p10']}–{t['p90']}", f"{t['min']}–{t['max']}",
                     _fmt(b["turns_per_player"]["median"]), _fmt(d["median"]), f"{b['claims_per_player']:.2f}"])
    table = Table("Game length", ["players", "median turns", "mean turns", "10th–90th pct", "min–max",
                                  "median turns per player", "median decisions", "claims per player"], rows)
    return Section("length", "Game length", [INTROS["length"]], [turns], [table])


def _chains_section(data: dict[str, Any]) -> Section:
    counts = _counts(data)
    chains = html.distributions("Chain length", [Distribution(f"{n} players", _hist(b["chains"]["length"]),
                                                              COUNT_HEX.get(n)) for n, b in counts],
                                "Distribution of chain lengths", "Orders in each chain played (rule 122: a chain"
                                " starts with one order and grows by links). Dashed lines: medians.",
                                xlabel="orders in the chain", ylabel="share of chains")
    wounds = html.distributions("Wounds per game", [Distribution(f"{n} players", _hist(b["wounds"]["per_game"]),
                                                                 COUNT_HEX.get(n)) for n, b in counts],
                                "Distribution of wounds handed out per game by player count",
                                "Wounds every player received during the game, all together (the game ends when"
                                " the last face-up wound is given, rule 161).", xlabel="wounds in the game")
    rows = []
    for n, b in counts:
        c, w = b["chains"], b["wounds"]
        rows.append([str(n), f"{c['length']['mean']:.2f}", _fmt(c["length"]["median"]), str(c["length"]["max"]),
                     f"{c['per_game']['mean']:.1f}", f"{c['kickers_per_game']:.1f}", f"{c['feeds_per_game']:.1f}",
                     f"{w['per_game']['mean']:.1f}", f"{w['winner_final']['mean']:.1f}",
                     f"{w['others_final']['mean']:.1f}", f"{w['margin']['mean']:.1f}"])
    table = Table("Chains and wounds", ["players", "mean chain", "median chain", "longest", "chains per game",
                                        "kickers per game", "feeds per game", "wounds per game",
                                        "winner's wounds", "others' wounds", "winning margin"], rows,
                  "Winner's and others' wounds: at the end (rule 162). Margin: the nearest other player's wounds"
                  " minus the winner's.")
    return Section("chains", "Chains and wounds", [INTROS["chains"]], [chains, wounds], [table])


# --- gloam report's options for Nightfall (cli/report.py asks the game's module) -------------------
GAME = "nightfall"


def cli_setup(options: dict[str, Any]) -> dict[str, Any]:
    """The report's setup from ``gloam report nightfall``'s options (``--sets``,
    ``--archives``, ``--cards``); Nightmarium's options are refused."""
    from gloam.core.errors import GloamError
    from gloam.nightfall.declaration import card_setup

    if options["composition"] or options["creatures"] != 5:
        raise GloamError("--creatures and --composition are Nightmarium options")
    sets = [code.strip() for code in options["sets"].split(",")]
    setup: dict[str, Any] = {"sets": sets, "archives": options["archives"], "turn_limit": options["turn_limit"]}
    if options["cards"]:
        setup["cards"] = card_setup(options["cards"], sets)
    return setup


def cli_command(options: dict[str, Any], setup: dict[str, Any]) -> list[str]:
    """This game's part of the command line that reproduces a report."""
    return ["--sets", ",".join(setup["sets"]), "--archives", setup["archives"]]
