"""The compact Nightfall screen: one turn of the table in an 80x24 terminal, read only
from the table view (docs/view.md) and the decision's options.

Top to bottom: the header (turn, whose, phase, wound stack), one line per seat (wounds,
hand, deck, discard) with its minions at their current strength/health, the attacks of
this combat, the chain, the archives in a grid with their costs, your hand, the last log
lines, the decision and its options. Every card on it has a short key — ``h1`` your
hand, ``a1`` an archive, ``m1`` your minions, ``o1`` the others' minions, ``c1`` the
chain from the top, ``moon`` — that ``? KEY`` reads in full (:func:`card_sheet`). When
the screen is short, the log gives way first, then the archives, then the hand (``b``
shows the full board, ``l`` the whole log). Draft and starting-deck screens show the
draft (or the pairs) instead of the board.

``lang="ja"`` words it in Japanese (card names from seed 002; card texts stay English).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich import box
from rich.cells import cell_len, set_cell_size
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from gloam.cli.render_nightfall import COLOUR_STYLES, MINION_TYPES, colour_dot, header
from gloam.nightfall import i18n


def _t(key: str, lang: str, **values: Any) -> str:
    return i18n.fill("term", key, lang, **values)


def _name(p: int, names: Sequence[str], lang: str) -> str:
    return names[p] if 0 <= p < len(names) else i18n.fill("ui", "player_n", lang, n=p + 1)


# ---------------------------------------------------------------------- the keys
@dataclass
class Keys:
    """Every card the compact screen names, by its key: ``faces`` (key -> face) and, for
    a minion in play, its entry in the view (``minions``: key -> in-play entry)."""

    faces: dict[str, dict[str, Any]] = field(default_factory=dict)
    minions: dict[str, dict[str, Any]] = field(default_factory=dict)
    archives: dict[int, str] = field(default_factory=dict)  # archive index -> key
    cards: dict[int, str] = field(default_factory=dict)  # card instance -> key

    def add(self, key: str, face: dict[str, Any], minion: dict[str, Any] | None = None) -> str:
        self.faces[key] = face
        if minion is not None:
            self.minions[key] = minion
        if face.get("id") is not None:
            self.cards.setdefault(face["id"], key)
        return key


def board_keys(view: dict[str, Any]) -> Keys:
    """The keys of every card the screen shows (see the module docstring)."""
    keys = Keys()
    cards = view["cards"]
    viewer = view["viewer"]
    seat = view["players"][viewer] if viewer >= 0 else None
    for k, cid in enumerate(seat["hand"] if seat and seat["hand"] else (), 1):
        keys.add(f"h{k}", cards[str(cid)])
    for k, archive in enumerate(view["archives"], 1):
        if archive["card"] is not None:
            keys.add(f"a{k}", archive["card"])
            keys.archives[archive["index"]] = f"a{k}"
    mine = others = 0
    for p, player in enumerate(view["players"]):
        for minion in player["in_play"]:
            if p == viewer:
                mine += 1
                key = f"m{mine}"
            else:
                others += 1
                key = f"o{others}"
            keys.add(key, cards[str(minion["card"])], minion)
            for attached in minion["attached"]:
                keys.cards.setdefault(attached, key)
    for k, link in enumerate(reversed(view["chain"]), 1):
        keys.add(f"c{k}", cards[str(link["card"])])
    if view["moon"] is not None:
        keys.add("moon", cards[str(view["moon"]["card"])])
    return keys


def find_cards(view: dict[str, Any], keys: Keys, query: str) -> list[tuple[dict[str, Any], dict[str, Any] | None]]:
    """The cards ``query`` names: a key (``h2``, ``a5``, ``m1``, ``moon``…), else every
    visible card whose name holds it (case-insensitive), each with its in-play entry
    when it is a minion in play. Draft and starting-deck cards count as visible."""
    wanted = query.strip().lower()
    if not wanted:
        return []
    if wanted in keys.faces:
        return [(keys.faces[wanted], keys.minions.get(wanted))]
    found: list[tuple[dict[str, Any], dict[str, Any] | None]] = []
    seen: set[str] = set()
    by_card = {m["card"]: m for p in view["players"] for m in p["in_play"]}
    faces = list(view["cards"].values()) + [a["card"] for a in view["archives"] if a["card"] is not None]
    if view["draft"]:
        faces += view["draft"]["hand"] + view["draft"]["picks"] + view["draft"]["commons"]
    if view["starters"]:
        faces += [f for pair in view["starters"]["pairs"] for f in pair]
    for face in faces:
        if wanted in face["name"].lower() or wanted in face["card"].lower():
            ident = f"{face['card']}#{face.get('id')}"
            if face.get("id") is None:
                ident = face["card"]  # every copy in an archive or a draft is alike
            if ident not in seen:
                seen.add(ident)
                found.append((face, by_card.get(face.get("id"))))
    return found


# ---------------------------------------------------------------------- small parts
def _fit(text: Text, width: int) -> Text:
    """``text`` cut to ``width`` cells with an ellipsis."""
    if text.cell_len > width:
        text = text.copy()
        text.truncate(max(1, width), overflow="ellipsis")
    return text


def _name_text(face: dict[str, Any], width: int) -> Text:
    name = Text(face["name"], style=COLOUR_STYLES.get(face.get("colour") or "", ""))
    return _fit(name, width)


def _dots(colours: Sequence[str]) -> Text:
    return Text.assemble(*[colour_dot(c) for c in colours])


def _stats(minion: dict[str, Any]) -> Text:
    """Current strength/health, in green above the printed value, red below it; ``+``
    for each attached card, ``⚔`` while attacking."""
    strength, health = minion["strength"], minion["health"]
    out = Text()
    out.append(str(strength["current"]), style=_against(strength["current"], strength["printed"]))
    out.append("/")
    out.append(str(health["current"]), style=_against(health["current"], health["printed"]))
    if minion["attached"]:
        out.append("+" * len(minion["attached"]), style="bold cyan")
    if minion["attacking"]:
        out.append("⚔", style="bold red")
    return out


def _against(current: int, printed: int | None) -> str:
    if printed is None or current == printed:
        return ""
    return "bold green" if current > printed else "bold red"


def _flow(prefix: Text, cells: Sequence[Text], width: int, indent: int = 4, gap: int = 2) -> list[Text]:
    """``prefix`` then ``cells`` side by side, wrapped to ``width`` (continuation lines
    indented by ``indent``)."""
    lines: list[Text] = []
    line = prefix.copy()
    empty = not prefix.plain.strip()
    for cell in cells:
        cell = _fit(cell, width - indent)
        if not empty and line.cell_len + gap + cell.cell_len > width:
            lines.append(line)
            line = Text(" " * indent)
            empty = True
        if not empty:
            line.append(" " * gap)
        line.append_text(cell)
        empty = False
    lines.append(line)
    return [_fit(x, width) for x in lines]


def _grid(label: str, cells: Sequence[Text], width: int, label_width: int, columns: int) -> list[Text]:
    """``cells`` in ``columns`` columns after a ``label`` column."""
    cell_width = max(8, (width - label_width) // columns)
    lines = []
    for row in range(0, len(cells), columns):
        line = Text(set_cell_size(label if row == 0 else "", label_width), style="dim")
        for cell in cells[row:row + columns]:
            piece = _fit(cell, cell_width - 1)
            line.append_text(piece)
            line.append(" " * (cell_width - piece.cell_len))
        line.rstrip()
        lines.append(_fit(line, width))
    return lines or [Text(label, style="dim")]


# ---------------------------------------------------------------------- the sections
def seat_lines(view: dict[str, Any], keys: Keys, names: Sequence[str], width: int, lang: str) -> list[Text]:
    """One line per seat (``▶`` on the active one): wounds, hand, deck, discard pile;
    then its minions with their keys and current strength/health."""
    lines: list[Text] = []
    name_width = min(12, max(cell_len(_name(p, names, lang)) for p in range(len(view["players"]))) + 1)
    teams = view["teams"]
    for p, seat in enumerate(view["players"]):
        marker = "▶ " if p == view["active"] else "  "
        who = Text(marker + set_cell_size(_fit(Text(_name(p, names, lang)), name_width).plain, name_width),
                   style="bold" if p == view["active"] else "")
        if seat["eliminated"]:
            who.stylize("dim strike")
        facts = _t("seat", lang, wounds=seat["wounds"]["total"], hand=seat["hand_size"], deck=seat["deck"]["size"],
                   discard=seat["discard"]["size"])
        if teams is not None:
            team = next(k for k, t in enumerate(teams, 1) if p in t)
            facts += _t("seat_team", lang, n=team)
        prefix = Text.assemble(who, " ", (facts, "dim" if seat["eliminated"] else ""))
        cells = []
        for minion in seat["in_play"]:
            key = keys.cards[minion["card"]]
            face = view["cards"][str(minion["card"])]
            cells.append(Text.assemble((key, "cyan"), " ", colour_dot(face["colour"]), _name_text(face, 18), " ",
                                       _stats(minion)))
        lines += _flow(Text.assemble(prefix, "  " if cells else ""), cells, width) if cells else [_fit(prefix, width)]
    return lines


def combat_lines(view: dict[str, Any], keys: Keys, names: Sequence[str], width: int, lang: str) -> list[Text]:
    """This combat's attacks, in the order they resolve: attacker → player, its blockers."""
    combat = view["combat"]
    if not combat or not combat["attacks"]:
        return []
    cells = []
    in_play = {m["card"]: m for p in view["players"] for m in p["in_play"]}
    for attack in combat["attacks"]:
        attacker = view["cards"][str(attack["attacker"])]
        cell = Text.assemble((keys.cards.get(attack["attacker"], ""), "cyan"), " ", colour_dot(attacker["colour"]),
                             _name_text(attacker, 16))
        if attack["attacker"] in in_play:  # its current strength/health, as on its seat line
            cell.append(" ")
            cell.append_text(_stats(in_play[attack["attacker"]]))
        cell.append(f" → {_name(attack['target'], names, lang)}")
        if attack["blockers"]:
            blockers = ", ".join(view["cards"][str(b)]["name"] for b in attack["blockers"])
            cell.append(_t("blocked_by", lang, blockers=blockers), style="yellow")
        elif attack["unblockable"]:
            cell.append(_t("unblockable", lang), style="dim")
        cells.append(cell)
    return _flow(Text(_t("attacks", lang).rstrip(), style="bold red"), cells, width)


