"""The rules contract every game module implements.

A module is a :class:`Rules` object (stateless, shared by every game of that module) plus its
:class:`Step` objects. A step is one named state of the sequence of play; a frame on the game's
stack is ``{"step": name, "args": {...}}`` with plain-data args. The engine asks the top frame's
step who decides; ``None`` means the step resolves by itself (``run``), otherwise the step lists
options and resolves the one chosen (``choose``). Steps push, replace and pop frames through the
:class:`~tactica.core.game.Game` they are handed, so a trigger or a reaction window is a pushed
frame and "resolve this entirely, then carry on" falls out of the stack.
"""

from __future__ import annotations

import json
import marshal
import re
from collections.abc import Callable, Iterable, Mapping
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tactica.core.decks import redeal
from tactica.core.options import Option

if TYPE_CHECKING:
    from tactica.core.board import Board
    from tactica.core.chance import Chance
    from tactica.core.game import Game

Args = dict[str, Any]


_NO_SCOPE = nullcontext()


def copy_by_shape(state: dict[str, Any], records: frozenset[str] = frozenset(),
                  flat: frozenset[str] = frozenset(),
                  custom: Mapping[str, Callable[[Any], Any]] | None = None,
                  rest: Callable[[Any], Any] | None = None) -> dict[str, Any]:
    """A copy of a game state for a module that knows its shape: ``records`` name dicts of flat
    dicts (unit records: plain values only), ``flat`` lists or dicts of plain values, ``custom``
    keys copied by the given function (each only where it holds a dict or a list; without
    ``custom``, the engine's own keys by theirs: ``with_core_copiers`` adds them to a module's,
    as a marshal round trip of the small chance dict costs more than its copy). Plain values
    at the top level are shared (immutable); every other container goes through one marshal
    round trip, or through ``rest`` one by one when given (:func:`copy_plain` for a module whose
    states are trees: no list or dict held twice, which a round trip would keep shared). The
    C-level copies of the big, simple parts, and not re-creating the top level's
    keys and numbers, are what make it faster than the round trip on the whole state (for
    ``Rules.copy_state``; ``Game.check_clones`` holds it to the round trip)."""
    custom = custom or _CORE_COPIERS
    out = state.copy()  # same key order; numbers, strings and None are shared (immutable)
    boxed: list[str] = []
    for k, v in state.items():
        t = type(v)
        if t in _PLAIN:
            continue
        if t in _CONTAINERS:
            if k in records:
                out[k] = {i: r.copy() for i, r in v.items()}
                continue
            if k in flat:
                out[k] = v.copy()
                continue
            f = custom.get(k) or rest
            if f is not None:
                out[k] = f(v)
                continue
        boxed.append(k)
    if boxed:  # the rest (the stack, the chance stream, a game's own keys) in one round trip
        for k, v in zip(boxed, marshal.loads(marshal.dumps([state[k] for k in boxed])), strict=True):
            out[k] = v
    return out


def copy_plain(v: Any) -> Any:
    """A deep copy of plain data (a dict or a list of dicts, lists and immutable values): each
    container copied at C level, then the containers in it replaced by their copies (speed: for
    the small nested parts of a state, such as the stack's frames, faster than a marshal round
    trip). A container held twice is copied twice, so the copy of a state that is not a tree
    is not shaped like the original."""
    c = v.copy()
    if type(v) is dict:
        for k, x in v.items():
            t = type(x)
            if t is dict or t is list:
                c[k] = copy_plain(x)
    else:
        for i, x in enumerate(v):
            t = type(x)
            if t is dict or t is list:
                c[i] = copy_plain(x)
    return c


def _copy_flat(v: Any) -> Any:
    return v.copy()


def _copy_chance(v: Any) -> Any:
    """The chance stream's state (core.chance): numbers and the list of forced outcomes."""
    c = v.copy()
    forced = v.get("forced")
    if forced.__class__ is list:
        c["forced"] = forced.copy()
    return c


_CORE_COPIERS: Mapping[str, Callable[[Any], Any]] = {"chance": _copy_chance, "auto_pass": _copy_flat}
"""The engine's own keys of every state (the chance stream, the seats' auto-pass flags), copied
by their known shape instead of through marshal; a module's ``custom`` copiers include them
(``with_core_copiers``)."""


def with_core_copiers(custom: Mapping[str, Callable[[Any], Any]]) -> dict[str, Callable[[Any], Any]]:
    """``custom`` copiers for :func:`copy_by_shape` plus the engine's own keys' copiers."""
    return {**_CORE_COPIERS, **custom}


_PLAIN = frozenset({int, str, float, bool, type(None)})
_CONTAINERS = (dict, list)


def is_plain_data(x: object) -> bool:
    """DESIGN's state-as-data rule, checked: dicts with string keys, lists, strings, numbers,
    booleans and None, nothing else at any depth (the fuzzers assert it of every state)."""
    stack = [x]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if not all(isinstance(k, str) for k in v):
                return False
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
        elif type(v) not in _PLAIN:
            return False
    return True


