"""Positions as data (issue 12 §5, docs/positions.md): the format for both games, every
fault with its exact message, ``gloam position check``, ``gloam play --position`` and the
records of such games (replay and ``--resume``). ``gloam position show``'s table view is in
tests/test_position_show.py."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pytest
from rich.console import Console

from cli_terminal import wire_terminal
from gloam.cli import play
from gloam.cli.main import main
from gloam.core import GloamError, PositionError
from gloam.core.record import Record
from gloam.games import parse_position
from gloam.nightfall import position as nf
from gloam.nightfall.actions import DONE, PLAY0
from gloam.nightmarium import position as nm

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "positions"
MID_CHAIN = EXAMPLES / "nightfall-mid-chain.toml"
COMBAT = EXAMPLES / "nightfall-combat.toml"
NIGHTMARIUM = EXAMPLES / "nightmarium.toml"


def names(state, ids) -> list[str]:
    return [state.card(c).name if state.wtype[c] is None else f"{state.card(c).name} ({state.wtype[c]})"
            for c in ids]


def faults(parser, source) -> list[str]:
    with pytest.raises(PositionError) as caught:
        parser.parse(source)
    assert str(caught.value) == "\n".join(caught.value.errors)
    return caught.value.errors


# ---------------------------------------------------------------------- Nightfall: what a position holds
def test_the_mid_chain_example_is_player_1_s_one_chance_to_link_to_kilo_13():
    """Rules 124-125: after the active player stops, player 1 links to the last card: Kilo 13
    links to gold, so Emil Balev and "Victor One" (gold) may link, JAREK (green) may not."""
    s = nf.parse(MID_CHAIN.read_text(encoding="utf-8"))
    assert (s.decision_kind(), s.current_player(), s.active, s.turn, s.phase) == ("link", 1, 0, 5, "chain")
    assert [(s.card(e["card"]).name, e["player"], e["kicker"]) for e in s.chain] == [("Kilo 13", 0, False)]
    offered = sorted(s.card(i - PLAY0).name for i in s.legal_action_indices() if i != DONE)
    assert offered == ["Emil Balev", "Victor One"] and DONE in s.legal_action_indices()
    assert s.game.use_moons and s.card(s.moons[-1]).name == "Harvest Moon"
    assert (len(s.wounds), s.face_up, s.rng.state) == (15, 15, 12)


def test_zones_are_laid_out_as_written_decks_and_piles_bottom_first():
    s = nf.parse(MID_CHAIN.read_text(encoding="utf-8"))
    assert names(s, s.hands[0]) == ["Routine Questioning", "Snowstorm", "NF Wound (burn)"]
    assert names(s, s.decks[0])[-1] == "Victor One"  # the top card, drawn next (rule 39)
    assert names(s, s.discards[1]) == ["Fresh Meat", "NF Wound (bite)", "ML Wound (bleed)"]
    kaos, zombie = s.play[0][0], s.play[1][0]
    assert (s.card(kaos).name, s.minions[kaos]["damage"], s.health_left(kaos)) == ("Kaos 33", 1, 1)
    assert (s.card(zombie).name, s.minions[zombie]["damage"], s.health_left(zombie)) == ("Patrol Zombie", 2, 1)
    assert [(s.card(a["cards"][-1]).name, a["owner"], len(a["cards"])) for a in s.archives][::4] == [
        ("Kaos 33", 0, 6), ("Dog Eat Dog", -1, 7)]
    assert [s.wtype[w] for w in s.wounds[:4]] == ["bite", "burn", "bleed", "bite"]
    assert all(s.owner[c] == 1 for c in s.hands[1] + s.decks[1] + s.discards[1])
    s.check_cards()


def test_the_combat_example_opens_the_after_blockers_window_and_damage_goes_through_the_blocker():
    """Rules 106-110: Bone Cruncher (5) is blocked by Patrol Zombie (health 3): 3 absorbed,
    2 wound player 0; Clever Ivan (2) is unblocked: 2 wound player 1."""
    s = nf.parse(COMBAT.read_text(encoding="utf-8"))
    assert (s.decision_kind(), s.current_player(), s.prompt()) == (
        "combat_window", 2, "Combat (after blockers): play a card's combat text, or pass")
    attacks = s.flags["attacks"]
    assert [(s.card(a["minion"]).name, a["target"], names(s, a["blockers"])) for a in attacks] == [
        ("Bone Cruncher", 0, ["Patrol Zombie"]), ("Clever Ivan", 1, [])]
    before = [s.wound_count(p)[0] for p in range(3)]
    while s.phase == "combat" and s.decision_kind() == "combat_window":
        s.apply(s.legal_action_indices()[0], s.current_player())  # everyone passes
    assert [s.wound_count(p)[0] - before[p] for p in range(3)] == [2, 2, 0]
    assert not s.play[0]  # Patrol Zombie destroyed


def test_each_phase_and_step_starts_where_it_says():
    base = {"players": [{"hand": ["Kilo 13"], "minions": ["JAREK"]}, {"minions": ["Snowstorm"]}]}
    expected = {("combat", "before attackers"): "combat_window", ("combat", "attackers"): "attack",
                ("chain", "start"): "chain_start", ("claim", "start"): "claim",
                ("cleanup", "start"): "wound_effect"}
    for (phase, step), kind in expected.items():
        s = nf.parse({**base, "phase": phase, "step": step})
        assert (s.decision_kind(), s.phase, s.current_player()) == (kind, phase, 0), (phase, step)
    blocked = nf.parse({**base, "phase": "combat", "step": "blockers",
                        "combat": {"attacks": [{"attacker": "JAREK", "target": 1}]}})
    assert (blocked.decision_kind(), blocked.current_player()) == ("block", 1)


def test_a_tagged_copy_is_one_card_and_untagged_names_are_fresh_copies():
    s = nf.parse({"players": [{"hand": ["Kilo 13", "Kilo 13", "Kilo 13#a"]}, {}], "phase": "claim"})
    assert len(set(s.hands[0])) == 3 and names(s, s.hands[0]) == ["Kilo 13"] * 3


def test_the_scenario_harness_writes_the_format():
    """tests/nf_scenario.py builds every scenario through the format: its data parses alone."""
    from nf_scenario import NfTable

    t = NfTable(players=2)
    data = t.mapping(hands={0: ["Kilo 13"]}, play={1: ["Emil Balev"]}, damage={"Emil Balev": 1},
                     wound_cards={1: ["ml:bite"]}, archives={"R&D": (-1, 3)})
    s = nf.parse(data)
    assert s.decision_kind() == "chain_start" and names(s, s.hands[1]) == ["ML Wound (bite)"]
    assert s.to_json() == t.position(hands={0: ["Kilo 13"]}, play={1: ["Emil Balev"]}, damage={"Emil Balev": 1},
                                     wound_cards={1: ["ml:bite"]}, archives={"R&D": (-1, 3)}).to_json()


def test_a_wound_pipe_bomb_put_on_an_archive_reads_back_on_that_archive_not_a_mixed_one():
    """Pipe Bomb (Blood Country) puts a wound on top of an archive; the archive stays an
    archive of its order (its top is the wound, public, and below it only copies of the
    order), not a mixed Bait and Switch archive. A position listing that pile reads as the
    archive Pipe Bomb leaves, and writes and reads back to the same view for every seat."""
    from nf_scenario import NfTable, start_chain

    t = NfTable(players=2, sets=("CW", "BC"))
    played = t.position(hands={0: ["Pipe Bomb"]}, wounds=20, face_up=10, archives={"R&D": (1, 3)})
    start_chain(t, played, [(0, "Pipe Bomb")])
    t.choose(played, "archive", "R&D", by=0)
    assert played.decision_kind() == "claim" and not played.archives[0].get("mixed")
    pile = ["R&D"] * 3 + ["NF Wound (bite)"]
    s = nf.parse({"setup": {"sets": ["CW", "BC"]}, "phase": "claim", "players": [{}, {}],
                  "archives": [{"card": "R&D", "owner": 1, "cards": pile}]})
    assert not s.archives[0].get("mixed")
    seen, pipe_bombed = s.observation(1)["archives"][0], played.observation(1)["archives"][0]
    assert {**seen, "wounds": None} == {**pipe_bombed, "wounds": None} == {"card": "cw-r-and-d", "owner": 1, "size": 4,
                                                                        "wounds": None}
    assert nf.to_position(s)["archives"] == [{"card": "R&D", "owner": 1, "cards": pile}]
    again = nf.parse(nf.to_toml(s))
    assert [again.view(p) for p in (-1, 0, 1)] == [s.view(p) for p in (-1, 0, 1)]


# ---------------------------------------------------------------------- Nightfall: every fault, exactly
def test_an_unknown_card_names_the_zone_the_entry_and_the_closest_names():
    assert faults(nf, {"players": [{"hand": ["Kilo 13", "Kilo 31"]}]}) == [
        "players[0].hand[1]: unknown card 'Kilo 31' in sets CW (did you mean 'Kilo 13'?)"]


def test_a_card_in_two_places_names_both_places():
    assert faults(nf, {"players": [{"hand": ["Kilo 13#1"]}, {"minions": [{"card": "Kilo 13#1"}]}]}) == [
        "players[1].minions[0]: 'Kilo 13#1' is also in players[0].hand[0]: a card cannot be in two places"]


def test_more_copies_than_the_set_holds_gives_the_count_where_they_are_and_the_limit():
    assert faults(nf, {"players": [{"hand": ["Emil Balev", "Emil Balev"]}],
                       "archives": [{"card": "Emil Balev", "owner": 1, "size": 6}]}) == [
        "Emil Balev: 8 copies placed (players[0].hand: 2, archives[0].card: 6) but CW holds 7"]
    assert faults(nf, {"players": [{"wounds": {"hand": ["bite"] * 3}}], "wound_stack": {"count": 24}}) == [
        "NF Wound (bite): 11 copies placed (players[0].wounds.hand: 3, wound_stack.count: 8) but CW holds 10"]


def test_a_bad_phase_step_or_seat_is_named_with_what_is_allowed():
    assert faults(nf, {"phase": "combta"}) == [
        "phase: 'combta' is not a phase; a position starts in combat, chain, claim, cleanup"]
    assert faults(nf, {"phase": "chain", "step": "links"}) == [
        "step: 'links' is not a step of the chain phase (start, link, resolve)"]
    assert faults(nf, {"active": 2}) == ["active: no seat 2 in a 2-player game (seats 0 to 1)"]
    assert faults(nf, {"archives": [{"card": "R&D", "owner": 5, "size": 1}]}) == [
        "archives[0].owner: no seat 5 in a 2-player game (an owner is a seat or \"common\")"]
    assert faults(nf, {"players": [{}, {}, {}]}) == ["players: 3 players given for a 2-player game"]


def test_every_fault_is_listed_at_once():
    errors = faults(nf, {"active": -1, "turn": 0, "colour": "red",
                         "players": [{"hand": ["Nobody"], "minions": ["R&D"]}]})
    assert errors == [
        "colour: unknown field (a position has game, seed, setup, copy_limit, active, first_player, turn, phase,"
        " step, influence, moon, moons, exiled, players, archives, wound_stack, chain, combat, window)",
        "active: no seat -1 in a 2-player game (seats 0 to 1)",
        "turn: turns are numbered from 1, not 0",
        "players[0].hand[0]: unknown card 'Nobody' in sets CW",
        "players[0].minions[0]: 'R&D' is an action, not a minion",
    ]


def test_wounds_name_their_type_and_only_wounds_have_one():
    assert faults(nf, {"players": [{"hand": ["NF Wound"]}]}) == [
        "players[0].hand[0]: 'NF Wound': a wound names its type, e.g. \"NF Wound (bite)\""]
    assert faults(nf, {"players": [{"hand": ["Kilo 13 (bite)"]}]}) == [
        "players[0].hand[0]: 'Kilo 13 (bite)': only a wound has a type; Kilo 13 is a starting-minion"]


def test_a_combat_or_chain_in_progress_must_fit_the_step():
    assert faults(nf, {"phase": "combat", "step": "after attackers"}) == [
        "combat.attacks: the 'after attackers' step comes only after minions attacked: list the attacks"]
    assert faults(nf, {"phase": "combat", "step": "attackers",
                       "combat": {"attacks": [{"attacker": "JAREK", "target": 1}]}}) == [
        "combat.attacks[0].attacker: player 0 has no 'JAREK' in play"]
    assert faults(nf, {"phase": "chain", "step": "link"}) == [
        "chain.links: the link step needs the chain's links, first link first"]
    assert faults(nf, {"phase": "claim", "chain": {"links": []}}) == [
        "chain: a chain in progress needs the chain phase past its start (phase = 'claim', step = 'start')"]


def test_setup_toml_and_game_faults_are_position_errors():
    assert faults(nf, {"setup": {"players": 9}}) == ["setup: Nightfall is for 2 to 5 players, not 9"]
    assert faults(nf, "phase = ") [0].startswith("not valid TOML: ")
    with pytest.raises(PositionError, match="game: this is a 'nightmarium' position, not a Nightfall one"):
        nf.parse({"game": "nightmarium"})
    with pytest.raises(PositionError, match=r"game: name the game the position is of: game = \"nightfall\""):
        parse_position("phase = 'chain'")
    assert issubclass(PositionError, GloamError) and issubclass(PositionError, ValueError)


# ---------------------------------------------------------------------- Nightmarium
def test_the_nightmarium_example_is_a_second_action_bound_to_the_first_play_s_legion():
    """Rule 199: the second play of a turn must be of the first play's Legion."""
    s = nm.parse(NIGHTMARIUM.read_text(encoding="utf-8"))
    codes = lambda ids: [s.game.card(c).code for c in ids]  # noqa: E731
    assert (s.decision_kind(), s.active, s.turn, s.actions_left) == ("turn", 0, 4, 1)
    assert codes(s.deck[-2:]) == ["MAN-15", "NEC-03"] and len(s.deck) == 108 - 16 + 2  # the rest under the two named
    assert [codes(c) for c in s.creatures[0]] == [["NEC-01", "NEC-10"], ["CHI-01"]]
    played = {s.game.card(a.card).code for a in s.legal_actions() if hasattr(a, "card")}
    assert played == {"NEC-20"} and "Necromunculus" in s.prompt()


