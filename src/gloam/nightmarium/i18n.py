"""Nightmarium's words in English and Japanese: Legion, part and ability names, ability
reminders, decision prompts and the Japanese option labels.

There is no Japanese Nightmarium rulebook. Every Japanese string here is **gloam's own
plain translation**, not an official name: Legions are transliterated (ネクロムンクルス …),
abilities translated by meaning (Songbird 歌鳥, Mourner 泣き女, Mockingbird 物真似鳥,
Executioner 処刑人, Scavenger 屍肉漁り, Devourer 貪食者). The English strings are the
seed's (004) names. Pure functions of plain data, no I/O.

>>> legion_name(0, "ja"), ability_name(3, "ja"), part_name("head", "ja")
('ネクロムンクルス', '処刑人', '頭')
>>> prompt_text("discard", lang="ja", discarded=3)
'カードを捨てるか、やめる（3枚捨てた：1枚引く）'
"""

from __future__ import annotations

from typing import Any, Sequence

from gloam.core.errors import SetupError
from gloam.nightmarium.actions import NEW, Discard, DiscardCard, Draw, Play, StopDiscarding, Target
from gloam.nightmarium.cards import ABILITIES, LEGIONS, NO_ABILITY, PARTS

#: the languages every name, prompt and label is given in
LANGS = ("en", "ja")

_LEGION = {"en": LEGIONS, "ja": ("ネクロムンクルス", "コンストリクト", "キメリド", "マンスター")}
_ABILITY = {"en": ABILITIES, "ja": ("歌鳥", "泣き女", "物真似鳥", "処刑人", "屍肉漁り", "貪食者")}
_PART = {"en": {p: p for p in PARTS}, "ja": {"legs": "脚", "body": "胴", "head": "頭"}}

#: one-line reminders of what each ability does (seed 004, rules 204-209), by ability index
_ABILITY_TEXT = {
    "en": ("reveal 2 cards from the deck and play them if you can",
           "draw 2 cards",
           "play 1 card from your hand",
           "take the top card of an opponent's creature into your hand",
           "discard an opponent's incomplete creature",
           "discard the top card of another of your creatures"),
    "ja": ("山札から2枚を公開し、出せるなら出す",
           "カードを2枚引く",
           "手札から1枚を出す",
           "相手のクリーチャーの一番上のカードを手札に加える",
           "相手の未完成のクリーチャーを捨て札にする",
           "自分の別のクリーチャーの一番上のカードを捨て札にする"),
}

_PROMPTS = {
    "en": {
        "turn": "Choose your {which} action: draw, discard, or play a card{extra}",
        "turn_which": ("first", "second"),
        "turn_extra": " (a play must be {legion})",
        "discard": "Discard a card, or stop ({discarded} discarded: draw {draws})",
        "penalty_any": "Same-Legion penalty: you have no {legion} card, discard {need} card(s)",
        "penalty": "Same-Legion penalty: discard a {legion} card",
        "songbird": "Songbird: play a revealed card",
        "mockingbird": "Mockingbird: play a card from your hand",
        "executioner": "Executioner: take the top card of an opponent's Creature",
        "scavenger": "Scavenger: discard an opponent's incomplete Creature",
        "devourer": "Devourer: discard the top card of another of your Creatures",
        "over": "The game is over",
    },
    "ja": {
        "turn": "{which}のアクションを選ぶ：引く、捨てる、またはカードを出す{extra}",
        "turn_which": ("1つ目", "2つ目"),
        "turn_extra": "（出すカードは{legion}）",
        "discard": "カードを捨てるか、やめる（{discarded}枚捨てた：{draws}枚引く）",
        "penalty_any": "同軍団ペナルティ：{legion}のカードがないので{need}枚捨てる",
        "penalty": "同軍団ペナルティ：{legion}のカードを1枚捨てる",
        "songbird": "歌鳥：公開されたカードを出す",
        "mockingbird": "物真似鳥：手札からカードを出す",
        "executioner": "処刑人：相手のクリーチャーの一番上のカードを取る",
        "scavenger": "屍肉漁り：相手の未完成のクリーチャーを捨て札にする",
        "devourer": "貪食者：自分の別のクリーチャーの一番上のカードを捨て札にする",
        "over": "ゲーム終了",
    },
}


def _lang(lang: str) -> str:
    """``lang`` if gloam speaks it, else a :class:`SetupError` (as Nightfall's)."""
    if not isinstance(lang, str) or lang not in LANGS:
        raise SetupError(f"unknown language {lang!r}: use one of {', '.join(LANGS)}")
    return lang


def legion_name(legion: int, lang: str = "en") -> str:
    """A Legion's name (rule 188) in ``lang``."""
    return _LEGION[_lang(lang)][legion]


def ability_name(ability: int, lang: str = "en") -> str | None:
    """An ability's name in ``lang`` (``None`` for a card without one)."""
    return None if ability == NO_ABILITY else _ABILITY[_lang(lang)][ability]


def ability_text(ability: int, lang: str = "en") -> str:
    """What an ability does, in one line (rules 204-209)."""
    return _ABILITY_TEXT[_lang(lang)][ability]


