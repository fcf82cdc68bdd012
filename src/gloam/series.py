"""The End-of-the-World Series (checklist rule 180; seeds 000, 001 and 002 "Other
Variants"): a series of Nightfall games keeping each player's wound total; when someone
reaches 100 total wounds, the player with the lowest total wins. No I/O here: the
command is ``gloam series`` (``cli/series.py``).

gloam's readings where the rulebooks are silent (docs/rules-decisions.md):

* a game's wound score is the wounds the player holds at its end (deck, hand and
  discard pile, rule 162; bare-number wounds too, reading 10), whether or not anyone won;
* the series is checked after each game, so it ends after the game in which a total
  first reaches the target (ML says "the first person": all players finish that game);
* the first player moves one seat to the left each game (game k starts with seat k mod
  N), so no seat always goes first;
* lowest totals tied at the end: the player who won more games of the series wins; if
  still tied, they share the win (``winners`` lists them all);
* game k is played from ``derive_seed(seed, k)`` and the bots of game k from
  ``derive_seed(seed, k, seat)``, so a series is reproduced from its seed, and a saved
  series (its game records) resumes exactly.

A seat is a bot's name or ``you`` (:data:`HUMAN`), a person playing at a front end:
:meth:`Series.play_next` plays bots only; a front end plays a series with human seats
itself, game by game, with :meth:`Series.next_game` (the game to deal and its seed) and
:meth:`Series.add_result` (its finished record and state), as ``gloam series`` does.

>>> s = Series({"players": 2, "sets": ["CW"], "turn_limit": 60}, ["random", "random"], seed=3, target=25)
>>> games = s.play()
>>> s.over and max(s.totals) >= 25 and len(games) == len(s.games)
True
>>> Series.from_json(s.to_json()).totals == s.totals
True
>>> people = Series({"players": 2, "sets": ["CW"]}, ["you", "random"], seed=3)
>>> index, game, deal_seed = people.next_game()
>>> index, game.num_players
(0, 2)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple

from gloam.core.errors import RecordError, SetupError
from gloam.core.record import Record
from gloam.core.rng import derive_seed

TARGET = 100  # rule 180
FORMAT = "gloam-series"
#: the largest saved series gloam reads (a record per game; a series of 1,000 games of
#: the longest kind is about 20 MiB)
MAX_SERIES_BYTES = 64 * 1024 * 1024
GAME = "nightfall"
HUMAN = "you"  # the seat of a person playing at a front end (as in gloam play)


@dataclass(frozen=True)
class SeriesGame:
    """One finished game of a series: its record, each player's wounds, the winner (-1
    if the game hit its turn limit), and the totals after it."""

    index: int
    record: Record
    wounds: tuple[int, ...]
    winner: int
    totals: tuple[int, ...]
    turns: int


class NextGame(NamedTuple):
    """The game a series plays next: its index (from 0), the game (its setup with the
    first player moved on) and the seed it is dealt from."""

    index: int  # type: ignore[assignment]  # the game's number, shadowing tuple.index as the fields always have
    game: Any
    seed: int


class Series:
    """A series of Nightfall games (rule 180). ``setup`` is a Nightfall setup
    (``first_player`` is set per game); ``seats`` names one seat per player: a bot, or
    ``you`` (:data:`HUMAN`) for a person, whose games a front end plays with
    :meth:`next_game` and :meth:`add_result`."""

    def __init__(self, setup: dict[str, Any], seats: list[str], seed: int, target: int = TARGET,
                 max_games: int = 1000) -> None:
        from gloam.bots import bot_names
        from gloam.games import get_game

        if not isinstance(setup, dict):
            raise SetupError("a series setup is a Nightfall setup object")
        for key, value in (("seed", seed), ("target", target), ("max_games", max_games)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise SetupError(f"{key} must be an integer, not {value!r}")
        if target < 1 or max_games < 1:
            raise SetupError("the target and the game limit must be at least 1")
        self.setup = {k: v for k, v in setup.items() if k != "first_player"}
        self.players = get_game(GAME, dict(self.setup, first_player=0)).num_players
        if len(seats) != self.players:
            raise SetupError(f"{len(seats)} bots for {self.players} players: name one bot per player")
        known = bot_names(GAME)
        for name in seats:
            if name != HUMAN and name not in known:
                raise SetupError(f"unknown bot {name!r}: a seat is '{HUMAN}' (a person) or a Nightfall bot"
                                 f" ({', '.join(known)})")
        self.seats = list(seats)
        self.seed = seed
        self.target = target
        self.max_games = max_games
        self.games: list[SeriesGame] = []

    # ------------------------------------------------------------------ one game
    def game_setup(self, index: int) -> dict[str, Any]:
        """Game ``index``'s setup: the series setup with the first player moved on."""
        return dict(self.setup, first_player=index % self.players)

    @property
    def totals(self) -> list[int]:
        return list(self.games[-1].totals) if self.games else [0] * self.players

    @property
    def over(self) -> bool:
        return max(self.totals) >= self.target or len(self.games) >= self.max_games

    @property
    def humans(self) -> list[int]:
        """The seats played by people (``you``)."""
        return [p for p, name in enumerate(self.seats) if name == HUMAN]

    def next_game(self) -> NextGame:
        """The next game to play: its index, the game and its deal seed. A front end plays
        it (people at its seats ``you``) and gives the result to :meth:`add_result`."""
        from gloam.games import get_game

        if self.over:
            raise SetupError("the series is over")
        k = len(self.games)
        return NextGame(k, get_game(GAME, self.game_setup(k)), derive_seed(self.seed, k))

    def play_next(self) -> SeriesGame:
        """Play the next game with the seats' bots and add it to the series (bots only)."""
        from gloam.bots import make_bot
        from gloam.match import play_match

        if self.humans:
            raise SetupError(f"seat {self.humans[0] + 1} is a person ('{HUMAN}'): a human seat plays at a front"
                             " end (gloam series); use next_game() and add_result()")
        k, game, seed = self.next_game()
        bots = [make_bot(name, game, derive_seed(self.seed, k, p)) for p, name in enumerate(self.seats)]
        result = play_match(game, bots, seed=seed)
        return self.add_result(result.record(game, self.seats), result.state)

    def play(self) -> list[SeriesGame]:
        """Play games until the series is over; returns the games played by this call."""
        return list(self.iter_games())

    def iter_games(self) -> Iterator[SeriesGame]:
        while not self.over:
            yield self.play_next()

    def add_result(self, record: Record, state: Any) -> SeriesGame:
        """Add the next game, played by a front end: its record (from :meth:`next_game`'s
        game and seed, else a :class:`RecordError`) and its final state; returns it."""
        k = len(self.games)
        if not self._is_game(k, record):
            raise RecordError(f"that record is not the series' game {k + 1} (its game, setup or seed differs)")
        wounds = tuple(state.wound_count(p)[0] for p in range(self.players))
        totals = tuple(t + w for t, w in zip(self.totals, wounds))
        game = SeriesGame(len(self.games), record, wounds, state.winner if state.is_terminal() else -1,
                          totals, state.turn)
        self.games.append(game)
        return game

    def _is_game(self, k: int, record: Record) -> bool:
        """Whether ``record`` is the game ``k`` this series plays (game, setup, seed)."""
        from gloam.games import get_game

        return record.game == GAME and record.seed == derive_seed(self.seed, k) \
            and record.setup == get_game(GAME, self.game_setup(k)).setup_json()

    # ------------------------------------------------------------------ the result
    def standings(self) -> list[dict[str, Any]]:
        """Every player from the lowest total: seat, bot, total, games won, place (tied
        players share a place)."""
        wins = [sum(1 for g in self.games if g.winner == p) for p in range(self.players)]
        order = sorted(range(self.players), key=lambda p: (self.totals[p], -wins[p], p))
        rows, place = [], 0
        for i, p in enumerate(order):
            key = (self.totals[p], -wins[p])
            if i == 0 or key != (self.totals[order[i - 1]], -wins[order[i - 1]]):
                place = i + 1
            rows.append({"seat": p, "bot": self.seats[p], "total": self.totals[p], "wins": wins[p],
                         "place": place})
        return rows

    def winners(self) -> list[int]:
        """Rule 180: once the series is over, the lowest total (ties: more games won, then
        shared); empty before."""
        if not self.over or not self.games:
            return []
        return [row["seat"] for row in self.standings() if row["place"] == 1]

    # ------------------------------------------------------------------ save / resume
    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": 1, "game": GAME, "setup": self.setup, "seats": self.seats,
                "seed": self.seed, "target": self.target, "max_games": self.max_games,
                "games": [g.record.to_json() for g in self.games]}

    @classmethod
    def from_json(cls, data: Any) -> Series:
        """A saved series, its games replayed from their records (each must be the game the
        series would have played: same setup, seed and seats)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("not a saved gloam series")
        try:
            series = cls(data["setup"], list(data["seats"]), data["seed"], data.get("target", TARGET),
                         data.get("max_games", 1000))
            games = data["games"]
            if not isinstance(games, list):
                raise RecordError("a saved series lists its games' records")
            for k, raw in enumerate(games):
                record = Record.from_json(raw)
                if not series._is_game(k, record):
                    raise RecordError(f"game {k + 1} of the saved series is not the series' game {k + 1}")
                series.add_result(record, record.replay())
        except SetupError as exc:
            raise RecordError(f"malformed saved series: {exc}") from None
        except (KeyError, TypeError) as exc:
            raise RecordError(f"malformed saved series: {exc!r}") from None
        return series
