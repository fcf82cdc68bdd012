"""gloam's games as PettingZoo AEC environments.

>>> env = nightmarium_env(players=3)
>>> env.reset(seed=7)
>>> env.agent_selection, sorted(env.last()[0])
('player_0', ['action_mask', 'observation'])

* Agents are ``player_0`` .. ``player_{n-1}``, one per seat. The agent to act is the
  player of the game's pending decision, so an agent may act several times in a row
  (Nightmarium: two actions per turn) and out of seat order (a same-Legion penalty;
  Nightfall: blocks, combat windows that ask every player, targets chosen by others).
* ``observation_space(agent)`` is a Dict: ``observation``, the game's encoder of the
  agent's own observation (float32 in [0, 1]), and ``action_mask`` (int8, one entry
  per index of the game's action space, ones on the legal options of the agent's
  pending decision, all zeros when it is not the agent's decision).
* ``action_space(agent)`` is ``Discrete(len(game.action_space))``: action indices, as
  Python or numpy integers. An illegal action, or one that is not an integer (a float,
  a string, a bool, ``None`` for an agent still playing), raises
  :class:`~gloam.core.errors.IllegalActionError` and changes nothing.
* ``reset(seed=s)`` deals exactly the gloam game ``game.new_initial_state(s)``; later
  ``reset()`` calls without a seed deal ``derive_seed(s, 1)``, ``derive_seed(s, 2)``…
* Rewards are 0 until the game ends, then the game's ``returns()`` (both games: 1 for
  the winner, 0 for everyone else). A game that ends by its rules sets
  ``terminations`` for every agent; one stopped by the setup's ``turn_limit`` (the
  rules have none: 500 turns by default for Nightmarium, 1000 for Nightfall) sets
  ``truncations`` instead, with rewards 0.
* ``render()`` returns (``render_mode="ansi"``) or prints (``"human"``) the whole
  table as text, every hand included: a debugging view.

Each bound game gets a constructor: :func:`nightmarium_env` and :func:`nightfall_env`
(``env(name, ...)`` for any bound game).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from gloam.bots import Bot, make_bot
from gloam.core.errors import IllegalActionError
from gloam.core.rng import derive_seed
from gloam.interop import Tensor, action_index, binding


class GloamAECEnv(AECEnv):
    """A bound gloam game as a PettingZoo AEC environment (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "gloam_v0", "is_parallelizable": False}

    def __init__(self, game_name: str = "nightmarium", render_mode: str | None = None, **setup: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        self.binding = binding(game_name)
        self.game = self.binding.make_game(setup)
        self.encoder = self.binding.encoder(self.game)
        self.metadata = {**self.metadata, "name": f"gloam_{game_name}_v0"}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{p}" for p in range(self.game.num_players)]
        self._seat = {agent: p for p, agent in enumerate(self.possible_agents)}
        self._layout = Tensor(self.encoder.observation_pieces())
        n_actions = len(self.game.action_space)
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, self._layout.tensor.shape, np.float32),
                "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
            })
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(n_actions) for agent in self.possible_agents}
        self.game_state: Any = None  # the gloam state of the current episode
        self.deal_seed: int | None = None  # its gloam seed
        self._seed_base: int | None = None
        self._episode = 0

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ episode
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed_base, self._episode = int(seed), 0
        elif self._seed_base is None:
            self._seed_base, self._episode = secrets.randbits(63), 0
        deal = self._seed_base if self._episode == 0 else derive_seed(self._seed_base, self._episode)
        self._episode += 1
        self.deal_seed = deal
        self.game_state = self.game.new_initial_state(deal)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.game_state.current_player()]
        if self.render_mode == "human":
            self.render()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"{agent} must choose an action (None is only for a finished agent)")
        self.game_state.apply(action_index(action), self._seat[agent])
        self._cumulative_rewards[agent] = 0.0
        state = self.game_state
        if self.binding.finished(state):
            truncated = self.binding.was_truncated(state)
            returns = state.returns() if state.is_terminal() else [0.0] * len(self.possible_agents)
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat[a]])
                self.terminations[a] = not truncated
                self.truncations[a] = truncated
        else:
            self._clear_rewards()
            self.agent_selection = self.possible_agents[state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # ------------------------------------------------------------------ views
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        layout = self._layout
        layout.tensor.fill(0.0)
        self.encoder.encode_observation(self.game_state.observation(seat), layout.dict)
        mask = np.zeros(len(self.game.action_space), np.int8)
        if not self.binding.finished(self.game_state) and self.game_state.current_player() == seat:
            mask[self.game_state.legal_action_indices()] = 1
        return {"observation": layout.tensor.copy(), "action_mask": mask}

    def gloam_observation(self, agent: str) -> dict[str, Any]:
        """The agent's observation as gloam's plain data (what gloam's bots read)."""
        return self.game_state.observation(self._seat[agent])

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (use 'ansi' or 'human')")
            return None
        text = self.binding.text(self.game, self.game_state)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass


def env(game_name: str = "nightmarium", render_mode: str | None = None, **setup: Any) -> AECEnv:
    """A bound gloam game as an AEC environment, with PettingZoo's order checks
    (``env.unwrapped`` is the :class:`GloamAECEnv`)."""
    return wrappers.OrderEnforcingWrapper(GloamAECEnv(game_name, render_mode, **setup))


def nightmarium_env(render_mode: str | None = None, **setup: Any) -> AECEnv:
    """Nightmarium as an AEC environment; ``setup`` is gloam's Nightmarium setup
    (``players``, ``creatures``, ``first_player``, ``turn_limit``)."""
    return env("nightmarium", render_mode, **setup)


def nightfall_env(render_mode: str | None = None, **setup: Any) -> AECEnv:
    """Nightfall as an AEC environment; ``setup`` is gloam's Nightfall setup (``players``,
    ``long``, ``moons``, ``first_player``, ``turn_limit`` — 1000 by default here —, and
    ``archives``: ``"quick"``, The Coldest War's quick start, by default)."""
    return env("nightfall", render_mode, **setup)


def bot_policy(environment: AECEnv, bot: str | Bot, seed: int = 0) -> Callable[[str], int]:
    """One of gloam's bots (a registered name such as ``"greedy"`` or ``"random"``, or a
    :class:`~gloam.bots.Bot`, e.g. Nightfall's ``HeuristicBot(seed)``) as
    a function ``agent -> action`` for ``environment``. Like every gloam bot it reads
    only the acting agent's own observation."""
    raw = environment.unwrapped
    player = make_bot(bot, raw.game, seed) if isinstance(bot, str) else bot

    def act(agent: str) -> int:
        observation = raw.gloam_observation(agent) if player.needs_observation else None
        return int(player.choose(raw.game, observation, raw.game_state.legal_action_indices()))

    return act
