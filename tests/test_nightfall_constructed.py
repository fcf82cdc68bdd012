"""The constructed deck format (checklist A26, rules 166-173; reading 15; seeds 000 and 002
"Constructed Deck Format"): deck files and their errors, the setup, wounds from your own
stack, elimination, exile to the bottom of the stack, the claim restrictions, the end
of the game, and a smoke test of random constructed games."""

from __future__ import annotations

import json
import random

import pytest

from gloam.conformance import core as cf
from gloam.core.errors import SetupError
from gloam.core.record import Record
from gloam.core.rng import Rng
from gloam.nightfall.actions import ARCHIVE0, PLAYER0
from gloam.nightfall.cards import load_set
from gloam.nightfall.constructed import Deck, DeckError, parse_deck
from gloam.nightfall.game import NightfallGame
from gloam.nightfall.state import NightfallState
from nf_scenario import NfTable

ARCH1 = ["3 x Gregor Dzanic", "3 x Smiling Biter", "3 x Still Standing", "3 x Fresh Meat"]
ARCH2 = ["3 x Kaos 33", "3 x Banner 89", "3 x R&D", "3 x Dog Eat Dog"]
WOUNDS = ["5 x NF Wound (bite)", "5 x CW Wound (burn)", "5 x ML Wound (bleed)"]


def toml(arch1=ARCH1, arch2=ARCH2, wounds=WOUNDS, extra: str = "") -> str:
    def arr(items):
        return "[\n" + "".join(f'  "{x}",\n' for x in items) + "]"
    return f'name = "Test deck"\n{extra}archive_1 = {arr(arch1)}\narchive_2 = {arr(arch2)}\nwounds = {arr(wounds)}\n'


DECK = parse_deck(toml(), "deck.toml")


def errors(text: str, file: str = "deck.toml") -> list[str]:
    with pytest.raises(DeckError) as info:
        parse_deck(text, file)
    return info.value.problems


# ---------------------------------------------------------------------- deck files
def test_rules_166_167_a_valid_deck_file_gives_two_archives_of_12_and_15_wounds():
    assert [len(a) for a in DECK.archives] == [12, 12]
    assert len(DECK.wounds) == 15 and DECK.starting is None
    assert DECK.archives[0].count("cw-gregor-dzanic") == 3
    assert DECK.wounds.count(("cw-nf-wound", "bite")) == 5
    assert DECK.name == "Test deck" and DECK.sets() == ("CW",)


def test_a_json_deck_file_is_read_like_a_toml_one():
    data = {"name": "Test deck", "archive_1": ARCH1, "archive_2": ARCH2, "wounds": WOUNDS}
    assert parse_deck(json.dumps(data, indent=2), "deck.json") == DECK


def test_rule_166_a_starting_minion_in_an_archive_is_refused_on_its_line():
    text = toml(arch2=["3 x Kaos 33", "3 x Banner 89", "3 x R&D", "2 x Dog Eat Dog", "Kilo 13"])
    problems = errors(text)
    line = text.splitlines().index('  "Kilo 13",') + 1
    assert f"deck.toml:{line}: 'Kilo 13' is a starting minion, not an order for an archive (rule 166)" in problems


def test_rule_166_more_than_three_copies_across_both_archives_is_refused():
    text = toml(arch2=["2 x Gregor Dzanic", "3 x Banner 89", "3 x R&D", "3 x Dog Eat Dog", "Kaos 33"])
    problems = errors(text)
    line = text.splitlines().index('  "2 x Gregor Dzanic",') + 1
    assert problems == [f"deck.toml:{line}: 'Gregor Dzanic': more than 3 copies across both archives (rule 166)"]


def test_rule_166_an_archive_of_the_wrong_size_names_its_line_and_count():
    text = toml(arch1=ARCH1[:3])
    line = text.splitlines().index("archive_1 = [") + 1
    assert errors(text) == [f"deck.toml:{line}: private archive 1 has 9 cards; it needs exactly 12 (rule 166)"]


