"""Rich rendering of a Nightfall table as one player (or a spectator) sees it, read from
the table view (``gloam.nightfall.view``, docs/view.md) of that viewer's observation, and
the events redacted for them (so nothing hidden can leak onto the screen).

Shows the wound stack, each player's wounds, hand and deck sizes and minions in play with
their current strength and health, the archives with top card and cost, the chain as a
stack with link colours and live kickers, your hand, the pending decision and the last
events. During a draft (rules 17-30) it shows where the pick goes, your draft hand, your
picks, the cards you saw and passed on, the face-up commons and the others' pick counts —
never another player's hand or picks; while customised starting decks are chosen (rule
34), the colour being chosen and everyone's choices so far.

``lang="ja"`` shows card names (seed 002), phases, labels and log lines in Japanese; card
texts stay English (the seeds give no Japanese card texts).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gloam.nightfall import i18n
from gloam.nightfall.describe import card_summary, describe_event
from gloam.nightfall.view import view_from_observation

MINION_TYPES = ("minion", "starting-minion")

COLOUR_STYLES = {"red": "bold red", "blue": "bold blue", "gold": "bold yellow", "green": "bold green",
                 "purple": "bold magenta", "white": "bold white"}


def _ui(key: str, lang: str, **values: Any) -> str:
    return i18n.fill("ui", key, lang, **values)


def colour_dot(colour: str | None) -> Text:
    if not colour:
        return Text("·", style="dim")
    return Text("●", style=COLOUR_STYLES.get(colour, ""))


def _face(view: dict[str, Any], cid: int) -> dict[str, Any]:
    """The face of card instance ``cid`` in ``view``."""
    return view["cards"][str(cid)]


def face_text(face: dict[str, Any], detail: bool = False, lang: str = "en") -> Text:
    """A card face as a coloured name (with its links and kicker colour if ``detail``);
    a wound with its type."""
    wtype = face.get("wound_type")
    if wtype is not None:
        if lang == "en":
            return Text(f"{face['name']} ({wtype})", style="red3")
        return Text(f"{face['name']}（{face['wound_type_name']}）", style="red3")
    colour = face["colour"]
    text = Text.assemble(colour_dot(colour), " ", (face["name"], COLOUR_STYLES.get(colour or "", "")))
    if detail:
        text.append(_ui("links", lang))
        text.append_text(Text.assemble(*[colour_dot(c) for c in face["link_colours"]]))
        kicker = face["texts"].get("kicker")
        if kicker is not None:
            text.append(_ui("kicker", lang))
            text.append_text(colour_dot(kicker["colour"]))
    return text


def card_text(view: dict[str, Any], cid: int, detail: bool = False, lang: str = "en") -> Text:
    """Card instance ``cid`` of ``view`` as :func:`face_text` shows it."""
    return face_text(_face(view, cid), detail, lang)


def _name(p: int, names: Sequence[str], lang: str = "en") -> str:
    return names[p] if 0 <= p < len(names) else _ui("player_n", lang, n=p + 1)


def _constructed(view: dict[str, Any]) -> bool:
    return any(p["wound_stack_size"] is not None for p in view["players"])


def header(view: dict[str, Any], names: Sequence[str], lang: str = "en", short: bool = False) -> Text:
    """The table's first line: turn, whose turn, phase, the wound stack (constructed:
    each player's own) and the moon (``short``: its name only, not its text)."""
    moon = ""
    if view["moon"] is not None:
        face = _face(view, view["moon"]["card"])
        moon = (i18n.fill("term", "moon_short", lang, name=face["name"]) if short
                else _ui("moon_now", lang, name=face["name"], text=face["texts"].get("global")))
    phase = i18n.text("phase", view["phase"], lang, default=f"{view['phase']} Phase")
    top = ""
    stack = view["wound_stack"]
    if stack["top"] is not None:
        wtype = _face(view, stack["top"])["wound_type"]
        top = _ui("wound_top", lang, wtype=i18n.text("wound_type", wtype, lang, default=wtype))
    who = _name(view["active"], names, lang)
    whose = "Your" if who == _ui("you", "en") else f"{who}'s"  # English: "Your turn", not "You's"
    if _constructed(view):  # constructed (rules 167, 171): each player's own stack
        stacks = _wound_stacks(view, names, lang)
    else:
        stacks = _ui("wound_stack", lang, face_up=stack["face_up"], top=top, moon=moon)
    return Text.assemble((_ui("title", lang), "bold white on dark_red"),
                         _ui("whose_turn", lang, turn=view["turn"], whose=whose, who=who, phase=phase), stacks)


