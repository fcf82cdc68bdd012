"""A player's own card values (issue 13 part 1; docs/user-cards.md): ``--cards FILE``.

A card file gives the values of printed cards a player owns; gloam plays with them. The
file is validated like the set files (rules 1-12: colours, keywords, a starting minion's
cost 0 and single link colour, a kicker's colour and text), refuses any value that
contradicts a fact the rulebooks state (the data's ``seed`` values and the card facts,
quoting the source), accepts only texts the engine already runs (a text some card prints
in the same block), and becomes part of the game's setup, so a record replays without the
file. Positions are built with tests/nf_scenario.py and driven through ``state.apply``.
"""

from __future__ import annotations

import io
import json
import re
import shutil
from dataclasses import replace
from pathlib import Path

import jsonschema
import pytest

from gloam.bots import make_bot
from gloam.cli import play
from gloam.cli.main import main
from gloam.core.errors import CardDataError, SetupError
from gloam.core.record import Record
from gloam.match import play_match
from gloam.nightfall.actions import ARCHIVE0
from gloam.nightfall.cards import Feed, load_set
from gloam.nightfall.game import NightfallGame
from gloam.nightfall.registry import BLOCK_FIELDS, OTHER_FIELDS, Effects, Texts, card_texts
from gloam.nightfall.state import NightfallState
from gloam.nightfall.user_cards import load_user_cards, parse_user_cards, user_cards_from_json
from nf_scenario import NfTable, options, start_chain

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "cards" / "coldest-war-mine.toml"
SCHEMA = json.loads((ROOT / "src" / "gloam" / "nightfall" / "data" / "view.schema.json").read_text(encoding="utf-8"))

MINE = """\
format = "gloam-nightfall-cards"

["Gregor Dzanic"]
cost = 3

["Kilo 13"]
strength = 3
chain = "Inflict 1 damage on target player."
"""


def refused(data: dict, *fragments: str) -> str:
    """The message of the CardDataError ``data`` (a card file's content) raises; each
    fragment must be in it."""
    with pytest.raises(CardDataError) as info:
        user_cards_from_json(data, "mine.toml")
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, message
    return message


def claimable(t: NfTable, s) -> list[str]:
    return sorted(t.game.card(s.archives[i - ARCHIVE0]["card"]).name for i in s.legal_action_indices()
                  if ARCHIVE0 <= i < ARCHIVE0 + 24)


# ---------------------------------------------------------------------- in play
def test_a_lower_cost_makes_an_order_claimable_for_that_cost():
    """Rules 143-150: an order is claimed for its cost in influence. gloam's Gregor Dzanic
    costs 5 (designed); with the player's card at 3, 3 influence claims him and pays 3."""
    archives = {"Gregor Dzanic": (-1, 3)}
    t = NfTable()
    s = t.position(phase="claim", influence=3, archives=archives)
    assert claimable(t, s) == []
    t = NfTable(cards={"Gregor Dzanic": {"cost": 3}})
    s = t.position(phase="claim", influence=3, archives=archives)
    assert claimable(t, s) == ["Gregor Dzanic"]
    t.choose(s, "archive", "Gregor Dzanic", by=0)
    assert s.influence == 0 and s.card(s.discards[0][-1]).name == "Gregor Dzanic"


def test_a_changed_strength_and_its_provenance_show_in_the_view():
    """The table view (docs/view.md) shows the printed strength the player's card gives,
    and says which values are theirs (``provenance.user``); it validates against the schema."""
    t = NfTable(cards={"Kilo 13": {"strength": 3}})
    s = t.position(play={0: ["Kilo 13"]})
    view = s.view(0)
    jsonschema.validate(view, SCHEMA)
    minion = view["players"][0]["in_play"][0]
    assert minion["strength"]["printed"] == 3 and minion["strength"]["current"] == 3
    face = view["cards"][str(minion["card"])]
    assert face["strength"] == 3 and face["provenance"]["user"] == ["strength"]
    assert "strength" not in face["provenance"]["designed"]
    assert view["setup"]["cards"] == {"cw-kilo-13": {"strength": 3}}