def test_rule_167_a_wound_stack_of_the_wrong_size_or_with_orders_is_refused():
    text = toml(wounds=["5 x NF Wound (bite)", "5 x CW Wound (burn)", "4 x ML Wound (bleed)", "Kaos 33 (bite)"])
    lines = text.splitlines()
    problems = errors(text)
    line = lines.index('  "Kaos 33 (bite)",') + 1
    assert f"deck.toml:{line}: 'Kaos 33' is not a wound kind (rule 167: the wound stack holds wounds only)" \
        in problems
    text = toml(wounds=["5 x NF Wound (bite)", "5 x CW Wound (burn)", "4 x ML Wound (bleed)"])
    assert errors(text) == [f"deck.toml:{text.splitlines().index('wounds = [') + 1}: the wound stack has 14"
                            " wounds; it needs exactly 15 (rule 167)"]


def test_a_wound_needs_a_type_and_a_known_one():
    text = toml(wounds=["5 x NF Wound (bite)", "5 x CW Wound (burn)", "4 x ML Wound (bleed)", "NF Wound",
                        ])
    line = text.splitlines().index('  "NF Wound",') + 1
    assert f"deck.toml:{line}: wound 'NF Wound' needs a type: write 'NF Wound (bite)', '(burn)' or '(bleed)'" \
        in errors(text)
    text = toml(wounds=["5 x NF Wound (bite)", "5 x CW Wound (burn)", "4 x ML Wound (bleed)", "NF Wound (blood)"])
    line = text.splitlines().index('  "NF Wound (blood)",') + 1
    assert f"deck.toml:{line}: wound type 'blood' is not one of bite, burn, bleed" in errors(text)


def test_an_unknown_card_gets_a_close_match_suggestion():
    text = toml(arch1=["3 x Gregor Dzanic", "3 x Smiling Biter", "3 x Still Standing", "3 x Fresh Meet"])
    problems = errors(text)
    line = text.splitlines().index('  "3 x Fresh Meet",') + 1
    assert len(problems) == 2  # the unknown card, and so the archive is 3 short
    assert problems[1].startswith(f"deck.toml:{line}: unknown card 'Fresh Meet'")
    assert problems[1].endswith("did you mean 'Fresh Meat'?")


def test_syntax_errors_give_the_line_for_toml_and_json():
    bad = toml().replace('"3 x Kaos 33",', '"3 x Kaos 33"')  # a missing comma in archive_2
    line = bad.splitlines().index('  "3 x Banner 89",') + 1
    (problem,) = errors(bad)
    assert problem.startswith(f"deck.toml:{line}: TOML syntax error")
    (problem,) = errors('{\n  "name": "x",\n  "archive_1": [\n    "Kaos 33"\n    "R&D"\n  ]\n}', "deck.json")
    assert problem.startswith("deck.json:5: JSON syntax error")


def test_unknown_keys_and_missing_archives_are_reported():
    text = 'name = "x"\narchive1 = ["Kaos 33"]\n' + toml().split("\n", 1)[1].replace("archive_1 = [", "arch = [")
    problems = errors(text)
    assert "deck.toml:2: unknown key 'archive1'; did you mean 'archive_1'?" in problems
    assert "deck.toml:1: missing 'archive_1'" in problems


def test_rule_173_a_starting_deck_holds_12_starting_minions():
    starters = ["2 x Kilo 13", "2 x JAREK", "2 x Clever Ivan", "2 x Patrol Zombie", "2 x Snowstorm", "2 x Victor One"]
    deck = parse_deck(toml(extra=f"starting_deck = {json.dumps(starters)}\n"), "deck.toml")
    assert sorted(deck.starting) == sorted(c.id for c in load_set("CW").starters for _ in range(2))
    problems = errors(toml(extra='starting_deck = ["11 x Kilo 13", "Kaos 33"]\n'))
    assert "deck.toml:2: 'Kaos 33' is not a starting minion (a starting deck holds starting minions only)" in problems
    problems = errors(toml(extra='starting_deck = ["11 x Kilo 13"]\n'))
    assert problems == ["deck.toml:2: the starting deck has 11 cards; it needs exactly 12"]