def _wound_stacks(view: dict[str, Any], names: Sequence[str], lang: str = "en") -> str:
    """Constructed (rules 167, 171, reading 15): how many wounds are left in each player's
    own face-down wound stack (a public count), and who is eliminated."""
    parts = []
    for p, seat in enumerate(view["players"]):
        name = _name(p, names, lang)
        parts.append(_ui("stack_out", lang, player=name) if seat["eliminated"]
                     else _ui("stack_left", lang, player=name, count=seat["wound_stack_size"]))
    return _ui("wound_stacks", lang, stacks=i18n.text("event", "list_sep", lang).join(parts), moon="")


def _minions(view: dict[str, Any], seat: dict[str, Any], lang: str) -> Text:
    """A player's minions in play: name, current strength/health, attached cards."""
    minions = Text()
    for k, m in enumerate(seat["in_play"]):
        if k:
            minions.append(" · ")
        minions.append_text(card_text(view, m["card"], lang=lang))
        minions.append(f" {m['strength']['current']}/{m['health']['current']}")
        for a in m["attached"]:
            minions.append(" + ")
            minions.append_text(card_text(view, a, lang=lang))
    return minions


def players_table(view: dict[str, Any], names: Sequence[str], lang: str = "en") -> Table:
    table = Table(box=box.SIMPLE_HEAD, expand=True, title=None, show_edge=False)
    teams = view["teams"] is not None  # Team Play (rule 178): seats i and i + N/2 together
    columns = ("player",) + (("team",) if teams else ()) + ("wounds", "hand", "deck", "discard_top", "in_play")
    for column in columns:
        table.add_column(_ui(f"col_{column}", lang), overflow="fold")
    wounds = [seat["wounds"]["total"] for seat in view["players"]]
    for p, seat in enumerate(view["players"]):
        marker = "▶ " if p == view["active"] else "  "
        top = seat["discard"]["top"]
        discard = card_text(view, top, lang=lang) if top is not None else Text("—", style="dim")
        label = Text(marker + _name(p, names, lang), style="bold" if p == view["active"] else "")
        if seat["eliminated"]:  # constructed (reading 15)
            label = Text(marker + _name(p, names, lang) + _ui("eliminated_mark", lang), style="dim strike")
        team = []
        if teams:
            pair = next(t for t in view["teams"] if p in t)
            mate = pair[1] if pair[0] == p else pair[0]
            team = [Text(_ui("team_label", lang, n=view["teams"].index(pair) + 1, mate=_name(mate, names, lang),
                             total=wounds[p] + wounds[mate]), style="cyan")]
        table.add_row(label, *team, str(wounds[p]), str(seat["hand_size"]), str(seat["deck"]["size"]), discard,
                      _minions(view, seat, lang) if seat["in_play"] else Text("—", style="dim"))
    return table


def _kind(face: dict[str, Any], lang: str) -> str:
    return (_ui("minion_stats", lang, strength=face["strength"], health=face["health"])
            if face["type"] in MINION_TYPES else i18n.text("card_type", "action", lang))