def test_the_nightmarium_harness_writes_the_format():
    from scenario import table

    t = table({"legs1": "NEC legs -", "body1": "CON legs/body -", "head1": "MAN head Mourner"})
    data = t.mapping(hands={0: ["head1"]}, creatures={0: [["legs1", "body1"]]}, deck=["pad01"], rest="discard")
    s = nm.parse(data, game=t.game)
    assert [t.name(c) for c in s.deck] == ["pad01"] and len(s.discard) == 30 - 4


def test_nightmarium_faults_are_exact():
    assert faults(nm, {"players": [{"hand": ["NEC-1"]}]}) == [
        "players[0].hand[0]: unknown card 'NEC-1' in the standard composition (did you mean 'NEC-01', 'NEC-21',"
        " 'NEC-19'?)"]
    assert faults(nm, {"deck": ["man-7"]}) == [
        "deck[0]: unknown card 'man-7' in the standard composition (did you mean 'MAN-07'?)"]
    assert faults(nm, {"players": [{"creatures": [["NEC-01"]]}, {"hand": ["NEC-01"]}]}) == [
        "players[0].creatures[0][0]: 'NEC-01' is also in players[1].hand[0]: a card cannot be in two places"]
    assert faults(nm, {"players": [{"creatures": [["NEC-10"]]}]}) == [
        "players[0].creatures[0][0]: NEC-10 cannot be the legs of a Creature (it is body; rule 197)"]
    assert faults(nm, {"active": 3, "pending": {"decision": "dance"}}) == [
        "active: no seat 3 in a 2-player game (seats 0 to 1)",
        "pending.decision: 'dance' is not a decision (turn, discard, penalty, songbird, mockingbird,"
        " executioner, scavenger, devourer)"]
    assert faults(nm, {"rest": "box"}) == [
        "rest: the cards not named go to \"deck\", \"discard\" or a seat's hand (0 to 1), not 'box'"]
    assert faults(nm, {"pending": {"decision": "penalty"}}) == [
        "pending.penalties: a penalty decision needs who owes the penalty"]


