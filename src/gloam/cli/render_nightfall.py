"""Rich rendering of a Nightfall table as one player sees it, built only from that
player's observation and redacted events (so nothing hidden can leak onto the screen).

Shows the wound stack, each player's wounds, hand and deck sizes and minions in play with
their current health, the archives with top card and cost, the chain as a stack with link
colours and live kickers, your hand, the pending decision and the last events.
"""

from __future__ import annotations

from typing import Any, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gloam.nightfall.describe import describe_event

COLOUR_STYLES = {"red": "bold red", "blue": "bold blue", "gold": "bold yellow", "green": "bold green",
                 "purple": "bold magenta", "white": "bold white"}
PHASES = {"combat": "Combat", "chain": "Chain", "claim": "Claim", "cleanup": "Cleanup", "setup": "Setup",
          "over": "Game over"}


def public_view(observation: dict[str, Any]) -> dict[str, Any]:
    """What anyone at the table sees: the observation without its viewer's hand."""
    return dict(observation, viewer=None, hand=[], legal=None)


def colour_dot(colour: str | None) -> Text:
    if not colour:
        return Text("·", style="dim")
    return Text("●", style=COLOUR_STYLES.get(colour, ""))


def card_text(game: Any, obs: dict[str, Any], cid: int, detail: bool = False) -> Text:
    """A card as a coloured name; minions with strength/health; wounds with their type."""
    card = game.card(obs["cards"][cid])
    wtype = obs["wtype"][cid]
    if wtype is not None:
        return Text(f"{card.name} ({wtype})", style="red3")
    text = Text.assemble(colour_dot(card.colour), " ", (card.printed_name, COLOUR_STYLES.get(card.colour or "", "")))
    if detail:
        links = Text.assemble(*[colour_dot(c) for c in card.link_colours])
        text.append("  links ")
        text.append_text(links)
        if card.kicker is not None:
            text.append("  kicker ")
            text.append_text(colour_dot(card.kicker.colour))
    return text


def _wounds(obs: dict[str, Any]) -> list[int]:
    counts = [0] * len(obs["hand_sizes"])
    for cid, owner in enumerate(obs["owner"]):
        if owner >= 0 and obs["wtype"][cid] is not None and cid not in obs["exiled"]:
            counts[owner] += 1
    return counts


def _name(p: int, names: Sequence[str]) -> str:
    return names[p] if p < len(names) else f"Player {p + 1}"


def header(game: Any, obs: dict[str, Any], names: Sequence[str]) -> Text:
    moon = ""
    if obs.get("moon") is not None:
        moon_card = game.card(obs["cards"][obs["moon"]])
        moon = f" · moon: {moon_card.name} ({moon_card.global_text})"
    phase = PHASES.get(obs["phase"], obs["phase"])
    top = ""
    if obs["wound_top"] is not None:
        top = f", top {obs['wtype'][obs['wound_top']]}"
    return Text.assemble((" NIGHTFALL ", "bold white on dark_red"),
                         f"  turn {obs['turn']} · {_name(obs['active'], names)}'s turn · {phase} Phase",
                         f" · wound stack: {obs['face_up']} face-up left{top}{moon}")


def players_table(game: Any, obs: dict[str, Any], names: Sequence[str]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, expand=True, title=None, show_edge=False)
    for column in ("player", "wounds", "hand", "deck", "discard top", "in play (strength/health, attached)"):
        table.add_column(column, overflow="fold")
    wounds = _wounds(obs)
    for p in range(len(obs["hand_sizes"])):
        marker = "▶ " if p == obs["active"] else "  "
        discard = obs["discards"][p]
        top = card_text(game, obs, discard[-1]) if discard else Text("—", style="dim")
        minions = Text()
        for k, m in enumerate(obs["play"][p]):
            card = game.card(obs["cards"][m])
            info = obs["minions"][str(m)]
            health = (card.health or 0) - info["damage"]
            if k:
                minions.append(" · ")
            minions.append_text(card_text(game, obs, m))
            minions.append(f" {card.strength or 0}/{health}")
            for a in info["attached"]:
                minions.append(" + ")
                minions.append_text(card_text(game, obs, a))
        table.add_row(Text(marker + _name(p, names), style="bold" if p == obs["active"] else ""),
                      str(wounds[p]), str(obs["hand_sizes"][p]), str(obs["deck_sizes"][p]), top,
                      minions if obs["play"][p] else Text("—", style="dim"))
    return table