def plain_data_problem(x: object, path: str = "state") -> str | None:
    """Where ``x`` breaks the state-as-data rule, as a readable path ("state.sides[0]: a tuple"),
    or None when it keeps it; the fast check runs first, so a clean state costs one walk."""
    if is_plain_data(x):
        return None
    stack: list[tuple[str, object]] = [(path, x)]
    while stack:
        where, v = stack.pop()
        if isinstance(v, dict):
            for k, item in v.items():
                if not isinstance(k, str):
                    return f"{where}: the key {k!r} is not a string"
                stack.append((f"{where}.{k}", item))
        elif isinstance(v, list):
            stack.extend((f"{where}[{i}]", item) for i, item in enumerate(v))
        elif type(v) not in _PLAIN:
            return f"{where}: a {type(v).__name__} is not plain data"
    return None  # pragma: no cover - is_plain_data said there was a problem


class RulesError(ValueError):
    """A bad request to a rules module: unknown scenario, bad option, bad data file."""


class Step:
    """One named state of the sequence of play. Subclasses set ``name`` and override either
    ``run`` (automatic) or ``actor``/``options``/``choose`` (a decision)."""

    name: str = ""
    window: bool = False
    """A reaction window (or any decision with a do-nothing choice): its options always include
    the one with id ``pass_id``. Whether the seat is asked may depend only on :meth:`opens`
    (public facts) and on the seat's published ``auto_pass`` preference, never on its hand."""
    pass_id: str = "pass"
    opens_first: bool = False
    """Speed, for a window whose :meth:`opens` costs less than its :meth:`options` and is often
    False: the engine asks :meth:`opens` first and, when it is False, passes with
    :meth:`pass_option` without listing the options (with ``Game.check_windows`` on it lists
    them anyway, to verify that the pass was the only one)."""

    def actor(self, g: Game, a: Args) -> int | None:
        return None

    def opens(self, g: Game, a: Args) -> bool:
        """Could the rules let the actor act in this window, judged only by what the other seats
        may know (the board, how many cards a hand holds, which cards are not yet accounted for
        in public), never by the actor's hidden cards or units? False: the window passes by
        itself, which tells nobody anything. Asked when the hand allows only the pass; it must
        never be too narrow (False where the hand offers more), which ``Game.check_windows``
        verifies in the tests."""
        return True

    def pass_option(self, g: Game, a: Args) -> Option:
        """The option a closed window is passed with (:attr:`opens_first`): ``choose`` must
        treat it as the pass its ``options`` offer."""
        return Option(self.pass_id, "Pass", "pass")

    def prompt(self, g: Game, a: Args) -> str:
        return self.name

    def options(self, g: Game, a: Args) -> list[Option]:
        return []

    def choose(self, g: Game, a: Args, option: Option) -> None:
        raise NotImplementedError(f"step {self.name!r} offers options but cannot resolve them")

    def run(self, g: Game, a: Args) -> None:
        raise NotImplementedError(f"step {self.name!r} is automatic but has no run()")


@dataclass(frozen=True)
class ScenarioInfo:
    id: str
    name: str
    description: str = ""
    seats: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "description": self.description,
                "seats": list(self.seats), **dict(self.extra)}


