"""English and Japanese labels for Nightfall's terminal game (string tables only, no I/O).

Every table maps a key to ``{"en": …, "ja": …}``; a test checks that each key has both.
The Japanese vocabulary is taken from seed 002 (the Japanese Coldest War rulebook,
version 1.3) wherever it gives a word: the phases (戦闘フェイズ, チェーンフェイズ, 獲得フェイズ,
クリンナップフェイズ), the zones (手札, デッキ, 捨て札パイル, 場, 共有物, 個人アーカイブ,
負傷の山札), the keywords (吸血鬼, 獣人, グール, ハンター), the colours it names (白, 青, 金, 緑,
赤), the wound types (噛み傷, 火傷, 出血), the wound effects (カードドロー効果, 戦力効果,
チェーン効果), the text blocks (チェーン:, 君のチェーン:, 戦闘:, 君の戦闘:, 場:, キッカー,
フィード:), the moon choices and the glossary's verbs (引く, 捨てる, 追放, 破壊, 獲得, 影響力,
リンク, ブロック, 攻撃). Words the seed does not give (purple 紫, "Global" 全体, the menu and
prompt sentences) are gloam's translations in the same terminology.

Card names come from the card data's ``name_ja`` (seed 002 for The Coldest War); a card
without one (moons, wounds, most cards of the other sets) keeps its English name. Card
TEXTS stay English: the seeds give no Japanese card texts.

>>> text("phase", "claim", "ja")
'獲得フェイズ'
>>> fill("event", "resolve", "ja", card="クレバーイワン")
'クレバーイワンを解決'
"""

from __future__ import annotations

import re
from typing import Any

from gloam.core.errors import SetupError

LANGS = ("en", "ja")
JA_SOURCE = "002 Japanese CW rulebook"


def check_lang(lang: Any) -> str:
    """``lang`` if gloam speaks it, else a :class:`SetupError` naming the choices."""
    if lang not in LANGS:
        raise SetupError(f"unknown language {lang!r}: use one of {', '.join(LANGS)}")
    return lang


def _t(en: str, ja: str) -> dict[str, str]:
    return {"en": en, "ja": ja}


# The phases (seed 002, "ターン進行": 戦闘フェイズ, チェーンフェイズ, 獲得フェイズ, クリンナップフェイズ).
PHASES = {
    "combat": _t("Combat Phase", "戦闘フェイズ"),
    "chain": _t("Chain Phase", "チェーンフェイズ"),
    "claim": _t("Claim Phase", "獲得フェイズ"),
    "cleanup": _t("Cleanup Phase", "クリンナップフェイズ"),
    "setup": _t("Setup Phase", "準備"),  # seed 002: 準備 / ゲームの準備
    "draft": _t("Draft Phase", "ドラフト"),  # seed 002: ドラフト
    "over": _t("Game over", "ゲーム終了"),  # seed 002: ゲームの終了
}

# What the pending decision asks for, shown above the options. English is the decision
# kind as the terminal has always shown it; Japanese is a short sentence.
DECISIONS = {
    "combat_window": _t("combat window", "戦闘テキストを使うか選ぶ"),
    "attack": _t("attack", "攻撃に送り込むミニオンを選ぶ"),
    "block": _t("block", "ブロックするミニオンを選ぶ"),
    "chain_start": _t("chain start", "チェーンを開始するか選ぶ"),
    "link": _t("link", "チェーンにリンクするか選ぶ"),
    "feed": _t("feed", "フィードするか選ぶ"),
    "claim": _t("claim", "獲得するカードを選ぶ"),
    "wound_effect": _t("wound effect", "負傷効果を使うか選ぶ"),
    "moon": _t("moon", "月の満ち欠けを調整する"),
    "order_blockers": _t("order blockers", "ダメージをブロックするミニオンの順番を選ぶ"),
    "order_events": _t("order events", "同時イベントの解決順を選ぶ"),
    "draft": _t("draft", "ドラフトカードを選ぶ"),
    "starters": _t("starters", "初期ミニオンを選ぶ"),
    "target_minion": _t("target minion", "対象のミニオンを選ぶ"),
    "target_player": _t("target player", "対象のプレイヤーを選ぶ"),
    "target_card": _t("target card", "対象のカードを選ぶ"),
    "target_archive": _t("target archive", "対象のアーカイブを選ぶ"),
    "target_order": _t("target order", "対象の指令を選ぶ"),
    "choose_discard": _t("choose discard", "捨てるカードを選ぶ"),
    "choose_wounds": _t("choose wounds", "置き換える負傷カードを選ぶ"),
    "may_discard": _t("may discard", "捨てるカードを選ぶ（任意）"),
    "optional": _t("optional", "実行するか選ぶ"),
    "over": _t("over", "ゲーム終了"),
}

# Zones (seed 002 glossary: 手札, デッキ, 捨て札パイル, 場, アーカイブ, 共有物, 個人アーカイブ, 負傷の山札).
ZONES = {
    "hand": _t("hand", "手札"),
    "deck": _t("deck", "デッキ"),
    "deck_top": _t("deck top", "デッキの一番上"),
    "discard": _t("discard", "捨て札パイル"),
    "play": _t("play", "場"),
    "archives": _t("Archives", "アーカイブ"),
    "commons": _t("commons", "共有物"),
    "private": _t("private archive", "個人アーカイブ"),
    "chain": _t("chain", "チェーン"),
    "wound_stack": _t("wound stack", "負傷の山札"),
    "exile": _t("exile", "追放"),
}

# Colours (seed 002: 白, 青, 金, 緑 in the linking example, 赤 and 黄 for card names;
# purple is not named there: 紫 is gloam's word).
COLOURS = {
    "red": _t("red", "赤"),
    "blue": _t("blue", "青"),
    "gold": _t("gold", "金"),
    "green": _t("green", "緑"),
    "purple": _t("purple", "紫"),
    "white": _t("white", "白"),
}

# Keywords, the minions' kinds (seed 002, "ミニオンの詳細": 吸血鬼, 獣人, グール, ハンター).
KEYWORDS = {
    "vampire": _t("vampire", "吸血鬼"),
    "lycanthrope": _t("lycanthrope", "獣人"),
    "ghoul": _t("ghoul", "グール"),
    "hunter": _t("hunter", "ハンター"),
    "none": _t("none", "なし"),
}

# Wound types (seed 002, "準備": 噛み傷, 火傷, 出血) and wound effects ("ゲーム用具":
# カードドロー効果, 戦力効果, チェーン効果).
WOUND_TYPES = {
    "bite": _t("bite", "噛み傷"),
    "burn": _t("burn", "火傷"),
    "bleed": _t("bleed", "出血"),
}
WOUND_KINDS = {
    "card-draw": _t("card draw", "カードドロー効果"),
    "strength": _t("strength", "戦力効果"),
    "chain": _t("chain", "チェーン効果"),
}

# Card types (seed 002: ミニオン, アクション, 初期ミニオン, 負傷カード, 月の満ち欠けカード).
CARD_TYPES = {
    "minion": _t("minion", "ミニオン"),
    "starting-minion": _t("starting minion", "初期ミニオン"),
    "action": _t("action", "アクション"),
    "wound": _t("wound", "負傷"),
    "moon": _t("moon", "月の満ち欠け"),
}

