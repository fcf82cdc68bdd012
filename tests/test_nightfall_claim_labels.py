"""A claim's label says what the claim does (issue 23 §5): the card it takes and what it
costs now, in English and Japanese.

Seed 000, Comprehensive FAQ, Pipe Bomb: "When a wound is on top of an archive during your
Claim Phase, you must claim that card for 0 influence" (rule 152 of
shared/rules-checklist.md). The option that claims it names the wound, for 0, not the
archive's order at its printed cost; an order's label gives its cost after discounts
(Sir John Travail, rule 145) and free claims. The labels come from the claim decision's
offers, which are made from the claim's own terms (``Effects.claim_terms``), and the
sweep below holds every label of seeded random games of every set to what applying it
does."""

from __future__ import annotations

import random
import re

import pytest

from gloam.conformance.nightfall import SET_CHOICES, draw_game
from gloam.core.rng import derive_seed
from gloam.nightfall import decisions, i18n
from gloam.nightfall.actions import ARCHIVE0, DONE, Archive, action_space
from nf_scenario import NfTable

TABLE = action_space().actions
LANGS = ("en", "ja")


def claim_labels(state) -> dict[int, dict[str, str]]:
    """Each archive option's label (English and Japanese) in the pending decision."""
    legal = state.legal_action_indices()
    labels = state.option_labels(legal, state.current_player())
    return {TABLE[i].archive: label for i, label in zip(legal, labels) if isinstance(TABLE[i], Archive)}


def wound_archive_position(t: NfTable, *, mixed: bool = False, influence: int = 2, play=None):
    """Player 0's Claim Phase: a commons archive of Dog Eat Dog (cost 3) with a bite wound on
    top, as Pipe Bomb leaves it (``mixed``: a Bait and Switch archive, Dog Eat Dog over
    Fresh Meat), and a commons archive of Fresh Meat (cost 2)."""
    data = t.mapping(phase="claim", influence=influence, play=play, archives={"Fresh Meat": (-1, 3)})
    pile = ["Fresh Meat", "Dog Eat Dog"] if mixed else ["Dog Eat Dog", "Dog Eat Dog"]
    data["archives"].insert(0, {"card": "Dog Eat Dog", "owner": "common", "cards": pile + ["NF Wound (bite)"],
                                **({"mixed": True} if mixed else {})})
    return t.load(data)


# ---------------------------------------------------------------------- positions
def test_pipe_bomb_faq_the_claim_label_names_the_wound_on_top_for_0_influence():
    """000 FAQ Pipe Bomb: the wound on top of the Dog Eat Dog archive is what the claim
    takes, for 0; with 2 influence Dog Eat Dog (cost 3) is no option at all. The Claim Phase
    cannot end before (no Done), and Fresh Meat (cost 2) reads as before."""
    t = NfTable(players=2)
    s = wound_archive_position(t)
    assert DONE not in s.legal_action_indices()
    labels = claim_labels(s)
    assert labels[0] == {
        "en": "Claim NF Wound (bite) (cost 0) from the top of the Dog Eat Dog archive (commons)",
        "ja": "犬が犬を食うのアーカイブ（共有物）の上からNF Wound（噛み傷）を獲得（コスト0）",
    }
    assert labels[1]["en"] == "Claim Fresh Meat (cost 2) from the commons"
    assert not any("(cost 3)" in label["en"] or "コスト3" in label["ja"] for label in labels.values())
    wound = s.archives[0]["cards"][-1]
    s.apply(ARCHIVE0 + 0, 0)
    assert s.discards[0][-1] == wound and s.influence == 2 and DONE in s.legal_action_indices()
    assert claim_labels(s) == {1: {"en": "Claim Fresh Meat (cost 2) from the commons",
                                   "ja": "共有物から新鮮な肉を獲得（コスト2）"}}


def test_a_wound_on_top_of_a_mixed_archive_is_named_with_its_type_and_cost_0_never_none():
    """A Bait and Switch archive shows its top card, here the wound Pipe Bomb put there: the
    label is the wound, "cost 0", never "NF Wound (cost None)"."""
    t = NfTable(players=2)
    s = wound_archive_position(t, mixed=True)
    labels = claim_labels(s)
    assert labels[0] == {"en": "Claim NF Wound (bite) (cost 0) from the commons",
                         "ja": "共有物からNF Wound（噛み傷）を獲得（コスト0）"}
    assert "None" not in labels[0]["en"] + labels[0]["ja"]


def test_a_claim_label_gives_the_cost_after_sir_john_travails_discount():
    """Sir John Travail in play: orders you claim cost 1 less (000 FAQ: each copy). Death
    Grip (printed cost 4) reads "cost 3", and 3 influence is what the claim takes."""
    t = NfTable(players=2, sets=("NF",))
    s = t.position(play={0: ["Sir John Travail"]}, phase="claim", influence=3, archives={"Death Grip": (-1, 3)})
    assert claim_labels(s)[0] == {"en": "Claim Death Grip (cost 3) from the commons",
                                  "ja": "共有物から死の掌握を獲得（コスト3）"}
    s.apply(ARCHIVE0 + 0, 0)
    assert s.influence == 0


