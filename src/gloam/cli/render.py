"""Rich rendering of a Nightmarium table as one player sees it.

Every view is built only from an *observation* (``state.observation(viewer)``) and the
event stream redacted for the same viewer (``state.events_for(viewer)``), never from the
state itself, so the screen cannot show a card its viewer may not see. A replay after
the game may add a ``"hands"`` entry (every hand) to show the whole table.

Card codes are drawn as small "chips" in their Legion's colour: Necromunculus blue,
Constrict brown, Chimerid green, Manster red (seed 004, rule 188).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gloam.core import SPECTATOR
from gloam.nightmarium.actions import Play
from gloam.nightmarium.cards import ABILITIES, LEGIONS
from gloam.nightmarium.describe import (
    ABILITY_TEXT,
    PART_BY_HEIGHT,
    describe_card,
    describe_event,
    describe_pending,
)

#: chip style per Legion (background = the card's colour)
LEGION_STYLES = ("bold white on dodger_blue3", "bold white on orange4", "bold white on green4",
                 "bold white on red3")
#: text style per Legion (for Legion names)
LEGION_TEXT = ("bold dodger_blue1", "bold dark_orange3", "bold green3", "bold red1")
WIDE = 120  # at least this many columns: hand and log side by side
MAX_LOG = 24  # never show more events than this at once


# ---------------------------------------------------------------------- cards
def legion_text(legion: int) -> Text:
    return Text(LEGIONS[legion], style=LEGION_TEXT[legion])


def chip(game: Any, card: int) -> Text:
    """A card's code in its Legion's colours."""
    c = game.composition.cards[card]
    return Text.assemble((f" {c.code} ", LEGION_STYLES[c.legion]))


ABBREVIATIONS = {"Songbird": "Song", "Mourner": "Mourn", "Mockingbird": "Mock", "Executioner": "Exec",
                 "Scavenger": "Scav", "Devourer": "Devour"}


def card_cell(game: Any, card: int, detail: str = "full") -> Text:
    """A chip followed by the card's ability (``detail``: ``full`` name, ``short``
    abbreviation, or ``none``), for a creature's row."""
    c = game.composition.cards[card]
    text = chip(game, card)
    if c.ability_name and detail != "none":
        name = c.ability_name if detail == "full" else ABBREVIATIONS[c.ability_name]
        text.append(f" {name}", style="italic")
    return text


@lru_cache(maxsize=8)
def _code_table(codes: tuple[str, ...], legions: tuple[int, ...]) -> tuple[re.Pattern[str], dict[str, int]]:
    """A regex matching any card code (longest first: "X-1#10" before "X-1#1") and the
    Legion of each code."""
    ordered = sorted(codes, key=len, reverse=True)
    return re.compile("|".join(re.escape(c) for c in ordered)), dict(zip(codes, legions))


def colour_codes(game: Any, line: str, style: str = "") -> Text:
    """``line`` with every card code in it drawn as a chip."""
    cards = game.composition.cards
    pattern, legion_of = _code_table(tuple(c.code for c in cards), tuple(c.legion for c in cards))
    text = Text(style=style)
    pos = 0
    for m in pattern.finditer(line):
        text.append(line[pos:m.start()])
        text.append(f" {m.group()} ", style=LEGION_STYLES[legion_of[m.group()]])
        pos = m.end()
    text.append(line[pos:])
    return text


# ---------------------------------------------------------------------- the board
def seat_of(obs: dict[str, Any]) -> int | None:
    """The seat looking at ``obs``, or ``None`` for a spectator's observation
    (``state.observation(SPECTATOR)``) or a replay's whole-table one."""
    viewer = obs.get("viewer")
    return None if viewer is None or viewer == SPECTATOR else viewer


def _player_order(obs: dict[str, Any]) -> list[int]:
    """Opponents clockwise from the viewer, the viewer last (nearest the hand)."""
    n = len(obs["hand_sizes"])
    viewer = seat_of(obs)
    if viewer is None:
        return list(range(n))
    return [(viewer + k) % n for k in range(1, n)] + [viewer]


def creature_table(game: Any, obs: dict[str, Any], player: int, width: int = 160) -> RenderableType:
    """A player's creatures as columns, head on top, legs at the bottom (abilities
    abbreviated, then left out, when the screen is too narrow)."""
    creatures = obs["creatures"][player]
    if not creatures:
        return Text("no creatures yet", style="dim italic")
    room = width - 10  # panel border and padding, the row labels
    detail = "full" if len(creatures) * 21 <= room else ("short" if len(creatures) * 16 <= room else "none")
    table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
    table.add_column("", style="dim", no_wrap=True)
    resolving = obs["resolving"] if player == obs["active"] and obs["mode"] != "over" else -1
    for i, creature in enumerate(creatures):
        head = Text(f"#{i + 1}", style="bold")
        if len(creature) == 3:
            head.append(" ✔", style="bold green")
        if creature[0] == resolving:
            head.append(" ★", style="bold yellow")
        table.add_column(head, no_wrap=True)
    for height in (2, 1, 0):
        row: list[RenderableType] = [Text(PART_BY_HEIGHT[height])]
        for creature in creatures:
            row.append(card_cell(game, creature[height], detail) if height < len(creature)
                       else Text("   ·", style="dim"))
        table.add_row(*row)
    return table