def chain_lines(view: dict[str, Any], keys: Keys, names: Sequence[str], width: int, lang: str) -> list[Text]:
    """The chain, the top link (resolving first) first: its player, links, live kicker."""
    lines = []
    for k, link in enumerate(reversed(view["chain"]), 1):
        face = view["cards"][str(link["card"])]
        line = Text.assemble((_t("chain", lang) if k == 1 else " " * Text(_t("chain", lang)).cell_len, "bold magenta"),
                             (f"c{k} ", "cyan"), colour_dot(face["colour"]), _name_text(face, 24),
                             " →", _dots(face["link_colours"]), f"  ({_name(link['player'], names, lang)})")
        if link["kicker"]:
            line.append(_t("kicker_live", lang), style="bold yellow")
        lines.append(_fit(line, width))
    return lines


def archive_lines(view: dict[str, Any], keys: Keys, names: Sequence[str], width: int, lang: str) -> list[Text]:
    """The archives by owner (yours, each other player's, the commons), each with its
    key, colour, name and cost; a face-down one (rule 176) and an empty one say so."""
    groups: dict[int, list[Text]] = {}
    for archive in view["archives"]:
        key = keys.archives.get(archive["index"], f"a{archive['index'] + 1}")
        face = archive["card"]
        if face is None:
            cell = Text.assemble((key, "cyan"), " ", (i18n.text("ui", "face_down", lang), "dim"))
        elif archive["size"] == 0:
            cell = Text.assemble((key, "cyan"), " ", (i18n.fill("ui", "gone", lang, card=face["name"]), "dim"))
        else:
            cost = Text(f" {face['cost']}", style="bold")
            cell = Text.assemble((key, "cyan"), " ", colour_dot(face["colour"]))
            if not archive["face_up"]:  # the viewer's own Secret Archive, face down to the others (rule 176)
                face = dict(face, name=face["name"] + i18n.fill("ui", "paren", lang, text=i18n.text("ui", "face_down",
                                                                                                      lang)))
            cell.append_text(_name_text(face, 15))
            cell.append_text(cost)
        groups.setdefault(archive["owner"], []).append(cell)
    labels = {owner: i18n.text("zone", "commons", lang) if owner < 0 else _name(owner, names, lang)
              for owner in groups}
    label_width = min(12, max(Text(label).cell_len for label in labels.values()) + 1)
    columns = max(1, min(4, (width - label_width) // 22))
    order = sorted(groups, key=lambda owner: (owner < 0, owner != view["viewer"], owner))
    lines = []
    for owner in order:
        lines += _grid(_fit(Text(labels[owner]), label_width - 1).plain, groups[owner], width, label_width, columns)
    return lines


def hand_lines(view: dict[str, Any], keys: Keys, width: int, lang: str) -> list[Text]:
    """The viewer's hand: key, colour, name, minion strength/health, the colours it links
    from and its kicker colour; a wound by its type."""
    viewer = view["viewer"]
    if viewer < 0 or not view["players"][viewer]["hand"]:
        return []
    cells = []
    for k, cid in enumerate(view["players"][viewer]["hand"], 1):
        face = view["cards"][str(cid)]
        cell = Text.assemble((f"h{k}", "cyan"), " ")
        if face.get("wound_type") is not None:
            cell.append(f"{face['name']} ({face['wound_type_name']})", style="red3")
        else:
            cell.append_text(colour_dot(face["colour"]))
            cell.append_text(_name_text(face, 18))
            if face["type"] in MINION_TYPES:
                cell.append(f" {face['strength']}/{face['health']}", style="dim")
            cell.append(" →")
            cell.append_text(_dots(face["link_colours"]))
            kicker = face["texts"].get("kicker")
            if kicker:
                cell.append(" k", style="dim")
                cell.append_text(colour_dot(kicker["colour"]))
        cells.append(cell)
    label = _t("hand", lang, count=len(cells))
    columns = max(1, min(3, (width - 10) // 30))
    return _grid(label, cells, width, Text(label).cell_len + 1, columns)


def draft_lines(view: dict[str, Any], names: Sequence[str], width: int, lang: str) -> list[Text]:
    """A draft in progress (rules 17-30): the pick, where it goes, your picks so far and
    the face-up commons (your draft hand is the options)."""
    draft = view["draft"]
    if not draft:
        return []
    dest = draft["destination"]
    seated = view["viewer"] >= 0
    where = (i18n.fill("ui", f"draft_where_{dest}", lang, n=draft["private_pick"] or 1, total=draft["private_picks"])
             if seated else i18n.fill("ui", f"dest_{dest}", lang))
    title = i18n.fill("ui", "draft_title", lang, pick=draft["round"] + 1, picks=len(draft["schedule"]), where=where)
    lines = [_fit(Text(title, style="bold yellow"), width)]
    sep = i18n.text("event", "list_sep", lang)
    if seated:
        picks = sep.join(f["name"] for f in draft["picks"]) or i18n.text("ui", "draft_none", lang)
        lines.append(_fit(Text.assemble((i18n.text("ui", "draft_picks", lang), "bold"), picks), width))
    commons = sep.join(f["name"] for f in draft["commons"]) or i18n.text("ui", "draft_none", lang)
    lines.append(_fit(Text.assemble((i18n.text("ui", "draft_commons", lang), "bold"), commons), width))
    return lines


def starters_lines(view: dict[str, Any], names: Sequence[str], width: int, lang: str) -> list[Text]:
    """Customised starting decks (rule 34): the colour chosen now and everyone's picks."""
    starters = view["starters"]
    if starters is None:
        return []
    lines = [_fit(Text(i18n.fill("ui", "starters_title", lang, colour=starters["colour_name"]), style="bold yellow"),
                  width)]
    sep = i18n.text("event", "list_sep", lang)
    for p, faces in enumerate(starters["picks"]):
        chosen = sep.join(f["name"] for f in faces) or i18n.text("ui", "draft_none", lang)
        lines.append(_fit(Text.assemble((i18n.fill("ui", "starters_of", lang, player=_name(p, names, lang)), "bold"),
                                        chosen), width))
    return lines


def status_text(view: dict[str, Any], names: Sequence[str], lang: str) -> Text:
    """Who decides what, and the influence left in the Claim Phase."""
    decision = view["decision"]
    who = i18n.text("ui", "you", lang) if decision["player"] == view["viewer"] else _name(decision["player"], names, lang)
    influence = i18n.fill("ui", "status_influence", lang, influence=view["influence"]) if view["phase"] == "claim" else ""
    return Text("▸ " + i18n.fill("ui", "status", lang, who=who, decision=decision["kind_name"], influence=influence),
                style="bold yellow")


def option_lines(labels: Sequence[Text], width: int, room: int) -> list[Text]:
    """The numbered options, one a line when they fit in ``room`` lines, else in two
    or three columns (labels cut short if they must be: ``? N`` reads option N's card)."""
    numbered = [Text.assemble((f"{k:>2}. ", "bold cyan"), label) for k, label in enumerate(labels, 1)]
    if len(numbered) <= room and all(t.cell_len <= width for t in numbered):
        return numbered
    for columns in (2, 3, 4):
        rows = -(-len(numbered) // columns)
        if rows <= room or columns == 4:
            break
    cell = width // columns
    rows = -(-len(numbered) // columns)
    lines = []
    for r in range(rows):
        line = Text()
        for c in range(columns):
            k = c * rows + r
            if k < len(numbered):
                piece = _fit(numbered[k], cell - 1)
                line.append_text(piece)
                if c < columns - 1:
                    line.append(" " * (cell - piece.cell_len))
        line.rstrip()
        lines.append(line)
    return lines


def _wrapped(console: Console, lines: Sequence[Text], width: int) -> list[Text]:
    out: list[Text] = []
    for line in lines:
        out += list(line.wrap(console, width)) or [Text("")]
    return out


# ---------------------------------------------------------------------- the screen
def compact_screen(console: Console, view: dict[str, Any], names: Sequence[str], labels: Sequence[Text],
                   log: Sequence[Text], extra: Sequence[Text], width: int, height: int, lang: str,
                   notice: Text | None = None) -> list[Text]:
    """The whole screen as lines of at most ``width`` cells, ``height - 1`` lines at
    most (the prompt takes the last line): the board of ``view``, the ``log`` lines
    (newest last), ``extra`` lines that must show (hints, an error, what was taken for
    you) and the options ``labels``. Parts that do not fit give way: the log first, then
    the archives, then the hand. A ``notice`` (a new or resumed game) comes first."""
    keys = board_keys(view)
    room = height - 1
    top = _wrapped(console, [notice] if notice is not None else [], width)
    top += _wrapped(console, [_fit(header(view, names, lang, short=True), width * 2)], width)
    setup_lines = draft_lines(view, names, width, lang) + starters_lines(view, names, width, lang)
    playing = not setup_lines
    seats = seat_lines(view, keys, names, width, lang) if view["players"] else []
    fights = combat_lines(view, keys, names, width, lang)
    chain = chain_lines(view, keys, names, width, lang)
    status = [status_text(view, names, lang)] if view["decision"] else []
    extras = _wrapped(console, extra, width)
    must = len(top) + len(setup_lines) + len(seats) + len(fights) + len(chain) + len(status) + len(extras)
    options = option_lines(labels, width, max(1, room - must))
    if must + len(options) > room:  # a crowded board: the seats' minion lines go to the full board (b)
        seats = [line for line in seats if not line.plain.startswith("    ")]
        must = len(top) + len(setup_lines) + len(seats) + len(fights) + len(chain) + len(status) + len(extras)
        options = option_lines(labels, width, max(1, room - must))
    left = room - must - len(options)
    hand = hand_lines(view, keys, width, lang)
    archives = archive_lines(view, keys, names, width, lang) if playing and view["archives"] else []
    if len(hand) > left:
        hand = []
    left -= len(hand)
    if len(archives) > left:
        archives = []
    left -= len(archives)
    shown_log: list[Text] = []
    for entry in reversed(log):  # whole entries, the newest last
        wrapped = _wrapped(console, [entry], width)
        if len(shown_log) + len(wrapped) > left:
            break
        shown_log = wrapped + shown_log
    lines = top + setup_lines + seats + fights + chain + archives + hand + shown_log + extras + status + options
    return [_fit(line, width) for line in lines[:room]]


# ---------------------------------------------------------------------- reading a card
def card_sheet(face: dict[str, Any], minion: dict[str, Any] | None, view: dict[str, Any], names: Sequence[str],
               lang: str) -> RenderableType:
    """A card's full face: name, set, type, colour, cost, the colours it links from, its
    keyword, printed strength/health, every text block (kicker and feed with their
    parts), and the values that are gloam's design (``*``, see ``gloam cards``); for a
    minion in play its current strength and health and what changes them."""
    designed = set(face.get("provenance", {}).get("designed", ()))

    def mark(field_name: str) -> str:
        return "*" if field_name in designed else ""

    lines: list[Text] = []
    facts = [f"{face['type_name']}{mark('type')}", face["set"]]
    if face.get("wound_type") is not None:
        facts.append(face["wound_type_name"])
    if face.get("colour"):
        facts.append(f"{i18n.colour_name(face['colour'], lang)}{mark('colour')}")
    if face.get("cost") is not None:
        facts.append(_t("cost", lang, cost=face["cost"]) + mark("cost"))
    if face.get("link_colours"):
        links = "/".join(i18n.colour_name(c, lang) for c in face["link_colours"])
        facts.append(_t("links_from", lang, colours=links) + mark("link_colours"))
    if face.get("keyword") not in (None, "none"):
        facts.append(i18n.text("keyword", face["keyword"], lang, default=face["keyword"]) + mark("keyword"))
    if face.get("strength") is not None:
        facts.append(_t("printed", lang, strength=f"{face['strength']}{mark('strength')}",
                        health=f"{face['health']}{mark('health')}"))
    if face.get("attaches"):
        facts.append(_t("attaches", lang))
    lines.append(Text(" · ".join(facts)))
    if face.get("owner") is not None and face["owner"] >= 0:
        lines.append(Text(_t("owner", lang, player=_name(face["owner"], names, lang)), style="dim"))
    if minion is not None:
        lines += _in_play(minion, view, names, lang)
    texts = face["texts"]
    for block in ("chain", "your_chain", "combat", "your_combat", "in_play", "exile", "global", "wound"):
        if texts.get(block):
            label = i18n.text("block", block, lang, default=block.replace("_", " ").title())
            lines.append(Text.assemble((f"{label}{mark(block)}: ", "bold"), texts[block]))
    kicker = texts.get("kicker")
    if kicker:
        colour = i18n.colour_name(kicker["colour"], lang)
        lines.append(Text.assemble((f"{i18n.text('block', 'kicker', lang)}{mark('kicker')} ", "bold"),
                                   colour_dot(kicker["colour"]), (f" {colour}{mark('kicker_colour')}: ", "bold"),
                                   kicker["text"]))
    feed = texts.get("feed")
    if feed:
        lines.append(Text.assemble((_t("feed", lang, on=feed["on"]) + mark("feed"), "bold"), feed["cost"]))
    if designed:
        lines.append(Text(_t("designed", lang), style="dim italic"))
    title = Text.assemble(colour_dot(face.get("colour")), " ",
                          (face["name"], COLOUR_STYLES.get(face.get("colour") or "", "bold")))
    return Panel(Group(*lines), title=title, title_align="left", box=box.ROUNDED, border_style="cyan")


def _in_play(minion: dict[str, Any], view: dict[str, Any], names: Sequence[str], lang: str) -> list[Text]:
    """A minion in play: its current strength/health, each modifier, attached cards."""
    strength, health = minion["strength"], minion["health"]
    line = Text.assemble((_t("now", lang), "bold"), _stats(minion),
                         f"  ({_t('controller', lang, player=_name(minion['controller'], names, lang))})")
    out = [line]
    for mod in strength["modifiers"] + health["modifiers"]:
        what = _t(f"mod_{mod['source']}", lang)
        if mod.get("card") is not None and str(mod["card"]) in view["cards"]:
            what += f" ({view['cards'][str(mod['card'])]['name']})"
        stat = _t("strength_word" if mod in strength["modifiers"] else "health_word", lang)
        out.append(Text(f"  {mod['amount']:+d} {stat}: {what}", style="dim"))
    for cid in minion["attached"]:
        out.append(Text(_t("attached", lang, card=view["cards"][str(cid)]["name"]), style="cyan"))
    return out
