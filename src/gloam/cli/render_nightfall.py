"""Rich rendering of a Nightfall table as one player sees it, built only from that
player's observation and redacted events (so nothing hidden can leak onto the screen).

Shows the wound stack, each player's wounds, hand and deck sizes and minions in play with
their current health, the archives with top card and cost, the chain as a stack with link
colours and live kickers, your hand, the pending decision and the last events. During a
draft (rules 17-30) it shows where the pick goes, your draft hand, your picks, the cards
you saw and passed on, the face-up commons and the others' pick counts — never another
player's hand or picks; while customised starting decks are chosen (rule 34), the colour
being chosen and everyone's choices so far.

``lang="ja"`` shows card names (seed 002), phases, labels and log lines in Japanese; card
texts stay English (the seeds give no Japanese card texts).
"""

from __future__ import annotations

from typing import Any, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gloam.nightfall import i18n
from gloam.nightfall.describe import (
    card_summary,
    describe_event,
    draft_destination,
    starters_choice,
)

COLOUR_STYLES = {"red": "bold red", "blue": "bold blue", "gold": "bold yellow", "green": "bold green",
                 "purple": "bold magenta", "white": "bold white"}


def _ui(key: str, lang: str, **values: Any) -> str:
    return i18n.fill("ui", key, lang, **values)


def public_view(observation: dict[str, Any]) -> dict[str, Any]:
    """What anyone at the table sees: the observation without its viewer's hand (nor
    their draft hand, picks and passed cards)."""
    public = dict(observation, viewer=None, hand=[], legal=None)
    if observation.get("draft"):
        public["draft"] = dict(observation["draft"], hand=[], picks=[], passed=[])
    return public


def colour_dot(colour: str | None) -> Text:
    if not colour:
        return Text("·", style="dim")
    return Text("●", style=COLOUR_STYLES.get(colour, ""))


def card_text(game: Any, obs: dict[str, Any], cid: int, detail: bool = False, lang: str = "en") -> Text:
    """A card as a coloured name; minions with strength/health; wounds with their type."""
    card = game.card(obs["cards"][cid])
    wtype = obs["wtype"][cid]
    if wtype is not None:
        if lang == "en":
            return Text(f"{card.name} ({wtype})", style="red3")
        return Text(f"{i18n.card_name(card, lang)}（{i18n.text('wound_type', wtype, lang, default=wtype)}）",
                    style="red3")
    name = i18n.card_name(card, lang)
    text = Text.assemble(colour_dot(card.colour), " ", (name, COLOUR_STYLES.get(card.colour or "", "")))
    if detail:
        links = Text.assemble(*[colour_dot(c) for c in card.link_colours])
        text.append(_ui("links", lang))
        text.append_text(links)
        if card.kicker is not None:
            text.append(_ui("kicker", lang))
            text.append_text(colour_dot(card.kicker.colour))
    return text


def _wounds(obs: dict[str, Any]) -> list[int]:
    counts = [0] * len(obs["hand_sizes"])
    for cid, owner in enumerate(obs["owner"]):
        if owner >= 0 and obs["wtype"][cid] is not None and cid not in obs["exiled"]:
            counts[owner] += 1
    return counts


def _name(p: int, names: Sequence[str], lang: str = "en") -> str:
    return names[p] if p < len(names) else _ui("player_n", lang, n=p + 1)


def header(game: Any, obs: dict[str, Any], names: Sequence[str], lang: str = "en") -> Text:
    moon = ""
    if obs.get("moon") is not None:
        moon_card = game.card(obs["cards"][obs["moon"]])
        moon = _ui("moon_now", lang, name=moon_card.name if lang == "en" else i18n.card_name(moon_card, lang),
                   text=moon_card.global_text)
    phase = i18n.text("phase", obs["phase"], lang, default=f"{obs['phase']} Phase")
    top = ""
    if obs["wound_top"] is not None:
        wtype = obs["wtype"][obs["wound_top"]]
        top = _ui("wound_top", lang, wtype=i18n.text("wound_type", wtype, lang, default=wtype))
    who = _name(obs["active"], names, lang)
    whose = "Your" if who == _ui("you", "en") else f"{who}'s"  # English: "Your turn", not "You's"
    if obs.get("wound_stacks") is not None:  # constructed (rules 167, 171): each player's own stack
        stacks = _wound_stacks(obs, names, lang, moon)
    else:
        stacks = _ui("wound_stack", lang, face_up=obs["face_up"], top=top, moon=moon)
    return Text.assemble((_ui("title", lang), "bold white on dark_red"),
                         _ui("whose_turn", lang, turn=obs["turn"], whose=whose, who=who, phase=phase), stacks)


