"""One terminal front end per game, behind one small interface, so ``gloam play`` and
``gloam replay`` drive either game the same way: the board, option labels, event
lines, a reading order for options, and the end-of-game banner.

A front end speaks one language: ``lang="ja"`` makes Nightfall's front end Japanese
(``gloam.nightfall.i18n``); Nightmarium's stays English."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Sequence

from rich.console import RenderableType
from rich.text import Text

from gloam.core.decisions import SPECTATOR


class Frontend(ABC):
    """What the terminal needs to know about a game."""

    def __init__(self, game: Any, lang: str = "en") -> None:
        self.game = game
        self.lang = lang

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


def frontend(game: Any, lang: str = "en") -> Frontend:
    """The terminal front end of ``game``, in ``lang`` ("en" or "ja"; Nightmarium's is
    always English)."""
    return {"nightmarium": NightmariumFrontend, "nightfall": NightfallFrontend}[game.name](game, lang)
