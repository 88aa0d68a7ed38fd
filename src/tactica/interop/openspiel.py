"""Every rules module as an OpenSpiel game (the pyspiel Python game API).

``register()`` registers ``tactica_<module>`` for each module; then
``pyspiel.load_game("tactica_great_war(scenario=ridge_trench,seed=7)")`` gives a game that
OpenSpiel's own tools accept (random_sim_test with serialization, ISMCTSBot, MCTSBot, outcome
sampling MCCFR). Game parameters:

- ``scenario`` (default: the module's first scenario);
- ``seed`` and ``deal``: with ``deal=fixed`` (the default) every ``new_initial_state()`` is the
  game of seed ``seed``, so the same parameters and the same actions replay the same game (what
  OpenSpiel expects of a history); with ``deal=stream`` each new state draws the next game seed
  from a stream seeded by ``seed`` (a new deal and new dice every game, for training);
- ``action_bits``: size of the hashed action space, used only by a module without an action
  table (see :mod:`tactica.interop.actions`: the tabled numbers are stable across versions);
- ``obs_dim``: length of the hashed observation tensor (and of the history part of the
  information-state tensor).

Game type: sequential, **sampled stochastic** (dice and draws are resolved inside ``apply``: no
chance node is ever current, and a clone keeps the same future; ``resample_from_infostate``
redraws everything the player cannot know, as ISMCTS needs), imperfect information, terminal
rewards, zero-sum unless the module says otherwise (``utility = "general_sum"`` on its Rules).

Strings and tensors (docs/interop.md):

- observation: what the player sees now, :func:`~tactica.interop.encoding.seat_view` (the board
  as it may see it, its hand, whose decision it is and, when it is its own, the option ids);
- information state: the observation plus the digest of everything it has observed since the
  start (:mod:`tactica.interop.recall`: its own choices, that the other seat decided, every log
  entry it may read). So equal information-state strings mean equal histories of observations
  and equal legal actions, which is what ISMCTS and CFR-style tools key their tables on.

The observer honours ``iig_obs_type``: ``private_info=NONE`` gives the public view only (no hand),
``ALL_PLAYERS`` everything, ``public_info=False`` only what the player sees beyond the public.
MCTSBot is a perfect-information algorithm: on these games it searches the true state (other
hands, the dice to come), so it is a reference, not a fair opponent; ISMCTSBot is the fair one.
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
    canonical,
    codec_for,
    private_part,
    seat_view,
)
from tactica.interop.recall import Recall

MAX_GAME_LENGTH = 20_000
"""The bound declared to OpenSpiel on decisions per game (modules have turn limits; The Great War
ends within about 600 decisions even between random agents)."""

DEALS = ("fixed", "stream")

_registered: dict[str, type[pyspiel.Game]] = {}


def short_name(module_id: str) -> str:
    return f"tactica_{module_id}"


def _game_type(module_id: str, deal: str = "fixed") -> pyspiel.GameType:
    """With ``deal=fixed`` the game is a deterministic function of its parameters and actions
    (the dice and draws follow from the seed, which the players do not see in their views), so
    it is declared DETERMINISTIC: OpenSpiel then serializes a state as its history. With
    ``deal=stream`` the game holds a stream of seeds, so it is SAMPLED_STOCHASTIC; pyspiel cannot
    serialize such a Python game (it would need the game's RNG state, which its Python game
    interface does not expose)."""
    rules = get_rules(module_id)
    n = len(rules.seats)
    # a solitaire game (one seat against the rules) sums to whatever its seat scored
    zero_sum = n > 1 and getattr(rules, "utility", "zero_sum") == "zero_sum"
    return pyspiel.GameType(
        short_name=short_name(module_id),
        long_name=f"tactica {rules.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.DETERMINISTIC if deal == "fixed"
                     else pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC),
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=n,
        min_num_players=n,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"scenario": rules.scenarios()[0].id, "seed": 0, "deal": "fixed",
                                 "action_bits": DEFAULT_ACTION_BITS, "obs_dim": DEFAULT_OBS_DIM},
    )


class TacticaGame(pyspiel.Game):  # type: ignore[misc]  # untyped base (pyspiel)
    """One rules module and scenario as an OpenSpiel game (subclassed per module by register)."""

    module_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**_game_type(self.module_id).parameter_specification, **(params or {})}
        self.rules = get_rules(self.module_id)
        self.scenario = str(p["scenario"])
        self.rules.scenario(self.scenario)
        if p["deal"] not in DEALS:
            raise ValueError(f"deal must be one of {', '.join(DEALS)}, not {p['deal']!r}")
        self.deal = str(p["deal"])
        gtype = _game_type(self.module_id, self.deal)
        self.seed = int(p["seed"])
        self.codec: ActionCodec = codec_for(self.rules, int(p["action_bits"]))
        self.encoder = ViewEncoder(int(p["obs_dim"]))
        self._seeds = random.Random(self.seed)
        self._first: tuple[int, Game, Recall, dict[Any, Any]] | None = None
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

    def new_initial_state(self, params: Any = None) -> TacticaState:
        seed = self.seed if self.deal == "fixed" else self._seeds.getrandbits(62)
        return self.new_initial_state_for_seed(seed)

    def new_initial_state_for_seed(self, seed: int) -> TacticaState:
        """A state from one game seed (reproducible, whatever was drawn before). The last seed's
        setup is kept: OpenSpiel asks for fresh initial states often (tensor shapes)."""
        if self._first is None or self._first[0] != seed:
            g = tactica.new_game(self.module_id, self.scenario, seed=seed)
            recall = Recall(len(self.rules.seats), self.encoder.dim)
            recall.observe(None, None, g.log)
            self._first = (seed, g.clone(), recall, {})
        _, g0, r0, memo = self._first
        return TacticaState(self, g0.clone(log=True), r0.copy(), memo)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> TacticaObserver:
        return TacticaObserver(self, iig_obs_type)


def _held_from(module_id: str, params: dict[str, Any], state: dict[str, Any], recall: Recall) -> _Held:
    """Unpickling: the game from its parameters, the engine game from its state (the pending
    decision is recomputed: at a decision, doing so changes nothing)."""
    tgame = load_game(module_id, **params)
    g = Game(tgame.rules, state, [], None)
    g.refresh()
    return _Held(tgame, g, recall)


class _Held:
    """The Python side of a state. pyspiel clones a Python state by deep-copying its ``__dict__``
    and serializes it by pickling it: this keeps the copy to one engine clone (marshal,
    microseconds) and the pickle to the plain state, the recall and the game's parameters."""

    __slots__ = ("actions", "g", "memo", "recall", "tgame")

    def __init__(self, tgame: TacticaGame, g: Game, recall: Recall,
                 memo: dict[Any, Any] | None = None) -> None:
        self.tgame = tgame
        self.g = g
        self.recall = recall
        self.actions: DecisionActions | None = None
        self.memo: dict[Any, Any] = {} if memo is None else memo
        """Strings and tensor positions already built for this state, shared by its clones
        until one of them moves (tools ask for the same ones many times)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        h = _Held(self.tgame, self.g.clone(log=True), self.recall.copy(), self.memo)
        h.actions = self.actions
        return h

    def __reduce__(self) -> tuple[Any, ...]:
        params = {k: v for k, v in self.tgame.get_parameters().items()}
        return (_held_from, (self.tgame.module_id, params, self.g.state, self.recall))


class TacticaState(pyspiel.State):  # type: ignore[misc]  # untyped base (pyspiel)
    """An OpenSpiel state around one headless tactica Game (no record; its log is read into
    the recall after every decision and dropped)."""

    def __init__(self, game: TacticaGame, g: Game, recall: Recall,
                 memo: dict[Any, Any] | None = None) -> None:
        super().__init__(game)
        self._held = _Held(game, g, recall, memo)

    @property
    def g(self) -> Game:
        return self._held.g

    @property
    def tgame(self) -> TacticaGame:
        return self._held.tgame

    @property
    def recall(self) -> Recall:
        return self._held.recall

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
        h = self._held
        actor = h.g.current_player()
        h.actions = None
        h.memo = {}
        h.g.apply(oid)
        h.recall.observe(actor, oid, h.g.log)
        h.g.log.clear()

    def _action_to_string(self, player: int, action: int) -> str:
        if not self.g.is_terminal() and player == self.g.current_player():
            oid = self._decision_actions().by_action.get(action)
            if oid is not None:
                return oid
        table_id = getattr(self.tgame.codec, "id_of", lambda a: None)(action)
        return table_id if table_id is not None else f"action#{action}"

    def is_terminal(self) -> bool:
        return self.g.is_terminal()

    def returns(self) -> list[float]:
        return self.g.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TacticaState:
        """A state in which everything ``player_id`` cannot know (other hands, deck order, the
        dice to come) is redrawn, consistently with what it has seen. Its recall is carried over
        (the other seats' digests too: they say nothing, and search only compares them)."""
        seed = int(probability_sampler() * (1 << 53))
        g = self.g.resample_from_infostate(player_id, seed).clone(log=True)
        return TacticaState(self.tgame, g, self.recall.copy())

    def option_id(self, action: int) -> str:
        """The option id an action stands for now."""
        return self._decision_actions().by_action[action]

    def __str__(self) -> str:
        """The whole engine state (canonical JSON): equal strings, equal states."""
        memo = self._held.memo
        if "str" not in memo:
            memo["str"] = canonical(self.g.state)
        text: str = memo["str"]
        return text


class TacticaObserver:
    """OpenSpiel's observer interface, honouring the requested observation type: who is seen
    (``private_info``: nobody's private part, the player's own, or everyone's), whether the
    public part is included (``public_info``), and whether the history is (``perfect_recall``:
    the recall digest in the string, the history token bag as a second tensor)."""

    def __init__(self, tgame: TacticaGame, iig_obs_type: Any = None) -> None:
        t = iig_obs_type
        self.perfect_recall = bool(t.perfect_recall) if t is not None else False
        self.public = bool(t.public_info) if t is not None else True
        priv = t.private_info if t is not None else pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.private = {pyspiel.PrivateInfoType.NONE: "none", pyspiel.PrivateInfoType.SINGLE_PLAYER: "single",
                        pyspiel.PrivateInfoType.ALL_PLAYERS: "all"}[priv]
        self.encoder = tgame.encoder
        self.tensor = np.zeros(self.encoder.dim * (2 if self.perfect_recall else 1), dtype=np.float32)
        self.dict = {"observation": self.tensor[:self.encoder.dim]}
        if self.perfect_recall:
            self.dict["history"] = self.tensor[self.encoder.dim:]

    def viewer(self, player: int) -> str:
        """The recall viewer this observer reads."""
        if self.private == "all":
            return "all"
        if self.private == "single":
            return f"seat{player}" if self.public else f"private{player}"
        return "public"

    def view(self, state: TacticaState, player: int) -> dict[str, Any] | None:
        g = state.g
        if self.private == "all":
            return seat_view(g, None, everything=True)
        if self.private == "single":
            mine = seat_view(g, player)
            part: dict[str, Any] | None = mine if self.public else private_part(mine, seat_view(g, None))
            return part
        return seat_view(g, None) if self.public else None

    def set_from(self, state: TacticaState, player: int) -> None:
        memo = state._held.memo
        key = ("tensor", self.public, self.private, player)
        pos = memo.get(key)
        if pos is None:
            view = self.view(state, player)
            pos = memo[key] = [] if view is None else self.encoder.positions(view)
        obs = self.dict["observation"]
        obs.fill(0.0)
        obs[pos] = 1.0
        if self.perfect_recall:
            hist = self.dict["history"]
            hist.fill(0.0)
            hist[state.recall.bag_positions(self.viewer(player))] = 1.0

    def string_from(self, state: TacticaState, player: int) -> str:
        memo = state._held.memo
        key = ("string", self.public, self.private, player)
        view = memo.get(key)
        if view is None:
            view = memo[key] = canonical(self.view(state, player))
        if not self.perfect_recall:
            return view
        return f"history={state.recall.digest(self.viewer(player))} now={view}"


def register(module_ids: list[str] | None = None) -> list[str]:
    """Register ``tactica_<module>`` with pyspiel for each module (all by default); returns the
    short names. Registering twice is harmless."""
    names = []
    for mid in module_ids or [m for m in all_ids() if get_rules(m).scenarios()]:
        name = short_name(mid)
        if mid not in _registered:
            cls = type(f"TacticaGame_{mid}", (TacticaGame,), {"module_id": mid, "__module__": __name__})
            globals()[cls.__name__] = cls  # found by name, so pickle can rebuild the game
            if name not in pyspiel.registered_names():
                pyspiel.register_game(_game_type(mid), cls)
            _registered[mid] = cls
        names.append(name)
    return names


def load_game(module_id: str, **params: Any) -> TacticaGame:
    """Register the module if needed and load it with ``params`` (scenario, seed, deal, ...)."""
    register([module_id])
    game: TacticaGame = pyspiel.load_game(short_name(module_id), params)
    return game


class HeuristicEvaluator:
    """An evaluator for OpenSpiel's MCTSBot and ISMCTSBot: the module's position evaluation
    (``evaluate`` in its scripted hooks, :mod:`tactica.ai.hooks`; returns once the game is over)
    and a uniform prior. A random rollout to the end of one of our games costs hundreds of
    decisions, so this is what makes a search of a few dozen simulations a move affordable."""

    def __init__(self, module_id: str) -> None:
        from tactica.ai.hooks import evaluator_for

        self._evaluate = evaluator_for(module_id)

    def evaluate(self, state: TacticaState) -> Any:
        if state.is_terminal():
            return np.array(state.returns())
        return np.array(self._evaluate(state.g), dtype=np.float64)

    def prior(self, state: TacticaState) -> list[tuple[int, float]]:
        acts = state.legal_actions()
        return [(a, 1.0 / len(acts)) for a in acts]