def test_a_changed_link_colour_changes_what_links():
    """Rule 124: a card links if its colour is one of the last card's link colours.
    gloam's "Kilo 13" links gold (Victor One is gold, "Clever Ivan" red); the player's
    Kilo 13 links red: now Ivan links to him and Victor One does not."""
    hand = {0: ["Kilo 13", "Victor One", "Clever Ivan"]}
    t = NfTable()
    s = t.position(hands=hand)
    t.choose(s, "play", "Kilo 13", by=0)
    assert options(t, s) == ["Victor One"]
    t = NfTable(cards={"Kilo 13": {"link_colours": ["red"]}})
    s = t.position(hands=hand)
    t.choose(s, "play", "Kilo 13", by=0)
    assert options(t, s) == ["Clever Ivan"]


def test_a_text_another_card_prints_runs_that_cards_effect():
    """"Kilo 13" given Katya Iliyevna's chain text ("Inflict 1 damage on target player")
    damages a player, not a minion; the card shows the text the player gave."""
    t = NfTable(cards={"Kilo 13": {"chain": "Inflict 1 damage on target player."}})
    s = t.position(hands={0: ["Kilo 13"]}, play={1: ["Patrol Zombie"]})
    start_chain(t, s, [(0, "Kilo 13")])
    t.choose(s, "player", 1, by=0)
    assert t.view(s)["wounds"] == [0, 1] and t.view(s)["damage"]["Patrol Zombie"] == 0
    kilo = t.game.card("cw-kilo-13")
    assert kilo.chain == "Inflict 1 damage on target player." and dict(kilo.text_from) == {"chain": "cw-katya-iliyevna"}


def test_an_empty_text_takes_a_kicker_away():
    """``""`` clears a text block: Fresh Meat without its kicker (colour and text go
    together, rule 135) gets no kicker even when linked to its kicker colour."""
    user = user_cards_from_json({"Fresh Meat": {"kicker": "", "kicker_colour": ""}}, "mine.toml")
    meat = user.cards["cw-fresh-meat"]
    assert meat.kicker is None and card_texts(meat).kicker == []
    assert set(meat.user_fields()) == {"kicker", "kicker_colour"}


def test_a_feed_goes_with_the_text_it_is_printed_in():
    """Rule 88: a Feed clause repeats the text it is printed in. A chain text with a Feed
    brings it (All-Out Lunge's, on Katya Iliyevna); replacing Emil Balev's fed chain text
    takes his Feed away."""
    user = user_cards_from_json({
        "Katya Iliyevna": {"chain": "Inflict 1 damage on target player. Feed: Discard 2 cards."},
        "Emil Balev": {"chain": "Draw 1 card."}}, "mine.toml")
    katya, emil = user.cards["cw-katya-iliyevna"], user.cards["cw-emil-balev"]
    assert katya.feed == Feed("chain", "Discard 2 cards.") and card_texts(katya).feed_on == "chain"
    assert emil.feed is None and card_texts(emil).feed == []


def test_the_example_file_is_valid_and_every_value_is_the_players():
    user = load_user_cards(EXAMPLE)
    assert user.source == "coldest-war-mine.toml" and len(user) == 4
    ivan = user.cards["cw-clever-ivan"]
    assert ivan.link_colours == ("gold",) and ivan.provenance["link_colours"].kind == "user"
    assert ivan.provenance["cost"].kind == "seed"  # untouched values keep their provenance
    game = NightfallGame(players=2, cards=user.to_setup())
    assert game.card("cw-gregor-dzanic").health == 4 and game.card("cw-fresh-meat").kicker is None