def test_a_nightmarium_penalty_decision_is_the_owing_player_s():
    """Rule 203: each opponent with a card of the Legion discards one."""
    s = nm.parse({"players": [{}, {"hand": ["MAN-01", "NEC-20"]}], "rest": 0,
                  "pending": {"decision": "penalty", "penalties": [{"player": 1, "legion": "Manster"}]}})
    assert (s.decision_kind(), s.current_player()) == ("penalty", 1)
    assert [s.game.card(i - s.game.discard0).code for i in s.legal_action_indices()] == ["MAN-01"]


# ---------------------------------------------------------------------- writing positions
def test_every_nightmarium_state_writes_a_position_that_reads_back_the_same():
    """to_toml then parse gives the same state (its event log aside) at every decision of
    random 3-player games: hands, Creatures, deck order, penalties, abilities, the rng."""
    from gloam.games import get_game

    game = get_game("nightmarium", {"players": 3})
    written = 0
    for seed in range(3):
        state, rng = game.new_initial_state(seed), random.Random(seed)
        while not state.is_terminal():
            again = nm.parse(nm.to_toml(state))
            assert {**again.to_json(), "events": []} == {**state.to_json(), "events": []}
            written += 1
            state.apply(rng.choice(state.legal_action_indices()))
    assert written > 100