# Text block labels as printed before a card's texts (seed 002: チェーン:, 君のチェーン:,
# 戦闘:, 君の戦闘:, 場:, キッカー, フィード:; "Global" is gloam's 全体).
TEXT_BLOCKS = {
    "chain": _t("Chain", "チェーン"),
    "your_chain": _t("Your Chain", "君のチェーン"),
    "combat": _t("Combat", "戦闘"),
    "your_combat": _t("Your Combat", "君の戦闘"),
    "in_play": _t("In Play", "場"),
    "kicker": _t("Kicker", "キッカー"),
    "feed": _t("Feed", "フィード"),
    "exile": _t("Exile", "追放"),
    "global": _t("Global", "全体"),
    "wound": _t("Wound", "負傷効果"),
}

# Why a card was discarded or exiled (event reasons).
REASONS = {
    "its own text": _t("its own text", "自身のテキスト"),
    "wound effect": _t("wound effect", "負傷効果"),
    "influence": _t("influence", "影響力"),
    "effect": _t("effect", "効果"),
    "cleanup": _t("cleanup", "クリンナップ"),
    "damage": _t("damage", "ダメージ"),
    "receive": _t("receive", "受ける"),
    "starter destroyed": _t("starter destroyed", "初期ミニオンの破壊"),
    "starter discarded": _t("starter discarded", "初期ミニオンを捨てた"),
}

# Continuous effects a card starts for the rest of the turn (event "effect").
EFFECT_KINDS = {
    "claim_free": _t("claim free", "コストなしで獲得"),
    "claim_to_deck": _t("claim to deck", "獲得したカードをデッキの一番上に置く"),
    "no_kickers": _t("no kickers", "キッカーなし"),
    "prevent_damage": _t("prevent damage", "ダメージを防ぐ"),
    "claim_opposing": _t("claim opposing", "敵の個人アーカイブから獲得できる"),
    "claim_opposing_any": _t("claim opposing any", "任意の敵のアーカイブから獲得できる"),
    "influence_double": _t("influence double", "影響力が2倍相当"),
    "draw_on_minion": _t("draw on minion", "ミニオンが出るたびにカードを引く"),
    "damage_on_enter": _t("damage on enter", "ミニオンが出るたびにダメージ"),
    "unblockable": _t("unblockable", "ブロックされない"),
    "unblockable_damage": _t("unblockable, its damage too", "ダメージもブロックされない"),
}

# The moon choices at the end of a turn (seed 002, "月の満ち欠け(オプション)"), and the
# event's verb for each.
MOON_CHOICES = {
    "keep": _t("Keep the moon phase", "月の満ち欠けをそのままにしておく"),
    "next": _t("Move the moon to the bottom and reveal the next",
               "現在の満ち欠けを山札の一番下に回し一番上のカードを表向きにする"),
    "shuffle": _t("Shuffle the moon stack and reveal the top card", "山札をシャッフルし一番上を公開する"),
}
MOON_DONE = {
    "keep": _t("keep", "そのままにした"),
    "next": _t("next", "一番下に回した"),
    "shuffle": _t("shuffle", "シャッフルした"),
}

# Option labels of a decision (describe_action), as format templates.
ACTIONS = {
    "pass": _t("Pass", "パス"),
    "pass_combat_window": _t("Pass (play no combat text)", "パス（戦闘テキストを使わない）"),
    "pass_chain_start": _t("Pass (start no chain)", "パス（チェーンを開始しない）"),
    "pass_wound_effect": _t("Pass (use no wound effect)", "パス（負傷効果を使わない）"),
    "pass_feed": _t("Pass (do not feed)", "パス（フィードしない）"),
    "done": _t("Done", "終了"),
    "done_link": _t("Stop linking", "リンクを終える"),
    "done_block": _t("Stop blocking", "ブロックを終える"),
    "done_claim": _t("End your Claim Phase", "獲得フェイズを終える"),
    "done_choose_wounds": _t("Stop discarding wounds and draw", "負傷カードを捨てるのをやめて引く"),
    "done_choose_discard": _t("Stop (nothing left to discard)", "終了（捨てるカードがない）"),
    "feed": _t("Feed: pay the price and resolve the text again", "フィード: 代償を支払いテキストをもう一度解決する"),
    "discard": _t("Discard {card}", "{card}を捨てる"),
    "discard_wound_too": _t("Discard {card} too (draw 2 more)", "{card}も捨てる（さらに2枚引く）"),
    "discard_influence": _t("Discard {card} for 1 influence", "{card}を捨てて影響力1を得る"),
    "target_minion": _t("Target {minion}, {owner}'s", "{owner}の{minion}を対象にする"),
    "target_minion_yours": _t("Target {minion}, yours", "あなたの{minion}を対象にする"),
    "choose": _t("Choose {card}", "{card}を選ぶ"),
    "target_self": _t("Target yourself", "自分を対象にする"),
    "target_player": _t("Target {player}", "{player}を対象にする"),
    "commons": _t("commons", "共有物"),
    "archive_of": _t("{player}'s archive", "{player}の個人アーカイブ"),
    "archive_yours": _t("your archive", "あなたの個人アーカイブ"),
    "claim_commons": _t("Claim {card} (cost {cost}) from the {whose}", "{whose}から{card}を獲得（コスト{cost}）"),
    "claim_private": _t("Claim {card} (cost {cost}) from {whose}", "{whose}から{card}を獲得（コスト{cost}）"),
    "claim_wound": _t("Claim {card} (cost {cost}) from the top of the {archive} archive ({whose})",
                      "{archive}のアーカイブ（{whose}）の上から{card}を獲得（コスト{cost}）"),
    "choose_archive": _t("Choose the {card} archive ({whose})", "{card}のアーカイブを選ぶ（{whose}）"),
    "option": _t("Option {n}", "選択肢{n}"),
    # draft picks (rules 20-22, 26, 30) and customised starting decks (rule 34)
    "draft_private": _t("Take {card} for a private archive ({summary})", "{card}を個人アーカイブにする（{summary}）"),
    "draft_commons": _t("Add {card} to the commons, face down ({summary})",
                        "{card}を裏向きで共有物に加える（{summary}）"),
    "draft_removed": _t("Remove {card} from the game ({summary})", "{card}をゲームから取り除く（{summary}）"),
    "draft_hidden": _t("a draft pick (hidden)", "ドラフトカードの選択（非公開）"),
    "choice_hidden": _t("a card you cannot see (hidden)", "見えないカードの選択（非公開）"),
    "starters": _t("Start with {cards}", "初期ミニオンは{cards}"),
    "starter_card": _t("{card} ({summary})", "{card}（{summary}）"),
    "starter_twice": _t("{count} × {card} ({summary})", "{card}×{count}（{summary}）"),
    "starter_and": _t(" + ", "＋"),
    "summary_cost": _t("cost {cost}", "コスト{cost}"),
    "summary_links": _t("links {links}", "リンク色{links}"),
    "summary_kicker": _t("kicker {colour}", "キッカー{colour}"),
    "summary_sep": _t(", ", "、"),
    "attack": _t("Send {minion} to attack {player}", "{minion}を{player}への攻撃に送り込む"),
    "block": _t("Block {attacker} with {blocker}", "{blocker}で{attacker}をブロックする"),
    "use_wound": _t("Use {card}: {text}", "{card}を使う: {text}"),
    "use_combat": _t("Use {card}'s combat text: {text}", "{card}の戦闘テキストを使う: {text}"),
    "start_chain": _t("Start the chain with {card} (links to {links})", "{card}でチェーンを開始する（リンク色: {links}）"),
    "link": _t("Link {card}{kicker}", "{card}をリンクする{kicker}"),
    "gets_kicker": _t(" — gets its kicker", " — キッカーを得る"),
    # optional texts ("you may …", verbs.py ``may``) and "you may discard … to …" (``may_discard``)
    "accept_optional": _t("Yes: {text} ({card})", "実行する: {text}（{card}）"),
    "decline_optional": _t("No: do not {text} ({card})", "実行しない: {text}（{card}）"),
    "may_discard": _t("Discard {card} to resolve the rest of {source}'s text",
                      "{card}を捨てて{source}のテキストの残りを解決する"),
    "decline_may_discard": _t("Pass: discard nothing (the rest of {source}'s text does not resolve)",
                              "パス: 何も捨てない（{source}のテキストの残りは解決しない）"),
    "next_affected": _t("{player} next", "次は{player}"),
    "order_blocker": _t("{minion} blocks this damage first", "{minion}がこのダメージを先にブロックする"),
    # what a target minion or player gets (the asking frame's op), after "Target …"
    "with_effect": _t("{target} ({effect})", "{target}（{effect}）"),
    "fx_damage": _t("{amount} damage", "{amount}ダメージ"),
    "fx_destroy": _t("destroy it", "破壊する"),
    "fx_restore": _t("restore {amount} health", "体力を{amount}回復"),
    "fx_restore_all": _t("restore all health", "体力をすべて回復"),
    "fx_strength": _t("+{amount} strength this turn", "このターン戦力+{amount}"),
    "fx_lasting_strength": _t("+{amount} strength until it leaves play", "場を離れるまで戦力+{amount}"),
    "fx_minion_to_deck": _t("on top of its owner's deck", "持ち主のデッキの一番上へ"),
    "fx_minion_to_hand": _t("back to its owner's hand", "持ち主の手札へ"),
    "fx_capture": _t("capture it into your hand", "奪って自分の手札へ"),
    "fx_take_control": _t("take control of it", "支配を得る"),
    "fx_attach_self": _t("attach {source} to it", "{source}をつける"),
    "fx_fight_first": _t("it inflicts damage equal to its strength", "戦力に等しいダメージを与える側"),
    "fx_fight_second": _t("it takes the damage", "ダメージを受ける側"),
    "fx_self_and_controller": _t("it damages itself and its controller", "自身とそのコントローラーにダメージ"),
    "fx_unblockable": _t("cannot be blocked this turn", "このターンブロックされない"),
    "fx_discard": _t("discards {amount} card(s)", "{amount}枚捨てる"),
    "fx_receive": _t("receives {amount} wound(s)", "負傷を{amount}枚受ける"),
    "fx_lose_influence": _t("loses {amount} influence", "影響力を{amount}失う"),
    "fx_inspect_discard": _t("look at the hand and choose a card to discard", "手札を見て捨てるカードを選ぶ"),
    "fx_archive_to_deck": _t("the archive's cards go on top of the deck", "アーカイブのカードをデッキの一番上へ"),
    "fx_no_kickers": _t("no kickers this turn", "このターンキッカーなし"),
    # a card or archive chosen for a text (``obs["in_flight"]["frames"][-1]["op"]`` says what it is for)
    "pick_tutor": _t("Draw {card} (then your deck is shuffled)", "{card}を引く（その後デッキをシャッフル）"),
    "pick_exile_discard": _t("Exile {card} from your discard pile", "捨て札パイルの{card}を追放する"),
    "pick_exile_order": _t("Exile {card} from your discard pile (its cost counts for the kicker)",
                           "捨て札パイルの{card}を追放する（キッカーではそのコストを使う）"),
    "pick_fetch": _t("Place {card} from your discard pile into {dest}", "捨て札パイルの{card}を{dest}に置く"),
    "pick_place_from_discard": _t("Place {card} from your discard pile into play",
                                  "捨て札パイルの{card}を場に出す"),
    "pick_resolve_from_hand": _t("Reveal {card} from your hand and resolve its chain text",
                                 "手札の{card}を公開してそのチェーンテキストを解決する"),
    "pick_inspect_discard": _t("Make {player} discard {card}", "{player}に{card}を捨てさせる"),
    "pick_mark_no_chain": _t("{card}: it will not resolve its chain text", "{card}: チェーンテキストを解決しない"),
    "pick_mark_chooser": _t("{card}: you choose its targets", "{card}: その対象はあなたが選ぶ"),
    "pick_mark_kicker": _t("{card}: it resolves its kicker", "{card}: キッカーを解決する"),
    "pick_mark": _t("Target {card} in the chain", "チェーンの{card}を対象にする"),
    "pick_archive_to_deck": _t("The {card} archive ({whose}) goes on top of a deck",
                               "{card}のアーカイブ（{whose}）をデッキの一番上に置く"),
    "pick_claim_free": _t("Claim {card} ({whose}) now for 0 influence", "今すぐ影響力0で{whose}から{card}を獲得"),
    "pick_wound_to_archive": _t("Put a wound on top of the {card} archive ({whose})",
                                "{card}のアーカイブ（{whose}）の上に負傷を置く"),
    "pick_archive_effect": _t("Target the {card} archive ({whose}): {kind} this turn",
                              "{card}のアーカイブ（{whose}）を選ぶ: このターン{kind}"),
}