def _wound_stacks(obs: dict[str, Any], names: Sequence[str], lang: str = "en", moon: str = "") -> str:
    """Constructed (rules 167, 171, reading 15): how many wounds are left in each player's
    own face-down wound stack (a public count), and who is eliminated."""
    moon = ""
    parts = []
    out = set(obs.get("eliminated") or ())
    for p, stack in enumerate(obs["wound_stacks"]):
        name = _name(p, names, lang)
        parts.append(_ui("stack_out", lang, player=name) if p in out
                     else _ui("stack_left", lang, player=name, count=len(stack)))
    return _ui("wound_stacks", lang, stacks=i18n.text("event", "list_sep", lang).join(parts), moon=moon)


def _teams(game: Any) -> bool:
    return bool(getattr(game, "teams", False))


def players_table(game: Any, obs: dict[str, Any], names: Sequence[str], lang: str = "en") -> Table:
    table = Table(box=box.SIMPLE_HEAD, expand=True, title=None, show_edge=False)
    teams = _teams(game)  # Team Play (rule 178): seats i and i + N/2 together
    columns = ("player",) + (("team",) if teams else ()) + ("wounds", "hand", "deck", "discard_top", "in_play")
    for column in columns:
        table.add_column(_ui(f"col_{column}", lang), overflow="fold")
    wounds = _wounds(obs)
    out = set(obs.get("eliminated") or ())  # constructed (reading 15)
    n = len(obs["hand_sizes"])
    for p in range(n):
        marker = "▶ " if p == obs["active"] else "  "
        discard = obs["discards"][p]
        top = card_text(game, obs, discard[-1], lang=lang) if discard else Text("—", style="dim")
        minions = Text()
        for k, m in enumerate(obs["play"][p]):
            card = game.card(obs["cards"][m])
            info = obs["minions"][str(m)]
            health = (card.health or 0) - info["damage"]
            if k:
                minions.append(" · ")
            minions.append_text(card_text(game, obs, m, lang=lang))
            minions.append(f" {card.strength or 0}/{health}")
            for a in info["attached"]:
                minions.append(" + ")
                minions.append_text(card_text(game, obs, a, lang=lang))
        label = Text(marker + _name(p, names, lang), style="bold" if p == obs["active"] else "")
        if p in out:
            label = Text(marker + _name(p, names, lang) + _ui("eliminated_mark", lang), style="dim strike")
        team = []
        if teams:
            half = n // 2
            mate = p + half if p < half else p - half
            team = [Text(_ui("team_label", lang, n=p % half + 1, mate=_name(mate, names, lang),
                             total=wounds[p] + wounds[mate]), style="cyan")]
        table.add_row(label, *team,
                      str(wounds[p]), str(obs["hand_sizes"][p]), str(obs["deck_sizes"][p]), top,
                      minions if obs["play"][p] else Text("—", style="dim"))
    return table


