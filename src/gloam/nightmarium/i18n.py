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

from collections.abc import Sequence
from typing import Any

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
    t: dict[str, Any] = _PROMPTS[_lang(lang)]   # sentences, and the turn's two "which" words
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
    return str(t[kind])


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
    abilities = [name for c in reversed(creature) if (name := ability_name(game.ability[c], "ja")) is not None]
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


# ---------------------------------------------------------------------- Japanese event lines
#: the log's Japanese lines: an event type (or a type and its variant) -> its template. The
#: parameters are made by :func:`event_line_ja` from the (already redacted) event: ``who``
#: and ``target`` are players ("あなた" for the viewer), ``cards`` card codes, ``card`` a code
#: (with its ability where the English line shows it), the rest numbers and names.
EVENTS_JA = {
    "setup": "新しいゲーム: {players}人、クリーチャーを先に{creatures}体完成させたプレイヤーの勝利。{who}が最初のプレイヤー",
    "deal_cards": "{who}に配られたカード: {cards}",
    "deal": "{who}にカードが{count}枚配られた",
    "turn": "ターン{turn}: {who}のターン",
    "draw_discard": "{who}は捨てた分として{what}を引いた",
    "draw_discard_none": "{who}は捨てた分のカードを引かなかった",
    "draw": "{who}は{what}を引いた{why}",
    "draw_none": "{who}はカードを引かなかった{why}",
    "draw_count": "カード{count}枚",
    "why_mourner": "（泣き女）",
    "discard": "{who}は{card}を捨てた{tail}",
    "tail_penalty": "（同軍団ペナルティ）",
    "play": "{who}は{card}を{where}の{part}として出した{source}",
    "play_new": "新しいクリーチャー{n}",
    "play_old": "クリーチャー{n}",
    "source_songbird": "（歌鳥による）",
    "source_mockingbird": "（物真似鳥による）",
    "complete": "{who}はクリーチャー{n}を完成させた（{k}体目）。能力: {abilities}",
    "same_legion": "すべて{legion}！{who}の各相手は{legion}のカードを1枚捨てる（なければカード2枚）",
    "ability": "{who}の{ability}を解決",
    "reveal": "歌鳥が{cards}を公開した",
    "discard_revealed": "出されなかった公開カードは捨て札になった: {cards}",
    "execute": "処刑人: {who}は{target}のクリーチャー{n}から{card}を手札に取った",
    "scavenge": "屍肉漁り: {who}は{target}のクリーチャー{n}（{cards}）を捨て札にした",
    "devour": "貪食者: {who}は自分のクリーチャー{n}から{card}を捨て札にした",
    "stop": "{ability}は解決できない（{why}）: 解決はここで止まる{skipped}",
    "skipped": "（飛ばした能力: {abilities}）",
    "win": "{who}は完成したクリーチャー{n}体で勝利！",
    "turn_limit": "ターン上限（{turns}ターン）に達した: 勝者なしでゲーム終了",
    "dead_position": "どのカードももう出せない（ターン{turns}）: 勝者なしでゲーム終了",
    "reshuffle": "山札が尽きた: 捨て札（{count}枚）をシャッフルして新しい山札にした",
    "no_action": "{who}は手札がなく引くカードもない: {lost}",
    "lost_2": "このターンの2つのアクションを失った",
    "lost_1": "このターン最後のアクションを失った",
    "penalty_empty_hand": "{who}はペナルティで捨てるカードがない",
}

#: why an ability cannot resolve (rule 201), by ability index, in Japanese
_NO_TARGET_JA = ("山札も捨て札も空", "山札も捨て札も空", "手札に出せるカードがない",
                 "クリーチャーを持つ相手がいない", "未完成のクリーチャーを持つ相手がいない",
                 "食べられる別のクリーチャーがない")


def _ability_ja(name: str) -> str:
    """An ability named in English in an event, in Japanese."""
    return _ABILITY["ja"][ABILITIES.index(name)] if name in ABILITIES else name


def _legion_ja(name: str) -> str:
    return _LEGION["ja"][LEGIONS.index(name)] if name in LEGIONS else name


