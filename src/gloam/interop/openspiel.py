"""gloam's games as OpenSpiel Python games.

Importing this module registers every game bound in :mod:`gloam.interop` with pyspiel
as ``python_gloam_<name>`` (``python_gloam_nightmarium`` and ``python_gloam_nightfall``),
so OpenSpiel's own tools and algorithms run on them::

    import gloam.interop.openspiel  # registers the games
    game = pyspiel.load_game("python_gloam_nightmarium(players=3,seed=7)")
    game = pyspiel.load_game("python_gloam_nightfall(players=3,moons=True)")

Game parameters: ``seed`` plus every integer and true/false setup option of the gloam
game. Nightmarium: ``players``, ``creatures``, ``first_player`` and ``turn_limit``
(default 500 here: OpenSpiel needs a bounded game). Nightfall: ``players``, ``long``,
``moons``, ``first_player`` and ``turn_limit`` (default 1000 here), always with The
Coldest War's quick-start archives.

Turn limits: a game still going after ``turn_limit`` turns is over with no winner
(returns all 0); both engines end it themselves. The declared ``max_game_length`` is
``turn_limit`` times the binding's bound on decisions per turn, and a game is also
stopped there.

Chance: one explicit chance node, the deal. Its outcome ``k`` (one of
:data:`DEALS`, uniformly) starts the gloam state from seed ``derive_seed(seed, k)``;
the shuffle and every later draw and reshuffle come from that state's own seeded
generator, so after the deal the history determines everything. This keeps
OpenSpiel's clone, serialization and random-simulation contracts exact (a clone or a
deserialized state continues exactly like the original). The alternative,
SAMPLED_STOCHASTIC with the generator in the game, cannot be serialized for a Python
game: ``SerializeGameAndState`` needs ``Game::GetRNGState``, which pyspiel does not let
Python override.

Consequences for algorithms: a search that clones the true state (MCTS) sees the hidden
hands and the deck order — a perfect-information baseline. Imperfect-information search
should use :meth:`GloamState.resample_from_infostate` (IS-MCTS does), which re-deals
what the player cannot see with :meth:`gloam.core.protocol.Game.determinize`.

Strings and tensors (for player ``p``):

* observation string: ``state.observation(p)`` as canonical JSON (without the setup);
* information-state string: that, then one JSON line per event of
  ``state.events_for(p)`` — everything ``p`` has seen happen, including their own
  draws and nobody else's (exact perfect recall);
* observation tensor: the game's :class:`~gloam.interop.Encoder` of the observation;
* information-state tensor: the observation tensor plus the encoder's fixed-size memory
  of the event history (a summary: a fixed-size tensor cannot hold the whole history).

Before the deal (the chance node) both strings are empty and both tensors are zeros.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

import pyspiel

from gloam.bots import Bot, make_bot
from gloam.core.errors import ActionIndexError
from gloam.core.events import redact
from gloam.core.rng import Rng, derive_seed
from gloam.interop import Binding, Tensor, action_index, binding, bound_games

PREFIX = "python_gloam_"
#: outcomes of the deal chance node: deal k starts from gloam seed derive_seed(seed, k)
DEALS = 1 << 16


def short_name(game_name: str) -> str:
    """The OpenSpiel name of a gloam game: ``python_gloam_<name>``."""
    return PREFIX + game_name


# ---------------------------------------------------------------------------- the box
class _Box:
    """The gloam state inside an OpenSpiel state (``None`` before the deal).

    OpenSpiel clones a Python state by ``copy.deepcopy`` of its attributes and
    serializes it by pickling them; the box turns the first into gloam's ``clone()``
    and the second into the state's JSON. It also caches each viewer's rendered event
    history (immutable strings, shared between clones).
    """

    __slots__ = ("state", "decisions", "limit", "views")

    def __init__(self, state: Any = None, decisions: int = 0, limit: int = 0) -> None:
        self.state = state
        self.decisions = decisions
        self.limit = limit
        self.views: dict[int, tuple[int, str]] = {}

    def __deepcopy__(self, memo: dict) -> _Box:
        state = None if self.state is None else self.state.clone()
        new = _Box(state, self.decisions, self.limit)
        new.views = dict(self.views)
        return new

    def __reduce__(self):
        if self.state is None:
            return (_Box, (None, self.decisions, self.limit))
        return (_unpickle_box, (type(self.state), self.state.to_json(), self.decisions, self.limit))

    def history_text(self, viewer: int) -> str:
        """The viewer's events, one canonical JSON line each (cached, extended lazily)."""
        done, text = self.views.get(viewer, (0, ""))
        events = self.state.events
        if done < len(events):
            text += "".join(_canonical(redact(e, viewer)) + "\n" for e in events[done:])
            self.views[viewer] = (len(events), text)
        return text


def _unpickle_box(cls: Any, data: dict[str, Any], decisions: int, limit: int) -> _Box:
    return _Box(cls.from_json(data), decisions, limit)


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