def archives_table(view: dict[str, Any], names: Sequence[str], lang: str = "en") -> Table:
    """The archives: whose, the card on top (a face-down one as "face down"), its cost,
    type, links and kicker colour — not how many cards are left (reading 27)."""
    table = Table(box=box.SIMPLE_HEAD, expand=True, show_edge=False)
    for column in ("archive", "card", "cost", "type", "links", "kicker"):
        table.add_column(_ui(f"col_{column}", lang))
    for archive in view["archives"]:
        owner = _name(archive["owner"], names, lang) if archive["owner"] >= 0 else ""
        whose = (i18n.text("zone", "commons", lang) if archive["commons"]
                 else _ui("archive_yours", lang) if owner == _ui("you", lang) else _ui("archive_of", lang, player=owner))
        face = archive["card"]
        if face is None:  # another player's Secret Archive (rule 176): face down
            table.add_row(whose, Text(_ui("face_down", lang), style="dim"), "", "", "", "")
            continue
        name = face["name"]
        if not archive["face_up"]:  # the viewer's own Secret Archive, still face down to the others
            name += _ui("paren", lang, text=_ui("face_down", lang))
        if archive["size"] == 0:
            table.add_row(whose, Text(_ui("gone", lang, card=name), style="dim"), "", "", "", "")
            continue
        links = Text.assemble(*[colour_dot(c) for c in face["link_colours"]])
        kicker = face["texts"].get("kicker")
        table.add_row(whose, Text.assemble(colour_dot(face["colour"]), " ", name), str(face["cost"]),
                      _kind(face, lang), links, colour_dot(kicker["colour"]) if kicker else Text(""))
    return table


def chain_panel(view: dict[str, Any], names: Sequence[str], lang: str = "en") -> RenderableType | None:
    """The chain as a stack, the top link (resolving first) first, each with its player
    and whether its kicker is live (rules 135-141)."""
    if not view["chain"]:
        return None
    lines = []
    top = _ui("chain_top", lang)
    for k, link in enumerate(reversed(view["chain"])):
        line = Text(top if k == 0 else " " * (Text(top).cell_len + 1))
        line.append_text(card_text(view, link["card"], detail=True, lang=lang))
        line.append(f"   ({_name(link['player'], names, lang)})")
        if link["kicker"]:
            line.append(_ui("chain_kicker", lang), style="bold yellow")
        lines.append(line)
    return Panel(Group(*lines), title=_ui("chain_title", lang), title_align="left",
                 border_style="magenta", box=box.ROUNDED)


def _texts(face: dict[str, Any], lang: str) -> str:
    """A card's text blocks on one line, labelled (the texts stay English)."""
    texts = face["texts"]
    parts = [f"{i18n.text('block', block, lang)}: {texts[block]}"
             for block in ("chain", "your_chain", "combat", "your_combat", "in_play") if texts.get(block)]
    kicker = texts.get("kicker")
    if kicker:
        parts.append(_ui("kicker_text", lang, label=i18n.text("block", "kicker", lang),
                         colour=i18n.colour_name(kicker["colour"], lang), text=kicker["text"]))
    return " ".join(parts)


def _face_line(game: Any, face: dict[str, Any], lang: str, summary: bool = False) -> Text:
    """A card named by its data id (a draft card or a starting minion, no instance yet)
    as a coloured name, with its summary (type, colour, cost, links, kicker) if asked."""
    text = Text.assemble(colour_dot(face["colour"]), " ", (face["name"], COLOUR_STYLES.get(face["colour"] or "", "")))
    if summary:
        text.append(_ui("paren", lang, text=card_summary(game.card(face["card"]), lang)), style="dim")
    return text


def _card_list(game: Any, faces: Sequence[dict[str, Any]], lang: str, summary: bool = False) -> Text:
    if not faces:
        return Text(_ui("draft_none", lang), style="dim")
    out = Text()
    for k, face in enumerate(faces):
        if k:
            out.append(i18n.text("event", "list_sep", lang))
        out.append_text(_face_line(game, face, lang, summary))
    return out