def test_a_deck_may_use_every_set_that_loads_and_names_cards_by_id():
    deck = parse_deck(toml(arch2=["3 x nf-indigo-six", "3 x Banner 89", "3 x R&D", "3 x Dog Eat Dog"]), "d.toml")
    assert deck.sets() == ("CW", "NF")
    with pytest.raises(SetupError, match="no card 'nf-indigo-six' in this game's sets"):
        NightfallGame(players=2, decks=[deck, deck])
    NightfallGame(players=2, sets=("CW", "NF"), decks=[deck, deck])


# ---------------------------------------------------------------------- setup options
def test_rule_168_bad_constructed_setups_are_refused():
    with pytest.raises(SetupError, match="one deck per player: 3 players, 2 decks"):
        NightfallGame(players=3, decks=[DECK, DECK])
    with pytest.raises(SetupError, match="no draft"):
        NightfallGame(players=2, archives="draft", decks=[DECK, DECK])
    with pytest.raises(SetupError, match="long games"):
        NightfallGame(players=2, long=True, decks=[DECK, DECK])
    four = DECK.to_json()
    four["archives"][1][0] = "cw-gregor-dzanic"
    with pytest.raises(SetupError, match="more than 3 copies"):
        NightfallGame(players=2, decks=[DECK, four])
    with pytest.raises(SetupError, match="a deck is an object"):
        NightfallGame(players=2, decks=[DECK, "deck.toml"])


def test_setup_json_round_trips_the_decks_as_plain_data():
    game = NightfallGame(players=2, decks=[DECK, DECK], moons=True)
    data = json.loads(json.dumps(game.setup_json()))
    assert data["decks"][0] == DECK.to_json()
    again = NightfallGame.from_setup_json(data)
    assert again.setup_json() == game.setup_json()
    assert again.new_initial_state(5) == game.new_initial_state(5)


def test_rules_168_169_setup_no_commons_shuffled_private_archives_and_own_wound_stacks():
    game = NightfallGame(players=3, decks=[DECK, DECK, DECK])
    state = game.new_initial_state(7)
    assert len(state.archives) == 6 and all(a["owner"] >= 0 for a in state.archives)  # no commons
    for k, archive in enumerate(state.archives):
        assert sorted(state.cards[c] for c in archive["cards"]) == sorted(DECK.archives[k % 2])
    assert [sorted((state.cards[c], state.wtype[c]) for c in s) for s in state.wound_stacks] == \
        [sorted(DECK.wounds)] * 3
    orders = {tuple(state.cards[c] for c in a["cards"]) for a in
              (game.new_initial_state(seed).archives[0] for seed in range(6))}
    assert len(orders) > 1  # shuffled (rule 169)
    assert sorted(state.cards[c] for c in state.decks[0] + state.hands[0]) == \
        sorted(s.id for s in load_set("CW").starters for _ in range(2))  # the standard starting deck
    assert state.face_up == 0 and state.wounds == []


def test_rule_169_observation_shows_archive_tops_but_no_order_of_archives_or_wound_stacks():
    game = NightfallGame(players=2, decks=[DECK, DECK])
    state = game.new_initial_state(3)
    obs = state.observation(1)
    for k, archive in enumerate(state.archives):
        assert obs["archives"][k]["card"] == state.cards[archive["cards"][-1]]  # face up: the top shows
        assert obs["archives"][k]["top"] == archive["cards"][-1]
    assert obs["wound_top"] is None  # face down (reading 15)
    other = state.clone()
    rng = random.Random(1)
    for archive in other.archives:
        under = archive["cards"][:-1]
        rng.shuffle(under)
        archive["cards"][:-1] = under
    for stack in other.wound_stacks:
        rng.shuffle(stack)
    assert other != state
    assert other.observation(0) == state.observation(0) and other.observation(1) == state.observation(1)


