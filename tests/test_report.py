"""``gloam report``: the balance report's files, its numbers checked against the games'
own event streams, reproducibility whatever the worker count, and one-line errors for
bad options. Ability outcomes follow rules 192 and 200-203; the report's seeding is the
one ``gloam simulate`` documents."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from gloam.bots import make_bot
from gloam.cli.main import main
from gloam.core.rng import derive_seed
from gloam.games import get_game
from gloam.match import play_match
from gloam.nightmarium.cards import ABILITIES
from gloam.report import ReportOptions, build_data, run_games, write_report
from gloam.report.nightmarium import (
    EFFECTS,
    INTERRUPTED,
    ON_CREATURE,
    SKIPPED,
    TRIGGERED,
    UNUSED,
    ability_effects,
    ability_outcomes,
)
from gloam.simulate import DEFAULT_TURN_LIMIT, simulate, wilson_interval

SECTIONS = ("wins", "length", "abilities", "same-legion", "completions", "winners", "tables")


@pytest.fixture(scope="module")
def small_run(tmp_path_factory) -> tuple[Path, dict, str]:
    """One small default report: 10 greedy games at each of 2, 3, 4 and 5 players."""
    out = tmp_path_factory.mktemp("report")
    code = main(["report", "nightmarium", "--games", "10", "--seed", "5", "--out", str(out)])
    assert code == 0
    return out, json.loads((out / "report.json").read_text()), (out / "index.html").read_text()


def replay(setup: dict, seats: list[str], seed: int, index: int):
    """Game ``index`` of a report, played again by hand from the documented seeds."""
    game = get_game("nightmarium", setup)
    bots = [make_bot(name, game, seed=derive_seed(seed, index, p + 1)) for p, name in enumerate(seats)]
    return game, play_match(game, bots, seed=derive_seed(seed, index))


def full_setup(players: int) -> dict:
    return {"players": players, "creatures": 5, "turn_limit": DEFAULT_TURN_LIMIT}


# ---------------------------------------------------------------------- the files
def test_small_run_writes_a_page_with_every_section_and_the_json(small_run, capsys):
    _, data, page = small_run
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    for section in SECTIONS:
        assert f'id="{section}"' in page
    assert page.count("data:image/png;base64,") >= 12  # every plot is inline: one file to share
    assert page.count('<div class="finding') == len(data["headlines"])
    assert 3 <= len(data["headlines"]) <= 5
    for headline in data["headlines"]:
        assert headline["text"] in page.replace("&#x27;", "'")
    assert page.count("<table>") >= 8
    assert set(data["by_players"]) == {"2", "3", "4", "5"}
    assert data["options"]["seats"] == ["greedy"] and data["options"]["games"] == 10
    assert "gloam report nightmarium --games 10 --seed 5" in data["command"]


def test_the_first_headline_is_the_first_players_win_rate_with_its_interval(small_run):
    _, data, _ = small_run
    two = data["by_players"]["2"]
    lo, hi = wilson_interval(two["wins"][0], two["games"])
    first = data["headlines"][0]
    assert first["value"] == f"{100 * two['wins'][0] / two['games']:.0f}%"
    assert f"({100 * lo:.0f}–{100 * hi:.0f}%) of 2-player games" in first["text"]


def test_the_terminal_shows_the_findings_and_where_the_page_is(tmp_path, capsys):
    assert main(["report", "nightmarium", "--games", "4", "--players", "2", "--out", str(tmp_path / "r")]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert "First player" in out or "first player" in out
    assert f"wrote {tmp_path / 'r' / 'index.html'}" in out


# ---------------------------------------------------------------------- the numbers
def test_wins_and_draws_add_up_and_seats_match_gloam_simulate(small_run):
    """The n-player part plays the very games of `gloam simulate` with n seats and the seed."""
    _, data, _ = small_run
    for n, block in data["by_players"].items():
        players = int(n)
        assert sum(block["wins"]) + block["draws"] == block["games"] == 10
        assert sum(block["ends"].values()) == 10
        result = simulate("nightmarium", {}, ["greedy"] * players, games=10, seed=5)
        assert block["wins"] == result.wins and block["draws"] == result.draws
        assert block["decisions"]["mean"] == result.decisions / 10
        assert block["turns"]["mean"] == result.mean_turns
        assert sum(block["turns"]["histogram"].values()) == 10


def test_ability_and_same_legion_counts_match_a_direct_count_of_the_events(small_run):
    _, data, _ = small_run
    for n, block in data["by_players"].items():
        events = Counter()
        completions = 0
        for index in range(10):
            _, match = replay(full_setup(int(n)), ["greedy"] * int(n), 5, index)
            for e in match.state.events:
                events[e["type"]] += 1
                if e["type"] in ("ability", "stop"):
                    events[(e["type"], e["ability"])] += 1
                if e["type"] == "discard" and e["reason"] == "penalty":
                    events["penalty"] += 1
                completions += e["type"] == "complete"
        abilities = block["abilities"]
        for name in ABILITIES:
            assert abilities[name]["triggered"] == events[("ability", name)]
            assert abilities[name]["stopped"] == events[("stop", name)]
            assert abilities[name]["resolved"] == events[("ability", name)] - events[("stop", name)]
        assert block["completions"]["total"] == completions == events["complete"]
        assert block["same_legion"]["total"] == events["same_legion"]
        assert block["same_legion"]["penalty_discards"] == events["penalty"]
        assert block["reshuffles"]["total"] == events["reshuffle"]


def test_every_printed_ability_has_exactly_one_outcome(small_run):
    """Rules 192, 201, 202: triggered, skipped after a stop, interrupted, or on the winning
    Creature — the outcomes add up to the abilities printed on completed Creatures."""
    _, data, _ = small_run
    for block in [*data["by_players"].values(), data["pooled"]]:
        for name in ABILITIES:
            a = block["abilities"][name]
            assert a["on_creature"] == a["triggered"] + a["skipped"] + a["interrupted"] + a["unused"]
            assert a["triggered"] == a["resolved"] + a["stopped"]
    for block in data["by_players"].values():
        printed = block["abilities_per_completion"]["printed_histogram"]
        assert sum(printed.values()) == block["completions"]["total"]


def test_the_winners_creatures_are_those_on_the_table_at_the_end(small_run):
    _, data, _ = small_run
    block = data["by_players"]["3"]
    complete = same = runner_up = 0
    for index in range(10):
        game, match = replay(full_setup(3), ["greedy"] * 3, 5, index)
        state = match.state
        mine = [c for c in state.creatures[state.winner] if len(c) == 3]
        complete += len(mine)
        same += sum(1 for c in mine if len({game.legion[card] for card in c}) == 1)
        runner_up += max(sum(1 for c in cr if len(c) == 3)
                         for p, cr in enumerate(state.creatures) if p != state.winner)
    assert complete == 50  # rule 192: the game ends the moment the fifth Creature is complete
    assert block["winners"]["winner_same_legion"]["count"] == same
    assert block["winners"]["winner_same_legion"]["of"] == complete
    assert block["winners"]["runner_up_complete"]["mean"] == runner_up / 10


def test_same_seed_gives_the_same_report_json_whatever_the_worker_count(tmp_path):
    options = ReportOptions("nightmarium", (2, 3), ("greedy",), games=12, seed=9,
                            setup={"creatures": 5, "turn_limit": DEFAULT_TURN_LIMIT})
    one = write_report(options, tmp_path / "one", workers=1)
    two = write_report(options, tmp_path / "two", workers=2)
    assert two.workers == 2
    assert (tmp_path / "one" / "report.json").read_bytes() == (tmp_path / "two" / "report.json").read_bytes()
    other = ReportOptions("nightmarium", (2, 3), ("greedy",), games=12, seed=10,
                          setup={"creatures": 5, "turn_limit": DEFAULT_TURN_LIMIT})
    assert build_data(other, run_games(other))["by_players"] != one.data["by_players"]


def test_mixed_seats_play_the_named_bots_in_seat_order(tmp_path):
    out = tmp_path / "mixed"
    assert main(["report", "nightmarium", "--seats", "greedy,random", "--games", "20", "--seed", "2",
                 "--out", str(out)]) == 0
    data = json.loads((out / "report.json").read_text())
    assert list(data["by_players"]) == ["2"]  # two seats named: a 2-player report
    block = data["by_players"]["2"]
    assert block["seats"] == ["greedy", "random"]
    assert block["wins"] == simulate("nightmarium", {}, ["greedy", "random"], games=20, seed=2).wins
    assert block["wins"][0] > block["wins"][1]  # the greedy bot beats the random one
    assert "Bots: 2 players: greedy, random" in (out / "index.html").read_text()


def test_games_without_a_winner_are_reported_as_such(tmp_path):
    """Nobody completes 5 Creatures in 3 turns (rule 192): every game is a draw, and the
    report says so instead of failing on the empty winners' statistics."""
    out = tmp_path / "draws"
    assert main(["report", "nightmarium", "--games", "6", "--players", "2,3", "--turn-limit", "3",
                 "--out", str(out)]) == 0
    data = json.loads((out / "report.json").read_text())
    for block in data["by_players"].values():
        assert block["draws"] == block["games"] == 6 and block["ends"]["turn_limit"] == 6
        assert block["winners"]["games"] == 0
    ending = data["headlines"][-1]
    assert ending["value"] == "12" and ending["tone"] == "warn"
    assert "12 turn limit" in ending["detail"]