# ---------------------------------------------------------------------- the sweep
#: what a claim label says, per language: ``card`` and ``cost`` (the Claim Phase's claims,
#: and Flank Attack's or Chan Jiang's "claim target order ... now for 0 influence")
CLAIM_LABEL = {
    "en": re.compile(r"^Claim (?P<card>.+?) \(cost (?P<cost>\d+)\) from "),
    "ja": re.compile(r"^.*から(?P<card>.+)を獲得（コスト(?P<cost>\d+)）$"),
}
FREE_LABEL = {
    "en": re.compile(r"^Claim (?P<card>.+?) \(.+\) now for (?P<cost>\d+) influence$"),
    "ja": re.compile(r"^今すぐ影響力(?P<cost>\d+)で.*から(?P<card>.+)を獲得$"),
}
SWEEP_SETS = [("CW",), *SET_CHOICES]     # every set alone and mixed (BC is never alone)
SWEEP_GAMES, SWEEP_CHUNKS = 120, 4
MASTER_SEED = 20260523


def named(state, cid: int, lang: str) -> str:
    """Card instance ``cid`` as a label names the card claimed: its name, and a wound's type."""
    card = state.card(cid)
    name = i18n.card_name(card, lang)
    wtype = state.wtype[cid]
    if wtype is None:
        return name
    kind = i18n.text("wound_type", wtype, lang, default=wtype)
    return f"{name} ({kind})" if lang == "en" else f"{name}（{kind}）"


def check_claim_option(state, index: int, label: dict[str, str], free: bool, where: str) -> bool:
    """Apply claim option ``index`` on a clone: the card it takes (the archive's top) goes
    to the claimer's discard pile (or deck, Nian Jiang's kicker; a free claim's chain may
    go on to put more there), the influence it spends is the cost, and both are what
    ``label`` says in each language. True when the card taken was a wound."""
    p, k = state.current_player(), TABLE[index].archive
    after = state.clone()
    after.apply(index, p)
    claims = [e for e in after.events[len(state.events):] if e["type"] == "claim"]
    assert len(claims) == 1, f"{where}: {label['en']!r} made {len(claims)} claims"
    cid, cost = claims[0]["card"], claims[0]["cost"]
    assert claims[0]["player"] == p and cid == state.archives[k]["cards"][-1]
    assert cid not in after.archives[k]["cards"] and after.owner[cid] == p
    into = (after.decks if claims[0]["dest"] == "deck" else after.discards)[p]
    assert cid in into, f"{where}: the claimed card is not in the claimer's {claims[0]['dest']}"
    if after.phase == state.phase:  # a free claim's chain may end, and the Claim Phase's influence begin
        assert state.influence - after.influence == cost, \
            f"{where}: {label['en']!r} spent {state.influence - after.influence} influence, the claim says {cost}"
    for lang in LANGS:
        found = (FREE_LABEL if free else CLAIM_LABEL)[lang].match(label[lang])
        assert found, f"{where}: {label[lang]!r} is not a claim label"
        assert found["card"] == named(state, cid, lang), \
            f"{where}: {label[lang]!r} names {found['card']!r}, the claim takes {named(state, cid, lang)!r}"
        assert int(found["cost"]) == cost, f"{where}: {label[lang]!r} says cost {found['cost']}, the claim costs {cost}"
    return state.wtype[cid] is not None


def sweep(chunk: int) -> dict[str, int]:
    """Seeded random games ``chunk``, ``chunk + SWEEP_CHUNKS``, …: every option label of
    every decision has no "None"; every claim option is checked (:func:`check_claim_option`)."""
    seen = {"games": 0, "claims": 0, "wounds": 0, "free": 0, "discounted": 0}
    for i in range(chunk, SWEEP_GAMES, SWEEP_CHUNKS):
        rng = random.Random(derive_seed(MASTER_SEED, i))
        game, options = draw_game(rng, SWEEP_SETS)
        state = game.new_initial_state(derive_seed(MASTER_SEED, i, 1))
        seen["games"] += 1
        while not state.is_terminal():
            legal = state.legal_action_indices()
            labels = state.option_labels(legal, state.current_player())
            where = f"game {i} ({dict(options, decks='random') if 'decks' in options else options}) turn {state.turn}"
            bad = [label for label in labels if "None" in label["en"] or "None" in label["ja"]]
            assert not bad, f"{where}: {bad}"
            kind = state.decision_kind()
            free = kind == "target_archive" and decisions.pending_effect(state)["op"] == "claim_free_now"
            if kind == "claim" or free:
                context = state.decision_context()
                for index, label in zip(legal, labels):
                    if isinstance(TABLE[index], Archive):
                        seen["claims"] += 1
                        seen["wounds"] += check_claim_option(state, index, label, free, where)
                        seen["free"] += free
                if kind == "claim":
                    seen["discounted"] += any(a.cost != a.printed_cost for a in context.archives
                                              if state.wtype[state.archives[a.archive]["cards"][-1]] is None)
            state.apply(rng.choice(legal))
    return seen


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(SWEEP_CHUNKS))
def test_every_claim_label_of_random_games_of_every_set_is_what_the_claim_does(chunk):
    seen = sweep(chunk)
    # the sweep reaches what it is for: claims, wounds on top of archives (Pipe Bomb), discounts
    assert seen["claims"] > 1000 and seen["wounds"] > 0 and seen["discounted"] > 0, seen