# Event lines (describe_event). English templates take ``does`` ("Bob draws" / "You
# draw") and ``whose`` ("Bob's" / "your") from the code; Japanese ones take ``who``.
EVENTS = {
    "setup": _t("New game: {players} players, {face_up} face-up wounds",
                "新しいゲーム: {players}人、表向きの負傷{face_up}枚"),
    "setup_constructed": _t("New game: {players} players, constructed decks",
                            "新しいゲーム: {players}人、構築デッキ"),
    "turn": _t("Turn {turn}: {whose} turn", "ターン{turn}: {who}のターン"),
    "draw_cards": _t("{does} {cards}", "{who}はカードを引いた: {cards}"),
    "nothing": _t("nothing", "なし"),
    "this_card": _t("this card", "このカード"),
    "list_sep": _t(", ", "、"),
    "group_sep": _t("; ", "／"),
    "draw_count": _t("{does} {count} card{s}", "{who}はカードを{count}枚引いた"),
    "reshuffle": _t("{does} the discard pile into a new deck", "{who}は捨て札パイルをシャッフルして新しいデッキにした"),
    "discard": _t("{does} {card} ({reason})", "{who}は{card}を捨てた（{reason}）"),
    "exile": _t("{card} is exiled ({reason})", "{card}は追放された（{reason}）"),
    "enter_play": _t("{card} comes into play for {who}", "{card}が{who}の場に出た"),
    "destroyed": _t("{card} is destroyed", "{card}は破壊された"),
    "discarded": _t("{card} is discarded", "{card}は捨てられた"),
    "wounds": _t("{does} {count} wound{s}", "{who}は負傷を{count}枚受けた"),
    "last_wound": _t("The last face-up wound is given: the game ends after this phase",
                     "表向きの負傷の最後の1枚が取られた: このフェイズの後にゲームは終了する"),
    "game_over": _t("Game over: {does} with the fewest wounds ({wounds})",
                    "ゲーム終了: 負傷が最も少ない{who}の勝利（{wounds}）"),
    "phase": _t("Claim Phase: {influence} influence", "獲得フェイズ: 影響力{influence}"),
    "combat_text": _t("{does} {card}'s combat text", "{who}は{card}の戦闘テキストを使った"),
    "attack": _t("{card} attacks {target}", "{card}が{target}を攻撃"),
    "block": _t("{card} blocks {attacker}", "{card}が{attacker}をブロック"),
    "damage": _t("{card} takes {amount} damage", "{card}に{amount}ダメージ"),
    "damage_from": _t("{source} deals {amount} damage to {card}", "{source}が{card}に{amount}ダメージ"),
    # whose card a line is about: the minion's controller, else the card's owner
    "owned_yours": _t("your {card}", "あなたの{card}"),
    "owned_by": _t("{player}'s {card}", "{player}の{card}"),
    "no_chain": _t("{does} no chain", "{who}はチェーンを開始しなかった"),
    "chain_start": _t("{does} the chain with {card}{kicker}", "{who}は{card}でチェーンを開始した{kicker}"),
    "chain_link": _t("{does} {card}{kicker}", "{who}は{card}をリンクした{kicker}"),
    "kicker_mark": _t(" (kicker)", "（キッカー）"),
    "chain_complete": _t("The chain is complete ({length} cards); it resolves last in, first out",
                         "チェーンが完成した（{length}枚）: 最後にプレイされたカードから解決する"),
    "resolve": _t("{card} resolves", "{card}を解決"),
    "kicker": _t("{card}'s kicker resolves", "{card}のキッカーを解決"),
    "feed": _t("{does} {card}", "{who}は{card}をフィードした"),
    "claim": _t("{does} {card} for {cost} influence", "{who}は影響力{cost}で{card}を獲得した"),
    "influence": _t("{does} {amount} influence", "{who}は影響力を{amount}得た"),
    "restore": _t("{card} regains {amount} health", "{card}は体力を{amount}回復した"),
    "restore_none": _t("{card} is unhurt: nothing to restore", "{card}は無傷のため回復しない"),
    "strength": _t("{card} gets +{amount} strength this turn", "{card}はこのターン戦力+{amount}"),
    "effect": _t("{who}: {kind} this turn", "{who}: このターン{kind}"),
    "fetch": _t("{does} {card} into {dest}", "{who}は{card}を{dest}に置いた"),
    "archive_to_deck": _t("{count} archive cards go on top of {whose} deck",
                          "アーカイブのカード{count}枚が{who}のデッキの一番上に置かれた"),
    "attach": _t("{card} is attached to {minion}", "{card}が{minion}につけられた"),
    "look_cards": _t("{does} at {whose} hand: {cards}", "{who}は{target}の手札を見た: {cards}"),
    "look": _t("{does} at {whose} hand", "{who}は{target}の手札を見た"),
    "look_deck_cards": _t("{does} through {whose} deck: {cards}", "{who}は{target}のデッキを見た: {cards}"),
    "look_deck": _t("{does} through {whose} deck", "{who}は{target}のデッキを見た"),
    "negated": _t("The moon negates the damage to {card}", "月の満ち欠けにより{card}へのダメージは無効になった"),
    "moon": _t("{who}: {choice} the moon; now {moon}", "{who}: 月の満ち欠けを{choice}。現在は{moon}"),
    # the team game (rule 178) and the constructed format (rules 166-173, reading 15)
    "game_over_team": _t("Game over: {team} win with the fewest wounds (team totals: {totals}; wounds: {wounds})",
                         "ゲーム終了: 負傷の合計が最も少ないチーム{team}の勝利（チーム合計: {totals}、負傷: {wounds}）"),
    "game_over_last": _t("Game over: {who_is} the last player left and wins (wounds: {wounds})",
                         "ゲーム終了: 最後に残った{who}の勝利（負傷: {wounds}）"),
    "game_over_none": _t("Game over: no winner (wounds: {wounds})", "ゲーム終了: 勝者なし（負傷: {wounds}）"),
    "constructed": _t("Constructed game: decks {decks}; each player takes wounds from their own wound stack"
                      " ({stacks}); a player whose stack runs out is eliminated, the last player left wins",
                      "構築デッキ戦: デッキ {decks}。各プレイヤーは自分の負傷の山札（{stacks}）から負傷を受け、"
                      "山札が尽きたプレイヤーは脱落し、最後に残ったプレイヤーの勝利"),
    "eliminated": _t("{who_is} eliminated: the wound stack is empty ({wounds} wounds)",
                     "{who}は脱落した: 負傷の山札が尽きた（負傷{wounds}枚）"),
    "wound_to_stack": _t("{card} goes to the bottom of {whose} wound stack instead of being exiled ({reason})",
                         "{card}は追放される代わりに{who}の負傷の山札の一番下に置かれた（{reason}）"),
    "unresolved": _t("{card} leaves the chain unresolved", "{card}は解決されずにチェーンから捨てられた"),
    "turn_limit": _t("The turn limit is reached after turn {turns}: the game stops",
                     "ターン上限に達した（ターン{turns}）: ゲームはここで止まる"),
    "first_player": _t("{does} first", "{who}が最初のプレイヤー"),
    # the drafts (rules 17-30), Secret Archives (rule 176), customised starting decks (rule 34)
    "draft": _t("The {procedure} draft begins: {dealt} draft cards each; face-up commons: {commons}",
                "{procedure}のドラフト開始: 各自{dealt}枚。表向きの共有物: {commons}"),
    "procedure_draft": _t("Coldest War", "コールデスト・ウォー方式"),
    "procedure_ml-draft": _t("Martial Law", "マーシャル・ロー方式"),
    "draft_hand_cards": _t("{does} {count} draft cards: {cards}", "{who}のドラフトカード（{count}枚）: {cards}"),
    "draft_hand": _t("{does} {count} draft cards", "{who}はドラフトカードを{count}枚受け取った"),
    "draft_pick_card": _t("{does} {card} (pick {pick}: {dest})", "{who}は{card}を選んだ（{pick}回目: {dest}）"),
    "draft_pick": _t("{does} a card, face down (pick {pick}: {dest})",
                     "{who}はカードを裏向きで選んだ（{pick}回目: {dest}）"),
    "draft_pass": _t("The draft hands pass to the {direction}", "ドラフトカードを{direction}隣に渡した"),
    "direction_left": _t("left", "左"),
    "direction_right": _t("right", "右"),
    "draft_reveal": _t("The draft is over. Private archives: {privates}. To the commons: {commons}",
                       "ドラフト終了。個人アーカイブ: {privates}。共有物へ: {commons}"),
    "draft_reveal_filled": _t("; filled from the set-aside cards: {cards}", "。残りのカードから補充: {cards}"),
    "whose_cards": _t("{player}: {cards}", "{player}：{cards}"),
    "face_down_count": _t("{count} face down", "裏向き{count}枚"),
    "secret_archives_cards": _t("{whose} secret archives (face down to the others): {cards}",
                                "{who}の秘密のアーカイブ（他のプレイヤーには裏向き）: {cards}"),
    "secret_archives": _t("{does} {count} secret archives, face down", "{who}は秘密のアーカイブ{count}つを裏向きで持つ"),
    "archive_revealed": _t("{whose} secret archive is turned face up: {card}",
                           "{who}の秘密のアーカイブが表向きになった: {card}"),
    "starters": _t("{does} {cards} as {colour} starting minions", "{who}の{colour}の初期ミニオン: {cards}"),
    # effects of the Martial Law, Nightfall and Blood Country cards
    "prevented": _t("{amount} damage to {who} is prevented", "{who}への{amount}ダメージは防がれた"),
    "to_hand": _t("{card} returns from play to {whose} hand", "{card}は場から{who}の手札に戻った"),
    "to_hand_capture": _t("{does} {card} from {from_who}: it goes to {whose} hand for good",
                          "{who}は{from_who}の{card}を奪い、自分の手札に加えた"),
    "lasting_strength": _t("{card} gets +{amount} strength until it leaves play",
                           "{card}は場を離れるまで戦力+{amount}"),
    "wound_to_archive": _t("{does} a face-down wound on top of {archive}", "{who}は{archive}の上に裏向きの負傷を置いた"),
    "archive_named": _t("the {card} archive ({whose})", "{card}のアーカイブ（{whose}）"),
    "control": _t("{does} control of {card} from {from_who}", "{who}は{from_who}から{card}の支配を得た"),
    "chain_kickers": _t("{whose} other orders in the chain will resolve their kickers ({card})",
                        "{who}のチェーン内の他の指令はキッカーを解決する（{card}）"),
    "new_archive": _t("{does} a new common archive of {size} cards; {card} on top",
                      "{who}は{size}枚で新たな共有物のアーカイブを作った。一番上は{card}"),
    "reveal": _t("{does} {card}", "{who}は{card}を公開した"),
    "lose_influence": _t("{does} {amount} influence", "{who}は影響力を{amount}失った"),
    "lose_influence_none": _t("{who} would lose {amount} influence but has none (not their turn)",
                              "{who}は影響力を{amount}失うが、手番でないため影響力を持たない"),
    "to_deck": _t("{card} goes from play on top of {whose} deck", "{card}は場から{who}のデッキの一番上に置かれた"),
    "mark_no_chain": _t("{card} will not resolve its chain text ({source})",
                        "{card}はチェーンテキストを解決しない（{source}）"),
    "mark_chooser": _t("{card}: its targets will be chosen by the player of {source}",
                       "{card}の対象は{source}のプレイヤーが選ぶ"),
    "mark_kicker": _t("{card} will resolve its kicker ({source})", "{card}はキッカーを解決する（{source}）"),
    "mark_twice": _t("{card} will resolve its chain and kicker texts twice ({source})",
                     "{card}はチェーンテキストとキッカーを2回解決する（{source}）"),
    "mark_other": _t("{card} is marked by {source}", "{card}は{source}の効果を受ける"),
}