def event_line_ja(game: Any, event: dict[str, Any], names: Sequence[str] | None = None,
                  you: int | None = None) -> str:
    """One Japanese line for an event of :attr:`NightmariumState.events` (already redacted
    for its viewer ``you``, who is "あなた"). Card codes stay as printed.

    >>> from gloam.nightmarium.game import NightmariumGame
    >>> game = NightmariumGame(players=2)
    >>> event_line_ja(game, {"type": "draw", "player": 1, "count": 2, "reason": "draw"}, ["Ann", "Bob"])
    'Bobはカード2枚を引いた'
    >>> event_line_ja(game, {"type": "draw", "player": 0, "count": 1, "cards": [0], "reason": "draw"}, None, 0)
    'あなたはNEC-01を引いた'
    """
    t, e = EVENTS_JA, event

    def who(p: int) -> str:
        if p == you:
            return "あなた"
        return names[p] if names is not None and 0 <= p < len(names) else f"プレイヤー{p + 1}"

    def code(c: int) -> str:
        return game.composition.cards[c].code

    def with_ability(c: int) -> str:
        ability = ability_name(game.ability[c], "ja")
        return f"{code(c)}（{ability}）" if ability else code(c)

    def what(count: int) -> str:
        return _codes_ja(game, e["cards"]) if "cards" in e and count else t["draw_count"].format(count=count)

    kind = e.get("type", "")
    if kind == "setup":
        return t["setup"].format(players=e["players"], creatures=e["creatures"], who=who(e["first_player"]))
    if kind == "deal":
        if "cards" in e:
            return t["deal_cards"].format(who=who(e["player"]), cards=_codes_ja(game, e["cards"]))
        return t["deal"].format(who=who(e["player"]), count=e["count"])
    if kind == "turn":
        return t["turn"].format(turn=e["turn"], who=who(e["player"]))
    if kind == "draw":
        count, reason = e["count"], e.get("reason", "")
        if reason == "discard":
            key = "draw_discard" if count else "draw_discard_none"
            return t[key].format(who=who(e["player"]), what=what(count))
        why = t["why_mourner"] if reason == "mourner" else ""
        return t["draw" if count else "draw_none"].format(who=who(e["player"]), what=what(count), why=why)
    if kind == "discard":
        tail = t["tail_penalty"] if e.get("reason") == "penalty" else ""
        return t["discard"].format(who=who(e["player"]), card=card_label_ja(game, e["card"]), tail=tail)
    if kind == "play":
        where = t["play_new" if e["part"] == "legs" else "play_old"].format(n=e["creature"] + 1)
        source = t.get(f"source_{e.get('source', '')}", "")
        return t["play"].format(who=who(e["player"]), card=with_ability(e["card"]), where=where,
                                part=part_name(e["part"], "ja"), source=source)
    if kind == "complete":
        abilities = "、".join(_ability_ja(a) for a in e["abilities"]) if e["abilities"] else "なし"
        return t["complete"].format(who=who(e["player"]), n=e["creature"] + 1, k=e["complete"], abilities=abilities)
    if kind == "same_legion":
        return t["same_legion"].format(legion=_legion_ja(e["legion"]), who=who(e["player"]))
    if kind == "ability":
        return t["ability"].format(who=who(e["player"]), ability=_ability_ja(e["ability"]))
    if kind in ("reveal", "discard_revealed"):
        return t[kind].format(cards=_codes_ja(game, e["cards"]))
    if kind in ("execute", "scavenge"):
        return t[kind].format(who=who(e["player"]), target=who(e["target"]), n=e["creature"] + 1,
                              card=code(e["card"]) if "card" in e else "",
                              cards=_codes_ja(game, e.get("cards", [])))
    if kind == "devour":
        return t["devour"].format(who=who(e["player"]), n=e["creature"] + 1, card=code(e["card"]))
    if kind == "stop":
        why = _NO_TARGET_JA[ABILITIES.index(e["ability"])] if e["ability"] in ABILITIES else "有効な対象がない"
        skipped = (t["skipped"].format(abilities="、".join(_ability_ja(a) for a in e["skipped"]))
                   if e.get("skipped") else "")
        return t["stop"].format(ability=_ability_ja(e["ability"]), why=why, skipped=skipped)
    if kind == "win":
        return t["win"].format(who=who(e["player"]), n=e["creatures"])
    if kind in ("turn_limit", "dead_position"):
        return t[kind].format(turns=e["turns"])
    if kind == "reshuffle":
        return t["reshuffle"].format(count=e["count"])
    if kind == "no_action":
        return t["no_action"].format(who=who(e["player"]), lost=t["lost_2" if e["actions"] == 2 else "lost_1"])
    if kind == "penalty_empty_hand":
        return t["penalty_empty_hand"].format(who=who(e["player"]))
    data = ", ".join(f"{k}={v}" for k, v in e.items() if k != "type")
    return f"{e.get('type', 'event')}: {data}"