def test_rule_173_a_deck_s_own_starting_deck_is_used():
    starting = ("cw-kilo-13",) * 12
    deck = Deck("kilos", DECK.archives, DECK.wounds, starting)
    state = NightfallGame(players=2, decks=[deck, DECK]).new_initial_state(1)
    assert {state.cards[c] for c in state.decks[0] + state.hands[0]} == {"cw-kilo-13"}
    assert len(state.decks[1] + state.hands[1]) == 12


# ---------------------------------------------------------------------- in play
def table(players=2, sets=("CW",)) -> NfTable:
    decks = [DECK] * players
    return NfTable(players=players, sets=sets, decks=decks)


def constructed(t: NfTable, stacks: list[list[str]], archives=(), **position) -> NightfallState:
    """A constructed position: ``stacks[p]`` lists p's wound stack bottom first as
    "kind:type" (kind nf, ml or cw); ``archives`` as (owner, [card names, bottom first])."""
    data = t.mapping(wounds=0, face_up=0, **position)
    for p, specs in enumerate(stacks):
        data["players"][p]["wound_stack"] = list(specs)
    data["archives"] += [{"card": names[-1], "owner": owner, "cards": list(names), "mixed": True}
                         for owner, names in archives]
    return t.load(data)


def play_alone(t, s, name, by=0):
    """``by`` starts a chain with ``name`` and nobody links."""
    t.choose(s, "play", name, by=by)
    for q in s.clockwise_from(s.active):
        t.choose(s, "done", by=q)


def test_rule_171_damage_takes_wounds_from_the_damaged_player_s_own_stack():
    t = table()
    s = constructed(t, [["nf:bite"] * 5, ["nf:bite", "nf:bite", "ml:burn", "cw:bleed"]],
                    hands={0: ["Katya Iliyevna"]})
    play_alone(t, s, "Katya Iliyevna")
    t.choose(s, "player", 1, by=0)  # 1 damage to player 1
    assert t.view(s)["discards"][1] == ["CW Wound (bleed)"]  # the top of player 1's own stack
    assert len(s.wound_stacks[1]) == 3 and len(s.wound_stacks[0]) == 5


def test_rule_171_a_player_whose_stack_runs_out_is_eliminated_and_the_last_player_wins():
    t = table()
    s = constructed(t, [["nf:bite"] * 5, ["nf:bite"]], hands={0: ["Inhuman Wave"]})
    play_alone(t, s, "Inhuman Wave")
    t.choose(s, "player", 1, by=0)  # 2 damage; one wound left in the stack
    assert s.is_terminal() and s.winner == 0 and s.returns() == [1.0, 0.0]  # no tie (reading 15)
    assert s.eliminated == [1]
    over = s.events[-1]
    assert over["type"] == "game_over" and over["eliminated"] == [1]


def test_reading_15_the_last_elimination_also_takes_the_loser_s_minions_out_of_play():
    """The game ends at once, and the final table shows the eliminated player's minion in
    their discard pile, not in play (as for an elimination that does not end the game)."""
    t = table()
    s = constructed(t, [["nf:bite"] * 5, ["nf:bite"]], hands={0: ["Inhuman Wave"]}, play={1: ["Foul Revenant"]})
    play_alone(t, s, "Inhuman Wave")
    t.choose(s, "player", 1, by=0)
    assert s.is_terminal() and s.winner == 0
    assert t.view(s)["play"][1] == [] and "Foul Revenant" in t.view(s)["discards"][1]
    assert s.events[-1]["type"] == "game_over" and s.legal_action_indices() == []