# ---------------------------------------------------------------------- setup and records
def test_the_values_are_part_of_the_setup_and_a_record_replays_without_the_file(tmp_path):
    """Determinism: (setup, seed, actions) reproduce the game. The overrides sit in the
    setup (plain data by card id), so the record, its JSON and a state's JSON carry them."""
    path = tmp_path / "mine.toml"
    path.write_text(MINE, encoding="utf-8")
    cards = load_user_cards(path).to_setup()
    game = NightfallGame(players=2, turn_limit=40, cards=cards)
    assert game.setup_json()["cards"] == {"cw-gregor-dzanic": {"cost": 3},
                                         "cw-kilo-13": {"strength": 3, "chain": "Inflict 1 damage on target player."}}
    again = NightfallGame.from_setup_json(game.setup_json())
    assert again.setup_json() == game.setup_json() and again.card("cw-kilo-13").strength == 3
    result = play_match(game, [make_bot("heuristic", game, seed=1), make_bot("random", game, seed=2)], seed=5)
    path.unlink()  # the file is gone: the record alone replays the game
    record = Record.of(game, 5, result.actions)
    loaded = Record.from_json(json.loads(json.dumps(record.to_json())))
    final = loaded.replay()
    assert final.to_json() == result.state.to_json()
    assert final.game.card("cw-gregor-dzanic").cost == 3
    state = NightfallState.from_json(json.loads(json.dumps(final.to_json())))
    assert state.to_json() == final.to_json() and state.game.card("cw-kilo-13").strength == 3


def test_changing_the_setup_json_changes_nothing_in_the_game():
    game = NightfallGame(players=2, cards={"cw-kilo-13": {"strength": 3}})
    game.setup_json()["cards"]["cw-kilo-13"]["strength"] = 9
    assert game.setup_json()["cards"] == {"cw-kilo-13": {"strength": 3}}


def test_a_setup_is_checked_like_a_file():
    """A hand-edited setup gets the same checks: a stated value is refused, a card of a
    set the game does not use is refused; nothing is built."""
    with pytest.raises(CardDataError, match=r"setup 'cards': card 'cw-kaos-33' \(cw-kaos-33\), field 'health'"):
        NightfallGame(players=2, cards={"cw-kaos-33": {"health": 3}})
    with pytest.raises(SetupError, match="ml-headshot.*no card of this game's sets"):
        NightfallGame(players=2, cards={"ml-headshot": {"cost": 2}})
    with pytest.raises(SetupError, match="non-empty mapping"):
        NightfallGame(players=2, cards=[["cw-kilo-13", 3]])
    assert NightfallGame(players=2).card("cw-kaos-33").health == 2


def test_the_packaged_data_is_never_changed():
    NightfallGame(players=2, cards={"Kilo 13": {"strength": 3}})
    assert load_set("CW").card("Kilo 13").strength == 1
    assert NightfallGame(players=2).card("cw-kilo-13").strength == 1


# ---------------------------------------------------------------------- refusals
def test_a_stated_value_is_refused_quoting_its_source():
    """Seed 000's combat example states Kaos 33's health (2) and 000/001 a starter's cost
    (0): a file saying otherwise is refused, naming file, card, field and source."""
    message = refused({"Kaos 33": {"health": 3}}, "mine.toml: card 'Kaos 33' (cw-kaos-33), field 'health'",
                      "the rulebooks state 2", "000 combat example", "your file says 3")
    assert message.startswith("mine.toml: ")
    refused({'"Clever Ivan"': {"cost": 3}}, "field 'cost'", "the rulebooks state 0",
            "they have a cost of 0", "your file says 3")
    refused({"Banner 89": {"chain": "Draw 2 cards."}}, "field 'chain'", "003 '\"Banner 89\"'")


def test_constraints_the_rulebooks_state_are_kept():
    """The card facts also state bounds: Gregor Dzanic's full health is at least 3 (000
    combat example); Katya Iliyevna's kicker is not blue (000 example chain); a stated
    link colour stays among the colours (Asset Seven links from green, 000 Kickers)."""
    refused({"Gregor Dzanic": {"health": 2}}, "the rulebooks state at least 3", "000 combat example")
    refused({"Katya Iliyevna": {"kicker_colour": "blue"}}, "is not blue", "R&D")
    refused({"Asset Seven": {"link_colours": ["red", "blue"]}}, '["green"] among them', "000 Kickers example")
    assert user_cards_from_json({"Gregor Dzanic": {"health": 3}}, "m").cards["cw-gregor-dzanic"].health == 3