# Events the log names without details (English: the event type, as always shown).
EVENT_NAMES = {
    "archive_revealed": _t("archive revealed", "アーカイブの公開"),
    "chain_kickers": _t("chain kickers", "チェーンのキッカー"),
    "constructed": _t("constructed", "構築デッキ"),
    "control": _t("control", "支配の移動"),
    "draft": _t("draft", "ドラフト"),
    "draft_hand": _t("draft hand", "ドラフトカードの配布"),
    "draft_pass": _t("draft pass", "ドラフトカードを渡す"),
    "draft_pick": _t("draft pick", "ドラフトカードの選択"),
    "draft_reveal": _t("draft reveal", "ドラフトカードの公開"),
    "eliminated": _t("eliminated", "脱落"),
    "first_player": _t("first player", "最初のプレイヤー"),
    "mark_order": _t("mark order", "順番の記録"),
    "new_archive": _t("new archive", "新たなアーカイブ"),
    "prevented": _t("prevented", "防がれた"),
    "reveal": _t("reveal", "公開"),
    "secret_archives": _t("secret archives", "秘密のアーカイブ"),
    "starters": _t("starters", "初期ミニオン"),
    "to_deck": _t("to deck", "デッキへ"),
    "to_hand": _t("to hand", "手札へ"),
    "turn_limit": _t("turn limit", "ターン上限"),
    "unresolved": _t("unresolved", "未解決"),
    "wound_to_archive": _t("wound to archive", "負傷をアーカイブへ"),
    "wound_to_stack": _t("wound to stack", "負傷を負傷の山札へ"),
}