class Rules:
    """A rules module. Subclasses fill in the identity, the steps and the hooks below."""

    id: str = ""
    name: str = ""
    version: str = "0"
    seats: tuple[str, ...] = ()
    option_defaults: Mapping[str, Any] = {}

    def __init__(self, steps: Iterable[Step] = ()) -> None:
        self.steps: dict[str, Step] = {}
        for s in steps:
            self.add_step(s)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by its id (a game pickles with its rules by reference): a rules module is code
        and fixed data shared by every game, and some of its tables hold closures."""
        from tactica.games import get_rules

        return (get_rules, (self.id,))

    def add_step(self, step: Step) -> None:
        if not step.name or step.name in self.steps:
            raise RulesError(f"step name {step.name!r} is empty or taken in {self.id}")
        self.steps[step.name] = step

    # -- to implement ---------------------------------------------------------------------------
    def scenarios(self) -> list[ScenarioInfo]:
        raise NotImplementedError

    def setup(self, g: Game, scenario: str, options: Mapping[str, Any]) -> None:
        """Fill ``g.state`` for the scenario and push the first frame."""
        raise NotImplementedError

    def view(self, g: Game, seat: int | None, everything: bool) -> dict[str, Any]:
        """What ``seat`` may know (None: a spectator); ``everything`` once the game is over."""
        raise NotImplementedError

    # -- optional hooks -------------------------------------------------------------------------
    def reading(self, g: Game) -> AbstractContextManager[Any]:
        """A scope in which ``g.state`` does not change. The engine opens it around the
        read-only part of each decision (the step's ``options``, ``opens`` and ``prompt``), so a
        module may cache what it derives from the state there (speed); the default caches
        nothing."""
        return _NO_SCOPE

    def copy_state(self, state: dict[str, Any]) -> dict[str, Any]:
        """An independent copy of a game state, for ``Game.clone``: a marshal round trip by
        default. A module that knows its state's shape may copy it faster (``Game.check_clones``
        holds the result to the round trip's in the tests)."""
        copied: dict[str, Any] = marshal.loads(marshal.dumps(state))
        return copied

    def seat_names(self, g: Game) -> tuple[str, ...]:
        return self.seats

    def describe(self, g: Game, seat: int | None) -> str:
        """A short text picture of what ``seat`` sees, for the terminal; modules override it
        (drawing only from ``self.view`` and public data, never from hidden state)."""
        text = json.dumps(self.view(g, seat, g.is_terminal()), separators=(",", ":"))
        return text if len(text) <= 1200 else text[:1200] + " …"

    def hidden_zones(self, g: Game, seat: int) -> list[list[Any]]:
        """Lists in ``g.state`` whose contents ``seat`` cannot tell apart (the other hand, unseen
        draw piles). The default resample pools and re-deals them keeping their sizes."""
        return []

    def resample(self, g: Game, seat: int, chance: Chance) -> None:
        """Redraw everything ``seat`` cannot know, consistently with what it has seen."""
        redeal(self.hidden_zones(g, seat), chance)

    def summary(self, g: Game) -> dict[str, Any]:
        """A finished game in the figures simulation reports (docs/sim.md): ``turns`` played,
        per-seat ``vp`` (None if the game scores none) and ``end``, the kind of ending without
        its numbers ("turn limit", "sudden death"). The default reads ``turn`` and a per-seat
        ``vp``/``medals`` list from the final view, and the result's reason up to its first
        comma with digits as '#'; modules override it where that is not right."""
        board = self.view(g, None, True)
        n = len(self.seats)
        turn = board.get("turn")
        vp = next((v for k in ("vp", "victory_points", "medals") if isinstance(v := board.get(k), list)
                   and len(v) == n and all(isinstance(x, (int, float)) for x in v)), None)
        reason = str((g.state["result"] or {}).get("reason", ""))
        return {"turns": turn if isinstance(turn, int) and not isinstance(turn, bool) else None,
                "vp": None if vp is None else [float(x) for x in vp],
                "end": re.sub(r"\d+", "#", reason.split(",")[0]).strip()}

    def action_ids(self) -> list[str] | None:
        """Every option id this module can offer, in the fixed order that numbers them for agent
        frameworks (docs/interop.md); later versions only append. None: the interop layer uses
        its shipped table for this module, else hashes ids."""
        return None

    # -- the browser table (docs/web.md) ------------------------------------------------------
    def board(self, g: Game) -> Board | None:
        """The fixed map this game is played on (None: the module draws no map)."""
        return None

    def drawing(self, g: Game, seat: int | None, view: Mapping[str, Any]) -> dict[str, Any]:
        """How to draw ``view`` (what ``seat`` sees): pieces, markers, tracks, hands, and what
        each option names. Plain data in the vocabulary of docs/web.md; {} for the default."""
        return {}

    def odds(self, g: Game, seat: int, option_id: str) -> dict[str, Any] | None:
        """Probabilities of the outcomes of a legal option of ``seat`` (an attack), or None."""
        return None

    def line_of_sight(self, g: Game, a: str, b: str) -> dict[str, Any] | None:
        """Whether hex ``a`` sees hex ``b`` now, as the public sees it, or None if not offered."""
        return None

    def scripted(self) -> Any:
        """The module's scripted play, for tactica.ai: an object (usually the module's
        ``scripted`` submodule) with a ``POLICY`` and optionally the search hooks ``evaluate``,
        ``turn_key``, ``branch_point`` and ``candidates``; None without one. A hook rather
        than an import by name, so tactica.ai and the game packages never import each other."""
        return None

    def scenario(self, scenario_id: str) -> ScenarioInfo:
        for s in self.scenarios():
            if s.id == scenario_id:
                return s
        known = ", ".join(s.id for s in self.scenarios())
        raise RulesError(f"{self.id} has no scenario {scenario_id!r}; known: {known}")

    def check_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and refuse unknown option names or values of the wrong type."""
        merged = dict(self.option_defaults)
        for k, v in (options or {}).items():
            if k not in self.option_defaults:
                raise RulesError(f"{self.id} has no option {k!r}; known: {', '.join(self.option_defaults)}")
            want = type(self.option_defaults[k])
            if not isinstance(v, want) or (want is int and isinstance(v, bool)):
                raise RulesError(f"option {k!r} of {self.id} must be {want.__name__}, not {v!r}")
            merged[k] = v
        return merged