def test_a_set_s_starters_stay_one_of_each_colour():
    """000 Starting Decks: two cards of each of the six colours make a starting deck, so
    each set's six starters are one of each colour (reading 2)."""
    refused({"Clever Ivan": {"colour": "green"}}, "field 'colour'", "one of each colour", "like JAREK")
    swapped = user_cards_from_json({"Clever Ivan": {"colour": "green"}, "JAREK": {"colour": "red"}}, "m")
    assert {c.colour for c in swapped.cards.values()} == {"green", "red"}


def test_rules_the_loader_knows_are_kept():
    """Rules 1-12 as the set files' loader checks them: one link colour on a starter,
    colours and keywords from the lists, a kicker's colour and text together."""
    refused({"Clever Ivan": {"link_colours": ["gold", "green"]}}, "exactly one link colour")
    refused({"Clever Ivan": {"colour": "pink"}}, "colour must be one of")
    refused({"Clever Ivan": {"colour": "silver"}}, "write 'white'")
    refused({"Kaos 33": {"keyword": "zombie"}}, "keyword must be one of")
    refused({"Fresh Meat": {"kicker": ""}}, "a kicker needs both its colour")
    refused({"Fresh Meat": {"strength": 2}}, "field 'strength'", "does not apply to an action card")


def test_an_unknown_card_is_refused():
    refused({"Clever Ivanov": {"cost": 0}}, "unknown card 'Clever Ivanov'", 'did you mean \'"Clever Ivan"\'')
    refused({"NF Wound": {"cost": 1}}, "names several cards", "key the entry by the card's id")
    refused({"cw-blue-moon": {"cost": 1}}, "is a moon", "orders (minions and actions) only")
    refused({"Kilo 13": {"cost": 0}, "cw-kilo-13": {"cost": 0}}, "named twice")


def test_an_unknown_or_unchangeable_field_is_refused():
    refused({"Kilo 13": {"power": 2}}, "field 'power'", "unknown field", "a card file changes colour")
    refused({"Kilo 13": {"stregth": 2}}, "did you mean 'strength'")
    refused({"Kilo 13": {"copies": 3}}, "field 'copies'", "how many the box holds")
    refused({"Emil Balev": {"feed": {"on": "chain", "cost": "Discard 2 cards."}}}, "follows the text")
    refused({"Kilo 13": {"effect": "cw.clever_ivan"}}, "never names")


def test_a_wrong_type_is_refused():
    refused({"Kilo 13": {"strength": "2"}}, "field 'strength'", "must be an integer ≥ 0, not '2'")
    refused({"Kilo 13": {"strength": -1}}, "must be an integer ≥ 0, not -1")
    refused({"Kilo 13": {"link_colours": "gold"}}, "must list one or two distinct colours")
    refused({"Kilo 13": {"chain": None}}, "must be a string (\"\" for no such text)")
    refused({"Kilo 13": {"cost": True}}, "must be an integer")
    refused({"Kilo 13": "strength = 2"}, "give the fields to change as a table")
    with pytest.raises(CardDataError, match="a card file holds a table"):
        user_cards_from_json(["Kilo 13"], "mine.toml")
    with pytest.raises(CardDataError, match="'format' must be 'gloam-nightfall-cards'"):
        user_cards_from_json({"format": "gloam-nightmarium-composition", "Kilo 13": {"cost": 0}}, "mine.toml")
    with pytest.raises(CardDataError, match="names no card"):
        user_cards_from_json({"about": "nothing"}, "mine.toml")


