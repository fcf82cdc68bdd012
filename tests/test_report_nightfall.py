"""``gloam report nightfall``: the page and its JSON, the per-card win-rate statistic on
hand-built game records, seat-mirrored deals (rule 37: the first player is chosen; the
report plays every deal once with each seat first), the draft counts (rules 17-30), the
claims (rules 143-152) and the end of the game (rules 161-165) read from the games' own
event streams, and one-line errors for bad options."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from gloam.bots import make_bot
from gloam.cli.main import main
from gloam.core.errors import SetupError
from gloam.core.rng import derive_seed
from gloam.games import get_game
from gloam.match import play_match
from gloam.report import ReportOptions, check, run_games
from gloam.report.nightfall import (
    GameStats,
    arrange,
    card_effect,
    card_table,
    draft_table,
    summarize,
)
from gloam.simulate import DEFAULT_TURN_LIMIT, wilson_interval

SECTIONS = ("cards", "draft", "wins", "length", "chains", "tables")
SETUP = {"sets": ["CW"], "archives": "draft", "turn_limit": DEFAULT_TURN_LIMIT}


@pytest.fixture(scope="module")
def small_run(tmp_path_factory) -> tuple[Path, dict, str]:
    """One small report: 12 heuristic games (6 deals) at each of 2 and 3 players."""
    out = tmp_path_factory.mktemp("nf-report")
    code = main(["report", "nightfall", "--players", "2,3", "--games", "12", "--seed", "4", "--out", str(out)])
    assert code == 0
    return out, json.loads((out / "report.json").read_text()), (out / "index.html").read_text()


def replay(players: int, seed: int, index: int):
    """Game ``index`` of a report, played again by hand from the documented seeds: deal
    ``index // players`` with seat ``index % players`` first."""
    game = get_game("nightfall", {**SETUP, "players": players, "first_player": index % players})
    bots = [make_bot("heuristic", game, seed=derive_seed(seed, index, p + 1)) for p in range(players)]
    return game, play_match(game, bots, seed=derive_seed(seed, index // players))


# ---------------------------------------------------------------------- the files
def test_a_small_report_writes_a_page_with_every_plot_and_the_json_sections(small_run):
    _, data, page = small_run
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    for section in SECTIONS:
        assert f'id="{section}"' in page
    # forest plot, claim rates, two draft plots, seat wins, game length, chains, wounds
    assert page.count("data:image/png;base64,") == 8
    assert page.count('<div class="finding') == len(data["headlines"]) >= 4
    assert set(data["by_players"]) == {"2", "3"}
    for block in data["by_players"].values():
        assert {"cards", "draft", "position_rate", "position_ci95", "turns", "chains", "wounds"} <= set(block)
        assert len(block["cards"]) == 24  # every Coldest War draft order (rule 17)
    assert data["options"]["seats"] == ["heuristic"] and data["mirrored"] is True
    assert "gloam report nightfall --games 12 --seed 4 --players 2,3 --seats heuristic --sets CW" in data["command"]
    for name in ("Bone Cruncher", "Unholy Resurrection", "Routine Questioning"):
        assert name in page


def test_the_headline_names_the_cards_outside_ten_points(small_run):
    _, data, _ = small_run
    first = data["headlines"][0]
    outside = sum(len(v) for v in data["outside"].values())
    assert first["value"] == str(outside)
    for n, cards in data["outside"].items():
        for card in cards[:5]:
            effect = data["by_players"][n]["cards"][card]["effect"]
            assert abs(effect) > 0.10
            assert data["card_names"][card] in first["text"]
    for n, block in data["by_players"].items():
        inside = [c for c, e in block["cards"].items() if e["effect"] is not None and abs(e["effect"]) <= 0.10]
        assert not set(inside) & set(data["outside"][n])


# ---------------------------------------------------------------------- the statistic
def record(index: int, winner: int, archives, claims, players: int = 2) -> GameStats:
    return GameStats(index=index, players=players, deal=index // players, first=index % players, winner=winner,
                     end="game_over", turns=10, decisions=100, archives=tuple(archives),
                     claims=tuple(tuple(sorted(c.items())) for c in claims), chains=(2, 3), kickers=0, feeds=0,
                     wounds_taken=(10,) * players, final_wounds=(10,) * players, draft_dealt=(), draft_face_up=(),
                     picks=())


def test_card_effect_is_the_claimers_win_rate_minus_the_others_with_a_normal_interval():
    """Claimers won 3 of 4, the others 1 of 4: +50 points, interval from the two
    proportions' variances (the 95% normal interval of a difference)."""
    e = card_effect(3, 4, 1, 4)
    assert e["effect"] == pytest.approx(0.5)
    half = 1.959963984540054 * math.sqrt(0.75 * 0.25 / 4 + 0.25 * 0.75 / 4)
    assert e["ci95"] == pytest.approx([0.5 - half, 0.5 + half])
    assert card_effect(2, 2, 0, 0)["effect"] is None  # nobody to compare with


def test_card_table_counts_only_the_games_where_the_card_had_an_archive():
    """Hand-built games: A is in games 0-3, B only in games 0-1. A's claimers are seat 0
    of games 0, 1, 2 (two of them win) and seat 1 of game 3 (wins); game 4 has no A, so its
    players are neither claimers nor others for A."""
    a, b = "cw-a", "cw-b"
    games = [
        record(0, 0, [(a, -1), (b, 0)], [{a: 2}, {}]),
        record(1, 1, [(a, -1), (b, 0)], [{a: 1, b: 1}, {}]),
        record(2, 0, [(a, 1)], [{a: 1}, {}]),
        record(3, 1, [(a, -1)], [{}, {a: 3}]),
        record(4, 0, [(b, -1)], [{}, {b: 1}]),
    ]
    table = card_table(games, [a, b])
    ea = table[a]
    assert (ea["games"], ea["private_games"], ea["claimed"], ea["claimed_wins"], ea["others"], ea["other_wins"]) \
        == (4, 1, 4, 3, 4, 1)
    assert ea["effect"] == pytest.approx(0.75 - 0.25)
    assert ea["copies_per_claimer"] == pytest.approx((2 + 1 + 1 + 3) / 4)
    assert ea["claim_rate"] == pytest.approx(0.5)
    eb = table[b]
    # B: games 0, 1, 4; claimers seat 0 of game 1 (lost) and seat 1 of game 4 (lost)
    assert (eb["games"], eb["claimed"], eb["claimed_wins"], eb["others"], eb["other_wins"]) == (3, 2, 0, 4, 3)
    assert eb["effect"] == pytest.approx(0.0 - 0.75)


def test_a_game_without_a_winner_counts_as_a_loss_for_everyone():
    a = "cw-a"
    games = [record(0, -1, [(a, -1)], [{a: 1}, {}]), record(1, 1, [(a, -1)], [{}, {a: 1}])]
    e = card_table(games, [a])[a]
    assert (e["claimed"], e["claimed_wins"], e["others"], e["other_wins"]) == (2, 1, 2, 0)


def test_draft_table_adds_up_every_dealt_card_by_pick_and_destination():
    """Rule 30: a 2-player draft removes the 1st pick, keeps the 2nd and 3rd private and
    puts the 4th in the commons; a card dealt but never picked goes back to the box (22)."""
    g = GameStats(index=0, players=2, deal=0, first=0, winner=0, end="game_over", turns=5, decisions=9,
                  archives=(), claims=((), ()), chains=(), kickers=0, feeds=0, wounds_taken=(0, 0),
                  final_wounds=(0, 0), draft_dealt=("x", "x", "y", "z"), draft_face_up=("w",),
                  picks=(("x", 1, "removed"), ("y", 2, "private"), ("x", 4, "commons")))
    table = draft_table([g], ["x", "y", "z", "w"])
    assert table["x"]["by_pick"] == [1, 0, 0, 1] and table["x"]["dests"] == \
        {"private": 0, "commons": 1, "removed": 1, "box": 0}
    assert table["x"]["first_pick"]["share"] == 0.5
    assert table["z"]["dests"]["box"] == 1 and table["w"]["face_up"] == 1 and table["w"]["dealt"] == 0
    assert draft_table([record(0, 0, [], [{}, {}])], ["x"]) is None  # quick start: no draft


# ---------------------------------------------------------------------- seat mirroring
def test_each_deal_is_played_once_with_each_seat_first():
    """Rule 37 leaves the first player to the table: the report rotates it over a deal's
    games, so games 2k and 2k+1 share the draft hands and commons but not the first player."""
    assert arrange({"players": 2, "sets": ["CW"]}, 5) == ({"players": 2, "sets": ["CW"], "first_player": 1}, 2)
    per_count = run_games(ReportOptions("nightfall", (2,), ("heuristic",), 4, 9, dict(SETUP)))
    stats = per_count[2]
    assert [(g.deal, g.first) for g in stats] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert stats[0].draft_dealt == stats[1].draft_dealt and stats[0].draft_face_up == stats[1].draft_face_up
    assert stats[0].draft_dealt != stats[2].draft_dealt


def test_records_match_a_replay_of_the_documented_seeds(small_run):
    """Each game's winner, turn order and claims (rules 143-152: a claim takes an order
    from an archive and makes it yours) are those of the game replayed by hand."""
    _, data, _ = small_run
    per_count = run_games(ReportOptions("nightfall", (3,), ("heuristic",), 12, 4, dict(SETUP)))
    wins = [0, 0, 0]
    for g in per_count[3]:
        _, match = replay(3, 4, g.index)
        state = match.state
        assert g.winner == state.winner and g.first == state.first_player == g.index % 3
        wins[(state.winner - state.first_player) % 3] += 1
        owned = [{} for _ in range(3)]
        for cid, card in enumerate(state.cards):
            if state.owner[cid] >= 0 and card in dict(g.archives):
                owned[state.owner[cid]][card] = owned[state.owner[cid]].get(card, 0) + 1
        if not any(e["type"] == "archive_to_deck" for e in state.events):
            assert [dict(c) for c in g.claims] == owned
        assert list(g.final_wounds) == [state.wound_count(p)[0] for p in range(3)]
    assert data["by_players"]["3"]["position_wins"] == wins[:]


def test_wins_by_turn_order_carry_wilson_intervals(small_run):
    _, data, _ = small_run
    for block in data["by_players"].values():
        assert sum(block["position_wins"]) + block["draws"] == block["games"] == 12
        for w, ci in zip(block["position_wins"], block["position_ci95"]):
            assert ci == pytest.approx(list(wilson_interval(w, 12)))


def test_two_player_draft_pick_one_is_always_removed(small_run):
    """Rule 30 as counted: no card is 'removed' by any pick but the first at 2 players,
    and at 3 players nothing is removed (rules 20-22)."""
    _, data, _ = small_run
    two, three = data["by_players"]["2"]["draft"], data["by_players"]["3"]["draft"]
    assert sum(d["dests"]["removed"] for d in two.values()) == sum(d["by_pick"][0] for d in two.values()) == 12 * 2
    assert sum(d["dests"]["removed"] for d in three.values()) == 0
    for d in (*two.values(), *three.values()):
        assert sum(d["dests"].values()) == d["dealt"]


# ---------------------------------------------------------------------- bad input
@pytest.mark.parametrize("options, message", [
    (["--players", "2,3", "--games", "8"], "multiple of 6"),
    (["--players", "2", "--games", "2", "--creatures", "6"], "Nightmarium options"),
    (["--players", "2", "--games", "2", "--sets", "XX"], "unknown set 'XX'"),
    (["--players", "2", "--games", "2", "--sets", "BC"], "not standalone"),
])
def test_bad_options_exit_2_with_one_line_and_write_nothing(tmp_path, capsys, options, message):
    out_dir = tmp_path / "r"
    assert main(["report", "nightfall", "--out", str(out_dir), *options]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("gloam report: error:") and message in err and "\n" not in err
    assert not out_dir.exists()


def test_nightfall_options_are_refused_for_nightmarium(tmp_path, capsys):
    assert main(["report", "nightmarium", "--games", "2", "--archives", "quick", "--out", str(tmp_path / "r")]) == 2
    assert "Nightfall options" in capsys.readouterr().err


def test_a_fixed_first_player_is_refused_by_the_mirrored_report():
    with pytest.raises(SetupError, match="rotates the first player"):
        check(ReportOptions("nightfall", (2,), ("heuristic",), 2, 0, {**SETUP, "first_player": 1}))


def test_quick_start_reports_without_a_draft_section(tmp_path):
    """Rule 31's quick start deals the archives: no draft, so no pick rates."""
    options = ReportOptions("nightfall", (2,), ("heuristic",), 2, 1, {**SETUP, "archives": "quick"})
    per_count = run_games(options)
    data = summarize(options, per_count)
    assert data["by_players"]["2"]["draft"] is None and data["archives"] == "quick"
    assert all(g.picks == () and len(g.archives) == 12 for g in per_count[2])