def test_reading_15_an_eliminated_player_leaves_play_loses_turns_and_is_never_asked_again():
    t = table(players=3)
    s = constructed(t, [["nf:bite"] * 5, ["nf:bite"], ["nf:bite"] * 5],
                    hands={0: ["Katya Iliyevna", "Kaos 33"], 2: ["Kilo 13"]},
                    play={1: ["Foul Revenant"]}, decks={p: ["Kilo 13"] * 5 for p in range(3)})
    play_alone(t, s, "Katya Iliyevna")
    t.choose(s, "player", 1, by=0)
    assert s.eliminated == [1] and not s.is_terminal()
    assert t.view(s)["play"][1] == []  # their minion left play for the discard pile
    assert "Foul Revenant" in t.view(s)["discards"][1]
    assert s.opponents(0) == [2] and s.opponents(2) == [0]
    asked = set()
    while s.active == 0:  # finish player 0's turn, passing everything
        asked.add(s.current_player())
        legal = s.legal_action_indices()
        s.apply(min(legal))
    assert s.active == 2 and 1 not in asked  # turn order skips player 1
    for _ in range(200):
        assert s.current_player() != 1
        if s.pending().kind == "target_player":
            assert PLAYER0 + 1 not in s.legal_action_indices()
        s.apply(min(s.legal_action_indices()))


def test_reading_15_the_active_player_eliminated_in_their_chain_ends_their_turn():
    t = table(players=3)
    s = constructed(t, [["nf:bite"], ["nf:bite"] * 5, ["nf:bite"] * 5],
                    hands={0: ["Gregor Dzanic"], 1: ["Katya Iliyevna"]}, play={2: ["Foul Revenant"]})
    t.choose(s, "play", "Gregor Dzanic", by=0)  # green, links to blue and purple
    t.choose(s, "done", by=0)
    t.choose(s, "play", "Katya Iliyevna", by=1)  # purple links
    t.choose(s, "done", by=1)
    t.choose(s, "done", by=2)
    t.choose(s, "player", 0, by=1)  # Katya resolves first: 1 damage eliminates player 0
    assert s.eliminated == [0] and not s.is_terminal()
    assert s.active == 1 and s.phase == "combat"  # player 0's turn is over
    view = t.view(s)
    assert view["chain"] == [] and "Gregor Dzanic" in view["discards"][0]  # unresolved
    assert view["play"][1] == ["Katya Iliyevna"]  # the resolving order left the chain as usual


def test_rule_172_a_wound_that_would_be_exiled_goes_to_the_bottom_of_its_player_s_stack():
    t = table(sets=("CW", "NF"))
    s = constructed(t, [["nf:bite", "nf:burn"], ["nf:bite"] * 5], hands={0: ["Blaine Cordell"]},
                    wound_cards={})
    wound = s.new_instance("cw-ml-wound", wound_type="bleed", owner=0)
    t.names[wound] = "ML Wound (bleed)"
    s.discards[0].append(wound)
    play_alone(t, s, "Blaine Cordell")  # "Exile target wound from your discard pile"
    t.choose(s, "card", wound, by=0)
    assert wound not in s.exiled
    assert s.wound_stacks[0][0] == wound and len(s.wound_stacks[0]) == 3  # the bottom
    assert any(e["type"] == "wound_to_stack" and e["where"] == "bottom" for e in s.events)


def test_blowtorch_triage_puts_the_wound_on_top_of_the_player_s_own_stack():
    t = table()
    s = constructed(t, [["nf:bite"] * 3, ["nf:bite"] * 3], hands={0: ["Blowtorch Triage", "Katya Iliyevna"]})
    wound = s.new_instance("cw-ml-wound", wound_type="burn", owner=0)
    t.names[wound] = "ML Wound (burn)"
    s.discards[0].append(wound)
    play_alone(t, s, "Blowtorch Triage")
    t.choose(s, "card", wound, by=0)
    assert s.wound_stacks[0][-1] == wound and len(s.wound_stacks[1]) == 3
    assert s.face_up == 0 and s.wounds == []


