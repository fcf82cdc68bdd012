"""A heuristic Nightfall bot: links chains, discards its hand for influence, claims cards
that fit its colours, blocks to save wounds and aims its damage at the leader. It reads
only its own observation and the public card data, never a state.

>>> from gloam.games import get_game
>>> from gloam.bots.base import RandomBot
>>> from gloam.match import play_match
>>> game = get_game("nightfall", {"players": 2})
>>> result = play_match(game, [HeuristicBot(1), RandomBot(2)], seed=4)
>>> result.state.is_terminal()
True
"""

from __future__ import annotations

from typing import Any

from gloam.bots.base import Bot
from gloam.nightfall.actions import Block, Discard, Done, Feed, Option, Pass, Play, action_space

_KEEP_MOON = Option(0)  # rule 157: keep the moon phase
HOSTILE_OPS = {"damage", "destroy", "discard", "inspect_discard", "fight"}


class HeuristicBot(Bot):
    """Scores each legal option by simple, explainable rules (see the methods)."""

    name = "heuristic"

    def choose(self, game, observation: dict[str, Any] | None, legal: list[int]) -> int:
        assert observation is not None  # the heuristic reads the table
        if len(legal) == 1:
            return legal[0]
        view = _View(game, observation)
        table = action_space().actions
        scored = [(self._score(view, table[a]), self.rng.random(), a) for a in legal]
        return max(scored)[2]

    # ------------------------------------------------------------------ scoring
    def _score(self, v: _View, a) -> float:
        """The score of action ``a`` (typed, or its index) in the decision the observation
        shows."""
        if isinstance(a, int):
            a = action_space()[a]
        kind = v.obs["kind"]
        if kind in ("chain_start", "link"):
            return self._chain(v, a)
        if kind == "claim":
            return self._claim(v, a)
        if kind == "attack":
            return -v.wounds[a.player]  # the leader has the fewest wounds (rule 162)
        if kind == "block":
            return self._block(v, a)
        if kind == "target_minion":
            return self._target_minion(v, a.card)
        if kind == "target_player":
            return self._target_player(v, a.player)
        if kind == "choose_discard":
            return 0.0 if isinstance(a, Done) else -v.card_value(a.card)
        if kind == "choose_wounds":
            return 0.0 if isinstance(a, Done) else 1.0  # discard every wound: two cards for each
        if kind == "wound_effect":
            return 0.0 if isinstance(a, Pass) else 1.0
        if kind == "feed":
            return 1.0 if isinstance(a, Feed) and v.spare_cards() >= 1 else 0.0
        if kind == "combat_window":
            return self._combat(v, a)
        if kind == "target_card":
            return v.card_value(a.card)
        if kind == "target_archive":
            return v.archive_value(a.archive)
        if kind == "moon":
            return 1.0 if a == _KEEP_MOON else 0.0
        return 0.0

    def _chain(self, v: _View, a) -> float:
        """Start with the card the most of the hand can link to; link whatever links,
        kickers first; on other players' chains, link too (our cards resolve for us)."""
        if not isinstance(a, Play):
            return 0.0
        cid = a.card
        if v.obs["wtype"][cid] is not None:
            return 5.0  # the chain wound: discard it, draw a card
        card = v.card(cid)
        score = 10.0 + (card.cost or 0)
        if v.obs["kind"] == "chain_start":
            score += 3 * sum(1 for c in v.hand if c != cid and v.card(c).is_order
                             and v.card(c).colour in card.link_colours)
        elif v.obs["chain"]:
            last = v.card(v.obs["chain"][-1]["card"])
            if card.kicker is not None and card.kicker.colour == last.colour:
                score += 12  # a kicker is a second effect for the same card (rule 135)
        if card.is_minion:
            score += 2 + (card.strength or 0)
        return score

    def _claim(self, v: _View, a) -> float:
        """Discard wounds for influence first, then the rest of the hand (1 influence a
        card, rule 144: the cleanup draws back up to 5, rule 153, so a card kept costs a
        fresh draw); claim the best card it can afford that fits its colours; stop when
        nothing good is left. (Keeping orders unless saving up for a dear card won 89.5%
        against ``random``; discarding the whole hand won 400 of 400 and 85% against the
        old rule.)"""
        if isinstance(a, Done):
            return 0.5
        if isinstance(a, Discard):
            if v.obs["wtype"][a.card] is not None:
                return 50.0
            return 40.0 - v.card_value(a.card) / 100  # the cheapest first
        archive = v.obs["archives"][a.archive]
        card = v.game.card(archive["card"])
        fit = 2.0 if card.colour in v.my_colours() else 0.0
        punch = 1.5 * (card.strength or 0) + (2.0 if "damage" in (card.chain or "") else 0.0)
        return 1.0 + (card.cost or 0) + fit + punch

    def _block(self, v: _View, a) -> float:
        """Block the attacker nobody blocks yet, the strongest first (the decision's
        ``attacks`` say which attacker each ``Block`` is for)."""
        if not isinstance(a, Block):
            return 0.0
        attacks = v.obs["combat"] or []
        if a.attack >= len(attacks):
            return 0.0
        attacker = attacks[a.attack]
        unblocked = 1.0 if not attacker["blockers"] else 0.0
        return 1.0 + unblocked + 0.1 * (v.card(attacker["attacker"]).strength or 0)

    def _target_minion(self, v: _View, m: int) -> float:
        """Hostile verbs aim at the leader's minions, the weakest to finish first;
        friendly verbs (strength, restore) at our own. A fight (Dog Eat Dog) first picks
        the minion that inflicts the damage (our strongest), then the one that takes it."""
        info = v.obs["minions"][str(m)]
        mine = info["controller"] == v.me
        op = v.top_op()
        if op == "fight":
            return self._fighter(v, m, info, mine)
        if op in HOSTILE_OPS:
            if mine:
                return -100.0
            health = (v.card(m).health or 0) - info["damage"]
            return 10.0 - v.wounds[info["controller"]] * 0.1 - health
        return 10.0 if mine else -10.0

    @staticmethod
    def _fighter(v: _View, m: int, info: dict[str, Any], mine: bool) -> float:
        """Dog Eat Dog: "Target minion inflicts damage equal to its strength on another
        target minion." The inflicting minion: ours, the strongest (else the strongest
        other one, to hit another opponent's minion). The one that takes the damage: an
        opponent's minion the damage destroys, the dearest first, else the one it hurts
        most; our own only if nothing else is left, the cheapest."""
        card = v.card(m)
        first = v.obs["decision"]["first"]
        if first is None:
            return (20.0 if mine else 0.0) + (card.strength or 0)
        hit = v.card(first).strength or 0
        if mine:
            return -100.0 - (card.cost or 0)
        health = (card.health or 0) - info["damage"]
        return 10.0 + (10.0 + (card.cost or 0) if hit >= health else min(hit, health)) \
            - v.wounds[info["controller"]] * 0.1

    def _target_player(self, v: _View, p: int) -> float:
        op = v.top_op()
        if op == "archive_to_deck":  # Unholy Resurrection's kicker: two archive cards for us
            return 100.0 if p == v.me else -v.wounds[p]
        if op in HOSTILE_OPS or op == "continuous":
            return -100.0 if p == v.me else -v.wounds[p]
        return 100.0 if p == v.me else 0.0

    def _combat(self, v: _View, a) -> float:
        """Combat text when it helps this combat (rules 81-84): a card that places itself
        into play ("Banner 89") before attacks on our turn, so it can attack, or once
        attacks are declared on another's, so it can block; text spent by discarding the
        card (the strength wound, "Bone Cruncher") only on our turn once our attackers are
        declared. Otherwise the card is kept for the chain."""
        if not isinstance(a, Play):
            return 0.0
        card = v.card(a.card)
        attacks = bool(v.obs["combat"])
        ours = v.obs["active"] == v.me
        if card.type != "wound" and v.game.effects.texts(card.id).combat_keeps_card:
            return 0.5 if (ours and not attacks) or (not ours and attacks) else -1.0
        return 0.5 if ours and attacks else -1.0


