"""Nightmarium's balance report: what each game's event stream says, totalled per
player count, and the page a designer reads.

Everything is counted from the structured events of the finished game (omniscient:
the report reads the whole stream after the game, hidden cards included):

* ``complete`` (with the Creature's abilities in resolution order, head first),
  ``ability`` (an ability begins to resolve), ``stop`` (rule 201: no valid target, the
  rest is ``skipped``), ``win``, ``same_legion`` (rule 203), ``discard`` with reason
  ``penalty``, ``penalty_empty_hand``, ``reshuffle``, ``reveal``, ``play`` (its
  ``source``), ``draw`` (its ``reason``), ``execute``, ``scavenge``, ``devour``, and the
  ``turn_limit`` / ``dead_position`` endings.

Every ability printed on a completed Creature ends in exactly one of these outcomes
(:data:`OUTCOMES`): it is *triggered* (then *resolved*, or *stopped* for lack of a
target), *skipped* after an earlier ability stopped (rule 201), *interrupted* because
another Creature was completed first (rule 202), or *unused* because completing its
Creature won the game (rule 192).

>>> from gloam.games import get_game
>>> from gloam.bots import make_bot
>>> from gloam.match import play_match
>>> game = get_game("nightmarium", {"players": 2})
>>> match = play_match(game, [make_bot("greedy", game, 1), make_bot("greedy", game, 2)], seed=3)
>>> stats = game_stats(game, match, 0)
>>> stats.end, stats.winner in (0, 1), stats.final_complete[stats.winner]
('win', True, 5)
>>> all(sum(c[1:]) == c[0] for c in stats.abilities)  # each printed ability has one outcome
True
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gloam.core.decisions import EndReason
from gloam.nightmarium.cards import ABILITIES, LEGIONS
from gloam.report import html
from gloam.report.html import (
    Bars,
    Distribution,
    Headline,
    Page,
    Section,
    Series,
    Table,
    and_list,
    first_player_headline,
    pct,
    pct_range,
    rate_text,
    seat_win_panels,
)
from gloam.simulate import wilson_interval

#: what became of an ability printed on a completed Creature (after ``on_creature``,
#: the outcomes add up to it); ``resolved`` is ``triggered - stopped``
OUTCOMES = ("on_creature", "triggered", "skipped", "interrupted", "unused")
ON_CREATURE, TRIGGERED, SKIPPED, INTERRUPTED, UNUSED = range(5)
#: what the abilities did, counted per game
EFFECTS = ("songbird_revealed", "songbird_played", "mockingbird_played", "mourner_drawn",
           "executioner_taken", "executioner_broke", "scavenger_creatures", "scavenger_cards",
           "devourer_discarded", "devourer_broke")
ENDS = ("win", "turn_limit", "dead_position")
#: the Legions' card colours (seed 004: blue, brown, green, red)
LEGION_HEX = ("#2F6DB5", "#8B5A2B", "#3B8E3B", "#C0392B")
#: one colour per player count, the same in every figure
COUNT_HEX = {2: html.PALETTE[0], 3: html.PALETTE[1], 4: html.PALETTE[2], 5: html.PALETTE[3]}
OUTCOME_HEX = {"resolved": "#009E73", "stopped": "#D55E00", "skipped": "#E69F00",
               "interrupted": "#56B4E9", "unused": "#9a9a9a"}


@dataclass(frozen=True, slots=True)
class GameStats:
    """What the report keeps of one game (all counts, per seat where it says so)."""

    index: int
    players: int
    winner: int  # -1: no winner
    end: str  # one of ENDS ("unfinished" if the game did not end)
    turns: int
    decisions: int
    completions: tuple[int, ...]  # per seat: Creatures completed during the game
    same_legion: tuple[int, ...]  # per seat: same-Legion completions (rule 203)
    same_legion_by_legion: tuple[int, ...]  # per Legion
    penalty_discards: int  # cards the opponents discarded to rule 203
    penalty_empty_hands: int  # opponents who owed the penalty with an empty hand
    reshuffles: int
    abilities: tuple[tuple[int, ...], ...]  # per ability (ABILITIES order): OUTCOMES counts
    stopped: tuple[int, ...]  # per ability: triggered but no valid target (rule 201)
    printed: tuple[int, ...]  # completed Creatures by number of printed abilities (0-3)
    effects: tuple[int, ...]  # EFFECTS counts
    final_complete: tuple[int, ...]  # per seat: complete Creatures at the end
    final_same_legion: tuple[int, ...]  # per seat: ... of which same-Legion


def game_stats(game: Any, match: Any, index: int) -> GameStats:
    """The statistics of one finished game (``match`` is a :class:`gloam.match.MatchResult`)."""
    state = match.state
    n = game.num_players
    events = state.events
    completions = [0] * n
    same = [0] * n
    by_legion = [0] * len(LEGIONS)
    printed = [0] * 4
    counters: Counter[str] = Counter()
    for e in events:
        kind = e["type"]
        if kind == "complete":
            completions[e["player"]] += 1
            printed[min(3, len(e["abilities"]))] += 1
        elif kind == "same_legion":
            same[e["player"]] += 1
            by_legion[LEGIONS.index(e["legion"])] += 1
        elif kind == "discard" and e["reason"] == "penalty":
            counters["penalty_discards"] += 1
        elif kind in ("penalty_empty_hand", "reshuffle"):
            counters[kind] += 1
    outcomes, stopped = ability_outcomes(events)
    final = [[c for c in mine if len(c) == 3] for mine in state.creatures]
    legion = game.legion
    return GameStats(
        index=index, players=n, winner=state.winner, end=_end(state), turns=state.turn,
        decisions=match.decisions, completions=tuple(completions), same_legion=tuple(same),
        same_legion_by_legion=tuple(by_legion), penalty_discards=counters["penalty_discards"],
        penalty_empty_hands=counters["penalty_empty_hand"], reshuffles=counters["reshuffle"],
        abilities=tuple(tuple(row) for row in outcomes), stopped=tuple(stopped), printed=tuple(printed),
        effects=ability_effects(events, n),
        final_complete=tuple(len(f) for f in final),
        final_same_legion=tuple(sum(1 for c in f if legion[c[0]] == legion[c[1]] == legion[c[2]]) for f in final),
    )


def _end(state: Any) -> str:
    """How the game ended, one of :data:`ENDS` (from ``state.outcome()``), or "unfinished"."""
    outcome = state.outcome()
    if outcome is None:
        return "unfinished"
    return {EndReason.CREATURES: "win", EndReason.TURN_LIMIT: "turn_limit",
            EndReason.DEAD_POSITION: "dead_position"}.get(outcome.reason, "unfinished")


def ability_outcomes(events: Sequence[dict[str, Any]]) -> tuple[list[list[int]], list[int]]:
    """Per ability (in :data:`ABILITIES` order): the :data:`OUTCOMES` counts, and how often
    a triggered ability was stopped for lack of a valid target.

    At most one Creature's abilities are pending at a time: a completion during the
    resolution of another Creature's abilities stops those for good (rule 202).
    """
    counts = [[0] * len(OUTCOMES) for _ in ABILITIES]
    stopped = [0] * len(ABILITIES)
    pending: list[str] = []
    for e in events:
        kind = e["type"]
        if kind == "complete":
            for name in pending:
                counts[ABILITIES.index(name)][INTERRUPTED] += 1
            pending = list(e["abilities"])
            for name in pending:
                counts[ABILITIES.index(name)][ON_CREATURE] += 1
        elif kind == "win":
            for name in pending:
                counts[ABILITIES.index(name)][UNUSED] += 1
            pending = []
        elif kind == "ability":
            if not pending or pending[0] != e["ability"]:
                raise ValueError(f"ability {e['ability']!r} resolves out of order (pending {pending})")
            pending.pop(0)
            counts[ABILITIES.index(e["ability"])][TRIGGERED] += 1
        elif kind == "stop":
            stopped[ABILITIES.index(e["ability"])] += 1
            for name in e["skipped"]:
                counts[ABILITIES.index(name)][SKIPPED] += 1
            pending = []
    return counts, stopped


def ability_effects(events: Sequence[dict[str, Any]], players: int) -> tuple[int, ...]:
    """The :data:`EFFECTS` counts of one game. To tell when Executioner or Devourer takes
    the top of a *complete* Creature, the height of every Creature is followed through
    the plays and removals."""
    heights: list[list[int]] = [[] for _ in range(players)]
    effects: Counter[str] = Counter()
    for e in events:
        kind = e["type"]
        if kind == "play":
            mine = heights[e["player"]]
            if e["part"] == "legs":
                mine.append(1)
            else:
                mine[e["creature"]] += 1
            if e["source"] in ("songbird", "mockingbird"):
                effects[f"{e['source']}_played"] += 1
        elif kind == "reveal":
            effects["songbird_revealed"] += len(e["cards"])
        elif kind == "draw" and e["reason"] == "mourner":
            effects["mourner_drawn"] += e["count"]
        elif kind in ("execute", "devour"):
            owner = e["target"] if kind == "execute" else e["player"]
            name = "executioner" if kind == "execute" else "devourer"
            mine = heights[owner]
            effects[f"{name}_{'taken' if kind == 'execute' else 'discarded'}"] += 1
            if mine[e["creature"]] == 3:
                effects[f"{name}_broke"] += 1
            mine[e["creature"]] -= 1
            if not mine[e["creature"]]:
                mine.pop(e["creature"])
        elif kind == "scavenge":
            heights[e["target"]].pop(e["creature"])
            effects["scavenger_creatures"] += 1
            effects["scavenger_cards"] += len(e["cards"])
    return tuple(effects[name] for name in EFFECTS)


# ---------------------------------------------------------------------- totals
def distribution(values: Sequence[int]) -> dict[str, Any]:
    """Mean (with a 95% normal interval), median, 10th/90th percentiles, range and the
    full histogram (value -> count, keys as strings for JSON) of per-game values.

    >>> d = distribution([1, 2, 2, 3, 7])
    >>> d["mean"], d["median"], d["min"], d["max"], d["histogram"]
    (3.0, 2, 1, 7, {'1': 1, '2': 2, '3': 1, '7': 1})
    """
    ordered = sorted(values)
    count = len(ordered)
    if not count:
        return {"mean": 0.0, "ci95": [0.0, 0.0], "sd": 0.0, "median": 0, "p10": 0, "p90": 0,
                "min": 0, "max": 0, "histogram": {}}
    mean = sum(ordered) / count
    sd = math.sqrt(sum((v - mean) ** 2 for v in ordered) / (count - 1)) if count > 1 else 0.0
    half = 1.959963984540054 * sd / math.sqrt(count)
    middle = count // 2
    median = ordered[middle] if count % 2 else (ordered[middle - 1] + ordered[middle]) / 2
    return {"mean": mean, "ci95": [mean - half, mean + half], "sd": sd, "median": median,
            "p10": _rank(ordered, 0.1), "p90": _rank(ordered, 0.9), "min": ordered[0], "max": ordered[-1],
            "histogram": {str(v): c for v, c in sorted(Counter(ordered).items())}}


def _rank(ordered: Sequence[int], q: float) -> int:
    """The nearest-rank ``q`` quantile of sorted values."""
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def _share(part: int, whole: int) -> dict[str, Any]:
    return {"count": part, "of": whole, "share": part / whole if whole else 0.0,
            "ci95": list(wilson_interval(part, whole))}


def _ability_totals(games: Sequence[GameStats]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, name in enumerate(ABILITIES):
        row = [sum(g.abilities[k][j] for g in games) for j in range(len(OUTCOMES))]
        stopped = sum(g.stopped[k] for g in games)
        entry = dict(zip(OUTCOMES, row))
        entry["stopped"] = stopped
        entry["resolved"] = row[TRIGGERED] - stopped
        entry["stop_rate"] = _share(stopped, row[TRIGGERED])
        entry["resolved_share"] = _share(row[TRIGGERED] - stopped, row[ON_CREATURE])
        entry["triggered_per_game"] = row[TRIGGERED] / len(games) if games else 0.0
        out[name] = entry
    return out


def _effect_totals(games: Sequence[GameStats], abilities: dict[str, Any]) -> dict[str, Any]:
    totals = {name: sum(g.effects[k] for g in games) for k, name in enumerate(EFFECTS)}

    def per(effect: str, ability: str) -> float:
        triggered = abilities[ability]["resolved"]
        return totals[effect] / triggered if triggered else 0.0

    totals["per_resolution"] = {
        "Songbird: cards revealed": per("songbird_revealed", "Songbird"),
        "Songbird: cards played": per("songbird_played", "Songbird"),
        "Mourner: cards drawn": per("mourner_drawn", "Mourner"),
        "Mockingbird: cards played": per("mockingbird_played", "Mockingbird"),
        "Executioner: cards taken": per("executioner_taken", "Executioner"),
        "Executioner: complete Creatures broken": per("executioner_broke", "Executioner"),
        "Scavenger: cards discarded": per("scavenger_cards", "Scavenger"),
        "Devourer: cards discarded": per("devourer_discarded", "Devourer"),
        "Devourer: own complete Creatures broken": per("devourer_broke", "Devourer"),
    }
    return totals


def summarize_count(players: int, seats: Sequence[str], games: Sequence[GameStats]) -> dict[str, Any]:
    """The totals of the games at one player count."""
    n = len(games)
    wins = [sum(1 for g in games if g.winner == p) for p in range(players)]
    draws = sum(1 for g in games if g.winner < 0)
    completions = sum(sum(g.completions) for g in games)
    same_total = sum(sum(g.same_legion) for g in games)
    abilities = _ability_totals(games)
    printed = [sum(g.printed[k] for g in games) for k in range(4)]
    triggered = sum(a["triggered"] for a in abilities.values())
    resolved = sum(a["resolved"] for a in abilities.values())
    penalty = sum(g.penalty_discards for g in games)
    return {
        "players": players,
        "seats": list(seats),
        "games": n,
        "wins": wins,
        "draws": draws,
        "ends": {end: sum(1 for g in games if g.end == end) for end in (*ENDS, "unfinished")},
        "fair_share": 1 / players,
        "win_rate": [w / n if n else 0.0 for w in wins],
        "win_ci95": [list(wilson_interval(w, n)) for w in wins],
        "turns": distribution([g.turns for g in games]),
        "turns_per_player": distribution([math.ceil(g.turns / players) for g in games]),
        "decisions": distribution([g.decisions for g in games]),
        "completions": {
            "total": completions,
            "per_game": distribution([sum(g.completions) for g in games]),
            "per_seat_per_game": [sum(g.completions[p] for g in games) / n if n else 0.0 for p in range(players)],
        },
        "reshuffles": {
            "total": sum(g.reshuffles for g in games),
            "per_game": distribution([g.reshuffles for g in games]),
            "games_with_one": _share(sum(1 for g in games if g.reshuffles), n),
        },
        "abilities": abilities,
        "abilities_per_completion": {
            "printed_histogram": {str(k): printed[k] for k in range(4)},
            "printed_mean": sum(k * printed[k] for k in range(4)) / completions if completions else 0.0,
            "triggered_mean": triggered / completions if completions else 0.0,
            "resolved_mean": resolved / completions if completions else 0.0,
        },
        "effects": _effect_totals(games, abilities),
        "same_legion": {
            "total": same_total,
            "share_of_completions": _share(same_total, completions),
            "per_game": distribution([sum(g.same_legion) for g in games]),
            "per_seat_per_game": [sum(g.same_legion[p] for g in games) / n if n else 0.0 for p in range(players)],
            "by_legion": {LEGIONS[k]: sum(g.same_legion_by_legion[k] for g in games) for k in range(len(LEGIONS))},
            "penalty_discards": penalty,
            "penalty_discards_per_same_legion": penalty / same_total if same_total else 0.0,
            "penalty_discards_per_opponent": penalty / (same_total * (players - 1)) if same_total else 0.0,
            "penalty_empty_hands": sum(g.penalty_empty_hands for g in games),
        },
        "winners": _winner_totals(players, games),
    }


def _winner_totals(players: int, games: Sequence[GameStats]) -> dict[str, Any]:
    """The winners' final Creatures against everyone else's, and how close the race was."""
    decided = [g for g in games if g.winner >= 0]
    w_all = sum(g.final_complete[g.winner] for g in decided)
    w_same = sum(g.final_same_legion[g.winner] for g in decided)
    o_all = sum(sum(g.final_complete) - g.final_complete[g.winner] for g in decided)
    o_same = sum(sum(g.final_same_legion) - g.final_same_legion[g.winner] for g in decided)
    w_made = sum(g.same_legion[g.winner] for g in decided)
    o_made = sum(sum(g.same_legion) - g.same_legion[g.winner] for g in decided)
    runner_up = [max(c for p, c in enumerate(g.final_complete) if p != g.winner) for g in decided]
    return {
        "games": len(decided),
        "winner_same_legion": _share(w_same, w_all),
        "others_same_legion": _share(o_same, o_all),
        "winner_same_legion_made_per_game": w_made / len(decided) if decided else 0.0,
        "others_same_legion_made_per_game": o_made / (len(decided) * (players - 1)) if decided else 0.0,
        "runner_up_complete": distribution(runner_up),
    }


def _pooled(per_count: dict[int, list[GameStats]]) -> dict[str, Any]:
    games = [g for n in sorted(per_count) for g in per_count[n]]
    abilities = _ability_totals(games)
    completions = sum(sum(g.completions) for g in games)
    same = sum(sum(g.same_legion) for g in games)
    triggered = sum(a["triggered"] for a in abilities.values())
    resolved = sum(a["resolved"] for a in abilities.values())
    return {
        "games": len(games),
        "abilities": abilities,
        "effects": _effect_totals(games, abilities),
        "completions": completions,
        "printed_per_completion": sum(a["on_creature"] for a in abilities.values()) / completions if completions else 0.0,
        "triggered_per_completion": triggered / completions if completions else 0.0,
        "resolved_per_completion": resolved / completions if completions else 0.0,
        "same_legion": _share(same, completions),
        "same_legion_by_legion": {LEGIONS[k]: sum(g.same_legion_by_legion[k] for g in games)
                                  for k in range(len(LEGIONS))},
        "penalty_discards_per_same_legion": sum(g.penalty_discards for g in games) / same if same else 0.0,
        "penalty_discards_per_opponent": _per_opponent(games),
        "draws": sum(1 for g in games if g.winner < 0),
    }


def _per_opponent(games: Sequence[GameStats]) -> float:
    """Penalty cards per opponent per same-Legion completion (rule 203), over all games."""
    owed = sum(sum(g.same_legion) * (g.players - 1) for g in games)
    return sum(g.penalty_discards for g in games) / owed if owed else 0.0


def summarize(options: Any, per_count: dict[int, list[GameStats]]) -> dict[str, Any]:
    """The report's JSON data: per player count, pooled over all counts, and the headline
    findings in words."""
    by_count = {str(n): summarize_count(n, options.seats_for(n), per_count[n]) for n in sorted(per_count)}
    pooled = _pooled(per_count)
    creatures = int(options.setup.get("creatures", 5))
    data = {"game": "nightmarium", "creatures": creatures, "by_players": by_count, "pooled": pooled}
    data["headlines"] = [vars(h) for h in headlines(data)]
    return data


# ---------------------------------------------------------------------- findings in words
def _counts(data: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    return [(int(n), block) for n, block in data["by_players"].items()]


def headlines(data: dict[str, Any]) -> list[Headline]:
    """The three to five findings a designer reads first, with their numbers."""
    found = [_first_player(data), _length(data), _same_legion(data), _abilities(data), _ending(data)]
    return [h for h in found if h is not None]


def _first_player(data: dict[str, Any]) -> Headline:
    return first_player_headline(_counts(data), "win_rate", "win_ci95")






def _length(data: dict[str, Any]) -> Headline:
    counts = _counts(data)
    n, block = counts[0]
    turns = block["turns"]
    text = (f"A {n}-player game lasts {_fmt(turns['median'])} turns on median"
            f" ({_fmt(block['turns_per_player']['median'])} each); 80% take {turns['p10']}–{turns['p90']}.")
    detail = ""
    if len(counts) > 1:
        detail = "Median turns: " + ", ".join(f"{_fmt(b['turns']['median'])} at {m} players"
                                              for m, b in counts[1:]) + "."
    return Headline(f"{_fmt(turns['median'])} turns", f"median game ({n} players)", text, detail=detail)


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def _same_legion(data: dict[str, Any]) -> Headline:
    pooled = data["pooled"]
    share = pooled["same_legion"]
    winners = _sum_shares([b["winners"]["winner_same_legion"] for _, b in _counts(data)])
    others = _sum_shares([b["winners"]["others_same_legion"] for _, b in _counts(data)])
    per_game = ", ".join(f"{b['same_legion']['per_game']['mean']:.1f} at {m}p" for m, b in _counts(data))
    text = (f"{rate_text(share['share'], *share['ci95'])} of completed Creatures are of one Legion;"
            f" each makes every opponent discard {pooled['penalty_discards_per_opponent']:.2f} cards.")
    made_w = sum(b["winners"]["winner_same_legion_made_per_game"] * b["winners"]["games"] for _, b in _counts(data))
    made_o = sum(b["winners"]["others_same_legion_made_per_game"] * b["winners"]["games"] * (m - 1)
                 for m, b in _counts(data))
    won = sum(b["winners"]["games"] for _, b in _counts(data))
    opponents = sum(b["winners"]["games"] * (m - 1) for m, b in _counts(data))
    detail = f"Per game: {per_game}."
    if won:
        detail += (f" A winner makes {made_w / won:.2f} per game, each other player {made_o / opponents:.2f};"
                   f" at the end the winners' Creatures are {rate_text(winners['share'], *winners['ci95'])}"
                   f" same-Legion, the others' {rate_text(others['share'], *others['ci95'])}.")
    return Headline(pct(share["share"]), "of completed Creatures are same-Legion", text, detail=detail)


def _sum_shares(shares: Sequence[dict[str, Any]]) -> dict[str, Any]:
    return _share(sum(s["count"] for s in shares), sum(s["of"] for s in shares))


def _abilities(data: dict[str, Any]) -> Headline:
    pooled = data["pooled"]
    table = pooled["abilities"]
    ranked = sorted((a for a in ABILITIES if table[a]["triggered"]),
                    key=lambda a: table[a]["stop_rate"]["share"], reverse=True)
    if not ranked:
        return Headline("0", "abilities triggered", "No ability was ever triggered.", "warn")
    worst = ranked[0]
    rate = table[worst]["stop_rate"]
    text = f"{worst} finds no target in {rate_text(rate['share'], *rate['ci95'])} of its triggers."
    others = ", ".join(f"{a} {pct(table[a]['stop_rate']['share'])}" for a in ranked[1:3])
    detail = (f"Next: {others}. " if others else "") + (
        f"A completed Creature resolves {pooled['resolved_per_completion']:.2f} of its"
        f" {pooled['printed_per_completion']:.2f} abilities on average.")
    tone = "warn" if rate["share"] >= 0.2 else "info"
    return Headline(pct(rate["share"]), f"of {worst} triggers stop (no target)", text, tone, detail)


def _ending(data: dict[str, Any]) -> Headline:
    pooled = data["pooled"]
    if pooled["draws"]:
        ends: Counter[str] = Counter()
        for _, b in _counts(data):
            ends.update({k: v for k, v in b["ends"].items() if k != "win"})
        why = ", ".join(f"{v:,} {k.replace('_', ' ')}" for k, v in ends.items() if v)
        return Headline(f"{pooled['draws']:,}", "games without a winner",
                        f"{pooled['draws']:,} of {pooled['games']:,} games ended with no winner.", "warn",
                        f"Why: {why}.")
    creatures = data["creatures"]
    near = []
    for m, b in _counts(data):
        games = b["winners"]["games"]
        near.append((m, _hist_share(b["winners"]["runner_up_complete"], creatures - 1) if games else 0.0))
    m0, share0 = near[0]
    text = (f"When the winner completed Creature {creatures}, the runner-up had {creatures - 1} in"
            f" {pct(share0)} of {m0}-player games.")
    detail = "".join(f"{pct(s)} at {m} players, " for m, s in near[1:]) + "and every game had a winner."
    return Headline(pct(share0), f"close finishes ({m0} players)", text, detail=detail[0].upper() + detail[1:])


# ---------------------------------------------------------------------- the page
#: the paragraph under each section's title
INTROS = {
    "wins": ("Does moving first help? Each panel is one player count; seat 1 takes the first turn and"
             " play goes left (seat 2 next)."),
    "length": ("How long the game runs, in turns (a player's two actions) and in decisions (every choice"
               " anyone makes, including discards, penalty discards and ability targets)."),
    "abilities": ("How often each of the six abilities is used, and how often it fizzles. An ability is"
                  " triggered when its Creature is completed (head, then body, then legs); it then resolves"
                  " or stops for lack of a target."),
    "same-legion": ("Completing a Creature whose legs, body and head share a Legion makes every opponent"
                    " discard (rule 203). How often does it happen, what does it cost the others, and who"
                    " does it?"),
    "completions": ("How many Creatures are completed in a game, all players together, and how often the"
                    " deck runs out."),
    "winners": ("What the winning tableau looks like: do winners lean on same-Legion Creatures more than"
                " everyone else, and how close was the race?"),
}


def page(data: dict[str, Any]) -> Page:
    """The report page, drawn from the JSON data alone."""
    options = data["options"]
    counts = _counts(data)
    seats = options["seats"]
    seat_text = f"{seats[0]} in every seat" if len(seats) == 1 else ", ".join(seats)
    games = options["games"]
    subtitle = (f"{games:,} games at each of {and_list([str(n) for n, _ in counts])} players,"
                f" {seat_text}, seed {options['seed']}.")
    facts = [("games", f"{sum(b['games'] for _, b in counts):,}"), ("seats", seat_text),
             ("creatures to win", str(data["creatures"])), ("seed", str(options["seed"])),
             ("deck", _deck_name(options["setup"])),
             ("turn limit", str(options["setup"].get("turn_limit", "none") or "none"))]
    heads = [Headline(**h) for h in data["headlines"]]
    sections = [_wins_section(data), _length_section(data), _abilities_section(data),
                _same_legion_section(data), _completions_section(data), _winners_section(data)]
    footer = []
    if data.get("command"):
        footer.append(f"Reproduce: `{data['command']}` (the same seed gives the same report.json,"
                      " whatever --workers).")
    footer.append("All numbers are in report.json beside this page. Counted from each game's event stream."
                  " Intervals are 95% Wilson score intervals for shares and normal intervals for means.")
    return Page("Nightmarium balance report", subtitle, heads, sections, facts, footer)


def _deck_name(setup: dict[str, Any]) -> str:
    composition = setup.get("composition", "standard")
    return composition if isinstance(composition, str) else str(composition.get("name", "custom"))


def _wins_section(data: dict[str, Any]) -> Section:
    counts = _counts(data)
    panels = seat_win_panels(counts, "win_rate", "win_ci95", "seat", COUNT_HEX)
    figure = html.bar_panels(panels, "Win rate by seat for each player count, with 95% intervals",
                             "Seat 1 moves first. Whiskers: 95% Wilson intervals; the dashed line is the"
                             " fair share (1 in n). A bar whose whisker misses the line is a real"
                             " seat advantage, not noise.", width=10.5, height=3.7)
    most = max(n for n, _ in counts)
    rows = []
    for n, b in counts:
        cells = [f"{pct(b['win_rate'][p], 1)}\n{pct_range(*b['win_ci95'][p], 1)}" if p < n else ""
                 for p in range(most)]
        rows.append([str(n), f"{b['games']:,}", pct(b["fair_share"], 1), *cells, f"{b['draws']:,}"])
    mixed = any(len(set(b["seats"])) > 1 for _, b in counts)
    note = "Win rate of each seat with its 95% Wilson interval under it; seat 1 moves first."
    if mixed:
        note += " Bots: " + "; ".join(f"{n} players: {', '.join(b['seats'])}" for n, b in counts) + "."
    wins = Table("Wins by seat", ["players", "games", "fair share", *[f"seat {p + 1}" for p in range(most)],
                                  "draws"], rows, note)
    ends = Table("How games ended", ["players", "games", "won", "draws", "turn limit", "dead position"],
                 [[str(n), f"{b['games']:,}", f"{b['ends']['win']:,}", f"{b['draws']:,}",
                   f"{b['ends']['turn_limit']:,}", f"{b['ends']['dead_position']:,}"] for n, b in counts],
                 "A draw is a game with no winner: stopped by the simulation's turn limit, or a dead"
                 " position where no card can ever be played again (docs/rules-decisions.md).")
    return Section("wins", "Who wins: seat advantage", [INTROS["wins"]], [figure], [wins, ends])


def _length_section(data: dict[str, Any]) -> Section:
    counts = _counts(data)
    series = [Distribution(f"{n} players", _hist(b["turns"]), COUNT_HEX.get(n)) for n, b in counts]
    widest = max(max(_hist(b["turns"])) - min(_hist(b["turns"])) for _, b in counts)
    turns = html.distributions("Game length in turns", series, "Distribution of game length in turns",
                               "One turn is one player's two actions. Dashed lines: medians.",
                               xlabel="turns", bins=60 if widest > 80 else None)
    rounds = html.bar_panels([Bars(
        "Turns each player gets", [f"{n} players" for n, _ in counts],
        [float(b["turns_per_player"]["median"]) for _, b in counts],
        [(b["turns_per_player"]["p10"], b["turns_per_player"]["p90"]) for _, b in counts],
        [COUNT_HEX.get(n, html.PALETTE[0]) for n, _ in counts], percent=False, ylabel="turns per player")],
        "Median turns per player by player count, with 10th to 90th percentile whiskers",
        "Game turns divided by the number of players (rounded up): how often each player acts before"
        " someone wins. Bars: medians; whiskers: 10th to 90th percentile of games.", width=6.5, height=3.0)
    rows = []
    for n, b in counts:
        t, d = b["turns"], b["decisions"]
        rows.append([str(n), _fmt(t["median"]), f"{t['mean']:.1f}", f"{t['p10']}–{t['p90']}",
                     f"{t['min']}–{t['max']}", _fmt(b["turns_per_player"]["median"]), _fmt(d["median"]),
                     f"{d['mean']:.1f}", f"{d['p10']}–{d['p90']}"])
    table = Table("Game length", ["players", "median turns", "mean turns", "turns, 10th–90th pct",
                                  "turns, min–max", "median turns per player", "median decisions",
                                  "mean decisions", "decisions, 10th–90th pct"], rows,
                  "A decision is any choice a player makes: an action, a card to discard, a target.")
    return Section("length", "How long a game lasts", [INTROS["length"]], [turns, rounds], [table])


def _hist(dist: dict[str, Any]) -> dict[int, int]:
    return {int(k): v for k, v in dist["histogram"].items()} or {0: 0}


def _abilities_section(data: dict[str, Any]) -> Section:
    counts = _counts(data)
    pooled = data["pooled"]["abilities"]
    names = list(ABILITIES)

    def share(name: str, key: str) -> float:
        whole = pooled[name]["on_creature"]
        return pooled[name][key] / whole if whole else 0.0

    parts = [Series(label, [share(a, key) for a in names], colour=OUTCOME_HEX[key])
             for key, label in (("resolved", "resolved"), ("stopped", "stopped: no target"),
                                ("skipped", "skipped after a stop"),
                                ("interrupted", "interrupted by a completion"),
                                ("unused", "on the winning Creature"))]
    outcome = html.stacked_bars("What became of each ability on a completed Creature",
                                [f"{a} ({pooled[a]['on_creature']:,})" for a in names], parts,
                                "Share of each ability's appearances on completed Creatures by outcome",
                                "All player counts together; the number after each name is how often it"
                                " appeared on a completed Creature. Rule 201: an ability without a valid"
                                " target stops it and every later one (skipped); rule 202: completing another"
                                " Creature meanwhile cuts the rest off; rule 192: the winning completion"
                                " ends the game at once.", xlabel="share of appearances", height=3.9)
    stop_series = [Series(f"{n} players", [b["abilities"][a]["stop_rate"]["share"] for a in names],
                          [tuple(b["abilities"][a]["stop_rate"]["ci95"]) for a in names], COUNT_HEX.get(n))
                   for n, b in counts]
    stops = html.grouped_bars("Triggered but stopped for lack of a target", names, stop_series,
                              "Stop rate of each ability by player count with 95% intervals",
                              "Share of an ability's triggers that found no valid target (rule 201)."
                              " Whiskers: 95% Wilson intervals.", ylabel="share of triggers")
    use_series = [Series(f"{n} players", [b["abilities"][a]["triggered_per_game"] for a in names],
                         colour=COUNT_HEX.get(n)) for n, b in counts]
    use = html.grouped_bars("Abilities triggered per game", names, use_series,
                            "Number of times each ability was triggered per game, by player count",
                            "Counts per game (all players together); more players complete more Creatures.",
                            ylabel="triggers per game", percent=False, labels=False)
    return Section("abilities", "Ability use", [INTROS["abilities"]], [outcome, stops, use], _ability_tables(data))


def _ability_tables(data: dict[str, Any]) -> list[Table]:
    counts = _counts(data)
    pooled = data["pooled"]
    rows = []
    for a in ABILITIES:
        e = pooled["abilities"][a]
        rows.append([a, f"{e['on_creature']:,}", f"{e['triggered']:,}", f"{e['resolved']:,}", f"{e['stopped']:,}",
                     _small_pct(e["stop_rate"]["share"], e["stop_rate"]["ci95"][1]),
                     pct_range(*e["stop_rate"]["ci95"], 2 if e["stop_rate"]["ci95"][1] < 0.01 else 1),
                     f"{e['skipped']:,}",
                     f"{e['interrupted']:,}", f"{e['unused']:,}"])
    outcome = Table("Ability outcomes, all player counts", [
        "ability", "on completed Creatures", "triggered", "resolved", "stopped", "stop rate", "95% interval",
        "skipped", "interrupted", "on winning Creature"], rows,
        "on completed Creatures = triggered + skipped + interrupted + on winning Creature;"
        " triggered = resolved + stopped.")
    by_count = Table("Stop rate by player count", ["ability"] + [f"{n} players" for n, _ in counts],
                     [[a] + [f"{pct(b['abilities'][a]['stop_rate']['share'], 1)}"
                             f" ({b['abilities'][a]['stopped']:,}/{b['abilities'][a]['triggered']:,})"
                             for _, b in counts] for a in ABILITIES])
    per_game = Table("Triggers per game by player count", ["ability"] + [f"{n} players" for n, _ in counts],
                     [[a] + [f"{b['abilities'][a]['triggered_per_game']:.2f}" for _, b in counts]
                      for a in ABILITIES])
    per_creature = Table("Abilities per completed Creature", [
        "players", "completed Creatures", "with 0", "with 1", "with 2", "with 3", "printed (mean)",
        "triggered (mean)", "resolved (mean)"],
        [[str(n), f"{b['completions']['total']:,}"]
         + [f"{b['abilities_per_completion']['printed_histogram'][str(k)]:,}" for k in range(4)]
         + [f"{b['abilities_per_completion'][key]:.2f}" for key in ("printed_mean", "triggered_mean",
                                                                     "resolved_mean")]
         for n, b in counts])
    effects = pooled["effects"]["per_resolution"]
    effect = Table("What an ability does when it resolves (all player counts)", ["effect", "per resolution"],
                   [[name, f"{value:.2f}"] for name, value in effects.items()],
                   "Averages per resolved trigger. 'Broken' means the top card was taken from a complete"
                   " Creature, so it no longer counts towards the win.")
    return [outcome, by_count, per_game, per_creature, effect]


def _small_pct(share: float, high: float) -> str:
    """A rate with one decimal, or two when even its interval stays under 1%."""
    return pct(share, 2 if high < 0.01 else 1)


def _same_legion_section(data: dict[str, Any]) -> Section:
    counts = _counts(data)
    labels = [f"{n} players" for n, _ in counts]
    colours = [COUNT_HEX.get(n, html.PALETTE[0]) for n, _ in counts]
    share = Bars("Share of completions", labels,
                 [b["same_legion"]["share_of_completions"]["share"] for _, b in counts],
                 [tuple(b["same_legion"]["share_of_completions"]["ci95"]) for _, b in counts], colours,
                 ylabel="completed Creatures")
    per_game = Bars("Per game", labels,
                    [b["same_legion"]["per_game"]["mean"] for _, b in counts],
                    [tuple(b["same_legion"]["per_game"]["ci95"]) for _, b in counts], colours, percent=False,
                    ylabel="per game (all players)")
    cost = Bars("Penalty cards per opponent", labels,
                [b["same_legion"]["penalty_discards_per_opponent"] for _, b in counts], None, colours,
                percent=False, ylabel="cards each opponent discards")
    overview = html.bar_panels([share, per_game, cost], "Same-Legion completions by player count",
                               "Left: share of all completed Creatures whose three cards are of one Legion"
                               " (95% Wilson intervals; completions in one game are not independent, so read"
                               " them as approximate). Middle: same-Legion completions per game, all players"
                               " (95% interval). Right: cards each opponent discards per same-Legion"
                               " completion (rule 203: one card of that Legion, or two of their choice"
                               " without one; fewer from a short hand).", width=10.5, height=3.5, sharey=False)
    pooled = data["pooled"]["same_legion_by_legion"]
    legion = html.bar_panels([Bars("Same-Legion completions by Legion (all player counts)", list(LEGIONS),
                                   [float(pooled[name]) for name in LEGIONS], None, list(LEGION_HEX),
                                   percent=False, ylabel="completions")],
                             "Same-Legion completions by Legion", "Bars in the Legions' card colours.",
                             width=7.0, height=3.2)
    seat_series = [Series(f"{n} players", [b["same_legion"]["per_seat_per_game"][p] if p < n else 0.0
                                           for p in range(max(m for m, _ in counts))], colour=COUNT_HEX.get(n))
                   for n, b in counts]
    seats = html.grouped_bars("Same-Legion completions per game by seat",
                              [f"seat {p + 1}" for p in range(max(m for m, _ in counts))], seat_series,
                              "Same-Legion completions per game by seat and player count",
                              "Per seat and game; seat 1 moves first.", ylabel="per game", percent=False,
                              height=3.3)
    rows = []
    for n, b in counts:
        s = b["same_legion"]
        rows.append([str(n), f"{s['total']:,}", f"{b['completions']['total']:,}",
                     pct(s["share_of_completions"]["share"], 1), pct_range(*s["share_of_completions"]["ci95"], 1),
                     f"{s['per_game']['mean']:.2f}", " / ".join(f"{v:.2f}" for v in s["per_seat_per_game"]),
                     f"{s['penalty_discards']:,}", f"{s['penalty_discards_per_same_legion']:.2f}",
                     f"{s['penalty_discards_per_opponent']:.2f}", f"{s['penalty_empty_hands']:,}"])
    table = Table("Same-Legion completions", [
        "players", "same-Legion", "completions", "share", "95% interval", "per game", "per game by seat",
        "penalty cards", "per same-Legion", "per opponent", "empty hands"], rows,
        "Penalty cards: cards the opponents discarded to rule 203, in total, per same-Legion completion and"
        " per opponent per same-Legion completion. Empty hands: opponents who owed the penalty with no card.")
    by_legion = Table("Same-Legion completions by Legion", ["players", *LEGIONS],
                      [[str(n)] + [f"{b['same_legion']['by_legion'][name]:,}" for name in LEGIONS] for n, b in counts])
    return Section("same-legion", "The same-Legion bonus", [INTROS["same-legion"]], [overview, legion, seats],
                   [table, by_legion])


def _completions_section(data: dict[str, Any]) -> Section:
    counts = _counts(data)
    comp = html.distributions("Creatures completed per game (all players)",
                              [Distribution(f"{n} players", _hist(b["completions"]["per_game"]), COUNT_HEX.get(n))
                               for n, b in counts], "Distribution of completions per game",
                              "Every completion counts, including Creatures later broken by Executioner or"
                              " Devourer. Dashed lines: medians.", xlabel="completions in the game")
    buckets = ["0", "1", "2", "3", "4 or more"]
    resh = html.grouped_bars("Reshuffles of the discard pile per game", buckets, [
        Series(f"{n} players", _bucket_shares(b["reshuffles"]["per_game"], len(buckets)), colour=COUNT_HEX.get(n))
        for n, b in counts], "Distribution of reshuffles per game by player count",
        "Rule 190: when the deck runs out, the discard pile is shuffled into a new deck. Shares of games.",
        xlabel="reshuffles in the game", ylabel="share of games", height=3.1)
    rows = []
    for n, b in counts:
        c, r = b["completions"], b["reshuffles"]
        rows.append([str(n), f"{c['per_game']['mean']:.1f}", _fmt(c["per_game"]["median"]),
                     f"{c['per_game']['p10']}–{c['per_game']['p90']}",
                     " / ".join(f"{v:.2f}" for v in c["per_seat_per_game"]), f"{r['per_game']['mean']:.2f}",
                     pct(r["games_with_one"]["share"], 1)])
    table = Table("Completions and reshuffles", [
        "players", "completions per game", "median", "10th–90th pct", "per game by seat",
        "reshuffles per game", "games with a reshuffle"], rows)
    return Section("completions", "Completions and the deck", [INTROS["completions"]], [comp, resh], [table])


def _winners_section(data: dict[str, Any]) -> Section:
    counts = _counts(data)
    creatures = data["creatures"]
    groups = [f"{n} players" for n, _ in counts]
    winner = [b["winners"]["winner_same_legion"] for _, b in counts]
    others = [b["winners"]["others_same_legion"] for _, b in counts]
    look = html.grouped_bars("Same-Legion share of the Creatures on the table at the end", groups, [
        Series("the winner", [s["share"] for s in winner], [tuple(s["ci95"]) for s in winner], "#0072B2"),
        Series("the other players", [s["share"] for s in others], [tuple(s["ci95"]) for s in others], "#bbbbbb"),
    ], "Same-Legion share of the winner's complete Creatures against the other players'",
        "Complete Creatures on the table when the game was won. Whiskers: 95% Wilson intervals.",
        ylabel="complete Creatures", labels=True, height=3.4)
    top = creatures - 1
    race = [Series(f"{n} players", [_hist_share(b["winners"]["runner_up_complete"], k) for k in range(top + 1)],
                   colour=COUNT_HEX.get(n)) for n, b in counts]
    close = html.grouped_bars("How many Creatures the runner-up had", [str(k) for k in range(top + 1)], race,
                              "Distribution of the runner-up's complete Creatures when the game was won",
                              f"The most complete Creatures any other player had when the winner completed"
                              f" Creature {creatures}. Shares of won games.", xlabel="runner-up's complete Creatures",
                              ylabel="share of games", height=3.3)
    rows = []
    for n, b in counts:
        w = b["winners"]
        rows.append([str(n), f"{w['games']:,}", pct(w["winner_same_legion"]["share"], 1),
                     pct_range(*w["winner_same_legion"]["ci95"], 1), pct(w["others_same_legion"]["share"], 1),
                     pct_range(*w["others_same_legion"]["ci95"], 1), f"{w['winner_same_legion_made_per_game']:.2f}",
                     f"{w['others_same_legion_made_per_game']:.2f}", f"{w['runner_up_complete']['mean']:.2f}"])
    table = Table("The winners' Creatures", [
        "players", "won games", "winner same-Legion", "95% interval", "others same-Legion", "95% interval",
        "same-Legion made by winner per game", "... by each other player", "runner-up's Creatures (mean)"], rows,
        "'Made' counts same-Legion completions during the game, including Creatures later broken.")
    return Section("winners", "The winners' Creatures", [INTROS["winners"]], [look, close], [table])


def _bucket_shares(dist: dict[str, Any], buckets: int) -> list[float]:
    """Shares of games with 0, 1, ... values, the last bucket holding the rest."""
    total = sum(dist["histogram"].values())
    shares = [0.0] * buckets
    for value, count in dist["histogram"].items():
        shares[min(int(value), buckets - 1)] += count / total if total else 0.0
    return shares


def _hist_share(dist: dict[str, Any], value: int) -> float:
    total = sum(dist["histogram"].values())
    return dist["histogram"].get(str(value), 0) / total if total else 0.0


# --- gloam report's options for Nightmarium (cli/report.py asks the game's module) -----------------
GAME = "nightmarium"


def cli_setup(options: dict[str, Any]) -> dict[str, Any]:
    """The report's setup from ``gloam report nightmarium``'s options (``--creatures``,
    ``--composition`` or ``--cards``); Nightfall's options are refused."""
    from gloam.core.errors import GloamError
    from gloam.nightmarium.cards import load_composition
    from gloam.nightmarium.declaration import composition_file

    setup: dict[str, Any] = {"creatures": options["creatures"], "turn_limit": options["turn_limit"]}
    if options["sets"] != "CW" or options["archives"] != "draft":
        raise GloamError("--sets and --archives are Nightfall options")
    if composition_file(options):
        setup["composition"] = load_composition(composition_file(options)).to_setup()
    return setup


def cli_command(options: dict[str, Any], setup: dict[str, Any]) -> list[str]:
    """This game's part of the command line that reproduces a report."""
    return ["--creatures", str(options["creatures"])] if options["creatures"] != 5 else []
