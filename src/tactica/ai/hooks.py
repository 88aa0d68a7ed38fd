"""Optional search hooks a module gives beside its POLICY (its Rules' ``scripted()`` hook).

- ``evaluate(game) -> list[float]``: per-seat value in [-1, 1] of a position, so rollouts can stop
  early instead of playing to the end. Search calls it only on its own determinized clones
  (made by ``resample_from_infostate``), so it may read ``game.state``: that state is a sample
  consistent with the searching seat's knowledge, not the real hidden future.
- ``turn_key(game) -> int``: a number that grows by one each player turn; rollouts stop after a
  number of turns rather than a number of decisions (turns differ a lot in length).
- ``branch_point(game) -> bool``: whether the decision now is one search branches on (a macro
  decision, such as which order to give). Between branch points the module's policy plays the
  decisions that carry the order out (which unit moves where, every reaction window), both in
  the tree and at the table, so the tree spends its budget on the choices that shape the game.
  Without it, every decision with more than one option is a branch point.
- ``candidates(game) -> list[Option]``: the options search weighs at a branch point, when some
  legal ones are moves its short look-ahead cannot judge (an empty list means all of them).
- ``SEARCH_SETTINGS: dict[str, Any]``: fields of ``tactica.ai.levels.SearchLevel`` the module
  sets for its game at every level (how sure the root must be to overrule the policy, how it
  spends its rounds), measured against its policy; the other modules' search stays as it is.

Without them, rollouts run to the end of the game (or a decision cap) and score 0 when cut.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tactica.ai.levels import SearchLevel
from tactica.ai.policy import scripted_module
from tactica.core.game import Game
from tactica.core.options import Option

Evaluator = Callable[[Game], list[float]]
TurnKey = Callable[[Game], int]
BranchPoint = Callable[[Game], bool]
Candidates = Callable[[Game], "list[Option]"]


def neutral(game: Game) -> list[float]:
    """The final returns if the game is over, else no opinion (0 for every seat)."""
    return game.returns() if game.is_terminal() else [0.0] * game.num_players()


def _hook(module_id: str, name: str) -> Any:
    """``name`` from what the module's Rules ``scripted()`` hook returns, or None."""
    mod = scripted_module(module_id)
    return getattr(mod, name, None) if mod is not None else None


def evaluator_for(module_id: str) -> Evaluator:
    ev: Evaluator | None = _hook(module_id, "evaluate")
    return ev if ev is not None else neutral


def turn_key_for(module_id: str) -> TurnKey | None:
    tk: TurnKey | None = _hook(module_id, "turn_key")
    return tk


def branch_point_for(module_id: str) -> BranchPoint | None:
    bp: BranchPoint | None = _hook(module_id, "branch_point")
    return bp


def candidates_for(module_id: str) -> Candidates | None:
    c: Candidates | None = _hook(module_id, "candidates")
    return c


def search_settings_for(module_id: str) -> dict[str, Any]:
    """The module's own search parameters (``SEARCH_SETTINGS``), checked against SearchLevel."""
    settings: dict[str, Any] = dict(_hook(module_id, "SEARCH_SETTINGS") or {})
    unknown = set(settings) - (set(SearchLevel.__dataclass_fields__) - {"name", "label"})
    if unknown:
        raise ValueError(f"{module_id}: SEARCH_SETTINGS names no search parameter: {sorted(unknown)}")
    return settings