# The terminal: the table, the prompts and the menus (cli/render_nightfall.py, cli/play.py).
UI = {
    "title": _t(" NIGHTFALL ", " ナイトフォール "),
    "you": _t("You", "あなた"),
    "player_n": _t("Player {n}", "プレイヤー{n}"),
    "whose_turn": _t("  turn {turn} · {whose} turn · {phase}", "  ターン{turn} · {who}のターン · {phase}"),
    "wound_stack": _t(" · wound stack: {face_up} face-up left{top}{moon}",
                      " · 負傷の山札: 表向き残り{face_up}枚{top}{moon}"),
    "wound_top": _t(", top {wtype}", "、一番上は{wtype}"),
    "moon_now": _t(" · moon: {name} ({text})", " · 月の満ち欠け: {name}（{text}）"),
    "col_player": _t("player", "プレイヤー"),
    "col_wounds": _t("wounds", "負傷"),
    "col_hand": _t("hand", "手札"),
    "col_deck": _t("deck", "デッキ"),
    "col_discard_top": _t("discard top", "捨て札の一番上"),
    "col_in_play": _t("in play (strength/health, attached)", "場（戦力/体力、つけられたカード）"),
    "col_archive": _t("archive", "アーカイブ"),
    "col_card": _t("card", "カード"),
    "col_cost": _t("cost", "コスト"),
    "col_type": _t("type", "種類"),
    "col_links": _t("links", "リンク色"),
    "col_kicker": _t("kicker", "キッカー"),
    "col_text": _t("text", "テキスト（英語）"),
    "archive_yours": _t("Your", "あなたの個人アーカイブ"),
    "archive_of": _t("{player}'s", "{player}の個人アーカイブ"),
    "gone": _t("{card} (gone)", "{card}（なし）"),
    "minion_stats": _t("minion {strength}/{health}", "ミニオン {strength}/{health}"),
    "links": _t("  links ", "  リンク色 "),
    "kicker": _t("  kicker ", "  キッカー "),
    "chain_top": _t("top → ", "一番上 → "),
    "chain_kicker": _t("  KICKER", "  キッカー"),
    "chain_title": _t("The chain (resolves from the top)", "チェーン（一番上から解決）"),
    "kicker_text": _t("{label} ({colour}): {text}", "{label}（{colour}）: {text}"),
    "hand_title": _t("Your hand ({count})", "あなたの手札（{count}）"),
    "log_title": _t("What happened", "出来事"),
    "log_empty": _t("nothing yet", "まだ何もない"),
    "status": _t("{who}: {decision}{influence}", "{who}の番: {decision}{influence}"),
    "status_influence": _t(" · {influence} influence", " · 影響力{influence}"),
    "hand_of": _t("{player}'s hand: ", "{player}の手札: "),
    # the draft panel (rules 17-30; seed 002: ドラフト) and customised starting decks (rule 34)
    "draft_title": _t("Draft · pick {pick} of {picks}: {where}", "ドラフト · {picks}回中{pick}回目: {where}"),
    "draft_where_private": _t("the card you choose becomes your private archive ({n} of {total})",
                              "選んだカードはあなたの個人アーカイブになる（{total}つ中{n}つ目）"),
    "draft_where_commons": _t("the card you choose goes to the commons, face down",
                              "選んだカードは裏向きで共有物に加わる"),
    "draft_where_removed": _t("the card you choose is removed from the game",
                              "選んだカードはゲームから取り除かれる"),
    "draft_hand": _t("Your draft hand ({count})", "あなたのドラフトカード（{count}枚）"),
    "draft_hand_of": _t("{player}'s draft hand: ", "{player}のドラフトカード: "),
    "draft_picks": _t("Your picks: ", "あなたが選んだカード: "),
    "draft_picks_of": _t("{player}'s picks: ", "{player}が選んだカード: "),
    "draft_passed": _t("Seen and passed on: ", "見て渡したカード: "),
    "draft_commons": _t("Commons (face up): ", "共有物（表向き）: "),
    "draft_none": _t("none yet", "まだない"),
    "draft_progress": _t("{player}: {picks} picked, {hand} in hand", "{player}: 選択済み{picks}枚、手元{hand}枚"),
    "dest_private": _t("private archive", "個人アーカイブ"),
    "dest_commons": _t("commons", "共有物"),
    "dest_removed": _t("removed", "除外"),
    "paren": _t(" ({text})", "（{text}）"),
    "face_down": _t("face down", "裏向き"),
    "starters_title": _t("Starting decks: choose two {colour} starting minions",
                         "初期デッキ: {colour}の初期ミニオンを2枚選ぶ"),
    "starters_of": _t("{player}: ", "{player}の初期ミニオン: "),
    "texts_english": _t("Card texts are in English.",
                        "カードのテキストは英語のままです（日本語ルールブック（種本002）には"
                        "カードテキストの日本語訳がないため）。"),
    "new_game": _t("New game", "新しいゲーム"),
    "final_seed": _t("Seed {seed} (deal this game again with --seed {seed})",
                     "シード {seed}（--seed {seed} で同じ配りを再現できます）"),
    "resumed": _t("Resumed ", "再開: "),
    "resumed_moves": _t(" · {moves} moves so far", " · ここまで{moves}手"),
    "kept_in": _t("The game's record is in ", "ゲームの記録: "),
    "save_holds_hands": _t("Pass-and-play: the save file ({path}) holds every player's hand; nobody should open it"
                           " during the game.",
                           "交代プレイ: セーブファイル（{path}）には全員の手札が記録されています。"
                           "ゲーム中は誰も開かないでください。"),
    "decision_of": _t("{player}'s decision", "{player}の選択"),
    "only_look": _t("\nOnly {player} should look at the screen now: it will show their hand.",
                    "\nこれから{player}の手札が表示されます。{player}以外は画面を見ないでください。"),
    "pass_to": _t("  Pass to ", "  交代: "),
    "press_enter": _t(", press Enter ", "に渡して Enter を押してください "),
    "choose": _t("Choose 1-{count}", "1-{count}から選ぶ"),
    "player_choose": _t("{player}, choose 1-{count}", "{player}: 1-{count}から選ぶ"),
    "quit_hint": _t(" (q = save and quit): ", "（q = 保存して終了）: "),
    "not_an_option": _t("“{answer}” is not an option: type a number from 1 to {count}, then Enter"
                        " (or q to save and quit).",
                        "「{answer}」は選べません: 1から{count}までの数字を入力して Enter を押してください"
                        "（q で保存して終了）。"),
    "saved_to": _t("Game saved to ", "ゲームを保存しました: "),
    "resume_with": _t("Resume it with: ", "再開するには: "),
    "replay_saved": _t("Replay saved to ", "リプレイを保存しました: "),
    "watch_with": _t(" — watch it with: ", " — 再生するには: "),
    "hints": _t("Hints: estimated win chance ({level} search, {samples} samples of the unseen cards)",
                "ヒント: 推定勝率（{level}探索、見えないカードの標本{samples}通り）"),
    "no_winner": _t("No winner: the game stopped at turn {turn}", "勝者なし: ターン{turn}でゲームが止まった"),
    "you_win": _t("You win", "あなたの勝利"),
    "wins": _t("{player} wins", "{player}の勝利"),
    # gloam replay (cli/replay.py)
    "replay": _t("Replay", "リプレイ"),
    "replay_of": _t(" of {source}: {game}, seed {seed}, {moves} moves", ": {source}（{game}、シード {seed}、{moves}手）"),
    "replay_a_record": _t("a record", "記録"),
    "replay_as": _t(" as seen by {player}", " {player}から見た盤面"),
    "replay_all": _t(" (all cards face up)", "（すべてのカードを表向きで表示）"),
    "replay_human": _t("human", "人間"),
    "replay_seat": _t("{name} ({seat})", "{name}（{seat}）"),
    "replay_seats": _t(" — {seats}", " — 参加者: {seats}"),
    "replay_step": _t("Step {k}/{last}", "ステップ {k}/{last}"),
    "replay_deal": _t(" · the deal", " · 配り"),
    "replay_hint": _t("Enter = next, b = back, q = quit: ", "Enter = 次へ、b = 戻る、q = 終了: "),
    "replay_end_hint": _t("end of the game — b = back, Enter or q = quit: ",
                          "ゲーム終了 — b = 戻る、Enter または q = 終了: "),
    "replay_first": _t("This is the first step.", "これが最初のステップです。"),
    "replay_bad_answer": _t("“{answer}”: press Enter for the next step, b to go back, q to quit.",
                            "「{answer}」: Enter で次のステップ、b で戻る、q で終了します。"),
    "fewest_wounds": _t("{who} with the fewest wounds! ({tally}; turn {turn})",
                        "{who}: 負傷が最も少ない！（{tally}、ターン{turn}）"),
    # Team Play (rule 178) and the constructed format (rules 166-173, reading 15)
    "team_of": _t("{a} & {b}", "{a}・{b}"),
    "team_total": _t("{team}: {total}", "{team}：{total}"),
    "team_win": _t("Team {team} wins", "チーム{team}の勝利"),
    "team_you_win": _t("Your team ({team}) wins", "あなたのチーム（{team}）の勝利"),
    "team_fewest": _t("{who} with the fewest wounds! (team totals: {totals}; {tally}; turn {turn})",
                      "{who}: チームの負傷の合計が最も少ない！（チーム合計: {totals}、{tally}、ターン{turn}）"),
    "last_left": _t("{who}: the last player left! ({tally}; eliminated: {out}; turn {turn})",
                    "{who}: 最後に残ったプレイヤー！（{tally}、脱落: {out}、ターン{turn}）"),
    "col_team": _t("team", "チーム"),
    "team_label": _t("{n} (with {mate}; {total} wounds together)", "{n}（{mate}と同じチーム、負傷の合計{total}）"),
    "wound_stacks": _t(" · own wound stacks: {stacks}{moon}", " · 各自の負傷の山札: {stacks}{moon}"),
    "stack_left": _t("{player} {count} left", "{player} 残り{count}枚"),
    "stack_out": _t("{player} eliminated", "{player} 脱落"),
    "eliminated_mark": _t(" (eliminated)", "（脱落）"),
}