def test_a_text_the_engine_does_not_run_is_refused():
    """Texts are chosen among the ones gloam's cards print, never written anew: a text no
    card prints in that block is refused, with the closest ones."""
    refused({"Kilo 13": {"chain": "Draw 7 cards."}}, "the engine runs no Chain text 'Draw 7 cards.'",
            "'Draw 2 cards.'")
    refused({"Kilo 13": {"kicker_colour": "red", "kicker": "Win the game."}}, "no Kicker text")
    refused({"Kilo 13": {"your_chain": "Draw 1 card."}}, "no Your Chain text")  # a chain text, not a Your Chain one


def test_a_text_about_its_own_card_runs_only_on_a_card_of_its_kind():
    """"Place this card into play with 4 health" (Blaine Cordell's kicker) places a minion:
    not on an action; "Exile this card" (Blowtorch Triage) not on a minion; a minion's In
    Play text not on an action; an action's In Play text only on one that attaches."""
    refused({"Fresh Meat": {"kicker": "Place this card into play with 4 health."}}, "Blaine Cordell (a minion)")
    refused({"Kaos 33": {"chain": "Place 1 target wound from your discard pile on top of the wound stack."
                                  " Exile this card."}}, "Blowtorch Triage (an action)")
    refused({"Fresh Meat": {"in_play": "Orders you claim cost 1 less."}}, "same kind")
    refused({"Still Standing": {"chain": "Draw 2 cards."}}, "field 'chain'", "no In Play text the engine can run")
    fresh = user_cards_from_json({"Fresh Meat": {"chain": "Attach this card to target friendly minion.",
                                                 "in_play": "The attached minion has +2 strength."}}, "m")
    meat = fresh.cards["cw-fresh-meat"]
    assert meat.attaches and card_texts(meat).attached_strength == 2


def test_a_text_that_reads_its_own_chain_stays_with_it():
    """Tactical Prep's kicker reveals the card its chain text drew, Leave Me!'s doubles the
    order its chain chose: neither runs on another card, nor beside another chain text."""
    refused({"Fresh Meat": {"kicker": "Reveal the card you drew with this card. If it is a minion, draw 1 card."}},
            "only Tactical Prep runs it")
    refused({"Tactical Prep": {"chain": "Draw 2 cards."}}, "reads what its own chain text did")
    refused({"Leave Me!": {"chain": "Draw 2 cards."}}, "reads what its own chain text did")


def test_a_stated_feed_or_attachment_stays():
    """Smiling Biter's Feed (000 Feed example) is on its In Play text: a file replacing that
    text would drop a stated Feed; two Feed clauses on one card are refused."""
    refused({"Smiling Biter": {"in_play": "This card cannot be blocked."}}, "'Feed: Discard 2 cards.'", "000 Feed")
    refused({"Emil Balev": {"kicker": "Restore 1 health to target minion. Feed: Discard 1 card."}},
            "one Feed clause")


def test_a_malformed_file_names_the_file():
    with pytest.raises(CardDataError, match=r"^mine\.toml: "):
        parse_user_cards('["Kilo 13"\nstrength = 2\n', "mine.toml")
    with pytest.raises(CardDataError, match=r"^mine\.json: line 1, column"):
        parse_user_cards('{"Kilo 13": ', "mine.json")
    with pytest.raises(CardDataError, match="cannot read"):
        load_user_cards("/nonexistent/mine.toml")


# ---------------------------------------------------------------------- the registry
def test_every_effect_field_belongs_to_a_text_block_or_to_moons_and_wounds():
    """A block's frames travel with its text: each Texts field is one block's, or a moon's
    or wound's (a new field must be placed, or a borrowed text would lose part of itself)."""
    grouped = [f for fields in BLOCK_FIELDS.values() for f in fields] + list(OTHER_FIELDS)
    assert sorted(grouped) == sorted(Texts.__dataclass_fields__) and len(set(grouped)) == len(grouped)