def _dest(dest: str, lang: str) -> str:
    return _ui(f"dest_{dest}", lang)


def draft_panel(game: Any, view: dict[str, Any], names: Sequence[str], lang: str = "en") -> RenderableType | None:
    """A draft in progress (rules 17-30) as the viewer sees it: where this pick goes, their
    draft hand (each card with cost, type, links, kicker and text), their picks so far,
    the cards they passed on, the face-up commons and how far the others are. Another
    player's hand and picks are never shown (the view does not hold them). A replay's
    view of every card (``drafts``) shows every player's hand and picks; a spectator's
    only the public part."""
    draft = view["draft"]
    if not draft:
        return None
    viewer = view["viewer"]
    seated = viewer >= 0
    dest = draft["destination"]
    where = (_ui(f"draft_where_{dest}", lang, n=draft["private_pick"] or draft["schedule"][: draft["round"] + 1]
                 .count("private"), total=draft["private_picks"]) if seated else _dest(dest, lang))
    title = _ui("draft_title", lang, pick=draft["round"] + 1, picks=len(draft["schedule"]), where=where)
    parts: list[RenderableType] = []
    if seated:
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, expand=True,
                      title=_ui("draft_hand", lang, count=len(draft["hand"])), title_justify="left")
        for column in ("card", "cost", "type", "links", "kicker", "text"):
            table.add_column(_ui(f"col_{column}", lang), overflow="fold")
        for face in draft["hand"]:
            kicker = face["texts"].get("kicker")
            table.add_row(_face_line(game, face, lang), str(face["cost"]), _kind(face, lang),
                          Text.assemble(*[colour_dot(c) for c in face["link_colours"]]),
                          colour_dot(kicker["colour"]) if kicker else Text(""), _texts(face, lang))
        parts.append(table)
        parts.append(_picks_line(game, draft, _ui("draft_picks", lang), lang))
        held = {f["card"] for f in draft["hand"]} | {f["card"] for f in draft["picks"]}
        passed: list[dict[str, Any]] = []  # cards the viewer saw and passed on that did not come back to them
        for faces in draft["passed"]:
            passed += [f for f in faces if f["card"] not in held and all(f["card"] != g["card"] for g in passed)]
        if passed:
            parts.append(Text.assemble((_ui("draft_passed", lang), "bold"), _card_list(game, passed, lang)))
    elif view.get("drafts"):
        for p, each in enumerate(view["drafts"]):
            parts.append(Text.assemble((_ui("draft_hand_of", lang, player=_name(p, names, lang)), "bold"),
                                       _card_list(game, each["hand"], lang)))
            parts.append(_picks_line(game, each, _ui("draft_picks_of", lang, player=_name(p, names, lang)), lang))
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
    for k, face in enumerate(draft["picks"]):
        if k:
            line.append(i18n.text("event", "list_sep", lang))
        line.append_text(_face_line(game, face, lang))
        line.append(_ui("paren", lang, text=_dest(face["destination"], lang)), style="dim")
    return line


def starters_panel(game: Any, view: dict[str, Any], names: Sequence[str], lang: str = "en") -> RenderableType | None:
    """Customised starting decks (rule 34) while they are chosen: the colour being chosen
    and every player's choices so far (public)."""
    starters = view["starters"]
    if starters is None:
        return None
    lines = [Text.assemble((_ui("starters_of", lang, player=_name(p, names, lang)), "bold"),
                           _card_list(game, faces, lang))
             for p, faces in enumerate(starters["picks"])]
    title = _ui("starters_title", lang, colour=starters["colour_name"])
    return Panel(Group(*lines), title=title, title_align="left", border_style="yellow", box=box.ROUNDED)