# The End-of-the-World Series (rule 180; cli/series.py). Seed 002 ("その他のヴァリアント")
# names it 世界の終わりシリーズ and counts 累計負傷枚数 (the running wound total).
SERIES = {
    "header": _t("End-of-the-World Series: {players} players ({seats}), seed {seed}, to {target} wounds",
                 "世界の終わりシリーズ: {players}人（{seats}）、シード {seed}、累計負傷{target}枚で終了"),
    "header_people": _t("End-of-the-World Series: {players} players ({seats}), to {target} wounds",
                        "世界の終わりシリーズ: {players}人（{seats}）、累計負傷{target}枚で終了"),
    "seed": _t("Series seed {seed}", "シリーズのシード {seed}"),
    "sep": _t(", ", "、"),
    "who": _t("P{n} {seat}", "{player}（{seat}）"),
    "human": _t("you", "あなた"),
    "game": _t("Game {n} (first player P{first}, {turns} turns, {result})",
               "ゲーム{n}（最初のプレイヤー: プレイヤー{first}、{turns}ターン、{result}）"),
    "no_winner": _t("no winner (turn limit)", "勝者なし（ターン数の上限）"),
    "won_by": _t("won by {who}", "勝者: {who}"),
    "col_player": _t("player", "プレイヤー"),
    "col_wounds": _t("wounds", "負傷"),
    "col_total": _t("total", "累計"),
    "col_place": _t("place", "順位"),
    "col_wins": _t("games won", "勝利数"),
    "standings": _t("Final standings after {games} games", "最終順位（{games}ゲーム終了後）"),
    "series_win": _t("{who} wins the End-of-the-World Series with {total} wounds",
                     "世界の終わりシリーズの勝者: {who}（累計負傷{total}枚）"),
    "shared_win": _t("Shared win: {who}", "同点で勝利を分け合う: {who}"),
    "next_game": _t("Press Enter for the next game (q = stop the series): ",
                    "Enter を押すと次のゲームへ（q = シリーズを中断）: "),
    "stopped": _t("gloam series: stopped", "gloam series: シリーズを中断しました"),
    "resume_with": _t("; resume with: gloam series --resume {file}", "。再開するには: gloam series --resume {file}"),
    "interrupted": _t("gloam series: interrupted", "gloam series: 中断しました"),
    "resume_hint": _t("; resume with --resume {file}", "。再開するには --resume {file}"),
    "stopped_in_game": _t("Series stopped during this game; it is dealt again from its start when the series is"
                          " resumed.",
                          "シリーズをこのゲームの途中で中断しました。シリーズを再開すると、このゲームは"
                          "最初から配り直されます。"),
    "notice": _t("End-of-the-World Series · game {n}", "世界の終わりシリーズ · ゲーム{n}"),
    "notice_totals": _t(" · wound totals so far: {totals} (the series ends at {target})",
                        " · ここまでの累計負傷: {totals}（累計{target}枚でシリーズ終了）"),
    "notice_total": _t("{player} {total}", "{player} {total}枚"),
}