# ---------------------------------------------------------------------- event accounting
def test_rule_202_a_completion_interrupts_the_abilities_still_pending():
    events = [{"type": "complete", "player": 0, "abilities": ["Songbird", "Mourner"]},
              {"type": "ability", "player": 0, "ability": "Songbird"},
              {"type": "complete", "player": 0, "abilities": ["Scavenger"]},
              {"type": "ability", "player": 0, "ability": "Scavenger"}]
    counts, stopped = ability_outcomes(events)
    songbird, mourner, scavenger = (counts[ABILITIES.index(a)] for a in ("Songbird", "Mourner", "Scavenger"))
    assert songbird[TRIGGERED] == 1 and mourner[INTERRUPTED] == 1 and mourner[TRIGGERED] == 0
    assert scavenger[ON_CREATURE] == scavenger[TRIGGERED] == 1 and stopped == [0] * 6


def test_rule_201_a_stop_skips_the_later_abilities_and_rule_192_a_win_leaves_them_unused():
    events = [{"type": "complete", "player": 1, "abilities": ["Devourer", "Executioner", "Mourner"]},
              {"type": "ability", "player": 1, "ability": "Devourer"},
              {"type": "stop", "player": 1, "ability": "Devourer", "skipped": ["Executioner", "Mourner"]},
              {"type": "complete", "player": 1, "abilities": ["Mourner"]},
              {"type": "win", "player": 1, "creatures": 5}]
    counts, stopped = ability_outcomes(events)
    devourer, executioner, mourner = (counts[ABILITIES.index(a)] for a in ("Devourer", "Executioner", "Mourner"))
    assert devourer[TRIGGERED] == 1 and stopped[ABILITIES.index("Devourer")] == 1
    assert executioner[SKIPPED] == 1 and mourner[SKIPPED] == 1
    assert mourner[UNUSED] == 1 and mourner[ON_CREATURE] == 2