def archives_table(game: Any, obs: dict[str, Any], names: Sequence[str], lang: str = "en") -> Table:
    table = Table(box=box.SIMPLE_HEAD, expand=True, show_edge=False)
    for column in ("archive", "card", "cost", "type", "links", "kicker"):
        table.add_column(_ui(f"col_{column}", lang))
    for archive in obs["archives"]:
        owner = _name(archive["owner"], names, lang) if archive["owner"] >= 0 else ""
        whose = (i18n.text("zone", "commons", lang) if archive["owner"] < 0
                 else _ui("archive_yours", lang) if owner == _ui("you", lang) else _ui("archive_of", lang, player=owner))
        if archive["card"] is None:  # another player's Secret Archive (rule 176): face down
            table.add_row(whose, Text(_ui("face_down", lang), style="dim"), "", "", "", "")
            continue
        card = game.card(archive["card"])
        name = i18n.card_name(card, lang)
        if archive.get("secret"):  # the viewer's own Secret Archive, still face down to the others
            name += _ui("paren", lang, text=_ui("face_down", lang))
        if archive["size"] == 0:
            table.add_row(whose, Text(_ui("gone", lang, card=name), style="dim"), "", "", "", "")
            continue
        kind = (_ui("minion_stats", lang, strength=card.strength, health=card.health) if card.is_minion
                else i18n.text("card_type", "action", lang))
        links = Text.assemble(*[colour_dot(c) for c in card.link_colours])
        kicker = colour_dot(card.kicker.colour) if card.kicker else Text("")
        table.add_row(whose, Text.assemble(colour_dot(card.colour), " ", name), str(card.cost),
                      kind, links, kicker)
    return table


def chain_panel(game: Any, obs: dict[str, Any], names: Sequence[str], lang: str = "en") -> RenderableType | None:
    if not obs["chain"]:
        return None
    lines = []
    top = _ui("chain_top", lang)
    for k, entry in enumerate(reversed(obs["chain"])):
        line = Text(top if k == 0 else " " * (Text(top).cell_len + 1))
        line.append_text(card_text(game, obs, entry["card"], detail=True, lang=lang))
        line.append(f"   ({_name(entry['player'], names, lang)})")
        if entry["kicker"]:
            line.append(_ui("chain_kicker", lang), style="bold yellow")
        lines.append(line)
    return Panel(Group(*lines), title=_ui("chain_title", lang), title_align="left",
                 border_style="magenta", box=box.ROUNDED)


def _kind(card: Any, lang: str) -> str:
    return (_ui("minion_stats", lang, strength=card.strength, health=card.health) if card.is_minion
            else i18n.text("card_type", "action", lang))


def _texts(card: Any, lang: str) -> str:
    """A card's text blocks on one line, labelled (the texts stay English)."""
    parts = []
    for block, text in (("chain", card.chain), ("your_chain", card.your_chain), ("combat", card.combat),
                        ("your_combat", card.your_combat), ("in_play", card.in_play)):
        if text:
            parts.append(f"{i18n.text('block', block, lang)}: {text}")
    if card.kicker:
        parts.append(_ui("kicker_text", lang, label=i18n.text("block", "kicker", lang),
                         colour=i18n.colour_name(card.kicker.colour, lang), text=card.kicker.text))
    return " ".join(parts)


def _card_id_text(game: Any, card_id: str, lang: str, summary: bool = False) -> Text:
    """A card named by its data id (a draft card or a starting minion, no instance yet)
    as a coloured name, with its summary (type, colour, cost, links, kicker) if asked."""
    card = game.card(card_id)
    text = Text.assemble(colour_dot(card.colour), " ",
                         (i18n.card_name(card, lang), COLOUR_STYLES.get(card.colour or "", "")))
    if summary:
        text.append(_ui("paren", lang, text=card_summary(card, lang)), style="dim")
    return text


def _card_list(game: Any, ids: Sequence[str], lang: str, summary: bool = False) -> Text:
    if not ids:
        return Text(_ui("draft_none", lang), style="dim")
    out = Text()
    for k, card_id in enumerate(ids):
        if k:
            out.append(i18n.text("event", "list_sep", lang))
        out.append_text(_card_id_text(game, card_id, lang, summary))
    return out


def _dest(dest: str, lang: str) -> str:
    return _ui(f"dest_{dest}", lang)