# ---------------------------------------------------------------------------- game
class GloamGame(pyspiel.Game):
    """A gloam game as an OpenSpiel game (see the module docstring). Each bound game
    gets a subclass (:data:`GAME_CLASSES`) that fixes :attr:`binding` and
    :attr:`spiel_type`."""

    binding: ClassVar[Binding]
    spiel_type: ClassVar[pyspiel.GameType]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_type = self.spiel_type
        params = {**game_type.parameter_specification, **(params or {})}
        params = {k: params[k] for k in game_type.parameter_specification}
        setup = {k: (bool(v) if isinstance(game_type.parameter_specification[k], bool) else int(v))
                 for k, v in params.items() if k != "seed"}
        bound = self.binding
        self.gloam_game = bound.make_game(setup)
        self.encoder = bound.encoder(self.gloam_game)
        self.seed = int(params["seed"])
        self.max_length = self.gloam_game.turn_limit * bound.decisions_per_turn
        low, high = bound.utility
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.gloam_game.action_space),
            max_chance_outcomes=DEALS,
            num_players=self.gloam_game.num_players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=self.max_length,
        )
        super().__init__(game_type, info, params)

    def deal_seed(self, deal: int) -> int:
        """The gloam seed of chance outcome ``deal``."""
        return derive_seed(self.seed, deal)

    def new_initial_state(self, *args: Any) -> GloamState:
        if args:
            raise ValueError("gloam games start from the deal (a chance node); no other start is supported")
        return GloamState(self)

    def from_gloam_state(self, state: Any, decisions: int = 0) -> GloamState:
        """Wrap an existing gloam state of this game (e.g. one loaded from a save).
        Its OpenSpiel history starts empty."""
        wrapped = GloamState(self)
        wrapped._box = _Box(state, decisions, self.max_length)
        return wrapped

    def max_chance_nodes_in_history(self) -> int:
        return 1

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> GloamObserver:
        if isinstance(iig_obs_type, dict):  # pyspiel passes only params when no type is given
            iig_obs_type, params = None, iig_obs_type
        return GloamObserver(self, iig_obs_type, params)


