"""Every rules module as a PettingZoo AEC environment, and its parallel form.

``env(game="great_war", scenario="ridge_trench")`` gives an environment whose agents are the
module's seats, playing in the order the rules ask them (several decisions in a row by one seat are
normal: ordering units, then moving them). Each agent observes a dict:

- ``observation``: its view as a 0/1 float32 vector (feature hashing, see
  :mod:`tactica.interop.encoding`; the seat's view only, so nothing hidden leaks);
- ``action_mask``: int8, 1 on the actions legal now for this agent (all 0 when it is not its turn).

Actions are ``Discrete(n)`` over the module's stable action numbers
(:mod:`tactica.interop.actions`). Rewards are the game's returns, given at the end;
``infos[agent]["option_ids"]`` maps the legal actions of the agent to move to the option ids they
stand for. A game longer than ``max_cycles`` decisions is truncated. ``reset(seed=s)`` makes the
next games reproducible: game seeds are drawn from ``s``. An illegal action raises ValueError,
or with ``illegal="lose"`` ends the game as a loss for the seat that played it (PettingZoo's
convention for classic games, for tools that sample actions without the mask).

``parallel_env(...)`` is the same game through PettingZoo's turn-based conversion: every step
takes one action per live agent and applies the deciding agent's (the others' are ignored; their
masks are all zero). A truly simultaneous form does not exist: the rules order every decision.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

import tactica
from tactica.core.game import Game
from tactica.games import get_rules
from tactica.interop.encoding import (
    DEFAULT_ACTION_BITS,
    DEFAULT_OBS_DIM,
    DecisionActions,
    ViewEncoder,
    codec_for,
    seat_view,
    view_string,
)

DEFAULT_MAX_CYCLES = 5_000
RENDER_MODES = ("ansi", "human")
ILLEGAL = ("raise", "lose")


class TacticaAECEnv(AECEnv):  # type: ignore[misc]  # untyped base (pettingzoo)
    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's convention; copied per instance
        "name": "tactica_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,  # one seat often decides several times in a row
    }

    def __init__(self, game: str = "great_war", scenario: str | None = None, render_mode: str | None = None,
                 action_bits: int = DEFAULT_ACTION_BITS, obs_dim: int = DEFAULT_OBS_DIM,
                 max_cycles: int = DEFAULT_MAX_CYCLES, illegal: str = "raise") -> None:
        super().__init__()
        self.rules = get_rules(game)
        self.module_id = game
        self.scenario = scenario or self.rules.scenarios()[0].id
        self.rules.scenario(self.scenario)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES}, not {render_mode!r}")
        self.render_mode = render_mode
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {ILLEGAL}, not {illegal!r}")
        if max_cycles < 1:
            raise ValueError(f"max_cycles must be at least 1, not {max_cycles}")
        self.illegal = illegal
        self.metadata = {**self.metadata, "name": f"tactica_{game}_v0"}
        self.codec = codec_for(self.rules, action_bits)
        self.encoder = ViewEncoder(obs_dim)
        self.max_cycles = max_cycles
        self.possible_agents = list(self.rules.seats)
        n = self.codec.num_actions
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (obs_dim,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8)}) for a in self.possible_agents}
        self._seeds = random.Random()
        self.game: Game | None = None
        self._actions: DecisionActions | None = None
        self.decisions = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game = tactica.new_game(self.module_id, self.scenario, seed=self._seeds.getrandbits(62)).clone()
        self.decisions = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._next()

    def _next(self) -> None:
        """Point agent_selection at the seat to decide and refresh the legal actions."""
        g = self.game
        assert g is not None
        if g.is_terminal():
            self._actions = None
            return
        self._actions = DecisionActions(g, self.codec)
        self.agent_selection = self.possible_agents[g.current_player()]
        for a in self.agents:
            self.infos[a] = {}
        self.infos[self.agent_selection] = {"option_ids": dict(self._actions.by_action)}

    def observe(self, agent: str) -> dict[str, Any]:
        g = self.game
        assert g is not None
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.codec.num_actions, dtype=np.int8)
        if self._actions is not None and not g.is_terminal() and g.current_player() == seat:
            mask = self._actions.mask(self.codec.num_actions)
        return {"observation": self.encoder.encode(seat_view(g, seat)), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        g = self.game
        assert g is not None and self._actions is not None
        legal = action is not None and int(action) in self._actions.by_action
        if not legal and self.illegal == "raise":
            raise ValueError(f"action {action} is not legal for {agent} now")
        self._cumulative_rewards[agent] = 0.0
        if legal and action is not None:
            g.apply(self._actions.by_action[int(action)])
        self.decisions += 1
        self.rewards = {a: 0.0 for a in self.agents}
        if not legal:  # illegal="lose": the seat that played it loses, the others win
            for a in self.agents:
                self.rewards[a] = -1.0 if a == agent else 1.0 / max(1, len(self.agents) - 1)
                self.terminations[a] = True
            self.infos[agent] = {"illegal_action": action}
            self._actions = None
        elif g.is_terminal():
            rets = g.returns()
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] = float(rets[i])
                self.terminations[a] = True
            self._actions = None
        elif self.decisions >= self.max_cycles:
            for a in self.agents:
                self.truncations[a] = True
            self._actions = None
        else:
            self._next()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        g = self.game
        if g is None or self.render_mode is None:
            return None
        seat = None if g.is_terminal() else g.current_player()
        text = g.rules.describe(g, seat) if seat is not None else view_string(g, 0)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.game = None


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's usual checks around it (order enforcing, out of bounds)."""
    e: AECEnv = TacticaAECEnv(**kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


def raw_env(**kwargs: Any) -> TacticaAECEnv:
    return TacticaAECEnv(**kwargs)


def parallel_env(**kwargs: Any) -> ParallelEnv:
    """The turn-based parallel form (module docstring): one decision per step."""
    p: ParallelEnv = turn_based_aec_to_parallel(TacticaAECEnv(**kwargs))
    return p