# The compact terminal screen, reading a card, auto-taken decisions, help and hints
# (cli/screen_nightfall.py, cli/play.py).
TERM = {
    "your": _t("your", "あなたの"),
    "whose": _t("{player}'s", "{player}の"),
    "seat": _t("wounds {wounds} · hand {hand} · deck {deck} · discard {discard}",
               "負傷{wounds} · 手札{hand} · デッキ{deck} · 捨て札{discard}"),
    "seat_team": _t(" · team {n}", " · チーム{n}"),
    "attacks": _t("Attacks: ", "攻撃: "),
    "blocked_by": _t(" (blocked by {blockers})", "（ブロック: {blockers}）"),
    "unblockable": _t(" (unblockable)", "（ブロック不可）"),
    "chain": _t("Chain: ", "チェーン: "),
    "kicker_live": _t("  KICKER", "  キッカー"),
    "hand": _t("Hand ({count})", "手札（{count}）"),
    "moon_short": _t(" · moon: {name}", " · 月の満ち欠け: {name}"),
    "cost": _t("cost {cost}", "コスト{cost}"),
    "links_from": _t("links from {colours}", "リンク色 {colours}"),
    "printed": _t("strength {strength}, health {health}", "戦力{strength}・体力{health}"),
    "attaches": _t("attaches to a minion", "ミニオンにつける"),
    "owner": _t("owned by {player}", "持ち主: {player}"),
    "designed": _t("* gloam's design, not a seed's value (gloam cards shows where each value comes from)",
                   "* は gloam の設計値（種本にない値。出典は gloam cards で確認できます）"),
    "feed": _t("Feed ({on}): ", "フィード（{on}）: "),
    "now": _t("In play now ", "現在の場 "),
    "controller": _t("controlled by {player}", "コントロール: {player}"),
    "mod_attachment": _t("attached card", "つけられたカード"),
    "mod_in_play": _t("its In Play text", "場にあるときのテキスト"),
    "mod_effect": _t("an effect", "効果"),
    "mod_moon": _t("the moon, while attacking", "月の満ち欠け（攻撃中）"),
    "mod_damage": _t("damage taken", "受けたダメージ"),
    "strength_word": _t("strength", "戦力"),
    "health_word": _t("health", "体力"),
    "attached": _t("  attached: {card}", "  つけられたカード: {card}"),
    "keys_hint": _t(" (? = help, q = save and quit): ", "（? = ヘルプ、q = 保存して終了）: "),
    "help": _t("Type an option's number, then Enter. Other keys (then Enter):\n"
               "  ? KEY  read a card in full: h1 your hand, a1 an archive, m1 your minions,\n"
               "         o1 the others' minions, c1 the chain (top first), moon;\n"
               "         or part of a card's name, or an option's number\n"
               "  b      the whole board      l   the whole log\n"
               "  q      save and quit (the game is kept after every move anyway)",
               "選択肢の番号を入力して Enter。ほかのキー（入力後に Enter）:\n"
               "  ? キー  カードを全文で読む: h1 手札、a1 アーカイブ、m1 あなたのミニオン、\n"
               "          o1 ほかのプレイヤーのミニオン、c1 チェーン（一番上から）、moon 月の満ち欠け。\n"
               "          カード名の一部や選択肢の番号でもよい\n"
               "  b      盤面全体      l   すべての出来事\n"
               "  q      保存して終了（一手ごとに自動保存されています）"),
    "back": _t("Press Enter to go back to the game ", "Enter でゲームに戻る "),
    "read_none": _t("No card “{query}” on the table: try h1, a1, m1, o1, c1, moon, an option's number or part of"
                    " a name.",
                    "「{query}」というカードは見当たりません: h1、a1、m1、o1、c1、moon、選択肢の番号、"
                    "カード名の一部を試してください。"),
    "all_attack": _t("All your minions attack {player} (in play order)",
                     "すべてのミニオンで{player}を攻撃する（場に出た順）"),
    "auto": _t("Taken for you: {label}", "自動で選択: {label}"),
    "auto_times": _t(" (×{n})", "（×{n}）"),
    "hint": _t("{value:>4.0%} win · {share:>3.0%} of the search", "勝率{value:>4.0%} · 探索の{share:>3.0%}"),
    "log_all": _t("The whole log ({count} lines)", "すべての出来事（{count}行）"),
}

TABLES: dict[str, dict[str, dict[str, str]]] = {
    "phase": PHASES, "decision": DECISIONS, "zone": ZONES, "colour": COLOURS, "keyword": KEYWORDS,
    "wound_type": WOUND_TYPES, "wound_kind": WOUND_KINDS, "card_type": CARD_TYPES, "block": TEXT_BLOCKS,
    "reason": REASONS, "effect": EFFECT_KINDS, "moon_choice": MOON_CHOICES, "moon_done": MOON_DONE,
    "action": ACTIONS, "event": EVENTS, "event_name": EVENT_NAMES, "ui": UI,
    "series": SERIES, "term": TERM,
}


