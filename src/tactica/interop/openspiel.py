"""Every rules module as an OpenSpiel game (the pyspiel Python game API).

``register()`` registers ``tactica_<module>`` for each module; then
``pyspiel.load_game("tactica_great_war(scenario=ridge_trench,seed=7)")`` gives a game that
OpenSpiel's own algorithms play (its MCTSBot, ISMCTSBot, ...). Game parameters:

- ``scenario`` (default: the module's first scenario);
- ``seed``: seeds the stream of game seeds; each ``new_initial_state()`` draws the next one, so
  every new state is a new deal and dice (a fixed ``seed`` replays the same sequence of games);
- ``action_bits``: size of the hashed action space, 2**bits (see :mod:`tactica.interop.encoding`);
- ``obs_dim``: length of the observation tensor.

Game type: sequential, **sampled stochastic** (dice and draws are resolved inside ``apply``: no
chance node is ever current, and a clone keeps the same future; ``resample_from_infostate``
redraws everything the player cannot know, as ISMCTS needs), imperfect information, terminal
rewards, zero-sum unless the module says otherwise (``utility = "general_sum"`` on its Rules;
today every module ends +1/-1 or 0/0).

Strings: the observation and information-state strings are both the player's current view
(:func:`tactica.interop.encoding.view_string`): what is on the table, its own hand and whose
decision it is. It is not the full history of observations (not perfect recall); ISMCTS only needs
it as the key of an information set. OpenSpiel's MCTSBot is a perfect-information algorithm: on
these games it searches the true state (other hands, the dice to come), so it is a reference, not
a fair opponent; ISMCTSBot is the fair one.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

import tactica
from tactica.core.game import Game
from tactica.games import all_ids, get_rules
from tactica.interop.encoding import (
    DEFAULT_ACTION_BITS,
    DEFAULT_OBS_DIM,
    ActionCodec,
    DecisionActions,
    ViewEncoder,
    codec_for,
    seat_view,
    view_string,
)

MAX_GAME_LENGTH = 20_000
"""The bound declared to OpenSpiel on decisions per game (modules have turn limits; The Great War
ends within about 600 decisions even between random agents)."""

_registered: dict[str, type[pyspiel.Game]] = {}


def short_name(module_id: str) -> str:
    return f"tactica_{module_id}"


def _game_type(module_id: str) -> pyspiel.GameType:
    rules = get_rules(module_id)
    zero_sum = getattr(rules, "utility", "zero_sum") == "zero_sum"
    n = len(rules.seats)
    return pyspiel.GameType(
        short_name=short_name(module_id),
        long_name=f"tactica {rules.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=n,
        min_num_players=n,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"scenario": rules.scenarios()[0].id, "seed": 0,
                                 "action_bits": DEFAULT_ACTION_BITS, "obs_dim": DEFAULT_OBS_DIM},
    )


class TacticaGame(pyspiel.Game):  # type: ignore[misc]  # untyped base (pyspiel)
    """One rules module and scenario as an OpenSpiel game (subclassed per module by register)."""

    module_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        gtype = _game_type(self.module_id)
        p = {**gtype.parameter_specification, **(params or {})}
        self.rules = get_rules(self.module_id)
        self.scenario = str(p["scenario"])
        self.rules.scenario(self.scenario)
        self.codec: ActionCodec = codec_for(self.rules, int(p["action_bits"]))
        self.encoder = ViewEncoder(int(p["obs_dim"]))
        self._seeds = random.Random(int(p["seed"]))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.num_actions,
            max_chance_outcomes=0,
            num_players=len(self.rules.seats),
            min_utility=float(getattr(self.rules, "min_utility", -1.0)),
            max_utility=float(getattr(self.rules, "max_utility", 1.0)),
            utility_sum=0.0 if gtype.utility == pyspiel.GameType.Utility.ZERO_SUM else None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(gtype, info, p)

    def new_initial_state(self) -> TacticaState:
        g = tactica.new_game(self.module_id, self.scenario, seed=self._seeds.getrandbits(62)).clone()
        return TacticaState(self, g)

    def new_initial_state_for_seed(self, seed: int) -> TacticaState:
        """A state from one game seed (reproducible, whatever was drawn before)."""
        return TacticaState(self, tactica.new_game(self.module_id, self.scenario, seed=seed).clone())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> TacticaObserver:
        return TacticaObserver(self.encoder)


class _Held:
    """The Python side of a state. pyspiel clones a Python state by deep-copying its ``__dict__``;
    this keeps that copy to one engine clone (marshal, microseconds) and shares the game object
    (deep-copying it would try to serialize the C++ game)."""

    __slots__ = ("actions", "g", "tgame")

    def __init__(self, tgame: TacticaGame, g: Game) -> None:
        self.tgame = tgame
        self.g = g
        self.actions: DecisionActions | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        h = _Held(self.tgame, self.g.clone())
        h.actions = self.actions
        return h


class TacticaState(pyspiel.State):  # type: ignore[misc]  # untyped base (pyspiel)
    """An OpenSpiel state around one headless tactica Game (no log, no record)."""

    def __init__(self, game: TacticaGame, g: Game) -> None:
        super().__init__(game)
        self._held = _Held(game, g)

    @property
    def g(self) -> Game:
        return self._held.g

    @property
    def tgame(self) -> TacticaGame:
        return self._held.tgame

    def _decision_actions(self) -> DecisionActions:
        h = self._held
        if h.actions is None:
            h.actions = DecisionActions(h.g, h.tgame.codec)
        return h.actions

    # -- the pyspiel.State API --------------------------------------------------------------
    def current_player(self) -> int:
        return int(pyspiel.PlayerId.TERMINAL) if self.g.is_terminal() else self.g.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        if self.g.is_terminal() or player != self.g.current_player():
            return []
        return self._decision_actions().legal()

    def _apply_action(self, action: int) -> None:
        oid = self._decision_actions().by_action.get(action)
        if oid is None:
            raise ValueError(f"action {action} is not legal now")
        self._held.actions = None
        self.g.apply(oid)

    def _action_to_string(self, player: int, action: int) -> str:
        if not self.g.is_terminal() and player == self.g.current_player():
            oid = self._decision_actions().by_action.get(action)
            if oid is not None:
                return oid
        return f"action#{action}"

    def is_terminal(self) -> bool:
        return self.g.is_terminal()

    def returns(self) -> list[float]:
        return self.g.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TacticaState:
        """A state in which everything ``player_id`` cannot know (other hands, deck order, the
        dice to come) is redrawn, consistently with what it has seen."""
        seed = int(probability_sampler() * (1 << 53))
        return TacticaState(self.tgame, self.g.resample_from_infostate(player_id, seed))

    def option_id(self, action: int) -> str:
        """The option id an action stands for now."""
        return self._decision_actions().by_action[action]

    def __str__(self) -> str:
        return view_string(self.g, self.g.current_player()) if not self.g.is_terminal() else str(
            self.g.state["result"])


class TacticaObserver:
    """OpenSpiel's observer interface: the view string, and the hashed view as the tensor."""

    def __init__(self, encoder: ViewEncoder) -> None:
        self.encoder = encoder
        self.tensor = np.zeros(encoder.dim, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TacticaState, player: int) -> None:
        self.encoder.encode(seat_view(state.g, player), out=self.tensor)

    def string_from(self, state: TacticaState, player: int) -> str:
        return view_string(state.g, player)


def register(module_ids: list[str] | None = None) -> list[str]:
    """Register ``tactica_<module>`` with pyspiel for each module (all by default); returns the
    short names. Registering twice is harmless."""
    names = []
    for mid in module_ids or [m for m in all_ids() if get_rules(m).scenarios()]:
        name = short_name(mid)
        if mid not in _registered:
            cls = type(f"TacticaGame_{mid}", (TacticaGame,), {"module_id": mid})
            if name not in pyspiel.registered_names():
                pyspiel.register_game(_game_type(mid), cls)
            _registered[mid] = cls
        names.append(name)
    return names


def load_game(module_id: str, **params: Any) -> pyspiel.Game:
    """Register the module if needed and load it with ``params`` (scenario, seed, ...)."""
    register([module_id])
    return pyspiel.load_game(short_name(module_id), params)