def test_an_ability_out_of_resolution_order_is_refused():
    events = [{"type": "complete", "player": 0, "abilities": ["Songbird", "Mourner"]},
              {"type": "ability", "player": 0, "ability": "Mourner"}]
    with pytest.raises(ValueError, match="out of order"):
        ability_outcomes(events)


def test_executioner_breaking_a_complete_creature_is_counted_from_the_table():
    """Checked against the real table: each take is its own target decision, so the table
    just before that action shows whether Executioner (rule 207) or Devourer (rule 209)
    took the top card of a complete Creature."""
    broke = Counter()
    counted = Counter()
    for index in range(6):
        game = get_game("nightmarium", full_setup(3))
        bots = [make_bot("greedy", game, seed=derive_seed(3, index, p + 1)) for p in range(3)]
        state = game.new_initial_state(derive_seed(3, index))
        while not state.is_terminal():
            before = [[len(c) for c in cr] for cr in state.creatures]
            seen = len(state.events)
            player = state.current_player()
            state.apply(bots[player].choose(game, state.observation(player), state.legal_action_indices()), player)
            for e in state.events[seen:]:
                if e["type"] == "execute" and before[e["target"]][e["creature"]] == 3:
                    broke["executioner"] += 1
                if e["type"] == "devour" and before[e["player"]][e["creature"]] == 3:
                    broke["devourer"] += 1
        effects = dict(zip(EFFECTS, ability_effects(state.events, 3)))
        counted["executioner"] += effects["executioner_broke"]
        counted["devourer"] += effects["devourer_broke"]
        assert effects["executioner_taken"] == sum(1 for e in state.events if e["type"] == "execute")
    assert counted == broke and broke["executioner"] > 0


def test_run_games_returns_each_count_in_game_order():
    options = ReportOptions("nightmarium", (3, 2), ("random",), games=5, seed=1)
    per_count = run_games(options)
    assert list(per_count) == [3, 2]
    assert [g.index for g in per_count[2]] == list(range(5)) and all(g.players == 3 for g in per_count[3])


# ---------------------------------------------------------------------- bad options
@pytest.mark.parametrize("options, message", [
    (["--games", "0"], "--games must be at least 1"),
    (["--workers", "0"], "--workers must be at least 1"),
    (["--turn-limit", "-1"], "--turn-limit must be 0"),
    (["--players", "2,x"], "--players needs player counts"),
    (["--players", "1,2"], "2 to 5 players, not 1"),
    (["--players", "6"], "2 to 5 players, not 6"),
    (["--players", "2,2"], "player counts repeat"),
    (["--seats", "nobody"], "no bot 'nobody'"),
    (["--seats", "greedy,"], "--seats needs bot names"),
    (["--seats", "greedy,random", "--players", "2,3"], "2 seats named but 3-player games need 3"),
])
def test_bad_options_exit_2_with_one_line(tmp_path, capsys, options, message):
    out_dir = tmp_path / "never"
    assert main(["report", "nightmarium", "--out", str(out_dir), *options]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("gloam report: error:") and message in err
    assert not out_dir.exists()  # nothing is written for a refused report


def test_an_unknown_game_and_an_out_that_is_a_file_exit_2(tmp_path, capsys):
    assert main(["report", "chess", "--out", str(tmp_path / "r")]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
    a_file = tmp_path / "taken"
    a_file.write_text("not a folder")
    assert main(["report", "nightmarium", "--games", "2", "--players", "2", "--out", str(a_file)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is a file, not a folder" in err