def archives_table(game: Any, obs: dict[str, Any], names: Sequence[str]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, expand=True, show_edge=False)
    for column in ("archive", "card", "cost", "type", "links", "kicker"):
        table.add_column(column)
    for archive in obs["archives"]:
        card = game.card(archive["card"])
        owner = _name(archive["owner"], names) if archive["owner"] >= 0 else ""
        whose = "commons" if archive["owner"] < 0 else ("Your" if owner == "You" else f"{owner}'s")
        if archive["size"] == 0:
            table.add_row(whose, Text(f"{card.printed_name} (gone)", style="dim"), "", "", "", "")
            continue
        kind = f"minion {card.strength}/{card.health}" if card.is_minion else "action"
        links = Text.assemble(*[colour_dot(c) for c in card.link_colours])
        kicker = colour_dot(card.kicker.colour) if card.kicker else Text("")
        table.add_row(whose, Text.assemble(colour_dot(card.colour), " ", card.printed_name), str(card.cost),
                      kind, links, kicker)
    return table


def chain_panel(game: Any, obs: dict[str, Any], names: Sequence[str]) -> RenderableType | None:
    if not obs["chain"]:
        return None
    lines = []
    for k, entry in enumerate(reversed(obs["chain"])):
        line = Text("top → " if k == 0 else "       ")
        line.append_text(card_text(game, obs, entry["card"], detail=True))
        line.append(f"   ({_name(entry['player'], names)})")
        if entry["kicker"]:
            line.append("  KICKER", style="bold yellow")
        lines.append(line)
    return Panel(Group(*lines), title="The chain (resolves from the top)", title_align="left",
                 border_style="magenta", box=box.ROUNDED)


def hand_table(game: Any, obs: dict[str, Any]) -> RenderableType:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, expand=True)
    for column in ("card", "cost", "type", "text"):
        table.add_column(column, overflow="fold")
    for cid in obs["hand"]:
        card = game.card(obs["cards"][cid])
        if obs["wtype"][cid] is not None:
            table.add_row(card_text(game, obs, cid), "", "wound", card.wound_text or "")
            continue
        kind = f"minion {card.strength}/{card.health}" if card.is_minion else "action"
        parts = []
        for label, text in (("Chain", card.chain), ("Your Chain", card.your_chain), ("Combat", card.combat),
                            ("Your Combat", card.your_combat), ("In Play", card.in_play)):
            if text:
                parts.append(f"{label}: {text}")
        if card.kicker:
            parts.append(f"Kicker ({card.kicker.colour}): {card.kicker.text}")
        table.add_row(card_text(game, obs, cid, detail=True), str(card.cost), kind, " ".join(parts))
    return Panel(table, title=f"Your hand ({len(obs['hand'])})", title_align="left", border_style="cyan",
                 box=box.ROUNDED)


def event_log(game: Any, obs: dict[str, Any], events: Sequence[dict[str, Any]], names: Sequence[str],
              new: int = 0, count: int = 10) -> Panel:
    shown = min(len(events), max(count, min(new, 30)))
    first_new = len(events) - new
    lines = [Text("• " + describe_event(game, obs, events[k], list(names)),
                  style="" if k >= first_new else "grey50")
             for k in range(len(events) - shown, len(events))]
    return Panel(Group(*(lines or [Text("nothing yet", style="dim")])), title="What happened",
                 title_align="left", border_style="grey50", box=box.ROUNDED)


def build_view(game: Any, observation: dict[str, Any], events: Sequence[dict[str, Any]],
               names: Sequence[str], you: int | None = None, new: int = 0, width: int = 160,
               log_size: int = 10) -> RenderableType:
    """The whole table as ``observation['viewer']`` sees it, with the last events."""
    obs = observation
    parts: list[RenderableType] = [header(game, obs, names), players_table(game, obs, names),
                                   Panel(archives_table(game, obs, names), title="Archives", title_align="left",
                                         border_style="grey50", box=box.ROUNDED)]
    chain = chain_panel(game, obs, names)
    if chain is not None:
        parts.append(chain)
    if obs.get("viewer") is not None and obs.get("to_act") is not None and obs["to_act"] >= 0:
        who = "You" if obs["to_act"] == obs["viewer"] else _name(obs["to_act"], names)
        influence = f" · {obs['influence']} influence" if obs["phase"] == "claim" else ""
        parts.append(Text(f"{who}: {obs['kind'].replace('_', ' ')}{influence}", style="bold yellow"))
    if obs.get("viewer") is not None:
        parts.append(hand_table(game, obs))
    elif obs.get("hands") is not None:  # a replay of a finished game shows every hand
        for p, hand in enumerate(obs["hands"]):
            line = Text.assemble((f"{_name(p, names)}'s hand: ", "bold"))
            for k, cid in enumerate(hand):
                line.append(", " if k else "")
                line.append_text(card_text(game, obs, cid))
            parts.append(line)
    parts.append(event_log(game, obs, events, names, new, log_size))
    return Group(*parts)