def draft_panel(game: Any, obs: dict[str, Any], names: Sequence[str], lang: str = "en") -> RenderableType | None:
    """A draft in progress (rules 17-30) as the viewer sees it: where this pick goes, their
    draft hand (each card with cost, type, links, kicker and text), their picks so far,
    the cards they passed on, the face-up commons and how far the others are. Another
    player's hand and picks are never shown (the observation does not hold them). With
    no viewer (a replay showing every card) ``obs["drafts"]`` gives every player's view;
    without it only the public part is shown."""
    draft = obs.get("draft")
    if not draft:
        return None
    dest, nth, privates = draft_destination(draft)
    viewer = obs.get("viewer")
    where = _ui(f"draft_where_{dest}", lang, n=nth, total=privates) if viewer is not None else _dest(dest, lang)
    title = _ui("draft_title", lang, pick=draft["round"] + 1, picks=len(draft["schedule"]), where=where)
    parts: list[RenderableType] = []
    if viewer is not None:
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, expand=True,
                      title=_ui("draft_hand", lang, count=len(draft["hand"])), title_justify="left")
        for column in ("card", "cost", "type", "links", "kicker", "text"):
            table.add_column(_ui(f"col_{column}", lang), overflow="fold")
        for card_id in draft["hand"]:
            card = game.card(card_id)
            table.add_row(_card_id_text(game, card_id, lang), str(card.cost), _kind(card, lang),
                          Text.assemble(*[colour_dot(c) for c in card.link_colours]),
                          colour_dot(card.kicker.colour) if card.kicker else Text(""), _texts(card, lang))
        parts.append(table)
        parts.append(_picks_line(game, draft, _ui("draft_picks", lang), lang))
        passed = []  # cards the viewer saw and passed on that did not come back to them
        for cards in draft["passed"]:
            passed += [c for c in cards if c not in passed and c not in draft["hand"] and c not in draft["picks"]]
        if passed:
            parts.append(Text.assemble((_ui("draft_passed", lang), "bold"), _card_list(game, passed, lang)))
    elif obs.get("drafts"):
        for p, view in enumerate(obs["drafts"]):
            parts.append(Text.assemble((_ui("draft_hand_of", lang, player=_name(p, names, lang)), "bold"),
                                       _card_list(game, view["hand"], lang)))
            parts.append(_picks_line(game, view, _ui("draft_picks_of", lang, player=_name(p, names, lang)), lang))
    parts.append(Text.assemble((_ui("draft_commons", lang), "bold"), _card_list(game, draft["commons"], lang, True)))
    others = [_ui("draft_progress", lang, player=_name(p, names, lang), picks=draft["pick_counts"][p],
                  hand=draft["hand_sizes"][p])
              for p in range(len(draft["pick_counts"])) if p != viewer]
    if others:
        parts.append(Text(i18n.text("event", "list_sep", lang).join(others), style="dim"))
    return Panel(Group(*parts), title=title, title_align="left", border_style="yellow", box=box.ROUNDED)


def _picks_line(game: Any, draft: dict[str, Any], label: str, lang: str) -> Text:
    line = Text.assemble((label, "bold"))
    if not draft["picks"]:
        line.append(_ui("draft_none", lang), style="dim")
    for k, card_id in enumerate(draft["picks"]):
        if k:
            line.append(i18n.text("event", "list_sep", lang))
        line.append_text(_card_id_text(game, card_id, lang))
        line.append(_ui("paren", lang, text=_dest(draft["schedule"][k], lang)), style="dim")
    return line


def starters_panel(game: Any, obs: dict[str, Any], names: Sequence[str], lang: str = "en") -> RenderableType | None:
    """Customised starting decks (rule 34) while they are chosen: the colour being chosen
    and every player's choices so far (public, setup.py ``choose_starters``)."""
    if obs.get("kind") != "starters":
        return None
    choice = starters_choice(game, obs)
    frame = next((f for f in reversed(obs.get("stack") or []) if f.get("op") == "starters"), None)
    if choice is None or frame is None:
        return None
    lines = []
    for p, pairs in enumerate(frame.get("picks") or []):
        ids = [c for pair in pairs for c in pair]
        lines.append(Text.assemble((_ui("starters_of", lang, player=_name(p, names, lang)), "bold"),
                                   _card_list(game, ids, lang)))
    title = _ui("starters_title", lang, colour=i18n.colour_name(choice[0], lang))
    return Panel(Group(*lines), title=title, title_align="left", border_style="yellow", box=box.ROUNDED)