def player_panel(game: Any, obs: dict[str, Any], player: int, names: Sequence[str], width: int = 160) -> Panel:
    goal = obs["setup"]["creatures"]
    done = sum(1 for c in obs["creatures"][player] if len(c) == 3)
    viewer = seat_of(obs)
    title = Text()
    if player == obs["active"] and obs["mode"] != "over":
        title.append("▶ ", style="bold yellow")
    title.append(names[player], style="bold")
    if player == viewer and names[player] != "You":
        title.append(" (you)", style="bold")
    title.append(f"  {done}/{goal} complete", style="bold green" if done else "")
    size = obs["hand_sizes"][player]
    title.append(f"  · {size} card{'s' if size != 1 else ''} in hand")
    body: list[RenderableType] = [creature_table(game, obs, player, width)]
    hands = obs.get("hands")
    if hands is not None:
        line = Text("hand: ", style="dim")
        for c in hands[player]:
            line.append_text(chip(game, c))
            line.append(" ")
        body.append(line)
    elif player != viewer and obs["known"][player]:
        line = Text("known in hand (taken by Executioner): ", style="dim")
        for c in obs["known"][player]:
            line.append_text(chip(game, c))
            line.append(" ")
        body.append(line)
    active = player == obs["active"] and obs["mode"] != "over"
    won = obs["winner"] == player
    style = "bold green" if won else ("yellow" if active else "grey50")
    return Panel(Group(*body), title=title, title_align="left", border_style=style,
                 box=box.ROUNDED, padding=(0, 1))


def header(game: Any, obs: dict[str, Any], names: Sequence[str], you: int | None = None) -> Text:
    goal = obs["setup"]["creatures"]
    text = Text()
    text.append(" NIGHTMARIUM ", style="bold white on purple4")
    text.append(f"  turn {obs['turn']}", style="bold")
    if obs["mode"] != "over":
        whose = "your" if obs["active"] == you else f"{names[obs['active']]}'s"
        text.append(f" · {whose} turn, action {3 - obs['actions_left']} of 2")
    text.append(f" · first to {goal} complete creatures wins", style="dim")
    text.append("\n")
    text.append(f" Deck {obs['deck_size']} cards", style="bold")
    discard = obs["discard"]
    text.append(f" · Discard pile {len(discard)} cards", style="bold")
    if discard:
        text.append(", top: ")
        text.append_text(colour_codes(game, describe_card(game, discard[-1])))
    return text


def decision_panel(game: Any, obs: dict[str, Any], names: Sequence[str], you: int | None) -> Panel:
    """What is happening now: the prompt, Songbird's cards, abilities still to come,
    opponents still owing the same-Legion penalty."""
    lines: list[RenderableType] = []
    over = obs["mode"] == "over"
    lines.append(Text(describe_pending(game, obs, names, you), style="bold green" if over else "bold"))
    if obs["revealed"]:
        line = Text("Revealed by Songbird: ")
        for c in obs["revealed"]:
            line.append_text(colour_codes(game, describe_card(game, c)))
            line.append("  ")
        lines.append(line)
    resolving = obs["resolving"]
    if resolving >= 0 and not over:
        active = obs["active"]
        mine = obs["creatures"][active]
        number = next((i + 1 for i, c in enumerate(mine) if c[0] == resolving), None)
        whose = "your" if active == you else f"{names[active]}'s"
        which = f"{whose} creature #{number}" if number else f"{whose} creature"
        rest = [ABILITIES[a] for a in obs["abilities"]]
        lines.append(Text(f"★ Resolving {which} (head, then body, then legs): "
                          + (f"still to come: {', '.join(rest)}" if rest else "no abilities left after this one"),
                          style="yellow"))
    if obs["penalties"] and not over:
        owing = [f"{names[p]} ({LEGIONS[legion]})" for p, legion in obs["penalties"]]
        lines.append(Text("Same-Legion penalty still owed by: " + ", ".join(owing), style="magenta"))
    return Panel(Group(*lines), title="Now", title_align="left",
                 border_style="green" if over else "cyan", box=box.ROUNDED,
                 padding=(0, 1))