def test_rule_170_victor_one_cannot_open_an_opposing_archive():
    t = table()
    s = constructed(t, [["nf:bite"] * 5] * 2, archives=[(0, ["Kaos 33"]), (1, ["R&D"])],
                    hands={0: ["Victor One"]})
    play_alone(t, s, "Victor One")  # Your Chain: claim 1 order from target opposing private archive
    assert s.pending().kind != "target_archive"  # there is no legal target: it does nothing
    assert not any(e["kind"] == "claim_opposing" for e in s.effects)


def test_rule_170_indigo_six_kicker_and_influence_never_claim_from_an_opposing_archive():
    t = table(sets=("CW", "NF"))
    s = constructed(t, [["nf:bite"] * 5] * 2, archives=[(0, ["Kaos 33"]), (1, ["R&D"])], phase="claim",
                    influence=10)
    s.effects.append({"kind": "claim_opposing_any", "player": 0})  # "Indigo Six"'s kicker resolved
    s.ask = None
    s.stack[-1] = {"op": "claim"}
    from gloam.nightfall import engine
    engine.run(s)
    assert ARCHIVE0 + 0 in s.legal_action_indices()  # your own archive
    assert ARCHIVE0 + 1 not in s.legal_action_indices()  # never the opponent's (rule 170)


def test_rule_170_pipe_bomb_moves_no_wound_into_an_archive_and_bait_and_switch_makes_no_commons():
    t = table(sets=("CW", "ML", "BC"))
    s = constructed(t, [["nf:bite"] * 5] * 2, archives=[(0, ["Kaos 33", "R&D"]), (1, ["R&D", "Kaos 33"])],
                    hands={0: ["Pipe Bomb"]}, play={1: ["Foul Revenant"]})
    sizes = [len(a["cards"]) for a in s.archives]
    play_alone(t, s, "Pipe Bomb")
    if s.pending().kind == "target_minion":
        t.choose(s, "card", "Foul Revenant", by=0)
    assert [len(a["cards"]) for a in s.archives] == sizes
    assert all(s.wtype[c] is None for a in s.archives for c in a["cards"])
    from gloam.nightfall import engine
    s.stack.append({"op": "new_common_archive", "controller": 0, "source": -1})
    engine.run(s)
    assert len(s.archives) == 2 and all(a["owner"] >= 0 for a in s.archives)


# ---------------------------------------------------------------------- smoke
def _random_deck(rng: random.Random, sets: tuple[str, ...], name: str) -> Deck:
    orders = list({c.id: c for code in sets for c in load_set(code).draftable + load_set(code).promos}.values())
    wounds = [c for code in sets for c in load_set(code).wounds]
    starters = [c for code in sets for c in load_set(code).starters]
    pool = [c.id for c in rng.sample(orders, 8) for _ in range(3)]
    rng.shuffle(pool)
    stack = tuple((rng.choice(wounds).id, rng.choice(("bite", "burn", "bleed"))) for _ in range(15))
    starting = tuple(rng.choice(starters).id for _ in range(12)) if rng.random() < 0.5 else None
    return Deck(name, (tuple(pool[:12]), tuple(pool[12:])), stack, starting)


