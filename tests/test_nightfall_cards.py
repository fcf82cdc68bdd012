"""The Coldest War card data (``gloam/nightfall/data/coldest_war.json``) and its loader.

(a) every fact the card facts (``gloam/nightfall/data/card_facts.json``, the packaged copy
of ``shared/card-facts.json``) state about a CW card is matched exactly and
marked seed with the card-facts source; paraphrases and constraints (a worked example's
"inflicts 2 damage on a player", "kicker not blue", "health at least 3") are checked
by explicit predicates; (b) every field has provenance and every seed-marked value is
backed by a card-facts fact; (c) the set has exactly the required cards and counts;
(d) the starters cover the six colours; (e) the loader rejects each kind of bad input
with a message naming the card and the field; (f) design sanity and the generated doc.
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from gloam.core.errors import CardDataError
from gloam.nightfall import cards as cards_module
from gloam.nightfall.cards import (
    COLOURS,
    EXILE_WORDINGS,
    KEYWORDS,
    WOUND_TYPES,
    Sourced,
    card_set_from_json,
    load_card_file,
    load_set,
    markdown_table,
)
from gloam.nightfall.facts import card_facts

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
SEEDS = SHARED / "seeds"
DATA_PATH = ROOT / "src" / "gloam" / "nightfall" / "data" / "coldest_war.json"
DOC_PATH = ROOT / "docs" / "cards-coldest-war.md"
NO_SEEDS = f"the seed documents are not beside the repository ({SEEDS}): a clean clone has no ../shared"

#: the card facts as the package ships them (a copy of shared/card-facts.json)
FACTS = card_facts()


def _cw_fact_names() -> list:
    return [c["name"] for c in FACTS["cards"] if "CW" in c["set"]]


@pytest.fixture(scope="module")
def cw():
    return load_set("CW")


@pytest.fixture(scope="module")
def facts():
    return FACTS


def norm(colour):
    return {"silver": "white"}.get(colour, colour)


def norm_all(value):
    return [norm(v) for v in value] if isinstance(value, list) else norm(value)


# ------------------------------------------------------------------ (a) card facts
# card-facts key -> our field, for facts that state a definite value.
FIELD_OF = {
    "cost": "cost",
    "color": "colour",
    "strength": "strength",
    "health": "health",
    "keyword": "keyword",
    "title_color": "title_colour",
    "copies_in_box": "copies",
    "name_ja": "name_ja",
    "kicker_color": "kicker_colour",
    "quick_start_partner": "quick_start_partner",
    "chain_text": "chain",
    "kicker_text": "kicker",
    "combat_text": "combat",
    "in_play_text": "in_play",
    "in_play_text_extra": "in_play",
    "global_text": "global_text",
    "attaches_to_minion": "attaches",
    "wound_effect": "wound_text",
    "link_colors": "link_colours",
    "feed": "feed",
}
# Keys that describe the entry rather than the card (where it is mentioned, how its set was found).
META_KEYS = {"name", "quoted_name", "set", "set_source", "type", "type_source", "mentioned_in"}


def value_of(card, field):
    return cards_module._raw_value(card, field)


def text_of(card, field):
    return card.block(field) or ""


# Paraphrased texts, hints and constraints: each is checked by a predicate on our data.
# (card name, card-facts key) -> (predicate(card, set), what it checks)
CONSTRAINTS = {
    ("Katya Iliyevna", "chain_text"): (
        lambda c, s: c.chain == "Inflict 1 damage on target player.",
        "000 example chain: 'He gets to inflict one damage on a player'"),
    ("Katya Iliyevna", "kicker_text"): (
        lambda c, s: re.fullmatch(r"Destroy target opposing hunter\.", text_of(c, "kicker")) is not None,
        "000 example chain: 'He'd also love to remove Scott's hunter' (an opposing hunter)"),
    ("Katya Iliyevna", "kicker_color"): (
        lambda c, s: c.kicker.colour != "blue",
        "000 example chain: linked to the blue R&D, she 'didn't get her kicker'"),
    ("Katya Iliyevna", "notes"): (
        lambda c, s: c.colour in s.card("R&D").link_colours,
        "000 example chain: Katya was linked to R&D, so her colour is one of R&D's link colours"),
    ("Smiling Biter", "in_play_text"): (
        lambda c, s: c.in_play.startswith("When this card attacks, ")
        and c.in_play.endswith(" Feed: Discard 2 cards.") and c.feed.on == "in_play",
        "000 Feed example: in-play text resolved 'when the card is sent to attack', fed by discarding two cards"),
    ("Smiling Biter", "kicker_text"): (
        lambda c, s: "a second Combat Phase" in text_of(c, "kicker") and "Chain Phase" not in
        text_of(c, "kicker").replace("after this Chain Phase", ""),
        "000 FAQ: 'His kicker only creates a second Combat Phase' (no second Chain Phase)"),
    ("Full Battle Rattle", "kicker_text"): (
        lambda c, s: re.fullmatch(r"Inflict [1-9] damage on target minion\.", text_of(c, "kicker")) is not None,
        ("000 Kickers example: with only her own \"Bone Cruncher\" in play she must damage it (mandatory target "
        "minion)")),
    ("Inhuman Wave", "chain_text"): (
        lambda c, s: c.chain == "Inflict 2 damage on target player.",
        "000 End of Game example: 'he inflicts 2 damage on a player of his choice' (damage, so blockable)"),
    ("R&D", "chain_text"): (
        lambda c, s: c.chain == "Draw 2 cards.",
        "000 example chain: 'Scott's R&D resolves next. He draws two cards.'"),
    ("R&D", "kicker_color"): (
        lambda c, s: c.kicker.colour != "white",
        "000 example chain: linked to the silver Unholy Resurrection it 'also didn't get its kicker'"),
    ("R&D", "link_colors"): (
        lambda c, s: len(c.link_colours) == 2,
        "no colour stated (only that Katya links to it, checked on Katya); two link colours like most orders"),
    ("Unholy Resurrection", "chain_text"): (
        lambda c, s: c.chain == "Place target ghoul from your discard pile into play.",
        "000 example chain: a ghoul in her discard pile is placed into play (checklist ambiguity 20)"),
    ("Unholy Resurrection", "kicker_text"): (
        lambda c, s: c.kicker.text == "Place 2 cards from target archive on top of target player's deck.",
        "000 example chain: 'she places two cards from an unwanted archive to clog up Brad's deck'"),
    ("Snowstorm", "strength"): (
        lambda c, s: "strength" in c.in_play and "opposing minion destroyed" in c.in_play,
        "000 FAQ: 'his strength will vary as opposing minions are destroyed'"),
    ("Gregor Dzanic", "health"): (
        lambda c, s: c.health >= 3,
        "000 combat example: damaged earlier and 'only has 2 health left', so full health is at least 3"),
    ("Victor One", "text_hint"): (
        lambda c, s: "claim" in c.your_chain and "Claim Phase" in c.your_chain,
        "000 FAQ: 'You claim the card as normal during your Claim Phase. You must still pay the cost.'"),
    ("Kaos 33", "text_hint"): (
        lambda c, s: "claim" in c.your_chain and "during your claim phase" in c.your_chain.lower(),
        "000 FAQ: 'She does not allow you to claim cards outside of your Claim Phase.'"),
    ("Gathering Strength", "text_hint"): (
        lambda c, s: re.fullmatch(r"Draw \d cards, then discard \d cards\.", c.chain) is not None,
        "000 FAQ: 'You may discard cards you just drew.' (it draws, then discards)"),
    ("NF Wound", "wound_effect"): (
        lambda c, s: c.wound_text.startswith("Cleanup: ") and "Draw 2 cards for each wound discarded" in c.wound_text
        and "any number of other wounds" in c.wound_text and "Feed" not in c.wound_text,
        "000 Cleanup example: 2 wounds discarded -> 4 cards drawn, and a wound drawn by it cannot be used"),
    ("CW Wound", "wound_effect"): (
        lambda c, s: c.wound_text.startswith("Your Chain: ")
        and "even if you have used another wound effect this turn" in c.wound_text,
        "000: a 'chain effect' wound that 'specifically allows' use after another wound effect"),
}
for _moon in ("Dark of the Moon", "Harvest Moon", "Hunter's Moon", "Wolf Moon"):
    CONSTRAINTS[(_moon, "notes")] = (
        lambda c, s: c.provenance["global_text"].kind == "designed",
        "003 gives the name only, so the moon's text must be marked designed")
# Notes that state nothing checkable about our data (they are about other cards or rules).
INFORMATIONAL = {("Wound: Burn", "notes"), ("Wound: Bleed", "notes")}


def is_paraphrase(fd) -> bool:
    value = fd.get("value")
    return fd.get("verbatim") is False or (isinstance(value, str) and value.startswith("("))


def check_field(card, key, fd, problems):
    """A fact with a definite value: equal, marked seed, same source and implied flag."""
    field = FIELD_OF[key]
    ours, prov = value_of(card, field), card.provenance.get(field)
    want = norm_all(fd["value"])
    if isinstance(ours, tuple):
        ours = list(ours)
    if ours != want:
        problems.append(f"{key}: data has {ours!r}, card-facts states {want!r}")
    if prov is None or prov.kind != "seed":
        problems.append(f"{key}: stated by the seeds but marked {prov and prov.kind!r}")
    elif prov.source != fd["source"] or prov.implied != bool(fd.get("implied")):
        problems.append(f"{key}: provenance {prov.source!r} (implied={prov.implied}) is not card-facts' "
                        f"{fd['source']!r} (implied={bool(fd.get('implied'))})")


def check_constraint(card, key, cset, problems, designed_field=None):
    rule = CONSTRAINTS.get((card.name, key))
    if rule is None:
        problems.append(f"{key}: a paraphrase/constraint fact with no check in CONSTRAINTS")
        return
    predicate, what = rule
    if not predicate(card, cset):
        problems.append(f"{key}: data breaks {what}")
    if designed_field is not None and card.provenance[designed_field].kind == "seed":
        problems.append(f"{key}: only paraphrased/constrained by the seeds, yet {designed_field} is marked seed")


def card_fact_problems(fact, cset) -> list[str]:
    problems: list[str] = []
    name = fact["name"]
    if name.startswith("Wound: "):
        return wound_type_problems(fact, cset)
    card = cset.card(name)
    if card.name != name or card.quoted_name != fact["quoted_name"]:
        problems.append(f"name: data prints {card.printed_name!r}, card-facts {name!r} quoted={fact['quoted_name']}")
    if card.type != fact["type"]:
        problems.append(f"type: data {card.type!r}, card-facts {fact['type']!r}")
    for key, fd in fact.items():
        if key in META_KEYS:
            continue
        if key == "faq_rulings":
            for r in fd:
                if Sourced(r["text"], r["source"]) not in card.faq_rulings:
                    problems.append(f"faq_rulings: missing {r['text']!r} ({r['source']})")
        elif key in ("rulebook_quotes", "name_variants"):
            mine = card.quotes if key == "rulebook_quotes" else card.name_variants
            for q in fd:
                if Sourced(q["value"], q["source"]) not in mine:
                    problems.append(f"{key}: missing {q['value']!r} ({q['source']})")
        elif key in ("text_hint", "notes"):
            if (name, key) not in INFORMATIONAL:
                check_constraint(card, key, cset, problems)
        elif key == "in_play_text" and "value_one_of" in fd:
            if card.exile not in fd["value_one_of"]:
                problems.append(f"exile: {card.exile!r} is not one of {fd['value_one_of']!r}")
            if card.provenance["exile"].kind != "designed":
                problems.append("exile: which wording a starter has is not stated, so it must be marked designed")
        elif key == "link_colors":
            check_links(card, fd, cset, problems)
        elif key == "feed":
            cost = fd["value"].split(" (")[0].rstrip(".") + "."
            on = "in_play" if "in-play" in fd["value"] else None
            if card.feed is None or card.feed.cost != cost or (on and card.feed.on != on):
                problems.append(f"feed: data {card.feed!r}, card-facts {fd['value']!r}")
            prov = card.provenance.get("feed")
            if prov is None or prov.kind != "seed" or prov.source != fd["source"]:
                problems.append("feed: must be marked seed with card-facts' source")
        elif key == "counts":
            check_counts(card, fd, problems)
        elif key in FIELD_OF:
            field = FIELD_OF[key]
            if is_paraphrase(fd) or fd.get("value") is None:
                check_constraint(card, key, cset, problems, designed_field=field)
            else:
                check_field(card, key, fd, problems)
        else:
            problems.append(f"{key}: a card-facts key this test does not know how to check")
    return problems


def check_links(card, fd, cset, problems):
    prov = card.provenance["link_colours"]
    stated = norm_all(fd["value"]) if fd["value"] else []
    if "count" in fd and len(card.link_colours) != fd["count"]:
        problems.append(f"link_colors: {len(card.link_colours)} link colours, card-facts states {fd['count']}")
    if fd["complete"]:
        check_field(card, "link_colors", fd, problems)
    elif stated:
        if not set(stated) <= set(card.link_colours):
            problems.append(f"link_colors: {card.link_colours!r} lacks the stated {stated!r}")
        if prov.kind != "seed+designed" or norm_all(prov.seed_value) != stated or prov.source != fd["source"]:
            problems.append("link_colors: a partly stated value must be seed+designed with the stated part as "
                            "seed_value and card-facts' source")
        if prov.implied != bool(fd.get("implied")):
            problems.append("link_colors: implied flag differs from card-facts")
    elif "count" in fd:
        if prov.kind != "designed":
            problems.append("link_colors: the colour is not stated, so it must be marked designed")
    else:
        check_constraint(card, "link_colors", cset, problems, designed_field="link_colours")


def check_counts(card, fd, problems):
    total, per = fd["value"]["CW"], fd["value"]["per_keyword_CW"]
    if card.copies != total or dict(card.copies_by_type) != {t: per for t in WOUND_TYPES}:
        problems.append(f"counts: data {card.copies} = {dict(card.copies_by_type)}, card-facts {total} = {per} "
                        f"of each keyword")
    for field in ("copies", "copies_by_type"):
        prov = card.provenance[field]
        if prov.kind != "seed" or prov.source != fd["source"] or prov.implied != bool(fd.get("implied")):
            problems.append(f"{field}: must be marked seed with card-facts' counts source")


def wound_type_problems(fact, cset) -> list[str]:
    problems = []
    wtype = fact["wound_type"]["value"]
    found = [w for w in cset.wound_types if w.type == wtype]
    if len(found) != 1:
        return [f"wound_type: {len(found)} wound_types entries for {wtype!r}"]
    w = found[0]
    for ours, field, fd in ((w.title, "title", {"value": fact["name"], "source": fact["set_source"]}),
                            (w.name_ja, "name_ja", fact["name_ja"]),
                            (w.type, "type", fact["wound_type"])):
        prov = w.provenance[field]
        if ours != fd["value"] or prov.kind != "seed" or prov.source != fd["source"]:
            problems.append(f"{field}: data {ours!r} ({prov.kind}: {prov.source}) vs card-facts {fd['value']!r} "
                            f"({fd['source']})")
    unknown = set(fact) - META_KEYS - {"name_ja", "wound_type", "notes"}
    problems += [f"{key}: a card-facts key this test does not know how to check" for key in sorted(unknown)]
    return problems


@pytest.mark.parametrize("name", _cw_fact_names())
def test_every_card_fact_is_matched_and_marked_seed(name, cw, facts):
    fact = next(c for c in facts["cards"] if c["name"] == name)
    assert card_fact_problems(fact, cw) == []


def test_every_constraint_check_is_used(facts):
    """A predicate whose fact disappeared from card-facts would silently check nothing."""
    used = set()
    for fact in facts["cards"]:
        for key in fact:
            used.add((fact["name"], key))
    assert set(CONSTRAINTS) - used == set()
    assert INFORMATIONAL - used == set()


def test_fact_checker_catches_a_contradiction(cw, facts):
    """The checker itself fails on a wrong value, a wrong mark and a broken paraphrase."""
    data = json.loads(DATA_PATH.read_text(encoding="utf-8"))
    by_id = {c["id"]: c for c in data["cards"]}
    by_id["cw-dog-eat-dog"]["cost"]["value"] = 4
    by_id["cw-banner-89"]["colour"] = {"value": "blue", "kind": "designed", "note": "pretend"}
    by_id["cw-inhuman-wave"]["chain"]["value"] = "Inflict 3 damage on target player."
    broken = card_set_from_json(data, "broken.json")
    fact = {c["name"]: c for c in facts["cards"]}
    assert any("cost" in p for p in card_fact_problems(fact["Dog Eat Dog"], broken))
    assert any("marked 'designed'" in p for p in card_fact_problems(fact["Banner 89"], broken))
    assert any("chain_text" in p for p in card_fact_problems(fact["Inhuman Wave"], broken))


# ----------------------------------------------------------- (b) provenance
def test_every_field_has_provenance(cw):
    for card in cw.cards:
        for field in cards_module._FIELD_TYPES:
            value = value_of(card, field)
            present = value not in (None, (), False) and not (field == "keyword" and value == "none")
            if present or field in ("name_ja",):
                assert field in card.provenance, f"{card.id}: {field} has no provenance"
        assert set(card.provenance) <= set(cards_module._FIELD_TYPES)
    for w in cw.wound_types:
        assert {p.kind for p in w.provenance.values()} == {"seed"}


def expected_seed_source(card, field, fact, facts):
    """The card-facts source a seed-marked field must cite, or None if card-facts states no such fact."""
    if field == "name":
        return fact["set_source"]
    if field == "type":
        return fact["type_source"]
    if field == "copies" and card.type == "moon":
        return facts["moon_phases"]["count"]["source"]
    if field in ("copies", "copies_by_type") and card.type == "wound":
        return fact["counts"]["source"]
    if field == "wound_kind":
        return facts["wounds"]["counts"]["mapping_note"]["source"]
    if field == "feed" and card.type == "wound":
        return fact["wound_effect"]["source"]  # the Feed clause of the verbatim wound text
    keys = [k for k, f in FIELD_OF.items() if f == field and k in fact]
    if field == "copies":
        keys = ["copies_in_box"]
    for key in keys:
        if "value" in fact[key] and fact[key]["value"] not in (None, []) and not is_paraphrase(fact[key]):
            return fact[key]["source"]
    return None


def test_seed_marks_are_backed_by_card_facts(cw, facts):
    """No designed value is presented as a seed fact: every seed (or seed+designed) field cites the
    card-facts source of a fact that states it."""
    by_name = {c["name"]: c for c in facts["cards"]}
    for card in cw.cards:
        fact = by_name[card.name]
        for field, prov in card.provenance.items():
            if prov.kind == "designed":
                continue
            want = expected_seed_source(card, field, fact, facts)
            assert want is not None, f"{card.id}: {field} is marked {prov.kind} but card-facts states no such fact"
            assert prov.source == want, f"{card.id}: {field} cites {prov.source!r}, card-facts {want!r}"


def test_wound_kinds_follow_the_stated_mapping(cw, facts):
    note = facts["wounds"]["counts"]["mapping_note"]["value"]
    mapping = {name: kind for kind, name in re.findall(r"'([a-z-]+) effect' = ([A-Z]{2} Wound)", note)}
    assert mapping == {"NF Wound": "card-draw", "ML Wound": "strength", "CW Wound": "chain"}
    assert {c.name: c.wound_kind for c in cw.wounds} == mapping
    breakdown = facts["wounds"]["counts"]["CW_breakdown"]["value"]
    for card in cw.wounds:
        stated = breakdown[f"{card.wound_kind} effects"]
        assert card.copies == stated["total"]
        assert set(card.copies_by_type.values()) == {stated["per_keyword"]}


def test_seed_sources_cite_a_seed(cw):
    for card in cw.cards:
        for field, prov in card.provenance.items():
            if prov.kind != "designed":
                assert re.search(r"\b00[0-4]\b", prov.source), f"{card.id}: {field}: {prov.source!r}"
            else:
                assert prov.source is None and len(prov.note) > 10
        for item in card.faq_rulings + card.quotes + card.name_variants:
            assert re.search(r"\b00[0-4]\b", item.source), f"{card.id}: {item.source!r}"


# ---------------------------------------------------------------- (c) the set
def test_the_set_has_exactly_the_listed_cards(cw, facts):
    lists = facts["set_lists"]["CW"]
    assert [c.name for c in cw.starters] == lists["starting"]["value"]
    assert [c.name for c in cw.draft_minions] == lists["draft_minions"]["value"]
    assert [c.name for c in cw.draft_actions] == lists["draft_actions"]["value"]
    assert [c.name for c in cw.moons] == lists["moon_phases"]["value"]
    assert sorted(c.name for c in cw.wounds) == sorted(lists["wounds"]["value"])
    assert len(cw.cards) == 6 + 12 + 12 + 6 + 3


def test_counts_match_the_box(cw, facts):
    box = facts["components"]["CW"]["value"]
    assert (len(cw.starters), len(cw.draft_minions), len(cw.draft_actions), len(cw.moons)) == (6, 12, 12, 6)
    assert sum(c.copies for c in cw.starters) == box["starting minions"] == 60
    assert sum(c.copies for c in cw.draft_minions) == box["additional minions (red title)"] == 84
    assert sum(c.copies for c in cw.draft_actions) == box["actions"] == 84
    assert sum(c.copies for c in cw.cards if c.is_order) == box["order cards"] == 228
    assert len(cw.starters + cw.draft_minions) == box["minion piles"] and len(cw.draft_actions) == box["action piles"]
    assert sum(c.copies for c in cw.moons) == box["moon phase cards"] == 6
    assert {c.copies for c in cw.draftable} == {box["cards per archive"]}


def test_wound_stack_is_60_with_the_10_5_5_split(cw):
    assert {c.wound_kind: c.copies for c in cw.wounds} == {"card-draw": 30, "strength": 15, "chain": 15}
    for card in cw.wounds:
        assert dict(card.copies_by_type) == {t: card.copies // 3 for t in WOUND_TYPES}
    stack = cw.wound_cards()
    assert len(stack) == 60
    assert Counter(w.wound_type for w in stack) == {"bite": 20, "burn": 20, "bleed": 20}
    assert Counter((w.card.wound_kind, w.wound_type) for w in stack) == {
        (k, t): n for k, n in (("card-draw", 10), ("strength", 5), ("chain", 5)) for t in WOUND_TYPES}
    assert [w.title for w in cw.wound_types] == ["Wound: Bite", "Wound: Burn", "Wound: Bleed"]


def test_names_are_printed_as_the_seeds_print_them(cw):
    if not SEEDS.is_dir():
        pytest.skip(NO_SEEDS)
    rulebook = next(SEEDS.glob("000_*.txt")).read_text(encoding="utf-8")
    listed = rulebook[rulebook.rindex("Cards in This Set"):]
    for card in cw.starters + cw.draftable:
        assert f"\n- {card.printed_name}\n" in listed, card.printed_name
    faq = next(SEEDS.glob("003_*.txt")).read_text(encoding="utf-8")
    moons = re.search(r"Moon Phases: (.*)\.\n", faq).group(1)
    assert re.split(r", | and ", moons) == [c.printed_name for c in cw.moons]
    assert {'"Clever Ivan"', "JAREK", "R&D", '"Smiling Biter"'} <= {c.printed_name for c in cw.cards}


# ------------------------------------------------------------- (d) starters
def test_starters_cover_the_six_colours(cw):
    starters = cw.starters
    assert sorted(c.colour for c in starters) == sorted(COLOURS)
    for card in starters:
        assert card.cost == 0 and len(card.link_colours) == 1 and card.copies == 10
        assert card.exile in EXILE_WORDINGS and card.title_colour == "yellow"
        assert card.link_colours[0] != card.colour
    # a starting deck (2 of each) holds two cards of each colour (000 Starting Decks)
    deck = [c.colour for c in starters for _ in range(2)]
    assert Counter(deck) == {colour: 2 for colour in COLOURS}


def test_starter_exile_wordings_fit_their_end_of_combat_fate(cw):
    """Checklist ambiguity 16: only a starter that is never discarded at the end of combat takes the
    'Exile when destroyed.' wording (JAREK, who stays in play per seed 002)."""
    for card in cw.starters:
        stays = bool(card.in_play and "Do not discard this card at the end of the Combat Phase." in card.in_play)
        assert card.exile == (EXILE_WORDINGS[1] if stays else EXILE_WORDINGS[0]), card.name
    assert cw.card("JAREK").provenance["in_play"].source.startswith("002")


def test_faq_rulings_on_starters(cw):
    never_in_play = ("If you discard this card from your hand for influence or due to a card effect, it is not "
                     "exiled because it was never in play.")
    ruled = {c.name for c in cw.starters if any(r.text == never_in_play for r in c.faq_rulings)}
    assert ruled == {"Clever Ivan", "Kilo 13", "Patrol Zombie", "Snowstorm", "Victor One"}


# ------------------------------------------------------------ (e) bad input
def _data():
    return json.loads(DATA_PATH.read_text(encoding="utf-8"))


def _card(data, cid):
    return next(c for c in data["cards"] if c["id"] == cid)


def _set(data, cid, field, value):
    _card(data, cid)[field] = value


def _replace_value(data, cid, field, value):
    _card(data, cid)[field]["value"] = value


BAD_INPUTS = {
    "unknown card key": (lambda d: _set(d, "cw-jarek", "flavour", {"value": "x", "kind": "designed", "note": "x"}),
                         "cw-jarek", "flavour", "unknown key"),
    "field without provenance": (lambda d: _set(d, "cw-kilo-13", "cost", 0), "cw-kilo-13", "cost",
                                 "needs provenance"),
    "seed without source": (lambda d: _card(d, "cw-banner-89")["colour"].pop("source"), "cw-banner-89", "colour",
                            "'source'"),
    "designed without note": (lambda d: _card(d, "cw-emil-balev")["cost"].pop("note"), "cw-emil-balev", "cost",
                              "'note'"),
    "unknown provenance kind": (lambda d: _card(d, "cw-emil-balev")["cost"].update(kind="guess"), "cw-emil-balev",
                                "cost", "provenance kind"),
    "invalid colour": (lambda d: _replace_value(d, "cw-emil-balev", "colour", "orange"), "cw-emil-balev", "colour",
                       "colour must be one of"),
    "silver instead of white": (lambda d: _replace_value(d, "cw-sophia-otrava", "colour", "silver"),
                                "cw-sophia-otrava", "colour", "'white'"),
    "invalid link colour": (lambda d: _replace_value(d, "cw-fresh-meat", "link_colours", ["gold", "pink"]),
                            "cw-fresh-meat", "link_colours", "colour must be one of"),
    "three link colours": (lambda d: _replace_value(d, "cw-fresh-meat", "link_colours", ["gold", "red", "blue"]),
                           "cw-fresh-meat", "link_colours", "one or two"),
    "invalid keyword": (lambda d: _replace_value(d, "cw-katya-iliyevna", "keyword", "werewolf"),
                        "cw-katya-iliyevna", "keyword", "keyword must be one of"),
    "invalid type": (lambda d: _replace_value(d, "cw-r-and-d", "type", "spell"), "cw-r-and-d", "type",
                     "type must be one of"),
    "minion without strength": (lambda d: _card(d, "cw-kaos-33").pop("strength"), "cw-kaos-33", "strength",
                                "missing"),
    "minion without health": (lambda d: _card(d, "cw-kaos-33").pop("health"), "cw-kaos-33", "health", "missing"),
    "action with strength": (lambda d: _set(d, "cw-r-and-d", "strength", {"value": 2, "kind": "designed",
                                                                           "note": "x"}),
                             "cw-r-and-d", "strength", "does not apply"),
    "starter costing 1": (lambda d: _replace_value(d, "cw-patrol-zombie", "cost", 1), "cw-patrol-zombie", "cost",
                          "costs 0"),
    "starter with two links": (lambda d: _replace_value(d, "cw-snowstorm", "link_colours", ["red", "blue"]),
                               "cw-snowstorm", "link_colours", "exactly one link colour"),
    "starter with a made-up exile wording": (lambda d: _replace_value(d, "cw-snowstorm", "exile", "Exile."),
                                             "cw-snowstorm", "exile", "must be one of"),
    "negative cost": (lambda d: _replace_value(d, "cw-dog-eat-dog", "cost", -1), "cw-dog-eat-dog", "cost", "≥ 0"),
    "zero health": (lambda d: _replace_value(d, "cw-banner-89", "health", 0), "cw-banner-89", "health", "≥ 1"),
    "boolean cost": (lambda d: _replace_value(d, "cw-dog-eat-dog", "cost", True), "cw-dog-eat-dog", "cost",
                     "integer"),
    "duplicate id": (lambda d: _card(d, "cw-kilo-13").update(id="cw-jarek"), "cw-jarek", "id", "duplicate id"),
    "duplicate name": (lambda d: _replace_value(d, "cw-kilo-13", "name", "Jarek"), "cw-kilo-13", "name",
                       "duplicate name"),
    "duplicate effect key": (lambda d: _card(d, "cw-kilo-13").update(effect="cw.jarek"), "cw-kilo-13", "effect",
                             "duplicate effect"),
    "kicker without colour": (lambda d: _card(d, "cw-r-and-d").pop("kicker_colour"), "cw-r-and-d",
                              "kicker_colour", "kicker needs both"),
    "kicker colour without text": (lambda d: _card(d, "cw-r-and-d").pop("kicker"), "cw-r-and-d", "kicker",
                                   "kicker needs both"),
    "feed on a missing block": (lambda d: _replace_value(d, "cw-emil-balev", "feed", {"on": "in_play",
                                                                                      "cost": "Discard 1 card."}),
                                "cw-emil-balev", "feed", "no such text block"),
    "feed price not in the text": (lambda d: _replace_value(d, "cw-emil-balev", "feed", {"on": "chain",
                                                                                         "cost": "Discard 3 cards."}),
                                   "cw-emil-balev", "feed", "does not contain"),
    "text with its label": (lambda d: _replace_value(d, "cw-r-and-d", "chain", "Chain: Draw 2 cards."),
                            "cw-r-and-d", "chain", "without its label"),
    "minion with a yellow title": (lambda d: _replace_value(d, "cw-kaos-33", "title_colour", "yellow"),
                                   "cw-kaos-33", "title_colour", "printed red"),
    "wrong quick-start partner": (lambda d: _replace_value(d, "cw-banner-89", "quick_start_partner", "R&D"),
                                  "cw-banner-89", "quick_start_partner", "does not name this card back"),
    "wound split not adding up": (lambda d: _replace_value(d, "cw-cw-wound", "copies_by_type",
                                                           {"bite": 5, "burn": 5, "bleed": 4}),
                                  "cw-cw-wound", "copies_by_type", "add up"),
    "wound with an unknown kind": (lambda d: _replace_value(d, "cw-cw-wound", "wound_kind", "influence"),
                                   "cw-cw-wound", "wound_kind", "must be one of"),
    "moon without a phase": (lambda d: _replace_value(d, "cw-wolf-moon", "global_text", "Lycanthropes +1."),
                             "cw-wolf-moon", "global_text", "Global"),
    "seed+designed without its stated part": (lambda d: _card(d, "cw-dog-eat-dog")["link_colours"].pop("seed_value"),
                                              "cw-dog-eat-dog", "link_colours", "seed_value"),
    "action attached without In Play text": (lambda d: _card(d, "cw-still-standing").pop("in_play"),
                                             "cw-still-standing", "in_play", "In Play"),
    "empty seed Japanese name": (lambda d: _replace_value(d, "cw-jarek", "name_ja", None), "cw-jarek", "name_ja",
                                 "cannot be seed"),
}


@pytest.mark.parametrize("fault", sorted(BAD_INPUTS))
def test_loader_rejects_bad_input(fault, tmp_path):
    breaker, cid, field, message = BAD_INPUTS[fault]
    data = _data()
    breaker(data)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        load_card_file(path)
    text = str(err.value)
    assert text.startswith("broken.json: "), text
    assert f"card {cid!r}" in text and f"field {field!r}" in text and message in text, text


def test_loader_rejects_malformed_files(tmp_path):
    path = tmp_path / "cut.json"
    path.write_text(DATA_PATH.read_text(encoding="utf-8")[:500], encoding="utf-8")
    with pytest.raises(CardDataError, match=r"^cut\.json: line \d+, column \d+"):
        load_card_file(path)
    with pytest.raises(CardDataError, match=r"^missing\.json: cannot read"):
        load_card_file(tmp_path / "missing.json")
    data = _data()
    data["extra"] = 1
    with pytest.raises(CardDataError, match="unknown top-level key 'extra'"):
        card_set_from_json(data, "x.json")
    data = _data()
    data["wound_types"].pop()
    with pytest.raises(CardDataError, match="bite, burn, bleed exactly once"):
        card_set_from_json(data, "x.json")
    with pytest.raises(CardDataError, match="no card data for set 'XX'"):
        load_set("XX")


def test_the_packaged_file_loads_and_round_trips(tmp_path):
    path = tmp_path / "copy.json"
    path.write_text(DATA_PATH.read_text(encoding="utf-8"), encoding="utf-8")
    assert load_card_file(path).cards == load_set("CW").cards
    # every attribute of the untouched data is accepted; a deep copy is not mutated by loading
    data = _data()
    before = copy.deepcopy(data)
    card_set_from_json(data, "x.json")
    assert data == before


# ------------------------------------------------------- (f) design sanity
def test_designed_stats_stay_in_the_ranges_the_examples_show(cw):
    for card in cw.starters:
        assert 1 <= card.strength <= 2 and 1 <= card.health <= 3, card.name
    for card in cw.draft_minions:
        assert 2 <= card.strength <= 5 and 2 <= card.health <= 4, card.name
    for card in cw.draftable:
        assert 2 <= card.cost <= 6, card.name
    assert all(c.keyword in KEYWORDS for c in cw.starters + cw.draft_minions)
    assert {c.keyword for c in cw.draft_minions} == set(KEYWORDS)


def test_draft_colours_are_spread_and_links_sensible(cw):
    assert Counter(c.colour for c in cw.draftable) == {colour: 4 for colour in COLOURS}
    for card in cw.draftable:
        assert len(card.link_colours) == 2 and card.colour not in card.link_colours, card.name


def test_every_kicker_can_be_reached(cw):
    """A kicker colour K on a card of colour C is only reachable if some card of colour K links to C."""
    for card in cw.cards:
        if card.kicker is None:
            continue
        sources = [c.name for c in cw.cards if c.colour == card.kicker.colour and card.colour in c.link_colours]
        assert sources, f"{card.name}: no {card.kicker.colour} card links to {card.colour}"


def test_draftable_orders_have_kickers_and_text(cw):
    for card in cw.draftable:
        assert card.kicker is not None, card.name
        assert card.text_lines(), card.name
    # the two actions that attach to minions say so, and nothing else does
    assert {c.name for c in cw.cards if c.attaches} == {"Still Standing", "Full Battle Rattle"}
    for name in ("Still Standing", "Full Battle Rattle"):
        assert cw.card(name).chain == "Attach this card to target friendly minion."


def test_quick_start_pairs_match_seed_000(cw):
    if not SEEDS.is_dir():
        pytest.skip(NO_SEEDS)
    rulebook = next(SEEDS.glob("000_*.txt")).read_text(encoding="utf-8")
    block = rulebook[rulebook.index("Quick Start:"):rulebook.index("2-Player Drafting")]
    pairs = {frozenset(p.strip().strip('"') for p in line[2:].split(" + "))
             for line in block.splitlines() if line.startswith("- ")}
    ours = {frozenset((c.name, c.quick_start_partner)) for c in cw.draftable if c.quick_start_partner}
    assert len(pairs) == 7 and ours == pairs
    unpaired = {c.name for c in cw.draftable if not c.quick_start_partner}
    assert unpaired == {"Blowtorch Triage", "All Fears Revealed", "Fresh Meat", "Inhuman Wave", "Power and Glory",
                        "R&D", "Routine Questioning", "Still Standing", "Unholy Resurrection", "Kaspar Udunian"}


def test_effect_keys_are_unique_and_follow_the_ids(cw):
    keys = cw.effect_keys
    assert len(set(keys)) == len(keys) == len(cw.cards)
    for card in cw.cards:
        assert card.effect == card.id.replace("cw-", "cw.", 1).replace("-", "_")


def test_lookups(cw):
    assert cw.card("cw-r-and-d") is cw.card("R&D") is cw.card("r&d")
    assert cw.card('"Kaos 33"') is cw.card("Kaos 33")
    with pytest.raises(KeyError, match="no card 'Flesh Golem'"):
        cw.card("Flesh Golem")
    assert cw.card("Blue Moon").moon_phase == "chain" and cw.card("Harvest Moon").moon_phase == "claim"
    assert cw.card("Smiling Biter").text_lines()[0].startswith("In Play: When this card attacks")
    assert cw.card("JAREK").text_lines() == (
        "In Play: Do not discard this card at the end of the Combat Phase. Exile when destroyed.",)


def test_doc_is_up_to_date(cw):
    text = markdown_table(cw)
    assert DOC_PATH.read_text(encoding="utf-8") == text, (
        "docs/cards-coldest-war.md is stale: regenerate it with the command at its top")
    # every designed value shows its mark; seed-only cards exist to prove plain values are left plain
    assert text.count("†") > 100 and "| colour | white |" in text
    for card in cw.cards:
        assert f'<a id="{card.id}"></a>' in text