# The decisions' prompts. The engine asks in English (``state.prompt()``); a Japanese
# view shows the sentence here. Each key is an English prompt the engine can ask, word for
# word, with ``{n}``/``{r}`` for a number, ``{names}`` for card names (kept as printed) and
# ``{which}``/``{where}``/``{what}``/``{colour}`` for a phrase of PROMPT_WORDS. A test reads
# every prompt in the engine's code and checks it has its entry.
PROMPTS_JA = {
    "The game is over": "ゲーム終了",
    "Send a minion to attack an opponent": "攻撃に送り込むミニオンを選ぶ",
    "Block an attacker with one of your minions, or stop blocking": "自分のミニオンで攻撃者をブロックするか、ブロックを終える",
    "Start a chain with an order from your hand, or pass": "手札の指令でチェーンを開始するか、パスする",
    "Link an order to the chain, or stop": "チェーンに指令をリンクするか、終了する",
    "Feed: pay again to repeat the text, or pass": "フィード：もう一度支払ってテキストを繰り返すか、パスする",
    "Claim a card ({n} influence), discard a card for 1 influence, or stop":
        "カードを獲得する（影響力 {n}）か、カードを捨てて影響力を1得るか、終了する",
    "Claim an order costing {n} or less for 0 influence": "コスト{n}以下の指令を影響力0で獲得する",
    "Use one wound effect, or pass": "負傷効果を1つ使うか、パスする",
    "Moon phase: keep it, move it to the bottom, or shuffle the stack":
        "月の満ち欠け：そのままにするか、一番下に移すか、山札をシャッフルする",
    "Which minion blocks this damage first?": "このダメージを先にブロックするミニオンを選ぶ",
    "Combat ({which}): play a card's combat text, or pass": "戦闘（{which}）：カードの戦闘テキストを使うか、パスする",
    "Draft pick {r} of {n}: choose a card {where}": "ドラフト {r}/{n}：{where}カードを選ぶ",
    "Starting deck, {colour}: choose two starting minions ({names})": "初期デッキ（{colour}）：初期ミニオンを2枚選ぶ（{names}）",
    "Discard {n} card(s)": "カードを{n}枚捨てる",
    "Discard another wound (draw {n} so far), or stop": "負傷カードをもう1枚捨てる（ここまでで{n}枚引く）か、終了する",
    "You may discard {what} to resolve the rest of the text, or pass": "{what}捨ててテキストの残りを解決するか、パスする",
    "You may restore all health to each friendly lycanthrope": "味方の獣人すべての体力を全回復してもよい",
    "Inflict {n} damage on a target": "対象に{n}ダメージを与える",
    "Who receives {n} wound(s)?": "負傷を{n}枚受けるプレイヤーを選ぶ",
    "Who loses {n} influence?": "影響力を{n}失うプレイヤーを選ぶ",
    "Choose a target": "対象を選ぶ",
    "Choose a target archive": "対象のアーカイブを選ぶ",
    "Choose a target opposing private archive": "対象とする相手の個人アーカイブを選ぶ",
    "Choose the archive the wound goes on top of": "負傷カードを一番上に置くアーカイブを選ぶ",
    "Choose a target card in your discard pile": "捨て札パイルから対象のカードを選ぶ",
    "Choose a target card in your discard pile to exile": "捨て札パイルから追放するカードを選ぶ",
    "Choose a target minion in your discard pile": "捨て札パイルから対象のミニオンを選ぶ",
    "Choose an order in your discard pile to exile": "捨て札パイルから追放する指令を選ぶ",
    "Choose a target minion in your hand": "手札から対象のミニオンを選ぶ",
    "Choose a target order in the chain": "チェーンの中の対象の指令を選ぶ",
    "Choose the card that player discards": "そのプレイヤーが捨てるカードを選ぶ",
    "Choose the card you draw": "引くカードを選ぶ",
    "Choose the player whose deck gets the cards": "デッキにカードを加えるプレイヤーを選ぶ",
    "Choose a player to discard": "カードを捨てるプレイヤーを選ぶ",
    "Which player is affected next?": "次に効果を受けるプレイヤーを選ぶ",
    "Whose hand do you look at?": "手札を見るプレイヤーを選ぶ",
    "Attach this card to a friendly minion": "このカードを付ける味方のミニオンを選ぶ",
    "Choose a minion to damage itself and its controller": "自身とそのコントローラーにダメージを与えるミニオンを選ぶ",
    "Choose a minion to place into a hand": "手札に戻すミニオンを選ぶ",
    "Choose the minion that inflicts damage": "ダメージを与えるミニオンを選ぶ",
    "Choose the minion that takes the damage": "ダメージを受けるミニオンを選ぶ",
    "Destroy a target minion": "破壊する対象のミニオンを選ぶ",
    "Increase a target minion's strength": "戦力を上げる対象のミニオンを選ぶ",
    "Restore health to a target minion": "体力を回復する対象のミニオンを選ぶ",
    "Take control of a target minion": "コントロールを得る対象のミニオンを選ぶ",
    "Which minion goes on top of its owner's deck?": "持ち主のデッキの一番上に置くミニオンを選ぶ",
}

# The phrases that fill a prompt's word slots ({which}, {where}, {what}, {colour}), in Japanese.
PROMPT_WORDS = {
    "which": {"before attackers": "攻撃前", "after attackers": "攻撃の宣言後", "after blockers": "ブロック後",
              "after damage": "ダメージ後"},
    "where": {"to remove from the game": "ゲームから除外する", "to add to the commons, face down": "裏向きで共有物に加える",
              "for your first private archive": "1つ目の個人アーカイブに入れる",
              "for your second private archive": "2つ目の個人アーカイブに入れる",
              "for your third private archive": "3つ目の個人アーカイブに入れる",
              "for your fourth private archive": "4つ目の個人アーカイブに入れる"},
    "what": {"a card": "カードを1枚", **{f"a {w} wound": f"{WOUND_TYPES[w]['ja']}の負傷カードを1枚" for w in WOUND_TYPES}},
    "colour": {c: COLOURS[c]["ja"] for c in COLOURS},
}


def _prompt_pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    out = []
    for i, part in enumerate(parts):
        if i % 2 == 0:
            out.append(re.escape(part))
        elif part in PROMPT_WORDS:
            out.append(f"(?P<{part}>" + "|".join(re.escape(w) for w in PROMPT_WORDS[part]) + ")")
        else:
            out.append(f"(?P<{part}>\\d+)" if part in ("n", "r") else f"(?P<{part}>.+)")
    return re.compile("".join(out) + "$")


_PROMPT_PATTERNS = [(_prompt_pattern(en), ja) for en, ja in PROMPTS_JA.items() if "{" in en]


def prompt_text(prompt: str, lang: str = "en", card_name: Any = None) -> str | None:
    """The engine's English ``prompt`` in ``lang``, or None if gloam has no words for it.
    ``card_name`` (an English card name -> its name in ``lang``) renders the card names of a
    ``{names}`` slot ("Clever Ivan + Enraged Wight; …"); without it they stay as printed.

    >>> prompt_text("Discard 2 card(s)", "ja")
    'カードを2枚捨てる'
    >>> prompt_text("Combat (after blockers): play a card's combat text, or pass", "ja")
    '戦闘（ブロック後）：カードの戦闘テキストを使うか、パスする'
    >>> prompt_text("Discard 2 card(s)", "en")
    'Discard 2 card(s)'
    """
    if check_lang(lang) == "en":
        return prompt
    if prompt in PROMPTS_JA:
        return PROMPTS_JA[prompt]
    for pattern, ja in _PROMPT_PATTERNS:
        found = pattern.match(prompt)
        if found:
            values = {k: PROMPT_WORDS[k][v] if k in PROMPT_WORDS else v for k, v in found.groupdict().items()}
            if "names" in values and card_name is not None:
                values["names"] = "；".join("＋".join(card_name(name) for name in pair.split(" + "))
                                           for pair in values["names"].split("; "))
            return ja.format(**values)
    return None


def text(table: str, key: str, lang: str = "en", default: str | None = None) -> str:
    """The label of ``key`` in ``table`` in ``lang``; an unknown key gives ``default``
    (or the key with underscores as spaces), so a new decision or event still shows."""
    entry = TABLES[table].get(key)
    if entry is None:
        return key.replace("_", " ") if default is None else default
    return entry[check_lang(lang)]


def fill(table: str, key: str, lang: str = "en", **values: Any) -> str:
    """The template ``key`` of ``table`` in ``lang`` with ``values`` filled in."""
    return TABLES[table][key][check_lang(lang)].format(**values)


def card_name(card: Any, lang: str = "en") -> str:
    """The name a player reads: the printed English name, or in Japanese the card's
    ``name_ja`` (seed 002) when it has one — else the English name."""
    if check_lang(lang) == "ja" and getattr(card, "name_ja", None):
        return card.name_ja
    return card.printed_name


def colour_name(colour: str | None, lang: str = "en") -> str:
    return "" if colour is None else text("colour", colour, lang, default=colour)


def player_label(p: int, names: list[str] | None = None, lang: str = "en") -> str:
    """``names[p]``, else "Player N" (N = p + 1) in ``lang``."""
    return names[p] if names else fill("ui", "player_n", lang, n=p + 1)