def test_the_registry_fails_loudly_when_a_text_and_its_frames_disagree():
    kilo = load_set("CW").card("Kilo 13")
    wrong = replace(kilo, chain="Draw 2 cards.", text_from={"chain": "cw-clever-ivan"})  # Ivan prints "Draw 1 card."
    with pytest.raises(CardDataError, match="not the one 'cw-clever-ivan' prints"):
        Effects([load_set("CW").with_cards({"cw-kilo-13": wrong})])
    cleared = replace(kilo, text_from={"chain": None})  # frames cleared, the text still printed
    with pytest.raises(CardDataError, match="has no frames for its chain text"):
        Effects([load_set("CW").with_cards({"cw-kilo-13": cleared})])


# ---------------------------------------------------------------------- the command line
@pytest.fixture
def mine(tmp_path) -> Path:
    path = tmp_path / "mine.toml"
    path.write_text(MINE, encoding="utf-8")
    return path


def test_gloam_cards_shows_the_players_values_as_user(mine, capsys):
    assert main(["cards", "nightfall", "--set", "CW", "--cards", str(mine), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    kilo = next(c for c in data["cards"] if c["id"] == "cw-kilo-13")
    assert kilo["fields"]["strength"] == 3 and kilo["fields"]["chain"] == "Inflict 1 damage on target player."
    assert kilo["provenance"]["strength"] == {"kind": "user", "source": "mine.toml"}
    assert kilo["provenance"]["cost"]["kind"] == "seed" and data["user"] == "mine.toml"
    assert main(["cards", "nightfall", "--cards", str(mine)]) == 0
    out = capsys.readouterr().out
    assert "strength: 3 ✎" in out and "✎ yours: from mine.toml" in out and "colour: blue †" in out


def test_gloam_cards_refuses_a_bad_file_in_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('["Kaos 33"]\nhealth = 3\n', encoding="utf-8")
    assert main(["cards", "nightfall", "--cards", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gloam cards: error: bad.toml: card 'Kaos 33'") and "your file says 3" in err


def test_play_with_the_file_records_it_and_replays_and_resumes_without_it(mine, tmp_path, monkeypatch):
    out = io.StringIO()
    answers = iter(["1"] * 6)

    def answer(prompt) -> str:
        if "Pass to" in str(prompt):
            return ""
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None  # Ctrl-C: the game is saved

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(play, "make_terminal", lambda: play.Terminal(play.Console(file=out, width=140), answer))
    assert main(["play", "nightfall", "--seats", "you,heuristic", "--seed", "4", "--cards", str(mine),
                 "--save", "saved.json"]) == 130  # interrupted: saved
    saved = Record.load("saved.json")
    assert saved.setup["cards"]["cw-kilo-13"] == {"strength": 3, "chain": "Inflict 1 damage on target player."}
    mine.unlink()
    state = saved.replay()
    assert state.game.card("cw-gregor-dzanic").cost == 3
    monkeypatch.setattr(play, "make_terminal", lambda: play.Terminal(
        play.Console(file=out, width=140), lambda p: "" if "Pass to" in str(p) else "1"))
    assert main(["play", "--resume", "saved.json", "--replay-out", "done.json"]) == 0
    done = Record.load("done.json")
    assert done.setup == saved.setup and done.actions[:len(saved.actions)] == saved.actions
    assert done.replay().is_terminal()
    assert main(["replay", "done.json", "--all"]) == 0


def test_simulate_and_report_take_the_file(mine, tmp_path, capsys):
    pytest.importorskip("matplotlib")
    assert main(["simulate", "nightfall", "--seats", "heuristic,random", "--games", "2", "--seed", "1",
                 "--cards", str(mine), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    out = tmp_path / "report"
    assert main(["report", "nightfall", "--players", "2", "--games", "2", "--archives", "quick",
                 "--cards", str(mine), "--out", str(out)]) == 0
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert "cw-kilo-13" in json.dumps(report) and "--cards" in json.dumps(report)


def test_a_file_naming_no_card_of_the_game_is_refused(tmp_path, capsys):
    other = tmp_path / "ml.toml"
    other.write_text('["Headshot"]\ncost = 3\n', encoding="utf-8")
    assert main(["simulate", "nightfall", "--seats", "random,random", "--games", "1", "--cards", str(other)]) == 2
    assert "names no card of the sets CW" in capsys.readouterr().err
    assert main(["simulate", "nightfall", "--seats", "random,random", "--games", "1", "--sets", "CW,ML",
                 "--cards", str(other), "--json"]) == 0


# ---------------------------------------------------------------------- Nightmarium
COMPOSITION = ROOT / "src" / "gloam" / "nightmarium" / "data" / "standard.json"


def test_nightmarium_cards_file_is_a_composition(tmp_path, capsys):
    """For Nightmarium ``--cards FILE`` is ``--composition FILE`` (docs/user-cards.md): a
    Night Fear's only values are its Legion, parts and ability (seed 004 states none per
    card), so a player's own values are a whole composition."""
    comp = tmp_path / "comp.json"
    data = json.loads(COMPOSITION.read_text(encoding="utf-8"))
    data["cards"][0]["ability"] = None
    comp.write_text(json.dumps(data), encoding="utf-8")
    runs = []
    for option in ("--cards", "--composition"):
        assert main(["simulate", "nightmarium", "--seats", "greedy,random", "--games", "3", "--seed", "2",
                     option, str(comp), "--json"]) == 0
        result = json.loads(capsys.readouterr().out)
        runs.append({k: v for k, v in result.items() if not re.search(r"per_s|seconds|wall", k)})
    assert runs[0] == runs[1]
    assert main(["simulate", "nightmarium", "--seats", "greedy,random", "--games", "1", "--cards", str(comp),
                 "--composition", str(comp)]) == 2
    assert "give one of them" in capsys.readouterr().err
    assert main(["cards", "nightmarium", "--cards", str(comp), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed["user"] == "comp.json" and listed["cards"][0]["fields"]["ability"] is None
    assert all(c["provenance"]["parts"] == {"kind": "user", "source": "comp.json"} for c in listed["cards"])


def test_the_example_file_can_be_copied_and_used(tmp_path, capsys):
    copy = tmp_path / "copy.toml"
    shutil.copy(EXAMPLE, copy)
    assert main(["cards", "nightfall", "--cards", str(copy), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["user"] == "copy.toml"


def test_the_documented_example_and_error_are_the_real_ones(tmp_path, capsys):
    """docs/user-cards.md's example is examples/cards/coldest-war-mine.toml, and its error
    line is what gloam prints for that mistake."""
    import tomllib

    doc = (ROOT / "docs" / "user-cards.md").read_text(encoding="utf-8")
    block = re.search(r"```toml\n(.*?)```", doc, re.S).group(1)
    assert tomllib.loads(block) == tomllib.loads(EXAMPLE.read_text(encoding="utf-8"))
    bad = tmp_path / "mine.toml"
    bad.write_text('["Kaos 33"]\nhealth = 3\n', encoding="utf-8")
    assert main(["cards", "nightfall", "--cards", str(bad)]) == 2
    line = capsys.readouterr().err.strip()
    assert line in doc


def test_random_games_with_a_card_file_pass_the_conformance_checks():
    """gloam.conformance.core's invariants (cards conserved, clone and JSON round trip,
    observations independent of unseen cards, determinize, replay) hold in seeded random
    games played with the example card file, quick start and the CW draft."""
    from gloam.conformance import core as cf
    from test_conformance_nightfall import MAX_ACTIONS, GameChecker, check_end

    cards = load_user_cards(EXAMPLE).to_setup()
    for i, (players, archives) in ((40, (2, "quick")), (41, (3, "draft"))):
        game = NightfallGame(players=players, archives=archives, cards=cards)
        final, actions = GameChecker(game, i).play(100 + i, 200 + i)
        cf.check_game_over(final, MAX_ACTIONS, len(actions))
        check_end(final)
        cf.check_replay(game, 100 + i, actions, final)
        assert final.game.card("cw-gregor-dzanic").cost == 4