class _View:
    """Facts read from one observation."""

    def __init__(self, game, obs: dict[str, Any]) -> None:
        self.game = game
        self.obs = obs
        self.me = obs["viewer"]
        self.hand = obs["hand"]
        n = len(obs["hand_sizes"])
        self.wounds = [0] * n
        for cid, owner in enumerate(obs["owner"]):
            if owner >= 0 and obs["wtype"][cid] is not None:
                self.wounds[owner] += 1

    def card(self, cid: int):
        return self.game.card(self.obs["cards"][cid])

    def card_value(self, cid: int) -> float:
        if self.obs["wtype"][cid] is not None:
            return -5.0
        return float(self.card(cid).cost or 0)

    def archive_value(self, k: int) -> float:
        return float(self.game.card(self.obs["archives"][k]["card"]).cost or 0)

    def my_colours(self) -> set[str]:
        return {self.game.card(cid).colour for cid, owner in zip(self.obs["cards"], self.obs["owner"])
                if owner == self.me and self.game.card(cid).colour}

    def spare_cards(self) -> int:
        return sum(1 for c in self.hand if self.obs["wtype"][c] is not None) + max(0, len(self.hand) - 3)

    def top_op(self) -> str | None:
        """The verb of the card text choosing a target (the decision context's)."""
        decision = self.obs.get("decision")
        return decision.get("verb") if decision else None