# ---------------------------------------------------------------------------- state
class GloamState(pyspiel.State):
    """An OpenSpiel state around a gloam state (:attr:`gloam_state`)."""

    def __init__(self, game: GloamGame) -> None:
        super().__init__(game)
        self._box = _Box(None, 0, game.max_length)

    @property
    def gloam_state(self) -> Any:
        """The gloam state (``None`` before the deal). Read it; do not apply actions to
        it behind OpenSpiel's back."""
        return self._box.state

    def current_player(self) -> int:
        if self._box.state is None:
            return pyspiel.PlayerId.CHANCE
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self._box.state.current_player()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._box.state is not None:
            return []
        p = 1.0 / DEALS
        return [(k, p) for k in range(DEALS)]

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._box.state.legal_action_indices())

    def apply_action(self, action: Any) -> None:
        """OpenSpiel's ``apply_action``, for Python or numpy integers only: a float, a
        string, a bool or ``None`` (which pyspiel would turn into a ``TypeError``, or a
        bool into action 1), a deal outside the chance outcomes or an index outside the
        action space is an :class:`~gloam.core.errors.IllegalActionError` and changes
        nothing."""
        index = action_index(action)
        if self._box.state is None:
            if not 0 <= index < DEALS:
                raise ActionIndexError(f"the deal is one of 0..{DEALS - 1}, not {index}")
        elif not 0 <= index < len(self._box.state.action_space):
            raise ActionIndexError(f"action index {index} is outside the action space"
                                   f" 0..{len(self._box.state.action_space) - 1}")
        pyspiel.State.apply_action(self, index)

    def _apply_action(self, action: int) -> None:
        box = self._box
        if box.state is None:
            game = self.get_game()
            box.state = game.gloam_game.new_initial_state(game.deal_seed(int(action)))
            return
        box.state.apply(int(action))
        box.decisions += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"Deal {int(action)}"
        return repr(self._box.state.action_space[int(action)])

    def is_terminal(self) -> bool:
        box = self._box
        return box.state is not None and (box.decisions >= box.limit or self.get_game().binding.finished(box.state))

    def returns(self) -> list[float]:
        state = self._box.state
        if state is None or not state.is_terminal():  # not over, or stopped by a cap
            return [0.0] * self.get_game().num_players()
        return [float(r) for r in state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> GloamState:
        """A state ``player_id`` cannot tell from this one: the cards they have not seen
        are re-dealt at random (``Game.determinize``, seeded from
        ``probability_sampler``), and the event history is theirs, with other players'
        secrets removed, so their information state is unchanged."""
        state = self._box.state
        game = self.get_game()
        if state is None:
            return game.new_initial_state()
        world = _determinize(game.gloam_game, state.observation(player_id), probability_sampler)
        world.events = state.events_for(player_id)
        resampled = game.from_gloam_state(world, self._box.decisions)
        if player_id in self._box.views:
            resampled._box.views[player_id] = self._box.views[player_id]
        return resampled

    def __str__(self) -> str:
        box = self._box
        if box.state is None:
            return "Before the deal"
        game = self.get_game()
        text = game.binding.text(game.gloam_game, box.state)
        if not box.state.is_terminal() and box.decisions >= box.limit:
            text += f"\nStopped at the maximum game length ({box.limit} decisions)"
        return text


def _determinize(gloam_game: Any, observation: dict[str, Any], sampler: Any) -> Any:
    """``gloam_game.determinize`` seeded from an OpenSpiel probability sampler (the
    game's own determinize deals only worlds that fit the public facts)."""
    seed = derive_seed(int(sampler() * 2**53), int(sampler() * 2**53))
    return gloam_game.determinize(observation, Rng(seed))


# ---------------------------------------------------------------------------- observer
class GloamObserver:
    """OpenSpiel's Python observer interface (``tensor``, ``dict``, ``set_from``,
    ``string_from``) for one player's view: the observation, or with perfect recall the
    information state."""

    def __init__(self, game: GloamGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("gloam games provide one player's view (public and that player's private"
                             f" information), not {iig_obs_type}")
        self.perfect_recall = iig_obs_type.perfect_recall
        self.encoder = game.encoder
        pieces = self.encoder.observation_pieces()
        if self.perfect_recall:
            pieces = pieces + self.encoder.memory_pieces()
        layout = Tensor(pieces)
        self.tensor = layout.tensor
        self.dict = layout.dict

    def set_from(self, state: GloamState, player: int) -> None:
        self.tensor.fill(0.0)
        gloam_state = state.gloam_state
        if gloam_state is None:
            return
        self.encoder.encode_observation(gloam_state.observation(player), self.dict)
        if self.perfect_recall:
            self.encoder.encode_memory(gloam_state.events_for(player), player, self.dict)

    def string_from(self, state: GloamState, player: int) -> str:
        if state.gloam_state is None:
            return ""
        observation = state.gloam_state.observation(player)
        text = _canonical({k: v for k, v in observation.items() if k != "setup"})
        if self.perfect_recall:
            text += "\n" + state._box.history_text(player)
        return text


# ---------------------------------------------------------------------------- bots
class GloamBot(pyspiel.Bot):
    """One of gloam's bots (``"greedy"``, ``"random"``, or a :class:`~gloam.bots.Bot`)
    as an OpenSpiel bot, e.g. for ``open_spiel.python.algorithms.evaluate_bots``. Like
    every gloam bot it sees only its own observation."""

    def __init__(self, game: GloamGame, bot: str | Bot, player_id: int, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        self._game = game
        self._player_id = player_id
        self._bot = make_bot(bot, game.gloam_game, seed) if isinstance(bot, str) else bot

    def player_id(self) -> int:
        return self._player_id

    def restart_at(self, state: GloamState) -> None:
        pass

    def inform_action(self, state: GloamState, player_id: int, action: int) -> None:
        pass

    def step(self, state: GloamState) -> int:
        gloam_state = state.gloam_state
        player = gloam_state.current_player()
        observation = gloam_state.observation(player) if self._bot.needs_observation else None
        return int(self._bot.choose(self._game.gloam_game, observation, gloam_state.legal_action_indices()))


# ---------------------------------------------------------------------------- registration
def game_type(game_name: str) -> pyspiel.GameType:
    """The OpenSpiel game type of a bound gloam game, with its parameters."""
    bound = binding(game_name)
    default = bound.make_game()
    # integer and true/false setup options (not lists or names: Nightfall's sets and
    # archive setup stay at their defaults, The Coldest War's quick start)
    params: dict[str, Any] = {k: v for k, v in default.setup_json().items() if isinstance(v, (int, bool))}
    params["seed"] = 0
    return pyspiel.GameType(
        short_name=short_name(game_name),
        long_name=f"gloam {game_name.capitalize()}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=type(default).max_players,
        min_num_players=type(default).min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


#: the OpenSpiel game class of each registered gloam game, by gloam name
GAME_CLASSES: dict[str, type[GloamGame]] = {}


def register_openspiel(game_name: str) -> str:
    """Register a bound gloam game with pyspiel (once); returns its OpenSpiel name.

    The factory handed to pyspiel is a class, as in OpenSpiel's own Python games: pyspiel
    keeps it until the process exits, after Python itself has shut down, and a plain
    function freed that late aborts the interpreter on exit."""
    name = short_name(game_name)
    if game_name not in GAME_CLASSES:
        gtype = game_type(game_name)
        cls = type(f"{game_name.capitalize()}OpenSpielGame", (GloamGame,),
                   {"binding": binding(game_name), "spiel_type": gtype, "__module__": __name__})
        GAME_CLASSES[game_name] = cls
        if name not in pyspiel.registered_names():
            pyspiel.register_game(gtype, cls)
    return name


for _name in bound_games():
    register_openspiel(_name)