def hand_table(view: dict[str, Any], lang: str = "en") -> RenderableType:
    """The viewer's own hand, each card with its cost, type and texts."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, expand=True)
    for column in ("card", "cost", "type", "text"):
        table.add_column(_ui(f"col_{column}", lang), overflow="fold")
    hand = view["players"][view["viewer"]]["hand"]
    for cid in hand:
        face = _face(view, cid)
        if face.get("wound_type") is not None:
            table.add_row(face_text(face, lang=lang), "", i18n.text("card_type", "wound", lang),
                          face["texts"].get("wound") or "")
            continue
        table.add_row(face_text(face, detail=True, lang=lang), str(face["cost"]), _kind(face, lang),
                      _texts(face, lang))
    return Panel(table, title=_ui("hand_title", lang, count=len(hand)), title_align="left",
                 border_style="cyan", box=box.ROUNDED)


def event_log(game: Any, obs: dict[str, Any], events: Sequence[dict[str, Any]], names: Sequence[str],
              new: int = 0, count: int = 10, lang: str = "en") -> Panel:
    """The last events, as ``obs``'s viewer reads them (the newest ``new`` highlighted)."""
    shown = min(len(events), max(count, min(new, 30)))
    first_new = len(events) - new
    lines = [Text("• " + describe_event(game, obs, events[k], list(names), lang=lang),
                  style="" if k >= first_new else "grey50")
             for k in range(len(events) - shown, len(events))]
    return Panel(Group(*(lines or [Text(_ui("log_empty", lang), style="dim")])), title=_ui("log_title", lang),
                 title_align="left", border_style="grey50", box=box.ROUNDED)


def status_line(view: dict[str, Any], names: Sequence[str], lang: str = "en") -> Text | None:
    """Who decides what (and the influence left in the Claim Phase), for a seated viewer."""
    decision = view["decision"]
    if view["viewer"] < 0 or decision is None:
        return None
    who = _ui("you", lang) if decision["player"] == view["viewer"] else _name(decision["player"], names, lang)
    influence = _ui("status_influence", lang, influence=view["influence"]) if view["phase"] == "claim" else ""
    return Text(_ui("status", lang, who=who, decision=decision["kind_name"], influence=influence),
                style="bold yellow")


def build_view(game: Any, observation: dict[str, Any], events: Sequence[dict[str, Any]],
               names: Sequence[str], you: int | None = None, new: int = 0, width: int = 160,
               log_size: int = 10, lang: str = "en") -> RenderableType:
    """The whole table as ``observation['viewer']`` (a seat or ``SPECTATOR``) sees it, with
    the last events, in ``lang`` ("en" or "ja"): the board is drawn from the table view
    of the observation; the observation itself only words the event lines."""
    i18n.check_lang(lang)
    view = view_from_observation(game, observation, lang)
    drafting = bool(view["draft"])  # the archives are made and the hands dealt after the draft
    parts: list[RenderableType] = [header(view, names, lang), players_table(view, names, lang)]
    if not (drafting and not view["archives"]):
        parts.append(Panel(archives_table(view, names, lang), title=i18n.text("zone", "archives", lang),
                           title_align="left", border_style="grey50", box=box.ROUNDED))
    for panel in (draft_panel(game, view, names, lang), starters_panel(game, view, names, lang),
                  chain_panel(view, names, lang), status_line(view, names, lang)):
        if panel is not None:
            parts.append(panel)
    if view["viewer"] >= 0:
        if not (drafting and not view["players"][view["viewer"]]["hand"]):
            parts.append(hand_table(view, lang))
    elif not drafting and all(seat["hand"] is not None for seat in view["players"]):
        for p, seat in enumerate(view["players"]):  # a replay of a finished game shows every hand
            line = Text.assemble((_ui("hand_of", lang, player=_name(p, names, lang)), "bold"))
            for k, cid in enumerate(seat["hand"]):
                line.append(i18n.text("event", "list_sep", lang) if k else "")
                line.append_text(card_text(view, cid, lang=lang))
            parts.append(line)
    parts.append(event_log(game, observation, events, names, new, log_size, lang))
    return Group(*parts)