def hand_table(game: Any, obs: dict[str, Any], lang: str = "en") -> RenderableType:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, expand=True)
    for column in ("card", "cost", "type", "text"):
        table.add_column(_ui(f"col_{column}", lang), overflow="fold")
    for cid in obs["hand"]:
        card = game.card(obs["cards"][cid])
        if obs["wtype"][cid] is not None:
            table.add_row(card_text(game, obs, cid, lang=lang), "", i18n.text("card_type", "wound", lang),
                          card.wound_text or "")
            continue
        table.add_row(card_text(game, obs, cid, detail=True, lang=lang), str(card.cost), _kind(card, lang),
                      _texts(card, lang))
    return Panel(table, title=_ui("hand_title", lang, count=len(obs["hand"])), title_align="left",
                 border_style="cyan", box=box.ROUNDED)


def event_log(game: Any, obs: dict[str, Any], events: Sequence[dict[str, Any]], names: Sequence[str],
              new: int = 0, count: int = 10, lang: str = "en") -> Panel:
    shown = min(len(events), max(count, min(new, 30)))
    first_new = len(events) - new
    lines = [Text("• " + describe_event(game, obs, events[k], list(names), lang=lang),
                  style="" if k >= first_new else "grey50")
             for k in range(len(events) - shown, len(events))]
    return Panel(Group(*(lines or [Text(_ui("log_empty", lang), style="dim")])), title=_ui("log_title", lang),
                 title_align="left", border_style="grey50", box=box.ROUNDED)


def build_view(game: Any, observation: dict[str, Any], events: Sequence[dict[str, Any]],
               names: Sequence[str], you: int | None = None, new: int = 0, width: int = 160,
               log_size: int = 10, lang: str = "en") -> RenderableType:
    """The whole table as ``observation['viewer']`` sees it, with the last events, in
    ``lang`` ("en" or "ja")."""
    i18n.check_lang(lang)
    obs = observation
    drafting = bool(obs.get("draft"))  # the archives are made and the hands dealt after the draft
    parts: list[RenderableType] = [header(game, obs, names, lang), players_table(game, obs, names, lang)]
    if not (drafting and not obs["archives"]):
        parts.append(Panel(archives_table(game, obs, names, lang), title=i18n.text("zone", "archives", lang),
                           title_align="left", border_style="grey50", box=box.ROUNDED))
    for panel in (draft_panel(game, obs, names, lang), starters_panel(game, obs, names, lang)):
        if panel is not None:
            parts.append(panel)
    chain = chain_panel(game, obs, names, lang)
    if chain is not None:
        parts.append(chain)
    if obs.get("viewer") is not None and obs.get("to_act") is not None and obs["to_act"] >= 0:
        who = _ui("you", lang) if obs["to_act"] == obs["viewer"] else _name(obs["to_act"], names, lang)
        influence = _ui("status_influence", lang, influence=obs["influence"]) if obs["phase"] == "claim" else ""
        parts.append(Text(_ui("status", lang, who=who, decision=i18n.text("decision", obs["kind"], lang),
                              influence=influence), style="bold yellow"))
    if obs.get("viewer") is not None:
        if not (drafting and not obs["hand"]):
            parts.append(hand_table(game, obs, lang))
    elif obs.get("hands") is not None and not drafting:  # a replay of a finished game shows every hand
        for p, hand in enumerate(obs["hands"]):
            line = Text.assemble((_ui("hand_of", lang, player=_name(p, names, lang)), "bold"))
            for k, cid in enumerate(hand):
                line.append(i18n.text("event", "list_sep", lang) if k else "")
                line.append_text(card_text(game, obs, cid, lang=lang))
            parts.append(line)
    parts.append(event_log(game, obs, events, names, new, log_size, lang))
    return Group(*parts)
