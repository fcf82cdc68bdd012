"""One terminal front end per game, behind one small interface, so ``gloam play`` and
``gloam replay`` drive either game the same way: the board, option labels, event
lines, a reading order for options, and the end-of-game banner.

A front end speaks one language: ``lang="ja"`` makes Nightfall's front end Japanese
(``gloam.nightfall.i18n``); Nightmarium's stays English."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console, RenderableType
from rich.text import Text

from gloam.core.decisions import SPECTATOR, Decision, Refs


@dataclass(frozen=True)
class Item:
    """One line of a decision's menu: its label, the action it takes (an index of
    ``pending()``'s choices), what it names, whether it only passes or stops, and the
    ``plan`` the terminal goes on with after it (a front-end grouping of several
    decisions into one keystroke, e.g. every minion attacking one player; the engine's
    actions stay one per decision)."""

    label: str
    index: int
    refs: Refs = Refs()
    passive: bool = False
    plan: tuple[Any, ...] | None = None


class Frontend(ABC):
    """What the terminal needs to know about a game."""

    #: decision kinds whose options follow from what the whole table sees (not from a
    #: hand): in pass-and-play such a decision may be taken for a seat not at the screen
    #: when it has one option, without that saying anything the others may not know
    public_kinds: frozenset[str] = frozenset()
    #: whether ``? KEY`` reads a card in full and ``b`` shows a fuller board
    reads_cards = False

    def __init__(self, game: Any, lang: str = "en") -> None:
        self.game = game
        self.lang = lang

    # ------------------------------------------------------------------ the menu
    def menu(self, decision: Decision, observation: dict[str, Any], names: Sequence[str]) -> list[Item]:
        """The decision's options in reading order, each labelled for ``observation``'s
        viewer; options with the same label (two copies of a card) are one line."""
        items: list[Item] = []
        seen: set[str] = set()
        for choice in sorted(decision.choices, key=lambda c: self.sort_key(c.index)):
            label = self.action_label(observation, choice.index, names)
            if label not in seen:
                seen.add(label)
                items.append(Item(label, choice.index, choice.refs, self.passive(choice.action)))
        return self.group(decision, items, names)

    def passive(self, action: Any) -> bool:
        """Whether ``action`` only passes or stops (taken for you when it is all there is)."""
        return False

    def group(self, decision: Decision, items: list[Item], names: Sequence[str]) -> list[Item]:
        """Items that take several decisions at once (none by default)."""
        return items

    def follow(self, plan: tuple[Any, ...], decision: Decision, items: list[Item]) -> Item | None:
        """The item ``plan`` takes at ``decision``, or None when the plan is over."""
        return None

    # ------------------------------------------------------------------ the screen
    def screen(self, console: Console, state: Any, player: int, observation: dict[str, Any],
               events: Sequence[dict[str, Any]], names: Sequence[str], items: Sequence[Item], new: int,
               extra: Sequence[Text], notice: Text | None = None) -> list[RenderableType]:
        """What the deciding player sees: a ``notice`` (a new or resumed game), the
        table, the numbered options and the ``extra`` lines (what was taken for them,
        hints, an error)."""
        from gloam.cli.render import options_table

        return [*([notice] if notice is not None else []),
                self.view(observation, events, names, player, new, console.width),
                options_table(self.game, [i.label for i in items], console.width, styled=self.styled), *extra]

    def final(self, console: Console, state: Any, viewer: int | None, observation: dict[str, Any],
              events: Sequence[dict[str, Any]], names: Sequence[str], new: int,
              extra: Sequence[RenderableType]) -> list[RenderableType]:
        """The last screen: the table as ``viewer`` (None: everyone looking, so only what
        is public) sees it, then ``extra`` (the result, the seed)."""
        return [self.view(observation, events, names, viewer, new, console.width), *extra]

    def board(self, state: Any, player: int, observation: dict[str, Any], events: Sequence[dict[str, Any]],
              names: Sequence[str], width: int) -> RenderableType:
        """The full board (the ``b`` key)."""
        return self.view(observation, events, names, player, 0, width)

    def log(self, observation: dict[str, Any], events: Sequence[dict[str, Any]], names: Sequence[str]) -> list[Text]:
        """Every event the viewer has seen, one line each (the ``l`` key)."""
        return [self.styled("• " + self.event_line(observation, e, names)) for e in events]

    def read(self, state: Any, player: int, query: str, items: Sequence[Item],
             names: Sequence[str]) -> list[RenderableType]:
        """The cards ``query`` names in full (the ``? KEY`` key); none by default."""
        return []

    @abstractmethod
    def view(self, observation: dict[str, Any], events: Sequence[dict[str, Any]], names: Sequence[str],
             you: int | None, new: int, width: int) -> RenderableType:
        """The table as ``observation`` shows it, with the last ``events``."""

    def spectator(self, state: Any) -> dict[str, Any]:
        """What a person watching the table sees (for pass-and-play and bots-only games):
        the game's spectator observation (``SPECTATOR``: no hand, no face-down card, no
        deck order)."""
        return state.observation(SPECTATOR)

    @abstractmethod
    def action_label(self, observation: dict[str, Any], index: int, names: Sequence[str],
                     second_person: bool = True) -> str:
        """A label for legal option ``index`` of the decision ``observation`` shows."""

    @abstractmethod
    def event_line(self, observation: dict[str, Any], event: dict[str, Any], names: Sequence[str],
                   you: int | None = None) -> str:
        """One line for an event already redacted for its reader."""

    def sort_key(self, index: int) -> Any:
        return index

    def hides_choice(self, before: Any, after: Any, viewer: int, index: int) -> bool:
        """Whether ``viewer`` may not learn which option another player took (a card
        chosen out of sight). By default every choice is seen at the table."""
        return False

    def styled(self, line: str, style: str = "") -> Text:
        return Text(line, style=style)

    @abstractmethod
    def result(self, state: Any, names: Sequence[str]) -> str:
        """The end-of-game banner."""


class NightmariumFrontend(Frontend):
    def __init__(self, game: Any, lang: str = "en", compact: bool = True) -> None:
        super().__init__(game, lang)   # one screen: ``compact`` is Nightfall's choice

    def view(self, observation, events, names, you, new, width):
        from gloam.cli.render import build_view

        return build_view(self.game, observation, events, names, you=you, new=new, width=width)

    def action_label(self, observation, index, names, second_person=True):
        from gloam.nightmarium.describe import describe_action

        return describe_action(self.game, observation, index, names, second_person=second_person)

    def event_line(self, observation, event, names, you=None):
        from gloam.nightmarium.describe import describe_event

        return describe_event(self.game, event, names, you)

    def sort_key(self, index):
        from gloam.nightmarium.describe import option_sort_key

        return option_sort_key(self.game, index)

    def styled(self, line, style=""):
        from gloam.cli.render import colour_codes

        return colour_codes(self.game, line, style)

    def result(self, state, names):
        winner = state.winner
        if winner < 0:
            return f"No winner: {state.outcome().detail}"
        who = "You win" if names[winner] == "You" else f"{names[winner]} wins"
        return f"{who}! ({state.complete_creatures(winner)} complete creatures, turn {state.turn})"


class NightfallFrontend(Frontend):
    """Nightfall at the terminal: the compact screen (cli/screen_nightfall.py) unless
    ``compact`` is False (``--layout full``: the whole board on every screen)."""

    public_kinds = frozenset({"attack", "block", "moon", "optional", "order_blockers", "order_events",
                              "target_minion", "target_player", "target_archive", "starters"})
    reads_cards = True

    def __init__(self, game: Any, lang: str = "en", compact: bool = True) -> None:
        super().__init__(game, lang)
        self.compact = compact

    def passive(self, action):
        from gloam.nightfall.actions import Done, Pass

        return isinstance(action, (Pass, Done))

    def group(self, decision, items, names):
        """Rules 103-105: every minion attacks. With more than one to send, one item per
        opponent sends them all at that player, in play order (the combats resolve in the
        order sent); the single attacks stay for a player who wants another order."""
        if str(decision.kind) != "attack":
            return items
        attackers = {i.refs.cards[0] for i in items if i.refs.cards}
        if len(attackers) < 2:
            return items
        from gloam.nightfall import i18n

        targets = sorted({i.refs.players[0] for i in items if i.refs.players})
        groups = []
        for target in targets:
            first = next(i for i in items if i.refs.players == (target,))
            name = names[target] if target < len(names) else i18n.fill("ui", "player_n", self.lang, n=target + 1)
            groups.append(Item(i18n.fill("term", "all_attack", self.lang, player=name), first.index, first.refs,
                               plan=("attack", target)))
        return groups + items

    def follow(self, plan, decision, items):
        """All attack: while this combat's attacks go on, send the next minion (in play
        order) at the planned player."""
        kind, target = plan
        if str(decision.kind) != kind or not getattr(decision.context, "attacks", ()):
            return None
        return next((i for i in items if i.plan is None and i.refs.players == (target,)), None)

    def screen(self, console, state, player, observation, events, names, items, new, extra, notice=None):
        if not self.compact:
            return super().screen(console, state, player, observation, events, names, items, new, extra, notice)
        from gloam.cli.screen_nightfall import compact_screen

        view = state.view(player, self.lang)
        log = self._log_lines(observation, events, names, new)
        labels = [self.styled(i.label) for i in items]
        return compact_screen(console, view, names, labels, log, extra, console.width, console.height, self.lang,
                              notice)

    def final(self, console, state, viewer, observation, events, names, new, extra):
        """The compact table at the end (the replay's line comes after it)."""
        if not self.compact:
            return super().final(console, state, viewer, observation, events, names, new, extra)
        from gloam.cli.screen_nightfall import compact_screen

        view = state.view(SPECTATOR if viewer is None else viewer, self.lang)
        log = self._log_lines(observation, events, names, new)
        return compact_screen(console, view, names, [], log, extra, console.width, console.height - 1, self.lang)

    def _log_lines(self, observation, events, names, new):
        """The last 40 log lines (the newest ``new`` bright, the rest grey)."""
        first = len(events) - min(40, len(events))
        return [self.styled("• " + self.event_line(observation, e, names), "" if k >= len(events) - new else "grey50")
                for k, e in enumerate(events[first:], first)]

    def board(self, state, player, observation, events, names, width):
        return self.view(observation, events, names, player, 0, width)

    def read(self, state, player, query, items, names):
        """``? KEY``: a key of the compact screen, an option's number (the cards and
        archives it names) or part of a card's name."""
        from gloam.cli.screen_nightfall import board_keys, card_sheet, find_cards

        view = state.view(player, self.lang)
        keys = board_keys(view)
        wanted = query.strip()
        found = []
        if wanted.isdigit() and 1 <= int(wanted) <= len(items):
            item = items[int(wanted) - 1]
            faces = [view["cards"][str(c)] for c in item.refs.cards if str(c) in view["cards"]]
            faces += [view["archives"][a]["card"] for a in item.refs.archives if view["archives"][a]["card"]]
            by_card = {m["card"]: m for p in view["players"] for m in p["in_play"]}
            found = [(f, by_card.get(f.get("id"))) for f in faces]
        if not found:
            found = find_cards(view, keys, wanted)
        return [card_sheet(face, minion, view, names, self.lang) for face, minion in found[:4]]

    def hides_choice(self, before, after, viewer, index):
        """A draft pick is hidden; so is a card option (a card chosen from a hand, deck or
        discard pile) unless the viewer can see that card before or after the choice.
        Read from the decision's choices: what each option is and which cards it names."""
        from gloam.nightfall.actions import Card, Discard, Option, Play
        from gloam.nightfall.formats import visible_cards

        decision = before.pending()
        choice = next((c for c in decision.choices if c.index == index), None) if decision else None
        if choice is None:
            return False
        if isinstance(choice.action, Option) and decision.kind == "draft":
            return True
        if not isinstance(choice.action, (Card, Play, Discard)):
            return False
        seen = visible_cards(before.observation(viewer)) | visible_cards(after.observation(viewer))
        return any(card not in seen for card in choice.refs.cards)

    def view(self, observation, events, names, you, new, width):
        from gloam.cli.render_nightfall import build_view

        return build_view(self.game, observation, events, names, you=you, new=new, width=width, lang=self.lang)

    def action_label(self, observation, index, names, second_person=True):
        from gloam.nightfall.describe import describe_action

        return describe_action(self.game, observation, index, list(names), lang=self.lang)

    def event_line(self, observation, event, names, you=None):
        from gloam.nightfall.describe import describe_event

        return describe_event(self.game, observation, event, list(names), lang=self.lang)

    def result(self, state, names):
        """The end-of-game banner, read from the spectator's table view: the winner (a team
        in Team Play, rule 178; the last player left in a constructed game, reading 15)
        and every player's wounds (rule 162)."""
        from gloam.core import SPECTATOR
        from gloam.nightfall import i18n
        from gloam.nightfall.describe import team_list, team_name

        lang = self.lang
        view = state.view(SPECTATOR, lang)
        wounds = [seat["wounds"]["total"] for seat in view["players"]]
        if not view["winners"]:
            return i18n.fill("ui", "no_winner", lang, turn=view["turn"])
        winner = view["winners"][0]
        sep = i18n.text("event", "list_sep", lang)
        you = i18n.text("ui", "you", lang)
        tally = sep.join(f"{names[p]} {w}" for p, w in enumerate(wounds))
        if view["teams"] is not None:  # Team Play (rule 178): the team with the fewest wounds
            mates = tuple(view["winners"])
            team = team_name(mates, list(names), lang)
            who = (i18n.fill("ui", "team_you_win", lang, team=team) if you in (names[q] for q in mates)
                   else i18n.fill("ui", "team_win", lang, team=team))
            totals = sep.join(i18n.fill("ui", "team_total", lang, team=team_name(t, list(names), lang),
                                        total=sum(wounds[q] for q in t)) for t in team_list(len(wounds)))
            return i18n.fill("ui", "team_fewest", lang, who=who, totals=totals, tally=tally, turn=view["turn"])
        who = (i18n.text("ui", "you_win", lang) if names[winner] == you
               else i18n.fill("ui", "wins", lang, player=names[winner]))
        if any(seat["wound_stack_size"] is not None for seat in view["players"]):  # constructed (reading 15)
            out = sep.join(names[p] for p in view["eliminations"])
            return i18n.fill("ui", "last_left", lang, who=who, tally=tally, out=out, turn=view["turn"])
        return i18n.fill("ui", "fewest_wounds", lang, who=who, tally=tally, turn=view["turn"])


def frontend(game: Any, lang: str = "en", compact: bool = True) -> Frontend:
    """The terminal front end of ``game``, in ``lang`` ("en" or "ja"; Nightmarium's is
    always English); Nightfall's compact screen unless ``compact`` is False."""
    return FRONTENDS[game.name](game, lang, compact)


#: the terminal front end of each game that has one (``gloam play`` plays these games)
FRONTENDS: dict[str, Callable[..., Frontend]] = {"nightmarium": NightmariumFrontend, "nightfall": NightfallFrontend}