def _permute_unseen(state: NightfallState, viewer: int, rng: random.Random) -> NightfallState:
    """A copy of ``state`` with what ``viewer`` cannot see reordered: the order of every
    archive under its top card and of every wound stack (rule 169, reading 15), the
    viewer's deck, and each other player's hand and deck together (cards everyone saw
    arrive stay put, and a hand the viewer is looking at)."""
    new = state.clone()
    for archive in new.archives:
        under = archive["cards"][:-1]
        rng.shuffle(under)
        archive["cards"][:-1] = under
    for stack in new.wound_stacks:
        rng.shuffle(stack)
    looking = state.observation(viewer)["looking_at"]  # a hand the viewer looks at right now
    for q in range(state.num_players):
        known = set(new.known[q]["hand"]) | set(new.known[q]["top"])
        seen = q == viewer or (looking is not None and looking["player"] == q)
        spots = [(pile, j) for pile in ((new.decks[q],) if seen else (new.hands[q], new.decks[q]))
                 for j, c in enumerate(pile) if c not in known]
        pool = [pile[j] for pile, j in spots]
        rng.shuffle(pool)
        for (pile, j), card in zip(spots, pool):
            pile[j] = card
    return new


@pytest.mark.slow
def test_100_random_constructed_games_conserve_cards_round_trip_and_end_with_one_winner():
    """Reading 15 and rules 166-172 over 100 random games of 2-5 players with random decks
    from every set (moons on in half): every card in exactly one place after every action,
    no decision for an eliminated player, exact JSON round trips and determinized states
    that agree with what their viewer sees, one winner (the last player left), replay."""
    rng = random.Random(2026)
    sets = ("CW", "ML", "NF", "BC")
    for seed in range(100):
        n = 2 + seed % 4
        game = NightfallGame(players=n, sets=sets, decks=[_random_deck(rng, sets, f"d{p}") for p in range(n)],
                             moons=seed % 2 == 0)
        game = NightfallGame.from_setup_json(json.loads(json.dumps(game.setup_json())))
        state = game.new_initial_state(seed)
        actions = []
        while not state.is_terminal():
            assert len(actions) < 20000, f"game {seed} does not end"
            if len(actions) % 151 == 0:
                back = NightfallState.from_json(json.loads(json.dumps(state.to_json())))
                assert back == state and back.legal_action_indices() == state.legal_action_indices()
                p = state.current_player()
                det = game.determinize(state.observation(p), Rng(seed * 7919 + len(actions)))
                assert det.observation(p) == state.observation(p)
                assert _permute_unseen(state, p, rng).observation(p) == state.observation(p)
                assert det.legal_action_indices() == state.legal_action_indices()
            action = rng.choice(state.legal_action_indices())
            state.apply(action)
            actions.append(action)
            state.check_cards()
            cf.check_protocol(state)
            assert state.current_player() not in state.eliminated
        assert len(state.eliminated) == n - 1 and state.winner not in state.eliminated
        assert sorted(state.returns()) == [0.0] * (n - 1) + [1.0]
        if seed % 25 == 0:
            assert Record.of(game, seed, actions).replay() == state
            cf.check_event_redaction(state)


def test_reading_15_a_defender_eliminated_in_combat_takes_no_more_damage_and_combat_goes_on():
    t = table(players=3)
    s = constructed(t, [["nf:bite"] * 5, ["nf:bite"], ["nf:bite"] * 5], phase="combat",
                    play={0: ["Gregor Dzanic", "Katya Iliyevna"], 2: ["Kaos 33"]})

    def pass_window():
        while s.pending().kind == "combat_window":
            t.choose(s, "pass", by=s.current_player())

    pass_window()
    t.choose(s, "attack", "Gregor Dzanic", by=0, target=1)
    t.choose(s, "attack", "Katya Iliyevna", by=0, target=2)
    pass_window()
    if s.pending().kind == "block":
        t.choose(s, "done", by=2)  # player 1 has no minion: only player 2 may block
    pass_window()  # combat damage: Gregor Dzanic eliminates player 1, Katya wounds player 2
    assert s.eliminated == [1] and not s.is_terminal()
    assert len(s.wound_stacks[2]) < 5  # the other combat was still fought
    assert s.wound_count(1)[0] == 1  # the one wound that emptied the stack, no more
    for _ in range(100):
        assert s.current_player() != 1
        s.apply(min(s.legal_action_indices()))