def hand_table(game: Any, obs: dict[str, Any]) -> RenderableType:
    """The viewer's own hand: every card's Legion, parts and ability (▸: playable now)."""
    hand = obs["hand"]
    if not hand:
        return Panel(Text("(empty)", style="dim"), title="Your hand", title_align="left",
                     border_style="grey50", box=box.ROUNDED, padding=(0, 1))
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
    table.add_column("card", no_wrap=True)
    table.add_column("legion", no_wrap=True)
    table.add_column("can be", no_wrap=True)
    table.add_column("ability", no_wrap=True)
    table_of = game.action_space
    playable = {action.card for action in (table_of[i] for i in obs.get("legal") or [])
                if isinstance(action, Play)}
    for card in sorted(hand, key=lambda c: card_sort_key(game, c)):
        c = game.composition.cards[card]
        code = chip(game, card)
        code.append(" ▸" if card in playable else "  ", style="bold yellow")
        ability = Text(c.ability_name or "—", style="italic" if c.ability_name else "dim")
        table.add_row(code, legion_text(c.legion), "/".join(c.part_names), ability)
    return Panel(Group(table, ability_legend(game, hand)), title=f"Your hand ({len(hand)} card{'s' if len(hand) != 1 else ''})",
                 title_align="left", border_style="grey50", box=box.ROUNDED, padding=(0, 1))


def card_sort_key(game: Any, card: int) -> tuple[int, str]:
    """Hand order: by Legion, then by code."""
    return game.legion[card], game.composition.cards[card].code


def ability_legend(game: Any, cards: Sequence[int]) -> Text:
    """One reminder per ability found among ``cards`` (what each ability does)."""
    names = sorted({game.composition.cards[c].ability_name for c in cards} - {None}, key=ABILITIES.index)
    text = Text(style="dim")
    for n, name in enumerate(names):
        text.append(("" if n == 0 else "\n") + f"{name}: ", style="italic")
        text.append(ABILITY_TEXT[name])
    return text


def event_log(game: Any, events: Sequence[dict[str, Any]], names: Sequence[str], you: int | None,
              new: int = 0, count: int = 8) -> Panel:
    """The last ``count`` events (more if more than that are ``new``), new ones bright."""
    shown = min(len(events), max(count, min(new, MAX_LOG)))
    first_new = len(events) - new
    lines = []
    start = len(events) - shown
    if start > 0 and new > shown:
        lines.append(Text(f"… {new - shown} earlier events not shown", style="dim"))
    for k in range(start, len(events)):
        style = "" if k >= first_new else "grey50"
        lines.append(colour_codes(game, "• " + describe_event(game, events[k], names, you), style))
    if not lines:
        lines.append(Text("nothing yet", style="dim"))
    return Panel(Group(*lines), title="What happened", title_align="left", border_style="grey50",
                 box=box.ROUNDED, padding=(0, 1))


def build_view(game: Any, observation: dict[str, Any], events: Sequence[dict[str, Any]],
               names: Sequence[str], you: int | None = None, new: int = 0, width: int = 160,
               log_size: int = 8) -> RenderableType:
    """The whole table as ``observation['viewer']`` sees it (or everything, for a replay
    observation with ``"hands"``), with the last events of ``events``."""
    obs = observation
    parts: list[RenderableType] = [header(game, obs, names, you)]
    parts += [player_panel(game, obs, p, names, width) for p in _player_order(obs)]
    parts.append(decision_panel(game, obs, names, you))
    log = event_log(game, events, names, you, new, log_size)
    if seat_of(obs) is None or obs.get("hands") is not None:
        parts.append(log)
    elif width >= WIDE:
        grid = Table.grid(expand=True, padding=(0, 2))
        grid.add_column()
        grid.add_column(ratio=1)
        grid.add_row(hand_table(game, obs), log)
        parts.append(grid)
    else:
        parts += [hand_table(game, obs), log]
    return Group(*parts)


def options_table(game: Any, labels: Sequence[str], width: int = 160, styled: Any = None) -> RenderableType:
    """A numbered list of option labels (two columns when there are many); ``styled``
    turns a label into rich text (default: Nightmarium's card colours)."""
    styled = styled or (lambda label: colour_codes(game, label))
    items = [Text.assemble((f"{n:>2}. ", "bold cyan"), styled(label)) for n, label in enumerate(labels, 1)]
    longest = max((len(label) for label in labels), default=0) + 6
    if len(items) <= 10 or 2 * longest + 4 > width:
        return Group(*items)
    half = (len(items) + 1) // 2
    grid = Table.grid(padding=(0, 4))
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    for k in range(half):
        grid.add_row(items[k], items[k + half] if k + half < len(items) else Text(""))
    return grid