def test_nightfall_states_at_a_step_write_positions_that_read_back_to_the_same_decision():
    """Where a dealt game waits at a step a position can name, to_toml writes it and parse
    reads back the same decision with the same options; the text is stable. Mid-effect
    states are refused with the reason."""
    from gloam.games import get_game

    game = get_game("nightfall", {"players": 3})
    written, refused = 0, set()
    for seed in range(2):
        state, rng = game.new_initial_state(seed), random.Random(seed)
        for _ in range(300):
            if state.is_terminal():
                break
            try:
                text = nf.to_toml(state)
            except PositionError as exc:
                assert str(exc).startswith("this state cannot be written as a position: ")
                refused.add(str(exc).split(": ")[1].split(" (")[0])
            else:
                again = nf.parse(text)
                assert (again.decision_kind(), again.current_player(), again.stack) == \
                    (state.decision_kind(), state.current_player(), state.stack)
                assert len(again.legal_action_indices()) == len(state.legal_action_indices())
                assert nf.to_toml(again) == text
                written += 1
            state.apply(rng.choice(state.legal_action_indices()))
    assert written > 50 and "effects until the end of the turn are in force" in "; ".join(refused)


def test_the_examples_write_back_to_equivalent_positions():
    for path in (MID_CHAIN, COMBAT):
        state = nf.parse(path.read_text(encoding="utf-8"))
        again = nf.parse(nf.to_toml(state))
        assert again.to_json() == state.to_json()