def part_name(part: str, lang: str = "en") -> str:
    """``legs`` / ``body`` / ``head`` in ``lang``."""
    return _PART[_lang(lang)][part]


def prompt_text(kind: str, lang: str = "en", *, actions_left: int = 2, first_legion: int = -1,
                discarded: int = 0, legion: int = -1, pen_any: bool = False, pen_need: int = 0) -> str:
    """The one-line prompt of a decision of ``kind`` (a :class:`NightmariumKind` value)."""
    t = _PROMPTS[_lang(lang)]
    if kind == "turn":
        extra = ""
        if actions_left == 1 and first_legion >= 0:
            extra = t["turn_extra"].format(legion=legion_name(first_legion, lang))
        return t["turn"].format(which=t["turn_which"][2 - actions_left], extra=extra)
    if kind == "discard":
        return t["discard"].format(discarded=discarded, draws=discarded // 2)
    if kind == "penalty":
        key = "penalty_any" if pen_any else "penalty"
        return t[key].format(legion=legion_name(legion, lang), need=pen_need)
    return t[kind]


# ---------------------------------------------------------------------- Japanese labels
def card_label_ja(game: Any, card: int) -> str:
    """``"NEC-01 ネクロムンクルス 脚（歌鳥）"``: code, Legion, parts, ability."""
    c = game.composition.cards[card]
    ability = ability_name(c.ability, "ja") or "能力なし"
    parts = "/".join(part_name(p, "ja") for p in c.part_names)
    return f"{c.code} {legion_name(c.legion, 'ja')} {parts}（{ability}）"


def _codes_ja(game: Any, cards: Sequence[int]) -> str:
    return "、".join(game.composition.cards[c].code for c in cards) if cards else "なし"


def _whose_ja(player: int, actor: int) -> str:
    return "あなたの" if player == actor else f"プレイヤー{player + 1}の"


def action_label_ja(game: Any, observation: dict[str, Any], action: Any) -> str:
    """The Japanese label of legal option ``action`` of the decision in ``observation``
    (the acting player's observation), phrased for the acting player."""
    obs = observation
    actor = obs["to_act"] if obs["to_act"] >= 0 else obs["active"]
    mode = obs["mode"]
    match action:
        case Draw():
            return "カードを1枚引く"
        case Discard():
            return "捨て始める（2枚捨てるごとに1枚引く）"
        case StopDiscarding():
            k = obs["discarded"]
            return f"捨てるのをやめて{k // 2}枚引く（{k}枚捨てた）"
        case DiscardCard(card=card):
            return f"{card_label_ja(game, card)}を捨てる"
        case Play(card=card, slot=slot):
            return _play_ja(game, obs, actor, mode, card, slot)
        case Target(player=who, creature=idx):
            return _target_ja(game, obs, actor, mode, who, idx)
    raise ValueError(f"{action!r} is not a Nightmarium action")


def _play_ja(game: Any, obs: dict[str, Any], actor: int, mode: str, card: int, slot: int) -> str:
    prefix = {"songbird": "歌鳥：公開された", "mockingbird": "物真似鳥："}.get(mode, "")
    code = game.composition.cards[card].code
    mine = obs["creatures"][actor]
    if slot == NEW:
        return f"{prefix}{code}を新しいクリーチャー（{len(mine) + 1}）の脚として出す"
    creature = mine[slot]
    part = part_name(PARTS[len(creature)], "ja")
    text = f"{prefix}{code}を{_whose_ja(actor, actor)}クリーチャー{slot + 1}の{part}として出す"
    if len(creature) == 2:
        text += "：" + _completion_ja(game, obs, actor, creature + [card])
    return text


def _completion_ja(game: Any, obs: dict[str, Any], actor: int, creature: list[int]) -> str:
    done = 1 + sum(1 for c in obs["creatures"][actor] if len(c) == 3)
    if done >= obs["setup"]["creatures"]:
        return f"完成して{done}体目、ゲームに勝利"
    abilities = [ability_name(game.ability[c], "ja") for c in reversed(creature) if game.ability[c] != NO_ABILITY]
    text = "完成して" + ("、".join(abilities) + "を解決" if abilities else "能力なし")
    legions = {game.legion[c] for c in creature}
    if len(legions) == 1:
        text += f"。すべて{legion_name(legions.pop(), 'ja')}なので相手は捨てる"
    return text


def _target_ja(game: Any, obs: dict[str, Any], actor: int, mode: str, who: int, idx: int) -> str:
    where = f"{_whose_ja(who, actor)}クリーチャー{idx + 1}"
    creatures = obs["creatures"][who]
    if idx >= len(creatures):
        return f"{where}を対象にする"
    creature = creatures[idx]
    top = game.composition.cards[creature[-1]].code
    part = part_name(PARTS[len(creature) - 1], "ja")
    if mode == "scavenger":
        return f"屍肉漁り：{where}（{_codes_ja(game, creature)}）を捨て札にする"
    if mode == "devourer":
        return f"貪食者：{where}の{top}（{part}）を捨て札にする"
    note = "（完成したクリーチャーを崩す）" if len(creature) == 3 else ""
    return f"処刑人：{where}の{top}（{part}）を手札に取る{note}"