# ---------------------------------------------------------------------- gloam position check
@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.name)
def test_every_example_position_checks_ok(path, capsys):
    assert main(["position", "check", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"ok: {path}: ") and "to decide" in out


def test_check_prints_every_fault_and_exits_2_without_a_traceback(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "nightfall"\nactive = 4\n[[players]]\nhand = ["Kilo 31"]\n', encoding="utf-8")
    assert main(["position", "check", str(bad)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [f"gloam position check: {bad}: active: no seat 4 in a 2-player game (seats 0 to 1)",
                   f"gloam position check: {bad}: players[0].hand[0]: unknown card 'Kilo 31' in sets CW"
                   " (did you mean 'Kilo 13'?)"]
    assert main(["position", "check", str(tmp_path / "missing.toml")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_show_as_a_seat_prints_that_seat_s_hand_only(capsys):
    assert main(["position", "show", str(MID_CHAIN), "--as", "1"]) == 0
    out = capsys.readouterr().out
    assert "Emil Balev" in out and "Routine Questioning" in out  # own hand; an archive's top card
    assert "NF Wound (burn)" not in out  # player 0's hand wound stays hidden
    assert main(["position", "show", str(MID_CHAIN), "--as", "2"]) == 2
    assert "--as 2: this is a 2-player game, seats are 0 to 1" in capsys.readouterr().err


# ---------------------------------------------------------------------- playing on, records
def test_a_record_carries_its_start_and_replays_from_it(tmp_path):
    start = nf.parse(COMBAT.read_text(encoding="utf-8"))
    state, rng, actions = start.clone(), random.Random(4), []
    for _ in range(60):
        if state.is_terminal():
            break
        actions.append(rng.choice(state.legal_action_indices()))
        state.apply(actions[-1])
    record = Record.of(start.game, 0, actions, ["random"] * 3, start=start.to_json())
    record.save(tmp_path / "r.json")
    loaded = Record.load(tmp_path / "r.json")
    assert loaded.start == json.loads(json.dumps(start.to_json()))
    assert loaded.replay(0) == start and loaded.replay() == state
    other = dict(record.to_json(), start=dict(start.to_json(), game="nightmarium"))
    with pytest.raises(GloamError, match="'start' must be a saved state of the record's game and setup"):
        Record.from_json(other)


def test_play_from_a_position_saves_a_replay_that_replays(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    monkeypatch.setattr(play, "make_terminal", lambda: play.Terminal(Console(file=out, width=120)))
    assert main(["play", "--position", str(NIGHTMARIUM), "--seats", "random,random", "--seed", "5",
                 "--replay-out", "r.json"]) == 0
    record = Record.load("r.json")
    start, final = record.replay(0), record.replay()
    assert start == nm.parse(NIGHTMARIUM.read_text(encoding="utf-8")) and final.is_terminal()
    assert record.game == "nightmarium" and record.seats == ["random", "random"]
    out.truncate(0)
    assert main(["replay", "r.json", "--all"]) == 0 and "Step 0/" in out.getvalue()


def test_a_nightfall_game_played_on_from_mid_chain_replays_to_its_end(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    monkeypatch.setattr(play, "make_terminal", lambda: play.Terminal(Console(file=out, width=120)))
    assert main(["play", "nightfall", "--position", str(MID_CHAIN), "--seats", "heuristic,random", "--seed", "1",
                 "--replay-out", "r.json"]) == 0
    record = Record.load("r.json")
    start, final = record.replay(0), record.replay()
    assert start.decision_kind() == "link" and start.current_player() == 1 and final.is_terminal()
    assert f"turn {final.turn})" in out.getvalue() and record.start["turn"] == 5
    assert final.wound_count(final.winner)[0] == min(final.wound_count(p)[0] for p in (0, 1))  # rule 162


def test_a_game_from_a_position_resumes_exactly(tmp_path, monkeypatch):
    class Script:
        def __init__(self, stop: int | None) -> None:
            self.out, self.reads, self.stop = io.StringIO(), 0, stop

        def read(self, prompt: str) -> str:
            self.reads += 1
            if self.reads == self.stop:
                raise KeyboardInterrupt
            return re.search(r"1-(\d+)", prompt).group(1)  # the last option

    args = ["play", "nightmarium", "--position", str(NIGHTMARIUM), "--seats", "you,greedy", "--seed", "1"]
    wire_terminal(monkeypatch, tmp_path, Script(None), 110)
    assert main([*args, "--replay-out", "straight.json"]) == 0
    wire_terminal(monkeypatch, tmp_path, Script(3), 110)
    assert main([*args, "--save", "saved.json"]) == 130
    saved = Record.load("saved.json")
    assert saved.start is not None and 0 < len(saved.actions)
    wire_terminal(monkeypatch, tmp_path, Script(None), 110)
    assert main(["play", "--resume", "saved.json", "--replay-out", "resumed.json"]) == 0
    assert Record.load("resumed.json").actions == Record.load("straight.json").actions
    assert Record.load("resumed.json").replay() == Record.load("straight.json").replay()


def test_play_refuses_a_position_of_another_game_or_seat_count(capsys):
    assert main(["play", "nightfall", "--position", str(NIGHTMARIUM), "--seats", "random,random"]) == 2
    assert f"{NIGHTMARIUM} is a nightmarium position, not nightfall" in capsys.readouterr().err
    assert main(["play", "--position", str(COMBAT), "--seats", "random,random"]) == 2
    assert "is a 3-player position: give --seats for 3 seats" in capsys.readouterr().err


def test_the_positions_in_docs_positions_md_are_playable():
    doc = (ROOT / "docs" / "positions.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```toml\n(.*?)```", doc, flags=re.S)
    assert len(blocks) == 2
    kinds = [parse_position(block).decision_kind() for block in blocks]
    assert kinds == ["link", "turn"]


def test_any_damaged_position_is_refused_with_a_position_error_never_another_exception():
    """Bad input gets a typed error: random values put anywhere in the examples (a list for
    a card, a table for a phase, a string for a seat…) raise PositionError or parse."""
    import copy
    import tomllib

    examples = [tomllib.loads(p.read_text(encoding="utf-8")) for p in sorted(EXAMPLES.glob("*.toml"))]
    values = [0, -1, 99, "x", "Kilo 13", "NEC-01", [], ["Kilo 13"], [1], {}, {"a": 1}, True, "link", 2.5]
    rng, refused = random.Random(5), 0

    def paths(node, path=()):
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, value in items:
            if key != "game":
                yield path + (key,)
                yield from paths(value, path + (key,))

    for _ in range(400):
        data = copy.deepcopy(rng.choice(examples))
        for _ in range(rng.randint(1, 3)):
            *parents, last = rng.choice(list(paths(data)))
            node = data
            for key in parents:
                node = node[key]
            node[last] = copy.deepcopy(rng.choice(values))
        try:
            parse_position(data)
        except PositionError:
            refused += 1
    assert refused > 200
